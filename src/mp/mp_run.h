/* mp_run.h - the state of a high-precision run, shared by the files of
 * the run (internal to src/mp): mp_series.c evaluates the tape as Taylor
 * series on a piece, bounds the step and finds the roots of a series;
 * mp_record.c records what a run writes (samples, observables, events,
 * the jump map); mp_sim.c takes the steps and runs. See mp_sim.h and
 * spec/high_precision.md. */
#ifndef COLLIDE_MP_RUN_H
#define COLLIDE_MP_RUN_H

#include "mp_sim.h"
#include "mp_spec.h"  /* the residual and the observables' formulas */
#include "zeno.h"

#define NSCAN 16       /* samples of a series per step when scanning roots */

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

/* ---- mp_sim.c: failures and magnitudes ------------------------------------- */

/* The first failure of the run: its status and a diagnosis that gives
 * what stopped it, then where the run stands (as in the binary64 engine):
 * time, jump count, mode, the named state and the last events. */
void mp_fail(run *R, collide_status st, const char *msg);

/* log2 |x| (-inf for 0), for the step sizes and scales. */
double mp_log2abs(mpfr_srcptr x);

/* The sign of x: -1, 0 or 1. */
int mp_sgn_of(mpfr_srcptr x);

/* ---- mp_series.c: the tape as series, pieces, the step size, roots --------- */

/* Sets coefficient k of the MP_VAR nodes (from the series Y) and of t. */
void mp_set_inputs(run *R, int k);

/* The valuation nu of the operand of power node x: 0 when the operand is
 * not zero at the start, else nu_zero. */
void mp_set_valuation(const mp_tape *T, mp_node *x, int nu_zero);

/* The least valuation in t, 1, or 2 (in sqrt(t - t*)) for a fractional
 * exponent, that makes nu p an integer: a power of a zero operand
 * evaluated to order 0 or 1 by it is the one-sided value and rate. */
int mp_analytic_nu(const mp_node *x);

/* Copies the piece's signs into the switching nodes. */
void mp_apply_signs(run *R);

/* The series of the state in mode q to order K from (t, y) (Eqs. 74, 81
 * with the quadratures): y_{k+1} = (F t')_k / (k+1). */
int mp_state_series(run *R);

/* Holds each Bouc-Wen state that has reached its saturation (mp_model.h)
 * on the piece: z_i within the tolerance (times its scale, the largest
 * |z_i| so far) of s zeta, with s = sgn z_i the sign of the drive u on
 * the piece, is set to s zeta and kept there (dz_i/dt = 0) until the
 * piece ends, at the latest where u changes sign (u is a switching
 * function: the operand of |u| in Psi). The set is invariant while u
 * keeps the sign s and attracting (Psi = s |u| (A - (beta + gamma)
 * |z|^n) drives |z| to zeta at the rate n (beta + gamma) zeta^(n-1) |u|),
 * so the state moved by at most the tolerance stays within it. Without
 * the hold that rate makes the series stiff: for n = 1 and beta + gamma
 * = 1e10 m^-1 the steps were bounded by about 1e-8 s over the whole
 * contact. */
void mp_hold_saturated(run *R);

/* Order-0 values of the point nodes (storage, forces) at (t, y) in mode
 * q, with the signs of the values (a zero operand counts as +). */
int mp_point_eval(run *R, mpfr_srcptr t, mpfr_t *y);

/* At the start of a piece: the sign of every switching node (of its
 * value; of its first non-zero derivative when it is zero; the one just
 * landed on changes sign), and the clock: sqrt(t - t*) when a power of a
 * zero operand is not analytic in t. */
int mp_begin_piece(run *R);

/* t at local variable s: t0 + s, or t* + (tau_a + s)^2. */
void mp_time_at(run *R, mpfr_t t, mpfr_srcptr s);

/* The local variable at time t (t within the piece). */
void mp_sigma_at(run *R, mpfr_t s, mpfr_srcptr t);

/* dt/ds at s: 1, or 2 (tau_a + s). */
void mp_clock_rate(run *R, mpfr_t r, mpfr_srcptr s);

