/* audit.h - `collide audit TRAJ.csv --scenario FILE [--against REF]`:
 * checks a trajectory written by another implementation (or by `collide
 * run --csv`, trajectory.csv) against the hybrid system of the scenario,
 * each finding one line `audit: finding KIND: row L t=T j=J[ component
 * C]: MESSAGE` (auditor.h; the parts):
 *
 *  - the flow (audit_flow.c): from each row, the flow map of Eqs. (74),
 *    (81) is integrated with DOP853 at rtol 1e-12 to the next row of the
 *    same flow interval, and each component compared with the row,
 *    relative to its range over the interval; the first row over --tol
 *    of each interval is a finding naming the component that departs,
 *    with hints for the first; the flow leaving C between two rows is a
 *    flow set finding (a jump missing there);
 *  - the hybrid time domain (t never decreases, two rows share a time
 *    only at a jump; a row repeated cell for cell is one point, taken
 *    once) and the structure (j counts the jumps, q changes only at a
 *    jump; the rows run from t = 0 to T unless --segment);
 *  - every row in the flow set C (Eqs. 65, 77), within --set-tol relative
 *    to the largest |x|, |v|, |Phi| of the trajectory;
 *  - at every jump (two rows at one time, j and j + 1) the row before in
 *    the jump set D (Eqs. 66, 78), q toggled, and the row after the reset
 *    of Eqs. (75), (82): x_c and z_c are 0, the rest unchanged;
 *  - the energy ledger of Eq. (24) per flow interval (audit_ledger.c: V
 *    by Eqs. 91, 94; I_s and Delta_C by the trapezoidal rule with its
 *    error estimated from the rule on every other row), where the
 *    sampling lets it decide, and per jump (D2: V does not rise); over
 *    [0, T] as a summary;
 *  - the per-collision observables (Eqs. 193-204) recomputed from the rows,
 *    and, with --against, compared in memory with a reference
 *    collisions.csv by scd (rows by i; a different number of collisions
 *    is a finding).
 *
 * A check that cannot decide prints `audit: inconclusive CHECK: REASON;
 * SAMPLING`. The format is in doc/audit.md. */
#ifndef COLLIDE_AUDIT_H
#define COLLIDE_AUDIT_H

#include <stdio.h>

typedef struct audit_options {
    const char *trajectory;  /* the CSV to audit */
    const char *scenario;    /* the scenario: a built-in name or a file */
    const char *against;     /* a collisions.csv (or its directory), or NULL */
    double tol;              /* --tol: the largest defect of the flow check */
    double set_tol;          /* --set-tol: relative tolerance of the set
                                memberships, the resets and rounding */
    const char *defects;     /* --defects: the flow defects, or NULL */
    const char *observables; /* write the recomputed observables here, or NULL */
    int segment;             /* --segment: the rows are a part of a run, its
                                start and its end (0 and T) not checked */
} audit_options;

/* Exit status of `collide audit`. */
typedef enum audit_status {
    AUDIT_OK = 0,       /* nothing violated */
    AUDIT_FINDINGS = 1, /* a violation was found (each is printed) */
    AUDIT_E_USAGE = 2,
    AUDIT_E_INPUT = 3,  /* a file that cannot be read or lacks a column */
    AUDIT_INCONCLUSIVE = 4, /* no finding, but a check could not decide */
    AUDIT_E_MEMORY = 9  /* out of memory (as COLLIDE_E_MEMORY) */
} audit_status;

/* Audits o->trajectory; the report goes to out, errors to err. */
audit_status audit_run(const audit_options *o, FILE *out, FILE *err);

#endif
