/* test_differential.c - binary64 against the high-precision mode on random
 * valid scenarios (doc/tests.md).
 *
 * Scenario s (s = 1, 2, ...) is drawn by a splitmix64 generator seeded
 * with s alone, so that one scenario is reproduced by its seed whatever
 * else runs: law and system cycle with s (every law on both systems in
 * any eight consecutive seeds), everything else is drawn around the
 * paper's tables (Tables I-III, Example V.2): masses from 1e-3 to 1 kg and
 * in H_f a mass ratio m2/m1 from 1e-3 to 1e3, impact velocities from 1e-6
 * to 10 m/s (log-uniform), no input, gravity or a constant force, and a
 * horizon of a few contact durations, so that every run is short.
 *
 * Each scenario runs in binary64 (sim_run) and at 128 bits (mp_run), as
 * `collide run` and `collide run --precision 128` do. A scenario passes
 * when
 *   - both runs end with status 0 within their step bounds (max_steps is
 *     set below; the MPFR mode's own bound on work per simulated time
 *     applies too), the binary64 one after its ledger check
 *     (sim_ledger_verdict), the MPFR one with a ledger residual within
 *     1e-24 of its scale (the digits `collide run --precision 128` claims
 *     and warns below);
 *   - they take the same transitions at the same times (to K eps T),
 *     event by event, and have the same number of collisions and the same
 *     contact at T; unless the runs part after an event flagged grazing in
 *     either at t > 0 where the relative velocity v is within its
 *     resolution (a tangency of the motion, which may or may not be taken
 *     within the tolerance; at t = 0 the state is the given data, exact
 *     in both modes, and rules R1 and R2 must decide alike; a Hertzian
 *     separation at x_c = 0 is flagged grazing for its flat Phi while x
 *     crosses 0 at v_s), and then up to the parting;
 *   - the observables of every collision and of the contact at T (t_e,
 *     t_s, v_i, v_s, e, x_c^max, F_c^max, x_c^r, W, J_Fc, J_Fe) and the
 *     state (x, v) at T agree within the tolerance below, and e is NaN in
 *     both or in neither.
 * Once per program, the first seed's scenario with samples = 0 must give
 * a sample at t = 0 and at t = T in both modes.
 *
 * Tolerance. A step of binary64 is accepted when the root-mean-square
 * over the components of its estimated local error over rtol |y| + atol
 * is at most 1, so that no component errs by more than sqrt(ny) <= 3
 * times that; the MPFR reference is exact to these digits. eps = rtol +
 * atol / x_ref, x_ref the scale of the indentation (the smallest state
 * scale: atol is relatively largest there), is the relative accuracy a
 * step keeps. A run here takes at most a few hundred steps, whose errors
 * add up, and the maps from the state to the observables (an event time
 * through a crossing at a transversal rate, a ratio of velocities for e)
 * amplify them by a factor of order 1 to 10, so the observables are
 * compared to K eps with K = 1e4, relative to the scale of their quantity
 * in the run: T for times; for velocities the bound of |v| over each
 * contact, |v_i| + (|J_Fc| + |J_Fe|) / m (both forces keep their sign);
 * (1 + |e|) times that over |v_i| for e = -v_s / v_i; m times it for the
 * impulses and m times its square for W; the largest x_c^max for x_c^max
 * and x_c^r; the largest F_c^max for F_c^max (at least m times the
 * velocity scale over T, as J_Fc <= F_c^max T); lengths and velocities
 * at least atol / eps (atol is their absolute resolution); the state at T to
 * max(|x(T)|, x_ref, x_c^max) and the velocity scale, plus atol (the
 * absolute resolution of x and v: a state at rest in H_f under gravity,
 * whose relative acceleration rounds to 1e-15 g). So a quantity that
 * is 0 to its resolution (W of an elastic contact, v_s of a contact
 * borne by a large input) is not asked for digits it cannot have. Over
 * seeds 1 to 500 the largest difference was 2.0e3 eps (seed 391).
 *
 * Usage: test_differential [--first N] [--count K] [--seed S] [--print]
 *   --seed S is --first S --count 1; --print writes the scenario file of
 *   each seed to stdout and runs nothing. The environment variables
 *   COLLIDE_DIFF_FIRST and COLLIDE_DIFF_COUNT set the defaults (make
 *   stress). A failure prints its seed, what failed and the scenario
 *   text, which `collide run FILE` and `collide run FILE --precision 128`
 *   run again. */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#include "check.h"
