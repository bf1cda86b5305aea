/* run.c - `collide run`: a scenario run in binary64 or at a given
 * precision, its printout, its CSV files and, at high precision with
 * --check, the significant correct digits of every value written
 * (measured against a run at 64 more bits and a 10^-19 tighter
 * tolerance). The run, its check and its files are collide_run and
 * collide_result_write of include/collide.h, the one header of the
 * engines this file includes; the printout reads the result's tables. */
#define _POSIX_C_SOURCE 200809L

#include "run.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collide.h"
#include "collide_aux.h"
#include "interrupt.h"
#include "options.h"
#include "session.h"
#include "status.h"

static const char usage_run[] =
    "usage: collide run SCENARIO [--csv DIR] [--rtol X] [--atol X]\n"
    "                   [--h-max X] [--samples N] [--at T1,T2,...] [--quiet]\n"
    "                   [--json] [--outside-proved-domain]\n"
    "       collide run SCENARIO --precision BITS [--digits D] [--check]\n"
    "                   [--csv DIR] [--samples N] [--quiet] [--json]\n"
    "\n"
    "Simulates SCENARIO over [0, T] and prints the observables of each\n"
    "collision (Eqs. 193-204), the final contact if one lasts to T, the\n"
    "energy ledger of Eq. (24) and the run statistics.\n"
    "\n"
    "  --csv DIR    write the result set into DIR (created if needed), all\n"
    "               or none: collisions.csv, events.csv, ledger.csv,\n"
    "               samples.csv, trajectory.csv (binary64), meta.json and\n"
    "               MANIFEST (doc/output.md)\n"
    "  --rtol X     relative tolerance, rtol in [1e-15, 1)\n"
    "  --atol X     absolute tolerance, atol in (0, inf)\n"
    "  --h-max X    upper bound of the step size, h_max in (0, inf]\n"
    "  --samples N  samples on a uniform grid of [0, T], N in [0, 1e8]\n"
    "  --at LIST    further samples at the comma-separated times, in [0, T]\n"
    "  --quiet      print nothing on success\n"
    "  --json       print the run's summary as JSON instead (doc/cli-json.md)\n"
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
    "  --outside-proved-domain  run on outside the domain of the proofs, as\n"
    "               the scenario key outside_proved_domain = 1: the printout\n"
    "               and the MANIFEST say where the run left it\n"
    "  --help       this text\n"
    "\n"
    "A failed run prints its diagnosis to stderr, writes no file and exits\n"
    "with the status of the run.\n"
    "\n";


/* ---- the arguments ---- */

typedef struct run_args {
    const char *scenario;
    const char *csv;
    const char *key[4];    /* run settings from the command line */
    const char *option[4]; /* ... the options that gave them */
    const char *value[4];
    int nset;
    int quiet;
    int json;              /* --json: the summary as JSON on stdout */
    const char *at;        /* --at LIST: sample times */
    const char *precision; /* --precision BITS: the MPFR mode */
    const char *digits;    /* --digits D */
    int check;             /* --check */
    int outside;           /* --outside-proved-domain */
} run_args;

#define SAMPLE_AT_MAX 10000   /* within one argument's limit (128 KiB) */

/* Parses the comma-separated sample times of --at into times: each item
 * (the text between commas, so that "0.05," has an empty last item) a
 * number in [0, T] read by option_number; returns the count, or -1 after
 * a message (-2 when out of memory). */
static int parse_sample_times(const char *list, double T, double *times)
{
    collide_aux_range r = {"t", 0, 0, 1, 1, 0};
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
       RUN_PRECISION, RUN_DIGITS, RUN_QUIET, RUN_CHECK, RUN_OUTSIDE,
       RUN_JSON };
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
    {option_outside_domain, 0, RUN_OUTSIDE, 0, option_outside_domain_help},
    {"--json", 0, RUN_JSON, 0, "the run's summary as JSON"},
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
        return option_usage_error("run", "more than one SCENARIO: ", v->operand[1]);
    if (v->noperands == 0)
        return option_usage_error("run", "missing SCENARIO", "");
    a->scenario = v->operand[0];
    a->csv = v->value[RUN_CSV];
    a->at = v->value[RUN_AT];
    a->precision = v->value[RUN_PRECISION];
    a->digits = v->value[RUN_DIGITS];
    a->quiet = option_given(v, RUN_QUIET);
    a->json = option_given(v, RUN_JSON);
    a->check = option_given(v, RUN_CHECK);
    a->outside = option_given(v, RUN_OUTSIDE);
    run_setting_values(v, a);
    if (a->csv && !a->csv[0])
        return option_usage_error("run", "--csv needs a directory name, not an "
                           "empty one", "");
    return COLLIDE_OK;
}

