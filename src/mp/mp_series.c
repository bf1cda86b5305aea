/* mp_series.c - the tape of a high-precision run evaluated as Taylor
 * series on a piece, the step size, and the roots of a series on a step;
 * see mp_series.h and spec/high_precision.md. */
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

/* ---- evaluation of the tape ----------------------------------------------- */

void mp_set_inputs(run *R, int k)
{
    mp_tape *T = R->T;
    int i;
    for (i = 0; i < T->n; i++) {
        mp_node *x = &T->node[i];
        if (x->op == MP_VAR)
            mpfr_set(x->c[k], R->Y[x->var][k], MPFR_RNDN);
        else if (x->op != MP_TIME)
            continue;
        else if (!R->sqrt_clock)   /* t0 + s */
            mpfr_set_si(x->c[k], k == 1, MPFR_RNDN);
        else if (k == 1)           /* t* + tau_a^2 + 2 tau_a s + s^2 */
            mpfr_mul_2ui(x->c[1], R->tau_a, 1, MPFR_RNDN);
        else
            mpfr_set_si(x->c[k], k == 2, MPFR_RNDN);
        if (x->op == MP_TIME && k == 0) {
            mpfr_sqr(x->c[0], R->tau_a, MPFR_RNDN);
            if (!R->sqrt_clock)
                mpfr_set_zero(x->c[0], 1);
            mpfr_add(x->c[0], x->c[0], R->t0, MPFR_RNDN);
        }
    }
}

void mp_set_valuation(const mp_tape *T, mp_node *x, int nu_zero)
{
    if (x->op == MP_POWSGN || x->op == MP_POWABS)
        x->nu = mpfr_zero_p(T->node[x->a].c[0]) ? nu_zero : 0;
}

int mp_analytic_nu(const mp_node *x)
{
    return x->p_twice % 2 == 0 ? 1 : 2;
}

/* Coefficient k of the nodes of mask; at k = 0 a power of a zero operand
 * gets the valuation of its operand (in t, or twice it in sqrt(t - t*)). */
static int eval_mask(run *R, const unsigned char *mask, int k)
{
    mp_tape *T = R->T;
    int i;
    for (i = 0; i < T->n; i++) {
        mp_node *x = &T->node[i];
        if (!mask[i])
            continue;
        if (k == 0 && x->a >= 0)
            mp_set_valuation(T, x, R->val[x->a] * (R->sqrt_clock ? 2 : 1));
        if (mp_tape_eval_node(T, i, k) != 0)
            return -1;
    }
    return 0;
}

void mp_apply_signs(run *R)
{
    int i;
    for (i = 0; i < R->T->n; i++)
        R->T->node[i].sign = R->sign[i];
}

int mp_state_series(run *R)
{
    mp_tape *T = R->T;
    const int *F = R->M->flow[R->q];
    int i, k;
    mp_apply_signs(R);
    for (i = 0; i < R->ny; i++)
        mpfr_set(R->Y[i][0], R->y[i], MPFR_RNDN);
    for (k = 0; k <= R->K; k++) {
        mp_set_inputs(R, k);
        if (eval_mask(R, R->mask[R->q], k) != 0)
            return -1;
        if (k == R->K)
            break;
        for (i = 0; i < R->ny; i++) {
            mpfr_t *f = T->node[F[i]].c;
            if (!R->sqrt_clock) {
                mpfr_div_ui(R->Y[i][k + 1], f[k], (unsigned long)k + 1, MPFR_RNDN);
                continue;
            }
            mpfr_mul(R->a, f[k], R->tau_a, MPFR_RNDN);   /* 2 tau_a F_k + 2 F_{k-1} */
            if (k > 0)
                mpfr_add(R->a, R->a, f[k - 1], MPFR_RNDN);
            mpfr_mul_2ui(R->a, R->a, 1, MPFR_RNDN);
            mpfr_div_ui(R->Y[i][k + 1], R->a, (unsigned long)k + 1, MPFR_RNDN);
        }
        for (i = 0; i < LAW_NZ_MAX; i++)
            if (R->held[i])   /* a saturated state is constant: dz = 0 */
                mpfr_set_zero(R->Y[R->L->z + i][k + 1], 1);
    }
    return 0;
}

