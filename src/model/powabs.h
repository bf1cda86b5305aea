/* powabs.h - the powers of |x| that the contact laws of Section IV-B are
 * made of: |x|^p, x|x|^(p-1) = sgn(x)|x|^p, and their time derivatives
 * along x(t) (Eqs. 68-72).
 *
 * powabs() wraps libm's pow().  Its contract below is an ASSUMPTION about
 * the C library (listed in proofs/README.md and checked on a grid by
 * tests/test_laws.c), not a proved fact: its body is outside the proved
 * set.  It states only what binary64 pow(|x|, p) satisfies for finite x
 * and p >= 0 (C11 F.10.4.4 and a pow() with error below one ulp):
 * the result is not NaN and >= 0, it is +0 when x = 0 and p > 0, and it is
 * at most 1 when |x| <= 1; and it is pow_abs(x, p), the abstract function
 * of spec/power.acsl that names this result (clause value: a name, not a
 * further property).  The other functions are proved from it, to return
 * the definitions of spec/power.acsl built on pow_abs.
 *
 * The clauses that fix a result are written \result \in {f(...)}: the
 * ACSL equation \result == f(...) between doubles is, in WP, an equation
 * between their real values, from which nothing follows for the callers
 * (an infinity has no real value), while membership in a singleton is
 * equality of the binary64 values, which WP substitutes into the callers'
 * goals. */
#ifndef COLLIDE_POWABS_H
#define COLLIDE_POWABS_H

#include "../../spec/float_range.acsl"
#include "../../spec/law_domain.acsl"
#include "../../spec/power.acsl"

/* |x|^p for p >= 0 (pow(|x|, 0) = 1, also for x = 0). */
/*@ requires finite: \is_finite(x) && \is_finite(p);
    requires exponent: \le_double((double)0.0, p);
    assigns \nothing;
    ensures nonneg: \le_double((double)0.0, \result);
    ensures zero_base: \eq_double(x, (double)0.0) && \lt_double((double)0.0, p)
                       ==> \eq_double(\result, (double)0.0);
    ensures unit: within(x, (double)1.0) ==> \le_double(\result, (double)1.0);
    ensures value: \result \in {pow_abs(x, p)};
*/
double powabs(double x, double p);

/* sgn(x)|x|^p, i.e. x|x|^(p-1) for p >= 1; sgn(0) = 0. */
/*@ requires finite: \is_finite(x) && \is_finite(p);
    requires exponent: \le_double((double)0.0, p);
    assigns \nothing;
    ensures not_nan: !\is_NaN(\result);
    ensures unit: within(x, (double)1.0) ==> within(\result, (double)1.0);
    ensures signed: \result \in {pow_sgn(x, p)};
    behavior positive:
      assumes \lt_double((double)0.0, x);
      ensures sign: \le_double((double)0.0, \result);
    behavior negative:
      assumes \lt_double(x, (double)0.0);
      ensures sign: \le_double(\result, (double)0.0);
    behavior zero:
      assumes \eq_double(x, (double)0.0);
      ensures value: \eq_double(\result, (double)0.0);
    complete behaviors;
    disjoint behaviors;
*/
double powsgn(double x, double p);

/* |x| (exact): -x for x < 0, else x (so -0 stays -0 and a NaN stays a
 * NaN). Static inline: the laws' right-hand sides and the engine's step
 * control (the step floor, the least distance of a stop) evaluate it at
 * every step; proved through every file of the core that includes this
 * header. */
/*@ assigns \nothing;
    ensures nonneg: !\is_NaN(x) ==> \le_double((double)0.0, \result);
    ensures value: !\is_NaN(x) ==>
                   (\eq_double(\result, x) || \eq_double(\result, \neg_double(x)));
    ensures abs: \result \in {abs_val(x)};
*/
static inline double absval(double x)
{
    return x < 0.0 ? -x : x;
}

/* d/dt (x|x|^(p-1)) = p |x|^(p-1) dx for p >= 1 (smooth everywhere). */
/*@ requires finite: \is_finite(x) && \is_finite(p) && \is_finite(dx);
    requires exponent: \le_double((double)1.0, p);
    assigns \nothing;
    ensures zero_rate: \eq_double(dx, (double)0.0) && domain_state(x) &&
                       domain_exponent(p) ==> \eq_double(\result, (double)0.0);
    ensures range: domain_state(x) && domain_exponent(p) && domain_rate(dx)
                   ==> within(\result, (double)0x1p134);
    ensures rate: \result \in {pow_sgn_rate(x, p, dx)};
*/
double powsgn_rate(double x, double p, double dx);

/* The right derivative d+/dt |x|^p along dx/dt = dx, p >= 1:
 * p sgn(x)|x|^(p-1) dx for x != 0; at x = 0 it is |dx| for p = 1 (the switching
 * point of |x|) and 0 for p > 1. */
/*@ requires finite: \is_finite(x) && \is_finite(p) && \is_finite(dx);
    requires exponent: \le_double((double)1.0, p);
    assigns \nothing;
    ensures range: domain_state(x) && domain_exponent(p) && domain_rate(dx)
                   ==> within(\result, (double)0x1p134);
    ensures rate: \result \in {pow_abs_rate(x, p, dx)};
*/
double powabs_rate(double x, double p, double dx);

#endif
