/* hybrid.h - the data of the hybrid systems H_c (Eqs. 61-67), H_r
 * (Eqs. 80-84) and H_f (Eqs. 73-79) that do not depend on the contact law:
 * state layout, flow set, jump set, jump maps, the law-independent parts of
 * the flow maps, output maps, storage functions and supply rates.
 * Each function is small, pure and carries its ACSL contract here; the ACSL
 * predicates they refine are in spec/. */
#ifndef COLLIDE_HYBRID_H
#define COLLIDE_HYBRID_H

#include "common.h"
#include "system_kind.h"

/* Layout of the integrated vector y. The state chi of H_r (Eq. 80) or H_f
 * (Eq. 73) without q_c (q_c is the mode of the engine), followed by the
 * quadrature states of the ledger (I_s, Delta_C) and of the observables of
 * the current contact (W, J_Fc, J_Fe, and I_s and Delta_C over the contact). */
typedef struct layout {
    system_kind sys;
    int nz;
    int x, v;          /* 0, 1 */
    int xm, vm;        /* H_f: 2, 3; H_r: -1 */
    int xc, z;         /* indentation, first internal state */
    int n_chi;         /* components of chi without q_c */
    int is, dc;        /* Eq. (21) I_s, Eq. (22) Delta_C, whole run */
    int w, jfc, jfe;   /* Eqs. (201)-(202), current contact */
    int is_c, dc_c;    /* I_s and Delta_C over the current contact */
    int ny;            /* dimension of y */
} layout;

/* A well-formed layout: x and v first, then (H_f) x_m and v_m, then x_c
 * and the n_z internal states, then the quadrature states. */
/*@ predicate layout_ok(layout L) =
  @   (L.nz == 0 || L.nz == 1 || L.nz == 2) &&
  @   L.x == 0 && L.v == 1 && 2 <= L.xc && L.z == L.xc + 1 &&
  @   L.n_chi == L.z + L.nz && L.n_chi <= L.ny &&
  @   L.ny <= COLLIDE_NY_MAX;
  @ predicate valid_layout(layout *L) = \valid_read(L) && layout_ok(*L);
  @*/

/* The layout for system sys with nz internal states: Eq. (73) for H_f,
 * Eq. (80) for H_r (any other sys is laid out as H_r). */
/*@ requires nz: 0 <= nz <= 2;
  @ assigns \nothing;
  @ ensures kind: \result.sys == sys && \result.nz == nz;
  @ ensures order: \result.x == 0 && \result.v == 1 && \result.z == \result.xc + 1;
  @ ensures chi: \result.n_chi == \result.z + nz;
  @ ensures quadrature: \result.is == \result.n_chi && \result.dc == \result.n_chi + 1 &&
  @   \result.w == \result.n_chi + 2 && \result.jfc == \result.n_chi + 3 &&
  @   \result.jfe == \result.n_chi + 4 && \result.is_c == \result.n_chi + 5 &&
  @   \result.dc_c == \result.n_chi + 6;
  @ ensures dims: \result.ny == \result.n_chi + 7 && \result.ny <= COLLIDE_NY_MAX;
  @ ensures well_formed: layout_ok(\result);
  @ behavior full:
  @   assumes sys == SYS_HF;
  @   ensures eq73: \result.xm == 2 && \result.vm == 3 && \result.xc == 4;
  @ behavior reduced:
  @   assumes sys != SYS_HF;
  @   ensures eq80: \result.xm == -1 && \result.vm == -1 && \result.xc == 2;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
layout layout_make(system_kind sys, int nz);

#include "../../spec/flow_jump_sets.acsl"
#include "../../spec/bounded.acsl"
#include "../../spec/passive_jump.acsl"
#include "../../spec/storage.acsl"
#include "../../spec/jump_map.acsl"
#include "../../spec/flow_map.acsl"
#include "../../spec/output_supply.acsl"

/* (chi, u) in C: Eq. (77), the same condition as Eq. (65) for H_c. phi is
 * Phi(x_c, z_c, v). */
