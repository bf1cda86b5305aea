/* mp_output.c - CSV files of a high-precision run; see mp_output.h. The
 * headers are those of output.c. */
#include "mp_output.h"

#include <stdio.h>
#include <string.h>

#include "impact.h"
#include "output.h"

typedef struct mp_ctx {
    const mp_model *M;
    const mp_result *r;
    int digits;
    const char *const *scd; /* the 4 scd tables of a check, or NULL */
} mp_ctx;

/* ",value" with the context's significant digits ("nan" for NaN). */
static void put(FILE *f, const mp_ctx *c, mpfr_srcptr x)
{
    if (mpfr_nan_p(x))
        fputs(",nan", f);
    else
        mpfr_fprintf(f, ",%.*Rg", c->digits, x);
}

/* The n components of chi. */
static void put_state(FILE *f, const mp_ctx *c, const mpfr_t *y)
{
    int i;
    for (i = 0; i < c->M->L.n_chi; i++)
        put(f, c, y[i]);
}

static void put_collision(FILE *f, const mp_ctx *c, const mp_collision *col)
{
    int k;
    fprintf(f, "%d", col->i);
    for (k = 0; k < MC_N; k++)
        put(f, c, col->v[k]);
    fputc('\n', f);
}

static int write_collisions(FILE *f, const void *ctx)
{
    const mp_ctx *c = ctx;
    int i;
    fputs(output_collisions_header, f);
    for (i = 0; i < c->r->ncollisions; i++)
        put_collision(f, c, &c->r->collisions[i]);
    return 0;
}

/* The contact still open at T, as a partial collision (0 or 1 row). */
static int write_final_contact(FILE *f, const void *ctx)
{
    const mp_ctx *c = ctx;
    fputs(output_collisions_header, f);
    if (c->r->final_contact)
        put_collision(f, c, &c->r->final_partial);
    return 0;
}

static int write_events(FILE *f, const void *ctx)
{
    const mp_ctx *c = ctx;
    int i;
    fputs(output_events_header, f);
    output_component_names(f, &c->M->L, "before_");
    output_component_names(f, &c->M->L, "after_");
    fputs(output_events_trailer, f);
    for (i = 0; i < c->r->nevents; i++) {
        const mp_event *e = &c->r->events[i];
        fprintf(f, "%d", e->j);
        put(f, c, e->t);
        fprintf(f, ",%s", transition_name(e->tr));
        put(f, c, e->margin);
        fprintf(f, ",%d,%d,%d", e->grazing, e->c_and_d_before,
                e->c_and_d_after);
        put(f, c, e->lo);
        put(f, c, e->hi);
        put_state(f, c, e->before);
        put_state(f, c, e->after);
        put(f, c, e->rate_scale);
        fputc('\n', f);
    }
    return 0;
}

/* A ledger row: V_start, V_end, I_s, Delta_C, Delta_D, residual, and the
 * scale max(|V_start|, |V_end|, |I_s|) (output.c ledger_scale). */
static void put_ledger_row(FILE *f, const mp_ctx *c, const mp_collision *col)
{
    static const int k[6] = {MC_VSTART, MC_VEND, MC_IS, MC_DC, MC_DD, MC_RES};
    mpfr_t scale, a;
    int i;
    mpfr_inits2(c->r->prec, scale, a, (mpfr_ptr)0);
    mpfr_abs(scale, col->v[MC_VSTART], MPFR_RNDN);
    for (i = 0; i < 6; i++)
        put(f, c, col->v[k[i]]);
    mpfr_abs(a, col->v[MC_VEND], MPFR_RNDN);
    mpfr_max(scale, scale, a, MPFR_RNDN);
    mpfr_abs(a, col->v[MC_IS], MPFR_RNDN);
    mpfr_max(scale, scale, a, MPFR_RNDN);
    put(f, c, scale);
    fputc('\n', f);
    mpfr_clears(scale, a, (mpfr_ptr)0);
}

static int write_ledger(FILE *f, const void *ctx)
{
    const mp_ctx *c = ctx;
    int i;
    fputs(output_ledger_header, f);
    for (i = 0; i < c->r->ncollisions; i++) {
        fprintf(f, "%d", c->r->collisions[i].i);
        put_ledger_row(f, c, &c->r->collisions[i]);
    }
    if (c->r->final_contact) {
        fputs("final", f);
        put_ledger_row(f, c, &c->r->final_partial);
    }
    fputs("total", f);
    for (i = 0; i < ML_N; i++)
        put(f, c, c->r->ledger.v[i]);
    fputc('\n', f);
    return 0;
}

static int write_samples(FILE *f, const void *ctx)
{
    const mp_ctx *c = ctx;
    int i;
    fputs(output_samples_header, f);
    output_component_names(f, &c->M->L, "");
    fputs(output_samples_trailer, f);
    for (i = 0; i < c->r->nsamples; i++) {
        const mp_sample *s = &c->r->samples[i];
        mpfr_fprintf(f, "%.*Rg,%d,%d,%d", c->digits, s->t, s->j, s->q,
                     s->boundary);
        put_state(f, c, s->y);
        put(f, c, s->fc);
        put(f, c, s->V);
        put(f, c, s->fer);
        fputc('\n', f);
    }
    return 0;
}

/* The scd table of table t (0 to 3, in the order of mp_files). */
static int put_scd(FILE *f, const mp_ctx *c, int t)
{
    return fputs(c->scd[t], f) < 0 ? -1 : 0;
}

static int write_collisions_scd(FILE *f, const void *ctx)
{
    return put_scd(f, ctx, 0);
}

static int write_events_scd(FILE *f, const void *ctx)
{
    return put_scd(f, ctx, 1);
}

static int write_ledger_scd(FILE *f, const void *ctx)
{
    return put_scd(f, ctx, 2);
}

static int write_samples_scd(FILE *f, const void *ctx)
{
    return put_scd(f, ctx, 3);
}

/* The tables, then (with scd) their scd tables. */
static const output_file mp_files[] = {
    {"collisions.csv", write_collisions},
    {"events.csv", write_events},
    {"ledger.csv", write_ledger},
    {"samples.csv", write_samples},
    {"collisions.scd.csv", write_collisions_scd},
    {"events.scd.csv", write_events_scd},
    {"ledger.scd.csv", write_ledger_scd},
    {"samples.scd.csv", write_samples_scd},
};

/* The table of the final contact: in memory only, not a file of the set. */
static const output_file mp_final_file = {OUTPUT_FINAL_CONTACT,
                                          write_final_contact};

collide_status mp_output_write_csv(const char *dir, const mp_model *M,
                                   const mp_result *r, int digits,
                                   const char *const *scd, char *err,
                                   size_t errlen)
{
    mp_ctx c;
    c.M = M;
    c.r = r;
    c.digits = digits;
    c.scd = scd;
    return output_write_set(dir, mp_files, scd ? 8 : 4, &c, err, errlen);
}

collide_status mp_output_csv_text(const mp_model *M, const mp_result *r,
                                  int digits, const char *name, char **text,
                                  size_t *len)
{
    mp_ctx c;
    int i;
    c.M = M;
    c.r = r;
    c.digits = digits;
    c.scd = NULL;
    *text = NULL;
    *len = 0;
    for (i = 0; i < 4; i++)
        if (strcmp(mp_files[i].name, name) == 0)
            return output_file_text(&mp_files[i], &c, text, len);
    if (strcmp(mp_final_file.name, name) == 0)
        return output_file_text(&mp_final_file, &c, text, len);
    return COLLIDE_E_USAGE;
}
