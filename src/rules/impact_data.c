/* impact_data.c - the hybrid data of the impact model that do not call
 * the contact law; see impact_data.h. */
#include "impact_data.h"

/* A row of the guards table: the modes left and entered, the guard (0:
 * x, 1: v, 2: Phi) and its declared crossing orientation. */
typedef struct guard_row {
    int from, to, guard, sigma;
} guard_row;

/* The guards table (doc/design.md), indexed by transition_id. */
static const guard_row guards_table[TR_COUNT] = {
    {0, 1, 0, -1},   /* commence-at-touch:    guard x,   enabled v <= 0 */
    {0, 1, 1, -1},   /* commence-overlapping: guard v,   enabled x <= 0 */
    {1, 0, 2, +1},   /* separate:             guard Phi, enabled v >= 0 */
    {1, 0, 1, +1},   /* separate-adhesive:    guard v,   enabled Phi >= 0 */
};

int transition_from(int tr) { return guards_table[tr].from; }
int transition_to(int tr) { return guards_table[tr].to; }
int transition_guard(int tr) { return guards_table[tr].guard; }
int transition_sigma(int tr) { return guards_table[tr].sigma; }

int transition_enabled(int tr, double x, double v, double phi)
{
    switch (tr) {
    case TR_COMMENCE_TOUCH: return v <= 0.0;
    case TR_COMMENCE_OVERLAP: return x <= 0.0;
    case TR_SEPARATE: return v >= 0.0;
    default: return phi >= 0.0;
    }
}

int impact_reset(const layout *L, int tr, const double *y, double *ynew)
{                                          /* Eqs. (75), (82), (201)-(202) */
    int qnew;
    jump_map(L, y, transition_from(tr), ynew, &qnew);
    if (qnew == 1) {
        ynew[L->w] = ynew[L->jfc] = ynew[L->jfe] = 0.0;
        ynew[L->is_c] = ynew[L->dc_c] = 0.0;
    }
    return qnew;
}

int impact_reset_zeroes(const layout *L, int tr, int i)
{                                          /* Eqs. (75), (82), (201)-(202) */
    if (i == L->xc || (i >= L->z && i < L->z + L->nz))
        return 1;
    /* the contact's quadratures W .. Delta_C, the last five components
       (quadrature_layout) */
    return transition_to(tr) == 1 && i >= L->w;
}

double impact_jump_ledger(double vb, double va, double *delta_d)
{
    double d = jump_dissipation(vb, va);                   /* Eq. (20) */
    ledger_add_jump(delta_d, d);                           /* Eq. (23) */
    return d;
}
