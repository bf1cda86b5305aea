/* main.c - the collide command: run, show and list scenarios; compare
 * results (its exit status is that of compare.h).
 * Exit status: 0 success, 2 usage error, 3 bad scenario or parameter,
 * 4 output error, the status of the run when it fails (common.h). */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit.h"
#include "common.h"
#include "compare.h"
#include "interrupt.h"
#include "mp_cli.h"
#include "mp_sim.h"
#include "mp_tape.h"
#include "number.h"
#include "options.h"
#include "output.h"
#include "plot.h"
#include "scenario.h"
#include "builtin.h"
#include "impact.h"
#include "status.h"
#include "sweep.h"

static const char usage_main[] =
    "usage: collide COMMAND [ARGS]\n"
    "\n"
    "Repeated binary collinear impacts under incremental contact laws:\n"
    "the hybrid systems H_r and H_f of Section IV.\n"
    "\n"
    "commands:\n"
    "  run SCENARIO   simulate a scenario; print collisions, energy ledger\n"
    "  show SCENARIO  print a scenario's decimal texts and derived quantities\n"
    "  list           list the built-in scenarios\n"
    "  plot SCENARIO  draw the figures of a run with gnuplot\n"
    "  compare A B    significant correct digits of results A against B\n"
    "  audit TRAJ     check another implementation's trajectory\n"
    "  sweep GRID     run a scenario over a grid of parameters (CSV)\n"
    "  merge PART...  join the part files of collide sweep --shard\n"
    "\n"
    "SCENARIO is a built-in name (see collide list) or a scenario file;\n"
    "a path containing '/' is always a file.\n"
    "collide COMMAND --help describes each command; collide --version.\n"
    "compare and audit have exit statuses of their own (their --help).\n"
    "\n";

static const char usage_run[] =
    "usage: collide run SCENARIO [--csv DIR] [--rtol X] [--atol X]\n"
    "                   [--h-max X] [--samples N] [--at T1,T2,...] [--quiet]\n"
    "       collide run SCENARIO --precision BITS [--digits D] [--check]\n"
    "                   [--csv DIR] [--samples N] [--quiet]\n"
    "\n"
    "Simulates SCENARIO over [0, T] and prints the observables of each\n"
    "collision (Eqs. 193-204), the final contact if one lasts to T, the\n"
    "energy ledger of Eq. (24) and the run statistics.\n"
    "\n"
    "  --csv DIR    write collisions.csv, events.csv, ledger.csv and\n"
    "               samples.csv into DIR (created if needed), all or none\n"
    "  --rtol X     relative tolerance, rtol in [1e-15, 1)\n"
    "  --atol X     absolute tolerance, atol in (0, inf)\n"
    "  --h-max X    upper bound of the step size, h_max in (0, inf]\n"
    "  --samples N  samples on a uniform grid of [0, T], N in [0, 1e8]\n"
    "  --at LIST    further samples at the comma-separated times, in [0, T]\n"
    "  --quiet      print nothing on success\n"
    "  --precision BITS  run in MPFR at BITS bits, BITS in [53, 16384]: a\n"
    "               Taylor method of order growing with the precision\n"
    "               (spec/high_precision.md); values written as decimal text\n"
    "  --digits D   (with --precision) significant digits asked for: the\n"
    "               digits written and the threshold of --check, D in\n"
    "               [1, BITS log10(2) - 8], an integer; default BITS log10(2) - 14\n"
    "  --check      (with --precision) rerun at BITS + 64 bits and a 1e-19\n"
    "               tighter tolerance, print the significant correct digits\n"
    "               of every column, write DIR/<table>.scd.csv beside each\n"
    "               table, and fail (status 11) when a value has fewer than D\n"
    "  --help       this text\n"
    "\n"
    "A failed run prints its diagnosis to stderr, writes no file and exits\n"
    "with the status of the run.\n"
    "\n";

static const char usage_show[] =
    "usage: collide show SCENARIO\n"
    "\n"
    "Prints the entries of SCENARIO as decimal text, in the scenario file\n"
    "format, followed (as comments) by the derived quantities with the\n"
    "equations that define them and the settings of the run.\n";

static const char usage_list[] =
    "usage: collide list\n"
    "\n"
    "Lists the built-in scenarios with a one-line description.\n";

