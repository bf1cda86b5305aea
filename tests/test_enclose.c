/* test_enclose.c - the enclosure of a component of DOP853's continuous
 * extension (src/kernel/enclose.c, spec/bernstein.acsl) and what it adds
 * to the screening of guards (src/b64/engine.c):
 *   - on random polynomials of degree 7 in the nested form, of mixed
 *     scales, and on pieces obtained from them by up to 15 random
 *     halvings, the least and greatest Bernstein coefficients, widened by
 *     the rounding margin bern7_margin, enclose the polynomial evaluated
 *     in long double at 257 points of the piece; the coefficients at the
 *     ends are its values there; bern7_side and bern7_falls hold what
 *     they claim on the points;
 *   - a guard that crosses zero twice between two adjacent samples of a
 *     step, with rates of one sign at both samples (no extremum between
 *     them shows), is missed by the samples alone and found when the
 *     guard is declared a component of the state. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enclose.h"
#include "engine.h"

/* The nested form at th in long double (dop853_dense_u). */
static long double nested(const double *r, long double th)
{
    long double t1 = 1.0L - th;
    long double p = r[4] + th * (r[5] + t1 * (r[6] + th * (long double)r[7]));
    return r[0] + th * (r[1] + t1 * (r[2] + th * (r[3] + t1 * p)));
}

static double uniform(unsigned long long *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*s >> 11) / 9007199254740992.0;
}

/* One random polynomial: coefficients of random signs and magnitudes
 * spread over 10^-12 .. 10^3 times a common scale, some of them zero. */
static void random_nested(unsigned long long *s, double *r)
{
    double scale = pow(10.0, 12.0 * uniform(s) - 6.0);
    int j;
    for (j = 0; j < BERN7_N; j++) {
        double u = uniform(s);
        r[j] = u < 0.1 ? 0.0
             : (uniform(s) < 0.5 ? -1.0 : 1.0) * scale *
                   pow(10.0, 15.0 * uniform(s) - 12.0);
    }
}

static void property(void)
{
    unsigned long long seed = 20261206;
    int trial, bad_hull = 0, bad_end = 0, bad_side = 0, bad_falls = 0;
    int sides = 0, falls = 0;
    for (trial = 0; trial < 4000; trial++) {
        double r[BERN7_N], b[BERN7_N], left[BERN7_N], right[BERN7_N];
        double msum = 0.0;
        long double lo = 0.0L, width = 1.0L;
        int depth = trial % 16, d, j, i;
        random_nested(&seed, r);
        for (j = 0; j < BERN7_N; j++)
            msum += fabs(r[j]);
        bern7_from_nested(r, b);
        if (b[0] != r[0] || b[7] != r[0] + r[1])
            bad_end++;
        for (d = 0; d < depth; d++) {
            bern7_halves(b, left, right);
            width *= 0.5L;
            if (uniform(&seed) < 0.5) {
                memcpy(b, left, sizeof b);
            } else {
                memcpy(b, right, sizeof b);
                lo += width;
            }
        }
        {
            double m = bern7_margin(msum, depth), bmin = b[0], bmax = b[0];
            int side = bern7_side(b, m), fall = bern7_falls(b, 0.0 - 4.0 * m);
            long double prev = 0.0L;
            for (j = 1; j < BERN7_N; j++) {
                bmin = fmin(bmin, b[j]);
                bmax = fmax(bmax, b[j]);
            }
            sides += side != 0;
            falls += fall;
            for (i = 0; i <= 256; i++) {
                long double th = lo + width * ((long double)i / 256.0L);
                long double u = nested(r, th);
                if (u < (long double)bmin - m || u > (long double)bmax + m)
                    bad_hull++;
                if ((side < 0 && u > 2.0L * m) || (side > 0 && u < -2.0L * m))
                    bad_side++;
                if (fall && i > 0 && !(u <= prev + 4.0L * m))
                    bad_falls++;
                prev = u;
            }
        }
    }
    printf("enclosure: 4000 random polynomials, %d pieces on one side, "
           "%d falling\n", sides, falls);
    check_true(bad_end == 0, "b_0 = r_0 and b_7 = r_0 + r_1 (the ends)");
    check_true(bad_hull == 0, "the coefficients +- the margin enclose the "
                              "polynomial on the piece");
    check_true(bad_side == 0, "bern7_side: the piece lies on its side of "
                              "zero up to twice the margin");
    check_true(bad_falls == 0, "bern7_falls: the polynomial does not rise on "
                               "the piece");
    check_true(sides > 100 && falls > 100, "both tests decide on some pieces");
}

/* ---- a double crossing between two samples ------------------------------ */

/* y' = 3 s^2 - W^2 with s = t - C: y = s^3 - W^2 s - DELTA from
 * y(0) (and a constant z = 1e6, which makes the first step the whole
 * run: the initial-step heuristic scales with the size of the state), which crosses zero upwards near s = -W, back down near s = 0 and
 * up again after s = W, beyond T. The one step [0, T] has samples at
 * T k / 8; its last interval [7 T/8, T] holds s from -1.1 W to 0.9 W:
 * the first two crossings lie inside it, the guard is negative and its
 * rate positive at both its ends. */
