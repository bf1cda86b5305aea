/* hybrid.c - law-independent data of H_c, H_r and H_f; see hybrid.h. */
#include "hybrid.h"

layout layout_make(system_kind sys, int nz)
{
    layout L;
    int next;
    L.sys = sys;
    L.nz = nz;
    L.x = 0; /* Eqs. (73), (80): x first, v second */
    L.v = 1;
    if (sys == SYS_HF) { /* Eq. (73): (x, v, x_m, v_m, x_c, z_c) */
        L.xm = 2;
        L.vm = 3;
        L.xc = 4;
    } else {             /* Eq. (80): (x, v, x_c, z_c) */
        L.xm = -1;
        L.vm = -1;
        L.xc = 2;
    }
    L.z = L.xc + 1;
    L.n_chi = L.z + nz;
    next = L.n_chi;
    L.is = next++;
    L.dc = next++;
    L.w = next++;
    L.jfc = next++;
    L.jfe = next++;
    L.is_c = next++;
    L.dc_c = next++;
    L.ny = next;
    return L;
}

int flow_set(int q, double x, double v, double phi) /* Eqs. (65), (77) */
{
    if (q == 0)
        return x >= 0.0 || v >= 0.0;
    return phi <= 0.0 || v <= 0.0;
}

int jump_set(int q, double x, double v, double phi) /* Eqs. (66), (78) */
{
    if (q == 0)
        return x <= 0.0 && v <= 0.0;
    return phi >= 0.0 && v >= 0.0;
}

int event_in_c_and_d(int q, int g, double x, double v, double phi)
{ /* Eqs. (77)-(78) at an event */
    double gx = g == 0 ? 0.0 : x, gv = g == 1 ? 0.0 : v;
    double gphi = g == 2 ? 0.0 : phi;
    return flow_set(q, gx, gv, gphi) && jump_set(q, gx, gv, gphi);
}

void jump_map(const layout *L, const double *y, int q, double *ynew,
              int *qnew) /* Eqs. (63), (75), (82) */
{
    const int ny = L->ny, xc = L->xc, z = L->z, z_end = L->z + L->nz;
    int i;
    /*@ loop invariant bound: 0 <= i <= ny;
      @ loop invariant reset: \forall integer k; 0 <= k < i &&
      @   (k == xc || (z <= k < z_end)) ==> ynew[k] == 0.0;
      @ loop invariant copied: \forall integer k; 0 <= k < i &&
      @   !(k == xc || (z <= k < z_end)) ==> ynew[k] == y[k];
      @ loop assigns i, ynew[0 .. ny - 1];
      @ loop variant ny - i;
      @*/
    for (i = 0; i < ny; i++) {
        if (i == xc || (i >= z && i < z_end))
            ynew[i] = 0.0;
        else
            ynew[i] = y[i];
    }
    *qnew = 1 - q;
}

double relative_acceleration(double m, int q, double phi, double fer)
{ /* Eqs. (74), (81), component f_2 */
    if (q == 0)
        return fer / m;
    return (fer - phi) / m;
}

double storage_hr(double m, double v, double vc) /* Eq. (91) */
{
    return 0.5 * m * (v * v) + vc;
}

double storage_hf(double m, double mt, double v, double vm, double vc)
{ /* Eq. (94) */
    return 0.5 * m * (v * v) + 0.5 * mt * (vm * vm) + vc;
}

void output_hf(double eta, double eta_c, double v, double vm, double *h1,
               double *h2) /* Eq. (76) */
{
    *h1 = vm + eta_c * v;
    *h2 = vm - eta * v;
}

double supply_rate_hr(double fer, double v) /* Def. III.13 with Eq. (83) */
{
    return fer * v;
}

double supply_rate_hf(double fe1, double fe2, double h1, double h2)
{ /* Def. III.13 with Eqs. (76), (96) */
    return fe1 * h1 + fe2 * h2;
}
