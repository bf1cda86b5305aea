/* law_shccl.h - the Simon-Hunt-Crossley collision law (SHCCL), the
 * algebraic case alpha = 1 of Eq. (69) (n_z = 0):
 *   Phi = k x_c|x_c|^(p-1) + c |x_c|^p v_c,
 *   V_c = k |x_c|^(p+1)/(p+1),   d_c = c |x_c|^p v_c^2   (doc/design.md).
 * Parameters {k, p, c}: k > 0, p >= 1, c >= 0.
 * Also the Simon-Hunt-Crossley damping term c|x|^p v, shared with BWSHCCL
 * (third term of Eq. 69), its rate and its dissipation. */
#ifndef COLLIDE_LAW_SHCCL_H
#define COLLIDE_LAW_SHCCL_H

#include <stddef.h>

#include "law.h"
#include "../../spec/float_range.acsl"
#include "../../spec/law_params.acsl"
#include "../../spec/law_domain.acsl"
#include "../../spec/law_phi.acsl"
#include "../../spec/law_passivity.acsl"
#include "../../spec/law_shccl_equations.acsl"

enum shccl_index { SHCCL_K = 0, SHCCL_P = 1, SHCCL_C = 2, SHCCL_NPAR = 3 };

/* c |x|^p v: the damping term of Eq. (69). */
/*@ requires finite: \is_finite(x) && \is_finite(v);
    requires admissible: nonnegative(c) && exponent(p);
    assigns \nothing;
    ensures eq60: zero(x) ==> zero(\result);
    ensures range: domain_gain(c) && domain_exponent(p) && domain_state(x) &&
                   domain_speed(v) ==> within(\result, (double)0x1p50);
    ensures eq69: \result \in {shc_damping_force(c, p, x, v)};
*/
double shc_damping(double c, double p, double x, double v);

/* d+/dt (c |x|^p v) = c (d+|x|^p/dt v + |x|^p dv) along (dx, dv). */
/*@ requires finite: \is_finite(x) && \is_finite(v) && \is_finite(dx) &&
                     \is_finite(dv);
    requires admissible: nonnegative(c) && exponent(p);
    assigns \nothing;
    ensures range: domain_gain(c) && domain_exponent(p) && domain_state(x) &&
                   domain_speed(v) && domain_rate(dx) && domain_rate(dv)
                   ==> within(\result, (double)0x1p185);
    ensures rate: \result \in {shc_damping_force_rate(c, p, x, v, dx, dv)};
*/
double shc_damping_rate(double c, double p, double x, double v, double dx,
                        double dv);

/* c |x|^p v^2: the dissipation of the damping term (doc/design.md). */
/*@ requires finite: \is_finite(x) && \is_finite(v);
    requires admissible: nonnegative(c) && exponent(p);
    assigns \nothing;
    ensures range: domain_gain(c) && domain_exponent(p) && domain_state(x) &&
                   domain_speed(v) ==> dissipation_value(\result, (double)0x1p60);
    ensures dissipation: \result \in {shc_damping_dissipation(c, p, x, v)};
*/
double shc_dissipation(double c, double p, double x, double v);

/* Phi(x_c, v_c) = k x_c|x_c|^(p-1) + c|x_c|^p v_c. */
/*@ requires par_valid: \valid_read(par + 0) && \valid_read(par + 1) &&
                        \valid_read(par + 2);
    requires admissible: shccl_admissible(par);
    requires finite: \is_finite(xc) && \is_finite(v);
    assigns \nothing;
    ensures eq60: undeformed0(xc) ==> force_free(\result);
    ensures range: shccl_domain(par) && domain_state(xc) && domain_speed(v)
                   ==> within(\result, (double)0x1p51);
    ensures eq69: \result \in {shccl_force(par[0], par[1], par[2], xc, v)};
*/
double shccl_phi(const double *par, double xc, const double *z, double v);

/* n_z = 0: writes nothing. */
/*@ assigns \nothing; */
void shccl_psi(const double *par, double xc, const double *z, double v,
               double *dz);

/* d+/dt Phi = k p|x_c|^(p-1) dxc + c (d+|x_c|^p/dt v_c + |x_c|^p dv). */
/*@ requires par_valid: \valid_read(par + 0) && \valid_read(par + 1) &&
                        \valid_read(par + 2);
    requires admissible: shccl_admissible(par);
    requires finite: \is_finite(xc) && \is_finite(v) && \is_finite(dxc) &&
                     \is_finite(dv);
    assigns \nothing;
    ensures range: shccl_domain(par) && domain_state(xc) && domain_speed(v) &&
                   domain_rate(dxc) && domain_rate(dv)
                   ==> within(\result, (double)0x1p186);
    ensures rate: \result \in {shccl_force_rate(par[0], par[1], par[2], xc, v,
                                                dxc, dv)};
*/
double shccl_phi_rate(const double *par, double xc, const double *z, double v,
                      double dxc, const double *dz, double dv);

/* V_c(x_c) = k |x_c|^(p+1)/(p+1). */
/*@ requires par_valid: \valid_read(par + 0) && \valid_read(par + 1) &&
                        \valid_read(par + 2);
    requires admissible: shccl_admissible(par);
    requires finite: \is_finite(xc);
    assigns \nothing;
    ensures rest: undeformed0(xc) ==> zero(\result);
    ensures range: shccl_domain(par) && domain_state(xc)
                   ==> storage_value(\result, (double)0x1p39);
    ensures storage: \result \in {shccl_vc(par[0], par[1], par[2], xc)};
*/
double shccl_storage(const double *par, double xc, const double *z);

/* d_c(x_c, v_c) = c |x_c|^p v_c^2. */
/*@ requires par_valid: \valid_read(par + 0) && \valid_read(par + 1) &&
                        \valid_read(par + 2);
    requires admissible: shccl_admissible(par);
    requires finite: \is_finite(xc) && \is_finite(v);
    assigns \nothing;
    ensures range: shccl_domain(par) && domain_state(xc) && domain_speed(v)
                   ==> dissipation_value(\result, (double)0x1p60);
    ensures dissipation: \result \in {shccl_dc(par[0], par[1], par[2], xc, v)};
*/
double shccl_dissipation_rate(const double *par, double xc, const double *z,
                              double v);

/* Switching function: x_c (x_c|x_c|^(p-1) and |x_c|^p). */
/*@ requires out_valid: \valid(out);
    assigns out[0];
    ensures switching: out[0] == xc;
*/
void shccl_switching(const double *par, double xc, const double *z, double v,
                 double *out);

/* -1 when {k, p, c} are admissible, else the first bad index. */
/*@ requires par_valid: \valid_read(par + 0) && \valid_read(par + 1) &&
                        \valid_read(par + 2);
    requires range_valid: len == 0 || \valid(range + (0 .. len - 1));
    requires separated: \separated(range + (0 .. len - 1), par + (0 .. 2));
    assigns range[0 .. len - 1];
    ensures text: len >= 1 ==> \exists integer i; 0 <= i < len && range[i] == 0;
    behavior admissible:
      assumes shccl_admissible(par);
      ensures ok: \result == -1;
    behavior inadmissible:
      assumes !shccl_admissible(par);
      ensures index: 0 <= \result < 3;
      ensures first: \forall integer i; 0 <= i < \result ==> shccl_param_ok(par, i);
      ensures offending: !shccl_param_ok(par, \result);
    complete behaviors;
    disjoint behaviors;
*/
int shccl_validate(const double *par, char *range, size_t len);

#endif
