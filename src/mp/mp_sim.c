/* mp_sim.c - the high-precision run; see mp_sim.h and
 * spec/high_precision.md. */
#include "mp_sim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grow.h"
#include "impact.h"
#include "select.h"
#include "textbuf.h"

#define NSCAN 16       /* samples of a series per step when scanning roots */
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

/* ---- the state of a run -------------------------------------------------- */

typedef struct run {
    mp_model *M;
    mp_tape *T;
    const mp_options *o;
    mp_result *r;
    const layout *L;
    int K, ny, q, j;
    double log2tol;
    mpfr_t t, y[COLLIDE_NY_MAX];
    mpfr_t *Y[COLLIDE_NY_MAX];     /* series of the state on a step */
    unsigned char *mask[2], *point;
    unsigned char *sw[2];          /* switching nodes of mode q */
    int *sign;                     /* signs of the switching nodes on the piece */
    int *val;                      /* valuation in t of a switching node
                                      that is zero at the piece start */
    int sqrt_clock;                /* t = t* + (tau_a + s)^2, else t = t0 + s */
    mpfr_t t0, tau_a;              /* t0 (or t*), and tau_a */
    int at_start, landed;          /* first step of a piece; switch landed on */
    int held[LAW_NZ_MAX];          /* z_i held at its saturation on the piece */
    double runmax[COLLIDE_NY_MAX]; /* log2 of max |y_i| so far */
    double phimax;                 /* log2 of max |Phi| so far */
    double *nodemax;               /* log2 of the largest |value| at a step
                                      start of each node, so far */
    unsigned char *fractional;     /* the operand of a power p, 2p odd, or
                                      Phi computed through one: no touch */
    unsigned char *phidep;         /* the nodes Phi is computed from */
    int interval_start;            /* the step starts a flow interval */
    mpfr_t rate0[TR_COUNT];             /* |dg/dt| at its start, per transition */
    mp_collision cur;              /* the contact under way */
    mpfr_t delta_d;                /* Eq. (23) */
    int next_sample;
    zeno_ring zeno;                     /* the last events' times (engine.h) */
    mpfr_t h, hs;                  /* the step, and the state's own bound */
    mpfr_t a, b, c, d, s, u, w;    /* scratch */
} run;

/* The first failure of the run: its status and a diagnosis that gives
 * what stopped it, then where the run stands (as in the binary64 engine):
 * time, jump count, mode, the named state and the last events. */
static void fail(run *R, collide_status st, const char *msg)
{
    char *d = R->r->diagnosis, num[40];
    size_t len = sizeof R->r->diagnosis, used;
    int i, k, k0 = R->r->nevents > 3 ? R->r->nevents - 3 : 0;
    if (R->r->status != COLLIDE_OK)
        return;
    R->r->status = st;
    mpfr_snprintf(num, sizeof num, "%.17Rg", R->t);
    used = text_append(d, len, 0, "%s; t = %s s, j = %d, mode %d (%s), state (",
                       msg, num, R->j, R->q, impact_mode_name(R->q));
    for (i = 0; i < R->ny; i++) {
        mpfr_snprintf(num, sizeof num, "%.17Rg", R->y[i]);
        used = text_append(d, len, used, "%s%s = %s", i ? ", " : "",
                           impact_component_name(R->L, i), num);
    }
    used = text_append(d, len, used, "); last events: %s",
                       R->r->nevents ? "" : "none");
    for (k = k0; k < R->r->nevents; k++) {
        mpfr_snprintf(num, sizeof num, "%.17Rg", R->r->events[k].t);
        used = text_append(d, len, used, "%s'%s' at t = %s s", k > k0 ? ", " : "",
                           transition_name(R->r->events[k].d.tr), num);
    }
}

static double log2abs(mpfr_srcptr x)
{
    long e;
    double m;
    if (mpfr_zero_p(x))
        return -HUGE_VAL;
    m = mpfr_get_d_2exp(&e, x, MPFR_RNDN);
    return log2(fabs(m)) + (double)e;
}

static int sgn_of(mpfr_srcptr x) { return mpfr_sgn(x) > 0 ? 1 : mpfr_sgn(x) < 0 ? -1 : 0; }

/* ---- evaluation of the tape ----------------------------------------------- */

/* Sets coefficient k of the MP_VAR nodes (from the series Y) and of t. */
static void set_inputs(run *R, int k)
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

/* The valuation nu of the operand of power node x: 0 when the operand is
 * not zero at the start, else nu_zero. */
static void set_valuation(const mp_tape *T, mp_node *x, int nu_zero)
{
    if (x->op == MP_POWSGN || x->op == MP_POWABS)
        x->nu = mpfr_zero_p(T->node[x->a].c[0]) ? nu_zero : 0;
}

/* The least valuation in t, 1, or 2 (in sqrt(t - t*)) for a fractional
 * exponent, that makes nu p an integer: a power of a zero operand
 * evaluated to order 0 or 1 by it is the one-sided value and rate. */
static int analytic_nu(const mp_node *x)
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
            set_valuation(T, x, R->val[x->a] * (R->sqrt_clock ? 2 : 1));
        if (mp_tape_eval_node(T, i, k) != 0)
            return -1;
    }
    return 0;
}

/* Copies the piece's signs into the switching nodes. */
static void apply_signs(run *R)
{
    int i;
    for (i = 0; i < R->T->n; i++)
        R->T->node[i].sign = R->sign[i];
}

