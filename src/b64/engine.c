/* engine.c - the generic hybrid engine; see engine.h.
 *
 * One flow interval is integrated with DOP853 steps. After each accepted
 * step the guards of the outgoing transitions of the current mode and the
 * switching functions of the mode are screened on the continuous extension
 * (samples inside the step, and the guard's rate, so that a guard that
 * crosses twice within a step is not missed). The earliest stop (an event
 * or a switching point) is located with the bracketing root finder; the
 * step is then taken again so that it ends exactly at that instant, which
 * keeps every step on one smooth piece of the flow map (and gives the
 * state before an event at the order of the method). */
#include "engine.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "enclose.h"
#include "engine_rules.h"
#include "rootfind.h"
#include "select.h"
#include "textbuf.h"

/* SAMPLES_MAX: engine_rules.h (step_samples). */
/* SWITCH_SLACK: engine_rules.h (negligible_straddle). */
/* FLOOR_MARGIN: engine_rules.h (first_step_usable). */
#define PREDICT_POINTS 4       /* samples of the prediction of a switching
                                  point beyond a step */
/* PREDICT_AHEAD, PREDICT_STEPS: engine_rules.h (predict_reach). */

/* enum stop_kind, and what the screening returns when it cannot go on
 * (enum screen_failure: SCREEN_FLOOR, SCREEN_WIDE, SCREEN_NONFINITE; -1 a
 * root that could not be located): engine_rules.h, which decides what an
 * accepted step comes to from them (step_outcome). */

/* Evaluations of root_refine to locate an event or switching point when
 * the options do not set root_max_iter. From a bracket of one step,
 * bisection alone reaches adjacent doubles in at most about 64 + 1074
 * halvings; the Illinois steps take far fewer in practice. */
#define ROOT_MAX_ITER 400

typedef struct stop {
    int kind;
    int index;             /* transition or switching function */
    double t, lo, hi;      /* located instant and final bracket */
    double margin;         /* event: sigma dg/dt at lo, before the crossing */
    double margin_res;     /* event: the resolution of the margin */
    int new_sign;          /* switching point: sign on the far side */
} stop;

/* The undecided near-touches (engine_stats) that the screening of one
 * step found, in the order found; those up to the end of the piece of the
 * step that is taken count (advance). At most one per guard and sample
 * interval. */
typedef struct step_touches {
    int n;
    double t[ENGINE_TRANS_MAX * SAMPLES_MAX];
} step_touches;

typedef struct run {
    const hybrid_system *H;
    const engine_options *o;
    const engine_observer *obs;
    engine_result *r;
    dop853_control ctl;
    double T;
    double t, h;
    double y[COLLIDE_NY_MAX], f[COLLIDE_NY_MAX];
    int q, j;
    int fresh;             /* t is the first instant of a flow interval */
    stop pending;          /* a stop the next step must end at */
    int retries;           /* re-steps towards the pending stop */
    int passed_switching;       /* switching function just stepped to, or -1 */
    double h_free;         /* proposal after the last step not cut short */
    double h_start[ENGINE_TRANS_MAX]; /* first accepted step of the last
                                         interval of flow of each mode
                                         (indexed by mode), or 0 */
    int passed_sign;       /* its sign beyond that point */
    double switching_goal;      /* predicted switching point the next step is
                              to end at, or +inf */
    step_samples S;        /* samples of the last step screened */
    step_touches touches;  /* undecided near-touches of the last step
                              screened */
    double rate0[ENGINE_TRANS_MAX]; /* |d g/dt| of each transition's guard
                                       at the start of this flow interval */
    zeno_ring zeno;                     /* the last events' times */
    double last_t[ENGINE_LAST_EVENTS];  /* the last events taken (a ring) */
    int last_tr[ENGINE_LAST_EVENTS];
    long nlast;
} run;

/* The memory of the run a function of the engine may rely on: the system
 * (its ny components, at most COLLIDE_NY_MAX, and its ntrans transitions,
 * at most ENGINE_TRANS_MAX), the options and the result, apart from the
 * run and from each other. */
/*@ predicate system_ok(hybrid_system *H) =
  @   \valid_read(H) && 1 <= H->ny <= COLLIDE_NY_MAX &&
  @   0 <= H->ntrans <= ENGINE_TRANS_MAX &&
  @   \valid_read(H->trans + (0 .. H->ntrans - 1));
  @ predicate run_ok(run *R) =
  @   \valid(R) && system_ok(R->H) && \valid_read(R->o) && \valid(R->r) &&
  @   \separated(R, R->r, R->H, R->o) &&
  @   \separated(R->H->trans + (0 .. R->H->ntrans - 1), R, R->r);
  @
  @ // The observer of the run: none, or one the engine may read.
  @ predicate observer_ok(run *R) = R->obs == \null || \valid_read(R->obs);
  @
  @ // Room in the counters a jump moves: j (the hybrid time domain), the
  @ // events, the right-hand-side evaluations (two: the flow at the state
  @ // after the jump and the initial-step heuristic), the ring of the last
  @ // events and the Zeno ring.
  @ predicate jump_room(run *R) =
  @   R->j < INT_MAX && R->r->stats.nevents < LONG_MAX &&
  @   R->r->stats.nfev <= LONG_MAX - 2 && 0 <= R->nlast < LONG_MAX &&
  @   zeno_ring_valid(&R->zeno) && R->zeno.count < LONG_MAX;
  @*/

/* ---- the calls into the instance --------------------------------------
 * One wrapper per callback of hybrid_system and engine_observer, the only
 * place each is called. Their contracts are what the engine assumes of
 * every instance (impact.c installs the only ones); their bodies, a call
 * through a pointer, are not proved. Each callback assigns its output
 * array at most and hybrid_instance, the ghost name of the memory behind
 * ctx (impact.c's memo of Phi and its rate, its result tables), which the
 * engine never reads; the flow map assigns its output alone (as DOP853
 * assumes of its right-hand side). The engine passes arrays of
 * COLLIDE_NY_MAX doubles for states, ENGINE_NSWITCH_MAX for switching
 * functions. */
//@ ghost int hybrid_instance;

/* The record of the last call of the instance's jump map g (Eqs. 75, 82
 * for impact.c), a ghost log that call_reset writes: the transition, the
 * instant, the state it was given and the state it returned. What the
 * engine does with g's result is stated against this log. */
//@ ghost int reset_tr;
//@ ghost double reset_t;
//@ ghost double reset_from[COLLIDE_NY_MAX];
//@ ghost double reset_to[COLLIDE_NY_MAX];

/* The record of the last flow piece given to the observer's on_flow, a
 * ghost log that call_on_flow writes: what the observer (impact.c's
 * ledger and observables) was told of the piece. */
//@ ghost flow_piece piece_seen;

/*@ requires sys: \valid_read(H);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ requires dy: \valid(dy + (0 .. COLLIDE_NY_MAX - 1));
  @ requires separated:
  @   \separated(y + (0 .. COLLIDE_NY_MAX - 1), dy + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns dy[0 .. COLLIDE_NY_MAX - 1];
  @*/
static void call_flow(const hybrid_system *H, int q, double t, const double *y,
                      double *dy)
{
    H->flow(H->ctx, q, t, y, dy);
}

/*@ requires sys: \valid_read(H);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns hybrid_instance;
  @*/
static double call_guard(const hybrid_system *H, int tr, double t,
                         const double *y)
{
    return H->guard(H->ctx, tr, t, y);
}

/*@ requires sys: \valid_read(H);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ requires dy: \valid_read(dy + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns hybrid_instance;
  @*/
static double call_guard_rate(const hybrid_system *H, int tr, double t,
                              const double *y, const double *dy)
{
    return H->guard_rate(H->ctx, tr, t, y, dy);
}

/*@ requires sys: \valid_read(H) && H->guard_component != \null;
  @ assigns hybrid_instance;
  @*/
static int call_guard_component(const hybrid_system *H, int tr)
{
    return H->guard_component(H->ctx, tr);
}

/*@ requires sys: \valid_read(H);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns hybrid_instance;
  @*/
static int call_enabled(const hybrid_system *H, int tr, double t,
                        const double *y)
{
    return H->enabled(H->ctx, tr, t, y);
}

/*@ requires sys: \valid_read(H);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ requires ynew: \valid(ynew + (0 .. COLLIDE_NY_MAX - 1));
  @ requires separated:
  @   \separated(y + (0 .. COLLIDE_NY_MAX - 1), ynew + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns ynew[0 .. COLLIDE_NY_MAX - 1], hybrid_instance, reset_tr,
  @   reset_t, reset_from[0 .. COLLIDE_NY_MAX - 1],
  @   reset_to[0 .. COLLIDE_NY_MAX - 1];
  @ ensures log: reset_tr == tr && reset_t == t;
  @ ensures log_state: \forall integer i; 0 <= i < COLLIDE_NY_MAX ==>
  @   reset_from[i] == \old(y[i]) && reset_to[i] == ynew[i];
  @*/
static void call_reset(const hybrid_system *H, int tr, double t,
                       const double *y, double *ynew)
{
    H->reset(H->ctx, tr, t, y, ynew);
}

/*@ requires sys: \valid_read(H);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns hybrid_instance;
  @*/
static int call_in_flow_set(const hybrid_system *H, int q, double t,
                            const double *y)
{
    return H->in_flow_set(H->ctx, q, t, y);
}

/*@ requires sys: \valid_read(H);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns hybrid_instance;
  @*/
static int call_in_jump_set(const hybrid_system *H, int q, double t,
                            const double *y)
{
    return H->in_jump_set(H->ctx, q, t, y);
}

/*@ requires sys: \valid_read(H) && H->in_c_and_d_at_event != \null;
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns hybrid_instance;
  @*/
static int call_in_c_and_d_at_event(const hybrid_system *H, int q, int tr,
                                    double t, const double *y)
{
    return H->in_c_and_d_at_event(H->ctx, q, tr, t, y);
}

/* The number of switching functions of mode q: at most ENGINE_NSWITCH_MAX
 * (the laws' nswitch, law.h). */
/*@ requires sys: \valid_read(H) && H->nswitch != \null;
  @ assigns hybrid_instance;
  @ ensures count: \result <= ENGINE_NSWITCH_MAX;
  @*/
static int call_nswitch(const hybrid_system *H, int q)
{
    return H->nswitch(H->ctx, q);
}

/*@ requires sys: \valid_read(H);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ requires out: \valid(out + (0 .. ENGINE_NSWITCH_MAX - 1));
  @ requires separated: \separated(y + (0 .. COLLIDE_NY_MAX - 1),
  @   out + (0 .. ENGINE_NSWITCH_MAX - 1));
  @ assigns out[0 .. ENGINE_NSWITCH_MAX - 1], hybrid_instance;
  @*/
static void call_switching(const hybrid_system *H, int q, double t,
                           const double *y, double *out)
{
    H->switching(H->ctx, q, t, y, out);
}

/*@ requires sys: \valid_read(H) && H->switching_noise != \null;
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ requires err: \valid_read(err + (0 .. COLLIDE_NY_MAX - 1));
  @ requires out: \valid(out + (0 .. ENGINE_NSWITCH_MAX - 1));
  @ requires separated: \separated(y + (0 .. COLLIDE_NY_MAX - 1),
  @   err + (0 .. COLLIDE_NY_MAX - 1), out + (0 .. ENGINE_NSWITCH_MAX - 1));
  @ assigns out[0 .. ENGINE_NSWITCH_MAX - 1], hybrid_instance;
  @*/
static void call_switching_noise(const hybrid_system *H, int q, double t,
                                 const double *y, const double *err,
                                 double *out)
{
    H->switching_noise(H->ctx, q, t, y, err, out);
}

/*@ requires sys: \valid_read(H) && H->next_breakpoint != \null;
  @ assigns hybrid_instance;
  @*/
static double call_next_breakpoint(const hybrid_system *H, double t)
{
    return H->next_breakpoint(H->ctx, t);
}

/*@ requires sys: \valid_read(H) && H->mode_name != \null;
  @ assigns hybrid_instance;
  @*/
static const char *call_mode_name(const hybrid_system *H, int q)
{
    return H->mode_name(H->ctx, q);
}

/*@ requires sys: \valid_read(H) && H->component_name != \null;
  @ assigns hybrid_instance;
  @*/
static const char *call_component_name(const hybrid_system *H, int i)
{
    return H->component_name(H->ctx, i);
}

/*@ requires sys: \valid_read(H) && H->outside_domain != \null;
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ requires what: len >= 1 && \valid(what + (0 .. len - 1));
  @ requires separated: \separated(y + (0 .. COLLIDE_NY_MAX - 1),
  @   what + (0 .. len - 1));
  @ assigns what[0 .. len - 1], hybrid_instance;
  @*/
static int call_outside_domain(const hybrid_system *H, double t,
                               const double *y, char *what, size_t len)
{
    return H->outside_domain(H->ctx, t, y, what, len);
}

/*@ requires sys: \valid_read(H) && H->cancelled != \null;
  @ assigns hybrid_instance;
  @*/
static int call_cancelled(const hybrid_system *H)
{
    return H->cancelled(H->ctx);
}

/*@ requires obs: \valid_read(obs) && obs->on_flow != \null;
  @ requires piece: \valid_read(p);
  @ assigns hybrid_instance, piece_seen;
  @ ensures log: piece_seen == *p;
  @*/
static int call_on_flow(const engine_observer *obs, const flow_piece *p)
{
    return obs->on_flow(obs->ctx, p);
}

/*@ requires obs: \valid_read(obs) && obs->on_event != \null;
  @ requires event: \valid_read(e);
  @ assigns hybrid_instance;
  @*/
static int call_on_event(const engine_observer *obs, const event_rec *e)
{
    return obs->on_event(obs->ctx, e);
}

/* What root_eval evaluates on the continuous extension of a step: a
 * guard, its rate (negated), a switching function, or the rate of
 * component comp of the state (the turning point of a component that
 * guard index depends on). */
enum probe_kind { PROBE_GUARD, PROBE_GUARD_RATE_DOWN, PROBE_SWITCH,
                  PROBE_COMPONENT_RATE };

