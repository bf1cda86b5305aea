/* powabs.c - see powabs.h.  powabs() is the only function of collide that
 * calls libm's pow(); its contract is assumed, the rest is proved. */
#include "powabs.h"

#include <math.h>

double powabs(double x, double p)
{
    return pow(fabs(x), p);
}

double powsgn(double x, double p)
{
    if (x > 0.0)
        return powabs(x, p);
    if (x < 0.0)
        return -powabs(x, p);
    return 0.0;
}

double absval(double x)
{
    return x < 0.0 ? -x : x;
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
