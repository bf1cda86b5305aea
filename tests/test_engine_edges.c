/* test_engine_edges.c - the generic engine on the smallest hybrid system
 * with a closed form, a ball bouncing on a floor (x' = v, v' = -g; at
 * x = 0 falling, v <- -e v): bounce times, the state between bounces, the
 * Zeno stop at the accumulation of bounces, and the ways a run ends other
 * than at T (an observer's stop, a non-finite initial state, a flow map
 * that leaves the doubles, T = 0). The system gives none of the optional
 * parts (switching functions, breakpoints, names, observer). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "engine.h"

#define G 9.81
#define E 0.5
#define H0 1.0

typedef struct ball {
    double nan_after;        /* the flow map gives NaN beyond this time */
    double hole;             /* the guard gives NaN for 0 < x < hole */
    int sink;                /* the reset leaves the ball falling, 1 nm
                                below the floor: outside the flow set */
    double times[64];        /* bounce times seen by the observer */
    int n, stop_at;          /* the observer stops at bounce stop_at (> 0) */
    int flows, stop_flow_at; /* ... or at flow piece stop_flow_at (> 0) */
} ball;

static const hybrid_transition bounce[] = {{"bounce", 0, 0, -1}};

static void flow(void *ctx, int q, double t, const double *y, double *dy)
{
    const ball *b = ctx;
    (void)q;
    dy[0] = t > b->nan_after ? NAN : y[1];
    dy[1] = -G;
}

static double guard(void *ctx, int tr, double t, const double *y)
{
    const ball *b = ctx;
    (void)tr; (void)t;
    return y[0] > 0.0 && y[0] < b->hole ? NAN : y[0];
}

static double guard_rate(void *ctx, int tr, double t, const double *y,
                         const double *dy)
{
    (void)ctx; (void)tr; (void)t; (void)y;
    return dy[0];
}

static int enabled(void *ctx, int tr, double t, const double *y)
{
    (void)ctx; (void)tr; (void)t;
    return y[1] <= 0.0;
}

static void reset(void *ctx, int tr, double t, const double *y, double *ynew)
{
    const ball *b = ctx;
    (void)tr; (void)t;
    ynew[0] = b->sink ? -1e-9 : 0.0;
    ynew[1] = b->sink ? E * y[1] : -E * y[1];
}

static int in_flow(void *ctx, int q, double t, const double *y)
{
    (void)ctx; (void)q; (void)t;
    return y[0] >= 0.0 || y[1] >= 0.0;
}

static int in_jump(void *ctx, int q, double t, const double *y)
{
    (void)ctx; (void)q; (void)t;
    return y[0] <= 0.0 && y[1] <= 0.0;
}

static int on_event(void *ctx, const event_rec *e)
{
    ball *b = ctx;
    if (b->n < 64)
        b->times[b->n] = e->t;
    b->n++;
    return b->n == b->stop_at ? COLLIDE_E_INTERRUPT : 0;
}

static int on_flow(void *ctx, const flow_piece *p)
{
    ball *b = ctx;
    (void)p;
    b->flows++;
    return b->flows == b->stop_flow_at;
}

static hybrid_system ball_system(ball *b)
{
    hybrid_system H;
    memset(&H, 0, sizeof H);
    H.ny = 2;
    H.ntrans = 1;
    H.trans = bounce;
    H.ctx = b;
    H.flow = flow;
    H.guard = guard;
    H.guard_rate = guard_rate;
    H.enabled = enabled;
    H.reset = reset;
    H.in_flow_set = in_flow;
    H.in_jump_set = in_jump;
    return H;
}

static engine_options ball_options(void)
{
    engine_options o;
    memset(&o, 0, sizeof o);
    o.rtol = 1e-12;
    o.atol = 1e-15;
    o.h_max = HUGE_VAL;
    o.graze_tol = 1e-6;
    o.zeno_events = 16;
    o.zeno_window = 1e-3;
    o.max_steps = 100000;
    o.samples_per_step = 8;
    return o;
}

/* Runs the ball from rest at height H0 up to T with options o (NULL: those
 * of ball_options); obs may be NULL. */
static collide_status run_ball_with(ball *b, const engine_observer *obs,
                                    const engine_options *o, double T,
                                    engine_result *r)
{
    hybrid_system H = ball_system(b);
    engine_options d = ball_options();
    const double y0[2] = {H0, 0.0};
    return engine_run(&H, o ? o : &d, obs, T, y0, 0, r);
}

static collide_status run_ball(ball *b, const engine_observer *obs, double T,
                               engine_result *r)
{
    return run_ball_with(b, obs, NULL, T, r);
}

