/* law_noise.h - the error bands of the laws' switching functions (the
 * switching_noise entries of law.h): for each switching function a bound on
 * its error at a state known only to within the integrator's tolerance
 * (exc, ez[i], ev: the errors of x_c, z_c,i and v_c). They bound
 * floating-point and integration error, not a property of a law: each
 * band is fixed by its contract to its definition in
 * spec/switching_noise.acsl (law_noise.c is in the proved set), and the
 * band of a switching function that is a component of the state is that
 * component's error. */
#ifndef COLLIDE_LAW_NOISE_H
#define COLLIDE_LAW_NOISE_H

#include "law_boucwen.h"

#include "../../spec/switching_noise.acsl"

/* The error band of each value of bwmcl_switching: Psi_2's
 * (bwmcl_psi2_noise), then z_1's and z_2's, their errors. */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    requires admissible: bwmcl_admissible(par);
    requires z_valid: \valid_read(z + (0 .. 1)) && \valid_read(ez + (0 .. 1));
    requires out_valid: \valid(out + (0 .. 2));
    requires separated: \separated(out + (0 .. 2), par + (0 .. 7), z + (0 .. 1),
                                    ez + (0 .. 1));
    requires finite: \is_finite(z[0]) && \is_finite(z[1]) &&
                     \is_finite(ez[0]) && \is_finite(ez[1]);
    assigns out[0 .. 2];
    ensures psi2: out[0] \in {bwmcl_psi2_noise(\old(par[0]), \old(par[1]),
                                               \old(par[6]), \old(par[7]),
                                               \old(z[0]), \old(z[1]), v,
                                               \old(ez[0]), \old(ez[1]), ev)};
    ensures z: out[1] == \old(ez[0]) && out[2] == \old(ez[1]);
*/
void bwmcl_switching_noise(const double *par, double xc, const double *z,
                      double v, double exc, const double *ez, double ev,
                      double *out);

/* The error band of each value of bwshccl_switching: v's, z_c's, x_c's. */
/*@ requires z_valid: \valid_read(ez + 0);
    requires out_valid: \valid(out + (0 .. 2)) && \separated(out + (0 .. 2), ez + 0);
    assigns out[0 .. 2];
    ensures components: out[0] == ev && out[1] == \old(ez[0]) && out[2] == exc;
*/
void bwshccl_switching_noise(const double *par, double xc, const double *z,
                        double v, double exc, const double *ez, double ev,
                        double *out);

/* The error band of each value of shccl_switching: x_c's. */
/*@ requires out_valid: \valid(out + 0);
    assigns out[0];
    ensures component: out[0] == exc;
*/
void shccl_switching_noise(const double *par, double xc, const double *z,
                      double v, double exc, const double *ez, double ev,
                      double *out);

/* The error band of each value of clamped_switching: x_c's. */
/*@ requires out_valid: \valid(out + 0);
    assigns out[0];
    ensures component: out[0] == exc;
*/
void clamped_switching_noise(const double *par, double xc, const double *z,
                        double v, double exc, const double *ez, double ev,
                        double *out);

#endif
