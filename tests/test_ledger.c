/* test_ledger.c - the energy balance of Prop. III.4, Eq. (24), for every
 * built-in scenario at the paper's tolerances: the residual
 * V(T) - V(0) + Delta_C + Delta_D - I_s is at most 1e-9 of max(V, |I_s|),
 * overall and over each collision; and Delta_C, Delta_D >= 0. The check
 * of every binary64 run (sim_ledger_bound, sim_ledger_verdict): the
 * built-ins pass it with a margin at their tolerances and at rtol 1e-13,
 * the bound is of the size of the tolerance, and runs that do not hold
 * their tolerances fail it with COLLIDE_E_LEDGER. sim_result_free leaves
 * an empty result. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "sim_fixture.h"
#include "builtin.h"

static void ledger_of(const char *name)
{
    char what[160];
    scenario s;
    sim_result r;
    int i, worst_i = -1;
    double worst = 0.0;
    collide_status st = fixture_run(name, NULL, &s, &r);
    snprintf(what, sizeof what, "%s runs", name);
    check_true(st == COLLIDE_OK, what);
    snprintf(what, sizeof what, "%s: |Eq. (24) residual| <= 1e-9 scale", name);
    check_range(fabs(r.ledger.residual) / r.ledger.scale, 0.0, 1e-9, what);
    for (i = 0; i < r.ncollisions; i++) {
        double e = fabs(r.collisions[i].residual) / r.ledger.scale;
        if (e > worst) {
            worst = e;
            worst_i = i;
        }
    }
    printf("%s: overall %.3g, worst collision %d: %.3g (of scale %.6g J)\n",
           name, fabs(r.ledger.residual) / r.ledger.scale, worst_i, worst,
           r.ledger.scale);
    snprintf(what, sizeof what, "%s: per-collision residuals <= 1e-9 scale",
             name);
    check_range(worst, 0.0, 1e-9, what);
    snprintf(what, sizeof what, "%s: Delta_C >= 0 and Delta_D >= 0", name);
    check_true(r.ledger.DeltaC >= 0.0 && r.ledger.DeltaD >= 0.0, what);
    sim_result_free(&r);
}

/* The bound and the verdict as defined in sim.h. */
static void bound_and_verdict(void)
{
    check_close(sim_ledger_bound(16, 1e-10, 2.0), 4e-10 + 16.0 * DBL_EPSILON,
                1e-15, 0.0, "bound = sqrt(ny) sum + 8 eps magnitude");
    check_true(sim_ledger_bound(9, 0.0, 0.0) == 0.0,
               "no step and nothing to round: bound 0");
    check_true(sim_ledger_cap(1.0, 10.0) == 10.0 * SIM_LEDGER_CAP &&
               sim_ledger_cap(1e-9, 10.0) == 1e-9 &&
               isnan(sim_ledger_cap(NAN, 10.0)),
               "the bound is capped at SIM_LEDGER_CAP scale; NaN stays NaN");
    check_true(sim_ledger_verdict(1e-12, 1e-12, 0.0) == COLLIDE_OK,
               "residual at its bound passes");
    check_true(sim_ledger_verdict(-1e-12, 1e-12, 1.0) == COLLIDE_OK,
               "a negative residual within its bound passes");
    check_true(sim_ledger_verdict(1.0000001e-12, 1e-12, 0.0) ==
               COLLIDE_E_LEDGER, "residual above its bound fails");
    check_true(sim_ledger_verdict(-2e-12, 1e-12, 0.0) == COLLIDE_E_LEDGER,
               "residual below minus its bound fails");
    check_true(sim_ledger_verdict(NAN, 1e-12, 0.0) == COLLIDE_E_LEDGER,
               "NaN residual fails");
    check_true(sim_ledger_verdict(0.0, INFINITY, 0.0) == COLLIDE_E_LEDGER,
               "infinite bound fails");
    check_true(sim_ledger_verdict(0.0, 1e-12, -1e-300) == COLLIDE_E_LEDGER,
               "negative Delta_C fails");
    check_true(sim_ledger_verdict(0.0, 1e-12, NAN) == COLLIDE_E_LEDGER,
               "NaN Delta_C fails");
    check_true(sim_ledger_verdict(INFINITY, 1e-12, 0.0) == COLLIDE_E_LEDGER &&
                   sim_ledger_verdict(-INFINITY, 1e-12, 1.0) ==
                       COLLIDE_E_LEDGER &&
                   sim_ledger_verdict(INFINITY, INFINITY, 0.0) ==
                       COLLIDE_E_LEDGER,
               "an infinite residual with a finite Delta_C fails, its bound "
               "finite or not");
    /* Delta_C enters the verdict by its sign alone (sim.h): its size,
       infinite included, is the residual's business, which holds it */
    check_true(sim_ledger_verdict(0.0, 1e-12, INFINITY) == COLLIDE_OK,
               "a residual within its bound with Delta_C = +inf passes: "
               "Delta_C is checked for its sign only");
}

/* sim_result_free leaves an empty result: no table, every count and
 * capacity 0, so that a result freed and read again (or freed twice)
 * holds no collision, event or sample. */
