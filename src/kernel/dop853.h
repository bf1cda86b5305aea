/* dop853.h - the explicit Runge-Kutta pair of Dormand and Prince of order 8
 * with error estimators of orders 5 and 3 and a continuous extension of
 * order 7 (DOP853), as published in E. Hairer, S. P. Norsett, G. Wanner,
 * Solving Ordinary Differential Equations I, 2nd ed., Springer 1993,
 * Section II.10, and the coefficient tables that accompany it.
 *
 * This module only takes single steps and evaluates their continuous
 * extension; the step-size policy is in dop853_control.  The hybrid driver
 * (engine.c) decides where steps end (events, switching points, breakpoints
 * of the input signal, the final time). */
#ifndef COLLIDE_DOP853_H
#define COLLIDE_DOP853_H

#include <limits.h>

#include "common.h"
#include "../../spec/dop853_method.acsl"
#include "../../spec/float_range.acsl"

/* Right-hand side y' = f(t, y) of an ODE of dimension n <= COLLIDE_NY_MAX.
 *
 * What this module requires of every right-hand side f it is given (the
 * proof of dop853.c assumes it; it is the contract of dop853_call_rhs
 * in dop853.c, the one place where f is called): f points to a function of
 * this type; called with y and dy arrays of COLLIDE_NY_MAX doubles that do
 * not overlap (only the first n components of y are meaningful), it reads
 * at most y[0 .. COLLIDE_NY_MAX-1] and writes at most
 * dy[0 .. COLLIDE_NY_MAX-1]. It may also update private state reached
 * through ctx (a call counter, say) provided that state does not overlap
 * the arrays, the step data, the controller or the evaluation counter
 * passed to this module; the integrator never reads through ctx (the
 * assigns clauses below leave such writes of f out). The
 * engine's rhs (engine.c, the flow map of impact.c) writes dy[0 .. ny-1],
 * ny <= COLLIDE_NY_MAX, and no other program state (libm's errno aside). */
typedef void (*ode_rhs)(void *ctx, double t, const double *y, double *dy);

/* The arguments of the latest call of the right-hand side, its time and
 * its state, and the time of each stage i's call (dop853_stage_t[i]):
 * ghost variables of dop853.c, for the contracts only. */
/*@ ghost extern double dop853_rhs_t;
  @   extern double dop853_rhs_y[COLLIDE_NY_MAX], dop853_stage_t[16];
  @*/

/* The stages of one step: enough to evaluate the error estimate and,
 * after dop853_dense_prepare, the continuous extension. */
typedef struct dop853_step_data {
    int n;
    double t0, h;
    double y0[COLLIDE_NY_MAX], y1[COLLIDE_NY_MAX];
    double f0[COLLIDE_NY_MAX], f1[COLLIDE_NY_MAX]; /* f(t0,y0), f(t0+h,y1) */
    /* stage derivatives: k[0] = f0, k[12] = f1, k[13..15] dense stages */
    double k[16][COLLIDE_NY_MAX];
    int dense_ready;                              /* cont[] valid */
    double cont[8][COLLIDE_NY_MAX];               /* dense output coefficients */
} dop853_step_data;

/* Section II.10, dense output: every component c < n of the step data
 * holds in cont[0 .. 7][c] the coefficients of its continuous extension
 * (dop853_dense_coeffs of spec/dop853_method.acsl) over its own h, y0,
 * y1, f0, f1 and stages k. */
/*@ predicate dop853_dense_step{L}(dop853_step_data *s) =
  @   \forall integer c; 0 <= c < s->n ==>
  @     dop853_dense_coeffs(s->cont[0][c], s->cont[1][c], s->cont[2][c],
  @       s->cont[3][c], s->cont[4][c], s->cont[5][c], s->cont[6][c],
  @       s->cont[7][c], s->h, s->y0[c], s->y1[c], s->f0[c], s->f1[c],
  @       s->k[0][c], s->k[5][c], s->k[6][c], s->k[7][c], s->k[8][c],
  @       s->k[9][c], s->k[10][c], s->k[11][c], s->k[12][c], s->k[13][c],
  @       s->k[14][c], s->k[15][c]);
  @*/

