/* mp_record.c - what a high-precision run records: samples, the
 * observables of a contact, events and the jump map; see mp_run.h. */
#include "mp_record.h"
#include "mp_series.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* F_c = -h_c = -q_c Phi (Eqs. 59, 64). */
static void contact_force(run *R, mpfr_t out, int q, mpfr_srcptr t, mpfr_t *y)
{
    if (q == 0)
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

void mp_contact_observables(run *R, mp_collision *c, mpfr_srcptr t,
                            mpfr_t *y)
{
    const layout *L = R->L;
    mpfr_t *v = c->v;
    mpfr_set(v[TC_TS], t, MPFR_RNDN);                             /* (193) */
    mp_spec_contact_duration_value(v[TC_TD], v[TC_TE], v[TC_TS]);
    mpfr_set_nan(v[TC_TF]);                  /* t_f: at the next collision */
    mpfr_set(v[TC_VS], y[L->v], MPFR_RNDN);
    mp_spec_restitution_value(v[TC_E], v[TC_VI], v[TC_VS]);
    if (mpfr_zero_p(v[TC_VI]))   /* undefined for a contact from rest */
        mpfr_set_nan(v[TC_E]);
    mpfr_abs(v[TC_XCR], y[L->xc], MPFR_RNDN);                     /* (200) */
    if (mpfr_cmp(v[TC_XCR], v[TC_XCMAX]) > 0)                      /* (198) */
        mpfr_set(v[TC_XCMAX], v[TC_XCR], MPFR_RNDN);
    contact_force(R, R->c, 1, t, y);
    if (mpfr_cmp(R->c, v[TC_FCMAX]) > 0)                           /* (199) */
        mpfr_set(v[TC_FCMAX], R->c, MPFR_RNDN);
    mpfr_set(v[TC_W], y[L->w], MPFR_RNDN);                        /* (201) */
    mpfr_set(v[TC_JFC], y[L->jfc], MPFR_RNDN);                    /* (202) */
    mpfr_set(v[TC_JFE], y[L->jfe], MPFR_RNDN);
    mp_spec_impulse_ratio_value(v[TC_LAMBDA], v[TC_JFE], v[TC_JFC]);
    mp_spec_momentum_residual_value(v[TC_MOM], R->M->mass, v[TC_VI],
                                    v[TC_VS], v[TC_JFC], v[TC_JFE]);
    mpfr_set(v[TC_IS], y[L->is_c], MPFR_RNDN);
    mpfr_set(v[TC_DC], y[L->dc_c], MPFR_RNDN);
}

static void begin_contact(run *R, mpfr_srcptr t, mpfr_t *after)
{
    mp_result *r = R->r;
    int k;
    if (r->ncollisions > 0) {
        mp_collision *p = &r->collisions[r->ncollisions - 1];
        if (mpfr_nan_p(p->v[TC_TF]))
            mp_spec_flight_duration_value(p->v[TC_TF], p->v[TC_TS], t);
    }
    for (k = 0; k < TC_N; k++)
        mpfr_set_zero(R->cur.v[k], 1);     /* maxima start at 0: Eq. (60) */
    R->cur.i = r->ncollisions;
    mpfr_set(R->cur.v[TC_TE], t, MPFR_RNDN);                      /* (193) */
    mpfr_set(R->cur.v[TC_VI], after[R->L->v], MPFR_RNDN);         /* (196) */
    mp_point_value(R, R->cur.v[TC_VSTART], R->M->storage, t, after);
}

static int end_contact(run *R, mpfr_srcptr t, mpfr_t *before, mpfr_t *after,
                       mpfr_srcptr d_jump)
{
    mp_result *r = R->r;
    mp_collision *c = &R->cur;
    mp_contact_observables(R, c, t, before);
    mp_point_value(R, c->v[TC_VEND], R->M->storage, t, after);
    mpfr_set(c->v[TC_DD], d_jump, MPFR_RNDN);
    mp_spec_ledger_residual_value(c->v[TC_RES], c->v[TC_VEND],
                                  c->v[TC_VSTART], c->v[TC_DC], c->v[TC_DD],
                                  c->v[TC_IS]);
    if (grow_array((void **)&r->collisions, &r->cap_collisions, r->ncollisions,
             sizeof *r->collisions))
        return -1;
    mp_collision_init(&r->collisions[r->ncollisions], R->T->prec);
    mp_collision_copy(&r->collisions[r->ncollisions++], c);
    return 0;
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
    {   /* a margin or scale that is not a number (the rate of a power of
           x_c at zero) shows no transversality: grazing */
        double m = mpfr_get_d(margin, MPFR_RNDN);
        double th = R->o->run.engine.graze_tol * mpfr_get_d(rate_scale, MPFR_RNDN);
        e->d.grazing = isfinite(m) && isfinite(th) ? is_grazing(m, th) : 1;
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
    /* Delta_D increment V(before) - V(after), Eq. (23), as
       V_c(before) - V_c(after): the kinetic parts, which the reset does
       not change, cancel exactly instead of in rounding */
    mp_point_value(R, R->a, R->M->contact_storage, R->t, e->before);
    mp_point_value(R, R->b, R->M->contact_storage, R->t, e->after);
    mpfr_sub(R->d, R->a, R->b, MPFR_RNDN);
    mpfr_add(R->delta_d, R->delta_d, R->d, MPFR_RNDN);
    mp_track_scale(R, R->t, e->before);
    mp_track_scale(R, R->t, e->after);
    if (mp_add_sample(R, R->t, R->j, R->q, 1, e->before) ||
        mp_add_sample(R, R->t, R->j + 1, to, 1, e->after))
        return -1;
    if (to == 1)
        begin_contact(R, R->t, e->after);
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