/*@ requires mode: q == 0 || q == 1;
  @ requires args: \is_finite(x) && \is_finite(v) && \is_finite(phi);
  @ assigns \nothing;
  @ ensures flow: \result == 1 <==> in_flow_set(q, x, v, phi);
  @ ensures bool: \result == 0 || \result == 1;
  @ ensures lemma_v14: \result == 0 ==> in_jump_set(q, x, v, phi);
  @*/
int flow_set(int q, double x, double v, double phi);

/* (chi, u) in D: Eq. (78), the same condition as Eq. (66) for H_c. */
/*@ requires mode: q == 0 || q == 1;
  @ requires args: \is_finite(x) && \is_finite(v) && \is_finite(phi);
  @ assigns \nothing;
  @ ensures jump: \result == 1 <==> in_jump_set(q, x, v, phi);
  @ ensures bool: \result == 0 || \result == 1;
  @*/
int jump_set(int q, double x, double v, double phi);

/* Whether the state at an event lies in C and D at once (Eqs. 77-78), the
 * one definition of both engines: q is the mode of the state (before or
 * after the jump), g the event's guard (0: x, 1: v, 2: Phi, as
 * transition_guard gives it), taken as exactly 0 (it is 0 at the event;
 * the located state holds it only to rounding, whose sign must not
 * decide). x, v, phi may be the values or only their signs. */
/*@ requires mode: q == 0 || q == 1;
  @ requires guard: 0 <= g <= 2;
  @ requires args: \is_finite(x) && \is_finite(v) && \is_finite(phi);
  @ assigns \nothing;
  @ ensures both: \result == 1 <==>
  @   (in_flow_set(q, g == 0 ? (double)0.0 : x, g == 1 ? (double)0.0 : v,
  @                g == 2 ? (double)0.0 : phi) &&
  @    in_jump_set(q, g == 0 ? (double)0.0 : x, g == 1 ? (double)0.0 : v,
  @                g == 2 ? (double)0.0 : phi));
  @ ensures bool: \result == 0 || \result == 1;
  @*/
int event_in_c_and_d(int q, int g, double x, double v, double phi);

/* Jump map of H_r (Eq. 82) and H_f (Eq. 75) on the state chi, with q_c
 * given separately: x_c <- 0, z_c <- 0, q_c <- 1 - q_c, every other
 * component of y copied unchanged. (For H_c, Eq. 63 is the same map on
 * (x, x_c, z_c, q_c).) */
/*@ requires layout: valid_layout(L);
  @ requires mode: q == 0 || q == 1;
  @ requires from: \valid_read(y + (0 .. L->ny - 1));
  @ requires to: \valid(ynew + (0 .. L->ny - 1)) && \valid(qnew);
  @ requires apart: \separated(ynew + (0 .. L->ny - 1), y + (0 .. L->ny - 1), qnew, L);
  @ requires apart_q: \separated(qnew, y + (0 .. L->ny - 1), L);
  @ assigns ynew[0 .. L->ny - 1], *qnew;
  @ ensures toggle: *qnew == 1 - q;
  @ ensures eq75_82_mode: *qnew == jump_mode(q);
  @ ensures eq75_82: \forall integer i; 0 <= i < L->ny ==>
  @   ynew[i] == jump_component(L->xc, L->z, L->nz, i, y[i]);
  @ ensures lemma_v4: *qnew == 0 || *qnew == 1;
  @ ensures indentation: ynew[L->xc] == 0.0;
  @ ensures internal: \forall integer i; L->z <= i < L->z + L->nz ==> ynew[i] == 0.0;
  @ ensures kept: \forall integer i; 0 <= i < L->ny && i != L->xc &&
  @          !(L->z <= i < L->z + L->nz) ==> ynew[i] == y[i];
  @*/
void jump_map(const layout *L, const double *y, int q, double *ynew,
              int *qnew);

/* Relative acceleration, component f_2 of Eqs. (74) and (81):
 * m^-1 (-q_c Phi + F_e,r). */
