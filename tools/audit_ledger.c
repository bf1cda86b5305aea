/* audit_ledger.c - the energy ledger of Eq. (24) recomputed from the rows
 * of a trajectory, per flow interval and per jump; see audit_ledger.h. */
#include "audit_ledger.h"

#include <math.h>
#include <stdio.h>

/* Rows an interval needs for the ledger to decide: the error estimate of
 * the trapezoidal rule (|two panels - one panel| / 3 per pair of panels)
 * holds only where the error is in its h^2 regime; with fewer than four
 * pairs of panels over a contact it is not (at 5 rows over a contact of
 * study 1 the residual was 2.5 times the three estimates). */
#define LEDGER_ROWS_MIN 9

/* The ledger of an interval decides only when three times its quadrature
 * error estimate, |two panels - one panel| summed, the error of the rule
 * on every other row, is below this part of the energy at stake: above
 * it the coarser rule is off by more than a tenth and neither rule is in
 * the h^2 regime the estimate assumes (at 30 rows over the 0.08 s of
 * permanent contact of study 3 with the BWSHCCL, 0.29 of the energy, the
 * residual was 4 times the three estimates). */
#define LEDGER_RESOLVE 0.1

/* Supply rate <u, y> at row i (Eqs. 83, 96), of the row's applied forces. */
static double supply_at(const auditor *A, int i)
{
    return collide_model_supply(A->m, A->T.fe1[i], A->T.fe2[i], A->T.y[i]);
}

/* q d_c at row i (Eq. 22). */
static double dissipation_at(const auditor *A, int i)
{
    if (A->T.q[i] == 0)
        return 0.0;
    return collide_model_dissipation_rate(A->m, A->T.y[i]);
}

/* V at row i (Eq. 91 for H_r, Eq. 94 for H_f). */
static double storage_at(const auditor *A, int i)
{
    return collide_model_storage(A->m, A->T.y[i]);
}

/* The trapezoidal integral of f over rows a .. b (one flow interval) and
 * its error estimate: for each pair of panels, |two panels - one panel| / 3
 * (Richardson, exact in the h^2 term for equal panels); a last single
 * panel is bounded by |f_b - f_a| h / 2. */
void audit_integrate(const auditor *A, double (*f)(const auditor *, int),
                     int a, int b, double *sum, double *err)
{
    const double *t = A->T.t;
    int i;
    for (i = a; i < b; i++)
        *sum += 0.5 * (f(A, i) + f(A, i + 1)) * (t[i + 1] - t[i]);
    for (i = a; i + 2 <= b; i += 2) {
        double two = 0.5 * (f(A, i) + f(A, i + 1)) * (t[i + 1] - t[i]) +
                     0.5 * (f(A, i + 1) + f(A, i + 2)) * (t[i + 2] - t[i + 1]);
        double one = 0.5 * (f(A, i) + f(A, i + 2)) * (t[i + 2] - t[i]);
        *err += fabs(two - one) / 3.0;
    }
    if (i < b)
        *err += 0.5 * fabs(f(A, b) - f(A, i)) * (t[b] - t[i]);
}

/* The ledger of one interval. */
typedef struct piece {
    double Is, DC, eIs, eDC; /* Eqs. (21), (22) and their error estimates */
    double res, E;           /* Eq. (24) residual; the energy at stake */
} piece;

/* Eq. (24) over the rows a .. b of one flow interval: V(b) - V(a) +
 * Delta_C - I_s; the energy at stake is the largest of V over the rows,
 * |I_s| and Delta_C. */
static piece interval_ledger(const auditor *A, int a, int b)
{
    piece p = {0, 0, 0, 0, 0, 0};
    int i;
    audit_integrate(A, supply_at, a, b, &p.Is, &p.eIs);
    audit_integrate(A, dissipation_at, a, b, &p.DC, &p.eDC);
    p.res = storage_at(A, b) - storage_at(A, a) + p.DC - p.Is;
    p.E = fmax(fabs(p.Is), fabs(p.DC));
    for (i = a; i <= b; i++)
        p.E = fmax(p.E, storage_at(A, i));
    return p;
}

/* Whether the ledger of an interval of n rows, with p, can decide. */
static int decides(int n, const piece *p)
{
    return n >= LEDGER_ROWS_MIN && 3.0 * (p->eIs + p->eDC) < LEDGER_RESOLVE * p->E;
}

/* Rows that would let the interval of n rows decide: the trapezoid's
 * error falls as the square of the spacing. */
static int rows_to_decide(int n, const piece *p)
{
    double e = 3.0 * (p->eIs + p->eDC), want = 0.25 * LEDGER_RESOLVE * p->E;
    double k = want > 0 && e > want ? sqrt(e / want) : 1.0;
    double rows = ceil((n - 1) * k) + 1;
    return rows > LEDGER_ROWS_MIN ? (rows < 1e8 ? (int)rows : 100000000)
                                  : LEDGER_ROWS_MIN;
}

/* The jump of rows i, i + 1: V must not rise (D2); Eq. (23). */
static double check_jump_ledger(auditor *A, int i)
{
    double Vb = storage_at(A, i), d = Vb - storage_at(A, i + 1);
    char what[300];
    if (d < -A->set_tol * fmax(Vb, 1e-300)) {
        snprintf(what, sizeof what, "the jump at t = %.17g from j=%d raises "
                 "V by %.6g J: energy injected (D2: V(g(chi)) <= V(chi))",
                 A->T.t[i], A->T.j[i], -d);
        audit_finding(A, K_LEDGER, i + 1, -1, what);
    }
    return d;
}

/* The ledger of interval k: 1 when it cannot decide, else a finding when
 * it does not close. */
