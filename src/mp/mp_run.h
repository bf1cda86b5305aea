/* mp_run.h - the state of a high-precision run (internal to src/mp), and
 * what every file of the run needs of it: its failure and magnitudes
 * (mp_run.c). The files of the run stand on it one above the other, so
 * that calls run one way: mp_series.c (mp_series.h) evaluates the tape as
 * Taylor series on a piece, bounds the step and finds the roots of a
 * series; mp_record.c (mp_record.h) records what a run writes (samples,
 * observables, events, the jump map) over the series; mp_sim.c takes the
 * steps and runs over both. See mp_sim.h and spec/high_precision.md. */
#ifndef COLLIDE_MP_RUN_H
#define COLLIDE_MP_RUN_H

#include "mp_sim.h"
#include "mp_spec.h"  /* the residual and the observables' formulas */
#include "zeno.h"

/* ---- the state of a run -------------------------------------------------- */

typedef struct run {
    mp_model *M;
    mp_tape *T;
    const mp_options *o;
    mp_result *r;
    const layout *L;
    int K, ny, q, j;
    double log2tol;
    mpfr_t t, y[COLLIDE_NY_MAX];
    mpfr_t *Y[COLLIDE_NY_MAX];     /* series of the state on a step */
    mpfr_t *deriv;                 /* scratch: the derivative of the series
                                      being scanned (mp_series_derivative),
                                      K coefficients */
    unsigned char *mask[2], *point;
    unsigned char *sw[2];          /* switching nodes of mode q */
    int *sign;                     /* signs of the switching nodes on the piece */
    int *val;                      /* valuation in t of a switching node
                                      that is zero at the piece start */
    int sqrt_clock;                /* t = t* + (tau_a + s)^2, else t = t0 + s */
    mpfr_t t0, tau_a;              /* t0 (or t*), and tau_a */
    int at_start, landed;          /* first step of a piece; switch landed on */
    int held[LAW_NZ_MAX];          /* z_i held at its saturation on the piece */
    double runmax[COLLIDE_NY_MAX]; /* log2 of max |y_i| so far */
    double phimax;                 /* log2 of max |Phi| so far */
    double *nodemax;               /* log2 of the largest |value| at a step
                                      start of each node, so far */
    unsigned char *fractional;     /* the operand of a power p, 2p odd, or
                                      Phi computed through one: no touch */
    unsigned char *phidep;         /* the nodes Phi is computed from */
    int interval_start;            /* the step starts a flow interval */
    mpfr_t rate0[TR_COUNT];             /* |dg/dt| at its start, per transition */
    mp_collision cur;              /* the contact under way */
    mpfr_t delta_d;                /* Delta_D (mp_spec_delta_d_step) */
    int next_sample;
    zeno_ring zeno;                     /* the last events' times (engine.h) */
    mpfr_t h, hs;                  /* the step, and the state's own bound */
    mpfr_t a, b, c, d, s, u, w;    /* scratch */
} run;

/* A root of a series on a step: found, its abscissa s and the bracket
 * lo .. hi. */
typedef struct root {
    int found;
    mpfr_t s, lo, hi;
} root;

/* ---- mp_run.c: failures and magnitudes ------------------------------------- */

/* The first failure of the run: its status and a diagnosis that gives
 * what stopped it, then where the run stands (as in the binary64 engine):
 * time, jump count, mode, the named state and the last events. */
void mp_fail(run *R, collide_status st, const char *msg);

/* log2 |x| (-inf for 0), for the step sizes and scales. */
double mp_log2abs(mpfr_srcptr x);

/* The sign of x: -1, 0 or 1. */
int mp_sgn_of(mpfr_srcptr x);

#endif
