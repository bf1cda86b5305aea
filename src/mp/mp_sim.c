/* mp_sim.c - the high-precision run: the step and the run, over the
 * series (mp_series.h) and the records (mp_record.h) of the run's state
 * (mp_run.h); see mp_sim.h and spec/high_precision.md. */
#include "mp_record.h"
#include "mp_series.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "domain.h"
#include "grow.h"
#include "initial.h"
#include "impact_data.h"
#include "names.h"
#include "select.h"
#include "textbuf.h"

#define ORDER_MAX 600
#define PACE_WINDOW 1000  /* steps over which the pace is measured */

double mp_default_digits(mpfr_prec_t prec)
{
    return (double)prec * log10(2.0) - 8;
}

void mp_digits_settings(mpfr_prec_t prec, double digits, double *tol,
                        int *out)
{
    double room = mp_default_digits(prec);
    if (isnan(digits)) {
        *tol = room;
        *out = (int)floor(room) - 6;
    } else {
        *tol = digits + 8 < room ? digits + 8 : room;
        *out = (int)ceil(digits);
    }
    if (*out < 3)
        *out = 3;
}

mp_options mp_options_default(const sim_options *o, mpfr_prec_t prec)
{
    mp_options m;
    m.digits = mp_default_digits(prec);
    m.run = *o;
    m.progress = 0;
    return m;
}

/* ---- the step ------------------------------------------------------------------ */

/* A candidate end of the step: a guard crossing or a switching zero. */
typedef struct cut {
    int kind;        /* 0: end of step, 1: event, 2: switching zero,
                        3: event at a switching zero */
    int id;          /* transition (1, 3), or switching node (2) */
    int sw;          /* 3: the switching node */
    root z;
    mpfr_t margin, rate_scale;
} cut;

/* The node of the guard of transition tr: x, v or Phi. */
static int guard_node(run *R, int tr)
{
    int g = transition_guard(tr);
    return g == 0 ? R->M->x : g == 2 ? R->M->phi : R->M->v;
}

/* |d g/dt| of the guard of each transition of mode q at the start of the
 * step: at the start of a flow interval, for the rate scale of its event.
 * At the start of a piece in sqrt(t - t*), g = g_0 + g_2 s^2 + ... and
 * dg/dt = g_2. */
static void record_start_rates(run *R)
{
    int tr;
    for (tr = 0; tr < TR_COUNT; tr++) {
        mpfr_t *c = R->T->node[guard_node(R, tr)].c;
        if (transition_from(tr) != R->q)
            continue;
        if (R->sqrt_clock && mpfr_zero_p(R->tau_a))
            mpfr_abs(R->rate0[tr], c[2], MPFR_RNDN);
        else {
            mp_clock_rate(R, R->a, R->tau_a);     /* at s = 0 */
            mpfr_set_zero(R->b, 1);
            mp_clock_rate(R, R->a, R->b);
            mpfr_div(R->rate0[tr], c[1], R->a, MPFR_RNDN);
            mpfr_abs(R->rate0[tr], R->rate0[tr], MPFR_RNDN);
        }
    }
    R->interval_start = 0;
}

/* sigma d g/dt at s (the transversality margin of the event semantics), and
 * the rate scale: the larger |d g/dt| at the start of the flow interval
 * and at s. */
static void guard_rates(run *R, int tr, mpfr_srcptr s, mpfr_t margin,
                        mpfr_t scale)
{
    mpfr_t *c = R->T->node[guard_node(R, tr)].c;
    mp_series_slope(R->a, c, R->K, s, R->u);
    mp_clock_rate(R, R->c, s);
    mpfr_div(R->a, R->a, R->c, MPFR_RNDN);     /* dg/dt = dg/ds / (dt/ds) */
    mpfr_mul_si(margin, R->a, transition_sigma(tr), MPFR_RNDN);
    mpfr_abs(scale, R->a, MPFR_RNDN);
    if (!mpfr_number_p(scale) || mpfr_cmp(R->rate0[tr], scale) > 0)
        mpfr_set(scale, R->rate0[tr], MPFR_RNDN);
}

/* d g/dt of node g at the current state from the side of the piece that
 * ends there (the signs of the piece): coefficient 1 in t of its series,
 * a power of a zero operand counting as analytic (nu p an integer). For
 * an event at a switching zero, where the series of the step converge
 * slowly. -1 when the coefficient is undefined. */