static const char usage_compare[] =
    "usage: collide compare A B [--digits D] [--scd-csv OUT]\n"
    "\n"
    "Significant correct digits scd = -log10(|a - b| / |b|) of the results A\n"
    "against the reference B, computed with MPFR from the decimal texts.\n"
    "A and B are two directories written by collide run --csv (every table\n"
    "in both is compared) or two CSV files. Rows are matched by key (scope;\n"
    "j, transition; i; j, t), else by position; a row of one side only is a\n"
    "difference (exit 1). Columns are matched by name. One line per column:\n"
    "  table column min_scd median_scd worst_row   (numeric columns)\n"
    "  table column equal | mismatch ...           (integer, text columns)\n"
    "then compare: N columns, worst scd X (table.column row R).\n"
    "\n"
    "  --digits D     exit 1 when a numeric column has a scd under D or an\n"
    "                 integer or text column differs\n"
    "  --scd-csv OUT  (two CSV files) write each cell's scd to OUT\n"
    "  --help         this text\n"
    "\n"
    "scd is inf where the values agree; where b = 0 it is -log10|a - b|;\n"
    "nan agrees with nan, and has 0 digits against a number.\n"
    "\n";

/* 1 when a is --help or -h. */
static int is_help(const char *a)
{
    return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

/* Writes the usage error "collide CMD: MSGARG" and the pointer to --help;
 * returns the usage status. */
static int usage_error(const char *cmd, const char *msg, const char *arg)
{
    fprintf(stderr, "collide%s%s: %s%s\n", cmd[0] ? " " : "", cmd, msg, arg);
    fprintf(stderr, "see collide %s%s--help\n", cmd, cmd[0] ? " " : "");
    return COLLIDE_E_USAGE;
}

/* Parses the arguments of command cmd against its options t into v
 * (options.h); a usage error naming the command otherwise. v needs
 * option_free in every case. */
static int parse_options(const char *cmd, int argc, char **argv,
                         const option_table *t, option_values *v)
{
    char err[1024];
    collide_status st = option_parse(argc, argv, t, v, err, sizeof err);
    if (st == COLLIDE_E_USAGE)
        return usage_error(cmd, err, "");
    if (st == COLLIDE_E_MEMORY)
        fprintf(stderr, "collide %s: out of memory\n", cmd);
    return st;
}

/* The value of numeric option opt of command cmd: text read by the one
 * number reader (number.h, the syntax of scenario files) within r. Returns
 * 1 with *v set, or 0 after one line on stderr naming the command, the
 * option, the text and the allowed range. */
static int option_number(const char *cmd, const char *opt, const char *text,
                         const number_range *r, double *v)
{
    char range[160], msg[512];
    number_status st = number_read(text, r, v);
    if (st == NUMBER_OK)
        return 1;
    number_range_text(r, range, sizeof range);
    number_message(opt, text, st, range, msg, sizeof msg);
    fprintf(stderr, "collide %s: %s\n", cmd, msg);
    return 0;
}

/* ---- compare ---- */

/* The threshold of compare --digits: a decimal number of digits. */
static const number_range compare_digits = {"D", 0, HUGE_VAL, 1, 0, 0};

/* The options of compare, by slot. */
enum { COMPARE_DIGITS, COMPARE_SCD_CSV };
static const option_spec compare_specs[] = {
    {"--digits", 1, COMPARE_DIGITS, 0, "the least scd of a numeric column"},
    {"--scd-csv", 1, COMPARE_SCD_CSV, 0, "the file of each cell's scd"},
};
static const option_table compare_table = {
    compare_specs, (int)(sizeof compare_specs / sizeof compare_specs[0])};

/* A and B of compare from its operands; a usage error unless there are
 * exactly two. */
static int compare_operands(const option_values *v, compare_options *o)
{
    if (v->noperands > 2)
        return usage_error("compare", "more than two result sets: ",
                           v->operand[2]);
    if (v->noperands < 2)
        return usage_error("compare", v->noperands ? "missing B" :
                           "missing A and B", "");
    o->a = v->operand[0];
    o->b = v->operand[1];
    return COLLIDE_OK;
}

/* Reads the arguments of compare into o; a usage error, or
 * COMPARE_E_INPUT for a bad --digits, otherwise. */
static int parse_compare_args(int argc, char **argv, compare_options *o)
{
    option_values v;
    int st = parse_options("compare", argc, argv, &compare_table, &v);
    memset(o, 0, sizeof *o);
    o->digits = NAN;
    if (st == COLLIDE_OK)
        st = compare_operands(&v, o);
    o->scd_csv = v.value[COMPARE_SCD_CSV];
    if (st == COLLIDE_OK && v.value[COMPARE_DIGITS] &&
        !option_number("compare", "--digits", v.value[COMPARE_DIGITS],
                       &compare_digits, &o->digits))
        st = COMPARE_E_INPUT;
    option_free(&v);
    return st;
}

/* collide compare A B [--digits D] [--scd-csv OUT]: see compare.h. */
static const char usage_audit[] =
    "usage: collide audit TRAJ.csv --scenario SCENARIO [--against REF]\n"
    "                     [--tol X] [--set-tol X] [--defects FILE]\n"
    "                     [--observables FILE] [--segment]\n"
    "\n"
    "Checks a trajectory (the format of trajectory.csv: t, j, q, the state,\n"
    "F_e1, F_e2; two rows at each jump) against the hybrid system of\n"
    "SCENARIO: each row against the flow of Eqs. (74), (81) integrated from\n"
    "the row before in its flow interval; the hybrid time domain and the\n"
    "structure (j counts the jumps, q changes only there); every row in the\n"
    "flow set C, every jump from the jump set D with the reset of Eqs.\n"
    "(75), (82); the energy ledger of Eq. (24) per flow interval and per\n"
    "jump within its quadrature error; the per-collision observables.\n"
    "\n"
    "  --scenario S       the scenario (law, parameters, masses, input)\n"
    "  --against REF      compare the observables with REF's collisions.csv\n"
    "                     (a file or a directory of collide run --csv)\n"
    "  --tol X            largest defect of the flow check, relative to each\n"
    "                     component's range over its interval, X in (0, 1);\n"
    "                     default 1e-6\n"
    "  --set-tol X        relative tolerance of the set, reset and jump\n"
    "                     checks, X in (0, 1); default 1e-8\n"
    "  --defects FILE     write the flow defects of every row (row, t, j,\n"
    "                     interval, one column per component) to FILE\n"
    "  --observables F    write the recomputed observables to F\n"
    "  --segment          the rows are a part of a run: their first row is\n"
    "                     not held to t = 0, j = 0 and the scenario's\n"
    "                     initial state\n"
    "\n";

/* The relative tolerances of audit --tol and --set-tol. */
static const number_range audit_tol = {"X", 0, 1, 0, 0, 0};

/* The options of audit, by slot. */
enum { AUDIT_SCENARIO, AUDIT_AGAINST, AUDIT_TOL, AUDIT_SET_TOL, AUDIT_DEFECTS,
       AUDIT_OBSERVABLES, AUDIT_SEGMENT };
static const option_spec audit_specs[] = {
    {"--scenario", 1, AUDIT_SCENARIO, 0, "the scenario of the trajectory"},
    {"--against", 1, AUDIT_AGAINST, 0, "the collisions to compare with"},
    {"--tol", 1, AUDIT_TOL, 0, "the largest defect of the flow check"},
    {"--set-tol", 1, AUDIT_SET_TOL, 0, "the tolerance of the set checks"},
    {"--defects", 1, AUDIT_DEFECTS, 0, "the file of the flow defects"},
    {"--observables", 1, AUDIT_OBSERVABLES, 0, "the file of the observables"},
    {"--segment", 0, AUDIT_SEGMENT, 0, "the rows are a part of a run"},
};
static const option_table audit_table = {
    audit_specs, (int)(sizeof audit_specs / sizeof audit_specs[0])};

/* The value of the tolerance option of slot into *x when it was given;
 * 0 after a message when it is not a number of audit_tol. */
static int audit_tolerance(const option_values *v, int slot, double *x)
{
    return !v->value[slot] ||
           option_number("audit", v->name[slot], v->value[slot], &audit_tol, x);
}

/* The options of audit from v into o: a usage error for a second TRAJ or
 * a missing TRAJ or --scenario, AUDIT_E_INPUT for a bad tolerance. */
static int audit_args(const option_values *v, audit_options *o)
{
    memset(o, 0, sizeof *o);
    o->tol = 1e-6;
    o->set_tol = 1e-8;
    if (v->noperands > 1)
        return usage_error("audit", "more than one TRAJ: ", v->operand[1]);
    o->trajectory = v->noperands ? v->operand[0] : NULL;
    o->scenario = v->value[AUDIT_SCENARIO];
    o->against = v->value[AUDIT_AGAINST];
    o->defects = v->value[AUDIT_DEFECTS];
    o->observables = v->value[AUDIT_OBSERVABLES];
    o->segment = option_given(v, AUDIT_SEGMENT);
    if (!o->trajectory || !o->scenario)
        return usage_error("audit", o->trajectory ? "missing --scenario" :
                           "missing TRAJ", "");
    if (!audit_tolerance(v, AUDIT_TOL, &o->tol) ||
        !audit_tolerance(v, AUDIT_SET_TOL, &o->set_tol))
        return AUDIT_E_INPUT;
    return COLLIDE_OK;
}

/* collide audit: the options, then audit_run. */
static int cmd_audit(int argc, char **argv)
{
    audit_options o;
    option_values v;
    int st;
    if (option_wants_help(argc, argv)) {
        fputs(usage_audit, stdout);
        status_print(stdout, &status_audit);
        return COLLIDE_OK;
    }
    st = parse_options("audit", argc, argv, &audit_table, &v);
    if (st == COLLIDE_E_MEMORY)   /* audit's status for it, as audit_run's */
        st = AUDIT_E_INPUT;
    if (st == COLLIDE_OK)
        st = audit_args(&v, &o);
    option_free(&v);
    if (st != COLLIDE_OK)
        return st;
    return audit_run(&o, stdout, stderr);
}

static int cmd_compare(int argc, char **argv)
{
    compare_options o;
    int st;
    if (option_wants_help(argc, argv)) {
        fputs(usage_compare, stdout);
        status_print(stdout, &status_compare);
        return COLLIDE_OK;
    }
    st = parse_compare_args(argc, argv, &o);
    if (st != COLLIDE_OK)
        return st;
    return compare_results(&o, stdout, stderr);
}

/* ---- list ---- */

/* The options of list and show: none (an option is unknown). */
static const option_table no_options = {NULL, 0};

/* collide list: the built-in scenarios, one a line. */
static int cmd_list(int argc, char **argv)
{
    const char *const *names = scenario_builtin_names();
    option_values v;
    int i, st;
    if (option_wants_help(argc, argv)) {
        fputs(usage_list, stdout);
        return COLLIDE_OK;
    }
    st = parse_options("list", argc, argv, &no_options, &v);
    if (st == COLLIDE_OK && v.noperands > 0)
        st = usage_error("list", "unexpected argument ", v.operand[0]);
    option_free(&v);
    if (st != COLLIDE_OK)
        return st;
    for (i = 0; names[i]; i++)
        printf("%-16s %s\n", names[i], scenario_builtin_description(names[i]));
    return COLLIDE_OK;
}

/* ---- show ---- */

static void show_entries(const scenario *s)
{
    int i;
    for (i = 0; i < s->n; i++) {
        const scenario_entry *e = &s->entry[i];
        char line[SCENARIO_KEY_MAX + SCENARIO_TEXT_MAX + 4];
        snprintf(line, sizeof line, "%s = %s", e->key, e->text);
        if (e->line > 0)
            printf("%-28s # line %d\n", line, e->line);
        else
            printf("%-28s # default\n", line);
    }
}

static void show_derived(const scenario *s)
{
    scenario_quantity q[32];
    int i, n = scenario_quantities(s, q, 32);
    char line[96];
    printf("#\n# derived quantities\n");
    for (i = 0; i < n; i++) {
        snprintf(line, sizeof line, "%s = %.17g %s", q[i].name, q[i].value,
                 q[i].unit);
        printf("#   %-40s %s\n", line, q[i].equation);
    }
}

/* "#   key = text" as given, or the value of the default. */
static void show_setting(const scenario *s, const char *key, double v)
{
    const scenario_entry *e = scenario_find(s, key);
    if (e)
        printf("#   %s = %s\n", key, e->text);
    else
        printf("#   %s = %.17g (default)\n", key, v);
}

static void show_run(const scenario *s)
{
    const sim_options *o = &s->opt;
    printf("#\n# run settings\n");
    show_setting(s, "T", s->model.T);
    show_setting(s, "rtol", o->engine.rtol);
    show_setting(s, "atol", o->engine.atol);
    show_setting(s, "h_max", o->engine.h_max);
    show_setting(s, "t_tol", o->engine.t_tol);
    show_setting(s, "graze_tol", o->engine.graze_tol);
    show_setting(s, "zeno_events", o->engine.zeno_events);
    show_setting(s, "zeno_window", o->engine.zeno_window);
    show_setting(s, "samples", o->n_samples);
    show_setting(s, "max_steps", (double)o->engine.max_steps);
}

/* collide show SCENARIO: its entries, derived quantities and settings. */
static int cmd_show(int argc, char **argv)
{
    scenario s;
    char err[1024];
    const char *name = NULL;
    option_values v;
    int st;
    if (option_wants_help(argc, argv)) {
        fputs(usage_show, stdout);
        return COLLIDE_OK;
    }
    st = parse_options("show", argc, argv, &no_options, &v);
    if (st == COLLIDE_OK && v.noperands != 1)
        st = usage_error("show", v.noperands ? "too many arguments" :
                         "missing SCENARIO", "");
    if (st == COLLIDE_OK)
        name = v.operand[0];
    option_free(&v);
    if (st != COLLIDE_OK)
        return st;
    st = scenario_load(name, &s, err, sizeof err);
    if (st != COLLIDE_OK) {
        fprintf(stderr, "%s\n", err);
        return st;
    }
    printf("# %s\n# law %s: %s, %s\n", s.source, s.model.law->name,
           s.model.law->title, s.model.law->equations);
    show_entries(&s);
    show_derived(&s);
    show_run(&s);
    return COLLIDE_OK;
}

/* ---- run ---- */

typedef struct run_args {
    const char *scenario;
    const char *csv;
    const char *key[4];    /* run settings from the command line */
    const char *option[4]; /* ... the options that gave them */
    const char *value[4];
    int nset;
    int quiet;
    const char *at;        /* --at LIST: sample times */
    const char *precision; /* --precision BITS: the MPFR mode */
    const char *digits;    /* --digits D */
    int check;             /* --check */
} run_args;

#define SAMPLE_AT_MAX 10000   /* within one argument's limit (128 KiB) */

/* Parses the comma-separated sample times of --at into times: each item
 * (the text between commas, so that "0.05," has an empty last item) a
 * number in [0, T] read by option_number; returns the count, or -1 after
 * a message (-2 when out of memory). */
static int parse_sample_times(const char *list, double T, double *times)
{
    number_range r = {"t", 0, 0, 1, 1, 0};
    size_t len = strlen(list);
    char *copy = malloc(len + 1), *p;
    int n = 0;
    r.hi = T;
    if (!copy)
        return -2;
    memcpy(copy, list, len + 1);
    for (p = copy;; n++) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (n >= SAMPLE_AT_MAX) {
            fprintf(stderr, "collide run: --at: more than %d sample times\n",
                    SAMPLE_AT_MAX);
            n = -1;
            break;
        }
        if (!option_number("run", "--at: t", p, &r, &times[n])) {
            n = -1;
            break;
        }
        if (!comma) {
            n++;
            break;
        }
        p = comma + 1;
    }
    free(copy);
    return n;
}

