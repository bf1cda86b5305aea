/* initial.h - the initial state of a run, the rule both engines follow
 * over their own numbers: which datum of the scenario each component of
 * the integrated state starts at. */
#ifndef COLLIDE_INITIAL_H
#define COLLIDE_INITIAL_H

#include "hybrid.h"

/* The datum a component of the state starts at: 0, or the scenario's
 * x0, v0 (and, for H_f, x_m0, v_m0). */
typedef enum initial_datum {
    INITIAL_ZERO, INITIAL_X0, INITIAL_V0, INITIAL_XM0, INITIAL_VM0
} initial_datum;

#include "../../spec/initial_state.acsl"

/* The datum component i of the state laid out by L starts at (Eqs. 79,
 * 84): x and v at x0 and v0, for H_f x_m and v_m at x_m0 and v_m0; x_c,
 * z_c and every quadrature at 0, and the mode q_c = 0 (apart). */
/*@ requires layout: \valid_read(L);
  @ assigns \nothing;
  @ ensures eq79_84: \result == initial_datum_of(*L, i);
  @*/
initial_datum initial_component(const layout *L, int i);

#endif
