/* test_api.c - the public interface include/collide.h, used as a program
 * outside the project would (this file includes no internal header):
 * every table of a run reads back as the CSV files the same result writes,
 * in binary64 and at 113 bits; bad arguments are refused with a message
 * naming the field, its value and the allowed range, and change nothing;
 * a run that fails keeps its status and diagnosis and has no result set;
 * every status has a text. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "collide.h"
#include "collide_aux.h"

static const char *const file_of[] = {"collisions.csv", "events.csv",
                                      "ledger.csv", "samples.csv"};

/* The text of the file dir/name, or NULL. */
static char *slurp(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return check_read_file(path, NULL);
}

/* Table t of r written back as CSV text ("a,b\n1,2\n"). */
static char *table_as_csv(const collide_result *r, collide_table t)
{
    char *buf;
    size_t len;
    int row, col, ncol = collide_result_columns(r, t);
    FILE *f = open_memstream(&buf, &len);
    for (col = 0; col < ncol; col++)
        fprintf(f, "%s%s", col ? "," : "", collide_result_column_name(r, t, col));
    fputc('\n', f);
    for (row = 0; row < collide_result_rows(r, t); row++) {
        for (col = 0; col < ncol; col++)
            fprintf(f, "%s%s", col ? "," : "", collide_result_text(r, t, row, col));
        fputc('\n', f);
    }
    fclose(f);
    return buf;
}

/* Whether every table of r is, cell for cell, the file the same result
 * writes; and every value the text read as a double. */
static void tables_are_files(const collide_result *r, const char *what)
{
    char dir[] = "/tmp/collide-test-api-XXXXXX", name[256], err[1024];
    int t;
    if (!mkdtemp(dir)) {
        check_true(0, "mkdtemp");
        return;
    }
    check_true(collide_result_write(r, dir, err, sizeof err) == COLLIDE_OK,
               "collide_result_write succeeds");
    for (t = 0; t < 4; t++) {
        char *file = slurp(dir, file_of[t]), *mine = table_as_csv(r, (collide_table)t);
        char path[4200];
        snprintf(name, sizeof name, "%s: %s read through the interface is "
                 "the file written", what, file_of[t]);
        check_true(file && mine && strcmp(file, mine) == 0, name);
        free(file);
        free(mine);
        snprintf(path, sizeof path, "%s/%s", dir, file_of[t]);
        unlink(path);
    }
    {
        char path[4200];
        snprintf(path, sizeof path, "%s/MANIFEST", dir);
        unlink(path);
    }
    rmdir(dir);
}

/* The units of r's columns (collide_result_column_unit) are those of
 * meta.json: t_e in s by Eq. (193), W in J, e and the index i pure
 * numbers, the ledger's scope a text; NULL outside a table. */
static void column_units(const collide_result *r, const char *what)
{
    const collide_table c = COLLIDE_TABLE_COLLISIONS;
    const char *eq = "unset", *unit;
    char name[256];
    int t, col, all = 1;
    unit = collide_result_column_unit(r, c, collide_result_column(r, c, "t_e"),
                                      &eq);
    snprintf(name, sizeof name, "%s: units of t_e (s, Eq. (193)), W, e, i, "
             "scope; NULL outside", what);
    for (t = 0; t < 5; t++)
        for (col = 0; col < collide_result_columns(r, (collide_table)t); col++)
            all = all && collide_result_column_unit(r, (collide_table)t, col,
                                                    NULL) != NULL;
    check_true(all && unit && strcmp(unit, "s") == 0 &&
               strcmp(eq, "Eq. (193)") == 0 &&
               strcmp(collide_result_column_unit(
                          r, c, collide_result_column(r, c, "W"), NULL),
                      "J") == 0 &&
               strcmp(collide_result_column_unit(
                          r, c, collide_result_column(r, c, "e"), NULL),
                      "1") == 0 &&
               strcmp(collide_result_column_unit(r, c, 0, NULL), "1") == 0 &&
               strcmp(collide_result_column_unit(r, COLLIDE_TABLE_LEDGER, 0, NULL),
                      "") == 0 &&
               collide_result_column_unit(r, c, collide_result_columns(r, c),
                                          &eq) == NULL &&
               eq == NULL &&
               collide_result_column_unit(r, (collide_table)7, 0, NULL) == NULL,
               name);
}

/* The summary of r (collide_result_json): its format, t_e's unit and
 * the first collision's t_e as the table's text; a stream that cannot be
 * written: COLLIDE_E_IO. */
static void summary_json(const collide_result *r, const char *what)
{
    char *buf = NULL, name[512], err[128] = "", te[128];
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len), *ro = fopen("/dev/null", "r");
    int st = collide_result_json(r, f, err, sizeof err), st_ro;
    fclose(f);
    snprintf(te, sizeof te, "\"t_e\": %s,\n",
             collide_result_text(r, COLLIDE_TABLE_COLLISIONS, 0, 1));
    snprintf(name, sizeof name, "%s: collide_result_json: the summary, t_e "
             "in s, the first t_e as collisions.csv writes it", what);
    check_true(st == COLLIDE_OK && buf && strncmp(buf, "{\n", 2) == 0 &&
               strstr(buf, "\"format\": \"collide run summary 1\"") &&
               strstr(buf, "\"t_e\": \"s\",") && strstr(buf, te) &&
               buf[len - 2] == '}' && buf[len - 1] == '\n', name);
    free(buf);
    st_ro = ro ? (int)collide_result_json(r, ro, err, sizeof err) : -1;
    if (ro)
        fclose(ro);
    snprintf(name, sizeof name, "%s: collide_result_json on a stream that "
             "cannot be written: COLLIDE_E_IO, said (%s)", what, err);
    check_true(st_ro == COLLIDE_E_IO && strstr(err, "summary"), name);
}

/* Study 1 ends in contact (T = 0.5 s falls in the contact after the last
 * collision): the table of the final contact has one row, with the
 * columns of the collisions, beginning after the last collision, and the
 * ledger has its "final" row. */
static void final_contact(const collide_result *r, const char *what)
{
    int n = collide_result_rows(r, COLLIDE_TABLE_COLLISIONS), c, scope, i, final = 0;
    char name[256];
    c = collide_result_column(r, COLLIDE_TABLE_FINAL_CONTACT, "t_e");
    snprintf(name, sizeof name, "%s: one final contact, the columns of the "
             "collisions, after the last collision", what);
    check_true(collide_result_rows(r, COLLIDE_TABLE_FINAL_CONTACT) == 1 &&
               collide_result_columns(r, COLLIDE_TABLE_FINAL_CONTACT) ==
                   collide_result_columns(r, COLLIDE_TABLE_COLLISIONS) &&
               c == collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "t_e") &&
               collide_result_value(r, COLLIDE_TABLE_FINAL_CONTACT, 0, c) >
                   collide_result_value(r, COLLIDE_TABLE_COLLISIONS, n - 1, c) &&
               collide_result_value(r, COLLIDE_TABLE_FINAL_CONTACT, 0, c) < 0.5,
               name);
    scope = collide_result_column(r, COLLIDE_TABLE_LEDGER, "scope");
    for (i = 0; i < collide_result_rows(r, COLLIDE_TABLE_LEDGER); i++)
        final += strcmp(collide_result_text(r, COLLIDE_TABLE_LEDGER, i, scope),
                        "final") == 0;
    snprintf(name, sizeof name, "%s: the ledger has the final contact's row",
             what);
    check_true(final == 1, name);
}

/* The counters of each engine, NaN for those of the other. */
static void statistics(const collide_result *r, long bits, const char *what)
{
    char name[256];
    double steps = collide_result_stat(r, COLLIDE_STAT_STEPS);
    double events = collide_result_stat(r, COLLIDE_STAT_EVENTS);
    double rhs = collide_result_stat(r, COLLIDE_STAT_RHS_EVALUATIONS);
    double order = collide_result_stat(r, COLLIDE_STAT_TAYLOR_ORDER);
    double digits = collide_result_stat(r, COLLIDE_STAT_DIGITS);
    snprintf(name, sizeof name, "%s: steps, events (at least 2 per "
             "collision) and CPU time counted", what);
    check_true(steps > 0 && events >= 2 * collide_result_rows(r, COLLIDE_TABLE_COLLISIONS) &&
               collide_result_stat(r, COLLIDE_STAT_CPU_SECONDS) >= 0, name);
    snprintf(name, sizeof name, "%s: the counters of its engine, NaN for the "
             "other's", what);
    if (bits == 53)
        check_true(rhs > steps && isnan(order) && isnan(digits) &&
                   isnan(collide_result_stat(r, COLLIDE_STAT_PIECES)) &&
                   collide_result_stat(r, COLLIDE_STAT_END_TIME) == 0.5 &&
                   collide_result_stat(r, COLLIDE_STAT_TAIL_START) > 0 &&
                   collide_result_stat(r, COLLIDE_STAT_TAIL_START) < 0.5 &&
                   collide_result_stat(r, COLLIDE_STAT_INITIAL_C_AND_D) == 0,
                   name);
    else
        check_true(isnan(rhs) && order >= 10 && digits == 20 &&
                   collide_result_stat(r, COLLIDE_STAT_PIECES) >= events, name);
    check_true(isnan(collide_result_stat(r, (collide_stat)99)),
               "an unknown counter: NaN");
}

static void run_study1(long bits)
{
    collide_scenario *s;
    collide_result *r;
    collide_run_options o;
    char err[1024], what[64];
    int e, i;
    snprintf(what, sizeof what, "study1 at %ld bits", bits);
    collide_run_options_init(&o, sizeof o);
    o.engine = bits > 53 ? COLLIDE_ENGINE_MPFR : COLLIDE_ENGINE_BINARY64;
    o.precision = bits;
    check_true(collide_scenario_load("study1", &s, err, sizeof err) == COLLIDE_OK,
               "study1 loads");
    check_true(collide_run(s, &o, &r, err, sizeof err) == COLLIDE_OK && r,
               "study1 runs");
    check_true(collide_result_status(r) == COLLIDE_OK &&
               strcmp(collide_result_diagnosis(r), "") == 0,
               "a success: status 0, no diagnosis");
    check_true(collide_result_precision(r) == bits, "the precision of the run");
    check_true(collide_result_rows(r, COLLIDE_TABLE_COLLISIONS) == 12,
               "study 1 has 12 collisions (Table I)");
    e = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "e");
    i = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "i");
    check_true(e > 0 && i == 0, "columns found by their CSV names");
    check_close(collide_result_value(r, COLLIDE_TABLE_COLLISIONS, 0, e), 0.59, 0, 0.005,
                "e of the first collision (Table I: 0.59)");
    check_true(strtod(collide_result_text(r, COLLIDE_TABLE_COLLISIONS, 0, e), NULL) ==
               collide_result_value(r, COLLIDE_TABLE_COLLISIONS, 0, e),
               "value is the text correctly rounded");
    check_true(collide_result_text(r, COLLIDE_TABLE_COLLISIONS, 12, e) == NULL &&
               collide_result_text(r, COLLIDE_TABLE_COLLISIONS, 0, 999) == NULL &&
               collide_result_text(r, COLLIDE_TABLE_COLLISIONS, -1, 0) == NULL &&
               isnan(collide_result_value(r, COLLIDE_TABLE_COLLISIONS, 12, e)),
               "outside the table: NULL and NaN");
    check_true(collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "no_such") == -1,
               "an unknown column: -1");
    {
        int tr = collide_result_column(r, COLLIDE_TABLE_EVENTS, "transition");
        check_true(tr >= 0 && isnan(collide_result_value(r, COLLIDE_TABLE_EVENTS, 0, tr)),
                   "a text cell (a transition's name) has the value NaN");
    }
    final_contact(r, what);
    statistics(r, bits, what);
    tables_are_files(r, what);
    column_units(r, what);
    summary_json(r, what);
    check_true(collide_compare("/nonexistent-a", "/nonexistent-b", NAN, NULL,
                               NULL, NULL, 0) == COLLIDE_E_INPUT,
               "compare of missing sets: COLLIDE_E_INPUT");
    collide_result_free(r);
    collide_scenario_free(s);
}

/* What the watcher of a run saw. */
typedef struct watched {
    int calls;
    long bits[4];
    const int *count;   /* the count of the run under way */
    int last;           /* the count of the last run, at its end */
    long cancel_at;     /* the bits of the run to cancel; 0: none */
} watched;

static int watcher(void *ctx, long bits, const int *collisions)
{
    watched *w = ctx;
    if (w->count)
        w->last = *w->count;
    if (w->calls < 4)
        w->bits[w->calls] = bits;
    w->calls++;
    w->count = collisions;
    return w->cancel_at != 0 && bits == w->cancel_at;
}

/* The set of a checked run holds an scd table beside each table, with
 * the table's header, meta.json and MANIFEST. */
static void checked_set(const collide_result *r)
{
    char dir[] = "/tmp/collide-test-api-XXXXXX", err[1024], path[4200];
    int t, ok = 1;
    if (!mkdtemp(dir)) {
        check_true(0, "mkdtemp");
        return;
    }
    check_true(collide_result_write(r, dir, err, sizeof err) == COLLIDE_OK,
               "collide_result_write of a checked run succeeds");
    for (t = 0; t < 4; t++) {
        char scd[64], *a, *b;
        snprintf(scd, sizeof scd, "%.*s.scd.csv",
                 (int)strlen(file_of[t]) - 4, file_of[t]);
        a = slurp(dir, file_of[t]);
        b = slurp(dir, scd);
        ok &= a && b && strncmp(a, b, strcspn(a, "\n") + 1) == 0;
        free(a);
        free(b);
        snprintf(path, sizeof path, "%s/%s", dir, file_of[t]);
        unlink(path);
        snprintf(path, sizeof path, "%s/%s", dir, scd);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/MANIFEST", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/meta.json", dir);
    ok &= unlink(path) == 0;
    check_true(ok && rmdir(dir) == 0, "a checked run's set: the 4 tables, "
               "an scd table with the same header beside each, meta.json, "
               "MANIFEST");
}

/* Further sample times (binary64): hertz with no sample grid (its samples
 * then are t = 0, the events and T) and three times gives three samples
 * more, at those times; a time outside [0, T] and sample times at high
 * precision are refused, naming the field. */
static void sample_times(void)
{
    static const double at[3] = {1e-4, 2e-4, 3e-4};
    double bad[2] = {0.0, 1.0};
    collide_scenario *s;
    collide_result *r;
    collide_run_options o;
    char err[1024];
    int st, t, i, n, ok = 1;
    collide_scenario_load("hertz", &s, err, sizeof err);
    collide_scenario_set(s, "samples", "0", err, sizeof err);
    collide_run_options_init(&o, sizeof o);
    o.sample_at = at;
    o.n_sample_at = 3;
    st = collide_run(s, &o, &r, err, sizeof err);
    t = collide_result_column(r, COLLIDE_TABLE_SAMPLES, "t");
    for (i = 0; i < 3 && st == COLLIDE_OK; i++)
        ok &= collide_result_value(r, COLLIDE_TABLE_SAMPLES, i + 1, t) == at[i];
    n = collide_result_rows(r, COLLIDE_TABLE_SAMPLES);
    collide_result_free(r);
    o.n_sample_at = 0;
    collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_OK && ok &&
               n == collide_result_rows(r, COLLIDE_TABLE_SAMPLES) + 3,
               "sample_at: three more samples, at t = 1e-4, 2e-4, 3e-4");
    collide_result_free(r);
    o.sample_at = bad;
    o.n_sample_at = 2;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL &&
               strstr(err, "sample_at[1] = 1 ") && strstr(err, "[0, 0.1"),
               "sample_at beyond T: status 2, the element, its value and "
               "the range named");
    o.sample_at = at;
    o.engine = COLLIDE_ENGINE_MPFR;
    o.precision = 64;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL && strstr(err, "sample_at"),
               "sample_at at high precision: status 2, the field named");
    collide_scenario_free(s);
}

/* The one number reader: decimal text correctly rounded; hexadecimal, nan
 * and trailing text refused; the range checked, with the field, the text
 * and the range in the message. */
static void numbers(void)
{
    static const collide_aux_range bits = {"BITS", 53, 16384, 1, 1, 1};
    char err[256];
    double v = 0;
    check_true(collide_aux_number_read("x", "0.1", NULL, &v, err, sizeof err) ==
                   COLLIDE_OK && v == 0.1,
               "collide_aux_number_read: 0.1 is the double nearest 1/10");
    check_true(collide_aux_number_read("x", "0x1p-3", NULL, &v, err, sizeof err) ==
                   COLLIDE_E_INPUT && strstr(err, "x = 0x1p-3 is not a decimal number"),
               "collide_aux_number_read: hexadecimal refused, field and text named");
    check_true(collide_aux_number_read("x", "nan", NULL, &v, err, sizeof err) ==
                   COLLIDE_E_INPUT &&
               collide_aux_number_read("x", "1 ", NULL, &v, err, sizeof err) ==
                   COLLIDE_E_INPUT &&
               collide_aux_number_read("x", "inf", NULL, &v, err, sizeof err) ==
                   COLLIDE_E_INPUT,
               "collide_aux_number_read: nan, a trailing space and inf (without "
               "a range that admits it) refused");
    check_true(collide_aux_number_read("--precision", "52", &bits, &v, err,
                                   sizeof err) == COLLIDE_E_INPUT &&
               strcmp(err, "--precision = 52 is outside the allowed range: "
                      "BITS in [53, 16384], an integer") == 0,
               "collide_aux_number_read: outside the range, the range named");
    check_true(collide_aux_number_read("--precision", "64.5", &bits, &v, err,
                                   sizeof err) == COLLIDE_E_INPUT &&
               collide_aux_number_read("--precision", "1e2", &bits, &v, err,
                                   sizeof err) == COLLIDE_OK && v == 100,
               "collide_aux_number_read: an integer range refuses 64.5, takes 1e2");
}

/* What collide show prints, through the interface: the entries with
 * their lines, the run settings with their defaults, the derived
 * quantities and the law. */