static int check_interval(auditor *A, int k, piece *p)
{
    int a = A->iv[k].a, b = A->iv[k].b;
    double e = p->eIs + p->eDC;
    char what[400];
    if (!decides(b - a + 1, p))
        return 1;
    if (fabs(p->res) > 3.0 * e + A->set_tol * p->E) {
        snprintf(what, sizeof what, "the energy balance of interval [%.17g, "
                 "%.17g] j=%d does not close: residual %.3e J, three times "
                 "its quadrature error estimate %.3e J (V %.6g to %.6g J, "
                 "I_s %.6g J, Delta_C %.6g J; Eq. 24)", A->T.t[a], A->T.t[b],
                 A->T.j[a], p->res, 3.0 * e, storage_at(A, a),
                 storage_at(A, b), p->Is, p->DC);
        audit_finding(A, K_LEDGER, b, -1, what);
    }
    return 0;
}

/* The intervals the ledger could not decide: a note for those the flow
 * check decided; an inconclusive line naming the first of the others and
 * the sampling that would decide the worst. */
static void report_undecided(auditor *A, int nund, int nflow, int first,
                             int worst, const piece *pf, const piece *pw)
{
    char reason[700], sampling[300];
    int a, b, nw;
    if (nflow > 0)
        fprintf(A->out, "ledger: %d flow interval%s too coarsely sampled for "
                "the trapezoidal rule (fewer than %d rows, or three times the "
                "quadrature error estimate above %g of the energy), decided "
                "by the flow check\n", nflow, nflow == 1 ? "" : "s",
                LEDGER_ROWS_MIN, LEDGER_RESOLVE);
    if (nund == 0)
        return;
    a = A->iv[first].a;
    b = A->iv[first].b;
    snprintf(reason, sizeof reason, "%d flow interval%s decided neither by "
             "the flow check nor by the energy balance (the first: interval "
             "[%.17g, %.17g] j=%d, %d rows, three times the quadrature error "
             "estimate %.3e J against the energy %.3e J; the balance decides "
             "with at least %d rows and three times the estimate below %g of "
             "the energy)", nund, nund == 1 ? "" : "s", A->T.t[a], A->T.t[b],
             A->T.j[a], b - a + 1, 3.0 * (pf->eIs + pf->eDC), pf->E,
             LEDGER_ROWS_MIN, LEDGER_RESOLVE);
    nw = A->iv[worst].b - A->iv[worst].a + 1;
    snprintf(sampling, sizeof sampling, "about %d rows in interval [%.17g, "
             "%.17g] j=%d (now %d) would decide: the trapezoid's error falls "
             "as the square of the spacing", rows_to_decide(nw, pw),
             A->T.t[A->iv[worst].a], A->T.t[A->iv[worst].b],
             A->T.j[A->iv[worst].a], nw);
    audit_inconclusive(A, "ledger", reason, sampling);
}

/* How far interval p is from deciding (for the worst one). */
static double shortfall(int n, const piece *p)
{
    return (double)rows_to_decide(n, p) / n;
}

void audit_ledger(auditor *A)
{
    double Is = 0, DC = 0, DD = 0, eIs = 0, eDC = 0, V0, VT, res;
    int k, nund = 0, nflow = 0, first = -1, worst = -1, counted = 0;
    piece pf = {0, 0, 0, 0, 0, 0}, pw = pf;
    for (k = 0; k < A->niv; k++) {
        int a = A->iv[k].a, b = A->iv[k].b;
        piece p = interval_ledger(A, a, b);
        Is += p.Is; DC += p.DC; eIs += p.eIs; eDC += p.eDC;
        if (b > a) {
            counted++;
            if (check_interval(A, k, &p) && A->by_flow[k])
                nflow++;
            else if (!decides(b - a + 1, &p)) {
                if (nund++ == 0) { first = k; pf = p; }
                if (worst < 0 || shortfall(b - a + 1, &p) >
                                 shortfall(A->iv[worst].b - A->iv[worst].a + 1, &pw)) {
                    worst = k;
                    pw = p;
                }
            }
        }
        if (audit_is_jump(A, b))
            DD += check_jump_ledger(A, b);             /* Eq. (23) */
    }
    V0 = storage_at(A, 0);
    VT = storage_at(A, A->T.n - 1);
    res = VT - V0 + DC + DD - Is;                      /* Eq. (24) */
    if (A->T.t[0] == 0.0 && audit_reaches_end(A))
        fprintf(A->out, "ledger (Eq. 24) over [0, T]: V(0) = %.10g J, V(T) = "
                "%.10g J, ", V0, VT);
    else            /* a part of [0, T]: the span of the rows, named */
        fprintf(A->out, "ledger (Eq. 24) over [t0, t1] = [%.17g, %.17g], the "
                "rows' span (T = %.17g): V(t0) = %.10g J, V(t1) = %.10g J, ",
                A->T.t[0], A->T.t[A->T.n - 1], A->T_end, V0, VT);
    fprintf(A->out, "I_s = %.10g J, Delta_C = %.10g J, Delta_D = %.10g J\n",
            Is, DC, DD);
    fprintf(A->out, "ledger residual over [%s] %.3e J, quadrature error "
            "estimate %.3e J (I_s %.3e, Delta_C %.3e); per interval: %d "
            "intervals, %d decided by the balance\n",
            A->T.t[0] == 0.0 && audit_reaches_end(A) ? "0, T" : "t0, t1", res,
            eIs + eDC, eIs, eDC, counted, counted - nflow - nund);
    report_undecided(A, nund, nflow, first, worst, &pf, &pw);
}
