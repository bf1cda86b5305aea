/* mp_record.c - what a high-precision run records: samples, the
 * observables of a contact, events and the jump map; see mp_run.h. */
#include "mp_record.h"
#include "mp_series.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "contact.h"
#include "grow.h"
#include "impact_data.h"
#include "names.h"
#include "select.h"
#include "textbuf.h"

/* ---- results ---------------------------------------------------------------- */

void mp_collision_init(mp_collision *c, mpfr_prec_t prec)
{
    int k;
    c->i = 0;
    for (k = 0; k < TC_N; k++) {
        mpfr_init2(c->v[k], prec);
        mpfr_set_zero(c->v[k], 1);
    }
}

void mp_collision_clear(mp_collision *c)
{
    int k;
    for (k = 0; k < TC_N; k++)
        mpfr_clear(c->v[k]);
}

void mp_collision_copy(mp_collision *to, const mp_collision *from)
{
    int k;
    to->i = from->i;
    for (k = 0; k < TC_N; k++)
        mpfr_set(to->v[k], from->v[k], MPFR_RNDN);
}

void mp_point_value(run *R, mpfr_t out, int node, mpfr_srcptr t, mpfr_t *y)
{
    if (mp_point_eval(R, t, y) != 0) {
        mpfr_set_nan(out);
        mp_fail(R, COLLIDE_E_NONFINITE, "a storage or force could not be evaluated");
        return;
    }
    mpfr_set(out, R->T->node[node].c[0], MPFR_RNDN);
}

/* F_c in mode q: 0 where it does not act (contact_force_acts), else the
 * tape's node of F_c. */
static void contact_force(run *R, mpfr_t out, int q, mpfr_srcptr t, mpfr_t *y)
{
    if (!contact_force_acts(q))
        mpfr_set_zero(out, 1);
    else
        mp_point_value(R, out, R->M->contact_force, t, y);
}

int mp_add_sample(run *R, mpfr_srcptr t, int j, int q, int boundary,
                  mpfr_t *y)
{
    mp_result *r = R->r;
    mp_sample *s;
    int i;
    if (grow_array((void **)&r->samples, &r->cap_samples, r->nsamples,
                   sizeof *s))
        return -1;
    s = &r->samples[r->nsamples++];
    s->j = j;
    s->q = q;
    s->boundary = boundary;
    mpfr_inits2(R->T->prec, s->t, s->fc, s->V, s->fer, (mpfr_ptr)0);
    for (i = 0; i < R->ny; i++) {
        mpfr_init2(s->y[i], R->T->prec);
        mpfr_set(s->y[i], y[i], MPFR_RNDN);
    }
    mpfr_set(s->t, t, MPFR_RNDN);
    contact_force(R, s->fc, q, t, y);
    mp_point_value(R, s->V, R->M->storage, t, y);
    mp_point_value(R, s->fer, R->M->fer, t, y);
    return 0;
}

/* The time of grid sample k: T k / (n - 1), rounded once (T k is exact
 * at 64 more bits), so that the last is T itself and none exceeds it:
 * two roundings could put the last beyond T, and its sample was lost. */
static void grid_time(run *R, mpfr_t t, int k)
{
    int n = sim_grid_points(&R->o->run, mpfr_sgn(R->M->T) > 0);
    mpfr_t x;
    mpfr_set_zero(t, 1);
    if (n <= 1)
        return;
    mpfr_init2(x, mpfr_get_prec(t) + 64);
    mpfr_mul_ui(x, R->M->T, (unsigned long)k, MPFR_RNDN);
    mpfr_div_ui(t, x, (unsigned long)n - 1, MPFR_RNDN);
    mpfr_clear(x);
}

int mp_sample_step(run *R, mpfr_srcptr t_end)
{
    mpfr_t ts, ys[COLLIDE_NY_MAX];
    int i, st = 0, ng = sim_grid_points(&R->o->run, mpfr_sgn(R->M->T) > 0);
    mpfr_init2(ts, R->T->prec);
    for (i = 0; i < R->ny; i++)
        mpfr_init2(ys[i], R->T->prec);
    while (st == 0 && R->next_sample < ng) {
        grid_time(R, ts, R->next_sample);
        if (mpfr_cmp(ts, t_end) > 0)
            break;
        mp_sigma_at(R, R->s, ts);
        for (i = 0; i < R->ny; i++)
            mp_series_value(ys[i], R->Y[i], R->K, R->s, R->u);
        st = mp_add_sample(R, ts, R->j, R->q, 0, ys);
        R->next_sample++;
    }
    mpfr_clear(ts);
    for (i = 0; i < R->ny; i++)
        mpfr_clear(ys[i]);
    return st;
}

/* ---- observables ----------------------------------------------------------- */