/* The series of the state in mode q to order K from (t, y) (Eqs. 74, 81
 * with the quadratures): y_{k+1} = (F t')_k / (k+1). */
static int state_series(run *R)
{
    mp_tape *T = R->T;
    const int *F = R->M->flow[R->q];
    int i, k;
    apply_signs(R);
    for (i = 0; i < R->ny; i++)
        mpfr_set(R->Y[i][0], R->y[i], MPFR_RNDN);
    for (k = 0; k <= R->K; k++) {
        set_inputs(R, k);
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

/* Holds each Bouc-Wen state that has reached its saturation (mp_model.h)
 * on the piece: z_i within the tolerance (times its scale, the largest
 * |z_i| so far) of s zeta, with s = sgn z_i the sign of the drive u on
 * the piece, is set to s zeta and kept there (dz_i/dt = 0) until the
 * piece ends, at the latest where u changes sign (u is a switching
 * function: the operand of |u| in Psi). The set is invariant while u
 * keeps the sign s and attracting (Psi = s |u| (A - (beta + gamma)
 * |z|^n) drives |z| to zeta at the rate n (beta + gamma) zeta^(n-1) |u|),
 * so the state moved by at most the tolerance stays within it. Without
 * the hold that rate makes the series stiff: for n = 1 and beta + gamma
 * = 1e10 m^-1 the steps were bounded by about 1e-8 s over the whole
 * contact. */
static void hold_saturated(run *R)
{
    int i;
    if (R->q != 1)
        return;
    for (i = 0; i < LAW_NZ_MAX; i++) {
        int u = R->M->sat_u[i], zi = R->L->z + i;
        double scale;    /* (the signs of a piece are +1 or -1) */
        if (u < 0 || R->held[i] || sgn_of(R->y[zi]) != R->sign[u])
            continue;
        mpfr_mul_si(R->a, R->M->sat_zeta[i], R->sign[u], MPFR_RNDN);
        mpfr_sub(R->b, R->y[zi], R->a, MPFR_RNDN);
        scale = log2abs(R->y[zi]) > R->runmax[zi] ? log2abs(R->y[zi])
                                                    : R->runmax[zi];
        if (log2abs(R->b) > R->log2tol + scale)
            continue;
        mpfr_set(R->y[zi], R->a, MPFR_RNDN);
        R->held[i] = 1;
        R->r->holds++;
    }
}

/* Order-0 values of the point nodes (storage, forces) at (t, y) in mode
 * q, with the signs of the values (a zero operand counts as +). */
static int point_eval(run *R, mpfr_srcptr t, mpfr_t *y)
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
        set_valuation(T, x, analytic_nu(x));
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
        set_inputs(R, k);
        left = 0;
        for (i = 0; i < T->n; i++) {
            mp_node *x = &T->node[i];
            if (!mask[i])
                continue;
            if (mp_tape_eval_node(T, i, k) != 0)
                return -1;
            if (R->sw[R->q][i] && x->sign == 0 && !mpfr_zero_p(x->c[k])) {
                x->sign = sgn_of(x->c[k]);
                R->val[i] = k;
            }
            left |= R->sw[R->q][i] && x->sign == 0;
        }
        if (!left)
            return 0;
    }
    return -1;
}

/* At the start of a piece: the sign of every switching node (of its
 * value; of its first non-zero derivative when it is zero; the one just
 * landed on changes sign), and the clock: sqrt(t - t*) when a power of a
 * zero operand is not analytic in t. */
static int begin_piece(run *R)
{
    mp_tape *T = R->T;
    const unsigned char *mask = R->mask[R->q];
    int i, undecided = 0, fractional = 0;
    mpfr_set(R->t0, R->t, MPFR_RNDN);
    mpfr_set_zero(R->tau_a, 1);
    R->sqrt_clock = 0;
    for (i = 0; i < LAW_NZ_MAX; i++)
        R->held[i] = 0;      /* decided again on the new piece */
    apply_signs(R);
    for (i = 0; i < R->ny; i++)
        mpfr_set(R->Y[i][0], R->y[i], MPFR_RNDN);
    set_inputs(R, 0);
    for (i = 0; i < T->n; i++) {
        mp_node *x = &T->node[i];
        R->val[i] = 1;
        if (!mask[i])
            continue;
        set_valuation(T, x, 8);   /* powers of zero operands: 0 to order 3 */
        if (mp_tape_eval_node(T, i, 0) != 0)
            return -1;
        if (!R->sw[R->q][i])
            continue;
        if (!mpfr_zero_p(x->c[0]))
            x->sign = sgn_of(x->c[0]);
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

/* t at local variable s: t0 + s, or t* + (tau_a + s)^2. */
static void time_at(run *R, mpfr_t t, mpfr_srcptr s)
{
    if (!R->sqrt_clock) {
        mpfr_add(t, R->t0, s, MPFR_RNDN);
        return;
    }
    mpfr_add(R->u, R->tau_a, s, MPFR_RNDN);
    mpfr_sqr(R->u, R->u, MPFR_RNDN);
    mpfr_add(t, R->t0, R->u, MPFR_RNDN);
}

/* The local variable at time t (t within the piece). */
static void sigma_at(run *R, mpfr_t s, mpfr_srcptr t)
{
    mpfr_sub(s, t, R->t0, MPFR_RNDN);
    if (!R->sqrt_clock)
        return;
    if (mpfr_sgn(s) < 0)
        mpfr_set_zero(s, 1);
    mpfr_sqrt(s, s, MPFR_RNDN);
    mpfr_sub(s, s, R->tau_a, MPFR_RNDN);
}

/* dt/ds at s: 1, or 2 (tau_a + s). */
static void clock_rate(run *R, mpfr_t r, mpfr_srcptr s)
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
        double a = log2abs(c[k]);
        double hk = (R->log2tol + scale - a) / k;
        if (k > 0 && a > -HUGE_VAL && hk < h)
            h = hk;
    }
    return h;
}