static int left_rate(run *R, int g, mpfr_t rate)
{
    mp_tape *T = R->T;
    const unsigned char *mask = R->mask[R->q];
    int i, k, clock = R->sqrt_clock;
    mp_apply_signs(R);
    R->sqrt_clock = 0;
    mpfr_set(R->t0, R->t, MPFR_RNDN);
    for (k = 0; k <= 1; k++) {
        for (i = 0; i < R->ny; i++)
            if (k == 0)
                mpfr_set(R->Y[i][0], R->y[i], MPFR_RNDN);
            else
                mpfr_set(R->Y[i][1], T->node[R->M->flow[R->q][i]].c[0], MPFR_RNDN);
        mp_set_inputs(R, k);
        for (i = 0; i < T->n; i++) {
            mp_node *x = &T->node[i];
            if (!mask[i])
                continue;
            if (k == 0)
                mp_set_valuation(T, x, mp_analytic_nu(x));
            if (mp_tape_eval_node(T, i, k) != 0) {
                R->sqrt_clock = clock;
                return -1;
            }
        }
    }
    R->sqrt_clock = clock;
    mpfr_set(rate, T->node[g].c[1], MPFR_RNDN);
    return 0;
}

/* Whether transition tr is enabled at s of the step (signs of x, v, Phi
 * from their series; impact.c transition_enabled). */
static int enabled_at(run *R, int tr, mpfr_srcptr s)
{
    mp_tape *T = R->T;
    mp_series_value(R->a, T->node[R->M->x].c, R->K, s, R->u);
    mp_series_value(R->b, T->node[R->M->v].c, R->K, s, R->u);
    mp_series_value(R->c, T->node[R->M->phi].c, R->K, s, R->u);
    if (R->q == 0)
        mpfr_set_zero(R->c, 1);   /* Phi is not a guard of mode 0 */
    return transition_enabled(tr, mp_sgn_of(R->a), mp_sgn_of(R->b), mp_sgn_of(R->c));
}

/* The earliest guard crossing of mode q within [0, h], by the priority
 * rule of select.c among simultaneous ones. */
static void find_event(run *R, mpfr_srcptr h, cut *best)
{
    root z[TR_COUNT];
    double tau[TR_COUNT];
    int elig[TR_COUNT], cand[TR_COUNT], n = 0, tr, i, k, g;
    for (tr = 0; tr < TR_COUNT; tr++) {
        if (transition_from(tr) != R->q)
            continue;
        g = guard_node(R, tr);
        mpfr_inits2(R->T->prec, z[n].s, z[n].lo, z[n].hi, (mpfr_ptr)0);
        mp_scan(R, R->T->node[g].c, transition_sigma(tr), 1,
             R->fractional[g] ? -HUGE_VAL : R->nodemax[g], h, &z[n]);
        elig[n] = z[n].found && enabled_at(R, tr, z[n].s);
        cand[n++] = tr;
    }
    for (i = 0; i < n; i++) {      /* rank of each root among the others */
        tau[i] = 0;
        for (k = 0; k < n; k++)
            if (elig[k] && elig[i] && mpfr_cmp(z[k].s, z[i].s) < 0)
                tau[i]++;
    }
    i = event_select(n, tau, elig);
    if (i >= 0 && mpfr_cmp(z[i].s, best->z.s) <= 0) {
        best->kind = 1;
        best->id = cand[i];
        mpfr_set(best->z.s, z[i].s, MPFR_RNDN);
        mpfr_set(best->z.lo, z[i].lo, MPFR_RNDN);
        mpfr_set(best->z.hi, z[i].hi, MPFR_RNDN);
        guard_rates(R, cand[i], z[i].s, best->margin, best->rate_scale);
    }
    for (i = 0; i < n; i++)
        mpfr_clears(z[i].s, z[i].lo, z[i].hi, (mpfr_ptr)0);
}

/* The earliest zero of a switching node within [0, h]: its node, or -1;
 * the zero and its bracket in z. */
static int find_switch(run *R, mpfr_srcptr h, root *z)
{
    mp_tape *T = R->T;
    root y;
    int i, id = -1;
    mpfr_inits2(T->prec, y.s, y.lo, y.hi, (mpfr_ptr)0);
    for (i = 0; i < T->n; i++) {
        if (!R->sw[R->q][i])
            continue;
        mp_scan(R, T->node[i].c, R->sign[i], 0,
             R->fractional[i] ? -HUGE_VAL : R->nodemax[i], id < 0 ? h : z->s,
             &y);
        if (y.found && (id < 0 || mpfr_cmp(y.s, z->s) < 0)) {
            id = i;
            mpfr_set(z->s, y.s, MPFR_RNDN);
            mpfr_set(z->lo, y.lo, MPFR_RNDN);
            mpfr_set(z->hi, y.hi, MPFR_RNDN);
        }
    }
    mpfr_clears(y.s, y.lo, y.hi, (mpfr_ptr)0);
    return id;
}

/* Whether the guard of transition tr is zero at s within the tolerance
 * (times its scale: the largest |Phi|, or |x|, |v|, so far) plus the
 * truncation error of its series there. Near a zero of the operand of a
 * power |u|^p the terms of the series decay like k^-(p+1), so its tail is
 * about K/p times its last terms |g_(K-1)| s^(K-1) + |g_K| s^K: K times
 * them is taken (p >= 1). */