/* The options of run, by slot. The settings of the run (--rtol, --atol,
 * --h-max, --samples) may be repeated, the last counting, as a
 * scenario's own run settings. */
enum { RUN_CSV, RUN_RTOL, RUN_ATOL, RUN_H_MAX, RUN_SAMPLES, RUN_AT,
       RUN_PRECISION, RUN_DIGITS, RUN_QUIET, RUN_CHECK };
static const option_spec run_specs[] = {
    {"--csv", 1, RUN_CSV, 0, "the directory of the tables"},
    {"--rtol", 1, RUN_RTOL, 1, "relative tolerance"},
    {"--atol", 1, RUN_ATOL, 1, "absolute tolerance"},
    {"--h-max", 1, RUN_H_MAX, 1, "upper bound of the step size"},
    {"--samples", 1, RUN_SAMPLES, 1, "samples on a uniform grid"},
    {"--at", 1, RUN_AT, 0, "further sample times"},
    {"--precision", 1, RUN_PRECISION, 0, "the MPFR mode at BITS bits"},
    {"--digits", 1, RUN_DIGITS, 0, "significant digits asked for"},
    {"--quiet", 0, RUN_QUIET, 0, "print nothing on success"},
    {"--check", 0, RUN_CHECK, 0, "rerun at more bits and compare"},
};
static const option_table run_table = {
    run_specs, (int)(sizeof run_specs / sizeof run_specs[0])};

