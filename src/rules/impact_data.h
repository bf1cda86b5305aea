/* impact_data.h - the hybrid data of the impact model that the driver
 * (impact.c), the engine (through the driver's table) and the
 * high-precision mode share and that do not call the contact law: the
 * guards table (doc/design.md, spec/guards_table.acsl), the reset of a
 * transition (Eqs. 75, 82, spec/reset.acsl) and the increment of the
 * ledger at a jump (Eqs. 20, 23). Each function is small and its
 * contract pins its results to the definitions of spec/. */
#ifndef COLLIDE_IMPACT_DATA_H
#define COLLIDE_IMPACT_DATA_H

#include "hybrid.h"
#include "ledger.h"
#include "transition.h"
#include "../../spec/bounded.acsl"
#include "../../spec/guards_table.acsl"
#include "../../spec/reset.acsl"

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

/* The quadratures of the state as layout_make lays them out (its clauses
 * quadrature and dims): after chi, I_s and Delta_C of the run, then the
 * five of the current contact, W first, and nothing after them. */
/*@ predicate quadrature_layout(layout L) =
  @   L.is == L.n_chi && L.dc == L.n_chi + 1 && L.w == L.n_chi + 2 &&
  @   L.jfc == L.w + 1 && L.jfe == L.w + 2 && L.is_c == L.w + 3 &&
  @   L.dc_c == L.w + 4 && L.ny == L.dc_c + 1;
  @*/

/* The reset of transition tr at the state y (Eqs. 75, 82): ynew is g(y)
 * on chi, x_c and z_c set to 0 and x, v (x_m, v_m) kept; I_s and Delta_C
 * of the run kept (Eqs. 21-22 integrate over the flow alone); and, when tr
 * commences a contact, the quadratures of that contact (W, J_Fc, J_Fe,
 * I_s and Delta_C over it, Eqs. 201-202) started at 0, kept otherwise.
 * Returns the mode entered, 1 - q_c with q_c the mode tr leaves. Delta_D
 * is not part of y: impact_jump_ledger adds the jump's d_D to it. */
/*@ requires layout: valid_layout(L) && quadrature_layout(*L);
  @ requires tr: 0 <= tr < TR_COUNT;
  @ requires from: \valid_read(y + (0 .. L->ny - 1));
  @ requires to: \valid(ynew + (0 .. L->ny - 1));
  @ requires apart: \separated(ynew + (0 .. L->ny - 1), y + (0 .. L->ny - 1), L);
  @ assigns ynew[0 .. L->ny - 1];
  @ ensures eq75_82_mode: \result == jump_mode(transition_from_value(tr));
  @ ensures table: \result == transition_to_value(tr);
  @ ensures reset: \forall integer i; 0 <= i < L->ny ==>
  @   ynew[i] == reset_component(tr, L->xc, L->z, L->nz, L->w, i, y[i]);
  @ ensures eq75_82: \forall integer i; 0 <= i < L->n_chi ==>
  @   ynew[i] == jump_component(L->xc, L->z, L->nz, i, y[i]);
  @ ensures eq21_22: ynew[L->is] == y[L->is] && ynew[L->dc] == y[L->dc];
  @ ensures eq201_202: \forall integer i; L->w <= i <= L->dc_c ==>
  @   ynew[i] == contact_start_component(transition_to_value(tr), L->w, i, y[i]);
  @*/
int impact_reset(const layout *L, int tr, const double *y, double *ynew);

/* Whether the reset of transition tr sets component i of the state to 0
 * (1) or keeps it (0): reset_component's choice (spec/reset.acsl), the
 * rule of impact_reset, for an engine that resets a state of numbers of
 * its own (the high-precision one). */
/*@ requires layout: valid_layout(L) && quadrature_layout(*L);
  @ requires tr: 0 <= tr < TR_COUNT;
  @ requires i: 0 <= i < L->ny;
  @ assigns \nothing;
  @ ensures eq75_82: \result == 1 <==>
  @   reset_component(tr, L->xc, L->z, L->nz, L->w, i, (double)1.0) == 0.0;
  @ ensures keeps: \result == 0 <==>
  @   reset_component(tr, L->xc, L->z, L->nz, L->w, i, (double)1.0) == 1.0;
  @*/
int impact_reset_zeroes(const layout *L, int tr, int i);

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