static void scenario_contents(void)
{
    collide_scenario *s;
    collide_quantity q[32];
    const char *key, *text;
    char err[1024];
    int i, line, n, law_line = 0, mass = 0;
    collide_scenario_load("study1", &s, err, sizeof err);
    for (i = 0; collide_scenario_entry(s, i, &key, &text, &line); i++)
        if (strcmp(key, "law") == 0 && strcmp(text, "bwmcl") == 0)
            law_line = line;
    check_true(i > 5 && law_line > 0 &&
               !collide_scenario_entry(s, i, &key, &text, &line) &&
               !collide_scenario_entry(s, -1, &key, &text, &line),
               "collide_scenario_entry: the entries in order, law = bwmcl "
               "with its line; none outside");
    check_true(collide_scenario_setting(s, "T") == 0.5 &&
               collide_scenario_setting(s, "max_steps") > 0 &&
               collide_scenario_setting(s, "rtol") > 0 &&
               collide_scenario_setting(s, "rtol") < 1 &&
               isnan(collide_scenario_setting(s, "law")),
               "collide_scenario_setting: T, defaults filled in; NaN for "
               "an entry that is not a run setting");
    n = collide_scenario_quantities(s, q, 32);
    for (i = 0; i < n; i++)
        mass += strcmp(q[i].unit, "kg") == 0 && q[i].value > 0 &&
                strstr(q[i].equation, "Eq") != NULL;
    check_true(n > 0 && mass > 0 && collide_scenario_quantities(s, q, 0) == 0,
               "collide_scenario_quantities: a mass in kg with its equation");
    check_true(strcmp(collide_scenario_law(s, 0), "bwmcl") == 0 &&
               strstr(collide_scenario_law(s, 2), "72") != NULL &&
               collide_scenario_law(s, 3) == NULL,
               "collide_scenario_law: name and equations (72) of BWMCL");
    check_true(collide_builtin_description("study1") != NULL &&
               collide_builtin_description("no-such") == NULL,
               "collide_builtin_description: a built-in's, NULL for none");
    collide_scenario_free(s);
}

/* A checked run at 113 bits (as collide run --check): every value of
 * study 1 holds the 20 digits written (113 log10(2) - 14); an unchecked
 * run has no digits. */
static void checked_run(void)
{
    collide_scenario *s;
    collide_result *r;
    collide_run_options o;
    char err[1024];
    int st, t, row, col, worst_ok = 1, some = 0;
    watched w;
    collide_scenario_load("study1", &s, err, sizeof err);
    collide_run_options_init(&o, sizeof o);
    o.engine = COLLIDE_ENGINE_MPFR;
    o.precision = 113;
    o.check = 1;
    o.watch = watcher;
    o.watch_ctx = &w;
    memset(&w, 0, sizeof w);
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_OK, "study1 checked at 113 bits: status 0");
    for (t = 0; t < 4; t++)
        for (row = 0; row < collide_result_rows(r, (collide_table)t); row++)
            for (col = 0; col < collide_result_columns(r, (collide_table)t); col++) {
                const char *name = collide_result_column_name(r, (collide_table)t, col);
                double d = collide_result_digits(r, (collide_table)t, row, col);
                if (isnan(d) || strstr(name, "residual"))
                    continue;   /* a text cell; a residual is a difference */
                some++;
                worst_ok &= d >= 20;
            }
    check_true(some > 1000 && worst_ok,
               "every value of the checked run has at least the 20 digits written");
    check_true(isnan(collide_result_digits(r, COLLIDE_TABLE_COLLISIONS, 99, 1)),
               "digits outside the table: NaN");
    check_true(strncmp(collide_result_check_report(r), "check against 177 bits",
                       22) == 0 &&
               strstr(collide_result_check_report(r), "\ncompare: ") != NULL,
               "the check's report names its reference and ends in a summary");
    checked_set(r);
    check_true(w.calls == 3 && w.bits[0] == 113 && w.bits[1] == 177 &&
               w.bits[2] == 0 && w.last == 12,
               "watch: the run, the check's run at 177 bits, then the end; "
               "the count reached 12 collisions");
    collide_result_free(r);
    o.check = 0;
    o.watch = NULL;
    collide_run(s, &o, &r, err, sizeof err);
    check_true(isnan(collide_result_digits(r, COLLIDE_TABLE_COLLISIONS, 0, 1)),
               "an unchecked run has no digits (NaN)");
    check_true(strcmp(collide_result_check_report(r), "") == 0,
               "an unchecked run has no check report");
    collide_result_free(r);
    o.engine = COLLIDE_ENGINE_BINARY64;
    o.precision = 53;
    o.check = 1;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL && strstr(err, "check"),
               "check in binary64: status 2, the field named");
    collide_scenario_free(s);
}

/* A watcher that answers non-zero cancels the run about to start: the
 * binary64 run itself, or the reference run of a check; COLLIDE_E_INTERRUPT,
 * a result that says so and has no rows and no set. */
static void watcher_cancels(void)
{
    collide_scenario *s = NULL;
    collide_result *r = NULL;
    collide_run_options o;
    char err[1024];
    watched w;
    int st;
    collide_scenario_load("hertz", &s, err, sizeof err);
    collide_run_options_init(&o, sizeof o);
    memset(&w, 0, sizeof w);
    w.cancel_at = 53;
    o.watch = watcher;
    o.watch_ctx = &w;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_INTERRUPT && r &&
                   collide_result_status(r) == COLLIDE_E_INTERRUPT &&
                   strstr(collide_result_diagnosis(r), "cancelled by the "
                          "watcher") && strstr(err, "cancelled") &&
                   collide_result_rows(r, COLLIDE_TABLE_COLLISIONS) == 0 &&
                   w.calls == 2 && w.bits[0] == 53 && w.bits[1] == 0,
               "binary64: the watcher cancels the run: COLLIDE_E_INTERRUPT, "
               "the diagnosis says so, no rows; its last call still made");
    check_true(collide_result_write(r, "/nonexistent/never", err, sizeof err) ==
                   COLLIDE_E_USAGE,
               "a cancelled run has no result set");
    collide_result_free(r);
    memset(&w, 0, sizeof w);
    w.cancel_at = 128;
    o.engine = COLLIDE_ENGINE_MPFR;
    o.precision = 64;
    o.check = 1;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_INTERRUPT && r &&
                   strstr(collide_result_diagnosis(r), "run at 128 bits") &&
                   w.calls == 3 && w.bits[0] == 64 && w.bits[1] == 128 &&
                   w.bits[2] == 0,
               "MPFR with check: the watcher cancels the reference run at "
               "128 bits: COLLIDE_E_INTERRUPT, the run named");
    collide_result_free(r);
    collide_scenario_free(s);
}

/* A canceller (collide_run_options.cancel): counts its calls and
 * cancels at call `at` (0: never). */
typedef struct canceller {
    long calls, at;
} canceller;

static int cancel_at(void *ctx)
{
    canceller *c = ctx;
    c->calls++;
    return c->at != 0 && c->calls >= c->at;
}

/* A run cancelled while it runs: an MPFR run of study 1 asked once per
 * accepted step, cancelled at the 40th (of thousands): COLLIDE_E_INTERRUPT,
 * the diagnosis says so, no rows even with partial, and no file written;
 * a canceller that never cancels is asked once per accepted step but
 * the last (which reaches T), and the run is whole. */
static void cancel_during_run(void)
{
    char dir[] = "/tmp/collide-test-api-XXXXXX";
    collide_scenario *s = NULL;
    collide_result *r = NULL;
    collide_run_options o;
    canceller c = {0, 40};
    char err[1024];
    int st;
    if (!mkdtemp(dir)) {
        check_true(0, "mkdtemp");
        return;
    }
    collide_scenario_load("study1", &s, err, sizeof err);
    collide_run_options_init(&o, sizeof o);
    check_true(o.cancel == NULL && o.cancel_ctx == NULL,
               "run options: no canceller by default");
    o.engine = COLLIDE_ENGINE_MPFR;
    o.precision = 113;
    o.partial = 1;
    o.cancel = cancel_at;
    o.cancel_ctx = &c;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_INTERRUPT && r &&
                   collide_result_status(r) == COLLIDE_E_INTERRUPT &&
                   strstr(collide_result_diagnosis(r),
                          "cancelled by the caller during the run") &&
                   c.calls == 40,
               "MPFR: cancelled at the 40th step: COLLIDE_E_INTERRUPT, the "
               "diagnosis says so, asked no further");
    check_true(collide_result_rows(r, COLLIDE_TABLE_COLLISIONS) == 0 &&
                   collide_result_rows(r, COLLIDE_TABLE_EVENTS) == 0,
               "a cancelled run keeps no rows, even with partial");
    check_true(collide_result_write(r, dir, err, sizeof err) ==
                   COLLIDE_E_USAGE && rmdir(dir) == 0,
               "a cancelled run writes nothing: its directory stays empty");
    collide_result_free(r);
    collide_scenario_free(s);
    collide_scenario_load("hertz", &s, err, sizeof err);
    c.calls = 0;
    c.at = 0;
    o.precision = 64;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_OK && c.calls > 0 &&
                   (double)(c.calls + 1) == collide_result_stat(r, COLLIDE_STAT_STEPS),
               "a canceller that never cancels is asked once per accepted "
               "step but the last (which reaches T), the run whole");
    collide_result_free(r);
    c.calls = 0;
    c.at = 0;
    o.engine = COLLIDE_ENGINE_BINARY64;
    o.precision = 53;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_OK && c.calls > 0 &&
                   (double)(c.calls + 1) == collide_result_stat(r, COLLIDE_STAT_STEPS),
               "binary64: a canceller that never cancels is asked once per "
               "accepted step but the last, the run whole");
    collide_result_free(r);
    collide_scenario_free(s);
    collide_scenario_load("study1", &s, err, sizeof err);
    c.calls = 0;
    c.at = 40;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_INTERRUPT && r &&
                   strstr(collide_result_diagnosis(r),
                          "cancelled by the caller during the run") &&
                   c.calls == 40 &&
                   collide_result_rows(r, COLLIDE_TABLE_COLLISIONS) == 0 &&
                   collide_result_rows(r, COLLIDE_TABLE_EVENTS) == 0,
               "binary64: cancelled at the 40th step: COLLIDE_E_INTERRUPT, "
               "the diagnosis says so, no rows even with partial");
    collide_result_free(r);
    collide_scenario_free(s);
}

static void bad_arguments(void)
{
    collide_scenario *s;
    collide_result *r = (collide_result *)1;
    collide_run_options o;
    char err[1024];
    int st;
    st = collide_scenario_load("no-such-scenario", &s, err, sizeof err);
    check_true(st == COLLIDE_E_INPUT && s == NULL &&
               strstr(err, "no-such-scenario") != NULL,
               "an unknown scenario: status 3, NULL, its name in the message");
    st = collide_scenario_parse("system = reduced\nlaw = shccl\nk = -1\n",
                                "mine.scn", &s, err, sizeof err);
    check_true(st == COLLIDE_E_INPUT && s == NULL && strstr(err, "mine.scn"),
               "a bad scenario text: status 3, the source named");
    collide_scenario_load("study1", &s, err, sizeof err);
    st = collide_scenario_set(s, "rtol", "2", err, sizeof err);
    check_true(st == COLLIDE_E_INPUT && strstr(err, "rtol") && strstr(err, "2"),
               "rtol = 2: status 3, the key and the value named");
    check_true(strcmp(collide_scenario_text(s, "rtol") ? collide_scenario_text(s, "rtol") : "", "2") != 0,
               "a refused setting leaves the scenario unchanged");
    check_true(strcmp(collide_scenario_source(s), "builtin:study1") == 0,
               "the source of a built-in");
    check_true(collide_scenario_value(s, "T") == 0.5 &&
               isnan(collide_scenario_value(s, "law")) &&
               isnan(collide_scenario_value(s, "no_such_key")),
               "collide_scenario_value: T = 0.5; a text entry and a missing "
               "one NaN");
    collide_run_options_init(&o, sizeof o);
    o.engine = COLLIDE_ENGINE_MPFR;
    o.precision = 20;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL &&
               strstr(err, "precision = 20") && strstr(err, "[54, 16384]"),
               "MPFR at precision 20: status 2, no result, field, value and "
               "range named");
    o.precision = 53;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL &&
               strstr(err, "precision = 53") && strstr(err, "[54, 16384]"),
               "MPFR at precision 53: refused (53 is no longer the binary64 "
               "engine's name), the range named");
    collide_run_options_init(&o, sizeof o);
    o.precision = 113;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL &&
               strstr(err, "precision = 113") &&
               strstr(err, "binary64 engine: precision = 53"),
               "binary64 at precision 113: refused, the engine field named");
    collide_run_options_init(&o, sizeof o);
    o.engine = (collide_engine)7;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL && strstr(err, "engine = 7"),
               "engine 7: refused, the field and its range named");
    collide_run_options_init(&o, sizeof o);
    check_true(o.struct_size == sizeof o && o.engine == COLLIDE_ENGINE_BINARY64 &&
                   o.precision == 53,
               "run options: struct_size set by init, the binary64 engine");
    o.struct_size = sizeof o - 1;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL && strstr(err, "struct_size"),
               "run options of an unknown size refused, struct_size named");
    o.struct_size = sizeof o + 8;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL && strstr(err, "struct_size"),
               "run options larger than this version's refused");
    collide_run_options_init(&o, sizeof o);
    o.struct_size = offsetof(collide_run_options, cancel);
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_OK && r, "run options of the first version's size "
               "(up to tables, no cancel) accepted");
    collide_result_free(r);
    o.struct_size = offsetof(collide_run_options, cancel) + 1;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL && strstr(err, "struct_size"),
               "a size between two versions' refused");
    {
        /* A caller compiled against the first version: init writes its
         * bytes only, not this version's cancel and cancel_ctx. */
        size_t first = offsetof(collide_run_options, cancel);
        memset(&o, 0xA5, sizeof o);
        check_true(collide_run_options_init(&o, first) == COLLIDE_OK &&
                       o.struct_size == first && o.tables == 0 &&
                       ((const unsigned char *)&o)[first] == 0xA5 &&
                       ((const unsigned char *)&o)[sizeof o - 1] == 0xA5,
                   "run options init of the first version's size: its "
                   "fields set, no byte beyond them written");
        check_true(collide_run_options_init(&o, first + 1) == COLLIDE_E_USAGE &&
                       o.struct_size == first,
                   "run options init of a size between versions: refused, "
                   "nothing written");
        st = collide_run(s, &o, &r, err, sizeof err);
        check_true(st == COLLIDE_OK && r, "a run with the first version's "
                   "options from init: accepted");
        collide_result_free(r);
    }
    collide_run_options_init(&o, sizeof o);
    o.digits = 10;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL && strstr(err, "digits"),
               "digits in binary64: status 2, the field named");
    o.engine = COLLIDE_ENGINE_MPFR;
    o.precision = 113;
    o.digits = 40;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL && strstr(err, "[1, 26]"),
               "digits 40 at 113 bits: status 2, the range [1, 26] named");
    check_true(collide_scenario_set(s, "rtol", "0.5", err, sizeof err) == COLLIDE_OK,
               "rtol = 0.5 is accepted");
    st = collide_run(s, NULL, &r, err, sizeof err);
    check_true(st == COLLIDE_E_LEDGER && r && (int)collide_result_status(r) == st &&
               strlen(collide_result_diagnosis(r)) > 0 &&
               collide_result_rows(r, COLLIDE_TABLE_COLLISIONS) == 0,
               "study 1 at rtol 0.5: status 12 kept with its diagnosis, no rows");
    check_true(collide_result_write(r, "/tmp/collide-test-api-never", err,
                                    sizeof err) == COLLIDE_E_USAGE &&
               access("/tmp/collide-test-api-never", F_OK) != 0,
               "a failed run has no result set: nothing written");
    collide_result_free(r);
    collide_scenario_free(s);
    collide_scenario_free(NULL);
    collide_result_free(NULL);
}

/* A run that leaves the proof domain (v_c beyond 1024 m/s under a force
 * of 1e6 N on 1 kg) stops with COLLIDE_E_DOMAIN; with
 * outside_proved_domain = 1 it runs, and collide_result_left_domain says
 * when and which quantity. */
static void proof_domain_runs(void)
{
    static const char fast[] = "system = Hr\nlaw = clamped\nk = 1e6\nm = 1\n"
                               "x0 = 1\nv0 = 0\ninput = constant\nF = -1e6\n"
                               "T = 0.002\n";
    char text[256], err[1024], note[256] = "";
    collide_scenario *s = NULL;
    collide_result *r = NULL;
    double t = -1;
    check_true(collide_scenario_parse(fast, "fast.scn", &s, err, sizeof err) ==
                   COLLIDE_OK && collide_run(s, NULL, &r, err, sizeof err) ==
                   COLLIDE_E_DOMAIN && collide_result_status(r) == COLLIDE_E_DOMAIN &&
                   strstr(collide_result_diagnosis(r), "left the proof domain: v_c = "),
               "a run leaving the proof domain: COLLIDE_E_DOMAIN, v_c named");
    collide_result_free(r);
    collide_scenario_free(s);
    snprintf(text, sizeof text, "%soutside_proved_domain = 1\n", fast);
    r = NULL;
    s = NULL;
    check_true(collide_scenario_parse(text, "fast.scn", &s, err, sizeof err) ==
                   COLLIDE_OK && collide_run(s, NULL, &r, err, sizeof err) ==
                   COLLIDE_OK && collide_result_left_domain(r, &t, note, sizeof note) == 1 &&
                   t > 1.0e-3 && t < 2.0e-3 && strstr(note, "v_c = -") &&
                   strstr(note, "domain_speed"),
               "outside_proved_domain = 1: the run goes on, and says when and "
               "which quantity left the domain");
    collide_result_free(r);
    collide_scenario_free(s);
}

