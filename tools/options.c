/* options.c - the one parser of the command line's options; see
 * options.h. */
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 when arg is an option (or a misspelt one): a dash followed by more
 * text. A lone "-" is an operand, the file named -. */
static int looks_like_option(const char *arg)
{
    return arg[0] == '-' && arg[1] != '\0';
}

/* 1 when arg is "--", the end of the options. */
static int ends_options(const char *arg)
{
    return strcmp(arg, "--") == 0;
}

/* 1 when arg asks for help. */
static int is_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

/* The length of the name in arg: all of it, or what comes before '='. */
static size_t name_length(const char *arg)
{
    return strcspn(arg, "=");
}

/* The entry of t whose name is the first len characters of arg, or NULL. */
static const option_spec *find_spec(const option_table *t, const char *arg,
                                    size_t len)
{
    int i;
    for (i = 0; i < t->n; i++)
        if (strlen(t->spec[i].name) == len &&
            strncmp(t->spec[i].name, arg, len) == 0)
            return &t->spec[i];
    return NULL;
}

/* Writes "MSG ARG" into err; returns COLLIDE_E_USAGE. */
static collide_status refuse(char *err, size_t len, const char *msg,
                             const char *arg)
{
    snprintf(err, len, "%s%s", msg, arg);
    return COLLIDE_E_USAGE;
}

/* Stores value as the value of option s in v, refusing a second value of
 * an option that is not repeatable. */
static collide_status store(option_values *v, const option_spec *s,
                            const char *value, char *err, size_t len)
{
    if (s->slot < 0 || s->slot >= OPTION_SLOTS)
        return refuse(err, len, "no slot for option ", s->name);
    if (v->value[s->slot] && !s->repeatable) {
        snprintf(err, len, "%s given twice", s->name);
        return COLLIDE_E_USAGE;
    }
    v->value[s->slot] = value;
    v->name[s->slot] = s->name;
    return COLLIDE_OK;
}

/* Reads the option argv[*i] (and its value, the next argument unless it
 * is given after '='), advancing *i past what it used. */
static collide_status read_option(int argc, char **argv, int *i,
                                  const option_table *t, option_values *v,
                                  char *err, size_t len)
{
    const char *arg = argv[*i];
    size_t n = name_length(arg);
    const option_spec *s = find_spec(t, arg, n);
    const char *value;
    if (!s)
        return refuse(err, len, "unknown option ", arg);
    if (!s->takes_value && arg[n] == '=') {
        snprintf(err, len, "%s takes no value: %s", s->name, arg);
        return COLLIDE_E_USAGE;
    }
    if (!s->takes_value)
        value = "";
    else if (arg[n] == '=')
        value = arg + n + 1;
    else if (*i + 1 >= argc)
        return refuse(err, len, "missing value after ", arg);
    else
        value = argv[++*i];
    return store(v, s, value, err, len);
}

/* Parses argv against t: options into their slots, the rest (and all
 * after "--") into the operands; see options.h. */
collide_status option_parse(int argc, char **argv, const option_table *t,
                            option_values *v, char *err, size_t len)
{
    int i, options = 1;
    collide_status st;
    memset(v, 0, sizeof *v);
    v->operand = malloc(((size_t)argc + 1) * sizeof *v->operand);
    if (!v->operand)
        return COLLIDE_E_MEMORY;
    for (i = 0; i < argc; i++) {
        if (options && ends_options(argv[i]))
            options = 0;
        else if (options && looks_like_option(argv[i])) {
            st = read_option(argc, argv, &i, t, v, err, len);
            if (st != COLLIDE_OK)
                return st;
        } else
            v->operand[v->noperands++] = argv[i];
    }
    return COLLIDE_OK;
}

/* Releases the operands of v. */
void option_free(option_values *v)
{
    free(v->operand);
    v->operand = NULL;
    v->noperands = 0;
}

/* 1 when --help or -h comes before the end of the options. */
int option_wants_help(int argc, char **argv)
{
    int i;
    for (i = 0; i < argc && !ends_options(argv[i]); i++)
        if (is_help(argv[i]))
            return 1;
    return 0;
}

/* 1 when the option of slot was given. */
int option_given(const option_values *v, int slot)
{
    return v->value[slot] != NULL;
}

/* 1: the messages below are not written (option_set_quiet). */
static int quiet;

void option_set_quiet(int q)
{
    quiet = q;
}

int option_usage_error(const char *cmd, const char *msg, const char *arg)
{
    if (quiet)
        return COLLIDE_E_USAGE;
    fprintf(stderr, "collide%s%s: %s%s\n", cmd[0] ? " " : "", cmd, msg, arg);
    fprintf(stderr, "see collide %s%s--help\n", cmd, cmd[0] ? " " : "");
    return COLLIDE_E_USAGE;
}

int option_parse_command(const char *cmd, int argc, char **argv,
                         const option_table *t, option_values *v)
{
    char err[1024];
    collide_status st = option_parse(argc, argv, t, v, err, sizeof err);
    if (st == COLLIDE_E_USAGE)
        return option_usage_error(cmd, err, "");
    if (st == COLLIDE_E_MEMORY && !quiet)
        fprintf(stderr, "collide %s: out of memory\n", cmd);
    return st;
}

int option_number(const char *cmd, const char *opt, const char *text,
                  const collide_aux_range *r, double *v)
{
    char msg[512];
    if (collide_aux_number_read(opt, text, r, v, msg, sizeof msg) == COLLIDE_OK)
        return 1;
    if (!quiet)
        fprintf(stderr, "collide %s: %s\n", cmd, msg);
    return 0;
}

const char option_outside_domain[] = "--outside-proved-domain";
const char option_outside_domain_help[] =
    "run on outside the domain of the proofs (outside_proved_domain = 1)";
