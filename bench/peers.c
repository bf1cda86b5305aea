/* peers.c - the hybrid system of a scenario under SUNDIALS 6.4 (ARKODE's
 * ERKStep, CVODE Adams), for the work-precision comparison of `make
 * bench`; see peers.h. Written against collide's public interface only.
 *
 * The state integrated is chi (collide_model_dimension components)
 * followed by the three quadratures W, J_Fc, J_Fe (Eqs. 201-202), all
 * under the same scalar rtol and atol. The guards (doc/design.md):
 *   apart:      commence-at-touch     x   decreasing, enabled v <= 0
 *               commence-overlapping  v   decreasing, enabled x <= 0
 *   in contact: separate              Phi increasing, enabled v >= 0
 *               separate-adhesive     v   increasing, enabled Phi >= 0
 * are root functions; a root outside its enabling set is flowed through.
 * In contact the root functions v (x_c' = v) and dPhi/dt give the
 * stationary points of |x_c| and F_c = -Phi, where the maxima of Eqs.
 * (198)-(199) lie (with the ends of the contact). dPhi/dt is the central
 * difference of Phi along the flow over a time step 1e-9 T, under a
 * millionth of the shortest contact of the studies (0.83 ms): its error,
 * a relative ~1e-10, moves the root by as much and the value there, a
 * stationary one, by the square of that. */
#include "peers.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <arkode/arkode_erkstep.h>
#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#define NQ 3                         /* W, J_Fc, J_Fe */
#define NY (COLLIDE_CHI_MAX + NQ)
#define MAX_STEPS 20000000L

const char *peer_name(peer_method p)
{
    switch (p) {
    case PEER_ARKODE_FEHLBERG87: return "arkode-fehlberg87";
    case PEER_ARKODE_VERNER65: return "arkode-verner65";
    case PEER_CVODE_ADAMS: return "cvode-adams";
    default: return "?";
    }
}

/* The run's fixed data, the user data of the SUNDIALS callbacks. */
typedef struct peer_ctx {
    const collide_model *m;
    int n;                  /* dimension of chi */
    int ix, iv, ixc;        /* indices of x, v, x_c in chi */
    int q;                  /* the mode flowing */
    long rate_flows;        /* evaluations of the flow map by roots */
    int nsw;                /* switching functions of the law */
    int sw[4];              /* each: c >= 0 the component c of chi, or
                               -1 - c the rate of component c */
    double h_rate;          /* the time step of phi_rate's difference */
} peer_ctx;

/* The flow of the integrated state in mode q at t: collide's flow map of
 * chi, and in contact the integrands Phi v, -Phi and F_e,r of the
 * quadratures (0 apart). */
static void full_flow(const peer_ctx *P, double t, const double *y,
                      double *dy)
{
    double fe1, fe2, phi;
    (void)collide_model_flow(P->m, P->q, t, y, dy);
    if (P->q == 1) {
        phi = collide_model_phi(P->m, y);
        collide_model_forces(P->m, t, &fe1, &fe2);
        dy[P->n] = phi * y[P->iv];
        dy[P->n + 1] = -phi;
        dy[P->n + 2] = collide_model_reduced_force(P->m, fe1, fe2);
    } else {
        dy[P->n] = dy[P->n + 1] = dy[P->n + 2] = 0.0;
    }
}

/* SUNDIALS' right-hand side (ARKODE and CVODE share the signature). */
static int rhs(sunrealtype t, N_Vector y, N_Vector dy, void *data)
{
    full_flow(data, t, N_VGetArrayPointer(y), N_VGetArrayPointer(dy));
    return 0;
}

/* Phi at y +- h f, the central difference of Phi along f over h. */
static double central(const peer_ctx *P, const double *y, const double *f,
                      double h)
{
    double a[NY], b[NY];
    int i;
    for (i = 0; i < P->n; i++) {
        a[i] = y[i] + h * f[i];
        b[i] = y[i] - h * f[i];
    }
    return (collide_model_phi(P->m, a) - collide_model_phi(P->m, b)) /
           (2.0 * h);
}

/* dPhi/dt along the flow f of chi at y, by a central difference over
 * P->h_rate (see the head of the file). Never exactly 0, which the root
 * finders of SUNDIALS refuse at and just after a root ("root found at and
 * very near t"): at a maximum of Phi's flat top, where the difference
 * vanishes in rounding, it is taken over a step 1000 times longer, and
 * failing that is the resolution of that difference, positive. */