static int guard_negligible(run *R, int tr, mpfr_srcptr s)
{
    mpfr_t *c = R->T->node[guard_node(R, tr)].c;
    int g = transition_guard(tr);
    double scale = g == 2 ? R->phimax
                          : R->runmax[g == 0 ? R->L->x : R->L->v];
    double ls = mp_log2abs(s), bound = R->log2tol + scale;
    int k;
    for (k = R->K - 1; k <= R->K; k++) {   /* log2 of a sum of 3: max + 2 */
        double t = log2((double)R->K) + mp_log2abs(c[k]) + k * ls;
        if (t > bound)
            bound = t;
    }
    mp_series_value(R->a, c, R->K, s, R->u);
    return mp_log2abs(R->a) <= bound + 2;
}

/* The end of the step: the earliest of h, an event and a switching zero;
 * an event wins a tie. A switching zero near an event (before it, or
 * after it within the bound the state's own series allow, hs >= h) where
 * the event's guard is zero within the tolerance and its truncation error
 * is where the event is taken: the guard is then a function of that switching function that
 * vanishes with it (Phi = k x_c |x_c|^(p-1) at the separation of an
 * elastic contact, Phi = k min(x_c, 0)); near the zero its series
 * converges slowly, while the switching function's locates the crossing
 * to the working precision. The event must be enabled there too: at a
 * tangency (an elastic contact whose x_c rises back to 0 with v = 0) the
 * switching zero may lie where v < 0 already; the step then ends at the
 * switching zero without an event (the crossing that the guard's own
 * series show is an artefact of their slow convergence there). A
 * crossing of a switching function that Phi is computed from, where Phi
 * is zero within the tolerance and the separation enabled, is the
 * separation too when the scans found no event: with an even integer
 * power (SHCCL p = 2, Phi = -k x_c^2 on the piece) Phi comes back to 0
 * tangentially while x_c crosses, which the scan of Phi takes for a touch
 * (or sees no crossing at all). */
static void step_end(run *R, cut *best)
{
    root z;
    int id, tr, negligible;
    mpfr_inits2(R->T->prec, z.s, z.lo, z.hi, (mpfr_ptr)0);
    find_event(R, R->h, best);
    id = find_switch(R, best->kind == 1 ? R->hs : R->h, &z);
    tr = best->kind == 1 ? best->id : -1;
    if (tr < 0 && id >= 0 && R->q == 1 && R->phidep[id])
        tr = TR_SEPARATE;   /* Phi may vanish with the switching function */
    negligible = id >= 0 && tr >= 0 && guard_negligible(R, tr, z.s);
    if (negligible && enabled_at(R, tr, z.s)) {
        best->kind = 3;
        best->id = tr;
        best->sw = id;
        guard_rates(R, best->id, z.s, best->margin, best->rate_scale);
    } else if (negligible || (id >= 0 && mpfr_cmp(z.s, best->z.s) < 0)) {
        best->kind = 2;     /* (negligible: the event is not enabled there) */
        best->id = id;
    } else
        id = -1;
    if (id >= 0) {
        mpfr_set(best->z.s, z.s, MPFR_RNDN);
        mpfr_set(best->z.lo, z.lo, MPFR_RNDN);
        mpfr_set(best->z.hi, z.hi, MPFR_RNDN);
    }
    mpfr_clears(z.s, z.lo, z.hi, (mpfr_ptr)0);
}

/* Moves the state to s of the step; t and the clock follow. */
static void advance(run *R, mpfr_srcptr s, int to_end)
{
    int i;
    for (i = 0; i < R->ny; i++) {
        double a;
        mp_series_value(R->y[i], R->Y[i], R->K, s, R->u);
        a = mp_log2abs(R->y[i]);
        if (a > R->runmax[i])
            R->runmax[i] = a;
    }
    if (to_end)
        mpfr_set(R->t, R->M->T, MPFR_RNDN);
    else
        mp_time_at(R, R->t, s);
    if (R->sqrt_clock)
        mpfr_add(R->tau_a, R->tau_a, s, MPFR_RNDN);
    else
        mpfr_set(R->t0, R->t, MPFR_RNDN);
    R->at_start = 0;
}

/* After an event or a switching stop, a new smooth piece from the current
 * state; 0, or -1 with the run failed (a switching function at zero with
 * zero slope). */
static int next_piece(run *R)
{
    int b = mp_begin_piece(R);
    R->r->pieces++;
    if (b == 0)
        return 0;
    mp_fail(R, COLLIDE_E_EVENT, "a switching function starts at zero with zero "
         "slope (a tangency): its side is undefined");
    return -1;
}

/* The largest |value| of each node of mode q so far (at the step
 * starts): the scale of a touch (scan). */
