/* test_engine_restart.c - the first step of an interval of flow and the
 * tangency of a guard, through whole runs of H_r:
 *
 * - after a jump the first step reuses the first step of the mode's last
 *   interval only where that is at least four times the step floor: a
 *   flight that began 1e-18 m above the surface took its first step of
 *   1e-18 s, and the flight after the collision reused it, under the step
 *   floor at t = 0.8 ms (exit 6);
 * - the clamped law of Eq. (175) with the ball at rest on the surface
 *   under gravity: the contact commences at t = 0 (tangentially), and the
 *   ball oscillates in contact between x_c = 0 and x_c = -2 m g / k; at
 *   each top x_c comes back to 0 with v = 0, so Phi = k min(x_c, 0)
 *   touches 0 without crossing (sigma dPhi/dt = k v = 0, then Phi < 0
 *   again) and the state stays in the flow set: rule R2 selects no event.
 *   The run has no collision and one contact lasting to T. It stopped
 *   with exit 6 at the first top, and took a separation there once the
 *   floor no longer stopped it. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "sim_fixture.h"

static const char hertz_low[] =
    "system = Hr\nlaw = shccl\nk = 1e9\np = 1.5\nc = 0\nm = 1\n"
    "x0 = 1e-18\nv0 = -1\ninput = none\nT = 0.01\n";

/* The collision from 1e-18 m: one contact, the flight after it to T. */
static void restart_after_event(void)
{
    scenario s;
    sim_result r;
    fixture_run_text(hertz_low, &s, &r);
    if (!check_true(r.status == COLLIDE_OK,
                    "SHCCL from x0 = 1e-18 m: the run completes"))
        fprintf(stderr, "  %s\n", r.diagnosis);
    check_true(r.ncollisions == 1 && r.nevents == 2 && !r.final_contact,
               "SHCCL from x0 = 1e-18 m: one collision, then flight to T");
    if (r.ncollisions == 1)
        check_close(r.collisions[0].e, 1.0, 1e-9, 0.0,
                    "SHCCL from x0 = 1e-18 m: e = 1 (c = 0)");
    sim_result_free(&r);
}

/* The clamped law from rest under gravity, k = 1e4 N/m, m = 1 kg (a period
 * of 62.8 ms: eight tops within T = 0.5 s), at rtol 1e-11 and 1e-13. */
static void clamped_at_rest(const char *rtol, const char *atol, double tol)
{
    char text[512], name[160], err[256];
    scenario s;
    sim_result r;
    double xs = 2.0 * 9.81 / 1e4;   /* the deepest x_c, 2 m g / k */
    snprintf(text, sizeof text,
             "system = Hr\nlaw = clamped\nk = 1e4\nm = 1\nl1 = 0.01\n"
             "x0 = 0\nv0 = 0\ninput = gravity\nT = 0.5\n");
    if (scenario_parse(text, "clamped-rest", &s, err, sizeof err) ||
        scenario_set_run_option(&s, "rtol", rtol, "test", err, sizeof err) ||
        scenario_set_run_option(&s, "atol", atol, "test", err, sizeof err)) {
        check_true(0, err);
        return;
    }
    memset(&r, 0, sizeof r);
    sim_run(&s.model, &s.opt, &r);
    snprintf(name, sizeof name, "clamped at rest, rtol %s: completes", rtol);
    if (!check_true(r.status == COLLIDE_OK, name))
        fprintf(stderr, "  %s\n", r.diagnosis);
    snprintf(name, sizeof name, "clamped at rest, rtol %s: one event "
             "(commencement at t = 0), no collision", rtol);
    check_true(r.nevents == 1 && r.ncollisions == 0 && r.events[0].t == 0.0,
               name);
    snprintf(name, sizeof name, "clamped at rest, rtol %s: the contact "
             "lasts to T", rtol);
    check_true(r.final_contact && r.end.t == 0.5, name);
    snprintf(name, sizeof name, "clamped at rest, rtol %s: x_c^max = "
             "2 m g / k", rtol);
    check_close(r.final_partial.xc_max, xs, tol, 0.0, name);
    snprintf(name, sizeof name, "clamped at rest, rtol %s: ledger "
             "residual / scale within 1e3 rtol", rtol);
    check_range(fabs(r.ledger.residual / r.ledger.scale), 0.0, 1e3 * tol,
                name);
    sim_result_free(&r);
}