void mp_hold_saturated(run *R)
{
    int i;
    if (R->q != 1)
        return;
    for (i = 0; i < LAW_NZ_MAX; i++) {
        int u = R->M->sat_u[i], zi = R->L->z + i;
        double scale;    /* (the signs of a piece are +1 or -1) */
        if (u < 0 || R->held[i] || mp_sgn_of(R->y[zi]) != R->sign[u])
            continue;
        mpfr_mul_si(R->a, R->M->sat_zeta[i], R->sign[u], MPFR_RNDN);
        mpfr_sub(R->b, R->y[zi], R->a, MPFR_RNDN);
        scale = mp_log2abs(R->y[zi]) > R->runmax[zi] ? mp_log2abs(R->y[zi])
                                                    : R->runmax[zi];
        if (mp_log2abs(R->b) > R->log2tol + scale)
            continue;
        mpfr_set(R->y[zi], R->a, MPFR_RNDN);
        R->held[i] = 1;
        R->r->holds++;
    }
}

int mp_point_eval(run *R, mpfr_srcptr t, mpfr_t *y)
{
    mp_tape *T = R->T;
    int i;
    for (i = 0; i < T->n; i++) {
        mp_node *x = &T->node[i];
        if (!R->point[i])
            continue;
        if (x->op == MP_VAR)
            mpfr_set(x->c[0], y[x->var], MPFR_RNDN);
        if (x->op == MP_TIME)
            mpfr_set(x->c[0], t, MPFR_RNDN);
        mp_set_valuation(T, x, mp_analytic_nu(x));
        if (mp_tape_eval_node(T, i, 0) != 0)
            return -1;
        x->sign = mpfr_sgn(x->c[0]) < 0 ? -1 : 1;
    }
    return 0;
}

/* ---- pieces ---------------------------------------------------------------- */

/* The signs and valuations of the switching nodes that are zero at the
 * start of a piece and have not been decided: from the first non-zero
 * Taylor coefficient in t, up to order 3 (powers of zero operands count
 * as zero to that order). 0, or -1 when one stays zero (a tangency of
 * higher order). */
static int decide_zeros(run *R)
{
    mp_tape *T = R->T;
    const unsigned char *mask = R->mask[R->q];
    int i, k, left = 0;
    for (k = 1; k <= 3; k++) {
        for (i = 0; i < R->ny; i++)
            mpfr_div_ui(R->Y[i][k], T->node[R->M->flow[R->q][i]].c[k - 1],
                        (unsigned long)k, MPFR_RNDN);
        mp_set_inputs(R, k);
        left = 0;
        for (i = 0; i < T->n; i++) {
            mp_node *x = &T->node[i];
            if (!mask[i])
                continue;
            if (mp_tape_eval_node(T, i, k) != 0)
                return -1;
            if (R->sw[R->q][i] && x->sign == 0 && !mpfr_zero_p(x->c[k])) {
                x->sign = mp_sgn_of(x->c[k]);
                R->val[i] = k;
            }
            left |= R->sw[R->q][i] && x->sign == 0;
        }
        if (!left)
            return 0;
    }
    return -1;
}