static void track_node_scales(run *R)
{
    int i;
    for (i = 0; i < R->T->n; i++) {
        double a;
        if (!R->mask[R->q][i])
            continue;
        a = mp_log2abs(R->T->node[i].c[0]);
        if (a > R->nodemax[i])
            R->nodemax[i] = a;
    }
}

/* The state accepted at t against the proof domain (domain.h: x_c, z_c,
 * v_c and every component of chi), rounded to binary64, as the binary64
 * engine checks its state after each accepted step. Outside, with
 * outside_proved_domain the first breach is recorded in the result and
 * the run goes on (0); else the run fails with COLLIDE_E_DOMAIN (-1). */
static int check_domain(run *R)
{
    const layout *L = R->L;
    double y[COLLIDE_NY_MAX];
    domain_breach b;
    char text[192], msg[320];
    int i;
    for (i = 0; i < L->n_chi; i++)
        y[i] = mpfr_get_d(R->y[i], MPFR_RNDN);
    if (domain_check_state(y, L->n_chi, L->v, L->xc, L->z, L->nz, &b))
        return 0;
    domain_breach_text(&b, text, sizeof text);
    if (R->o->run.outside_proved_domain) {
        if (!R->r->left_domain) {
            R->r->left_domain = 1;
            R->r->t_left_domain = mpfr_get_d(R->t, MPFR_RNDN);
            snprintf(R->r->domain_note, sizeof R->r->domain_note, "%s", text);
        }
        return 0;
    }
    snprintf(msg, sizeof msg, "the run left the proof domain: %s (the "
             "scenario key outside_proved_domain = 1 runs on outside it)",
             text);
    mp_fail(R, COLLIDE_E_DOMAIN, msg);
    return -1;
}

/* One step: the series, its size, the first event or switching zero,
 * the observables and samples over it, and the move. Returns 1 at T. */
static int step(run *R)
{
    cut best;
    int at_end = 0, st;
    double hl, hs;
    mp_hold_saturated(R);
    if (mp_state_series(R) != 0) {
        char msg[256];
        mpfr_snprintf(msg, sizeof msg, "t = %.17Rg: a Taylor coefficient is "
                      "undefined (a power of a switching function that is "
                      "zero with zero slope, or on the wrong side of zero)",
                      R->t);
        mp_fail(R, COLLIDE_E_NONFINITE, msg);
        return -1;
    }
    track_node_scales(R);
    mpfr_inits2(R->T->prec, best.z.s, best.z.lo, best.z.hi, best.margin,
                best.rate_scale, (mpfr_ptr)0);
    best.kind = 0;
    if (R->interval_start)
        record_start_rates(R);
    hl = mp_step_log2(R, &hs);

    mp_sigma_at(R, R->hs, R->M->T);
    if (hs < 1000 && mp_log2abs(R->hs) > hs)
        mpfr_set_d(R->hs, exp2(hs), MPFR_RNDN);
    mp_sigma_at(R, R->h, R->M->T);                  /* to the horizon */
    if (hl < 1000 && mp_log2abs(R->h) > hl)
        mpfr_set_d(R->h, exp2(hl), MPFR_RNDN);
    else
        at_end = 1;
    mpfr_set(best.z.s, R->h, MPFR_RNDN);
    step_end(R, &best);
    if (best.kind != 0)
        at_end = 0;
    if (R->q == 1) {
        mp_step_max(R, R->M->xc, 1, best.z.s, R->cur.v[TC_XCMAX]);
        mp_step_max(R, R->M->contact_force, 0, best.z.s, R->cur.v[TC_FCMAX]);
    }
    mp_time_at(R, R->a, best.z.s);
    if (best.kind == 1 || best.kind == 3) {
        /* a grid time at the event, to within 100 times the tolerance, is
           sampled before the jump, whichever side of it the root fell */
        mpfr_abs(R->b, R->a, MPFR_RNDN);
        mpfr_mul_d(R->b, R->b, exp2(R->log2tol + log2(100.0)), MPFR_RNDN);
        mpfr_add(R->a, R->a, R->b, MPFR_RNDN);
    }
    st = mp_sample_step(R, at_end ? R->M->T : R->a);
    if (best.kind == 1 || best.kind == 3) {   /* the event's bracket, as times */
        mp_time_at(R, best.z.lo, best.z.lo);
        mp_time_at(R, best.z.hi, best.z.hi);
    }
    advance(R, best.z.s, at_end);
    R->r->steps++;
    if (st == 0 && (best.kind == 2 || best.kind == 3)) {
        int sw = best.kind == 2 ? best.id : best.sw;
        mp_node *x = &R->T->node[sw];
        R->landed = sw;
        if (x->op == MP_VAR)
            mpfr_set_zero(R->y[x->var], 1);
    }
    if (st == 0 && best.kind == 3 &&
        left_rate(R, guard_node(R, best.id), best.margin) == 0) {
        mpfr_mul_si(best.margin, best.margin, transition_sigma(best.id),
                    MPFR_RNDN);
        mpfr_abs(best.rate_scale, best.margin, MPFR_RNDN);
        if (mpfr_cmp(R->rate0[best.id], best.rate_scale) > 0)
            mpfr_set(best.rate_scale, R->rate0[best.id], MPFR_RNDN);
    }
    if (st == 0 && (best.kind == 1 || best.kind == 3))
        st = mp_take_event(R, best.id, &best.z, best.margin, best.rate_scale);
    if (st == 0 && best.kind != 0)
        st = next_piece(R);
    mpfr_clears(best.z.s, best.z.lo, best.z.hi, best.margin, best.rate_scale,
                (mpfr_ptr)0);
    if (st != 0) {
        mp_fail(R, COLLIDE_E_MEMORY, "out of memory");
        return -1;
    }
    return check_domain(R) != 0 ? -1 : at_end;
}

