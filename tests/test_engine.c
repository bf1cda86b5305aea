/* test_engine.c - the event engine (event semantics, doc/design.md): a guard that crosses
 * and recrosses within one step is not missed, a nearly tangent crossing
 * is located, chattering stops with a diagnosis, and stepping to the
 * switching points makes the accuracy follow the tolerance; no accepted
 * step straddles a switching point. */
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

int main(void)
{
    dip("400", 400.0, "dip: a flight dipping 0.25 mm below the obstacle commences");
    dip("499.9", 499.9, "dip: a flight dipping 0.2 um below the obstacle commences");
    no_dip();
    zeno();
    accuracy_follows_tolerance();
    switching_points();
    return check_summary("test_engine");
}
