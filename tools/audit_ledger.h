/* audit_ledger.h - the energy ledger of Eq. (24) recomputed from the rows
 * of a trajectory (`collide audit`). */
#ifndef COLLIDE_AUDIT_LEDGER_H
#define COLLIDE_AUDIT_LEDGER_H

#include "auditor.h"

/* The ledger of Eq. (24) per flow interval and per jump, and over [0, T]
 * as a summary, or over the rows' span [t0, t1] when they do not cover
 * [0, T]. */
void audit_ledger(auditor *A);

/* The trapezoidal integral of f over rows a .. b, added to *sum, and its
 * error estimate, added to *err. */
void audit_integrate(const auditor *A, double (*f)(const auditor *, int),
                     int a, int b, double *sum, double *err);

#endif
