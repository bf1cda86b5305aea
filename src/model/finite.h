/* finite.h - whether a double is neither NaN nor an infinity, by two
 * comparisons: isfinite without libm, whose Frama-C contracts the proved
 * core does not use. One definition for the core's files. */
#ifndef COLLIDE_FINITE_H
#define COLLIDE_FINITE_H

#include <float.h>

/*@ assigns \nothing;
  @ ensures meaning: \result != 0 <==> \is_finite(x);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
static inline int finite_double(double x)
{
    return x >= -DBL_MAX && x <= DBL_MAX;
}

#endif
