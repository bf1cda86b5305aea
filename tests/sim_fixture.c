/* sim_fixture.c - see sim_fixture.h. */
#include "sim_fixture.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void apply_options(scenario *s, const char *const *options)
{
    char err[512], key[64];
    int i;
    for (i = 0; options && options[i]; i++) {
        const char *eq = strchr(options[i], '=');
        size_t n = eq ? (size_t)(eq - options[i]) : 0;
        if (!eq || n >= sizeof key) {
            fprintf(stderr, "fixture: bad option %s\n", options[i]);
            exit(2);
        }
        memcpy(key, options[i], n);
        key[n] = '\0';
        if (scenario_set_run_option(s, key, eq + 1, "test", err, sizeof err)) {
            fprintf(stderr, "fixture: %s\n", err);
            exit(2);
        }
    }
}

collide_status fixture_run(const char *name, const char *const *options,
                           scenario *s, sim_result *r)
{
    char err[512];
    if (scenario_load(name, s, err, sizeof err) != COLLIDE_OK) {
        fprintf(stderr, "fixture: %s\n", err);
        exit(2);
    }
    apply_options(s, options);
    memset(r, 0, sizeof *r);
    return sim_run(&s->model, &s->opt, r);
}

collide_status fixture_run_text(const char *text, scenario *s, sim_result *r)
{
    char err[512];
    if (scenario_parse(text, "test", s, err, sizeof err) != COLLIDE_OK) {
        fprintf(stderr, "fixture: %s\n", err);
        exit(2);
    }
    memset(r, 0, sizeof *r);
    return sim_run(&s->model, &s->opt, r);
}

const sample_rec *fixture_sample(const sim_result *r, double t)
{
    const sample_rec *best = NULL;
    int i;
    for (i = 0; i < r->nsamples; i++)
        if (!r->samples[i].boundary &&
            (!best || fabs(r->samples[i].t - t) < fabs(best->t - t)))
            best = &r->samples[i];
    return best;
}
