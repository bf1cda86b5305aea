/* test_mp_fast.c - the limb arithmetic of src/mp/mp_fast.c against MPFR,
 * bit for bit (sign of a zero included): products, products by an
 * integer, sums and differences at 128, 192 and 256 bits, on random
 * operands and on sparse ones (few bits set: exact results, halfway
 * cases and carries out of the top limb), with exponent differences
 * across the limbs and beyond, zeros, both signs and the result in place
 * of an operand; the convolution and Horner loops against the same
 * steps one at a time; and the cases left to MPFR (72 and 136 bits, mixed
 * precisions, NaN, infinities, huge exponents) give MPFR's numbers too. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "mp_fast.h"

static uint64_t state = 88172645463325252ULL;

/* xorshift64 */
static uint64_t rnd(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* A random number of x's precision: random or sparse bits (a few set,
 * runs of ones, all ones), either sign, exponent e, zero now and then. */
static void random_number(mpfr_t x, long e)
{
    mpfr_prec_t p = mpfr_get_prec(x);
    int kind = (int)(rnd() % 8), i, bits = (int)p;
    mpfr_set_zero(x, 1);
    if (kind == 0 && rnd() % 4 == 0) {
        if (rnd() % 2)
            mpfr_neg(x, x, MPFR_RNDN);
        return;
    }
    mpfr_set_ui(x, 1, MPFR_RNDN);
    mpfr_mul_2si(x, x, -1, MPFR_RNDN);          /* 0.1 binary */
    for (i = 0; i < 4 && kind >= 4; i++) {      /* sparse: bits at random */
        mpfr_t b;
        mpfr_init2(b, p);
        mpfr_set_ui(b, 1, MPFR_RNDN);
        mpfr_mul_2si(b, b, -1 - (long)(rnd() % (uint64_t)bits), MPFR_RNDN);
        mpfr_add(x, x, b, MPFR_RNDN);
        mpfr_clear(b);
    }
    if (kind == 3) {                            /* all ones: 1 - 2^-p */
        mpfr_set_ui(x, 1, MPFR_RNDN);
        mpfr_nextbelow(x);
    }
    if (kind == 1 || kind == 2) {               /* random bits */
        mpfr_t b;
        mpfr_init2(b, p);
        for (i = 1; i < bits; i += 32) {
            mpfr_set_ui(b, (unsigned long)(rnd() >> 32), MPFR_RNDN);
            mpfr_mul_2si(b, b, -i - 32, MPFR_RNDN);
            mpfr_add(x, x, b, MPFR_RNDN);
        }
        mpfr_clear(b);
    }
    mpfr_set_exp(x, (mpfr_exp_t)e);
    if (rnd() % 2)
        mpfr_neg(x, x, MPFR_RNDN);
}

/* Whether a and b are the same number, bit for bit (NaNs alike). */
static int same(mpfr_srcptr a, mpfr_srcptr b)
{
    if (mpfr_nan_p(a) || mpfr_nan_p(b))
        return mpfr_nan_p(a) && mpfr_nan_p(b);
    return mpfr_equal_p(a, b) && mpfr_signbit(a) == mpfr_signbit(b);
}

/* An exponent difference: 0 .. 2 limbs and a few bits beyond, mostly
 * near the limb boundaries and the width of the significand. */
static long exponent_gap(mpfr_prec_t p)
{
    switch (rnd() % 4) {
    case 0:
        return (long)(rnd() % 4);
    case 1:
        return (long)p - 2 + (long)(rnd() % 5);
    case 2:
        return 64 * (long)(rnd() % 4) - 2 + (long)(rnd() % 5);
    default:
        return (long)(rnd() % (uint64_t)(2 * p + 8));
    }
}

/* Which operation: 0 mul, 1 mul_si, 2 add, 3 sub. */
static void fast_op(int op, mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, long m)
{
    if (op == 0)
        mp_fast_mul(r, a, b);
    else if (op == 1)
        mp_fast_mul_si(r, a, m);
    else if (op == 2)
        mp_fast_add(r, a, b);
    else
        mp_fast_sub(r, a, b);
}

static void mpfr_op(int op, mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, long m)
{
    if (op == 0)
        mpfr_mul(r, a, b, MPFR_RNDN);
    else if (op == 1)
        mpfr_mul_si(r, a, m, MPFR_RNDN);
    else if (op == 2)
        mpfr_add(r, a, b, MPFR_RNDN);
    else
        mpfr_sub(r, a, b, MPFR_RNDN);
}

/* A multiplier for mul_si: small, large, either sign, 0 now and then. */
static long multiplier(void)
{
    long m = (long)(rnd() % 5 == 0 ? rnd() >> 2 : rnd() % 2000);
    return rnd() % 2 ? -m : m;
}

/* n random cases of operation op at precision p; the count that differ
 * from MPFR (with the result in a fresh number and in place of a). */
