/* flow_map.h - the flow map the binary64 engine integrates, assembled from
 * the values of the contact law and of the inputs at the state: the rate
 * of chi (Eq. 74 for H_f, Eq. 81 for H_r) and the rates of the quadrature
 * states of the ledger (Eqs. 21, 22) and of the current contact's
 * observables (Eqs. 201, 202). The law's values come through its function
 * pointers (impact.c); these functions write every component of the rate
 * from them, each as its definition in spec/flow_map.acsl. They are
 * defined here, static inline, for the engine's right-hand side to
 * evaluate them without a call; flow_map.c is the translation unit in
 * which WP proves them (WP_CORE). The stores of each system's rate use the
 * constant indices of its layout (Eq. 73 for H_f, Eq. 80 for H_r), and
 * those of the quadratures their offsets from n_chi, so that WP sees
 * the components apart. */
#ifndef COLLIDE_FLOW_MAP_H
#define COLLIDE_FLOW_MAP_H

#include "hybrid.h"

/* f_4 = (m_1 + m_2)^-1 (F_e,1 + F_e,2), the rate of v_m (Eq. 74). */
/*@ assigns \nothing;
  @ ensures f4: \result == centre_acceleration_value(fe1, fe2, m1, m2);
  @*/
static inline double centre_acceleration(double fe1, double fe2, double m1,
                                  double m2)
{
    return (fe1 + fe2) / (m1 + m2);
}

/* q_c r: r in contact (q_c = 1), +0 apart (q_c = 0), the factor q_c of
 * the components of Eqs. (74), (81), (21), (22) and (202) that carry it. */
/*@ requires mode: q == 0 || q == 1;
  @ assigns \nothing;
  @ ensures qc: \result == contact_factor(q, r);
  @*/
static inline double qc_times(int q, double r)
{
    return q == 0 ? 0.0 : r;
}

/* The rate of chi of H_f (Eq. 74) in mode q, laid out as Eq. (73):
 * chi = (x, v, x_m, v_m, x_c, z_c) at dy[0 .. 4 + nz]; the arguments are
 * flow_chi's. The inputs are read first, the components of z_c stored
 * first and f_2 last: each store is at a constant index apart from the
 * others, and the contract of relative_acceleration (floating-point
 * division) is a hypothesis of the last store's goals alone. */
/*@ requires mode: q == 0 || q == 1;
  @ requires nz: 0 <= nz <= 2;
  @ requires mass: bounded(m) && \le_double((double)1.0e-100, m);
  @ requires args: bounded(phi) && bounded(fe[2]);
  @ requires state: \valid_read(y + (0 .. 3));
  @ requires values: \valid_read(psi + (0 .. 1)) && \valid_read(fe + (0 .. 2));
  @ requires rate: \valid(dy + (0 .. 4 + nz));
  @ assigns dy[0 .. 4], dy[5 .. 4 + nz];
  @ ensures f1: dy[0] == position_rate_value(\old(y[1]));
  @ ensures f2: \eq_double(dy[1], relative_acceleration_value(q, m, phi, \old(fe[2])));
  @ ensures f3: dy[2] == centre_position_rate_value(\old(y[3]));
  @ ensures f4: dy[3] == centre_acceleration_value(\old(fe[0]), \old(fe[1]), m1, m2);
  @ ensures f5: dy[4] == contact_factor(q, \old(y[1]));
  @ ensures f6_1: nz >= 1 ==> dy[5] == contact_factor(q, \old(psi[0]));
  @ ensures f6_2: nz == 2 ==> dy[6] == contact_factor(q, \old(psi[1]));
  @*/
static inline void flow_chi_full(int q, int nz, double m, double m1,
                                 double m2, double phi, const double *psi,
                                 const double *fe, const double *y, double *dy)
{ /* Eq. (74) */
    const double v = y[1], vm = y[3], psi0 = psi[0], psi1 = psi[1];
    const double fe1 = fe[0], fe2 = fe[1], fer = fe[2];
    if (nz > 0)
        dy[5] = qc_times(q, psi0);                       /* f_6 = q_c Psi */
    if (nz > 1)
        dy[6] = qc_times(q, psi1);                       /* f_6 = q_c Psi */
    dy[0] = v;                                           /* f_1 */
    dy[2] = vm;                                          /* f_3 */
    dy[3] = centre_acceleration(fe1, fe2, m1, m2);       /* f_4 */
    dy[4] = qc_times(q, v);                              /* f_5 = q_c v */
    dy[1] = relative_acceleration(m, q, phi, fer);       /* f_2 */
}

/* The rate of chi of H_r (Eq. 81) in mode q, laid out as Eq. (80):
 * chi = (x, v, x_c, z_c) at dy[0 .. 2 + nz]; the arguments are
 * flow_chi's, as in flow_chi_full. */
