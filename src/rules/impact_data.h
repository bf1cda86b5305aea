/* impact_data.h - the hybrid data of the impact model that the driver
 * (impact.c), the engine (through the driver's table) and the
 * high-precision mode share and that do not call the contact law: the
 * guards table (doc/design.md, spec/guards_table.acsl) and the increment
 * of the ledger at a jump (Eqs. 20, 23). Each function is small and its
 * contract pins its results to the definitions of spec/. */
#ifndef COLLIDE_IMPACT_DATA_H
#define COLLIDE_IMPACT_DATA_H

#include "ledger.h"
#include "transition.h"
#include "../../spec/bounded.acsl"
#include "../../spec/guards_table.acsl"

/* The guards table: the mode transition tr leaves, the mode it enters,
 * its declared crossing orientation (-1 or +1), its guard (0: x, 1: v,
 * 2: Phi), and whether it is enabled at the signs of x, v and Phi. */
/*@ requires tr: 0 <= tr < TR_COUNT;
  @ assigns \nothing;
  @ ensures table: \result == transition_from_value(tr);
  @*/
int transition_from(int tr);

/*@ requires tr: 0 <= tr < TR_COUNT;
  @ assigns \nothing;
  @ ensures eq75_82: \result == transition_to_value(tr);
  @*/
int transition_to(int tr);

/*@ requires tr: 0 <= tr < TR_COUNT;
  @ assigns \nothing;
  @ ensures orientation: \result == transition_sigma_value(tr);
  @*/
int transition_sigma(int tr);

/*@ requires tr: 0 <= tr < TR_COUNT;
  @ assigns \nothing;
  @ ensures guard: \result == transition_guard_value(tr);
  @*/
int transition_guard(int tr);

/*@ requires tr: 0 <= tr < TR_COUNT;
  @ assigns \nothing;
  @ ensures eq78: \result == 1 <==> transition_enabled_at(tr, x, v, phi);
  @ ensures bool: \result == 0 || \result == 1;
  @*/
int transition_enabled(int tr, double x, double v, double phi);

/* The ledger at a jump: d_D = V(chi) - V(g(chi)) (Eq. 20) of the storage
 * vb before and va after it, added to Delta_D (Eq. 23); returns d_D. A
 * jump does not raise the storage (condition D2, spec/passive_jump.acsl):
 * 0 <= va <= vb. */
/*@ requires valid: \valid(delta_d);
  @ requires args: bounded(vb) && bounded(va) && bounded(*delta_d);
  @ requires d2: \le_double((double)0.0, va) && \le_double(va, vb);
  @ assigns *delta_d;
  @ ensures eq20: \eq_double(\result, jump_dissipation_value(vb, va));
  @ ensures eq23: \eq_double(*delta_d, delta_d_step(\old(*delta_d), \result));
  @ ensures monotone: \le_double(\old(*delta_d), *delta_d);
  @*/
double impact_jump_ledger(double vb, double va, double *delta_d);

#endif
