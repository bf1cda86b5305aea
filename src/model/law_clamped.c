/* law_clamped.c - the clamped linear law of Eq. (175); see law_clamped.h. */
#include "law_clamped.h"

#include "law_check.h"

static const char clamped_ranges[CLAMPED_NPAR][LAW_RANGE_SIZE] = {"k > 0"};

/* min(x, 0). */
/*@ requires finite: \is_finite(x);
    assigns \nothing;
    ensures value: \le_double(\result, (double)0.0) &&
                   (\eq_double(\result, x) || zero(\result));
    ensures apart: \le_double((double)0.0, x) ==> zero(\result);
    ensures range: within(x, (double)1.0) ==> within(\result, (double)1.0);
    ensures eq175: \result \in {clamped_compression(x)};
*/
static double compression(double x)
{
    return x < 0.0 ? x : 0.0;
}

double clamped_phi(const double *par, double xc, const double *z, double v)
{
    (void)z, (void)v;
    return par[CLAMPED_K] * compression(xc); /* Eq. (175) */
}

void clamped_psi(const double *par, double xc, const double *z, double v,
                 double *dz)
{
    (void)par, (void)xc, (void)z, (void)v, (void)dz;
}

double clamped_phi_rate(const double *par, double xc, const double *z,
                        double v, double dxc, const double *dz, double dv)
{
    (void)z, (void)v, (void)dz, (void)dv;
    if (xc < 0.0 || (xc == 0.0 && dxc < 0.0))
        return par[CLAMPED_K] * dxc;
    return 0.0;
}

double clamped_storage(const double *par, double xc, const double *z)
{
    double m = compression(xc);
    double m2 = m * m;
    /*@ assert m2: \le_double((double)0.0, m2); */
    /*@ assert m2_range: domain_state(xc) ==> nonneg_within(m2, (double)1.0); */
    double km2 = par[CLAMPED_K] * m2;
    /*@ assert km2: \le_double((double)0.0, km2); */
    (void)z;
    return 0.5 * km2;
}

double clamped_dissipation_rate(const double *par, double xc, const double *z,
                                double v)
{
    (void)par, (void)xc, (void)z, (void)v;
    return 0.0;
}

void clamped_switching(const double *par, double xc, const double *z, double v,
                   double *out)
{
    (void)par, (void)z, (void)v;
    out[0] = xc;
}

int clamped_validate(const double *par, char *range, size_t len)
{
    if (!check_positive(par[CLAMPED_K])) {
        law_range_text(range, len, clamped_ranges[CLAMPED_K], LAW_RANGE_SIZE);
        return CLAMPED_K;
    }
    law_range_clear(range, len);
    return -1;
}
