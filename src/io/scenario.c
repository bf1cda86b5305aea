/* scenario.c - the scenario reader's text: syntax, keys, values against
 * the key table (scenario_keys.h), in passes over the text, on the state
 * of one parse (scenario_parser.h); scenario_model.h derives the physics
 * from them. Errors name the source and line, the field, the value text
 * and the allowed range. See scenario.h and
 * doc/scenario.md. */
#include "scenario.h"
#include "scenario_keys.h"
#include "scenario_model.h"
#include "scenario_parser.h"
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

static const char *const input_names[] = {"none", "gravity", "constant",
                                          "study2"};

int scenario_key_doc_at(int i, scenario_key_doc *d)
{
    const key_spec *k = scenario_key_at(i);
    if (!k)
        return 0;
    d->key = k->key;
    d->unit = k->unit;
    d->when = k->when;
    d->what = k->what;
    d->is_word = k->kind == K_WORD;
    d->range[0] = '\0';
    if (!d->is_word)
        scenario_key_range_text(k, d->range, sizeof d->range);
    return 1;
}

/* When parameter name of law l applies: k and p may be derived from
 * materials (Eqs. 190-191, scenario_model.c). */
static const char *law_param_when(const law *l, const char *name)
{
    int has_p = law_param_index(l, "p") >= 0;
    if (strcmp(name, "p") == 0)
        return "required, unless materials are given (then Eq. 190)";
    if (strcmp(name, "k") == 0 && has_p)
        return "required, unless materials are given (then Eq. 191; "
               "k_H of Eq. 192 for a law without alpha)";
    return "required";
}

int scenario_law_param_doc(const law *l, int i, scenario_key_doc *d)
{
    if (i < 0 || i >= l->npar)
        return 0;
    d->key = l->par_names[i];
    d->unit = law_param_unit(l, i);
    if (!d->unit)
        return 0;
    d->when = law_param_when(l, d->key);
    d->what = l->title;
    d->is_word = 0;
    parser_law_param_range(l, i, d->range, sizeof d->range);
    return 1;
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
    return parser_fail(p, e->line, "%s", msg);
}

/* ---- entries ---- */

