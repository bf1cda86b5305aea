/* test_columns.c - one definition of the event and ledger columns in both
 * engines (README "CSV output"): on the built-in runs, binary64's
 * rate_scale is max(|margin|, |d g/dt| of the event's guard at the start
 * of its flow interval) and agrees with the high-precision mode's, its
 * c_and_d_before / c_and_d_after are event_in_c_and_d (the event's guard
 * taken as 0) and equal the high-precision mode's, grazing is decided
 * alike, and the ledger scale is the largest V and |I_s| at t = 0, at T
 * and on both sides of every jump; the tangential Hertzian separation has
 * margin 0 at every tolerance. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "impact.h"
#include "mp_sim.h"
#include "sim_fixture.h"

/* The rate scale of the events that end a flight (guard x, rate v): the
 * rate at the start of the flight is v after the previous jump (v0 for
 * the first), exactly as the binary64 engine evaluates it. */
static void flight_rate_scale(const char *name)
{
    scenario s;
    sim_result r;
    int k, bad = 0, n = 0;
    char what[160];
    fixture_run(name, NULL, &s, &r);
    for (k = 0; k < r.nevents; k++) {
        const event_rec *e = &r.events[k];
        double v_start = k == 0 ? s.model.v0 : r.events[k - 1].after[1];
        if (e->d.tr != TR_COMMENCE_TOUCH)
            continue;
        n++;
        if (e->rate_scale != fmax(fabs(e->margin), fabs(v_start)))
            bad++;
    }
    snprintf(what, sizeof what, "%s: rate_scale of %d commencements = "
             "max(|margin|, |v| at the start of the flight)", name, n);
    check_true(n > 0 && bad == 0, what);
    sim_result_free(&r);
}

/* The ledger scale by its definition, from the run's events and ends. */
static double scale_by_definition(const scenario *s, const sim_result *r)
{
    const layout L = layout_make(s->model.sys, s->model.law->nz);
    double y0[COLLIDE_NY_MAX] = {0}, sc = 0.0;
    int k, side;
    y0[L.x] = s->model.x0;
    y0[L.v] = s->model.v0;
    if (s->model.sys == SYS_HF) {
        y0[L.xm] = s->model.xm0;
        y0[L.vm] = s->model.vm0;
    }
    sc = fmax(impact_storage(&s->model, &L, y0), 0.0);
    sc = fmax(sc, fmax(impact_storage(&s->model, &L, r->end.y),
                       fabs(r->end.y[L.is])));
    for (k = 0; k < r->nevents; k++)
        for (side = 0; side < 2; side++) {
            const double *y = side ? r->events[k].after : r->events[k].before;
            sc = fmax(sc, fmax(impact_storage(&s->model, &L, y), fabs(y[L.is])));
        }
    return sc;
}

/* Binary64 against the high-precision mode at 128 bits on one built-in:
 * the same events, c_and_d flags and grazing flags, rate_scale to rel
 * (binary64 at the paper's tolerances), and the ledger scale by its
 * definition. At an event flagged grazing in both the margin, and with
 * it the scale, is zero to its resolution and is not compared. */
static void both_engines(const char *name, double rel)
{
    scenario s;
    sim_result r;
    mp_model M;
    mp_result mr;
    mp_options o;
    char err[512], what[200];
    int k, flags = 0, scales = 0, cd = 0;
    double worst = 0.0;
    fixture_run(name, NULL, &s, &r);
    memset(&mr, 0, sizeof mr);
    check_true(mp_model_init(&M, &s, 128, err, sizeof err) == COLLIDE_OK,
               "the MPFR model builds");
    o = mp_options_default(&s.opt, 128);
    check_true(mp_run(&M, &o, &mr) == COLLIDE_OK, "the MPFR run ends well");
    snprintf(what, sizeof what, "%s: %d events in both engines", name,
             r.nevents);
    check_true(r.status == COLLIDE_OK && r.nevents == mr.nevents, what);
    for (k = 0; k < r.nevents && k < mr.nevents; k++) {
        const event_rec *e = &r.events[k];
        const mp_event *f = &mr.events[k];
        double want = mpfr_get_d(f->rate_scale, MPFR_RNDN);
        double d = fabs(e->rate_scale - want) / fmax(fabs(want), 1e-300);
        flags += e->d.tr != f->d.tr || e->d.grazing != f->d.grazing;
        cd += e->d.c_and_d_before != f->d.c_and_d_before ||
              e->d.c_and_d_after != f->d.c_and_d_after;
        if (e->d.grazing && f->d.grazing)
            continue;   /* a margin within its resolution (the Hertzian
                           separation: 0 in MPFR, ~1 N/s of rounding in
                           binary64) has no digits, nor has its scale */
        if (!(d <= rel))
            scales++;
        worst = fmax(worst, d);
    }
    printf("%s: rate_scale worst relative difference %.3g\n", name, worst);
    snprintf(what, sizeof what, "%s: the same transitions and grazing flags "
             "in both engines", name);
    check_true(flags == 0, what);
    snprintf(what, sizeof what, "%s: the same c_and_d_before/after in both "
             "engines", name);
    check_true(cd == 0, what);
    snprintf(what, sizeof what, "%s: rate_scale within %g of the MPFR "
             "mode's (%d outside)", name, rel, scales);
    check_true(scales == 0, what);
    snprintf(what, sizeof what, "%s: ledger scale = the largest V, |I_s| at "
             "0, T and both sides of every jump", name);
    check_true(r.ledger.scale == scale_by_definition(&s, &r), what);
    mp_result_free(&mr);
    mp_model_clear(&M);
    sim_result_free(&r);
}