/* Section II.10 (Hairer's DOP853), the error norm of a step over its
 * components c < m: the scale sk_c, the estimates err5_c and err3_c
 * (dop853_err5, dop853_err3 over the stages k), the sums
 * S5 = sum_c (err5_c / sk_c)^2 and S3 = sum_c (err3_c / sk_c)^2 added
 * from component 0 up, as error_norm adds them, and the norm
 * dop853_err_norm of S5, S3 over the n components of the step. */
/*@ logic double dop853_sk{L}(dop853_step_data *s, double rtol, double atol,
  @     integer c) =
  @   dop853_scale(atol, rtol, s->y0[c], s->y1[c]);
  @ logic double dop853_e5{L}(dop853_step_data *s, integer c) =
  @   dop853_err5(s->k[0][c], s->k[5][c], s->k[6][c], s->k[7][c],
  @     s->k[8][c], s->k[9][c], s->k[10][c], s->k[11][c]);
  @ logic double dop853_e3{L}(dop853_step_data *s, integer c) =
  @   dop853_err3(s->k[0][c], s->k[5][c], s->k[6][c], s->k[7][c],
  @     s->k[8][c], s->k[9][c], s->k[10][c], s->k[11][c]);
  @ logic double dop853_s5_term{L}(dop853_step_data *s, double rtol,
  @     double atol, integer c) =
  @   dop853_sq_ratio(dop853_e5(s, c), dop853_sk(s, rtol, atol, c));
  @ logic double dop853_s3_term{L}(dop853_step_data *s, double rtol,
  @     double atol, integer c) =
  @   dop853_sq_ratio(dop853_e3(s, c), dop853_sk(s, rtol, atol, c));
  @ logic double dop853_s5_sum{L}(dop853_step_data *s, double rtol,
  @     double atol, integer m) =
  @   m <= 0 ? (double)0.0 :
  @   \add_double(dop853_s5_sum(s, rtol, atol, m - 1),
  @     dop853_s5_term(s, rtol, atol, m - 1));
  @ logic double dop853_s3_sum{L}(dop853_step_data *s, double rtol,
  @     double atol, integer m) =
  @   m <= 0 ? (double)0.0 :
  @   \add_double(dop853_s3_sum(s, rtol, atol, m - 1),
  @     dop853_s3_term(s, rtol, atol, m - 1));
  @ logic double dop853_step_err{L}(dop853_step_data *s, double rtol,
  @     double atol) =
  @   dop853_err_norm(s->h, dop853_s5_sum(s, rtol, atol, s->n),
  @     dop853_s3_sum(s, rtol, atol, s->n), (double)s->n);
  @ // y0 holds numbers (no NaN) in components c < m
  @ predicate dop853_y0_numbers{L}(dop853_step_data *s, integer m) =
  @   \forall integer c; 0 <= c < m ==> !\is_NaN(s->y0[c]);
  @*/

/* Section II.4 (Hairer's starting step, HINIT): the norm of a vector v
 * scaled by sk_c = atol + rtol |y_c|, sqrt of the sum of (v_c / sk_c)^2
 * over the components c < m, added from component 0 up. */
/*@ logic double dop853_start_term{L}(double *v, double *y, double atol,
  @     double rtol, integer c) =
  @   dop853_sq_ratio(v[c], \add_double(atol,
  @     \mul_double(rtol, dop853_abs(y[c]))));
  @ logic double dop853_start_sum{L}(double *v, double *y, double atol,
  @     double rtol, integer m) =
  @   m <= 0 ? (double)0.0 :
  @   \add_double(dop853_start_sum(v, y, atol, rtol, m - 1),
  @     dop853_start_term(v, y, atol, rtol, m - 1));
  @ // y holds numbers (no NaN) in components c < m
  @ predicate dop853_numbers{L}(double *y, integer m) =
  @   \forall integer c; 0 <= c < m ==> !\is_NaN(y[c]);
  @*/

