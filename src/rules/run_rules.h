/* run_rules.h - the checks of a run that both engines make and that do
 * not depend on the precision: the bound of the energy ledger's residual,
 * its cap and the ledger's verdict (Eqs. 22, 24, doc/model.md), and the
 * number of points of the uniform sample grid. Each function is small and
 * its contract pins its result to the definition of spec/run_check.acsl. */
#ifndef COLLIDE_RUN_RULES_H
#define COLLIDE_RUN_RULES_H

/* collide_status; by its path, as the prover's include path holds the
 * proved layers alone */
#include "../../include/collide.h"
#include "common.h"
#include "../../spec/run_check.acsl"

/* The bound of |residual| of Eq. (24) for a run of ny integrated
 * components: R = V + Delta_C - I_s is a first integral of the flow
 * (Prop. III.4: dV/dt = s - q d_c) and the jumps keep it (Delta_D takes
 * V(before) - V(after)), so the residual is the sum over the accepted
 * steps of the change of R by each step's local error, plus rounding.
 * A step is accepted when its error norm is <= 1: the root-mean-square
 * over the ny components of eps_i / sk_i, eps the estimate of the local
 * error (Hairer's DOP853 norm), sk_i = atol + rtol max(|y0_i|, |y1_i|);
 * so its estimated local error in component i is at most sqrt(ny) sk_i,
 * and the change of R at most sqrt(ny) sum_i |dR/dy_i| sk_i. step_error_sum is the sum of
 * sum_i |dR/dy_i| sk_i over the steps (impact.c: ledger_step_error), and
 * magnitude the sum of the magnitudes of the terms the residual adds
 * (|V(T)|, |V(0)|, |Delta_C|, |Delta_D|, |I_s| and V before each jump),
 * whose rounding adds 8 eps magnitude. The rounding of each step's update
 * (eps |y_i|) lies within rtol |y_i|, rtol >= 1e-15 > 4 eps. */
/*@ requires ny: 0 <= ny <= COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq24_bound: \result \in {ledger_bound_value(ny, step_error_sum, magnitude)};
  @*/
double sim_ledger_bound(int ny, double step_error_sum, double magnitude);

/* The largest bound a ledger is checked against, as a fraction of its
 * scale (ledger_cap_value). The bound of the tolerances (sim_ledger_bound)
 * is a worst case summed over the steps; it reaches the scale itself at
 * rtol ~ 1e-3 (study 1), where it no longer constrains anything: study 1
 * at rtol 0.5 ends with a residual of a third of its scale, within that
 * bound. An energy balance off by more than 1% of the run's energy is no
 * result at any tolerance, so the bound is capped there. */
#define SIM_LEDGER_CAP 1e-2

/* The bound checked: bound, at most SIM_LEDGER_CAP scale; NaN stays NaN. */
/*@ assigns \nothing;
  @ ensures eq24_cap: ledger_capped(\result, bound, scale);
  @*/
double sim_ledger_cap(double bound, double scale);

/* The check of the ledger: COLLIDE_OK when |residual| <= bound and
 * delta_c >= 0 (a dissipation, Eq. 22); COLLIDE_E_LEDGER when the residual
 * or the bound is not finite, exceeds the bound, or delta_c < 0. */
/*@ assigns \nothing;
  @ ensures eq22_24: \result == COLLIDE_OK <==> ledger_holds(residual, bound, delta_c);
  @ ensures fails: \result == COLLIDE_OK || \result == COLLIDE_E_LEDGER;
  @*/
collide_status sim_ledger_verdict(double residual, double bound,
                                  double delta_c);

/* The number of points of the uniform sample grid on [0, T], the
 * definition of both engines: n_samples when it is at least 2, else the
 * two ends 0 and T, or the one point 0 when T is not positive
 * (t_positive: T > 0). */
/*@ assigns \nothing;
  @ ensures grid: \result == grid_points_value(n_samples, t_positive);
  @*/
int sim_grid_count(int n_samples, int t_positive);

#endif
