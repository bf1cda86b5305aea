/* law_bwshccl.h - the Bouc-Wen-Simon-Hunt-Crossley collision law (BWSHCCL),
 * Example IV.1, Eqs. (68)-(69), n_z = 1:
 *   Psi = A v_c - beta z|z|^(n-1)|v_c| - gamma |z|^n v_c          (68)
 *   Phi = alpha k x_c|x_c|^(p-1) + (1-alpha) k z|z|^(p-1)
 *         + c |x_c|^p v_c                                           (69)
 * with the storage and dissipation of doc/design.md ("Contact laws"):
 *   V_c = alpha k |x_c|^(p+1)/(p+1) + (1-alpha) k |z|^(p+1)/(A (p+1))
 *   d_c = c |x_c|^p v_c^2 + (1-alpha)(k/A)|z|^(p+n)(beta|v_c| + gamma sgn(z) v_c)
 * Parameters {k, alpha, A, beta, gamma, n, p, c} (enum bw_index):
 * k, A > 0, alpha in (0, 1), beta, c >= 0, |gamma| <= beta, n, p >= 1. */
#ifndef COLLIDE_LAW_BWSHCCL_H
#define COLLIDE_LAW_BWSHCCL_H

#include <stddef.h>

#include "law.h"
#include "../../spec/float_range.acsl"
#include "../../spec/law_params.acsl"
#include "../../spec/law_domain.acsl"
#include "../../spec/law_phi.acsl"
#include "../../spec/law_passivity.acsl"
#include "../../spec/law_bwshccl_equations.acsl"

/* F_s = Phi(x_c, z_c, v_c), Eq. (69). */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires admissible: bwshccl_admissible(par);
    requires z_valid: \valid_read(z);
    requires finite: \is_finite(xc) && \is_finite(*z) && \is_finite(v);
    assigns \nothing;
    ensures eq60: undeformed1(xc, *z) ==> force_free(\result);
    ensures range: bwshccl_domain(par) && domain_state(xc) &&
                   domain_state(*z) && domain_speed(v)
                   ==> within(\result, (double)0x1p51);
    ensures eq69: \result \in {bwshccl_force(par[0], par[1], par[2], par[3], par[4], par[5], par[6], par[7],
                                             xc, *z, v)};
*/
double bwshccl_phi(const double *par, double xc, const double *z, double v);

/* dz_c/dt = Psi(x_c, z_c, v_c), Eq. (68). */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires admissible: bwshccl_admissible(par);
    requires z_valid: \valid_read(z);
    requires dz_valid: \valid(dz);
    requires separated: \separated(dz, par + (0 .. 7), z);
    requires finite: \is_finite(xc) && \is_finite(*z) && \is_finite(v);
    assigns dz[0];
    ensures range: bwshccl_domain(par) && domain_state(\old(*z)) &&
                   domain_speed(v) ==> within(dz[0], (double)0x1p170);
    ensures eq68: dz[0] \in {bwshccl_zrate(
      \old(par[0]), \old(par[1]), \old(par[2]), \old(par[3]),
      \old(par[4]), \old(par[5]), \old(par[6]), \old(par[7]),
      \old(*z), v)};
*/
void bwshccl_psi(const double *par, double xc, const double *z, double v,
                 double *dz);

/* d+/dt Phi along (dxc, dz, dv): the chain rule of Eq. (69), with the right
 * (forward) derivative of |x_c|^p at x_c = 0 for p = 1. */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires admissible: bwshccl_admissible(par);
    requires z_valid: \valid_read(z) && \valid_read(dz);
    requires finite: \is_finite(xc) && \is_finite(*z) && \is_finite(v) &&
                     \is_finite(dxc) && \is_finite(*dz) && \is_finite(dv);
    assigns \nothing;
    ensures range: bwshccl_domain(par) && domain_state(xc) &&
                   domain_state(*z) && domain_speed(v) && domain_rate(dxc) &&
                   domain_rate(*dz) && domain_rate(dv)
                   ==> within(\result, (double)0x1p186);
    ensures rate: \result \in {bwshccl_force_rate(par[0], par[1], par[2], par[3], par[4], par[5], par[6], par[7],
                                                  xc, *z, v, dxc, *dz, dv)};
*/
double bwshccl_phi_rate(const double *par, double xc, const double *z,
                        double v, double dxc, const double *dz, double dv);

/* V_c(x_c, z_c) (doc/design.md), Definition V.1. */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires admissible: bwshccl_admissible(par);
    requires z_valid: \valid_read(z);
    requires finite: \is_finite(xc) && \is_finite(*z);
    assigns \nothing;
    ensures rest: undeformed1(xc, *z) ==> zero(\result);
    ensures range: bwshccl_domain(par) && domain_state(xc) && domain_state(*z)
                   ==> storage_value(\result, (double)0x1p60);
    ensures storage: \result \in {bwshccl_vc(par[0], par[1], par[2], par[3], par[4], par[5], par[6], par[7],
                                             xc, *z)};
*/
double bwshccl_storage(const double *par, double xc, const double *z);

/* d_c(x_c, z_c, v_c) (doc/design.md), Definition V.1. */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires admissible: bwshccl_admissible(par);
    requires z_valid: \valid_read(z);
    requires finite: \is_finite(xc) && \is_finite(*z) && \is_finite(v);
    assigns \nothing;
    ensures range: bwshccl_domain(par) && domain_state(xc) &&
                   domain_state(*z) && domain_speed(v)
                   ==> dissipation_value(\result, (double)0x1p231);
    ensures dissipation: \result \in {bwshccl_dc(par[0], par[1], par[2], par[3], par[4], par[5], par[6], par[7],
                                                 xc, *z, v)};
*/
double bwshccl_dissipation_rate(const double *par, double xc, const double *z,
                                double v);

/* Switching functions: v_c (|v_c| in Eq. 68), z_c (z|z|^(n-1), |z|^n,
 * z|z|^(p-1)), x_c (x_c|x_c|^(p-1), |x_c|^p). */
/*@ requires z_valid: \valid_read(z);
    requires out_valid: \valid(out + 0) && \valid(out + 1) && \valid(out + 2);
    requires separated: \separated(out + (0 .. 2), z);
    assigns out[0 .. 2];
    ensures switching: out[0] == v && out[1] == \old(*z) && out[2] == xc;
*/
void bwshccl_switching(const double *par, double xc, const double *z, double v,
                   double *out);

/* -1 when the parameters are admissible, else the first bad index. */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires range_valid: len == 0 || \valid(range + (0 .. len - 1));
    requires separated: \separated(range + (0 .. len - 1), par + (0 .. 7));
    assigns range[0 .. len - 1];
    ensures text: len >= 1 ==> \exists integer i; 0 <= i < len && range[i] == 0;
    behavior admissible:
      assumes bwshccl_admissible(par);
      ensures ok: \result == -1;
    behavior inadmissible:
      assumes !bwshccl_admissible(par);
      ensures index: 0 <= \result < 8;
      ensures first: \forall integer i; 0 <= i < \result ==>
                       bwshccl_param_ok(par, i);
      ensures offending: !bwshccl_param_ok(par, \result);
    complete behaviors;
    disjoint behaviors;
*/
int bwshccl_validate(const double *par, char *range, size_t len);

#endif
