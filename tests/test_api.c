/* test_api.c - the public interface include/collide.h, used as a program
 * outside the project would (this file includes no internal header):
 * every table of a run reads back as the CSV files the same result writes,
 * in binary64 and at 113 bits; bad arguments are refused with a message
 * naming the field, its value and the allowed range, and change nothing;
 * a run that fails keeps its status and diagnosis and has no result set;
 * every status has a text. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "collide.h"

static const char *const file_of[] = {"collisions.csv", "events.csv",
                                      "ledger.csv", "samples.csv"};

/* The text of the file dir/name, or NULL. */
static char *slurp(const char *dir, const char *name)
{
    char path[4096];
    FILE *f;
    long n;
    char *text;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    text = malloc((size_t)n + 1);
    if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
        free(text);
        text = NULL;
    }
    if (text)
        text[n] = '\0';
    fclose(f);
    return text;
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

/* Study 1 ends in contact (T = 0.5 s falls in the contact after the last
 * collision): the table of the final contact has one row, with the
 * columns of the collisions, beginning after the last collision, and the
 * ledger has its "final" row. */
static void final_contact(const collide_result *r, const char *what)
{
    int n = collide_result_rows(r, COLLIDE_COLLISIONS), c, scope, i, final = 0;
    char name[256];
    c = collide_result_column(r, COLLIDE_FINAL_CONTACT, "t_e");
    snprintf(name, sizeof name, "%s: one final contact, the columns of the "
             "collisions, after the last collision", what);
    check_true(collide_result_rows(r, COLLIDE_FINAL_CONTACT) == 1 &&
               collide_result_columns(r, COLLIDE_FINAL_CONTACT) ==
                   collide_result_columns(r, COLLIDE_COLLISIONS) &&
               c == collide_result_column(r, COLLIDE_COLLISIONS, "t_e") &&
               collide_result_value(r, COLLIDE_FINAL_CONTACT, 0, c) >
                   collide_result_value(r, COLLIDE_COLLISIONS, n - 1, c) &&
               collide_result_value(r, COLLIDE_FINAL_CONTACT, 0, c) < 0.5,
               name);
    scope = collide_result_column(r, COLLIDE_LEDGER, "scope");
    for (i = 0; i < collide_result_rows(r, COLLIDE_LEDGER); i++)
        final += strcmp(collide_result_text(r, COLLIDE_LEDGER, i, scope),
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
    check_true(steps > 0 && events >= 2 * collide_result_rows(r, COLLIDE_COLLISIONS) &&
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
    collide_run_options_init(&o);
    o.precision = bits;
    check_true(collide_scenario_load("study1", &s, err, sizeof err) == COLLIDE_OK,
               "study1 loads");
    check_true(collide_run(s, &o, &r, err, sizeof err) == COLLIDE_OK && r,
               "study1 runs");
    check_true(collide_result_status(r) == COLLIDE_OK &&
               strcmp(collide_result_diagnosis(r), "") == 0,
               "a success: status 0, no diagnosis");
    check_true(collide_result_precision(r) == bits, "the precision of the run");
    check_true(collide_result_rows(r, COLLIDE_COLLISIONS) == 12,
               "study 1 has 12 collisions (Table I)");
    e = collide_result_column(r, COLLIDE_COLLISIONS, "e");
    i = collide_result_column(r, COLLIDE_COLLISIONS, "i");
    check_true(e > 0 && i == 0, "columns found by their CSV names");
    check_close(collide_result_value(r, COLLIDE_COLLISIONS, 0, e), 0.59, 0, 0.005,
                "e of the first collision (Table I: 0.59)");
    check_true(strtod(collide_result_text(r, COLLIDE_COLLISIONS, 0, e), NULL) ==
               collide_result_value(r, COLLIDE_COLLISIONS, 0, e),
               "value is the text correctly rounded");
    check_true(collide_result_text(r, COLLIDE_COLLISIONS, 12, e) == NULL &&
               collide_result_text(r, COLLIDE_COLLISIONS, 0, 999) == NULL &&
               collide_result_text(r, COLLIDE_COLLISIONS, -1, 0) == NULL &&
               isnan(collide_result_value(r, COLLIDE_COLLISIONS, 12, e)),
               "outside the table: NULL and NaN");
    check_true(collide_result_column(r, COLLIDE_COLLISIONS, "no_such") == -1,
               "an unknown column: -1");
    {
        int tr = collide_result_column(r, COLLIDE_EVENTS, "transition");
        check_true(tr >= 0 && isnan(collide_result_value(r, COLLIDE_EVENTS, 0, tr)),
                   "a text cell (a transition's name) has the value NaN");
    }
    final_contact(r, what);
    statistics(r, bits, what);
    tables_are_files(r, what);
    check_true(collide_compare("/nonexistent-a", "/nonexistent-b", NAN, NULL,
                               NULL) == 2, "compare of missing sets: status 2");
    collide_result_free(r);
    collide_scenario_free(s);
}

/* What the watcher of a run saw. */
typedef struct watched {
    int calls;
    long bits[4];
    const int *count;   /* the count of the run under way */
    int last;           /* the count of the last run, at its end */
} watched;

static void watcher(void *ctx, long bits, const int *collisions)
{
    watched *w = ctx;
    if (w->count)
        w->last = *w->count;
    if (w->calls < 4)
        w->bits[w->calls] = bits;
    w->calls++;
    w->count = collisions;
}

/* The set of a checked run holds an scd table beside each table, with
 * the table's header, and MANIFEST. */
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
    check_true(ok && rmdir(dir) == 0, "a checked run's set: the 4 tables, "
               "an scd table with the same header beside each, MANIFEST");
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
    collide_run_options_init(&o);
    o.sample_at = at;
    o.n_sample_at = 3;
    st = collide_run(s, &o, &r, err, sizeof err);
    t = collide_result_column(r, COLLIDE_SAMPLES, "t");
    for (i = 0; i < 3 && st == COLLIDE_OK; i++)
        ok &= collide_result_value(r, COLLIDE_SAMPLES, i + 1, t) == at[i];
    n = collide_result_rows(r, COLLIDE_SAMPLES);
    collide_result_free(r);
    o.n_sample_at = 0;
    collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_OK && ok &&
               n == collide_result_rows(r, COLLIDE_SAMPLES) + 3,
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
    static const collide_range bits = {"BITS", 53, 16384, 1, 1, 1};
    char err[256];
    double v = 0;
    check_true(collide_number_read("x", "0.1", NULL, &v, err, sizeof err) ==
                   COLLIDE_OK && v == 0.1,
               "collide_number_read: 0.1 is the double nearest 1/10");
    check_true(collide_number_read("x", "0x1p-3", NULL, &v, err, sizeof err) ==
                   COLLIDE_E_INPUT && strstr(err, "x = 0x1p-3 is not a decimal number"),
               "collide_number_read: hexadecimal refused, field and text named");
    check_true(collide_number_read("x", "nan", NULL, &v, err, sizeof err) ==
                   COLLIDE_E_INPUT &&
               collide_number_read("x", "1 ", NULL, &v, err, sizeof err) ==
                   COLLIDE_E_INPUT &&
               collide_number_read("x", "inf", NULL, &v, err, sizeof err) ==
                   COLLIDE_E_INPUT,
               "collide_number_read: nan, a trailing space and inf (without "
               "a range that admits it) refused");
    check_true(collide_number_read("--precision", "52", &bits, &v, err,
                                   sizeof err) == COLLIDE_E_INPUT &&
               strcmp(err, "--precision = 52 is outside the allowed range: "
                      "BITS in [53, 16384], an integer") == 0,
               "collide_number_read: outside the range, the range named");
    check_true(collide_number_read("--precision", "64.5", &bits, &v, err,
                                   sizeof err) == COLLIDE_E_INPUT &&
               collide_number_read("--precision", "1e2", &bits, &v, err,
                                   sizeof err) == COLLIDE_OK && v == 100,
               "collide_number_read: an integer range refuses 64.5, takes 1e2");
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
    collide_run_options_init(&o);
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
    check_true(isnan(collide_result_digits(r, COLLIDE_COLLISIONS, 99, 1)),
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
    check_true(isnan(collide_result_digits(r, COLLIDE_COLLISIONS, 0, 1)),
               "an unchecked run has no digits (NaN)");
    check_true(strcmp(collide_result_check_report(r), "") == 0,
               "an unchecked run has no check report");
    collide_result_free(r);
    o.precision = 53;
    o.check = 1;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL && strstr(err, "check"),
               "check in binary64: status 2, the field named");
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
    collide_run_options_init(&o);
    o.precision = 20;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL &&
               strstr(err, "precision = 20") && strstr(err, "[53, 16384]"),
               "precision 20: status 2, no result, field, value and range named");
    collide_run_options_init(&o);
    o.digits = 10;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL && strstr(err, "digits"),
               "digits in binary64: status 2, the field named");
    o.precision = 113;
    o.digits = 40;
    st = collide_run(s, &o, &r, err, sizeof err);
    check_true(st == COLLIDE_E_USAGE && r == NULL && strstr(err, "[1, 26]"),
               "digits 40 at 113 bits: status 2, the range [1, 26] named");
    check_true(collide_scenario_set(s, "rtol", "0.5", err, sizeof err) == COLLIDE_OK,
               "rtol = 0.5 is accepted");
    st = collide_run(s, NULL, &r, err, sizeof err);
    check_true(st == COLLIDE_E_LEDGER && r && collide_result_status(r) == st &&
               strlen(collide_result_diagnosis(r)) > 0 &&
               collide_result_rows(r, COLLIDE_COLLISIONS) == 0,
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

static void statuses(void)
{
    int st, distinct = 1;
    for (st = 0; st <= 13; st++)
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

/* Runs hertz at bits and writes its result set into dir. */
static int hertz_set(long bits, const char *dir)
{
    collide_scenario *s;
    collide_result *r = NULL;
    collide_run_options o;
    char err[1024];
    int ok;
    collide_run_options_init(&o);
    o.precision = bits;
    ok = collide_scenario_load("hertz", &s, err, sizeof err) == COLLIDE_OK &&
         collide_run(s, &o, &r, err, sizeof err) == COLLIDE_OK &&
         collide_result_write(r, dir, err, sizeof err) == COLLIDE_OK;
    collide_result_free(r);
    collide_scenario_free(s);
    return ok;
}

/* Removes the files of a result set dir (and extra, when not NULL). */
static void remove_set(const char *dir, const char *extra)
{
    static const char *const names[] = {"collisions.csv", "events.csv",
        "ledger.csv", "samples.csv", "trajectory.csv", "MANIFEST"};
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

/* collide_compare_with: a binary64 run against one at 113 bits, with a
 * threshold it meets and one it cannot, the scd file of two tables, and
 * the refusals of a bad threshold and a missing operand. The MANIFEST of
 * a set names the command line given (collide_set_command_line). */
static void comparisons(void)
{
    char a[] = "/tmp/collide-test-api-XXXXXX", b[] = "/tmp/collide-test-api-XXXXXX";
    char fa[4200], fb[4200], scd[4200], msg[512];
    char *const argv[] = {"prog", "run", "hertz", "two words", NULL};
    collide_compare_options o;
    char *text;
    FILE *err;
    if (!mkdtemp(a) || !mkdtemp(b)) {
        check_true(0, "mkdtemp");
        return;
    }
    collide_set_command_line(4, argv);
    check_true(hertz_set(53, a) && hertz_set(113, b), "hertz in both precisions");
    collide_set_command_line(0, NULL);
    text = slurp(a, "MANIFEST");
    check_true(text && strstr(text, "\ncommand = collide run hertz 'two words'\n"),
               "MANIFEST names the command line given");
    free(text);
    collide_remove_temporaries();
    text = slurp(a, "collisions.csv");
    check_true(text != NULL, "removing temporaries leaves a written set alone");
    free(text);
    snprintf(fa, sizeof fa, "%s/collisions.csv", a);
    snprintf(fb, sizeof fb, "%s/collisions.csv", b);
    snprintf(scd, sizeof scd, "%s/scd.csv", a);
    collide_compare_options_init(&o);
    check_true(isnan(o.digits) && o.scd_csv == NULL, "compare defaults");
    o.digits = 3;
    o.scd_csv = scd;
    check_true(collide_compare_with(fa, fb, &o, NULL, NULL) == COLLIDE_COMPARE_OK,
               "binary64 against 113 bits: 3 digits met");
    text = slurp(a, "scd.csv");
    check_true(text && strncmp(text, "i,t_e,t_s,", 10) == 0,
               "the scd file has the columns of the table");
    free(text);
    o.digits = 40;
    o.scd_csv = NULL;
    check_true(collide_compare_with(a, b, &o, NULL, NULL) == COLLIDE_COMPARE_BELOW,
               "40 digits: binary64 falls short");
    check_true(collide_compare(a, b, 3, NULL, NULL) == COLLIDE_COMPARE_OK &&
               collide_compare_with(a, b, NULL, NULL, NULL) == COLLIDE_COMPARE_OK,
               "sets compared with and without a threshold");
    err = tmpfile();
    o.digits = -1;
    check_true(err && collide_compare_with(a, b, &o, NULL, err) ==
                   COLLIDE_COMPARE_E_INPUT, "digits -1 refused");
    msg[0] = '\0';
    if (err) {
        rewind(err);
        if (!fgets(msg, sizeof msg, err))
            msg[0] = '\0';
        fclose(err);
    }
    check_true(strstr(msg, "digits = -1") && strstr(msg, "[0, inf]"),
               "the refusal names the field, its value and the range");
    check_true(collide_compare_with(NULL, b, NULL, NULL, NULL) ==
                   COLLIDE_COMPARE_E_INPUT, "a missing operand refused");
    check_true(strncmp(collide_arithmetic_version(), "MPFR ", 5) == 0 &&
                   strstr(collide_arithmetic_version(), ", GMP "),
               "the arithmetic libraries' versions");
    remove_set(a, scd);
    remove_set(b, NULL);
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
    collide_run_options_init(&o);
    check_true(o.partial == 0 && o.tables == 0, "partial and tables default to 0");
    check_true(cut_short(&o, &r) == COLLIDE_E_STEP &&
               collide_result_rows(r, COLLIDE_COLLISIONS) == 0,
               "a failed run has no rows by default");
    collide_result_free(r);
    o.partial = 1;
    check_true(cut_short(&o, &r) == COLLIDE_E_STEP &&
               collide_result_rows(r, COLLIDE_COLLISIONS) == 8 &&
               collide_result_rows(r, COLLIDE_EVENTS) > 16 &&
               collide_result_rows(r, COLLIDE_LEDGER) == 0 &&
               collide_result_rows(r, COLLIDE_SAMPLES) == 0,
               "partial: the 8 collisions before the failure, and the events");
    check_close(collide_result_value(r, COLLIDE_COLLISIONS, 0,
                    collide_result_column(r, COLLIDE_COLLISIONS, "e")),
                0.59, 0, 0.005, "partial: the first collision's e (Table I)");
    check_true(collide_result_write(r, "/tmp/collide-test-api-never", err,
                                    sizeof err) == COLLIDE_E_USAGE,
               "partial: no result set");
    collide_result_free(r);
    o.partial = 0;
    o.tables = 1u << COLLIDE_COLLISIONS;
    if (collide_scenario_load("study1", &s, err, sizeof err) != COLLIDE_OK ||
        !mkdtemp(dir)) {
        check_true(0, "study1 and a directory");
        return;
    }
    check_true(collide_run(s, &o, &r, err, sizeof err) == COLLIDE_OK &&
               collide_result_rows(r, COLLIDE_COLLISIONS) == 12 &&
               collide_result_rows(r, COLLIDE_SAMPLES) == 0 &&
               collide_result_columns(r, COLLIDE_SAMPLES) == 0,
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

/* A writer of collide_write_file: the string ctx. */
static int put_string(FILE *f, const void *ctx)
{
    return fputs(ctx, f) < 0 ? -1 : 0;
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
    check_true(collide_fnv1a64(COLLIDE_FNV1A64_BASIS, "", 0) ==
                   COLLIDE_FNV1A64_BASIS &&
               collide_fnv1a64(COLLIDE_FNV1A64_BASIS, "a", 1) ==
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
    check_true(collide_make_dirs(path, err, sizeof err) == COLLIDE_OK &&
               collide_make_dirs(path, err, sizeof err) == COLLIDE_OK,
               "make_dirs: made, and again when it exists");
    snprintf(path, sizeof path, "%s/sub/deeper/t.txt", dir);
    check_true(collide_write_file(path, put_string, "x = 1\n", err,
                                  sizeof err) == COLLIDE_OK, "write_file");
    check_true(collide_read_text_file(path, 100, NULL, &text, err, sizeof err) ==
                   COLLIDE_OK && strcmp(text, "x = 1\n") == 0,
               "read_text_file reads what write_file wrote");
    free(text);
    check_true(collide_read_text_file(path, 3, NULL, &text, err, sizeof err) ==
                   COLLIDE_E_INPUT && !text && strstr(err, "file too large"),
               "read_text_file: larger than max");
    unlink(path);
    check_true(collide_read_text_file(path, 100, " (hint)", &text, err,
                                      sizeof err) == COLLIDE_E_INPUT &&
               strstr(err, "cannot open") && strstr(err, " (hint)"),
               "read_text_file: a missing file, with the hint");
    f = fopen(path, "wb");
    if (f) {
        fwrite("a\0b", 1, 3, f);
        fclose(f);
    }
    check_true(collide_read_text_file(path, 100, NULL, &text, err, sizeof err) ==
                   COLLIDE_E_INPUT && strstr(err, "NUL"),
               "read_text_file: a NUL byte");
    unlink(path);
    snprintf(path, sizeof path, "%s/sub/deeper/t.txt", dir);
    f = fopen(path, "w");   /* a file where a directory should be */
    if (f)
        fclose(f);
    snprintf(path, sizeof path, "%s/sub/deeper/t.txt/u.txt", dir);
    check_true(collide_write_file(path, put_string, "x", err, sizeof err) ==
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
    check_true(collide_flow_set(0, 1, -1, 0) && !collide_jump_set(0, 1, -1, 0) &&
               collide_jump_set(0, 0, -1, 0) && !collide_flow_set(0, -1e-9, -1, 0),
               "apart: C is x >= 0 or v >= 0, D is x <= 0 and v <= 0");
    check_true(collide_flow_set(1, -1, -1, 5) && collide_jump_set(1, -1, 1, 0) &&
               !collide_flow_set(1, -1, 1, 5) && !collide_jump_set(1, -1, 1, -1),
               "in contact: C is Phi <= 0 or v <= 0, D is Phi >= 0 and v >= 0");
    check_true(!collide_flow_set(2, 1, 1, 0) && !collide_jump_set(-1, 0, 0, 0),
               "no other mode is in C or D");
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
    collide_flow_options_init(&o);
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
    check_true(a && b && collide_compare_csv(b, b, 17, NULL, err, sizeof err) ==
                   COLLIDE_COMPARE_OK &&
               collide_compare_csv(b, a, 9, NULL, err, sizeof err) ==
                   COLLIDE_COMPARE_BELOW &&
               collide_csv_rows(a) == 2,
               "tables compared: equal, then 7 digits under 9; both kept");
    check_true(collide_compare_csv(a, NULL, NAN, NULL, err, sizeof err) ==
                   COLLIDE_COMPARE_E_INPUT && strstr(err, "b is NULL"),
               "a missing table refused");
    collide_csv_free(a);
    collide_csv_free(b);
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
    statuses();
    comparisons();
    partial_and_tables();
    utilities();
    model_layout();
    model_maps();
    model_integration();
    csv_tables();
    return check_summary("test_api");
}
