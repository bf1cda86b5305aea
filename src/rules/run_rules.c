/* run_rules.c - the ledger's bound, cap and verdict and the sample grid
 * of a run; see run_rules.h. */
#include "run_rules.h"

#include <float.h>

#include "derived.h"   /* derived_sqrt: libm's sqrt */
#include "finite.h"

double sim_ledger_bound(int ny, double step_error_sum, double magnitude)
{                                                            /* Eq. (24) */
    return derived_sqrt((double)ny) * step_error_sum
           + 8.0 * DBL_EPSILON * magnitude;
}

double sim_ledger_cap(double bound, double scale)
{
    double cap = SIM_LEDGER_CAP * scale;
    return bound > cap ? cap : bound;   /* a NaN bound stays NaN */
}

collide_status sim_ledger_verdict(double residual, double bound,
                                  double delta_c)
{                                                       /* Eqs. (22), (24) */
    if (!finite_double(residual) || !finite_double(bound)
        || !(residual >= -bound && residual <= bound))
        return COLLIDE_E_LEDGER;
    return delta_c >= 0.0 ? COLLIDE_OK : COLLIDE_E_LEDGER;
}

int sim_grid_count(int n_samples, int t_positive)
{
    if (n_samples >= 2)
        return n_samples;
    return t_positive ? 2 : 1;
}
