/* finite.h - whether a double is neither NaN nor an infinity, by two
 * comparisons: isfinite without libm, whose Frama-C contracts the proved
 * core does not use; and whether a vector is (a state, a step's result:
 * DOP853's y1 and f1, the engine's state). One definition for the core's
 * files and the engine's. */
#ifndef COLLIDE_FINITE_H
#define COLLIDE_FINITE_H

#include <float.h>
#include <math.h>

#include "../../spec/float_range.acsl"

/*@ assigns \nothing;
  @ ensures meaning: \result != 0 <==> \is_finite(x);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
static inline int finite_double(double x)
{
    return x >= -DBL_MAX && x <= DBL_MAX;
}

/* Whether y[0 .. n - 1] are all finite (spec/float_range.acsl,
 * all_finite). */
/*@ requires dim: 0 <= n;
  @ requires y: \valid_read(y + (0 .. n - 1));
  @ assigns \nothing;
  @ ensures finite_vector: \result == 1 <==> all_finite(y, n);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
static inline int finite_vector(int n, const double *y)
{
    int i;
    /*@ loop invariant 0 <= i <= n;
      @ loop invariant all_finite(y, i);
      @ loop assigns i;
      @ loop variant n - i;
      @*/
    for (i = 0; i < n; i++)
        if (!finite_double(y[i]))
            return 0;
    return 1;
}

/* +inf, the value of a result that is not finite (DOP853's verdict on a
 * step that is not, the next breakpoint of an input that has none).
 * INFINITY is +inf in IEEE 754 arithmetic (C11 F.10); WP does not model
 * the float constant of math.h, so the body is skipped (WP_SKIP of
 * proofs/proofs.mk) and its contract is an assumption (proofs/README.md,
 * Assumptions). */
/*@ assigns \nothing;
  @ ensures value: \is_plus_infinity(\result);
  @*/
static inline double plus_infinity(void)
{
    return INFINITY;
}

#endif
