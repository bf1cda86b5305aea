/* tables.c - the tables of a run, written once for both engines; see
 * tables.h and doc/output.md. */
#include "tables.h"

#include <math.h>
#include <string.h>

#include "names.h"
#include "meta.h"
#include "number.h"
#include "output.h"

/* The columns of a table: the names of its first columns, then one
 * column per component of chi for each of its prefixes (before_x,
 * after_x, ...), then the names of its last columns; and the function
 * that gives the cells of a row in that order. Each table is defined
 * here once, for its file, its text and its cells alike. */
typedef struct table_def {
    const struct column_def *head;
    int nhead;
    const char *const *prefix;
    int nprefix;
    const struct column_def *tail;
    int ntail;
    int (*cells)(const table_run *run, int k, table_cell *c);
} table_def;

/* Cells: cell n of c[] set to a number, an integer or a text; n + 1. */
static int cell_number(table_cell *c, int n, const void *x)
{
    c[n].kind = CELL_NUMBER;
    c[n].x = x;
    return n + 1;
}

static int cell_int(table_cell *c, int n, int v)
{
    c[n].kind = CELL_INT;
    c[n].n = v;
    return n + 1;
}

static int cell_text(table_cell *c, int n, const char *s)
{
    c[n].kind = CELL_TEXT;
    c[n].s = s;
    return n + 1;
}

/* The m numbers x[0 .. m-1] as cells n, n + 1, ...; n + m. */
static int cell_numbers(table_cell *c, int n, const void *const *x, int m)
{
    int i;
    for (i = 0; i < m; i++)
        n = cell_number(c, n, x[i]);
    return n;
}

/* A row of collisions.csv (k = -1: the contact open at T): the index,
 * then Eqs. (193)-(204) and the collision's ledger. */
static int collision_cells(const table_run *run, int k, table_cell *c)
{
    table_collision row;
    run->ops->collision(run->engine, k, &row);
    return cell_numbers(c, cell_int(c, 0, row.i), row.v, TC_N);
}

static int final_contact_cells(const table_run *run, int k, table_cell *c)
{
    (void)k;
    return collision_cells(run, -1, c);
}

static int event_cells(const table_run *run, int k, table_cell *c)
{
    table_event e;
    int n = run->L->n_chi, m;
    run->ops->event(run->engine, k, &e);
    m = cell_int(c, 0, e.d->j);
    m = cell_number(c, m, e.t);
    m = cell_text(c, m, transition_name(e.d->tr));
    m = cell_number(c, m, e.margin);
    m = cell_int(c, m, e.d->grazing);
    m = cell_int(c, m, e.d->c_and_d_before);
    m = cell_int(c, m, e.d->c_and_d_after);
    m = cell_number(c, m, e.lo);
    m = cell_number(c, m, e.hi);
    m = cell_numbers(c, m, e.before, n);
    m = cell_numbers(c, m, e.after, n);
    return cell_number(c, m, e.rate_scale);
}

/* A row of ledger.csv: each collision's (its index), the contact open at
 * T's ("final") when there is one, then the whole run's ("total"). */
static int ledger_cells(const table_run *run, int k, table_cell *c)
{
    table_collision row;
    const void *total[TL_N];
    int m;
    if (k < run->ncollisions || (run->final_contact && k == run->ncollisions)) {
        int final = k == run->ncollisions;
        run->ops->collision(run->engine, final ? -1 : k, &row);
        m = final ? cell_text(c, 0, "final") : cell_int(c, 0, row.i);
        m = cell_numbers(c, m, &row.v[TC_VSTART], TL_SCALE);
        return cell_number(c, m, row.scale);
    }
    run->ops->ledger_total(run->engine, total);
    return cell_numbers(c, cell_text(c, 0, "total"), total, TL_N);
}

static int sample_cells(const table_run *run, int k, table_cell *c)
{
    table_sample s;
    int m;
    run->ops->sample(run->engine, k, &s);
    m = cell_number(c, 0, s.t);
    m = cell_int(c, m, s.j);
    m = cell_int(c, m, s.q);
    m = cell_int(c, m, s.boundary);
    m = cell_numbers(c, m, s.y, run->L->n_chi);
    m = cell_number(c, m, s.fc);
    m = cell_number(c, m, s.V);
    return cell_number(c, m, s.fer);
}

/* A row of trajectory.csv, the format `collide audit` reads (doc/audit.md):
 * t, j, q, the state chi, the applied forces;
 * one row per sample, two rows (before and after) at each jump. */
