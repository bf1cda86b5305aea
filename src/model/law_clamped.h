/* law_clamped.h - the clamped linear law of Example V.2, Eq. (175), n_z = 0:
 *   Phi(x_c, v_c) = k min(x_c, 0),                                  (175)
 * with the storage V_c = k min(x_c, 0)^2 / 2, whose derivative
 * dV_c/dx_c = k min(x_c, 0) equals Phi, so that d_c = Phi v_c -
 * dV_c/dx_c v_c = 0: the law is passive and lossless (Definition V.1).
 * doc/design.md gives no V_c for this law; this one is the elastic energy of
 * the spring.  Parameters {k}: k > 0. */
#ifndef COLLIDE_LAW_CLAMPED_H
#define COLLIDE_LAW_CLAMPED_H

#include <stddef.h>

#include "law.h"
#include "../../spec/float_range.acsl"
#include "../../spec/law_params.acsl"
#include "../../spec/law_domain.acsl"
#include "../../spec/law_phi.acsl"
#include "../../spec/law_passivity.acsl"
#include "../../spec/law_clamped_equations.acsl"

enum clamped_index { CLAMPED_K = 0, CLAMPED_NPAR = 1 };

/* Phi(x_c) = k min(x_c, 0), Eq. (175). */
/*@ requires par_valid: \valid_read(par + 0);
    requires admissible: clamped_admissible(par);
    requires finite: \is_finite(xc);
    assigns \nothing;
    ensures eq60: undeformed0(xc) ==> force_free(\result);
    ensures apart: \le_double((double)0.0, xc) ==> force_free(\result);
    ensures range: clamped_domain(par) && domain_state(xc)
                   ==> within(\result, (double)0x1p40);
    ensures eq175: \result \in {clamped_force(par[0], xc)};
*/
double clamped_phi(const double *par, double xc, const double *z, double v);

/* n_z = 0: writes nothing. */
/*@ assigns \nothing; */
void clamped_psi(const double *par, double xc, const double *z, double v,
                 double *dz);

/* d+/dt Phi: k dxc where x_c < 0, 0 where x_c > 0, and at the switching
 * point x_c = 0 the right derivative k min(dxc, 0). */
/*@ requires par_valid: \valid_read(par + 0);
    requires admissible: clamped_admissible(par);
    requires finite: \is_finite(xc) && \is_finite(dxc);
    assigns \nothing;
    ensures range: clamped_domain(par) && domain_rate(dxc)
                   ==> within(\result, (double)0x1p168);
    ensures rate: \result \in {clamped_force_rate(par[0], xc, dxc)};
*/
double clamped_phi_rate(const double *par, double xc, const double *z,
                        double v, double dxc, const double *dz, double dv);

/* V_c(x_c) = k min(x_c, 0)^2 / 2. */
/*@ requires par_valid: \valid_read(par + 0);
    requires admissible: clamped_admissible(par);
    requires finite: \is_finite(xc);
    assigns \nothing;
    ensures rest: undeformed0(xc) ==> zero(\result);
    ensures nonneg: \le_double((double)0.0, \result);
    ensures range: clamped_domain(par) && domain_state(xc)
                   ==> storage_value(\result, (double)0x1p39);
    ensures storage: \result \in {clamped_vc(par[0], xc)};
*/
double clamped_storage(const double *par, double xc, const double *z);

/* d_c = 0. */
/*@ assigns \nothing;
    ensures lossless: zero(\result) && dissipation_value(\result, (double)0.0);
    ensures dissipation: \result \in {clamped_dc(par[0])};
*/
double clamped_dissipation_rate(const double *par, double xc, const double *z,
                                double v);

/* Switching function: x_c (min(x_c, 0)). */
/*@ requires out_valid: \valid(out);
    assigns out[0];
    ensures switching: out[0] == xc;
*/
void clamped_switching(const double *par, double xc, const double *z, double v,
                   double *out);

/* -1 when k is admissible, else 0. */
/*@ requires par_valid: \valid_read(par + 0);
    requires range_valid: len == 0 || \valid(range + (0 .. len - 1));
    requires separated: \separated(range + (0 .. len - 1), par + 0);
    assigns range[0 .. len - 1];
    ensures text: len >= 1 ==> \exists integer i; 0 <= i < len && range[i] == 0;
    behavior admissible:
      assumes clamped_admissible(par);
      ensures ok: \result == -1;
    behavior inadmissible:
      assumes !clamped_admissible(par);
      ensures index: \result == 0;
      ensures offending: !clamped_param_ok(par, \result);
    complete behaviors;
    disjoint behaviors;
*/
int clamped_validate(const double *par, char *range, size_t len);

#endif