/* Reads the arguments of run into a; a usage error otherwise. */
static int parse_run_args(int argc, char **argv, run_args *a)
{
    option_values v;
    int st = option_parse_command("run", argc, argv, &run_table, &v);
    memset(a, 0, sizeof *a);
    if (st == COLLIDE_OK)
        st = run_values(&v, a);
    option_free(&v);
    return st;
}

/* The settings of the command line applied to s, each message in the
 * context of its option ("collide run: --rtol: ..."). */
static int apply_settings(collide_scenario *s, const run_args *a)
{
    char err[1024];
    int i, st;
    for (i = 0; i < a->nset; i++) {
        st = collide_scenario_set(s, a->key[i], a->value[i], err, sizeof err);
        if (st != COLLIDE_OK) {
            fprintf(stderr, "collide run: %s: %s\n", a->option[i], err);
            return st;
        }
    }
    return COLLIDE_OK;
}

/* The options of the high-precision run, checked against each other,
 * into o. */
static int mp_options_of(const run_args *a, collide_run_options *o)
{
    static const collide_aux_range bits_range = {"BITS", 53, 16384, 1, 1, 1};
    collide_aux_range digits = {"D", 1, 0, 1, 1, 1};
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
    o->precision = (long)v;
    o->engine = o->precision > 53 ? COLLIDE_ENGINE_MPFR
                                  : COLLIDE_ENGINE_BINARY64;
    digits.hi = floor(v * log10(2.0) - 8);   /* BITS log10(2) - 8 */
    if (a->digits &&
        !option_number("run", "--digits", a->digits, &digits, &o->digits))
        return COLLIDE_E_INPUT;
    o->check = a->check;
    o->progress = isatty(STDERR_FILENO);
    return COLLIDE_OK;
}

/* The options of the binary64 run: --at's times into *times (the caller
 * frees it). */
static int b64_options_of(const run_args *a, const collide_scenario *s,
                          collide_run_options *o, double **times)
{
    int n;
    *times = NULL;
    if (a->digits || a->check) {
        fprintf(stderr, "collide run: --digits and --check need --precision\n");
        return COLLIDE_E_USAGE;
    }
    if (!a->at)
        return COLLIDE_OK;
    *times = malloc(SAMPLE_AT_MAX * sizeof **times);
    if (!*times) {
        fprintf(stderr, "collide run: out of memory\n");
        return COLLIDE_E_MEMORY;
    }
    n = parse_sample_times(a->at, collide_scenario_value(s, "T"), *times);
    if (n < 0)
        return n == -2 ? COLLIDE_E_MEMORY : COLLIDE_E_INPUT;
    o->sample_at = *times;
    o->n_sample_at = n;
    return COLLIDE_OK;
}

/* ---- the printout ---- */

/* The cell (row, column name) of table t as text ("?" when absent). */
static const char *cell(const collide_result *r, collide_table t, int row,
                        const char *name)
{
    const char *x =
        collide_result_text(r, t, row, collide_result_column(r, t, name));
    return x ? x : "?";
}

/* The cell (row, column name) of table t as a binary64 value. */
static double value(const collide_result *r, collide_table t, int row,
                    const char *name)
{
    return collide_result_value(r, t, row, collide_result_column(r, t, name));
}

/* The row of the ledger whose scope is `scope`, or -1. */
static int ledger_row(const collide_result *r, const char *scope)
{
    int i, n = collide_result_rows(r, COLLIDE_TABLE_LEDGER);
    for (i = 0; i < n; i++)
        if (strcmp(cell(r, COLLIDE_TABLE_LEDGER, i, "scope"), scope) == 0)
            return i;
    return -1;
}