const scenario_entry *scenario_find(const scenario *s, const char *key)
{
    return parser_entry(s, key);
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
        return parser_fail(p, line, "malformed line \"%.*s\": expected key = value",
                    clip(b, e, 60), b);
    kb = b;
    ke = trim_end(b, eq);
    vb = skip_space(eq + 1, e);
    ve = e;
    if (kb == ke)
        return parser_fail(p, line, "malformed line \"%.*s\": no key before =",
                    clip(b, e, 60), b);
    if (!is_key_text(kb, ke))
        return parser_fail(p, line, "malformed line \"%.*s\": the key \"%.*s\" is "
                    "not a name (letters, digits, _)", clip(b, e, 60), b,
                    clip(kb, ke, 40), kb);
    if (ke - kb >= COLLIDE_SCENARIO_KEY_MAX)
        return parser_fail(p, line, "the key %.*s... is longer than %d characters",
                    COLLIDE_SCENARIO_KEY_MAX - 1, kb, COLLIDE_SCENARIO_KEY_MAX - 1);
    if (ve - vb >= COLLIDE_SCENARIO_TEXT_MAX)
        return parser_fail(p, line, "the value of %.*s is longer than %d characters",
                    (int)(ke - kb), kb, COLLIDE_SCENARIO_TEXT_MAX - 1);
    {
        char key[COLLIDE_SCENARIO_KEY_MAX];
        memcpy(key, kb, (size_t)(ke - kb));
        key[ke - kb] = '\0';
        dup = parser_find_entry(p->s, key);
        if (dup)
            return parser_fail(p, line, "%s is given twice (first at line %d)", key,
                        dup->line);
    }
    if (!parser_add_entry(p->s, kb, (size_t)(ke - kb), vb, (size_t)(ve - vb), line))
        return parser_fail(p, line, "more than %d entries", SCENARIO_ENTRIES_MAX);
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

static collide_status read_system(parser *p)
{
    const scenario_entry *e = parser_find_entry(p->s, "system");
    if (!e)
        return parser_fail_required(p, "system");
    if (strcmp(e->text, "Hr") == 0)
        p->s->model.sys = SYS_HR;
    else if (strcmp(e->text, "Hf") == 0)
        p->s->model.sys = SYS_HF;
    else
        return parser_fail(p, e->line, "system = %s is not a known system; allowed: "
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
    const scenario_entry *e = parser_find_entry(p->s, "law");
    char list[256];
    if (!e)
        return parser_fail_required(p, "law");
    p->law = law_find(e->text);
    if (!p->law) {
        law_list(list, sizeof list);
        return parser_fail(p, e->line, "law = %s is not a known law; allowed: %s",
                    e->text, list);
    }
    p->s->model.law = p->law;
    return COLLIDE_OK;
}

static collide_status read_input(parser *p)
{
    const scenario_entry *e = parser_find_entry(p->s, "input");
    int i;
    if (!e)
        return parser_fail_required(p, "input");
    for (i = 0; i < 4; i++)
        if (strcmp(e->text, input_names[i]) == 0)
            break;
    if (i == 4)
        return parser_fail(p, e->line, "input = %s is not a known input; allowed: "
                    "none, gravity, constant, study2", e->text);
    p->input = (input_name)i;
    if (p->input == IN_STUDY2 && p->s->model.sys != SYS_HF)
        return parser_fail(p, e->line, "input = study2 requires system = Hf "
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

static collide_status read_law_param(parser *p, scenario_entry *e, int i)
{
    char range[128];
    number_status st = number_parse(e->text, &e->value);
    if (st == NUMBER_OK && isfinite(e->value))
        return COLLIDE_OK;
    parser_law_param_range(p->law, i, range, sizeof range);
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
    r = scenario_key_range(k);
    st = number_read(e->text, &r, &e->value);
    if (st == NUMBER_OK)
        return COLLIDE_OK;
    scenario_key_range_text(k, range, sizeof range);
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
    const key_spec *k = scenario_key_find(e->key);
    int i = law_param_index(p->law, e->key);
    const char *why;
    char names[160];
    if (i >= 0)
        return read_law_param(p, e, i);
    if (!k) {
        law_params_text(p->law, names, sizeof names);
        return parser_fail(p, e->line, "unknown key %s: not a scenario key nor a "
                    "parameter of law %s (%s)", e->key, p->law->name, names);
    }
    why = not_applicable(p, e->key);
    if (why)
        return parser_fail(p, e->line, "%s does not apply here: %s", e->key, why);
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

typedef collide_status (*parse_step)(parser *p);

collide_status scenario_parse(const char *text, const char *source,
                              scenario *s, char *err, size_t errlen)
{
    return scenario_parse_as(text, source, 0, s, err, errlen);
}

/* A parser over s, emptied and named source, with nothing read yet. */
static void parser_begin(parser *p, scenario *s, const char *source,
                         int outside, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    snprintf(s->source, sizeof s->source, "%s", source);
    parser_clear_derived(&s->d);
    s->outside_asked = outside;
    p->s = s;
    p->src = s->source;
    p->err = err;
    p->errlen = errlen;
    p->law = NULL;
    p->input = IN_NONE;
    p->outside = outside;
    if (errlen > 0)
        err[0] = '\0';
}

/* Passes 2 to 4 over the entries p->s holds: the names, every entry, the
 * physics and the run. */
static collide_status parser_passes(parser *p)
{
    static const parse_step steps[] = {
        read_system, read_law, read_input, read_entries,
        parser_derive_materials, parser_derive_masses,
        parser_fill_law_params, parser_build_state, parser_build_input,
        parser_check_domain, parser_build_run};
    size_t i;
    collide_status st = COLLIDE_OK;
    for (i = 0; st == COLLIDE_OK && i < sizeof steps / sizeof steps[0]; i++)
        st = steps[i](p);
    if (st == COLLIDE_OK)
        parser_derive_rest(p);
    return st;
}

collide_status scenario_parse_as(const char *text, const char *source,
                                 int outside, scenario *s, char *err,
                                 size_t errlen)
{
    parser p;
    collide_status st;
    parser_begin(&p, s, source, outside, err, errlen);
    st = read_lines(&p, text);
    return st == COLLIDE_OK ? parser_passes(&p) : st;
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
    return scenario_load_as(name_or_path, 0, s, err, errlen);
}

collide_status scenario_load_as(const char *name_or_path, int outside,
                                scenario *s, char *err, size_t errlen)
{
    const char *text = scenario_builtin_text(name_or_path);
    char source[COLLIDE_SCENARIO_SOURCE_MAX];
    char *file;
    collide_status st;
    if (text && !strchr(name_or_path, '/')) {
        snprintf(source, sizeof source, "builtin:%s", name_or_path);
        return scenario_parse_as(text, source, outside, s, err, errlen);
    }
    st = scenario_read_text(name_or_path, COLLIDE_SCENARIO_FILE_MAX,
                            " (not a built-in scenario either; see collide "
                            "list)", &file, err, errlen);
    if (st != COLLIDE_OK)
        return st;
    st = scenario_parse_as(file, name_or_path, outside, s, err, errlen);
    free(file);
    return st;
}

/* ---- run settings from outside the file ---- */

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
    p.outside = 0;
    if (!scenario_is_run_key(key))
        return parser_fail(&p, 0, "%s is not a run setting", key);
    if (strlen(text) >= COLLIDE_SCENARIO_TEXT_MAX)
        return parser_fail(&p, 0, "the value of %s is longer than %d characters",
                    key, COLLIDE_SCENARIO_TEXT_MAX - 1);
    snprintf(tmp.key, sizeof tmp.key, "%s", key);
    snprintf(tmp.text, sizeof tmp.text, "%s", text);
    tmp.line = 0;
    st = read_table_value(&p, &tmp, scenario_key_find(key));
    if (st == COLLIDE_OK && strcmp(key, "t_tol") == 0)
        st = parser_check_t_tol(&p, &tmp, s->model.T);
    if (st != COLLIDE_OK)
        return st;
    e = parser_find_entry(s, key);
    if (!e && !(e = parser_add_entry(s, key, strlen(key), text, strlen(text), 0)))
        return parser_fail(&p, 0, "more than %d entries", SCENARIO_ENTRIES_MAX);
    *e = tmp;
    parser_set_run_value(&s->opt, key, e->value);
    return COLLIDE_OK;
}

/* ---- any entry from outside the text ---- */

/* The line after the last line of the text that gave an entry of s. */
static int line_after_text(const scenario *s)
{
    int i, last = 0;
    for (i = 0; i < s->n; i++)
        if (s->entry[i].line > last)
            last = s->entry[i].line;
    return last + 1;
}

/* The index of key among keys[0 .. n-1], or -1. */
static int key_index(int n, const char *const *keys, const char *key)
{
    int i;
    for (i = 0; i < n; i++)
        if (strcmp(keys[i], key) == 0)
            return i;
    return -1;
}

/* Copies the entries of old that the parser did not fill in into p->s,
 * the n entries keys[i] with texts[i] in place of theirs (line 0 while
 * read, so that a message names no line of the text). line[i]: the line
 * entry i takes afterwards, that of the entry it replaces, or for a key
 * the text did not give, the lines after the text's last in the order
 * of keys. */
static collide_status copy_entries(parser *p, const scenario *old, int n,
                                   const char *const *keys,
                                   const char *const *texts, int *line)
{
    int i, next = line_after_text(old);
    for (i = 0; i < n; i++)
        line[i] = 0;
    for (i = 0; i < old->n; i++) {
        const scenario_entry *e = &old->entry[i];
        int k = key_index(n, keys, e->key);
        const char *t = k >= 0 ? texts[k] : e->text;
        if (e->is_default && k < 0)
            continue;
        if (k >= 0 && !e->is_default)
            line[k] = e->line;
        parser_add_entry(p->s, e->key, strlen(e->key), t, strlen(t),
                         k >= 0 ? 0 : e->line);
    }
    for (i = 0; i < n; i++) {
        if (!parser_find_entry(p->s, keys[i]) &&
            !parser_add_entry(p->s, keys[i], strlen(keys[i]), texts[i],
                              strlen(texts[i]), 0))
            return parser_fail(p, 0, "more than %d entries", SCENARIO_ENTRIES_MAX);
        if (line[i] == 0)
            line[i] = next++;
    }
    return COLLIDE_OK;
}

/* Each of the n keys a name of a scenario key's form, given once, and
 * each text within COLLIDE_SCENARIO_TEXT_MAX (p: the messages). */
static collide_status check_settings(const parser *p, int n,
                                     const char *const *keys,
                                     const char *const *texts)
{
    int i;
    if (n < 1 || n > SCENARIO_ENTRIES_MAX)
        return parser_fail(p, 0, "%d entries set at once: from 1 to %d", n,
                           SCENARIO_ENTRIES_MAX);
    for (i = 0; i < n; i++) {
        if (strlen(keys[i]) >= COLLIDE_SCENARIO_KEY_MAX ||
            !is_key_text(keys[i], keys[i] + strlen(keys[i])))
            return parser_fail(p, 0, "the key \"%.40s\" is not a name of at "
                               "most %d characters (letters, digits, _)",
                               keys[i], COLLIDE_SCENARIO_KEY_MAX - 1);
        if (strlen(texts[i]) >= COLLIDE_SCENARIO_TEXT_MAX)
            return parser_fail(p, 0, "the value of %s is longer than %d "
                               "characters", keys[i], COLLIDE_SCENARIO_TEXT_MAX - 1);
        if (key_index(i, keys, keys[i]) >= 0)
            return parser_fail(p, 0, "%s is set twice", keys[i]);
    }
    return COLLIDE_OK;
}

/* Into t, s read again with the entries of the n keys that are not run
 * settings replaced (or added), through the passes of scenario_parse;
 * s itself when every key is a run setting. */
static collide_status reread_with(scenario *t, const scenario *s, int n,
                                  const char *const *keys,
                                  const char *const *texts, char *err,
                                  size_t errlen)
{
    const char *k[SCENARIO_ENTRIES_MAX], *v[SCENARIO_ENTRIES_MAX];
    int line[SCENARIO_ENTRIES_MAX], i, nk = 0;
    parser p;
    collide_status st;
    for (i = 0; i < n; i++)
        if (!scenario_is_run_key(keys[i])) {
            k[nk] = keys[i];
            v[nk++] = texts[i];
        }
    if (nk == 0) {
        *t = *s;
        return COLLIDE_OK;
    }
    parser_begin(&p, t, s->source, s->outside_asked, err, errlen);
    st = copy_entries(&p, s, nk, k, v, line);
    if (st == COLLIDE_OK)
        st = parser_passes(&p);
    for (i = 0; st == COLLIDE_OK && i < nk; i++)
        parser_find_entry(t, k[i])->line = line[i];
    return st;
}

collide_status scenario_set_entries(scenario *s, int n, const char *const *keys,
                                    const char *const *texts, char *err,
                                    size_t errlen)
{
    scenario *t = malloc(sizeof *t);
    parser p;
    collide_status st;
    int i;
    if (!t) {
        snprintf(err, errlen, "%s: out of memory", s->source);
        return COLLIDE_E_MEMORY;
    }
    p.s = t;
    p.src = s->source;
    p.err = err;
    p.errlen = errlen;
    p.law = s->model.law;
    p.input = IN_NONE;
    p.outside = s->outside_asked;
    st = check_settings(&p, n, keys, texts);
    if (st == COLLIDE_OK)
        st = reread_with(t, s, n, keys, texts, err, errlen);
    for (i = 0; st == COLLIDE_OK && i < n; i++)
        if (scenario_is_run_key(keys[i]))
            st = scenario_set_run_option(t, keys[i], texts[i], NULL, err,
                                         errlen);
    if (st == COLLIDE_OK)
        *s = *t;
    free(t);
    return st;
}

collide_status scenario_set_entry(scenario *s, const char *key,
                                  const char *text, char *err, size_t errlen)
{
    return scenario_set_entries(s, 1, &key, &text, err, errlen);
}
