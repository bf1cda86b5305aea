/* fminmax.h - the larger and the smaller of two doubles, as C11's fmax
 * and fmin return them for numbers and for a NaN first argument
 * (spec/float_minmax.acsl), without a call of libm. Static inline: DOP853's
 * error norm, the engine's step sizes and the driver's ledger evaluate
 * them at every step. One definition for the core's files, the engine's
 * and the driver's. */
#ifndef COLLIDE_FMINMAX_H
#define COLLIDE_FMINMAX_H

#include "../../spec/float_minmax.acsl"

/* max(x, y): the larger of two numbers; y when x is NaN (fmax_value). */
/*@ assigns \nothing;
  @ ensures max: \result \in {fmax_value(x, y)};
  @*/
static inline double fmax_number(double x, double y)
{
    return (x < y || !(x == x)) ? y : x;
}

/* min(x, y): the smaller of two numbers; y when x is NaN (fmin_value). */
/*@ assigns \nothing;
  @ ensures min: \result \in {fmin_value(x, y)};
  @*/
static inline double fmin_number(double x, double y)
{
    return (y < x || !(x == x)) ? y : x;
}

#endif