/* The first line: the scenario, its system and law, T. */
static void print_title(const collide_scenario *s)
{
    const char *sys = collide_scenario_text(s, "system");
    printf("%s: %s, law %s, T = %g s", collide_scenario_source(s),
           sys && strcmp(sys, "Hf") == 0 ? "H_f" : "H_r",
           collide_scenario_text(s, "law"), collide_scenario_value(s, "T"));
}

static void print_collision_header(void)
{
    printf("%4s %11s %10s %10s %11s %8s %11s %11s %10s %11s %10s %10s\n",
           "i", "t_e [ms]", "t_d [ms]", "t_f [ms]", "v_i [m/s]", "e",
           "xc_max [um]", "Fc_max [N]", "xc_r [um]", "W [J]", "Lambda",
           "ledger");
}

/* Collision k of table t: Eqs. (193)-(204); the last column is the
 * residual of Eq. (24) over the collision divided by the scale of the
 * run's ledger. */
static void print_collision(const collide_result *r, int k, double scale)
{
    const collide_table t = COLLIDE_TABLE_COLLISIONS;
    double res = value(r, t, k, "ledger_residual");
    printf("%4s %11.5f %10.5f %10.5f %11.4e %8.5f %11.5g %11.5g %10.4g "
           "%11.4e %10.3e %10.2e\n", cell(r, t, k, "i"),
           1e3 * value(r, t, k, "t_e"), 1e3 * value(r, t, k, "t_d"),
           1e3 * value(r, t, k, "t_f"), value(r, t, k, "v_i"),
           value(r, t, k, "e"), 1e6 * value(r, t, k, "xc_max"),
           value(r, t, k, "Fc_max"), 1e6 * value(r, t, k, "xc_r"),
           value(r, t, k, "W"), value(r, t, k, "Lambda"),
           scale > 0 ? res / scale : res);
}

/* The contact still open at T. */
static void print_final_contact(const collide_result *r, double T)
{
    const collide_table t = COLLIDE_TABLE_FINAL_CONTACT;
    printf("\nfinal contact, from t_e = %.5f ms to T = %.5f ms (not a "
           "collision):\n", 1e3 * value(r, t, 0, "t_e"), 1e3 * T);
    printf("  v_i = %.4e m/s, xc_max = %.5g um, Fc_max = %.5g N, "
           "xc(T) = %.5g um,\n  W = %.4e J, J_Fc = %.4e N s, J_Fe = %.4e N s, "
           "Lambda = %.3e\n", value(r, t, 0, "v_i"),
           1e6 * value(r, t, 0, "xc_max"), value(r, t, 0, "Fc_max"),
           1e6 * value(r, t, 0, "xc_r"), value(r, t, 0, "W"),
           value(r, t, 0, "J_Fc"), value(r, t, 0, "J_Fe"),
           value(r, t, 0, "Lambda"));
}

/* The ledger of the whole run, Eq. (24), in binary64. */
static void print_ledger(const collide_result *r)
{
    const collide_table t = COLLIDE_TABLE_LEDGER;
    int k = ledger_row(r, "total");
    double res = value(r, t, k, "residual"), scale = value(r, t, k, "scale");
    printf("\nenergy ledger, Eq. (24): V(T) - V(0) + Delta_C + Delta_D = I_s\n");
    printf("  V(0)      = %.17g J\n  V(T)      = %.17g J\n",
           value(r, t, k, "V_start"), value(r, t, k, "V_end"));
    printf("  I_s       = %.17g J\n  Delta_C   = %.17g J\n",
           value(r, t, k, "I_s"), value(r, t, k, "Delta_C"));
    printf("  Delta_D   = %.17g J\n  residual  = %.3e J\n",
           value(r, t, k, "Delta_D"), res);
    printf("  residual/scale = %.3e (scale %.6g J)\n",
           scale > 0 ? res / scale : res, scale);
}

/* Events flagged grazing, and events at a point of C and D at once. */
static void print_event_flags(const collide_result *r)
{
    const collide_table t = COLLIDE_TABLE_EVENTS;
    int i, grazing = 0, both = 0;
    for (i = 0; i < collide_result_rows(r, t); i++) {
        grazing += value(r, t, i, "grazing") != 0;
        both += value(r, t, i, "c_and_d_before") != 0 ||
                value(r, t, i, "c_and_d_after") != 0;
    }
    printf("  events grazing %d, at a point of C and D at once %d%s\n",
           grazing, both,
           collide_result_stat(r, COLLIDE_STAT_INITIAL_C_AND_D) != 0
               ? " (and the initial state)" : "");
}

