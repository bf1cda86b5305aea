/* json.c - a small JSON writer; see json.h. The numbers are written in
 * the C locale: the callers write inside clocale_enter (clocale.h), and
 * "%.17g" then has a decimal point whatever the host program set. */
#include "json.h"

#include <math.h>
#include <string.h>

#include "number.h"

void json_init(json_writer *w, FILE *f)
{
    w->f = f;
    w->depth = 0;
    w->has[0] = 0;
}

void json_put_string(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', f);
    for (; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\t': fputs("\\t", f); break;
        case '\r': fputs("\\r", f); break;
        case '\b': fputs("\\b", f); break;
        case '\f': fputs("\\f", f); break;
        default:
            if (*p < 0x20)
                fprintf(f, "\\u%04x", *p);
            else
                fputc(*p, f);
        }
    }
    fputc('"', f);
}

/* The separator and indentation before a new member or element, then its
 * key when it has one. */
static void start_value(json_writer *w, const char *key)
{
    int i;
    if (w->depth > 0) {
        fputs(w->has[w->depth] ? ",\n" : "\n", w->f);
        w->has[w->depth] = 1;
        for (i = 0; i < w->depth; i++)
            fputs("  ", w->f);
    }
    if (key) {
        json_put_string(w->f, key);
        fputs(": ", w->f);
    }
}

/* Opens a level with the character open. */
static void open_level(json_writer *w, const char *key, char open)
{
    start_value(w, key);
    fputc(open, w->f);
    if (w->depth + 1 < JSON_DEPTH_MAX) {
        w->depth++;
        w->has[w->depth] = 0;
    }
}

void json_object(json_writer *w, const char *key)
{
    open_level(w, key, '{');
}

void json_array(json_writer *w, const char *key)
{
    open_level(w, key, '[');
}

void json_end(json_writer *w, char close)
{
    int i, had = w->has[w->depth];
    if (w->depth > 0)
        w->depth--;
    if (had) {
        fputc('\n', w->f);
        for (i = 0; i < w->depth; i++)
            fputs("  ", w->f);
    }
    fputc(close, w->f);
    if (w->depth == 0)
        fputc('\n', w->f);
}

void json_string(json_writer *w, const char *key, const char *s)
{
    start_value(w, key);
    if (s)
        json_put_string(w->f, s);
    else
        fputs("null", w->f);
}

void json_number(json_writer *w, const char *key, double x)
{
    start_value(w, key);
    if (isfinite(x))
        fprintf(w->f, "%.17g", x == 0 ? 0.0 : x);   /* no "-0" */
    else
        fputs("null", w->f);
}

void json_int(json_writer *w, const char *key, long n)
{
    start_value(w, key);
    fprintf(w->f, "%ld", n);
}

void json_bool(json_writer *w, const char *key, int b)
{
    start_value(w, key);
    fputs(b ? "true" : "false", w->f);
}

void json_null(json_writer *w, const char *key)
{
    start_value(w, key);
    fputs("null", w->f);
}

/* The digits at *p, at least one: their count (p moved past them). */
static int skip_digits(const char **p)
{
    int n = 0;
    while (**p >= '0' && **p <= '9') {
        (*p)++;
        n++;
    }
    return n;
}

int json_is_number(const char *text)
{
    const char *p = text;
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if (skip_digits(&p) == 0)
        return 0;
    if (*p == '.') {
        p++;
        if (skip_digits(&p) == 0)
            return 0;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (skip_digits(&p) == 0)
            return 0;
    }
    return *p == '\0';
}

void json_number_text(json_writer *w, const char *key, const char *text)
{
    double x;
    if (json_is_number(text)) {
        start_value(w, key);
        fputs(text, w->f);
    } else if (number_parse(text, &x) == NUMBER_OK) {
        json_number(w, key, x);
    } else if (strcmp(text, "nan") == 0 || strcmp(text, "-nan") == 0) {
        json_null(w, key);      /* a NaN as the tables write it */
    } else {
        json_string(w, key, text);
    }
}
