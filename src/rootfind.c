/* rootfind.c - see rootfind.h. */
#include "rootfind.h"

/* Next trial point: the secant through (lo, wlo) and (hi, whi) of the
 * Illinois-weighted end values, or the midpoint when the secant point is
 * not strictly inside the bracket. */
/*@ requires valid: \valid_read(b);
  @ requires bracket: sign_change(b);
  @ requires weights: bounded(wlo) && bounded(whi);
  @ assigns \nothing;
  @ ensures finite: \is_finite(\result);
  @ ensures choice: (\lt_double(b->lo, \result) && \lt_double(\result, b->hi)) ||
  @   \eq_double(\result, midpoint(b->lo, b->hi));
  @*/
static double trial_point(const bracket *b, double wlo, double whi)
{
    double mid = b->lo + 0.5 * (b->hi - b->lo);
    double den, ratio, t;
    if (!(wlo < 0.0 && whi > 0.0))
        return mid;
    den = whi - wlo;
    if (!(den >= 1.0e-100))
        return mid;
    ratio = (0.0 - wlo) / den;
    if (!(ratio > 0.0 && ratio < 1.0))
        return mid;
    t = b->lo + (b->hi - b->lo) * ratio;
    if (!(t > b->lo && t < b->hi))
        return mid;
    return t;
}

int root_refine(const void *ctx, bracket *b, double t_tol, int max_iter)
{
    int n = 0;
    int side = 0; /* which end moved last: -1 lo, +1 hi (Illinois) */
    double wlo = b->slo, whi = b->shi;
    /*@ loop invariant kept_lo: bounded(b->lo);
      @ loop invariant kept_hi: bounded(b->hi);
      @ loop invariant kept_slo: bounded(b->slo);
      @ loop invariant kept_shi: bounded(b->shi);
      @ loop invariant kept_order: \lt_double(b->lo, b->hi);
      @ loop invariant kept_neg: \lt_double(b->slo, (double)0.0);
      @ loop invariant kept_pos: \le_double((double)0.0, b->shi);
      @ loop invariant inside_lo: \le_double(\at(b->lo, Pre), b->lo);
      @ loop invariant inside_hi: \le_double(b->hi, \at(b->hi, Pre));
      @ loop invariant count: 0 <= n <= max_iter;
      @ loop invariant weights_lo: bounded(wlo);
      @ loop invariant weights_hi: bounded(whi);
      @ loop assigns n, side, wlo, whi, *b;
      @ loop variant max_iter - n;
      @*/
    while (n < max_iter && b->hi - b->lo > t_tol) {
        double t = trial_point(b, wlo, whi);
        double s;
        if (!(t > b->lo && t < b->hi))
            break; /* lo and hi are adjacent doubles */
        s = root_eval(ctx, t);
        n++;
        if (!(s >= -1.0e100 && s <= 1.0e100))
            return ROOT_NONFINITE;
        if (s < 0.0) {
            b->lo = t;
            b->slo = s;
            wlo = s;
            if (side < 0)
                whi = 0.5 * whi; /* Illinois: halve the stagnant end */
            side = -1;
        } else {
            b->hi = t;
            b->shi = s;
            whi = s;
            if (side > 0)
                wlo = 0.5 * wlo;
            side = 1;
        }
    }
    if (b->hi - b->lo > t_tol) {
        double mid = b->lo + 0.5 * (b->hi - b->lo);
        if (mid > b->lo && mid < b->hi)
            return ROOT_WIDE; /* max_iter reached, the bracket still wide */
    }
    return n;
}
