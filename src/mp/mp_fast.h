/* mp_fast.h - the products and sums of the Taylor recurrences for
 * precisions of whole limbs (64 n bits, 2 <= n <= MP_FAST_LIMBS: 128,
 * 192, 256 bits; 128 and its check's 192 are the usual ones), rounded to nearest with ties to even from the exact result
 * computed on the limbs. Correct rounding defines a result uniquely, so
 * each function gives the number that the MPFR function it names gives
 * with MPFR_RNDN, bit for bit (sign of a zero included): a run's result
 * set does not depend on which computed it. MPFR's fast paths stop short
 * of 128 bits; its general code, with the thread-local state each call
 * reads, took about 3 times the instructions of these per product.
 *
 * Every other case goes to MPFR: operands or result of another precision
 * (or of precisions that differ), not a multiple of 64 bits or above
 * MP_FAST_LIMBS limbs, NaN or infinity, an exponent beyond +-2^24 (far
 * inside MPFR's range: no overflow or underflow is handled here). MPFR's
 * flags (inexact, ...) are not set by the limb path. The result may be an
 * operand. */
#ifndef COLLIDE_MP_FAST_H
#define COLLIDE_MP_FAST_H

#include <stdio.h> /* before mpfr.h: declares mpfr_fprintf */
#include <mpfr.h>

#define MP_FAST_LIMBS 4

/* r = a b, as mpfr_mul(r, a, b, MPFR_RNDN). */
void mp_fast_mul(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b);

/* r = a m, as mpfr_mul_si(r, a, m, MPFR_RNDN). */
void mp_fast_mul_si(mpfr_ptr r, mpfr_srcptr a, long m);

/* r = a + b, as mpfr_add(r, a, b, MPFR_RNDN). */
void mp_fast_add(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b);

/* r = a - b, as mpfr_sub(r, a, b, MPFR_RNDN). */
void mp_fast_sub(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b);

/* x = x + sb a[j] b[k - j] (sb = 1, or -1: minus) for j = j0 .. j1 in
 * turn, into x, each product rounded into t and each sum into x: the
 * numbers of those mp_fast_mul and mp_fast_add (mp_fast_sub) calls, with
 * the precisions checked once. The convolutions of the recurrences. */
void mp_fast_conv(mpfr_ptr x, mpfr_t *a, mpfr_t *b, int j0, int j1, int k,
                  int sb, mpfr_ptr t);

/* r = c[order], then r = r s + c[k] for k = order - 1 .. 0 (Horner),
 * each product and sum rounded: the numbers of mpfr_set, mp_fast_mul and
 * mp_fast_add in that order. r must not be s or a coefficient. */
void mp_fast_horner(mpfr_ptr r, mpfr_t *c, int order, mpfr_srcptr s);

/* x = +0, then x = x + (m_j w[i-j]) r[j] for j = 0 .. i-1 in turn with
 * the integer weights m_j = q (i - j) - 2 j, each product rounded into t
 * and each sum into x; a term whose weight is 0 is skipped (it would add
 * a zero to a sum that is never -0: no change). The numbers of those
 * mp_fast_mul_si, mp_fast_mul and mp_fast_add calls: the power
 * recurrence of the tape, doubled (mp_tape.c power_sum_twice). */
void mp_fast_power_sum(mpfr_ptr x, mpfr_t *w, mpfr_t *r, int i, int q,
                       mpfr_ptr t);

#endif