#include "impact.h"
#include "mp_sim.h"
#include "sim_fixture.h"

#define DEFAULT_COUNT 48     /* scenarios of make test */
#define BITS 128
#define MP_CLAIM 24          /* digits collide run --precision 128 claims */
#define K_TOL 1e4            /* see "Tolerance" above */
#define B64_MAX_STEPS 2000000
#define MP_MAX_STEPS 200000

/* ---- the generator ------------------------------------------------------ */

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double uniform(uint64_t *s, double lo, double hi)
{
    return lo + (hi - lo) * (double)(splitmix64(s) >> 11) * 0x1p-53;
}

static double log_uniform(uint64_t *s, double lo, double hi)
{
    return exp(uniform(s, log(lo), log(hi)));
}

static const char *const law_names[4] = {"bwshccl", "bwmcl", "shccl",
                                         "clamped"};

/* Appends printf-style text to buf (of size n, used *len). */
static void put(char *buf, size_t n, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void put(char *buf, size_t n, size_t *len, const char *fmt, ...)
{
    va_list ap;
    int k;
    va_start(ap, fmt);
    k = vsnprintf(buf + *len, n - *len, fmt, ap);
    va_end(ap);
    if (k > 0 && (size_t)k < n - *len)
        *len += (size_t)k;
}

/* The scenario text of seed `seed` into buf; *x_ref gets the scale of the
 * indentation (the tolerance's x_ref). One scenario in eight each starts
 * touching (x0 = 0), at rest on the surface (x0 = v0 = 0), a rounding
 * away from it (x0 from 1e-15 to 1e-12 m), or bounces several times under
 * its input; the others approach from a gap of 1e-5 to 1e-3 s of flight. */
static void generate(uint64_t seed, char *buf, size_t n, double *x_ref)
{
    uint64_t st = seed;
    size_t len = 0;
    int law = (int)((seed - 1) % 4), hf = (int)(((seed - 1) / 4) % 2);
    int input = (int)(splitmix64(&st) % 3); /* none, gravity, constant */
    int shape = (int)(splitmix64(&st) % 8);
    double m1 = log_uniform(&st, 1e-3, 1.0), m2 = m1, m;
    double v = log_uniform(&st, 1e-6, 10.0), tau = log_uniform(&st, 1e-5,
                                                               1e-3);
    double x0 = v * tau;
    double p = 1.5, k, kH = log_uniform(&st, 5e7, 5e8), klin;
    double alpha = uniform(&st, 0.2, 0.8), A = log_uniform(&st, 0.5, 2.0);
    int nexp = 1 + (int)(splitmix64(&st) % 2);
    double beta = pow(log_uniform(&st, 3e3, 7e4), nexp);
    double gamma = beta * uniform(&st, -1.0, 1.0);
    double c_ratio = log_uniform(&st, 0.05, 10.0), c_max = log_uniform(&st,
                                                                   1e2, 1e5);
    double zero_c = splitmix64(&st) % 4 == 0;
    double vm = log_uniform(&st, 1e-6, 10.0) *
                (splitmix64(&st) % 2 ? 1.0 : -1.0);
    double f1 = log_uniform(&st, 0.1, 100.0), f2 = log_uniform(&st, 0.1,
                                                               100.0);
    double rtol = log_uniform(&st, 1e-13, 1e-9), span = log_uniform(&st, 2.0,
                                                                    8.0);
    double tiny = log_uniform(&st, 1e-15, 1e-12);
    double bounces = uniform(&st, 1.0, 4.0);
    double energy, vi, delta, xs, a, tc, T;
    const double xref = 1e-5;
    int pk = (int)(splitmix64(&st) % 4);
    if (hf)
        m2 = m1 * log_uniform(&st, 1e-3, 1e3);
    klin = kH * sqrt(xref) * log_uniform(&st, 1e-4, 1e-1);
    m = hf ? m1 * m2 / (m1 + m2) : m1;
    if (law != 3)
        p = pk == 1 ? 1.0 : pk == 2 ? 2.0 : 1.5;
    k = kH * pow(xref, 1.5 - p);     /* the same force at 10 um */
    if (shape == 3 && input == 0)
        input = 1 + (int)(seed % 2);
    if (shape == 0 || shape == 1)
        x0 = 0.0;
    if (shape == 1)
        v = 0.0;
    if (shape == 2)
        x0 = tiny;
    /* the approach: a the acceleration towards contact by the input, vi
     * the impact speed; then the indentation where the energy is stored
     * or where the input is borne, and the contact duration */
    a = input == 1 ? (hf ? 0.0 : 9.81)
        : input == 2 ? f1 / m1 + (hf ? f2 / m2 : 0.0) : 0.0;
    vi = sqrt(v * v + 2 * a * x0);
    energy = 0.5 * m * vi * vi;
    delta = law == 3 ? sqrt(2 * energy / klin)
                     : pow((p + 1) * energy / k, 1 / (p + 1));
    xs = law == 3 ? m * a / klin : pow(m * a / k, 1 / p);
    tc = vi > 0 ? 3 * delta / vi : INFINITY;   /* the impact's duration */
    delta = fmax(delta, 2 * xs);
    if (a > 0)   /* a period of the oscillation where the input is borne */
        tc = fmin(tc, 2 * M_PI * sqrt(delta / a));
    if (!(delta > 0) || !isfinite(tc)) {    /* nothing touches */
        delta = xref;
        tc = tau;
    }
    T = fmin(x0 / fmax(v, 1e-300), 4 * tau);
    if (a > 0)
        T = fmin(T, sqrt(2 * x0 / a));
    T += span * tc;
    if (shape == 3 && a > 0)
        T += bounces * 2 * vi / a;
    *x_ref = delta;

    put(buf, n, &len, "# differential scenario, seed %llu\n",
        (unsigned long long)seed);
    put(buf, n, &len, "system = %s\nlaw = %s\n", hf ? "Hf" : "Hr",
        law_names[law]);
    if (law == 3) {
        put(buf, n, &len, "k = %.6g\n", klin);
    } else {
        put(buf, n, &len, "k = %.6g\np = %.6g\n", k, p);
        if (law != 2)
            put(buf, n, &len, "alpha = %.4g\nA = %.4g\nbeta = %.6g\n"
                "gamma = %.6g\nn = %d\n", alpha, A, beta, gamma, nexp);
        if (law == 1)
            put(buf, n, &len, "c = %.6g\n", c_max);
        else
            put(buf, n, &len, "c = %.6g\n", zero_c ? 0.0 : k * c_ratio);
    }
    if (hf)
        put(buf, n, &len, "m1 = %.6g\nm2 = %.6g\n", m1, m2);
    else
        put(buf, n, &len, "m = %.6g\n", m1);
    put(buf, n, &len, "x0 = %.6g\nv0 = %.6g\n", x0, v > 0 ? -v : 0.0);
    if (x0 == 0)    /* x0 + l1 + l2 > 0 (Section IV-A) */
        put(buf, n, &len, "l1 = 0.01\n");
    if (hf)
        put(buf, n, &len, "xm0 = 0\nvm0 = %.6g\n", vm);
    if (input == 0)
        put(buf, n, &len, "input = none\n");
    else if (input == 1)
        put(buf, n, &len, "input = gravity\ng = 9.81\n");
    else if (hf)
        put(buf, n, &len, "input = constant\nF1 = %.6g\nF2 = %.6g\n",
            -f1, f2);
    else
        put(buf, n, &len, "input = constant\nF = %.6g\n", -f1);
    put(buf, n, &len, "T = %.6g\nrtol = %.4g\natol = %.4g\nsamples = 2\n",
        T, rtol, rtol * 1e-2 * delta);
}

/* ---- the comparison ----------------------------------------------------- */

/* The largest difference seen, in units of eps times its scale. */
static double worst_ratio, seed_ratio;
static uint64_t worst_seed, seed_now;
static uint64_t exempt_seeds[64];   /* the first runs that parted */

typedef struct verdict {
    int failed;
    char text[4096];
    size_t len;
} verdict;

#define NOTE(V, ...) do { (V)->failed = 1; \
    put((V)->text, sizeof (V)->text, &(V)->len, "  " __VA_ARGS__); } while (0)

