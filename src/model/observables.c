/* observables.c - see observables.h. Each body is the expression impact.c
 * evaluated inline before, operation for operation. */
#include "observables.h"

double obs_contact_duration(double t_e, double t_s) /* Eq. (194) */
{
    return t_s - t_e;
}

double obs_flight_duration(double t_s, double t_e_next) /* Eq. (195) */
{
    return t_e_next - t_s;
}

double obs_restitution(double v_i, double v_s) /* Eq. (197) */
{
    double minus_vs = -v_s;   /* exact; (-v_s) / v_i, as before */
    return minus_vs / v_i;
}

double obs_running_max(double current, double value) /* Eqs. (198)-(199) */
{
    return value > current ? value : current;
}

double obs_momentum_residual(double m, double v_i, double v_s, double j_fc,
                             double j_fe) /* Eq. (203) */
{
    return m * (v_s - v_i) - (j_fc + j_fe);
}

double obs_impulse_ratio(double j_fe, double j_fc) /* Eq. (204) */
{
    return j_fe / j_fc;
}
