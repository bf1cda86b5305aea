/* sim_fixture.h - loading a scenario (built-in or text) and running it,
 * for the test programs. */
#ifndef COLLIDE_SIM_FIXTURE_H
#define COLLIDE_SIM_FIXTURE_H

#include "scenario.h"
#include "impact.h"

/* Loads the built-in `name`, applies the run options given as "key=value"
 * strings (NULL-terminated list, may be NULL), runs it into *r; exits the
 * program with a message when the scenario does not load. */
collide_status fixture_run(const char *name, const char *const *options,
                           scenario *s, sim_result *r);

/* The same for a scenario given as text. */
collide_status fixture_run_text(const char *text, scenario *s, sim_result *r);

/* The sample of r nearest to time t in flow interval j (or NULL). */
const sample_rec *fixture_sample(const sim_result *r, double t);

#endif
