/* test_engine.c - the event engine (event semantics, doc/design.md): a guard that crosses
 * and recrosses within one step is not missed, a nearly tangent crossing
 * is located, chattering stops with a diagnosis, and stepping to the
 * switching points makes the accuracy follow the tolerance; no accepted
 * step straddles a switching point; the crossing back after a dip hidden
 * between the first two samples of a flow interval is found when the
 * dip's component turns back twice within two samples. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "engine.h"
#include "impact.h"
#include "sim_fixture.h"

/* Free flight with x0 = 1 mm, v0 = -1 m/s under an upward force F on
 * m = 1 kg: x(t) = x0 + v0 t + F t^2 / 2. Polynomial steps grow without
 * bound, so a step can span the whole dip below x = 0; the engine must
 * still find the first root t = (1 - sqrt(1 - 2 F x0)) / F. */
static void dip(const char *F, double f, const char *name)
{
    char text[512];
    scenario s;
    sim_result r;
    double x0 = 1e-3, want = (1.0 - sqrt(1.0 - 2.0 * f * x0)) / f;
    snprintf(text, sizeof text,
             "system = Hr\nlaw = clamped\nk = 1e4\nm = 1\nx0 = 0.001\n"
             "v0 = -1\ninput = constant\nF = %s\nT = 1\n", F);
    fixture_run_text(text, &s, &r);
    check_true(r.nevents >= 1 && r.events[0].d.tr == TR_COMMENCE_TOUCH, name);
    if (r.nevents >= 1)
        check_close(r.events[0].t, want, 1e-12, 0,
                    "dip: the first crossing at its closed-form time");
    sim_result_free(&r);
}

/* No crossing when the dip stays above x = 0 (x_min = x0 - m v0^2 / 2F). */
static void no_dip(void)
{
    static const char text[] =
        "system = Hr\nlaw = clamped\nk = 1e4\nm = 1\nx0 = 0.001\n"
        "v0 = -1\ninput = constant\nF = 500.001\nT = 1\n";
    scenario s;
    sim_result r;
    fixture_run_text(text, &s, &r);
    check_true(r.status == COLLIDE_OK && r.nevents == 0,
               "no dip: a flight that turns 2 nm above the obstacle has no event");
    sim_result_free(&r);
}

/* zeno_events events within zeno_window stop the run as Zeno. */
static void zeno(void)
{
    const char *const opts[] = {"zeno_events=2", "zeno_window=1", NULL};
    scenario s;
    sim_result r;
    collide_status st = fixture_run("example-v2", opts, &s, &r);
    check_true(st == COLLIDE_E_ZENO, "zeno: two events within 1 s stop the run");
    check_true(strstr(r.diagnosis, "Zeno") != NULL &&
                   strstr(r.diagnosis, "; t = ") != NULL &&
                   strstr(r.diagnosis, ", mode ") != NULL &&
                   strstr(r.diagnosis, "state (x = ") != NULL,
               "zeno: the diagnosis names Zeno, the time, the mode and the state");
    check_true(strstr(r.diagnosis, "last events: '") != NULL &&
                   strstr(r.diagnosis, "' at t = ") != NULL,
               "zeno: the diagnosis names the last events and their times");
    sim_result_free(&r);
}

/* The error of the first collision of study 1 against a run at rtol 1e-14
 * falls with the tolerance: from rtol 1e-7 to 1e-10 by at least a factor
 * 100 (it would stall at the error of the non-smooth points were they not
 * stepped to). */
static double first_collision_error(const char *rtol, const sim_result *ref)
{
    char opt[64];
    const char *opts[3];
    scenario s;
    sim_result r;
    double err = HUGE_VAL;
    snprintf(opt, sizeof opt, "rtol=%s", rtol);
    opts[0] = opt;
    opts[1] = "atol=1e-16";
    opts[2] = NULL;
    fixture_run("study1", opts, &s, &r);
    if (r.ncollisions > 0) {
        const collision_rec *a = &r.collisions[0], *b = &ref->collisions[0];
        err = fmax(fabs(a->e - b->e) / b->e,
                   fmax(fabs(a->xc_r - b->xc_r) / b->xc_r,
                        fabs(a->W - b->W) / b->W));
    }
    sim_result_free(&r);
    return err;
}

static void accuracy_follows_tolerance(void)
{
    const char *const tight[] = {"rtol=1e-14", "atol=1e-18", NULL};
    scenario s;
    sim_result ref;
    double e7, e10;
    fixture_run("study1", tight, &s, &ref);
    if (ref.ncollisions < 1) {
        check_true(0, "study1 reference run");
        return;
    }
    e7 = first_collision_error("1e-7", &ref);
    e10 = first_collision_error("1e-10", &ref);
    printf("study1 first collision: error %.3g at rtol 1e-7, %.3g at 1e-10\n",
           e7, e10);
    check_true(e7 / e10 >= 100.0,
               "accuracy follows the tolerance (1000x tighter: >= 100x smaller error)");
    sim_result_free(&ref);
}

