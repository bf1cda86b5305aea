/* test_systems.c - H_f (Eqs. 73-79) and H_r (Eqs. 80-84) are computed
 * each in its own right: the center of mass of H_f follows Eq. (210)
 * under the forces of study 2, and H_f with a body 2 of very large mass
 * tends to H_r (the remark after Eq. 47, m_2 -> +inf); under gravity the
 * reduced force of Eq. (46) is 0 exactly, and two bodies at rest in touch
 * stay so in both engines. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "impact.h"
#include "mp_sim.h"
#include "sim_fixture.h"

static const double PI = 3.14159265358979323846;

/* Eq. (210): v_m(t) = v_m,0 (1 - S(t / T_s)), S of Eq. (205). */
static double vm_closed(double t, double vm0, double Ts)
{
    double w = t / Ts;
    double S = w < 0 ? 0 : (w > 1 ? 1 : 0.5 * (1 - cos(PI * w)));
    return vm0 * (1 - S);
}

static void centre_of_mass(void)
{
    scenario s;
    sim_result r;
    layout L;
    int i, bad = 0;
    double worst = 0.0;
    fixture_run("study2", NULL, &s, &r);
    L = layout_make(s.model.sys, s.model.law->nz);
    check_true(s.model.sys == SYS_HF && L.vm == 3, "study2 is H_f");
    for (i = 0; i < r.nsamples; i++) {
        double e = fabs(r.samples[i].y[L.vm] -
                        vm_closed(r.samples[i].t, 0.120, 0.10));
        worst = fmax(worst, e);
        bad += e > 1e-10 * 0.120;
    }
    printf("study2: worst |v_m - Eq. (210)| = %.3g m/s\n", worst);
    check_true(r.nsamples > 100 && bad == 0,
               "H_f: v_m follows Eq. (210) to 1e-10 of v_m,0 at every sample");
    sim_result_free(&r);
}

/* A ball of 1 kg dropped on a body of 1e12 kg (H_f) against the same
 * ball on an immovable body (H_r), BWSHCCL, gravity on body 1 only. In H_f
 * the obstacle then moves by m_1 / m_2 = 1e-12 of the ball's motion, so
 * the observables agree to about 1e-12 relative; 1e-9 is asked. */
static void heavy_obstacle(void)
{
    static const char hr[] =
        "system = Hr\nlaw = bwshccl\nk = 1e8\nalpha = 0.35\nA = 1\n"
        "beta = 5e7\ngamma = 5e7\nn = 2\np = 1.5\nc = 1e6\nm = 1\n"
        "x0 = 0.001\nv0 = -0.5\ninput = constant\nF = -9.81\nT = 0.3\n";
    static const char hf[] =
        "system = Hf\nlaw = bwshccl\nk = 1e8\nalpha = 0.35\nA = 1\n"
        "beta = 5e7\ngamma = 5e7\nn = 2\np = 1.5\nc = 1e6\nm1 = 1\n"
        "m2 = 1e12\nx0 = 0.001\nv0 = -0.5\nxm0 = 0\nvm0 = 0\n"
        "input = constant\nF1 = -9.81\nF2 = 0\nT = 0.3\n";
    scenario s1, s2;
    sim_result a, b;
    int i, n;
    fixture_run_text(hr, &s1, &a);
    fixture_run_text(hf, &s2, &b);
    n = a.ncollisions < b.ncollisions ? a.ncollisions : b.ncollisions;
    check_true(a.ncollisions > 0 && a.ncollisions == b.ncollisions,
               "heavy obstacle: H_f has the collisions of H_r");
    for (i = 0; i < n; i++) {
        check_close(b.collisions[i].t_e, a.collisions[i].t_e, 1e-9, 0,
                    "heavy obstacle: t_e of H_f = t_e of H_r");
        check_close(b.collisions[i].e, a.collisions[i].e, 1e-9, 0,
                    "heavy obstacle: e of H_f = e of H_r");
        check_close(b.collisions[i].W, a.collisions[i].W, 1e-9, 0,
                    "heavy obstacle: W of H_f = W of H_r");
    }
    sim_result_free(&a);
    sim_result_free(&b);
}

/* gamma = -beta, the end of the admissible range |gamma| <= beta
 * (Eq. 68): in unloading z' = A v - 2 beta v z, so a first step in
 * contact as long as the flight before it ends far off (an error estimate
 * of 1e10); the retry must not take the secant estimate of a switching
 * point from that end, which fell within rounding of the start and
 * stopped the run with "step size under its floor". */
static void gamma_minus_beta(void)
{
    static scenario s;
    sim_result r;
    const char *text = "system = Hr\nlaw = bwshccl\nk = 1e9\nalpha = 0.35\n"
                       "A = 1\nbeta = 5e7\ngamma = -5e7\nn = 2\np = 1.5\n"
                       "c = 1e3\nm = 0.1\nx0 = 1e-4\nv0 = -0.5\n"
                       "input = none\nT = 0.01\n";
    collide_status st = fixture_run_text(text, &s, &r);
    check_true(st == COLLIDE_OK, "gamma = -beta: the run completes");
    check_true(r.ncollisions == 1, "gamma = -beta: one collision");
    if (r.ncollisions == 1)  /* the 128-bit mode gives e = 0.9417817688... */
        check_close(r.collisions[0].e, 0.94178176880334493, 1e-9, 0,
                    "gamma = -beta: e against the high-precision mode");
    sim_result_free(&r);
}

