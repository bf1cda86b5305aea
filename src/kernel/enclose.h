/* enclose.h - an enclosure of one component of DOP853's continuous
 * extension on a step, or on a piece of it obtained by halvings: its
 * Bernstein coefficients of degree 7 (spec/bernstein.acsl, (B1)-(B4)).
 * The component lies between the least and the greatest of them, up to
 * the rounding margin bern7_margin; the engine uses this to prove that a
 * guard that is a component of the state has no crossing between two
 * samples of a step. */
#ifndef COLLIDE_ENCLOSE_H
#define COLLIDE_ENCLOSE_H

#include "../../spec/float_range.acsl"
#include "../../spec/bernstein.acsl"

#define BERN7_N 8      /* coefficients of a polynomial of degree 7 */

/* The Bernstein coefficients b[0 .. 7] on [0, 1] of the nested form with
 * coefficients r[0 .. 7] (dop853_dense_u; (B1)). */
/*@ requires in: \valid_read(r + (0 .. 7));
  @ requires out: \valid(b + (0 .. 7));
  @ requires apart: \separated(r + (0 .. 7), b + (0 .. 7));
  @ requires finite: \forall integer j; 0 <= j <= 7 ==> within(r[j], (double)1.0e300);
  @ assigns b[0 .. 7];
  @ ensures coef0: b[0] \in {bern7_coef(0, \old(r[0]), \old(r[1]), \old(r[2]),
  @   \old(r[3]), \old(r[4]), \old(r[5]), \old(r[6]), \old(r[7]))};
  @ ensures coef1: b[1] \in {bern7_coef(1, \old(r[0]), \old(r[1]), \old(r[2]),
  @   \old(r[3]), \old(r[4]), \old(r[5]), \old(r[6]), \old(r[7]))};
  @ ensures coef2: b[2] \in {bern7_coef(2, \old(r[0]), \old(r[1]), \old(r[2]),
  @   \old(r[3]), \old(r[4]), \old(r[5]), \old(r[6]), \old(r[7]))};
  @ ensures coef3: b[3] \in {bern7_coef(3, \old(r[0]), \old(r[1]), \old(r[2]),
  @   \old(r[3]), \old(r[4]), \old(r[5]), \old(r[6]), \old(r[7]))};
  @ ensures coef4: b[4] \in {bern7_coef(4, \old(r[0]), \old(r[1]), \old(r[2]),
  @   \old(r[3]), \old(r[4]), \old(r[5]), \old(r[6]), \old(r[7]))};
  @ ensures coef5: b[5] \in {bern7_coef(5, \old(r[0]), \old(r[1]), \old(r[2]),
  @   \old(r[3]), \old(r[4]), \old(r[5]), \old(r[6]), \old(r[7]))};
  @ ensures coef6: b[6] \in {bern7_coef(6, \old(r[0]), \old(r[1]), \old(r[2]),
  @   \old(r[3]), \old(r[4]), \old(r[5]), \old(r[6]), \old(r[7]))};
  @ ensures coef7: b[7] \in {bern7_coef(7, \old(r[0]), \old(r[1]), \old(r[2]),
  @   \old(r[3]), \old(r[4]), \old(r[5]), \old(r[6]), \old(r[7]))};
  @*/
void bern7_from_nested(const double *r, double *b);

/* The coefficients of the two halves of the piece with coefficients
 * b[0 .. 7], each on [0, 1] again, by de Casteljau's algorithm at 1/2
 * ((B3)): left[l] = bern_dc(b, l, 0), right[7 - l] = bern_dc(b, l, 7 - l). */
/*@ requires in: \valid_read(b + (0 .. 7));
  @ requires out: \valid(left + (0 .. 7)) && \valid(right + (0 .. 7));
  @ requires apart: \separated(b + (0 .. 7), left + (0 .. 7), right + (0 .. 7));
  @ assigns left[0 .. 7], right[0 .. 7];
  @ ensures left: \forall integer l; 0 <= l <= 7 ==> left[l] \in {bern_dc{Pre}(b, l, 0)};
  @ ensures right: \forall integer l; 0 <= l <= 7 ==>
  @   right[7 - l] \in {bern_dc{Pre}(b, l, 7 - l)};
  @*/
void bern7_halves(const double *b, double *left, double *right);

/* The rounding margin of coefficients obtained by depth halvings from
 * those of a nested form whose coefficients have magnitudes that sum to
 * msum ((B4)): bern7_margin_value(msum, depth). */
/*@ requires sum: nonneg_within(msum, (double)1.0e301);
  @ requires depth: 0 <= depth <= 64;
  @ assigns \nothing;
  @ ensures margin: \result == bern7_margin_value(msum, depth);
  @*/
double bern7_margin(double msum, int depth);

/* The side of zero on which the piece with coefficients b[0 .. 7] lies, up
 * to the margin m >= 0: -1 when every coefficient is at most m (near
 * side: u <= 2 m on the piece), else +1 when every one is at least -m
 * (far side: u >= -2 m), else 0 (no side: a zero of u cannot be
 * excluded, the piece is to be halved). */
/*@ requires in: \valid_read(b + (0 .. 7));
  @ requires finite: \forall integer k; 0 <= k <= 7 ==> \is_finite(b[k]);
  @ requires margin: \is_finite(m) && \le_double((double)0.0, m);
  @ assigns \nothing;
  @ behavior near:
  @   assumes bern_at_most(b, m);
  @   ensures side: \result == -1;
  @ behavior far:
  @   assumes !bern_at_most(b, m) && bern_at_least(b, \sub_double((double)0.0, m));
  @   ensures side: \result == 1;
  @ behavior none:
  @   assumes !bern_at_most(b, m) && !bern_at_least(b, \sub_double((double)0.0, m));
  @   ensures side: \result == 0;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
int bern7_side(const double *b, double m);

/* Whether the piece with coefficients b[0 .. 7] falls: each coefficient
 * exceeds the one before by less than fall (bern_falls). With fall =
 * -4 m, m >= 0 the margin of the piece, the exact coefficients, within
 * m / 7 of these (B4), then decrease strictly, and so does u on the
 * piece (its derivative is 7 times the Bernstein polynomial of degree 6
 * of their differences, (B2)). 1 or 0. */
/*@ requires in: \valid_read(b + (0 .. 7));
  @ requires finite: \forall integer k; 0 <= k <= 7 ==> \is_finite(b[k]);
  @ requires fall: \is_finite(fall);
  @ assigns \nothing;
  @ behavior falls:
  @   assumes bern_falls(b, fall);
  @   ensures falls: \result == 1;
  @ behavior rises:
  @   assumes !bern_falls(b, fall);
  @   ensures rises: \result == 0;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
int bern7_falls(const double *b, double fall);

#endif