int mp_begin_piece(run *R)
{
    mp_tape *T = R->T;
    const unsigned char *mask = R->mask[R->q];
    int i, undecided = 0, fractional = 0;
    mpfr_set(R->t0, R->t, MPFR_RNDN);
    mpfr_set_zero(R->tau_a, 1);
    R->sqrt_clock = 0;
    for (i = 0; i < LAW_NZ_MAX; i++)
        R->held[i] = 0;      /* decided again on the new piece */
    mp_apply_signs(R);
    for (i = 0; i < R->ny; i++)
        mpfr_set(R->Y[i][0], R->y[i], MPFR_RNDN);
    mp_set_inputs(R, 0);
    for (i = 0; i < T->n; i++) {
        mp_node *x = &T->node[i];
        R->val[i] = 1;
        if (!mask[i])
            continue;
        mp_set_valuation(T, x, 8);   /* powers of zero operands: 0 to order 3 */
        if (mp_tape_eval_node(T, i, 0) != 0)
            return -1;
        if (!R->sw[R->q][i])
            continue;
        if (!mpfr_zero_p(x->c[0]))
            x->sign = mp_sgn_of(x->c[0]);
        else if (i == R->landed)
            x->sign = -R->sign[i];
        else
            x->sign = 0, undecided = 1;
    }
    if (undecided && decide_zeros(R) != 0)
        return -2;
    for (i = 0; i < T->n; i++) {
        const mp_node *x = &T->node[i];
        R->sign[i] = x->sign;
        if (mask[i] && (x->op == MP_POWSGN || x->op == MP_POWABS) &&
            mpfr_zero_p(T->node[x->a].c[0]) &&
            (R->val[x->a] * x->p_twice) % 2 != 0)
            fractional = 1;
    }
    R->sqrt_clock = fractional;
    R->at_start = 1;
    R->landed = -1;
    return 0;
}

void mp_time_at(run *R, mpfr_t t, mpfr_srcptr s)
{
    if (!R->sqrt_clock) {
        mpfr_add(t, R->t0, s, MPFR_RNDN);
        return;
    }
    mpfr_add(R->u, R->tau_a, s, MPFR_RNDN);
    mpfr_sqr(R->u, R->u, MPFR_RNDN);
    mpfr_add(t, R->t0, R->u, MPFR_RNDN);
}

void mp_sigma_at(run *R, mpfr_t s, mpfr_srcptr t)
{
    mpfr_sub(s, t, R->t0, MPFR_RNDN);
    if (!R->sqrt_clock)
        return;
    if (mpfr_sgn(s) < 0)
        mpfr_set_zero(s, 1);
    mpfr_sqrt(s, s, MPFR_RNDN);
    mpfr_sub(s, s, R->tau_a, MPFR_RNDN);
}

void mp_clock_rate(run *R, mpfr_t r, mpfr_srcptr s)
{
    if (!R->sqrt_clock) {
        mpfr_set_ui(r, 1, MPFR_RNDN);
        return;
    }
    mpfr_add(r, R->tau_a, s, MPFR_RNDN);
    mpfr_mul_2ui(r, r, 1, MPFR_RNDN);
}

/* ---- the step size --------------------------------------------------------- */

/* The bound of one series c of scale 2^scale on log2 of the step:
 * |c_k| s^k <= tol 2^scale for the last terms k = K-w .. K (Jorba and Zou
 * 2005 take the last two). w = max(5, K/8): after a singular point the
 * series in sqrt(t - t*) has gaps (the Hertz contact is a series in
 * tau^5), and the last two terms may both be zero. */
static double series_bound(run *R, mpfr_t *c, double scale)
{
    double h = HUGE_VAL;
    int k, w = R->K / 8 > 5 ? R->K / 8 : 5;
    for (k = R->K - w; k <= R->K; k++) {
        double a = mp_log2abs(c[k]);
        double hk = (R->log2tol + scale - a) / k;
        if (k > 0 && a > -HUGE_VAL && hk < h)
            h = hk;
    }
    return h;
}

double mp_step_log2(run *R, double *state_only)
{
    double h = HUGE_VAL, scale[COLLIDE_NY_MAX];
    int i, k, pass;
    for (i = 0; i < R->ny; i++) {
        double a = mp_log2abs(R->y[i]);
        scale[i] = a > R->runmax[i] ? a : R->runmax[i];
    }
    for (pass = 0; pass < 2; pass++)
        for (i = 0; i < R->ny; i++) {
            double b;
            if ((pass == 0) != (scale[i] > -HUGE_VAL))
                continue;
            if (pass == 1) {
                for (k = 1; k <= 3 && k < R->K; k++) {
                    double a = mp_log2abs(R->Y[i][k]) + k * (h < 1e300 ? h : 0);
                    if (a > scale[i])
                        scale[i] = a;
                }
                if (scale[i] == -HUGE_VAL)
                    continue;
            }
            b = series_bound(R, R->Y[i], scale[i]);
            if (b < h)
                h = b;
        }
    *state_only = h;
    if (R->q == 1) {
        mpfr_t *phi = R->T->node[R->M->phi].c;
        double a = mp_log2abs(phi[0]), b, scale;
        if (a > R->phimax)
            R->phimax = a;
        scale = R->phimax;
        for (k = 1; k <= 3 && k < R->K && h < 1e300; k++) {
            a = mp_log2abs(phi[k]) + k * h;   /* Phi has been 0: its first terms */
            if (a > scale)
                scale = a;
        }
        b = scale > -HUGE_VAL ? series_bound(R, phi, scale) : HUGE_VAL;
        if (b < h)
            h = b;
    }
    return h;
}