/* ---- the run ------------------------------------------------------------------- */

/* The order for a tolerance of 10^-digits (Jorba and Zou 2005). */
static int taylor_order(double digits)
{
    int K = (int)ceil(digits * log(10.0) / 2.0) + 1;
    return K < 8 ? 8 : K > ORDER_MAX ? ORDER_MAX : K;
}

/* The numbers of R at the working precision: the state, its series to
 * order K, the scratch. 0, or -1 out of memory. */
static int run_numbers(run *R, mpfr_prec_t prec)
{
    int i, k;
    mpfr_inits2(prec, R->rate0[0], R->rate0[1], R->rate0[2], R->rate0[3],
                (mpfr_ptr)0);
    mpfr_inits2(prec, R->t, R->t0, R->tau_a, R->delta_d, R->a, R->b, R->c,
                R->d, R->h, R->hs, R->s, R->u, R->w, (mpfr_ptr)0);
    mpfr_set_zero(R->delta_d, 1);
    mp_collision_init(&R->cur, prec);
    for (i = 0; i < R->ny; i++)   /* all of them: run_clear clears them */
        mpfr_init2(R->y[i], prec);
    for (i = 0; i < R->ny; i++) {
        R->Y[i] = malloc((size_t)(R->K + 1) * sizeof(mpfr_t));
        if (!R->Y[i])
            return -1;
        for (k = 0; k <= R->K; k++)
            mpfr_init2(R->Y[i][k], prec);
        R->runmax[i] = -HUGE_VAL;
    }
    R->deriv = malloc((size_t)R->K * sizeof(mpfr_t));
    if (!R->deriv)
        return -1;
    for (k = 0; k < R->K; k++)
        mpfr_init2(R->deriv[k], prec);
    return 0;
}

/* The per-node arrays of R over the tape: masks, signs, valuations,
 * scales, fractional operands. 0, or -1 out of memory. */
static int run_node_arrays(run *R)
{
    size_t n = (size_t)R->T->n;
    int i;
    R->mask[0] = calloc(n, 1);
    R->mask[1] = calloc(n, 1);
    R->point = calloc(n, 1);
    R->sw[0] = calloc(n, 1);
    R->sw[1] = calloc(n, 1);
    R->sign = malloc(n * sizeof *R->sign);
    R->val = malloc(n * sizeof *R->val);
    R->nodemax = malloc(n * sizeof *R->nodemax);
    R->fractional = calloc(n, 1);
    R->phidep = calloc(n, 1);
    if (!R->mask[0] || !R->mask[1] || !R->point || !R->sign || !R->val ||
        !R->nodemax || !R->fractional || !R->sw[0] || !R->sw[1] ||
        !R->phidep || mp_tape_set_order(R->T, R->K) != 0)
        return -1;
    for (i = 0; i < R->T->n; i++) {
        const mp_node *x = &R->T->node[i];
        R->sign[i] = R->val[i] = 1;
        R->nodemax[i] = -HUGE_VAL;
        if ((x->op == MP_POWSGN || x->op == MP_POWABS) && x->p_twice % 2 != 0)
            R->fractional[x->a] = 1;
    }
    return 0;
}

/* The nodes each mode evaluates on a step (its flow map and its guards
 * x, v, and in contact Phi, F_c, x_c), and the switching nodes among
 * them. */
static void mark_modes(run *R)
{
    const mp_model *M = R->M;
    int i, q, roots[5];
    for (q = 0; q < 2; q++) {
        mp_tape_mark(R->T, M->flow[q], R->ny, R->mask[q]);
        roots[0] = M->x;
        roots[1] = M->v;
        roots[2] = q == 1 ? M->phi : -1;
        roots[3] = q == 1 ? M->contact_force : -1;
        roots[4] = q == 1 ? M->xc : -1;
        mp_tape_mark(R->T, roots, 5, R->mask[q]);
        for (i = 0; i < R->T->n; i++) {
            const mp_node *x = &R->T->node[i];
            if (R->mask[q][i] && x->op >= MP_POWSGN && x->op <= MP_SGN)
                R->sw[q][x->a] = 1;
        }
    }
}

