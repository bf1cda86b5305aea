/* bench.c - the figures of `make bench`: for each built-in scenario at the
 * paper's tolerances (rtol 1e-11, atol 1e-14): time, steps, right-hand-side
 * evaluations, events, and the significant correct digits
 * scd = -log10(|a - b| / |b|) of every observable of every collision
 * against a run at much tighter tolerances (rtol 1e-14, atol 1e-18).
 * The error of an observable is measured relative to its reference value,
 * or to its natural scale where that is larger (a vanishing reference
 * value has no relative error): xc_r against xc_max, W against the kinetic
 * energy 1/2 m v_i^2 of the approach, J_Fe against |J_Fc|.
 *
 * The wall time is the least of REPEATS runs (the machine is shared).
 *
 * The figure "data" measures the conditioning of the scenario: the worst
 * scd between the tight run and a tight run from x0 changed by a relative
 * 1e-11 (the paper's rtol). No method whose errors are of the size of its
 * tolerance can be expected to give more digits than that, since an error
 * of that size made at the first step already costs them.
 *
 *   bench [--rtol X --atol Y] [SCENARIO...]
 *                                  figures for the scenarios (default: all)
 *                                  at the paper's or the given tolerances
 *   bench --against CSV SCENARIO   scd of another program's collisions.csv
 *                                  (same columns) against the tight run */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "scenario.h"
#include "builtin.h"
#include "impact.h"

#define NOBS 13
static const char *const obs_names[NOBS] = {
    "t_e", "t_s", "t_d", "t_f", "v_i", "v_s", "e", "xc_max", "Fc_max",
    "xc_r", "W", "J_Fc", "J_Fe"};

#define REPEATS 5

/* The tolerances of the run measured (default: the paper's). */
static const char *bench_rtol = "1e-11", *bench_atol = "1e-14";

static double mass; /* m of the scenario (Eq. 41) */

/* The natural scale of each observable of c (see the head of the file). */
static void scales(const collision_rec *c, double *f)
{
    int k;
    for (k = 0; k < NOBS; k++)
        f[k] = 0.0;
    f[9] = fabs(c->xc_max);
    f[10] = 0.5 * mass * c->v_i * c->v_i;
    f[12] = fabs(c->J_Fc);
}

static void observables(const collision_rec *c, double *o)
{
    o[0] = c->t_e; o[1] = c->t_s; o[2] = c->t_d; o[3] = c->t_f;
    o[4] = c->v_i; o[5] = c->v_s; o[6] = c->e; o[7] = c->xc_max;
    o[8] = c->Fc_max; o[9] = c->xc_r; o[10] = c->W; o[11] = c->J_Fc;
    o[12] = c->J_Fe;
}

/* Significant correct digits of a against the reference b, relative to
 * max(|b|, floor) (capped at 17; NaN where that is zero or b is not
 * finite). */
static double scd(double a, double b, double floor)
{
    double d, s = fabs(b) > floor ? fabs(b) : floor;
    if (!isfinite(b) || s == 0.0)
        return NAN;
    d = fabs(a - b) / s;
    if (d < 1e-17)
        return 17.0;
    return -log10(d);
}