/* ---- roots of a series on [0, h] ------------------------------------------- */

int mp_keeps_sign(mpfr_t *c, int order, mpfr_srcptr h)
{
    double l0 = mp_log2abs(c[0]), lh = mp_log2abs(h), sum = 0;
    int k;
    if (l0 == -HUGE_VAL)
        return 0;
    for (k = 1; k <= order; k++) {
        double lk = mp_log2abs(c[k]);
        if (lk > -HUGE_VAL && lh > -HUGE_VAL)
            sum += exp2(lk + k * lh - l0);
    }
    return sum < 0.5;
}

/* sign of s_fn * (the series c at x), 0 for zero. */
static int sign_at(run *R, mpfr_t *c, int s_fn, mpfr_srcptr x)
{
    mp_series_value(R->w, c, R->K, x, R->u);
    return s_fn * mp_sgn_of(R->w);
}

/* The crossing of the series c (times s_fn; d its derivative) from
 * positive to not positive within [lo, hi]: bisection safeguarded Newton
 * to the working precision.
 * On return lo has sign > 0 (or is the start) and hi sign <= 0. */
static void refine(run *R, mpfr_t *c, mpfr_t *d, int s_fn, root *z)
{
    int it, maxit = 4 * (int)R->T->prec + 50;
    for (it = 0; it < maxit; it++) {
        mpfr_sub(R->d, z->hi, z->lo, MPFR_RNDN);
        if (mpfr_cmp_ui(R->d, 0) <= 0 ||
            (mpfr_get_exp(R->d) < mpfr_get_exp(z->hi) - (mpfr_exp_t)R->T->prec + 3 &&
             !mpfr_zero_p(z->hi)))
            break;
        /* Newton from the midpoint-safeguarded estimate */
        mpfr_add(R->s, z->lo, z->hi, MPFR_RNDN);
        mpfr_div_2ui(R->s, R->s, 1, MPFR_RNDN);
        if (it % 2 == 0) {
            mp_series_value(R->a, c, R->K, z->hi, R->u);
            mp_series_value(R->b, d, R->K - 1, z->hi, R->u);
            if (!mpfr_zero_p(R->b)) {
                mpfr_div(R->a, R->a, R->b, MPFR_RNDN);
                mpfr_sub(R->a, z->hi, R->a, MPFR_RNDN);
                if (mpfr_cmp(R->a, z->lo) > 0 && mpfr_cmp(R->a, z->hi) < 0)
                    mpfr_set(R->s, R->a, MPFR_RNDN);
            }
        }
        if (sign_at(R, c, s_fn, R->s) > 0)
            mpfr_set(z->lo, R->s, MPFR_RNDN);
        else
            mpfr_set(z->hi, R->s, MPFR_RNDN);
    }
    mpfr_set(z->s, z->hi, MPFR_RNDN);
    z->found = 1;
}

/* Whether s_fn * c, of sign prev at the start of an interval and cur at
 * its end, crosses there: in the declared orientation for a guard
 * (select.c crosses_in_orientation), leaving the positive side for a
 * switching node (which starts positive, or at zero at a piece start). */
static int crosses(int guard, int at_start, int first, int prev, int cur)
{
    if (guard)
        return crosses_in_orientation(at_start, (double)prev, (double)cur);
    return (prev > 0 || first) && cur <= 0;
}