/*@ requires mode: q == 0 || q == 1;
  @ requires nz: 0 <= nz <= 2;
  @ requires mass: bounded(m) && \le_double((double)1.0e-100, m);
  @ requires args: bounded(phi) && bounded(fe[2]);
  @ requires state: \valid_read(y + (0 .. 1));
  @ requires values: \valid_read(psi + (0 .. 1)) && \valid_read(fe + (0 .. 2));
  @ requires rate: \valid(dy + (0 .. 2 + nz));
  @ assigns dy[0 .. 2], dy[3 .. 2 + nz];
  @ ensures f1: dy[0] == position_rate_value(\old(y[1]));
  @ ensures f2: \eq_double(dy[1], relative_acceleration_value(q, m, phi, \old(fe[2])));
  @ ensures f3: dy[2] == contact_factor(q, \old(y[1]));
  @ ensures f4_1: nz >= 1 ==> dy[3] == contact_factor(q, \old(psi[0]));
  @ ensures f4_2: nz == 2 ==> dy[4] == contact_factor(q, \old(psi[1]));
  @*/
static inline void flow_chi_reduced(int q, int nz, double m, double phi,
                                    const double *psi, const double *fe,
                                    const double *y, double *dy)
{ /* Eq. (81) */
    const double v = y[1], psi0 = psi[0], psi1 = psi[1], fer = fe[2];
    if (nz > 0)
        dy[3] = qc_times(q, psi0);                       /* f_4 = q_c Psi */
    if (nz > 1)
        dy[4] = qc_times(q, psi1);                       /* f_4 = q_c Psi */
    dy[0] = v;                                           /* f_1 */
    dy[2] = qc_times(q, v);                              /* f_3 = q_c v */
    dy[1] = relative_acceleration(m, q, phi, fer);       /* f_2 */
}

/* The rate of chi in mode q (Eq. 74 for H_f, Eq. 81 for H_r) at the state
 * y: the masses m (Eq. 45), m_1 and m_2, Phi (phi, 0 apart), the n_z
 * components of Psi (psi, LAW_NZ_MAX = 2 of them readable, 0 apart, where
 * q_c cancels them) and the forces fe = (F_e,1, F_e,2, F_e,r) (Eq. 46);
 * every component of dy[0 .. n_chi - 1], as a function of the inputs
 * (\old), at the constant indices of the layout of layout_make (hybrid.h):
 * x, v, x_m, v_m, x_c, z_c at 0, 1, 2, 3, 4, 5 for H_f (Eq. 73), x, v,
 * x_c, z_c at 0, 1, 2, 3 for H_r (Eq. 80). */
/*@ requires layout: valid_layout(L);
  @ requires eq73: L->sys == SYS_HF ==>
  @   L->xm == 2 && L->vm == 3 && L->xc == 4 && L->n_chi == 5 + L->nz;
  @ requires eq80: L->sys != SYS_HF ==> L->xc == 2 && L->n_chi == 3 + L->nz;
  @ requires mode: q == 0 || q == 1;
  @ requires mass: bounded(m) && \le_double((double)1.0e-100, m);
  @ requires args: bounded(phi) && bounded(fe[2]);
  @ requires state: \valid_read(y + (0 .. L->ny - 1));
  @ requires values: \valid_read(psi + (0 .. 1)) && \valid_read(fe + (0 .. 2));
  @ requires rate: \valid(dy + (0 .. L->n_chi - 1));
  @ assigns dy[0 .. L->n_chi - 1];
  @ behavior system_hf: // Eq. (74), chi laid out as Eq. (73)
  @   assumes L->sys == SYS_HF;
  @   ensures f1: dy[0] == position_rate_value(\old(y[1]));
  @   ensures f2: \eq_double(dy[1], relative_acceleration_value(q, m, phi, \old(fe[2])));
  @   ensures f3: dy[2] == centre_position_rate_value(\old(y[3]));
  @   ensures f4: dy[3] == centre_acceleration_value(\old(fe[0]), \old(fe[1]), m1, m2);
  @   ensures f5: dy[4] == contact_factor(q, \old(y[1]));
  @   ensures f6_1: L->nz >= 1 ==> dy[5] == contact_factor(q, \old(psi[0]));
  @   ensures f6_2: L->nz == 2 ==> dy[6] == contact_factor(q, \old(psi[1]));
  @ behavior system_hr: // Eq. (81), chi laid out as Eq. (80)
  @   assumes L->sys != SYS_HF;
  @   ensures f1: dy[0] == position_rate_value(\old(y[1]));
  @   ensures f2: \eq_double(dy[1], relative_acceleration_value(q, m, phi, \old(fe[2])));
  @   ensures f3: dy[2] == contact_factor(q, \old(y[1]));
  @   ensures f4_1: L->nz >= 1 ==> dy[3] == contact_factor(q, \old(psi[0]));
  @   ensures f4_2: L->nz == 2 ==> dy[4] == contact_factor(q, \old(psi[1]));
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static inline void flow_chi(const layout *L, int q, double m, double m1,
                            double m2, double phi, const double *psi,
                            const double *fe, const double *y, double *dy)
{ /* Eq. (74) for H_f, Eq. (81) for H_r */
    if (L->sys == SYS_HF)
        flow_chi_full(q, L->nz, m, m1, m2, phi, psi, fe, y, dy);
    else
        flow_chi_reduced(q, L->nz, m, phi, psi, fe, y, dy);
}

