/* test_maxima.c - the maxima of Eqs. (198)-(199), x_c^max and F_c^max,
 * are never below the run's own continuous extension: over a sweep of
 * tolerances and scenarios (an SHCCL ball dropped 3 mm under gravity with
 * the stiffness of Table III, BWMCL runs, the built-ins), each scenario is
 * run once to find its contacts, and again with samples placed densely in
 * every contact (the samples do not change the steps: the same run); no
 * sample of |x_c| or F_c in a contact may exceed the maximum reported for
 * it. An interior maximum near the end of a step was missed by a search
 * around the best of eight samples (3e-9 to 4e-9 relative below). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hybrid.h"
#include "impact.h"
#include "sim_fixture.h"
#include "builtin.h"

#define PER_CONTACT 1000  /* samples in each contact, and about each of
                             its best samples */
#define ROUNDING (8.0 * DBL_EPSILON) /* two evaluations of |x_c| or F_c
                             at neighbouring instants of a flat maximum
                             differ by their rounding: a few ulps */

/* The built-in text of name with the lines of the keys in keys[] (NULL-
 * terminated, with values in vals[]) replaced; into out. */
static void edit(const char *name, const char *const *keys,
                 const char *const *vals, char *out, size_t len)
{
    const char *p = scenario_builtin_text(name);
    size_t n = 0;
    while (*p && n + 256 < len) {
        const char *eol = strchr(p, '\n');
        size_t l = eol ? (size_t)(eol - p) + 1 : strlen(p);
        const char *q = p;
        int i, hit = -1;
        while (*q == ' ')
            q++;
        for (i = 0; keys[i]; i++) {
            size_t kl = strlen(keys[i]);
            if (strncmp(q, keys[i], kl) == 0 && (q[kl] == ' ' || q[kl] == '='))
                hit = i;
        }
        if (hit >= 0)
            n += (size_t)snprintf(out + n, len - n, "%s = %s\n", keys[hit],
                                  vals[hit]);
        else {
            memcpy(out + n, p, l);
            n += l;
        }
        p += l;
    }
    out[n] = '\0';
}

