/* ledger.h - the energy ledger of Proposition III.4: Delta_D accumulated at
 * the jumps (Eqs. 20, 23) and the residual of the balance Eq. (24). Delta_C
 * and I_s are quadrature states of the flow (Eqs. 21-22). */
#ifndef COLLIDE_LEDGER_H
#define COLLIDE_LEDGER_H

#include "../../spec/bounded.acsl"
#include "../../spec/ledger.acsl"

/* d_D of Eq. (20): V(chi) - V(g(chi)), the energy dissipated at a jump. */
/*@ requires args: bounded(v_before) && bounded(v_after);
  @ assigns \nothing;
  @ ensures finite: \is_finite(\result);
  @ ensures eq20: \eq_double(\result, jump_dissipation_value(v_before, v_after));
  @ ensures passive: \le_double(v_after, v_before) ==> \le_double((double)0.0, \result);
  @*/
double jump_dissipation(double v_before, double v_after);

/* Adds the dissipation d >= 0 of one jump to Delta_D (Eq. 23): Delta_D
 * never decreases. */
/*@ requires valid: \valid(delta_d);
  @ requires args: bounded(*delta_d) && bounded(d);
  @ requires nonneg: \le_double((double)0.0, d);
  @ assigns *delta_d;
  @ ensures finite: \is_finite(*delta_d);
  @ ensures eq23: \eq_double(*delta_d, delta_d_step(\old(*delta_d), d));
  @ ensures monotone: \le_double(\old(*delta_d), *delta_d);
  @*/
void ledger_add_jump(double *delta_d, double d);

/* Residual of Eq. (24): V(T) - V(0) + Delta_C + Delta_D - I_s, evaluated
 * left to right. */
/*@ requires args: bounded(vt) && bounded(v0) && bounded(delta_c);
  @ requires more: bounded(delta_d) && bounded(is);
  @ assigns \nothing;
  @ ensures finite: \is_finite(\result);
  @ ensures eq24: \eq_double(\result, ledger_residual_value(vt, v0, delta_c, delta_d, is));
  @*/
double ledger_residual(double vt, double v0, double delta_c, double delta_d,
                       double is);

#endif