/* The scenario key of each setting option of run, by slot. */
static const struct run_setting {
    int slot;
    const char *key;
} run_settings[] = {
    {RUN_RTOL, "rtol"},
    {RUN_ATOL, "atol"},
    {RUN_H_MAX, "h_max"},
    {RUN_SAMPLES, "samples"},
};

/* The settings of the run given in v, into a->key, a->option, a->value. */
static void run_setting_values(const option_values *v, run_args *a)
{
    size_t i;
    for (i = 0; i < sizeof run_settings / sizeof run_settings[0]; i++) {
        int slot = run_settings[i].slot;
        if (!v->value[slot])
            continue;
        a->key[a->nset] = run_settings[i].key;
        a->option[a->nset] = v->name[slot];
        a->value[a->nset] = v->value[slot];
        a->nset++;
    }
}

/* The arguments of run from v into a: a usage error for a missing or a
 * second SCENARIO, or an empty --csv. */
static int run_values(const option_values *v, run_args *a)
{
    if (v->noperands > 1)
        return usage_error("run", "more than one SCENARIO: ", v->operand[1]);
    if (v->noperands == 0)
        return usage_error("run", "missing SCENARIO", "");
    a->scenario = v->operand[0];
    a->csv = v->value[RUN_CSV];
    a->at = v->value[RUN_AT];
    a->precision = v->value[RUN_PRECISION];
    a->digits = v->value[RUN_DIGITS];
    a->quiet = option_given(v, RUN_QUIET);
    a->check = option_given(v, RUN_CHECK);
    run_setting_values(v, a);
    if (a->csv && !a->csv[0])
        return usage_error("run", "--csv needs a directory name, not an "
                           "empty one", "");
    return COLLIDE_OK;
}

