/* derived.h - the derived quantities: the effective mass and the mass
 * shares of the two bodies (Section IV-A, Eqs. 41, 48-49), and the
 * quantities that the studies infer from the material data (Section VI-B,
 * Eqs. 187-192).  src/io/scenario.c computes them through these functions.
 *
 * Each function is proved (proofs/proofs.mk) to return the definition of
 * spec/derived.acsl that transcribes its equation (clause eqNN).  The
 * clauses that fix a result are written
 * \result \in {f(...)}: membership in a singleton is equality of the
 * binary64 values, where the ACSL == between doubles compares their real
 * values.
 *
 * derived_sqrt() and derived_pow() wrap libm's sqrt() and pow().  Their
 * contracts are ASSUMPTIONS about the C library, not proved facts (their
 * bodies are outside the proved set): sqrt() is correctly rounded (IEEE
 * 754, C11 F.10.4.5), hence not negative for x >= 0, positive for x > 0,
 * and at most max(1, x); pow(x, p) for x > 0 is not negative and, with
 * x in [2^-20, 2^20] and p in [0, 32] (x^p within [2^-640, 2^640]),
 * finite. */
#ifndef COLLIDE_DERIVED_H
#define COLLIDE_DERIVED_H

#include "../../spec/float_range.acsl"
#include "../../spec/derived.acsl"

/* sqrt(x) of libm (assumed contract). */
/*@ requires finite: \is_finite(x) && \le_double((double)0.0, x);
    assigns \nothing;
    ensures value: \result \in {sqrt_rn(x)};
    ensures nonneg: \is_finite(\result) && \le_double((double)0.0, \result);
    ensures positive: \lt_double((double)0.0, x) ==>
                      \lt_double((double)0.0, \result);
    ensures below: \le_double(\result, (double)1.0) || \le_double(\result, x);
*/
double derived_sqrt(double x);

/* pow(x, p) of libm for x > 0 (assumed contract). */
/*@ requires finite: \is_finite(x) && \is_finite(p);
    requires base: \lt_double((double)0.0, x);
    assigns \nothing;
    ensures value: \result \in {pow_rn(x, p)};
    ensures nonneg: !\is_NaN(\result) && \le_double((double)0.0, \result);
    ensures finite: in_range(x, (double)0x1p-20, (double)0x1p20) &&
                    in_range(p, (double)0.0, (double)32.0) ==>
                    \is_finite(\result);
*/
double derived_pow(double x, double p);

/* m = m_1 m_2 / (m_1 + m_2) (Eq. 41), for two finite masses. */
/*@ assigns \nothing;
    ensures eq41: \result \in {reduced_mass(m1, m2)};
*/
double derived_m(double m1, double m2);

/* eta = m_1 / (m_1 + m_2) (Eq. 48). */
/*@ assigns \nothing;
    ensures eq48: \result \in {mass_share(m1, m2)};
*/
double derived_eta(double m1, double m2);

/* eta_c = m_2 / (m_1 + m_2) (Eq. 49). */
/*@ assigns \nothing;
    ensures eq49: \result \in {mass_share_c(m1, m2)};
*/
double derived_eta_c(double m1, double m2);

/* E* = ((1 - nu_1^2)/E_1 + (1 - nu_2^2)/E_2)^-1 (Eq. 187). */
/*@ assigns \nothing;
    ensures eq187: \result \in {effective_modulus(E1, nu1, E2, nu2)};
*/
double derived_E_star(double E1, double nu1, double E2, double nu2);

/* R_e = (R_1^-1 + R_2^-1)^-1 (Eq. 188); R_2 = inf gives 1/R_1^-1. */
/*@ assigns \nothing;
    ensures eq188: \result \in {effective_radius(R1, R2)};
*/
double derived_R_e(double R1, double R2);

/* m_i = 4/3 pi R_i^3 rho_i (Eq. 189). */
/*@ assigns \nothing;
    ensures eq189: \result \in {sphere_mass(R, rho)};
*/
double derived_sphere_mass(double R, double rho);

/* p = 3/2 (Eq. 190), the exponent of the Hertzian relation. */
/*@ assigns \nothing;
    ensures eq190: \result \in {hertz_exponent};
*/
double derived_p_hertz(void);

/* k_H = 4/3 E* sqrt(R_e) (Eq. 192). */
/*@ requires finite: \is_finite(R_e) && \le_double((double)0.0, R_e);
    assigns \nothing;
    ensures eq192: \result \in {hertz_coefficient(E_star, R_e)};
*/
double derived_k_H(double E_star, double R_e);

/* k = k_H / (alpha + (1 - alpha) A^p) (Eq. 191). */
/*@ requires finite: \is_finite(A) && \is_finite(p);
    requires base: \lt_double((double)0.0, A);
    assigns \nothing;
    ensures eq191: \result \in {hertz_law_k(k_H, alpha, A, p)};
*/
double derived_k(double k_H, double alpha, double A, double p);

#endif
