/* impact.h - the impact model of Section IV as an instance of the hybrid
 * engine: H_r (Eqs. 80-84) or H_f (Eqs. 73-79) with a contact law, its
 * guards table (doc/design.md), and the per-collision observables and energy
 * ledger computed along the run, and a run of it (sim_run). */
#ifndef COLLIDE_IMPACT_H
#define COLLIDE_IMPACT_H

#include "engine.h"
#include "hybrid.h"
#include "impact_data.h"
#include "model.h"
#include "names.h"
#include "sim.h"

/* The flow map of chi in mode q at t (Eq. 81 for H_r, Eq. 74 for H_f,
 * with the scenario's applied forces): dy[0 .. n_chi - 1]. Writes the
 * applied forces F_e,1, F_e,2 and the reduced force F_e,r (Eq. 46) into
 * fe, and returns Phi (0 apart). The run's flow adds its quadratures;
 * `collide audit` integrates it from row to row (collide_model_flow). */
double impact_flow_chi(const model *m, const layout *L, int q, double t,
                       const double *y, double *dy, double fe[3]);

/* The whole flow map the binary64 engine integrates in mode q at t:
 * chi (impact_flow_chi), then the quadratures of the ledger (I_s, Delta_C,
 * Eqs. 21-22) and, in contact, of the collision (W, J_Fc, J_Fe, Eqs.
 * 201-202): dy[0 .. L->ny - 1]; in contact, all NaN without a call of
 * the law when x_c, z_c or v is not finite (the laws are proved for
 * finite arguments). The engine's right-hand side, and the floor that
 * `make bench` measures. */
void impact_flow(const model *m, const layout *L, int q, double t,
                 const double *y, double *dy);

/* Supply rate <u, y> (Definition III.13) at y for the applied forces
 * (fe1, fe2) of reduced force fer: F_e,r v (H_r, Eq. 83), F_e,1 h_1 +
 * F_e,2 h_2 (H_f, Eqs. 76, 96). */
double impact_supply(const model *m, const layout *L, double fe1, double fe2,
                     double fer, const double *y);

/* The initial state of a run (Eqs. 79, 84): x = x0, v = v0, for H_f x_m =
 * x_m,0, v_m = v_m,0, and x_c, z_c and the quadratures 0. */
void impact_initial_state(const model *m, const layout *L, double *y);

/* Storage V of the system (Eq. 91 for H_r, Eq. 94 for H_f) at y. */
double impact_storage(const model *m, const layout *L, const double *y);

/* Contact force F_c = -h_c = -q_c Phi(x_c, z_c, v) (Eqs. 59, 64) at y. */
double impact_contact_force(const model *m, const layout *L, int q,
                            const double *y);

/* Runs the hybrid system of m over [0, m->T]. Returns r->status. */
collide_status sim_run(const model *m, const sim_options *o, sim_result *r);

#endif
