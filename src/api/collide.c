/* collide.c - the public interface of include/collide.h over the layers:
 * scenarios (src/io), the binary64 engine (src/b64) and the
 * high-precision engine (src/mp). The tables of a result are those of
 * its CSV files, defined once in src/io/tables.c for the files and for
 * this interface alike: a binary64 result reads its cells from the
 * engine's numbers through the tables' accessors (a cell's text is
 * formatted only when asked for), a high-precision result reads back the
 * texts of its tables with the one CSV reader and the one number parser. */
#define _POSIX_C_SOURCE 200809L

#include "collide_int.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "compare.h"
#include "csv.h"
#include "fingerprint.h"
#include "impact.h"
#include "meta.h"
#include "mp_output.h"
#include "mp_sim.h"
#include "number.h"
#include "output.h"
#include "sim_output.h"
#include "scenario.h"
#include "scenario_model.h"

#define API_NTABLES 5   /* the tables of collide_table */
#define API_NSET 4       /* those of a result set (the files written) */
#define SAMPLE_AT_MAX 1000000   /* collide_run_options.n_sample_at */

struct collide_result {
    int status;
    char diagnosis[2048];
    collide_engine engine;
    long precision;
    scenario s;          /* the scenario run (its model, for the writers) */
    sim_result b64;      /* COLLIDE_ENGINE_BINARY64 */
    mp_model M;          /* COLLIDE_ENGINE_MPFR */
    mp_result mp;
    double mp_tol;       /* the step tolerance 10^-mp_tol (mp_digits_settings) */
    int mp_digits;       /* significant digits written (mp_digits_settings) */
    int ran;             /* the engine ran (its result has rows to show) */
    unsigned tables;     /* the tables kept (1u << t each) */
    csv_table table[API_NTABLES];   /* high precision: their texts, read */
    b64_view view;       /* binary64: the run as the tables see it */
    table_run run;
    char name[API_NTABLES][TABLE_COLS_MAX][TABLE_NAME_MAX]; /* columns */
    char *cell_text[API_NTABLES];   /* a cell's text, TABLE_TEXT_MAX bytes
                                       each, formatted when first asked */
    int have_scd;        /* a checked run: the scd tables read so far */
    csv_table scd[API_NSET];
    char *scd_text[API_NSET];  /* their texts, as the set holds them */
    char *check_report;  /* the comparison of a checked run, or NULL */
    double digits_asked; /* the options of the run, for meta.json: digits */
    int check;           /* check */
    double *sample_at;   /* a copy of sample_at, n_sample_at of them */
    int n_sample_at;
};

/* The file of each table of collide_table. */
static const char *const table_file[API_NTABLES] = {
    "collisions.csv", "events.csv", "ledger.csv", "samples.csv",
    OUTPUT_FINAL_CONTACT};

/* The table of tables.h of each table of collide_table. */
static const table_id table_ids[API_NTABLES] = {
    TABLE_COLLISIONS, TABLE_EVENTS, TABLE_LEDGER, TABLE_SAMPLES,
    TABLE_FINAL_CONTACT};