typedef struct probe {
    const run *R;
    const dop853_step_data *s;
    int kind, index;
    double orient;         /* +1 or -1 */
    int comp;              /* PROBE_COMPONENT_RATE: the component */
} probe;

double root_eval(const void *ctx, double t)
{
    const probe *p = ctx;
    const hybrid_system *H = p->R->H;
    double y[COLLIDE_NY_MAX], dy[COLLIDE_NY_MAX], k[ENGINE_NSWITCH_MAX];
    dop853_dense_eval(p->s, t, y);
    switch (p->kind) {
    case PROBE_GUARD:
        return p->orient * call_guard(H, p->index, t, y);
    case PROBE_GUARD_RATE_DOWN:
        dop853_dense_deriv(p->s, t, dy);
        return -p->orient * call_guard_rate(H, p->index, t, y, dy);
    case PROBE_COMPONENT_RATE:
        dop853_dense_deriv(p->s, t, dy);
        return p->orient * dy[p->comp];
    default:
        call_switching(H, p->R->q, t, y, k);
        return p->orient * k[p->index];
    }
}

/* ---- small helpers ---------------------------------------------------- */

/* step_floor, stop_min: engine_rules.h. */

/* The error of each component of the state y that the tolerances allow:
 * sqrt(ny) (atol + rtol |y_i|), the largest error of one component that
 * an accepted step's error norm allows. */
/*@ requires run: run_ok(R);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ requires err: \valid(err + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns err[0 .. COLLIDE_NY_MAX - 1];
  @*/
static void state_error(const run *R, const double *y, double *err)
{
    state_errors(sqrt((double)R->H->ny), R->o->atol, R->o->rtol, y,
                 R->H->ny, err);
}

/* The bounds of the errors of the switching functions of the current
 * mode at (t, y) in noise: the instance's band for a state whose
 * component i is known to within sqrt(ny) (atol + rtol |y_i|), the
 * largest error of one component that an accepted step's error norm
 * allows (0 when the instance gives no band: exact). */
/*@ requires run: run_ok(R);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ requires noise: \valid(noise + (0 .. ENGINE_NSWITCH_MAX - 1));
  @ assigns noise[0 .. ENGINE_NSWITCH_MAX - 1], hybrid_instance;
  @*/
static void switching_noise_at(const run *R, double t, const double *y,
                               double *noise)
{
    const hybrid_system *H = R->H;
    double err[COLLIDE_NY_MAX], raw[ENGINE_NSWITCH_MAX];
    int i, nk = H->nswitch ? call_nswitch(H, R->q) : 0;
    if (!H->switching_noise) {
        for (i = 0; i < nk; i++)
            noise[i] = 0.0;
        return;
    }
    state_error(R, y, err);
    call_switching_noise(H, R->q, t, y, err, raw);
    band_magnitudes(raw, nk, noise);
}

/* The switching functions of the current mode at (t, y) in k, and the
 * bounds of their errors in noise (switching_noise_at). */
/*@ requires run: run_ok(R);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ requires out: \valid(k + (0 .. ENGINE_NSWITCH_MAX - 1)) &&
  @   \valid(noise + (0 .. ENGINE_NSWITCH_MAX - 1));
  @ assigns k[0 .. ENGINE_NSWITCH_MAX - 1], noise[0 .. ENGINE_NSWITCH_MAX - 1],
  @   hybrid_instance;
  @*/
static void switching_values(const run *R, double t, const double *y, double *k,
                        double *noise)
{
    call_switching(R->H, R->q, t, y, k);
    switching_noise_at(R, t, y, noise);
}

/*@ requires run: \valid_read((run *)ctx) && \valid_read(((run *)ctx)->H);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ requires dy: \valid(dy + (0 .. COLLIDE_NY_MAX - 1));
  @ requires separated:
  @   \separated(y + (0 .. COLLIDE_NY_MAX - 1), dy + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns dy[0 .. COLLIDE_NY_MAX - 1];
  @*/
static void rhs(void *ctx, double t, const double *y, double *dy)
{
    const run *R = ctx;
    call_flow(R->H, R->q, t, y, dy);
}

/* Where the run stands, for a diagnosis: the time, jump count, mode,
 * state (named when the instance names its components) and the last
 * events, oldest first; appended to the used bytes of buf. */
/*@ requires run: run_ok(R);
  @ requires buf: \valid(buf + (0 .. len - 1));
  @ assigns buf[0 .. len - 1], hybrid_instance;
  @*/
static void describe_state(const run *R, char *buf, size_t len, size_t used)
{
    const hybrid_system *H = R->H;
    long k0 = R->nlast > ENGINE_LAST_EVENTS ? R->nlast - ENGINE_LAST_EVENTS : 0;
    long k;
    int i;
    used = text_append(buf, len, used, "t = %.17g s, j = %d, mode %d", R->t, R->j,
                  R->q);
    if (H->mode_name)
        used = text_append(buf, len, used, " (%s)", call_mode_name(H, R->q));
    used = text_append(buf, len, used, ", state (");
    for (i = 0; i < H->ny; i++) {
        if (H->component_name)
            used = text_append(buf, len, used, "%s%s = %.17g", i ? ", " : "",
                          call_component_name(H, i), R->y[i]);
        else
            used = text_append(buf, len, used, "%s%.17g", i ? ", " : "", R->y[i]);
    }
    used = text_append(buf, len, used, "); last events: %s", R->nlast ? "" : "none");
    for (k = k0; k < R->nlast; k++)
        used = text_append(buf, len, used, "%s'%s' at t = %.17g s", k > k0 ? ", " : "",
                      H->trans[R->last_tr[k % ENGINE_LAST_EVENTS]].name,
                      R->last_t[k % ENGINE_LAST_EVENTS]);
}

/*@ requires run: run_ok(R);
  @ requires what: \valid_read(what);
  @ assigns R->r->diagnosis[0 .. 2047], R->r->status, hybrid_instance;
  @ ensures status: R->r->status == st;
  @ ensures result: \result == st;
  @*/
static collide_status fail(run *R, collide_status st, const char *what)
{
    char *d = R->r->diagnosis;
    describe_state(R, d, sizeof R->r->diagnosis,
                   text_append(d, sizeof R->r->diagnosis, 0, "%s; ", what));
    R->r->status = st;
    return st;
}

/* The n + 1 samples of step s in S: their instants (sample_time), the
 * end points (sample_end, both of engine_rules.h, which holds step_samples
 * and SAMPLES_MAX) and the continuous extension in between. */
/*@ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX &&
  @   s->dense_ready != 0;
  @ requires count: 1 <= n <= SAMPLES_MAX;
  @ requires samples: \valid(S) && \separated(S, s);
  @ assigns S->n, S->t[0 .. n], S->y[0 .. n][0 .. COLLIDE_NY_MAX - 1],
  @   S->dy[0 .. n][0 .. COLLIDE_NY_MAX - 1];
  @*/
static void sample_step(const dop853_step_data *restrict s, int n,
                        step_samples *restrict S)
{
    int k;
    S->n = n;
    for (k = 0; k <= n; k++) {
        S->t[k] = sample_time(s->t0, s->h, k, n);
        if (k == 0 || k == n) {
            sample_end(s, k, n, S->y[k], S->dy[k]);
        } else {
            dop853_dense_eval(s, S->t[k], S->y[k]);
            dop853_dense_deriv(s, S->t[k], S->dy[k]);
        }
    }
}

/* Locates the root in [lo, hi] of a probe whose value goes from < 0 to
 * >= 0, to a bracket of width t_tol or to adjacent doubles; returns 0 on
 * success, -1 when the probe is not finite, SCREEN_WIDE when the
 * evaluations ran out first (then R->r->diagnosis holds what to report:
 * the event or switching function and the bracket). */
/*@ requires run: run_ok(R);
  @ requires probe: \valid_read(p);
  @ requires out: \valid(b) && \separated(b, R->r);
  @ assigns *b, R->r->diagnosis[0 .. 2047], hybrid_instance,
  @   root_refine_evals, root_refine_prev, root_refine_wlo,
  @   root_refine_whi, root_refine_s, root_refine_side;
  @ ensures result: \result == 0 || \result == -1 || \result == SCREEN_WIDE;
  @*/
static int locate(const run *R, const probe *p, double lo, double slo,
                  double hi, double shi, bracket *b)
{
    int max_iter = R->o->root_max_iter > 0 ? R->o->root_max_iter
                                           : ROOT_MAX_ITER;
    int n;
    b->lo = lo;
    b->slo = slo;
    b->hi = hi;
    b->shi = shi;
    n = root_refine(p, b, R->o->t_tol, max_iter);
    if (n == ROOT_WIDE) {
        char *d = R->r->diagnosis;
        size_t used;
        if (p->kind == PROBE_SWITCH)
            used = text_append(d, sizeof R->r->diagnosis, 0,
                               "switching function %d", p->index);
        else
            used = text_append(d, sizeof R->r->diagnosis, 0,
                               "the event '%s'%s", R->H->trans[p->index].name,
                               p->kind == PROBE_GUARD ? ""
                               : p->kind == PROBE_GUARD_RATE_DOWN
                               ? " (a least value of its guard)"
                               : " (a turning point of a component its "
                                 "guard depends on)");
        text_append(d, sizeof R->r->diagnosis, used,
                    " not located in %d evaluations: bracket [%.17g, %.17g] s, "
                    "width %.3g s, wider than t_tol = %.3g s and not adjacent "
                    "doubles", max_iter, b->lo, b->hi, b->hi - b->lo,
                    R->o->t_tol);
        return SCREEN_WIDE;
    }
    return n < 0 ? -1 : 0;
}

/* ---- screening of guards --------------------------------------------- */

/* Whether guard tr at (t, y) depends on component i: its value changes
 * when y_i moves by sk_i = atol + rtol |y_i| either way. */
/*@ requires run: run_ok(R);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns hybrid_instance;
  @*/
static int guard_depends_on(const run *R, int tr, double t, const double *y,
                            int i)
{
    const hybrid_system *H = R->H;
    double yp[COLLIDE_NY_MAX], sk = R->o->atol + R->o->rtol * fabs(y[i]);
    double g0 = call_guard(H, tr, t, y), up, down;
    memcpy(yp, y, sizeof(double) * (size_t)H->ny);
    yp[i] = y[i] + sk;
    up = call_guard(H, tr, t, yp);
    yp[i] = y[i] - sk;
    down = call_guard(H, tr, t, yp);
    return up != g0 || down != g0;
}

/* The resolution of a margin measured at (lo, y, dy): how much sigma dg/dt
 * changes over the time dt = min_i sk_i / |dy_i| in which a component the
 * guard depends on moves by the error the step control allows it (sk_i =
 * atol + rtol |y_i|), looking back along the flow from lo (the state
 * y - dt dy, first order: dt is a few roundings of the event time, and the
 * step may have begun closer to lo than that). A margin within it cannot
 * be told from 0: at the Hertzian separation (dPhi/dt = k p |x_c|^(p-1) v,
 * 0 at x_c = 0) the located state has |x_c| ~ 1e-18 m and a margin of
 * ~1 N/s, ~100 N/s at |x_c| = atol; the rate k v of the clamped law, which
 * jumps at the crossing, does not change on the side it arrives from.
 * Components the guard does not depend on (the quadratures) do not set dt.
 * One evaluation of the flow map. */
/*@ requires run: run_ok(R);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1)) &&
  @   \valid_read(dy + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns R->r->stats.nfev, hybrid_instance;
  @*/
static double margin_resolution(const run *R, int tr, double lo,
                                const double *y, const double *dy,
                                double margin)
{
    const hybrid_system *H = R->H;
    double yb[COLLIDE_NY_MAX], dyb[COLLIDE_NY_MAX], dt = INFINITY, rate;
    int i;
    for (i = 0; i < H->ny; i++)
        if (dy[i] != 0.0 && guard_depends_on(R, tr, lo, y, i))
            dt = resolution_time(dt, R->o->atol, R->o->rtol, y[i], dy[i]);
    if (!isfinite(dt))
        return 0.0;
    state_before(y, dy, dt, H->ny, yb);
    call_flow(H, R->q, lo - dt, yb, dyb);
    ((run *)R)->r->stats.nfev++;
    rate = call_guard_rate(H, tr, lo - dt, yb, dyb);
    if (!isfinite(rate))
        return 0.0;
    return margin_change(transversality_margin(H->trans[tr].sigma, rate),
                         margin);
}

/* sigma dg/dt at t- (event semantics, doc/design.md): at the lower end of the final bracket,
 * where the guard has not crossed yet, with the exact flow map of the mode
 * (one evaluation), and its resolution in *res (margin_resolution). A
 * guard whose rate jumps at the crossing (a clamped law) is so measured
 * from the side it arrives from. */
/*@ requires run: run_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX &&
  @   s->dense_ready != 0;
  @ requires res: \valid(res);
  @ assigns *res, R->r->stats.nfev, hybrid_instance;
  @*/
static double margin_before(const run *R, const dop853_step_data *s, int tr,
                            double lo, double *res)
{
    const hybrid_system *H = R->H;
    double y[COLLIDE_NY_MAX], dy[COLLIDE_NY_MAX], rate;
    if (lo <= s->t0) {
        memcpy(y, s->y0, sizeof(double) * (size_t)s->n);
        memcpy(dy, s->f0, sizeof(double) * (size_t)s->n);
    } else {
        dop853_dense_eval(s, lo, y);
        call_flow(H, R->q, lo, y, dy);
        ((run *)R)->r->stats.nfev++;
    }
    rate = call_guard_rate(H, tr, lo, y, dy);
    rate = guard_margin(H->trans[tr].sigma, rate);
    *res = margin_resolution(R, tr, lo, y, dy, rate);
    return rate;
}

/* The error band of guard tr at (t, y): the largest change of the guard
 * when one component of y moves by its error (state_error) either way,
 * summed over the components. *window gets the longest time that a
 * component the guard depends on stays beyond a value it touches within
 * its error err_i: 2 sqrt(2 err_i / a_i), with a_i its acceleration
 * between samples k and k + 1 of S (the guard may hide the component's
 * excursion: Phi of SHCCL is 0 wherever x_c > 0). */
