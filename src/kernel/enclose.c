/* enclose.c - Bernstein coefficients of a component of DOP853's
 * continuous extension, their halving and their rounding margin; see
 * enclose.h and spec/bernstein.acsl. */
#include "enclose.h"

void bern7_from_nested(const double *r, double *b)
{
    /* (B1): beta_k = r0 + (sum_j W[k][j] r_j) / C(7, k); the coefficients
       read once, before any is written */
    double r0 = r[0], r1 = r[1], r2 = r[2], r3 = r[3], r4 = r[4], r5 = r[5],
           r6 = r[6], r7 = r[7];
    b[0] = r0;
    b[1] = r0 + (r1 + r2) / 7.0;
    b[2] = r0 + (6.0 * r1 + 5.0 * r2 + r3 + r4) / 21.0;
    b[3] = r0 + (15.0 * r1 + 10.0 * r2 + 4.0 * r3 + 3.0 * r4 + r5 + r6) / 35.0;
    b[4] = r0 + (20.0 * r1 + 10.0 * r2 + 6.0 * r3 + 3.0 * r4 + 2.0 * r5 + r6 +
                 r7) / 35.0;
    b[5] = r0 + (15.0 * r1 + 5.0 * r2 + 4.0 * r3 + r4 + r5) / 21.0;
    b[6] = r0 + (6.0 * r1 + r2 + r3) / 7.0;
    b[7] = r0 + r1;
}

/*@ // (B3) one level up: bern_dc unfolded once, the step the loop of
  @ // bern7_halves takes (proved from the definition)
  @ lemma bern_dc_level{L}: \forall double *b, integer l, i; l > 0 ==>
  @   bern_dc{L}(b, l, i) \in
  @     {bern_mid(bern_dc{L}(b, l - 1, i), bern_dc{L}(b, l - 1, i + 1))};
  @*/

void bern7_halves(const double *b, double *left, double *right)
{
    /* the levels in w, the two halves into arrays of their own (no
       reasoning on the caller's memory in the loops' invariants), copied
       out at the end */
    double w[BERN7_N], lo[BERN7_N], hi[BERN7_N];
    /*@ loop invariant range: 0 <= i <= 8;
      @ loop invariant copy: \forall integer j; 0 <= j < i ==> w[j] \in {b[j]};
      @ loop assigns i, w[0 .. 7];
      @ loop variant 8 - i;
      @*/
    for (int i = 0; i < BERN7_N; i++)
        w[i] = b[i];
    lo[0] = w[0];
    hi[7] = w[7];
    /*@ loop invariant range: 1 <= l <= 8;
      @ loop invariant level: \forall integer j; 0 <= j <= 8 - l ==>
      @   w[j] \in {bern_dc{Pre}(b, l - 1, j)};
      @ loop invariant left: \forall integer j; 0 <= j < l ==>
      @   lo[j] \in {bern_dc{Pre}(b, j, 0)};
      @ loop invariant right: \forall integer j; 0 <= j < l ==>
      @   hi[7 - j] \in {bern_dc{Pre}(b, j, 7 - j)};
      @ loop assigns l, w[0 .. 7], lo[1 .. 7], hi[0 .. 6];
      @ loop variant 8 - l;
      @*/
    for (int l = 1; l < BERN7_N; l++) {
        /*@ loop invariant range: 0 <= i <= 8 - l;
          @ loop invariant done: \forall integer j; 0 <= j < i ==>
          @   w[j] \in {bern_dc{Pre}(b, l, j)};
          @ loop invariant todo: \forall integer j; i <= j <= 8 - l ==>
          @   w[j] \in {bern_dc{Pre}(b, l - 1, j)};
          @ loop assigns i, w[0 .. 7 - l];
          @ loop variant 8 - l - i;
          @*/
        for (int i = 0; i + l < BERN7_N; i++) {
            /*@ assert level_up: bern_dc{Pre}(b, l, i) \in
                  {bern_mid(bern_dc{Pre}(b, l - 1, i), bern_dc{Pre}(b, l - 1, i + 1))}; */
            w[i] = 0.5 * (w[i] + w[i + 1]);
        }
        /*@ assert ends: w[0] \in {bern_dc{Pre}(b, l, 0)} &&
                         w[7 - l] \in {bern_dc{Pre}(b, l, 7 - l)}; */
        lo[l] = w[0];
        hi[7 - l] = w[7 - l];
        /*@ assert right_new: hi[7 - l] \in {bern_dc{Pre}(b, l, 7 - l)}; */
    }
    /*@ loop invariant range: 0 <= i <= 8;
      @ loop invariant left: \forall integer j; 0 <= j < i ==> left[j] \in {lo[j]};
      @ loop invariant right: \forall integer j; 0 <= j < i ==> right[j] \in {hi[j]};
      @ loop assigns i, left[0 .. 7], right[0 .. 7];
      @ loop variant 8 - i;
      @*/
    for (int i = 0; i < BERN7_N; i++) {
        left[i] = lo[i];
        right[i] = hi[i];
    }
}

double bern7_margin(double msum, int depth)
{
    /* (B4): (32 + 8 d) eps M + 64 DBL_MIN */
    return (32.0 + 8.0 * (double)depth) * 0x1p-52 * msum + 0x1p-1016;
}

int bern7_side(const double *b, double m)
{
    double mn = 0.0 - m;
    int at_most = 1, at_least = 1;
    /*@ loop invariant range: 0 <= k <= 8;
      @ loop invariant most: at_most == 1 <==>
      @   (\forall integer j; 0 <= j < k ==> \le_double(b[j], m));
      @ loop invariant least: at_least == 1 <==>
      @   (\forall integer j; 0 <= j < k ==> \le_double(mn, b[j]));
      @ loop invariant bool: (at_most == 0 || at_most == 1) &&
      @   (at_least == 0 || at_least == 1);
      @ loop assigns k, at_most, at_least;
      @ loop variant 8 - k;
      @*/
    for (int k = 0; k < BERN7_N; k++) {
        if (!(b[k] <= m))
            at_most = 0;
        if (!(mn <= b[k]))
            at_least = 0;
    }
    if (at_most)
        return -1;
    return at_least ? 1 : 0;
}

int bern7_falls(const double *b, double fall)
{
    /*@ loop invariant range: 0 <= k <= 7;
      @ loop invariant falls: \forall integer j; 0 <= j < k ==>
      @   \lt_double(\sub_double(b[j + 1], b[j]), fall);
      @ loop assigns k;
      @ loop variant 7 - k;
      @*/
    for (int k = 0; k < BERN7_N - 1; k++)
        if (!(b[k + 1] - b[k] < fall))
            return 0;
    return 1;
}