/* Reads the arguments of run into a; a usage error otherwise. */
static int parse_run_args(int argc, char **argv, run_args *a)
{
    option_values v;
    int st = parse_options("run", argc, argv, &run_table, &v);
    memset(a, 0, sizeof *a);
    if (st == COLLIDE_OK)
        st = run_values(&v, a);
    option_free(&v);
    return st;
}

static collide_status apply_options(scenario *s, const run_args *a)
{
    char err[1024], origin[64];
    collide_status st;
    int i;
    for (i = 0; i < a->nset; i++) {
        snprintf(origin, sizeof origin, "collide run: %s", a->option[i]);
        st = scenario_set_run_option(s, a->key[i], a->value[i], origin, err,
                                     sizeof err);
        if (st != COLLIDE_OK) {
            fprintf(stderr, "%s\n", err);
            return st;
        }
    }
    return COLLIDE_OK;
}

static void print_collision_header(void)
{
    printf("%4s %11s %10s %10s %11s %8s %11s %11s %10s %11s %10s %10s\n",
           "i", "t_e [ms]", "t_d [ms]", "t_f [ms]", "v_i [m/s]", "e",
           "xc_max [um]", "Fc_max [N]", "xc_r [um]", "W [J]", "Lambda",
           "ledger");
}

/* The last column is the residual of Eq. (24) over the collision divided
 * by the scale of the run's ledger. */