/*@ requires run: run_ok(R);
  @ requires samples: \valid_read(S) && 0 <= k < S->n <= SAMPLES_MAX;
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ requires window: \valid(window);
  @ assigns *window, hybrid_instance;
  @*/
static double guard_band(const run *R, const step_samples *S, int k, int tr,
                         double t, const double *y, double *window)
{
    const hybrid_system *H = R->H;
    double err[COLLIDE_NY_MAX], yp[COLLIDE_NY_MAX], g0, band = 0.0;
    int i;
    *window = 0.0;
    state_error(R, y, err);
    memcpy(yp, y, sizeof(double) * (size_t)H->ny);
    g0 = call_guard(H, tr, t, y);
    for (i = 0; i < H->ny; i++) {
        double up, down, change;
        yp[i] = y[i] + err[i];
        up = call_guard(H, tr, t, yp);
        yp[i] = y[i] - err[i];
        down = call_guard(H, tr, t, yp);
        yp[i] = y[i];
        change = guard_change(up, down, g0);
        band += change;
        if (change > 0.0) {
            double a = touch_rate_change(S->dy[k][i], S->dy[k + 1][i],
                                         S->t[k], S->t[k + 1]);
            if (a > 0.0)
                *window = fmax(*window, 2.0 * sqrt(2.0 * err[i] / a));
        }
    }
    return band;
}

/* Whether the crossing of guard tr (orientation sg) located at br between
 * samples k and k + 1 of step s, with margin m, is a touch within the
 * error of the run rather than a crossing (rule R2: a guard that touches
 * zero and goes back does not cross). A guard g whose rate changes at
 * g2 = |d(sigma dg/dt)/dt| (from the samples) and which reaches zero with
 * margin m goes beyond zero by at most m^2 / (2 g2); it is a touch when
 * that excursion lies within the guard's error band (m^2 <= 2 g2 band)
 * and the guard is back on the near side, sigma g < 0, on the continuous
 * extension after the longer of 4 sqrt(2 band / g2) (four times the
 * longest such excursion) and the window of guard_band (the longest
 * excursion of a component it depends on within that component's error):
 * at the top of an undamped contact from rest (Phi = k min(x_c, 0), or
 * -k (-x_c)^(3/2), with x_c back at 0 and v = 0 within rounding).
 * A guard that stays at or beyond zero (a separation at x_c = 0 with
 * v > 0) crosses, however small its margin. */
/*@ requires run: run_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX &&
  @   s->dense_ready != 0;
  @ requires samples: \valid_read(S) && 0 <= k < S->n <= SAMPLES_MAX;
  @ assigns hybrid_instance;
  @*/
static int guard_touch(const run *R, const dop853_step_data *s,
                       const step_samples *S, int tr, double sg, int k,
                       const double *rate, const bracket *br, double m)
{
    const hybrid_system *H = R->H;
    double y[COLLIDE_NY_MAX], band, g2, back, window;
    g2 = touch_rate_change(rate[k], rate[k + 1], S->t[k], S->t[k + 1]);
    if (!(g2 > 0.0) || !(m >= 0.0))
        return 0;
    dop853_dense_eval(s, br->hi, y);
    band = guard_band(R, S, k, tr, br->hi, y, &window);
    if (!touch_within(m, g2, band))
        return 0;
    back = fmax(4.0 * sqrt(2.0 * band / g2), window);
    if (!(back > 0.0 && back <= s->h))
        return 0;
    dop853_dense_eval(s, br->hi + back, y);
    return sg * call_guard(H, tr, br->hi + back, y) < 0.0;
}

/* Whether guard tr, whose value sg g has its greatest value vm < 0 at t
 * between samples k and k + 1 of step s (it comes towards zero in the
 * declared orientation and goes back without crossing), comes within its
 * error band (guard_band) of zero there while the transition is enabled:
 * a crossing of the exact flow cannot be told from this miss. */
/*@ requires run: run_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX &&
  @   s->dense_ready != 0;
  @ requires samples: \valid_read(S) && 0 <= k < S->n <= SAMPLES_MAX;
  @ assigns hybrid_instance;
  @*/
static int near_miss(const run *R, const dop853_step_data *s,
                     const step_samples *S, int tr, int k, double t,
                     double vm)
{
    const hybrid_system *H = R->H;
    double y[COLLIDE_NY_MAX], window;
    dop853_dense_eval(s, t, y);
    if (!call_enabled(H, tr, t, y))
        return 0;
    return -vm <= guard_band(R, S, k, tr, t, y, &window);
}

/* Whether guard tr, whose oriented value sg g and its rate are 0 at the
 * start of the interval of flow (sample k = 0; Phi of the SHCCL at
 * x_c = 0, where its rate vanishes too) and which is on or beyond zero at
 * sample 1, dips to the near side between them: at the turning point of a
 * component it depends on whose rate changes sign there (x_c of a contact
 * shorter than the sample spacing, which begins at x_c = 0 going in and is
 * out again at sample 1). 1 with the instant in *tm and the value sg g < 0
 * there in *vm; 0 if none; an error of locate. */
/*@ requires run: run_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX &&
  @   s->dense_ready != 0;
  @ requires samples: \valid_read(S) && 0 <= k < S->n <= SAMPLES_MAX;
  @ requires out: \valid(tm) && \valid(vm);
  @ assigns *tm, *vm, R->r->diagnosis[0 .. 2047], hybrid_instance,
  @   root_refine_evals, root_refine_prev, root_refine_wlo,
  @   root_refine_whi, root_refine_s, root_refine_side;
  @*/
static int hidden_dip(const run *R, const dop853_step_data *s,
                      const step_samples *S, int tr, double sg, int k,
                      double *tm, double *vm)
{
    const hybrid_system *H = R->H;
    double y[COLLIDE_NY_MAX];
    int i, rc;
    for (i = 0; i < H->ny; i++) {
        double da = S->dy[k][i], db = S->dy[k + 1][i];
        probe pc = {R, s, PROBE_COMPONENT_RATE, tr, da < 0.0 ? 1.0 : -1.0, i};
        bracket br;
        if (!(da * db < 0.0) ||
            !guard_depends_on(R, tr, S->t[k], S->y[k], i))
            continue;
        if ((rc = locate(R, &pc, S->t[k], pc.orient * da, S->t[k + 1],
                         pc.orient * db, &br)) != 0)
            return rc;
        dop853_dense_eval(s, br.hi, y);
        *vm = sg * call_guard(H, tr, br.hi, y);
        if (*vm < 0.0) {
            *tm = br.hi;
            return 1;
        }
    }
    return 0;
}

/* Notes an undecided near-touch at t in T (room for one per guard and
 * sample interval; note_time of engine_rules.h). */
/*@ requires touches: \valid(T) && 0 <= T->n <= ENGINE_TRANS_MAX * SAMPLES_MAX;
  @ assigns T->n, T->t[\old(T->n)];
  @ ensures noted: time_noted(\old(T->n), T->n, T->t[\old(T->n)], t,
  @   ENGINE_TRANS_MAX * SAMPLES_MAX);
  @*/
static void note_touch(step_touches *T, double t)
{
    note_time(T->t, &T->n, (int)(sizeof T->t / sizeof T->t[0]), t);
}

/* samples_finite: engine_rules.h. */

/* Halvings of a sample interval with which the enclosure of a component
 * guard separates the zeros of the guard: pieces of h / (n 2^ENCLOSE_DEPTH)
 * for n sample intervals of a step of size h. */
#define ENCLOSE_DEPTH 12
/* Pieces of the finest size a sample interval examines at most: a degree
 * 7 polynomial has at most 7 zeros, and a piece is examined only when it
 * lies within twice the rounding margin of one. */
#define ENCLOSE_PIECES 64

/* The enclosure of a guard that is component comp of the state (or -1:
 * none) on the step: its oriented nested coefficients r (sigma times the
 * continuous extension's) and the sum of their magnitudes, their
 * Bernstein coefficients b on the whole step and the side of zero they
 * lie on (bern7_side, 2 before they are computed), those of each sample
 * interval once split; levels = log2 of the sample intervals, -1 when
 * their number is no power of two (no enclosure then). */
typedef struct guard_enclosure {
    int comp, levels, side;
    double r[BERN7_N], b[BERN7_N];
    double msum;           /* |r_0| + ... + |r_7| (bern7_margin) */
    int split;             /* ivl holds the sample intervals' coefficients */
    double ivl[SAMPLES_MAX][BERN7_N];
} guard_enclosure;

/* The enclosure of guard tr (orientation sg) on step s with S->n sample
 * intervals, before its coefficients are computed. */
/*@ requires run: run_ok(R);
  @ requires samples: \valid_read(S) && 1 <= S->n <= SAMPLES_MAX;
  @ requires out: \valid(E) && \separated(E, R, R->H, S);
  @ assigns E->comp, E->levels, E->side, E->split, hybrid_instance;
  @ ensures comp: E->comp < R->H->ny &&
  @   (R->H->guard_component == \null ==> E->comp == -1);
  @ ensures levels: E->levels == sample_levels_of(S->n);
  @ ensures fresh: E->side == 2 && E->split == 0;
  @*/
static void enclosure_init(const run *R, int tr, const step_samples *S,
                           guard_enclosure *E)
{
    const hybrid_system *H = R->H;
    E->comp = H->guard_component ? call_guard_component(H, tr) : -1;
    if (E->comp >= H->ny)
        E->comp = -1;
    E->levels = sample_levels(S->n);
    E->side = 2;
    E->split = 0;
}

/* The coefficients of each sample interval in E->ivl (once): the whole
 * step's halved E->levels times, level by level (n - 1 halvings). */
/*@ requires enclosure: \valid(E) && E->levels <= 6;
  @ assigns E->ivl[0 .. SAMPLES_MAX - 1][0 .. BERN7_N - 1], E->split;
  @*/
static void enclosure_split(guard_enclosure *E)
{
    int l, i;
    if (E->split)
        return;
    memcpy(E->ivl[0], E->b, sizeof E->b);
    for (l = 0; l < E->levels; l++)      /* 2^l pieces become 2^(l+1) */
        for (i = (1 << l) - 1; i >= 0; i--) {
            double left[BERN7_N];
            bern7_halves(E->ivl[i], left, E->ivl[2 * i + 1]);
            memcpy(E->ivl[2 * i], left, sizeof left);
        }
    E->split = 1;
}

/* The coefficients of the enclosure of the whole step (once; the oriented
 * ones of enclosure_coeffs); 0 when a coefficient of the continuous
 * extension is beyond 2^996 (about 6.7e299) in magnitude (no enclosure:
 * the samples decide). */
/*@ requires step: \valid_read(s);
  @ requires enclosure: \valid(E) && \separated(E, s) &&
  @   (E->side == 2 ==> 0 <= E->comp < COLLIDE_NY_MAX);
  @ assigns E->r[0 .. BERN7_N - 1], E->b[0 .. BERN7_N - 1], E->msum, E->side;
  @*/
static int enclosure_ready(const dop853_step_data *s, double sg,
                           guard_enclosure *E)
{
    if (E->side != 2)
        return 1;
    if (!enclosure_coeffs(s, E->comp, sg, E->r, &E->msum))
        return 0;
    bern7_from_nested(E->r, E->b);
    E->side = bern7_side(E->b, bern7_margin(E->msum, 0));
    return 1;
}

/* A piece of a step for the enclosure: its coefficients, its depth (the
 * halvings from the whole step) and its index (it covers theta in
 * [idx, idx + 1] / 2^depth). */
typedef struct bern_piece {
    double b[BERN7_N];
    int depth;
    long idx;
} bern_piece;

/* Examines a piece of the finest size, [ta, tb] in time, on which a zero
 * of the oriented guard (probe p) cannot be excluded: 1 with the bracket
 * of a crossing in the declared orientation from its ends (from < 0 to
 * >= 0), 0 when its ends show none: a crossing back away from the guard,
 * or no sign change (*undecided set: a tangency or a pair of zeros
 * closer than the piece), or an error of locate. */
/*@ requires run: run_ok(R);
  @ requires probe: \valid_read(p);
  @ requires out: \valid(br) && \valid(undecided);
  @ assigns *br, *undecided, R->r->diagnosis[0 .. 2047], hybrid_instance,
  @   root_refine_evals, root_refine_prev, root_refine_wlo,
  @   root_refine_whi, root_refine_s, root_refine_side;
  @*/
static int examine_piece(const run *R, const probe *p, double ta, double tb,
                         bracket *br, int *undecided)
{
    double va = root_eval(p, ta), vb = root_eval(p, tb);
    if (!isfinite(va) || !isfinite(vb) || !(ta < tb)) {
        *undecided = 1;
        return 0;
    }
    if (va < 0.0 && vb >= 0.0) {
        int rc = locate(R, p, ta, va, tb, vb, br);
        return rc < 0 ? rc : 1;
    }
    if ((va < 0.0) == (vb < 0.0))
        *undecided = 1;
    return 0;
}

/* Whether the guard of probe p, component E->comp of the state, crosses in
 * its declared orientation within sample interval k of step s, where its
 * samples show no crossing. The Bernstein coefficients (enclose.h) of the
 * whole step, then of the sample interval, then of its halves down to
 * ENCLOSE_DEPTH halvings, exclude a crossing on every piece whose
 * coefficients lie on one side of zero up to the rounding margin
 * (bern7_side: the guard is there below 2 m, or above -2 m, m the margin
 * of bern7_margin, about 1e-14 of the sum of the magnitudes of the
 * coefficients of its continuous extension); on each remaining piece of
 * the finest size the guard at its ends decides (examine_piece), in the
 * order of time. Returns 1 with the bracket of the first crossing found;
 * 0 if none, after noting in T an undecided near-touch at the first
 * piece that neither excludes nor shows a crossing (or when more than
 * ENCLOSE_PIECES of them had to be examined); an error of locate. */
/*@ requires run: run_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX &&
  @   s->dense_ready != 0;
  @ requires samples: \valid_read(S) && 0 <= k < S->n <= SAMPLES_MAX;
  @ requires out: \valid(E) && \valid(br) && (T == \null || \valid(T));
  @ assigns *E, *br, *T, R->r->diagnosis[0 .. 2047], hybrid_instance,
  @   root_refine_evals, root_refine_prev, root_refine_wlo,
  @   root_refine_whi, root_refine_s, root_refine_side;
  @*/