static long differences(int op, mpfr_prec_t p, long n)
{
    mpfr_t a, b, r1, r2, a2;
    long i, bad = 0;
    mpfr_inits2(p, a, b, r1, r2, a2, (mpfr_ptr)0);
    for (i = 0; i < n; i++) {
        long ea = (long)(rnd() % 200) - 100, m = multiplier();
        random_number(a, ea);
        random_number(b, rnd() % 2 ? ea - exponent_gap(p) : ea + exponent_gap(p));
        fast_op(op, r1, a, b, m);
        mpfr_op(op, r2, a, b, m);
        mpfr_set(a2, a, MPFR_RNDN);
        fast_op(op, a2, a2, b, m);              /* in place */
        if (!same(r1, r2) || !same(a2, r2)) {
            if (bad < 3)
                mpfr_printf("op %d at %ld bits: %Ra, %Ra, %ld: %Ra, MPFR %Ra\n",
                            op, (long)p, a, b, m, r1, r2);
            bad++;
        }
    }
    mpfr_clears(a, b, r1, r2, a2, (mpfr_ptr)0);
    return bad;
}

/* The cases left to MPFR: special values, huge exponents, precisions of
 * part of a limb or mixed. */
static void left_to_mpfr(void)
{
    mpfr_t a, b, r1, r2, c72, d72, e72;
    int op, ok = 1, k;
    mpfr_inits2(128, a, b, r1, r2, (mpfr_ptr)0);
    mpfr_inits2(72, c72, d72, e72, (mpfr_ptr)0);
    for (op = 0; op < 4; op++)
        for (k = 0; k < 6; k++) {
            random_number(a, 3);
            random_number(b, 1);
            if (k == 0)
                mpfr_set_nan(a);
            if (k == 1)
                mpfr_set_inf(b, -1);
            if (k == 2)
                mpfr_set_exp(a, (mpfr_exp_t)((1L << 29) + 5));
            if (k == 3)
                mpfr_set_exp(b, (mpfr_exp_t)(-(1L << 29)));
            if (k == 4)
                mpfr_set_zero(b, -1);
            if (k == 5)
                mpfr_set_zero(a, 1);
            fast_op(op, r1, a, b, 7);
            mpfr_op(op, r2, a, b, 7);
            ok &= same(r1, r2);
            mpfr_set(c72, a, MPFR_RNDN);        /* 72 bits: MPFR */
            fast_op(op, d72, c72, b, -3);
            mpfr_op(op, e72, c72, b, -3);
            ok &= same(d72, e72);
        }
    check_true(ok, "fast: NaN, infinity, huge exponents, zeros, 72 bits and "
               "mixed precisions give MPFR's numbers");
    mpfr_clears(a, b, r1, r2, c72, d72, e72, (mpfr_ptr)0);
}

/* mp_fast_conv and mp_fast_horner against the same steps one call at a
 * time (MPFR's, whose numbers the limb functions give), at precision p,
 * on series of random and sparse coefficients with zeros among them. */
static int loops_agree(mpfr_prec_t p)
{
    enum { N = 24 };
    mpfr_t a[N + 1], b[N + 1], x1, x2, t, s;
    int i, k, sb, ok = 1;
    for (i = 0; i <= N; i++) {
        mpfr_init2(a[i], p);
        mpfr_init2(b[i], p);
    }
    mpfr_inits2(p, x1, x2, t, s, (mpfr_ptr)0);
    for (k = 1; k <= N; k++)
        for (sb = -1; sb <= 1; sb += 2) {
            for (i = 0; i <= N; i++) {
                random_number(a[i], -3 * i + (long)(rnd() % 5));
                random_number(b[i], -2 * i + (long)(rnd() % 5));
            }
            random_number(x1, (long)(rnd() % 4));
            mpfr_set(x2, x1, MPFR_RNDN);
            mp_fast_conv(x1, a, b, 1, k, k, sb, t);
            for (i = 1; i <= k; i++) {
                mpfr_mul(t, a[i], b[k - i], MPFR_RNDN);
                if (sb > 0)
                    mpfr_add(x2, x2, t, MPFR_RNDN);
                else
                    mpfr_sub(x2, x2, t, MPFR_RNDN);
            }
            ok &= same(x1, x2);
            random_number(s, -(long)(rnd() % 8));
            mp_fast_horner(x1, a, k, s);
            mpfr_set(x2, a[k], MPFR_RNDN);
            for (i = k - 1; i >= 0; i--) {
                mpfr_mul(x2, x2, s, MPFR_RNDN);
                mpfr_add(x2, x2, a[i], MPFR_RNDN);
            }
            ok &= same(x1, x2);
        }
    for (i = 0; i <= N; i++)
        mpfr_clears(a[i], b[i], (mpfr_ptr)0);
    mpfr_clears(x1, x2, t, s, (mpfr_ptr)0);
    return ok;
}

int main(void)
{
    static const mpfr_prec_t prec[4] = {128, 192, 256, 136};
    static const char *const name[4] = {"mul", "mul_si", "add", "sub"};
    int op, i;
    for (op = 0; op < 4; op++)
        for (i = 0; i < 4; i++) {
            char msg[120];
            long bad = differences(op, prec[i], 200000);
            snprintf(msg, sizeof msg, "fast: %s at %ld bits, 200000 cases: "
                     "%ld differ from MPFR", name[op], (long)prec[i], bad);
            check_true(bad == 0, msg);
        }
    left_to_mpfr();
    for (i = 0; i < 4; i++) {
        char msg[120];
        int ok = 1, rep;
        for (rep = 0; rep < 200; rep++)
            ok &= loops_agree(prec[i]);
        snprintf(msg, sizeof msg, "fast: convolutions and Horner sums at "
                 "%ld bits are MPFR's step by step", (long)prec[i]);
        check_true(ok, msg);
    }
    return check_summary("test_mp_fast");
}
