/* scenario.c - the scenario parser: syntax, keys, values, derived
 * quantities (Eqs. 187-192, 212), the model of Section IV-A and the run
 * options.  Errors name the source and line, the field, the value text and
 * the allowed range.  See scenario.h and README.md. */
#include "scenario.h"
#include "textfile.h"
#include "builtin.h"

#include "derived.h"
#include "number.h"
#include "registry.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum key_kind { K_WORD, K_REAL, K_INT } key_kind;

/* A key of the scenario file other than a law parameter: its kind, its
 * allowed range lo..hi (closed or open at each end; hi = +inf closed means
 * that inf may be written) and what it is, for messages. */
typedef struct key_spec {
    const char *key;
    key_kind kind;
    double lo, hi;
    int lo_closed, hi_closed;
    const char *what;
} key_spec;

/* The largest t_tol, relative to the horizon T. An event is located by
 * bracketing to adjacent doubles (t_tol = 0, the default) or to a bracket
 * of width t_tol, which moves the state at the event by |dy/dt| t_tol:
 * t_tol = 1e-6 s moved e of the last collision of study 1 from 0.1043 to
 * 0.1067, t_tol = 1 s lost two of its collisions. With t_tol <= 1e-15 T
 * a located time errs by less than 1e-15 of the horizon, the smallest
 * relative tolerance a run may ask (rtol >= 1e-15), and by at most a few
 * spacings of the doubles near T (2.2e-16 T): below the tolerance of any
 * run. */
#define T_TOL_REL 1e-15

static const key_spec key_table[] = {
    {"system", K_WORD, 0, 0, 0, 0, "the system: Hr (Eqs. 80-84) or Hf (Eqs. 73-79)"},
    {"law", K_WORD, 0, 0, 0, 0, "the contact law"},
    {"input", K_WORD, 0, 0, 0, 0, "the input: none, gravity, constant or study2"},
    {"E1", K_REAL, 0, HUGE_VAL, 0, 0, "Young modulus of body 1, Eq. (187)"},
    {"nu1", K_REAL, -1, 0.5, 0, 1, "Poisson ratio of body 1, Eq. (187)"},
    {"rho1", K_REAL, 0, HUGE_VAL, 0, 0, "density of body 1, Eq. (189)"},
    {"R1", K_REAL, 0, HUGE_VAL, 0, 0, "radius of body 1, Eq. (188)"},
    {"E2", K_REAL, 0, HUGE_VAL, 0, 0, "Young modulus of body 2, Eq. (187)"},
    {"nu2", K_REAL, -1, 0.5, 0, 1, "Poisson ratio of body 2, Eq. (187)"},
    {"rho2", K_REAL, 0, HUGE_VAL, 0, 0, "density of body 2, Eq. (189)"},
    {"R2", K_REAL, 0, HUGE_VAL, 0, 1, "radius of body 2 (inf: a plane of infinite mass), Eq. (188)"},
    {"m", K_REAL, 0, HUGE_VAL, 0, 0, "mass of body 1 of H_r (m = m_1), Eq. (47)"},
    {"m1", K_REAL, 0, HUGE_VAL, 0, 0, "mass of body 1, Eq. (39)"},
    {"m2", K_REAL, 0, HUGE_VAL, 0, 0, "mass of body 2, Eq. (39)"},
    {"l1", K_REAL, 0, HUGE_VAL, 1, 0, "distance from C_1 to G_1, Section IV-A"},
    {"l2", K_REAL, 0, HUGE_VAL, 1, 0, "distance from C_2 to G_2, Section IV-A"},
    {"x0", K_REAL, 0, HUGE_VAL, 1, 0, "initial relative displacement, Eq. (47)"},
    {"v0", K_REAL, -HUGE_VAL, HUGE_VAL, 0, 0, "initial relative velocity, Eq. (47)"},
    {"xm0", K_REAL, -HUGE_VAL, HUGE_VAL, 0, 0, "initial position of the center of mass, Eq. (52)"},
    {"vm0", K_REAL, -HUGE_VAL, HUGE_VAL, 0, 0, "initial velocity of the center of mass, Eq. (52)"},
    {"g", K_REAL, 0, HUGE_VAL, 0, 0, "acceleration of gravity"},
    {"F", K_REAL, -HUGE_VAL, HUGE_VAL, 0, 0, "constant applied force F_e,r of H_r"},
    {"F1", K_REAL, -HUGE_VAL, HUGE_VAL, 0, 0, "constant applied force F_e,1 of H_f"},
    {"F2", K_REAL, -HUGE_VAL, HUGE_VAL, 0, 0, "constant applied force F_e,2 of H_f"},
    {"Fe0", K_REAL, 0, HUGE_VAL, 0, 0, "F_e,0 of Eqs. (208)-(209)"},
    {"Te", K_REAL, 0, HUGE_VAL, 0, 0, "T_e of Eqs. (208)-(209)"},
    {"Ts", K_REAL, 0, HUGE_VAL, 0, 0, "T_s of Eq. (207)"},
    {"T", K_REAL, 0, HUGE_VAL, 1, 0, "horizon of the run"},
    {"rtol", K_REAL, 1e-15, 1, 1, 0, "relative tolerance of the integrator"},
    {"atol", K_REAL, 0, HUGE_VAL, 0, 0, "absolute tolerance of the integrator"},
    {"h_max", K_REAL, 0, HUGE_VAL, 0, 1, "upper bound of the step size"},
    {"t_tol", K_REAL, 0, HUGE_VAL, 1, 0, "time tolerance of event location"},
    {"graze_tol", K_REAL, 0, HUGE_VAL, 1, 0, "relative margin below which an event is grazing"},
    {"zeno_events", K_INT, 2, COLLIDE_ZENO_EVENTS_MAX, 1, 1, "events within zeno_window that stop the run as Zeno"},
    {"zeno_window", K_REAL, 0, HUGE_VAL, 0, 1, "time window of the Zeno test"},
    {"samples", K_INT, 0, 1e8, 1, 1, "samples on a uniform grid of [0, T]"},
    {"max_steps", K_INT, 1, 1e15, 1, 1, "largest number of accepted steps"},
};