static int load(const char *text, double rtol, scenario *s)
{
    char err[512], r[32], a[32];
    snprintf(r, sizeof r, "%g", rtol);
    snprintf(a, sizeof a, "%g", rtol * 1e-3);
    if (scenario_parse(text, "maxima", s, err, sizeof err) ||
        scenario_set_run_option(s, "rtol", r, "test", err, sizeof err) ||
        scenario_set_run_option(s, "atol", a, "test", err, sizeof err) ||
        scenario_set_run_option(s, "samples", "0", "test", err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The contact of flow interval j (2 i + 1 from apart), or NULL. */
static const collision_rec *contact_of(const sim_result *r, int j)
{
    int i = (j - 1) / 2;
    if (j < 1 || j % 2 == 0)
        return NULL;
    if (i < r->ncollisions)
        return &r->collisions[i];
    return r->final_contact && i == r->ncollisions ? &r->final_partial : NULL;
}

/* The run of text at rtol with samples at the n times at[] only. */
static int run_at(const char *text, double rtol, const double *at, int n,
                  scenario *s, sim_result *r)
{
    if (load(text, rtol, s))
        return -1;
    s->opt.sample_at = at;
    s->opt.n_sample_at = n;
    memset(r, 0, sizeof *r);
    sim_run(&s->model, &s->opt, r);
    return r->status == COLLIDE_OK ? 0 : -1;
}

/* The quantity `which` (0: |x_c|, 1: F_c) of sample x. */
static double quantity(const scenario *s, const layout *L, int which,
                       const sample_rec *x)
{
    if (which == 0)
        return fabs(x->y[L->xc]);
    return impact_contact_force(&s->model, L, 1, x->y);
}

/* Runs text at rtol three times (the samples do not change the steps:
 * the same run): to find its contacts; with PER_CONTACT samples in each,
 * to find the best sample of |x_c| and of F_c in each; with PER_CONTACT
 * samples within a sample spacing of each best sample, where the
 * maximum of the continuous extension lies. No sample may exceed the
 * maximum reported for its contact. */
static void sweep_one(const char *label, const char *text, double rtol)
{
    scenario s;
    sim_result r;
    layout L;
    double *at = NULL, *best_t = NULL, *best_v = NULL, worst[2] = {0.0, 0.0};
    int n = 0, i, k, w, bad = 0, nc = 0, ok;
    char name[240];
    ok = run_at(text, rtol, NULL, 0, &s, &r) == 0;
    if (ok) {
        nc = r.ncollisions + r.final_contact;
        at = malloc(sizeof(double) * (size_t)(nc * 2 * PER_CONTACT + 1));
        best_t = malloc(sizeof(double) * (size_t)(nc * 2 + 1));
        best_v = malloc(sizeof(double) * (size_t)(nc * 2 + 1));
        ok = at && best_t && best_v;
    }
    for (i = 0; ok && i < nc; i++) {
        const collision_rec *c = i < r.ncollisions ? &r.collisions[i]
                                                   : &r.final_partial;
        for (k = 1; k < PER_CONTACT; k++)
            at[n++] = c->t_e + (c->t_s - c->t_e) * ((double)k / PER_CONTACT);
        best_v[2 * i] = best_v[2 * i + 1] = -1.0;
        best_t[2 * i] = best_t[2 * i + 1] = c->t_e;
    }
    sim_result_free(&r);
    ok = ok && run_at(text, rtol, at, n, &s, &r) == 0;
    L = layout_make(s.model.sys, s.model.law->nz);
    for (i = 0; ok && i < r.nsamples; i++) {
        const sample_rec *x = &r.samples[i];
        int ci = (x->j - 1) / 2;
        if (x->boundary || x->q != 1 || ci >= nc)
            continue;
        for (w = 0; w < 2; w++)
            if (quantity(&s, &L, w, x) > best_v[2 * ci + w]) {
                best_v[2 * ci + w] = quantity(&s, &L, w, x);
                best_t[2 * ci + w] = x->t;
            }
    }
    n = 0;
    for (i = 0; ok && i < nc; i++) {
        const collision_rec *c = i < r.ncollisions ? &r.collisions[i]
                                                   : &r.final_partial;
        double dt = (c->t_s - c->t_e) / PER_CONTACT;
        for (w = 0; w < 2; w++)
            for (k = 0; k < PER_CONTACT; k++) {
                double t = best_t[2 * i + w] - dt +
                           2.0 * dt * ((double)k / (PER_CONTACT - 1));
                if (t > c->t_e && t < c->t_s)
                    at[n++] = t;
            }
    }
    if (ok) {
        sim_result_free(&r);
        qsort(at, (size_t)n, sizeof(double), cmp_double);
        ok = run_at(text, rtol, at, n, &s, &r) == 0;
    }
    for (i = 0; ok && i < r.nsamples; i++) {
        const sample_rec *x = &r.samples[i];
        const collision_rec *c = x->q == 1 ? contact_of(&r, x->j) : NULL;
        double v[2];
        if (!c)
            continue;
        v[0] = quantity(&s, &L, 0, x);
        v[1] = quantity(&s, &L, 1, x);
        if (v[0] > c->xc_max * (1.0 + ROUNDING)) {
            bad++;
            worst[0] = fmax(worst[0], (v[0] - c->xc_max) / c->xc_max);
        }
        if (v[1] > c->Fc_max * (1.0 + ROUNDING)) {
            bad++;
            worst[1] = fmax(worst[1], (v[1] - c->Fc_max) / c->Fc_max);
        }
    }
    snprintf(name, sizeof name, "%s, rtol %g: %d samples about the maxima "
             "of %d contacts, none above x_c^max (worst %.2g) or F_c^max "
             "(worst %.2g)", label, rtol, n, nc, worst[0], worst[1]);
    check_true(ok && bad == 0, name);
    sim_result_free(&r);
    free(at);
    free(best_t);
    free(best_v);
}

/* The SHCCL ball of Table III dropped from 1 mm to 10 mm (30 heights,
 * evenly in log) at rtol 1e-12 and 1e-13; study3-bwmcl dropped from 1 mm
 * and 5 mm, and the built-ins, at rtol 1e-10 to 1e-13. */
int main(void)
{
    static const double rtols[] = {1e-10, 1e-11, 1e-12, 1e-13};
    static const char *const builtins[] = {
        "example-v2", "hertz", "study1", "study2", "study3-shccl",
        "study3-bwshccl", "study3-bwmcl", NULL};
    static const char *const drop_k[] = {"x0", "T", NULL};
    static const char *const none[] = {NULL};
    char text[8192], h[32], label[64];
    int t, b, k;
    for (t = 2; t < 4; t++)
        for (k = 0; k < 30; k++) {
            const char *dv[2];
            snprintf(h, sizeof h, "%.6g", 1e-3 * pow(10.0, k / 30.0));
            dv[0] = h;
            dv[1] = "0.3";
            edit("study3-shccl", drop_k, dv, text, sizeof text);
            snprintf(label, sizeof label, "SHCCL dropped from %s m", h);
            sweep_one(label, text, rtols[t]);
        }
    for (t = 0; t < 4; t++) {
        static const char *const bw_h[] = {"1e-3", "5e-3"};
        for (k = 0; k < 2; k++) {
            const char *dv[2];
            dv[0] = bw_h[k];
            dv[1] = "0.3";
            edit("study3-bwmcl", drop_k, dv, text, sizeof text);
            snprintf(label, sizeof label, "BWMCL dropped from %s m", bw_h[k]);
            sweep_one(label, text, rtols[t]);
        }
        for (b = 0; builtins[b]; b++) {
            edit(builtins[b], none, none, text, sizeof text);
            sweep_one(builtins[b], text, rtols[t]);
        }
    }
    return check_summary("test_maxima");
}