/* The coefficients of the method, exactly as dop853_step and
 * dop853_dense_prepare use them (read-only; exposed so that tests can
 * verify them). Stages are numbered from 0: stage 0 is f0, stages 1..11
 * the inner stages, row 12 of a[][] holds the weights b of the 8th-order
 * solution (c[12] = 1) and stage 12 is f1 = f(t0 + h, y1) (FSAL), stages
 * 13..15 are the extra stages of the continuous extension (c = 0.1, 0.2,
 * 7/9). e5 = b - bhat are the weights of the 5th-order error estimate,
 * bhh the 3rd-order weights, d[0..3] the coefficients d4..d7 of the
 * continuous extension (Hairer's names). */
typedef struct dop853_tableau {
    double c[16];
    double a[16][16];   /* a[i][j], j < i */
    double b[12];
    double e5[12];
    double bhh[12];
    double d[4][16];
} dop853_tableau;

/*@ assigns \result \from \nothing;
  @ ensures valid: \valid_read(\result);
  @*/
const dop853_tableau *dop853_coefficients(void);

/* Takes one step of size h from (t0, y0) with f0 = f(t0, y0) given (FSAL).
 * Fills s->y1 (8th-order solution) and s->f1 = f(t0 + h, y1), adds the
 * number of right-hand-side evaluations to *nfev (12), and returns the
 * scaled error norm of Hairer's DOP853 estimator (combination of the
 * 5th- and 3rd-order estimates) with scale atol + rtol * max(|y0|, |y1|)
 * component-wise. A return value <= 1 means the step meets the tolerance.
 * Returns +inf when the step produced a non-finite value.
 * Preconditions: 1 <= n <= COLLIDE_NY_MAX, h > 0, atol + rtol |y| > 0 for
 * every component (e.g. atol > 0); the contract below states the ones
 * needed for the absence of run-time errors. The dense output of the
 * previous contents of *s is invalidated (dense_ready = 0). */
/*@ requires dim: 1 <= n <= COLLIDE_NY_MAX;
  @ requires y0: \valid_read(y0 + (0 .. n - 1)) &&
  @   \separated(y0 + (0 .. n - 1), s);
  @ requires f0: \valid_read(f0 + (0 .. n - 1)) &&
  @   \separated(f0 + (0 .. n - 1), s);
  @ requires data: \valid(s);
  @ requires count: \valid(nfev) && \separated(nfev, s) &&
  @   *nfev <= LONG_MAX - 12;
  @ assigns *s, *nfev, dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[1 .. 11];
  @ ensures dim: s->n == n;
  @ ensures not_ready: s->dense_ready == 0;
  @ ensures count: *nfev == \old(*nfev) + 12;
  @ ensures start: s->t0 \in {t0} && s->h \in {h};
  @ ensures f1: \forall integer c; 0 <= c < n ==> s->f1[c] \in {s->k[12][c]};
  @ ensures times: \forall integer i; 1 <= i < 12 ==>
  @   dop853_stage_t[i] \in {dop853_stage_time(i, t0, h)};
  @ ensures fsal: dop853_rhs_t \in {\add_double(t0, h)} &&
  @   \forall integer c; 0 <= c < n ==> dop853_rhs_y[c] \in {s->y1[c]};
  @ ensures not_finite: !all_finite(&s->y1[0], n) ||
  @   !all_finite(&s->f1[0], n) ==> \is_plus_infinity(\result);
  @ ensures norm: all_finite(&s->y1[0], n) && all_finite(&s->f1[0], n) &&
  @   !\is_NaN(s->h) && dop853_y0_numbers(s, n) &&
  @   \is_finite(dop853_step_err(s, rtol, atol)) ==>
  @   \result \in {dop853_step_err(s, rtol, atol)};
  @ ensures norm_infinite: all_finite(&s->y1[0], n) &&
  @   all_finite(&s->f1[0], n) && !\is_NaN(s->h) &&
  @   dop853_y0_numbers(s, n) && !\is_finite(dop853_step_err(s, rtol, atol)) ==>
  @   \is_plus_infinity(\result);
  @*/