#define N_KEYS (sizeof key_table / sizeof key_table[0])

static const char *const material_keys[] = {"E1", "nu1", "rho1", "R1",
                                            "E2", "nu2", "rho2", "R2"};
static const char *const run_keys[] = {"rtol", "atol", "h_max", "t_tol",
                                       "graze_tol", "zeno_events",
                                       "zeno_window", "samples", "max_steps"};

typedef enum input_name { IN_NONE, IN_GRAVITY, IN_CONSTANT, IN_STUDY2 } input_name;
static const char *const input_names[] = {"none", "gravity", "constant",
                                          "study2"};

/* The state of one parse: where messages go and what is known so far. */
typedef struct parser {
    scenario *s;
    const char *src; /* the source named in messages */
    char *err;
    size_t errlen;
    const law *law;
    input_name input;
} parser;

/* ---- messages ---- */

/* Writes "SRC:LINE: message" (or "SRC: message" for line 0) into p->err
 * and returns COLLIDE_E_INPUT. */
static collide_status fail(const parser *p, int line, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (p->errlen == 0)
        return COLLIDE_E_INPUT;
    if (line > 0)
        snprintf(p->err, p->errlen, "%s:%d: %s", p->src, line, msg);
    else if (p->src)
        snprintf(p->err, p->errlen, "%s: %s", p->src, msg);
    else
        snprintf(p->err, p->errlen, "%s", msg);
    return COLLIDE_E_INPUT;
}

/* The range of a key of the table, for number.h. */
static number_range spec_range(const key_spec *k)
{
    number_range r;
    r.name = k->key;
    r.lo = k->lo;
    r.hi = k->hi;
    r.lo_closed = k->lo_closed;
    r.hi_closed = k->hi_closed;
    r.integer = k->kind == K_INT;
    return r;
}

/* "key in [lo, hi)" for a key of the table. */
static void range_text(const key_spec *k, char *buf, size_t len)
{
    number_range r = spec_range(k);
    if (strcmp(k->key, "t_tol") == 0) {     /* bounded by T (T_TOL_REL) */
        snprintf(buf, len, "t_tol in [0, %g T]", T_TOL_REL);
        return;
    }
    number_range_text(&r, buf, len);
}

/* ---- small text helpers ---- */

static const char *skip_space(const char *b, const char *e)
{
    while (b < e && (*b == ' ' || *b == '\t' || *b == '\r'))
        b++;
    return b;
}

static const char *trim_end(const char *b, const char *e)
{
    while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        e--;
    return e;
}

/* The length of [b, e), at most max, as a printf precision. */
static int clip(const char *b, const char *e, int max)
{
    return e - b > max ? max : (int)(e - b);
}

static int is_key_text(const char *b, const char *e)
{
    if (b == e || !(isalpha((unsigned char)*b) || *b == '_'))
        return 0;
    for (; b < e; b++)
        if (!(isalnum((unsigned char)*b) || *b == '_'))
            return 0;
    return 1;
}

/* ---- numbers ---- */

/* Reports a value that is not a number of its range (number.h). */
static collide_status fail_number(const parser *p, const scenario_entry *e,
                                  number_status st, const char *range)
{
    char msg[512];
    number_message(e->key, e->text, st, range, msg, sizeof msg);
    return fail(p, e->line, "%s", msg);
}

/* ---- entries ---- */

static scenario_entry *find_entry(scenario *s, const char *key)
{
    int i;
    for (i = 0; i < s->n; i++)
        if (strcmp(s->entry[i].key, key) == 0)
            return &s->entry[i];
    return NULL;
}

const scenario_entry *scenario_find(const scenario *s, const char *key)
{
    return find_entry((scenario *)s, key);
}

static const key_spec *find_spec(const char *key)
{
    size_t i;
    for (i = 0; i < N_KEYS; i++)
        if (strcmp(key_table[i].key, key) == 0)
            return &key_table[i];
    return NULL;
}

static int has(const parser *p, const char *key)
{
    return find_entry(p->s, key) != NULL;
}

static double value_of(const parser *p, const char *key)
{
    return find_entry(p->s, key)->value;
}

static int line_of(const parser *p, const char *key)
{
    const scenario_entry *e = find_entry(p->s, key);
    return e ? e->line : 0;
}