/* Phi computed through a fractional power: its touch is a singular
 * point (R->phidep the nodes Phi is computed from). */
static void mark_phi_dependence(run *R)
{
    const mp_model *M = R->M;
    int i;
    mp_tape_mark(R->T, &M->phi, 1, R->phidep);
    for (i = 0; i < R->T->n; i++) {
        const mp_node *x = &R->T->node[i];
        if (R->phidep[i] && (x->op == MP_POWSGN || x->op == MP_POWABS) &&
            x->p_twice % 2 != 0)
            R->fractional[M->phi] = 1;
    }
}

/* The point nodes, evaluated at order 0 where a value is recorded: V,
 * F_c, F_e,r, Phi, V_c. */
static void mark_points(run *R)
{
    const mp_model *M = R->M;
    int roots[5];
    roots[0] = M->storage;
    roots[1] = M->contact_force;
    roots[2] = M->fer;
    roots[3] = M->phi;
    roots[4] = M->contact_storage;
    mp_tape_mark(R->T, roots, 5, R->point);
}

static int run_init(run *R, mp_model *M, const mp_options *o, mp_result *r)
{
    memset(R, 0, sizeof *R);
    R->M = M;
    R->T = &M->tape;
    R->o = o;
    R->r = r;
    R->L = &M->L;
    R->ny = M->L.ny;
    R->K = taylor_order(o->digits);
    R->log2tol = -o->digits * log2(10.0);
    R->landed = -1;
    R->phimax = -HUGE_VAL;
    R->interval_start = 1;
    if (run_numbers(R, M->prec) != 0 || run_node_arrays(R) != 0)
        return -1;
    mark_modes(R);
    mark_phi_dependence(R);
    mark_points(R);
    return 0;
}

static void run_clear(run *R)
{
    int i, k;
    mpfr_clears(R->rate0[0], R->rate0[1], R->rate0[2], R->rate0[3],
                (mpfr_ptr)0);
    mpfr_clears(R->t, R->t0, R->tau_a, R->delta_d, R->a, R->b, R->c, R->d,
                R->h, R->hs, R->s, R->u, R->w, (mpfr_ptr)0);
    mp_collision_clear(&R->cur);
    for (i = 0; i < R->ny; i++) {
        mpfr_clear(R->y[i]);
        if (R->Y[i])
            for (k = 0; k <= R->K; k++)
                mpfr_clear(R->Y[i][k]);
        free(R->Y[i]);
    }
    if (R->deriv)
        for (k = 0; k < R->K; k++)
            mpfr_clear(R->deriv[k]);
    free(R->deriv);
    free(R->mask[0]);
    free(R->mask[1]);
    free(R->point);
    free(R->sw[0]);
    free(R->sw[1]);
    free(R->sign);
    free(R->val);
    free(R->nodemax);
    free(R->fractional);
    free(R->phidep);
}

/* The scenario's datum d of the initial state (initial.h), or NULL for 0. */
static mpfr_srcptr initial_datum_mpfr(const mp_model *M, initial_datum d)
{
    switch (d) {
    case INITIAL_X0: return M->x0;
    case INITIAL_V0: return M->v0;
    case INITIAL_XM0: return M->xm0;
    case INITIAL_VM0: return M->vm0;
    default: return NULL;
    }
}

/* The initial state at t = 0, each component at the datum the shared
 * rule gives it (initial_component, initial.c). */
static void initial_state(run *R)
{
    int i;
    for (i = 0; i < R->ny; i++) {
        mpfr_srcptr d = initial_datum_mpfr(R->M, initial_component(R->L, i));
        if (d)
            mpfr_set(R->y[i], d, MPFR_RNDN);
        else
            mpfr_set_zero(R->y[i], 1);
    }
    mpfr_set_zero(R->t, 1);
}

/* The ledger of the run (its residual by mp_spec_ledger_residual_value)
 * and the contact under way at T. */
static void finish(run *R, mpfr_t *y0)
{
    mp_result *r = R->r;
    mpfr_t *l = r->ledger.v;
    mpfr_t zero;
    mpfr_init2(zero, R->T->prec);
    mpfr_set_zero(zero, 1);
    mp_point_value(R, l[TL_V_START], R->M->storage, zero, y0);
    mp_point_value(R, l[TL_V_END], R->M->storage, R->t, R->y);
    mpfr_set(l[TL_IS], R->y[R->L->is], MPFR_RNDN);
    mpfr_set(l[TL_DC], R->y[R->L->dc], MPFR_RNDN);
    mpfr_set(l[TL_DD], R->delta_d, MPFR_RNDN);
    mp_spec_ledger_residual_value(l[TL_RES], l[TL_V_END], l[TL_V_START],
                                  l[TL_DC], l[TL_DD], l[TL_IS]);
    mp_track_scale(R, R->t, R->y); /* the end (the start and the jumps are in) */
    r->final_contact = R->q == 1;
    if (r->final_contact)
        mp_final_contact(R);
    mpfr_clear(zero);
}

