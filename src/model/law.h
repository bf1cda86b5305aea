/* law.h - the contact-law interface (Section IV-B, Eq. 59).
 *
 * A law is the pair (Phi, Psi) of Eq. (59) with n_z internal states, plus,
 * for the passivity bookkeeping of Definition V.1, a storage function V_c and
 * its dissipation rate d_c.  Laws are plug-ins: the driver, the event engine
 * and the ledger see only this table, so adding a law means adding one file
 * and one line to the registry in registry.c.
 *
 * Sign conventions (Eq. 59): x_c is the indentation, negative in compression;
 * Phi is the force on the interface, negative in compression; the contact
 * force on the bodies is F_c = -Phi.
 *
 * Every law function takes its parameters as an array `par` indexed by the
 * law's own parameter list (par_names), of length npar. */
#ifndef COLLIDE_LAW_H
#define COLLIDE_LAW_H

#include <stddef.h>

#define LAW_NZ_MAX 2   /* largest n_z of a registered law (BWMCL) */
#define LAW_NPAR_MAX 8 /* largest number of parameters of a law */
#define LAW_NSWITCH_MAX 4 /* largest number of switching functions of a law */

typedef struct law {
    const char *name;      /* key used in scenario files, e.g. "bwshccl" */
    const char *title;     /* e.g. "Bouc-Wen-Simon-Hunt-Crossley collision law" */
    const char *equations; /* e.g. "Eqs. (68)-(69)" */
    int nz;                /* n_z of Eq. (59) */
    int npar;              /* number of parameters */
    const char *const *par_names; /* npar names, e.g. {"k","alpha",...} */

    /* F_s = Phi(x_c, z_c, v_c) (Eq. 59). */
    double (*phi)(const double *par, double xc, const double *z, double v);
    /* dz_c/dt = Psi(x_c, z_c, v_c) (Eq. 59); writes nz values into dz. */
    void (*psi)(const double *par, double xc, const double *z, double v,
                double *dz);
    /* d/dt Phi(x_c(t), z_c(t), v_c(t)) given the rates (dxc, dz, dv):
     * the chain rule of Phi along a flow, used for guard rates and
     * transversality margins. */
    double (*phi_rate)(const double *par, double xc, const double *z,
                       double v, double dxc, const double *dz, double dv);
    /* Storage function V_c(x_c, z_c) >= 0 of Definition V.1. */
    double (*storage)(const double *par, double xc, const double *z);
    /* Dissipation rate d_c(x_c, z_c, v_c) >= 0 of Definition V.1:
     * d_c = Phi v - dV_c/dx_c v - <dV_c/dz_c, Psi>. */
    double (*dissipation_rate)(const double *par, double xc, const double *z,
                               double v);

    /* Switching functions: scalar functions of (x_c, z_c, v_c) at whose sign
     * changes Phi or Psi is not smooth (|v|, z|z|^(p-1), min(x_c,0), ...).
     * The integrator steps exactly to their zeros so that each step lies on
     * one smooth piece. Writes nswitch values. */
    int nswitch;
    void (*switching)(const double *par, double xc, const double *z, double v,
                  double *out);
    /* A bound on the error of each switching function as switching evaluates
     * it at a state whose components x_c, z_c, v are known only to within
     * exc, ez[], ev (the errors the integrator's tolerance allows): those
     * errors carried through the function to first order, plus a few ulps
     * of the magnitudes of the terms it is computed from (its rounding).
     * A value within its bound is not distinguishable from zero: the
     * engine takes no sign change inside that band as a switching point.
     * Writes nswitch values. */
    void (*switching_noise)(const double *par, double xc, const double *z,
                       double v, double exc, const double *ez, double ev,
                       double *out);

    /* Checks the parameters against the admissible ranges of the paper.
     * Returns -1 when all are admissible; otherwise the index of the first
     * offending parameter, with the allowed range written into
     * range (e.g. "alpha in (0, 1)"), NUL-terminated, at most len bytes. */
    int (*validate)(const double *par, char *range, size_t len);
} law;

#endif
