/* test_examples.c - Examples V.1 and V.2 (Section V-E): where the state lies
 * in C and D at once, the computation takes the branch that rules R1 and R2
 * select, and reports such points. */
#include <math.h>

#include "check.h"
#include "impact.h"
#include "sim_fixture.h"

/* Example V.1: x0 = v0 = 0, no force (Eqs. 168-170). The initial state lies
 * in C and in D; R2 (flow while in C) selects chi^a of Eq. (172), the
 * bodies at rest and apart for all time, and excludes the Zeno pair chi^b
 * of Eq. (174). */
static void example_v1(void)
{
    static const char text[] =
        "system = Hr\nlaw = clamped\nk = 1e4\nm = 1\nl1 = 0.01\n"
        "x0 = 0\nv0 = 0\ninput = none\nT = 1\n";
    scenario s;
    sim_result r;
    collide_status st = fixture_run_text(text, &s, &r);
    check_true(st == COLLIDE_OK, "V.1 runs (no Zeno chatter)");
    check_true(r.end.initial_c_and_d, "V.1 reports chi_0 in C and D (Eq. 170)");
    check_true(r.nevents == 0, "V.1 R2 selects chi^a: no jump (Eq. 172)");
    check_true(r.end.q == 0 && r.end.t == 1.0,
               "V.1 apart at rest up to T");
    check_true(r.end.y[0] == 0.0 && r.end.y[1] == 0.0,
               "V.1 state stays (0, 0, 0, 0)");
    sim_result_free(&r);
}

/* Example V.2: at t2 the state (0, -v0, 0, 1) lies in C (Phi = 0 <= 0)
 * and in D (Phi >= 0, v >= 0). The clamped law keeps Phi = 0 for x_c > 0,
 * so flowing on in C (chi^d, Eq. 186) is possible; the engine takes the
 * separation, the guard Phi having reached zero from below with positive
 * margin k v, which is the branch chi^c (Eq. 184) that R1's adhesive
 * extension would select. */
static void example_v2(void)
{
    scenario s;
    sim_result r;
    collide_status st = fixture_run("example-v2", NULL, &s, &r);
    check_true(st == COLLIDE_OK, "V.2 runs");
    check_true(r.nevents == 2, "V.2 two jumps");
    if (r.nevents != 2)
        return;
    check_true(r.events[0].d.tr == TR_COMMENCE_TOUCH,
               "V.2 first jump commences at touch (Prop. V.22)");
    check_true(r.events[0].d.c_and_d_before,
               "V.2 reports (x0 + v0 t1, v0, 0, 0) in C and D");
    check_true(r.events[1].d.tr == TR_SEPARATE, "V.2 second jump separates");
    check_true(r.events[1].d.c_and_d_before,
               "V.2 reports the state at t2 in C and D");
    check_close(r.events[1].margin, 1e4 * 1.0, 1e-9, 0,
                "V.2 separation margin dPhi/dt = k v = 1e4 N/s");
    check_true(!r.events[1].d.grazing, "V.2 separation is transverse");
    check_true(r.end.q == 0, "V.2 chi^c: apart after t2, not chi^d");
    sim_result_free(&r);
}

/* A guard that is zero at the start of an interval is not an event unless
 * it then crosses in its declared orientation: after a commencement
 * Phi(0, 0, v) = 0 (Eq. 60) and Phi then falls, so no separation follows
 * at once; a ball at rest on the surface under gravity (x0 = v0 = 0) does
 * commence at t = 0, the guard -x becoming positive at once. */
static void zero_at_start(void)
{
    static const char text[] =
        "system = Hr\nlaw = shccl\nk = 1e9\np = 1.5\nc = 0\nm = 1\nl1 = 0.01\n"
        "x0 = 0\nv0 = 0\ninput = gravity\nT = 0.01\n";
    scenario s;
    sim_result r;
    collide_status st = fixture_run_text(text, &s, &r);
    check_true(st == COLLIDE_OK, "resting ball runs");
    check_true(r.nevents >= 1 && r.events[0].t == 0.0 &&
                   r.events[0].d.tr == TR_COMMENCE_TOUCH,
               "resting ball commences at t = 0");
    check_true(r.nevents == 1 || r.events[1].t > 0.0,
               "no separation at the instant of commencement");
    sim_result_free(&r);
}

int main(void)
{
    example_v1();
    example_v2();
    zero_at_start();
    return check_summary("test_examples");
}