#define T_END 1e-3
#define W (T_END / 16.0)
#define C (7.0 * T_END / 8.0 + 1.1 * W)
#define DELTA (0.1 * W * W * W)

typedef struct bump {
    int component;      /* the guard_component callback is given */
    int events, steps;
    double t_event, t0[8], t1[8];
} bump;

static const hybrid_transition up[] = {{"up", 0, 1, +1}};

static void bump_flow(void *ctx, int q, double t, const double *y, double *dy)
{
    double s = t - C;
    (void)ctx; (void)q; (void)y;
    dy[0] = 3.0 * s * s - W * W;
    dy[1] = 0.0;
}

static double bump_guard(void *ctx, int tr, double t, const double *y)
{
    (void)ctx; (void)tr; (void)t;
    return y[0];
}

static double bump_rate(void *ctx, int tr, double t, const double *y,
                        const double *dy)
{
    (void)ctx; (void)tr; (void)t; (void)y;
    return dy[0];
}

static int bump_component(void *ctx, int tr)
{
    (void)ctx; (void)tr;
    return 0;
}

static int bump_enabled(void *ctx, int tr, double t, const double *y)
{
    (void)ctx; (void)tr; (void)t; (void)y;
    return 1;
}

static void bump_reset(void *ctx, int tr, double t, const double *y,
                       double *ynew)
{
    (void)ctx; (void)tr; (void)t;
    ynew[0] = y[0];
    ynew[1] = y[1];
}

static int bump_in(void *ctx, int q, double t, const double *y)
{
    (void)ctx; (void)q; (void)t; (void)y;
    return 1;
}

static int bump_on_flow(void *ctx, const flow_piece *p)
{
    bump *b = ctx;
    if (b->steps < 8) {
        b->t0[b->steps] = p->t0;
        b->t1[b->steps] = p->t1;
    }
    b->steps++;
    return 0;
}

static int bump_on_event(void *ctx, const event_rec *e)
{
    bump *b = ctx;
    if (b->events == 0)
        b->t_event = e->t;
    b->events++;
    return 0;
}

static collide_status bump_run(bump *b, engine_result *r)
{
    hybrid_system H;
    engine_options o;
    engine_observer obs;
    double s0 = -C, y0[2];
    y0[0] = s0 * s0 * s0 - W * W * s0 - DELTA;
    y0[1] = 1e6;
    memset(&H, 0, sizeof H);
    H.ny = 2;
    H.ntrans = 1;
    H.trans = up;
    H.ctx = b;
    H.flow = bump_flow;
    H.guard = bump_guard;
    H.guard_rate = bump_rate;
    H.guard_component = b->component ? bump_component : NULL;
    H.enabled = bump_enabled;
    H.reset = bump_reset;
    H.in_flow_set = bump_in;
    H.in_jump_set = bump_in;
    memset(&o, 0, sizeof o);
    o.rtol = 1e-10;
    o.atol = 1e-16;
    o.h_max = T_END;
    o.graze_tol = 1e-6;
    o.max_steps = 1000;
    o.samples_per_step = 8;
    obs.ctx = b;
    obs.on_flow = bump_on_flow;
    obs.on_event = bump_on_event;
    b->events = b->steps = 0;
    return engine_run(&H, &o, &obs, T_END, y0, 0, r);
}

/* The root of s^3 - W^2 s = DELTA near s, by Newton. */
static double crossing_near(double s)
{
    int i;
    for (i = 0; i < 50; i++)
        s -= (s * s * s - W * W * s - DELTA) / (3.0 * s * s - W * W);
    return C + s;
}

static void double_crossing(void)
{
    static engine_result r;
    bump samples = {0, 0, 0, 0.0, {0}, {0}}, enclosed = {1, 0, 0, 0.0, {0}, {0}};
    double first = crossing_near(-W), second = crossing_near(0.0);
    collide_status st = bump_run(&samples, &r);
    printf("double crossing: crossings at t = %.9g (up), %.9g (down); "
           "samples alone: %d steps, %d events\n", first, second,
           samples.steps, samples.events);
    check_true(st == COLLIDE_OK, "samples alone: the run completes");
    check_true(first > 7.0 * T_END / 8.0 && second < T_END &&
               crossing_near(W) > T_END,
               "two crossings between the samples at 7T/8 and T, the third "
               "beyond T");
    check_true(samples.steps == 1 && samples.t0[0] == 0.0 &&
               samples.t1[0] == T_END,
               "samples alone: one step [0, T], samples at T k / 8");
    check_true(samples.events == 0,
               "samples alone: the double crossing is missed (the guard "
               "negative, its rate positive at both samples)");
    st = bump_run(&enclosed, &r);
    printf("double crossing: with the enclosure: %d events, the first at "
           "t = %.17g\n", enclosed.events, enclosed.t_event);
    check_true(st == COLLIDE_OK, "enclosure: the run completes");
    check_true(enclosed.events >= 1 && enclosed.t0[0] == 0.0 &&
               enclosed.t1[0] == enclosed.t_event,
               "enclosure: the first step ends at the first event");
    check_close(enclosed.t_event, first, 1e-9, 0.0,
                "enclosure: the event is the first crossing");
}

int main(void)
{
    property();
    double_crossing();
    return check_summary("test_enclose");
}