void mp_step_max(run *R, int node, int absolute, mpfr_srcptr s_end,
                 mpfr_t current)
{
    mpfr_t *c = R->T->node[node].c;
    int m, prev = 0, it;
    root z;
    mpfr_inits2(R->T->prec, z.s, z.lo, z.hi, (mpfr_ptr)0);
    mp_series_derivative(R->deriv, c, R->K);
    /* a slope of one sign on the step: no sample shows a change, the
       largest value is at an end (the start was taken at the step
       before): straight to s_end */
    m = mp_keeps_sign(R->deriv, R->K - 1, s_end) ? NSCAN + 1 : 0;
    for (; m <= NSCAN + 1; m++) {
        int cur;
        if (m <= NSCAN) {
            mpfr_mul_ui(R->s, s_end, (unsigned long)m, MPFR_RNDN);
            mpfr_div_ui(R->s, R->s, NSCAN, MPFR_RNDN);
            mp_series_value(R->a, R->deriv, R->K - 1, R->s, R->u);
            cur = mp_sgn_of(R->a);
            if (m == 0 || cur == prev || cur == 0) {
                if (cur != 0)
                    prev = cur;
                continue;
            }
            /* the slope changes sign in the last interval: bisect it */
            mpfr_mul_ui(z.lo, s_end, (unsigned long)m - 1, MPFR_RNDN);
            mpfr_div_ui(z.lo, z.lo, NSCAN, MPFR_RNDN);
            mpfr_set(z.hi, R->s, MPFR_RNDN);
            for (it = 0; it < (int)R->T->prec + 8; it++) {
                mpfr_add(R->b, z.lo, z.hi, MPFR_RNDN);
                mpfr_div_2ui(R->b, R->b, 1, MPFR_RNDN);
                mp_series_value(R->a, R->deriv, R->K - 1, R->b, R->u);
                if (mp_sgn_of(R->a) == prev)
                    mpfr_set(z.lo, R->b, MPFR_RNDN);
                else
                    mpfr_set(z.hi, R->b, MPFR_RNDN);
            }
            prev = cur;
        } else
            mpfr_set(z.lo, s_end, MPFR_RNDN);
        mp_series_value(R->a, c, R->K, z.lo, R->u);
        if (absolute)
            mpfr_abs(R->a, R->a, MPFR_RNDN);
        if (mpfr_cmp(R->a, current) > 0)        /* Eqs. (198)-(199) */
            mpfr_set(current, R->a, MPFR_RNDN);
    }
    mpfr_clears(z.s, z.lo, z.hi, (mpfr_ptr)0);
}

/* ---- a collision's row (contact.h) over MPFR numbers -------------------- */

/* The row a contact's event fills: its numbers v, the event's time t,
 * the states before and after the jump and the jump's increment of
 * Delta_D (NULL: none, 0). */
typedef struct mp_contact {
    run *R;
    mpfr_t *v;
    mpfr_srcptr t;
    mpfr_t *y[2];            /* CONTACT_BEFORE, CONTACT_AFTER */
    mpfr_srcptr d_jump;
} mp_contact;

static mpfr_ptr row_column(void *engine, int col)
{
    return ((mp_contact *)engine)->v[col];
}

static void row_zero(void *engine, int col)
{
    mpfr_set_zero(row_column(engine, col), 1);
}

static void row_undefined(void *engine, int col)
{
    mpfr_set_nan(row_column(engine, col));
}

static void row_time(void *engine, int col)
{
    mpfr_set(row_column(engine, col), ((mp_contact *)engine)->t, MPFR_RNDN);
}

static void row_component(void *engine, int col, contact_side side, int i)
{
    mpfr_set(row_column(engine, col), ((mp_contact *)engine)->y[side][i],
             MPFR_RNDN);
}

static void row_absolute(void *engine, int col)
{
    mpfr_abs(row_column(engine, col), row_column(engine, col), MPFR_RNDN);
}

static void row_storage(void *engine, int col, contact_side side)
{
    mp_contact *m = engine;
    mp_point_value(m->R, row_column(engine, col), m->R->M->storage, m->t,
                   m->y[side]);
}

/* x = max(x, value): x unchanged when value is not a number. */
static void raise_to(mpfr_ptr x, mpfr_srcptr value)
{
    if (mpfr_cmp(value, x) > 0)
        mpfr_set(x, value, MPFR_RNDN);
}

static void row_raise(void *engine, int col, int from)
{
    raise_to(row_column(engine, col), row_column(engine, from));
}

static void row_raise_force(void *engine, int col, contact_side side)
{
    mp_contact *m = engine;
    contact_force(m->R, m->R->c, 1, m->t, m->y[side]);
    raise_to(row_column(engine, col), m->R->c);
}

