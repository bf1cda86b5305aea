/* law_bwmcl.c - the Bouc-Wen-Maxwell collision law; see law_bwmcl.h.  The
 * Bouc-Wen parts are in law_law_boucwen.c; here the branches deflect by z_2 (elastic)
 * and z_1 (hysteretic), driven by Psi_2 through the dashpot c. */
#include "law_bwmcl.h"

#include "law_boucwen.h"
#include "law_check.h"

static const char bwmcl_ranges[BW_NPAR][LAW_RANGE_SIZE] = {
    "k > 0",     "alpha in (0, 1)", "A > 0",  "beta >= 0",
    "gamma in [-beta, beta]", "n >= 1", "p >= 1", "c > 0"};

double bwmcl_phi(const double *par, double xc, const double *z, double v)
{
    (void)xc, (void)v;
    return bw_force(bw_unpack(par), z[1], z[0]); /* Eq. (72) */
}

/* Psi_2 = v - Phi/c at (z_1, z_2), Eq. (71). */
/*@ requires admissible: bw_ok(bw) && positive(bw.c);
    requires finite: \is_finite(z1) && \is_finite(z2) && \is_finite(v);
    assigns \nothing;
    ensures range: bw_dom(bw) && in_range(bw.c, (double)0x1p-20, (double)0x1p40) &&
                   domain_state(z1) && domain_state(z2) && domain_speed(v)
                   ==> within(\result, (double)0x1p62);
    ensures eq71: \result \in {bwmcl_z2rate(bw.k, bw.alpha, bw.A, bw.beta, bw.gamma, bw.n, bw.p, bw.c,
                                            z1, z2, v)};
*/
static double psi2_of(bw_params bw, double z1, double z2, double v)
{
    double relaxation = bw_force(bw, z2, z1) / bw.c;
    /*@ assert relaxation: bw_dom(bw) &&
                           in_range(bw.c, (double)0x1p-20, (double)0x1p40) &&
                           domain_state(z1) && domain_state(z2)
                           ==> within(relaxation, (double)0x1p61); */
    return v - relaxation; /* Eq. (71) */
}

double bwmcl_psi2(const double *par, const double *z, double v)
{
    return psi2_of(bw_unpack(par), z[0], z[1], v);
}

void bwmcl_psi(const double *par, double xc, const double *z, double v,
               double *dz)
{
    bw_params bw = bw_unpack(par);
    double psi2 = psi2_of(bw, z[0], z[1], v);
    double psi1 = bw_hysteresis(bw, z[0], psi2); /* Eq. (70) */
    (void)xc;
    dz[0] = psi1;
    dz[1] = psi2;
}

double bwmcl_phi_rate(const double *par, double xc, const double *z, double v,
                      double dxc, const double *dz, double dv)
{
    (void)xc, (void)v, (void)dxc, (void)dv;
    return bw_force_rate(bw_unpack(par), z[1], z[0], dz[1], dz[0]);
}

double bwmcl_storage(const double *par, double xc, const double *z)
{
    (void)xc;
    return bw_storage(bw_unpack(par), z[1], z[0]);
}

/* Phi^2 / c, the dissipation of the dashpot. */
/*@ requires admissible: bw_ok(bw) && positive(bw.c);
    requires finite: \is_finite(z1) && \is_finite(z2);
    assigns \nothing;
    ensures range: bw_dom(bw) && in_range(bw.c, (double)0x1p-20, (double)0x1p40) &&
                   domain_state(z1) && domain_state(z2)
                   ==> nonneg_within(\result, (double)0x1p102);
    ensures dissipation: \result \in {bwmcl_dashpot_dissipation(bw.k, bw.alpha, bw.A, bw.beta, bw.gamma, bw.n, bw.p, bw.c,
                                                                z1, z2)};
*/
static double dashpot_dissipation(bw_params bw, double z1, double z2)
{
    double phi = bw_force(bw, z2, z1);
    double phi2 = phi * phi;
    /*@ assert phi2: bw_dom(bw) && domain_state(z1) && domain_state(z2)
                     ==> nonneg_within(phi2, (double)0x1p82); */
    return phi2 / bw.c;
}

double bwmcl_dissipation_rate(const double *par, double xc, const double *z,
                              double v)
{
    bw_params bw = bw_unpack(par);
    double dashpot = dashpot_dissipation(bw, z[0], z[1]);
    double hysteretic = bw_dissipation(bw, z[0], psi2_of(bw, z[0], z[1], v));
    (void)xc;
    return dashpot + hysteretic;
}

void bwmcl_switching(const double *par, double xc, const double *z, double v,
                 double *out)
{
    double psi2 = bwmcl_psi2(par, z, v);
    (void)xc;
    out[0] = psi2;
    out[1] = z[0];
    out[2] = z[1];
}

/* Whether parameter i of {k, alpha, A, beta, gamma, n, p, c} is
 * admissible (Eqs. 70-72). */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires index: 0 <= i < 8;
    assigns \nothing;
    ensures meaning: \result != 0 <==> bwmcl_param_ok(par, i);
*/
static int bwmcl_param_check(const double *par, int i)
{
    if (i == BW_C)
        return check_positive(par[BW_C]);
    return bw_param_check(par, i);
}

int bwmcl_validate(const double *par, char *range, size_t len)
{
    int i;
    /*@ loop invariant bound: 0 <= i <= BW_NPAR;
        loop invariant good: \forall integer j; 0 <= j < i ==>
                               bwmcl_param_ok(par, j);
        loop assigns i;
        loop variant BW_NPAR - i; */
    for (i = 0; i < BW_NPAR; i++) {
        if (!bwmcl_param_check(par, i)) {
            law_range_text(range, len, bwmcl_ranges[i], LAW_RANGE_SIZE);
            return i;
        }
    }
    /*@ assert all: bwmcl_admissible(par); */
    law_range_clear(range, len);
    return -1;
}