/* Appends an entry; returns it, or NULL when the table is full. */
static scenario_entry *add_entry(scenario *s, const char *key, size_t klen,
                                 const char *text, size_t tlen, int line)
{
    scenario_entry *e;
    if (s->n >= SCENARIO_ENTRIES_MAX)
        return NULL;
    e = &s->entry[s->n++];
    memcpy(e->key, key, klen);
    e->key[klen] = '\0';
    memcpy(e->text, text, tlen);
    e->text[tlen] = '\0';
    e->line = line;
    e->value = NAN;
    return e;
}

/* Records a default value (line 0) so that its text is kept too. */
static void add_default(parser *p, const char *key, const char *text)
{
    scenario_entry *e = add_entry(p->s, key, strlen(key), text, strlen(text), 0);
    if (e)
        e->value = strtod(text, NULL);
}

/* ---- pass 1: lines ---- */

/* Reads one line [b, e) into an entry: comment, key = value, duplicates. */
static collide_status read_line(parser *p, const char *b, const char *e,
                                int line)
{
    const char *hash = memchr(b, '#', (size_t)(e - b));
    const char *eq, *kb, *ke, *vb, *ve;
    const scenario_entry *dup;
    if (hash)
        e = hash;
    b = skip_space(b, e);
    e = trim_end(b, e);
    if (b == e)
        return COLLIDE_OK;
    eq = memchr(b, '=', (size_t)(e - b));
    if (!eq)
        return fail(p, line, "malformed line \"%.*s\": expected key = value",
                    clip(b, e, 60), b);
    kb = b;
    ke = trim_end(b, eq);
    vb = skip_space(eq + 1, e);
    ve = e;
    if (kb == ke)
        return fail(p, line, "malformed line \"%.*s\": no key before =",
                    clip(b, e, 60), b);
    if (!is_key_text(kb, ke))
        return fail(p, line, "malformed line \"%.*s\": the key \"%.*s\" is "
                    "not a name (letters, digits, _)", clip(b, e, 60), b,
                    clip(kb, ke, 40), kb);
    if (ke - kb >= COLLIDE_SCENARIO_KEY_MAX)
        return fail(p, line, "the key %.*s... is longer than %d characters",
                    COLLIDE_SCENARIO_KEY_MAX - 1, kb, COLLIDE_SCENARIO_KEY_MAX - 1);
    if (ve - vb >= COLLIDE_SCENARIO_TEXT_MAX)
        return fail(p, line, "the value of %.*s is longer than %d characters",
                    (int)(ke - kb), kb, COLLIDE_SCENARIO_TEXT_MAX - 1);
    {
        char key[COLLIDE_SCENARIO_KEY_MAX];
        memcpy(key, kb, (size_t)(ke - kb));
        key[ke - kb] = '\0';
        dup = find_entry(p->s, key);
        if (dup)
            return fail(p, line, "%s is given twice (first at line %d)", key,
                        dup->line);
    }
    if (!add_entry(p->s, kb, (size_t)(ke - kb), vb, (size_t)(ve - vb), line))
        return fail(p, line, "more than %d entries", SCENARIO_ENTRIES_MAX);
    return COLLIDE_OK;
}

static collide_status read_lines(parser *p, const char *text)
{
    int line = 1;
    collide_status st;
    for (;;) {
        const char *nl = strchr(text, '\n');
        const char *end = nl ? nl : text + strlen(text);
        st = read_line(p, text, end, line);
        if (st != COLLIDE_OK || !nl)
            return st;
        text = nl + 1;
        line++;
    }
}

/* ---- pass 2: names ---- */

static collide_status fail_required(const parser *p, const char *key)
{
    const key_spec *k = find_spec(key);
    char range[96] = "";
    if (k && k->kind != K_WORD) {
        range_text(k, range, sizeof range);
        return fail(p, 0, "%s is required: %s, %s", key, k->what, range);
    }
    return fail(p, 0, "%s is required: %s", key, k ? k->what : "");
}

static collide_status read_system(parser *p)
{
    const scenario_entry *e = find_entry(p->s, "system");
    if (!e)
        return fail_required(p, "system");
    if (strcmp(e->text, "Hr") == 0)
        p->s->model.sys = SYS_HR;
    else if (strcmp(e->text, "Hf") == 0)
        p->s->model.sys = SYS_HF;
    else
        return fail(p, e->line, "system = %s is not a known system; allowed: "
                    "Hr (reduced, Eqs. 80-84), Hf (full, Eqs. 73-79)", e->text);
    return COLLIDE_OK;
}

/* "bwshccl, bwmcl, ..." from the registry. */
static void law_list(char *buf, size_t len)
{
    int i;
    size_t used = 0;
    buf[0] = '\0';
    for (i = 0; law_registry[i].law && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
                                 law_registry[i].law->name);
}

static collide_status read_law(parser *p)
{
    const scenario_entry *e = find_entry(p->s, "law");
    char list[256];
    if (!e)
        return fail_required(p, "law");
    p->law = law_find(e->text);
    if (!p->law) {
        law_list(list, sizeof list);
        return fail(p, e->line, "law = %s is not a known law; allowed: %s",
                    e->text, list);
    }
    p->s->model.law = p->law;
    return COLLIDE_OK;
}