static void free_empties(void)
{
    scenario s;
    sim_result r;
    fixture_run("study1", NULL, &s, &r);
    check_true(r.ncollisions > 0 && r.nevents > 0 && r.nsamples > 0,
               "study1 has collisions, events and samples before the free");
    sim_result_free(&r);
    check_true(r.collisions == NULL && r.events == NULL && r.samples == NULL,
               "sim_result_free: no table left");
    check_true(r.ncollisions == 0 && r.nevents == 0 && r.nsamples == 0,
               "sim_result_free: no collision, event or sample counted");
    check_true(r.cap_collisions == 0 && r.cap_events == 0 &&
                   r.cap_samples == 0,
               "sim_result_free: every capacity 0");
    sim_result_free(&r);
    check_true(r.ncollisions == 0 && r.collisions == NULL,
               "sim_result_free twice: still empty");
}

/* A built-in at the given tolerances passes its check with a margin of
 * at least 10 (measured: at most 3.3e-3 of the bound), overall and per
 * collision, and the bound is within max_bound of the scale (it is of
 * the size of the tolerance, not a bound that nothing can exceed). */
static void passes(const char *name, const char *rtol, const char *atol,
                   double max_bound)
{
    const char *opt[3];
    char what[200];
    scenario s;
    sim_result r;
    double worst = 0.0;
    int i;
    collide_status st;
    opt[0] = rtol;
    opt[1] = atol;
    opt[2] = NULL;
    st = fixture_run(name, rtol ? opt : NULL, &s, &r);
    snprintf(what, sizeof what, "%s %s: passes its ledger check", name,
             rtol ? rtol : "default");
    check_true(st == COLLIDE_OK, what);
    for (i = 0; i < r.ncollisions; i++)
        worst = fmax(worst, fabs(r.collisions[i].residual) /
                                r.collisions[i].ledger_bound);
    printf("%s %s: residual/scale %.3g, bound/scale %.3g, residual/bound "
           "%.3g, worst collision residual/bound %.3g\n", name,
           rtol ? rtol : "default", r.ledger.residual / r.ledger.scale,
           r.ledger.bound / r.ledger.scale,
           fabs(r.ledger.residual) / r.ledger.bound, worst);
    snprintf(what, sizeof what, "%s %s: |residual| <= bound / 10", name,
             rtol ? rtol : "default");
    check_range(fabs(r.ledger.residual) / r.ledger.bound, 0.0, 0.1, what);
    snprintf(what, sizeof what, "%s %s: per collision |residual| <= "
             "bound / 10", name, rtol ? rtol : "default");
    check_range(worst, 0.0, 0.1, what);
    snprintf(what, sizeof what, "%s %s: bound <= %g scale", name,
             rtol ? rtol : "default", max_bound);
    check_range(r.ledger.bound / r.ledger.scale, 0.0, max_bound, what);
    sim_result_free(&r);
}

/* A run that does not hold its tolerances fails with COLLIDE_E_LEDGER
 * and a diagnosis naming the ledger (issue: study 1 at rtol 0.5 gave
 * Delta_C = -1.03e22 J with exit 0; H_f with v_m0 = 1e200 a NaN
 * residual with exit 0). */
static void fails(const char *what, const char *text, const char *name,
                  const char *const *opt, const char *expect)
{
    scenario s;
    sim_result r;
    collide_status st = text ? fixture_run_text(text, &s, &r)
                             : fixture_run(name, opt, &s, &r);
    char msg[200];
    snprintf(msg, sizeof msg, "%s: status 12 (the ledger fails its check)",
             what);
    check_true(st == COLLIDE_E_LEDGER && r.status == COLLIDE_E_LEDGER, msg);
    snprintf(msg, sizeof msg, "%s: the diagnosis says '%s'", what, expect);
    check_true(strstr(r.diagnosis, "energy ledger (Eq. 24)") != NULL &&
               strstr(r.diagnosis, expect) != NULL, msg);
    printf("%s: %.300s\n", what, r.diagnosis);
    sim_result_free(&r);
}

int main(void)
{
    const char *const *names = scenario_builtin_names();
    static const char *const loose[] = {"rtol=0.5", "atol=1e-3", NULL};
    int i;
    for (i = 0; names[i]; i++)
        ledger_of(names[i]);
    bound_and_verdict();
    free_empties();
    for (i = 0; names[i]; i++) {
        passes(names[i], NULL, NULL, 1e-5);
        passes(names[i], "rtol=1e-13", "atol=1e-16", 1e-7);
    }
    fails("study1 at rtol 0.5", NULL, "study1", loose, "exceeds its bound");
    fails("H_f with v_m0 = 1e200",
          "system = Hf\nlaw = shccl\nk = 1e9\np = 1.5\nc = 0\nm1 = 1\n"
          "m2 = 1\nx0 = 0.01\nv0 = -1\nxm0 = 0\nvm0 = 1e200\n"
          "input = none\nT = 0.1\noutside_proved_domain = 1\n", NULL, NULL,
          "not finite");
    return check_summary("test_ledger");
}
