/* law_bwmcl.h - the Bouc-Wen-Maxwell collision law (BWMCL), Example IV.2,
 * Eqs. (70)-(72), n_z = 2 with z_c = (z_1, z_2) stored as z[0], z[1]:
 *   Psi_1 = A Psi_2 - beta z_1|z_1|^(n-1)|Psi_2| - gamma |z_1|^n Psi_2  (70)
 *   Psi_2 = v_c - Phi / c                                            (71)
 *   Phi   = alpha k z_2|z_2|^(p-1) + (1-alpha) k z_1|z_1|^(p-1)      (72)
 * with the storage and dissipation of doc/design.md ("Contact laws"):
 *   V_c = alpha k |z_2|^(p+1)/(p+1) + (1-alpha) k |z_1|^(p+1)/(A (p+1))
 *   d_c = Phi^2/c + (1-alpha)(k/A)|z_1|^(p+n)(beta|Psi_2| + gamma sgn(z_1) Psi_2)
 * Parameters {k, alpha, A, beta, gamma, n, p, c} (enum bw_index):
 * k, A, c > 0, alpha in (0, 1), beta >= 0, |gamma| <= beta, n, p >= 1. */
#ifndef COLLIDE_LAW_BWMCL_H
#define COLLIDE_LAW_BWMCL_H

#include <stddef.h>

#include "law.h"
#include "../../spec/float_range.acsl"
#include "../../spec/law_params.acsl"
#include "../../spec/law_domain.acsl"
#include "../../spec/law_phi.acsl"
#include "../../spec/law_passivity.acsl"
#include "../../spec/law_bwmcl_equations.acsl"

/* F_s = Phi(z_c), Eq. (72); x_c and v_c do not enter. */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires admissible: bwmcl_admissible(par);
    requires z_valid: \valid_read(z + 0) && \valid_read(z + 1);
    requires finite: \is_finite(z[0]) && \is_finite(z[1]);
    assigns \nothing;
    ensures eq60: undeformed2(xc, z[0], z[1]) ==> force_free(\result);
    ensures unloaded: zero(z[0]) && zero(z[1]) ==> force_free(\result);
    ensures range: bwmcl_domain(par) && domain_state(z[0]) &&
                   domain_state(z[1]) ==> within(\result, (double)0x1p41);
    ensures eq72: \result \in {bwmcl_force(par[0], par[1], par[2], par[3], par[4], par[5], par[6], par[7],
                                           z[0], z[1])};
*/
double bwmcl_phi(const double *par, double xc, const double *z, double v);

/* Psi_2(z_c, v_c) = v_c - Phi/c, Eq. (71): the rate of the deflection of
 * the branches, also the first switching function. */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires admissible: bwmcl_admissible(par);
    requires z_valid: \valid_read(z + 0) && \valid_read(z + 1);
    requires finite: \is_finite(z[0]) && \is_finite(z[1]) && \is_finite(v);
    assigns \nothing;
    ensures range: bwmcl_domain(par) && domain_state(z[0]) &&
                   domain_state(z[1]) && domain_speed(v)
                   ==> within(\result, (double)0x1p62);
    ensures eq71: \result \in {bwmcl_z2rate(par[0], par[1], par[2], par[3], par[4], par[5], par[6], par[7],
                                            z[0], z[1], v)};
*/
double bwmcl_psi2(const double *par, const double *z, double v);

/* (dz_1/dt, dz_2/dt) = (Psi_1, Psi_2), Eqs. (70)-(71). */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires admissible: bwmcl_admissible(par);
    requires z_valid: \valid_read(z + 0) && \valid_read(z + 1);
    requires dz_valid: \valid(dz + 0) && \valid(dz + 1);
    requires separated: \separated(dz + (0 .. 1), par + (0 .. 7), z + (0 .. 1));
    requires finite: \is_finite(z[0]) && \is_finite(z[1]) && \is_finite(v);
    assigns dz[0 .. 1];
    ensures range1: \old(bwmcl_domain(par)) && domain_state(\old(z[0])) &&
                    domain_state(\old(z[1])) && domain_speed(v)
                    ==> within(dz[0], (double)0x1p170);
    ensures range2: \old(bwmcl_domain(par)) && domain_state(\old(z[0])) &&
                    domain_state(\old(z[1])) && domain_speed(v)
                    ==> within(dz[1], (double)0x1p62);
    ensures eq70: dz[0] \in {bwmcl_z1rate(
      \old(par[0]), \old(par[1]), \old(par[2]), \old(par[3]),
      \old(par[4]), \old(par[5]), \old(par[6]), \old(par[7]),
      \old(z[0]), \old(z[1]), v)};
    ensures eq71: dz[1] \in {bwmcl_z2rate(
      \old(par[0]), \old(par[1]), \old(par[2]), \old(par[3]),
      \old(par[4]), \old(par[5]), \old(par[6]), \old(par[7]),
      \old(z[0]), \old(z[1]), v)};