/* A one-mode system with a switching point at every reversal of v:
 * x' = v, v' = -x - 0.2 v - 0.1 |v| (slopes 0.3 and 0.1 on the two sides
 * of v = 0), no transitions. */
static void piecewise_flow(void *ctx, int q, double t, const double *y,
                        double *dy)
{
    (void)ctx; (void)q; (void)t;
    dy[0] = y[1];
    dy[1] = -y[0] - 0.2 * y[1] - 0.1 * fabs(y[1]);
}

static int piecewise_nswitch(void *ctx, int q)
{
    (void)ctx; (void)q;
    return 1;
}

static void piecewise_switching(void *ctx, int q, double t, const double *y,
                         double *out)
{
    (void)ctx; (void)q; (void)t;
    out[0] = y[1];
}

static int piecewise_in_flow(void *ctx, int q, double t, const double *y)
{
    (void)ctx; (void)q; (void)t; (void)y;
    return 1;
}

static int piecewise_in_jump(void *ctx, int q, double t, const double *y)
{
    (void)ctx; (void)q; (void)t; (void)y;
    return 0;
}

typedef struct piece_check {
    int pieces, straddled;
} piece_check;

/* On every accepted piece: v keeps one sign strictly inside it (at 64
 * points of its continuous extension, away from the ends by 1e-6 of its
 * length, beyond the engine's slack of 1e-9). */
static int piecewise_on_flow(void *ctx, const flow_piece *p)
{
    piece_check *c = ctx;
    double len = p->t1 - p->t0, y[COLLIDE_NY_MAX];
    int k, pos = 0, neg = 0;
    c->pieces++;
    for (k = 0; k <= 64; k++) {
        double t = p->t0 + len * (1e-6 + (1.0 - 2e-6) * k / 64.0);
        dop853_dense_eval(p->dense, t, y);
        pos += y[1] > 0.0;
        neg += y[1] < 0.0;
    }
    if (pos && neg)
        c->straddled++;
    return 0;
}

static collide_status piecewise_run(double rtol, piece_check *c,
                                 engine_result *r)
{
    hybrid_system H;
    engine_options o;
    engine_observer obs;
    const double y0[2] = {1.0, -0.1};
    memset(&H, 0, sizeof H);
    H.ny = 2;
    H.flow = piecewise_flow;
    H.in_flow_set = piecewise_in_flow;
    H.in_jump_set = piecewise_in_jump;
    H.nswitch = piecewise_nswitch;
    H.switching = piecewise_switching;
    memset(&o, 0, sizeof o);
    o.rtol = rtol;
    o.atol = 1e-3 * rtol;
    o.h_max = HUGE_VAL;
    o.graze_tol = 1e-6;
    o.max_steps = 1000000;
    o.samples_per_step = 8;
    obs.ctx = c;
    obs.on_flow = piecewise_on_flow;
    obs.on_event = NULL;
    c->pieces = c->straddled = 0;
    return engine_run(&H, &o, &obs, 20.0, y0, 0, r);
}

/* The switching points of v = 0 (about one every pi) are all stepped to:
 * no piece straddles one, every one is a stop, and the error at T falls
 * with the tolerance. */
static void switching_points(void)
{
    static engine_result r7, r10, ref;
    piece_check c;
    double e7, e10;
    collide_status st = piecewise_run(1e-10, &c, &r10);
    check_true(st == COLLIDE_OK, "switching points: the run completes");
    printf("switching points: %d pieces, %ld stops, %ld rhs evaluations\n",
           c.pieces, r10.stats.nstops, r10.stats.nfev);
    check_true(c.pieces > 0 && c.straddled == 0,
               "switching points: no accepted piece has v of both signs inside");
    check_range((double)r10.stats.nstops, 6.0, 7.0,
                "switching points: each of the 6 or 7 reversals of v in "
                "[0, 20] is a stop");
    piecewise_run(1e-14, &c, &ref);
    piecewise_run(1e-7, &c, &r7);
    e7 = fabs(r7.y[0] - ref.y[0]) + fabs(r7.y[1] - ref.y[1]);
    e10 = fabs(r10.y[0] - ref.y[0]) + fabs(r10.y[1] - ref.y[1]);
    printf("switching points: error at T %.3g at rtol 1e-7, %.3g at 1e-10\n",
           e7, e10);
    check_true(e7 / e10 >= 100.0, "switching points: accuracy follows the "
                                  "tolerance (1000x tighter: >= 100x smaller error)");
}

