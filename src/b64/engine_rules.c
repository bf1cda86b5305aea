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

int finite_vector(int n, const double *y)
{
    int i;
    /*@ loop invariant 0 <= i <= n;
      @ loop invariant all_finite(y, i);
      @ loop assigns i;
      @ loop variant n - i;
      @*/
    for (i = 0; i < n; i++)
        if (!finite_double(y[i]))
            return 0;
    return 1;
}