static collide_status read_input(parser *p)
{
    const scenario_entry *e = find_entry(p->s, "input");
    int i;
    if (!e)
        return fail_required(p, "input");
    for (i = 0; i < 4; i++)
        if (strcmp(e->text, input_names[i]) == 0)
            break;
    if (i == 4)
        return fail(p, e->line, "input = %s is not a known input; allowed: "
                    "none, gravity, constant, study2", e->text);
    p->input = (input_name)i;
    if (p->input == IN_STUDY2 && p->s->model.sys != SYS_HF)
        return fail(p, e->line, "input = study2 requires system = Hf "
                    "(Eqs. 205-211 act on two bodies of finite mass)");
    return COLLIDE_OK;
}

/* ---- pass 3: every entry ---- */

/* NULL when key may be given in this scenario, else why not. */
static const char *not_applicable(const parser *p, const char *key)
{
    int hr = p->s->model.sys == SYS_HR;
    if (strcmp(key, "m") == 0 && !hr)
        return "H_f takes the masses m1 and m2 (Eq. 41)";
    if ((strcmp(key, "m1") == 0 || strcmp(key, "m2") == 0) && hr)
        return "H_r takes the mass m = m_1, body 2 being of infinite mass";
    if (strcmp(key, "rho2") == 0 && hr)
        return "H_r takes body 2 of infinite mass (Section IV-A)";
    if ((strcmp(key, "xm0") == 0 || strcmp(key, "vm0") == 0) && hr)
        return "the center of mass (Eq. 52) is a state of H_f only";
    if (strcmp(key, "g") == 0 && p->input != IN_GRAVITY)
        return "g is used with input = gravity only";
    if (strcmp(key, "F") == 0 && !(hr && p->input == IN_CONSTANT))
        return "F is the constant force of H_r with input = constant";
    if ((strcmp(key, "F1") == 0 || strcmp(key, "F2") == 0) &&
        !(!hr && p->input == IN_CONSTANT))
        return "F1 and F2 are the constant forces of H_f with input = constant";
    if ((strcmp(key, "Fe0") == 0 || strcmp(key, "Te") == 0 ||
         strcmp(key, "Ts") == 0) && p->input != IN_STUDY2)
        return "Fe0, Te and Ts are used with input = study2 only";
    return NULL;
}

/* Finds parameter values for which l->validate accepts parameters 0..i-1,
 * then asks it for the range of parameter i (given NaN). Writes a generic
 * text when the law does not say. */
static void law_param_range(const law *l, int i, char *buf, size_t len)
{
    static const double tries[] = {1, 0.5, 0, 2, 1.5, 10, -1};
    double par[LAW_NPAR_MAX];
    int j, t, bad;
    for (j = 0; j < l->npar; j++)
        par[j] = NAN;
    for (j = 0; j < i; j++)
        for (t = 0; t < (int)(sizeof tries / sizeof tries[0]); t++) {
            par[j] = tries[t];
            bad = l->validate(par, buf, len);
            if (bad < 0 || bad > j)
                break;
        }
    bad = l->validate(par, buf, len);
    if (bad != i)
        snprintf(buf, len, "%s a finite number", l->par_names[i]);
}

static collide_status read_law_param(parser *p, scenario_entry *e, int i)
{
    char range[128];
    number_status st = number_parse(e->text, &e->value);
    if (st == NUMBER_OK && isfinite(e->value))
        return COLLIDE_OK;
    law_param_range(p->law, i, range, sizeof range);
    return fail_number(p, e, st == NUMBER_OK ? NUMBER_OUTSIDE : st, range);
}

static collide_status read_table_value(parser *p, scenario_entry *e,
                                       const key_spec *k)
{
    char range[128];
    number_range r;
    number_status st;
    if (k->kind == K_WORD)
        return COLLIDE_OK;
    r = spec_range(k);
    st = number_read(e->text, &r, &e->value);
    if (st == NUMBER_OK)
        return COLLIDE_OK;
    range_text(k, range, sizeof range);
    return fail_number(p, e, st, range);
}

/* Lists the law's parameter names into buf. */
static void law_params_text(const law *l, char *buf, size_t len)
{
    int i;
    size_t used = 0;
    buf[0] = '\0';
    for (i = 0; i < l->npar && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
                                 l->par_names[i]);
}

static collide_status read_entry(parser *p, scenario_entry *e)
{
    const key_spec *k = find_spec(e->key);
    int i = law_param_index(p->law, e->key);
    const char *why;
    char names[160];
    if (i >= 0)
        return read_law_param(p, e, i);
    if (!k) {
        law_params_text(p->law, names, sizeof names);
        return fail(p, e->line, "unknown key %s: not a scenario key nor a "
                    "parameter of law %s (%s)", e->key, p->law->name, names);
    }
    why = not_applicable(p, e->key);
    if (why)
        return fail(p, e->line, "%s does not apply here: %s", e->key, why);
    return read_table_value(p, e, k);
}

static collide_status read_entries(parser *p)
{
    int i;
    collide_status st;
    for (i = 0; i < p->s->n; i++) {
        st = read_entry(p, &p->s->entry[i]);
        if (st != COLLIDE_OK)
            return st;
    }
    return COLLIDE_OK;
}

/* ---- pass 4: derived quantities and the model ---- */