static double phi_rate(const peer_ctx *P, const double *y, const double *f)
{
    double r = central(P, y, f, P->h_rate);
    if (r == 0.0)
        r = central(P, y, f, 1e3 * P->h_rate);
    if (r == 0.0)       /* the resolution of the difference, positive */
        r = fmax(DBL_EPSILON * fabs(collide_model_phi(P->m, y)) /
                 (1e3 * P->h_rate), DBL_MIN);
    return r;
}

/* Psi_2 = v - Phi / c as a switching function: a value within its
 * rounding (8 ulps of |v| + |Phi / c|) counts as that bound, positive.
 * Once the bodies rest Psi_2 is 0 or rounding noise, whose sign changes
 * SUNDIALS would take for roots, and a root function that stays 0 it
 * refuses; collide's engine also ignores sign changes within the
 * rounding of a switching function (switching_noise of the laws). */
static double psi2_switch(double psi2, double v)
{
    double noise = 8.0 * DBL_EPSILON * (fabs(v) + fabs(v - psi2));
    return fabs(psi2) > noise ? psi2 : fmax(noise, DBL_MIN);
}

/* The root functions of the mode (see the head of the file): apart x, v;
 * in contact Phi, v, dPhi/dt, then the law's switching functions. */
static int roots(sunrealtype t, N_Vector yv, sunrealtype *g, void *data)
{
    peer_ctx *P = data;
    const double *y = N_VGetArrayPointer(yv);
    double f[NY];
    int k;
    if (P->q == 0) {
        g[0] = y[P->ix];
        g[1] = y[P->iv];
        return 0;
    }
    (void)collide_model_flow(P->m, 1, t, y, f);
    P->rate_flows++;
    g[0] = collide_model_phi(P->m, y);
    g[1] = y[P->iv];
    g[2] = phi_rate(P, y, f);
    for (k = 0; k < P->nsw; k++) {
        g[3 + k] = P->sw[k] >= 0 ? y[P->sw[k]] : f[-1 - P->sw[k]];
        if (P->sw[k] < 0)
            g[3 + k] = psi2_switch(g[3 + k], y[P->iv]);
    }
    return 0;
}

static int nroots(const peer_ctx *P) { return P->q == 0 ? 2 : 3 + P->nsw; }

/* One SUNDIALS integrator, either kind. */
typedef struct integrator {
    peer_method method;
    SUNContext sun;
    N_Vector y;
    void *mem;
    SUNNonlinearSolver nls;
    int started;
} integrator;

/* Adds the counters of the integration since its last (re)start to r. */
static void count(integrator *I, peer_result *r)
{
    long nst = 0, nfe = 0;
    if (!I->started)
        return;
    if (I->method == PEER_CVODE_ADAMS) {
        CVodeGetNumSteps(I->mem, &nst);
        CVodeGetNumRhsEvals(I->mem, &nfe);
    } else {
        ERKStepGetNumSteps(I->mem, &nst);
        ERKStepGetNumRhsEvals(I->mem, &nfe);
    }
    r->steps += nst;
    r->nfev += nfe;
}

/* The settings every (re)start of the integrator needs: tolerances, the
 * user data, the root functions of mode P->q and their directions, the
 * stop time. 0, or -1. */
static int configure(integrator *I, peer_ctx *P, double rtol, double atol,
                     double tstop)
{
    int dirs0[2] = {-1, -1}, dirs1[3 + 4] = {+1, 0, 0, 0, 0, 0, 0};
    int *dirs = P->q == 0 ? dirs0 : dirs1, bad = 0;
    if (I->method == PEER_CVODE_ADAMS) {
        bad |= CVodeSStolerances(I->mem, rtol, atol);
        bad |= CVodeSetUserData(I->mem, P);
        bad |= CVodeSetMaxNumSteps(I->mem, MAX_STEPS);
        bad |= CVodeRootInit(I->mem, nroots(P), roots);
        bad |= CVodeSetRootDirection(I->mem, dirs);
        bad |= CVodeSetNoInactiveRootWarn(I->mem);
        bad |= CVodeSetStopTime(I->mem, tstop);
    } else {
        bad |= ERKStepSStolerances(I->mem, rtol, atol);
        bad |= ERKStepSetUserData(I->mem, P);
        bad |= ERKStepSetMaxNumSteps(I->mem, MAX_STEPS);
        bad |= ERKStepRootInit(I->mem, nroots(P), roots);
        bad |= ERKStepSetRootDirection(I->mem, dirs);
        bad |= ERKStepSetNoInactiveRootWarn(I->mem);
        bad |= ERKStepSetStopTime(I->mem, tstop);
    }
    return bad ? -1 : 0;
}

