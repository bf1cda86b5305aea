/* sim.c - the options, the ledger check and the result of a run; see
 * sim.h. */
#include "sim.h"

#include <float.h>
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

const double *collision_column_of(const collision_rec *c, int col)
{
    switch (col) {
    case TC_TE: return &c->t_e;
    case TC_TS: return &c->t_s;
    case TC_TD: return &c->t_d;
    case TC_TF: return &c->t_f;
    case TC_VI: return &c->v_i;
    case TC_VS: return &c->v_s;
    case TC_E: return &c->e;
    case TC_XCMAX: return &c->xc_max;
    case TC_FCMAX: return &c->Fc_max;
    case TC_XCR: return &c->xc_r;
    case TC_W: return &c->W;
    case TC_JFC: return &c->J_Fc;
    case TC_JFE: return &c->J_Fe;
    case TC_LAMBDA: return &c->Lambda;
    case TC_MOM: return &c->momentum_residual;
    case TC_VSTART: return &c->V_start;
    case TC_VEND: return &c->V_end;
    case TC_IS: return &c->Is;
    case TC_DC: return &c->DeltaC;
    case TC_DD: return &c->DeltaD;
    case TC_RES: return &c->residual;
    default: return NULL;
    }
}

double *collision_column(collision_rec *c, int col)
{
    return (double *)collision_column_of(c, col);   /* c is not const */
}

int sim_grid_points(const sim_options *o, int t_positive)
{
    if (o->n_samples >= 2)
        return o->n_samples;
    return t_positive ? 2 : 1;
}

double sim_ledger_bound(int ny, double step_error_sum, double magnitude)
{
    return sqrt((double)ny) * step_error_sum + 8.0 * DBL_EPSILON * magnitude;
}

double sim_ledger_cap(double bound, double scale)
{
    double cap = SIM_LEDGER_CAP * scale;
    return bound > cap ? cap : bound;   /* a NaN bound stays NaN */
}

int sim_cancelled(const sim_options *o)
{
    return o->cancel && o->cancel(o->cancel_ctx);
}

collide_status sim_ledger_verdict(double residual, double bound,
                                  double delta_c)
{
    if (!isfinite(residual) || !isfinite(bound) || !(fabs(residual) <= bound))
        return COLLIDE_E_LEDGER;
    return delta_c >= 0.0 ? COLLIDE_OK : COLLIDE_E_LEDGER;
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
