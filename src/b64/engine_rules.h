/* engine_rules.h - the small decision rules of the binary64 engine's step
 * loop, each with a contract that fixes its result to its definition in
 * spec/engine_rules.acsl (today: the strict sign change of a switching
 * function between two samples), defined in engine_rules.c (in WP_CORE).
 * Not on the hot path: the prediction of a switching point beyond an
 * accepted step calls it at its few prediction points (instruction counts
 * in the commit that made it a call). */
#ifndef COLLIDE_ENGINE_RULES_H
#define COLLIDE_ENGINE_RULES_H

#include "../../spec/engine_rules.acsl"

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

#endif