static void print_collision(const collision_rec *c, double scale)
{
    printf("%4d %11.5f %10.5f %10.5f %11.4e %8.5f %11.5g %11.5g %10.4g "
           "%11.4e %10.3e %10.2e\n", c->i, 1e3 * c->t_e, 1e3 * c->t_d,
           1e3 * c->t_f, c->v_i, c->e, 1e6 * c->xc_max, c->Fc_max,
           1e6 * c->xc_r, c->W, c->Lambda,
           scale > 0 ? c->residual / scale : c->residual);
}

static void print_final_contact(const collision_rec *c, double T)
{
    printf("\nfinal contact, from t_e = %.5f ms to T = %.5f ms (not a "
           "collision):\n", 1e3 * c->t_e, 1e3 * T);
    printf("  v_i = %.4e m/s, xc_max = %.5g um, Fc_max = %.5g N, "
           "xc(T) = %.5g um,\n  W = %.4e J, J_Fc = %.4e N s, J_Fe = %.4e N s, "
           "Lambda = %.3e\n", c->v_i, 1e6 * c->xc_max, c->Fc_max,
           1e6 * c->xc_r, c->W, c->J_Fc, c->J_Fe, c->Lambda);
}

static void print_ledger(const ledger_rec *l)
{
    printf("\nenergy ledger, Eq. (24): V(T) - V(0) + Delta_C + Delta_D = I_s\n");
    printf("  V(0)      = %.17g J\n  V(T)      = %.17g J\n", l->V0, l->VT);
    printf("  I_s       = %.17g J\n  Delta_C   = %.17g J\n", l->Is, l->DeltaC);
    printf("  Delta_D   = %.17g J\n  residual  = %.3e J\n", l->DeltaD,
           l->residual);
    printf("  residual/scale = %.3e (scale %.6g J)\n",
           l->scale > 0 ? l->residual / l->scale : l->residual, l->scale);
}

/* Events flagged grazing, and events at a point of C and D at once. */
static void print_event_flags(const sim_result *r)
{
    int i, grazing = 0, both = 0;
    for (i = 0; i < r->nevents; i++) {
        grazing += r->events[i].grazing != 0;
        both += r->events[i].c_and_d_before || r->events[i].c_and_d_after;
    }
    printf("  events grazing %d, at a point of C and D at once %d%s\n",
           grazing, both, r->end.initial_c_and_d ? " (and the initial state)" : "");
}

static void print_stats(const sim_result *r)
{
    const engine_stats *s = &r->end.stats;
    printf("\nrun statistics\n");
    printf("  steps accepted %ld, rejected %ld\n", s->steps_accepted,
           s->steps_rejected);
    printf("  RHS evaluations %ld\n  events %ld, switching stops %ld\n",
           s->nfev, s->nevents, s->nstops);
    if (r->end.t > s->t_tail)
        printf("  switching stops after the last event (t = %.6g s) %ld, "
               "%.4g per simulated second\n", s->t_tail, s->nstops_tail,
               s->nstops_tail / (r->end.t - s->t_tail));
    print_event_flags(r);
    printf("  CPU time %.3f s\n", r->cpu_seconds);
}

static void print_run(const scenario *s, const sim_result *r)
{
    int i;
    printf("%s: %s, law %s, T = %g s\n\n", s->source,
           s->model.sys == SYS_HR ? "H_r" : "H_f", s->model.law->name,
           s->model.T);
    printf("collisions (Eqs. 193-204): %d\n", r->ncollisions);
    if (r->ncollisions > 0)
        print_collision_header();
    for (i = 0; i < r->ncollisions; i++)
        print_collision(&r->collisions[i], r->ledger.scale);
    if (r->final_contact)
        print_final_contact(&r->final_partial, s->model.T);
    print_ledger(&r->ledger);
    print_stats(r);
}

/* The note of a signal during a run of s (interrupt.h). */
static void note_run(const scenario *s, const run_args *a, const char *when)
{
    interrupt_note_run(s->source, a->csv, when);
}