/* log2 of the step: every component of the state within the tolerance
 * relative to the largest |y_i| so far (or, for a component that has been
 * zero, to the size of its first terms over the step), and Phi, a guard
 * whose root is located on its own series, relative to its largest value
 * so far. */
static double step_log2(run *R, double *state_only)
{
    double h = HUGE_VAL, scale[COLLIDE_NY_MAX];
    int i, k, pass;
    for (i = 0; i < R->ny; i++) {
        double a = log2abs(R->y[i]);
        scale[i] = a > R->runmax[i] ? a : R->runmax[i];
    }
    for (pass = 0; pass < 2; pass++)
        for (i = 0; i < R->ny; i++) {
            double b;
            if ((pass == 0) != (scale[i] > -HUGE_VAL))
                continue;
            if (pass == 1) {
                for (k = 1; k <= 3 && k < R->K; k++) {
                    double a = log2abs(R->Y[i][k]) + k * (h < 1e300 ? h : 0);
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
        double a = log2abs(phi[0]), b, scale;
        if (a > R->phimax)
            R->phimax = a;
        scale = R->phimax;
        for (k = 1; k <= 3 && k < R->K && h < 1e300; k++) {
            a = log2abs(phi[k]) + k * h;   /* Phi has been 0: its first terms */
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

typedef struct root {
    int found;
    mpfr_t s, lo, hi;
} root;

/* sign of s_fn * (the series c at x), 0 for zero. */
static int sign_at(run *R, mpfr_t *c, int s_fn, mpfr_srcptr x)
{
    mp_series_value(R->w, c, R->K, x, R->u);
    return s_fn * sgn_of(R->w);
}

/* The crossing of the series c (times s_fn) from positive to not positive
 * within [lo, hi]: bisection safeguarded Newton to the working precision.
 * On return lo has sign > 0 (or is the start) and hi sign <= 0. */
static void refine(run *R, mpfr_t *c, int s_fn, root *z)
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
            mp_series_slope(R->b, c, R->K, z->hi, R->u);
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

/* An extremum of the series c inside (lo, hi), where its slope changes
 * sign, located by bisection on the slope into e. */
static void extremum(run *R, mpfr_t *c, mpfr_srcptr lo, mpfr_srcptr hi,
                     mpfr_t e)
{
    int it, s0;
    mpfr_t a, b;
    mpfr_inits2(R->T->prec, a, b, (mpfr_ptr)0);
    mpfr_set(a, lo, MPFR_RNDN);
    mpfr_set(b, hi, MPFR_RNDN);
    mp_series_slope(R->w, c, R->K, a, R->u);
    s0 = sgn_of(R->w);
    for (it = 0; it < (int)R->T->prec + 8; it++) {
        mpfr_add(e, a, b, MPFR_RNDN);
        mpfr_div_2ui(e, e, 1, MPFR_RNDN);
        mp_series_slope(R->w, c, R->K, e, R->u);
        if (sgn_of(R->w) == s0)
            mpfr_set(a, e, MPFR_RNDN);
        else
            mpfr_set(b, e, MPFR_RNDN);
    }
    mpfr_clears(a, b, (mpfr_ptr)0);
}

/* The first s in (0, h] where s_fn * c crosses (see crosses()). The
 * series is sampled at NSCAN + 1 points and, where its slope changes
 * sign between two of them, at the extremum in between, so that a
 * return to the same side within one interval (a short flight) is not
 * missed. A touch is no crossing: an extremum beyond zero by no more
 * than the tolerance times the function's scale (2^scale, its largest
 * value so far), after which the function is back on its side at the
 * end of the interval (the top of an undamped contact from rest, where
 * x_c and Phi come back to 0 with v = 0: the exact extremum is zero, the
 * computed one beyond it or not by the rounding of the run), as in the
 * binary64 engine (engine.c guard_touch). scale = -HUGE_VAL: no touch
 * (a switching function under a fractional power, whose zero is a
 * singular point that ends the piece even at a touch). */
static void scan(run *R, mpfr_t *c, int s_fn, int guard, double scale,
                 mpfr_srcptr h, root *z)
{
    int m, k, prev = 0, cur, slope_prev = 0, slope, hit = 0;
    mpfr_t e;
    z->found = 0;
    for (k = 1; k <= R->K && mpfr_zero_p(c[k]); k++)
        ;
    if (k > R->K)
        return;                 /* a constant: it does not cross */
    mpfr_init2(e, R->T->prec);
    mpfr_set_zero(z->lo, 1);
    for (m = 0; m <= NSCAN && !hit; m++) {
        int first = m == 1, at_start = R->at_start && m == 1;
        mpfr_mul_ui(z->hi, h, (unsigned long)m, MPFR_RNDN);
        mpfr_div_ui(z->hi, z->hi, NSCAN, MPFR_RNDN);
        cur = sign_at(R, c, s_fn, z->hi);
        mp_series_slope(R->w, c, R->K, z->hi, R->u);
        slope = sgn_of(R->w);
        if (m > 0 && slope * slope_prev < 0) {
            /* an extremum inside: the interval is two monotone pieces */
            int mid;
            extremum(R, c, z->lo, z->hi, e);
            mid = sign_at(R, c, s_fn, e);
            if (crosses(guard, at_start, first, prev, mid) &&
                scale > -HUGE_VAL && log2abs(R->w) <= R->log2tol + scale &&
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
            refine(R, c, guard ? -s_fn : s_fn, z); /* + before the crossing */
            break;
        }
        prev = cur;
        slope_prev = slope;
        mpfr_set(z->lo, z->hi, MPFR_RNDN);
    }
    mpfr_clear(e);
}

/* ---- results ---------------------------------------------------------------- */

static void collision_init(mp_collision *c, mpfr_prec_t prec)
{
    int k;
    c->i = 0;
    for (k = 0; k < TC_N; k++) {
        mpfr_init2(c->v[k], prec);
        mpfr_set_zero(c->v[k], 1);
    }
}

static void collision_clear(mp_collision *c)
{
    int k;
    for (k = 0; k < TC_N; k++)
        mpfr_clear(c->v[k]);
}

static void collision_copy(mp_collision *to, const mp_collision *from)
{
    int k;
    to->i = from->i;
    for (k = 0; k < TC_N; k++)
        mpfr_set(to->v[k], from->v[k], MPFR_RNDN);
}

/* The value of node `node` at (t, y): V, F_c or F_e,r (order 0). */
static void point_value(run *R, mpfr_t out, int node, mpfr_srcptr t, mpfr_t *y)
{
    if (point_eval(R, t, y) != 0) {
        mpfr_set_nan(out);
        fail(R, COLLIDE_E_NONFINITE, "a storage or force could not be evaluated");
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
        point_value(R, out, R->M->contact_force, t, y);
}

static int add_sample(run *R, mpfr_srcptr t, int j, int q, int boundary,
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
    point_value(R, s->V, R->M->storage, t, y);
    point_value(R, s->fer, R->M->fer, t, y);
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

/* Grid samples in (t_prev, t_end] from the series of the step. */
static int sample_step(run *R, mpfr_srcptr t_end)
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
        sigma_at(R, R->s, ts);
        for (i = 0; i < R->ny; i++)
            mp_series_value(ys[i], R->Y[i], R->K, R->s, R->u);
        st = add_sample(R, ts, R->j, R->q, 0, ys);
        R->next_sample++;
    }
    mpfr_clear(ts);
    for (i = 0; i < R->ny; i++)
        mpfr_clear(ys[i]);
    return st;
}

/* ---- observables ----------------------------------------------------------- */

/* The largest of `current` and the node's value (|value| when absolute)
 * over [0, s_end] of the step: at s_end and at the zeros of its slope. */
static void step_max(run *R, int node, int absolute, mpfr_srcptr s_end,
                     mpfr_t current)
{
    mpfr_t *c = R->T->node[node].c;
    int m, prev = 0, it;
    root z;
    mpfr_inits2(R->T->prec, z.s, z.lo, z.hi, (mpfr_ptr)0);
    for (m = 0; m <= NSCAN + 1; m++) {
        int cur;
        if (m <= NSCAN) {
            mpfr_mul_ui(R->s, s_end, (unsigned long)m, MPFR_RNDN);
            mpfr_div_ui(R->s, R->s, NSCAN, MPFR_RNDN);
            mp_series_slope(R->a, c, R->K, R->s, R->u);
            cur = sgn_of(R->a);
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
                mp_series_slope(R->a, c, R->K, R->b, R->u);
                if (sgn_of(R->a) == prev)
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

/* The observables of contact c from the state at (t, 2i+1) (Eqs. 193-204). */
static void contact_observables(run *R, mp_collision *c, mpfr_srcptr t,
                                mpfr_t *y)
{
    const layout *L = R->L;
    mpfr_t *v = c->v;
    mpfr_set(v[TC_TS], t, MPFR_RNDN);                             /* (193) */
    mpfr_sub(v[TC_TD], v[TC_TS], v[TC_TE], MPFR_RNDN);            /* (194) */
    mpfr_set_nan(v[TC_TF]);                                       /* (195) */
    mpfr_set(v[TC_VS], y[L->v], MPFR_RNDN);
    mpfr_neg(v[TC_E], v[TC_VS], MPFR_RNDN);
    mpfr_div(v[TC_E], v[TC_E], v[TC_VI], MPFR_RNDN);              /* (197) */
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
    mpfr_div(v[TC_LAMBDA], v[TC_JFE], v[TC_JFC], MPFR_RNDN);      /* (204) */
    mpfr_sub(R->c, v[TC_VS], v[TC_VI], MPFR_RNDN);                /* (203) */
    mpfr_mul(R->c, R->c, R->M->mass, MPFR_RNDN);
    mpfr_sub(R->c, R->c, v[TC_JFC], MPFR_RNDN);
    mpfr_sub(v[TC_MOM], R->c, v[TC_JFE], MPFR_RNDN);
    mpfr_set(v[TC_IS], y[L->is_c], MPFR_RNDN);
    mpfr_set(v[TC_DC], y[L->dc_c], MPFR_RNDN);
}

/* residual = V_end - V_start + Delta_C + Delta_D - I_s (Eq. 24). */
static void residual(mpfr_t r, mpfr_srcptr v_end, mpfr_srcptr v_start,
                     mpfr_srcptr dc, mpfr_srcptr dd, mpfr_srcptr is)
{
    mpfr_sub(r, v_end, v_start, MPFR_RNDN);
    mpfr_add(r, r, dc, MPFR_RNDN);
    mpfr_add(r, r, dd, MPFR_RNDN);
    mpfr_sub(r, r, is, MPFR_RNDN);
}

static void begin_contact(run *R, mpfr_srcptr t, mpfr_t *after)
{
    mp_result *r = R->r;
    int k;
    if (r->ncollisions > 0) {
        mp_collision *p = &r->collisions[r->ncollisions - 1];
        if (mpfr_nan_p(p->v[TC_TF]))
            mpfr_sub(p->v[TC_TF], t, p->v[TC_TS], MPFR_RNDN);     /* (195) */
    }
    for (k = 0; k < TC_N; k++)
        mpfr_set_zero(R->cur.v[k], 1);     /* maxima start at 0: Eq. (60) */
    R->cur.i = r->ncollisions;
    mpfr_set(R->cur.v[TC_TE], t, MPFR_RNDN);                      /* (193) */
    mpfr_set(R->cur.v[TC_VI], after[R->L->v], MPFR_RNDN);         /* (196) */
    point_value(R, R->cur.v[TC_VSTART], R->M->storage, t, after);
}

static int end_contact(run *R, mpfr_srcptr t, mpfr_t *before, mpfr_t *after,
                       mpfr_srcptr d_jump)
{
    mp_result *r = R->r;
    mp_collision *c = &R->cur;
    contact_observables(R, c, t, before);
    point_value(R, c->v[TC_VEND], R->M->storage, t, after);
    mpfr_set(c->v[TC_DD], d_jump, MPFR_RNDN);
    residual(c->v[TC_RES], c->v[TC_VEND], c->v[TC_VSTART], c->v[TC_DC],
             c->v[TC_DD], c->v[TC_IS]);
    if (grow_array((void **)&r->collisions, &r->cap_collisions, r->ncollisions,
             sizeof *r->collisions))
        return -1;
    collision_init(&r->collisions[r->ncollisions], R->T->prec);
    collision_copy(&r->collisions[r->ncollisions++], c);
    return 0;
}

/* ---- events ------------------------------------------------------------------ */

/* Signs of x, v and Phi at (t, y) as doubles, for the binary64 logic. */
static void guard_signs(run *R, mpfr_srcptr t, mpfr_t *y, double *sx,
                        double *sv, double *sphi)
{
    *sx = sgn_of(y[R->L->x]);
    *sv = sgn_of(y[R->L->v]);
    point_value(R, R->c, R->M->phi, t, y);
    *sphi = sgn_of(R->c);
}

/* Whether (y, q) lies in C and D at once (Eqs. 77-78, hybrid.c), with the
 * guard of transition tr, which is zero at its event, taken as 0 (the
 * state computed there is zero only to the working precision, and the
 * sign of what is left would decide the answer). */
static int c_and_d(run *R, int q, int tr, mpfr_srcptr t, mpfr_t *y)
{
    double s[3];
    guard_signs(R, t, y, &s[0], &s[1], &s[2]);
    s[transition_guard(tr)] = 0.0;
    return event_in_c_and_d(q, transition_guard(tr), s[0], s[1], s[2]);
}

/* The reset of Eqs. (75), (82): x_c, z_c <- 0, q_c <- 1 - q_c; at a
 * commencement the accumulators of the contact start at 0. */
static void reset(run *R, int to, mpfr_t *after)
{
    const layout *L = R->L;
    int i;
    for (i = 0; i < R->ny; i++)
        mpfr_set(after[i], R->y[i], MPFR_RNDN);
    mpfr_set_zero(after[L->xc], 1);
    for (i = 0; i < L->nz; i++)
        mpfr_set_zero(after[L->z + i], 1);
    if (to == 1) {
        mpfr_set_zero(after[L->w], 1);
        mpfr_set_zero(after[L->jfc], 1);
        mpfr_set_zero(after[L->jfe], 1);
        mpfr_set_zero(after[L->is_c], 1);
        mpfr_set_zero(after[L->dc_c], 1);
    }
}

/* The ledger scale: the largest V and |I_s|, taken at t = 0, at T and on
 * both sides of every jump (the instants both engines compute whatever
 * their steps: impact.c track_scale). */
static void track_scale(run *R, mpfr_srcptr t, mpfr_t *y)
{
    mpfr_ptr scale = R->r->ledger.v[TL_SCALE];
    point_value(R, R->a, R->M->storage, t, y);
    if (mpfr_cmp(R->a, scale) > 0)
        mpfr_set(scale, R->a, MPFR_RNDN);
    mpfr_abs(R->a, y[R->L->is], MPFR_RNDN);
    if (mpfr_cmp(R->a, scale) > 0)
        mpfr_set(scale, R->a, MPFR_RNDN);
}

/* Jump by transition tr at the current (t, y): the event record, the
 * ledger increment of Eq. (23), the observables. */
static int take_event(run *R, int tr, const root *z, mpfr_srcptr margin,
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
    reset(R, to, e->after);
    e->d.c_and_d_before = c_and_d(R, R->q, tr, R->t, e->before);
    e->d.c_and_d_after = c_and_d(R, to, tr, R->t, e->after);
    /* Delta_D increment V(before) - V(after), Eq. (23), as
       V_c(before) - V_c(after): the kinetic parts, which the reset does
       not change, cancel exactly instead of in rounding */
    point_value(R, R->a, R->M->contact_storage, R->t, e->before);
    point_value(R, R->b, R->M->contact_storage, R->t, e->after);
    mpfr_sub(R->d, R->a, R->b, MPFR_RNDN);
    mpfr_add(R->delta_d, R->delta_d, R->d, MPFR_RNDN);
    track_scale(R, R->t, e->before);
    track_scale(R, R->t, e->after);
    if (add_sample(R, R->t, R->j, R->q, 1, e->before) ||
        add_sample(R, R->t, R->j + 1, to, 1, e->after))
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
        fail(R, COLLIDE_E_ZENO, "too many events within the Zeno window");
        return -1;
    }
    return 0;
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
            clock_rate(R, R->a, R->tau_a);     /* at s = 0 */
            mpfr_set_zero(R->b, 1);
            clock_rate(R, R->a, R->b);
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
    clock_rate(R, R->c, s);
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
    apply_signs(R);
    R->sqrt_clock = 0;
    mpfr_set(R->t0, R->t, MPFR_RNDN);
    for (k = 0; k <= 1; k++) {
        for (i = 0; i < R->ny; i++)
            if (k == 0)
                mpfr_set(R->Y[i][0], R->y[i], MPFR_RNDN);
            else
                mpfr_set(R->Y[i][1], T->node[R->M->flow[R->q][i]].c[0], MPFR_RNDN);
        set_inputs(R, k);
        for (i = 0; i < T->n; i++) {
            mp_node *x = &T->node[i];
            if (!mask[i])
                continue;
            if (k == 0)
                set_valuation(T, x, analytic_nu(x));
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
    return transition_enabled(tr, sgn_of(R->a), sgn_of(R->b), sgn_of(R->c));
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
        scan(R, R->T->node[g].c, transition_sigma(tr), 1,
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
        scan(R, T->node[i].c, R->sign[i], 0,
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
    double ls = log2abs(s), bound = R->log2tol + scale;
    int k;
    for (k = R->K - 1; k <= R->K; k++) {   /* log2 of a sum of 3: max + 2 */
        double t = log2((double)R->K) + log2abs(c[k]) + k * ls;
        if (t > bound)
            bound = t;
    }
    mp_series_value(R->a, c, R->K, s, R->u);
    return log2abs(R->a) <= bound + 2;
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
        a = log2abs(R->y[i]);
        if (a > R->runmax[i])
            R->runmax[i] = a;
    }
    if (to_end)
        mpfr_set(R->t, R->M->T, MPFR_RNDN);
    else
        time_at(R, R->t, s);
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
    int b = begin_piece(R);
    R->r->pieces++;
    if (b == 0)
        return 0;
    fail(R, COLLIDE_E_EVENT, "a switching function starts at zero with zero "
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
        a = log2abs(R->T->node[i].c[0]);
        if (a > R->nodemax[i])
            R->nodemax[i] = a;
    }
}

/* One step: the series, its size, the first event or switching zero,
 * the observables and samples over it, and the move. Returns 1 at T. */
static int step(run *R)
{
    cut best;
    int at_end = 0, st;
    double hl, hs;
    hold_saturated(R);
    if (state_series(R) != 0) {
        char msg[256];
        mpfr_snprintf(msg, sizeof msg, "t = %.17Rg: a Taylor coefficient is "
                      "undefined (a power of a switching function that is "
                      "zero with zero slope, or on the wrong side of zero)",
                      R->t);
        fail(R, COLLIDE_E_NONFINITE, msg);
        return -1;
    }
    track_node_scales(R);
    mpfr_inits2(R->T->prec, best.z.s, best.z.lo, best.z.hi, best.margin,
                best.rate_scale, (mpfr_ptr)0);
    best.kind = 0;
    if (R->interval_start)
        record_start_rates(R);
    hl = step_log2(R, &hs);

    sigma_at(R, R->hs, R->M->T);
    if (hs < 1000 && log2abs(R->hs) > hs)
        mpfr_set_d(R->hs, exp2(hs), MPFR_RNDN);
    sigma_at(R, R->h, R->M->T);                  /* to the horizon */
    if (hl < 1000 && log2abs(R->h) > hl)
        mpfr_set_d(R->h, exp2(hl), MPFR_RNDN);
    else
        at_end = 1;
    mpfr_set(best.z.s, R->h, MPFR_RNDN);
    step_end(R, &best);
    if (best.kind != 0)
        at_end = 0;
    if (R->q == 1) {
        step_max(R, R->M->xc, 1, best.z.s, R->cur.v[TC_XCMAX]);
        step_max(R, R->M->contact_force, 0, best.z.s, R->cur.v[TC_FCMAX]);
    }
    time_at(R, R->a, best.z.s);
    if (best.kind == 1 || best.kind == 3) {
        /* a grid time at the event, to within 100 times the tolerance, is
           sampled before the jump, whichever side of it the root fell */
        mpfr_abs(R->b, R->a, MPFR_RNDN);
        mpfr_mul_d(R->b, R->b, exp2(R->log2tol + log2(100.0)), MPFR_RNDN);
        mpfr_add(R->a, R->a, R->b, MPFR_RNDN);
    }
    st = sample_step(R, at_end ? R->M->T : R->a);
    if (best.kind == 1 || best.kind == 3) {   /* the event's bracket, as times */
        time_at(R, best.z.lo, best.z.lo);
        time_at(R, best.z.hi, best.z.hi);
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
        st = take_event(R, best.id, &best.z, best.margin, best.rate_scale);
    if (st == 0 && best.kind != 0)
        st = next_piece(R);
    mpfr_clears(best.z.s, best.z.lo, best.z.hi, best.margin, best.rate_scale,
                (mpfr_ptr)0);
    if (st != 0) {
        fail(R, COLLIDE_E_MEMORY, "out of memory");
        return -1;
    }
    return at_end;
}

/* ---- the run ------------------------------------------------------------------- */

/* The order for a tolerance of 10^-digits (Jorba and Zou 2005). */
static int taylor_order(double digits)
{
    int K = (int)ceil(digits * log(10.0) / 2.0) + 1;
    return K < 8 ? 8 : K > ORDER_MAX ? ORDER_MAX : K;
}

static int run_init(run *R, mp_model *M, const mp_options *o, mp_result *r)
{
    mpfr_prec_t prec = M->prec;
    int i, q, roots[5];
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
    mpfr_inits2(prec, R->rate0[0], R->rate0[1], R->rate0[2], R->rate0[3],
                (mpfr_ptr)0);
    mpfr_inits2(prec, R->t, R->t0, R->tau_a, R->delta_d, R->a, R->b, R->c,
                R->d, R->h, R->hs, R->s, R->u, R->w, (mpfr_ptr)0);
    mpfr_set_zero(R->delta_d, 1);
    collision_init(&R->cur, prec);
    for (i = 0; i < R->ny; i++)   /* all of them: run_clear clears them */
        mpfr_init2(R->y[i], prec);
    for (i = 0; i < R->ny; i++) {
        R->Y[i] = malloc((size_t)(R->K + 1) * sizeof(mpfr_t));
        if (!R->Y[i])
            return -1;
        for (q = 0; q <= R->K; q++)
            mpfr_init2(R->Y[i][q], prec);
        R->runmax[i] = -HUGE_VAL;
    }
    R->mask[0] = calloc((size_t)R->T->n, 1);
    R->mask[1] = calloc((size_t)R->T->n, 1);
    R->point = calloc((size_t)R->T->n, 1);
    R->sw[0] = calloc((size_t)R->T->n, 1);
    R->sw[1] = calloc((size_t)R->T->n, 1);
    R->sign = malloc((size_t)R->T->n * sizeof *R->sign);
    R->val = malloc((size_t)R->T->n * sizeof *R->val);
    R->nodemax = malloc((size_t)R->T->n * sizeof *R->nodemax);
    R->fractional = calloc((size_t)R->T->n, 1);
    if (!R->mask[0] || !R->mask[1] || !R->point || !R->sign || !R->val ||
        !R->nodemax || !R->fractional ||
        !R->sw[0] ||
        !R->sw[1] ||
        mp_tape_set_order(R->T, R->K) != 0)
        return -1;
    for (i = 0; i < R->T->n; i++) {
        const mp_node *x = &R->T->node[i];
        R->sign[i] = R->val[i] = 1;
        R->nodemax[i] = -HUGE_VAL;
        if ((x->op == MP_POWSGN || x->op == MP_POWABS) && x->p_twice % 2 != 0)
            R->fractional[x->a] = 1;
    }
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
    {   /* Phi through a fractional power: its touch is a singular point */
        unsigned char *dep = R->phidep = calloc((size_t)R->T->n, 1);
        if (!dep)
            return -1;
        mp_tape_mark(R->T, &M->phi, 1, dep);
        for (i = 0; i < R->T->n; i++) {
            const mp_node *x = &R->T->node[i];
            if (dep[i] && (x->op == MP_POWSGN || x->op == MP_POWABS) &&
                x->p_twice % 2 != 0)
                R->fractional[M->phi] = 1;
        }
    }
    roots[0] = M->storage;
    roots[1] = M->contact_force;
    roots[2] = M->fer;
    roots[3] = M->phi;
    roots[4] = M->contact_storage;
    mp_tape_mark(R->T, roots, 5, R->point);
    return 0;
}

static void run_clear(run *R)
{
    int i, k;
    mpfr_clears(R->rate0[0], R->rate0[1], R->rate0[2], R->rate0[3],
                (mpfr_ptr)0);
    mpfr_clears(R->t, R->t0, R->tau_a, R->delta_d, R->a, R->b, R->c, R->d,
                R->h, R->hs, R->s, R->u, R->w, (mpfr_ptr)0);
    collision_clear(&R->cur);
    for (i = 0; i < R->ny; i++) {
        mpfr_clear(R->y[i]);
        if (R->Y[i])
            for (k = 0; k <= R->K; k++)
                mpfr_clear(R->Y[i][k]);
        free(R->Y[i]);
    }
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

/* The initial state, Eqs. (79), (84): x0, v0 (and x_m0, v_m0), the rest 0. */
static void initial_state(run *R)
{
    const layout *L = R->L;
    int i;
    for (i = 0; i < R->ny; i++)
        mpfr_set_zero(R->y[i], 1);
    mpfr_set(R->y[L->x], R->M->x0, MPFR_RNDN);
    mpfr_set(R->y[L->v], R->M->v0, MPFR_RNDN);
    if (R->M->m->sys == SYS_HF) {
        mpfr_set(R->y[L->xm], R->M->xm0, MPFR_RNDN);
        mpfr_set(R->y[L->vm], R->M->vm0, MPFR_RNDN);
    }
    mpfr_set_zero(R->t, 1);
}

/* The ledger of the run (Eq. 24) and the contact under way at T. */
static void finish(run *R, mpfr_t *y0)
{
    mp_result *r = R->r;
    mpfr_t *l = r->ledger.v;
    mpfr_t zero;
    mpfr_init2(zero, R->T->prec);
    mpfr_set_zero(zero, 1);
    point_value(R, l[TL_V_START], R->M->storage, zero, y0);
    point_value(R, l[TL_V_END], R->M->storage, R->t, R->y);
    mpfr_set(l[TL_IS], R->y[R->L->is], MPFR_RNDN);
    mpfr_set(l[TL_DC], R->y[R->L->dc], MPFR_RNDN);
    mpfr_set(l[TL_DD], R->delta_d, MPFR_RNDN);
    residual(l[TL_RES], l[TL_V_END], l[TL_V_START], l[TL_DC], l[TL_DD],
             l[TL_IS]);
    track_scale(R, R->t, R->y); /* the end (the start and the jumps are in) */
    r->final_contact = R->q == 1;
    if (!r->final_contact) {
        mpfr_clear(zero);
        return;
    }
    collision_copy(&r->final_partial, &R->cur);
    contact_observables(R, &r->final_partial, R->t, R->y);
    mpfr_set(r->final_partial.v[TC_VEND], l[1], MPFR_RNDN);
    mpfr_set_zero(r->final_partial.v[TC_DD], 1);
    residual(r->final_partial.v[TC_RES], l[1], r->final_partial.v[TC_VSTART],
             r->final_partial.v[TC_DC], zero, r->final_partial.v[TC_IS]);
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
    fail(R, COLLIDE_E_PROGRESS, msg);
}

/* Rule R2: the state flows only while it is in the flow set C (Eq. 77).
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
    guard_signs(R, R->t, R->y, &sx, &sv, &sphi);
    if (flow_set(R->q, sx, sv, sphi))
        return 0;
    for (tr = 0; tr < TR_COUNT; tr++)
        elig[tr] = transition_from(tr) == R->q &&
                   transition_enabled(tr, sx, sv, sphi);
    tr = event_select(4, tau, elig);
    if (tr < 0) {
        fail(R, COLLIDE_E_EVENT, "the state is outside the flow set and no "
             "transition is enabled");
        return -1;
    }
    mpfr_inits2(R->T->prec, z.s, z.lo, z.hi, (mpfr_ptr)0);
    mpfr_set_zero(z.s, 1);
    mpfr_set(z.lo, R->t, MPFR_RNDN);
    mpfr_set(z.hi, R->t, MPFR_RNDN);
    st = take_event(R, tr, &z, z.s, z.s);
    if (st == 0)
        st = next_piece(R);
    if (st != 0)     /* a failure not yet said is the events table's memory */
        fail(R, COLLIDE_E_MEMORY, "out of memory");
    mpfr_clears(z.s, z.lo, z.hi, (mpfr_ptr)0);
    *jumped = 1;
    return st;
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
    collision_init(&r->final_partial, M->prec);
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
    initial_state(&R);
    for (i = 0; i < R.ny; i++) {
        mpfr_init2(y0[i], M->prec);
        mpfr_set(y0[i], R.y[i], MPFR_RNDN);
    }
    if (begin_piece(&R) != 0)
        fail(&R, COLLIDE_E_EVENT, "the initial state has a switching "
             "function at zero with zero slope");
    else if (add_sample(&R, R.t, 0, 0, 0, R.y) == 0)
        R.next_sample = 1;
    track_scale(&R, R.t, R.y);
    while (r->status == COLLIDE_OK && st == 0) {
        if (r->steps >= o->run.engine.max_steps) {
            fail(&R, COLLIDE_E_STEP, "max_steps reached before T");
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
        collision_clear(&r->collisions[i]);
    for (i = 0; i < r->nsamples; i++) {
        mp_sample *s = &r->samples[i];
        mpfr_clears(s->t, s->fc, s->V, s->fer, (mpfr_ptr)0);
        for (k = 0; k < r->ny; k++)
            mpfr_clear(s->y[k]);
    }
    free(r->events);
    free(r->collisions);
    free(r->samples);
    collision_clear(&r->final_partial);
    for (k = 0; k < TL_N; k++)
        mpfr_clear(r->ledger.v[k]);
    memset(r, 0, sizeof *r);
}

int mp_same_rows(const mp_result *r, const mp_result *rb)
{
    return r->nevents == rb->nevents && r->ncollisions == rb->ncollisions &&
           r->nsamples == rb->nsamples && r->final_contact == rb->final_contact;
}