static void statuses(void)
{
    int st, distinct = 1;
    for (st = 0; st <= COLLIDE_E_DOMAIN; st++)
        if (st != 1 && strcmp(collide_status_text(st), "unknown status") == 0)
            distinct = 0;
    check_true(distinct, "every status has a text");
    check_true(strcmp(collide_status_text(1), "unknown status") == 0 &&
               strcmp(collide_status_text(99), "unknown status") == 0,
               "an unknown status says so");
    check_true(strcmp(collide_version(), COLLIDE_VERSION) == 0,
               "the library's version is the header's");
    check_true(collide_builtin_names()[0] != NULL, "built-in names listed");
}

/* Runs hertz at bits and writes its result set into dir, with the
 * session ses when it is not NULL (collide_aux_session_write_result). */
static int hertz_set(collide_aux_session *ses, long bits, const char *dir)
{
    collide_scenario *s;
    collide_result *r = NULL;
    collide_run_options o;
    char err[1024];
    int ok;
    collide_run_options_init(&o, sizeof o);
    o.engine = bits > 53 ? COLLIDE_ENGINE_MPFR : COLLIDE_ENGINE_BINARY64;
    o.precision = bits;
    ok = collide_scenario_load("hertz", &s, err, sizeof err) == COLLIDE_OK &&
         collide_run(s, &o, &r, err, sizeof err) == COLLIDE_OK &&
         (ses ? collide_aux_session_write_result(ses, r, dir, err, sizeof err)
              : collide_result_write(r, dir, err, sizeof err)) == COLLIDE_OK;
    collide_result_free(r);
    collide_scenario_free(s);
    return ok;
}

/* Removes the files of a result set dir (and extra, when not NULL). */
static void remove_set(const char *dir, const char *extra)
{
    static const char *const names[] = {"collisions.csv", "events.csv",
        "ledger.csv", "samples.csv", "trajectory.csv", "final_contact.csv",
        "MANIFEST"};
    char path[4200];
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    if (extra)
        unlink(extra);
    rmdir(dir);
}

/* A writer of collide_aux_session_write_file: the string ctx. */
static int put_string(FILE *f, const void *ctx)
{
    return fputs(ctx, f) < 0 ? -1 : 0;
}

/* The scd file of collide_aux_session_compare_with (the tables fa, fb,
 * the options o, into dir) is written with the session: a file noted as
 * its input is refused and left as it was, where collide_compare_with,
 * with no session, replaces it; a file not noted is written. */
static void session_scd(const char *fa, const char *fb, const char *dir,
                        collide_compare_options *o)
{
    char noted[4200], msg[1024], *text;
    collide_aux_session *s = NULL;
    collide_compare_verdict v = COLLIDE_VERDICT_BELOW;
    snprintf(noted, sizeof noted, "%s/noted.csv", dir);
    if (collide_aux_session_make(&s) != COLLIDE_OK ||
        collide_aux_session_write_file(NULL, noted, put_string, "kept\n",
                                       msg, sizeof msg) != COLLIDE_OK) {
        check_true(0, "a session, a file to note");
        collide_aux_session_free(s);
        return;
    }
    collide_aux_session_note_input(s, noted);
    o->scd_csv = noted;
    check_true(collide_aux_session_compare_with(s, fa, fb, o, NULL, &v, msg,
                                                sizeof msg) ==
                   COLLIDE_E_INPUT && strstr(msg, "noted.csv"),
               "the scd file onto an input of the session: refused, named");
    text = slurp(dir, "noted.csv");
    check_true(text && strcmp(text, "kept\n") == 0,
               "the session's input is left as it was");
    free(text);
    check_true(collide_compare_with(fa, fb, o, NULL, &v, NULL, 0) ==
                   COLLIDE_OK && (text = slurp(dir, "noted.csv")) != NULL &&
                   strncmp(text, "i,t_e,t_s,", 10) == 0,
               "without the session the same file is written");
    free(text);
    unlink(noted);
    o->scd_csv = noted;
    v = COLLIDE_VERDICT_BELOW;
    check_true(collide_aux_session_compare_with(NULL, fa, fb, o, NULL, &v,
                                                NULL, 0) == COLLIDE_OK &&
                   v == COLLIDE_VERDICT_MET &&
                   (text = slurp(dir, "noted.csv")) != NULL,
               "a NULL session: as collide_compare_with");
    free(text);
    unlink(noted);
    o->scd_csv = NULL;
    collide_aux_session_free(s);
}

/* collide_compare_with: a binary64 run against one at 113 bits, with a
 * threshold it meets and one it cannot, the scd file of two tables, and
 * the refusals of a bad threshold and a missing operand. The MANIFEST of
 * a set written with a session names the session's command line
 * (collide_aux_session_set_command_line), one written without names
 * none. */
static void comparisons(void)
{
    char a[] = "/tmp/collide-test-api-XXXXXX", b[] = "/tmp/collide-test-api-XXXXXX";
    char fa[4200], fb[4200], scd[4200], msg[512];
    char *const argv[] = {"prog", "run", "hertz", "two words", NULL};
    collide_compare_options o;
    char *text;
    collide_compare_verdict v = COLLIDE_VERDICT_BELOW;
    collide_aux_session *ses = NULL;
    if (!mkdtemp(a) || !mkdtemp(b) ||
        collide_aux_session_make(&ses) != COLLIDE_OK) {
        check_true(0, "mkdtemp, a session");
        return;
    }
    collide_aux_session_set_command_line(ses, 4, argv);
    check_true(hertz_set(ses, 53, a) && hertz_set(NULL, 113, b),
               "hertz in both precisions");
    text = slurp(a, "MANIFEST");
    check_true(text && strstr(text, "\ncommand = collide run hertz 'two words'\n"),
               "MANIFEST names the command line of the session");
    free(text);
    text = slurp(b, "MANIFEST");
    check_true(text && strstr(text, "\ncommand = collide\n"),
               "MANIFEST of a set written without a session: no arguments");
    free(text);
    collide_aux_session_remove_temporaries(ses);
    collide_aux_session_free(ses);
    text = slurp(a, "collisions.csv");
    check_true(text != NULL, "removing temporaries leaves a written set alone");
    free(text);
    snprintf(fa, sizeof fa, "%s/collisions.csv", a);
    snprintf(fb, sizeof fb, "%s/collisions.csv", b);
    snprintf(scd, sizeof scd, "%s/scd.csv", a);
    collide_compare_options_init(&o, sizeof o);
    check_true(isnan(o.digits) && o.scd_csv == NULL, "compare defaults");
    o.digits = 3;
    o.scd_csv = scd;
    check_true(collide_compare_with(fa, fb, &o, NULL, &v, NULL, 0) ==
                   COLLIDE_OK && v == COLLIDE_VERDICT_MET,
               "binary64 against 113 bits: 3 digits met");
    text = slurp(a, "scd.csv");
    check_true(text && strncmp(text, "i,t_e,t_s,", 10) == 0,
               "the scd file has the columns of the table");
    free(text);
    session_scd(fa, fb, a, &o);
    o.digits = 40;
    o.scd_csv = NULL;
    check_true(collide_compare_with(a, b, &o, NULL, &v, msg, sizeof msg) ==
                   COLLIDE_OK && v == COLLIDE_VERDICT_BELOW && msg[0] == '\0',
               "40 digits: binary64 falls short (a verdict, no problem)");
    v = COLLIDE_VERDICT_BELOW;
    check_true(collide_compare(a, b, 3, NULL, &v, NULL, 0) == COLLIDE_OK &&
                   v == COLLIDE_VERDICT_MET &&
                   collide_compare_with(a, b, NULL, NULL, NULL, NULL, 0) ==
                       COLLIDE_OK,
               "sets compared with and without a threshold");
    check_true((int)COLLIDE_VERDICT_MET > (int)COLLIDE_E_DOMAIN &&
                   (int)COLLIDE_VERDICT_BELOW > (int)COLLIDE_E_DOMAIN &&
                   strcmp(collide_status_text(COLLIDE_VERDICT_BELOW),
                          "unknown status") == 0,
               "the verdicts' numbers are none of collide_status's");
    o.digits = -1;
    v = COLLIDE_VERDICT_MET;
    check_true(collide_compare_with(a, b, &o, NULL, &v, msg, sizeof msg) ==
                   COLLIDE_E_USAGE && v == COLLIDE_VERDICT_MET,
               "digits -1 refused, the verdict untouched");
    check_true(strstr(msg, "digits = -1") && strstr(msg, "[0, inf]"),
               "the refusal names the field, its value and the range");
    check_true(collide_compare_with(NULL, b, NULL, NULL, NULL, NULL, 0) ==
                   COLLIDE_E_USAGE, "a missing operand refused");
    snprintf(fa, sizeof fa, "%s/none.csv", a);
    check_true(collide_compare(fa, fb, NAN, NULL, &v, msg, sizeof msg) ==
                   COLLIDE_E_INPUT && strstr(msg, "none.csv") &&
                   !strchr(msg, '\n'),
               "a missing input: COLLIDE_E_INPUT, the file named in err, "
               "one line");
    check_true(strncmp(collide_aux_arithmetic_version(), "MPFR ", 5) == 0 &&
                   strstr(collide_aux_arithmetic_version(), ", GMP "),
               "the arithmetic libraries' versions");
    remove_set(a, scd);
    remove_set(b, NULL);
}

/* text with the first occurrence of `from` replaced by `to` (a new
 * string), or NULL. */
static char *replaced(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    size_t n = strlen(text) + strlen(to) + 1;
    char *out = at ? malloc(n) : NULL;
    if (out)
        snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to,
                 at + strlen(from));
    return out;
}

/* The result set of a binary64 run of s written into dir; 1 when done. */
static int write_run(const collide_scenario *s, const char *dir)
{
    collide_result *r = NULL;
    char err[1024];
    int ok = collide_run(s, NULL, &r, err, sizeof err) == COLLIDE_OK &&
             collide_result_write(r, dir, err, sizeof err) == COLLIDE_OK;
    collide_result_free(r);
    return ok;
}

/* 1 when the files of the result sets a and b are byte for byte the
 * same (each present in both, or in neither). */
static int same_sets(const char *a, const char *b)
{
    static const char *const names[] = {"collisions.csv", "events.csv",
        "ledger.csv", "samples.csv", "final_contact.csv", "MANIFEST"};
    size_t i;
    int same = 1;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        char *x = slurp(a, names[i]), *y = slurp(b, names[i]);
        same &= (!x && !y) || (x && y && strcmp(x, y) == 0);
        same &= x != NULL || (i != 0 && i != 5);  /* collisions, MANIFEST */
        free(x);
        free(y);
    }
    return same;
}

/* One thread of two_threads_write: runs its scenario and writes its
 * result set into dir, rounds times over; ok stays 1 while every write
 * succeeded and left a set equal, byte for byte, to the reference ref
 * written before the threads began. */
typedef struct writer {
    const char *scenario;
    char dir[64], ref[64];
    int rounds, ok;
} writer;

static void *write_rounds(void *arg)
{
    writer *w = arg;
    collide_scenario *s = NULL;
    int i;
    w->ok = collide_scenario_load(w->scenario, &s, NULL, 0) == COLLIDE_OK;
    for (i = 0; w->ok && i < w->rounds; i++)
        w->ok = write_run(s, w->dir) && same_sets(w->dir, w->ref);
    collide_scenario_free(s);
    return NULL;
}

/* Two runs in two threads at once, each writing its result set again and
 * again: every set is complete and correct (that of its own scenario,
 * the MANIFEST naming its fingerprint and proof domain), as the library
 * keeps each write's temporaries and notes on the write, not in the
 * process. */
static void two_threads_write(void)
{
    writer w[2] = {{"hertz", "/tmp/collide-test-api-XXXXXX",
                    "/tmp/collide-test-api-XXXXXX", 6, 0},
                   {"study1", "/tmp/collide-test-api-XXXXXX",
                    "/tmp/collide-test-api-XXXXXX", 6, 0}};
    pthread_t th[2];
    collide_scenario *s;
    int i, made = 1;
    for (i = 0; i < 2; i++) {
        made &= mkdtemp(w[i].dir) != NULL && mkdtemp(w[i].ref) != NULL &&
                collide_scenario_load(w[i].scenario, &s, NULL, 0) == COLLIDE_OK;
        if (made)
            made &= write_run(s, w[i].ref);
        collide_scenario_free(s);
        s = NULL;
    }
    check_true(made, "two_threads_write: the reference sets");
    if (!made)
        return;
    for (i = 0; i < 2; i++)
        made &= pthread_create(&th[i], NULL, write_rounds, &w[i]) == 0;
    for (i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    check_true(made && w[0].ok && w[1].ok,
               "two threads write two result sets at once, 6 times each: "
               "every set complete and equal to its reference");
    for (i = 0; i < 2; i++) {
        remove_set(w[i].dir, NULL);
        remove_set(w[i].ref, NULL);
    }
}

/* A scenario changed by collide_scenario_set and _set_value (a law
 * parameter, the initial state) runs byte for byte as the scenario whose
 * text holds those values; a refused value names the key, the value and
 * the range (or the proof domain) and leaves the scenario unchanged; a
 * copy changes apart from its original. */
static void scenario_setters(void)
{
    char a[] = "/tmp/collide-test-api-XXXXXX", b[] = "/tmp/collide-test-api-XXXXXX";
    const char *base = collide_builtin_text("study1");
    char *t1 = replaced(base, "c = 4.400e3\n", "c = 5000\n");
    char *t2 = t1 ? replaced(t1, "v0 = 0\n", "v0 = -0.25\n") : NULL;
    collide_scenario *set = NULL, *text = NULL, *copy = NULL;
    uint64_t f1 = 0, f2 = 1;
    char err[1024];
    int st;
    if (!t2 || !mkdtemp(a) || !mkdtemp(b)) {
        check_true(0, "scenario_setters: texts and directories");
        free(t1);
        free(t2);
        return;
    }
    check_true(collide_scenario_parse(base, "study1.scn", &set, err, sizeof err) ==
                   COLLIDE_OK &&
               collide_scenario_parse(t2, "study1.scn", &text, err, sizeof err) ==
                   COLLIDE_OK,
               "study 1 from its text, and with c = 5000, v0 = -0.25");
    check_true(set && text &&
               collide_scenario_set_value(set, "c", 5000, err, sizeof err) ==
                   COLLIDE_OK &&
               collide_scenario_set(set, "v0", "-0.25", err, sizeof err) ==
                   COLLIDE_OK &&
               strcmp(collide_scenario_text(set, "c"), "5000") == 0 &&
               collide_scenario_value(set, "v0") == -0.25,
               "c and v0 set through the interface");
    check_true(collide_scenario_fingerprint(set, &f1) == COLLIDE_OK &&
               collide_scenario_fingerprint(text, &f2) == COLLIDE_OK && f1 == f2,
               "the set scenario has the fingerprint of the text's");
    check_true(write_run(set, a) && write_run(text, b) && same_sets(a, b),
               "a run of the set scenario equals, byte for byte, the text's");
    st = collide_scenario_set_value(set, "c", -1, err, sizeof err);
    check_true(st == COLLIDE_E_INPUT && strstr(err, "c = -1") &&
                   strstr(err, "allowed range") &&
                   collide_scenario_value(set, "c") == 5000,
               "c = -1 refused: key, value and range named; c unchanged");
    st = collide_scenario_set_value(set, "v0", -5000, err, sizeof err);
    check_true(st == COLLIDE_E_INPUT && strstr(err, "v0 = -5000") &&
                   strstr(err, "proof domain"),
               "v0 = -5000 refused: outside the proof domain, named");
    st = collide_scenario_set_value(set, "m", 1, err, sizeof err);
    check_true(st == COLLIDE_E_INPUT && strstr(err, "m = 1"),
               "m beside rho1 refused as in a text, the key named");
    st = collide_scenario_set_value(set, "no_such_key", 1, err, sizeof err);
    check_true(st == COLLIDE_E_INPUT && strstr(err, "no_such_key"),
               "an unknown key refused, named");
    check_true(collide_scenario_set_value(set, "T", NAN, err, sizeof err) ==
                   COLLIDE_E_INPUT && collide_scenario_value(set, "T") == 0.5,
               "T = NaN refused, T unchanged");
    check_true(collide_scenario_copy(set, &copy, err, sizeof err) == COLLIDE_OK &&
                   collide_scenario_set_value(copy, "alpha", 0.5, err,
                                              sizeof err) == COLLIDE_OK &&
                   collide_scenario_value(copy, "alpha") == 0.5 &&
                   collide_scenario_value(set, "alpha") == 0.35,
               "a copy is set apart from its original");
    collide_scenario_free(copy);
    collide_scenario_free(set);
    collide_scenario_free(text);
    free(t1);
    free(t2);
    remove_set(a, NULL);
    remove_set(b, NULL);
}

/* collide_scenario_set_many: the entries of one point set at once equal
 * those set one by one; values valid only together (t_tol = 8e-16 s
 * needs T >= 0.8 s: t_tol <= 1e-15 T) are accepted together, whatever
 * their order; a refused value, a key given twice or n = 0 leave the
 * scenario as it was. */
static void scenario_set_many(void)
{
    static const char *const k2[] = {"c", "v0"}, *const v2[] = {"5000", "-0.25"};
    static const char *const kt[] = {"t_tol", "T"}, *const vt[] = {"8e-16", "1"};
    static const char *const kbad[] = {"c", "v0"}, *const vbad[] = {"6000", "-5000"};
    static const char *const ktwice[] = {"c", "c"}, *const vtwice[] = {"1", "2"};
    collide_scenario *many = NULL, *one = NULL;
    uint64_t f1 = 0, f2 = 1;
    char err[1024];
    int st;
    if (!check_true(collide_scenario_load("study1", &many, err, sizeof err) ==
                        COLLIDE_OK &&
                    collide_scenario_load("study1", &one, err, sizeof err) ==
                        COLLIDE_OK,
                    "set_many: study 1 loaded twice")) {
        collide_scenario_free(many);
        collide_scenario_free(one);
        return;
    }
    check_true(collide_scenario_set_many(many, 2, k2, v2, err, sizeof err) ==
                   COLLIDE_OK &&
               collide_scenario_set(one, "c", "5000", err, sizeof err) == COLLIDE_OK &&
               collide_scenario_set(one, "v0", "-0.25", err, sizeof err) ==
                   COLLIDE_OK &&
               collide_scenario_fingerprint(many, &f1) == COLLIDE_OK &&
               collide_scenario_fingerprint(one, &f2) == COLLIDE_OK && f1 == f2 &&
               collide_scenario_value(many, "c") == 5000,
               "set_many of c, v0: the fingerprint of setting them one by one");
    st = collide_scenario_set(one, "t_tol", "8e-16", err, sizeof err);
    check_true(st == COLLIDE_E_INPUT && strstr(err, "t_tol"),
               "t_tol = 8e-16 alone refused with T = 0.5 (its range names T)");
    check_true(collide_scenario_set_many(many, 2, kt, vt, err, sizeof err) ==
                   COLLIDE_OK &&
                   collide_scenario_value(many, "T") == 1 &&
                   collide_scenario_setting(many, "t_tol") == 8e-16,
               "t_tol = 8e-16 with T = 1 accepted together, t_tol given first");
    st = collide_scenario_set_many(many, 2, kbad, vbad, err, sizeof err);
    check_true(st == COLLIDE_E_INPUT && strstr(err, "v0 = -5000") &&
                   collide_scenario_value(many, "c") == 5000,
               "c = 6000 with v0 = -5000 refused as a whole: v0 named, c unchanged");
    st = collide_scenario_set_many(many, 2, ktwice, vtwice, err, sizeof err);
    check_true(st == COLLIDE_E_INPUT && strstr(err, "c is set twice"),
               "a key given twice refused, named");
    st = collide_scenario_set_many(many, 0, k2, v2, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && strstr(err, "n is outside"),
               "n = 0: COLLIDE_E_USAGE, n named");
    collide_scenario_free(many);
    collide_scenario_free(one);
}

/* A run of study 1 cut short by max_steps = 450 (after 8 of its 12
 * collisions, Table I) with the options o; its status. */
static int cut_short(const collide_run_options *o, collide_result **r)
{
    collide_scenario *s;
    char err[1024];
    int st = COLLIDE_E_INPUT;
    *r = NULL;
    if (collide_scenario_load("study1", &s, err, sizeof err) == COLLIDE_OK &&
        collide_scenario_set(s, "max_steps", "450", err, sizeof err) == COLLIDE_OK)
        st = collide_run(s, o, r, err, sizeof err);
    collide_scenario_free(s);
    return st;
}

/* partial: a failed run keeps the collisions that ended before the
 * failure and its events, nothing else, and has no result set; tables:
 * a result keeps the tables asked for, and its set is whole. */
static void partial_and_tables(void)
{
    collide_run_options o;
    collide_result *r;
    collide_scenario *s;
    char dir[] = "/tmp/collide-test-api-XXXXXX", err[1024];
    char *text;
    collide_run_options_init(&o, sizeof o);
    check_true(o.partial == 0 && o.tables == 0, "partial and tables default to 0");
    check_true(cut_short(&o, &r) == COLLIDE_E_STEP &&
               collide_result_rows(r, COLLIDE_TABLE_COLLISIONS) == 0,
               "a failed run has no rows by default");
    collide_result_free(r);
    o.partial = 1;
    check_true(cut_short(&o, &r) == COLLIDE_E_STEP &&
               collide_result_rows(r, COLLIDE_TABLE_COLLISIONS) == 8 &&
               collide_result_rows(r, COLLIDE_TABLE_EVENTS) > 16 &&
               collide_result_rows(r, COLLIDE_TABLE_LEDGER) == 0 &&
               collide_result_rows(r, COLLIDE_TABLE_SAMPLES) == 0,
               "partial: the 8 collisions before the failure, and the events");
    check_close(collide_result_value(r, COLLIDE_TABLE_COLLISIONS, 0,
                    collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "e")),
                0.59, 0, 0.005, "partial: the first collision's e (Table I)");
    check_true(collide_result_write(r, "/tmp/collide-test-api-never", err,
                                    sizeof err) == COLLIDE_E_USAGE,
               "partial: no result set");
    collide_result_free(r);
    o.partial = 0;
    o.tables = 1u << COLLIDE_TABLE_COLLISIONS;
    if (collide_scenario_load("study1", &s, err, sizeof err) != COLLIDE_OK ||
        !mkdtemp(dir)) {
        check_true(0, "study1 and a directory");
        return;
    }
    check_true(collide_run(s, &o, &r, err, sizeof err) == COLLIDE_OK &&
               collide_result_rows(r, COLLIDE_TABLE_COLLISIONS) == 12 &&
               collide_result_rows(r, COLLIDE_TABLE_SAMPLES) == 0 &&
               collide_result_columns(r, COLLIDE_TABLE_SAMPLES) == 0,
               "tables: the collisions kept, the samples not");
    check_true(collide_result_write(r, dir, err, sizeof err) == COLLIDE_OK,
               "tables: the result set is written");
    text = slurp(dir, "samples.csv");
    check_true(text && strncmp(text, "t,j,q,boundary,", 15) == 0 &&
               strchr(text, '\n') != strrchr(text, '\n'),
               "tables: the set is whole (samples.csv has rows)");
    free(text);
    collide_result_free(r);
    remove_set(dir, NULL);
    o.tables = 1u << 5;
    check_true(collide_run(s, &o, &r, err, sizeof err) == COLLIDE_E_USAGE &&
               !r && strstr(err, "tables = 0x20"), "tables: an unknown bit refused");
    o.tables = 0;
    o.partial = 2;
    check_true(collide_run(s, &o, &r, err, sizeof err) == COLLIDE_E_USAGE &&
               !r && strstr(err, "partial = 2"), "partial: 2 refused");
    collide_scenario_free(s);
}

