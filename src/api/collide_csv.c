/* collide_csv.c - CSV tables for the public interface (include/collide.h,
 * "CSV tables"): the one CSV reader of src/io/csv.c, its cells read by
 * the one number parser (src/io/number.c), and two tables compared by
 * the one comparison (src/io/compare.c). */
#define _POSIX_C_SOURCE 200809L

#include "collide_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "csv.h"
#include "number.h"

struct collide_csv {
    csv_table t;
    char *source;   /* t.path points here */
};

/* A new table named source, its status from csv_load or csv_parse. */
static collide_csv *csv_new(const char *source)
{
    collide_csv *c = calloc(1, sizeof *c);
    if (c && !(c->source = strdup(source))) {
        free(c);
        c = NULL;
    }
    return c;
}

/* The status of a table read by csv_load or csv_parse, whose message is
 * msg; frees c after a failure, with msg into err. */
static int csv_done(collide_csv *c, int st, collide_csv **out,
                    const char *msg, char *err, size_t errlen)
{
    if (st == 0) {
        *out = c;
        return COLLIDE_OK;
    }
    collide_api_say(err, errlen, "%s", msg);
    collide_csv_free(c);
    return st == CSV_E_MEMORY ? COLLIDE_E_MEMORY : COLLIDE_E_INPUT;
}

collide_status collide_csv_load(const char *path, collide_csv **out, char *err,
                                size_t errlen)
{
    collide_csv *c;
    char msg[1024] = "";
    if (!out || !path) {
        if (out)
            *out = NULL;
        collide_api_say(err, errlen, "collide_csv_load: %s is NULL",
                        path ? "out" : "path");
        return COLLIDE_E_USAGE;
    }
    *out = NULL;
    if (!(c = csv_new(path))) {
        collide_api_say(err, errlen, "%s: out of memory", path);
        return COLLIDE_E_MEMORY;
    }
    return csv_done(c, csv_load(c->source, &c->t, msg, sizeof msg), out, msg,
                    err, errlen);
}

collide_status collide_csv_parse(const char *text, size_t len, const char *source,
                                 collide_csv **out, char *err, size_t errlen)
{
    collide_csv *c;
    char *copy, msg[1024] = "";
    if (!out || !text || !source) {
        if (out)
            *out = NULL;
        collide_api_say(err, errlen, "collide_csv_parse: %s is NULL",
                        !text ? "text" : !source ? "source" : "out");
        return COLLIDE_E_USAGE;
    }
    *out = NULL;
    c = csv_new(source);
    copy = malloc(len + 1);
    if (!c || !copy) {
        free(copy);
        collide_csv_free(c);
        collide_api_say(err, errlen, "%s: out of memory", source);
        return COLLIDE_E_MEMORY;
    }
    memcpy(copy, text, len);
    copy[len] = '\0';
    return csv_done(c, csv_parse(c->source, copy, len, &c->t, msg, sizeof msg),
                    out, msg, err, errlen);
}

const char *collide_csv_source(const collide_csv *c)
{
    return c ? c->source : NULL;
}

int collide_csv_rows(const collide_csv *c)
{
    return c ? c->t.nrows : 0;
}

int collide_csv_columns(const collide_csv *c)
{
    return c ? c->t.ncols : 0;
}

const char *collide_csv_column_name(const collide_csv *c, int col)
{
    return c && col >= 0 && col < c->t.ncols ? csv_cell(&c->t, 0, col) : NULL;
}

int collide_csv_column(const collide_csv *c, const char *name)
{
    return c && name ? csv_column(&c->t, name) : -1;
}

const char *collide_csv_cell(const collide_csv *c, int row, int col)
{
    if (!c || row < 0 || row >= c->t.nrows || col < 0 || col >= c->t.ncols)
        return NULL;
    return csv_cell(&c->t, row + 1, col);
}

static int csv_number_in_c(const collide_csv *c, int row, int col, double *v,
                           char *err, size_t errlen)
{
    const char *text = collide_csv_cell(c, row, col);
    char buf[CSV_EXCERPT_SIZE];
    double x;
    if (!c || !v) {
        collide_api_say(err, errlen, "collide_csv_number: %s is NULL",
                        c ? "v" : "c");
        return COLLIDE_E_USAGE;
    }
    if (!text) {
        collide_api_say(err, errlen, "%s: no cell (%d, %d)", c->source, row, col);
        return COLLIDE_E_USAGE;
    }
    if (number_parse(text, &x) == NUMBER_OK && isfinite(x)) {
        *v = x;
        return COLLIDE_OK;
    }
    collide_api_say(err, errlen, "%s:%d: %s = '%s' is not a finite decimal number",
            c->source, row + 2, csv_cell(&c->t, 0, col),
            csv_excerpt(text, buf));
    return COLLIDE_E_INPUT;
}

/* Runs csv_number_in_c in the C locale (clocale.h), then makes the
 * caller's locale current again. */
collide_status collide_csv_number(const collide_csv *c, int row, int col, double *v,
                                  char *err, size_t errlen)
{
    locale_t prev = clocale_enter();
    int st = csv_number_in_c(c, row, col, v, err, errlen);
    clocale_leave(prev);
    return st;
}

void collide_csv_free(collide_csv *c)
{
    if (!c)
        return;
    csv_free(&c->t);
    free(c->source);
    free(c);
}

static collide_status compare_csv_in_c(const collide_csv *a,
                                       const collide_csv *b, double digits,
                                       FILE *out,
                                       collide_compare_verdict *verdict,
                                       char *err, size_t errlen)
{
    FILE *sink = NULL;
    char msg[1024] = "";
    compare_status cs;
    if (!a || !b) {
        collide_api_say(err, errlen, "collide_compare_csv: %s is NULL: a table is "
                "needed", a ? "b" : "a");
        return COLLIDE_E_USAGE;
    }
    if (!isnan(digits) && !(digits >= 0)) {
        collide_api_say(err, errlen, "collide_compare_csv: digits = %g is outside "
                "the allowed range: NaN (no threshold) or [0, inf]", digits);
        return COLLIDE_E_USAGE;
    }
    if (!out && !(out = sink = fopen("/dev/null", "w"))) {
        collide_api_say(err, errlen, "collide_compare_csv: /dev/null: cannot open");
        return COLLIDE_E_IO;
    }
    cs = compare_tables(&a->t, &b->t, digits, out, msg, sizeof msg);
    if (sink)
        fclose(sink);
    if (cs != COMPARE_OK && cs != COMPARE_BELOW)
        collide_api_say(err, errlen, "%s", msg);
    return collide_api_compare_status(cs, verdict);
}

/* Runs compare_csv_in_c in the C locale (clocale.h), then makes the
 * caller's locale current again. */
collide_status collide_compare_csv(const collide_csv *a, const collide_csv *b,
                                   double digits, FILE *out,
                                   collide_compare_verdict *verdict, char *err,
                                   size_t errlen)
{
    locale_t prev = clocale_enter();
    collide_status st = compare_csv_in_c(a, b, digits, out, verdict, err,
                                         errlen);
    clocale_leave(prev);
    return st;
}
