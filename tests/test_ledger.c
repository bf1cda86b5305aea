/* test_ledger.c - the energy balance of Prop. III.4, Eq. (24), for every
 * built-in scenario at the paper's tolerances: the residual
 * V(T) - V(0) + Delta_C + Delta_D - I_s is at most 1e-9 of max(V, |I_s|),
 * overall and over each collision; and Delta_C, Delta_D >= 0. */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "sim_fixture.h"

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

int main(void)
{
    const char *const *names = scenario_builtin_names();
    int i;
    for (i = 0; names[i]; i++)
        ledger_of(names[i]);
    return check_summary("test_ledger");
}
