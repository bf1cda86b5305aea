/* sim_output.c - a binary64 run as the tables see it (tables.h); see
 * sim_output.h. */
#include "sim_output.h"

#include <math.h>
#include <stdio.h>

#include "impact.h"

/* A value with round-trip precision into buf (TABLE_TEXT_MAX bytes); a
 * NaN of either sign as "nan" (%g prints the sign bit of a NaN, "-nan",
 * which means nothing). */
static void b64_text(char *buf, void *engine, const void *x)
{
    double v = *(const double *)x;
    (void)engine;
    if (isnan(v))
        snprintf(buf, TABLE_TEXT_MAX, "nan");
    else
        snprintf(buf, TABLE_TEXT_MAX, "%.17g", v);
}

/* The number as its file holds it: the text of b64_text, printed
 * straight into f (tests/test_columns.c checks that the two agree in
 * every cell of every built-in). */
static void b64_number(FILE *f, void *engine, const void *x)
{
    double v = *(const double *)x;
    (void)engine;
    if (isnan(v))
        fputs("nan", f);
    else
        fprintf(f, "%.17g", v);
}

/* The value the text of b64_text reads back to (number_parse): the
 * number itself, its text having round-trip precision ("inf", "-inf" and
 * "-0" included), but NAN for any NaN, whose text "nan" is not a value. */
static double b64_value(void *engine, const void *x)
{
    double v = *(const double *)x;
    (void)engine;
    return isnan(v) ? NAN : v;
}

static void b64_collision(void *engine, int k, table_collision *row)
{
    b64_view *b = engine;
    const collision_rec *c =
        k < 0 ? &b->r->final_partial : &b->r->collisions[k];
    int col;
    row->i = c->i;
    for (col = 0; col < TC_N; col++)
        row->v[col] = collision_column_of(c, col);
    b->scale = fmax(fmax(fabs(c->V_start), fabs(c->V_end)), fabs(c->Is));
    row->scale = &b->scale;
}

static void b64_event(void *engine, int k, table_event *row)
{
    const b64_view *b = engine;
    const event_rec *e = &b->r->events[k];
    int i;
    row->d = &e->d;
    row->t = &e->t;
    row->margin = &e->margin;
    row->lo = &e->bracket_lo;
    row->hi = &e->bracket_hi;
    row->rate_scale = &e->rate_scale;
    for (i = 0; i < b->L.n_chi; i++) {
        row->before[i] = &e->before[i];
        row->after[i] = &e->after[i];
    }
}

/* F_c, V and F_e_r of a sample (Eqs. (75), (82) and the storage of the
 * law) and the applied forces, computed from its state and time, once
 * for the sample the view last gave (b->sample_k). */
static void b64_sample(void *engine, int k, table_sample *row)
{
    b64_view *b = engine;
    const sample_rec *s = &b->r->samples[k];
    int i;
    if (k != b->sample_k) {
        b->fc = impact_contact_force(b->m, &b->L, s->q, s->y);
        b->V = impact_storage(b->m, &b->L, s->y);
        b->fer = input_reduced_force(b->m, s->t);
        input_forces(b->m, s->t, &b->fe1, &b->fe2);
        b->sample_k = k;
    }
    row->j = s->j;
    row->q = s->q;
    row->boundary = s->boundary;
    row->t = &s->t;
    row->fc = &b->fc;
    row->V = &b->V;
    row->fer = &b->fer;
    row->fe1 = &b->fe1;
    row->fe2 = &b->fe2;
    for (i = 0; i < b->L.n_chi; i++)
        row->y[i] = &s->y[i];
}

static void b64_ledger_total(void *engine, const void *v[TL_N])
{
    const ledger_rec *t = &((const b64_view *)engine)->r->ledger;
    v[TL_V_START] = &t->V0;
    v[TL_V_END] = &t->VT;
    v[TL_IS] = &t->Is;
    v[TL_DC] = &t->DeltaC;
    v[TL_DD] = &t->DeltaD;
    v[TL_RES] = &t->residual;
    v[TL_SCALE] = &t->scale;
}

/* The binary64 engine as the tables see it: its sets hold trajectory.csv. */
static const table_engine b64_engine = {b64_number, b64_collision, b64_event,
                                        b64_sample, b64_ledger_total, 1,
                                        b64_value, b64_text};

table_run sim_output_view(b64_view *b, const model *m, const sim_result *r)
{
    table_run run;
    b->m = m;
    b->L = layout_make(m->sys, m->law->nz);
    b->r = r;
    b->sample_k = -1;
    run.ops = &b64_engine;
    run.engine = b;
    run.L = &b->L;
    run.ncollisions = r->ncollisions;
    run.nevents = r->nevents;
    run.nsamples = r->nsamples;
    run.final_contact = r->final_contact;
    run.scd = NULL;
    return run;
}

collide_status sim_output_write_csv(output_session *o,
                                    const output_notes *notes,
                                    const char *dir, const model *m,
                                    const sim_result *r, char *err,
                                    size_t errlen)
{
    b64_view b;
    table_run run = sim_output_view(&b, m, r);
    return tables_write_set(o, notes, dir, &run, err, errlen);
}

collide_status sim_output_csv_text(const model *m, const sim_result *r,
                                   const char *name, char **text,
                                   size_t *len)
{
    b64_view b;
    table_run run = sim_output_view(&b, m, r);
    return tables_text(&run, name, text, len);
}
