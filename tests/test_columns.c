/* test_columns.c - one definition of the event and ledger columns in both
 * engines (README "CSV output"): on the built-in runs, binary64's
 * rate_scale is max(|margin|, |d g/dt| of the event's guard at the start
 * of its flow interval) and agrees with the high-precision mode's, its
 * c_and_d_before / c_and_d_after are event_in_c_and_d (the event's guard
 * taken as 0) and equal the high-precision mode's, grazing is decided
 * alike, and the ledger scale is the largest V and |I_s| at t = 0, at T
 * and on both sides of every jump; the tangential Hertzian separation has
 * margin 0 at every tolerance. And one definition of every column for
 * the files and the interface: on every built-in run, each cell that
 * collide_result_text and collide_result_value give for a binary64
 * result is, text and bits, the cell of the CSV text that the set writer
 * writes, read back with number_parse. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "collide.h"
#include "csv.h"
#include "impact.h"
#include "mp_sim.h"
#include "number.h"
#include "output.h"
#include "sim_fixture.h"
#include "sim_output.h"
#include "tables.h"

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

/* The value of a cell's text as collide_result_value reads it: NaN for a
 * text that is not a number (a name, "nan"). */
static double text_value(const char *text)
{
    double v;
    return number_parse(text, &v) == NUMBER_OK ? v : NAN;
}

/* Whether a and b are the same bits. */
static int same_bits(double a, double b)
{
    uint64_t x, y;
    memcpy(&x, &a, sizeof x);
    memcpy(&y, &b, sizeof y);
    return x == y;
}

/* The numbers whose text is special, put into a run of hertz (a NaN with
 * its sign bit set, which the file writes as "nan"; -0; infinities; the
 * least subnormal; an integer-valued number), read through the cell
 * accessor of tables.h and through the text of the writer, read back:
 * the same bits in every cell of collisions.csv and ledger.csv. */
static void accessor_special_numbers(void)
{
    static const char *const files[] = {"collisions.csv", "ledger.csv"};
    static const table_id ids[] = {TABLE_COLLISIONS, TABLE_LEDGER};
    scenario s;
    sim_result res;
    b64_view b;
    table_run run;
    collision_rec *c;
    char what[256], err[256];
    int t, row, col, bad = 0, cells = 0;
    if (fixture_run("hertz", NULL, &s, &res) != COLLIDE_OK ||
        res.ncollisions < 1) {
        check_true(0, "hertz runs");
        return;
    }
    c = &res.collisions[0];
    c->t_s = -NAN;
    c->v_i = -0.0;
    c->e = INFINITY;
    c->W = -INFINITY;
    c->J_Fc = 4.9406564584124654e-324;
    c->J_Fe = 3.0;
    c->V_start = -NAN;
    run = sim_output_view(&b, &s.model, &res);
    for (t = 0; t < 2; t++) {
        csv_table x;
        char *text;
        size_t len;
        if (sim_output_csv_text(&s.model, &res, files[t], &text, &len) ||
            csv_parse(files[t], text, len, &x, err, sizeof err)) {
            bad++;
            continue;
        }
        for (row = 0; row < x.nrows; row++)
            for (col = 0; col < x.ncols; col++, cells++)
                bad += !same_bits(tables_value(&run, ids[t], row, col),
                                  text_value(csv_cell(&x, row + 1, col)));
        bad += x.nrows != tables_rows(&run, ids[t]) ||
               x.ncols != tables_columns(&run, ids[t]);
        csv_free(&x);
    }
    snprintf(what, sizeof what, "-nan, -0, +-inf, a subnormal: %d cells of "
             "the accessor are the bits of their text read back (%d differ)",
             cells, bad);
    check_true(bad == 0 && cells > 0, what);
    sim_result_free(&res);
}

/* The cells of table t of result r that differ from the CSV table x (its
 * header, then its rows), in text or in the bits of their value, and
 * the first such cell in first[]; x's and r's rows and columns counted
 * as cells that differ when their numbers do. */
static int table_differences(const collide_result *r, collide_table t,
                             const csv_table *x, char *first, size_t len)
{
    int row, col, bad = 0;
    if (collide_result_rows(r, t) != x->nrows ||
        collide_result_columns(r, t) != x->ncols) {
        snprintf(first, len, "%d x %d cells against %d x %d",
                 collide_result_rows(r, t), collide_result_columns(r, t),
                 x->nrows, x->ncols);
        return 1;
    }
    for (col = 0; col < x->ncols; col++)
        if (strcmp(collide_result_column_name(r, t, col), csv_cell(x, 0, col)) ||
            collide_result_column(r, t, csv_cell(x, 0, col)) != col) {
            if (!bad++)
                snprintf(first, len, "column %d named %s against %s", col,
                         collide_result_column_name(r, t, col),
                         csv_cell(x, 0, col));
        }
    for (row = 0; row < x->nrows; row++)
        for (col = 0; col < x->ncols; col++) {
            const char *want = csv_cell(x, row + 1, col);
            const char *got = collide_result_text(r, t, row, col);
            double v = collide_result_value(r, t, row, col);
            if (!got || strcmp(got, want) || !same_bits(v, text_value(want))) {
                if (!bad++)
                    snprintf(first, len, "row %d, column %s: %s (%.17g) "
                             "against %s", row, csv_cell(x, 0, col),
                             got ? got : "NULL", v, want);
            }
        }
    return bad;
}