static int enclose_interval(const run *R, const dop853_step_data *s,
                            const step_samples *S, const probe *p,
                            guard_enclosure *E, int k, bracket *br,
                            step_touches *T)
{
    bern_piece stack[ENCLOSE_DEPTH + 2], c;
    double left[BERN7_N], right[BERN7_N];
    int top = 0, examined = 0, undecided = 0, rc = 0;
    if (E->comp < 0 || E->levels < 0 || !enclosure_ready(s, p->orient, E) ||
        E->side != 0)
        return 0;
    enclosure_split(E);
    memcpy(c.b, E->ivl[k], sizeof c.b);
    c.depth = E->levels;
    c.idx = k;
    stack[top++] = c;
    while (top > 0 && rc == 0) {
        double ta, tb, scale;
        double m;
        c = stack[--top];
        m = bern7_margin(E->msum, c.depth);
        if (bern7_side(c.b, m) != 0 || bern7_falls(c.b, 0.0 - 4.0 * m))
            continue;           /* on one side of zero, or falling: no
                                   crossing in the orientation */
        if (c.depth < E->levels + ENCLOSE_DEPTH &&
            s->h * ldexp(1.0, -(c.depth + 1)) >
                8.0 * DBL_EPSILON * fabs(s->t0 + s->h)) {
            bern7_halves(c.b, left, right);
            memcpy(stack[top].b, right, sizeof right);
            stack[top].depth = c.depth + 1;
            stack[top++].idx = 2 * c.idx + 1;
            memcpy(stack[top].b, left, sizeof left);
            stack[top].depth = c.depth + 1;
            stack[top++].idx = 2 * c.idx;
            continue;
        }
        if (++examined > ENCLOSE_PIECES) {
            undecided = 1;
            break;
        }
        scale = ldexp(1.0, -c.depth);
        ta = fmax(S->t[k], s->t0 + s->h * ((double)c.idx * scale));
        tb = fmin(S->t[k + 1], s->t0 + s->h * ((double)(c.idx + 1) * scale));
        rc = examine_piece(R, p, ta, tb, br, &undecided);
        if (undecided && T && rc == 0) {
            note_touch(T, ta);
            T = NULL;           /* one per sample interval */
        }
    }
    if (undecided && T && rc == 0)
        note_touch(T, S->t[k]);
    return rc;
}

/* The earliest instant in the step at which transition tr is enabled and
 * its guard crosses in the declared orientation, in *st; 0 if none, -1 if
 * the root could not be located. A touch within the error of the run
 * (guard_touch) is no crossing; it and a miss within the error (near_miss)
 * are noted in T as undecided near-touches.
 *
 * What it guarantees. In a sample interval where the samples show a
 * crossing (a sign change, a least value between samples on or beyond
 * the guard, a greatest one between samples below it), a crossing is
 * located there. In one where they show none: for a guard that is a
 * component of the state (guard_component) with a number of samples that
 * is a power of two, every crossing of the continuous extension (the
 * exact polynomial of degree 7 of the step's coefficients) that goes from
 * below -2 m to above 2 m (m the rounding margin of enclose_interval) is
 * found, unless two zeros lie within h / (n 2^ENCLOSE_DEPTH) (or 8 ulp
 * of t) of each other: such a pair is noted as an undecided near-touch
 * where the guard has the one sign at both ends of the finest piece that
 * holds it, and may be missed otherwise; for any other guard
 * (Phi of the contact laws), a crossing between two samples at which
 * neither the values nor the rates of the guard show it (a guard whose
 * rate changes sign twice or more between them) may be missed. */
/*@ requires run: run_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX &&
  @   s->dense_ready != 0;
  @ requires samples: \valid_read(S) && 1 <= S->n <= SAMPLES_MAX;
  @ requires transition: 0 <= tr < R->H->ntrans;
  @ requires out: \valid(st) && \valid(T);
  @ assigns *st, *T, R->r->diagnosis[0 .. 2047], R->r->stats.nfev,
  @   hybrid_instance, dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[0 .. 15], root_refine_evals, root_refine_prev,
  @   root_refine_wlo, root_refine_whi, root_refine_s, root_refine_side;
  @*/
static int screen_guard(const run *R, const dop853_step_data *s,
                        const step_samples *S, int tr, stop *st,
                        step_touches *T)
{
    const hybrid_system *H = R->H;
    double sg = H->trans[tr].sigma;
    double v[SAMPLES_MAX + 1], rate[SAMPLES_MAX + 1];
    probe p = {R, s, PROBE_GUARD, tr, sg, 0};
    probe pr = {R, s, PROBE_GUARD_RATE_DOWN, tr, sg, 0};
    probe pu = {R, s, PROBE_GUARD_RATE_DOWN, tr, -sg, 0};  /* sigma dg/dt */
    guard_enclosure E;
    int k, rc;
    enclosure_init(R, tr, S, &E);
    for (k = 0; k <= S->n; k++) {
        v[k] = sg * call_guard(H, tr, S->t[k], S->y[k]);
        rate[k] = sg * call_guard_rate(H, tr, S->t[k], S->y[k], S->dy[k]);
    }
    if (!samples_finite(S->n + 1, v, rate))
        return SCREEN_NONFINITE;
    for (k = 0; k < S->n; k++) {
        double a = S->t[k], b = S->t[k + 1], margin;
        double ya[COLLIDE_NY_MAX];
        bracket br;
        int at_start = (k == 0 && R->fresh);
        int clean = 0;          /* the samples show no crossing */
        double tm = 0.0, vh = 0.0;
        int shown = GUARD_CLEAN; /* what the samples show */
        if (guard_dip_possible(at_start, v[k], rate[k], v[k + 1]) &&
            (rc = hidden_dip(R, s, S, tr, sg, k, &tm, &vh)) != 0) {
            /* on the guard at the start with rate 0, and on or beyond it
               at b, with a dip hidden between (a contact of the SHCCL
               shorter than the first step) */
            if (rc < 0 ||
                (rc = locate(R, &p, tm, vh, b, v[k + 1], &br)) != 0)
                return rc;
        } else if ((shown = guard_interval_case(at_start, v[k], v[k + 1],
                                                rate[k], rate[k + 1])) ==
                   GUARD_LEAST) {
            /* on or beyond the guard at a, and at b, with a least value
               between: the guard may dip to the near side and cross back
               in its orientation within the sample spacing (a flight after
               a bounce shorter than the first step; a ball that leaves the
               surface overlapping it by rounding and rises above it for
               less than a sample spacing; a contact shorter than the first
               step, after which Phi = k min(x_c, 0) of the clamped law
               stays at 0 with rate 0) */
            double vm;
            if ((rc = locate(R, &pu, a, rate[k], b, rate[k + 1], &br)) != 0)
                return rc;
            vm = root_eval(&p, br.lo);
            clean = least_clean(vm, v[k]); /* no dip: no crossing */
            if (clean == SCREEN_FLOOR)
                return SCREEN_FLOOR;      /* an excursion not resolved */
            if (!clean &&
                (rc = locate(R, &p, br.lo, vm, b, v[k + 1], &br)) != 0)
                return rc;
        } else if (shown == GUARD_CROSSES) {
            if (v[k] == 0.0) {          /* on the guard at the start */
                br.lo = br.hi = a;
            } else if ((rc = locate(R, &p, a, v[k], b, v[k + 1], &br)) != 0) {
                return rc;
            }
        } else if (shown == GUARD_GREATEST) { /* a maximum inside: two
                                                 crossings? */
            double vm;
            if ((rc = locate(R, &pr, a, -rate[k], b, -rate[k + 1], &br)) != 0)
                return rc;
            vm = root_eval(&p, br.hi);
            if (vm < 0.0 && near_miss(R, s, S, tr, k, br.hi, vm))
                note_touch(T, br.hi);
            clean = !(vm >= 0.0);
            if (!clean && (rc = locate(R, &p, a, v[k], br.hi, vm, &br)) != 0)
                return rc;
        } else {
            clean = 1;
        }
        if (clean) {            /* the enclosure of a component guard */
            rc = enclose_interval(R, s, S, &p, &E, k, &br, T);
            if (rc < 0)
                return rc;
            if (rc == 0)
                continue;
        }
        if (br.hi == s->t0)
            memcpy(ya, s->y0, sizeof(double) * (size_t)s->n);
        else
            dop853_dense_eval(s, br.hi, ya);
        if (!call_enabled(H, tr, br.hi, ya))
            continue;           /* crossed while not enabled: no event */
        margin = margin_before(R, s, tr, br.lo, &st->margin_res);
        if (br.hi > br.lo &&
            guard_touch(R, s, S, tr, sg, k, rate, &br, margin)) {
            note_touch(T, br.hi);
            continue;           /* touched within the error: no event */
        }
        st->kind = STOP_EVENT;
        st->index = tr;
        st->t = br.hi;
        st->lo = br.lo;
        st->hi = br.hi;
        st->margin = margin;
        return 1;
    }
    return 0;
}

/* The earliest event of the step by the priority rule; 0 if none. The
 * undecided near-touches of the guards go to T (screen_guard). */
/*@ requires run: run_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX &&
  @   s->dense_ready != 0;
  @ requires samples: \valid_read(S) && 1 <= S->n <= SAMPLES_MAX;
  @ requires out: \valid(best) && \valid(T);
  @ assigns *best, *T, R->r->diagnosis[0 .. 2047], R->r->stats.nfev,
  @   hybrid_instance, dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[0 .. 15], root_refine_evals, root_refine_prev,
  @   root_refine_wlo, root_refine_whi, root_refine_s, root_refine_side;
  @*/
static int screen_events(const run *R, const dop853_step_data *s,
                         const step_samples *S, stop *best, step_touches *T)
{
    const hybrid_system *H = R->H;
    stop cand[ENGINE_TRANS_MAX];
    double tau[ENGINE_TRANS_MAX];
    int elig[ENGINE_TRANS_MAX];
    int map[ENGINE_TRANS_MAX];
    int n = 0, tr, sel;
    for (tr = 0; tr < H->ntrans; tr++) {
        int got;
        if (H->trans[tr].from != R->q)
            continue;
        got = screen_guard(R, s, S, tr, &cand[n], T);
        if (got < 0)
            return got;
        tau[n] = got ? cand[n].t : 0.0;
        elig[n] = got;
        map[n] = tr;
        n++;
    }
    sel = event_select(n, tau, elig);
    if (sel < 0)
        return 0;
    *best = cand[sel];
    best->index = map[sel];
    return 1;
}

/* The earliest sign change of a switching function; 0 if none. A sign
 * change counts only from a sample outside the rounding band of the
 * function on one side to a sample outside it on the other: values
 * inside the band are zeros to rounding, and a step that starts inside
 * it starts at the switching point. */
/*@ requires run: run_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX &&
  @   s->dense_ready != 0;
  @ requires samples: \valid_read(S) && 1 <= S->n <= SAMPLES_MAX;
  @ requires out: \valid(best);
  @ assigns *best, R->r->diagnosis[0 .. 2047], hybrid_instance,
  @   root_refine_evals, root_refine_prev, root_refine_wlo,
  @   root_refine_whi, root_refine_s, root_refine_side;
  @*/
static int screen_switching(const run *R, const dop853_step_data *s,
                        const step_samples *S, stop *best)
{
    const hybrid_system *H = R->H;
    int nk = H->nswitch ? call_nswitch(H, R->q) : 0;
    double kv[SAMPLES_MAX + 1][ENGINE_NSWITCH_MAX];
    double kn[SAMPLES_MAX + 1][ENGINE_NSWITCH_MAX];
    double tmin = stop_min(s->t0, s->t0 + s->h);
    int k, i, rc, found = 0;
    if (nk <= 0)
        return 0;
    for (k = 0; k <= S->n; k++)
        call_switching(H, R->q, S->t[k], S->y[k], kv[k]);
    if (!sign_changes(kv, S->n, nk))
        return 0;
    for (k = 0; k <= S->n; k++)
        switching_noise_at(R, S->t[k], S->y[k], kn[k]);
    for (i = 0; i < nk; i++) {
        int last = 0, ls = 0;   /* the last sample outside the band */
        for (k = 0; k <= S->n; k++) {
            /* 0 inside the band, and at the start for the point just
               stepped to, not crossed yet in rounding: the same crossing */
            int sk = screen_sign(kv[k][i], kn[k][i], k, i,
                                 R->passed_switching, R->passed_sign);
            probe p = {R, s, PROBE_SWITCH, i, ls < 0 ? 1.0 : -1.0, 0};
            bracket br;
            int step = sign_step(ls, sk);
            if (step == SIGN_INSIDE)
                continue;
            if (step == SIGN_SAME) {
                last = k;
                ls = sk;
                continue;
            }
            if ((rc = locate(R, &p, S->t[last], p.orient * kv[last][i], S->t[k],
                       p.orient * kv[k][i], &br)) != 0)
                return rc;
            last = k;
            ls = sk;
            if (br.hi - s->t0 <= tmin)
                continue;       /* the point we already stand at */
            if (!found || br.hi < best->t) {
                best->kind = STOP_SWITCH;
                best->index = i;
                best->t = br.hi;
                best->lo = br.lo;
                best->hi = br.hi;
                best->new_sign = sk;
                found = 1;
            }
            break;
        }
    }
    return found;
}

/* ---- events ------------------------------------------------------------ */

/* Ghost: the rate d g/dt of each guard that the instance returned at the
 * start of the last flow interval (0 for a transition of another mode),
 * of which rate0 holds the magnitude. */
//@ ghost double guard_rate_start[ENGINE_TRANS_MAX];

/* Ghost: the initial step of Hairer's heuristic at the start of the last
 * flow interval, from which first_step chose. */
//@ ghost double first_step_heuristic;

/* |d g/dt| of the guard of each transition of the current mode at the
 * start of its flow interval (R->y, R->f), for the rate scale of the event
 * that ends the interval: both engines define it so (take_event). A rate
 * that is not a number counts as 0. */