/* The undecided near-touches of the run and their times (those kept),
 * when there are any: the tolerances cannot decide whether the trajectory
 * touched, collided or missed there. */
static void print_undecided(const collide_result *r)
{
    double n = collide_result_stat(r, COLLIDE_STAT_UNDECIDED_TOUCHES);
    long k;
    if (!(n > 0))
        return;
    printf("  undecided near-touches %.0f, at t =", n);
    for (k = 0; k < (long)n && k < COLLIDE_UNDECIDED_TIMES; k++)
        printf("%s %.17g", k ? "," : "", collide_result_undecided_touch(r, k));
    printf(" s%s\n", n > COLLIDE_UNDECIDED_TIMES ? ", ..." : "");
    printf("    (a guard came within its error band of zero: a collision "
           "there is\n    neither found nor excluded; tighten rtol and "
           "atol)\n");
}

/* When the run went outside the domain of the proofs (a scenario with
 * outside_proved_domain = 1): where, which quantity and why. */
static void print_left_domain(const collide_result *r)
{
    char note[256];
    double t = 0;
    if (collide_result_left_domain(r, &t, note, sizeof note) != 1)
        return;
    printf("  outside the proof domain from t = %.17g s: %s\n"
           "    (outside_proved_domain = 1: no proof covers this run)\n",
           t, note);
}

static void print_stats(const collide_result *r)
{
    double t_tail = collide_result_stat(r, COLLIDE_STAT_TAIL_START);
    double t_end = collide_result_stat(r, COLLIDE_STAT_END_TIME);
    double tail = collide_result_stat(r, COLLIDE_STAT_TAIL_SWITCHING_STOPS);
    printf("\nrun statistics\n");
    printf("  steps accepted %.0f, rejected %.0f\n",
           collide_result_stat(r, COLLIDE_STAT_STEPS),
           collide_result_stat(r, COLLIDE_STAT_STEPS_REJECTED));
    printf("  RHS evaluations %.0f\n  events %.0f, switching stops %.0f\n",
           collide_result_stat(r, COLLIDE_STAT_RHS_EVALUATIONS),
           collide_result_stat(r, COLLIDE_STAT_EVENTS),
           collide_result_stat(r, COLLIDE_STAT_SWITCHING_STOPS));
    if (t_end > t_tail)
        printf("  switching stops after the last event (t = %.6g s) %.0f, "
               "%.4g per simulated second\n", t_tail, tail,
               tail / (t_end - t_tail));
    print_event_flags(r);
    print_undecided(r);
    print_left_domain(r);
    printf("  CPU time %.3f s\n",
           collide_result_stat(r, COLLIDE_STAT_CPU_SECONDS));
}

/* The printout of a binary64 run. */
static void print_b64(const collide_scenario *s, const collide_result *r)
{
    int i, n = collide_result_rows(r, COLLIDE_TABLE_COLLISIONS);
    double scale = value(r, COLLIDE_TABLE_LEDGER, ledger_row(r, "total"), "scale");
    print_title(s);
    printf("\n\ncollisions (Eqs. 193-204): %d\n", n);
    if (n > 0)
        print_collision_header();
    for (i = 0; i < n; i++)
        print_collision(r, i, scale);
    if (collide_result_rows(r, COLLIDE_TABLE_FINAL_CONTACT) > 0)
        print_final_contact(r, collide_scenario_value(s, "T"));
    print_ledger(r);
    print_stats(r);
}

/* The collisions of a high-precision run, with the digits written. */
static void print_mp_collisions(const collide_result *r)
{
    const collide_table t = COLLIDE_TABLE_COLLISIONS;
    int i, n = collide_result_rows(r, t);
    printf("collisions (Eqs. 193-204): %d\n", n);
    for (i = 0; i < n; i++)
        printf("%3s  t_e = %s s\n     t_d = %s s\n     e   = %s\n",
               cell(r, t, i, "i"), cell(r, t, i, "t_e"), cell(r, t, i, "t_d"),
               cell(r, t, i, "e"));
    if (collide_result_rows(r, COLLIDE_TABLE_FINAL_CONTACT) > 0)
        printf("\nfinal contact from t_e = %s s to T\n",
               cell(r, COLLIDE_TABLE_FINAL_CONTACT, 0, "t_e"));
}