static double wall(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int load(const char *name, scenario *s, const char *rtol,
                const char *atol)
{
    char err[512];
    if (scenario_load(name, s, err, sizeof err) != COLLIDE_OK ||
        scenario_set_run_option(s, "rtol", rtol, "bench", err, sizeof err) ||
        scenario_set_run_option(s, "atol", atol, "bench", err, sizeof err)) {
        fprintf(stderr, "bench: %s\n", err);
        return -1;
    }
    s->opt.n_samples = 0;
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Worst and median scd over the collisions of a against reference b. */
static void digits(const collision_rec *a, int na, const collision_rec *b,
                   int nb, double *worst, double *median, const char **wname,
                   int *wi)
{
    static double all[NOBS * 4096];
    int n = 0, i, k;
    *worst = 17.0;
    *wname = "-";
    *wi = -1;
    for (i = 0; i < na && i < nb && i < 4096; i++) {
        double oa[NOBS], ob[NOBS], fl[NOBS];
        observables(&a[i], oa);
        observables(&b[i], ob);
        scales(&b[i], fl);
        for (k = 0; k < NOBS; k++) {
            double d = scd(oa[k], ob[k], fl[k]);
            if (isnan(d))
                continue;
            all[n++] = d;
            if (d < *worst) {
                *worst = d;
                *wname = obs_names[k];
                *wi = i;
            }
        }
    }
    qsort(all, (size_t)n, sizeof all[0], cmp_double);
    *median = n ? all[n / 2] : NAN;
}

/* Runs the scenario; 0 on success, else prints the diagnosis. */
static int run_checked(const char *name, const scenario *s, sim_result *r)
{
    memset(r, 0, sizeof *r);
    if (sim_run(&s->model, &s->opt, r) != COLLIDE_OK) {
        fprintf(stderr, "bench: %s: run failed: %s\n", name, r->diagnosis);
        sim_result_free(r);
        return -1;
    }
    return 0;
}

/* The run at the paper's tolerances (least wall time of REPEATS) and the
 * tight reference run. */
static int run_pair(const char *name, sim_result *r, sim_result *ref,
                    double *seconds)
{
    static scenario s, sref;
    int k;
    if (load(name, &s, bench_rtol, bench_atol) ||
        load(name, &sref, "1e-14", "1e-18"))
        return -1;
    *seconds = HUGE_VAL;
    for (k = 0; k < REPEATS; k++) {
        double t0 = wall(), dt;
        if (run_checked(name, &s, r))
            return -1;
        dt = wall() - t0;
        if (dt < *seconds)
            *seconds = dt;
        if (k + 1 < REPEATS)
            sim_result_free(r);
    }
    if (run_checked(name, &sref, ref)) {
        sim_result_free(r);
        return -1;
    }
    mass = s.model.m;
    return 0;
}

/* Worst scd of the tight run against itself from x0 (1 + 1e-11). */
static int conditioning(const char *name, const sim_result *ref,
                        double *worst, const char **wname, int *wi)
{
    static scenario sp;
    sim_result rp;
    double median;
    if (load(name, &sp, "1e-14", "1e-18"))
        return -1;
    sp.model.x0 *= 1.0 + 1e-11;
    if (run_checked(name, &sp, &rp))
        return -1;
    digits(rp.collisions, rp.ncollisions, ref->collisions, ref->ncollisions,
           worst, &median, wname, wi);
    sim_result_free(&rp);
    return 0;
}

static int figures(const char *name)
{
    sim_result r, ref;
    double sec, worst, median, cworst;
    const char *wname, *cname;
    int wi, ci;
    if (run_pair(name, &r, &ref, &sec))
        return -1;
    digits(r.collisions, r.ncollisions, ref.collisions, ref.ncollisions,
           &worst, &median, &wname, &wi);
    if (conditioning(name, &ref, &cworst, &cname, &ci)) {
        sim_result_free(&r);
        sim_result_free(&ref);
        return -1;
    }
    printf("bench %-15s wall_s=%.4f steps=%ld rejected=%ld nfev=%ld "
           "events=%ld collisions=%d(ref %d) scd_worst=%.1f(%s[%d]) "
           "scd_median=%.1f data=%.1f(%s[%d]) ledger=%.2g\n",
           name, sec, r.end.stats.steps_accepted, r.end.stats.steps_rejected,
           r.end.stats.nfev, r.end.stats.nevents, r.ncollisions, ref.ncollisions,
           worst, wname, wi, median, cworst, cname, ci,
           fabs(r.ledger.residual) / r.ledger.scale);
    sim_result_free(&r);
    sim_result_free(&ref);
    return 0;
}

/* Reads the rows of a collisions.csv whose first columns are
 * i,t_e,t_s,t_d,t_f,v_i,v_s,e,xc_max,Fc_max,xc_r,W,J_Fc,J_Fe. */
static int read_csv(const char *path, collision_rec *c, int max)
{
    char line[4096];
    int n = 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    if (!fgets(line, sizeof line, f)) {
        fclose(f);
        return -1;
    }
    while (n < max && fgets(line, sizeof line, f)) {
        double v[14];
        char *p = line, *end;
        int k;
        for (k = 0; k < 14; k++) {
            v[k] = strtod(p, &end);
            if (end == p)
                v[k] = NAN;
            p = strchr(end, ',');
            if (!p)
                break;
            p++;
        }
        if (k < 13)
            continue;
        memset(&c[n], 0, sizeof c[n]);
        c[n].t_e = v[1]; c[n].t_s = v[2]; c[n].t_d = v[3]; c[n].t_f = v[4];
        c[n].v_i = v[5]; c[n].v_s = v[6]; c[n].e = v[7]; c[n].xc_max = v[8];
        c[n].Fc_max = v[9]; c[n].xc_r = v[10]; c[n].W = v[11];
        c[n].J_Fc = v[12]; c[n].J_Fe = v[13];
        n++;
    }
    fclose(f);
    return n;
}

static int against(const char *csv, const char *name)
{
    static collision_rec other[4096];
    sim_result r, ref;
    double sec, worst, median;
    const char *wname;
    int wi, n = read_csv(csv, other, 4096);
    if (n < 0) {
        fprintf(stderr, "bench: cannot read %s\n", csv);
        return 1;
    }
    if (run_pair(name, &r, &ref, &sec))
        return 1;
    digits(other, n, ref.collisions, ref.ncollisions, &worst, &median,
           &wname, &wi);
    printf("against %s: collisions=%d(ref %d) scd_worst=%.1f(%s[%d]) "
           "scd_median=%.1f\n",
           name, n, ref.ncollisions, worst, wname, wi, median);
    printf("ours %s: wall_s=%.4f nfev=%ld\n", name, sec, r.end.stats.nfev);
    sim_result_free(&r);
    sim_result_free(&ref);
    return 0;
}

int main(int argc, char **argv)
{
    int i;
    if (argc == 4 && strcmp(argv[1], "--against") == 0)
        return against(argv[2], argv[3]);
    while (argc > 2 && (strcmp(argv[1], "--rtol") == 0 ||
                        strcmp(argv[1], "--atol") == 0)) {
        if (argv[1][2] == 'r')
            bench_rtol = argv[2];
        else
            bench_atol = argv[2];
        argv += 2;
        argc -= 2;
    }
    if (argc > 1) {
        for (i = 1; i < argc; i++)
            if (figures(argv[i]))
                return 1;
        return 0;
    }
    {
        const char *const *names = scenario_builtin_names();
        for (i = 0; names[i]; i++)
            if (figures(names[i]))
                return 1;
    }
    return 0;
}
