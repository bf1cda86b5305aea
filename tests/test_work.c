/* test_work.c - a guard on the work of the binary64 engine: the accepted
 * steps, right-hand-side evaluations and events of studies 1 and 2 at the
 * default tolerances and at rtol 1e-13 stay within 2% of the figures of
 * tests/work_figures.txt. A change of the engine that moves them (for
 * better or worse) must update that file in the same commit, so that the
 * change of work is seen in review; `make bench` measures the time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sim_fixture.h"

#define FIGURES "tests/work_figures.txt"
#define SLACK 0.02

/* Checks one counter against its recorded figure, within SLACK. */
static void check_figure(const char *run, const char *what, long got,
                         long want)
{
    char name[256];
    snprintf(name, sizeof name, "%s: %s %ld within %.0f%% of %ld (" FIGURES
             "; a change of the engine's work updates it in the same commit)",
             run, what, got, 100 * SLACK, want);
    check_range((double)got, (1.0 - SLACK) * (double)want,
                (1.0 + SLACK) * (double)want, name);
}

/* Runs the line "SCENARIO RTOL STEPS NFEV EVENTS" (RTOL "default": the
 * scenario's) and checks its counters; 0, or -1 for a malformed line. */
static int check_line(const char *line)
{
    static scenario s;
    sim_result r;
    char name[64], rtol[32], opt[64], run[128];
    const char *options[2] = {opt, NULL};
    long steps, nfev, events;
    if (sscanf(line, "%63s %31s %ld %ld %ld", name, rtol, &steps, &nfev,
               &events) != 5)
        return -1;
    snprintf(opt, sizeof opt, "rtol=%s", rtol);
    snprintf(run, sizeof run, "%s rtol %s", name, rtol);
    memset(&r, 0, sizeof r);
    check_true(fixture_run(name, strcmp(rtol, "default") ? options : NULL,
                           &s, &r) == COLLIDE_OK, run);
    check_figure(run, "accepted steps", r.end.stats.steps_accepted, steps);
    check_figure(run, "RHS evaluations", r.end.stats.nfev, nfev);
    check_figure(run, "events", r.end.stats.nevents, events);
    sim_result_free(&r);
    return 0;
}

int main(void)
{
    char line[512];
    int n = 0;
    FILE *f = fopen(FIGURES, "r");
    if (!check_true(f != NULL, FIGURES " opens (run from the top of the tree)"))
        return check_summary("test_work");
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        check_true(check_line(line) == 0, "a line of " FIGURES
                   " reads SCENARIO RTOL STEPS NFEV EVENTS");
        n++;
    }
    fclose(f);
    check_true(n == 4, FIGURES " has the four runs (studies 1 and 2, default "
               "tolerances and rtol 1e-13)");
    return check_summary("test_work");
}