static void row_dissipation(void *engine, int col)
{
    const mp_contact *m = engine;
    if (m->d_jump)
        mpfr_set(row_column(engine, col), m->d_jump, MPFR_RNDN);
    else
        mpfr_set_zero(row_column(engine, col), 1);
}

/* The column's defining formula, by the functions generated from spec/
 * (mp_spec.h). */
static void row_formula(void *engine, int col)
{
    const mp_contact *m = engine;
    mpfr_t *v = m->v;
    switch (col) {
    case TC_TD: mp_spec_contact_duration_value(v[TC_TD], v[TC_TE], v[TC_TS]); break;
    case TC_TF: mp_spec_flight_duration_value(v[TC_TF], v[TC_TS], m->t); break;
    case TC_E: mp_spec_restitution_value(v[TC_E], v[TC_VI], v[TC_VS]); break;
    case TC_LAMBDA:
        mp_spec_impulse_ratio_value(v[TC_LAMBDA], v[TC_JFE], v[TC_JFC]);
        break;
    case TC_MOM:
        mp_spec_momentum_residual_value(v[TC_MOM], m->R->M->mass, v[TC_VI],
                                        v[TC_VS], v[TC_JFC], v[TC_JFE]);
        break;
    case TC_RES:
        mp_spec_ledger_residual_value(v[TC_RES], v[TC_VEND], v[TC_VSTART],
                                      v[TC_DC], v[TC_DD], v[TC_IS]);
        break;
    default: break;
    }
}

static int row_is_zero(void *engine, int col)
{
    return mpfr_zero_p(row_column(engine, col));
}

static int row_is_undefined(void *engine, int col)
{
    return mpfr_nan_p(row_column(engine, col));
}

static const contact_numbers mp_contact_numbers = {
    row_zero, row_undefined, row_time, row_component, row_absolute, row_storage,
    row_raise, row_raise_force, row_dissipation, row_formula, row_is_zero,
    row_is_undefined
};

/* The view of row v at the jump at t from before to after. */
static mp_contact contact_view(run *R, mpfr_t *v, mpfr_srcptr t,
                               mpfr_t *before, mpfr_t *after,
                               mpfr_srcptr d_jump)
{
    mp_contact m;
    m.R = R;
    m.v = v;
    m.t = t;
    m.y[CONTACT_BEFORE] = before;
    m.y[CONTACT_AFTER] = after;
    m.d_jump = d_jump;
    return m;
}

static void begin_contact(run *R, int tr, mpfr_srcptr t, mpfr_t *before,
                          mpfr_t *after)
{
    mp_result *r = R->r;
    mp_contact m;
    if (r->ncollisions > 0) {
        m = contact_view(R, r->collisions[r->ncollisions - 1].v, t, before,
                         after, NULL);
        contact_flight(&mp_contact_numbers, &m);
    }
    m = contact_view(R, R->cur.v, t, before, after, NULL);
    contact_begin(&mp_contact_numbers, &m, R->L, tr);
    R->cur.i = r->ncollisions;
}

static int end_contact(run *R, mpfr_srcptr t, mpfr_t *before, mpfr_t *after,
                       mpfr_srcptr d_jump)
{
    mp_result *r = R->r;
    mp_contact m = contact_view(R, R->cur.v, t, before, after, d_jump);
    contact_end(&mp_contact_numbers, &m, R->L);
    if (grow_array((void **)&r->collisions, &r->cap_collisions, r->ncollisions,
             sizeof *r->collisions))
        return -1;
    mp_collision_init(&r->collisions[r->ncollisions], R->T->prec);
    mp_collision_copy(&r->collisions[r->ncollisions++], &R->cur);
    return 0;
}

void mp_final_contact(run *R)
{
    mp_result *r = R->r;
    mp_contact m;
    mp_collision_copy(&r->final_partial, &R->cur);
    m = contact_view(R, r->final_partial.v, R->t, R->y, R->y, NULL);
    contact_end(&mp_contact_numbers, &m, R->L);
}

/* ---- events ------------------------------------------------------------------ */

void mp_guard_signs(run *R, mpfr_srcptr t, mpfr_t *y, double *sx,
                    double *sv, double *sphi)
{
    *sx = mp_sgn_of(y[R->L->x]);
    *sv = mp_sgn_of(y[R->L->v]);
    mp_point_value(R, R->c, R->M->phi, t, y);
    *sphi = mp_sgn_of(R->c);
}

/* Whether (y, q) lies in C and D at once at the event of transition tr:
 * event_in_c_and_d (hybrid.c), the one definition of both engines, on the
 * signs of x, v and Phi; it takes the guard of tr, zero at its event, as
 * 0 (the state computed there is zero only to the working precision). */
static int c_and_d(run *R, int q, int tr, mpfr_srcptr t, mpfr_t *y)
{
    double sx, sv, sphi;
    mp_guard_signs(R, t, y, &sx, &sv, &sphi);
    return event_in_c_and_d(q, transition_guard(tr), sx, sv, sphi);
}