/* A derived quantity must be finite and positive (e.g. no overflow). */
static collide_status check_derived(const parser *p, const char *name,
                                    double v, const char *eq)
{
    if (isfinite(v) && v > 0)
        return COLLIDE_OK;
    return fail(p, 0, "%s = %.17g, derived by %s, is outside the allowed "
                "range: %s in (0, inf)", name, v, eq, name);
}

static int any_material(const parser *p)
{
    size_t i;
    for (i = 0; i < sizeof material_keys / sizeof material_keys[0]; i++)
        if (has(p, material_keys[i]))
            return 1;
    return 0;
}

static collide_status require_materials(const parser *p)
{
    static const char *const needed[] = {"E1", "nu1", "R1", "E2", "nu2", "R2"};
    size_t i;
    for (i = 0; i < sizeof needed / sizeof needed[0]; i++)
        if (!has(p, needed[i]))
            return fail(p, 0, "%s is required when material data are given "
                        "(Eqs. 187-188)", needed[i]);
    return COLLIDE_OK;
}

static collide_status derive_materials(parser *p)
{
    scenario_derived *d = &p->s->d;
    double nu1, nu2;
    collide_status st;
    if (!any_material(p))
        return COLLIDE_OK;
    st = require_materials(p);
    if (st != COLLIDE_OK)
        return st;
    d->has_materials = 1;
    nu1 = value_of(p, "nu1");
    nu2 = value_of(p, "nu2");
    d->E_star = derived_E_star(value_of(p, "E1"), nu1, value_of(p, "E2"),
                               nu2);                                 /* Eq. (187) */
    d->R_e = derived_R_e(value_of(p, "R1"), value_of(p, "R2"));      /* Eq. (188) */
    d->k_H = derived_k_H(d->E_star, d->R_e);                         /* Eq. (192) */
    st = check_derived(p, "E*", d->E_star, "Eq. (187)");
    if (st == COLLIDE_OK)
        st = check_derived(p, "R_e", d->R_e, "Eq. (188)");
    if (st == COLLIDE_OK)
        st = check_derived(p, "k_H", d->k_H, "Eq. (192)");
    return st;
}

/* Two keys that give the same quantity: reported at the later line. */
static collide_status fail_conflict(const parser *p, const char *a,
                                    const char *b)
{
    const scenario_entry *ea = find_entry(p->s, a), *eb = find_entry(p->s, b);
    const scenario_entry *first = ea->line < eb->line ? ea : eb;
    const scenario_entry *second = first == ea ? eb : ea;
    return fail(p, second->line, "%s = %s conflicts with %s = %s (line %d): "
                "give the mass or the density (Eq. 189), not both",
                second->key, second->text, first->key, first->text,
                first->line);
}

/* The mass of body i: given as `key`, or by Eq. (189) from rho_i, R_i. */
static collide_status body_mass(parser *p, const char *key, int i, double *m)
{
    const char *rho = i == 1 ? "rho1" : "rho2";
    const char *R = i == 1 ? "R1" : "R2";
    char name[8];
    if (has(p, key) && has(p, rho))
        return fail_conflict(p, key, rho);
    if (has(p, key)) {
        *m = value_of(p, key);
        return COLLIDE_OK;
    }
    if (!has(p, rho))
        return fail(p, 0, "%s is required: the mass of body %d (or give %s and "
                    "%s, Eq. 189), %s in (0, inf)", key, i, rho, R, key);
    if (isinf(value_of(p, R)))
        return fail(p, line_of(p, rho), "%s does not apply here: %s = inf "
                    "makes body %d of infinite mass, and H_f needs two finite "
                    "masses (give %s, or use system = Hr)", rho, R, i, key);
    *m = derived_sphere_mass(value_of(p, R), value_of(p, rho));      /* Eq. (189) */
    snprintf(name, sizeof name, "m%d", i);
    return check_derived(p, name, *m, "Eq. (189)");
}

static collide_status derive_masses(parser *p)
{
    scenario_derived *d = &p->s->d;
    model *M = &p->s->model;
    collide_status st;
    if (M->sys == SYS_HR) {
        st = body_mass(p, "m", 1, &d->m1);
        d->m2 = HUGE_VAL;
        d->m = d->m1;                         /* m_2 = +inf: m = m_1 (Eq. 41) */
    } else {
        st = body_mass(p, "m1", 1, &d->m1);
        if (st == COLLIDE_OK)
            st = body_mass(p, "m2", 2, &d->m2);
        d->m = derived_m(d->m1, d->m2);                              /* Eq. (41) */
        d->eta = derived_eta(d->m1, d->m2);                          /* Eq. (48) */
        d->eta_c = derived_eta_c(d->m1, d->m2);                      /* Eq. (49) */
    }
    if (st == COLLIDE_OK)
        st = check_derived(p, "m", d->m, "Eq. (41)");
    M->m = d->m;
    M->m1 = d->m1;
    M->m2 = d->m2;
    /* H_r: the limits of Eqs. (48)-(49) as m_2 -> inf */
    M->eta = M->sys == SYS_HR ? 0 : d->eta;
    M->eta_c = M->sys == SYS_HR ? 1 : d->eta_c;
    return st;
}

/* l_i: given, else R_i (0 for R_i = inf), else 0 (Section IV-A). */
static double body_offset(const parser *p, const char *key, const char *R)
{
    if (has(p, key))
        return value_of(p, key);
    if (has(p, R) && isfinite(value_of(p, R)))
        return value_of(p, R);
    return 0;
}

