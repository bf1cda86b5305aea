/* select.c - see select.h. */
#include "select.h"

#include "finite.h"

int crosses_in_orientation(int at_start, double sa, double sb)
{
    if (at_start)
        return sa <= 0.0 && sb > 0.0;
    return sa < 0.0 && sb >= 0.0;
}

int event_select(int n, const double *tau, const int *eligible)
{
    int best = -1;
    int i;
    /*@ loop invariant bound: 0 <= i <= n;
      @ loop invariant found: -1 <= best < i;
      @ loop invariant none: best == -1 ==>
      @   \forall integer k; 0 <= k < i ==> eligible[k] == 0;
      @ loop invariant elig: best >= 0 ==> eligible[best] != 0;
      @ loop invariant earliest: best >= 0 ==>
      @   \forall integer k; 0 <= k < i && eligible[k] != 0 ==>
      @     \le_double(tau[best], tau[k]);
      @ loop invariant priority: best >= 0 ==>
      @   \forall integer k; 0 <= k < best && eligible[k] != 0 ==>
      @     \lt_double(tau[best], tau[k]);
      @ loop assigns i, best;
      @ loop variant n - i;
      @*/
    for (i = 0; i < n; i++) {
        if (eligible[i] && (best < 0 || tau[i] < tau[best]))
            best = i;
    }
    return best;
}

double transversality_margin(int sigma, double rate)
{
    if (sigma > 0)
        return rate;
    return 0.0 - rate;
}

int is_grazing(double margin, double threshold)
{
    if (!finite_double(margin) || !finite_double(threshold))
        return 1;
    return margin <= threshold;
}