/* Eq. (197) is undefined for a contact that commences at rest (v_i = 0):
 * e is reported as NaN there, never as an infinity. The undamped Hertzian
 * contact from rest under gravity (SHCCL, c = 0) comes back to x_c = 0 with
 * v = 0 at its first top, where Phi = -k (-x_c)^(3/2) is flat; at rtol
 * 1e-11 the rounding there is taken as a separation (flagged grazing),
 * which ends a collision with v_i = 0 (it was e = -inf). */
static void restitution_at_rest(void)
{
    static const char text[] =
        "system = Hr\nlaw = shccl\nk = 1e9\np = 1.5\nc = 0\nm = 1\n"
        "l1 = 0.01\nx0 = 0\nv0 = 0\ninput = gravity\nT = 0.1\n";
    scenario s;
    sim_result r;
    int i, at_rest = 0, bad = 0;
    fixture_run_text(text, &s, &r);
    for (i = 0; i < r.ncollisions; i++) {
        const collision_rec *c = &r.collisions[i];
        if (c->v_i == 0.0) {
            at_rest++;
            bad += !isnan(c->e);
        } else {
            bad += !isfinite(c->e);
        }
    }
    check_true(r.status == COLLIDE_OK && at_rest > 0 && bad == 0,
               "a collision that commences at rest has e = NaN; every "
               "other e is finite");
    sim_result_free(&r);
}

/* The same contact over T = 0.5 s (six tops): wherever the rounding at a
 * top is taken as a separation, the ball leaves the surface overlapping
 * it by rounding (x < 0) with v > 0, rises above it for less than a
 * sample spacing and falls back; that crossing of x = 0 was missed (the
 * guard dipped between two samples on the crossed side), and the ball
 * fell through the surface with exit 0 (V(T) = 1.04 J). The energy of a
 * ball from rest can never exceed m g d, with d = (5 m g / (2 k))^(2/3)
 * the deepest indentation (m g d = 2/5 k d^(5/2)), nor its position go
 * below -d. */
static void hertz_at_rest_stays(const char *rtol, const char *atol)
{
    static const char text[] =
        "system = Hr\nlaw = shccl\nk = 1e9\np = 1.5\nc = 0\nm = 1\n"
        "l1 = 0.01\nx0 = 0\nv0 = 0\ninput = gravity\nT = 0.5\n";
    char name[160], err[256];
    scenario s;
    sim_result r;
    double d = pow(2.5 * 9.81 / 1e9, 2.0 / 3.0), x_min = 0.0;
    int i;
    if (scenario_parse(text, "hertz-rest", &s, err, sizeof err) ||
        scenario_set_run_option(&s, "rtol", rtol, "test", err, sizeof err) ||
        scenario_set_run_option(&s, "atol", atol, "test", err, sizeof err) ||
        scenario_set_run_option(&s, "samples", "5001", "test", err,
                                sizeof err)) {
        check_true(0, err);
        return;
    }
    memset(&r, 0, sizeof r);
    sim_run(&s.model, &s.opt, &r);
    for (i = 0; i < r.nsamples; i++)
        x_min = fmin(x_min, r.samples[i].y[0]);
    snprintf(name, sizeof name, "undamped Hertzian contact from rest, rtol "
             "%s: completes, V(T) <= m g d, x >= -d", rtol);
    check_true(r.status == COLLIDE_OK && r.ledger.VT <= 9.81 * d * 1.001 &&
                   x_min >= -d * 1.001, name);
    sim_result_free(&r);
}

/* A contact that commences overlapping (x < 0 after a hysteretic
 * separation, the ball falling back under gravity) commences where v = 0,
 * its guard: v_i is 0 and e undefined (NaN), as for a contact that
 * commences at rest. The located v is the rounding of 0 (-2.7e-20 m/s
 * here), which gave e = 6e15 for the contact lasting to T. */
