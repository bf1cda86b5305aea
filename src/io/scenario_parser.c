/* scenario_parser.c - the state of one parse of a scenario: messages and
 * entries; see scenario_parser.h. */
#include "scenario_parser.h"
#include "scenario_keys.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- messages ---- */

collide_status parser_fail(const parser *p, int line, const char *fmt, ...)
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

collide_status parser_fail_required(const parser *p, const char *key)
{
    const key_spec *k = scenario_key_find(key);
    char range[96] = "";
    if (k && k->kind != K_WORD) {
        scenario_key_range_text(k, range, sizeof range);
        return parser_fail(p, 0, "%s is required: %s, %s", key, k->what, range);
    }
    return parser_fail(p, 0, "%s is required: %s", key, k ? k->what : "");
}

/* ---- entries ---- */

scenario_entry *parser_find_entry(scenario *s, const char *key)
{
    int i;
    for (i = 0; i < s->n; i++)
        if (strcmp(s->entry[i].key, key) == 0)
            return &s->entry[i];
    return NULL;
}

const scenario_entry *parser_entry(const scenario *s, const char *key)
{
    int i;
    for (i = 0; i < s->n; i++)
        if (strcmp(s->entry[i].key, key) == 0)
            return &s->entry[i];
    return NULL;
}

int parser_has(const parser *p, const char *key)
{
    return parser_find_entry(p->s, key) != NULL;
}

double parser_value_of(const parser *p, const char *key)
{
    return parser_find_entry(p->s, key)->value;
}

int parser_line_of(const parser *p, const char *key)
{
    const scenario_entry *e = parser_find_entry(p->s, key);
    return e ? e->line : 0;
}

scenario_entry *parser_add_entry(scenario *s, const char *key, size_t klen,
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
    e->is_default = 0;
    return e;
}

void parser_add_default(parser *p, const char *key, const char *text)
{
    scenario_entry *e = parser_add_entry(p->s, key, strlen(key), text, strlen(text), 0);
    if (e) {
        e->value = strtod(text, NULL);
        e->is_default = 1;
    }
}

/* ---- law parameters ---- */

void parser_law_param_range(const law *l, int i, char *buf, size_t len)
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
