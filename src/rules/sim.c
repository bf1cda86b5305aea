/* sim.c - the options and the result of a run; see
 * sim.h. */
#include "sim.h"

#include <math.h>
#include <stdlib.h>

sim_options sim_options_default(void)
{
    sim_options o;
    o.engine.rtol = 1e-11;         /* Section VI-A */
    o.engine.atol = 1e-14;         /* Section VI-A */
    o.engine.h_max = HUGE_VAL;
    o.engine.t_tol = 0.0;          /* locate events to adjacent doubles */
    o.engine.graze_tol = 1e-6;
    o.engine.zeno_events = 64;
    o.engine.zeno_window = 1e-6;
    o.engine.max_steps = 10000000;
    o.engine.samples_per_step = 8; /* dense-output screening per step */
    o.engine.root_max_iter = 0;    /* the engine's default */
    o.n_samples = 0;
    o.sample_at = NULL;
    o.n_sample_at = 0;
    o.outside_proved_domain = 0;   /* a state outside stops the run */
    o.cancel = NULL;               /* runs to its end */
    o.cancel_ctx = NULL;
    return o;
}

int sim_grid_points(const sim_options *o, int t_positive)
{
    return sim_grid_count(o->n_samples, t_positive);
}

int sim_cancelled(const sim_options *o)
{
    return o->cancel && o->cancel(o->cancel_ctx);
}

void sim_result_free(sim_result *r)
{
    free(r->events);
    free(r->collisions);
    free(r->samples);
    r->events = NULL;
    r->collisions = NULL;
    r->samples = NULL;
    r->nevents = r->ncollisions = r->nsamples = 0;
    r->cap_events = r->cap_collisions = r->cap_samples = 0;
}