/*@ requires run: run_ok(R);
  @ assigns R->rate0[0 .. ENGINE_TRANS_MAX - 1], hybrid_instance,
  @   guard_rate_start[0 .. ENGINE_TRANS_MAX - 1];
  @ ensures rates: \forall integer tr; 0 <= tr < R->H->ntrans ==>
  @   start_rate_is(R->rate0[tr], guard_rate_start[tr]);
  @ ensures other_mode: \forall integer tr; 0 <= tr < R->H->ntrans ==>
  @   R->H->trans[tr].from != R->q ==> guard_rate_start[tr] == (double)0.0;
  @*/
static void record_start_rates(run *R)
{
    const hybrid_system *H = R->H;
    int tr;
    /*@ loop invariant bound: 0 <= tr <= H->ntrans;
      @ loop invariant rates: \forall integer c; 0 <= c < tr ==>
      @   start_rate_is(R->rate0[c], guard_rate_start[c]);
      @ loop invariant other_mode: \forall integer c; 0 <= c < tr ==>
      @   H->trans[c].from != R->q ==> guard_rate_start[c] == (double)0.0;
      @ loop assigns tr, R->rate0[0 .. ENGINE_TRANS_MAX - 1], hybrid_instance,
      @   guard_rate_start[0 .. ENGINE_TRANS_MAX - 1];
      @ loop variant H->ntrans - tr;
      @*/
    for (tr = 0; tr < H->ntrans && tr < ENGINE_TRANS_MAX; tr++) {
        double rate = H->trans[tr].from == R->q
                          ? call_guard_rate(H, tr, R->t, R->y, R->f)
                          : 0.0;
        //@ ghost guard_rate_start[tr] = rate;
        R->rate0[tr] = finite_double(rate) ? absval(rate) : 0.0;
    }
}

/* Whether the state y of mode q at the event of transition tr lies in C
 * and D at once: by the instance's definition at an event when it gives
 * one, else by its flow and jump sets. */
/*@ requires run: run_ok(R);
  @ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns hybrid_instance;
  @*/
static int c_and_d_at(const run *R, int q, int tr, const double *y)
{
    const hybrid_system *H = R->H;
    if (H->in_c_and_d_at_event)
        return call_in_c_and_d_at_event(H, q, tr, R->t, y);
    return call_in_flow_set(H, q, R->t, y) &&
           call_in_jump_set(H, q, R->t, y);
}

/* The first step of the interval of flow that begins at the current
 * instant (R->t, R->y, R->f, mode R->q), after a jump: the initial-step
 * heuristic of Hairer, Norsett and Wanner from the state after the jump
 * (one evaluation of the flow map), or the first accepted step of the
 * last interval of the same mode when that is smaller and usable
 * (first_step_usable): the heuristic cannot see a force that vanishes at
 * the reset (Eq. 60), and the earlier interval's first step, which the
 * step control accepted from a like state, is the better guess there.
 * Never under FLOOR_MARGIN times the step floor. */
/*@ requires run: run_ok(R);
  @ requires count: R->r->stats.nfev <= LONG_MAX - 1;
  @ assigns R->r->stats.nfev, hybrid_instance, first_step_heuristic,
  @   dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[0 .. 15], root_refine_evals, root_refine_prev,
  @   root_refine_wlo, root_refine_whi, root_refine_s, root_refine_side;
  @ ensures first_step: first_step_is(\result, first_step_heuristic,
  @   (0 <= R->q < ENGINE_TRANS_MAX ? R->h_start[R->q] : (double)0.0),
  @   R->t, R->T);
  @*/
static double first_step(run *R)
{
    const hybrid_system *H = R->H;
    double h = dop853_initial_h(rhs, R, H->ny, R->t, R->y, R->f, R->T - R->t,
                                &R->ctl, &R->r->stats.nfev);
    //@ ghost first_step_heuristic = h;
    double before = R->q >= 0 && R->q < ENGINE_TRANS_MAX ? R->h_start[R->q]
                                                         : 0.0;
    /* first_step_usable: finite, positive, at least FLOOR_MARGIN times the
       step floor at t (an interval that began near t = 0 may have begun
       with a step under the floor of a later t: 1e-18 s for a ball
       dropped from 1e-18 m) and no longer than what remains of the run */
    if (first_step_usable(before, R->t, R->T) && before < h)
        h = before;
    return fmax_number(h, FLOOR_MARGIN * step_floor(R->t));
}

/* The record of the jump of stop st at the current instant (t_j, j) of
 * the run, into *e, before its reset: the state before (R->y), the
 * transition, and what is reported of it. The rate scale of the event is
 * max(|margin|, |d g/dt| of its guard at the start of the flow interval),
 * the definition of both engines; it is grazing when the margin does not
 * exceed graze_tol times that scale, or its resolution
 * (margin_resolution); a margin within its resolution is reported as 0. */
/*@ requires run: run_ok(R);
  @ requires stop: \valid_read(st) && 0 <= st->index < R->H->ntrans;
  @ requires record: \valid(e) && \separated(e, R, R->r, R->H, R->o, st);
  @ assigns e->t, e->d.j, e->d.tr, e->d.grazing, e->d.c_and_d_before,
  @   e->before[0 .. COLLIDE_NY_MAX - 1], e->margin, e->rate_scale,
  @   e->bracket_lo, e->bracket_hi, hybrid_instance;
  @ ensures instant: e->t == R->t && e->d.j == R->j;
  @ ensures transition: e->d.tr == st->index;
  @ ensures before: \forall integer i; 0 <= i < R->H->ny ==>
  @   e->before[i] == R->y[i];
  @ ensures unused: \forall integer i; R->H->ny <= i < COLLIDE_NY_MAX ==>
  @   e->before[i] == (double)0.0;
  @ ensures margin: e->margin \in {event_margin_of(st->margin, st->margin_res)};
  @ ensures bracket: e->bracket_lo == st->lo && e->bracket_hi == st->hi;
  @*/
static void event_record(const run *R, const stop *st, event_rec *e)
{
    const hybrid_system *H = R->H;
    int i;
    e->t = R->t;
    e->d.j = R->j;
    e->d.tr = st->index;
    /*@ loop invariant 0 <= i <= COLLIDE_NY_MAX;
      @ loop invariant before: \forall integer c; 0 <= c < i && c < H->ny ==>
      @   e->before[c] == R->y[c];
      @ loop invariant unused: \forall integer c; H->ny <= c < i ==>
      @   e->before[c] == (double)0.0;
      @ loop assigns i, e->before[0 .. COLLIDE_NY_MAX - 1];
      @ loop variant COLLIDE_NY_MAX - i;
      @*/
    for (i = 0; i < COLLIDE_NY_MAX; i++)   /* the unused slots 0 */
        e->before[i] = i < H->ny ? R->y[i] : 0.0;
    /* a margin within its resolution cannot be told from 0: it is 0 */
    e->margin = event_margin(st->margin, st->margin_res);
    e->rate_scale = event_rate_scale(e->margin, R->rate0[st->index]);
    e->d.grazing = is_grazing(e->margin, graze_threshold(R->o->graze_tol,
                                                         e->rate_scale,
                                                         st->margin_res));
    e->d.c_and_d_before = c_and_d_at(R, R->q, st->index, R->y);
    e->bracket_lo = st->lo;
    e->bracket_hi = st->hi;
}

/* The state after the jump of transition tr at the current instant, into
 * e->after: g of the transition (Eqs. 75, 82) applied to the run's state,
 * and whether it lies in C and D of the target mode. */
/*@ requires run: run_ok(R);
  @ requires tr: 0 <= tr < R->H->ntrans;
  @ requires record: \valid(e) && \separated(e, R, R->r, R->H, R->o);
  @ assigns e->after[0 .. COLLIDE_NY_MAX - 1], e->d.c_and_d_after,
  @   hybrid_instance, reset_tr, reset_t, reset_from[0 .. COLLIDE_NY_MAX - 1],
  @   reset_to[0 .. COLLIDE_NY_MAX - 1];
  @ ensures reset: reset_tr == tr && reset_t == R->t;
  @ ensures after: \forall integer i; 0 <= i < COLLIDE_NY_MAX ==>
  @   reset_from[i] == R->y[i] && e->after[i] == reset_to[i];
  @*/
static void event_reset(const run *R, int tr, event_rec *e)
{
    const hybrid_system *H = R->H;
    int i;
    /*@ loop invariant 0 <= i <= COLLIDE_NY_MAX;
      @ loop assigns i, e->after[0 .. COLLIDE_NY_MAX - 1];
      @ loop variant COLLIDE_NY_MAX - i;
      @*/
    for (i = 0; i < COLLIDE_NY_MAX; i++)   /* the slots the reset leaves */
        e->after[i] = 0.0;
    call_reset(H, tr, R->t, R->y, e->after);
    e->d.c_and_d_after = c_and_d_at(R, H->trans[tr].to, tr, e->after);
}

/* The stop of a run that the Zeno screen ends at the jump of transition
 * tr just taken: its diagnosis names the limit and the transition. */
/*@ requires run: run_ok(R);
  @ requires tr: 0 <= tr < R->H->ntrans;
  @ requires zeno: zeno_ring_valid(&R->zeno) && \separated(&R->zeno, R->r);
  @ assigns R->r->diagnosis[0 .. 2047], R->r->status, hybrid_instance;
  @ ensures status: R->r->status == COLLIDE_E_ZENO;
  @ ensures result: \result == COLLIDE_E_ZENO;
  @*/
static collide_status zeno_fail(run *R, int tr)
{
    char what[256];
    snprintf(what, sizeof what,
             "chattering/Zeno: %d events within %.3g s of simulated time "
             "(limit: zeno_events = %d within zeno_window = %.3g s), the "
             "last a '%s'",
             R->o->zeno_events, R->t - zeno_oldest(&R->zeno, R->o->zeno_events),
             R->o->zeno_events, R->o->zeno_window, R->H->trans[tr].name);
    return fail(R, COLLIDE_E_ZENO, what);
}

/* The state and the hybrid time of the run after the jump of transition
 * tr recorded in *e: the state becomes e->after and (t, j) -> (t, j + 1)
 * in the transition's target mode, the event noted in the ring of the
 * last ones (jump_commit). */
/*@ requires run: run_ok(R);
  @ requires tr: 0 <= tr < R->H->ntrans;
  @ requires record: \valid_read(e) && \separated(e, R, R->r);
  @ requires room: R->j < INT_MAX && 0 <= R->nlast < LONG_MAX;
  @ assigns R->y[0 .. COLLIDE_NY_MAX - 1], R->q, R->j, R->nlast,
  @   R->last_t[0 .. ENGINE_LAST_EVENTS - 1],
  @   R->last_tr[0 .. ENGINE_LAST_EVENTS - 1];
  @ ensures taken: jump_commit_of(R->j, R->q, \old(R->j), R->H->trans[tr].to);
  @ ensures after: \forall integer i; 0 <= i < R->H->ny ==>
  @   R->y[i] == e->after[i];
  @*/
static void jump_apply(run *R, int tr, const event_rec *e)
{
    const hybrid_system *H = R->H;
    int i;
    /*@ loop invariant 0 <= i <= H->ny;
      @ loop invariant after: \forall integer c; 0 <= c < i ==>
      @   R->y[c] == e->after[c];
      @ loop assigns i, R->y[0 .. COLLIDE_NY_MAX - 1];
      @ loop variant H->ny - i;
      @*/
    for (i = 0; i < H->ny; i++)
        R->y[i] = e->after[i];
    jump_commit(&R->q, &R->j, R->t, H->trans[tr].to, tr, R->last_t,
                R->last_tr, &R->nlast, ENGINE_LAST_EVENTS);
}

/* The start of the flow interval after a jump, at the run's (t, y, q):
 * the flow map there (one evaluation), the guards' rates at the start
 * (record_start_rates) and the first step (first_step). */
/*@ requires run: run_ok(R);
  @ requires count: R->r->stats.nfev <= LONG_MAX - 2;
  @ assigns R->f[0 .. COLLIDE_NY_MAX - 1], R->r->stats.nfev, R->fresh,
  @   R->rate0[0 .. ENGINE_TRANS_MAX - 1], R->h, R->h_free, hybrid_instance,
  @   guard_rate_start[0 .. ENGINE_TRANS_MAX - 1], first_step_heuristic,
  @   dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[0 .. 15], root_refine_evals, root_refine_prev,
  @   root_refine_wlo, root_refine_whi, root_refine_s, root_refine_side;
  @ ensures fresh: R->fresh == 1 && R->h_free == R->h;
  @*/
static void flow_restart(run *R)
{
    call_flow(R->H, R->q, R->t, R->y, R->f);
    R->r->stats.nfev++;
    R->fresh = 1;
    record_start_rates(R);
    R->h = first_step(R);
    R->h_free = R->h;
}

/* The event e to the observer's on_event, if there is one: COLLIDE_OK,
 * or its nonzero answer, with which the run fails. */
/*@ requires run: run_ok(R) && observer_ok(R);
  @ requires record: \valid_read(e) && \separated(e, R, R->r);
  @ assigns R->r->diagnosis[0 .. 2047], R->r->status, hybrid_instance;
  @ ensures status_kept: \result == COLLIDE_OK ==>
  @   R->r->status == \old(R->r->status);
  @ ensures status_failed: \result != COLLIDE_OK ==> R->r->status == \result;
  @*/
static collide_status event_notify(run *R, const event_rec *e)
{
    if (R->obs && R->obs->on_event) {
        collide_status st_obs = (collide_status)call_on_event(R->obs, e);
        if (st_obs != COLLIDE_OK)
            return fail(R, st_obs, "stopped by the observer");
    }
    return COLLIDE_OK;
}

/* The event of stop st at the current instant, before the jump: recorded
 * (event_record, event_reset), counted and reported to the observer
 * (event_notify): COLLIDE_OK, or the observer's nonzero answer, with
 * which the run fails. */
