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
#include "mp_tape.h"
#include "number.h"
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

static int is_help(const char *a)
{
    return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

static int usage_error(const char *cmd, const char *msg, const char *arg)
{
    fprintf(stderr, "collide%s%s: %s%s\n", cmd[0] ? " " : "", cmd, msg, arg);
    fprintf(stderr, "see collide %s%s--help\n", cmd, cmd[0] ? " " : "");
    return COLLIDE_E_USAGE;
}

/* Scans args for --help; returns 1 when found. */
static int wants_help(int argc, char **argv)
{
    int i;
    for (i = 0; i < argc; i++)
        if (is_help(argv[i]))
            return 1;
    return 0;
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

/* Reads the arguments of compare into o; a usage error otherwise. */
static int parse_compare_args(int argc, char **argv, compare_options *o)
{
    int i;
    memset(o, 0, sizeof *o);
    o->digits = NAN;
    for (i = 0; i < argc; i++) {
        int digits = strcmp(argv[i], "--digits") == 0;
        if (digits || strcmp(argv[i], "--scd-csv") == 0) {
            if (i + 1 >= argc)
                return usage_error("compare", "missing value after ", argv[i]);
            if (!digits)
                o->scd_csv = argv[i + 1];
            else if (!option_number("compare", "--digits", argv[i + 1],
                                    &compare_digits, &o->digits))
                return COMPARE_E_INPUT;
            i++;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0')
            return usage_error("compare", "unknown option ", argv[i]);
        else if (o->b)
            return usage_error("compare", "more than two result sets: ",
                               argv[i]);
        else if (o->a)
            o->b = argv[i];
        else
            o->a = argv[i];
    }
    if (!o->b)
        return usage_error("compare", o->a ? "missing B" : "missing A and B",
                           "");
    return COLLIDE_OK;
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

/* collide audit: the options, then audit_run. */
static int cmd_audit(int argc, char **argv)
{
    audit_options o;
    int i;
    memset(&o, 0, sizeof o);
    o.tol = 1e-6;
    o.set_tol = 1e-8;
    if (wants_help(argc, argv)) {
        fputs(usage_audit, stdout);
        status_print(stdout, &status_audit);
        return COLLIDE_OK;
    }
    for (i = 0; i < argc; i++) {
        const char *a = argv[i];
        int takes = strcmp(a, "--scenario") == 0 || strcmp(a, "--against") == 0
                    || strcmp(a, "--tol") == 0 || strcmp(a, "--observables") == 0
                    || strcmp(a, "--set-tol") == 0 || strcmp(a, "--defects") == 0;
        if (takes && i + 1 >= argc)
            return usage_error("audit", "missing value after ", a);
        if (strcmp(a, "--scenario") == 0)
            o.scenario = argv[++i];
        else if (strcmp(a, "--against") == 0)
            o.against = argv[++i];
        else if (strcmp(a, "--observables") == 0)
            o.observables = argv[++i];
        else if (strcmp(a, "--defects") == 0)
            o.defects = argv[++i];
        else if (strcmp(a, "--segment") == 0)
            o.segment = 1;
        else if (strcmp(a, "--set-tol") == 0) {
            if (!option_number("audit", "--set-tol", argv[++i], &audit_tol,
                               &o.set_tol))
                return AUDIT_E_INPUT;
        } else if (strcmp(a, "--tol") == 0) {
            if (!option_number("audit", "--tol", argv[++i], &audit_tol, &o.tol))
                return AUDIT_E_INPUT;
        } else if (a[0] == '-' && a[1] != '\0')
            return usage_error("audit", "unknown option ", a);
        else if (o.trajectory)
            return usage_error("audit", "more than one TRAJ: ", a);
        else
            o.trajectory = a;
    }
    if (!o.trajectory || !o.scenario)
        return usage_error("audit", o.trajectory ? "missing --scenario" :
                           "missing TRAJ", "");
    return audit_run(&o, stdout, stderr);
}

static int cmd_compare(int argc, char **argv)
{
    compare_options o;
    int st;
    if (wants_help(argc, argv)) {
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

static int cmd_list(int argc, char **argv)
{
    const char *const *names = scenario_builtin_names();
    int i;
    if (wants_help(argc, argv)) {
        fputs(usage_list, stdout);
        return COLLIDE_OK;
    }
    if (argc > 0)
        return usage_error("list", "unexpected argument ", argv[0]);
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
    show_setting(s, "rtol", o->rtol);
    show_setting(s, "atol", o->atol);
    show_setting(s, "h_max", o->h_max);
    show_setting(s, "t_tol", o->t_tol);
    show_setting(s, "graze_tol", o->graze_tol);
    show_setting(s, "zeno_events", o->zeno_events);
    show_setting(s, "zeno_window", o->zeno_window);
    show_setting(s, "samples", o->n_samples);
    show_setting(s, "max_steps", (double)o->max_steps);
}

static int cmd_show(int argc, char **argv)
{
    scenario s;
    char err[1024];
    collide_status st;
    if (wants_help(argc, argv)) {
        fputs(usage_show, stdout);
        return COLLIDE_OK;
    }
    if (argc != 1)
        return usage_error("show", argc ? "too many arguments" :
                           "missing SCENARIO", "");
    st = scenario_load(argv[0], &s, err, sizeof err);
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

/* The scenario key of a setting option, or NULL. */
static const char *option_key(const char *opt)
{
    if (strcmp(opt, "--rtol") == 0)
        return "rtol";
    if (strcmp(opt, "--atol") == 0)
        return "atol";
    if (strcmp(opt, "--h-max") == 0)
        return "h_max";
    if (strcmp(opt, "--samples") == 0)
        return "samples";
    return NULL;
}

static int set_option(run_args *a, const char *key, const char *option,
                      const char *value)
{
    int i;
    for (i = 0; i < a->nset; i++)
        if (strcmp(a->key[i], key) == 0)
            break;
    if (i == 4)
        return 0;
    a->key[i] = key;
    a->option[i] = option;
    a->value[i] = value;
    if (i == a->nset)
        a->nset++;
    return 1;
}

static int parse_run_args(int argc, char **argv, run_args *a)
{
    int i;
    memset(a, 0, sizeof *a);
    for (i = 0; i < argc; i++) {
        const char *key = option_key(argv[i]);
        if (strcmp(argv[i], "--quiet") == 0)
            a->quiet = 1;
        else if (strcmp(argv[i], "--check") == 0)
            a->check = 1;
        else if (strcmp(argv[i], "--csv") == 0 || strcmp(argv[i], "--at") == 0
                 || strcmp(argv[i], "--precision") == 0
                 || strcmp(argv[i], "--digits") == 0 || key) {
            if (i + 1 >= argc)
                return usage_error("run", "missing value after ", argv[i]);
            if (key)
                set_option(a, key, argv[i], argv[i + 1]);
            else if (strcmp(argv[i], "--at") == 0)
                a->at = argv[i + 1];
            else if (strcmp(argv[i], "--precision") == 0)
                a->precision = argv[i + 1];
            else if (strcmp(argv[i], "--digits") == 0)
                a->digits = argv[i + 1];
            else
                a->csv = argv[i + 1];
            i++;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0')
            return usage_error("run", "unknown option ", argv[i]);
        else if (a->scenario)
            return usage_error("run", "more than one SCENARIO: ", argv[i]);
        else
            a->scenario = argv[i];
    }
    if (!a->scenario)
        return usage_error("run", "missing SCENARIO", "");
    if (a->csv && !a->csv[0])
        return usage_error("run", "--csv needs a directory name, not an "
                           "empty one", "");
    return COLLIDE_OK;
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
           grazing, both, r->initial_c_and_d ? " (and the initial state)" : "");
}

static void print_stats(const sim_result *r)
{
    const sim_stats *s = &r->stats;
    printf("\nrun statistics\n");
    printf("  steps accepted %ld, rejected %ld\n", s->steps_accepted,
           s->steps_rejected);
    printf("  RHS evaluations %ld\n  events %ld, switching stops %ld\n",
           s->nfev, s->nevents, s->nstops);
    if (r->t_final > s->t_tail)
        printf("  switching stops after the last event (t = %.6g s) %ld, "
               "%.4g per simulated second\n", s->t_tail, s->nstops_tail,
               s->nstops_tail / (r->t_final - s->t_tail));
    print_event_flags(r);
    printf("  CPU time %.3f s\n", s->cpu_seconds);
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
    if (wants_help(argc, argv)) {
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
        return mp_cli_run(&s, &m);
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

/* collide plot SCENARIO... [--out DIR] [--samples N]: see plot.h. */
static int cmd_plot(int argc, char **argv)
{
    const char *names[PLOT_SCENARIOS_MAX];
    plot_options o = {".", "5000"};
    char err[1024];
    int i, n = 0, st;
    if (wants_help(argc, argv)) {
        fputs(usage_plot, stdout);
        return COLLIDE_OK;
    }
    for (i = 0; i < argc; i++) {
        int out = strcmp(argv[i], "--out") == 0;
        if (out || strcmp(argv[i], "--samples") == 0) {
            if (i + 1 >= argc)
                return usage_error("plot", "missing value after ", argv[i]);
            *(out ? &o.out : &o.samples) = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1] != '\0')
            return usage_error("plot", "unknown option ", argv[i]);
        else if (n == PLOT_SCENARIOS_MAX)
            return usage_error("plot", "too many scenarios: ", argv[i]);
        else
            names[n++] = argv[i];
    }
    if (n == 0)
        return usage_error("plot", "missing SCENARIO", "");
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

/* The value of the last option opt among the options of a sweep (each
 * followed by its value, as sweep_command reads them), or NULL. */
static const char *sweep_option(int argc, char **argv, const char *opt)
{
    const char *v = NULL;
    int i;
    for (i = 0; i + 1 < argc; i++)
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            if (strcmp(argv[i], opt) == 0)
                v = argv[i + 1];
            i++;
        }
    return v;
}

/* The first operand of a sweep (GRID), or "". */
static const char *sweep_grid(int argc, char **argv)
{
    int i;
    for (i = 0; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] != '\0')
            i++;
        else
            return argv[i];
    }
    return "";
}

/* The note of a signal during a sweep: --out FILE is not written (it is
 * renamed into place only at the end), and with --resume DIR the points
 * finished are kept there for a rerun. */
static void note_sweep(int argc, char **argv)
{
    const char *out = sweep_option(argc, argv, "--out");
    const char *dir = sweep_option(argc, argv, "--resume");
    char what[4200], kept[8600], rows[4200];
    snprintf(what, sizeof what, "collide sweep: %s", sweep_grid(argc, argv));
    if (out)
        snprintf(rows, sizeof rows, "%s not written", out);
    else
        snprintf(rows, sizeof rows, "no row printed");
    if (dir)
        snprintf(kept, sizeof kept, "%s; the points finished are kept in %s: "
                 "a rerun with --resume %s runs only the rest", rows, dir, dir);
    else
        snprintf(kept, sizeof kept, "%s; no point kept (--resume DIR keeps "
                 "them)", rows);
    interrupt_note(what, "", kept);
}

/* The note of a signal during command cmd before it says more. */
static void note_command(const char *cmd, int argc, char **argv)
{
    char what[64];
    if (strcmp(cmd, "sweep") == 0) {
        note_sweep(argc, argv);
        return;
    }
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
    note_command(cmd, argc - 2, argv + 2);
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
