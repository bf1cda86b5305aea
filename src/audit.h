/* audit.h - `collide audit TRAJ.csv --scenario FILE [--against REF]`:
 * checks a trajectory written by another implementation (or by `collide
 * run --csv`, trajectory.csv) against the hybrid system of the scenario:
 *
 *  - the hybrid time domain: t never decreases, j never decreases and
 *    grows by one only at a jump, where q toggles, and q toggles only
 *    there;
 *  - every row lies in the flow set C (Eqs. 65, 77), within a tolerance
 *    relative to the largest |x|, |v|, |Phi| of the trajectory;
 *  - at every jump (two rows at one time, j and j + 1) the row before lies
 *    in the jump set D (Eqs. 66, 78), q toggles, and the row after is the
 *    reset of Eqs. (75), (82): x_c and z_c are 0, the rest unchanged;
 *  - the energy ledger of Eq. (24) recomputed from the rows (V by Eqs. 91,
 *    94; I_s and Delta_C by the trapezoidal rule, with the quadrature error
 *    of the given sampling estimated by comparing with the rule on every
 *    other row; Delta_D from the jumps, each >= 0 by D2) closes within
 *    three times that estimate;
 *  - the per-collision observables (Eqs. 193-204) recomputed from the rows,
 *    and, with --against, compared in memory with a reference
 *    collisions.csv by scd (rows by i; a different number of collisions
 *    is a finding).
 *
 * The format is in README.md, "Auditing a trajectory". */
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
} audit_options;

/* Exit status of `collide audit`. */
typedef enum audit_status {
    AUDIT_OK = 0,       /* nothing violated */
    AUDIT_FINDINGS = 1, /* a violation was found (each is printed) */
    AUDIT_E_USAGE = 2,
    AUDIT_E_INPUT = 3,  /* a file that cannot be read or lacks a column */
    AUDIT_INCONCLUSIVE = 4 /* no finding, but a check could not decide */
} audit_status;

/* Audits o->trajectory; the report goes to out, errors to err. */
audit_status audit_run(const audit_options *o, FILE *out, FILE *err);

#endif