/* A hidden dip whose component turns back twice within two samples. One
 * transition, from mode 0 to mode 1, rising (sigma = +1), always enabled,
 * whose guard is g = w|w| of w = u - 1: on zero with rate 2|w| w' = 0 at
 * the start (u(0) = 1), like Phi of the SHCCL at x_c = 0. The flow is
 * u' = P'(t) = -c (t - a)(t - b), so w = P(t) = -c (t^3/3 - (a + b) t^2/2
 * + a b t) dips below 0 until its turning point a and crosses back at r,
 * the first root of t^2/3 - (a + b) t/2 + a b; u' turns back again at b.
 * With a = 0.4 ms, b = 1.6 ms, c = 8.5e3 (a dip of 1e-6) the first step
 * takes h_max = 8 ms, samples 1 ms apart: w >= 0 at the first sample with
 * u' > 0 there (the dip is between the first two samples), and u' < 0
 * again at the second. The crossing back is found at r, in the step, and
 * not at the start nor never (the turning points are looked for between
 * samples 0 and 1, where the dip is). The flow is a polynomial of t:
 * DOP853 and its continuous extension are exact. */
enum { DIP_TR = 0 };
static const double dip_a = 4e-4, dip_b = 1.6e-3, dip_c = 8.5e3;

static void twice_flow(void *ctx, int q, double t, const double *y,
                       double *dy)
{
    (void)ctx; (void)q; (void)y;
    dy[0] = -dip_c * (t - dip_a) * (t - dip_b);
}

static double twice_guard(void *ctx, int tr, double t, const double *y)
{
    double w = y[0] - 1.0;
    (void)ctx; (void)tr; (void)t;
    return w * fabs(w);
}

static double twice_guard_rate(void *ctx, int tr, double t, const double *y,
                               const double *dy)
{
    (void)ctx; (void)tr; (void)t;
    return 2.0 * fabs(y[0] - 1.0) * dy[0];
}

static int twice_enabled(void *ctx, int tr, double t, const double *y)
{
    (void)ctx; (void)tr; (void)t; (void)y;
    return 1;
}

static void twice_reset(void *ctx, int tr, double t, const double *y,
                        double *ynew)
{
    (void)ctx; (void)tr; (void)t;
    ynew[0] = y[0];
}

static int twice_on_event(void *ctx, const event_rec *e)
{
    double *t_event = ctx;
    if (isnan(*t_event))
        *t_event = e->t;
    return 0;
}

static void hidden_dip_turning_twice(void)
{
    static const hybrid_transition trans[1] = {{"rise", 0, 1, +1}};
    const double y0[1] = {1.0}, a = dip_a, b = dip_b;
    const double r = 1.5 * ((a + b) / 2.0 -
                            sqrt((a + b) * (a + b) / 4.0 - 4.0 * a * b / 3.0));
    hybrid_system H;
    engine_options o;
    engine_observer obs;
    engine_result res;
    double t_event = NAN;
    collide_status st;
    memset(&H, 0, sizeof H);
    H.ny = 1;
    H.ntrans = 1;
    H.trans = trans;
    H.flow = twice_flow;
    H.guard = twice_guard;
    H.guard_rate = twice_guard_rate;
    H.enabled = twice_enabled;
    H.reset = twice_reset;
    H.in_flow_set = piecewise_in_flow;
    H.in_jump_set = piecewise_in_jump;
    memset(&o, 0, sizeof o);
    o.rtol = 1e-10;
    o.atol = 1e-12;
    o.h_max = 8e-3;
    o.graze_tol = 1e-6;
    o.zeno_events = 10;
    o.zeno_window = 1e-9;
    o.max_steps = 1000;
    o.samples_per_step = 8;
    obs.ctx = &t_event;
    obs.on_flow = NULL;
    obs.on_event = twice_on_event;
    st = engine_run(&H, &o, &obs, 8e-3, y0, 0, &res);
    printf("hidden dip turning twice: status %d, first event at %.17g s "
           "(closed form %.17g s), %ld steps\n", (int)st, t_event, r,
           res.stats.steps_accepted);
    check_true(st == COLLIDE_OK && res.stats.nevents == 1 && res.q == 1,
               "hidden dip turning twice: one event, into mode 1");
    check_close(t_event, r, 1e-9, 0.0,
                "hidden dip turning twice: the crossing back after the dip "
                "at its closed-form time");
}

int main(void)
{
    dip("400", 400.0, "dip: a flight dipping 0.25 mm below the obstacle commences");
    dip("499.9", 499.9, "dip: a flight dipping 0.2 um below the obstacle commences");
    no_dip();
    zeno();
    accuracy_follows_tolerance();
    switching_points();
    hidden_dip_turning_twice();
    return check_summary("test_engine");
}
