/* meta.c - meta.json of a result set; see meta.h. JSON has no infinity
 * and no NaN: a quantity that is not a finite number is written null, and
 * the document says what null means where it can occur ("null_means"). */
#include "meta.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "collide_revision.h"   /* generated: scripts/revision */
#include "fingerprint.h"
#include "json.h"
#include "number.h"

#define META_FORMAT "collide result set description 1"

double meta_least_digits(const csv_table *x, int col)
{
    double least = INFINITY, v;
    int r;
    for (r = 1; r <= x->nrows; r++) {
        const char *text = csv_cell(x, r, col);
        if (number_parse(text, &v) == NUMBER_OK && v < least)
            least = v;
    }
    return least;
}

void meta_put_program(json_writer *w, const meta_run *m, const char *format)
{
    json_object(w, "program");
    json_string(w, "name", "collide");
    json_string(w, "version", m->version);
    json_string(w, "revision", COLLIDE_REVISION);
    json_string(w, "format", format);
    json_end(w, '}');
}

/* The scenario's canonical text (every key, the defaults marked, every
 * run setting: fingerprint.h) is that of the MANIFEST and a sweep's
 * points, and so is its hash. */
void meta_put_scenario(json_writer *w, const scenario *s)
{
    static const char builtin[] = "builtin:";
    static _Thread_local char text[SCENARIO_CANONICAL_MAX]; /* as output.c's */
    char fp[40];
    int is_builtin = strncmp(s->source, builtin, sizeof builtin - 1) == 0;
    json_object(w, "scenario");
    json_string(w, "source",
                s->source + (is_builtin ? sizeof builtin - 1 : 0));
    json_bool(w, "builtin", is_builtin);
    json_string(w, "law", s->model.law->name);
    scenario_canonical(s, text, sizeof text);   /* fits: fingerprint.h */
    snprintf(fp, sizeof fp, "fnv1a64:%016llx",
             (unsigned long long)fnv1a64_text(COLLIDE_FNV1A64_BASIS, text));
    json_string(w, "fingerprint", fp);
    json_string(w, "canonical", text);
    json_end(w, '}');
}

/* "settings": the scenario's run settings as numbers (null: h_max
 * unbounded). */
static void put_settings(json_writer *w, const scenario *s)
{
    const sim_options *o = &s->opt;
    json_object(w, "settings");
    json_number(w, "T", s->model.T);
    json_number(w, "rtol", o->engine.rtol);
    json_number(w, "atol", o->engine.atol);
    json_number(w, "h_max", o->engine.h_max);
    json_number(w, "t_tol", o->engine.t_tol);
    json_number(w, "graze_tol", o->engine.graze_tol);
    json_int(w, "zeno_events", o->engine.zeno_events);
    json_number(w, "zeno_window", o->engine.zeno_window);
    json_int(w, "samples", o->n_samples);
    json_int(w, "max_steps", o->engine.max_steps);
    json_end(w, '}');
}

void meta_put_options(json_writer *w, const meta_run *m)
{
    int i;
    json_object(w, "options");
    json_string(w, "arithmetic", m->precision == 53 ? "binary64" : "MPFR");
    json_int(w, "precision_bits", m->precision);
    json_number(w, "digits_asked", m->digits_asked);
    if (m->digits_written > 0)
        json_int(w, "digits_written", m->digits_written);
    else
        json_null(w, "digits_written");
    json_number(w, "step_tolerance", m->step_tolerance);
    json_bool(w, "check", m->check);
    if (m->check)
        json_int(w, "check_precision_bits", m->check_precision);
    else
        json_null(w, "check_precision_bits");
    json_array(w, "sample_at");
    for (i = 0; i < m->n_sample_at; i++)
        json_number(w, NULL, m->sample_at[i]);
    json_end(w, ']');
    json_end(w, '}');
}

void meta_put_outcome(json_writer *w, const meta_run *m)
{
    int i;
    json_object(w, "statistics");
    for (i = 0; i < m->nstat; i++)
        if (!isnan(m->stat[i].value))
            json_number(w, m->stat[i].name, m->stat[i].value);
    json_end(w, '}');
    json_object(w, "domain");
    json_bool(w, "left", m->left_domain);
    json_number(w, "t", m->left_domain ? m->t_left_domain : NAN);
    json_string(w, "note", m->left_domain ? m->domain_note : NULL);
    json_end(w, '}');
    json_object(w, "status");
    json_int(w, "code", m->status);
    json_string(w, "text", m->status_text);
    json_end(w, '}');
}

void meta_put_check(json_writer *w, const meta_run *m)
{
    static const char *const names[META_NSCD] = {
        "collisions.csv", "events.csv", "ledger.csv", "samples.csv"};
    int t, c;
    if (!m->scd) {
        json_null(w, "check");
        return;
    }
    json_object(w, "check");
    json_string(w, "null_means", "no finite value: every row agrees with "
                "the reference run in every digit (scd inf), or is an "
                "integer or text equal to it, or the table has no rows");
    json_object(w, "least_digits");
    for (t = 0; t < META_NSCD; t++) {
        const csv_table *x = &m->scd[t];
        double least = INFINITY;
        json_object(w, names[t]);
        for (c = 0; c < x->ncols; c++)
            least = fmin(least, meta_least_digits(x, c));
        json_number(w, "table", least);
        json_object(w, "columns");
        for (c = 0; c < x->ncols; c++)
            json_number(w, csv_cell(x, 0, c), meta_least_digits(x, c));
        json_end(w, '}');
        json_end(w, '}');
    }
    json_end(w, '}');
    json_end(w, '}');
}

/* "tables": each table of the set, its rows and its columns with their
 * units and equations (tables.c). */
static void put_tables(json_writer *w, const table_run *run)
{
    static const struct {
        const char *file;
        table_id t;
    } files[] = {{"collisions.csv", TABLE_COLLISIONS},
                 {"events.csv", TABLE_EVENTS},
                 {"ledger.csv", TABLE_LEDGER},
                 {"samples.csv", TABLE_SAMPLES},
                 {"trajectory.csv", TABLE_TRAJECTORY}};
    char name[TABLE_NAME_MAX];
    const char *unit, *eq;
    int i, c, n = (int)(sizeof files / sizeof files[0]);
    json_object(w, "tables");
    for (i = 0; i < n; i++) {
        if (files[i].t == TABLE_TRAJECTORY && !run->ops->trajectory)
            continue;
        json_object(w, files[i].file);
        json_int(w, "rows", tables_rows(run, files[i].t));
        json_array(w, "columns");
        for (c = 0; c < tables_columns(run, files[i].t); c++) {
            tables_column_name(run, files[i].t, c, name);
            tables_column_unit(run, files[i].t, c, &unit, &eq);
            json_object(w, NULL);
            json_string(w, "name", name);
            json_string(w, "unit", unit);
            json_string(w, "equation", eq[0] ? eq : NULL);
            json_end(w, '}');
        }
        json_end(w, ']');
        json_end(w, '}');
    }
    json_end(w, '}');
}

int meta_write(FILE *f, const table_run *run, const meta_run *m)
{
    json_writer w;
    json_init(&w, f);
    json_object(&w, NULL);
    meta_put_program(&w, m, META_FORMAT);
    meta_put_scenario(&w, m->s);
    put_settings(&w, m->s);
    meta_put_options(&w, m);
    meta_put_outcome(&w, m);
    meta_put_check(&w, m);
    put_tables(&w, run);
    json_end(&w, '}');
    return 0;
}
