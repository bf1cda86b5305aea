/* test_locale.c - the library reads and writes numbers in the C locale
 * whatever locale the host program set: under de_DE.UTF-8 (decimal comma)
 * study 1 and a scenario text full of decimals load, run (binary64 and
 * 113 bits) and write result sets byte for byte those of the same calls
 * in the C locale; the fingerprint, a scenario value, a range message, a
 * comparison report and a CSV cell read back equal too; and the host's
 * locale (global, or the thread's own) is its own again after each call.
 * Needs the locale de_DE.UTF-8, which make test generates (localedef,
 * Debian package locales); without it the test says "skipped: ...". */
#define _POSIX_C_SOURCE 200809L
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "collide.h"
#include "collide_aux.h"

#define HOST_LOCALE "de_DE.UTF-8"

/* A scenario with decimals in every form the format allows. */
static const char decimals[] =
    "# decimals in every form\n"
    "system = Hr\nlaw = shccl\nk = 1.5e9\np = 1.5\nc = 0.25\nm = 0.75\n"
    "x0 = 0.0125\nv0 = -1.25\ninput = none\nT = 0.0125\nrtol = 1e-11\n"
    "atol = 1e-14\nh_max = inf\nsamples = 11\n";

/* What one pass of the library's calls gave: texts to compare between
 * the C locale and the host's. */
typedef struct outcome {
    char fingerprint[32];
    double p;            /* collide_scenario_value of "p" */
    double cell;         /* collide_csv_number of the cell "1.5" */
    char range_msg[512]; /* collide_aux_number_read's message on 2.5 */
    char *report;        /* collide_compare's report, malloc'ed */
} outcome;

/* The text of the file dir/sub/name (malloc'ed, NUL-terminated, its
 * length in *len), or NULL. */
static char *slurp(const char *dir, const char *sub, const char *name,
                   size_t *len)
{
    char path[8400];
    snprintf(path, sizeof path, "%s/%s/%s", dir, sub, name);
    return check_read_file(path, len);
}

/* Writes the summary of r (collide_result_json) into dir/sub/summary.json;
 * COLLIDE_OK, or a status after a message. */
static int write_summary(const collide_result *r, const char *dir,
                         const char *sub)
{
    char path[8400], err[256] = "";
    FILE *f;
    int st;
    snprintf(path, sizeof path, "%s/%s/summary.json", dir, sub);
    f = fopen(path, "w");
    st = f ? collide_result_json(r, f, err, sizeof err) : COLLIDE_E_IO;
    if (f && fclose(f) != 0)
        st = COLLIDE_E_IO;
    if (st != COLLIDE_OK)
        printf("  %s: summary.json: %s\n", sub, err);
    return st;
}

/* Runs s at bits and writes its result set into dir/sub, and its summary
 * beside the set's files; 1 on success. */
static int run_and_write(const collide_scenario *s, long bits,
                         const char *dir, const char *sub)
{
    collide_run_options o;
    collide_result *r = NULL;
    char path[4096], err[1024];
    int st;
    collide_run_options_init(&o, sizeof o);
    o.engine = bits > 53 ? COLLIDE_ENGINE_MPFR : COLLIDE_ENGINE_BINARY64;
    o.precision = bits;
    st = collide_run(s, &o, &r, err, sizeof err);
    if (st != COLLIDE_OK)
        printf("  %s: run: %s %s\n", sub, err,
               r ? collide_result_diagnosis(r) : "");
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    if (st == COLLIDE_OK && collide_result_write(r, path, err, sizeof err)) {
        printf("  %s: write: %s\n", sub, err);
        st = COLLIDE_E_IO;
    }
    if (st == COLLIDE_OK)
        st = write_summary(r, dir, sub);
    collide_result_free(r);
    return st == COLLIDE_OK;
}

/* The scenario calls: study 1 and the decimals loaded, run and written
 * into dir; the fingerprint and p of the decimals. 1 when all went. */
static int scenario_calls(const char *dir, outcome *o)
{
    collide_scenario *s1 = NULL, *s2 = NULL;
    char err[1024];
    uint64_t fp = 0;
    int ok = 1;
    if (collide_scenario_load("study1", &s1, err, sizeof err) != COLLIDE_OK) {
        printf("  study1: %s\n", err);
        ok = 0;
    }
    if (collide_scenario_parse(decimals, "decimals.txt", &s2, err,
                               sizeof err) != COLLIDE_OK) {
        printf("  decimals.txt: %s\n", err);
        ok = 0;
    }
    ok = ok && run_and_write(s1, 53, dir, "study1");
    ok = ok && run_and_write(s2, 53, dir, "decimals53");
    ok = ok && run_and_write(s2, 113, dir, "decimals113");
    if (s2 && collide_scenario_fingerprint(s2, &fp) == COLLIDE_OK)
        snprintf(o->fingerprint, sizeof o->fingerprint, "%016llx",
                 (unsigned long long)fp);
    o->p = s2 ? collide_scenario_value(s2, "p") : NAN;
    collide_scenario_free(s1);
    collide_scenario_free(s2);
    return ok;
}

/* The other readers and writers: a range message, a CSV cell, and the
 * report of collide_compare of the two decimals sets. */