/* The names of the state components (Eqs. 73 and 80 and the quadratures
 * of the ledger), as the CSV headers and diagnoses use them, and of the
 * transitions; an index out of range gets a placeholder, not a crash. */
static void names(void)
{
    static const char *const hf2[] = {"x", "v", "x_m", "v_m", "x_c", "z_c1",
        "z_c2", "I_s", "Delta_C", "W", "J_Fc", "J_Fe", "I_s_contact",
        "Delta_C_contact"};
    static const char *const hr0[] = {"x", "v", "x_c", "I_s", "Delta_C", "W",
        "J_Fc", "J_Fe", "I_s_contact", "Delta_C_contact"};
    layout L = layout_make(SYS_HF, 2);
    int i, ok = L.ny == 14;
    for (i = 0; ok && i < L.ny; i++)
        ok = strcmp(impact_component_name(&L, i), hf2[i]) == 0;
    check_true(ok && strcmp(impact_component_name(&L, L.ny), "?") == 0,
               "names: H_f with two internal states, Eq. (73), then the "
               "quadratures; '?' past the end");
    L = layout_make(SYS_HR, 0);
    ok = L.ny == 10;
    for (i = 0; ok && i < L.ny; i++)
        ok = strcmp(impact_component_name(&L, i), hr0[i]) == 0;
    check_true(ok, "names: H_r without an internal state, Eq. (80)");
    L = layout_make(SYS_HR, 1);
    check_true(strcmp(impact_component_name(&L, 3), "z_c") == 0,
               "names: one internal state is z_c");
    check_true(strcmp(transition_name(TR_COMMENCE_TOUCH), "commence-at-touch") == 0 &&
                   strcmp(transition_name(-1), "unknown") == 0 &&
                   strcmp(transition_name(4), "unknown") == 0,
               "names: transitions, and 'unknown' out of range");
}

/* Gravity in H_f: F_e,r = (m_2 (-m_1 g) - m_1 (-m_2 g)) / (m_1 + m_2) = 0.
 * With these masses the rounded difference is -2.2e-16 N in binary64 (and
 * -2.5e-39 N at 128 bits with the second pair): the relative acceleration of
 * two bodies at rest in touch was that rounding, and the high-precision
 * mode took a commencement at t = 0. Both engines: F_e,r = 0, no event. */
static void gravity_at_rest(const char *m1, const char *m2)
{
    char text[512];
    scenario s;
    sim_result r;
    mp_model M;
    mp_result mr;
    mp_options o;
    char err[512];
    snprintf(text, sizeof text,
             "system = Hf\nlaw = shccl\nk = 1e10\np = 2\nc = 1e10\n"
             "m1 = %s\nm2 = %s\nx0 = 0\nv0 = 0\nl1 = 0.01\nxm0 = 0\n"
             "vm0 = 0.1\ninput = gravity\ng = 9.81\nT = 0.001\n", m1, m2);
    fixture_run_text(text, &s, &r);
    check_true(input_reduced_force(&s.model, 0.0) == 0.0,
               "gravity, H_f: F_e,r = 0 exactly (Eq. 46)");
    check_true(r.status == COLLIDE_OK && r.nevents == 0,
               "gravity, H_f, at rest in touch: no event in binary64");
    memset(&mr, 0, sizeof mr);
    if (mp_model_init(&M, &s, 128, err, sizeof err) != COLLIDE_OK) {
        check_true(0, err);
        sim_result_free(&r);
        return;
    }
    o = mp_options_default(&s.opt, 128);
    check_true(mp_run(&M, &o, &mr) == COLLIDE_OK && mr.nevents == 0,
               "gravity, H_f, at rest in touch: no event at 128 bits");
    mp_result_free(&mr);
    mp_model_clear(&M);
    sim_result_free(&r);
}

/* The breakpoints of study 2's input (Eqs. 205-209), the earlier of T_e
 * and T_s after t first, in either order (input_next_breakpoint,
 * spec/input_forces.acsl input_breakpoint_after). */
static void breakpoints(void)
{
    model M;
    memset(&M, 0, sizeof M);
    M.u.kind = INPUT_STUDY2;
    M.u.Te = 0.1;
    M.u.Ts = 0.2;
    check_true(input_next_breakpoint(&M, 0) == 0.1 &&
                   input_next_breakpoint(&M, 0.1) == 0.2 &&
                   isinf(input_next_breakpoint(&M, 0.2)),
               "breakpoints with T_e < T_s: T_e, T_s, then none");
    M.u.Te = 0.3;
    check_true(input_next_breakpoint(&M, 0) == 0.2 &&
                   input_next_breakpoint(&M, 0.2) == 0.3 &&
                   isinf(input_next_breakpoint(&M, 0.3)),
               "breakpoints with T_s < T_e: T_s, T_e, then none");
}

int main(void)
{
    breakpoints();
    gravity_at_rest("0.7640108443576374", "0.2558139567136823");
    gravity_at_rest("0.0791695", "75.082");
    names();
    centre_of_mass();
    heavy_obstacle();
    gamma_minus_beta();
    return check_summary("test_systems");
}