static int finish_run(const scenario *s, const run_args *a, sim_result *r)
{
    char err[1024];
    collide_status st = r->status;
    if (st != COLLIDE_OK) {
        fprintf(stderr, "collide run: %s: %s\n", s->source, r->diagnosis);
        return st;
    }
    if (!a->quiet)
        print_run(s, r);
    if (a->csv) {
        note_run(s, a, INTERRUPT_WRITING);
        output_note_scenario(s);
        st = output_write_csv(a->csv, &s->model, r, err, sizeof err);
        if (st != COLLIDE_OK)
            fprintf(stderr, "collide run: %s\n", err);
    }
    return st;
}

/* The options of the MPFR mode, checked against each other. */
static int mp_args(const run_args *a, mp_cli_args *m)
{
    static const number_range bits_range = {"BITS", MP_BITS_MIN, MP_BITS_MAX,
                                            1, 1, 1};
    number_range digits = {"D", 1, 0, 1, 1, 1};
    double v;
    if (a->nset > 0 && !(a->nset == 1 && strcmp(a->key[0], "samples") == 0)) {
        fprintf(stderr, "collide run: --rtol, --atol and --h-max are "
                "binary64 settings; with --precision use --digits\n");
        return COLLIDE_E_USAGE;
    }
    if (a->at) {
        fprintf(stderr, "collide run: --at is not available with "
                "--precision (use --samples)\n");
        return COLLIDE_E_USAGE;
    }
    if (!option_number("run", "--precision", a->precision, &bits_range, &v))
        return COLLIDE_E_INPUT;
    m->bits = (long)v;
    digits.hi = floor((double)m->bits * log10(2.0) - 8); /* BITS log10(2) - 8 */
    m->digits = NAN;
    if (a->digits &&
        !option_number("run", "--digits", a->digits, &digits, &m->digits))
        return COLLIDE_E_INPUT;
    m->check = a->check;
    m->samples = a->nset == 1 ? a->value[0] : NULL;   /* --samples */
    m->csv = a->csv;
    m->quiet = a->quiet;
    return COLLIDE_OK;
}

static int cmd_run(int argc, char **argv)
{
    scenario s;
    sim_result r;
    run_args a;
    char err[1024];
    int st;
    if (option_wants_help(argc, argv)) {
        fputs(usage_run, stdout);
        status_print(stdout, status_collide());
        return COLLIDE_OK;
    }
    st = parse_run_args(argc, argv, &a);
    if (st != COLLIDE_OK)
        return st;
    st = scenario_load(a.scenario, &s, err, sizeof err);
    if (st != COLLIDE_OK) {
        fprintf(stderr, "%s\n", err);
        return st;
    }
    st = apply_options(&s, &a);
    if (st != COLLIDE_OK)
        return st;
    if (a.precision) {
        mp_cli_args m;
        st = mp_args(&a, &m);
        if (st != COLLIDE_OK)
            return st;
        note_run(&s, &a, "during the run");
        return mp_cli_run(a.scenario, &m);
    }
    if (a.digits || a.check) {
        fprintf(stderr, "collide run: --digits and --check need --precision\n");
        return COLLIDE_E_USAGE;
    }
    if (a.at) {
        static double times[SAMPLE_AT_MAX];
        int n = parse_sample_times(a.at, s.model.T, times);
        if (n < 0)
            return n == -2 ? COLLIDE_E_MEMORY : COLLIDE_E_INPUT;
        s.opt.sample_at = times;
        s.opt.n_sample_at = n;
    }
    memset(&r, 0, sizeof r);
    note_run(&s, &a, "during the run");
    interrupt_counter(&r.ncollisions, "collisions");
    sim_run(&s.model, &s.opt, &r);
    interrupt_counter(NULL, NULL);
    st = finish_run(&s, &a, &r);
    sim_result_free(&r);
    return st;
}

static const char usage_plot[] =
    "usage: collide plot SCENARIO... [--out DIR] [--samples N]\n"
    "\n"
    "Runs each scenario and draws its figures with gnuplot, as PNG and SVG\n"
    "in DIR: NAME-state (the states, F_c, F_e,r and q_c against time, the\n"
    "contact intervals shaded; Figs. 4a, 5a) and NAME-observables (the\n"
    "observables of Eqs. 193-204 against the collision index; Figs. 4b,\n"
    "5b). With several scenarios also compare (x against time, the\n"
    "commencements and separations marked, and -x_c^s of Eq. 212; Fig. 6).\n"
    "\n"
    "  --out DIR    directory of the figures (created); default .\n"
    "  --samples N  grid samples of each run; default 5000\n"
    "  --help       this text\n"
    "\n"
    "exit status: 0 ok, 2 usage, 3 bad input or gnuplot not installed\n"
    "(Debian package gnuplot-nox), 4 a figure could not be written or\n"
    "gnuplot failed, 5-13 a run failed (collide --help)\n";