/*@ requires mode: q == 0 || q == 1;
  @ requires mass: bounded(m) && \le_double((double)1.0e-100, m);
  @ requires args: bounded(phi) && bounded(fer);
  @ assigns \nothing;
  @ ensures eq74_81: \eq_double(\result, relative_acceleration_value(q, m, phi, fer));
  @ behavior apart:
  @   assumes q == 0;
  @   ensures finite: \is_finite(\result);
  @   ensures free: \eq_double(\result, \div_double(fer, m));
  @ behavior contact:
  @   assumes q == 1;
  @   ensures finite: \is_finite(\result);
  @   ensures pressed: \eq_double(\result, \div_double(\sub_double(fer, phi), m));
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
double relative_acceleration(double m, int q, double phi, double fer);

/* Storage of H_r, Eq. (91): 1/2 m v^2 + V_c. */
/*@ requires args: bounded(m) && bounded(v) && bounded(vc);
  @ requires sign: \le_double((double)0.0, m) && \le_double((double)0.0, vc);
  @ assigns \nothing;
  @ ensures finite: \is_finite(\result);
  @ ensures eq91: \eq_double(\result, storage_hr_value(m, v, vc));
  @ ensures d2: \le_double(storage_hr_value(m, v, (double)0.0),
  @                        storage_hr_value(m, v, vc));
  @ ensures nonneg: \le_double((double)0.0, \result);
  @*/
double storage_hr(double m, double v, double vc);

/* Storage of H_f, Eq. (94): 1/2 m v^2 + 1/2 (m_1 + m_2) v_m^2 + V_c, with
 * mt = m_1 + m_2. */
/*@ requires args: bounded(m) && bounded(mt) && bounded(v);
  @ requires more: bounded(vm) && bounded(vc);
  @ requires sign: \le_double((double)0.0, m) && \le_double((double)0.0, mt);
  @ requires stored: \le_double((double)0.0, vc);
  @ assigns \nothing;
  @ ensures finite: \is_finite(\result);
  @ ensures eq94: \eq_double(\result, storage_hf_value(m, mt, v, vm, vc));
  @ ensures d2: \le_double(storage_hf_value(m, mt, v, vm, (double)0.0),
  @                        storage_hf_value(m, mt, v, vm, vc));
  @ ensures nonneg: \le_double((double)0.0, \result);
  @*/
double storage_hf(double m, double mt, double v, double vm, double vc);

/* Output map of H_f, Eq. (76): h_1 = v_m + eta_c v, h_2 = v_m - eta v. */
/*@ requires out: \valid(h1) && \valid(h2) && \separated(h1, h2);
  @ requires args: bounded(eta) && bounded(eta_c) && bounded(v) && bounded(vm);
  @ assigns *h1, *h2;
  @ ensures finite: \is_finite(*h1) && \is_finite(*h2);
  @ ensures eq76_h1: \eq_double(*h1, output_h1(eta_c, v, vm));
  @ ensures eq76_h2: \eq_double(*h2, output_h2(eta, v, vm));
  @*/
void output_hf(double eta, double eta_c, double v, double vm, double *h1,
               double *h2);

/* Supply rate s(u, y) = <u, y> (Definition III.13) of H_r, whose output is
 * h = v (Eq. 83): F_e,r v. */
/*@ requires args: bounded(fer) && bounded(v);
  @ assigns \nothing;
  @ ensures finite: \is_finite(\result);
  @ ensures eq83: \eq_double(\result, supply_hr_value(fer, v));
  @*/
double supply_rate_hr(double fer, double v);

/* Supply rate of H_f (Eqs. 76, 96): F_e,1 h_1 + F_e,2 h_2. */
/*@ requires args: bounded(fe1) && bounded(fe2) && bounded(h1) && bounded(h2);
  @ assigns \nothing;
  @ ensures finite: \is_finite(\result);
  @ ensures eq96: \eq_double(\result, supply_hf_value(fe1, fe2, h1, h2));
  @*/
double supply_rate_hf(double fe1, double fe2, double h1, double h2);

#endif