/*@ requires run: run_ok(R) && observer_ok(R);
  @ requires stop: \valid_read(st) && 0 <= st->index < R->H->ntrans &&
  @   \separated(st, R, R->r, R->H, R->o);
  @ requires record: \valid(e) && \separated(e, R, R->r, R->H, R->o, st);
  @ requires room: R->r->stats.nevents < LONG_MAX;
  @ assigns *e, R->r->stats.nevents, R->r->stats.nstops_tail,
  @   R->r->stats.t_tail, R->r->diagnosis[0 .. 2047], R->r->status,
  @   hybrid_instance, reset_tr, reset_t, reset_from[0 .. COLLIDE_NY_MAX - 1],
  @   reset_to[0 .. COLLIDE_NY_MAX - 1];
  @ ensures counted: R->r->stats.nevents == \old(R->r->stats.nevents) + 1;
  @ ensures reset: reset_tr == st->index && reset_t == R->t &&
  @   \forall integer i; 0 <= i < R->H->ny ==> reset_from[i] == R->y[i];
  @ ensures after: \forall integer i; 0 <= i < R->H->ny ==>
  @   e->after[i] == reset_to[i];

  @ ensures status_kept: \result == COLLIDE_OK ==>
  @   R->r->status == \old(R->r->status);
  @ ensures status_failed: \result != COLLIDE_OK ==> R->r->status == \result;
  @*/
static collide_status event_observe(run *R, const stop *st, event_rec *e)
{
    event_record(R, st, e);
    event_reset(R, st->index, e);
    R->r->stats.nevents++;
    R->r->stats.nstops_tail = 0;
    R->r->stats.t_tail = R->t;
    return event_notify(R, e);
}

/* The Zeno screen after the jump of transition tr (zeno_push): the
 * event's instant kept in the ring; COLLIDE_OK, or the run failed as
 * Zeno (zeno_fail). */
/*@ requires run: run_ok(R);
  @ requires tr: 0 <= tr < R->H->ntrans;
  @ requires zeno: zeno_ring_valid(&R->zeno) && R->zeno.count < LONG_MAX;
  @ assigns R->zeno.t[0 .. COLLIDE_ZENO_EVENTS_MAX - 1], R->zeno.count,
  @   R->r->diagnosis[0 .. 2047], R->r->status, hybrid_instance;
  @ ensures result: \result == COLLIDE_OK || \result == COLLIDE_E_ZENO;
  @ ensures status_kept: \result == COLLIDE_OK ==>
  @   R->r->status == \old(R->r->status);
  @ ensures status_failed: \result != COLLIDE_OK ==> R->r->status == \result;
  @*/
static collide_status zeno_screen(run *R, int tr)
{
    if (zeno_push(&R->zeno, R->t, R->o->zeno_events, R->o->zeno_window))
        return zeno_fail(R, tr);
    return COLLIDE_OK;
}

/* The jump of stop st at the current instant: the event recorded and
 * reported (event_observe), then the state becomes g(x) of its transition
 * (Eqs. 75, 82) and (t, j) -> (t, j + 1) in the transition's target mode
 * (jump_apply); the Zeno screen (zeno_screen); the flow of the new
 * interval started (flow_restart). */
/*@ requires run: run_ok(R) && observer_ok(R);
  @ requires stop: \valid_read(st) && 0 <= st->index < R->H->ntrans &&
  @   \separated(st, R, R->r, R->H, R->o);
  @ requires room: jump_room(R);
  @ assigns R->y[0 .. COLLIDE_NY_MAX - 1], R->q, R->j, R->nlast,
  @   R->last_t[0 .. ENGINE_LAST_EVENTS - 1],
  @   R->last_tr[0 .. ENGINE_LAST_EVENTS - 1],
  @   R->zeno.t[0 .. COLLIDE_ZENO_EVENTS_MAX - 1], R->zeno.count,
  @   R->f[0 .. COLLIDE_NY_MAX - 1], R->fresh,
  @   R->rate0[0 .. ENGINE_TRANS_MAX - 1], R->h, R->h_free,
  @   R->r->stats.nevents, R->r->stats.nstops_tail, R->r->stats.t_tail,
  @   R->r->stats.nfev, R->r->diagnosis[0 .. 2047], R->r->status,
  @   hybrid_instance, guard_rate_start[0 .. ENGINE_TRANS_MAX - 1],
  @   first_step_heuristic, dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[0 .. 15], root_refine_evals, root_refine_prev,
  @   root_refine_wlo, root_refine_whi, root_refine_s, root_refine_side,
  @   reset_tr, reset_t, reset_from[0 .. COLLIDE_NY_MAX - 1],
  @   reset_to[0 .. COLLIDE_NY_MAX - 1];
  @ ensures counted: R->r->stats.nevents == \old(R->r->stats.nevents) + 1;
  @ ensures status_kept: \result == COLLIDE_OK ==>
  @   R->r->status == \old(R->r->status);
  @ ensures status_failed: \result != COLLIDE_OK ==> R->r->status == \result;
  @ ensures taken: \result == COLLIDE_OK ==>
  @   R->t == \old(R->t) &&
  @   jump_commit_of(R->j, R->q, \old(R->j), R->H->trans[\old(st->index)].to);
  @ ensures reset: reset_tr == \old(st->index) && reset_t == \old(R->t) &&
  @   \forall integer i; 0 <= i < R->H->ny ==> reset_from[i] == \old(R->y[i]);
  @ ensures after: \result == COLLIDE_OK ==>
  @   \forall integer i; 0 <= i < R->H->ny ==> R->y[i] == reset_to[i];
  @*/
static collide_status take_event(run *R, const stop *st)
{
    const int tr = st->index;
    event_rec e;
    collide_status status = event_observe(R, st, &e);
    if (status != COLLIDE_OK)
        return status;
    jump_apply(R, tr, &e);
    status = zeno_screen(R, tr);
    if (status != COLLIDE_OK)
        return status;
    flow_restart(R);
    return COLLIDE_OK;
}

/* ---- the step loop ----------------------------------------------------- */

/* End of the next step: the proposed h clipped to T, the next breakpoint
 * of the input and a pending stop. */
/*@ requires run: run_ok(R);
  @ assigns hybrid_instance;
  @ ensures step_end: \exists double bp, pend;
  @   (R->H->next_breakpoint == \null ==> \is_plus_infinity(bp)) &&
  @   (R->pending.kind != STOP_NONE ==> pend == R->pending.t) &&
  @   (R->pending.kind == STOP_NONE ==> \is_plus_infinity(pend)) &&
  @   \result \in {step_end_of(R->t, R->h,
  @                 step_limit_of(R->T, bp, pend, R->switching_goal, R->t))};
  @*/
static double step_end(const run *R)
{
    const hybrid_system *H = R->H;
    double bp = H->next_breakpoint ? call_next_breakpoint(H, R->t)
                                   : plus_infinity();
    return step_end_at(R->t, R->h, R->T, bp,
                       R->pending.kind != STOP_NONE ? R->pending.t
                                                    : plus_infinity(),
                       R->switching_goal);
}

/* The flow piece [s->t0, te] of step s to the observer; the continuous
 * extension of s is valid on it. */
/*@ requires run: run_ok(R) && observer_ok(R);
  @ requires step: \valid_read(s);
  @ requires samples: R->S.n <= SAMPLES_MAX;
  @ requires ye: \valid_read(ye + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns hybrid_instance, piece_seen;
  @ behavior unobserved:
  @   assumes R->obs == \null || R->obs->on_flow == \null;
  @   ensures none: \result == 0;
  @ behavior observed:
  @   assumes R->obs != \null && R->obs->on_flow != \null;
  @   ensures piece: piece_seen.q == R->q && piece_seen.j == R->j &&
  @     piece_seen.t0 == s->t0 && piece_seen.t1 == te &&
  @     piece_seen.y0 == s->y0 && piece_seen.y1 == ye &&
  @     piece_seen.dense == s;
  @   ensures samples: piece_seen.ns == 0 || (piece_seen.ns == R->S.n &&
  @     piece_seen.st == &R->S.t[0] && R->S.t[0] == s->t0 &&
  @     R->S.t[R->S.n] == te);
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static int notify_flow(run *R, const dop853_step_data *s, double te,
                       const double *ye)
{
    flow_piece p;
    if (!R->obs || !R->obs->on_flow)
        return 0;
    p.q = R->q;
    p.j = R->j;
    p.t0 = s->t0;
    p.t1 = te;
    p.y0 = s->y0;
    p.y1 = ye;
    p.dense = s;
    p.ns = 0;
    p.st = NULL;
    p.sy = NULL;
    p.sdy = NULL;
    if (te == s->t0 + s->h && R->S.n > 0 && R->S.t[0] == s->t0 &&
        R->S.t[R->S.n] == te) {
        p.ns = R->S.n;
        p.st = R->S.t;
        p.sy = (const double (*)[COLLIDE_NY_MAX])R->S.y;
        p.sdy = (const double (*)[COLLIDE_NY_MAX])R->S.dy;
    }
    return call_on_flow(R->obs, &p);
}

/* The secant estimate of the size of the step s up to the first switching
 * point whose function has opposite signs at the two ends of s (not the
 * point just stepped to); +inf if there is none. */
/*@ requires run: run_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ assigns hybrid_instance;
  @*/
static double switching_secant(const run *R, const dop853_step_data *s)
{
    const hybrid_system *H = R->H;
    double k0[ENGINE_NSWITCH_MAX], k1[ENGINE_NSWITCH_MAX];
    double n0[ENGINE_NSWITCH_MAX], n1[ENGINE_NSWITCH_MAX];
    int nk = H->nswitch ? call_nswitch(H, R->q) : 0;
    if (nk <= 0 || !finite_vector(s->n, s->y1))
        return INFINITY;
    switching_values(R, s->t0, s->y0, k0, n0);
    switching_values(R, s->t0 + s->h, s->y1, k1, n1);
    return switching_secant_least(s->h, k0, n0, k1, n1, nk,
                                  R->passed_switching, R->passed_sign,
                                  INFINITY);
}

/* A rejected step whose ends lie on the two sides of a switching point
 * probably failed because it straddled it, and its error estimate says
 * nothing of a step that does not: the next try ends at the secant
 * estimate of that point. After the first rejection in a row, the
 * estimate may be as long as the larger of h (the controller's proposal)
 * and h_free (the size that the flow before the point allowed); after
 * further ones it may only shorten h, so that rejections always shrink
 * the step. */
/*@ requires run: run_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ assigns hybrid_instance;
  @*/
static double switching_cap(const run *R, const dop853_step_data *s, double h,
                       int first)
{
    /* a step whose end is far off (a large error) puts the secant anywhere,
       even within rounding of its start: not below a tenth of h
       (switching_cap_at) */
    return switching_cap_at(switching_secant(R, s), s->h, h, first, R->h_free);
}

/* The earliest switching point of the current mode that the continuous
 * extension of the accepted step s, continued beyond its end, predicts
 * within the next step [t1, t1 + h], in *st; 0 if none. A step that
 * straddles a switching point has an error estimate that does not hold
 * (it is rejected, often several times), so the next step is aimed at the
 * prediction instead. The prediction only chooses a step size: switching
 * points are located by the screening of the steps taken. */
/*@ requires run: run_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX &&
  @   s->dense_ready != 0;
  @ requires out: \valid(st);
  @ assigns *st, hybrid_instance, root_refine_evals, root_refine_prev, root_refine_wlo,
  @   root_refine_whi, root_refine_s, root_refine_side;
  @*/
static int predict_switching(const run *R, const dop853_step_data *s, double h,
                        stop *st)
{
    const hybrid_system *H = R->H;
    int nk = H->nswitch ? call_nswitch(H, R->q) : 0, m, i, found = 0;
    int have_n1 = 0, have_na = 0;   /* n1, na evaluated */
    double t1 = s->t0 + s->h, ta = t1;
    double k1[ENGINE_NSWITCH_MAX], ka[ENGINE_NSWITCH_MAX], kb[ENGINE_NSWITCH_MAX];
    double n1[ENGINE_NSWITCH_MAX], na[ENGINE_NSWITCH_MAX], nb[ENGINE_NSWITCH_MAX];
    double y[COLLIDE_NY_MAX], ya[COLLIDE_NY_MAX];
    if (nk <= 0 || !(h > 0.0))
        return 0;
    call_switching(H, R->q, t1, s->y1, k1);
    memcpy(ka, k1, sizeof ka);
    memcpy(ya, s->y1, sizeof(double) * (size_t)s->n);
    for (m = 1; m <= PREDICT_POINTS && !found; m++) {
        double tb = t1 + h * ((double)m / PREDICT_POINTS);
        dop853_dense_eval(s, tb, y);
        call_switching(H, R->q, tb, y, kb);
        /* a pair of points brackets a switching point only where a
           function has opposite signs at them (opposite_signs): only then
           do the noise bands decide, and are evaluated */
        if (!opposite_signs(ka, kb, nk)) {
            have_na = 0;
        } else {
            if (!have_n1)
                switching_noise_at(R, t1, s->y1, n1);
            if (!have_na)
                switching_noise_at(R, ta, ya, na);
            switching_noise_at(R, tb, y, nb);
            have_n1 = have_na = 1;
        }
        for (i = 0; have_na && i < nk; i++) {
            int sa = band_sign(ka[i], na[i]), sb = band_sign(kb[i], nb[i]);
            probe p = {R, s, PROBE_SWITCH, i, sa < 0 ? 1.0 : -1.0, 0};
            bracket br;
            if (!predict_brackets(k1[i], n1[i], ka[i], na[i], kb[i], nb[i]))
                continue;
            br.lo = ta;
            br.slo = p.orient * ka[i];
            br.hi = tb;
            br.shi = p.orient * kb[i];
            /* a prediction, the end of a step to come: a bracket left
               wide (ROOT_WIDE) still proposes it; screen_switching locates
               the switching point itself */
            if (root_refine(&p, &br, 1e-3 * SWITCH_SLACK * s->h, 100) ==
                    ROOT_NONFINITE ||
                (found && br.hi >= st->t))
                continue;
            st->kind = STOP_SWITCH;
            st->index = i;
            st->t = st->hi = br.hi;
            st->lo = br.lo;
            st->new_sign = sb;
            found = 1;
        }
        ta = tb;
        memcpy(ka, kb, sizeof ka);
        memcpy(na, nb, sizeof na);
        memcpy(ya, y, sizeof(double) * (size_t)s->n);
    }
    return found;
}

/* Takes switching point st as reached at the current instant, which lies
 * within SWITCH_SLACK of the step just taken from it (before or after). */
