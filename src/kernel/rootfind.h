/* rootfind.h - a bracketing root finder (Illinois variant of regula falsi
 * with a bisection safeguard) for the location of event times and
 * switching points on the continuous extension of a step. */
#ifndef COLLIDE_ROOTFIND_H
#define COLLIDE_ROOTFIND_H

/* A bracket [lo, hi] with slo = s(lo) < 0 <= shi = s(hi). */
typedef struct bracket {
    double lo, slo, hi, shi;
} bracket;

#include "../../spec/bounded.acsl"

/*@ predicate sign_change(bracket *b) =
  @   bounded(b->lo) && bounded(b->hi) && bounded(b->slo) && bounded(b->shi) &&
  @   \lt_double(b->lo, b->hi) && \lt_double(b->slo, (double)0.0) &&
  @   \le_double((double)0.0, b->shi);
  @*/

/* The scalar function whose root is sought, evaluated at t: implemented by
 * the hybrid engine on the continuous extension of the current step (the
 * context names which guard or switching function). It does not modify
 * any program state. */
/*@ assigns \nothing; */
double root_eval(const void *ctx, double t);

/* The midpoint, the secant point, the trial point and the Illinois
 * weights, one definition each, as rootfind.c computes them. */
#include "../../spec/root_refine.acsl"

/* The failures of root_refine. */
#define ROOT_NONFINITE (-1) /* root_eval gave a non-finite or huge value */
#define ROOT_WIDE      (-2) /* max_iter evaluations left the bracket wider
                               than t_tol and splittable by its midpoint */

/* The evaluations of root_eval made by the last root_refine (ghost: a
 * name of the contract only, no object of the program). */
//@ ghost int root_refine_evals;

/* The last step of the last root_refine (ghost, names of the contract
 * only): the bracket before it, the Illinois weights of its ends then,
 * the value root_eval returned at its trial point, and which end it moved
 * (-1 lo, +1 hi; 0 when no end moved). */
//@ ghost bracket root_refine_prev;
//@ ghost double root_refine_wlo, root_refine_whi, root_refine_s;
//@ ghost int root_refine_side;

/* Shrinks b to width at most t_tol or to adjacent doubles (no double
 * strictly between lo and hi at the midpoint) while keeping the sign
 * change, in at most max_iter evaluations of root_eval. Returns the
 * number of evaluations once b is that narrow; ROOT_NONFINITE when
 * root_eval returned a value that is not finite or exceeds 1e100 in
 * magnitude; ROOT_WIDE when max_iter evaluations did not make it that
 * narrow. On every return the bracket is valid. The root lies in the final
 * [lo, hi]; hi is the first instant known to lie on the far side. */
/*@ requires valid: \valid(b);
  @ requires bracket: sign_change(b);
  @ requires tol: \is_finite(t_tol) && \le_double((double)0.0, t_tol);
  @ requires iter: 0 <= max_iter <= 1000;
  @ assigns *b, root_refine_evals, root_refine_prev, root_refine_wlo,
  @   root_refine_whi, root_refine_s, root_refine_side;
  @ ensures kept: sign_change(b);
  @ ensures inside: \le_double(\old(b->lo), b->lo) && \le_double(b->hi, \old(b->hi));
  @ ensures count: -2 <= \result <= max_iter;
  @ ensures stop: \result >= 0 ==>
  @   \le_double(\sub_double(b->hi, b->lo), t_tol) || unsplittable(b->lo, b->hi);
  @ ensures wide: \result == ROOT_WIDE ==>
  @   !\le_double(\sub_double(b->hi, b->lo), t_tol) && !unsplittable(b->lo, b->hi);
  @ ensures evals: 0 <= root_refine_evals <= max_iter &&
  @   (\result >= 0 ==> \result == root_refine_evals);
  @ ensures exhausted: \result == ROOT_WIDE ==> root_refine_evals == max_iter;
  @ ensures moves: -1 <= root_refine_side <= 1 &&
  @   (root_refine_evals == 0 ==> root_refine_side == 0);
  @ ensures unmoved: root_refine_side == 0 ==>
  @   b->lo == \old(b->lo) && b->slo == \old(b->slo) &&
  @   b->hi == \old(b->hi) && b->shi == \old(b->shi);
  @ ensures moved_lo: root_refine_side == -1 ==>
  @   b->lo == trial_point_value(root_refine_prev.lo, root_refine_prev.hi,
  @                              root_refine_wlo, root_refine_whi) &&
  @   b->slo == root_refine_s && b->hi == root_refine_prev.hi &&
  @   b->shi == root_refine_prev.shi;
  @ ensures moved_hi: root_refine_side == 1 ==>
  @   b->hi == trial_point_value(root_refine_prev.lo, root_refine_prev.hi,
  @                              root_refine_wlo, root_refine_whi) &&
  @   b->shi == root_refine_s && b->lo == root_refine_prev.lo &&
  @   b->slo == root_refine_prev.slo;
  @*/
int root_refine(const void *ctx, bracket *b, double t_tol, int max_iter);

#endif
