/* test_near_touch.c - an undecided near-touch, through the public
 * interface (include/collide.h) as a program would use it.
 *
 * A ball of 1 kg under a constant force F = 12 N pushing it away from the
 * surface (H_r, clamped law, k = 1e4 N/m) is thrown at it from
 * x0 = 1e-3 m with v0 = -sqrt(2 (F / m) (x0 + d)), d = 1e-14 m: it reaches
 * the surface with |v| = sqrt(2 (F / m) d) = 4.9e-7 m/s and turns back
 * after a dip of d = 1e-14 m below it, a contact of 2 |v| m / F = 8.2e-8 s
 * (the contact force, k d = 1e-10 N, is nothing beside F); the run at 128
 * bits finds that collision. At the paper's tolerances (rtol 1e-11,
 * atol 1e-14) the guard x is known to within sqrt(n) atol = 4e-14 m at
 * the touch, more than the dip: the engine can tell neither a collision
 * nor a miss, finds none, and must say so as an undecided near-touch with
 * its time. With atol 1e-16 and rtol 1e-13 the dip lies outside the error
 * band and the collision is found (rtol 1e-13 alone is not enough: at
 * x = 0 the band of x is atol's). */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "collide.h"

static const char grazing_ball[] =
    "system = Hr\nlaw = clamped\nk = 1e4\nm = 1\n"
    "x0 = 1e-3\nv0 = -0.15491933384907127\ninput = constant\nF = 12\n"
    "T = 0.05\n";

#define ACC 12.0                /* F / m */
#define DIP 1e-14               /* the depth of the dip below the surface */

/* The exact contact: it begins at t_in and ends at t_out. */
static void exact_contact(double *t_in, double *t_out)
{
    double v0 = 0.15491933384907127, x0 = 1e-3;
    double dip = v0 * v0 / (2.0 * ACC) - x0;   /* of the decimal v0 */
    double vt = sqrt(2.0 * ACC * dip), tmin = v0 / ACC;
    *t_in = tmin - vt / ACC;
    *t_out = tmin + vt / ACC;
}

/* Runs the grazing ball with rtol and atol (NULL: the scenario's). */
static collide_result *run_ball(const char *rtol, const char *atol)
{
    collide_scenario *s = NULL;
    collide_result *r = NULL;
    char err[512];
    if (collide_scenario_parse(grazing_ball, "grazing-ball", &s, err,
                               sizeof err) != COLLIDE_OK ||
        (rtol && collide_scenario_set(s, "rtol", rtol, err, sizeof err)) ||
        (atol && collide_scenario_set(s, "atol", atol, err, sizeof err))) {
        fprintf(stderr, "  %s\n", err);
        collide_scenario_free(s);
        return NULL;
    }
    if (collide_run(s, NULL, &r, err, sizeof err) != COLLIDE_OK)
        fprintf(stderr, "  %s\n", err);
    collide_scenario_free(s);
    return r;
}

/* At the paper's tolerances: no collision, one undecided near-touch at
 * the time of the exact contact (within its duration either way). */
static void undecided_at_paper_tolerances(void)
{
    double t_in, t_out, w, t;
    collide_result *r = run_ball(NULL, NULL);
    exact_contact(&t_in, &t_out);
    w = t_out - t_in;
    if (!check_true(r && collide_result_status(r) == COLLIDE_OK,
                    "grazing ball, rtol 1e-11, atol 1e-14: the run completes"))
        return;
    check_true(collide_result_rows(r, COLLIDE_TABLE_COLLISIONS) == 0,
               "grazing ball, rtol 1e-11: no collision found (within the "
               "error band)");
    check_true(collide_result_stat(r, COLLIDE_STAT_UNDECIDED_TOUCHES) == 1,
               "grazing ball, rtol 1e-11: one undecided near-touch counted");
    t = collide_result_undecided_touch(r, 0);
    check_range(t, t_in - w, t_out + w,
                "grazing ball, rtol 1e-11: its time is that of the touch");
    check_true(isnan(collide_result_undecided_touch(r, 1)) &&
                   isnan(collide_result_undecided_touch(r, -1)) &&
                   isnan(collide_result_undecided_touch(NULL, 0)),
               "grazing ball: no time beyond the count, none for NULL");
    collide_result_free(r);
}

/* With the tolerances tightened: the collision is found, at the time and
 * of the duration of the exact contact, and nothing is undecided. */
static void found_when_tightened(void)
{
    double t_in, t_out, w;
    collide_result *r = run_ball("1e-13", "1e-16");
    int te, td;
    exact_contact(&t_in, &t_out);
    w = t_out - t_in;
    if (!check_true(r && collide_result_status(r) == COLLIDE_OK,
                    "grazing ball, rtol 1e-13, atol 1e-16: the run completes"))
        return;
    te = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "t_e");
    td = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "t_d");
    check_true(collide_result_rows(r, COLLIDE_TABLE_COLLISIONS) == 1,
               "grazing ball, rtol 1e-13, atol 1e-16: the collision is found");
    check_range(collide_result_value(r, COLLIDE_TABLE_COLLISIONS, 0, te), t_in - w,
                t_in + w, "grazing ball, rtol 1e-13: t_e at the touch");
    check_close(collide_result_value(r, COLLIDE_TABLE_COLLISIONS, 0, td), w, 1e-3,
                0.0, "grazing ball, rtol 1e-13: t_d = 2 |v| m / F");
    check_true(collide_result_stat(r, COLLIDE_STAT_UNDECIDED_TOUCHES) == 0,
               "grazing ball, rtol 1e-13, atol 1e-16: nothing undecided");
    collide_result_free(r);
}

/* The built-in study 1 decides every touch: no undecided near-touch. */
static void study1_decided(void)
{
    collide_scenario *s = NULL;
    collide_result *r = NULL;
    char err[512];
    if (collide_scenario_load("study1", &s, err, sizeof err) == COLLIDE_OK)
        collide_run(s, NULL, &r, err, sizeof err);
    check_true(r && collide_result_stat(r, COLLIDE_STAT_UNDECIDED_TOUCHES) == 0,
               "study 1: no undecided near-touch");
    collide_result_free(r);
    collide_scenario_free(s);
}

int main(void)
{
    undecided_at_paper_tolerances();
    found_when_tightened();
    study1_decided();
    return check_summary("test_near_touch");
}
