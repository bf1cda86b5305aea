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
  @ ensures trial: \result \in {trial_point_value(b->lo, b->hi, wlo, whi)};
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

/* Illinois: the weight of the end that stays, halved when that end also
 * stayed at the previous step (the end that moved last, side, is the one
 * moving now). */
/*@ requires weight: bounded(w);
  @ assigns \nothing;
  @ ensures weight: bounded(\result);
  @ ensures illinois: \result \in {illinois_weight(w, side, moving)};
  @*/
static double stagnant_weight(double w, int side, int moving)
{
    return side == moving ? 0.5 * w : w;
}

/* Whether a value of root_eval can be used: finite and within the bound
 * of the core's arithmetic (spec/bounded.acsl). */
/*@ assigns \nothing;
  @ ensures usable: \result != 0 <==> bounded(s);
  @*/
static int usable_value(double s)
{
    return s >= -1.0e100 && s <= 1.0e100;
}

/* Whether the bracket is still to be refined: wider than t_tol and split
 * by its midpoint. */
/*@ requires valid: \valid_read(b);
  @ requires bracket: sign_change(b);
  @ requires tol: \is_finite(t_tol);
  @ assigns \nothing;
  @ ensures wide: \result != 0 <==>
  @   !\le_double(\sub_double(b->hi, b->lo), t_tol) && !unsplittable(b->lo, b->hi);
  @*/
static int still_wide(const bracket *b, double t_tol)
{
    double mid;
    if (!(b->hi - b->lo > t_tol))
        return 0;
    mid = b->lo + 0.5 * (b->hi - b->lo);
    return mid > b->lo && mid < b->hi;
}

int root_refine(const void *ctx, bracket *b, double t_tol, int max_iter)
{
    int n = 0;
    int side = 0; /* which end moved last: -1 lo, +1 hi (Illinois) */
    double wlo = b->slo, whi = b->shi; /* the weights of the ends */
    /* the bracket, weights and side before the last step that moved an
     * end: the ghosts root_refine_prev, _wlo, _whi, _side */
    //@ ghost root_refine_evals = 0;
    //@ ghost root_refine_side = 0;
    //@ ghost int side0 = 0;
    //@ ghost double lo0 = b->lo, hi0 = b->hi; /* at the top of the last iteration */
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
      @ loop invariant evals: root_refine_evals == n;
      @ loop invariant weights_lo: bounded(wlo);
      @ loop invariant weights_hi: bounded(whi);
      @ loop invariant side: -1 <= side <= 1 && (side == 0 <==> n == 0);
      @ loop invariant start: n == 0 ==> wlo == b->slo && whi == b->shi;
      @ loop invariant moved: root_refine_side == side;
      @ loop invariant unmoved: side == 0 ==>
      @   b->lo == \at(b->lo, Pre) && b->slo == \at(b->slo, Pre) &&
      @   b->hi == \at(b->hi, Pre) && b->shi == \at(b->shi, Pre);
      @ loop invariant step_lo: side == -1 ==>
      @   b->lo == trial_point_value(root_refine_prev.lo, root_refine_prev.hi,
      @                              root_refine_wlo, root_refine_whi) &&
      @   b->hi == root_refine_prev.hi && b->shi == root_refine_prev.shi &&
      @   b->slo == root_refine_s &&
      @   wlo == b->slo && whi == illinois_weight(root_refine_whi, side0, -1);
      @ loop invariant step_hi: side == 1 ==>
      @   b->hi == trial_point_value(root_refine_prev.lo, root_refine_prev.hi,
      @                              root_refine_wlo, root_refine_whi) &&
      @   b->lo == root_refine_prev.lo && b->slo == root_refine_prev.slo &&
      @   b->shi == root_refine_s &&
      @   whi == b->shi && wlo == illinois_weight(root_refine_wlo, side0, 1);
      @ loop invariant narrowing: n > 0 ==> !\le_double(\sub_double(hi0, lo0), t_tol);
      @ loop assigns n, side, wlo, whi, *b, side0, lo0, hi0, root_refine_prev,
      @   root_refine_wlo, root_refine_whi, root_refine_s, root_refine_side,
      @   root_refine_evals;
      @ loop variant max_iter - n;
      @*/
    while (n < max_iter && b->hi - b->lo > t_tol) {
        double t = trial_point(b, wlo, whi);
        double s;
        //@ ghost lo0 = b->lo; hi0 = b->hi;
        if (!(t > b->lo && t < b->hi))
            break; /* lo and hi are adjacent doubles */
        s = root_eval(ctx, t);
        n++;
        //@ ghost root_refine_evals = n;
        if (!usable_value(s))
            return ROOT_NONFINITE;
        //@ ghost root_refine_prev = *b; root_refine_wlo = wlo; root_refine_whi = whi;
        //@ ghost root_refine_s = s; side0 = side;
        if (s < 0.0) {
            b->lo = t;
            b->slo = s;
            wlo = s;
            whi = stagnant_weight(whi, side, -1);
            side = -1;
            //@ ghost root_refine_side = -1;
        } else {
            b->hi = t;
            b->shi = s;
            whi = s;
            wlo = stagnant_weight(wlo, side, 1);
            side = 1;
            //@ ghost root_refine_side = 1;
        }
    }
    if (still_wide(b, t_tol))
        return ROOT_WIDE; /* max_iter reached, the bracket still wide */
    return n;
}
