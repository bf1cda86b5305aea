/* flow_map.c - the flow map the binary64 engine integrates, component by
 * component; see flow_map.h. */
#include "flow_map.h"

/* f_4 = (m_1 + m_2)^-1 (F_e,1 + F_e,2), the rate of v_m (Eq. 74). */
/*@ assigns \nothing;
  @ ensures f4: \result == centre_acceleration_value(fe1, fe2, m1, m2);
  @*/
static double centre_acceleration(double fe1, double fe2, double m1,
                                  double m2)
{
    return (fe1 + fe2) / (m1 + m2);
}

/* q_c v, the rate of x_c (Eq. 74 f_5, Eq. 81 f_3). */
/*@ requires mode: q == 0 || q == 1;
  @ assigns \nothing;
  @ ensures indentation: \result == indentation_rate_value(q, v);
  @*/
static double indentation_rate(int q, double v)
{
    return q == 0 ? 0.0 : v;
}

/* q_c Psi, a component of the rate of z_c (Eq. 74 f_6, Eq. 81 f_4). */
/*@ requires mode: q == 0 || q == 1;
  @ assigns \nothing;
  @ ensures internal: \result == internal_rate_value(q, psi);
  @*/
static double internal_rate(int q, double psi)
{
    return q == 0 ? 0.0 : psi;
}

void flow_chi(const layout *L, int q, double m, double m1, double m2,
              double phi, const double *psi, const double *fe,
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
static double dissipation_rate(int q, double dc)
{
    return q == 0 ? 0.0 : dc;
}

/* -F_c v = q_c Phi v, the rate of W (Eq. 201). */
/*@ requires mode: q == 0 || q == 1;
  @ assigns \nothing;
  @ ensures eq201: \result == work_rate_value(q, phi, v);
  @*/
static double work_rate(int q, double phi, double v)
{
    return q == 0 ? 0.0 : phi * v;
}

/* F_c = -q_c Phi, the rate of J_Fc (Eq. 202). */
/*@ requires mode: q == 0 || q == 1;
  @ assigns \nothing;
  @ ensures eq202: \result == contact_impulse_rate_value(q, phi);
  @*/
static double contact_impulse_rate(int q, double phi)
{
    return q == 0 ? 0.0 : -phi;
}

/* q_c F_e,r, the rate of J_Fe (Eq. 202). */
/*@ requires mode: q == 0 || q == 1;
  @ assigns \nothing;
  @ ensures eq202: \result == applied_impulse_rate_value(q, fer);
  @*/
static double applied_impulse_rate(int q, double fer)
{
    return q == 0 ? 0.0 : fer;
}

/* q_c s, the rate of I_s over the current contact (Eq. 21). */
/*@ requires mode: q == 0 || q == 1;
  @ assigns \nothing;
  @ ensures eq21: \result == contact_supply_rate(q, s);
  @*/
static double contact_supply(int q, double s)
{
    return q == 0 ? 0.0 : s;
}

void flow_quadratures(const layout *L, int q, double v, double phi,
                      double fer, double s, double dc, double *dy)
{ /* Eqs. (21), (22), (201), (202) */
    dy[L->is] = s;                                       /* Eq. (21) */
    dy[L->dc] = dissipation_rate(q, dc);                 /* Eq. (22) */
    dy[L->w] = work_rate(q, phi, v);                     /* Eq. (201) */
    dy[L->jfc] = contact_impulse_rate(q, phi);           /* Eq. (202) */
    dy[L->jfe] = applied_impulse_rate(q, fer);           /* Eq. (202) */
    dy[L->is_c] = contact_supply(q, s);                  /* Eq. (21) */
    dy[L->dc_c] = dissipation_rate(q, dc);               /* Eq. (22) */
}
