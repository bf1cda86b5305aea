/* powabs.c - see powabs.h.  powabs() is the only function of collide that
 * calls libm's pow(); its contract is assumed, the rest is proved. */
#include "powabs.h"

#include <math.h>

/* a^k for an integer 0 <= k <= 8 by repeated squaring (at most k - 1
 * roundings). */
static double ipow(double a, int k)
{
    double r = 1.0;
    while (k > 0) {
        if (k & 1)
            r *= a;
        a *= a;
        k >>= 1;
    }
    return r;
}

/* Exponents that are multiples of 1/2 up to 8 (the paper's p = 3/2 and
 * n = 1, 2; their sums p + n, p - 1) are computed by multiplication and
 * sqrt, which are correctly rounded: within a few ulp of pow, without its
 * cost. Others go to pow. */
double powabs(double x, double p)
{
    double a = fabs(x), twice = 2.0 * p;
    if (twice >= 0.0 && twice <= 16.0 && twice == (double)(int)twice) {
        int k = (int)twice;
        double r = ipow(a, k / 2);
        return (k & 1) ? r * sqrt(a) : r;
    }
    return pow(a, p);
}

double powsgn(double x, double p)
{
    if (x > 0.0)
        return powabs(x, p);
    if (x < 0.0)
        return -powabs(x, p);
    return 0.0;
}

double powsgn_rate(double x, double p, double dx)
{
    double slope = p * powabs(x, p - 1.0);
    /*@ assert slope: domain_state(x) && domain_exponent(p)
                      ==> nonneg_within(slope, (double)64.0); */
    return slope * dx;
}

double powabs_rate(double x, double p, double dx)
{
    if (x != 0.0) {
        double slope = p * powsgn(x, p - 1.0);
        /*@ assert slope: domain_state(x) && domain_exponent(p)
                          ==> within(slope, (double)64.0); */
        return slope * dx;
    }
    if (p == 1.0)
        return absval(dx);
    return 0.0;
}