double dop853_step(ode_rhs f, void *ctx, int n, double t0, const double *y0,
                   const double *f0, double h, double rtol, double atol,
                   dop853_step_data *s, long *nfev);

/* Computes the continuous extension of an accepted step (3 more
 * right-hand-side evaluations, added to *nfev). Idempotent: once
 * dense_ready is set it does nothing. */
/*@ requires data: \valid(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ requires count: \valid(nfev) && \separated(nfev, s) &&
  @   *nfev <= LONG_MAX - 3;
  @ assigns s->k[13 .. 15][0 .. COLLIDE_NY_MAX - 1],
  @   s->cont[0 .. 7][0 .. COLLIDE_NY_MAX - 1], s->dense_ready, *nfev,
  @   dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[13 .. 15];
  @ ensures ready: s->dense_ready != 0;
  @ behavior ready:
  @   assumes s->dense_ready != 0;
  @   assigns \nothing;
  @ behavior prepare:
  @   assumes s->dense_ready == 0;
  @   ensures ready: s->dense_ready == 1;
  @   ensures count: *nfev == \old(*nfev) + 3;
  @   ensures coeffs: dop853_dense_step(s);
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
void dop853_dense_prepare(ode_rhs f, void *ctx, dop853_step_data *s,
                          long *nfev);

/* Continuous extension (order 7) at t in [t0, t0 + h]; needs
 * dop853_dense_prepare. At t0 and t0 + h it returns y0 and y1 exactly;
 * between them Hairer's nested form over the coefficients s->cont
 * (dop853_dense_output, dop853_dense_u at theta = (t - t0)/h).
 * It reads s->h: the step must not be shortened before evaluating it
 * (the coefficients belong to the step taken). y may be s->y1. */
/*@ requires data: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ requires ready: s->dense_ready != 0;
  @ requires out: \valid(y + (0 .. s->n - 1));
  @ requires alias: y == &s->y1[0] || \separated(y + (0 .. s->n - 1), s);
  @ assigns y[0 .. s->n - 1];
  @ ensures output: \forall integer i; 0 <= i < s->n ==>
  @   dop853_dense_output(y[i], t, \old(s->t0), \old(s->h),
  @     \old(s->y0[i]), \old(s->y1[i]),
  @     \old(s->cont[0][i]), \old(s->cont[1][i]), \old(s->cont[2][i]),
  @     \old(s->cont[3][i]), \old(s->cont[4][i]), \old(s->cont[5][i]),
  @     \old(s->cont[6][i]), \old(s->cont[7][i]));
  @*/
void dop853_dense_eval(const dop853_step_data *s, double t, double *y);

/* Time derivative of the continuous extension at t (dop853_dense_du at
 * theta = (t - t0)/h); needs dop853_dense_prepare. */
/*@ requires data: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ requires ready: s->dense_ready != 0;
  @ requires out: \valid(dy + (0 .. s->n - 1));
  @ requires separated: \separated(dy + (0 .. s->n - 1), s);
  @ assigns dy[0 .. s->n - 1];
  @ ensures slope: \forall integer i; 0 <= i < s->n ==>
  @   dop853_dense_slope(dy[i],
  @     dop853_dense_theta(t, \old(s->t0), \old(s->h)), \old(s->h),
  @     \old(s->cont[1][i]), \old(s->cont[2][i]), \old(s->cont[3][i]),
  @     \old(s->cont[4][i]), \old(s->cont[5][i]), \old(s->cont[6][i]),
  @     \old(s->cont[7][i]));
  @*/