static int trajectory_cells(const table_run *run, int k, table_cell *c)
{
    table_sample s;
    int m;
    run->ops->sample(run->engine, k, &s);
    m = cell_number(c, 0, s.t);
    m = cell_int(c, m, s.j);
    m = cell_int(c, m, s.q);
    m = cell_numbers(c, m, s.y, run->L->n_chi);
    m = cell_number(c, m, s.fe1);
    return cell_number(c, m, s.fe2);
}

/* A column: its name as the header writes it, its unit (SI; "1" for a
 * pure number, a count, an index or a flag; "" for a text) and the
 * equation that defines it ("" where none does: an index, a flag). The
 * units and equations are those of doc/output.md and the
 * paper's numbering; meta.json carries them (tables_column_unit). */
typedef struct column_def {
    const char *name, *unit, *eq;
} column_def;

static const column_def collision_names[] = {
    {"i", "1", ""}, {"t_e", "s", "Eq. (193)"}, {"t_s", "s", "Eq. (193)"},
    {"t_d", "s", "Eq. (194)"}, {"t_f", "s", "Eq. (195)"},
    {"v_i", "m/s", "Eq. (196)"}, {"v_s", "m/s", "Eq. (197)"},
    {"e", "1", "Eq. (197)"}, {"xc_max", "m", "Eq. (198)"},
    {"Fc_max", "N", "Eq. (199)"}, {"xc_r", "m", "Eq. (200)"},
    {"W", "J", "Eq. (201)"}, {"J_Fc", "N s", "Eq. (202)"},
    {"J_Fe", "N s", "Eq. (202)"}, {"Lambda", "1", "Eq. (204)"},
    {"momentum_residual", "N s", "Eq. (203)"},
    {"V_start", "J", "Eq. (91) or (94)"}, {"V_end", "J", "Eq. (91) or (94)"},
    {"I_s", "J", "Eq. (22)"}, {"Delta_C", "J", "Eq. (21)"},
    {"Delta_D", "J", "Eq. (23)"}, {"ledger_residual", "J", "Eq. (24)"}};
static const column_def event_names[] = {
    {"j", "1", ""}, {"t", "s", ""}, {"transition", "", "Eqs. (77)-(78)"},
    {"margin", "m, m/s or N (its guard: x, v or Phi)", ""}, {"grazing", "1", ""},
    {"c_and_d_before", "1", "Eqs. (77)-(78)"},
    {"c_and_d_after", "1", "Eqs. (77)-(78)"}, {"bracket_lo", "s", ""},
    {"bracket_hi", "s", ""}};
static const char *const event_prefixes[] = {"before_", "after_"};
static const column_def event_tail[] = {{"rate_scale", "m, m/s or N (as margin)", ""}};
static const column_def ledger_names[] = {
    {"scope", "", ""}, {"V_start", "J", "Eq. (91) or (94)"},
    {"V_end", "J", "Eq. (91) or (94)"}, {"I_s", "J", "Eq. (22)"},
    {"Delta_C", "J", "Eq. (21)"}, {"Delta_D", "J", "Eq. (23)"},
    {"residual", "J", "Eq. (24)"}, {"scale", "J", ""}};
static const char *const state_prefix[] = {""};
static const column_def sample_names[] = {
    {"t", "s", ""}, {"j", "1", ""}, {"q", "1", ""}, {"boundary", "1", ""}};
static const column_def sample_tail[] = {
    {"F_c", "N", "Eqs. (59), (64)"}, {"V", "J", "Eq. (91) or (94)"},
    {"F_e_r", "N", "Eq. (46)"}};
static const column_def trajectory_names[] = {
    {"t", "s", ""}, {"j", "1", ""}, {"q", "1", ""}};
static const column_def trajectory_tail[] = {
    {"F_e1", "N", ""}, {"F_e2", "N", ""}};

/* The components of the state chi by name (impact_component_name), the
 * middle columns of events.csv, samples.csv and trajectory.csv. */
static const column_def state_columns[] = {
    {"x", "m", "Eqs. (73)-(84)"}, {"v", "m/s", "Eqs. (73)-(84)"},
    {"x_m", "m", "Eqs. (73)-(79)"}, {"v_m", "m/s", "Eqs. (73)-(79)"},
    {"x_c", "m", "Eqs. (61)-(67)"}, {"z_c", "m", "Eqs. (68)-(72)"},
    {"z_c1", "m", "Eqs. (70)-(72)"}, {"z_c2", "m", "Eqs. (70)-(72)"},
    {"I_s", "J", "Eq. (22)"}, {"Delta_C", "J", "Eq. (21)"},
    {"W", "J", "Eq. (201)"}, {"J_Fc", "N s", "Eq. (202)"},
    {"J_Fe", "N s", "Eq. (202)"}, {"I_s_contact", "J", "Eq. (22)"},
    {"Delta_C_contact", "J", "Eq. (21)"}};

