/* mp_cli.c - the high-precision run from the command line; see mp_cli.h.
 * The run, its check and its files are collide_run and
 * collide_result_write; this file only prints. */
#define _POSIX_C_SOURCE 200809L

#include "mp_cli.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "collide.h"
#include "interrupt.h"

/* What the watcher of the runs needs to keep the note of a signal. */
typedef struct watch_ctx {
    const char *source;
    const mp_cli_args *a;
} watch_ctx;

/* collide_run_options.watch: the count of collisions of each engine run
 * for the note of a signal, and the phase of the check's run. */
static void watch(void *ctx, long bits, const int *collisions)
{
    const watch_ctx *w = ctx;
    char when[96];
    if (collisions && bits != w->a->bits) {
        snprintf(when, sizeof when, "during the --check run at %ld bits",
                 bits);
        interrupt_note_run(w->source, w->a->csv, when);
    }
    interrupt_counter(collisions, collisions ? "collisions" : NULL);
}

/* The cell (row, column name) of table t as text ("?" when absent). */
static const char *cell(const collide_result *r, collide_table t, int row,
                        const char *name)
{
    const char *x =
        collide_result_text(r, t, row, collide_result_column(r, t, name));
    return x ? x : "?";
}

/* The row of the ledger whose scope is `scope`, or -1. */
static int ledger_row(const collide_result *r, const char *scope)
{
    int i, n = collide_result_rows(r, COLLIDE_LEDGER);
    for (i = 0; i < n; i++)
        if (strcmp(cell(r, COLLIDE_LEDGER, i, "scope"), scope) == 0)
            return i;
    return -1;
}

static void print_collisions(const collide_result *r)
{
    int i, n = collide_result_rows(r, COLLIDE_COLLISIONS);
    printf("collisions (Eqs. 193-204): %d\n", n);
    for (i = 0; i < n; i++)
        printf("%3s  t_e = %s s\n     t_d = %s s\n     e   = %s\n",
               cell(r, COLLIDE_COLLISIONS, i, "i"),
               cell(r, COLLIDE_COLLISIONS, i, "t_e"),
               cell(r, COLLIDE_COLLISIONS, i, "t_d"),
               cell(r, COLLIDE_COLLISIONS, i, "e"));
    if (collide_result_rows(r, COLLIDE_FINAL_CONTACT) > 0)
        printf("\nfinal contact from t_e = %s s to T\n",
               cell(r, COLLIDE_FINAL_CONTACT, 0, "t_e"));
}

/* The ledger of the whole run, Eq. (24): its "total" row. */
static void print_ledger(const collide_result *r)
{
    int k = ledger_row(r, "total");
    double res = collide_result_value(r, COLLIDE_LEDGER, k,
                                      collide_result_column(r, COLLIDE_LEDGER,
                                                            "residual"));
    printf("\nenergy ledger, Eq. (24)\n  V(0)     = %s J\n  V(T)     = %s J\n"
           "  I_s      = %s J\n  Delta_C  = %s J\n  Delta_D  = %s J\n"
           "  residual = %.3g J\n", cell(r, COLLIDE_LEDGER, k, "V_start"),
           cell(r, COLLIDE_LEDGER, k, "V_end"), cell(r, COLLIDE_LEDGER, k, "I_s"),
           cell(r, COLLIDE_LEDGER, k, "Delta_C"),
           cell(r, COLLIDE_LEDGER, k, "Delta_D"), res);
}

static void print_run(const collide_scenario *s, const collide_result *r)
{
    const char *sys = collide_scenario_text(s, "system");
    printf("%s: %s, law %s, T = %g s, %ld bits, Taylor order %.0f\n\n",
           collide_scenario_source(s),
           sys && strcmp(sys, "Hf") == 0 ? "H_f" : "H_r",
           collide_scenario_text(s, "law"), collide_scenario_value(s, "T"),
           collide_result_precision(r),
           collide_result_stat(r, COLLIDE_STAT_TAYLOR_ORDER));
    print_collisions(r);
    print_ledger(r);
    printf("\nrun statistics\n  Taylor steps %.0f, smooth pieces %.0f, "
           "saturated states held on %.0f\n  CPU time %.3f s\n",
           collide_result_stat(r, COLLIDE_STAT_STEPS),
           collide_result_stat(r, COLLIDE_STAT_PIECES),
           collide_result_stat(r, COLLIDE_STAT_HOLDS),
           collide_result_stat(r, COLLIDE_STAT_CPU_SECONDS));
}

