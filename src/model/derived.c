/* derived.c - see derived.h.  derived_sqrt() and derived_pow() are the
 * only functions here that call libm; their contracts are assumed, the
 * rest is proved. */
#include "derived.h"

#include <math.h>

#define DERIVED_PI 3.14159265358979323846

double derived_sqrt(double x)
{
    return sqrt(x);
}

double derived_pow(double x, double p)
{
    return pow(x, p);
}

/* Eq. (41): m = m_1 m_2 / (m_1 + m_2) */
double derived_m(double m1, double m2)
{
    return m1 * m2 / (m1 + m2);
}

/* Eq. (48): eta = m_1 / (m_1 + m_2) */
double derived_eta(double m1, double m2)
{
    return m1 / (m1 + m2);
}

/* Eq. (49): eta_c = m_2 / (m_1 + m_2) */
double derived_eta_c(double m1, double m2)
{
    return m2 / (m1 + m2);
}

/* Eq. (187): E* = ((1 - nu_1^2)/E_1 + (1 - nu_2^2)/E_2)^-1 */
double derived_E_star(double E1, double nu1, double E2, double nu2)
{
    return 1.0 / ((1.0 - nu1 * nu1) / E1 + (1.0 - nu2 * nu2) / E2);
}

/* Eq. (188): R_e = (R_1^-1 + R_2^-1)^-1 */
double derived_R_e(double R1, double R2)
{
    return 1.0 / (1.0 / R1 + 1.0 / R2);
}

/* Eq. (189): m_i = 4/3 pi R_i^3 rho_i */
double derived_sphere_mass(double R, double rho)
{
    return 4.0 / 3.0 * DERIVED_PI * R * R * R * rho;
}

/* Eq. (190): p = 3/2 */
double derived_p_hertz(void)
{
    return 3.0 / 2.0;
}

/* Eq. (192): k_H = 4/3 E* sqrt(R_e) */
double derived_k_H(double E_star, double R_e)
{
    return 4.0 / 3.0 * E_star * derived_sqrt(R_e);
}

/* Eq. (191): k = k_H / (alpha + (1 - alpha) A^p) */
double derived_k(double k_H, double alpha, double A, double p)
{
    return k_H / (alpha + (1.0 - alpha) * derived_pow(A, p));
}
