/* tables.c - the tables of a run, written once for both engines; see
 * tables.h and README.md ("CSV output"). */
#include "tables.h"

#include <string.h>

#include "impact.h"
#include "output.h"

static const char collisions_header[] =
    "i,t_e,t_s,t_d,t_f,v_i,v_s,e,xc_max,Fc_max,xc_r,W,J_Fc,J_Fe,Lambda,"
    "momentum_residual,V_start,V_end,I_s,Delta_C,Delta_D,ledger_residual\n";
static const char events_header[] =
    "j,t,transition,margin,grazing,c_and_d_before,c_and_d_after,"
    "bracket_lo,bracket_hi";
static const char events_trailer[] = ",rate_scale\n";
static const char ledger_header[] =
    "scope,V_start,V_end,I_s,Delta_C,Delta_D,residual,scale\n";
static const char samples_header[] = "t,j,q,boundary";
static const char samples_trailer[] = ",F_c,V,F_e_r\n";
static const char trajectory_header[] = "t,j,q";
static const char trajectory_trailer[] = ",F_e1,F_e2\n";

/* ",x" for each of the n numbers x[0 .. n-1]. */
static void put_numbers(FILE *f, const table_run *run, const void *const *x,
                        int n)
{
    int i;
    for (i = 0; i < n; i++) {
        fputc(',', f);
        run->ops->number(f, run->engine, x[i]);
    }
}

/* ",<prefix><name>" for each component of chi. */
static void put_component_names(FILE *f, const layout *L, const char *prefix)
{
    int i;
    for (i = 0; i < L->n_chi; i++)
        fprintf(f, ",%s%s", prefix, impact_component_name(L, i));
}

/* A row of collisions.csv: the index, then Eqs. (193)-(204) and the
 * collision's ledger. */
static void put_collision(FILE *f, const table_run *run, int k)
{
    table_collision row;
    run->ops->collision(run->engine, k, &row);
    fprintf(f, "%d", row.i);
    put_numbers(f, run, row.v, TC_N);
    fputc('\n', f);
}

static int write_collisions(FILE *f, const void *ctx)
{
    const table_run *run = ctx;
    int k;
    fputs(collisions_header, f);
    for (k = 0; k < run->ncollisions; k++)
        put_collision(f, run, k);
    return 0;
}

/* The contact still open at T, as a partial collision (0 or 1 row). */
static int write_final_contact(FILE *f, const void *ctx)
{
    const table_run *run = ctx;
    fputs(collisions_header, f);
    if (run->final_contact)
        put_collision(f, run, -1);
    return 0;
}

static void put_event(FILE *f, const table_run *run, int k)
{
    table_event e;
    int n = run->L->n_chi;
    run->ops->event(run->engine, k, &e);
    fprintf(f, "%d", e.d->j);
    put_numbers(f, run, &e.t, 1);
    fprintf(f, ",%s", transition_name(e.d->tr));
    put_numbers(f, run, &e.margin, 1);
    fprintf(f, ",%d,%d,%d", e.d->grazing, e.d->c_and_d_before, e.d->c_and_d_after);
    put_numbers(f, run, &e.lo, 1);
    put_numbers(f, run, &e.hi, 1);
    put_numbers(f, run, e.before, n);
    put_numbers(f, run, e.after, n);
    put_numbers(f, run, &e.rate_scale, 1);
    fputc('\n', f);
}

static int write_events(FILE *f, const void *ctx)
{
    const table_run *run = ctx;
    int k;
    fputs(events_header, f);
    put_component_names(f, run->L, "before_");
    put_component_names(f, run->L, "after_");
    fputs(events_trailer, f);
    for (k = 0; k < run->nevents; k++)
        put_event(f, run, k);
    return 0;
}

/* The ledger numbers of a collision's row, after its scope. */
static void put_ledger_row(FILE *f, const table_run *run,
                           const table_collision *row)
{
    put_numbers(f, run, &row->v[TC_VSTART], TL_SCALE);
    put_numbers(f, run, &row->scale, 1);
    fputc('\n', f);
}

