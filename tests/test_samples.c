/* test_samples.c - the trajectory (samples.csv, trajectory.csv) always
 * starts at t = 0 and ends at T, whatever the samples asked for
 * (scenario files default to samples = 0), and a time asked for twice
 * (a grid point and --at) is sampled once; a sample time that is an
 * event time within the event's location error is taken before the jump. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "sim_fixture.h"

/* The grid samples (boundary 0) of r at time t. */
static int grid_rows_at(const sim_result *r, double t)
{
    int i, n = 0;
    for (i = 0; i < r->nsamples; i++)
        n += r->samples[i].boundary == 0 && r->samples[i].t == t;
    return n;
}

static void ends(const char *name, const char *samples, int want_grid)
{
    const char *opt[2];
    char what[160];
    scenario s;
    sim_result r;
    int i, grid = 0;
    opt[0] = samples;
    opt[1] = NULL;
    fixture_run(name, opt, &s, &r);
    for (i = 0; i < r.nsamples; i++)
        grid += r.samples[i].boundary == 0;
    snprintf(what, sizeof what, "%s %s: first sample at t = 0, last at T",
             name, samples);
    check_true(r.status == COLLIDE_OK && r.nsamples > 0 &&
                   r.samples[0].t == 0.0 &&
                   r.samples[r.nsamples - 1].t == s.model.T,
               what);
    snprintf(what, sizeof what, "%s %s: one grid row at 0 and one at T",
             name, samples);
    check_true(grid_rows_at(&r, 0.0) == 1 && grid_rows_at(&r, s.model.T) == 1,
               what);
    snprintf(what, sizeof what, "%s %s: %d grid rows", name, samples,
             want_grid);
    check_true(grid == want_grid, what);
    sim_result_free(&r);
}

/* --at 0 and T with the grid's own ends: each time sampled once. */
static void at_the_ends(void)
{
    static const double at[] = {0.0, 0.05, 0.1};
    scenario s;
    sim_result r;
    char err[256];
    if (scenario_load("hertz", &s, err, sizeof err) != COLLIDE_OK)
        return;
    s.opt.n_samples = 0;
    s.opt.sample_at = at;
    s.opt.n_sample_at = 3;
    sim_run(&s.model, &s.opt, &r);
    check_true(r.status == COLLIDE_OK && grid_rows_at(&r, 0.0) == 1 &&
                   grid_rows_at(&r, 0.05) == 1 && grid_rows_at(&r, 0.1) == 1,
               "hertz --at 0,0.05,0.1 with samples 0: each time once");
    sim_result_free(&r);
}

/* hertz commences at t = x0 / |v0| = 0.01 exactly; binary64 locates the
 * event a rounding early. --at 0.01 is the jump's time: one grid row,
 * before the jump (j = 0, apart), at the event's state, and no row of the
 * contact (j = 1) at a time before that of the jump's own rows. */
static void at_the_event(void)
{
    static const double at[] = {0.01};
    scenario s;
    sim_result r;
    char err[256];
    int i, k = -1, ordered = 1;
    if (scenario_load("hertz", &s, err, sizeof err) != COLLIDE_OK)
        return;
    s.opt.n_samples = 0;
    s.opt.sample_at = at;
    s.opt.n_sample_at = 1;
    sim_run(&s.model, &s.opt, &r);
    for (i = 0; i < r.nsamples; i++) {
        if (r.samples[i].boundary == 0 && fabs(r.samples[i].t - 0.01) < 1e-15)
            k = i;
        if (i > 0 && r.samples[i].t < r.samples[i - 1].t)
            ordered = 0;
    }
    check_true(r.status == COLLIDE_OK && r.nevents > 0 && k >= 0 &&
                   r.samples[k].j == 0 && r.samples[k].q == 0 &&
                   r.samples[k].t == r.events[0].t,
               "hertz --at 0.01 (the commencement): taken before the jump, "
               "at the event");
    check_true(ordered, "hertz --at 0.01: t never decreases along the rows");
    sim_result_free(&r);
}

int main(void)
{
    at_the_event();
    ends("hertz", "samples=0", 2);
    ends("hertz", "samples=1", 2);
    ends("hertz", "samples=2", 2);
    ends("hertz", "samples=5", 5);
    ends("study2", "samples=0", 2);
    ends("example-v2", "samples=0", 2);
    at_the_ends();
    {
        scenario s;
        sim_result r;
        fixture_run_text("system = Hr\nlaw = clamped\nk = 1e4\nm = 1\n"
                         "x0 = 0.01\nv0 = -1\ninput = none\nT = 0\n", &s, &r);
        check_true(r.status == COLLIDE_OK && r.nsamples == 1 &&
                       r.samples[0].t == 0.0,
                   "T = 0, samples 0: one row, at t = 0 = T");
        sim_result_free(&r);
    }
    return check_summary("test_samples");
}