/* The number of names of the array a. */
#define COUNT(a) (int)(sizeof a / sizeof a[0])

/* The names of collisions.csv and ledger.csv are those of the numbers
 * of TC_* and TL_*, after the index or the scope. */
_Static_assert(COUNT(collision_names) == 1 + TC_N,
               "a name for each TC_ number");
_Static_assert(COUNT(ledger_names) == 1 + TL_N, "a name for each TL_ number");

/* A state component missing from state_columns (impact_component_name's
 * "?"; none in practice: test_columns checks every column's unit). */
static const column_def unknown_column = {"?", "?", ""};

/* The tables, in the order of table_id. */
static const table_def table_defs[TABLE_COUNT] = {
    {collision_names, COUNT(collision_names), NULL, 0, NULL, 0,
     collision_cells},
    {event_names, COUNT(event_names), event_prefixes, COUNT(event_prefixes),
     event_tail, COUNT(event_tail), event_cells},
    {ledger_names, COUNT(ledger_names), NULL, 0, NULL, 0, ledger_cells},
    {sample_names, COUNT(sample_names), state_prefix, COUNT(state_prefix),
     sample_tail, COUNT(sample_tail), sample_cells},
    {collision_names, COUNT(collision_names), NULL, 0, NULL, 0,
     final_contact_cells},
    {trajectory_names, COUNT(trajectory_names), state_prefix,
     COUNT(state_prefix), trajectory_tail, COUNT(trajectory_tail),
     trajectory_cells},
};

int tables_rows(const table_run *run, table_id t)
{
    switch (t) {
    case TABLE_COLLISIONS: return run->ncollisions;
    case TABLE_EVENTS: return run->nevents;
    case TABLE_LEDGER: return run->ncollisions + run->final_contact + 1;
    case TABLE_SAMPLES: case TABLE_TRAJECTORY: return run->nsamples;
    case TABLE_FINAL_CONTACT: return run->final_contact;
    default: return 0;
    }
}

int tables_columns(const table_run *run, table_id t)
{
    const table_def *d = &table_defs[t];
    return d->nhead + d->nprefix * run->L->n_chi + d->ntail;
}

/* The definition of column col of table t (0 <= col < tables_columns);
 * a state column's prefix into *prefix ("" for the others). */
static const column_def *column_of(const table_run *run, table_id t, int col,
                                   const char **prefix)
{
    const table_def *d = &table_defs[t];
    int i, n = run->L->n_chi;
    const char *comp;
    *prefix = "";
    if (col < d->nhead)
        return &d->head[col];
    col -= d->nhead;
    if (col >= d->nprefix * n)
        return &d->tail[col - d->nprefix * n];
    *prefix = d->prefix[col / n];
    comp = impact_component_name(run->L, col % n);
    for (i = 0; i < COUNT(state_columns); i++)
        if (strcmp(state_columns[i].name, comp) == 0)
            return &state_columns[i];
    return &unknown_column;
}

void tables_column_name(const table_run *run, table_id t, int col,
                        char *buf)
{
    const char *prefix;
    const column_def *c = column_of(run, t, col, &prefix);
    snprintf(buf, TABLE_NAME_MAX, "%s%s", prefix, c->name);
}

void tables_column_unit(const table_run *run, table_id t, int col,
                        const char **unit, const char **eq)
{
    const char *prefix;
    const column_def *c = column_of(run, t, col, &prefix);
    *unit = c->unit;
    *eq = c->eq;
}

int tables_cell(const table_run *run, table_id t, int row, int col,
                table_cell *cell)
{
    table_cell c[TABLE_COLS_MAX];
    if ((int)t < 0 || t >= TABLE_COUNT || row < 0 ||
        row >= tables_rows(run, t) || col < 0 ||
        col >= tables_columns(run, t))
        return 0;
    table_defs[t].cells(run, row, c);
    *cell = c[col];
    return 1;
}

double tables_value(const table_run *run, table_id t, int row, int col)
{
    table_cell c;
    double v;
    if (!tables_cell(run, t, row, col, &c))
        return NAN;
    switch (c.kind) {
    case CELL_NUMBER: return run->ops->value(run->engine, c.x);
    case CELL_INT: return c.n;
    default: return number_parse(c.s, &v) == NUMBER_OK ? v : NAN;
    }
}

