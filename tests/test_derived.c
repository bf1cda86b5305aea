/* test_derived.c - the derived quantities of src/model/derived.c (Eqs. 41,
 * 48-49, 187-192) against the inferred values of the paper's Tables I-III,
 * which are printed to four digits (relative tolerance 5e-4), and their
 * exact relations: eta + eta_c = 1, R_e = R_1 for a plane (R_2 = inf),
 * k = k_H for A = 1 (Eq. 191), p = 3/2. */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "derived.h"

#define TABLE_RTOL 5e-4

/* Table I: hardened steel (E 200 GPa, nu 0.30, rho 7800, R 20 mm) on
 * bitumen (E 1.0 GPa, nu 0.35, R inf). */
static void study1(void)
{
    double E_star = derived_E_star(200e9, 0.30, 1.0e9, 0.35);
    double R_e = derived_R_e(20e-3, HUGE_VAL);
    double k_H = derived_k_H(E_star, R_e);
    check_close(E_star, 1.134e9, TABLE_RTOL, 0, "Table I: E* (Eq. 187)");
    check_close(R_e, 20e-3, 1e-15, 0, "Table I: R_e = R_1 for R_2 = inf (Eq. 188)");
    check_close(derived_sphere_mass(20e-3, 7800), 2.614e-1, TABLE_RTOL, 0,
                "Table I: m = m_1 (Eq. 189)");
    check_close(k_H, 2.138e8, TABLE_RTOL, 0, "Table I: k_H (Eq. 192)");
    check_close(derived_k(k_H, 0.35, 1.0, 1.5), 2.138e8, TABLE_RTOL, 0,
                "Table I: k (Eq. 191)");
    check_close(derived_k(k_H, 0.35, 1.0, 1.5), k_H, 1e-15, 0,
                "Table I: k = k_H for A = 1 (Eq. 191)");
}

/* Table II: PTFE (E 0.50 GPa, nu 0.46, rho 2200, R 20 mm) against POM
 * (E 2.90 GPa, nu 0.35, rho 1410, R 20 mm). */
static void study2(void)
{
    double E_star = derived_E_star(0.50e9, 0.46, 2.90e9, 0.35);
    double R_e = derived_R_e(20e-3, 20e-3);
    double m1 = derived_sphere_mass(20e-3, 2200);
    double m2 = derived_sphere_mass(20e-3, 1410);
    double k_H = derived_k_H(E_star, R_e);
    check_close(E_star, 5.321e8, TABLE_RTOL, 0, "Table II: E* (Eq. 187)");
    check_close(R_e, 10e-3, 1e-15, 0, "Table II: R_e (Eq. 188)");
    check_close(m1, 7.372e-2, TABLE_RTOL, 0, "Table II: m_1 (Eq. 189)");
    check_close(m2, 4.725e-2, TABLE_RTOL, 0, "Table II: m_2 (Eq. 189)");
    check_close(derived_m(m1, m2), 2.879e-2, TABLE_RTOL, 0,
                "Table II: m (Eq. 41)");
    check_close(derived_eta(m1, m2), 0.6094, TABLE_RTOL, 0,
                "Table II: eta (Eq. 48)");
    check_close(derived_eta(m1, m2) + derived_eta_c(m1, m2), 1.0, 1e-15, 0,
                "Table II: eta + eta_c = 1 (Eq. 49)");
    check_close(derived_eta_c(m1, m2), m2 / (m1 + m2), 0, 0,
                "Table II: eta_c = m_2 / (m_1 + m_2) (Eq. 49)");
    check_close(k_H, 7.094e7, TABLE_RTOL, 0, "Table II: k_H (Eq. 192)");
    check_close(derived_k(k_H, 0.35, 1.0, 1.5), 7.094e7, TABLE_RTOL, 0,
                "Table II: k (Eq. 191)");
}

/* Table III: hardened steel on glassy bitumen (E 2.0 GPa, nu 0.35). */
static void study3(void)
{
    double E_star = derived_E_star(200e9, 0.30, 2.0e9, 0.35);
    double k_H = derived_k_H(E_star, derived_R_e(20e-3, HUGE_VAL));
    check_close(E_star, 2.256e9, TABLE_RTOL, 0, "Table III: E* (Eq. 187)");
    check_close(k_H, 4.254e8, TABLE_RTOL, 0, "Table III: k_H = k (Eq. 192)");
    check_close(derived_k(k_H, 1.0, 1.0, 1.5), k_H, 0, 0,
                "Table III: k = k_H for the SHCCL, alpha = 1 (Eq. 191)");
}

/* Eq. (191) away from A = 1, and Eq. (190). */
static void hertz(void)
{
    /* alpha = 1/2, A = 4, p = 3/2: k = k_H / (1/2 + 1/2 * 8) = k_H / 4.5 */
    check_close(derived_k(9.0, 0.5, 4.0, 1.5), 2.0, 1e-15, 0,
                "k = k_H / (alpha + (1 - alpha) A^p) (Eq. 191)");
    check_true(derived_p_hertz() == 1.5, "p = 3/2 (Eq. 190)");
    /* k_H = 4/3 E* sqrt(R_e): E* = 3, R_e = 4 gives 8 */
    check_close(derived_k_H(3.0, 4.0), 8.0, 1e-15, 0,
                "k_H = 4/3 E* sqrt(R_e) (Eq. 192)");
    /* nu = 0: E* = E_1 E_2 / (E_1 + E_2) */
    check_close(derived_E_star(2.0, 0.0, 2.0, 0.0), 1.0, 0, 0,
                "E* of two equal bodies with nu = 0 (Eq. 187)");
    /* m_1 = m_2: m = m_1 / 2, eta = eta_c = 1/2 */
    check_close(derived_m(3.0, 3.0), 1.5, 0, 0, "m of equal masses (Eq. 41)");
    check_close(derived_eta(3.0, 3.0), 0.5, 0, 0, "eta of equal masses (Eq. 48)");
    check_close(derived_eta_c(1.0, 3.0), 0.75, 0, 0, "eta_c (Eq. 49)");
    /* R = (3 / (4 pi))^(1/3), rho = 1: m = 1 */
    check_close(derived_sphere_mass(cbrt(3.0 / (4.0 * 3.14159265358979323846)),
                                    1.0), 1.0, 1e-15, 0,
                "sphere of unit volume (Eq. 189)");
}

int main(void)
{
    study1();
    study2();
    study3();
    hertz();
    return check_summary("test_derived");
}
