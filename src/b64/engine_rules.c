/* engine_rules.c - the small decision rules of the binary64 engine's step
 * loop; see engine_rules.h (band_sign is defined there, static inline,
 * and proved here). */
#include "engine_rules.h"

int opposite_signs(const double *ka, const double *kb, int nk)
{
    int i;
    /*@ loop invariant 0 <= i <= nk;
      @ loop invariant \forall integer j; 0 <= j < i ==>
      @   !strict_sign_change(ka[j], kb[j]);
      @ loop assigns i;
      @ loop variant nk - i;
      @*/
    for (i = 0; i < nk; i++)
        if ((ka[i] > 0.0 && kb[i] < 0.0) || (ka[i] < 0.0 && kb[i] > 0.0))
            return 1;
    return 0;
}

double step_floor(double t)
{
    return 16.0 * DBL_EPSILON * absval(t);
}

double stop_min(double a, double b)
{
    double s = absval(a) > absval(b) ? absval(a) : absval(b);
    return 8.0 * DBL_EPSILON * s + DBL_MIN;
}

int negligible_straddle(double d, double h, double t)
{
    return d <= SWITCH_SLACK * h || d <= 32.0 * DBL_EPSILON * absval(t);
}

/* Whether switching function i of the samples kv[0 .. n][i] is of one
 * strict sign at all of them (spec/engine_rules.acsl, strict_sign_all). */
/*@ requires 0 <= n < INT_MAX;
  @ requires 0 <= i < ENGINE_NSWITCH_MAX;
  @ requires \valid_read(kv + (0 .. n));
  @ assigns \nothing;
  @ ensures strict_sign_all: \result == 1 <==> strict_sign_all(kv, n, i);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
static int strict_sign_at_all(double kv[][ENGINE_NSWITCH_MAX], int n, int i)
{
    int pos = kv[0][i] > 0.0, neg = kv[0][i] < 0.0, k;
    /*@ loop invariant 1 <= k <= n + 1;
      @ loop invariant pos == 0 || pos == 1;
      @ loop invariant neg == 0 || neg == 1;
      @ loop invariant pos == 1 <==> (\forall integer j; 0 <= j < k ==>
      @   \lt_double((double)0.0, kv[j][i]));
      @ loop invariant neg == 1 <==> (\forall integer j; 0 <= j < k ==>
      @   \lt_double(kv[j][i], (double)0.0));
      @ loop assigns k, pos, neg;
      @ loop variant n + 1 - k;
      @*/
    for (k = 1; k <= n; k++) {
        pos = pos && kv[k][i] > 0.0;
        neg = neg && kv[k][i] < 0.0;
    }
    return pos || neg;
}

int enclosure_coeffs(const dop853_step_data *s, int comp, double sg,
                     double *r, double *msum)
{
    double m = 0.0;
    int j;
    /*@ loop invariant 0 <= j <= BERN7_N;
      @ loop invariant usable: \forall integer i; 0 <= i < j ==>
      @   coeff_bounded(oriented_coeff(sg, \at(s->cont[i][comp], Pre)));
      @ loop invariant coeffs: \forall integer i; 0 <= i < j ==>
      @   r[i] \in {oriented_coeff(sg, \at(s->cont[i][comp], Pre))};
      @ loop invariant sum: m \in {coeff_abs_sum{Pre}(s, comp, sg, j)};
      @ loop assigns j, m, r[0 .. BERN7_N - 1];
      @ loop variant BERN7_N - j;
      @*/
    for (j = 0; j < BERN7_N; j++) {
        r[j] = sg * s->cont[j][comp];
        if (!(absval(r[j]) <= 0x1p996))
            return 0;
        m += absval(r[j]);
    }
    *msum = m;
    return 1;
}

int sign_changes(double kv[][ENGINE_NSWITCH_MAX], int n, int nk)
{
    int i;
    /*@ loop invariant 0 <= i <= nk;
      @ loop invariant \forall integer j; 0 <= j < i ==>
      @   strict_sign_all(kv, n, j);
      @ loop assigns i;
      @ loop variant nk - i;
      @*/
    for (i = 0; i < nk; i++)
        if (!strict_sign_at_all(kv, n, i))
            return 1;
    return 0;
}

double switching_secant_lower(double cap, double least)
{
    return cap > 0.0 && cap < least ? cap : least;
}

int switching_straddles(double x0, double e0, double x1, double e1, int i,
                        int passed, int passed_sign)
{
    int a = screen_sign(x0, e0, 0, i, passed, passed_sign);
    int b = band_sign(x1, e1);
    return a != 0 && b != 0 && a != b;
}

