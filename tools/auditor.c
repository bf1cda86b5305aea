/* auditor.c - the findings of `collide audit` and the questions every
 * check asks of a row; see auditor.h. */
#include "auditor.h"

#include <math.h>
#include <stdio.h>

#define SHOWN_MAX 10   /* findings printed of each kind; the rest counted */

void audit_finding(auditor *A, int k, int row, int comp, const char *what)
{
    static const char *const kind[] = {"flow", "flow set", "jump set",
                                       "reset", "ledger", "time domain",
                                       "structure", "against"};
    A->nfind[k]++;
    if (A->shown[k]++ >= SHOWN_MAX)
        return;
    fprintf(A->out, "audit: finding %s: row %d t=%.17g j=%d", kind[k],
            audit_line(A, row), A->T.t[row], A->T.j[row]);
    if (comp >= 0)
        fprintf(A->out, " component %s", audit_component(A, comp));
    fprintf(A->out, ": %s\n", what);
}

void audit_inconclusive(auditor *A, const char *check, const char *reason,
                        const char *sampling)
{
    A->nincon++;
    fprintf(A->out, "audit: inconclusive %s: %s; %s\n", check, reason,
            sampling);
}

int audit_line(const auditor *A, int row)
{
    return A->T.line[row];
}

void audit_out_of_memory(const auditor *A)
{
    if (!*A->no_memory)
        fprintf(A->err, "collide audit: out of memory\n");
    *A->no_memory = 1;
}

const char *audit_component(const auditor *A, int c)
{
    return collide_model_component_name(A->m, c);
}

double audit_phi(const auditor *A, int i)
{
    return collide_model_phi(A->m, A->T.y[i]);
}

int audit_is_jump(const auditor *A, int i)
{
    const traj *T = &A->T;
    return i + 1 < T->n && T->j[i + 1] == T->j[i] + 1 &&
           fabs(T->t[i + 1] - T->t[i]) <= A->set_tol * fmax(1.0, fabs(T->t[i]));
}

int audit_in_c(const auditor *A, int q, const double *y)
{
    double tx = A->set_tol * A->sx, tv = A->set_tol * A->sv, tp = A->set_tol * A->sphi;
    double x = y[A->L.x] + tx, v = y[A->L.v] + (q ? -tv : tv);
    return collide_model_in_flow_set(q, x, v, collide_model_phi(A->m, y) - tp) == 1;
}

int audit_reaches_end(const auditor *A)
{
    double t = A->T.t[A->T.n - 1];
    return !(t < A->T_end - A->set_tol * fmax(1.0, fabs(A->T_end)));
}
