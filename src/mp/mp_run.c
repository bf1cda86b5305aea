/* mp_run.c - the failure and the magnitudes of a high-precision run,
 * which every file of the run uses; see mp_run.h. */
#include "mp_run.h"

#include <math.h>

#include "names.h"
#include "textbuf.h"

void mp_fail(run *R, collide_status st, const char *msg)
{
    char *d = R->r->diagnosis, num[40];
    size_t len = sizeof R->r->diagnosis, used;
    int i, k, k0 = R->r->nevents > 3 ? R->r->nevents - 3 : 0;
    if (R->r->status != COLLIDE_OK)
        return;
    R->r->status = st;
    mpfr_snprintf(num, sizeof num, "%.17Rg", R->t);
    used = text_append(d, len, 0, "%s; t = %s s, j = %d, mode %d (%s), state (",
                       msg, num, R->j, R->q, impact_mode_name(R->q));
    for (i = 0; i < R->ny; i++) {
        mpfr_snprintf(num, sizeof num, "%.17Rg", R->y[i]);
        used = text_append(d, len, used, "%s%s = %s", i ? ", " : "",
                           impact_component_name(R->L, i), num);
    }
    used = text_append(d, len, used, "); last events: %s",
                       R->r->nevents ? "" : "none");
    for (k = k0; k < R->r->nevents; k++) {
        mpfr_snprintf(num, sizeof num, "%.17Rg", R->r->events[k].t);
        used = text_append(d, len, used, "%s'%s' at t = %s s", k > k0 ? ", " : "",
                           transition_name(R->r->events[k].d.tr), num);
    }
}

double mp_log2abs(mpfr_srcptr x)
{
    long e;
    double m;
    if (mpfr_zero_p(x))
        return -HUGE_VAL;
    m = mpfr_get_d_2exp(&e, x, MPFR_RNDN);
    return log2(fabs(m)) + (double)e;
}

int mp_sgn_of(mpfr_srcptr x)
{
    return mpfr_sgn(x) > 0 ? 1 : mpfr_sgn(x) < 0 ? -1 : 0;
}
