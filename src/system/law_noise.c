/* law_noise.c - the error bands of the laws' switching functions (the
 * switching_noise entries of law.h; spec/switching_noise.acsl). They bound
 * floating-point and integration error, not a property of a law. */
#include "law_noise.h"

#include <float.h>

#include "law_boucwen.h"
#include "law_bwmcl.h"
#include "law_bwshccl.h"
#include "law_clamped.h"
#include "law_shccl.h"
#include "powabs.h"     /* absval: |x| (exact) */

/* Ulps of rounding allowed in the evaluation of a switching function that
 * is computed (not a component of the state): a power and a few products
 * and sums, each erring by half an ulp of its result. */
#define NOISE_ULPS 16.0

/* The ulps of rounding allowed in a computed switching function of a
 * Bouc-Wen law of exponent p (spec/switching_noise.acsl, noise_ulps). */
/*@ assigns \nothing;
    ensures ulps: \result \in {noise_ulps(p)};
*/
static double bw_noise_ulps(double p)
{
    return p > 4.0 ? NOISE_ULPS * (p / 4.0) : NOISE_ULPS;
}

/* BWMCL (Eqs. 70-72): the band of Psi_2 = v - Phi(z_2, z_1)/c. Psi_2
 * errs by ev + (|dPhi/dz_2| ez_2 + |dPhi/dz_1| ez_1) / c from the state,
 * and by noise_ulps(p) ulps of |v| + (|elastic| + |hysteretic|) / c in
 * its evaluation (spec/switching_noise.acsl, bwmcl_psi2_noise). */
/*@ requires admissible: bw_ok(bw);
    requires finite: \is_finite(z1) && \is_finite(z2) &&
                     \is_finite(ez1) && \is_finite(ez2);
    assigns \nothing;
    ensures psi2: \result \in {bwmcl_psi2_noise(bw.k, bw.alpha, bw.p, bw.c,
                                                 z1, z2, v, ez1, ez2, ev)};
*/
static double psi2_noise_of(bw_params bw, double z1, double z2, double v,
                            double ez1, double ez2, double ev)
{
    double terms = absval(bw_force(bw, z2, 0.0)) + absval(bw_force(bw, 0.0, z1));
    double carried = absval(bw_force_rate(bw, z2, z1, ez2, 0.0)) +
                     absval(bw_force_rate(bw, z2, z1, 0.0, ez1));
    double ulps = bw_noise_ulps(bw.p);
    return ev + carried / bw.c + ulps * DBL_EPSILON * (absval(v) + terms / bw.c);
}

/* BWMCL: Psi_2's band, then z_1's and z_2's, their errors. */
void bwmcl_switching_noise(const double *par, double xc, const double *z,
                      double v, double exc, const double *ez, double ev,
                      double *out)
{
    double z1 = z[0], z2 = z[1], ez1 = ez[0], ez2 = ez[1];
    (void)xc, (void)exc;
    out[0] = psi2_noise_of(bw_unpack(par), z1, z2, v, ez1, ez2, ev);
    out[1] = ez1;
    out[2] = ez2;
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