/* First bounce at t1 = sqrt(2 H0 / g) with speed v1 = g t1; bounce k + 1
 * follows bounce k after 2 e^k v1 / g = 2 e^k t1. */
static double bounce_time(int k)
{
    double t1 = sqrt(2.0 * H0 / G), t = t1;
    int i;
    for (i = 1; i < k; i++)
        t += 2.0 * pow(E, i) * t1;
    return t;
}

/* Whether the observer saw at least 10 bounces, the first 10 at their
 * closed-form times to 1e-12 of the accumulation time 3 t1. */
static int first_bounces_ok(const ball *b)
{
    int k, ok = b->n >= 10;
    for (k = 0; ok && k < 10; k++)
        ok = fabs(b->times[k] - bounce_time(k + 1)) <= 1e-12 * 3.0 * bounce_time(1);
    return ok;
}

/* Without an observer or switching functions: one bounce before T = 1.5
 * t1, and the state at T from the closed form to the tolerance asked,
 * rtol = 1e-12 of the scale of each component (polynomial flow: DOP853 is
 * exact on it, what is left is rounding and the bounce time). */
static void between_bounces(void)
{
    ball b = {HUGE_VAL, 0.0, 0, {0}, 0, 0, 0, 0};
    engine_result r;
    double t1 = bounce_time(1), T = 1.5 * t1, s = T - t1;
    double v = E * G * t1;
    collide_status st = run_ball(&b, NULL, T, &r);
    check_true(st == COLLIDE_OK && r.stats.nevents == 1 && r.j == 1,
               "ball: one bounce before 1.5 t1, with no observer");
    check_close(r.y[0], v * s - 0.5 * G * s * s, 0.0, 1e-12 * H0,
                "ball: height at T from the closed form, to rtol of H0");
    check_close(r.y[1], v - G * s, 0.0, 1e-12 * G * t1,
                "ball: velocity at T (the apex, 0) from the closed form, to "
                "rtol of the impact speed");
}

/* The observer sees the bounce times of the closed form; bounces
 * accumulate at 3 t1 (e = 1/2), where the run stops as Zeno: 16 bounces
 * within 1 ms. */
static void bounce_times_and_zeno(void)
{
    ball b = {HUGE_VAL, 0.0, 0, {0}, 0, 0, 0, 0};
    engine_observer obs = {&b, NULL, on_event};
    engine_result r;
    double t_inf = 3.0 * bounce_time(1);
    collide_status st = run_ball(&b, &obs, 2.0, &r);
    check_true(first_bounces_ok(&b), "ball: the first 10 bounce times to 1e-12");
    check_true(st == COLLIDE_E_ZENO, "ball: the accumulation of bounces "
                                     "stops the run as Zeno");
    check_range(r.t, t_inf - 1e-3, t_inf, "ball: the Zeno stop within the "
                                          "window before the accumulation time");
    check_true(strstr(r.diagnosis, "mode 0, state (") != NULL &&
                   strstr(r.diagnosis, "'bounce' at t = ") != NULL,
               "ball: an unnamed mode and state in the diagnosis, and the "
               "last bounces");
}

/* An observer's non-zero return stops the run with that status. */
static void observer_stops(void)
{
    ball b = {HUGE_VAL, 0.0, 0, {0}, 0, 3, 0, 0};
    engine_observer obs = {&b, on_flow, on_event};
    engine_result r;
    collide_status st = run_ball(&b, &obs, 2.0, &r);
    check_true(st == COLLIDE_E_INTERRUPT && b.n == 3 &&
                   strstr(r.diagnosis, "stopped by the observer") != NULL,
               "ball: an event observer stops the run at the third bounce");
    memset(&b, 0, sizeof b);
    b.nan_after = HUGE_VAL;
    b.stop_flow_at = 2;
    st = run_ball(&b, &obs, 2.0, &r);
    check_true(st == COLLIDE_E_INTERRUPT && b.flows == 2 &&
                   strstr(r.diagnosis, "stopped by the observer") != NULL,
               "ball: a flow observer stops the run at the second piece");
}

/* A non-finite initial state, and a flow map that gives NaN after 0.1 s,
 * stop the run as non-finite; T = 0 is a run of no step. */