/* The options of plot, by slot. */
enum { PLOT_OUT, PLOT_SAMPLES };
static const option_spec plot_specs[] = {
    {"--out", 1, PLOT_OUT, 0, "the directory of the figures"},
    {"--samples", 1, PLOT_SAMPLES, 0, "grid samples of each run"},
};
static const option_table plot_table = {
    plot_specs, (int)(sizeof plot_specs / sizeof plot_specs[0])};

/* The scenarios and options of plot from v into names (*n of them) and
 * o; a usage error for none or too many scenarios. */
static int plot_args(const option_values *v, const char **names, int *n,
                     plot_options *o)
{
    int i;
    if (v->noperands > PLOT_SCENARIOS_MAX)
        return usage_error("plot", "too many scenarios: ",
                           v->operand[PLOT_SCENARIOS_MAX]);
    if (v->noperands == 0)
        return usage_error("plot", "missing SCENARIO", "");
    for (i = 0; i < v->noperands; i++)
        names[i] = v->operand[i];
    *n = v->noperands;
    if (v->value[PLOT_OUT])
        o->out = v->value[PLOT_OUT];
    if (v->value[PLOT_SAMPLES])
        o->samples = v->value[PLOT_SAMPLES];
    return COLLIDE_OK;
}

/* collide plot SCENARIO... [--out DIR] [--samples N]: see plot.h. */
static int cmd_plot(int argc, char **argv)
{
    const char *names[PLOT_SCENARIOS_MAX];
    plot_options o = {".", "5000"};
    option_values v;
    char err[1024];
    int n = 0, st;
    if (option_wants_help(argc, argv)) {
        fputs(usage_plot, stdout);
        return COLLIDE_OK;
    }
    st = parse_options("plot", argc, argv, &plot_table, &v);
    if (st == COLLIDE_OK)
        st = plot_args(&v, names, &n, &o);
    option_free(&v);
    if (st != COLLIDE_OK)
        return st;
    st = plot_scenarios(names, n, &o, err, sizeof err);
    if (st != COLLIDE_OK)
        fprintf(stderr, "%s\n", err);
    return st;
}

/* ---- signals ---- */

/* SIGINT, SIGTERM: no partial output file is left behind, and one line
 * on stderr says what was interrupted and what was kept (interrupt.h);
 * only async-signal-safe calls. */
static void on_signal(int sig)
{
    output_remove_temporaries();
    plot_remove_temporaries();
    interrupt_write(sig);
    _exit(COLLIDE_E_INTERRUPT);
}

static void install_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);   /* one note, even when both come */
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* The note of a signal during command cmd before it says more (a run
 * and a sweep say more once their arguments are read). */
static void note_command(const char *cmd)
{
    char what[64];
    snprintf(what, sizeof what, "collide %.40s", cmd);
    interrupt_note(what, "", strcmp(cmd, "plot") == 0 ?
                   "no partial figure is left" : "");
}

/* The command named by argv[1]. */
static int dispatch(int argc, char **argv)
{
    const char *cmd = argc > 1 ? argv[1] : "";
    if (argc < 2)
        return usage_error("", "missing COMMAND", "");
    if (is_help(cmd)) {
        fputs(usage_main, stdout);
        status_print(stdout, status_collide());
        return COLLIDE_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("collide %s\nMPFR %s, GMP %s\n", COLLIDE_VERSION,
               mpfr_get_version(), gmp_version);
        return COLLIDE_OK;
    }
    note_command(cmd);
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc - 2, argv + 2);
    if (strcmp(cmd, "show") == 0)
        return cmd_show(argc - 2, argv + 2);
    if (strcmp(cmd, "list") == 0)
        return cmd_list(argc - 2, argv + 2);
    if (strcmp(cmd, "compare") == 0)
        return cmd_compare(argc - 2, argv + 2);
    if (strcmp(cmd, "audit") == 0)
        return cmd_audit(argc - 2, argv + 2);
    if (strcmp(cmd, "plot") == 0)
        return cmd_plot(argc - 2, argv + 2);
    if (strcmp(cmd, "sweep") == 0)
        return sweep_command(argc - 2, argv + 2);
    if (strcmp(cmd, "merge") == 0)
        return merge_command(argc - 2, argv + 2);
    return usage_error("", "unknown command ", cmd);
}

/* Runs the command; what it printed must reach the standard output (a
 * full disk or a closed pipe is an output error, exit 4, not a success). */
int main(int argc, char **argv)
{
    int st;
    install_handlers();
    output_note_command(argc, argv);
    st = dispatch(argc, argv);
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "collide: cannot write the standard output: %s\n",
                strerror(errno ? errno : EIO));
        if (st == COLLIDE_OK)
            st = COLLIDE_E_IO;
    }
    return st;
}