/* The ledger of Eq. (24) closes to the digits claimed in every run that
 * holds them (its residual is the integration error); a residual above
 * 10^-digits of its scale says the run does not, whatever the cause (a
 * tangency of a contact, for one): a warning on stderr, --check to learn
 * more. */
static void ledger_warning(const collide_scenario *s, const collide_result *r)
{
    int k = ledger_row(r, "total");
    double res = collide_result_value(
        r, COLLIDE_LEDGER, k, collide_result_column(r, COLLIDE_LEDGER, "residual"));
    double scale = collide_result_value(
        r, COLLIDE_LEDGER, k, collide_result_column(r, COLLIDE_LEDGER, "scale"));
    double digits = collide_result_stat(r, COLLIDE_STAT_DIGITS);
    double q = fabs(res / scale);
    if (scale == 0.0 || q <= pow(10.0, -digits))
        return;
    fprintf(stderr, "collide run: %s: warning: the ledger residual (Eq. 24) "
            "is %.2g of its scale, above 1e-%.0f: the run does not hold the "
            "%.0f digits asked for (--check tells more)\n",
            collide_scenario_source(s), q, digits, digits);
}

/* The options of collide_run from the arguments. */
static void run_options(const mp_cli_args *a, watch_ctx *w,
                        collide_run_options *o)
{
    collide_run_options_init(o);
    o->precision = a->bits;
    o->digits = a->digits;
    o->check = a->check;
    o->progress = isatty(STDERR_FILENO);
    o->watch = watch;
    o->watch_ctx = w;
}

/* Prints the result r of s, its check's report, and writes its set (with
 * the scd tables of a check) into --csv: once the check is done, when it
 * passes or finds values below the digits asked for (exit 11, the scd
 * tables show which). */
static int finish(const collide_scenario *s, const mp_cli_args *a,
                  const collide_result *r, int st)
{
    char err[2048];
    if (!a->quiet)
        print_run(s, r);
    ledger_warning(s, r);
    if (a->check && (!a->quiet || st == COLLIDE_E_CHECK))
        printf("\n%s", collide_result_check_report(r));
    if (st != COLLIDE_OK)
        fprintf(stderr, "collide run: %s: %s\n", collide_scenario_source(s),
                collide_result_diagnosis(r));
    if (!a->csv)
        return st;
    interrupt_note_run(collide_scenario_source(s), a->csv, INTERRUPT_WRITING);
    fflush(stdout);
    if (collide_result_write(r, a->csv, err, sizeof err) != COLLIDE_OK) {
        fprintf(stderr, "collide run: %s\n", err);
        return COLLIDE_E_IO;
    }
    return st;
}

int mp_cli_run(const char *name_or_path, const mp_cli_args *a)
{
    collide_scenario *s;
    collide_result *r;
    collide_run_options o;
    watch_ctx w;
    char err[2048];
    int st = collide_scenario_load(name_or_path, &s, err, sizeof err);
    if (st == COLLIDE_OK && a->samples)
        st = collide_scenario_set(s, "samples", a->samples, err, sizeof err);
    if (st != COLLIDE_OK) {
        fprintf(stderr, "collide run: %s\n", err);
        collide_scenario_free(s);
        return st;
    }
    w.source = collide_scenario_source(s);
    w.a = a;
    run_options(a, &w, &o);
    st = collide_run(s, &o, &r, err, sizeof err);
    if (r && (st == COLLIDE_OK ||
              (st == COLLIDE_E_CHECK &&
               collide_result_rows(r, COLLIDE_LEDGER) > 0)))
        st = finish(s, a, r, st);
    else
        fprintf(stderr, "collide run: %s\n", err);
    collide_result_free(r);
    collide_scenario_free(s);
    return st;
}
