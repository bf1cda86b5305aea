/* law_noise.h - the error bands of the laws' switching functions (the
 * switching_noise entries of law.h): for each switching function a bound on
 * its error at a state known only to within the integrator's tolerance.
 * They bound floating-point and integration error, not a property of a
 * law, and are kept out of the proved core of the laws (law_noise.c). */
#ifndef COLLIDE_LAW_NOISE_H
#define COLLIDE_LAW_NOISE_H

/* The error band of each value of bwmcl_switching. */
void bwmcl_switching_noise(const double *par, double xc, const double *z,
                      double v, double exc, const double *ez, double ev,
                      double *out);

/* The error band of each value of bwshccl_switching. */
void bwshccl_switching_noise(const double *par, double xc, const double *z,
                        double v, double exc, const double *ez, double ev,
                        double *out);

/* The error band of each value of shccl_switching. */
void shccl_switching_noise(const double *par, double xc, const double *z,
                      double v, double exc, const double *ez, double ev,
                      double *out);

/* The error band of each value of clamped_switching. */
void clamped_switching_noise(const double *par, double xc, const double *z,
                        double v, double exc, const double *ez, double ev,
                        double *out);

#endif
