/* ledger.c - see ledger.h. */
#include "ledger.h"

double jump_dissipation(double v_before, double v_after) /* Eq. (20) */
{
    return v_before - v_after;
}

void ledger_add_jump(double *delta_d, double d) /* Eq. (23) */
{
    *delta_d = *delta_d + d;
}

double ledger_residual(double vt, double v0, double delta_c, double delta_d,
                       double is) /* Eq. (24) */
{
    return vt - v0 + delta_c + delta_d - is;
}