/* The ledger of a high-precision run, Eq. (24), with the digits written. */
static void print_mp_ledger(const collide_result *r)
{
    const collide_table t = COLLIDE_TABLE_LEDGER;
    int k = ledger_row(r, "total");
    printf("\nenergy ledger, Eq. (24)\n  V(0)     = %s J\n  V(T)     = %s J\n"
           "  I_s      = %s J\n  Delta_C  = %s J\n  Delta_D  = %s J\n"
           "  residual = %.3g J\n", cell(r, t, k, "V_start"),
           cell(r, t, k, "V_end"), cell(r, t, k, "I_s"),
           cell(r, t, k, "Delta_C"), cell(r, t, k, "Delta_D"),
           value(r, t, k, "residual"));
}

/* The printout of a high-precision run. */
static void print_mp(const collide_scenario *s, const collide_result *r)
{
    print_title(s);
    printf(", %ld bits, Taylor order %.0f\n\n", collide_result_precision(r),
           collide_result_stat(r, COLLIDE_STAT_TAYLOR_ORDER));
    print_mp_collisions(r);
    print_mp_ledger(r);
    printf("\nrun statistics\n  Taylor steps %.0f, smooth pieces %.0f, "
           "saturated states held on %.0f\n  CPU time %.3f s\n",
           collide_result_stat(r, COLLIDE_STAT_STEPS),
           collide_result_stat(r, COLLIDE_STAT_PIECES),
           collide_result_stat(r, COLLIDE_STAT_HOLDS),
           collide_result_stat(r, COLLIDE_STAT_CPU_SECONDS));
}

/* The ledger of Eq. (24) closes to the digits claimed in every
 * high-precision run that holds them (its residual is the integration
 * error); a residual above 10^-digits of its scale says the run does not,
 * whatever the cause (a tangency of a contact, for one): a warning on
 * stderr, --check to learn more. */
static void ledger_warning(const collide_scenario *s, const collide_result *r)
{
    int k = ledger_row(r, "total");
    double res = value(r, COLLIDE_TABLE_LEDGER, k, "residual");
    double scale = value(r, COLLIDE_TABLE_LEDGER, k, "scale");
    double digits = collide_result_stat(r, COLLIDE_STAT_DIGITS);
    double q = fabs(res / scale);
    if (scale == 0.0 || q <= pow(10.0, -digits))
        return;
    fprintf(stderr, "collide run: %s: warning: the ledger residual (Eq. 24) "
            "is %.2g of its scale, above 1e-%.0f: the run does not hold the "
            "%.0f digits asked for (--check tells more)\n",
            collide_scenario_source(s), q, digits, digits);
}

/* The summary of r as JSON on stdout (collide_result_json); st, or
 * COLLIDE_E_IO after a message when it cannot be written. */
static int print_json(const collide_result *r, int st)
{
    char err[256];
    if (collide_result_json(r, stdout, err, sizeof err) != COLLIDE_OK) {
        fprintf(stderr, "collide run: --json: %s\n", err);
        return COLLIDE_E_IO;
    }
    return st;
}

/* ---- the run ---- */

/* What the watcher of the runs needs to keep the note of a signal. */
typedef struct watch_ctx {
    const char *source;
    const run_args *a;
    long bits;          /* the precision of the run (not its check's) */
} watch_ctx;

/* collide_run_options.watch: the count of collisions of each engine run
 * for the note of a signal, and the phase of the check's run. */
static int watch(void *ctx, long bits, const int *collisions)
{
    const watch_ctx *w = ctx;
    char when[96];
    if (collisions && bits != w->bits) {
        snprintf(when, sizeof when, "during the --check run at %ld bits",
                 bits);
        interrupt_note_run(w->source, w->a->csv, when);
    }
    interrupt_counter(collisions, collisions ? "collisions" : NULL);
    return 0;
}

/* Prints the result r of s (and a high-precision run's ledger warning and
 * the report of its check) and writes its set into --csv: after a
 * success, or a check that found values below the digits asked for (exit
 * 11, the scd tables show which). */