*/
void bwmcl_psi(const double *par, double xc, const double *z, double v,
               double *dz);

/* d/dt Phi = alpha k p|z_2|^(p-1) dz_2 + (1-alpha) k p|z_1|^(p-1) dz_1. */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires admissible: bwmcl_admissible(par);
    requires z_valid: \valid_read(z + 0) && \valid_read(z + 1);
    requires dz_valid: \valid_read(dz + 0) && \valid_read(dz + 1);
    requires finite: \is_finite(z[0]) && \is_finite(z[1]) &&
                     \is_finite(dz[0]) && \is_finite(dz[1]);
    assigns \nothing;
    ensures range: bwmcl_domain(par) && domain_state(z[0]) &&
                   domain_state(z[1]) && domain_rate(dz[0]) &&
                   domain_rate(dz[1]) ==> within(\result, (double)0x1p175);
    ensures rate: \result \in {bwmcl_force_rate(par[0], par[1], par[2], par[3], par[4], par[5], par[6], par[7],
                                                z[0], z[1], dz[0], dz[1])};
*/
double bwmcl_phi_rate(const double *par, double xc, const double *z, double v,
                      double dxc, const double *dz, double dv);

/* V_c(z_c) (doc/design.md), Definition V.1. */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires admissible: bwmcl_admissible(par);
    requires z_valid: \valid_read(z + 0) && \valid_read(z + 1);
    requires finite: \is_finite(z[0]) && \is_finite(z[1]);
    assigns \nothing;
    ensures rest: zero(z[0]) && zero(z[1]) ==> zero(\result);
    ensures range: bwmcl_domain(par) && domain_state(z[0]) &&
                   domain_state(z[1]) ==> storage_value(\result, (double)0x1p60);
    ensures storage: \result \in {bwmcl_vc(par[0], par[1], par[2], par[3], par[4], par[5], par[6], par[7],
                                           z[0], z[1])};
*/
double bwmcl_storage(const double *par, double xc, const double *z);

/* d_c(z_c, v_c) (doc/design.md), Definition V.1. */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires admissible: bwmcl_admissible(par);
    requires z_valid: \valid_read(z + 0) && \valid_read(z + 1);
    requires finite: \is_finite(z[0]) && \is_finite(z[1]) && \is_finite(v);
    assigns \nothing;
    ensures range: bwmcl_domain(par) && domain_state(z[0]) &&
                   domain_state(z[1]) && domain_speed(v)
                   ==> dissipation_value(\result, (double)0x1p231);
    ensures dissipation: \result \in {bwmcl_dc(par[0], par[1], par[2], par[3], par[4], par[5], par[6], par[7],
                                               z[0], z[1], v)};
*/
double bwmcl_dissipation_rate(const double *par, double xc, const double *z,
                              double v);

/* Switching functions: Psi_2 (|Psi_2| in Eq. 70), z_1 (z_1|z_1|^(n-1),
 * |z_1|^n, z_1|z_1|^(p-1)), z_2 (z_2|z_2|^(p-1)). */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires admissible: bwmcl_admissible(par);
    requires z_valid: \valid_read(z + 0) && \valid_read(z + 1);
    requires out_valid: \valid(out + 0) && \valid(out + 1) && \valid(out + 2);
    requires separated: \separated(out + (0 .. 2), par + (0 .. 7), z + (0 .. 1));
    requires finite: \is_finite(z[0]) && \is_finite(z[1]) && \is_finite(v);
    assigns out[0 .. 2];
    ensures switching: out[1] == \old(z[0]) && out[2] == \old(z[1]);
    ensures eq71: out[0] \in {bwmcl_z2rate(
      \old(par[0]), \old(par[1]), \old(par[2]), \old(par[3]),
      \old(par[4]), \old(par[5]), \old(par[6]), \old(par[7]),
      \old(z[0]), \old(z[1]), v)};
*/
void bwmcl_switching(const double *par, double xc, const double *z, double v,
                 double *out);

/* -1 when the parameters are admissible, else the first bad index. */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires range_valid: len == 0 || \valid(range + (0 .. len - 1));
    requires separated: \separated(range + (0 .. len - 1), par + (0 .. 7));
    assigns range[0 .. len - 1];
    ensures text: len >= 1 ==> \exists integer i; 0 <= i < len && range[i] == 0;
    behavior admissible:
      assumes bwmcl_admissible(par);
      ensures ok: \result == -1;
    behavior inadmissible:
      assumes !bwmcl_admissible(par);
      ensures index: 0 <= \result < 8;
      ensures first: \forall integer i; 0 <= i < \result ==>
                       bwmcl_param_ok(par, i);
      ensures offending: !bwmcl_param_ok(par, \result);
    complete behaviors;
    disjoint behaviors;
*/
int bwmcl_validate(const double *par, char *range, size_t len);

#endif