enum { Q_TE, Q_TS, Q_VI, Q_VS, Q_E, Q_XCMAX, Q_FCMAX, Q_XCR, Q_W, Q_JFC,
       Q_JFE, Q_N };
static const char *const q_names[Q_N] = {"t_e", "t_s", "v_i", "v_s", "e",
    "xc_max", "Fc_max", "xc_r", "W", "J_Fc", "J_Fe"};
static const int q_mp[Q_N] = {TC_TE, TC_TS, TC_VI, TC_VS, TC_E, TC_XCMAX,
    TC_FCMAX, TC_XCR, TC_W, TC_JFC, TC_JFE};

static void b64_values(const collision_rec *c, double *q)
{
    q[Q_TE] = c->t_e; q[Q_TS] = c->t_s; q[Q_VI] = c->v_i; q[Q_VS] = c->v_s;
    q[Q_E] = c->e; q[Q_XCMAX] = c->xc_max; q[Q_FCMAX] = c->Fc_max;
    q[Q_XCR] = c->xc_r; q[Q_W] = c->W; q[Q_JFC] = c->J_Fc;
    q[Q_JFE] = c->J_Fe;
}

/* Compares the runs; fills v. */
static void compare(const scenario *s, double x_ref, const sim_result *b,
                    const mp_result *r, verdict *v, int *exempt)
{
    int k, i, nb, graze = -1, diverge = -1, nc, final = 0;
    double eps = s->opt.engine.rtol + s->opt.engine.atol / x_ref;
    double scale[Q_N] = {0}, mass = s->model.m, vscale = 0, vs, vres;
    double escale[64];
    double qb[64][Q_N], qm[64][Q_N];
    /* the resolution of v: K (eps |v|max + atol), |v|max over v0 and
     * the events of both runs */
    vres = fabs(s->model.v0);
    for (k = 0; k < b->nevents; k++)
        vres = fmax(vres, fmax(fabs(b->events[k].before[1]),
                               fabs(b->events[k].after[1])));
    for (k = 0; k < r->nevents; k++)
        vres = fmax(vres, fabs(mpfr_get_d(r->events[k].before[1],
                                          MPFR_RNDN)));
    vres = K_TOL * (eps * vres + s->opt.engine.atol);
    /* the events: the same transitions at the same times (to K eps T),
     * up to the first that differs after a grazing event of either run */
    for (k = 0; k < b->nevents || k < r->nevents; k++) {
        double tm = k < r->nevents ? mpfr_get_d(r->events[k].t, MPFR_RNDN)
                                   : NAN;
        /* a grazing event at t = 0 is no excuse: the initial state is
         * the given data in both modes, exact, and rules R1 and R2 decide
         * on it alike (a ball at rest on the surface); nor is one where
         * the bodies move apart or together at a speed beyond the
         * resolution of v (the Hertzian separation at x_c = 0, flagged
         * for its flat Phi, where x crosses 0 at v = v_s): only a
         * tangency of the motion may or may not be taken */
        if (graze < 0 &&
            ((k < b->nevents && b->events[k].d.grazing && b->events[k].t > 0
              && fabs(b->events[k].before[1]) <= vres) ||
             (k < r->nevents && r->events[k].d.grazing && tm > 0 &&
              fabs(mpfr_get_d(r->events[k].before[1], MPFR_RNDN)) <= vres)))
            graze = k;
        if (k < b->nevents && k < r->nevents &&
            b->events[k].d.tr == r->events[k].d.tr &&
            fabs(b->events[k].t - tm) <= K_TOL * eps * s->model.T)
            continue;
        diverge = k;
        if (graze >= 0)
            break;
        if (k >= b->nevents || k >= r->nevents)
            NOTE(v, "events: binary64 %d, MPFR %d (no tangency before)\n",
                 b->nevents, r->nevents);
        else
            NOTE(v, "event %d: binary64 %s at t = %.12g, MPFR %s at t = "
                 "%.12g (no tangency before)\n", k,
                 transition_name(b->events[k].d.tr), b->events[k].t,
                 transition_name(r->events[k].d.tr), tm);
        return;
    }
    if (diverge >= 0) {
        printf("  exempt: the runs part at event %d (binary64 %d events, "
               "MPFR %d) after event %d, grazing in binary64 %d, MPFR %d; "
               "compared before it\n", diverge, b->nevents, r->nevents,
               graze, graze < b->nevents && b->events[graze].d.grazing,
               graze < r->nevents && r->events[graze].d.grazing);
        if (*exempt < 64)
            exempt_seeds[*exempt] = seed_now;
        (*exempt)++;
    } else if (b->ncollisions != r->ncollisions ||
               b->final_contact != r->final_contact)
        NOTE(v, "collisions: binary64 %d%s, MPFR %d%s\n", b->ncollisions,
             b->final_contact ? " and a final contact" : "",
             r->ncollisions, r->final_contact ? " and a final contact" : "");
    if (v->failed)
        return;
    /* the collisions whose both events precede the parting */
    nb = b->ncollisions < r->ncollisions ? b->ncollisions : r->ncollisions;
    nc = 0;
    for (i = 0; i < nb && i < 64; i++) {
        int j;
        if (diverge >= 0 && 2 * i + 1 >= diverge)
            break;
        b64_values(&b->collisions[i], qb[i]);
        for (j = 0; j < Q_N; j++)
            qm[i][j] = mpfr_get_d(r->collisions[i].v[q_mp[j]], MPFR_RNDN);
        for (j = 0; j < Q_N; j++)
            if (isfinite(qm[i][j]))
                scale[j] = fmax(scale[j], fabs(qm[i][j]));
        /* |v| over the contact is at most |v_i| + (|J_Fc| + |J_Fe|)/m
         * (both forces keep their sign): the scale of its error */
        vs = fabs(qm[i][Q_VI]) + (fabs(qm[i][Q_JFC]) + fabs(qm[i][Q_JFE])) /
             mass;
        vscale = fmax(vscale, vs);
        /* e = -v_s / v_i: de = (dv_s + |e| dv_i) / |v_i| */
        escale[i] = fmax(1.0, (1 + fabs(qm[i][Q_E])) * vs /
                                   fabs(qm[i][Q_VI]));
        nc++;
    }
    /* the contact under way at T, observed up to T (t_s = T) */
    if (diverge < 0 && b->final_contact && r->final_contact && nc < 64) {
        int j;
        final = 1;
        b64_values(&b->final_partial, qb[nc]);
        for (j = 0; j < Q_N; j++)
            qm[nc][j] = mpfr_get_d(r->final_partial.v[q_mp[j]], MPFR_RNDN);
        for (j = 0; j < Q_N; j++)
            if (isfinite(qm[nc][j]))
                scale[j] = fmax(scale[j], fabs(qm[nc][j]));
        vs = fabs(qm[nc][Q_VI]) + (fabs(qm[nc][Q_JFC]) +
                                   fabs(qm[nc][Q_JFE])) / mass;
        vscale = fmax(vscale, vs);
        escale[nc] = fmax(1.0, (1 + fabs(qm[nc][Q_E])) * vs /
                                    fabs(qm[nc][Q_VI]));
        nc++;
    }
    /* atol is the absolute resolution of x and v: no scale below it (a
     * state at rest in H_f under gravity moves by its rounding) */
    vscale = fmax(vscale, s->opt.engine.atol / eps);
    scale[Q_XCMAX] = fmax(scale[Q_XCMAX], s->opt.engine.atol / eps);
    scale[Q_FCMAX] = fmax(scale[Q_FCMAX], mass * vscale / s->model.T);
    scale[Q_VI] = scale[Q_VS] = vscale;
    scale[Q_TE] = scale[Q_TS] = s->model.T;
    scale[Q_XCR] = fmax(scale[Q_XCR], scale[Q_XCMAX]);
    scale[Q_JFC] = scale[Q_JFE] = fmax(scale[Q_JFC], mass * vscale);
    scale[Q_W] = fmax(scale[Q_W], mass * vscale * vscale);
    for (i = 0; i < nc; i++) {
        int j;
        for (j = 0; j < Q_N; j++) {
            double sc = j == Q_E ? escale[i] : scale[j];
            double d = fabs(qb[i][j] - qm[i][j]), tol = K_TOL * eps * sc;
            if (!isnan(qm[i][j]))
                seed_ratio = fmax(seed_ratio, d / (eps * sc));
            if (!isnan(qm[i][j]) && d / (eps * sc) > worst_ratio) {
                worst_ratio = d / (eps * sc);
                worst_seed = seed_now;
            }
            if (isnan(qb[i][j]) != isnan(qm[i][j]) ||
                (!isnan(qm[i][j]) && !(d <= tol)))
                NOTE(v, "%s %d: %s binary64 %.12g, MPFR %.12g: "
                     "difference %.3g of its scale %.3g, allowed %.3g\n",
                     i < nc - final ? "collision" : "contact at T", i + 1,
                     q_names[j], qb[i][j], qm[i][j],
                     d / sc, sc, K_TOL * eps);
        }
    }
    /* the state at T: x to the scale of the indentation or of x itself,
     * v to the scale of the velocities */
    for (k = 0, i = -1; k < r->nsamples; k++)   /* the last sample at T */
        if (mpfr_get_d(r->samples[k].t, MPFR_RNDN) == s->model.T)
            i = k;
    if (diverge < 0 && i < 0)
        NOTE(v, "MPFR: no sample at T = %.9g (the trajectory ends at T)\n",
             s->model.T);
    if (diverge < 0 && i >= 0) {
        const mp_sample *e = &r->samples[i];
        double xm = mpfr_get_d(e->y[0], MPFR_RNDN);
        double vm = mpfr_get_d(e->y[1], MPFR_RNDN);
        double sx = fmax(fabs(xm), fmax(x_ref, scale[Q_XCMAX]));
        double sv = fmax(fmax(fabs(vm), fabs(s->model.v0)), vscale);
        double ax = s->opt.engine.atol;   /* the absolute resolution of x, v */
        if (!(fabs(b->end.y[0] - xm) <= K_TOL * (eps * sx + ax)) ||
            !(fabs(b->end.y[1] - vm) <= K_TOL * (eps * sv + ax)))
            NOTE(v, "state at T = %.9g: x binary64 %.12g, MPFR %.12g "
                 "(scale %.3g), v binary64 %.12g, MPFR %.12g (scale %.3g); "
                 "allowed %.3g of the scale + %.3g\n",
                 mpfr_get_d(e->t, MPFR_RNDN),
                 b->end.y[0], xm, sx, b->end.y[1], vm, sv, K_TOL * eps,
                 K_TOL * ax);
        else {
            double w = fmax(fabs(b->end.y[0] - xm) / (eps * sx + ax),
                            fabs(b->end.y[1] - vm) / (eps * sv + ax));
            seed_ratio = fmax(seed_ratio, w);
            if (w > worst_ratio) {
                worst_ratio = w;
                worst_seed = seed_now;
            }
        }
    }
}