/* -F_c v = q_c Phi v, the rate of W (Eq. 201). */
/*@ requires mode: q == 0 || q == 1;
  @ assigns \nothing;
  @ ensures eq201: \result == work_rate_value(q, phi, v);
  @*/
static inline double work_rate(int q, double phi, double v)
{
    return q == 0 ? 0.0 : phi * v;
}

/* F_c = -q_c Phi, the rate of J_Fc (Eq. 202). */
/*@ requires mode: q == 0 || q == 1;
  @ assigns \nothing;
  @ ensures eq202: \result == contact_impulse_rate_value(q, phi);
  @*/
static inline double contact_impulse_rate(int q, double phi)
{
    return q == 0 ? 0.0 : -phi;
}

/* The rates of the quadrature states in mode q (Eqs. 21, 22, 201, 202)
 * at the relative velocity v, with Phi (phi), F_e,r (fer), the supply
 * rate s and the law's d_c (dc, 0 apart), at r[0 .. 6]: I_s, Delta_C,
 * W, J_Fc, J_Fe, I_s and Delta_C over the contact, the order of
 * layout_make (hybrid.h). */
/*@ requires mode: q == 0 || q == 1;
  @ requires rate: \valid(r + (0 .. 6));
  @ assigns r[0 .. 6];
  @ ensures eq21: r[0] == supply_quadrature_rate(s);
  @ ensures eq22: r[1] == dissipation_rate_value(q, dc);
  @ ensures eq201: r[2] == work_rate_value(q, phi, v);
  @ ensures eq202_fc: r[3] == contact_impulse_rate_value(q, phi);
  @ ensures eq202_fe: r[4] == external_impulse_rate_value(q, fer);
  @ ensures contact_supply: r[5] == contact_supply_rate_value(q, s);
  @ ensures contact_dissipation: r[6] == dissipation_rate_value(q, dc);
  @*/
static inline void quadrature_rates(int q, double v, double phi, double fer,
                                    double s, double dc, double *r)
{ /* Eqs. (21), (22), (201), (202) */
    r[0] = s;                                            /* Eq. (21) */
    r[1] = qc_times(q, dc);                              /* Eq. (22) */
    r[2] = work_rate(q, phi, v);                         /* Eq. (201) */
    r[3] = contact_impulse_rate(q, phi);                 /* Eq. (202) */
    r[4] = qc_times(q, fer);                             /* Eq. (202) */
    r[5] = qc_times(q, s);                               /* Eq. (21) */
    r[6] = qc_times(q, dc);                              /* Eq. (22) */
}

/* The rates of the quadrature states in mode q (Eqs. 21, 22, 201, 202)
 * at the relative velocity v, with Phi (phi), F_e,r (fer), the supply
 * rate s and the law's d_c (dc, 0 apart): every component of
 * dy[n_chi .. ny - 1]. */
/*@ requires layout: valid_layout(L);
  @ requires quadratures: L->is == L->n_chi && L->dc == L->n_chi + 1 &&
  @   L->w == L->n_chi + 2 && L->jfc == L->n_chi + 3 &&
  @   L->jfe == L->n_chi + 4 && L->is_c == L->n_chi + 5 &&
  @   L->dc_c == L->n_chi + 6 && L->ny == L->n_chi + 7;
  @ requires mode: q == 0 || q == 1;
  @ requires rate: \valid(dy + (L->n_chi .. L->ny - 1));
  @ requires apart: \separated(dy + (L->n_chi .. L->ny - 1), L);
  @ assigns dy[L->n_chi .. L->ny - 1];
  @ ensures eq21: dy[L->is] == supply_quadrature_rate(s);
  @ ensures eq22: dy[L->dc] == dissipation_rate_value(q, dc);
  @ ensures eq201: dy[L->w] == work_rate_value(q, phi, v);
  @ ensures eq202_fc: dy[L->jfc] == contact_impulse_rate_value(q, phi);
  @ ensures eq202_fe: dy[L->jfe] == external_impulse_rate_value(q, fer);
  @ ensures contact_supply: dy[L->is_c] == contact_supply_rate_value(q, s);
  @ ensures contact_dissipation: dy[L->dc_c] == dissipation_rate_value(q, dc);
  @*/
static inline void flow_quadratures(const layout *L, int q, double v,
                                    double phi, double fer, double s, double dc, double *dy)
{ /* Eqs. (21), (22), (201), (202) */
    quadrature_rates(q, v, phi, fer, s, dc, dy + L->is);
}

#endif
