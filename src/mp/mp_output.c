/* mp_output.c - a high-precision run as the tables see it (tables.h);
 * see mp_output.h. */
#include "mp_output.h"

#include <stdio.h>

#include "tables.h"

/* The run, the digits written, and room for a collision's ledger scale. */
typedef struct mp_view {
    const mp_model *M;
    const mp_result *r;
    int digits;
    mpfr_t scale, a;
} mp_view;

/* A value with the view's significant digits ("nan" for NaN). */
static void mp_number(FILE *f, void *engine, const void *x)
{
    const mp_view *c = engine;
    mpfr_srcptr v = x;
    if (mpfr_nan_p(v))
        fputs("nan", f);
    else
        mpfr_fprintf(f, "%.*Rg", c->digits, v);
}

/* A collision, its ledger scale max(|V_start|, |V_end|, |I_s|) rounded
 * to the run's precision. */
static void mp_collision_row(void *engine, int k, table_collision *row)
{
    mp_view *c = engine;
    const mp_collision *col =
        k < 0 ? &c->r->final_partial : &c->r->collisions[k];
    int i;
    row->i = col->i;
    for (i = 0; i < TC_N; i++)
        row->v[i] = col->v[i];
    mpfr_abs(c->scale, col->v[TC_VSTART], MPFR_RNDN);
    mpfr_abs(c->a, col->v[TC_VEND], MPFR_RNDN);
    mpfr_max(c->scale, c->scale, c->a, MPFR_RNDN);
    mpfr_abs(c->a, col->v[TC_IS], MPFR_RNDN);
    mpfr_max(c->scale, c->scale, c->a, MPFR_RNDN);
    row->scale = c->scale;
}

static void mp_event_row(void *engine, int k, table_event *row)
{
    const mp_view *c = engine;
    const mp_event *e = &c->r->events[k];
    int i;
    row->d = &e->d;
    row->t = e->t;
    row->margin = e->margin;
    row->lo = e->lo;
    row->hi = e->hi;
    row->rate_scale = e->rate_scale;
    for (i = 0; i < c->M->L.n_chi; i++) {
        row->before[i] = e->before[i];
        row->after[i] = e->after[i];
    }
}

static void mp_sample_row(void *engine, int k, table_sample *row)
{
    const mp_view *c = engine;
    const mp_sample *s = &c->r->samples[k];
    int i;
    row->j = s->j;
    row->q = s->q;
    row->boundary = s->boundary;
    row->t = s->t;
    row->fc = s->fc;
    row->V = s->V;
    row->fer = s->fer;
    row->fe1 = NULL;
    row->fe2 = NULL;
    for (i = 0; i < c->M->L.n_chi; i++)
        row->y[i] = s->y[i];
}

static void mp_ledger_total(void *engine, const void *v[TL_N])
{
    const mp_view *c = engine;
    int i;
    for (i = 0; i < TL_N; i++)
        v[i] = c->r->ledger.v[i];
}

/* The high-precision engine as the tables see it: no trajectory.csv. */
static const table_engine mp_engine = {mp_number, mp_collision_row,
                                       mp_event_row, mp_sample_row,
                                       mp_ledger_total, 0, NULL, NULL};

/* The view of run r of model M with `digits` digits (c keeps the
 * scratch: mp_view_clear frees it). */
static table_run mp_view_run(mp_view *c, const mp_model *M,
                             const mp_result *r, int digits,
                             const char *const *scd)
{
    table_run run;
    c->M = M;
    c->r = r;
    c->digits = digits;
    mpfr_inits2(r->prec, c->scale, c->a, (mpfr_ptr)0);
    run.ops = &mp_engine;
    run.engine = c;
    run.L = &M->L;
    run.ncollisions = r->ncollisions;
    run.nevents = r->nevents;
    run.nsamples = r->nsamples;
    run.final_contact = r->final_contact;
    run.scd = scd;
    return run;
}

static void mp_view_clear(mp_view *c)
{
    mpfr_clears(c->scale, c->a, (mpfr_ptr)0);
}

collide_status mp_output_write_csv(output_session *o,
                                   const output_notes *notes,
                                   const char *dir, const mp_model *M,
                                   const mp_result *r, int digits,
                                   const char *const *scd, char *err,
                                   size_t errlen)
{
    mp_view c;
    table_run run = mp_view_run(&c, M, r, digits, scd);
    collide_status st = tables_write_set(o, notes, dir, &run, err, errlen);
    mp_view_clear(&c);
    return st;
}

collide_status mp_output_csv_text(const mp_model *M, const mp_result *r,
                                  int digits, const char *name, char **text,
                                  size_t *len)
{
    mp_view c;
    table_run run = mp_view_run(&c, M, r, digits, NULL);
    collide_status st = tables_text(&run, name, text, len);
    mp_view_clear(&c);
    return st;
}