/* Starts (or restarts, forgetting the past steps) the integration at
 * (t, y) in mode P->q up to tstop. 0, or -1. */
static int restart(integrator *I, peer_ctx *P, double t, const double *y,
                   double rtol, double atol, double tstop, peer_result *r)
{
    int flag;
    count(I, r);
    memcpy(N_VGetArrayPointer(I->y), y, sizeof(double) * (size_t)(P->n + NQ));
    if (I->method == PEER_CVODE_ADAMS) {
        if (!I->mem) {
            I->mem = CVodeCreate(CV_ADAMS, I->sun);
            if (I->mem)
                CVodeSetErrFile(I->mem, NULL);
            flag = I->mem ? CVodeInit(I->mem, rhs, t, I->y) : -1;
            I->nls = SUNNonlinSol_FixedPoint(I->y, 0, I->sun);
            if (flag == 0 && I->nls)
                flag = CVodeSetNonlinearSolver(I->mem, I->nls);
        } else {
            flag = CVodeReInit(I->mem, t, I->y);
        }
    } else if (!I->mem) {
        I->mem = ERKStepCreate(rhs, t, I->y, I->sun);
        if (I->mem)              /* a failure is said by advance() */
            ERKStepSetErrFile(I->mem, NULL);
        flag = I->mem ? ERKStepSetTableNum(I->mem,
                   I->method == PEER_ARKODE_FEHLBERG87 ? ARKODE_FEHLBERG_13_7_8
                                                       : ARKODE_VERNER_8_5_6)
                      : -1;
    } else {
        flag = ERKStepReInit(I->mem, rhs, t, I->y);
    }
    I->started = 1;
    if (flag != 0 || configure(I, P, rtol, atol, tstop) != 0) {
        snprintf(r->error, sizeof r->error, "%s: cannot start at t = %.17g",
                 peer_name(I->method), t);
        return -1;
    }
    return 0;
}

/* Integrates on to tstop or the next root: 1 at a root (rf its
 * directions), 0 at tstop, -1 on failure; *t and y where it stopped. */
static int advance(integrator *I, double tstop, double *t, double *y, int n,
                   int *rf, peer_result *r)
{
    sunrealtype tr = *t;
    int flag;
    if (I->method == PEER_CVODE_ADAMS) {
        flag = CVode(I->mem, tstop, I->y, &tr, CV_NORMAL);
        if (flag == CV_ROOT_RETURN)
            CVodeGetRootInfo(I->mem, rf);
        flag = flag == CV_ROOT_RETURN ? 1 : flag >= 0 ? 0 : flag;
    } else {
        flag = ERKStepEvolve(I->mem, tstop, I->y, &tr, ARK_NORMAL);
        if (flag == ARK_ROOT_RETURN)
            ERKStepGetRootInfo(I->mem, rf);
        flag = flag == ARK_ROOT_RETURN ? 1 : flag >= 0 ? 0 : flag;
    }
    if (flag < 0) {
        snprintf(r->error, sizeof r->error, "%s: failed at t = %.17g (flag %d)",
                 peer_name(I->method), (double)tr, flag);
        return -1;
    }
    *t = tr;
    memcpy(y, N_VGetArrayPointer(I->y), sizeof(double) * (size_t)n);
    return flag;
}

/* ARKODE: replaces the state interpolated at the root t (its Hermite
 * interpolant is of degree 5, below the order of the method) by one the
 * method integrates: from the start of the last step, where the
 * interpolant is exact, to t as the stop time, without root functions
 * (the interpolated state is kept when there is no such step).
 * The restart that follows starts from it. 0, or -1. CVODE's interpolant
 * is its method's own polynomial: nothing to do. */