void dop853_dense_deriv(const dop853_step_data *s, double t, double *dy);

/* Cubic Hermite interpolant through (t0, y0, f0) and (t0+h, y1, f1):
 * free of further evaluations; used to screen a step before the
 * continuous extension is computed. Returns component i only (exactly
 * y1[i] at t0 + h; y0[i] at t0 when no term overflows). */
/*@ requires data: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ requires index: 0 <= i < s->n;
  @ assigns \nothing;
  @ ensures value: \result \in {dop853_hermite_value(t, s->t0, s->h,
  @   s->y0[i], s->y1[i], s->f0[i], s->f1[i])};
  @*/
double dop853_hermite(const dop853_step_data *s, int i, double t);

/* Step-size policy (Hairer's DOP853 controller). */
typedef struct dop853_control {
    double rtol, atol;  /* component-wise tolerance atol + rtol |y| */
    double h_max;       /* upper bound of the step size (> 0, may be +inf) */
    double safety;      /* 0.9 */
    double fac_min;     /* 0.333: smallest factor of shrinking */
    double fac_max;     /* 6.0: largest factor of growth */
} dop853_control;

/* Default controller for the given tolerances and step bound. */
/*@ assigns \nothing;
  @ ensures safety: \eq_double(\result.safety, (double)0.9);
  @ ensures fac_min: \eq_double(\result.fac_min, (double)0.333);
  @ ensures fac_max: \eq_double(\result.fac_max, (double)6.0);
  @*/
dop853_control dop853_control_default(double rtol, double atol, double h_max);

/* Proposed next step size after a step of size h > 0 with error norm err
 * (the step is accepted when err <= 1): h / fac with
 * fac = err^(1/8) / safety limited to [1/fac_max, 1/fac_min]; with
 * last_rejected set the growth is capped at 1. Never exceeds c->h_max.
 * A NaN err counts as +inf (shrink by fac_min). */
/*@ requires ctl: \valid_read(c);
  @ requires fac_min: \lt_double((double)0.0, c->fac_min) &&
  @   \le_double(c->fac_min, (double)1.0);
  @ requires fac_max: \le_double((double)1.0, c->fac_max) &&
  @   \le_double(c->fac_max, (double)16.0);
  @ requires limits: !\is_NaN(\div_double((double)1.0, c->fac_min)) &&
  @   !\is_NaN(\div_double((double)1.0, c->fac_max)) &&
  @   \le_double(\div_double((double)1.0, c->fac_max),
  @             \div_double((double)1.0, c->fac_min));
  @ requires h_max: \lt_double((double)0.0, c->h_max);
  @ requires h: \is_finite(h) && \lt_double((double)0.0, h);
  @ assigns \nothing;
  @ ensures cap: \le_double(\result, c->h_max);
  @ ensures no_growth: last_rejected != 0 ==> \le_double(\result, h);
  @ ensures positive: \le_double((double)0x1p-1000, h) &&
  @   \le_double((double)0x1p-4, c->fac_min) ==>
  @   \lt_double((double)0.0, \result);
  @*/
double dop853_next_h(const dop853_control *c, double h, double err,
                     int last_rejected);

/* Initial step size by Hairer's heuristic (one extra evaluation, added to
 * *nfev), bounded by c->h_max and by span (> 0: forwards in time). */
/*@ requires dim: 1 <= n <= COLLIDE_NY_MAX;
  @ requires y0: \valid_read(y0 + (0 .. n - 1));
  @ requires f0: \valid_read(f0 + (0 .. n - 1));
  @ requires ctl: \valid_read(c);
  @ requires count: \valid(nfev) && *nfev <= LONG_MAX - 1;
  @ assigns *nfev, dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1];
  @ ensures count: *nfev == \old(*nfev) + 1;
  @*/
double dop853_initial_h(ode_rhs f, void *ctx, int n, double t0,
                        const double *y0, const double *f0, double span,
                        const dop853_control *c, long *nfev);

#endif
