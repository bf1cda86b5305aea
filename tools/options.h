/* options.h - the one parser of the command line's options, shared by
 * every command. A command describes its options in a static table (the
 * long name, whether it takes a value, the slot its value goes to, whether
 * it may be given more than once); option_parse reads the arguments after
 * the command against that table and returns the operands (the other
 * arguments, in order) and the value of each slot.
 *
 * The syntax: `--name value` or `--name=value` for an option taking a
 * value (the next argument is its value whatever it looks like); `--name`
 * for a flag, which refuses `--name=value`; `--` ends the options (every
 * argument after it is an operand); a lone `-` is an operand (the file
 * named -). An option given twice is a usage error unless its entry is
 * repeatable, and then the last value counts. Numbers given as values are
 * read afterwards by the command, with number.h. */
#ifndef COLLIDE_OPTIONS_H
#define COLLIDE_OPTIONS_H

#include <stddef.h>

#include "collide.h"
#include "collide_aux.h"

/* The number of slots of a parse: the largest slot of a table plus one
 * must not exceed it. */
enum { OPTION_SLOTS = 16 };

/* One option of a command. */
typedef struct option_spec {
    const char *name;   /* "--csv", as typed */
    int takes_value;    /* 1: --name VALUE or --name=VALUE; 0: a flag */
    int slot;           /* where its value goes, in [0, OPTION_SLOTS) */
    int repeatable;     /* 1: may be given again, the last value counts */
    const char *help;   /* a one-line description, or NULL */
} option_spec;

/* The table of a command's options: n entries. */
typedef struct option_table {
    const option_spec *spec;
    int n;
} option_table;

/* What option_parse found. value[slot] is the value of the option of
 * that slot (for a flag ""), or NULL when it was not given; name[slot] is
 * the option that gave it. operand holds the noperands operands in order
 * (the strings of argv); release it with option_free. */
typedef struct option_values {
    const char *value[OPTION_SLOTS];
    const char *name[OPTION_SLOTS];
    const char **operand;
    int noperands;
} option_values;

/* The one definition of --outside-proved-domain (run, sweep): its name
 * and its help line. It has the effect of outside_proved_domain = 1 in
 * the scenario (collide_scenario_load_outside). */
extern const char option_outside_domain[];
extern const char option_outside_domain_help[];

/* Parses the argc arguments argv against table t into v. Returns
 * COLLIDE_OK, COLLIDE_E_USAGE with the reason in err ("unknown option
 * --frob", "missing value after --csv", "--csv given twice", "--quiet
 * takes no value: --quiet=1"; the caller prefixes the command), or
 * COLLIDE_E_MEMORY. v needs option_free in every case. */
collide_status option_parse(int argc, char **argv, const option_table *t,
                            option_values *v, char *err, size_t len);

/* Releases what option_parse allocated in v. */
void option_free(option_values *v);

/* 1 when an argument before `--` asks for help (--help or -h). */
int option_wants_help(int argc, char **argv);

/* 1 when the option of slot was given. */
int option_given(const option_values *v, int slot);

/* 1: the three functions below write nothing, their results unchanged
 * (every rank of a sweep over MPI ranks but the first, which tells the
 * messages all would tell alike); 0 (the start): they write. */
void option_set_quiet(int quiet);

/* Writes the usage error "collide CMD: MSGARG" and the pointer to --help
 * on stderr; returns COLLIDE_E_USAGE. */
int option_usage_error(const char *cmd, const char *msg, const char *arg);

/* option_parse for command cmd: a usage error naming the command on
 * stderr otherwise. v needs option_free in every case. */
int option_parse_command(const char *cmd, int argc, char **argv,
                         const option_table *t, option_values *v);

/* The value of numeric option opt of command cmd: text read by the one
 * number reader (collide_aux_number_read, the syntax of scenario files)
 * within r. Returns
 * 1 with *v set, or 0 after one line on stderr naming the command, the
 * option, the text and the allowed range. */
int option_number(const char *cmd, const char *opt, const char *text,
                  const collide_aux_range *r, double *v);

#endif