static int law_has(const law *l, const char *name)
{
    return law_param_index(l, name) >= 0;
}

/* The value of law parameter i when it is not given: p by Eq. (190); k is
 * left for Eq. (191) (NaN). Returns 0 when it is simply missing. */
static int law_param_default(parser *p, int i, double *v)
{
    const char *name = p->law->par_names[i];
    int materials = p->s->d.has_materials;
    if (materials && strcmp(name, "p") == 0) {
        add_default(p, "p", "1.5");
        p->s->d.p_defaulted = 1;
        *v = derived_p_hertz();                                     /* Eq. (190) */
        return 1;
    }
    if (materials && strcmp(name, "k") == 0 && law_has(p->law, "p")) {
        p->s->d.k_derived = 1;
        *v = NAN;
        return 1;
    }
    return 0;
}

static collide_status fail_law_range(const parser *p, int i, const char *range)
{
    const char *name = p->law->par_names[i];
    const scenario_entry *e = find_entry(p->s, name);
    double v = p->s->model.par[i];
    if (e && e->line > 0)
        return fail(p, e->line, "%s = %s is outside the allowed range: %s",
                    name, e->text, range);
    if (e)
        return fail(p, 0, "%s = %s (the default of Eq. 190) is outside the "
                    "allowed range: %s", name, e->text, range);
    return fail(p, 0, "%s = %.17g, derived by Eq. (191) from k_H = %.17g, is "
                "outside the allowed range: %s", name, v, p->s->d.k_H, range);
}

static collide_status validate_law(const parser *p)
{
    char range[128] = "";
    int bad = p->law->validate(p->s->model.par, range, sizeof range);
    return bad < 0 ? COLLIDE_OK : fail_law_range(p, bad, range);
}

/* k = k_H / (alpha + (1 - alpha) A^p) (Eq. 191); k = k_H without alpha. */
static double hertz_k(const parser *p)
{
    const law *l = p->law;
    const double *par = p->s->model.par;
    double alpha, A, pe;
    if (!law_has(l, "alpha") || !law_has(l, "A"))
        return p->s->d.k_H;
    alpha = par[law_param_index(l, "alpha")];
    A = par[law_param_index(l, "A")];
    pe = par[law_param_index(l, "p")];
    return derived_k(p->s->d.k_H, alpha, A, pe);                     /* Eq. (191) */
}

static collide_status fill_law_params(parser *p)
{
    const law *l = p->law;
    double *par = p->s->model.par;
    int i, ik = law_param_index(l, "k"), ip = law_param_index(l, "p");
    char range[128];
    collide_status st;
    for (i = 0; i < l->npar; i++) {
        if (has(p, l->par_names[i]))
            par[i] = value_of(p, l->par_names[i]);
        else if (!law_param_default(p, i, &par[i])) {
            law_param_range(l, i, range, sizeof range);
            return fail(p, 0, "%s is required: parameter of law %s (%s), %s",
                        l->par_names[i], l->name, l->equations, range);
        }
    }
    if (p->s->d.k_derived) {
        par[ik] = 1;              /* check the others before Eq. (191) uses them */
        st = validate_law(p);
        if (st != COLLIDE_OK)
            return st;
        par[ik] = hertz_k(p);
    }
    st = validate_law(p);
    p->s->d.k = ik >= 0 ? par[ik] : NAN;
    p->s->d.p = ip >= 0 ? par[ip] : NAN;
    return st;
}

/* A key that must be present (its value was checked in pass 3). */
static collide_status need(const parser *p, const char *key, double *v)
{
    if (!has(p, key))
        return fail_required(p, key);
    *v = value_of(p, key);
    return COLLIDE_OK;
}

static collide_status build_gravity(parser *p)
{
    model *M = &p->s->model;
    double g;
    if (!has(p, "g"))
        add_default(p, "g", "9.81");
    g = value_of(p, "g");
    M->u.kind = INPUT_CONSTANT;
    M->u.gravity = 1;
    M->u.F1 = -M->m1 * g;                /* H_r: F_e,r = F_e,1 = -m g */
    M->u.F2 = M->sys == SYS_HF ? -M->m2 * g : 0;
    return COLLIDE_OK;
}

static collide_status build_input(parser *p)
{
    model *M = &p->s->model;
    input_signal *u = &M->u;
    collide_status st = COLLIDE_OK;
    switch (p->input) {
    case IN_NONE:
        u->kind = INPUT_NONE;
        break;
    case IN_GRAVITY:
        st = build_gravity(p);
        break;
    case IN_CONSTANT:
        u->kind = INPUT_CONSTANT;
        if (M->sys == SYS_HR)
            st = need(p, "F", &u->F1);
        else if ((st = need(p, "F1", &u->F1)) == COLLIDE_OK)
            st = need(p, "F2", &u->F2);
        break;
    case IN_STUDY2:
        u->kind = INPUT_STUDY2;
        u->vm0 = M->vm0;                             /* v_m,0 of Eq. (207) */
        if ((st = need(p, "Fe0", &u->Fe0)) == COLLIDE_OK &&
            (st = need(p, "Te", &u->Te)) == COLLIDE_OK)
            st = need(p, "Ts", &u->Ts);
        break;
    }
    return st;
}