/* The MPFR ledger: |residual| <= 10^-MP_CLAIM scale. */
static int mp_ledger_ok(const mp_result *r, double *ratio)
{
    double res = mpfr_get_d(r->ledger.v[5], MPFR_RNDN);
    double sc = mpfr_get_d(r->ledger.v[6], MPFR_RNDN);
    *ratio = sc > 0 ? fabs(res) / sc : fabs(res);
    return sc == 0 ? res == 0 : *ratio <= pow(10.0, -MP_CLAIM);
}

/* Runs seed `seed` in both modes; 1 when it passes. */
static int run_seed(uint64_t seed, double *cpu_b, double *cpu_m,
                    int *exempt)
{
    char text[4096], err[512], what[96];
    double x_ref, ratio;
    scenario s;
    sim_result b;
    mp_model M;
    mp_result r;
    mp_options o;
    verdict v;
    clock_t c0;
    int mp_ok;
    memset(&v, 0, sizeof v);
    seed_now = seed;
    seed_ratio = 0;
    generate(seed, text, sizeof text, &x_ref);
    if (scenario_parse(text, "differential", &s, err, sizeof err) !=
        COLLIDE_OK) {
        NOTE(&v, "the scenario is refused: %s\n", err);
        goto report;
    }
    s.opt.engine.max_steps = B64_MAX_STEPS;
    memset(&b, 0, sizeof b);
    c0 = clock();
    sim_run(&s.model, &s.opt, &b);
    *cpu_b = (double)(clock() - c0) / CLOCKS_PER_SEC;
    if (b.status != COLLIDE_OK)
        NOTE(&v, "binary64: status %d at t = %.9g: %s\n", (int)b.status,
             b.end.t, b.diagnosis);
    memset(&r, 0, sizeof r);
    c0 = clock();
    mp_ok = mp_model_init(&M, &s, BITS, err, sizeof err) == COLLIDE_OK;
    if (!mp_ok) {
        NOTE(&v, "MPFR: the model does not build: %s\n", err);
    } else {
        o = mp_options_default(&s.opt, BITS);
        o.run.engine.max_steps = MP_MAX_STEPS;
        mp_run(&M, &o, &r);
        if (r.status != COLLIDE_OK)
            NOTE(&v, "MPFR: status %d: %s\n", (int)r.status, r.diagnosis);
        else if (!mp_ledger_ok(&r, &ratio))
            NOTE(&v, "MPFR: ledger residual %.3g of its scale, above "
                 "1e-%d\n", ratio, MP_CLAIM);
    }
    *cpu_m = (double)(clock() - c0) / CLOCKS_PER_SEC;
    if (!v.failed)
        compare(&s, x_ref, &b, &r, &v, exempt);
    printf("seed %llu: %s %s, %d/%d collisions, %d/%d events, %ld steps, "
           "largest difference %.3g eps, "
           "%.2f s + %.2f s\n", (unsigned long long)seed,
           s.model.sys == SYS_HF ? "Hf" : "Hr", s.model.law->name,
           b.ncollisions, r.ncollisions, b.nevents, r.nevents,
           b.end.stats.steps_accepted, seed_ratio, *cpu_b,
           *cpu_m);
    if (mp_ok) {
        mp_result_free(&r);
        mp_model_clear(&M);
    }
    sim_result_free(&b);
report:
    if (v.failed)
        printf("FAILED seed %llu (test_differential --seed %llu):\n%s"
               "scenario:\n%s\n", (unsigned long long)seed,
               (unsigned long long)seed, v.text, text);
    snprintf(what, sizeof what, "seed %llu: binary64 and %d bits agree",
             (unsigned long long)seed, BITS);
    check_true(!v.failed, what);
    return !v.failed;
}