static int write_ledger(FILE *f, const void *ctx)
{
    const table_run *run = ctx;
    table_collision row;
    const void *total[TL_N];
    int k;
    fputs(ledger_header, f);
    for (k = 0; k < run->ncollisions; k++) {
        run->ops->collision(run->engine, k, &row);
        fprintf(f, "%d", row.i);
        put_ledger_row(f, run, &row);
    }
    if (run->final_contact) {
        run->ops->collision(run->engine, -1, &row);
        fputs("final", f);
        put_ledger_row(f, run, &row);
    }
    run->ops->ledger_total(run->engine, total);
    fputs("total", f);
    put_numbers(f, run, total, TL_N);
    fputc('\n', f);
    return 0;
}

static int write_samples(FILE *f, const void *ctx)
{
    const table_run *run = ctx;
    table_sample s;
    int k;
    fputs(samples_header, f);
    put_component_names(f, run->L, "");
    fputs(samples_trailer, f);
    for (k = 0; k < run->nsamples; k++) {
        run->ops->sample(run->engine, k, &s);
        run->ops->number(f, run->engine, s.t);
        fprintf(f, ",%d,%d,%d", s.j, s.q, s.boundary);
        put_numbers(f, run, s.y, run->L->n_chi);
        put_numbers(f, run, &s.fc, 1);
        put_numbers(f, run, &s.V, 1);
        put_numbers(f, run, &s.fer, 1);
        fputc('\n', f);
    }
    return 0;
}

/* trajectory.csv, the format `collide audit` reads (README.md,
 * "Auditing a trajectory"): t, j, q, the state chi, the applied forces;
 * one row per sample, two rows (before and after) at each jump. */
static int write_trajectory(FILE *f, const void *ctx)
{
    const table_run *run = ctx;
    table_sample s;
    int k;
    fputs(trajectory_header, f);
    put_component_names(f, run->L, "");
    fputs(trajectory_trailer, f);
    for (k = 0; k < run->nsamples; k++) {
        run->ops->sample(run->engine, k, &s);
        run->ops->number(f, run->engine, s.t);
        fprintf(f, ",%d,%d", s.j, s.q);
        put_numbers(f, run, s.y, run->L->n_chi);
        put_numbers(f, run, &s.fe1, 1);
        put_numbers(f, run, &s.fe2, 1);
        fputc('\n', f);
    }
    return 0;
}

/* The scd table of table t (0 to 3, in the order of the tables). */
static int put_scd(FILE *f, const table_run *run, int t)
{
    return fputs(run->scd[t], f) < 0 ? -1 : 0;
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

static const output_file tables[] = {
    {"collisions.csv", write_collisions},
    {"events.csv", write_events},
    {"ledger.csv", write_ledger},
    {"samples.csv", write_samples},
};
static const output_file trajectory_file = {"trajectory.csv",
                                            write_trajectory};
static const output_file scd_tables[] = {
    {"collisions.scd.csv", write_collisions_scd},
    {"events.scd.csv", write_events_scd},
    {"ledger.scd.csv", write_ledger_scd},
    {"samples.scd.csv", write_samples_scd},
};
/* In memory only, not a file of the set. */
static const output_file final_file = {OUTPUT_FINAL_CONTACT,
                                       write_final_contact};

/* The files of the run's set, in order, into files[]; their number. */
static int set_files(const table_run *run, output_file *files)
{
    int i, n = 0;
    for (i = 0; i < 4; i++)
        files[n++] = tables[i];
    if (run->ops->trajectory)
        files[n++] = trajectory_file;
    for (i = 0; run->scd && i < 4; i++)
        files[n++] = scd_tables[i];
    return n;
}

collide_status tables_write_set(const char *dir, const table_run *run,
                                char *err, size_t errlen)
{
    output_file files[OUTPUT_SET_MAX];
    int n = set_files(run, files);
    return output_write_set(dir, files, n, run, err, errlen);
}

collide_status tables_text(const table_run *run, const char *name,
                           char **text, size_t *len)
{
    output_file files[OUTPUT_SET_MAX];
    int i, n = set_files(run, files);
    *text = NULL;
    *len = 0;
    if (strcmp(name, final_file.name) == 0)
        return output_file_text(&final_file, run, text, len);
    for (i = 0; i < n; i++)
        if (strcmp(files[i].name, name) == 0)
            return output_file_text(&files[i], run, text, len);
    return COLLIDE_E_USAGE;
}
