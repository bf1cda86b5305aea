/* law_noise.c - the error bands of the laws' switching functions (the
 * switching_noise entries of law.h). They bound floating-point and integration
 * error, not a property of a law, and are kept out of the proved core of
 * the laws. */
#include "law_noise.h"

#include <float.h>
#include <math.h>

#include "law_boucwen.h"
#include "law_bwmcl.h"
#include "law_bwshccl.h"
#include "law_clamped.h"
#include "law_shccl.h"

/* Ulps of rounding allowed in the evaluation of a switching function that
 * is computed (not a component of the state): a power and a few products
 * and sums, each erring by half an ulp of its result. */
#define NOISE_ULPS 16.0

/* BWMCL (Eqs. 70-72): Psi_2 = v - Phi(z_2, z_1)/c, then z_1 and z_2.
 * Psi_2 errs by ev + (|dPhi/dz_2| ez_2 + |dPhi/dz_1| ez_1) / c from the
 * state, and by NOISE_ULPS ulps of |v| + (|elastic| + |hysteretic|) / c in
 * its evaluation (for p > 4 the rounding of the powers scales with p). */
void bwmcl_switching_noise(const double *par, double xc, const double *z,
                      double v, double exc, const double *ez, double ev,
                      double *out)
{
    bw_params bw = bw_unpack(par);
    double terms = fabs(bw_force(bw, z[1], 0.0)) + fabs(bw_force(bw, 0.0, z[0]));
    double carried = fabs(bw_force_rate(bw, z[1], z[0], ez[1], 0.0)) +
                     fabs(bw_force_rate(bw, z[1], z[0], 0.0, ez[0]));
    double ulps = NOISE_ULPS * (bw.p > 4.0 ? bw.p / 4.0 : 1.0);
    (void)xc, (void)exc;
    out[0] = ev + carried / bw.c +
             ulps * DBL_EPSILON * (fabs(v) + terms / bw.c);
    out[1] = ez[0];
    out[2] = ez[1];
}

/* BWSHCCL (Eqs. 68-69): v, z_c and x_c, components of the state. */
void bwshccl_switching_noise(const double *par, double xc, const double *z,
                        double v, double exc, const double *ez, double ev,
                        double *out)
{
    (void)par, (void)xc, (void)z, (void)v;
    out[0] = ev;
    out[1] = ez[0];
    out[2] = exc;
}

/* SHCCL: x_c, a component of the state. */
void shccl_switching_noise(const double *par, double xc, const double *z,
                      double v, double exc, const double *ez, double ev,
                      double *out)
{
    (void)par, (void)xc, (void)z, (void)v, (void)ez, (void)ev;
    out[0] = exc;
}

/* Clamped law (Eq. 175): x_c, a component of the state. */
void clamped_switching_noise(const double *par, double xc, const double *z,
                        double v, double exc, const double *ez, double ev,
                        double *out)
{
    (void)par, (void)xc, (void)z, (void)v, (void)ez, (void)ev;
    out[0] = exc;
}