static int land(integrator *I, const peer_ctx *P, double rtol, double atol,
                double t, double *y, peer_result *r)
{
    sunrealtype hlast = 0.0, tcur = 0.0, tr = t;
    double t0;
    int bad = 0;
    if (I->method == PEER_CVODE_ADAMS)
        return 0;
    ERKStepGetLastStep(I->mem, &hlast);
    ERKStepGetCurrentTime(I->mem, &tcur);
    t0 = tcur - hlast;
    if (t0 < t && ERKStepGetDky(I->mem, t0, 0, I->y) != 0) {
        t0 = tcur - hlast * (1.0 - 1e-12);      /* rounded below the step */
        if (ERKStepGetDky(I->mem, t0, 0, I->y) != 0)
            return 0;
    }
    if (!(t0 < t))
        return 0;
    count(I, r);
    bad |= ERKStepReInit(I->mem, rhs, t0, I->y);
    bad |= ERKStepSStolerances(I->mem, rtol, atol);
    bad |= ERKStepSetUserData(I->mem, (void *)P);
    bad |= ERKStepSetMaxNumSteps(I->mem, MAX_STEPS);
    bad |= ERKStepRootInit(I->mem, 0, NULL);
    bad |= ERKStepSetStopTime(I->mem, t);
    if (bad || ERKStepEvolve(I->mem, t, I->y, &tr, ARK_NORMAL) < 0) {
        snprintf(r->error, sizeof r->error, "%s: cannot land at t = %.17g",
                 peer_name(I->method), t);
        return -1;
    }
    memcpy(y, N_VGetArrayPointer(I->y), sizeof(double) * (size_t)(P->n + NQ));
    return 0;
}

static void integrator_free(integrator *I)
{
    if (I->mem && I->method == PEER_CVODE_ADAMS)
        CVodeFree(&I->mem);
    else if (I->mem)
        ERKStepFree(&I->mem);
    if (I->nls)
        SUNNonlinSolFree(I->nls);
    if (I->y)
        N_VDestroy(I->y);
    if (I->sun)
        SUNContext_Free(&I->sun);
}

/* The contact being followed: where it began, and its maxima so far. */
typedef struct contact {
    double t_e, v_i, xc_max, fc_max;
} contact;

/* A new row of r, NaN filled; NULL when memory ran out. */
static double *new_row(peer_result *r)
{
    int k;
    if (r->nrows == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        void *p = realloc(r->rows, sizeof r->rows[0] * (size_t)cap);
        if (!p)
            return NULL;
        r->rows = p;
        r->cap = cap;
    }
    for (k = 0; k < PEER_NOBS; k++)
        r->rows[r->nrows][k] = NAN;
    return r->rows[r->nrows++];
}

/* The row of the collision that ends at t_s in state y (before the
 * jump); t_f of the previous row set. 0, or -1 out of memory. */
static int end_collision(const peer_ctx *P, const contact *c, double t_s,
                         const double *y, peer_result *r)
{
    double *o = new_row(r), v_s = y[P->iv], xc = fabs(y[P->ixc]);
    if (!o) {
        snprintf(r->error, sizeof r->error, "out of memory");
        return -1;
    }
    o[0] = c->t_e;
    o[1] = t_s;
    o[2] = t_s - c->t_e;                       /* Eq. (194) */
    o[4] = c->v_i;                             /* Eq. (196) */
    o[5] = v_s;
    o[6] = -v_s / c->v_i;                      /* Eq. (197) */
    o[7] = fmax(c->xc_max, xc);                /* Eq. (198) */
    o[8] = fmax(c->fc_max, -collide_model_phi(P->m, y)); /* Eq. (199) */
    o[9] = xc;                                 /* Eq. (200) */
    o[10] = y[P->n];                           /* Eqs. (201)-(202) */
    o[11] = y[P->n + 1];
    o[12] = y[P->n + 2];
    return 0;
}

/* Whether the root found (directions rf) at y is a jump of mode q. */
static int is_jump(const peer_ctx *P, const double *y, const int *rf)
{
    double x = y[P->ix], v = y[P->iv];
    if (P->q == 0)
        return (rf[0] < 0 && v <= 0.0) || (rf[1] < 0 && x <= 0.0);
    return (rf[0] > 0 && v >= 0.0) ||
           (rf[1] > 0 && collide_model_phi(P->m, y) >= 0.0);
}

/* The jump at (t, y): the collision's record, the reset of chi (Eqs. 75,
 * 82) and of the quadratures, the new mode. 0, or -1. */
static int jump(peer_ctx *P, contact *c, double t, double *y, peer_result *r)
{
    int k;
    if (P->q == 0) {
        if (r->nrows > 0 && isnan(r->rows[r->nrows - 1][3]))
            r->rows[r->nrows - 1][3] = t - r->rows[r->nrows - 1][1];
        c->t_e = t;                            /* Eq. (193) */
        c->v_i = y[P->iv];
        c->xc_max = fabs(y[P->ixc]);
        c->fc_max = -collide_model_phi(P->m, y);
    } else if (end_collision(P, c, t, y, r) != 0) {
        return -1;
    }
    P->q = collide_model_reset(P->m, P->q, y, y);
    for (k = 0; k < NQ; k++)
        y[P->n + k] = 0.0;
    r->events++;
    return 0;
}