static void non_finite_and_empty(void)
{
    ball b = {HUGE_VAL, 0.0, 0, {0}, 0, 0, 0, 0};
    hybrid_system H = ball_system(&b);
    engine_options o = ball_options();
    const double y_inf[2] = {H0, INFINITY};
    engine_result r;
    collide_status st = engine_run(&H, &o, NULL, 1.0, y_inf, 0, &r);
    check_true(st == COLLIDE_E_NONFINITE &&
                   strstr(r.diagnosis, "non-finite initial state") != NULL,
               "ball: a non-finite initial state is refused");
    b.nan_after = 0.1;
    st = run_ball(&b, NULL, 1.0, &r);
    check_true(st == COLLIDE_E_NONFINITE &&
                   strstr(r.diagnosis, "NaN or infinity") != NULL,
               "ball: a flow map that gives NaN stops the run");
    check_range(r.t, 0.0, 0.1, "ball: ... at the last state before 0.1 s");
    b.nan_after = HUGE_VAL;
    st = run_ball(&b, NULL, 0.0, &r);
    check_true(st == COLLIDE_OK && r.t == 0.0 && r.y[0] == H0 &&
                   r.stats.steps_accepted == 0,
               "ball: T = 0 takes no step and returns the initial state");
}

/* Options at the ends of their ranges: screening with 1 sample per step
 * (0 asks for fewer, clamped up) and with 64 (1000 asks for more, clamped
 * down) finds the same bounces; zeno_events = 0 turns the Zeno stop off,
 * and then the floor of the step size (16 ulp of t) ends the run near the
 * accumulation time instead. */
static void option_ends(void)
{
    int samples[2] = {0, 1000}, i;
    engine_options o = ball_options();
    engine_result r;
    collide_status st;
    for (i = 0; i < 2; i++) {
        ball b = {HUGE_VAL, 0.0, 0, {0}, 0, 0, 0, 0};
        engine_observer obs = {&b, NULL, on_event};
        char name[120];
        o.samples_per_step = samples[i];
        run_ball_with(&b, &obs, &o, 2.0, &r);
        snprintf(name, sizeof name, "ball: samples_per_step = %d (clamped) "
                 "finds the first 10 bounces", samples[i]);
        check_true(first_bounces_ok(&b), name);
    }
    {
        ball b = {HUGE_VAL, 0.0, 0, {0}, 0, 0, 0, 0};
        o = ball_options();
        o.zeno_events = 0;
        st = run_ball_with(&b, NULL, &o, 2.0, &r);
        check_true(st == COLLIDE_E_STEP && r.stats.nevents > 16 &&
                       strstr(r.diagnosis, "step size under its floor") != NULL,
                   "ball: without the Zeno stop, the step size floor ends the run");
        /* the bounce times are accurate to rtol (1e-12, relative): the
           run ends within that of the accumulation time, or before */
        check_range(r.t, 3.0 * bounce_time(1) - 1e-3,
                    3.0 * bounce_time(1) * (1.0 + 1e-12),
                    "ball: ... at the accumulation time to rtol, or just "
                    "before it");
    }
}

/* A guard that cannot be evaluated near its root (NaN for 0 < x < 1e-9
 * m, about 14 ns of the fall) leaves the crossing unlocatable: the run
 * stops with that diagnosis rather than take or miss the bounce. */
static void unlocatable(void)
{
    ball b = {HUGE_VAL, 1e-9, 0, {0}, 0, 0, 0, 0};
    engine_result r;
    collide_status st = run_ball(&b, NULL, 1.0, &r);
    check_true(st == COLLIDE_E_EVENT &&
                   strstr(r.diagnosis, "could not be located") != NULL,
               "ball: a guard with no value near its root: 'could not be located'");
    check_range(r.t, 0.0, bounce_time(1), "ball: ... stopped before the bounce");
}

/* A guard that is NaN at samples of a step (0 < x < 0.5: the ball passes
 * there for 0.3 s before its bounce at x = 0) is no sign test: the run
 * stops as non-finite instead of taking the NaN as 'no crossing' and
 * missing the bounce (before: COLLIDE_OK without the bounce). */
static void nonfinite_guard_samples(void)
{
    ball b = {HUGE_VAL, 0.5, 0, {0}, 0, 0, 0, 0};
    engine_result r;
    collide_status st = run_ball(&b, NULL, 1.0, &r);
    check_true(st == COLLIDE_E_NONFINITE &&
                   strstr(r.diagnosis, "NaN or infinity in a guard") != NULL,
               "ball: a guard NaN at the samples stops the run as non-finite");
    check_range(r.t, 0.0, bounce_time(1), "ball: ... before the bounce");
}

/* An event the root finder does not narrow to t_tol or to adjacent
 * doubles within its evaluations stops the run (root_max_iter = 1 leaves
 * the bracket of the first bounce wide), and the diagnosis names the
 * event and its bracket; with the default (0: 400 evaluations) the same
 * bounce is located. */