static void other_calls(const char *dir, outcome *o)
{
    collide_aux_range r = {"y", 0.5, 1.5, 1, 1, 0};
    collide_csv *c = NULL;
    char err[1024], a[4096], b[4096];
    size_t len = 0;
    FILE *out;
    double v;
    o->range_msg[0] = '\0';
    collide_aux_number_read("y", "2.5", &r, &v, o->range_msg,
                        sizeof o->range_msg);
    o->cell = NAN;
    if (collide_csv_parse("x\n1.5\n", 6, "cells.csv", &c, err,
                          sizeof err) == COLLIDE_OK)
        collide_csv_number(c, 0, 0, &o->cell, err, sizeof err);
    collide_csv_free(c);
    snprintf(a, sizeof a, "%s/decimals53", dir);
    snprintf(b, sizeof b, "%s/decimals113", dir);
    o->report = NULL;
    out = open_memstream(&o->report, &len);
    if (out) {
        collide_compare(a, b, 10.5, out, NULL, NULL, 0);
        fclose(out);
    }
}

/* One pass of every call, into dir. */
static int pass_all(const char *dir, outcome *o)
{
    int ok = scenario_calls(dir, o);
    other_calls(dir, o);
    return ok;
}

/* The file sub/name under host equals the same under c, byte for byte. */
static void compare_file(const char *c, const char *host, const char *sub,
                         const char *name)
{
    char what[256];
    size_t lc = 0, lh = 0;
    char *tc = slurp(c, sub, name, &lc);
    char *th = slurp(host, sub, name, &lh);
    snprintf(what, sizeof what, "%s/%s under " HOST_LOCALE
             " byte for byte as in the C locale", sub, name);
    check_true(tc && th && lc > 0 && lc == lh && memcmp(tc, th, lc) == 0,
               what);
    free(tc);
    free(th);
}

/* Each set under host equals the same under c, byte for byte: its
 * MANIFEST, each file it lists ("file = NAME"), and the summary of its
 * run (summary.json). */
static void compare_sets(const char *c, const char *host)
{
    static const char *const subs[] = {"study1", "decimals53",
                                       "decimals113"};
    size_t k, len;
    for (k = 0; k < sizeof subs / sizeof subs[0]; k++) {
        char *manifest = slurp(c, subs[k], "MANIFEST", &len);
        char *line = manifest, *next;
        int files = 0;
        compare_file(c, host, subs[k], "MANIFEST");
        compare_file(c, host, subs[k], "summary.json");
        for (; line && *line; line = next) {
            next = strchr(line, '\n');
            if (next)
                *next++ = '\0';
            else
                next = line + strlen(line);
            if (strncmp(line, "file = ", 7) == 0) {
                compare_file(c, host, subs[k], line + 7);
                files++;
            }
        }
        printf("  %s: %d files\n", subs[k], files);
        free(manifest);
    }
}

/* 1 when printf in the calling thread writes 1.5 with a decimal comma,
 * as de_DE does. */
static int comma_locale(void)
{
    char t[16];
    snprintf(t, sizeof t, "%.1f", 1.5);
    return strcmp(t, "1,5") == 0;
}

/* A library call in a thread whose own locale (uselocale) is de_DE: the
 * thread's locale object is current again after it. */
static void thread_locale_kept(void)
{
    locale_t de = newlocale(LC_ALL_MASK, HOST_LOCALE, (locale_t)0);
    collide_scenario *s = NULL;
    char err[1024];
    locale_t before;
    if (!de) {
        check_true(0, "newlocale(" HOST_LOCALE ")");
        return;
    }
    before = uselocale(de);
    check_true(collide_scenario_load("study1", &s, err, sizeof err) ==
                   COLLIDE_OK,
               "study1 loads in a thread whose uselocale is de_DE");
    check_true(uselocale((locale_t)0) == de,
               "the thread's own locale object is current after the call");
    uselocale(before);
    collide_scenario_free(s);
    freelocale(de);
}

int main(void)
{
    char dir[] = "/tmp/collide-test-locale-XXXXXX", c_dir[4200], h_dir[4200];
    char cmd[4300];
    outcome oc, oh;
    if (!setlocale(LC_ALL, HOST_LOCALE)) {
        printf("skipped: no " HOST_LOCALE " locale (make test generates "
               "it with localedef as root; make check installs the Debian "
               "package locales it needs)\n");
        return check_summary("test_locale");
    }
    setlocale(LC_ALL, "C");
    if (!mkdtemp(dir)) {
        check_true(0, "mkdtemp");
        return check_summary("test_locale");
    }
    snprintf(c_dir, sizeof c_dir, "%s/c", dir);
    snprintf(h_dir, sizeof h_dir, "%s/host", dir);

    check_true(pass_all(c_dir, &oc), "every call succeeds in the C locale");
    setlocale(LC_ALL, HOST_LOCALE);
    check_true(comma_locale(), "the host's locale writes 1.5 as 1,5");
    check_true(pass_all(h_dir, &oh), "every call succeeds under " HOST_LOCALE);
    check_true(comma_locale(), "the host's locale is its own after the calls");
    compare_sets(c_dir, h_dir);
    check_true(oh.fingerprint[0] &&
                   strcmp(oc.fingerprint, oh.fingerprint) == 0,
               "the scenario's fingerprint is the C locale's");
    check_true(oh.p == 1.5 && oc.p == 1.5, "the scenario's p = 1.5 reads 1.5");
    check_true(oh.cell == 1.5 && oc.cell == 1.5,
               "collide_csv_number reads the cell 1.5 as 1.5");
    check_true(oh.range_msg[0] && strcmp(oc.range_msg, oh.range_msg) == 0 &&
                   strstr(oh.range_msg, "[0.5, 1.5]") != NULL,
               "collide_aux_number_read's message names [0.5, 1.5]");
    printf("  message: %s\n", oh.range_msg);
    check_true(oh.report && oc.report && oc.report[0] &&
                   strcmp(oc.report, oh.report) == 0,
               "collide_compare's report is the C locale's");
    thread_locale_kept();
    free(oc.report);
    free(oh.report);

    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        printf("note: could not remove %s\n", dir);
    return check_summary("test_locale");
}
