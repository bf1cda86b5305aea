/* test_closed_forms.c - runs against closed-form solutions: the clamped
 * linear law of Example V.2 (Props. V.22-V.24), the Hertz elastic impact
 * (SHCCL with c = 0) and free flight under gravity. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "impact.h"
#include "sim_fixture.h"
#include "builtin.h"

/* The paper's tolerances (rtol 1e-11) over a few hundred steps: the
 * requirement of the simulator issue is 1e-10 relative. */
#define REL 1e-10

static const double PI = 3.14159265358979323846;

static const char *const grid[] = {"samples=201", NULL};

/* Example V.2: x0 = 0.01, v0 = -1, k = 1e4, m = 1: omega = 100
 * (Eq. 176), t1 = 0.01 (Eq. 177), t2 = t1 + pi/omega (Eq. 178). */
static void example_v2(void)
{
    scenario s;
    sim_result r;
    const double v0 = -1.0, x0 = 0.01, om = 100.0, T = 0.1;
    const double t1 = -x0 / v0, t2 = t1 + PI / om;
    layout L;
    int i, bad = 0;
    double worst = 0.0;
    collide_status st = fixture_run("example-v2", grid, &s, &r);
    L = layout_make(s.model.sys, s.model.law->nz);
    check_true(st == COLLIDE_OK, "example-v2 runs");
    check_true(r.ncollisions == 1, "example-v2: one collision");
    check_true(r.nevents == 2, "example-v2: two jumps (Eq. 183)");
    if (r.ncollisions != 1)
        return;
    check_close(r.collisions[0].t_e, t1, REL, 0, "V.2 contact at t1 (Eq. 177)");
    check_close(r.collisions[0].t_s, t2, REL, 0, "V.2 separation at t2 (Eq. 178)");
    check_close(r.collisions[0].t_d, PI / om, REL, 0, "V.2 duration pi/omega");
    check_close(r.collisions[0].v_s, -v0, REL, 0, "V.2 exit velocity -v0");
    check_close(r.collisions[0].e, 1.0, REL, 0, "V.2 e = 1");
    check_close(r.collisions[0].xc_max, -v0 / om, REL, 0,
                "V.2 greatest indentation |v0|/omega (Eq. 182)");
    check_close(r.collisions[0].Fc_max, 1e4 * (-v0 / om), REL, 0,
                "V.2 greatest force k |v0|/omega");
    check_close(r.collisions[0].J_Fc, 2.0, REL, 0, "V.2 impulse m (v_s - v_i)");
    check_close(r.collisions[0].W, 0.0, 0, REL * 0.5,
                "V.2 no energy surrendered (elastic)");
    check_true(r.end.q == 0, "V.2 apart after t2 (chi^c, Eq. 184)");
    check_close(r.end.y[L.x], -v0 * (T - t2), REL, 0,
                "V.2 x(T) = -v0 (T - t2) (Eq. 184)");
    /* every grid sample against Eqs. (180), (181), (184) */
    for (i = 0; i < r.nsamples; i++) {
        const sample_rec *p = &r.samples[i];
        double t = p->t, x, v, err;
        if (p->boundary)
            continue;
        if (t <= t1) {
            x = x0 + v0 * t;
            v = v0;
        } else if (t <= t2) {
            x = v0 / om * sin(om * (t - t1));
            v = v0 * cos(om * (t - t1));
        } else {
            x = -v0 * (t - t2);
            v = -v0;
        }
        err = fmax(fabs(p->y[L.x] - x) / x0, fabs(p->y[L.v] - v) / fabs(v0));
        if (err > worst)
            worst = err;
        if (err > REL)
            bad++;
    }
    printf("example-v2: worst sample error %.3g (relative to x0, |v0|)\n",
           worst);
    check_true(r.nsamples >= 201 && bad == 0,
               "V.2 samples follow Eqs. (180)-(184) to 1e-10");
    sim_result_free(&r);
}