/* One progress line on stderr, about twice a second: simulated time,
 * events, steps, and the time left estimated from the pace so far. */
static void progress(const run *R, clock_t c0, clock_t *last, int done)
{
    double t = mpfr_get_d(R->t, MPFR_RNDN), T = mpfr_get_d(R->M->T, MPFR_RNDN);
    double used = (double)(clock() - c0) / CLOCKS_PER_SEC;
    if (!done && (double)(clock() - *last) < 0.5 * CLOCKS_PER_SEC)
        return;
    *last = clock();
    fprintf(stderr, "\r  t = %.6g of %.6g s, %d events, %ld steps, %.0f s "
            "used, about %.0f s left   ", t, T, R->r->nevents, R->r->steps,
            used, t > 0 ? used * (T - t) / t : 0.0);
    if (done)
        fputc('\n', stderr);
}

/* The pace bound: the run stops (status 13) as soon as the pace of its
 * last PACE_WINDOW steps (steps per unit of simulated time), kept up to T,
 * would exceed max_steps: a run that makes no progress (steps shrinking
 * to nothing, or a stiff state) is stopped with a diagnosis after a
 * thousand steps instead of running to max_steps, and a run that can
 * finish within max_steps at its pace is not stopped. *t_window is the
 * time at the start of the window. */
static void pace_bound(run *R, double *t_window)
{
    double t = mpfr_get_d(R->t, MPFR_RNDN), T = mpfr_get_d(R->M->T, MPFR_RNDN);
    double dt = t - *t_window, need;
    char msg[400];
    if (R->r->steps % PACE_WINDOW != 0)
        return;
    *t_window = t;
    /* dt = 0 gives an infinite pace (IEEE 754 division) */
    need = (double)R->r->steps + PACE_WINDOW * ((T - t) / dt);
    if (need <= (double)R->o->run.engine.max_steps)
        return;
    snprintf(msg, sizeof msg, "no progress: after %ld steps, the last %d "
             "advanced the time by %.3g s, a pace of %.3g steps per simulated "
             "second, at which T would be reached after %.3g steps, beyond "
             "max_steps = %ld (the pace bound)", R->r->steps, PACE_WINDOW, dt,
             PACE_WINDOW / dt, need, R->o->run.engine.max_steps);
    mp_fail(R, COLLIDE_E_PROGRESS, msg);
}

/* Rule R2: the state flows only while it is in the flow set C (flow_set,
 * hybrid.c, the one definition of both engines, on the signs).
 * A jump that left it outside C (a guard crossed, to the working
 * precision, at a tangency) can only be followed by another: the first
 * transition of the mode enabled there, in the priority order, is taken
 * at once, with margin 0 (no crossing: flagged grazing). Sets *jumped;
 * 0, or -1 when the run stops. */
static int jump_outside_flow_set(run *R, int *jumped)
{
    double sx, sv, sphi, tau[TR_COUNT] = {0}; /* all at t: the priority decides */
    int elig[TR_COUNT], tr, st;
    root z;
    *jumped = 0;
    mp_guard_signs(R, R->t, R->y, &sx, &sv, &sphi);
    if (flow_set(R->q, sx, sv, sphi))
        return 0;
    for (tr = 0; tr < TR_COUNT; tr++)
        elig[tr] = transition_from(tr) == R->q &&
                   transition_enabled(tr, sx, sv, sphi);
    tr = event_select(TR_COUNT, tau, elig);
    if (tr < 0) {
        mp_fail(R, COLLIDE_E_EVENT, "the state is outside the flow set and no "
             "transition is enabled");
        return -1;
    }
    mpfr_inits2(R->T->prec, z.s, z.lo, z.hi, (mpfr_ptr)0);
    mpfr_set_zero(z.s, 1);
    mpfr_set(z.lo, R->t, MPFR_RNDN);
    mpfr_set(z.hi, R->t, MPFR_RNDN);
    st = mp_take_event(R, tr, &z, z.s, z.s);
    if (st == 0)
        st = next_piece(R);
    if (st != 0)     /* a failure not yet said is the events table's memory */
        mp_fail(R, COLLIDE_E_MEMORY, "out of memory");
    mpfr_clears(z.s, z.lo, z.hi, (mpfr_ptr)0);
    *jumped = 1;
    return st;
}

