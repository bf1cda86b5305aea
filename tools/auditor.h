/* auditor.h - what the checks of `collide audit` stand on: the trajectory
 * in memory, its flow intervals, the findings and the inconclusive checks,
 * and the questions every check asks of a row (audit.c reads and runs the
 * checks; audit_ledger.c the ledger of Eq. 24 per interval; audit_flow.c
 * the flow map of Eqs. 74, 81 from row to row). */
#ifndef COLLIDE_AUDITOR_H
#define COLLIDE_AUDITOR_H

#include <stdio.h>

#include "audit.h"
#include "collide.h"
#include "collide_aux.h"

/* The trajectory in memory, one entry per point of its hybrid time
 * domain: a row that repeats the row before it cell for cell is the same
 * point, kept once (row r is line line[r] of the CSV file). */
typedef struct traj {
    int n;                  /* rows kept */
    int repeats;            /* rows of the file not kept: exact repeats */
    int first_repeat;       /* the line of the first of them (0: none) */
    double *t, *fe1, *fe2;
    int *j, *q, *line;
    double (*y)[COLLIDE_CHI_MAX];
} traj;

/* Where each component of chi is (collide_model_index): z the first
 * internal state, n when the law has none, and nz their number. */
typedef struct chi_index {
    int n, x, v, xm, vm, xc, z, nz;
} chi_index;

/* A flow interval: rows a .. b (a <= b) of one j. */
typedef struct interval {
    int a, b;
} interval;

/* The kinds of findings, in the order of the closing line. */
enum {
    K_FLOW, K_FLOWSET, K_JUMP, K_RESET, K_LEDGER, K_TIME, K_STRUCT,
    K_AGAINST, K_KINDS
};

/* What is being audited and what was found. */
typedef struct auditor {
    const collide_scenario *s;
    collide_model *m;              /* the scenario's hybrid system */
    chi_index L;
    traj T;
    interval *iv;                  /* the flow intervals, in order */
    int niv;
    unsigned char *by_flow;        /* per interval: the flow check decided it */
    double set_tol, flow_tol;      /* --set-tol, --tol */
    double sx, sv, sphi, sxc;      /* scales of x, v, Phi, x_c */
    double scale[COLLIDE_CHI_MAX];  /* largest |component| over the rows */
    int nfind[K_KINDS], shown[K_KINDS];
    int nincon;                    /* inconclusive checks */
    long *steps_left;              /* integration steps the audit may
                                      still take (flow check and hints) */
    int *no_memory;                /* set when an allocation failed */
    double T_end;                  /* T, the scenario's end time */
    FILE *out, *err;
} auditor;

/* The line of the CSV file of row `row` (from 0). */
int audit_line(const auditor *A, int row);

/* An allocation failed: prints `collide audit: out of memory` on A->err
 * (once) and sets *A->no_memory; the audit then exits AUDIT_E_MEMORY. */
void audit_out_of_memory(const auditor *A);

/* Prints a finding of kind k at row (from 0), with the component named
 * when comp >= 0 (the first AUDIT_SHOWN_MAX of each kind; all counted). */
void audit_finding(auditor *A, int k, int row, int comp, const char *what);

/* Prints `audit: inconclusive CHECK: REASON; SAMPLING` and counts it. */
void audit_inconclusive(auditor *A, const char *check, const char *reason,
                        const char *sampling);

/* The name of component c of chi (collide_model_component_name). */
const char *audit_component(const auditor *A, int c);

/* Phi(x_c, z_c, v) of the law at row i. */
double audit_phi(const auditor *A, int i);

/* Whether state y of mode q lies in the flow set C (Eq. 77), the
 * comparisons loosened by --set-tol times the scales of x, v, Phi. */
int audit_in_c(const auditor *A, int q, const double *y);

/* Whether the last row reaches the scenario's end time T (within
 * --set-tol times max(1, T)). */
int audit_reaches_end(const auditor *A);

/* Whether rows i and i + 1 are a jump: the same time, j and j + 1. */
int audit_is_jump(const auditor *A, int i);

#endif