/* A root that is not a jump: in contact, a candidate for the maxima. */
static void candidate(const peer_ctx *P, contact *c, const double *y,
                      const int *rf)
{
    if (P->q != 1)
        return;
    if (rf[1] != 0)
        c->xc_max = fmax(c->xc_max, fabs(y[P->ixc]));
    if (rf[2] != 0)
        c->fc_max = fmax(c->fc_max, -collide_model_phi(P->m, y));
}

/* Whether a switching function changed sign at the root (rf). */
static int is_switching(const peer_ctx *P, const int *rf)
{
    int k;
    for (k = 0; P->q == 1 && k < P->nsw; k++)
        if (rf[3 + k] != 0)
            return 1;
    return 0;
}

/* The hybrid loop: flow to the next jump, switching point or breakpoint,
 * restart there. A switching point found within 1e-9 T of a restart is the
 * one just restarted from (the state landed on it may lie a rounding
 * short of it): the flow goes on through it. */
static int hybrid(integrator *I, peer_ctx *P, double T, double rtol,
                  double atol, peer_result *r)
{
    double y[NY], t = 0.0, t0, tstop;
    int rf[3 + 4], k;
    contact c = {0};
    collide_model_initial_state(P->m, y);
    for (k = 0; k < NQ; k++)
        y[P->n + k] = 0.0;
    P->q = 0;
    while (t < T) {
        int how;
        t0 = t;
        tstop = fmin(collide_model_next_breakpoint(P->m, t), T);
        if (restart(I, P, t, y, rtol, atol, tstop, r) != 0)
            return -1;
        do {
            memset(rf, 0, sizeof rf);
            how = advance(I, tstop, &t, y, P->n + NQ, rf, r);
            if (how < 0)
                return -1;
            if (how == 1 && is_jump(P, y, rf)) {
                if (land(I, P, rtol, atol, t, y, r) != 0 ||
                    jump(P, &c, t, y, r) != 0)
                    return -1;
                break;
            }
            if (how == 1)
                candidate(P, &c, y, rf);
            if (how == 1 && is_switching(P, rf) && t - t0 > P->h_rate) {
                if (land(I, P, rtol, atol, t, y, r) != 0)
                    return -1;
                break;
            }
        } while (how == 1);
        if (how == 0)
            t = tstop;
    }
    count(I, r);
    r->nfev += P->rate_flows;
    return 0;
}

/* The switching functions of the law (those of collide's engine, where
 * its flow map is not smooth: src/model/law_*.c): 0, or -1 for a law the
 * bench does not know. */
static int switching_functions(peer_ctx *P, const char *law)
{
    int iz = collide_model_index(P->m, COLLIDE_ROLE_Z);
    if (strcmp(law, "bwmcl") == 0) {          /* Psi_2 = z_2', z_1, z_2 */
        P->nsw = 3;
        P->sw[0] = -1 - (iz + 1);
        P->sw[1] = iz;
        P->sw[2] = iz + 1;
        return 0;
    }
    if (strcmp(law, "bwshccl") == 0) {        /* v, z, x_c */
        P->nsw = 3;
        P->sw[0] = P->iv;
        P->sw[1] = iz;
        P->sw[2] = P->ixc;
        return 0;
    }
    return -1;
}

int peer_run(const collide_model *m, const char *law, double T,
             peer_method p, double rtol, double atol, peer_result *r)
{
    integrator I;
    peer_ctx P;
    int status = -1;
    memset(r, 0, sizeof *r);
    memset(&I, 0, sizeof I);
    P.m = m;
    P.n = collide_model_dimension(m);
    P.ix = collide_model_index(m, COLLIDE_ROLE_X);
    P.iv = collide_model_index(m, COLLIDE_ROLE_V);
    P.ixc = collide_model_index(m, COLLIDE_ROLE_XC);
    P.q = 0;
    P.rate_flows = 0;
    P.h_rate = 1e-9 * T;
    I.method = p;
    if (switching_functions(&P, law) != 0)
        snprintf(r->error, sizeof r->error, "law %s: its switching "
                 "functions are not known to the bench", law);
    else if (SUNContext_Create(NULL, &I.sun) != 0 ||
        !(I.y = N_VNew_Serial(P.n + NQ, I.sun))) {
        snprintf(r->error, sizeof r->error, "%s: cannot create", peer_name(p));
    } else {
        status = hybrid(&I, &P, T, rtol, atol, r);
    }
    integrator_free(&I);
    return status;
}

void peer_result_free(peer_result *r)
{
    free(r->rows);
    r->rows = NULL;
    r->nrows = r->cap = 0;
}