static int finish(const collide_scenario *s, const run_args *a,
                  const collide_result *r, int st)
{
    char err[2048];
    int mp = collide_result_precision(r) > 53;
    if (a->json)
        st = print_json(r, st);
    else if (!a->quiet)
        (mp ? print_mp : print_b64)(s, r);
    if (mp)
        ledger_warning(s, r);
    if (a->check && !a->json && (!a->quiet || st == COLLIDE_E_CHECK))
        printf("\n%s", collide_result_check_report(r));
    if (st != COLLIDE_OK)
        fprintf(stderr, "collide run: %s: %s\n", collide_scenario_source(s),
                collide_result_diagnosis(r));
    if (!a->csv)
        return st;
    interrupt_note_run(collide_scenario_source(s), a->csv, INTERRUPT_WRITING);
    if (collide_aux_session_write_result(session_get(), r, a->csv, err,
                                         sizeof err) != COLLIDE_OK) {
        fprintf(stderr, "collide run: %s\n", err);
        return COLLIDE_E_IO;
    }
    return st;
}

/* The tables the command reads from the result (collide_run_options'
 * tables): the printout's collisions, events, ledger and final contact;
 * with --json those of the summary (collisions, final contact, ledger);
 * with --quiet the ledger alone (the warning of a high-precision ledger
 * and a failed check read it). Never the samples: the set written by
 * --csv is whole whatever the result keeps, and a table not kept is not
 * formatted. */
static unsigned tables_read(const run_args *a)
{
    unsigned ledger = 1u << COLLIDE_TABLE_LEDGER;
    if (a->json)
        return ledger | 1u << COLLIDE_TABLE_COLLISIONS | 1u << COLLIDE_TABLE_FINAL_CONTACT;
    if (a->quiet)
        return ledger;
    return ledger | 1u << COLLIDE_TABLE_COLLISIONS | 1u << COLLIDE_TABLE_EVENTS |
           1u << COLLIDE_TABLE_FINAL_CONTACT;
}

/* Runs s with the options o as the arguments a ask. */
static int run(const collide_scenario *s, const run_args *a,
               collide_run_options *o)
{
    collide_result *r;
    watch_ctx w;
    char err[2048];
    int st;
    w.source = collide_scenario_source(s);
    w.a = a;
    w.bits = o->precision;
    o->watch = watch;
    o->watch_ctx = &w;
    o->tables = tables_read(a);
    interrupt_note_run(w.source, a->csv, "during the run");
    st = collide_run(s, o, &r, err, sizeof err);
    if (r && (st == COLLIDE_OK ||
              (st == COLLIDE_E_CHECK &&
               collide_result_rows(r, COLLIDE_TABLE_LEDGER) > 0)))
        st = finish(s, a, r, st);
    else if (r && a->json) {
        fprintf(stderr, "collide run: %s\n", err);
        print_json(r, st);
    } else
        fprintf(stderr, "collide run: %s\n", err);
    collide_result_free(r);
    return st;
}

int run_command(int argc, char **argv)
{
    collide_scenario *s = NULL;
    collide_run_options o;
    run_args a;
    double *times = NULL;
    char err[2048];
    int st;
    if (option_wants_help(argc, argv)) {
        fputs(usage_run, stdout);
        status_print(stdout, status_collide());
        return COLLIDE_OK;
    }
    st = parse_run_args(argc, argv, &a);
    if (st == COLLIDE_OK) {
        /* never removed by --csv */
        collide_aux_session_note_input(session_get(), a.scenario);
        st = a.outside ? collide_scenario_load_outside(a.scenario, NULL, &s,
                                                       err, sizeof err)
                       : collide_scenario_load(a.scenario, &s, err, sizeof err);
        if (st != COLLIDE_OK)
            fprintf(stderr, "%s\n", err);
    }
    if (st == COLLIDE_OK)
        st = apply_settings(s, &a);
    collide_run_options_init(&o, sizeof o);
    if (st == COLLIDE_OK)
        st = a.precision ? mp_options_of(&a, &o)
                         : b64_options_of(&a, s, &o, &times);
    if (st == COLLIDE_OK)
        st = run(s, &a, &o);
    free(times);
    collide_scenario_free(s);
    return st;
}