/* log2 of the step: every component of the state within the tolerance
 * relative to the largest |y_i| so far (or, for a component that has been
 * zero, to the size of its first terms over the step), and Phi, a guard
 * whose root is located on its own series, relative to its largest value
 * so far. */
double mp_step_log2(run *R, double *state_only);

/* Whether the series c (coefficients 0 .. order) keeps the sign of c_0
 * on [0, h], h >= 0: |c_0| > 2 sum_{k>=1} |c_k| h^k, bounded in binary64
 * from the logarithms of the terms (their error is far inside the factor
 * 2). Every value of the series there, exact or computed at the working
 * precision (whose rounding is of the order of 2K ulps of that sum), then
 * has the sign of c_0. */
int mp_keeps_sign(mpfr_t *c, int order, mpfr_srcptr h);

/* The first s in (0, h] where s_fn * c crosses (see crosses()). The
 * series is sampled at NSCAN + 1 points and, where its slope changes
 * sign between two of them, at the extremum in between, so that a
 * return to the same side within one interval (a short flight) is not
 * missed. A touch is no crossing: an extremum beyond zero by no more
 * than the tolerance times the function's scale (2^scale, its largest
 * value so far), after which the function is back on its side at the
 * end of the interval (the top of an undamped contact from rest, where
 * x_c and Phi come back to 0 with v = 0: the exact extremum is zero, the
 * computed one beyond it or not by the rounding of the run), as in the
 * binary64 engine (engine.c guard_touch). scale = -HUGE_VAL: no touch
 * (a switching function under a fractional power, whose zero is a
 * singular point that ends the piece even at a touch). A series that
 * keeps its sign on [0, h] (mp_keeps_sign), positive for a switching
 * node, is not sampled: every sample and extremum would have that sign,
 * and two samples of one sign cross in no orientation. */
void mp_scan(run *R, mpfr_t *c, int s_fn, int guard, double scale,
             mpfr_srcptr h, root *z);

/* ---- mp_record.c: samples, observables, events ----------------------------- */

/* A collision row at precision prec (its values 0), cleared, and copied. */
void mp_collision_init(mp_collision *c, mpfr_prec_t prec);
void mp_collision_clear(mp_collision *c);
void mp_collision_copy(mp_collision *to, const mp_collision *from);

/* The value of node `node` at (t, y): V, F_c or F_e,r (order 0). */
void mp_point_value(run *R, mpfr_t out, int node, mpfr_srcptr t, mpfr_t *y);

/* A row of samples.csv at (t, j, q): boundary 1 when it bounds a flow
 * interval. 0, or -1 out of memory. */
int mp_add_sample(run *R, mpfr_srcptr t, int j, int q, int boundary,
                  mpfr_t *y);

/* Grid samples in (t_prev, t_end] from the series of the step. */
int mp_sample_step(run *R, mpfr_srcptr t_end);

/* The largest of `current` and the node's value (|value| when absolute)
 * over [0, s_end] of the step: at s_end and at the zeros of its slope. */
void mp_step_max(run *R, int node, int absolute, mpfr_srcptr s_end,
                 mpfr_t current);

/* The contact still open at T (R->q = 1) as the run's final_partial:
 * its row (contact_end, contact.h) from the state at (R->t, R->j), with
 * no jump. */
void mp_final_contact(run *R);


/* Signs of x, v and Phi at (t, y) as doubles, for the binary64 logic. */
void mp_guard_signs(run *R, mpfr_srcptr t, mpfr_t *y, double *sx,
                    double *sv, double *sphi);

/* The ledger scale: the largest V and |I_s|, taken at t = 0, at T and on
 * both sides of every jump (the instants both engines compute whatever
 * their steps: impact.c track_scale). */
void mp_track_scale(run *R, mpfr_srcptr t, mpfr_t *y);

/* Jump by transition tr at the current (t, y): the event record, the
 * ledger at the jump (mp_spec_delta_d_step), the observables. */
int mp_take_event(run *R, int tr, const root *z, mpfr_srcptr margin,
                  mpfr_srcptr rate_scale);

#endif