/* A writer that removes the temporaries of the session ctx, as a handler
 * of SIGINT would while the file is written, then writes a line. */
static int put_after_removing(FILE *f, const void *ctx)
{
    collide_aux_session_remove_temporaries((collide_aux_session *)ctx);
    return fputs("late\n", f) < 0 ? -1 : 0;
}

/* The number of entries of directory dir (. and .. left out), -1 when it
 * cannot be read. */
static int entry_count(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    if (!d)
        return -1;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* Sessions are the caller's: the temporaries of a write are removed by
 * its own session's collide_aux_session_remove_temporaries and by no
 * other's; an input noted in one session is refused by its writes and
 * not by another's. */
static void sessions(void)
{
    char dir[] = "/tmp/collide-test-api-XXXXXX", path[4200], in[4200];
    char err[1024];
    collide_aux_session *one = NULL, *two = NULL;
    if (!mkdtemp(dir) || collide_aux_session_make(&one) != COLLIDE_OK ||
        collide_aux_session_make(&two) != COLLIDE_OK) {
        check_true(0, "mkdtemp, two sessions");
        return;
    }
    snprintf(path, sizeof path, "%s/f.txt", dir);
    check_true(collide_aux_session_write_file(one, path, put_after_removing,
                                              one, err, sizeof err) ==
                   COLLIDE_E_IO && strstr(err, "f.txt") &&
                   entry_count(dir) == 0,
               "a write whose session removes its temporaries meanwhile "
               "(as a signal handler): fails, nothing left");
    check_true(collide_aux_session_write_file(one, path, put_after_removing,
                                              two, err, sizeof err) ==
                   COLLIDE_OK && access(path, F_OK) == 0,
               "another session's removal leaves a write alone");
    snprintf(in, sizeof in, "%s/in.txt", dir);
    check_true(collide_aux_session_write_file(NULL, in, put_string, "input\n",
                                              err, sizeof err) == COLLIDE_OK,
               "a file written without a session");
    collide_aux_session_note_input(one, in);
    check_true(collide_aux_session_write_file(one, in, put_string, "x\n", err,
                                              sizeof err) == COLLIDE_E_USAGE &&
                   strstr(err, "an input"),
               "an input of the session: its writes refuse to overwrite it");
    check_true(collide_aux_session_write_file(two, in, put_string, "y\n", err,
                                              sizeof err) == COLLIDE_OK,
               "an input of one session is not another's");
    collide_aux_session_free(one);
    collide_aux_session_free(two);
    unlink(path);
    unlink(in);
    check_true(rmdir(dir) == 0, "sessions: nothing left behind");
}

/* The utilities a tool needs besides runs: built-in texts, text files,
 * fingerprints and their hash, atomic files and directories. */
static void utilities(void)
{
    char dir[] = "/tmp/collide-test-api-XXXXXX", path[4200], err[1024];
    collide_scenario *a, *b, *c;
    uint64_t fa = 0, fb = 1, fc = 0;
    char *text;
    FILE *f;
    check_true(collide_builtin_text("hertz") &&
               strstr(collide_builtin_text("hertz"), "law = shccl") &&
               collide_builtin_text("no-such") == NULL &&
               collide_builtin_text(NULL) == NULL, "built-in texts");
    check_true(collide_aux_fnv1a64(COLLIDE_FNV1A64_BASIS, "", 0) ==
                   COLLIDE_FNV1A64_BASIS &&
               collide_aux_fnv1a64(COLLIDE_FNV1A64_BASIS, "a", 1) ==
                   UINT64_C(0xaf63dc4c8601ec8c),
               "FNV-1a 64: the reference's values of \"\" and \"a\"");
    /* the same scenario written otherwise, and one value changed */
    check_true(collide_scenario_parse(collide_builtin_text("hertz"), "x", &a,
                                      err, sizeof err) == COLLIDE_OK &&
               collide_scenario_load("hertz", &b, err, sizeof err) == COLLIDE_OK &&
               collide_scenario_load("hertz", &c, err, sizeof err) == COLLIDE_OK &&
               collide_scenario_set(c, "rtol", "1e-10", err, sizeof err) ==
                   COLLIDE_OK, "three scenarios");
    check_true(collide_scenario_fingerprint(a, &fa) == COLLIDE_OK &&
               collide_scenario_fingerprint(b, &fb) == COLLIDE_OK &&
               collide_scenario_fingerprint(c, &fc) == COLLIDE_OK &&
               fa == fb && fa != fc,
               "fingerprints: the same run alike whatever the source, a "
               "changed setting not");
    collide_scenario_free(a);
    collide_scenario_free(b);
    collide_scenario_free(c);
    if (!mkdtemp(dir)) {
        check_true(0, "mkdtemp");
        return;
    }
    snprintf(path, sizeof path, "%s/sub/deeper", dir);
    check_true(collide_aux_make_dirs(path, err, sizeof err) == COLLIDE_OK &&
               collide_aux_make_dirs(path, err, sizeof err) == COLLIDE_OK,
               "make_dirs: made, and again when it exists");
    snprintf(path, sizeof path, "%s/sub/deeper/t.txt", dir);
    check_true(collide_aux_session_write_file(NULL, path, put_string,
                                              "x = 1\n", err, sizeof err) ==
                   COLLIDE_OK, "write_file");
    check_true(collide_aux_read_text_file(path, 100, NULL, &text, err, sizeof err) ==
                   COLLIDE_OK && strcmp(text, "x = 1\n") == 0,
               "read_text_file reads what write_file wrote");
    free(text);
    check_true(collide_aux_read_text_file(path, 3, NULL, &text, err, sizeof err) ==
                   COLLIDE_E_INPUT && !text && strstr(err, "file too large"),
               "read_text_file: larger than max");
    unlink(path);
    check_true(collide_aux_read_text_file(path, 100, " (hint)", &text, err,
                                      sizeof err) == COLLIDE_E_INPUT &&
               strstr(err, "cannot open") && strstr(err, " (hint)"),
               "read_text_file: a missing file, with the hint");
    f = fopen(path, "wb");
    if (f) {
        fwrite("a\0b", 1, 3, f);
        fclose(f);
    }
    check_true(collide_aux_read_text_file(path, 100, NULL, &text, err, sizeof err) ==
                   COLLIDE_E_INPUT && strstr(err, "NUL"),
               "read_text_file: a NUL byte");
    unlink(path);
    snprintf(path, sizeof path, "%s/sub/deeper/t.txt", dir);
    f = fopen(path, "w");   /* a file where a directory should be */
    if (f)
        fclose(f);
    snprintf(path, sizeof path, "%s/sub/deeper/t.txt/u.txt", dir);
    check_true(collide_aux_session_write_file(NULL, path, put_string, "x", err,
                                              sizeof err) ==
                   COLLIDE_E_IO && strstr(err, "t.txt"),
               "write_file: a directory that is a file, named");
    snprintf(path, sizeof path, "%s/sub/deeper/t.txt", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/sub/deeper", dir);
    rmdir(path);
    snprintf(path, sizeof path, "%s/sub", dir);
    rmdir(path);
    check_true(rmdir(dir) == 0, "nothing left behind");
    collide_thread_cleanup();
}

/* ---- the hybrid system, evaluated ---- */

/* A model of the built-in scenario name (NULL when it cannot be made). */
static collide_model *model_of(const char *name)
{
    collide_scenario *s;
    collide_model *m = NULL;
    char err[512];
    if (collide_scenario_load(name, &s, err, sizeof err) != COLLIDE_OK)
        return NULL;
    if (collide_model_make(s, &m) != COLLIDE_OK)
        m = NULL;
    collide_scenario_free(s);   /* the model is a copy */
    return m;
}

/* Counts the accepted steps; stops after ctx's limit when it is > 0. */
static int count_steps(void *ctx, double t, const double *chi)
{
    long *n = ctx;
    (void)t;
    (void)chi;
    ++n[0];
    return n[1] > 0 && n[0] >= n[1];
}

/* The layout of chi in both systems, by role and by name. */
static void model_layout(void)
{
    collide_model *r = model_of("hertz"), *f = model_of("study2");
    if (!r || !f) {
        check_true(0, "models of hertz and study2");
        collide_model_free(r);
        collide_model_free(f);
        return;
    }
    check_true(collide_model_system(r) == COLLIDE_SYSTEM_HR &&
               collide_model_dimension(r) == 3 &&
               collide_model_index(r, COLLIDE_ROLE_XC) == 2 &&
               collide_model_index(r, COLLIDE_ROLE_XM) == -1 &&
               collide_model_index(r, COLLIDE_ROLE_Z) == -1,
               "hertz: H_r, chi = (x, v, x_c) of Eq. (80), no z_c");
    check_true(collide_model_system(f) == COLLIDE_SYSTEM_HF &&
               collide_model_dimension(f) == 6 &&
               collide_model_index(f, COLLIDE_ROLE_XM) == 2 &&
               collide_model_index(f, COLLIDE_ROLE_VM) == 3 &&
               collide_model_index(f, COLLIDE_ROLE_XC) == 4 &&
               collide_model_index(f, COLLIDE_ROLE_Z) == 5 &&
               collide_model_role(f, 5) == COLLIDE_ROLE_Z &&
               collide_model_role(f, 6) == -1,
               "study2: H_f, chi = (x, v, x_m, v_m, x_c, z_c) of Eq. (73)");
    check_true(strcmp(collide_model_component_name(f, 2), "x_m") == 0 &&
               strcmp(collide_model_component_name(f, 5), "z_c") == 0 &&
               collide_model_component_name(f, 6) == NULL,
               "component names as in a trajectory's columns");
    check_true(collide_model_parameters(r) == 4 &&
               strcmp(collide_model_parameter_name(r, 0), "m") == 0 &&
               strcmp(collide_model_parameter_name(r, 1), "k") == 0 &&
               collide_model_parameter(r, 1) == 1e9 &&
               isnan(collide_model_parameter(r, 4)),
               "hertz: the parameters m, k, p, c");
    collide_model_free(r);
    collide_model_free(f);
}

/* The flow map, the sets and the reset of H_r against Eqs. (77), (78),
 * (81), (82) worked by hand. */
/* The options of integration and of comparison carry their size: init
 * sets it, a size that is not this version's is refused by name. */
static void option_sizes(void)
{
    collide_model *m = model_of("hertz");
    collide_flow_options f;
    collide_compare_options c;
    double chi[COLLIDE_CHI_MAX], chi1[COLLIDE_CHI_MAX];
    char err[512];
    collide_flow_options_init(&f, sizeof f);
    collide_compare_options_init(&c, sizeof c);
    check_true(f.struct_size == sizeof f && c.struct_size == sizeof c,
               "flow and compare options: struct_size set by init");
    collide_model_initial_state(m, chi);
    f.struct_size = 4;
    check_true(m && collide_model_integrate(m, 0, 0.0, chi, 1e-4, chi1, &f,
                                            NULL, err, sizeof err) ==
                       COLLIDE_E_USAGE && strstr(err, "struct_size = 4"),
               "integrate: flow options of another size refused, named");
    c.struct_size = 0;
    check_true(collide_compare("a", "b", NAN, NULL, NULL, NULL, 0) ==
                   COLLIDE_E_INPUT &&
                   collide_compare_with("a", "b", &c, NULL, NULL, err,
                                        sizeof err) == COLLIDE_E_USAGE &&
                   strstr(err, "struct_size = 0"),
               "compare: options of another size refused, named");
    collide_model_free(m);
}

/* The breakpoints of the applied forces (Eqs. 205-209): study 2's at
 * T_s = 0.1 and T_e = 0.2, in order, then none; study 1 (gravity) none. */
static void model_breakpoints(void)
{
    collide_model *m2 = model_of("study2"), *m1 = model_of("study1");
    check_true(m2 && collide_model_next_breakpoint(m2, 0.0) == 0.1 &&
                   collide_model_next_breakpoint(m2, 0.1) == 0.2 &&
                   collide_model_next_breakpoint(m2, 0.15) == 0.2 &&
                   isinf(collide_model_next_breakpoint(m2, 0.2)),
               "study2: the next breakpoint after 0, 0.1 and 0.15 is T_s = "
               "0.1, T_e = 0.2 and T_e; after 0.2 none (+inf)");
    check_true(m1 && isinf(collide_model_next_breakpoint(m1, 0.0)),
               "study1 (gravity alone): no breakpoint (+inf)");
    collide_model_free(m1);
    collide_model_free(m2);
}

static void model_maps(void)
{
    collide_model *m = model_of("study1");
    double chi[COLLIDE_CHI_MAX], d[COLLIDE_CHI_MAX], p[COLLIDE_CHI_MAX];
    double fe1, fe2, fer, mass, phi;
    char err[512];
    if (!m) {
        check_true(0, "a model of study1");
        return;
    }
    collide_model_initial_state(m, chi);
    check_true(collide_model_dimension(m) == 5 && chi[0] == 0.02 &&
               chi[1] == 0 && chi[2] == 0 && chi[3] == 0 && chi[4] == 0,
               "study1: dropped from x = 0.02 at rest, x_c = z_c = 0 (Eq. 84)");
    collide_model_forces(m, 0.0, &fe1, &fe2);
    fer = collide_model_reduced_force(m, fe1, fe2);
    mass = collide_model_parameter(m, 0);
    check_true(collide_model_flow(m, 0, 0.0, chi, d) == COLLIDE_OK &&
               d[0] == chi[1] && d[1] == fer / mass && fer < 0 &&
               d[2] == 0 && d[3] == 0 && d[4] == 0,
               "apart (Eq. 81): x' = v, v' = F_e,r / m < 0, x_c, z_c held");
    chi[0] = -1e-4;
    chi[1] = -0.5;
    chi[2] = -1e-4;
    phi = collide_model_phi(m, chi);
    check_true(collide_model_flow(m, 1, 0.0, chi, d) == COLLIDE_OK &&
               d[0] == chi[1] && d[2] == chi[1] &&
               fabs(d[1] - (fer - phi) / mass) <= 1e-15 * fabs(d[1]),
               "in contact (Eq. 81): x' = x_c' = v, v' = (F_e,r - Phi) / m");
    check_true(collide_model_flow(m, 2, 0.0, chi, d) == COLLIDE_E_USAGE,
               "a mode other than 0 or 1 refused");
    check_true(collide_model_dissipation_rate(m, chi) >= 0,
               "d_c >= 0 in contact (Definition V.1)");
    check_true(collide_model_in_flow_set(0, 1, -1, 0) && !collide_model_in_jump_set(0, 1, -1, 0) &&
               collide_model_in_jump_set(0, 0, -1, 0) && !collide_model_in_flow_set(0, -1e-9, -1, 0),
               "apart: C is x >= 0 or v >= 0, D is x <= 0 and v <= 0");
    check_true(collide_model_in_flow_set(1, -1, -1, 5) && collide_model_in_jump_set(1, -1, 1, 0) &&
               !collide_model_in_flow_set(1, -1, 1, 5) && !collide_model_in_jump_set(1, -1, 1, -1),
               "in contact: C is Phi <= 0 or v <= 0, D is Phi >= 0 and v >= 0");
    check_true(!collide_model_in_flow_set(2, 1, 1, 0) && !collide_model_in_jump_set(-1, 0, 0, 0),
               "no other mode is in C or D");
    check_true(collide_model_in_flow_set(0, NAN, -1, 0) == -1 &&
               collide_model_in_jump_set(0, 0, NAN, 0) == -1 &&
               collide_model_in_flow_set(1, -1, -1, NAN) == -1 &&
               collide_model_in_jump_set(1, -1, 1, INFINITY) == -1,
               "a NaN or infinite x, v or Phi is not a state (Lemma V.14): -1");
    chi[1] = 0.5;
    chi[3] = 0.25;
    chi[4] = -0.25;
    check_true(collide_model_reset(m, 1, chi, p) == 0 && p[0] == chi[0] &&
               p[1] == 0.5 && p[2] == 0 && p[3] == 0 && p[4] == 0,
               "the jump map (Eq. 82): x_c, z_c to 0, x, v kept, q toggled");
    check_true(collide_model_reset(m, 3, chi, p) == -1, "reset of mode 3 refused");
    check_true(collide_model_set_parameter(m, 0, -1, err, sizeof err) ==
                   COLLIDE_E_INPUT && strstr(err, "m = -1") &&
                   collide_model_parameter(m, 0) == mass,
               "a negative mass refused, named, and the model unchanged");
    check_true(collide_model_set_parameter(m, 0, 2 * mass, err, sizeof err) ==
                   COLLIDE_OK && collide_model_flow(m, 0, 0.0, chi, d) ==
                   COLLIDE_OK && d[1] == fer / (2 * mass),
               "the mass set: the flow follows it");
    check_true(collide_model_set_parameter(m, 99, 1, err, sizeof err) ==
                   COLLIDE_E_USAGE, "a parameter outside refused");
    check_true(collide_model_set_parameter(m, 0, 1e120, err, sizeof err) ==
                   COLLIDE_E_INPUT &&
               strcmp(err, "m = 9.9999999999999998e+119 is outside the proof "
                           "domain: m in [1e-100, 1e100] (spec/bounded.acsl "
                           "bounded, and m >= 1e-100 of src/model/hybrid.h)") == 0 &&
               collide_model_parameter(m, 0) == 2 * mass,
               "m = 1e120 (outside bounded) refused, named with the domain");
    check_true(collide_model_set_parameter(m, 0, 1e-120, err, sizeof err) ==
                   COLLIDE_E_INPUT && strstr(err, "m = 9.9999999999999998e-121 is "
                                                 "outside the proof domain"),
               "m = 1e-120 (under the mass bound) refused");
    collide_model_free(m);
}

/* The flow integrated: free fall of study1 against its closed form, and
 * the elastic Hertz contact, whose storage (Eq. 91) the flow keeps. */
static void model_integration(void)
{
    collide_model *m = model_of("study1"), *h = model_of("hertz");
    collide_flow_options o;
    collide_flow_stats st;
    double c0[COLLIDE_CHI_MAX], c1[COLLIDE_CHI_MAX], fe1, fe2, a, t = 1e-3;
    double V0, V1;
    long n[2] = {0, 0};
    char err[512];
    if (!m || !h) {
        check_true(0, "models of study1 and hertz");
        collide_model_free(m);
        collide_model_free(h);
        return;
    }
    collide_flow_options_init(&o, sizeof o);
    check_true(o.rtol == 1e-12 && o.max_steps == 200000 && !o.on_step,
               "flow options defaults");
    collide_model_initial_state(m, c0);
    collide_model_forces(m, 0.0, &fe1, &fe2);
    a = collide_model_reduced_force(m, fe1, fe2) / collide_model_parameter(m, 0);
    o.on_step = count_steps;
    o.ctx = n;
    check_true(collide_model_integrate(m, 0, 0.0, c0, t, c1, &o, &st, err,
                                       sizeof err) == COLLIDE_OK &&
               st.steps >= n[0] && n[0] >= 1 && st.rhs_evaluations > 0,
               "free fall integrated; on_step sees every accepted step");
    check_true(fabs(c1[0] - (c0[0] + c0[1] * t + 0.5 * a * t * t)) <=
                   4e-16 * fabs(c0[0]) &&
               fabs(c1[1] - (c0[1] + a * t)) <= 4e-16 * fabs(a * t),
               "free fall: x, v of the closed form to rounding (an 8th-order "
               "method is exact on a parabola)");
    collide_model_initial_state(h, c0);
    V0 = collide_model_storage(h, c0);
    check_true(collide_model_integrate(h, 0, 0.0, c0, 0.01, c1, &o, NULL, err,
                                       sizeof err) == COLLIDE_OK &&
               fabs(c1[0]) <= 1e-15, "hertz: apart, x reaches 0 at t = 0.01");
    check_true(collide_model_reset(h, 0, c1, c1) == 1 &&
               collide_model_integrate(h, 1, 0.01, c1, 0.0102, c1, &o, NULL, err,
                                       sizeof err) == COLLIDE_OK &&
               c1[2] < 0 && collide_model_phi(h, c1) < 0,
               "hertz: in contact, indented (x_c < 0), Phi < 0: pushing back");
    V1 = collide_model_storage(h, c1);
    check_true(fabs(V1 - V0) <= 1e-10 * V0 &&
               collide_model_dissipation_rate(h, c1) == 0 &&
               collide_model_supply(h, 0, 0, c1) == 0,
               "hertz: V of Eq. (91) kept by the elastic contact (d_c = 0, "
               "no supply): Eq. (24)");
    o.max_steps = 1;
    check_true(collide_model_integrate(h, 1, 0.0102, c1, 0.0104, c0, &o, &st,
                                       err, sizeof err) == COLLIDE_E_PROGRESS &&
               st.steps == 1 && strstr(err, "ran out"),
               "max_steps = 1: the integration says the steps ran out");
    o.max_steps = 1000;
    n[0] = 0;
    n[1] = 1;
    collide_model_initial_state(h, c0);
    check_true(collide_model_integrate(h, 1, 0.0, c0, 0.01, c1, &o, NULL, err,
                                       sizeof err) == COLLIDE_E_INTERRUPT,
               "on_step stops the integration");
    check_true(collide_model_integrate(h, 0, 1.0, c0, 1.0, c1, &o, NULL, err,
                                       sizeof err) == COLLIDE_E_USAGE &&
               strstr(err, "t1 = 1"), "t1 = t0 refused, named");
    o.rtol = 2;
    check_true(collide_model_integrate(h, 0, 0.0, c0, 1.0, c1, &o, NULL, err,
                                       sizeof err) == COLLIDE_E_USAGE &&
               strstr(err, "rtol = 2") && strstr(err, "[1e-15, 1)"),
               "rtol = 2 refused with its range");
    collide_model_free(m);
    collide_model_free(h);
}

/* CSV tables: cells, numbers with the reason of a refusal, and two
 * tables compared. */
static void csv_tables(void)
{
    static const char a_text[] = "i,x,name\n0,1.5,a\n1,abc,b\n";
    static const char b_text[] = "i,x,name\n0,1.5000001,a\n1,2,b\n";
    collide_csv *a = NULL, *b = NULL, *c = NULL;
    char err[512];
    double v = 0;
    collide_compare_verdict verdict = COLLIDE_VERDICT_BELOW;
    check_true(collide_csv_parse(a_text, strlen(a_text), "a.csv", &a, err,
                                 sizeof err) == COLLIDE_OK &&
               collide_csv_rows(a) == 2 && collide_csv_columns(a) == 3 &&
               collide_csv_column(a, "name") == 2 &&
               collide_csv_column(a, "y") == -1 &&
               strcmp(collide_csv_column_name(a, 1), "x") == 0 &&
               strcmp(collide_csv_cell(a, 1, 2), "b") == 0 &&
               collide_csv_cell(a, 2, 0) == NULL &&
               strcmp(collide_csv_source(a), "a.csv") == 0,
               "a CSV text: rows, columns, cells");
    check_true(a && collide_csv_number(a, 0, 1, &v, err, sizeof err) ==
                   COLLIDE_OK && v == 1.5, "a cell read as a number");
    check_true(a && collide_csv_number(a, 1, 1, &v, err, sizeof err) ==
                   COLLIDE_E_INPUT && v == 1.5 &&
               strcmp(err, "a.csv:3: x = 'abc' is not a finite decimal "
                           "number") == 0,
               "a cell that is not a number: file, line, column, cell");
    check_true(collide_csv_parse("i,x\n1\n", 6, "r.csv", &c, err, sizeof err) ==
                   COLLIDE_E_INPUT && c == NULL && strstr(err, "r.csv"),
               "a ragged row refused, the table named");
    check_true(collide_csv_load("/nonexistent/t.csv", &c, err, sizeof err) ==
                   COLLIDE_E_INPUT && strstr(err, "/nonexistent/t.csv"),
               "a missing file refused, named");
    check_true(collide_csv_parse(b_text, strlen(b_text), "b.csv", &b, err,
                                 sizeof err) == COLLIDE_OK, "a second table");
    check_true(a && b && collide_compare_csv(b, b, 17, NULL, &verdict, err,
                                             sizeof err) == COLLIDE_OK &&
               verdict == COLLIDE_VERDICT_MET &&
               collide_compare_csv(b, a, 9, NULL, &verdict, err, sizeof err) ==
                   COLLIDE_OK && verdict == COLLIDE_VERDICT_BELOW &&
               collide_csv_rows(a) == 2,
               "tables compared: equal, then 7 digits under 9; both kept");
    check_true(collide_compare_csv(a, NULL, NAN, NULL, &verdict, err, sizeof err) ==
                   COLLIDE_E_USAGE && strstr(err, "b is NULL"),
               "a missing table refused");
    collide_csv_free(a);
    collide_csv_free(b);
}

/* A model of the built-in name loaded with outside_proved_domain = 1. */
static collide_model *model_outside(const char *name)
{
    collide_scenario *s = NULL;
    collide_model *m = NULL;
    char err[512];
    if (collide_scenario_load_outside(name, NULL, &s, err, sizeof err) ==
        COLLIDE_OK)
        collide_model_make(s, &m);
    collide_scenario_free(s);
    return m;
}

/* States outside the proof domain (Issue: spec/law_domain.acsl,
 * spec/bounded.acsl) are refused by every call that takes one, naming
 * the component, its value and the range; a model outside the proved
 * domain by request evaluates them. */
static void model_domain(void)
{
    collide_model *m = model_of("study1"), *o = model_outside("study1");
    double chi[COLLIDE_CHI_MAX], d[COLLIDE_CHI_MAX], p[COLLIDE_CHI_MAX];
    char err[512] = "";
    int v, xc;
    if (!check_true(m && o, "models of study1, in and outside the domain"))
        return;
    v = collide_model_index(m, COLLIDE_ROLE_V);
    xc = collide_model_index(m, COLLIDE_ROLE_XC);
    collide_model_initial_state(m, chi);
    check_true(collide_model_check_state(m, chi, err, sizeof err) == COLLIDE_OK,
               "the initial state of study1 is admitted");
    chi[v] = -5000;
    d[0] = 42;
    check_true(collide_model_check_state(m, chi, err, sizeof err) ==
                   COLLIDE_E_DOMAIN &&
               strcmp(err, "v_c = -5000 is outside the proof domain: v_c in "
                           "[-1024, 1024] m/s (spec/law_domain.acsl, "
                           "domain_speed)") == 0,
               "v = -5000 m/s: COLLIDE_E_DOMAIN, v_c, its value and the "
               "range named");
    check_true(collide_model_flow(m, 0, 0.0, chi, d) == COLLIDE_E_DOMAIN &&
                   d[0] == 42 && isnan(collide_model_phi(m, chi)) &&
                   isnan(collide_model_dissipation_rate(m, chi)) &&
                   isnan(collide_model_storage(m, chi)) &&
                   isnan(collide_model_supply(m, 0, 0, chi)) &&
                   collide_model_reset(m, 0, chi, p) == -1,
               "v = -5000 m/s: flow refused (dchi untouched), phi, d_c, V "
               "and the supply NaN, the reset -1");
    check_true(collide_model_flow(o, 0, 0.0, chi, d) == COLLIDE_OK &&
                   d[0] == -5000 && collide_model_reset(o, 0, chi, p) == 1 &&
                   collide_model_check_state(o, chi, err, sizeof err) ==
                       COLLIDE_OK,
               "outside the proved domain by request: the same state "
               "evaluated");
    collide_model_initial_state(m, chi);
    chi[xc] = -1.5;
    check_true(collide_model_check_state(m, chi, err, sizeof err) ==
                   COLLIDE_E_DOMAIN && strstr(err, "x_c = -1.5") &&
                   strstr(err, "x_c in [-1, 1]"),
               "x_c = -1.5: x_c named with the range");
    collide_model_initial_state(m, chi);
    chi[0] = 1e120;
    check_true(collide_model_check_state(m, chi, err, sizeof err) ==
                   COLLIDE_E_DOMAIN &&
                   strcmp(err, "x = 9.9999999999999998e+119 is outside the "
                               "proof domain: x in [-1e100, 1e100] "
                               "(spec/bounded.acsl, bounded)") == 0,
               "x = 1e120: beyond bounded, x named");
    chi[0] = NAN;
    check_true(collide_model_check_state(o, chi, err, sizeof err) ==
                   COLLIDE_E_NONFINITE && strstr(err, "x = nan is not a state") &&
                   collide_model_flow(o, 0, 0.0, chi, d) == COLLIDE_E_NONFINITE,
               "x = NaN: not a state, also outside the proved domain");
    collide_model_free(o);
    collide_model_free(m);
}

/* Messages that name what is wrong: the argument t0 (not t1), a
 * component of the initial state by its name, a state whose flow is not
 * finite, the state where the step size fell under its floor, and the
 * parameter that was set (beta), not the one its range depends on. */
static void api_messages(void)
{
    collide_model *m = model_of("study1");
    double c0[COLLIDE_CHI_MAX], c1[COLLIDE_CHI_MAX];
    char err[1024] = "";
    int beta, i, zc1;
    if (!m) {
        check_true(0, "a model of study1");
        return;
    }
    collide_model_initial_state(m, c0);
    check_true(collide_model_integrate(m, 0, -HUGE_VAL, c0, 1e-3, c1, NULL,
                                       NULL, err, sizeof err) ==
                   COLLIDE_E_USAGE &&
               strcmp(err, "t0 = -inf is outside the allowed range: t0 in "
                           "(-inf, inf)") == 0,
               "integrate from t0 = -inf: t0 named with its value and range");
    c0[1] = NAN;
    check_true(collide_model_integrate(m, 0, 0.0, c0, 1e-3, c1, NULL, NULL,
                                       err, sizeof err) == COLLIDE_E_USAGE &&
               strcmp(err, "chi0: v = nan is outside the allowed range: v in "
                           "(-inf, inf)") == 0,
               "integrate from v = NaN: the component v named, its value and "
               "range");
    collide_model_initial_state(m, c0);
    zc1 = collide_model_index(m, COLLIDE_ROLE_Z);
    c0[zc1] = 1e308;
    check_true(collide_model_integrate(m, 1, 0.0, c0, 1e-3, c1, NULL, NULL,
                                       err, sizeof err) == COLLIDE_E_DOMAIN &&
               strcmp(err, "z_c = 1e+308 is outside the proof domain: z_c "
                           "in [-1, 1] (spec/law_domain.acsl, domain_state)") ==
                   0,
               "integrate from z_c1 = 1e308: outside the proof domain, "
               "refused with the component, its value and the range");
    collide_model_free(m);
    m = model_outside("study1");
    check_true(m != NULL, "a model of study1 outside the proved domain");
    if (!m)
        return;
    collide_model_initial_state(m, c0);
    c0[zc1] = 1e308;
    check_true(collide_model_integrate(m, 1, 0.0, c0, 1e-3, c1, NULL, NULL,
                                       err, sizeof err) == COLLIDE_E_USAGE &&
               strstr(err, "z_c1 = 1e+308") && strstr(err, "its flow in mode "
                                                      "1 at t0 = 0 is not "
                                                      "finite (v' = -inf)"),
               "integrate from z_c1 = 1e308 in contact: the state and the "
               "flow that is not finite named");
    collide_model_initial_state(m, c0);
    c0[1] = 1e308;
    check_true(collide_model_integrate(m, 0, 0.0, c0, 1e-3, c1, NULL, NULL,
                                       err, sizeof err) == COLLIDE_E_STEP &&
               strstr(err, "fell under its floor") &&
               strstr(err, "state (x = 0.02, v = 1e+308"),
               "integrate from v = 1e308 (outside the proved domain, asked "
               "for): the step fails and the state is named");
    collide_model_free(m);
    m = model_of("study1");
    if (!m)
        return;
    for (beta = -1, i = 0; i < collide_model_parameters(m); i++)
        if (strcmp(collide_model_parameter_name(m, i), "beta") == 0)
            beta = i;
    check_true(beta > 0 &&
               collide_model_set_parameter(m, beta, 0.0, err, sizeof err) ==
                   COLLIDE_E_INPUT &&
               strcmp(err, "beta = 0 is outside its range: beta >= |gamma| = "
                           "50000000 (as gamma in [-beta, beta])") == 0 &&
               collide_model_parameter(m, beta) == 5e7,
               "set beta = 0 under gamma = 5e7: beta named with the range "
               "gamma gives it; m unchanged");
    check_true(collide_model_set_parameter(m, 1, 5e12, err, sizeof err) ==
                   COLLIDE_E_INPUT &&
               strcmp(err, "k = 5000000000000 is outside the proof domain: k in "
                           "[0, 2^40] (spec/law_domain.acsl, domain_gain)") == 0 &&
               strcmp(collide_model_parameter_name(m, 1), "k") == 0,
               "set k = 5e12 (beyond 2^40): refused with the domain");
    check_true(collide_model_set_parameter(m, 7, 80, err, sizeof err) ==
                   COLLIDE_E_INPUT &&
               strstr(err, "p = 80 is outside the proof domain: p in [1, 64]") &&
               strcmp(collide_model_parameter_name(m, 7), "p") == 0,
               "set p = 80 (beyond 64): refused with the domain");
    collide_model_free(m);
}

/* ---- NULL in every pointer argument ----
 *
 * One harness for every function of include/collide.h, in the style of
 * MPFR's generic tests (tgeneric): a row per function names its pointer
 * arguments and what NULL in each must do (as the header says it), and
 * one call function per row makes the call with argument k NULL and the
 * others valid (fixture). The harness checks each argument in turn; an
 * err argument is checked as NULL and as errlen 0 on the call's failure
 * path (the row's first argument NULL): the same status, nothing written.
 * The table is checked against the header itself: every COLLIDE_API
 * function has its row, every row's arguments are the function's pointer
 * arguments, and the comment of each function says what NULL does. */

/* What NULL in an argument must do. */
typedef enum null_expect {
    NX_USAGE,   /* returns COLLIDE_E_USAGE, with a message saying what is
                  NULL */
    NX_OK,      /* allowed: returns COLLIDE_OK (0) */
    NX_ZERO,    /* returns 0 */
    NX_ONE,     /* returns 1 */
    NX_MINUS1,  /* returns -1 */
    NX_NAN,     /* returns NaN */
    NX_NULL,    /* returns NULL */
    NX_DONE,    /* a function without result: does what the header says
                  (the call function checks it and sets i = 0) */
    NX_QUIET    /* an err buffer: NULL or errlen 0 writes no message */
} null_expect;

/* The valid arguments of the calls. */
typedef struct fixture {
    char dir[64];          /* a temporary directory */
    char csv_path[128];    /* dir/a.csv, a small table */
    collide_scenario *s;   /* hertz */
    collide_model *m;      /* of s */
    collide_result *r;     /* a run of s */
    collide_csv *c;        /* a.csv */
    double chi[COLLIDE_CHI_MAX], dchi[COLLIDE_CHI_MAX];
    char *err;             /* the err argument of the call */
    size_t errlen;
} fixture;

/* What a call returned: a status or integer i, a double d, a pointer p;
 * crashed when it did not return (a signal, a sanitizer's report). */
typedef struct outcome {
    long i;
    double d;
    const void *p;
    int crashed;
} outcome;

typedef void (*null_call)(fixture *f, int k, outcome *o);

#define NULL_ARGS_MAX 7

/* A row: the function, its call (NULL for a function without pointer
 * arguments), and its pointer arguments in order with what NULL does. */
typedef struct null_row {
    const char *function;
    null_call call;
    struct {
        const char *name;
        null_expect expect;
    } arg[NULL_ARGS_MAX];
} null_row;

/* p, or NULL when argument k is the one to make NULL (its index i). An
 * object whose address passes through here is initialised first: gcc's
 * -Wmaybe-uninitialized takes a const void * argument for a read (the
 * coverage build at -O0). */
static const void *arg_or_null(int k, int i, const void *p)
{
    return k == i ? NULL : p;
}

static int write_nothing(FILE *f, const void *ctx)
{
    (void)f;
    (void)ctx;
    return 0;
}

static void call_number_read(fixture *f, int k, outcome *o)
{
    static const collide_aux_range any = {"x", 0, 10, 1, 1, 0};
    double v = 0.0;
    o->i = collide_aux_number_read(arg_or_null(k, 0, "x"), arg_or_null(k, 1, "1.5"),
                               arg_or_null(k, 2, &any),
                               (double *)arg_or_null(k, 3, &v), f->err,
                               f->errlen);
}

static void call_builtin_description(fixture *f, int k, outcome *o)
{
    (void)f;
    o->p = collide_builtin_description(arg_or_null(k, 0, "hertz"));
}

static void call_builtin_text(fixture *f, int k, outcome *o)
{
    (void)f;
    o->p = collide_builtin_text(arg_or_null(k, 0, "hertz"));
}

static void call_read_text_file(fixture *f, int k, outcome *o)
{
    char *text = NULL;
    o->i = collide_aux_read_text_file(arg_or_null(k, 0, f->csv_path), 4096,
                                  arg_or_null(k, 1, "a hint"),
                                  (char **)arg_or_null(k, 2, &text), f->err,
                                  f->errlen);
    free(text);
}

static void call_scenario_load(fixture *f, int k, outcome *o)
{
    collide_scenario *s = NULL;
    o->i = collide_scenario_load(arg_or_null(k, 0, "hertz"),
                                 (collide_scenario **)arg_or_null(k, 1, &s),
                                 f->err, f->errlen);
    collide_scenario_free(s);
}

static void call_scenario_parse(fixture *f, int k, outcome *o)
{
    collide_scenario *s = NULL;
    o->i = collide_scenario_parse(arg_or_null(k, 0, collide_builtin_text("hertz")),
                                  arg_or_null(k, 1, "h.scn"),
                                  (collide_scenario **)arg_or_null(k, 2, &s),
                                  f->err, f->errlen);
    collide_scenario_free(s);
}

static void call_scenario_load_outside(fixture *f, int k, outcome *o)
{
    collide_scenario *s = NULL;
    o->i = collide_scenario_load_outside(
        arg_or_null(k, 0, "hertz"), arg_or_null(k, 1, collide_builtin_text("hertz")),
        (collide_scenario **)arg_or_null(k, 2, &s), f->err, f->errlen);
    collide_scenario_free(s);
}

static void call_scenario_set(fixture *f, int k, outcome *o)
{
    o->i = collide_scenario_set((collide_scenario *)arg_or_null(k, 0, f->s),
                                arg_or_null(k, 1, "rtol"),
                                arg_or_null(k, 2, "1e-11"), f->err, f->errlen);
}

static void call_scenario_set_many(fixture *f, int k, outcome *o)
{
    static const char *const keys[] = {"rtol", "v0"};
    static const char *const values[] = {"1e-11", "-0.5"};
    o->i = collide_scenario_set_many((collide_scenario *)arg_or_null(k, 0, f->s), 2,
                                     (const char *const *)arg_or_null(k, 1, keys),
                                     (const char *const *)arg_or_null(k, 2, values),
                                     f->err, f->errlen);
}

static void call_scenario_set_value(fixture *f, int k, outcome *o)
{
    o->i = collide_scenario_set_value((collide_scenario *)arg_or_null(k, 0, f->s),
                                      arg_or_null(k, 1, "rtol"), 1e-11, f->err,
                                      f->errlen);
}

static void call_scenario_copy(fixture *f, int k, outcome *o)
{
    collide_scenario *c = NULL;
    o->i = collide_scenario_copy(arg_or_null(k, 0, f->s),
                                 (collide_scenario **)arg_or_null(k, 1, &c),
                                 f->err, f->errlen);
    collide_scenario_free(c);
}

static void call_scenario_text(fixture *f, int k, outcome *o)
{
    o->p = collide_scenario_text(arg_or_null(k, 0, f->s), arg_or_null(k, 1, "T"));
}

static void call_scenario_value(fixture *f, int k, outcome *o)
{
    o->d = collide_scenario_value(arg_or_null(k, 0, f->s), arg_or_null(k, 1, "T"));
}

static void call_scenario_entry(fixture *f, int k, outcome *o)
{
    const char *key, *text;
    int line = 0;
    o->i = collide_scenario_entry(arg_or_null(k, 0, f->s), 0,
                                  (const char **)arg_or_null(k, 1, &key),
                                  (const char **)arg_or_null(k, 2, &text),
                                  (int *)arg_or_null(k, 3, &line));
}

static void call_scenario_setting(fixture *f, int k, outcome *o)
{
    o->d = collide_scenario_setting(arg_or_null(k, 0, f->s),
                                    arg_or_null(k, 1, "rtol"));
}

static void call_scenario_quantities(fixture *f, int k, outcome *o)
{
    collide_quantity q[8] = {0};
    o->i = collide_scenario_quantities(arg_or_null(k, 0, f->s),
                                       (collide_quantity *)arg_or_null(k, 1, q), 8);
}

static void call_scenario_law(fixture *f, int k, outcome *o)
{
    o->p = collide_scenario_law(arg_or_null(k, 0, f->s), 0);
}

static void call_scenario_fingerprint(fixture *f, int k, outcome *o)
{
    uint64_t fp = 0;
    o->i = collide_scenario_fingerprint(arg_or_null(k, 0, f->s),
                                        (uint64_t *)arg_or_null(k, 1, &fp));
}

static void call_fnv1a64(fixture *f, int k, outcome *o)
{
    (void)f;
    o->i = collide_aux_fnv1a64(7, arg_or_null(k, 0, "abc"), 3) != 7;
}

static void call_scenario_source(fixture *f, int k, outcome *o)
{
    o->p = collide_scenario_source(arg_or_null(k, 0, f->s));
}

static void call_scenario_free(fixture *f, int k, outcome *o)
{
    (void)f;
    (void)k;
    collide_scenario_free(NULL);
    o->i = 0;
}

static void call_model_make(fixture *f, int k, outcome *o)
{
    collide_model *m = NULL;
    o->i = collide_model_make(arg_or_null(k, 0, f->s),
                              (collide_model **)arg_or_null(k, 1, &m));
    collide_model_free(m);
}

static void call_model_copy(fixture *f, int k, outcome *o)
{
    collide_model *m = NULL;
    o->i = collide_model_copy(arg_or_null(k, 0, f->m),
                              (collide_model **)arg_or_null(k, 1, &m));
    collide_model_free(m);
}

static void call_model_free(fixture *f, int k, outcome *o)
{
    (void)f;
    (void)k;
    collide_model_free(NULL);
    o->i = 0;
}

static void call_model_system(fixture *f, int k, outcome *o)
{
    o->i = collide_model_system(arg_or_null(k, 0, f->m)) == COLLIDE_SYSTEM_NONE
               ? 0 : 1;
}

static void call_model_dimension(fixture *f, int k, outcome *o)
{
    o->i = collide_model_dimension(arg_or_null(k, 0, f->m));
}

static void call_model_index(fixture *f, int k, outcome *o)
{
    o->i = collide_model_index(arg_or_null(k, 0, f->m), COLLIDE_ROLE_X);
}

static void call_model_role(fixture *f, int k, outcome *o)
{
    o->i = collide_model_role(arg_or_null(k, 0, f->m), 0);
}

static void call_model_component_name(fixture *f, int k, outcome *o)
{
    o->p = collide_model_component_name(arg_or_null(k, 0, f->m), 0);
}

static void call_model_parameters(fixture *f, int k, outcome *o)
{
    o->i = collide_model_parameters(arg_or_null(k, 0, f->m));
}

static void call_model_parameter_name(fixture *f, int k, outcome *o)
{
    o->p = collide_model_parameter_name(arg_or_null(k, 0, f->m), 0);
}

static void call_model_parameter(fixture *f, int k, outcome *o)
{
    o->d = collide_model_parameter(arg_or_null(k, 0, f->m), 0);
}

static void call_model_set_parameter(fixture *f, int k, outcome *o)
{
    o->i = collide_model_set_parameter((collide_model *)arg_or_null(k, 0, f->m),
                                       0, collide_model_parameter(f->m, 0),
                                       f->err, f->errlen);
}

/* NULL m: both forces NaN; NULL fe1 or fe2: the other written. */
static void call_model_forces(fixture *f, int k, outcome *o)
{
    double fe1 = 1, fe2 = 1;
    collide_model_forces(arg_or_null(k, 0, f->m), 0.0,
                         (double *)arg_or_null(k, 1, &fe1),
                         (double *)arg_or_null(k, 2, &fe2));
    if (k == 0)
        o->i = !(isnan(fe1) && isnan(fe2));
    else
        o->i = !(k == 1 ? fe1 == 1 && isfinite(fe2) : fe2 == 1 && isfinite(fe1));
}

static void call_model_reduced_force(fixture *f, int k, outcome *o)
{
    o->d = collide_model_reduced_force(arg_or_null(k, 0, f->m), 1.0, 0.0);
}

static void call_model_next_breakpoint(fixture *f, int k, outcome *o)
{
    o->d = collide_model_next_breakpoint(arg_or_null(k, 0, f->m), 0.0);
}

static void call_model_check_state(fixture *f, int k, outcome *o)
{
    o->i = collide_model_check_state(arg_or_null(k, 0, f->m),
                                     arg_or_null(k, 1, f->chi), f->err,
                                     f->errlen);
}

/* NULL m or chi: nothing written. */
static void call_model_initial_state(fixture *f, int k, outcome *o)
{
    double chi[COLLIDE_CHI_MAX];
    int c;
    for (c = 0; c < COLLIDE_CHI_MAX; c++)
        chi[c] = 42;
    collide_model_initial_state(arg_or_null(k, 0, f->m),
                                (double *)arg_or_null(k, 1, chi));
    o->i = 0;
    for (c = 0; c < COLLIDE_CHI_MAX; c++)
        o->i |= chi[c] != 42;
}

static void call_model_flow(fixture *f, int k, outcome *o)
{
    o->i = collide_model_flow(arg_or_null(k, 0, f->m), 0, 0.0,
                              arg_or_null(k, 1, f->chi),
                              (double *)arg_or_null(k, 2, f->dchi));
}

static void call_model_phi(fixture *f, int k, outcome *o)
{
    o->d = collide_model_phi(arg_or_null(k, 0, f->m), arg_or_null(k, 1, f->chi));
}

static void call_model_dissipation_rate(fixture *f, int k, outcome *o)
{
    o->d = collide_model_dissipation_rate(arg_or_null(k, 0, f->m),
                                          arg_or_null(k, 1, f->chi));
}

static void call_model_storage(fixture *f, int k, outcome *o)
{
    o->d = collide_model_storage(arg_or_null(k, 0, f->m),
                                 arg_or_null(k, 1, f->chi));
}

static void call_model_supply(fixture *f, int k, outcome *o)
{
    o->d = collide_model_supply(arg_or_null(k, 0, f->m), 0.0, 0.0,
                                arg_or_null(k, 1, f->chi));
}

static void call_model_reset(fixture *f, int k, outcome *o)
{
    double plus[COLLIDE_CHI_MAX] = {0};
    o->i = collide_model_reset(arg_or_null(k, 0, f->m), 0,
                               arg_or_null(k, 1, f->chi),
                               (double *)arg_or_null(k, 2, plus));
}

static void call_flow_options_init(fixture *f, int k, outcome *o)
{
    (void)f;
    (void)k;
    o->i = collide_flow_options_init(NULL, sizeof(collide_flow_options));
}

static void call_model_integrate(fixture *f, int k, outcome *o)
{
    collide_flow_options opt;
    collide_flow_stats st;
    double chi1[COLLIDE_CHI_MAX];
    collide_flow_options_init(&opt, sizeof opt);
    o->i = collide_model_integrate(arg_or_null(k, 0, f->m), 0, 0.0,
                                   arg_or_null(k, 1, f->chi), 1e-4,
                                   (double *)arg_or_null(k, 2, chi1),
                                   arg_or_null(k, 3, &opt),
                                   (collide_flow_stats *)arg_or_null(k, 4, &st),
                                   f->err, f->errlen);
}

static void call_run_options_init(fixture *f, int k, outcome *o)
{
    (void)f;
    (void)k;
    o->i = collide_run_options_init(NULL, sizeof(collide_run_options));
}

static void call_run(fixture *f, int k, outcome *o)
{
    collide_run_options opt;
    collide_result *r = NULL;
    collide_run_options_init(&opt, sizeof opt);
    o->i = collide_run(arg_or_null(k, 0, f->s), arg_or_null(k, 1, &opt),
                       (collide_result **)arg_or_null(k, 2, &r), f->err,
                       f->errlen);
    collide_result_free(r);
}

static void call_result_status(fixture *f, int k, outcome *o)
{
    o->i = collide_result_status(arg_or_null(k, 0, f->r));
}

static void call_result_diagnosis(fixture *f, int k, outcome *o)
{
    o->p = collide_result_diagnosis(arg_or_null(k, 0, f->r));
}

static void call_result_precision(fixture *f, int k, outcome *o)
{
    o->i = collide_result_precision(arg_or_null(k, 0, f->r));
}

static void call_result_rows(fixture *f, int k, outcome *o)
{
    o->i = collide_result_rows(arg_or_null(k, 0, f->r), COLLIDE_TABLE_COLLISIONS);
}

static void call_result_columns(fixture *f, int k, outcome *o)
{
    o->i = collide_result_columns(arg_or_null(k, 0, f->r), COLLIDE_TABLE_COLLISIONS);
}

static void call_result_column_name(fixture *f, int k, outcome *o)
{
    o->p = collide_result_column_name(arg_or_null(k, 0, f->r),
                                      COLLIDE_TABLE_COLLISIONS, 0);
}

static void call_result_column(fixture *f, int k, outcome *o)
{
    o->i = collide_result_column(arg_or_null(k, 0, f->r), COLLIDE_TABLE_COLLISIONS,
                                 arg_or_null(k, 1, "t_e"));
}

static void call_result_text(fixture *f, int k, outcome *o)
{
    o->p = collide_result_text(arg_or_null(k, 0, f->r), COLLIDE_TABLE_COLLISIONS, 0, 0);
}

static void call_result_value(fixture *f, int k, outcome *o)
{
    o->d = collide_result_value(arg_or_null(k, 0, f->r), COLLIDE_TABLE_COLLISIONS, 0, 0);
}

static void call_result_column_unit(fixture *f, int k, outcome *o)
{
    const char *eq = "unset";
    o->p = collide_result_column_unit(arg_or_null(k, 0, f->r),
                                      COLLIDE_TABLE_COLLISIONS, 1,
                                      (const char **)arg_or_null(k, 1, &eq));
    o->i = k == 1 && !(o->p && strcmp(o->p, "s") == 0);
}

static FILE *null_stream(void);

static void call_result_json(fixture *f, int k, outcome *o)
{
    o->i = collide_result_json(arg_or_null(k, 0, f->r),
                               (FILE *)arg_or_null(k, 1, null_stream()),
                               f->err, f->errlen);
}

static void call_result_digits(fixture *f, int k, outcome *o)
{
    o->d = collide_result_digits(arg_or_null(k, 0, f->r), COLLIDE_TABLE_COLLISIONS, 0, 0);
}

static void call_result_check_report(fixture *f, int k, outcome *o)
{
    o->p = collide_result_check_report(arg_or_null(k, 0, f->r));
}

static void call_result_stat(fixture *f, int k, outcome *o)
{
    o->d = collide_result_stat(arg_or_null(k, 0, f->r), COLLIDE_STAT_STEPS);
}

static void call_result_undecided_touch(fixture *f, int k, outcome *o)
{
    o->d = collide_result_undecided_touch(arg_or_null(k, 0, f->r), 0);
}

static void call_result_left_domain(fixture *f, int k, outcome *o)
{
    double t = 0;
    char note[64] = "";
    o->i = collide_result_left_domain(arg_or_null(k, 0, f->r),
                                      (double *)arg_or_null(k, 1, &t),
                                      (char *)arg_or_null(k, 2, note),
                                      sizeof note);
}

/* A session, made and freed around each call that takes one. */
static void call_session_make(fixture *f, int k, outcome *o)
{
    collide_aux_session *s = NULL;
    (void)f;
    o->i = collide_aux_session_make((collide_aux_session **)arg_or_null(k, 0, &s));
    collide_aux_session_free(s);
}

static void call_session_free(fixture *f, int k, outcome *o)
{
    (void)f;
    (void)k;
    collide_aux_session_free(NULL);
    o->i = 0;
}

static void call_note_input(fixture *f, int k, outcome *o)
{
    collide_aux_session *s = NULL;
    (void)f;
    collide_aux_session_make(&s);
    collide_aux_session_note_input((collide_aux_session *)arg_or_null(k, 0, s),
                                   arg_or_null(k, 1, "no-such-input"));
    collide_aux_session_free(s);
    o->i = 0;
}

static void call_remove_temporaries(fixture *f, int k, outcome *o)
{
    (void)f;
    (void)k;
    collide_aux_session_remove_temporaries(NULL);
    o->i = 0;
}

static void call_session_write_result(fixture *f, int k, outcome *o)
{
    collide_aux_session *s = NULL;
    char dir[128];
    snprintf(dir, sizeof dir, "%s/set", f->dir);
    collide_aux_session_make(&s);
    o->i = collide_aux_session_write_result((collide_aux_session *)arg_or_null(k, 0, s),
                                            arg_or_null(k, 1, f->r),
                                            arg_or_null(k, 2, dir), f->err,
                                            f->errlen);
    collide_aux_session_free(s);
}

static void call_result_write(fixture *f, int k, outcome *o)
{
    char dir[128];
    snprintf(dir, sizeof dir, "%s/set", f->dir);
    o->i = collide_result_write(arg_or_null(k, 0, f->r), arg_or_null(k, 1, dir),
                                f->err, f->errlen);
}

static void call_make_dirs(fixture *f, int k, outcome *o)
{
    o->i = collide_aux_make_dirs(arg_or_null(k, 0, f->dir), f->err, f->errlen);
}

static void call_write_file(fixture *f, int k, outcome *o)
{
    collide_aux_session *s = NULL;
    char path[128];
    snprintf(path, sizeof path, "%s/w.txt", f->dir);
    collide_aux_session_make(&s);
    o->i = collide_aux_session_write_file((collide_aux_session *)arg_or_null(k, 0, s),
                                          arg_or_null(k, 1, path),
                                          k == 2 ? NULL : write_nothing,
                                          arg_or_null(k, 3, "ctx"), f->err,
                                          f->errlen);
    collide_aux_session_free(s);
}

/* NULL s: does nothing; NULL argv: as argc 0 (the MANIFEST names no
 * arguments; no crash). */
static void call_set_command_line(fixture *f, int k, outcome *o)
{
    collide_aux_session *s = NULL;
    char *const argv[] = {"prog", "run", NULL};
    (void)f;
    collide_aux_session_make(&s);
    collide_aux_session_set_command_line((collide_aux_session *)arg_or_null(k, 0, s), 2,
                                         arg_or_null(k, 1, argv));
    collide_aux_session_set_command_line(s, 0, NULL);
    collide_aux_session_free(s);
    o->i = 0;
}

static void call_result_free(fixture *f, int k, outcome *o)
{
    (void)f;
    (void)k;
    collide_result_free(NULL);
    o->i = 0;
}

static void call_csv_load(fixture *f, int k, outcome *o)
{
    collide_csv *c = NULL;
    o->i = collide_csv_load(arg_or_null(k, 0, f->csv_path),
                            (collide_csv **)arg_or_null(k, 1, &c), f->err,
                            f->errlen);
    collide_csv_free(c);
}

static void call_csv_parse(fixture *f, int k, outcome *o)
{
    collide_csv *c = NULL;
    o->i = collide_csv_parse(arg_or_null(k, 0, "a\n1\n"), 4,
                             arg_or_null(k, 1, "t.csv"),
                             (collide_csv **)arg_or_null(k, 2, &c), f->err,
                             f->errlen);
    collide_csv_free(c);
}

static void call_csv_source(fixture *f, int k, outcome *o)
{
    o->p = collide_csv_source(arg_or_null(k, 0, f->c));
}

static void call_csv_rows(fixture *f, int k, outcome *o)
{
    o->i = collide_csv_rows(arg_or_null(k, 0, f->c));
}

static void call_csv_columns(fixture *f, int k, outcome *o)
{
    o->i = collide_csv_columns(arg_or_null(k, 0, f->c));
}

static void call_csv_column_name(fixture *f, int k, outcome *o)
{
    o->p = collide_csv_column_name(arg_or_null(k, 0, f->c), 0);
}

static void call_csv_column(fixture *f, int k, outcome *o)
{
    o->i = collide_csv_column(arg_or_null(k, 0, f->c), arg_or_null(k, 1, "x"));
}

static void call_csv_cell(fixture *f, int k, outcome *o)
{
    o->p = collide_csv_cell(arg_or_null(k, 0, f->c), 0, 0);
}

static void call_csv_number(fixture *f, int k, outcome *o)
{
    double v = 0.0;
    o->i = collide_csv_number(arg_or_null(k, 0, f->c), 0, 0,
                              (double *)arg_or_null(k, 1, &v), f->err, f->errlen);
}

static void call_csv_free(fixture *f, int k, outcome *o)
{
    (void)f;
    (void)k;
    collide_csv_free(NULL);
    o->i = 0;
}

static void call_compare_options_init(fixture *f, int k, outcome *o)
{
    (void)f;
    (void)k;
    o->i = collide_compare_options_init(NULL, sizeof(collide_compare_options));
}

/* A stream that discards what is written, for the calls' out and err. */
static FILE *null_stream(void)
{
    static FILE *f;
    if (!f)
        f = fopen("/dev/null", "w");
    return f;
}

static void call_compare_with(fixture *f, int k, outcome *o)
{
    collide_compare_options opt;
    collide_compare_verdict v = COLLIDE_VERDICT_BELOW;
    collide_compare_options_init(&opt, sizeof opt);
    o->i = collide_compare_with(arg_or_null(k, 0, f->csv_path),
                                arg_or_null(k, 1, f->csv_path),
                                arg_or_null(k, 2, &opt),
                                (FILE *)arg_or_null(k, 3, null_stream()),
                                (collide_compare_verdict *)arg_or_null(k, 4, &v),
                                f->err, f->errlen);
}

static void call_session_compare_with(fixture *f, int k, outcome *o)
{
    collide_aux_session *s = NULL;
    collide_compare_options opt;
    collide_compare_verdict v = COLLIDE_VERDICT_BELOW;
    collide_aux_session_make(&s);
    collide_compare_options_init(&opt, sizeof opt);
    o->i = collide_aux_session_compare_with(
        (collide_aux_session *)arg_or_null(k, 0, s),
        arg_or_null(k, 1, f->csv_path), arg_or_null(k, 2, f->csv_path),
        arg_or_null(k, 3, &opt), (FILE *)arg_or_null(k, 4, null_stream()),
        (collide_compare_verdict *)arg_or_null(k, 5, &v), f->err, f->errlen);
    collide_aux_session_free(s);
}

static void call_compare(fixture *f, int k, outcome *o)
{
    collide_compare_verdict v = COLLIDE_VERDICT_BELOW;
    o->i = collide_compare(arg_or_null(k, 0, f->csv_path),
                           arg_or_null(k, 1, f->csv_path), NAN,
                           (FILE *)arg_or_null(k, 2, null_stream()),
                           (collide_compare_verdict *)arg_or_null(k, 3, &v),
                           f->err, f->errlen);
}

static void call_compare_csv(fixture *f, int k, outcome *o)
{
    collide_compare_verdict v = COLLIDE_VERDICT_BELOW;
    o->i = collide_compare_csv(arg_or_null(k, 0, f->c), arg_or_null(k, 1, f->c),
                               NAN, (FILE *)arg_or_null(k, 2, null_stream()),
                               (collide_compare_verdict *)arg_or_null(k, 3, &v),
                               f->err, f->errlen);
}

/* Every function of include/collide.h: its pointer arguments in order and
 * what NULL in each does, as its comment in the header says. */
static const null_row null_table[] = {
    {"collide_version", NULL, {{NULL, NX_OK}}},
    {"collide_aux_arithmetic_version", NULL, {{NULL, NX_OK}}},
    {"collide_status_text", NULL, {{NULL, NX_OK}}},
    {"collide_aux_number_read", call_number_read,
     {{"field", NX_USAGE}, {"text", NX_USAGE}, {"r", NX_OK}, {"v", NX_USAGE},
      {"err", NX_QUIET}}},
    {"collide_builtin_names", NULL, {{NULL, NX_OK}}},
    {"collide_builtin_description", call_builtin_description, {{"name", NX_NULL}}},
    {"collide_builtin_text", call_builtin_text, {{"name", NX_NULL}}},
    {"collide_aux_read_text_file", call_read_text_file,
     {{"path", NX_USAGE}, {"hint", NX_OK}, {"text", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_scenario_load", call_scenario_load,
     {{"name_or_path", NX_USAGE}, {"out", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_scenario_parse", call_scenario_parse,
     {{"text", NX_USAGE}, {"source", NX_OK}, {"out", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_scenario_load_outside", call_scenario_load_outside,
     {{"name_or_path", NX_USAGE}, {"text", NX_OK}, {"out", NX_USAGE},
      {"err", NX_QUIET}}},
    {"collide_scenario_set", call_scenario_set,
     {{"s", NX_USAGE}, {"key", NX_USAGE}, {"value", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_scenario_set_many", call_scenario_set_many,
     {{"s", NX_USAGE}, {"keys", NX_USAGE}, {"values", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_scenario_set_value", call_scenario_set_value,
     {{"s", NX_USAGE}, {"key", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_scenario_copy", call_scenario_copy,
     {{"s", NX_USAGE}, {"out", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_scenario_text", call_scenario_text, {{"s", NX_NULL}, {"key", NX_NULL}}},
    {"collide_scenario_value", call_scenario_value, {{"s", NX_NAN}, {"key", NX_NAN}}},
    {"collide_scenario_entry", call_scenario_entry,
     {{"s", NX_ZERO}, {"key", NX_ONE}, {"text", NX_ONE}, {"line", NX_ONE}}},
    {"collide_scenario_setting", call_scenario_setting,
     {{"s", NX_NAN}, {"key", NX_NAN}}},
    {"collide_scenario_quantities", call_scenario_quantities,
     {{"s", NX_ZERO}, {"q", NX_ZERO}}},
    {"collide_scenario_law", call_scenario_law, {{"s", NX_NULL}}},
    {"collide_scenario_fingerprint", call_scenario_fingerprint,
     {{"s", NX_USAGE}, {"fp", NX_USAGE}}},
    {"collide_aux_fnv1a64", call_fnv1a64, {{"data", NX_DONE}}},
    {"collide_scenario_source", call_scenario_source, {{"s", NX_NULL}}},
    {"collide_scenario_free", call_scenario_free, {{"s", NX_DONE}}},
    {"collide_model_make", call_model_make, {{"s", NX_USAGE}, {"out", NX_USAGE}}},
    {"collide_model_copy", call_model_copy, {{"m", NX_USAGE}, {"out", NX_USAGE}}},
    {"collide_model_free", call_model_free, {{"m", NX_DONE}}},
    {"collide_model_system", call_model_system, {{"m", NX_DONE}}},
    {"collide_model_dimension", call_model_dimension, {{"m", NX_ZERO}}},
    {"collide_model_index", call_model_index, {{"m", NX_MINUS1}}},
    {"collide_model_role", call_model_role, {{"m", NX_MINUS1}}},
    {"collide_model_component_name", call_model_component_name, {{"m", NX_NULL}}},
    {"collide_model_parameters", call_model_parameters, {{"m", NX_ZERO}}},
    {"collide_model_parameter_name", call_model_parameter_name, {{"m", NX_NULL}}},
    {"collide_model_parameter", call_model_parameter, {{"m", NX_NAN}}},
    {"collide_model_set_parameter", call_model_set_parameter,
     {{"m", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_model_forces", call_model_forces,
     {{"m", NX_DONE}, {"fe1", NX_DONE}, {"fe2", NX_DONE}}},
    {"collide_model_reduced_force", call_model_reduced_force, {{"m", NX_NAN}}},
    {"collide_model_next_breakpoint", call_model_next_breakpoint, {{"m", NX_NAN}}},
    {"collide_model_check_state", call_model_check_state,
     {{"m", NX_USAGE}, {"chi", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_model_initial_state", call_model_initial_state,
     {{"m", NX_DONE}, {"chi", NX_DONE}}},
    {"collide_model_flow", call_model_flow,
     {{"m", NX_USAGE}, {"chi", NX_USAGE}, {"dchi", NX_USAGE}}},
    {"collide_model_phi", call_model_phi, {{"m", NX_NAN}, {"chi", NX_NAN}}},
    {"collide_model_dissipation_rate", call_model_dissipation_rate,
     {{"m", NX_NAN}, {"chi", NX_NAN}}},
    {"collide_model_storage", call_model_storage, {{"m", NX_NAN}, {"chi", NX_NAN}}},
    {"collide_model_supply", call_model_supply, {{"m", NX_NAN}, {"chi", NX_NAN}}},
    {"collide_model_in_flow_set", NULL, {{NULL, NX_OK}}},
    {"collide_model_in_jump_set", NULL, {{NULL, NX_OK}}},
    {"collide_model_reset", call_model_reset,
     {{"m", NX_MINUS1}, {"chi", NX_MINUS1}, {"chi_plus", NX_MINUS1}}},
    {"collide_flow_options_init", call_flow_options_init, {{"o", NX_USAGE}}},
    {"collide_model_integrate", call_model_integrate,
     {{"m", NX_USAGE}, {"chi0", NX_USAGE}, {"chi1", NX_USAGE}, {"o", NX_OK},
      {"stats", NX_OK}, {"err", NX_QUIET}}},
    {"collide_run_options_init", call_run_options_init, {{"o", NX_USAGE}}},
    {"collide_run", call_run,
     {{"s", NX_USAGE}, {"o", NX_OK}, {"out", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_result_status", call_result_status, {{"r", NX_USAGE}}},
    {"collide_result_diagnosis", call_result_diagnosis, {{"r", NX_NULL}}},
    {"collide_result_precision", call_result_precision, {{"r", NX_ZERO}}},
    {"collide_result_rows", call_result_rows, {{"r", NX_ZERO}}},
    {"collide_result_columns", call_result_columns, {{"r", NX_ZERO}}},
    {"collide_result_column_name", call_result_column_name, {{"r", NX_NULL}}},
    {"collide_result_column", call_result_column,
     {{"r", NX_MINUS1}, {"name", NX_MINUS1}}},
    {"collide_result_text", call_result_text, {{"r", NX_NULL}}},
    {"collide_result_value", call_result_value, {{"r", NX_NAN}}},
    {"collide_result_column_unit", call_result_column_unit,
     {{"r", NX_NULL}, {"equation", NX_DONE}}},
    {"collide_result_digits", call_result_digits, {{"r", NX_NAN}}},
    {"collide_result_check_report", call_result_check_report, {{"r", NX_NULL}}},
    {"collide_result_stat", call_result_stat, {{"r", NX_NAN}}},
    {"collide_result_undecided_touch", call_result_undecided_touch,
     {{"r", NX_NAN}}},
    {"collide_result_left_domain", call_result_left_domain,
     {{"r", NX_MINUS1}, {"t", NX_ZERO}, {"note", NX_ZERO}}},
    {"collide_result_write", call_result_write,
     {{"r", NX_USAGE}, {"dir", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_result_json", call_result_json,
     {{"r", NX_USAGE}, {"f", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_aux_make_dirs", call_make_dirs, {{"dir", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_aux_session_make", call_session_make, {{"out", NX_USAGE}}},
    {"collide_aux_session_free", call_session_free, {{"s", NX_DONE}}},
    {"collide_aux_session_note_input", call_note_input,
     {{"s", NX_DONE}, {"path", NX_DONE}}},
    {"collide_aux_session_set_command_line", call_set_command_line,
     {{"s", NX_DONE}, {"argv", NX_DONE}}},
    {"collide_aux_session_remove_temporaries", call_remove_temporaries,
     {{"s", NX_DONE}}},
    {"collide_aux_session_write_result", call_session_write_result,
     {{"s", NX_OK}, {"r", NX_USAGE}, {"dir", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_aux_session_write_file", call_write_file,
     {{"s", NX_OK}, {"path", NX_USAGE}, {"write", NX_USAGE}, {"ctx", NX_OK},
      {"err", NX_QUIET}}},
    {"collide_thread_cleanup", NULL, {{NULL, NX_OK}}},
    {"collide_result_free", call_result_free, {{"r", NX_DONE}}},
    {"collide_csv_load", call_csv_load,
     {{"path", NX_USAGE}, {"out", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_csv_parse", call_csv_parse,
     {{"text", NX_USAGE}, {"source", NX_USAGE}, {"out", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_csv_source", call_csv_source, {{"c", NX_NULL}}},
    {"collide_csv_rows", call_csv_rows, {{"c", NX_ZERO}}},
    {"collide_csv_columns", call_csv_columns, {{"c", NX_ZERO}}},
    {"collide_csv_column_name", call_csv_column_name, {{"c", NX_NULL}}},
    {"collide_csv_column", call_csv_column, {{"c", NX_MINUS1}, {"name", NX_MINUS1}}},
    {"collide_csv_cell", call_csv_cell, {{"c", NX_NULL}}},
    {"collide_csv_number", call_csv_number,
     {{"c", NX_USAGE}, {"v", NX_USAGE}, {"err", NX_QUIET}}},
    {"collide_csv_free", call_csv_free, {{"c", NX_DONE}}},
    {"collide_compare_options_init", call_compare_options_init, {{"o", NX_USAGE}}},
    {"collide_compare_with", call_compare_with,
     {{"a", NX_USAGE}, {"b", NX_USAGE}, {"o", NX_OK}, {"out", NX_OK},
      {"verdict", NX_OK}, {"err", NX_QUIET}}},
    {"collide_aux_session_compare_with", call_session_compare_with,
     {{"s", NX_OK}, {"a", NX_USAGE}, {"b", NX_USAGE}, {"o", NX_OK},
      {"out", NX_OK}, {"verdict", NX_OK}, {"err", NX_QUIET}}},
    {"collide_compare", call_compare,
     {{"a", NX_USAGE}, {"b", NX_USAGE}, {"out", NX_OK}, {"verdict", NX_OK},
      {"err", NX_QUIET}}},
    {"collide_compare_csv", call_compare_csv,
     {{"a", NX_USAGE}, {"b", NX_USAGE}, {"out", NX_OK}, {"verdict", NX_OK},
      {"err", NX_QUIET}}},
};

#define NULL_ROWS ((int)(sizeof null_table / sizeof null_table[0]))

/* What each expectation means, for the names of the checks. */
static const char *const expect_text[] = {
    "COLLIDE_E_USAGE and a message", "COLLIDE_OK", "0", "1", "-1", "NaN",
    "NULL", "as documented", "no message"};

/* Whether outcome o is what e asks. */
static int null_outcome_ok(null_expect e, const outcome *o)
{
    if (o->crashed)
        return 0;
    switch (e) {
    case NX_USAGE: return o->i == COLLIDE_E_USAGE;
    case NX_OK: return o->i == COLLIDE_OK;
    case NX_ZERO: return o->i == 0;
    case NX_ONE: return o->i == 1;
    case NX_MINUS1: return o->i == -1;
    case NX_NAN: return isnan(o->d);
    case NX_NULL: return o->p == NULL;
    case NX_DONE: return o->i == 0;
    case NX_QUIET: return 0;
    }
    return 0;
}

/* What the child that made a call sends back. */
typedef struct call_report {
    outcome o;
    int p_set;          /* o.p was not NULL (the pointer itself stays) */
    char err[512];      /* the err buffer after the call */
} call_report;

/* A call of row w with argument k NULL (k -1: none) and err of errlen
 * (its buffer errcap bytes), made in a child process so that a crash is
 * a failed check and the run goes on; the child's err buffer comes back
 * into err. */
static outcome null_call_once(const null_row *w, fixture *f, int k, char *err,
                              size_t errlen, size_t errcap)
{
    outcome o = {-99, 0.0, "unset", 0};
    call_report rep;
    int fd[2], status = 0;
    ssize_t n;
    pid_t pid;
    fflush(stdout);
    fflush(stderr);
    if (errcap > sizeof rep.err || pipe(fd) != 0 || (pid = fork()) < 0) {
        o.crashed = 1;
        return o;
    }
    if (pid == 0) {
        close(fd[0]);
        f->err = err;
        f->errlen = errlen;
        w->call(f, k, &o);
        memset(&rep, 0, sizeof rep);
        rep.o = o;
        rep.o.p = NULL;
        rep.p_set = o.p != NULL;
        if (err)
            memcpy(rep.err, err, errcap);
        /* exit, not _exit: a coverage build writes the child's counts
         * (stdout and stderr were flushed before the fork) */
        exit(write(fd[1], &rep, sizeof rep) == (ssize_t)sizeof rep ? 0 : 1);
    }
    close(fd[1]);
    n = read(fd[0], &rep, sizeof rep);
    close(fd[0]);
    waitpid(pid, &status, 0);
    if (n != (ssize_t)sizeof rep || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
        o.crashed = 1;
        return o;
    }
    o = rep.o;
    o.p = rep.p_set ? "set" : NULL;
    if (err)
        memcpy(err, rep.err, errcap);
    return o;
}

/* The err argument k of row w: NULL, then errlen 0, on the failure path
 * of the row's first argument NULL: the same status, nothing written. */
static void null_err_arg(const null_row *w, fixture *f, int k)
{
    char err[64], name[256];
    outcome a = null_call_once(w, f, 0, NULL, 0, 0);
    outcome b;
    memset(err, 'x', sizeof err);
    b = null_call_once(w, f, 0, err, 0, sizeof err);
    snprintf(name, sizeof name, "%s: %s NULL, or errlen 0, with %s NULL: "
             "status %ld, no message%s", w->function, w->arg[k].name,
             w->arg[0].name, a.i, a.crashed || b.crashed ? " (a crash)" : "");
    check_true(null_outcome_ok(w->arg[0].expect, &a) && a.i == b.i &&
               err[0] == 'x' && err[sizeof err - 1] == 'x', name);
}

/* Whether row w has an err buffer among its arguments. */
static int row_has_err(const null_row *w)
{
    int k;
    for (k = 0; k < NULL_ARGS_MAX && w->arg[k].name; k++)
        if (w->arg[k].expect == NX_QUIET)
            return 1;
    return 0;
}

/* Every pointer argument of row w NULL in turn; a refusal with an err
 * buffer says what is NULL. */
static void null_row_check(const null_row *w, fixture *f)
{
    int k;
    for (k = 0; k < NULL_ARGS_MAX && w->arg[k].name; k++) {
        char err[512] = "", name[300];
        outcome o;
        if (w->arg[k].expect == NX_QUIET) {
            null_err_arg(w, f, k);
            continue;
        }
        o = null_call_once(w, f, k, err, sizeof err, sizeof err);
        snprintf(name, sizeof name, "%s(%s = NULL): as the header says "
                 "(%s; got %s%ld, %g, %s)", w->function, w->arg[k].name,
                 expect_text[w->arg[k].expect], o.crashed ? "a crash, " : "",
                 o.i, o.d, o.p ? "a pointer" : "NULL");
        check_true(null_outcome_ok(w->arg[k].expect, &o) &&
                   (w->arg[k].expect != NX_USAGE || !row_has_err(w) ||
                    strstr(err, "NULL") != NULL), name);
    }
}

/* The declaration of the COLLIDE_API function `name` in header text h:
 * a pointer to its name, and the text of its parameters (between the
 * parentheses) into params; NULL when there is none. */
static const char *find_declaration(const char *h, const char *name,
                                    char *params, size_t len)
{
    const char *p = h;
    size_t n = strlen(name);
    while ((p = strstr(p, "COLLIDE_API ")) != NULL) {
        const char *paren = strchr(p, '('), *q;
        int depth = 0;
        size_t i = 0;
        int line_start = p == h || p[-1] == '\n';
        p += 12;
        if (!line_start || !paren || strchr(p, ';') < paren || (size_t)(paren - p) < n ||
            strncmp(paren - n, name, n) != 0 ||
            (paren - n > p && (isalnum((unsigned char)paren[-(long)n - 1]) ||
                               paren[-(long)n - 1] == '_')))
            continue;
        for (q = paren; *q; q++) {
            if (*q == '(')
                depth++;
            else if (*q == ')' && --depth == 0)
                break;
            if (q > paren && i + 1 < len)
                params[i++] = *q;
        }
        params[i] = '\0';
        return paren - n;
    }
    return NULL;
}

/* The names of the pointer parameters of params ("const char *name,
 * int (*write)(FILE *f, const void *ctx), size_t n"), comma-separated,
 * into out: "name,write". */
static void pointer_parameters(const char *params, char *out, size_t len)
{
    const char *p = params;
    size_t used = 0;
    out[0] = '\0';
    while (*p) {
        const char *end = p, *nm, *ne;
        int depth = 0;
        while (*end && !(depth == 0 && *end == ',')) {
            depth += *end == '(' ? 1 : *end == ')' ? -1 : 0;
            end++;
        }
        if (memchr(p, '*', (size_t)(end - p))) {
            const char *fp = strstr(p, "(*");
            if (fp && fp < end) {      /* a function pointer: (*name) */
                nm = fp + 2;
                ne = strchr(nm, ')');
            } else {                   /* the last identifier */
                ne = end;
                while (ne > p && !(isalnum((unsigned char)ne[-1]) || ne[-1] == '_'))
                    ne--;
                nm = ne;
                while (nm > p && (isalnum((unsigned char)nm[-1]) || nm[-1] == '_'))
                    nm--;
            }
            used += (size_t)snprintf(out + used, used < len ? len - used : 0,
                                     "%s%.*s", used ? "," : "", (int)(ne - nm), nm);
        }
        p = *end ? end + 1 : end;
    }
}

/* The row's pointer arguments as "a,b": the names the table gives. */
static void row_arguments(const null_row *w, char *out, size_t len)
{
    size_t used = 0;
    int k;
    out[0] = '\0';
    for (k = 0; k < NULL_ARGS_MAX && w->arg[k].name; k++)
        used += (size_t)snprintf(out + used, used < len ? len - used : 0,
                                 "%s%s", k ? "," : "", w->arg[k].name);
}

/* Whether the comment nearest before position decl of h says what NULL
 * does ("NULL ARG: ..."). */
static int comment_says_null(const char *h, const char *decl)
{
    const char *end = NULL, *p = h, *start;
    while ((p = strstr(p, "*/")) != NULL && p < decl)
        end = p++;
    if (!end)
        return 0;
    for (start = end; start > h && strncmp(start, "/*", 2) != 0; start--)
        ;
    for (p = start; p < end; p++)
        if (strncmp(p, "\n * NULL ", 9) == 0 && strchr(p, ':') &&
            strchr(p, ':') < end)
            return 1;
    return 0;
}

/* The table against include/collide.h and include/collide_aux.h: a row
 * for every COLLIDE_API function of either, and each row's arguments its
 * pointer parameters. */
static void null_table_complete(const char *header, const char *aux)
{
    char *core = slurp(".", header), *more = slurp(".", aux), *h = NULL;
    char name[1024], params[1024], want[256], got[256];
    const char *p;
    int missing = 0, i, functions = 0;
    if (core && more && (h = malloc(strlen(core) + strlen(more) + 1)) != NULL)
        strcat(strcpy(h, core), more);
    free(core);
    free(more);
    if (!check_true(h != NULL, "the headers are read (the tests run from the "
                               "top of the tree)"))
        return;
    for (p = h; (p = strstr(p, "COLLIDE_API ")) != NULL; p++) {
        const char *paren = strchr(p, '('), *b = paren;
        char fn[64];
        if ((p != h && p[-1] != '\n') || !paren || strchr(p, ';') < paren)
            continue;   /* the #define of COLLIDE_API, not a function */
        while (b > p && (isalnum((unsigned char)b[-1]) || b[-1] == '_'))
            b--;
        snprintf(fn, sizeof fn, "%.*s", (int)(paren - b), b);
        functions++;
        for (i = 0; i < NULL_ROWS && strcmp(null_table[i].function, fn); i++)
            ;
        if (i == NULL_ROWS) {
            snprintf(name, sizeof name, "%s of the header has a row in the "
                     "NULL table", fn);
            check_true(0, name);
            missing++;
        }
    }
    snprintf(name, sizeof name, "every one of the %d functions of the header "
             "has its row (%d rows, %d missing)", functions, NULL_ROWS, missing);
    check_true(functions == NULL_ROWS && missing == 0, name);
    for (i = 0; i < NULL_ROWS; i++) {
        const null_row *w = &null_table[i];
        const char *decl = find_declaration(h, w->function, params, sizeof params);
        if (!decl) {
            snprintf(name, sizeof name, "%s: declared in the header", w->function);
            check_true(0, name);
            continue;
        }
        pointer_parameters(params, want, sizeof want);
        row_arguments(w, got, sizeof got);
        snprintf(name, sizeof name, "%s: the row tests each pointer argument "
                 "(%s; the row: %s)", w->function, want, got);
        check_true(strcmp(want, got) == 0, name);
        if (want[0]) {
            snprintf(name, sizeof name, "%s: its comment says what NULL does",
                     w->function);
            check_true(comment_says_null(h, decl), name);
        }
    }
    free(h);
}

/* The valid arguments: hertz, its model, a run, a small CSV file. */
static int fixture_make(fixture *f)
{
    char err[512];
    FILE *file;
    memset(f, 0, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/collide-test-api-null-XXXXXX");
    if (!mkdtemp(f->dir))
        return 0;
    snprintf(f->csv_path, sizeof f->csv_path, "%s/a.csv", f->dir);
    file = fopen(f->csv_path, "w");
    if (!file)
        return 0;
    fputs("x,y\n1.5,2\n", file);
    fclose(file);
    if (collide_scenario_load("hertz", &f->s, err, sizeof err) != COLLIDE_OK ||
        collide_model_make(f->s, &f->m) != COLLIDE_OK ||
        collide_run(f->s, NULL, &f->r, err, sizeof err) != COLLIDE_OK ||
        collide_csv_load(f->csv_path, &f->c, err, sizeof err) != COLLIDE_OK)
        return 0;
    collide_model_initial_state(f->m, f->chi);
    return 1;
}

static void fixture_free(fixture *f)
{
    char path[256];
    static const char *const files[] = {
        "a.csv", "w.txt", "set/collisions.csv", "set/events.csv",
        "set/ledger.csv", "set/samples.csv", "set/trajectory.csv",
        "set/MANIFEST"};
    size_t i;
    collide_csv_free(f->c);
    collide_result_free(f->r);
    collide_model_free(f->m);
    collide_scenario_free(f->s);
    for (i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", f->dir, files[i]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/set", f->dir);
    rmdir(path);
    rmdir(f->dir);
}

/* Every function of the header with NULL in each pointer argument. */
static void null_arguments(void)
{
    fixture f;
    int i;
    null_table_complete("include/collide.h", "include/collide_aux.h");
    if (!check_true(fixture_make(&f), "the arguments of the NULL calls")) {
        fixture_free(&f);
        return;
    }
    for (i = 0; i < NULL_ROWS; i++)
        if (null_table[i].call)
            null_row_check(&null_table[i], &f);
    fixture_free(&f);
}

int main(void)
{
    run_study1(53);
    run_study1(113);
    checked_run();
    sample_times();
    numbers();
    scenario_contents();
    bad_arguments();
    scenario_setters();
    scenario_set_many();
    two_threads_write();
    watcher_cancels();
    cancel_during_run();
    statuses();
    proof_domain_runs();
    comparisons();
    partial_and_tables();
    utilities();
    sessions();
    model_layout();
    model_maps();
    model_breakpoints();
    model_domain();
    option_sizes();
    model_integration();
    csv_tables();
    api_messages();
    null_arguments();
    return check_summary("test_api");
}