static collide_status build_state(parser *p)
{
    model *M = &p->s->model;
    collide_status st;
    if ((st = need(p, "x0", &M->x0)) != COLLIDE_OK ||
        (st = need(p, "v0", &M->v0)) != COLLIDE_OK)
        return st;
    if (M->sys == SYS_HF &&
        ((st = need(p, "xm0", &M->xm0)) != COLLIDE_OK ||
         (st = need(p, "vm0", &M->vm0)) != COLLIDE_OK))
        return st;
    M->l1 = body_offset(p, "l1", "R1");
    M->l2 = body_offset(p, "l2", "R2");
    if (M->x0 + M->l1 + M->l2 > 0)                        /* Section IV-A */
        return COLLIDE_OK;
    return fail(p, line_of(p, "x0"), "x0 = %s with l1 = %g and l2 = %g is "
                "outside the allowed range: x0 + l1 + l2 in (0, inf) "
                "(Section IV-A)", find_entry(p->s, "x0")->text, M->l1, M->l2);
}

/* Copies run setting `key` (already checked) into the options. */
static void set_run_value(sim_options *o, const char *key, double v)
{
    if (strcmp(key, "rtol") == 0)
        o->engine.rtol = v;
    else if (strcmp(key, "atol") == 0)
        o->engine.atol = v;
    else if (strcmp(key, "h_max") == 0)
        o->engine.h_max = v;
    else if (strcmp(key, "t_tol") == 0)
        o->engine.t_tol = v;
    else if (strcmp(key, "graze_tol") == 0)
        o->engine.graze_tol = v;
    else if (strcmp(key, "zeno_events") == 0)
        o->engine.zeno_events = (int)v;
    else if (strcmp(key, "zeno_window") == 0)
        o->engine.zeno_window = v;
    else if (strcmp(key, "samples") == 0)
        o->n_samples = (int)v;
    else if (strcmp(key, "max_steps") == 0)
        o->engine.max_steps = (long)v;
}

/* t_tol (entry e) within [0, T_TOL_REL T] for the horizon T. */
static collide_status check_t_tol(const parser *p, const scenario_entry *e,
                                  double T)
{
    if (e->value <= T_TOL_REL * T)
        return COLLIDE_OK;
    return fail(p, e->line, "t_tol = %s is outside the allowed range: t_tol "
                "in [0, %g T] = [0, %g] for T = %g (a wider bracket of an "
                "event time can move the results beyond the tolerance)",
                e->text, T_TOL_REL, T_TOL_REL * T, T);
}

static collide_status build_run(parser *p)
{
    size_t i;
    model *M = &p->s->model;
    collide_status st = need(p, "T", &M->T);
    p->s->opt = sim_options_default();
    for (i = 0; i < sizeof run_keys / sizeof run_keys[0]; i++)
        if (has(p, run_keys[i]))
            set_run_value(&p->s->opt, run_keys[i], value_of(p, run_keys[i]));
    if (st == COLLIDE_OK && has(p, "t_tol"))
        st = check_t_tol(p, find_entry(p->s, "t_tol"), M->T);
    return st;
}

static void clear_derived(scenario_derived *d)
{
    d->has_materials = 0;
    d->E_star = d->R_e = d->k_H = d->k = d->p = d->x_cs = NAN;
    d->m1 = d->m2 = d->m = d->eta = d->eta_c = NAN;
    d->k_derived = d->p_defaulted = 0;
}

/* x_c^s = (m g / k_H)^(1/p) (Eq. 212): H_r under gravity with materials. */
static void derive_rest(parser *p)
{
    scenario_derived *d = &p->s->d;
    if (p->s->model.sys == SYS_HR && p->input == IN_GRAVITY &&
        d->has_materials && isfinite(d->p))
        d->x_cs = pow(d->m * value_of(p, "g") / d->k_H, 1 / d->p);  /* Eq. (212) */
}

typedef collide_status (*parse_step)(parser *p);

collide_status scenario_parse(const char *text, const char *source,
                              scenario *s, char *err, size_t errlen)
{
    static const parse_step steps[] = {
        read_system, read_law, read_input, read_entries, derive_materials,
        derive_masses, fill_law_params, build_state, build_input, build_run};
    parser p;
    size_t i;
    collide_status st;
    memset(s, 0, sizeof *s);
    snprintf(s->source, sizeof s->source, "%s", source);
    clear_derived(&s->d);
    p.s = s;
    p.src = s->source;
    p.err = err;
    p.errlen = errlen;
    p.law = NULL;
    p.input = IN_NONE;
    if (errlen > 0)
        err[0] = '\0';
    st = read_lines(&p, text);
    for (i = 0; st == COLLIDE_OK && i < sizeof steps / sizeof steps[0]; i++)
        st = steps[i](&p);
    if (st == COLLIDE_OK)
        derive_rest(&p);
    return st;
}

/* ---- loading ---- */

/* Removes a UTF-8 byte order mark (EF BB BF) at the start of the text of
 * n bytes in buf (NUL-terminated): some editors write one, and it is no
 * part of the first line's key. */
static void skip_bom(char *buf, size_t n)
{
    static const char bom[] = "\xEF\xBB\xBF";
    if (n >= 3 && memcmp(buf, bom, 3) == 0)
        memmove(buf, buf + 3, n - 2);
}