void collide_api_say(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    if (!err || errlen == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

collide_status collide_api_options_init(void *o, size_t size, size_t first,
                                        const void *d, size_t full)
{
    if (!o || (size != first && size != full))
        return COLLIDE_E_USAGE;
    memcpy(o, d, size);
    return COLLIDE_OK;
}

collide_status collide_api_options_copy(const void *o, size_t size,
                                        size_t first, void *into,
                                        size_t full, const char *fn,
                                        const char *type, char *err,
                                        size_t errlen)
{
    if (!o)
        return COLLIDE_OK;
    if (size != first && size != full) {   /* the sizes of versions only */
        collide_api_say(err, errlen, "%s: struct_size = %zu is outside its "
                        "range: the size of a %s, %zu (%s_init sets it)", fn,
                        size, type, full, type);
        return COLLIDE_E_USAGE;
    }
    memcpy(into, o, size);
    return COLLIDE_OK;
}

const char *collide_version(void)
{
    return COLLIDE_VERSION;
}

void collide_thread_cleanup(void)
{
    mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
}

/* The statuses and what they mean, in increasing order: the one table
 * behind collide_status_text, `collide --help` and README. */
static const struct {
    int status;
    const char *meaning;
} status_meanings[] = {
    {COLLIDE_OK, "success"},
    {COLLIDE_E_USAGE, "usage error: an unknown command or option, a missing "
                      "argument"},
    {COLLIDE_E_INPUT, "bad input: a scenario, a grid or an option value that "
                      "is not valid, a file that cannot be read"},
    {COLLIDE_E_IO, "an output file, or the standard output (a full disk), "
                   "could not be written"},
    {COLLIDE_E_NONFINITE, "the run reached a state that is not finite"},
    {COLLIDE_E_STEP, "the step size fell under its floor, or max_steps was "
                     "reached"},
    {COLLIDE_E_EVENT, "an event could not be located"},
    {COLLIDE_E_ZENO, "Zeno: zeno_events events within zeno_window"},
    {COLLIDE_E_MEMORY, "out of memory"},
    {COLLIDE_E_INTERRUPT, "interrupted by SIGINT or SIGTERM (one line on "
                          "stderr says what was kept)"},
    {COLLIDE_E_CHECK, "--check found values with fewer significant correct "
                      "digits than asked, or the two precisions differ in "
                      "their events"},
    {COLLIDE_E_LEDGER, "the energy ledger (Eq. 24) fails its check: a "
                       "residual beyond the bound derived from the "
                       "tolerances, not finite, or Delta_C < 0"},
    {COLLIDE_E_PROGRESS, "no progress: the work per unit of simulated time "
                         "exceeded its bound"},
    {COLLIDE_E_DOMAIN, "the run left the domain of the proofs: x_c or z_c "
                       "beyond 1 in magnitude, v_c beyond 1024 m/s, or a "
                       "state beyond 1e100 (and neither the scenario sets "
                       "outside_proved_domain = 1 nor the command line "
                       "gives --outside-proved-domain)"},
};

const char *collide_status_text(int status)
{
    size_t i;
    for (i = 0; i < sizeof status_meanings / sizeof status_meanings[0]; i++)
        if (status_meanings[i].status == status)
            return status_meanings[i].meaning;
    return "unknown status";
}

/* ---- scenarios ---- */

const char *const *collide_builtin_names(void)
{
    return scenario_builtin_names();
}

const char *collide_builtin_description(const char *name)
{
    return name ? scenario_builtin_description(name) : NULL;
}

const char *collide_builtin_text(const char *name)
{
    return name ? scenario_builtin_text(name) : NULL;
}

/* A new scenario filled by scenario_load (text NULL) or scenario_parse;
 * outside = 1 as if the text set outside_proved_domain = 1. */
static int scenario_new(const char *name, const char *text, int outside,
                        collide_scenario **out, char *err, size_t errlen)
{
    char msg[1024] = "";
    collide_status st;
    collide_scenario *s;
    if (!out) {
        collide_api_say(err, errlen, "collide: out is NULL: the scenario "
                        "needs a place");
        return COLLIDE_E_USAGE;
    }
    *out = NULL;
    if (!name) {
        collide_api_say(err, errlen, "collide: no scenario given (NULL)");
        return COLLIDE_E_USAGE;
    }
    s = malloc(sizeof *s);
    if (!s) {
        collide_api_say(err, errlen, "collide: out of memory");
        return COLLIDE_E_MEMORY;
    }
    st = text ? scenario_parse_as(text, name, outside, &s->s, msg, sizeof msg)
              : scenario_load_as(name, outside, &s->s, msg, sizeof msg);
    if (st != COLLIDE_OK) {
        collide_api_say(err, errlen, "%s", msg);
        free(s);
        return st;
    }
    *out = s;
    return COLLIDE_OK;
}

collide_status collide_scenario_load(const char *name_or_path, collide_scenario **out,
                                     char *err, size_t errlen)
{
    locale_t prev = clocale_enter();
    int st = scenario_new(name_or_path, NULL, 0, out, err, errlen);
    clocale_leave(prev);
    return st;
}

collide_status collide_scenario_load_outside(const char *name_or_path, const char *text,
                                             collide_scenario **out, char *err,
                                             size_t errlen)
{
    locale_t prev = clocale_enter();
    int st = scenario_new(name_or_path, text, 1, out, err, errlen);
    clocale_leave(prev);
    return st;
}

collide_status collide_scenario_parse(const char *text, const char *source,
                                      collide_scenario **out, char *err, size_t errlen)
{
    locale_t prev;
    int st;
    if (!text) {
        if (out)
            *out = NULL;
        collide_api_say(err, errlen, "collide: no scenario text given (NULL)");
        return COLLIDE_E_USAGE;
    }
    prev = clocale_enter();
    st = scenario_new(source ? source : "(text)", text, 0, out, err, errlen);
    clocale_leave(prev);
    return st;
}

static int scenario_fingerprint_in_c(const collide_scenario *s, uint64_t *fp)
{
    char *text;
    int ok;
    if (!s || !fp)
        return COLLIDE_E_USAGE;
    text = malloc(SCENARIO_CANONICAL_MAX);
    ok = text && scenario_canonical(&s->s, text, SCENARIO_CANONICAL_MAX) > 0;
    if (ok)
        *fp = fnv1a64_text(COLLIDE_FNV1A64_BASIS, text);
    free(text);
    return ok ? COLLIDE_OK : COLLIDE_E_MEMORY;
}

/* Runs scenario_fingerprint_in_c in the C locale (clocale.h), then makes the
 * caller's locale current again. */
collide_status collide_scenario_fingerprint(const collide_scenario *s, uint64_t *fp)
{
    locale_t prev = clocale_enter();
    int st = scenario_fingerprint_in_c(s, fp);
    clocale_leave(prev);
    return st;
}

static int scenario_set_in_c(collide_scenario *s, const char *key,
                             const char *value, char *err, size_t errlen)
{
    char msg[1024] = "";
    scenario copy;
    collide_status st;
    if (!s || !key || !value) {
        collide_api_say(err, errlen, "collide_scenario_set: %s is NULL",
                        !s ? "s" : !key ? "key" : "value");
        return COLLIDE_E_USAGE;
    }
    copy = s->s;
    st = scenario_set_entry(&copy, key, value, msg, sizeof msg);
    if (st != COLLIDE_OK) {
        collide_api_say(err, errlen, "%s", msg);
        return st;
    }
    s->s = copy;
    return COLLIDE_OK;
}

/* Runs scenario_set_in_c in the C locale (clocale.h), then makes the
 * caller's locale current again. */
collide_status collide_scenario_set(collide_scenario *s, const char *key,
                                    const char *value, char *err, size_t errlen)
{
    locale_t prev = clocale_enter();
    int st = scenario_set_in_c(s, key, value, err, errlen);
    clocale_leave(prev);
    return st;
}

/* Which argument of collide_scenario_set_many is NULL or out of range,
 * or NULL when none is. */
static const char *set_many_misuse(const collide_scenario *s, int n,
                                   const char *const *keys,
                                   const char *const *values)
{
    int i;
    if (!s || !keys || !values)
        return !s ? "s is NULL" : !keys ? "keys is NULL" : "values is NULL";
    if (n < 1 || n > COLLIDE_SCENARIO_ENTRIES_MAX)
        return "n is outside 1 .. COLLIDE_SCENARIO_ENTRIES_MAX";
    for (i = 0; i < n; i++)
        if (!keys[i] || !values[i])
            return !keys[i] ? "a key is NULL" : "a value is NULL";
    return NULL;
}

static int scenario_set_many_in_c(collide_scenario *s, int n,
                                  const char *const *keys,
                                  const char *const *values, char *err,
                                  size_t errlen)
{
    char msg[1024] = "";
    const char *misuse = set_many_misuse(s, n, keys, values);
    collide_status st;
    if (misuse) {
        collide_api_say(err, errlen, "collide_scenario_set_many: %s", misuse);
        return COLLIDE_E_USAGE;
    }
    st = scenario_set_entries(&s->s, n, keys, values, msg, sizeof msg);
    if (st != COLLIDE_OK)
        collide_api_say(err, errlen, "%s", msg);
    return st;
}

collide_status collide_scenario_set_many(collide_scenario *s, int n,
                                         const char *const *keys,
                                         const char *const *values, char *err,
                                         size_t errlen)
{
    locale_t prev = clocale_enter();
    int st = scenario_set_many_in_c(s, n, keys, values, err, errlen);
    clocale_leave(prev);
    return st;
}

/* The decimal text of v for a scenario entry: an integer's digits below
 * 2^53, else the shortest text that reads back to v (number.h). */
static void value_text(double v, char *buf, size_t len)
{
    number_shortest_text(v, isfinite(v) && v == floor(v) && fabs(v) < 0x1p53,
                         buf, len);
}

collide_status collide_scenario_set_value(collide_scenario *s, const char *key,
                                          double value, char *err,
                                          size_t errlen)
{
    char text[64];
    locale_t prev = clocale_enter();
    int st;
    value_text(value, text, sizeof text);
    st = scenario_set_in_c(s, key, text, err, errlen);
    clocale_leave(prev);
    return st;
}

collide_status collide_scenario_copy(const collide_scenario *s,
                                     collide_scenario **out, char *err,
                                     size_t errlen)
{
    if (!s || !out) {
        collide_api_say(err, errlen, "collide_scenario_copy: %s is NULL",
                        !s ? "s" : "out");
        if (out)
            *out = NULL;
        return COLLIDE_E_USAGE;
    }
    *out = malloc(sizeof **out);
    if (!*out) {
        collide_api_say(err, errlen, "collide_scenario_copy: out of memory");
        return COLLIDE_E_MEMORY;
    }
    **out = *s;
    return COLLIDE_OK;
}

const char *collide_scenario_text(const collide_scenario *s, const char *key)
{
    const scenario_entry *e = s && key ? scenario_find(&s->s, key) : NULL;
    return e ? e->text : NULL;
}

double collide_scenario_value(const collide_scenario *s, const char *key)
{
    const char *text = collide_scenario_text(s, key);
    double v;
    if (!text || number_parse(text, &v) != NUMBER_OK)
        return NAN;
    return v;
}

int collide_scenario_entry(const collide_scenario *s, int i, const char **key,
                           const char **text, int *line)
{
    const scenario_entry *e;
    if (!s || i < 0 || i >= s->s.n)
        return 0;
    e = &s->s.entry[i];
    if (key)
        *key = e->key;
    if (text)
        *text = e->text;
    if (line)
        *line = e->line;
    return 1;
}

double collide_scenario_setting(const collide_scenario *s, const char *key)
{
    const engine_options *e;
    if (!s || !key)
        return NAN;
    e = &s->s.opt.engine;
    if (strcmp(key, "T") == 0) return s->s.model.T;
    if (strcmp(key, "rtol") == 0) return e->rtol;
    if (strcmp(key, "atol") == 0) return e->atol;
    if (strcmp(key, "h_max") == 0) return e->h_max;
    if (strcmp(key, "t_tol") == 0) return e->t_tol;
    if (strcmp(key, "graze_tol") == 0) return e->graze_tol;
    if (strcmp(key, "zeno_events") == 0) return e->zeno_events;
    if (strcmp(key, "zeno_window") == 0) return e->zeno_window;
    if (strcmp(key, "samples") == 0) return s->s.opt.n_samples;
    if (strcmp(key, "max_steps") == 0) return (double)e->max_steps;
    return NAN;
}

int collide_scenario_quantities(const collide_scenario *s, collide_quantity *q,
                                int max)
{
    return s && q && max > 0 ? scenario_quantities(&s->s, q, max) : 0;
}

const char *collide_scenario_law(const collide_scenario *s, int which)
{
    const law *l = s ? s->s.model.law : NULL;
    if (!l)
        return NULL;
    switch (which) {
    case 0: return l->name;
    case 1: return l->title;
    case 2: return l->equations;
    default: return NULL;
    }
}

const char *collide_scenario_source(const collide_scenario *s)
{
    return s ? s->s.source : NULL;
}

void collide_scenario_free(collide_scenario *s)
{
    free(s);
}

/* ---- runs ---- */

/* The size of the first collide_run_options with a struct_size: up to
 * tables. A caller compiled with it lacks cancel and cancel_ctx, which
 * keep their defaults (NULL); this version's size is the whole struct. */
#define RUN_OPTIONS_SIZE_1 offsetof(collide_run_options, cancel)

/* Every field of o at its default, struct_size this version's. */
static void run_options_defaults(collide_run_options *o)
{
    o->struct_size = sizeof *o;
    o->engine = COLLIDE_ENGINE_BINARY64;
    o->precision = COLLIDE_PRECISION_MIN;
    o->digits = NAN;
    o->check = 0;
    o->sample_at = NULL;
    o->n_sample_at = 0;
    o->progress = 0;
    o->watch = NULL;
    o->watch_ctx = NULL;
    o->partial = 0;
    o->tables = 0;
    o->cancel = NULL;
    o->cancel_ctx = NULL;
}

collide_status collide_run_options_init(collide_run_options *o, size_t size)
{
    collide_run_options d;
    run_options_defaults(&d);
    d.struct_size = size;
    return collide_api_options_init(o, size, RUN_OPTIONS_SIZE_1, &d, sizeof d);
}

/* The options o (NULL: the defaults) into `into`, the fields beyond
 * o->struct_size at their defaults: COLLIDE_OK, or COLLIDE_E_USAGE with
 * err naming struct_size, its value and the sizes known. */
static collide_status run_options_copy(const collide_run_options *o,
                                       collide_run_options *into, char *err,
                                       size_t errlen)
{
    run_options_defaults(into);
    return collide_api_options_copy(o, o ? o->struct_size : 0,
                                    RUN_OPTIONS_SIZE_1, into, sizeof *into,
                                    "collide_run", "collide_run_options",
                                    err, errlen);
}

/* COLLIDE_OK when o is valid, else COLLIDE_E_USAGE with err naming the
 * field, its value and the allowed range. */
static int check_options(const collide_run_options *o, char *err,
                         size_t errlen)
{
    double room;
    if (o->engine != COLLIDE_ENGINE_BINARY64 && o->engine != COLLIDE_ENGINE_MPFR) {
        collide_api_say(err, errlen, "collide_run: engine = %d is outside its "
            "range: engine in {COLLIDE_ENGINE_BINARY64 = 0, "
            "COLLIDE_ENGINE_MPFR = 1}", (int)o->engine);
        return COLLIDE_E_USAGE;
    }
    if (o->engine == COLLIDE_ENGINE_BINARY64 &&
        o->precision != COLLIDE_PRECISION_MIN) {
        collide_api_say(err, errlen, "collide_run: precision = %ld is outside "
            "its range for the binary64 engine: precision = 53 (engine "
            "COLLIDE_ENGINE_MPFR for another)", o->precision);
        return COLLIDE_E_USAGE;
    }
    if (o->engine == COLLIDE_ENGINE_MPFR &&
        (o->precision <= COLLIDE_PRECISION_MIN ||
         o->precision > COLLIDE_PRECISION_MAX)) {
        collide_api_say(err, errlen, "collide_run: precision = %ld is outside "
            "its range for the MPFR engine: precision in [%d, %d] bits",
            o->precision, COLLIDE_PRECISION_MIN + 1, COLLIDE_PRECISION_MAX);
        return COLLIDE_E_USAGE;
    }
    if (o->check != 0 && o->check != 1) {
        collide_api_say(err, errlen, "collide_run: check = %d is outside its range: check "
            "in {0, 1}", o->check);
        return COLLIDE_E_USAGE;
    }
    if (o->partial != 0 && o->partial != 1) {
        collide_api_say(err, errlen, "collide_run: partial = %d is outside its range: "
            "partial in {0, 1}", o->partial);
        return COLLIDE_E_USAGE;
    }
    if (o->tables >= 1u << API_NTABLES) {
        collide_api_say(err, errlen, "collide_run: tables = %#x is outside its range: "
            "a set of bits 1u << t of the %d tables, t in [0, %d]", o->tables,
            API_NTABLES, API_NTABLES - 1);
        return COLLIDE_E_USAGE;
    }
    if (o->check && o->engine == COLLIDE_ENGINE_BINARY64) {
        collide_api_say(err, errlen, "collide_run: check = 1 is a setting of the "
            "MPFR engine: check needs engine COLLIDE_ENGINE_MPFR");
        return COLLIDE_E_USAGE;
    }
    if (isnan(o->digits))
        return COLLIDE_OK;
    if (o->engine == COLLIDE_ENGINE_BINARY64) {
        collide_api_say(err, errlen, "collide_run: digits = %g is a setting of the "
            "MPFR engine: digits needs engine COLLIDE_ENGINE_MPFR (binary64 "
            "takes the scenario's rtol and atol)", o->digits);
        return COLLIDE_E_USAGE;
    }
    room = floor((double)o->precision * log10(2.0) - 8);
    if (!(o->digits >= 1 && o->digits <= room)) {
        collide_api_say(err, errlen, "collide_run: digits = %g is outside its range at "
            "precision %ld: digits in [1, %g] (precision log10(2) - 8)",
            o->digits, o->precision, room);
        return COLLIDE_E_USAGE;
    }
    return COLLIDE_OK;
}

/* Keeps the tables of the set `which` (1u << t each) of the binary64
 * run r: its view, each table's column names, and the room of its
 * cells' texts (allocated here, so that reading a cell allocates
 * nothing). COLLIDE_OK or COLLIDE_E_MEMORY. */
static collide_status keep_b64_tables(collide_result *r, unsigned which)
{
    int t, c;
    r->run = sim_output_view(&r->view, &r->s.model, &r->b64);
    for (t = 0; t < API_NTABLES; t++) {
        table_id id = table_ids[t];
        size_t cells;
        if (!(which & (1u << t)))
            continue;
        for (c = 0; c < tables_columns(&r->run, id); c++)
            tables_column_name(&r->run, id, c, r->name[t][c]);
        cells = (size_t)tables_rows(&r->run, id) *
                (size_t)tables_columns(&r->run, id);
        if (cells > 0) {
            r->cell_text[t] = calloc(cells, TABLE_TEXT_MAX);
            if (!r->cell_text[t])
                return COLLIDE_E_MEMORY;
        }
        r->tables |= 1u << t;
    }
    return COLLIDE_OK;
}

/* Reads the tables of the set `which` (1u << t each) into r->table: the
 * texts of a high-precision run, or the view of a binary64 run. */
static collide_status load_tables(collide_result *r, unsigned which)
{
    int t;
    if (r->engine == COLLIDE_ENGINE_BINARY64)
        return keep_b64_tables(r, which);
    for (t = 0; t < API_NTABLES; t++) {
        char *text, msg[256];
        size_t len;
        collide_status st;
        if (!(which & (1u << t)))
            continue;
        st = mp_output_csv_text(&r->M, &r->mp, r->mp_digits, table_file[t],
                                &text, &len);
        if (st != COLLIDE_OK)
            return st;
        if (csv_parse(table_file[t], text, len, &r->table[t], msg,
                      sizeof msg) != 0)
            return COLLIDE_E_MEMORY;   /* our own text: only memory fails;
                                          csv_parse has freed it */
        r->tables |= 1u << t;
    }
    return COLLIDE_OK;
}

/* Tells o's watcher that a run at `bits` starts, with the address of its
 * count of collisions; collisions NULL: the runs are over. Returns the
 * watcher's answer: non-zero to cancel the run about to start. */
static int watch(const collide_run_options *o, long bits,
                 const int *collisions)
{
    return o->watch ? o->watch(o->watch_ctx, bits, collisions) : 0;
}

/* The binary64 run of r->s, with the sample times of o. */
static void run_b64(collide_result *r, const collide_run_options *o)
{
    r->s.opt.sample_at = o->sample_at;
    r->s.opt.n_sample_at = o->n_sample_at;
    r->s.opt.cancel = o->cancel;
    r->s.opt.cancel_ctx = o->cancel_ctx;
    if (watch(o, COLLIDE_PRECISION_MIN, &r->b64.ncollisions)) {
        r->status = COLLIDE_E_INTERRUPT;
        snprintf(r->diagnosis, sizeof r->diagnosis, "cancelled by the "
                 "watcher before the binary64 run started");
        return;
    }
    r->status = sim_run(&r->s.model, &r->s.opt, &r->b64);
    r->ran = 1;
    if (r->status != COLLIDE_OK)
        snprintf(r->diagnosis, sizeof r->diagnosis, "%s", r->b64.diagnosis);
}

/* A high-precision run of s at `bits` with step tolerance 10^-tol into M
 * and res (both to be cleared by the caller), watched and with progress
 * as o says; its status, and on failure the reason in diagnosis. */
static collide_status run_mp_at(const scenario *s, long bits, double tol,
                                const collide_run_options *o, mp_model *M,
                                mp_result *res, int *ran, char *diagnosis,
                                size_t len)
{
    mp_options mo;
    collide_status st;
    memset(res, 0, sizeof *res);
    st = mp_model_init(M, s, (mpfr_prec_t)bits, diagnosis, len);
    if (st != COLLIDE_OK)
        return st;
    mo = mp_options_default(&s->opt, (mpfr_prec_t)bits);
    mo.digits = tol;
    mo.progress = o->progress;
    mo.run.cancel = o->cancel;
    mo.run.cancel_ctx = o->cancel_ctx;
    if (watch(o, bits, &res->ncollisions)) {
        snprintf(diagnosis, len, "cancelled by the watcher before the run "
                 "at %ld bits started", bits);
        return COLLIDE_E_INTERRUPT;
    }
    *ran = 1;
    st = mp_run(M, &mo, res);
    if (st != COLLIDE_OK)
        snprintf(diagnosis, len, "%s", res->diagnosis);
    return st;
}

/* The high-precision run of r->s at r->precision bits. */
static void run_mp(collide_result *r, const collide_run_options *o)
{
    mp_digits_settings((mpfr_prec_t)r->precision, o->digits, &r->mp_tol,
                       &r->mp_digits);
    r->status = run_mp_at(&r->s, r->precision, r->mp_tol, o, &r->M, &r->mp,
                          &r->ran, r->diagnosis, sizeof r->diagnosis);
}

/* The tables of the set of run (M, res) with `digits` digits, read into
 * t[0 .. API_NSET-1]; COLLIDE_OK or COLLIDE_E_MEMORY (t freed). */
static collide_status set_tables(const mp_model *M, const mp_result *res,
                                 int digits, csv_table *t)
{
    int i;
    memset(t, 0, API_NSET * sizeof *t);
    for (i = 0; i < API_NSET; i++) {
        char *text, msg[256];
        size_t len;
        if (mp_output_csv_text(M, res, digits, table_file[i], &text, &len) ||
            csv_parse(table_file[i], text, len, &t[i], msg, sizeof msg)) {
            while (i-- > 0)
                csv_free(&t[i]);
            return COLLIDE_E_MEMORY;
        }
    }
    return COLLIDE_OK;
}

/* The set of the checked run r and that of its reference (M, rb), both
 * with MP_CHECK_DIGITS more digits than r writes, compared as `collide
 * compare --digits` compares two directories: the report into
 * r->check_report, the scd tables into r->scd_text and r->scd;
 * COLLIDE_E_CHECK when a value has fewer than r->mp_digits. */
static collide_status check_tables(collide_result *r, const mp_model *M,
                                   const mp_result *rb)
{
    int extra = r->mp_digits + MP_CHECK_DIGITS, t;
    csv_table a[API_NSET], b[API_NSET];
    size_t len[API_NSET], rlen;
    char msg[256];
    compare_status cs;
    FILE *f;
    if (set_tables(&r->M, &r->mp, extra, a) != COLLIDE_OK)
        return COLLIDE_E_MEMORY;
    if (set_tables(M, rb, extra, b) != COLLIDE_OK) {
        for (t = 0; t < API_NSET; t++)
            csv_free(&a[t]);
        return COLLIDE_E_MEMORY;
    }
    f = open_memstream(&r->check_report, &rlen);
    if (!f) {
        for (t = 0; t < API_NSET; t++) {
            csv_free(&a[t]);
            csv_free(&b[t]);
        }
        return COLLIDE_E_MEMORY;
    }
    fprintf(f, "check against %ld bits, tolerance 1e-%.1f: significant "
            "correct digits (scd) of every value\n",
            r->precision + MP_CHECK_BITS, r->mp_tol + MP_CHECK_DIGITS);
    cs = compare_set_scd(a, b, API_NSET, r->mp_digits, f, r->scd_text, len,
                         msg, sizeof msg);
    if (fclose(f) != 0 || (cs != COMPARE_OK && cs != COMPARE_BELOW))
        return COLLIDE_E_MEMORY;   /* our own tables: only memory fails */
    for (t = 0; t < API_NSET; t++) {
        char *copy = malloc(len[t] + 1);   /* csv_parse takes its text */
        if (!copy)
            return COLLIDE_E_MEMORY;
        memcpy(copy, r->scd_text[t], len[t] + 1);
        if (csv_parse(table_file[t], copy, len[t], &r->scd[t], msg,
                      sizeof msg))
            return COLLIDE_E_MEMORY;
        r->have_scd = t + 1;
    }
    return cs == COMPARE_BELOW ? COLLIDE_E_CHECK : COLLIDE_OK;
}

/* The check of a successful high-precision run r (collide run --check):
 * the reference run at MP_CHECK_BITS more bits and a tolerance
 * MP_CHECK_DIGITS tighter, the same rows, and every value with the digits
 * asked for. Sets r->status and r->diagnosis. */
static void check_mp(collide_result *r, const collide_run_options *o)
{
    mp_model M;
    mp_result rb;
    long bits = r->precision + MP_CHECK_BITS;
    collide_status st;
    int ran = 0;
    st = run_mp_at(&r->s, bits, r->mp_tol + MP_CHECK_DIGITS, o, &M, &rb,
                   &ran, r->diagnosis, sizeof r->diagnosis);
    if (st == COLLIDE_OK && !mp_same_rows(&r->mp, &rb)) {
        snprintf(r->diagnosis, sizeof r->diagnosis, "check: the runs at %ld "
                 "and %ld bits differ in their events, collisions or samples "
                 "(%d, %d, %d against %d, %d, %d): %ld bits do not settle the "
                 "run", r->precision, bits, r->mp.nevents, r->mp.ncollisions,
                 r->mp.nsamples, rb.nevents, rb.ncollisions, rb.nsamples,
                 r->precision);
        st = COLLIDE_E_CHECK;
    }
    if (st == COLLIDE_OK) {
        st = check_tables(r, &M, &rb);
        if (st == COLLIDE_E_CHECK)
            snprintf(r->diagnosis, sizeof r->diagnosis, "check: values with "
                     "fewer than %d significant correct digits (listed in the "
                     "check's report)",
                     r->mp_digits);
    }
    (void)watch(o, 0, NULL);   /* the runs are over: before rb's count goes */
    mp_result_free(&rb);
    mp_model_clear(&M);
    r->status = st;
}

/* COLLIDE_OK when the sample times of o are valid for s, else
 * COLLIDE_E_USAGE with err naming the field, its value and the range. */
static int check_sample_at(const collide_run_options *o,
                           const collide_scenario *s, char *err, size_t errlen)
{
    double T = s->s.model.T;
    int i;
    if (o->n_sample_at == 0)
        return COLLIDE_OK;
    if (o->engine != COLLIDE_ENGINE_BINARY64) {
        collide_api_say(err, errlen, "collide_run: sample_at is a setting of the binary64 "
            "engine: sample_at needs engine COLLIDE_ENGINE_BINARY64 (MPFR takes the "
            "scenario's samples)");
        return COLLIDE_E_USAGE;
    }
    if (o->n_sample_at < 0 || o->n_sample_at > SAMPLE_AT_MAX || !o->sample_at) {
        collide_api_say(err, errlen, "collide_run: n_sample_at = %d is outside its range: "
            "n_sample_at in [0, %d], with sample_at not NULL", o->n_sample_at,
            SAMPLE_AT_MAX);
        return COLLIDE_E_USAGE;
    }
    for (i = 0; i < o->n_sample_at; i++)
        if (!(o->sample_at[i] >= 0.0 && o->sample_at[i] <= T)) {
            collide_api_say(err, errlen, "collide_run: sample_at[%d] = %.17g is outside "
                "its range: sample_at[i] in [0, T] = [0, %.17g]", i,
                o->sample_at[i], T);
            return COLLIDE_E_USAGE;
        }
    return COLLIDE_OK;
}

/* Whether run r has a result set: a success, or a checked run that found
 * too few digits. */
static int has_set(const collide_result *r)
{
    return r->status == COLLIDE_OK || (r->status == COLLIDE_E_CHECK && r->have_scd);
}

/* The tables of run r to show, of those o asks for (all by default): any
 * of a run with a result set; collisions and events of a failed run when
 * o asks for them (partial), but not of a run cancelled
 * (COLLIDE_E_INTERRUPT); none otherwise. */
static unsigned tables_shown(const collide_result *r, const collide_run_options *o)
{
    unsigned all = (1u << API_NTABLES) - 1, asked = o->tables ? o->tables : all;
    if (has_set(r))
        return asked;
    if (o->partial && r->ran && r->status != COLLIDE_E_INTERRUPT)
        return asked & ((1u << COLLIDE_TABLE_COLLISIONS) | (1u << COLLIDE_TABLE_EVENTS));
    return 0;
}

/* Keeps the options of the run that meta.json describes (the digits
 * asked, the check, the further sample times) in r. COLLIDE_OK, or
 * COLLIDE_E_MEMORY. */
static int keep_options(collide_result *r, const collide_run_options *o)
{
    r->digits_asked = o->digits;
    r->check = o->check;
    r->n_sample_at = o->sample_at ? o->n_sample_at : 0;
    if (r->n_sample_at == 0)
        return COLLIDE_OK;
    r->sample_at = malloc((size_t)r->n_sample_at * sizeof *r->sample_at);
    if (!r->sample_at)
        return COLLIDE_E_MEMORY;
    memcpy(r->sample_at, o->sample_at,
           (size_t)r->n_sample_at * sizeof *r->sample_at);
    return COLLIDE_OK;
}

static int run_in_c(const collide_scenario *s, const collide_run_options *o,
                    collide_result **out, char *err, size_t errlen)
{
    collide_run_options opts;
    collide_result *r;
    int st;
    if (!out) {
        collide_api_say(err, errlen, "collide_run: out is NULL: the result "
                        "needs a place");
        return COLLIDE_E_USAGE;
    }
    *out = NULL;
    if (!s) {
        collide_api_say(err, errlen, "collide_run: no scenario given (NULL)");
        return COLLIDE_E_USAGE;
    }
    st = run_options_copy(o, &opts, err, errlen);
    o = &opts;
    if (st == COLLIDE_OK)
        st = check_options(o, err, errlen);
    if (st == COLLIDE_OK)
        st = check_sample_at(o, s, err, errlen);
    if (st != COLLIDE_OK)
        return st;
    r = calloc(1, sizeof *r);
    if (!r) {
        collide_api_say(err, errlen, "collide_run: out of memory");
        return COLLIDE_E_MEMORY;
    }
    r->engine = o->engine;
    r->precision = o->precision;
    r->s = s->s;
    if (keep_options(r, o) != COLLIDE_OK) {
        free(r);
        collide_api_say(err, errlen, "collide_run: out of memory");
        return COLLIDE_E_MEMORY;
    }
    if (r->engine == COLLIDE_ENGINE_BINARY64)
        run_b64(r, o);
    else
        run_mp(r, o);
    if (r->status == COLLIDE_OK && o->check)
        check_mp(r, o);   /* ends with the watcher's last call */
    else
        (void)watch(o, 0, NULL);
    if (load_tables(r, tables_shown(r, o)) != COLLIDE_OK) {
        collide_result_free(r);
        collide_api_say(err, errlen, "collide_run: out of memory");
        return COLLIDE_E_MEMORY;
    }
    if (r->status != COLLIDE_OK)
        collide_api_say(err, errlen, "%s: %s", r->s.source, r->diagnosis);
    *out = r;
    return r->status;
}

/* Runs run_in_c in the C locale (clocale.h), then makes the
 * caller's locale current again. */
collide_status collide_run(const collide_scenario *s, const collide_run_options *o,
                           collide_result **out, char *err, size_t errlen)
{
    locale_t prev = clocale_enter();
    int st = run_in_c(s, o, out, err, errlen);
    clocale_leave(prev);
    return st;
}

collide_status collide_result_status(const collide_result *r)
{
    return r ? r->status : COLLIDE_E_USAGE;
}

const char *collide_result_diagnosis(const collide_result *r)
{
    return r ? r->diagnosis : NULL;
}

long collide_result_precision(const collide_result *r)
{
    return r ? r->precision : 0;
}

const char *collide_result_check_report(const collide_result *r)
{
    if (!r)
        return NULL;
    return r->check_report ? r->check_report : "";
}

/* A statistic of the binary64 engine (NaN for those of the other). */
static double b64_stat(const collide_result *r, collide_stat which)
{
    const engine_stats *e = &r->b64.end.stats;
    switch (which) {
    case COLLIDE_STAT_STEPS: return (double)e->steps_accepted;
    case COLLIDE_STAT_STEPS_REJECTED: return (double)e->steps_rejected;
    case COLLIDE_STAT_RHS_EVALUATIONS: return (double)e->nfev;
    case COLLIDE_STAT_EVENTS: return (double)e->nevents;
    case COLLIDE_STAT_SWITCHING_STOPS: return (double)e->nstops;
    case COLLIDE_STAT_CPU_SECONDS: return r->b64.cpu_seconds;
    case COLLIDE_STAT_END_TIME: return r->b64.end.t;
    case COLLIDE_STAT_TAIL_START: return e->t_tail;
    case COLLIDE_STAT_TAIL_SWITCHING_STOPS: return (double)e->nstops_tail;
    case COLLIDE_STAT_INITIAL_C_AND_D: return r->b64.end.initial_c_and_d != 0;
    case COLLIDE_STAT_UNDECIDED_TOUCHES: return (double)e->nundecided;
    default: return NAN;
    }
}

/* A statistic of the high-precision engine (NaN for those of the other). */
static double mp_stat(const collide_result *r, collide_stat which)
{
    switch (which) {
    case COLLIDE_STAT_STEPS: return (double)r->mp.steps;
    case COLLIDE_STAT_EVENTS: return (double)r->mp.nevents;
    case COLLIDE_STAT_TAYLOR_ORDER: return (double)r->mp.order;
    case COLLIDE_STAT_PIECES: return (double)r->mp.pieces;
    case COLLIDE_STAT_HOLDS: return (double)r->mp.holds;
    case COLLIDE_STAT_CPU_SECONDS: return r->mp.cpu_seconds;
    case COLLIDE_STAT_DIGITS: return (double)r->mp_digits;
    default: return NAN;
    }
}

double collide_result_stat(const collide_result *r, collide_stat which)
{
    if (!r || !(r->status == COLLIDE_OK || r->status == COLLIDE_E_CHECK))
        return NAN;
    return r->engine == COLLIDE_ENGINE_BINARY64 ? b64_stat(r, which)
                                       : mp_stat(r, which);
}

double collide_result_undecided_touch(const collide_result *r, long k)
{
    const engine_stats *e;
    if (!r || !(r->status == COLLIDE_OK || r->status == COLLIDE_E_CHECK) ||
        r->engine != COLLIDE_ENGINE_BINARY64)
        return NAN;
    e = &r->b64.end.stats;
    if (k < 0 || k >= e->nundecided || k >= ENGINE_UNDECIDED_TIMES)
        return NAN;
    return e->t_undecided[k];
}

int collide_result_left_domain(const collide_result *r, double *t,
                               char *note, size_t len)
{
    if (!r)
        return -1;
    if (r->engine != COLLIDE_ENGINE_BINARY64 || !r->b64.left_domain)
        return 0;
    if (t)
        *t = r->b64.t_left_domain;
    if (note && len > 0)
        snprintf(note, len, "%s", r->b64.domain_note);
    return 1;
}

double collide_result_digits(const collide_result *r, collide_table t,
                             int row, int col)
{
    const char *name = collide_result_column_name(r, t, col);
    int k;
    double v;
    if (!r || (int)t < 0 || (int)t >= r->have_scd || !name || row < 0 ||
        row >= r->scd[t].nrows)
        return NAN;
    k = csv_column(&r->scd[t], name);
    if (k < 0 || number_parse(csv_cell(&r->scd[t], row + 1, k), &v) != NUMBER_OK)
        return NAN;
    return v;
}

/* Whether table t of r is kept (else it has no rows). */
static int kept(const collide_result *r, collide_table t)
{
    return r && (int)t >= 0 && (int)t < API_NTABLES && (r->tables & (1u << t));
}

/* Whether r reads its tables from the binary64 engine's numbers. */
static int b64_tables(const collide_result *r)
{
    return r->engine == COLLIDE_ENGINE_BINARY64;
}

/* Table t of a high-precision r, or NULL (not kept, or t out of range). */
static const csv_table *table_of(const collide_result *r, collide_table t)
{
    return kept(r, t) && !b64_tables(r) ? &r->table[t] : NULL;
}

int collide_result_rows(const collide_result *r, collide_table t)
{
    const csv_table *x = table_of(r, t);
    if (kept(r, t) && b64_tables(r))
        return tables_rows(&r->run, table_ids[t]);
    return x ? x->nrows : 0;
}

int collide_result_columns(const collide_result *r, collide_table t)
{
    const csv_table *x = table_of(r, t);
    if (kept(r, t) && b64_tables(r))
        return tables_columns(&r->run, table_ids[t]);
    return x ? x->ncols : 0;
}

const char *collide_result_column_name(const collide_result *r,
                                       collide_table t, int col)
{
    const csv_table *x = table_of(r, t);
    if (kept(r, t) && b64_tables(r))
        return col >= 0 && col < collide_result_columns(r, t)
                   ? r->name[t][col] : NULL;
    return x && col >= 0 && col < x->ncols ? csv_cell(x, 0, col) : NULL;
}

const char *collide_result_column_unit(const collide_result *r,
                                      collide_table t, int col,
                                      const char **equation)
{
    table_run run;
    const char *unit = NULL, *eq = NULL;
    if (r && col >= 0 && col < collide_result_columns(r, t)) {
        memset(&run, 0, sizeof run);
        run.L = b64_tables(r) ? r->run.L : &r->M.L;   /* the state's */
        tables_column_unit(&run, table_ids[t], col, &unit, &eq);
    }
    if (equation)
        *equation = eq;
    return unit;
}

/* The first column of binary64 table t of r named name, or -1. */
static int b64_column(const collide_result *r, collide_table t,
                      const char *name)
{
    int c, n = collide_result_columns(r, t);
    for (c = 0; c < n; c++)
        if (strcmp(r->name[t][c], name) == 0)
            return c;
    return -1;
}

int collide_result_column(const collide_result *r, collide_table t,
                          const char *name)
{
    const csv_table *x = table_of(r, t);
    if (kept(r, t) && b64_tables(r))
        return name ? b64_column(r, t, name) : -1;
    return x && name ? csv_column(x, name) : -1;
}

/* The text of the cell (row, col) of binary64 table t of r: formatted
 * into its room in r->cell_text[t] when first asked for (a text cell
 * gives its own); NULL outside the table. */
static const char *b64_cell_text(const collide_result *r, collide_table t,
                                 int row, int col)
{
    int ncols = collide_result_columns(r, t);
    char *room;
    if (row < 0 || row >= collide_result_rows(r, t) || col < 0 || col >= ncols)
        return NULL;
    room = r->cell_text[t] + ((size_t)row * (size_t)ncols + (size_t)col) *
                                 TABLE_TEXT_MAX;
    return room[0] ? room
                   : tables_cell_text(&r->run, table_ids[t], row, col, room);
}

const char *collide_result_text(const collide_result *r, collide_table t,
                                int row, int col)
{
    const csv_table *x = table_of(r, t);
    if (kept(r, t) && b64_tables(r))
        return b64_cell_text(r, t, row, col);
    if (!x || row < 0 || row >= x->nrows || col < 0 || col >= x->ncols)
        return NULL;
    return csv_cell(x, row + 1, col);
}

double collide_result_value(const collide_result *r, collide_table t, int row,
                            int col)
{
    const char *text;
    double v;
    if (kept(r, t) && b64_tables(r))
        return tables_value(&r->run, table_ids[t], row, col);
    text = collide_result_text(r, t, row, col);
    if (!text || number_parse(text, &v) != NUMBER_OK)
        return NAN;
    return v;
}

/* Whether run r, of either engine, left the proof domain: 1 with *t and
 * *note (its result's own) set, else 0. */
static int run_left_domain(const collide_result *r, double *t,
                           const char **note)
{
    int b64 = r->engine == COLLIDE_ENGINE_BINARY64;
    if (!(b64 ? r->b64.left_domain : r->mp.left_domain))
        return 0;
    *t = b64 ? r->b64.t_left_domain : r->mp.t_left_domain;
    *note = b64 ? r->b64.domain_note : r->mp.domain_note;
    return 1;
}

/* Notes for the MANIFEST where the run r left the proof domain
 * ("left at t = T s: NOTE"), or that it did not (""). */
static void note_domain(const collide_result *r, output_notes *n)
{
    const char *note;
    double t;
    n->domain[0] = '\0';
    if (run_left_domain(r, &t, &note))
        snprintf(n->domain, sizeof n->domain, "left at t = %.17g s: %s", t,
                 note);
}

/* The CPU time is left out of the description: it differs between
 * reruns. */
void collide_result_describe(const collide_result *r, meta_run *m,
                             char *note, size_t len)
{
    static const struct {
        const char *name;
        collide_stat which;
    } stats[] = {
        {"steps", COLLIDE_STAT_STEPS},
        {"steps_rejected", COLLIDE_STAT_STEPS_REJECTED},
        {"rhs_evaluations", COLLIDE_STAT_RHS_EVALUATIONS},
        {"events", COLLIDE_STAT_EVENTS},
        {"switching_stops", COLLIDE_STAT_SWITCHING_STOPS},
        {"taylor_order", COLLIDE_STAT_TAYLOR_ORDER},
        {"pieces", COLLIDE_STAT_PIECES},
        {"holds", COLLIDE_STAT_HOLDS},
        {"end_time", COLLIDE_STAT_END_TIME},
        {"tail_start", COLLIDE_STAT_TAIL_START},
        {"tail_switching_stops", COLLIDE_STAT_TAIL_SWITCHING_STOPS},
        {"initial_c_and_d", COLLIDE_STAT_INITIAL_C_AND_D},
        {"undecided_touches", COLLIDE_STAT_UNDECIDED_TOUCHES}};
    int i, b64 = r->engine == COLLIDE_ENGINE_BINARY64;
    const char *what = "";
    memset(m, 0, sizeof *m);
    m->version = COLLIDE_VERSION;
    m->s = &r->s;
    m->precision = r->precision;
    m->digits_asked = r->digits_asked;
    m->digits_written = b64 ? 0 : r->mp_digits;
    m->step_tolerance = b64 ? NAN : pow(10.0, -r->mp_tol);
    m->check = r->have_scd == API_NSET;
    m->check_precision = r->precision + 64;
    m->sample_at = r->sample_at;
    m->n_sample_at = r->n_sample_at;
    for (i = 0; i < (int)(sizeof stats / sizeof stats[0]); i++) {
        m->stat[i].name = stats[i].name;
        m->stat[i].value = collide_result_stat(r, stats[i].which);
    }
    m->nstat = i;
    m->left_domain = run_left_domain(r, &m->t_left_domain, &what);
    snprintf(note, len, "%s", what);
    m->domain_note = note;
    m->status = r->status;
    m->status_text = collide_status_text(r->status);
    m->scd = m->check ? r->scd : NULL;
}

static int result_write_in_c(output_session *o, const collide_result *r,
                             const char *dir, const char *fn, char *err,
                             size_t errlen)
{
    char msg[1024] = "", note[256];
    output_notes notes;
    meta_run m;
    collide_status st;
    if (!r || !dir) {
        collide_api_say(err, errlen, "%s: %s is NULL", fn, r ? "dir" : "r");
        return COLLIDE_E_USAGE;
    }
    if (!has_set(r)) {
        collide_api_say(err, errlen, "%s: the run failed (status %d, "
            "%s): it has no result set", fn, r->status,
            collide_status_text(r->status));
        return COLLIDE_E_USAGE;
    }
    output_notes_scenario(&notes, &r->s);
    note_domain(r, &notes);
    collide_result_describe(r, &m, note, sizeof note);
    notes.meta = &m;
    st = r->engine == COLLIDE_ENGINE_BINARY64
             ? sim_output_write_csv(o, &notes, dir, &r->s.model, &r->b64, msg,
                                    sizeof msg)
             : mp_output_write_csv(o, &notes, dir, &r->M, &r->mp, r->mp_digits,
                                  r->have_scd == API_NSET
                                      ? (const char *const *)r->scd_text
                                      : NULL,
                                  msg, sizeof msg);
    if (st != COLLIDE_OK)
        collide_api_say(err, errlen, "%s", msg);
    return st;
}

/* Runs result_write_in_c in the C locale (clocale.h), then makes the
 * caller's locale current again. */
collide_status collide_api_result_write(output_session *o,
                                        const collide_result *r,
                                        const char *dir, const char *fn,
                                        char *err, size_t errlen)
{
    locale_t prev = clocale_enter();
    int st = result_write_in_c(o, r, dir, fn, err, errlen);
    clocale_leave(prev);
    return st;
}

collide_status collide_result_write(const collide_result *r, const char *dir, char *err,
                                    size_t errlen)
{
    return collide_api_result_write(NULL, r, dir, "collide_result_write",
                                    err, errlen);
}

void collide_result_free(collide_result *r)
{
    int t;
    if (!r)
        return;
    for (t = 0; t < API_NTABLES; t++) {
        if ((r->tables & (1u << t)) && !b64_tables(r))
            csv_free(&r->table[t]);
        free(r->cell_text[t]);
    }
    for (t = 0; t < r->have_scd; t++)
        csv_free(&r->scd[t]);
    for (t = 0; t < API_NSET; t++)
        free(r->scd_text[t]);
    free(r->check_report);
    free(r->sample_at);
    if (r->engine == COLLIDE_ENGINE_BINARY64) {
        sim_result_free(&r->b64);
    } else {
        mp_result_free(&r->mp);
        mp_model_clear(&r->M);
    }
    free(r);
}

/* ---- comparison ---- */

/* Every field of o at its default, struct_size this version's. */
static void compare_options_defaults(collide_compare_options *o)
{
    o->struct_size = sizeof *o;
    o->digits = NAN;
    o->scd_csv = NULL;
}

collide_status collide_compare_options_init(collide_compare_options *o,
                                            size_t size)
{
    collide_compare_options d;
    compare_options_defaults(&d);
    d.struct_size = size;
    return collide_api_options_init(o, size, sizeof d, &d, sizeof d);
}

/* Whether a, b and the options can be compared: COLLIDE_OK, else
 * COLLIDE_E_USAGE with one line in err naming the field, its value and
 * the allowed range. */
static collide_status compare_args_valid(const char *a, const char *b,
                                         const collide_compare_options *o,
                                         const char *fn, char *err,
                                         size_t errlen)
{
    if (!a || !b) {
        collide_api_say(err, errlen, "%s: %s is NULL: a result set or CSV "
                        "file is needed", fn, a ? "b" : "a");
        return COLLIDE_E_USAGE;
    }
    if (!isnan(o->digits) && !(o->digits >= 0)) {
        collide_api_say(err, errlen, "%s: digits = %g is outside the allowed "
                        "range: NaN (no threshold) or [0, inf]", fn,
                        o->digits);
        return COLLIDE_E_USAGE;
    }
    return COLLIDE_OK;
}

collide_status collide_api_compare_status(compare_status st,
                                          collide_compare_verdict *verdict)
{
    switch (st) {
    case COMPARE_OK:
    case COMPARE_BELOW:
        if (verdict)
            *verdict = st == COMPARE_OK ? COLLIDE_VERDICT_MET
                                        : COLLIDE_VERDICT_BELOW;
        return COLLIDE_OK;
    case COMPARE_E_INPUT: return COLLIDE_E_INPUT;
    case COMPARE_E_IO: return COLLIDE_E_IO;
    default: return COLLIDE_E_MEMORY;
    }
}

/* The text of the problems stream (len bytes) into err, its last newline
 * left out; "" when there is none. */
static void problems_to_err(const char *text, size_t len, char *err,
                            size_t errlen)
{
    if (len > 0 && text[len - 1] == '\n')
        len--;
    collide_api_say(err, errlen, "%.*s", (int)len, text ? text : "");
}

/* collide_compare_with with the session session (NULL: none), in the C
 * locale; fn names the function in messages. */
static collide_status compare_with_in_c(output_session *session,
                                        const char *a, const char *b,
                                        const collide_compare_options *o,
                                        FILE *out,
                                        collide_compare_verdict *verdict,
                                        const char *fn, char *err,
                                        size_t errlen)
{
    compare_options c;
    collide_compare_options d;
    FILE *sink = NULL, *problems;
    char *text = NULL;
    size_t len = 0;
    compare_status cs;
    collide_status st;
    compare_options_defaults(&d);
    st = collide_api_options_copy(o, o ? o->struct_size : 0, sizeof d, &d,
                                  sizeof d, fn, "collide_compare_options",
                                  err, errlen);
    if (st != COLLIDE_OK)
        return st;
    o = &d;
    st = compare_args_valid(a, b, o, fn, err, errlen);
    if (st != COLLIDE_OK)
        return st;
    c.a = a;
    c.b = b;
    c.digits = o->digits;
    c.scd_csv = o->scd_csv;
    c.session = session;
    if (!out && !(out = sink = fopen("/dev/null", "w"))) {
        collide_api_say(err, errlen, "%s: /dev/null: cannot open", fn);
        return COLLIDE_E_IO;
    }
    problems = open_memstream(&text, &len);
    if (!problems) {
        if (sink)
            fclose(sink);
        collide_api_say(err, errlen, "%s: out of memory", fn);
        return COLLIDE_E_MEMORY;
    }
    cs = compare_results(&c, out, problems);
    if (sink)
        fclose(sink);
    if (fclose(problems) != 0) {
        free(text);
        collide_api_say(err, errlen, "%s: out of memory", fn);
        return COLLIDE_E_MEMORY;
    }
    problems_to_err(text, len, err, errlen);
    free(text);
    return collide_api_compare_status(cs, verdict);
}

/* Runs compare_with_in_c in the C locale (clocale.h), then makes the
 * caller's locale current again. */
collide_status collide_api_compare_with(output_session *session,
                                        const char *a, const char *b,
                                        const collide_compare_options *o,
                                        FILE *out,
                                        collide_compare_verdict *verdict,
                                        const char *fn, char *err,
                                        size_t errlen)
{
    locale_t prev = clocale_enter();
    collide_status st = compare_with_in_c(session, a, b, o, out, verdict, fn,
                                          err, errlen);
    clocale_leave(prev);
    return st;
}

collide_status collide_compare_with(const char *a, const char *b,
                                    const collide_compare_options *o,
                                    FILE *out, collide_compare_verdict *verdict,
                                    char *err, size_t errlen)
{
    return collide_api_compare_with(NULL, a, b, o, out, verdict,
                                    "collide_compare", err, errlen);
}

collide_status collide_compare(const char *a, const char *b, double digits,
                               FILE *out, collide_compare_verdict *verdict,
                               char *err, size_t errlen)
{
    collide_compare_options o;
    compare_options_defaults(&o);
    o.digits = digits;
    return collide_compare_with(a, b, &o, out, verdict, err, errlen);
}