/* An extremum of a series inside (lo, hi), where its slope (the series
 * d of its derivative) changes sign, located by bisection on the slope
 * into e. */
static void extremum(run *R, mpfr_t *d, mpfr_srcptr lo, mpfr_srcptr hi,
                     mpfr_t e)
{
    int it, s0;
    mpfr_t a, b;
    mpfr_inits2(R->T->prec, a, b, (mpfr_ptr)0);
    mpfr_set(a, lo, MPFR_RNDN);
    mpfr_set(b, hi, MPFR_RNDN);
    mp_series_value(R->w, d, R->K - 1, a, R->u);
    s0 = mp_sgn_of(R->w);
    for (it = 0; it < (int)R->T->prec + 8; it++) {
        mpfr_add(e, a, b, MPFR_RNDN);
        mpfr_div_2ui(e, e, 1, MPFR_RNDN);
        mp_series_value(R->w, d, R->K - 1, e, R->u);
        if (mp_sgn_of(R->w) == s0)
            mpfr_set(a, e, MPFR_RNDN);
        else
            mpfr_set(b, e, MPFR_RNDN);
    }
    mpfr_clears(a, b, (mpfr_ptr)0);
}

void mp_scan(run *R, mpfr_t *c, int s_fn, int guard, double scale,
             mpfr_srcptr h, root *z)
{
    int m, k, prev = 0, cur, slope_prev = 0, slope, hit = 0;
    mpfr_t e;
    z->found = 0;
    for (k = 1; k <= R->K && mpfr_zero_p(c[k]); k++)
        ;
    if (k > R->K)
        return;                 /* a constant: it does not cross */
    if (mp_keeps_sign(c, R->K, h) && (guard || s_fn * mp_sgn_of(c[0]) > 0))
        return;                 /* no sample or extremum can cross */
    mp_series_derivative(R->deriv, c, R->K);
    mpfr_init2(e, R->T->prec);
    mpfr_set_zero(z->lo, 1);
    for (m = 0; m <= NSCAN && !hit; m++) {
        int first = m == 1, at_start = R->at_start && m == 1;
        mpfr_mul_ui(z->hi, h, (unsigned long)m, MPFR_RNDN);
        mpfr_div_ui(z->hi, z->hi, NSCAN, MPFR_RNDN);
        cur = sign_at(R, c, s_fn, z->hi);
        mp_series_value(R->w, R->deriv, R->K - 1, z->hi, R->u);
        slope = mp_sgn_of(R->w);
        if (m > 0 && slope * slope_prev < 0) {
            /* an extremum inside: the interval is two monotone pieces */
            int mid;
            extremum(R, R->deriv, z->lo, z->hi, e);
            mid = sign_at(R, c, s_fn, e);
            if (crosses(guard, at_start, first, prev, mid) &&
                scale > -HUGE_VAL && mp_log2abs(R->w) <= R->log2tol + scale &&
                !crosses(guard, at_start, first, prev, cur)) {
                mpfr_set(z->lo, e, MPFR_RNDN);   /* a touch: no crossing */
                at_start = first = 0;
            } else if (crosses(guard, at_start, first, prev, mid)) {
                mpfr_set(z->hi, e, MPFR_RNDN);
                cur = mid;
                hit = 1;
            } else {
                mpfr_set(z->lo, e, MPFR_RNDN);
                prev = mid;
                at_start = first = 0;
            }
        }
        if (m > 0 && (hit || crosses(guard, at_start, first, prev, cur))) {
            hit = 1;
            if (guard && at_start && prev == 0 && cur > 0) {
                mpfr_set_zero(z->s, 1);   /* crossing at the start */
                mpfr_set_zero(z->hi, 1);
                z->found = 1;
                break;
            }
            refine(R, c, R->deriv, guard ? -s_fn : s_fn, z); /* + before the crossing */
            break;
        }
        prev = cur;
        slope_prev = slope;
        mpfr_set(z->lo, z->hi, MPFR_RNDN);
    }
    mpfr_clear(e);
}
