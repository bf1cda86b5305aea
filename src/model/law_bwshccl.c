/* law_bwshccl.c - the Bouc-Wen-Simon-Hunt-Crossley collision law; see
 * law_bwshccl.h.  The Bouc-Wen parts are in law_law_boucwen.c, the
 * Simon-Hunt-Crossley term in law_shccl.c. */
#include "law_bwshccl.h"

#include "law_boucwen.h"
#include "law_check.h"
#include "law_shccl.h"

static const char bwshccl_ranges[BW_NPAR][LAW_RANGE_SIZE] = {
    "k > 0",     "alpha in (0, 1)", "A > 0",  "beta >= 0",
    "gamma in [-beta, beta]", "n >= 1", "p >= 1", "c >= 0"};

double bwshccl_phi(const double *par, double xc, const double *z, double v)
{
    bw_params bw = bw_unpack(par);
    double branches = bw_force(bw, xc, *z);
    double damping = shc_damping(bw.c, bw.p, xc, v);
    return branches + damping; /* Eq. (69) */
}

void bwshccl_psi(const double *par, double xc, const double *z, double v,
                 double *dz)
{
    bw_params bw = bw_unpack(par);
    (void)xc;
    *dz = bw_hysteresis(bw, *z, v); /* Eq. (68) */
}

double bwshccl_phi_rate(const double *par, double xc, const double *z,
                        double v, double dxc, const double *dz, double dv)
{
    bw_params bw = bw_unpack(par);
    double branches = bw_force_rate(bw, xc, *z, dxc, *dz);
    double damping = shc_damping_rate(bw.c, bw.p, xc, v, dxc, dv);
    return branches + damping;
}

double bwshccl_storage(const double *par, double xc, const double *z)
{
    return bw_storage(bw_unpack(par), xc, *z);
}

double bwshccl_dissipation_rate(const double *par, double xc, const double *z,
                                double v)
{
    bw_params bw = bw_unpack(par);
    double damping = shc_dissipation(bw.c, bw.p, xc, v);
    double hysteretic = bw_dissipation(bw, *z, v);
    return damping + hysteretic;
}

void bwshccl_switching(const double *par, double xc, const double *z, double v,
                   double *out)
{
    (void)par;
    out[0] = v;
    out[1] = *z;
    out[2] = xc;
}

/* Whether parameter i of {k, alpha, A, beta, gamma, n, p, c} is
 * admissible (Eqs. 68-69). */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires index: 0 <= i < 8;
    assigns \nothing;
    ensures meaning: \result != 0 <==> bwshccl_param_ok(par, i);
*/
static int bwshccl_param_check(const double *par, int i)
{
    if (i == BW_C)
        return check_nonnegative(par[BW_C]);
    return bw_param_check(par, i);
}

int bwshccl_validate(const double *par, char *range, size_t len)
{
    int i;
    /*@ loop invariant bound: 0 <= i <= BW_NPAR;
        loop invariant good: \forall integer j; 0 <= j < i ==>
                               bwshccl_param_ok(par, j);
        loop assigns i;
        loop variant BW_NPAR - i; */
    for (i = 0; i < BW_NPAR; i++) {
        if (!bwshccl_param_check(par, i)) {
            law_range_text(range, len, bwshccl_ranges[i], LAW_RANGE_SIZE);
            return i;
        }
    }
    /*@ assert all: bwshccl_admissible(par); */
    law_range_clear(range, len);
    return -1;
}