/* Both modes sample the ends 0 and T whatever samples is (doc/scenario.md),
 * 0 included: the scenario of the first seed run with
 * samples = 0. */
static void ends_check(uint64_t seed)
{
    char text[4096], err[512];
    double x_ref, t;
    scenario s;
    sim_result b;
    mp_model M;
    mp_result r;
    mp_options o;
    int k, b0 = 0, bT = 0, m0 = 0, mT = 0;
    generate(seed, text, sizeof text, &x_ref);
    if (scenario_parse(text, "differential", &s, err, sizeof err) !=
        COLLIDE_OK)
        return;
    s.opt.n_samples = 0;
    memset(&b, 0, sizeof b);
    memset(&r, 0, sizeof r);
    sim_run(&s.model, &s.opt, &b);
    for (k = 0; k < b.nsamples; k++) {
        b0 |= b.samples[k].t == 0 && !b.samples[k].boundary;
        bT |= b.samples[k].t == s.model.T && !b.samples[k].boundary;
    }
    if (mp_model_init(&M, &s, BITS, err, sizeof err) == COLLIDE_OK) {
        o = mp_options_default(&s.opt, BITS);
        mp_run(&M, &o, &r);
        for (k = 0; k < r.nsamples; k++) {
            t = mpfr_get_d(r.samples[k].t, MPFR_RNDN);
            m0 |= t == 0 && !r.samples[k].boundary;
            mT |= t == s.model.T && !r.samples[k].boundary;
        }
        mp_result_free(&r);
        mp_model_clear(&M);
    }
    sim_result_free(&b);
    printf("samples = 0 (seed %llu): a sample at 0 and at T in binary64 "
           "%d %d, at %d bits %d %d\n", (unsigned long long)seed, b0, bT,
           BITS, m0, mT);
    check_true(b0 && bT && m0 && mT, "samples = 0: both modes sample "
               "t = 0 and t = T");
}