double switching_secant_cap(double h, double x0, double x1)
{
    return h * (x0 / (x0 - x1));
}

double switching_secant_step(double h, double x0, double e0, double x1,
                             double e1, int i, int passed, int passed_sign,
                             double least)
{
    if (!switching_straddles(x0, e0, x1, e1, i, passed, passed_sign))
        return least;
    return switching_secant_lower(switching_secant_cap(h, x0, x1), least);
}

double switching_secant_least(double h, const double *k0, const double *n0,
                              const double *k1, const double *n1, int nk,
                              int passed, int passed_sign, double none)
{
    double least = none;
    int i;
    /*@ loop invariant 0 <= i <= nk;
      @ loop invariant least \in
      @   {secant_least(h, k0, n0, k1, n1, i, passed, passed_sign, none)};
      @ loop assigns i, least;
      @ loop variant nk - i;
      @*/
    for (i = 0; i < nk; i++)
        least = switching_secant_step(h, k0[i], n0[i], k1[i], n1[i], i,
                                      passed, passed_sign, least);
    return least;
}

/* The least of limit and x, a NaN x no limit (limit_lower). */
/*@ assigns \nothing;
  @ ensures lower: \result \in {limit_lower(x, limit)};
  @*/
static double lower_limit(double x, double limit)
{
    return x < limit ? x : limit;
}

double step_end_at(double t, double h, double T, double bp, double pend,
                   double aim)
{
    double limit = lower_limit(pend, lower_limit(bp, T)), t1 = t + h;
    if (aim > t && aim < limit)
        limit = aim;
    //@ assert limit: limit \in {step_limit_of(T, bp, pend, aim, t)};
    return t1 >= limit - stop_min(t, limit) ? limit : t1;
}

int first_step_usable(double h, double t, double T)
{
    return finite_double(h) && h > 0.0 &&
           h >= FLOOR_MARGIN * step_floor(t) && h <= T - t;
}

int predict_brackets(double k1, double n1, double ka, double na, double kb,
                     double nb)
{
    int sa = band_sign(ka, na), sb = band_sign(kb, nb);
    return band_sign(k1, n1) != 0 && sa != 0 && sb != 0 && sa != sb;
}

double resume_step(double h, double h_free)
{
    return h < h_free ? h_free : h;
}

double switching_cap_at(double hs, double sh, double h, int first,
                        double h_free)
{
    if (!(hs < sh))
        return h;
    return fmin_number(fmax_number(hs, 0.1 * h),
                       first ? fmax_number(h, h_free) : h);
}

double touch_rate_change(double ra, double rb, double ta, double tb)
{
    return absval(rb - ra) / (tb - ta);
}

int touch_within(double m, double g2, double band)
{
    return m * m <= 2.0 * g2 * band;
}

double resolution_time(double dt, double atol, double rtol, double y,
                       double dy)
{
    return fmin_number(dt, (atol + rtol * absval(y)) / absval(dy));
}

double event_margin(double margin, double res)
{
    return absval(margin) <= res ? 0.0 : margin;
}

double event_rate_scale(double margin, double rate0)
{
    return fmax_number(absval(margin), rate0);
}

double graze_threshold(double graze_tol, double rate_scale, double res)
{
    return fmax_number(graze_tol * rate_scale, res);
}

void jump_commit(int *q, int *j, double t, int to, int tr,
                 double *ring_t, int *ring_tr, long *count, int n)
{
    long slot = *count % n;
    *q = to;
    *j += 1;
    ring_t[slot] = t;
    ring_tr[slot] = tr;
    *count += 1;
}

int flow_advance(double *t, double te)
{
    if (!(finite_double(te) && *t <= te))
        return 0;
    *t = te;
    return 1;
}

double guard_change(double gu, double gd, double g0)
{
    return fmax_number(absval(gu - g0), absval(gd - g0));
}

int least_clean(double vm, double va)
{
    if (vm < 0.0)
        return 0;
    return va == 0.0 ? SCREEN_FLOOR : 1;
}

double margin_change(double mb, double m)
{
    return absval(mb - m);
}

void state_before(const double *y, const double *dy, double dt, int n,
                  double *yb)
{
    int i;
    /*@ loop invariant 0 <= i <= n;
      @ loop invariant before: \forall integer c; 0 <= c < i ==>
      @   yb[c] \in {state_before_of(y[c], dy[c], dt)};
      @ loop assigns i, yb[0 .. n - 1];
      @ loop variant n - i;
      @*/
    for (i = 0; i < n; i++)
        yb[i] = y[i] - dt * dy[i];
}

double guard_margin(int sigma, double rate)
{
    return transversality_margin(sigma, finite_double(rate) ? rate : 0.0);
}
