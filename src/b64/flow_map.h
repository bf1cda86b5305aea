/* flow_map.h - the flow map the binary64 engine integrates, assembled from
 * the values of the contact law and of the inputs at the state: the rate
 * of chi (Eq. 74 for H_f, Eq. 81 for H_r) and the rates of the quadrature
 * states of the ledger (Eqs. 21, 22) and of the current contact's
 * observables (Eqs. 201, 202). The law's values come through its function
 * pointers (impact.c); these functions write every component of the rate
 * from them, each as its definition in spec/flow_map.acsl. They are
 * defined here, static inline, for the engine's right-hand side to
 * evaluate them without a call; flow_map.c is the translation unit in
 * which WP reads them. Not in the proved set (WP_CORE) yet: WP proves the
 * small functions' contracts, but not yet the postconditions of flow_chi
 * and flow_quadratures after their several stores. */
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

/* q_c v, the rate of x_c (Eq. 74 f_5, Eq. 81 f_3). */
/*@ requires mode: q == 0 || q == 1;
  @ assigns \nothing;
  @ ensures indentation: \result == indentation_rate_value(q, v);
  @*/
static inline double indentation_rate(int q, double v)
{
    return q == 0 ? 0.0 : v;
}

/* q_c Psi, a component of the rate of z_c (Eq. 74 f_6, Eq. 81 f_4). */
/*@ requires mode: q == 0 || q == 1;
  @ assigns \nothing;
  @ ensures internal: \result == internal_rate_value(q, psi);
  @*/
static inline double internal_rate(int q, double psi)
{
    return q == 0 ? 0.0 : psi;
}

/* The rate of chi in mode q (Eq. 74 for H_f, Eq. 81 for H_r) at the state
 * y: the masses m (Eq. 45), m_1 and m_2, Phi (phi, 0 apart), the n_z
 * components of Psi (psi, read apart too, where q_c cancels them) and the
 * forces fe = (F_e,1, F_e,2, F_e,r) (Eq. 46); every component of
 * dy[0 .. n_chi - 1]. The layout is layout_make's (hybrid.h). */
/*@ requires layout: valid_layout(L);
  @ requires eq73: L->sys == SYS_HF ==> L->xm == 2 && L->vm == 3 && L->xc == 4;
  @ requires eq80: L->sys != SYS_HF ==> L->xc == 2;
  @ requires mode: q == 0 || q == 1;
  @ requires mass: bounded(m) && \le_double((double)1.0e-100, m);
  @ requires args: bounded(phi) && bounded(fe[2]);
  @ requires state: \valid_read(y + (0 .. L->ny - 1));
  @ requires values: \valid_read(psi + (0 .. L->nz - 1)) && \valid_read(fe + (0 .. 2));
  @ requires rate: \valid(dy + (0 .. L->n_chi - 1));
  @ requires apart: \separated(dy + (0 .. L->n_chi - 1), y + (0 .. L->ny - 1),
  @                            psi + (0 .. L->nz - 1), fe + (0 .. 2), L);
  @ assigns dy[0 .. L->n_chi - 1];
  @ ensures f1: dy[L->x] == position_rate_value(y[L->v]);
  @ ensures f2: \eq_double(dy[L->v], relative_acceleration_value(q, m, phi, fe[2]));
  @ ensures f3: L->sys == SYS_HF ==> dy[L->xm] == centre_position_rate_value(y[L->vm]);
  @ ensures f4: L->sys == SYS_HF ==>
  @   dy[L->vm] == centre_acceleration_value(fe[0], fe[1], m1, m2);
  @ ensures indentation: dy[L->xc] == indentation_rate_value(q, y[L->v]);
  @ ensures internal_1: L->nz >= 1 ==> dy[L->z] == internal_rate_value(q, psi[0]);
  @ ensures internal_2: L->nz == 2 ==> dy[L->z + 1] == internal_rate_value(q, psi[1]);
  @*/
static inline void flow_chi(const layout *L, int q, double m, double m1,
                             double m2, double phi, const double *psi, const double *fe,
              const double *y, double *dy)
{ /* Eq. (74) for H_f, Eq. (81) for H_r */
    const int x = L->x, v = L->v, xc = L->xc, z = L->z, nz = L->nz;
    dy[x] = y[v];                                        /* f_1 */
    dy[v] = relative_acceleration(m, q, phi, fe[2]);     /* f_2 */
    if (L->sys == SYS_HF) {
        dy[L->xm] = y[L->vm];                            /* f_3 */
        dy[L->vm] = centre_acceleration(fe[0], fe[1], m1, m2); /* f_4 */
    }
    dy[xc] = indentation_rate(q, y[v]);                  /* q_c v */
    if (nz > 0)                                          /* q_c Psi, */
        dy[z] = internal_rate(q, psi[0]);                /* n_z <= 2 */
    if (nz > 1)
        dy[z + 1] = internal_rate(q, psi[1]);
}

/* q_c d_c, the rate of Delta_C (Eq. 22), over the run and over the
 * current contact (q_c d_C = d_C). */
/*@ requires mode: q == 0 || q == 1;
  @ assigns \nothing;
  @ ensures eq22: \result == dissipation_quadrature_rate(q, dc);
  @*/
static inline double dissipation_rate(int q, double dc)
{
    return q == 0 ? 0.0 : dc;
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

/* q_c F_e,r, the rate of J_Fe (Eq. 202). */
/*@ requires mode: q == 0 || q == 1;
  @ assigns \nothing;
  @ ensures eq202: \result == applied_impulse_rate_value(q, fer);
  @*/
static inline double applied_impulse_rate(int q, double fer)
{
    return q == 0 ? 0.0 : fer;
}

/* q_c s, the rate of I_s over the current contact (Eq. 21). */
/*@ requires mode: q == 0 || q == 1;
  @ assigns \nothing;
  @ ensures eq21: \result == contact_supply_rate(q, s);
  @*/
static inline double contact_supply(int q, double s)
{
    return q == 0 ? 0.0 : s;
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
  @ ensures eq22: dy[L->dc] == dissipation_quadrature_rate(q, dc);
  @ ensures eq201: dy[L->w] == work_rate_value(q, phi, v);
  @ ensures eq202_fc: dy[L->jfc] == contact_impulse_rate_value(q, phi);
  @ ensures eq202_fe: dy[L->jfe] == applied_impulse_rate_value(q, fer);
  @ ensures contact_supply: dy[L->is_c] == contact_supply_rate(q, s);
  @ ensures contact_dissipation: dy[L->dc_c] == dissipation_quadrature_rate(q, dc);
  @*/
static inline void flow_quadratures(const layout *L, int q, double v,
                                    double phi, double fer, double s, double dc, double *dy)
{ /* Eqs. (21), (22), (201), (202) */
    dy[L->is] = s;                                       /* Eq. (21) */
    dy[L->dc] = dissipation_rate(q, dc);                 /* Eq. (22) */
    dy[L->w] = work_rate(q, phi, v);                     /* Eq. (201) */
    dy[L->jfc] = contact_impulse_rate(q, phi);           /* Eq. (202) */
    dy[L->jfe] = applied_impulse_rate(q, fer);           /* Eq. (202) */
    dy[L->is_c] = contact_supply(q, s);                  /* Eq. (21) */
    dy[L->dc_c] = dissipation_rate(q, dc);               /* Eq. (22) */
}

#endif