static long env_long(const char *name, long dflt)
{
    const char *e = getenv(name);
    char *end;
    long x;
    if (!e || !*e)
        return dflt;
    x = strtol(e, &end, 10);
    return *end == '\0' && x >= 0 ? x : dflt;
}

int main(int argc, char **argv)
{
    long first = env_long("COLLIDE_DIFF_FIRST", 1);
    long count = env_long("COLLIDE_DIFF_COUNT", DEFAULT_COUNT);
    long s, passed = 0;
    int i, print = 0, exempt = 0;
    double cpu_b = 0, cpu_m = 0, tb = 0, tm = 0, worst = 0;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--print"))
            print = 1;
        else if (i + 1 < argc && !strcmp(argv[i], "--first"))
            first = atol(argv[++i]);
        else if (i + 1 < argc && !strcmp(argv[i], "--count"))
            count = atol(argv[++i]);
        else if (i + 1 < argc && !strcmp(argv[i], "--seed")) {
            first = atol(argv[++i]);
            count = 1;
        } else {
            fprintf(stderr, "usage: test_differential [--first N] "
                    "[--count K] [--seed S] [--print]\n");
            return 2;
        }
    }
    if (first < 1 || count < 0) {
        fprintf(stderr, "test_differential: seeds start at 1\n");
        return 2;
    }
    if (!print && count > 0)
        ends_check((uint64_t)first);
    for (s = first; s < first + count; s++) {
        if (print) {
            char text[4096];
            double x_ref;
            generate((uint64_t)s, text, sizeof text, &x_ref);
            fputs(text, stdout);
            continue;
        }
        passed += run_seed((uint64_t)s, &cpu_b, &cpu_m, &exempt);
        tb += cpu_b;
        tm += cpu_m;
        worst = fmax(worst, cpu_b + cpu_m);
        fflush(stdout);
    }
    if (print)
        return 0;
    printf("seeds %ld to %ld: %ld of %ld agree (%d compared only up to a "
           "grazing event); cpu binary64 %.1f s, MPFR %.1f s, slowest "
           "scenario %.1f s\n", first, first + count - 1, passed, count,
           exempt, tb, tm, worst);
    if (exempt > 0) {
        printf("parted after a grazing event:");
        for (i = 0; i < exempt && i < 64; i++)
            printf(" %llu", (unsigned long long)exempt_seeds[i]);
        printf("\n");
    }
    printf("largest difference of an observable: %.3g eps of its scale "
           "(seed %llu), allowed %g\n", worst_ratio,
           (unsigned long long)worst_seed, K_TOL);
    return check_summary("test_differential");
}