/*@ requires run: run_ok(R);
  @ requires stop: \valid_read(st) && \separated(st, R, R->r);
  @ requires counts: R->r->stats.nstops < LONG_MAX &&
  @   R->r->stats.nstops_tail < LONG_MAX;
  @ assigns R->passed_switching, R->passed_sign, R->r->stats.nstops,
  @   R->r->stats.nstops_tail, R->h;
  @ ensures passed: R->passed_switching == \old(st->index) &&
  @   R->passed_sign == \old(st->new_sign);
  @ ensures counts: R->r->stats.nstops == \old(R->r->stats.nstops) + 1 &&
  @   R->r->stats.nstops_tail == \old(R->r->stats.nstops_tail) + 1;
  @ ensures resume: R->h \in {resume_step_of(\old(R->h), \old(R->h_free))};
  @*/
static void pass_switching(run *R, const stop *st)
{
    R->passed_switching = st->index;
    R->passed_sign = st->new_sign;
    R->r->stats.nstops++;
    R->r->stats.nstops_tail++;
    R->h = resume_step(R->h, R->h_free);
}

/* After an accepted step s ending at t1: find the earliest stop inside;
 * *event_too tells whether an event was found as well. */
/*@ requires run: run_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX &&
  @   s->dense_ready != 0;
  @ requires out: \valid(st) && \valid(event_too);
  @ assigns *st, *event_too, R->S, R->touches, *(R->r), hybrid_instance, dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[0 .. 15], root_refine_evals, root_refine_prev,
  @   root_refine_wlo, root_refine_whi, root_refine_s, root_refine_side;
  @*/
static int screen(run *R, const dop853_step_data *s, stop *st, int *event_too)
{
    step_samples *S = &R->S;
    stop ev = {STOP_NONE, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0}, kk = ev;
    int ge, gk, n = R->o->samples_per_step;
    if (n < 1)
        n = 1;
    if (n > SAMPLES_MAX)
        n = SAMPLES_MAX;
    sample_step(s, n, S);
    R->touches.n = 0;
    ge = screen_events(R, s, S, &ev, &R->touches);
    if (ge < 0)
        return ge;
    gk = screen_switching(R, s, S, &kk);
    if (gk < 0)
        return gk;
    *event_too = ge;
    st->kind = STOP_NONE;
    if (ge)
        *st = ev;
    if (gk && (!ge || kk.t < ev.t))
        *st = kk;
    return st->kind != STOP_NONE;
}

/* Counts the undecided near-touches that the screening of the step found
 * up to te, the end of the piece taken (those beyond it are screened again
 * with the steps that follow), and keeps the times of the first
 * ENGINE_UNDECIDED_TIMES of the run, in order of time. */
/*@ requires run: run_ok(R);
  @ requires touches: 0 <= R->touches.n <= ENGINE_TRANS_MAX * SAMPLES_MAX;
  @ requires count: 0 <= R->r->stats.nundecided <=
  @   LONG_MAX - ENGINE_TRANS_MAX * SAMPLES_MAX;
  @ assigns R->touches, R->r->stats.nundecided,
  @   R->r->stats.t_undecided[0 .. ENGINE_UNDECIDED_TIMES - 1];
  @ ensures emptied: R->touches.n == 0;
  @ ensures counted: \old(R->r->stats.nundecided) <= R->r->stats.nundecided <=
  @   \old(R->r->stats.nundecided) + \old(R->touches.n);
  @*/
static void count_touches(run *R, double te)
{
    engine_stats *st = &R->r->stats;
    step_touches *T = &R->touches;
    int i, k;
    /*@ loop invariant 1 <= i && (i <= T->n || T->n <= 1);
      @ loop assigns i, k, T->t[0 .. ENGINE_TRANS_MAX * SAMPLES_MAX - 1];
      @ loop variant T->n - i;
      @*/
    for (i = 1; i < T->n; i++)          /* in order of time */
        /*@ loop invariant 0 <= k <= i;
          @ loop assigns k, T->t[0 .. ENGINE_TRANS_MAX * SAMPLES_MAX - 1];
          @ loop variant k;
          @*/
        for (k = i; k > 0 && T->t[k] < T->t[k - 1]; k--) {
            double x = T->t[k];
            T->t[k] = T->t[k - 1];
            T->t[k - 1] = x;
        }
    /*@ loop invariant 0 <= i <= T->n;
      @ loop invariant count: \at(R->r->stats.nundecided, Pre) <= st->nundecided <=
      @   \at(R->r->stats.nundecided, Pre) + i;
      @ loop assigns i, st->nundecided,
      @   st->t_undecided[0 .. ENGINE_UNDECIDED_TIMES - 1];
      @ loop variant T->n - i;
      @*/
    for (i = 0; i < T->n; i++) {
        if (!(T->t[i] <= te))
            continue;
        if (st->nundecided < ENGINE_UNDECIDED_TIMES)
            st->t_undecided[st->nundecided] = T->t[i];
        st->nundecided++;
    }
    T->n = 0;
}

/* Moves to the end (te, ye, fe) of the accepted piece of step s. */
/* Whether the state ye accepted at te lies outside the instance's proof
 * domain (hybrid_system.outside_domain); then the run fails with
 * COLLIDE_E_DOMAIN and the instance's text. */
/*@ requires run: run_ok(R);
  @ requires ye: \valid_read(ye + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns R->r->diagnosis[0 .. 2047], R->r->status, hybrid_instance;
  @ ensures boolean: \result == 0 || \result == 1;
  @ ensures failed: \result == 1 ==> R->r->status == COLLIDE_E_DOMAIN;
  @ ensures none: R->H->outside_domain == \null ==> \result == 0;
  @*/
static int left_domain(run *R, double te, const double *ye)
{
    char what[512];
    if (!R->H->outside_domain ||
        !call_outside_domain(R->H, te, ye, what, sizeof what))
        return 0;
    fail(R, COLLIDE_E_DOMAIN, what);
    return 1;
}

/* A step of the flow that flow_advance refuses: one that would end before
 * the current instant or at a time that is not finite. */
/*@ requires run: run_ok(R);
  @ assigns R->r->diagnosis[0 .. 2047], R->r->status, hybrid_instance;
  @ ensures failed: \result == COLLIDE_E_STEP && R->r->status == COLLIDE_E_STEP;
  @*/
static collide_status step_refused(run *R, double te)
{
    char what[160];
    snprintf(what, sizeof what, "a step of the flow would end at t = %.17g s, "
             "before the current instant or not finite", te);
    return fail(R, COLLIDE_E_STEP, what);
}

/*@ requires run: run_ok(R) && observer_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ requires end: \valid_read(ye + (0 .. COLLIDE_NY_MAX - 1)) &&
  @   \valid_read(fe + (0 .. COLLIDE_NY_MAX - 1));
  @ requires apart: \separated(ye + (0 .. COLLIDE_NY_MAX - 1), R, R->r) &&
  @   \separated(fe + (0 .. COLLIDE_NY_MAX - 1), R, R->r) &&
  @   \separated(s, R, R->r);
  @ requires touches: 0 <= R->touches.n <= ENGINE_TRANS_MAX * SAMPLES_MAX;
  @ requires count: 0 <= R->r->stats.nundecided <=
  @   LONG_MAX - ENGINE_TRANS_MAX * SAMPLES_MAX;
  @ requires steps: R->r->stats.steps_accepted < LONG_MAX;
  @ requires samples: R->S.n <= SAMPLES_MAX;
  @ assigns *R, *(R->r), hybrid_instance, piece_seen;
  @ behavior refused:
  @   assumes !(\is_finite(te) && \le_double(R->t, te));
  @   ensures refused: \result == COLLIDE_E_STEP && R->t == \old(R->t);
  @ behavior moved:
  @   assumes \is_finite(te) && \le_double(R->t, te);
  @   ensures moved: flow_advance_of(R->t, 1, \old(R->t), te);
  @   ensures state: \forall integer i; 0 <= i < \old(s->n) ==>
  @     R->y[i] == \old(ye[i]);
  @   ensures rate: \forall integer i; 0 <= i < \old(s->n) ==>
  @     R->f[i] == \old(fe[i]);
  @   ensures flow: R->fresh == 0 && R->passed_switching == -1;
  @   ensures first: \old(R->fresh) != 0 && 0 <= \old(R->q) < ENGINE_TRANS_MAX ==>
  @     R->h_start[\old(R->q)] \in {\sub_double(te, \old(s->t0))};
  @   ensures steps: R->r->stats.steps_accepted ==
  @     \old(R->r->stats.steps_accepted) + 1;
  @   ensures status: \result == COLLIDE_OK || \result == COLLIDE_E_DOMAIN ||
  @     \result == COLLIDE_E_INTERRUPT;
  @   ensures told: \result == COLLIDE_OK && R->obs != \null &&
  @     R->obs->on_flow != \null ==>
  @     piece_seen.q == R->q && piece_seen.j == R->j &&
  @     piece_seen.t0 == \old(s->t0) && piece_seen.t1 == te &&
  @     piece_seen.y1 == ye;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static collide_status advance(run *R, const dop853_step_data *s, double te,
                              const double *ye, const double *fe)
{
    int i;
    if (!flow_advance(&R->t, te))   /* t never decreases */
        return step_refused(R, te);
    count_touches(R, te);
    /*@ loop invariant 0 <= i <= s->n;
      @ loop invariant copied: \forall integer c; 0 <= c < i ==>
      @   R->y[c] == ye[c] && R->f[c] == fe[c];
      @ loop assigns i, R->y[0 .. COLLIDE_NY_MAX - 1], R->f[0 .. COLLIDE_NY_MAX - 1];
      @ loop variant s->n - i;
      @*/
    for (i = 0; i < s->n; i++) {
        R->y[i] = ye[i];
        R->f[i] = fe[i];
    }
    /*@ assert copied: \forall integer c; 0 <= c < \at(s->n, Pre) ==>
      @   R->y[c] == \at(ye[c], Pre) && R->f[c] == \at(fe[c], Pre);
      @*/
    if (R->fresh && R->q >= 0 && R->q < ENGINE_TRANS_MAX)
        R->h_start[R->q] = te - s->t0;
    R->fresh = 0;
    R->passed_switching = -1;
    R->r->stats.steps_accepted++;
    if (left_domain(R, te, ye))
        return COLLIDE_E_DOMAIN;
    if (notify_flow(R, s, te, ye))
        return fail(R, COLLIDE_E_INTERRUPT, "stopped by the observer");
    if (te < R->T && R->H->cancelled && call_cancelled(R->H))
        return fail(R, COLLIDE_E_INTERRUPT,
                    "cancelled by the caller during the run");
    return COLLIDE_OK;
}

/* Executes the pending stop at the current instant. */
/*@ requires run: run_ok(R) && observer_ok(R);
  @ requires event: R->pending.kind == STOP_EVENT ==>
  @   0 <= R->pending.index < R->H->ntrans && jump_room(R);
  @ requires counts: R->r->stats.nstops < LONG_MAX &&
  @   R->r->stats.nstops_tail < LONG_MAX;
  @ assigns *R, *(R->r), hybrid_instance, guard_rate_start[0 .. ENGINE_TRANS_MAX - 1],
  @   first_step_heuristic, dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[0 .. 15], root_refine_evals, root_refine_prev,
  @   root_refine_wlo, root_refine_whi, root_refine_s, root_refine_side,
  @   reset_tr, reset_t, reset_from[0 .. COLLIDE_NY_MAX - 1],
  @   reset_to[0 .. COLLIDE_NY_MAX - 1];
  @ behavior switching_point:
  @   assumes R->pending.kind != STOP_EVENT;
  @   ensures ok: \result == COLLIDE_OK;
  @   ensures cleared: R->pending.kind == STOP_NONE && R->retries == 0 &&
  @     \is_plus_infinity(R->switching_goal);
  @   ensures passed: R->passed_switching == \old(R->pending.index) &&
  @     R->passed_sign == \old(R->pending.new_sign);
  @   ensures counts: R->r->stats.nstops == \old(R->r->stats.nstops) + 1 &&
  @     R->r->stats.nstops_tail == \old(R->r->stats.nstops_tail) + 1;
  @   ensures resume: R->h \in {resume_step_of(\old(R->h), \old(R->h_free))};
  @ behavior event:
  @   assumes R->pending.kind == STOP_EVENT;
  @   ensures cleared: R->pending.kind == STOP_NONE;
  @   ensures counts: R->r->stats.nstops == \old(R->r->stats.nstops) + 1 &&
  @     R->r->stats.nevents == \old(R->r->stats.nevents) + 1;
  @   ensures instant: \result == COLLIDE_OK ==> R->t == \old(R->t);
  @   ensures taken: \result == COLLIDE_OK ==>
  @     jump_commit_of(R->j, R->q, \old(R->j),
  @                    R->H->trans[\old(R->pending.index)].to);
  @   ensures reset: reset_tr == \old(R->pending.index) && reset_t == \old(R->t) &&
  @     \forall integer i; 0 <= i < R->H->ny ==> reset_from[i] == \old(R->y[i]);
  @   ensures after: \result == COLLIDE_OK ==>
  @     \forall integer i; 0 <= i < R->H->ny ==> R->y[i] == reset_to[i];
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static collide_status reach_stop(run *R)
{
    stop st = R->pending;
    R->pending.kind = STOP_NONE;
    R->retries = 0;
    R->switching_goal = plus_infinity();
    R->r->stats.nstops++;
    if (st.kind == STOP_EVENT)
        return take_event(R, &st);
    R->r->stats.nstops_tail++;
    R->passed_switching = st.index;
    R->passed_sign = st.new_sign;
    R->h = resume_step(R->h, R->h_free);  /* the step was cut for the stop,
                                             not for the accuracy of the flow
                                             beyond it */
    return COLLIDE_OK;  /* a switching point: the next step starts on the
                           new smooth piece */
}

/* After a rejected step s that was to end at t1: the next size. */
/*@ requires run: run_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ requires flag: \valid(rejected_last);
  @ assigns *R, *(R->r), *rejected_last, hybrid_instance;
  @*/
