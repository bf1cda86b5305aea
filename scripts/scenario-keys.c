/* scenario-keys.c - the reference of the scenario file's keys, from the
 * reader's own tables (src/io/scenario_keys.c: the key table with each key's
 * unit, range and when it applies; the laws of src/system/registry.c with
 * their parameters' ranges) and the defaults the reader fills in, for
 * the man page collide-scenario(5) and the key table of doc/scenario.md
 * (scripts/man-scenario.sh formats both; `make man` writes them and
 * `make man-check` fails when they are not current).
 *
 * Output: one line per key, fields separated by tabs:
 *   GROUP KEY UNIT RANGE DEFAULT WHEN WHAT
 * GROUP is "key" for a key of the table and "law:NAME" for a parameter of
 * law NAME; a law itself is a line "law NAME - - - EQUATIONS TITLE". An
 * empty field is "-". Exits 1 when a key lacks a unit, so that a key or
 * a law parameter added without one fails the build of the man pages. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide.h"
#include "number.h"
#include "registry.h"
#include "scenario.h"

/* Two scenarios whose defaults cover every key that has one: without
 * materials under gravity (g), and with materials (p, Eq. 190). */
static const char plain_text[] =
    "system = Hr\nlaw = clamped\nk = 1\nm = 1\nx0 = 0.01\nv0 = 0\n"
    "input = gravity\nT = 1\n";
static const char material_text[] =
    "system = Hr\nlaw = bwshccl\nalpha = 0.5\nA = 1\nbeta = 1\ngamma = 0\n"
    "n = 1\nc = 0\nE1 = 1e9\nnu1 = 0.3\nR1 = 0.01\nE2 = 1e9\nnu2 = 0.3\n"
    "R2 = inf\nm = 1\nx0 = 0\nv0 = 0\ninput = none\nT = 1\n";

/* The text of the entry key that s filled in as a default (line 0), or
 * NULL. */
static const char *filled_default(const collide_scenario *s, const char *key)
{
    const char *k, *text;
    int i, line;
    for (i = 0; collide_scenario_entry(s, i, &k, &text, &line); i++)
        if (line == 0 && strcmp(k, key) == 0)
            return text;
    return NULL;
}

/* The default of key: a value the reader fills in (from either scenario),
 * a run setting's default, or "-". */
static void default_of(const collide_scenario *plain,
                       const collide_scenario *material, const char *key,
                       char *buf, size_t len)
{
    const char *t = filled_default(plain, key);
    double v;
    if (!t)
        t = filled_default(material, key);
    if (t) {
        snprintf(buf, len, "%s", t);
        return;
    }
    v = collide_scenario_setting(plain, key);
    if (strcmp(key, "T") != 0 && !isnan(v)) {
        number_shortest_text(v, v == floor(v) && fabs(v) < 1e15, buf, len);
        return;
    }
    if (strcmp(key, "outside_proved_domain") == 0) {
        snprintf(buf, len, "%d", sim_options_default().outside_proved_domain);
        return;
    }
    snprintf(buf, len, "-");
}

static const char *or_dash(const char *s)
{
    return s && s[0] ? s : "-";
}

/* One line of the output; 0 when the key has no unit. */
static int print_key(const char *group, const scenario_key_doc *d,
                     const char *dflt)
{
    if (!d->unit) {
        fprintf(stderr, "scenario-keys: %s %s has no unit\n", group, d->key);
        return 0;
    }
    printf("%s\t%s\t%s\t%s\t%s\t%s\t%s\n", group, d->key, or_dash(d->unit),
           or_dash(d->range), or_dash(dflt), or_dash(d->when),
           or_dash(d->what));
    return 1;
}

/* "the contact law: NAME, NAME, ..." from the registry. */
static const char *law_names(void)
{
    static char buf[256];
    int i;
    size_t n = (size_t)snprintf(buf, sizeof buf, "the contact law:");
    for (i = 0; law_registry[i].law && n < sizeof buf; i++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s %s", i ? "," : "",
                              law_registry[i].law->name);
    return buf;
}

static collide_scenario *parse(const char *text)
{
    char err[512];
    collide_scenario *s = NULL;
    if (collide_scenario_parse(text, "scenario-keys", &s, err, sizeof err)
        != COLLIDE_OK) {
        fprintf(stderr, "scenario-keys: %s\n", err);
        exit(1);
    }
    return s;
}

int main(void)
{
    collide_scenario *plain = parse(plain_text);
    collide_scenario *material = parse(material_text);
    scenario_key_doc d;
    char dflt[64], group[64];
    int i, j, ok = 1;
    for (i = 0; scenario_key_doc_at(i, &d); i++) {
        if (strcmp(d.key, "law") == 0)
            d.what = law_names();
        default_of(plain, material, d.key, dflt, sizeof dflt);
        ok &= print_key("key", &d, dflt);
    }
    for (i = 0; law_registry[i].law; i++) {
        const law *l = law_registry[i].law;
        printf("law\t%s\t-\t-\t-\t%s\t%s\n", l->name, l->equations, l->title);
        snprintf(group, sizeof group, "law:%s", l->name);
        for (j = 0; j < l->npar; j++) {
            if (!scenario_law_param_doc(l, j, &d)) {
                fprintf(stderr, "scenario-keys: parameter %s of law %s has "
                        "no unit\n", l->par_names[j], l->name);
                ok = 0;
                continue;
            }
            default_of(plain, material, d.key, dflt, sizeof dflt);
            ok &= print_key(group, &d, dflt);
        }
    }
    collide_scenario_free(plain);
    collide_scenario_free(material);
    return ok ? 0 : 1;
}
