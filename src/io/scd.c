/* scd.c - significant correct digits from decimal texts with MPFR; see
 * scd.h for the definition and its conventions. */
#include "scd.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

#include <mpfr.h>

/* What a text denotes. */
typedef enum text_kind {
    TEXT_BAD,       /* not a number */
    TEXT_NAN,       /* "nan" or "" */
    TEXT_POS_INF,
    TEXT_NEG_INF,
    TEXT_FINITE
} text_kind;

/* Least working precision, bits. */
#define SCD_PREC_MIN 256

/* 1 for a blank: space or tab. */
static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* The first character of s that is not a blank. */
static const char *skip_blanks(const char *s)
{
    while (is_blank(*s))
        s++;
    return s;
}

/* Length of s without its trailing blanks. */
static size_t trimmed_length(const char *s)
{
    size_t n = strlen(s);
    while (n > 0 && is_blank(s[n - 1]))
        n--;
    return n;
}

/* 1 when the n characters at s spell word, in any case. */
static int same_word(const char *s, size_t n, const char *word)
{
    size_t i;
    if (strlen(word) != n)
        return 0;
    for (i = 0; i < n; i++)
        if (tolower((unsigned char)s[i]) != word[i])
            return 0;
    return 1;
}

/* Number of decimal digits at s. */
static size_t count_digits(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && isdigit((unsigned char)s[i]))
        i++;
    return i;
}

/* 1 when the n characters at s (sign removed) are digits with an optional
 * decimal point and an optional exponent, at least one digit before the
 * exponent. */
static int is_unsigned_decimal(const char *s, size_t n)
{
    size_t i = count_digits(s, n), mantissa = i, e;
    if (i < n && s[i] == '.') {
        size_t f = count_digits(s + i + 1, n - i - 1);
        mantissa += f;
        i += 1 + f;
    }
    if (mantissa == 0)
        return 0;
    if (i == n)
        return 1;
    if (s[i] != 'e' && s[i] != 'E')
        return 0;
    i++;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        i++;
    e = count_digits(s + i, n - i);
    return e > 0 && i + e == n;
}

/* The kind of the text s, blanks around it ignored. */
static text_kind classify(const char *s)
{
    const char *p = skip_blanks(s);
    size_t n = trimmed_length(p);
    int negative = 0;
    if (n == 0)
        return TEXT_NAN;
    if (*p == '+' || *p == '-') {
        negative = *p == '-';
        p++;
        n--;
    }
    if (same_word(p, n, "nan"))
        return TEXT_NAN;
    if (same_word(p, n, "inf") || same_word(p, n, "infinity"))
        return negative ? TEXT_NEG_INF : TEXT_POS_INF;
    return is_unsigned_decimal(p, n) ? TEXT_FINITE : TEXT_BAD;
}

int scd_is_number(const char *s)
{
    return classify(s) != TEXT_BAD;
}

int scd_is_integer(const char *s)
{
    const char *p = skip_blanks(s);
    size_t n = trimmed_length(p);
    if (n > 0 && (*p == '+' || *p == '-')) {
        p++;
        n--;
    }
    return n > 0 && count_digits(p, n) == n;
}

/* Working precision for the texts a and b: 4 bits a character plus 64. */
static mpfr_prec_t precision_for(const char *a, const char *b)
{
    size_t n = strlen(a) > strlen(b) ? strlen(a) : strlen(b);
    size_t p = 4 * n + 64;
    return p < SCD_PREC_MIN ? SCD_PREC_MIN : (mpfr_prec_t)p;
}

/* -log10(|x - y| / |y|), or -log10|x - y| where y is 0; +inf where x = y.
 * x and y are overwritten. */
static double scd_mpfr(mpfr_t x, mpfr_t y)
{
    double r;
    mpfr_sub(x, x, y, MPFR_RNDN);
    if (mpfr_zero_p(x))
        return INFINITY;
    if (!mpfr_zero_p(y))
        mpfr_div(x, x, y, MPFR_RNDN);
    mpfr_abs(x, x, MPFR_RNDN);
    mpfr_log10(x, x, MPFR_RNDN);
    r = -mpfr_get_d(x, MPFR_RNDN);
    return isnan(r) ? 0.0 : r;
}

/* scd of two finite decimal texts, parsed with MPFR over its widest
 * exponent range; 0 where a text lies beyond it. MPFR's exponent range and
 * flags are restored afterwards. */
static double scd_finite(const char *a, const char *b)
{
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_flags_t flags = mpfr_flags_save();
    mpfr_t x, y;
    double r;
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_set_emax(mpfr_get_emax_max());
    mpfr_inits2(precision_for(a, b), x, y, (mpfr_ptr)0);
    mpfr_clear_flags();
    mpfr_strtofr(x, skip_blanks(a), NULL, 10, MPFR_RNDN);
    mpfr_strtofr(y, skip_blanks(b), NULL, 10, MPFR_RNDN);
    if (mpfr_overflow_p() || mpfr_underflow_p())
        r = 0.0;
    else
        r = scd_mpfr(x, y);
    mpfr_clears(x, y, (mpfr_ptr)0);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    mpfr_flags_restore(flags, MPFR_FLAGS_ALL);
    return r;
}

double scd_text(const char *a, const char *b)
{
    text_kind ka = classify(a), kb = classify(b);
    if (ka == TEXT_BAD || kb == TEXT_BAD)
        return NAN;
    if (ka != TEXT_FINITE || kb != TEXT_FINITE)
        return ka == kb ? INFINITY : 0.0;
    if (strcmp(a, b) == 0)
        return INFINITY;
    return scd_finite(a, b);
}
