/* number.c - the one reader of numbers given as text; see number.h. */
#define _GNU_SOURCE   /* strtod_l */
#include "number.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clocale.h"

#define ECHO_MAX 80 /* characters of a bad value repeated in a message */

/* Skips decimal digits from t, counting them into *count. */
static const char *skip_digits(const char *t, int *count)
{
    *count = 0;
    while (isdigit((unsigned char)*t)) {
        t++;
        (*count)++;
    }
    return t;
}

/* 1 when t is [+-] digits [. digits] [(e|E) [+-] digits] with at least one
 * digit in the mantissa: plain decimal, no hexadecimal, no spaces. */
static int is_decimal(const char *t)
{
    int n1, n2, n3;
    if (*t == '+' || *t == '-')
        t++;
    t = skip_digits(t, &n1);
    n2 = 0;
    if (*t == '.')
        t = skip_digits(t + 1, &n2);
    if (n1 + n2 == 0)
        return 0;
    if (*t == 'e' || *t == 'E') {
        t++;
        if (*t == '+' || *t == '-')
            t++;
        t = skip_digits(t, &n3);
        if (n3 == 0)
            return 0;
    }
    return *t == '\0';
}

/* strtod in the C locale, whatever locale the host program set: the
 * decimal point is '.' (falls back to strtod, which reads '.' in the
 * C locale, if the C locale object could not be made). */
static double strtod_c(const char *text, char **end)
{
    locale_t c = clocale_get();
    return c ? strtod_l(text, end, c) : strtod(text, end);
}

/* 1 when a and b are equal ignoring the case of ASCII letters. */
static int ieq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

number_status number_parse(const char *text, double *out)
{
    const char *u = (*text == '+' || *text == '-') ? text + 1 : text;
    char *end;
    if (*text == '\0')
        return NUMBER_EMPTY;
    if (ieq(u, "nan") || strncmp(u, "nan(", 4) == 0 ||
        strncmp(u, "NaN(", 4) == 0)
        return NUMBER_NAN;
    if (ieq(u, "inf") || ieq(u, "infinity")) {
        *out = *text == '-' ? -HUGE_VAL : HUGE_VAL;
        return NUMBER_OK;
    }
    if (!is_decimal(text))
        return NUMBER_SYNTAX;
    errno = 0;
    *out = strtod_c(text, &end);     /* strtod rounds correctly */
    if (errno == ERANGE && isinf(*out))
        return NUMBER_OVERFLOW;
    return NUMBER_OK;
}

int number_in_range(const number_range *r, double v)
{
    int lo_ok = r->lo_closed ? v >= r->lo : v > r->lo;
    int hi_ok = r->hi_closed ? v <= r->hi : v < r->hi;
    return lo_ok && hi_ok && !(r->integer && isfinite(v) && v != floor(v));
}

number_status number_read(const char *text, const number_range *r,
                          double *out)
{
    number_status st = number_parse(text, out);
    if (st != NUMBER_OK)
        return st;
    if (r->integer && isfinite(*out) && *out != floor(*out))
        return NUMBER_NOT_INTEGER;
    return number_in_range(r, *out) ? NUMBER_OK : NUMBER_OUTSIDE;
}

void number_shortest_text(double b, int integer, char *buf, size_t len)
{
    int d;
    if (isinf(b)) {
        snprintf(buf, len, "%s", b > 0 ? "inf" : "-inf");
        return;
    }
    if (integer) {
        snprintf(buf, len, "%.0f", b);
        return;
    }
    for (d = 1; d <= 17; d++) {
        snprintf(buf, len, "%.*g", d, b);
        if (strtod_c(buf, NULL) == b)
            return;
    }
}

void number_range_text(const number_range *r, char *buf, size_t len)
{
    char lo[32], hi[32];
    number_shortest_text(r->lo, r->integer, lo, sizeof lo);
    number_shortest_text(r->hi, r->integer, hi, sizeof hi);
    snprintf(buf, len, "%s in %c%s, %s%c%s", r->name, r->lo_closed ? '[' : '(',
             lo, hi, r->hi_closed ? ']' : ')', r->integer ? ", an integer" : "");
}

void number_message(const char *field, const char *text, number_status st,
                    const char *range, char *buf, size_t len)
{
    size_t len_text = strlen(text);
    int n = len_text > ECHO_MAX ? ECHO_MAX : (int)len_text;
    const char *more = (size_t)n < len_text ? "..." : "";
    char shown[ECHO_MAX + 8];
    if (len_text > 0 && (isspace((unsigned char)text[0]) ||
                         isspace((unsigned char)text[len_text - 1])))
        snprintf(shown, sizeof shown, "'%.*s%s'", n, text, more);
    else
        snprintf(shown, sizeof shown, "%.*s%s", n, text, more);
    text = shown;
    n = (int)strlen(shown);
    more = "";
    switch (st) {
    case NUMBER_EMPTY:
        snprintf(buf, len, "%s has no value; the allowed range is %s", field,
                 range);
        break;
    case NUMBER_NAN:
        snprintf(buf, len, "%s = %.*s%s is NaN, not a number; the allowed "
                 "range is %s", field, n, text, more, range);
        break;
    case NUMBER_OVERFLOW:
        snprintf(buf, len, "%s = %.*s%s overflows binary64; the allowed range "
                 "is %s", field, n, text, more, range);
        break;
    case NUMBER_NOT_INTEGER:
        snprintf(buf, len, "%s = %.*s%s is not an integer; the allowed range "
                 "is %s", field, n, text, more, range);
        break;
    case NUMBER_OUTSIDE:
        snprintf(buf, len, "%s = %.*s%s is outside the allowed range: %s",
                 field, n, text, more, range);
        break;
    default:
        snprintf(buf, len, "%s = %.*s%s is not a decimal number; the allowed "
                 "range is %s", field, n, text, more, range);
        break;
    }
}