/* event_in_c_and_d: the event's guard taken as 0 whatever its residue. */
static void c_and_d_definition(void)
{
    /* commencement at touch: x = -1e-300 (past the guard), v < 0 */
    check_true(event_in_c_and_d(0, 0, -1e-300, -1.0, 0.0) == 1,
               "touch: before in C and D (x taken as 0)");
    check_true(event_in_c_and_d(1, 0, -1e-300, -1.0, 0.0) == 0,
               "touch: after (q = 1, v < 0) not in D");
    /* separation: Phi = +1e-300 (past the guard), v > 0 */
    check_true(event_in_c_and_d(1, 2, -1e-3, 1.0, 1e-300) == 1,
               "separation: before in C and D (Phi taken as 0)");
    check_true(event_in_c_and_d(0, 2, -1e-3, 1.0, 1e-300) == 0,
               "separation: after (q = 0, v > 0) not in D");
    /* the same with the residue on the other side */
    check_true(event_in_c_and_d(1, 2, -1e-3, 1.0, -1e-300) == 1,
               "separation, Phi = -1e-300: in C and D");
    /* adhesive separation: v = 0 at the event, Phi >= 0 */
    check_true(event_in_c_and_d(1, 1, -1e-3, -1e-300, 2.0) == 1,
               "adhesive separation: before in C and D (v taken as 0)");
}

/* The elastic Hertzian separation is tangential (dPhi/dt = k p |x|^(p-1) v
 * vanishes with x): its margin is 0, grazing, at the default tolerances
 * and at tight ones (at rtol 1e-13, atol 1e-16 a quadrature, which the
 * guard does not depend on, set the margin's resolution, and it was 2.08
 * N/s where the high-precision mode has 0). */
static void hertz_separation_margin(const char *tol, const char *label)
{
    scenario s;
    sim_result r;
    char text[512], what[160];
    int i, seen = 0, ok = 1;
    snprintf(text, sizeof text,
             "system = Hr\nlaw = shccl\nk = 1e9\np = 1.5\nc = 0\nm = 1\n"
             "x0 = 0.02\nv0 = 0\ninput = gravity\ng = 9.81\nT = 0.07\n%s",
             tol);
    fixture_run_text(text, &s, &r);
    for (i = 0; i < r.nevents; i++)
        if (r.events[i].d.tr == 2) {
            seen++;
            ok = ok && r.events[i].margin == 0.0 && r.events[i].d.grazing;
        }
    snprintf(what, sizeof what,
             "free fall, elastic separation (%s): margin 0, grazing", label);
    check_true(r.status == COLLIDE_OK && seen == 1 && ok, what);
    sim_result_free(&r);
}

int main(void)
{
    c_and_d_definition();
    hertz_separation_margin("", "default tolerances");
    hertz_separation_margin("rtol = 1e-13\natol = 1e-16\n", "rtol 1e-13");
    hertz_separation_margin("rtol = 1e-12\natol = 1e-15\n", "rtol 1e-12");
    flight_rate_scale("study1");
    flight_rate_scale("hertz");
    both_engines("study1", 1e-6);
    both_engines("hertz", 1e-6);
    both_engines("example-v2", 1e-6);
    both_engines("study3-shccl", 1e-6);
    return check_summary("test_columns");
}