/* A model outside the proof domain (possible with outside_proved_domain
 * only: the scenario loader refuses it otherwise) is recorded at t = 0,
 * as the binary64 engine records it. */
static void note_model_domain(const mp_model *M, const mp_options *o,
                              mp_result *r)
{
    domain_breach b;
    if (!o->run.outside_proved_domain || domain_check_model(M->m, &b))
        return;
    r->left_domain = 1;
    r->t_left_domain = 0;
    domain_breach_text(&b, r->domain_note, sizeof r->domain_note);
}

/* Whether the run's canceller (sim_options.cancel), asked once per
 * accepted step, stops it: then the run fails with COLLIDE_E_INTERRUPT. */
static int cancelled(run *R)
{
    if (!sim_cancelled(&R->o->run))
        return 0;
    mp_fail(R, COLLIDE_E_INTERRUPT, "cancelled by the caller during the run");
    return 1;
}

collide_status mp_run(mp_model *M, const mp_options *o, mp_result *r)
{
    run R;
    mpfr_t y0[COLLIDE_NY_MAX];
    clock_t c0 = clock(), shown = c0;
    double t_window = 0;
    int i, k, st = 0;
    memset(r, 0, sizeof *r);
    r->prec = M->prec;
    r->ny = M->L.ny;
    mp_collision_init(&r->final_partial, M->prec);
    for (k = 0; k < TL_N; k++) {
        mpfr_init2(r->ledger.v[k], M->prec);
        mpfr_set_zero(r->ledger.v[k], 1);
    }
    if (run_init(&R, M, o, r) != 0) {
        run_clear(&R);
        r->status = COLLIDE_E_MEMORY;
        snprintf(r->diagnosis, sizeof r->diagnosis, "out of memory");
        return r->status;
    }
    r->order = R.K;
    note_model_domain(M, o, r);
    initial_state(&R);
    for (i = 0; i < R.ny; i++) {
        mpfr_init2(y0[i], M->prec);
        mpfr_set(y0[i], R.y[i], MPFR_RNDN);
    }
    if (mp_begin_piece(&R) != 0)
        mp_fail(&R, COLLIDE_E_EVENT, "the initial state has a switching "
             "function at zero with zero slope");
    else if (mp_add_sample(&R, R.t, 0, 0, 0, R.y) == 0)
        R.next_sample = 1;
    mp_track_scale(&R, R.t, R.y);
    while (r->status == COLLIDE_OK && st == 0) {
        if (r->steps >= o->run.engine.max_steps) {
            mp_fail(&R, COLLIDE_E_STEP, "max_steps reached before T");
            break;
        }
        if (R.interval_start) {
            int jumped;
            if ((st = jump_outside_flow_set(&R, &jumped)) != 0 || jumped)
                continue;
        }
        st = step(&R);
        if (st == 0)
            pace_bound(&R, &t_window);
        if (st == 0 && cancelled(&R))
            break;
        if (o->progress && (r->steps & 15) == 0)
            progress(&R, c0, &shown, 0);
    }
    if (o->progress)
        progress(&R, c0, &shown, 1);
    if (r->status == COLLIDE_OK)
        finish(&R, y0);
    for (i = 0; i < R.ny; i++)
        mpfr_clear(y0[i]);
    run_clear(&R);
    r->cpu_seconds = (double)(clock() - c0) / CLOCKS_PER_SEC;
    return r->status;
}

void mp_result_free(mp_result *r)
{
    int i, k;
    if (r->prec == 0)
        return;            /* never run: nothing was allocated */
    for (i = 0; i < r->nevents; i++) {
        mp_event *e = &r->events[i];
        mpfr_clears(e->t, e->lo, e->hi, e->margin, e->rate_scale, (mpfr_ptr)0);
        for (k = 0; k < r->ny; k++)
            mpfr_clears(e->before[k], e->after[k], (mpfr_ptr)0);
    }
    for (i = 0; i < r->ncollisions; i++)
        mp_collision_clear(&r->collisions[i]);
    for (i = 0; i < r->nsamples; i++) {
        mp_sample *s = &r->samples[i];
        mpfr_clears(s->t, s->fc, s->V, s->fer, (mpfr_ptr)0);
        for (k = 0; k < r->ny; k++)
            mpfr_clear(s->y[k]);
    }
    free(r->events);
    free(r->collisions);
    free(r->samples);
    mp_collision_clear(&r->final_partial);
    for (k = 0; k < TL_N; k++)
        mpfr_clear(r->ledger.v[k]);
    memset(r, 0, sizeof *r);
}

int mp_same_rows(const mp_result *r, const mp_result *rb)
{
    return r->nevents == rb->nevents && r->ncollisions == rb->ncollisions &&
           r->nsamples == rb->nsamples && r->final_contact == rb->final_contact;
}