/* The jump of transition tr over the run's numbers: each component that
 * the reset sets to 0 (impact_reset_zeroes, impact_data.c, the rule of
 * impact_reset, proved) is set to 0, the others are copied. */
static void reset(run *R, int tr, mpfr_t *after)
{
    int i;
    for (i = 0; i < R->ny; i++) {
        if (impact_reset_zeroes(R->L, tr, i))
            mpfr_set_zero(after[i], 1);
        else
            mpfr_set(after[i], R->y[i], MPFR_RNDN);
    }
}

void mp_track_scale(run *R, mpfr_srcptr t, mpfr_t *y)
{
    mpfr_ptr scale = R->r->ledger.v[TL_SCALE];
    mp_point_value(R, R->a, R->M->storage, t, y);
    if (mpfr_cmp(R->a, scale) > 0)
        mpfr_set(scale, R->a, MPFR_RNDN);
    mpfr_abs(R->a, y[R->L->is], MPFR_RNDN);
    if (mpfr_cmp(R->a, scale) > 0)
        mpfr_set(scale, R->a, MPFR_RNDN);
}

int mp_take_event(run *R, int tr, const root *z, mpfr_srcptr margin,
                  mpfr_srcptr rate_scale)
{
    mp_result *r = R->r;
    mp_event *e;
    int i, to = transition_to(tr);
    if (grow_array((void **)&r->events, &r->cap_events, r->nevents,
                   sizeof *e))
        return -1;
    e = &r->events[r->nevents++];
    mpfr_inits2(R->T->prec, e->t, e->lo, e->hi, e->margin, e->rate_scale,
                (mpfr_ptr)0);
    for (i = 0; i < R->ny; i++)
        mpfr_inits2(R->T->prec, e->before[i], e->after[i], (mpfr_ptr)0);
    e->d.j = R->j;
    e->d.tr = tr;
    mpfr_set(e->margin, margin, MPFR_RNDN);
    mpfr_set(e->rate_scale, rate_scale, MPFR_RNDN);
    {   /* is_grazing: a margin or scale that is not a number shows no
           transversality */
        double m = mpfr_get_d(margin, MPFR_RNDN);
        double th = R->o->run.engine.graze_tol * mpfr_get_d(rate_scale, MPFR_RNDN);
        e->d.grazing = is_grazing(m, th);
    }
    mpfr_set(e->t, R->t, MPFR_RNDN);
    mpfr_set(e->lo, z->lo, MPFR_RNDN);   /* times (step() converted them) */
    mpfr_set(e->hi, z->hi, MPFR_RNDN);
    if (transition_guard(tr) != 2)   /* x or v is zero at its event: */
        mpfr_set_zero(R->y[transition_guard(tr) == 0 ? R->L->x : R->L->v], 1);
    for (i = 0; i < R->ny; i++)     /* what the root left of it is dropped */
        mpfr_set(e->before[i], R->y[i], MPFR_RNDN);
    reset(R, tr, e->after);
    e->d.c_and_d_before = c_and_d(R, R->q, tr, R->t, e->before);
    e->d.c_and_d_after = c_and_d(R, to, tr, R->t, e->after);
    /* the ledger at the jump by the definitions impact_jump_ledger
       (impact_data.c) is proved against, generated: d_D of the storage
       before and after, taken as V_c(before) - V_c(after) (the kinetic
       parts, which the reset does not change, cancel exactly instead of
       in rounding), added to Delta_D */
    mp_point_value(R, R->a, R->M->contact_storage, R->t, e->before);
    mp_point_value(R, R->b, R->M->contact_storage, R->t, e->after);
    mp_spec_jump_dissipation_value(R->d, R->a, R->b);
    mp_spec_delta_d_step(R->delta_d, R->delta_d, R->d);
    mp_track_scale(R, R->t, e->before);
    mp_track_scale(R, R->t, e->after);
    if (mp_add_sample(R, R->t, R->j, R->q, 1, e->before) ||
        mp_add_sample(R, R->t, R->j + 1, to, 1, e->after))
        return -1;
    if (to == 1)
        begin_contact(R, tr, R->t, e->before, e->after);
    else if (end_contact(R, R->t, e->before, e->after, R->d))
        return -1;
    for (i = 0; i < R->ny; i++)
        mpfr_set(R->y[i], e->after[i], MPFR_RNDN);
    R->q = to;
    R->j++;
    R->interval_start = 1;
    if (zeno_push(&R->zeno, mpfr_get_d(R->t, MPFR_RNDN),
                  R->o->run.engine.zeno_events, R->o->run.engine.zeno_window)) {
        mp_fail(R, COLLIDE_E_ZENO, "too many events within the Zeno window");
        return -1;
    }
    return 0;
}
