/* mp_series.h - the tape of a high-precision run as Taylor series on a
 * piece, the step size and the roots of a series (mp_series.c, internal
 * to src/mp), over the run's state (mp_run.h); used by mp_record.c and
 * mp_sim.c. */
#ifndef COLLIDE_MP_SERIES_H
#define COLLIDE_MP_SERIES_H

#include "mp_run.h"

#define NSCAN 16       /* samples of a series per step when scanning roots */

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

/* The series of the state in mode q to order K from (t, y) under the
 * flow map of the tape, F = M->flow[q] (mp_model.h, each component
 * generated from spec/flow_map.acsl): y_{k+1} = (F t')_k / (k+1). */
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

#endif