/* The text of cell c into buf (TABLE_TEXT_MAX bytes), or its own. */
static const char *cell_text_of(const table_run *run, const table_cell *c,
                                char *buf)
{
    switch (c->kind) {
    case CELL_NUMBER:
        run->ops->text(buf, run->engine, c->x);
        return buf;
    case CELL_INT:
        snprintf(buf, TABLE_TEXT_MAX, "%d", c->n);
        return buf;
    default:
        return c->s;
    }
}

const char *tables_cell_text(const table_run *run, table_id t, int row,
                             int col, char *buf)
{
    table_cell c;
    return tables_cell(run, t, row, col, &c) ? cell_text_of(run, &c, buf)
                                             : NULL;
}

/* Cell c as its file holds it. */
static void put_cell(FILE *f, const table_run *run, const table_cell *c)
{
    switch (c->kind) {
    case CELL_NUMBER: run->ops->number(f, run->engine, c->x); break;
    case CELL_INT: fprintf(f, "%d", c->n); break;
    default: fputs(c->s, f); break;
    }
}

/* Table t: its header, then its rows, each cell written once. */
static int write_table(FILE *f, const table_run *run, table_id t)
{
    table_cell c[TABLE_COLS_MAX];
    char name[TABLE_NAME_MAX];
    int i, k, n = tables_columns(run, t), rows = tables_rows(run, t);
    for (i = 0; i < n; i++) {
        tables_column_name(run, t, i, name);
        if (i > 0)
            fputc(',', f);
        fputs(name, f);
    }
    fputc('\n', f);
    for (k = 0; k < rows; k++) {
        n = table_defs[t].cells(run, k, c);
        for (i = 0; i < n; i++) {
            if (i > 0)
                fputc(',', f);
            put_cell(f, run, &c[i]);
        }
        fputc('\n', f);
    }
    return 0;
}

static int write_collisions(FILE *f, const void *ctx)
{
    return write_table(f, ctx, TABLE_COLLISIONS);
}

/* The contact still open at T, as a partial collision (0 or 1 row). */
static int write_final_contact(FILE *f, const void *ctx)
{
    return write_table(f, ctx, TABLE_FINAL_CONTACT);
}

static int write_events(FILE *f, const void *ctx)
{
    return write_table(f, ctx, TABLE_EVENTS);
}

static int write_ledger(FILE *f, const void *ctx)
{
    return write_table(f, ctx, TABLE_LEDGER);
}

static int write_samples(FILE *f, const void *ctx)
{
    return write_table(f, ctx, TABLE_SAMPLES);
}

static int write_trajectory(FILE *f, const void *ctx)
{
    return write_table(f, ctx, TABLE_TRAJECTORY);
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
/* meta.json, the description of the set (meta.h). */
static int write_meta(FILE *f, const void *ctx)
{
    const table_run *run = ctx;
    return meta_write(f, run, run->meta);
}

static const output_file meta_file = {META_FILE, write_meta};

/* In memory only, not a file of the set. */
static const output_file final_file = {OUTPUT_FINAL_CONTACT,
                                       write_final_contact};

/* The files of the run's set, in order, into files[] (OUTPUT_SET_MAX):
 * the tables, then meta.json when the set has a description meta (NULL:
 * none); their number. */
static int set_files(const table_run *run, const struct meta_run *meta,
                     output_file *files)
{
    int i, n = 0;
    for (i = 0; i < 4; i++)
        files[n++] = tables[i];
    if (run->ops->trajectory)
        files[n++] = trajectory_file;
    for (i = 0; run->scd && i < 4; i++)
        files[n++] = scd_tables[i];
    if (meta)
        files[n++] = meta_file;
    return n;
}

collide_status tables_write_set(output_session *o, const output_notes *notes,
                                const char *dir, const table_run *run,
                                char *err, size_t errlen)
{
    output_file files[OUTPUT_SET_MAX];
    table_run set = *run;
    int n;
    set.meta = notes ? notes->meta : NULL;
    n = set_files(&set, set.meta, files);
    return output_write_set(o, notes, dir, files, n, &set, err, errlen);
}

collide_status tables_text(const table_run *run, const char *name,
                           char **text, size_t *len)
{
    output_file files[OUTPUT_SET_MAX];
    int i, n = set_files(run, NULL, files);
    *text = NULL;
    *len = 0;
    if (strcmp(name, final_file.name) == 0)
        return output_file_text(&final_file, run, text, len);
    for (i = 0; i < n; i++)
        if (strcmp(files[i].name, name) == 0)
            return output_file_text(&files[i], run, text, len);
    return COLLIDE_E_USAGE;
}