collide_status scenario_read_text(const char *path, size_t max,
                                  const char *hint, char **text, char *err,
                                  size_t errlen)
{
    size_t n;
    collide_status st = text_file_read(path, max, hint, text, &n, err, errlen);
    if (st != COLLIDE_OK)
        return st;
    if (memchr(*text, '\0', n)) {
        snprintf(err, errlen, "%s: contains a NUL byte: not a text file",
                 path);
        free(*text);
        *text = NULL;
        return COLLIDE_E_INPUT;
    }
    skip_bom(*text, n);
    return COLLIDE_OK;
}

collide_status scenario_load(const char *name_or_path, scenario *s,
                             char *err, size_t errlen)
{
    const char *text = scenario_builtin_text(name_or_path);
    char source[COLLIDE_SCENARIO_SOURCE_MAX];
    char *file;
    collide_status st;
    if (text && !strchr(name_or_path, '/')) {
        snprintf(source, sizeof source, "builtin:%s", name_or_path);
        return scenario_parse(text, source, s, err, errlen);
    }
    st = scenario_read_text(name_or_path, COLLIDE_SCENARIO_FILE_MAX,
                            " (not a built-in scenario either; see collide "
                            "list)", &file, err, errlen);
    if (st != COLLIDE_OK)
        return st;
    st = scenario_parse(file, name_or_path, s, err, errlen);
    free(file);
    return st;
}

/* ---- run settings from outside the file ---- */

static int is_run_key(const char *key)
{
    size_t i;
    for (i = 0; i < sizeof run_keys / sizeof run_keys[0]; i++)
        if (strcmp(run_keys[i], key) == 0)
            return 1;
    return 0;
}

collide_status scenario_set_run_option(scenario *s, const char *key,
                                       const char *text, const char *origin,
                                       char *err, size_t errlen)
{
    parser p;
    scenario_entry tmp, *e;
    collide_status st;
    p.s = s;
    p.src = origin;
    p.err = err;
    p.errlen = errlen;
    p.law = s->model.law;
    p.input = IN_NONE;
    if (!is_run_key(key))
        return fail(&p, 0, "%s is not a run setting", key);
    if (strlen(text) >= COLLIDE_SCENARIO_TEXT_MAX)
        return fail(&p, 0, "the value of %s is longer than %d characters",
                    key, COLLIDE_SCENARIO_TEXT_MAX - 1);
    snprintf(tmp.key, sizeof tmp.key, "%s", key);
    snprintf(tmp.text, sizeof tmp.text, "%s", text);
    tmp.line = 0;
    st = read_table_value(&p, &tmp, find_spec(key));
    if (st == COLLIDE_OK && strcmp(key, "t_tol") == 0)
        st = check_t_tol(&p, &tmp, s->model.T);
    if (st != COLLIDE_OK)
        return st;
    e = find_entry(s, key);
    if (!e && !(e = add_entry(s, key, strlen(key), text, strlen(text), 0)))
        return fail(&p, 0, "more than %d entries", SCENARIO_ENTRIES_MAX);
    *e = tmp;
    set_run_value(&s->opt, key, e->value);
    return COLLIDE_OK;
}

/* ---- derived quantities for display ---- */

static int put(scenario_quantity *q, int n, int max, const char *name,
               const char *eq, const char *unit, double v)
{
    if (n < max && !isnan(v)) {
        q[n].name = name;
        q[n].equation = eq;
        q[n].unit = unit;
        q[n].value = v;
        return n + 1;
    }
    return n;
}

int scenario_quantities(const scenario *s, scenario_quantity *q, int max)
{
    const scenario_derived *d = &s->d;
    const model *M = &s->model;
    int hr = M->sys == SYS_HR, n = 0;
    int m1_derived = scenario_find(s, "rho1") != NULL;
    int m2_derived = scenario_find(s, "rho2") != NULL;
    n = put(q, n, max, "E*", "Eq. (187)", "Pa", d->E_star);
    n = put(q, n, max, "R_e", "Eq. (188)", "m", d->R_e);
    n = put(q, n, max, "m1", m1_derived ? "Eq. (189)" : "given", "kg", d->m1);
    if (!hr)
        n = put(q, n, max, "m2", m2_derived ? "Eq. (189)" : "given", "kg", d->m2);
    n = put(q, n, max, "m", hr ? "m = m1 (m2 = inf, Eq. 41)" : "Eq. (41)",
            "kg", d->m);
    n = put(q, n, max, "eta", "Eq. (48)", "", d->eta);
    n = put(q, n, max, "eta_c", "Eq. (49)", "", d->eta_c);
    n = put(q, n, max, "p", d->p_defaulted ? "Eq. (190)" : "given", "", d->p);
    n = put(q, n, max, "k_H", "Eq. (192)", "N m^-p", d->k_H);
    n = put(q, n, max, "k", d->k_derived ? "Eq. (191)" : "given", "N m^-p", d->k);
    n = put(q, n, max, "x_c^s", "Eq. (212)", "m", d->x_cs);
    n = put(q, n, max, "l1", "Section IV-A", "m", M->l1);
    n = put(q, n, max, "l2", "Section IV-A", "m", M->l2);
    n = put(q, n, max, "F_e,r(0)", "Eq. (46)", "N", input_reduced_force(M, 0));
    return n;
}