static void wide_bracket(void)
{
    ball b = {HUGE_VAL, 0.0, 0, {0}, 0, 0, 0, 0};
    engine_options o = ball_options();
    engine_result r;
    collide_status st;
    double lo, hi;
    o.root_max_iter = 1;
    st = run_ball_with(&b, NULL, &o, 1.0, &r);
    check_true(st == COLLIDE_E_EVENT &&
                   strstr(r.diagnosis, "the event 'bounce' not located in 1 "
                                       "evaluations: bracket [") != NULL &&
                   strstr(r.diagnosis, "wider than t_tol = 0 s and not "
                                       "adjacent doubles") != NULL,
               "ball: a bracket left wide by root_max_iter = 1 stops the run, "
               "naming the event and the bracket");
    check_true(sscanf(strstr(r.diagnosis, "bracket [") + 9, "%lf, %lf", &lo,
                      &hi) == 2 && lo < bounce_time(1) && bounce_time(1) < hi &&
                   nextafter(lo, HUGE_VAL) < hi,
               "ball: ... a bracket of more than adjacent doubles around the "
               "first bounce");
    check_range(r.t, 0.0, bounce_time(1), "ball: ... stopped before the bounce");
    o.root_max_iter = 0;
    st = run_ball_with(&b, NULL, &o, 0.5 * (bounce_time(1) + bounce_time(2)),
                       &r);
    check_true(st == COLLIDE_OK && r.j == 1,
               "ball: with the default evaluations the first bounce is located");
}

typedef struct jumps_seen {
    int n, grazing, at_first;  /* events; flagged grazing; at the first's t */
    double t0;
} jumps_seen;

static int count_jumps(void *ctx, const event_rec *e)
{
    jumps_seen *j = ctx;
    if (j->n == 0)
        j->t0 = e->t;
    j->n++;
    j->grazing += e->d.grazing != 0;
    j->at_first += e->t == j->t0;
    return 0;
}

/* Rule R2: a reset that leaves the ball below the floor and falling puts
 * it outside the flow set (x >= 0 or v >= 0), where it cannot flow: the
 * bounce, enabled there, is taken again at once, with margin 0 (flagged
 * grazing), until the Zeno stop. */
static void outside_flow_set(void)
{
    ball b = {HUGE_VAL, 0.0, 1, {0}, 0, 0, 0, 0};
    jumps_seen j = {0, 0, 0, 0.0};
    engine_observer obs = {&j, NULL, count_jumps};
    engine_result r;
    collide_status st = run_ball(&b, &obs, 2.0, &r);
    check_true(st == COLLIDE_E_ZENO && j.n == 16,
               "R2: outside the flow set, 16 jumps and the Zeno stop");
    check_true(j.at_first == 16 && j.grazing == 15,
               "R2: every jump at the time of the first bounce, each after "
               "the first flagged grazing");
    check_close(r.t, bounce_time(1), 1e-12, 0, "R2: ... at the first bounce time");
}

/* Rule R2 with a transition of another mode listed first, enabled
 * wherever the bounce is: outside the flow set only a transition of the
 * current mode is taken (jump_outside_flow_set), so every jump is still
 * the bounce. */
static const hybrid_transition other_first[] = {{"other", 1, 1, -1},
                                                {"bounce", 0, 0, -1}};

typedef struct bounces_seen {
    int n, bounces;        /* events; of them, the bounce's (row 1) */
} bounces_seen;

static int count_bounces(void *ctx, const event_rec *e)
{
    bounces_seen *j = ctx;
    j->n++;
    j->bounces += e->d.tr == 1;
    return 0;
}

static void outside_flow_set_own_mode(void)
{
    ball b = {HUGE_VAL, 0.0, 1, {0}, 0, 0, 0, 0};
    bounces_seen j = {0, 0};
    engine_observer obs = {&j, NULL, count_bounces};
    engine_options o = ball_options();
    engine_result r;
    hybrid_system H = ball_system(&b);
    double y0[2] = {H0, 0.0};
    collide_status st;
    H.ntrans = 2;
    H.trans = other_first;
    st = engine_run(&H, &o, &obs, 2.0, y0, 0, &r);
    check_true(st == COLLIDE_E_ZENO && j.n == 16 && j.bounces == 16,
               "R2: outside the flow set, only the mode's own transition "
               "is taken (16 bounces, none of the other mode)");
}

int main(void)
{
    between_bounces();
    bounce_times_and_zeno();
    observer_stops();
    non_finite_and_empty();
    option_ends();
    unlocatable();
    nonfinite_guard_samples();
    wide_bracket();
    outside_flow_set();
    outside_flow_set_own_mode();
    return check_summary("test_engine_edges");
}