/* The text of the contact open at T of the built-in `name` run again by
 * the engine with the options, as its writer writes it, parsed into x. */
static int final_contact_table(const char *name, const char *const *options,
                               csv_table *x)
{
    scenario s;
    sim_result res;
    char *text, err[256];
    size_t len;
    int bad = fixture_run(name, options, &s, &res) != COLLIDE_OK ||
              sim_output_csv_text(&s.model, &res, OUTPUT_FINAL_CONTACT, &text,
                                  &len) != COLLIDE_OK ||
              csv_parse(OUTPUT_FINAL_CONTACT, text, len, x, err, sizeof err);
    sim_result_free(&res);
    return bad ? -1 : 0;
}

/* Every cell of every table of the binary64 run of the built-in `name`
 * with the options ("key=value", NULL-terminated, or NULL), as
 * collide_result_text and collide_result_value give it, against the CSV
 * text of its result set (collide_result_write) and of the contact open
 * at T: the same text and the bits of number_parse of that text. */
static void api_cells_are_the_files(const char *name,
                                    const char *const *options)
{
    static const char *const files[] = {"collisions.csv", "events.csv",
                                        "ledger.csv", "samples.csv"};
    char dir[] = "/tmp/collide-test-columns-XXXXXX", path[4200], err[1024];
    char what[2048], first[512] = "";
    collide_scenario *s = NULL;
    collide_result *r = NULL;
    int t, i, bad = 0, cells = 0;
    if (!mkdtemp(dir)) {
        check_true(0, "mkdtemp");
        return;
    }
    bad = collide_scenario_load(name, &s, err, sizeof err) != COLLIDE_OK;
    for (i = 0; !bad && options && options[i]; i++) {
        char key[64];
        const char *eq = strchr(options[i], '=');
        snprintf(key, sizeof key, "%.*s", (int)(eq - options[i]), options[i]);
        bad = collide_scenario_set(s, key, eq + 1, err, sizeof err) != COLLIDE_OK;
    }
    bad = bad || collide_run(s, NULL, &r, err, sizeof err) != COLLIDE_OK ||
          collide_result_write(r, dir, err, sizeof err) != COLLIDE_OK;
    for (t = 0; !bad && t <= COLLIDE_TABLE_FINAL_CONTACT; t++) {
        csv_table x;
        int d;
        if (t < COLLIDE_TABLE_FINAL_CONTACT) {
            snprintf(path, sizeof path, "%s/%s", dir, files[t]);
            bad = csv_load(path, &x, err, sizeof err) != 0;
        } else {
            bad = final_contact_table(name, options, &x) != 0;
        }
        if (bad)
            break;
        d = table_differences(r, (collide_table)t, &x, first, sizeof first);
        if (d && !first[0])
            snprintf(first, sizeof first, "table %d", t);
        cells += x.nrows * x.ncols;
        bad = d != 0;
        if (bad)
            snprintf(err, sizeof err, "table %d: %d cells differ, first %s",
                     t, d, first);
        csv_free(&x);
    }
    snprintf(what, sizeof what, "%s%s: %d cells of the interface are those "
             "of the files, text and bits%s%s", name,
             options ? " (options)" : "", cells, bad ? ": " : "",
             bad ? err : "");
    check_true(!bad && cells > 0, what);
    for (t = 0; t < 4; t++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[t]);
        remove(path);
    }
    snprintf(path, sizeof path, "%s/trajectory.csv", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/MANIFEST", dir);
    remove(path);
    rmdir(dir);
    collide_result_free(r);
    collide_scenario_free(s);
}

int main(void)
{
    static const char *const many[] = {"rtol=1e-11", "atol=1e-14",
                                       "samples=3000", NULL};
    const char *const *b;
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
    accessor_special_numbers();
    for (b = collide_builtin_names(); *b; b++)
        api_cells_are_the_files(*b, NULL);
    api_cells_are_the_files("study1", many);
    api_cells_are_the_files("study2", many);
    return check_summary("test_columns");
}