static collide_status reject(run *R, const dop853_step_data *s, double t1,
                             double err, int *rejected_last)
{
    double h = t1 - R->t;
    R->r->stats.steps_rejected++;
    if (!isfinite(err) && h < 1e-12 * (R->T > 0 ? R->T : 1.0)) {
        char what[160];
        snprintf(what, sizeof what, "NaN or infinity in the state: every step "
                 "from the state below, down to h = %.3g s, leaves the doubles", h);
        return fail(R, COLLIDE_E_NONFINITE, what);
    }
    R->h = isfinite(err) ? dop853_next_h(&R->ctl, h, err, 1) : 0.25 * h;
    R->h = switching_cap(R, s, R->h, !*rejected_last);
    *rejected_last = 1;
    return COLLIDE_OK;
}

/* After an accepted step s whose piece ends at (te, ye, fe): moves there,
 * proposes the next size and executes a stop reached at te. found is the
 * stop the screening of s found, or NULL. */
/*@ requires run: run_ok(R);
  @ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX &&
  @   s->dense_ready != 0;
  @ requires end: \valid_read(ye + (0 .. COLLIDE_NY_MAX - 1)) &&
  @   \valid_read(fe + (0 .. COLLIDE_NY_MAX - 1));
  @ requires found: found == \null || \valid_read(found);
  @ requires flag: \valid(rejected_last);
  @ assigns *R, *(R->r), *rejected_last, hybrid_instance, piece_seen, guard_rate_start[0 .. ENGINE_TRANS_MAX - 1],
  @   first_step_heuristic, dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[0 .. 15], root_refine_evals, root_refine_prev,
  @   root_refine_wlo, root_refine_whi, root_refine_s, root_refine_side,
  @   reset_tr, reset_t, reset_from[0 .. COLLIDE_NY_MAX - 1],
  @   reset_to[0 .. COLLIDE_NY_MAX - 1];
  @*/
static collide_status accept(run *R, const dop853_step_data *s, double te,
                             const double *ye, const double *fe, double err,
                             const stop *found, int *rejected_last)
{
    collide_status cs;
    double h_next = dop853_next_h(&R->ctl, s->h, err, *rejected_last);
    int at_stop = pending_reached(R->pending.kind != STOP_NONE, te,
                                  R->pending.t);
    int cut_short = step_cut_short(te, R->t, R->h_free, R->switching_goal);
    /* the stop's time is read only when one was found */
    if (stop_at_step_end(found != NULL, at_stop, found ? found->t : te, R->t,
                         te)) {
        R->pending = *found;  /* found at the very end of the step */
        at_stop = 1;
    }
    cs = advance(R, s, te, ye, fe);
    if (cs != COLLIDE_OK)
        return cs;
    *rejected_last = 0;
    /* a step cut short says nothing of longer ones */
    R->h = step_proposal(h_next, cut_short, R->h_free);
    R->switching_goal = INFINITY;
    if (!at_stop && !found) {
        stop pk;
        double reach = predict_reach(R->h, s->h);
        if (!cut_short)
            R->h_free = h_next;
        if (te == s->t0 + s->h && predict_switching(R, s, reach, &pk)) {
            double d = pk.t - te;
            switch (switching_plan(d, R->h, te)) {
            case SWITCH_PASS:
                pass_switching(R, &pk);
                break;
            case SWITCH_AIM:
                R->switching_goal = pk.t;
                break;
            default:    /* SWITCH_HALVE: two equal steps to it rather than
                           a long and a short */
                R->h = 0.5 * d;
            }
        }
    }
    if (at_stop)
        return reach_stop(R);
    return COLLIDE_OK;
}

/*@ requires run: run_ok(R);
  @ requires flag: \valid(rejected_last);
  @ assigns *R, *(R->r), *rejected_last, hybrid_instance, piece_seen, guard_rate_start[0 .. ENGINE_TRANS_MAX - 1],
  @   first_step_heuristic, dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[0 .. 15], root_refine_evals, root_refine_prev,
  @   root_refine_wlo, root_refine_whi, root_refine_s, root_refine_side,
  @   reset_tr, reset_t, reset_from[0 .. COLLIDE_NY_MAX - 1],
  @   reset_to[0 .. COLLIDE_NY_MAX - 1];
  @*/
static collide_status one_step(run *R, int *rejected_last)
{
    dop853_step_data s;
    double t1 = step_end(R), err;
    double yst[COLLIDE_NY_MAX], fst[COLLIDE_NY_MAX];
    stop st;
    int got, event_too = 0;
    if (R->r->stats.steps_accepted >= R->o->max_steps)
        return fail(R, COLLIDE_E_STEP, "the bound max_steps on accepted "
                                       "steps was reached");
    if (step_under_floor(R->t, t1, R->T, R->pending.kind != STOP_NONE))
        return fail(R, COLLIDE_E_STEP, "step size under its floor "
                                       "(16 ulp of t)");
    err = dop853_step(rhs, R, R->H->ny, R->t, R->y, R->f, t1 - R->t,
                      R->o->rtol, R->o->atol, &s, &R->r->stats.nfev);
    if (!(err <= 1.0))
        return reject(R, &s, t1, err, rejected_last);
    dop853_dense_prepare(rhs, R, &s, &R->r->stats.nfev);
    got = screen(R, &s, &st, &event_too);
    /* the stop's kind and time are read only when one was found */
    switch (step_outcome(got, got > 0 ? st.kind : STOP_NONE, event_too,
                         got > 0 ? st.t : t1, R->t, t1, R->retries)) {
    case STEP_FAIL_FLOOR:
        return fail(R, COLLIDE_E_STEP, "step size under its floor (16 ulp "
                    "of t): a guard leaves zero at the start of the interval "
                    "and comes back to it within rounding of the start");
    case STEP_FAIL_NONFINITE:
        return fail(R, COLLIDE_E_NONFINITE, "NaN or infinity in a guard or "
                    "its rate at a sample of the step: no crossing can be "
                    "decided there");
    case STEP_FAIL_WIDE: {  /* locate left the text in the diagnosis */
        char what[sizeof R->r->diagnosis];
        memcpy(what, R->r->diagnosis, sizeof what);
        return fail(R, COLLIDE_E_EVENT, what);
    }
    case STEP_FAIL_UNLOCATED:
        return fail(R, COLLIDE_E_EVENT, "an event or switching point could "
                                        "not be located (non-finite guard)");
    case STEP_PASS_SWITCH: {
        /* crossed just before the end, and no event: no new step */
        collide_status cs = accept(R, &s, t1, s.y1, s.f1, err, NULL,
                                   rejected_last);
        if (cs == COLLIDE_OK && R->passed_switching < 0)
            pass_switching(R, &st);
        return cs;
    }
    case STEP_CUT:
        R->pending = st;        /* cut the step: take it again to the stop */
        R->retries++;
        R->h = st.t - R->t;
        return COLLIDE_OK;
    case STEP_STOP_AT_START:
        R->pending = st;        /* an event at the start: no flow */
        return reach_stop(R);
    case STEP_END_AT_STOP:
        /* too close to cut again: the piece ends at the stop, on the
           continuous extension */
        dop853_dense_eval(&s, st.t, yst);
        rhs(R, st.t, yst, fst);
        R->r->stats.nfev++;
        R->pending = st;
        return accept(R, &s, st.t, yst, fst, err, &st, rejected_last);
    case STEP_ACCEPT_STOP:
        return accept(R, &s, t1, s.y1, s.f1, err, &st, rejected_last);
    default:                    /* STEP_ACCEPT: no stop found */
        return accept(R, &s, t1, s.y1, s.f1, err, NULL, rejected_last);
    }
}

/* Rule R2: the state flows only while it is in the flow set. A jump that
 * left it outside (a guard crossed to rounding at a tangency) can only be
 * followed by another: the first transition of the mode enabled there, in
 * the priority order, is taken at once, with margin 0 (no crossing:
 * flagged grazing). Returns 1 when it jumped (or the run stopped). */
/*@ requires run: run_ok(R) && observer_ok(R) && R->r->status == COLLIDE_OK;
  @ requires room: jump_room(R);
  @ assigns R->y[0 .. COLLIDE_NY_MAX - 1], R->q, R->j, R->nlast,
  @   R->last_t[0 .. ENGINE_LAST_EVENTS - 1],
  @   R->last_tr[0 .. ENGINE_LAST_EVENTS - 1],
  @   R->zeno.t[0 .. COLLIDE_ZENO_EVENTS_MAX - 1], R->zeno.count,
  @   R->f[0 .. COLLIDE_NY_MAX - 1], R->fresh,
  @   R->rate0[0 .. ENGINE_TRANS_MAX - 1], R->h, R->h_free,
  @   R->r->stats.nevents, R->r->stats.nstops_tail, R->r->stats.t_tail,
  @   R->r->stats.nfev, R->r->diagnosis[0 .. 2047], R->r->status,
  @   hybrid_instance, guard_rate_start[0 .. ENGINE_TRANS_MAX - 1],
  @   first_step_heuristic, dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[0 .. 15], root_refine_evals, root_refine_prev,
  @   root_refine_wlo, root_refine_whi, root_refine_s, root_refine_side,
  @   reset_tr, reset_t, reset_from[0 .. COLLIDE_NY_MAX - 1],
  @   reset_to[0 .. COLLIDE_NY_MAX - 1];
  @ ensures boolean: \result == 0 || \result == 1;
  @ ensures flows: \result == 0 ==> R->r->status == \old(R->r->status) &&
  @   R->j == \old(R->j) && R->q == \old(R->q) &&
  @   \forall integer i; 0 <= i < R->H->ny ==> R->y[i] == \old(R->y[i]);
  @ ensures jumped: \result == 1 && R->r->status == \old(R->r->status) ==>
  @   0 <= reset_tr < R->H->ntrans &&
  @   R->H->trans[reset_tr].from == \old(R->q) &&
  @   reset_t == \old(R->t) && R->t == \old(R->t) &&
  @   jump_commit_of(R->j, R->q, \old(R->j), R->H->trans[reset_tr].to) &&
  @   \forall integer i; 0 <= i < R->H->ny ==>
  @     reset_from[i] == \old(R->y[i]) && R->y[i] == reset_to[i];
  @*/
static int jump_outside_flow_set(run *R)
{
    const hybrid_system *H = R->H;
    double tau[ENGINE_TRANS_MAX];  /* all at t: the priority decides */
    int elig[ENGINE_TRANS_MAX], tr;
    stop st;
    if (call_in_flow_set(H, R->q, R->t, R->y))
        return 0;
    /*@ loop invariant 0 <= tr <= H->ntrans;
      @ loop invariant mode: \forall integer c; 0 <= c < tr && elig[c] != 0 ==>
      @   H->trans[c].from == R->q;
      @ loop invariant now: \forall integer c; 0 <= c < tr ==> tau[c] == 0.0;
      @ loop assigns tr, elig[0 .. ENGINE_TRANS_MAX - 1],
      @   tau[0 .. ENGINE_TRANS_MAX - 1], hybrid_instance;
      @ loop variant H->ntrans - tr;
      @*/
    for (tr = 0; tr < H->ntrans; tr++) {
        tau[tr] = 0.0;
        elig[tr] = H->trans[tr].from == R->q &&
                   call_enabled(H, tr, R->t, R->y);
    }
    tr = event_select(H->ntrans, tau, elig);
    if (tr < 0) {
        fail(R, COLLIDE_E_EVENT, "the state is outside the flow set and no "
             "transition is enabled");
        return 1;
    }
    st.kind = STOP_EVENT;
    st.index = tr;
    st.t = st.lo = st.hi = R->t;
    st.margin = st.margin_res = 0.0;
    st.new_sign = 0;
    take_event(R, &st);
    return 1;
}

/*@ requires system: system_ok(H);
  @ requires options: \valid_read(o);
  @ requires observer: obs == \null || \valid_read(obs);
  @ requires y0: \valid_read(y0 + (0 .. H->ny - 1));
  @ requires result: \valid(r) && \separated(r, H, o);
  @ assigns *r, hybrid_instance, piece_seen, guard_rate_start[0 .. ENGINE_TRANS_MAX - 1],
  @   first_step_heuristic, dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[0 .. 15], root_refine_evals, root_refine_prev,
  @   root_refine_wlo, root_refine_whi, root_refine_s, root_refine_side,
  @   reset_tr, reset_t, reset_from[0 .. COLLIDE_NY_MAX - 1],
  @   reset_to[0 .. COLLIDE_NY_MAX - 1];
  @*/
collide_status engine_run(const hybrid_system *H, const engine_options *o,
                          const engine_observer *obs, double T,
                          const double *y0, int q0, engine_result *r)
{
    run R;
    int rejected_last = 0;
    memset(&R, 0, sizeof R);
    memset(r, 0, sizeof *r);
    R.H = H;
    R.o = o;
    R.obs = obs;
    R.r = r;
    R.T = T;
    R.q = q0;
    R.fresh = 1;
    R.passed_switching = -1;
    R.switching_goal = INFINITY;
    R.ctl = dop853_control_default(o->rtol, o->atol, o->h_max);
    memcpy(R.y, y0, sizeof(double) * (size_t)H->ny);
    r->status = COLLIDE_OK;
    r->initial_c_and_d = call_in_flow_set(H, q0, 0.0, R.y) &&
                         call_in_jump_set(H, q0, 0.0, R.y);
    if (!finite_vector(H->ny, R.y))
        fail(&R, COLLIDE_E_NONFINITE, "non-finite initial state");
    if (r->status == COLLIDE_OK && T > 0.0) {
        call_flow(H, R.q, 0.0, R.y, R.f);
        r->stats.nfev++;
        record_start_rates(&R);
        R.h = dop853_initial_h(rhs, &R, H->ny, 0.0, R.y, R.f, T, &R.ctl,
                               &r->stats.nfev);
    }
    while (r->status == COLLIDE_OK && R.t < T) {
        if (R.fresh && jump_outside_flow_set(&R))
            continue;
        if (one_step(&R, &rejected_last) != COLLIDE_OK)
            break;
    }
    r->t = R.t;
    r->j = R.j;
    r->q = R.q;
    memcpy(r->y, R.y, sizeof(double) * (size_t)H->ny);
    return r->status;
}