/* Hertz: Phi = k x_c |x_c|^(1/2), m = 1, k = 1e9, v0 = -1. Energy
 * 1/2 m v^2 + 2/5 k |x_c|^(5/2) is conserved, so the greatest
 * indentation is d = (5 m v0^2 / (4 k))^(2/5) and the duration
 * t_d = 2 (d/|v0|) int_0^1 (1 - u^(5/2))^(-1/2) du
 *     = 2 (d/|v0|) (2/5) B(2/5, 1/2). */
static void hertz(void)
{
    scenario s;
    sim_result r;
    const double m = 1.0, k = 1e9, v0 = -1.0;
    double d = pow(5.0 * m * v0 * v0 / (4.0 * k), 0.4);
    double beta = exp(lgamma(0.4) + lgamma(0.5) - lgamma(0.9));
    double td = 2.0 * d / fabs(v0) * 0.4 * beta;
    collide_status st = fixture_run("hertz", NULL, &s, &r);
    check_true(st == COLLIDE_OK, "hertz runs");
    check_true(r.ncollisions == 1, "hertz: one collision");
    if (r.ncollisions != 1)
        return;
    check_close(r.collisions[0].t_e, 0.01, REL, 0, "hertz contact at x0/|v0|");
    check_close(r.collisions[0].t_d, td, REL, 0,
                "hertz duration through the Beta function");
    check_close(r.collisions[0].e, 1.0, REL, 0, "hertz e = 1");
    check_close(r.collisions[0].xc_max, d, REL, 0,
                "hertz greatest indentation (5 m v0^2/4k)^(2/5)");
    check_close(r.collisions[0].Fc_max, k * pow(d, 1.5), REL, 0,
                "hertz greatest force k d^(3/2)");
    check_close(r.collisions[0].xc_r, 0.0, 0, 1e-12 * d,
                "hertz no residual indentation");
    check_true(r.events[1].d.grazing,
               "hertz separation flagged grazing (dPhi/dt = 0 at x_c = 0)");
    sim_result_free(&r);
}

/* Free flight of study 1: x = x0 - g t^2 / 2 until x = 0 at
 * t = sqrt(2 x0 / g), v = -sqrt(2 g x0). Polynomial of degree 2: the
 * 8th-order method is exact up to rounding, so the first step may span
 * the whole flight and the event is located to rounding. */
static const char *free_flight_text(void)
{
    static char text[4096];
    const char *p = strstr(scenario_builtin_text("study1"), "\nT = ");
    size_t n = p ? (size_t)(p - scenario_builtin_text("study1")) + 1 : 0;
    memcpy(text, scenario_builtin_text("study1"), n);
    snprintf(text + n, sizeof text - n, "T = 0.07\n");
    return text;
}

static void free_flight(void)
{
    scenario s;
    sim_result r;
    const double x0 = 0.020, g = 9.81;
    collide_status st = fixture_run_text(free_flight_text(), &s, &r);
    check_true(st == COLLIDE_OK, "free flight runs");
    check_true(r.nevents >= 1, "free flight ends in a contact");
    if (r.nevents < 1)
        return;
    check_close(r.events[0].t, sqrt(2.0 * x0 / g), 1e-14, 0,
                "free flight: contact at sqrt(2 x0/g)");
    check_close(r.events[0].before[1], -sqrt(2.0 * g * x0), 1e-14, 0,
                "free flight: approach velocity -sqrt(2 g x0)");
    check_true(r.events[0].d.tr == TR_COMMENCE_TOUCH,
               "free flight: commence-at-touch");
    check_close(r.events[0].margin, sqrt(2.0 * g * x0), 1e-14, 0,
                "free flight: margin -dx/dt = |v|");
    sim_result_free(&r);
}

int main(void)
{
    example_v2();
    hertz();
    free_flight();
    return check_summary("test_closed_forms");
}
