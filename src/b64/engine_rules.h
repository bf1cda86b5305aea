/* engine_rules.h - the small decision rules of the binary64 engine's step
 * loop, each with a contract that fixes its result to its definition in
 * spec/engine_rules.acsl: the sign of a switching function within its
 * error band (band_sign, static inline here: the screening of the
 * switching functions evaluates it at every sample of every step, and a
 * call costs 0.15% of the instructions of study 1) and a strict sign
 * change of one between two samples (opposite_signs, defined in
 * engine_rules.c: the prediction of a switching point calls it a few
 * times per accepted step), and whether a vector is finite
 * (finite_vector, defined in engine_rules.c). engine_rules.c, in WP_CORE,
 * is the translation unit in which WP reads them. */
#ifndef COLLIDE_ENGINE_RULES_H
#define COLLIDE_ENGINE_RULES_H

#include "finite.h"

#include "../../spec/engine_rules.acsl"

/* The sign of a switching function's value x whose rounding error is at
 * most noise: 0 inside the band [-noise, noise], where its sign is
 * rounding noise and the point counts as a zero. */
/*@ assigns \nothing;
  @ ensures band_sign: band_sign_is(\result, x, noise);
  @*/
static inline int band_sign(double x, double noise)
{
    return (x > noise) - (x < -noise);
}

/* Whether some of the nk switching functions has values of strictly
 * opposite signs in ka and kb. Where none has, no noise band can make a
 * sign change of them: a value within its band has sign 0, which removes
 * it, and one outside has its own sign. */
/*@ requires 0 <= nk;
  @ requires \valid_read(ka + (0 .. nk - 1)) && \valid_read(kb + (0 .. nk - 1));
  @ assigns \nothing;
  @ ensures opposite_signs: \result == 1 <==>
  @   (\exists integer i; 0 <= i < nk && strict_sign_change(ka[i], kb[i]));
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
int opposite_signs(const double *ka, const double *kb, int nk);

/* Whether y[0 .. n - 1] are all finite (a step's result, a state). */
/*@ requires 0 <= n;
  @ requires \valid_read(y + (0 .. n - 1));
  @ assigns \nothing;
  @ ensures finite_vector: \result == 1 <==> all_finite(y, n);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
int finite_vector(int n, const double *y);

#endif