static void restitution_overlapping(void)
{
    static const char text[] =
        "system = Hr\nlaw = bwmcl\nk = 1.16734e+06\np = 1\nalpha = 0.331\n"
        "A = 1.517\nbeta = 4.42977e+08\ngamma = -2.61443e+08\nn = 2\n"
        "c = 3468.87\nm = 0.00685178\nx0 = 3.0577e-09\n"
        "v0 = -0.000256646\ninput = gravity\ng = 9.81\nT = 0.00129474\n"
        "rtol = 2.364e-13\natol = 2.723e-22\n";
    scenario s;
    sim_result r;
    fixture_run_text(text, &s, &r);
    check_true(r.status == COLLIDE_OK && r.nevents == 3 &&
                   r.events[2].d.tr == TR_COMMENCE_OVERLAP && r.final_contact,
               "BWMCL under gravity: a contact commences overlapping and "
               "lasts to T");
    check_true(r.final_contact && r.final_partial.v_i == 0.0 &&
                   isnan(r.final_partial.e),
               "a contact that commences overlapping has v_i = 0, e = NaN");
    sim_result_free(&r);
}

/* A contact shorter than the first step after its commencement: a ball
 * of 1 kg pushed away from the surface by F = 12 N reaches it at
 * 4.9e-7 m/s and turns back after a dip of 1e-14 m, a contact of
 * 2 |v| m / F = 8.16e-8 s (the contact force, 1e-10 N at most for the
 * clamped law with k = 1e4 N/m, 1e-12 N for the SHCCL with k = 1e9, is
 * nothing beside F). At rtol 1e-13, atol 1e-16 the first step of the
 * contact covers it. Clamped law: Phi = k min(x_c, 0) is 0 with rate 0 at
 * the end of that step, and the separation was missed (the ball flew off
 * in contact mode, a contact lasting to T and no collision). SHCCL:
 * Phi and its rate are 0 at x_c = 0, at the start of the contact, so the
 * dip of Phi between the first two samples was not searched for; the
 * separation was taken 3.56 ms later, with x_c^max = 9.65 um. */
static void contact_shorter_than_first_step(const char *label,
                                            const char *law)
{
    char text[512], name[160];
    double v0 = 0.15491933384907127, dip = v0 * v0 / 24.0 - 1e-3;
    scenario s;
    sim_result r;
    snprintf(text, sizeof text,
             "system = Hr\n%s\nm = 1\nx0 = 1e-3\n"
             "v0 = -0.15491933384907127\ninput = constant\nF = 12\n"
             "T = 0.05\nrtol = 1e-13\natol = 1e-16\n", law);
    fixture_run_text(text, &s, &r);
    snprintf(name, sizeof name, "a contact shorter than the first step "
             "(%s): one collision, then flight to T", label);
    check_true(r.status == COLLIDE_OK && r.ncollisions == 1 &&
                   !r.final_contact, name);
    if (r.ncollisions == 1) {
        snprintf(name, sizeof name, "a contact shorter than the first step "
                 "(%s): t_d = 2 |v| m / F", label);
        check_close(r.collisions[0].t_d, 2.0 * sqrt(24.0 * dip) / 12.0,
                    1e-3, 0.0, name);
        snprintf(name, sizeof name, "a contact shorter than the first step "
                 "(%s): x_c^max = the dip", label);
        check_close(r.collisions[0].xc_max, dip, 1e-3, 0.0, name);
    }
    sim_result_free(&r);
}

int main(void)
{
    contact_shorter_than_first_step("clamped", "law = clamped\nk = 1e4");
    contact_shorter_than_first_step("SHCCL",
                                    "law = shccl\nk = 1e9\np = 1.5\nc = 0");
    restitution_overlapping();
    restitution_at_rest();
    hertz_at_rest_stays("1e-11", "1e-14");
    hertz_at_rest_stays("1e-13", "1e-16");
    restart_after_event();
    clamped_at_rest("1e-11", "1e-14", 1e-11);
    clamped_at_rest("1e-13", "1e-16", 1e-13);
    return check_summary("test_engine_restart");
}
