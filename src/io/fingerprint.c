/* fingerprint.c - FNV-1a 64 and the canonical text of a scenario; see
 * fingerprint.h. */
#include "fingerprint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textbuf.h"

/* The prime of FNV 64. */
#define FNV1A64_PRIME UINT64_C(0x100000001b3)

uint64_t fnv1a64(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= p[i];
        h *= FNV1A64_PRIME;
    }
    return h;
}

uint64_t fnv1a64_text(uint64_t h, const char *text)
{
    return fnv1a64(h, text, strlen(text));
}

/* qsort's order of two entries: by key (keys of a scenario are unique). */
static int by_key(const void *a, const void *b)
{
    const scenario_entry *const *x = a, *const *y = b;
    return strcmp((*x)->key, (*y)->key);
}

/* Appends the run settings of s as used by a run, one per line; a run
 * allowed outside the proof domain (by its text or by the command line's
 * --outside-proved-domain) says so on one line more. */
static size_t canonical_run(const scenario *s, char *buf, size_t len,
                            size_t n)
{
    const sim_options *o = &s->opt;
    if (o->outside_proved_domain)
        n = text_append(buf, len, n, "# run outside_proved_domain = 1\n");
    return text_append(buf, len, n,
        "# run T = %.17g\n# run rtol = %.17g\n# run atol = %.17g\n"
        "# run h_max = %.17g\n# run t_tol = %.17g\n# run graze_tol = %.17g\n"
        "# run zeno_events = %d\n# run zeno_window = %.17g\n"
        "# run samples = %d\n# run max_steps = %ld\n", s->model.T, o->engine.rtol,
        o->engine.atol, o->engine.h_max, o->engine.t_tol, o->engine.graze_tol, o->engine.zeno_events,
        o->engine.zeno_window, o->n_samples, o->engine.max_steps);
}

size_t scenario_canonical(const scenario *s, char *buf, size_t len)
{
    const scenario_entry *e[SCENARIO_ENTRIES_MAX];
    size_t n;
    int i;
    if (len == 0)
        return 0;
    for (i = 0; i < s->n; i++)
        e[i] = &s->entry[i];
    qsort(e, (size_t)s->n, sizeof e[0], by_key);
    n = text_append(buf, len, 0, "# law %s\n", s->model.law->name);
    for (i = 0; i < s->n; i++)
        n = text_append(buf, len, n, "%s = %s%s\n", e[i]->key, e[i]->text,
                        e[i]->line > 0 ? "" : " # default");
    n = canonical_run(s, buf, len, n);
    return n + 1 < len ? n : 0;
}
