/* audit_flow.c - the flow itself as the check: from each row of a flow
 * interval, the flow map of the scenario (Eq. 81 for H_r, Eq. 74 for H_f;
 * the mode q is fixed inside an interval, so no event is located) is
 * integrated with DOP853 at tolerances far tighter than any user's to the
 * next row, and each component is compared with the row; see audit_int.h.
 *
 * The defect of component c at row i + 1 is |y_flow - y_row| / S_c, with
 * S_c the range of c over the interval, as its rows and the flow from
 * them sweep it (rows that miss the peak of a contact do not shrink it),
 * floored at DEFECT_FLOOR times the scale of c's unit over the whole
 * trajectory: the largest |x|, |x_m|, |x_c| for a length, the largest
 * |v|, |v_m| for a velocity, the largest |z_c| for an internal state (a
 * component constant over the interval, x_c and z_c in a flight, v_m
 * under no force, is measured against that scale; a component zero
 * everywhere has no floor, and any departure from 0 is a defect of
 * +inf). */
#include "audit_int.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dop853.h"
#include "engine.h"
#include "impact.h"

/* Our integration: relative tolerance of each step (the user's is
 * unknown; ours must be far below --tol), and the absolute one as this
 * part of the smallest nonzero component scale. */
#define FLOW_RTOL 1e-12
#define FLOW_ATOL_PART 1e-12
#define FLOW_STEPS_MAX 200000  /* steps from one row to the next */
#define FLOW_STEPS_TOTAL 20000000L /* steps of the whole audit (about 20 s) */
#define DEFECT_FLOOR 1e-3      /* the floor of a component's range, as a
                                  part of its largest |value| */
#define SEARCH_FACTOR 100.0    /* a parameter is searched in [p/F, p F] */
#define SEARCH_ITER 40         /* golden-section steps: 0.618^40 ~ 4e-9 */

long audit_steps_total(void)
{
    return FLOW_STEPS_TOTAL;
}

/* The flow of one interval: the model (a copy, for the hints' search),
 * the layout and the mode. */
typedef struct flowctx {
    model m;
    layout L;
    int q;
    const auditor *A;   /* for the flow set C */
} flowctx;

/* Where the flow from a row first leaves C before the next row: the
 * time (NaN while it stays in C) and the state. */
typedef struct leave {
    double t;
    double y[COLLIDE_NY_MAX];
} leave;

/* Eq. (81) (H_r) or Eq. (74) (H_f) on chi in mode q, with the scenario's
 * applied forces: the run's own flow map of chi, impact_flow_chi. */
static void chi_rhs(void *ctx, double t, const double *y, double *dy)
{
    const flowctx *F = ctx;
    double fe[3];
    (void)impact_flow_chi(&F->m, &F->L, F->q, t, y, dy, fe);
}

/* Integrates the flow from (t0, y0) to t1 > t0 into y1, never stepping
 * over a breakpoint of the input. 0, or -1 (with why) when the step size
 * falls under the spacing of doubles, the steps run out or a value is not
 * finite. */
static int flow_to(const flowctx *F, double atol, double t0, const double *y0,
                   double t1, double *y1, double *lo, double *hi, leave *out,
                   const char **why)
{
    static dop853_step_data s;
    dop853_control c = dop853_control_default(FLOW_RTOL, atol, HUGE_VAL);
    double t = t0, y[COLLIDE_NY_MAX] = {0}, f[COLLIDE_NY_MAX] = {0}, h;
    int n = F->L.n_chi, rejected = 0;
    long nfev = 0, steps;
    memcpy(y, y0, (size_t)n * sizeof *y);
    chi_rhs((void *)F, t, y, f);
    h = dop853_initial_h(chi_rhs, (void *)F, n, t, y, f, t1 - t, &c, &nfev);
    for (steps = 0; t < t1; steps++) {
        double tb = fmin(t1, input_next_breakpoint(&F->m, t)), err;
        int last = h >= tb - t;     /* the last step may be below the floor */
        if (steps >= FLOW_STEPS_MAX || *F->A->steps_left <= 0 ||
            (!last && !(h > 4 * DBL_EPSILON * fabs(t)))) {
            *why = steps >= FLOW_STEPS_MAX ? "the steps ran out"
                 : *F->A->steps_left <= 0 ? "the audit's budget of 2e7 "
                                            "integration steps ran out"
                 : "the step size fell under its floor";
            return -1;
        }
        --*F->A->steps_left;
        if (last)
            h = tb - t;
        err = dop853_step(chi_rhs, (void *)F, n, t, y, f, h, FLOW_RTOL, atol,
                          &s, &nfev);
        if (err <= 1.0 && finite_vector(n, s.y1)) {
            int k;
            t = last ? tb : t + h;
            memcpy(y, s.y1, (size_t)n * sizeof *y);
            for (k = 0; k < n; k++) {
                lo[k] = fmin(lo[k], y[k]);
                hi[k] = fmax(hi[k], y[k]);
            }
            if (t < t1 && isnan(out->t) && !audit_in_c(F->A, F->q, y)) {
                out->t = t;
                memcpy(out->y, y, (size_t)n * sizeof *y);
            }
            memcpy(f, s.f1, (size_t)n * sizeof *f);
            h = dop853_next_h(&c, h, err, rejected);
            rejected = 0;
        } else {
            h = dop853_next_h(&c, h, err, 1);
            rejected = 1;
        }
    }
    memcpy(y1, y, (size_t)n * sizeof *y);
    return 0;
}

/* The scale of the unit of component c over the whole trajectory (see
 * the top). */
static double unit_scale(const auditor *A, int c)
{
    const layout *L = &A->L;
    int k;
    double s = 0;
    for (k = 0; k < L->n_chi; k++) {
        int len_c = c == L->x || c == L->xm || c == L->xc;
        int len_k = k == L->x || k == L->xm || k == L->xc;
        int vel_c = c == L->v || c == L->vm, vel_k = k == L->v || k == L->vm;
        if ((len_c && len_k) || (vel_c && vel_k) ||
            (!len_c && !vel_c && !len_k && !vel_k))
            s = fmax(s, A->scale[k]);
    }
    return s;
}

/* The scale S_c of each component from its range lo .. hi over the
 * interval (see the top). */
static void ranges(const auditor *A, const double *lo, const double *hi,
                   double *S)
{
    int c;
    for (c = 0; c < A->L.n_chi; c++) {
        S[c] = fmax(hi[c] - lo[c], DEFECT_FLOOR * unit_scale(A, c));
        if (!(S[c] > 0))
            S[c] = DBL_MIN;
    }
}

/* The range of each component over rows a .. b, into lo, hi. */
static void row_range(const auditor *A, int a, int b, double *lo, double *hi)
{
    int c, i;
    for (c = 0; c < A->L.n_chi; c++) {
        lo[c] = hi[c] = A->T.y[a][c];
        for (i = a + 1; i <= b; i++) {
            lo[c] = fmin(lo[c], A->T.y[i][c]);
            hi[c] = fmax(hi[c], A->T.y[i][c]);
        }
    }
}

/* The absolute tolerance of our integration: FLOW_ATOL_PART of the
 * smallest nonzero scale of a unit (length, velocity, internal state). */
static double flow_atol(const auditor *A)
{
    double s = HUGE_VAL;
    int c;
    for (c = 0; c < A->L.n_chi; c++)
        if (unit_scale(A, c) > 0)
            s = fmin(s, unit_scale(A, c));
    return FLOW_ATOL_PART * (isfinite(s) ? s : 1.0);
}

/* The flow from each row a .. b - 1 of one interval to the next row,
 * into yf (a row per row of the trajectory), and the range of each
 * component over the rows and the flow, into lo, hi; where the flow
 * from row *from first leaves C, into out (*from = -1: never). Returns
 * the row whose integration failed (with why), or -1. */
static int interval_flow(const auditor *A, const flowctx *F, int a, int b,
                         double (*yf)[COLLIDE_NY_MAX], double *lo, double *hi,
                         int *from, leave *out, const char **why)
{
    double atol = flow_atol(A);
    int i;
    row_range(A, a, b, lo, hi);
    *from = -1;
    out->t = NAN;
    for (i = a; i < b; i++) {
        if (!(A->T.t[i + 1] > A->T.t[i]))
            continue;                   /* a finding of the time domain */
        if (flow_to(F, atol, A->T.t[i], A->T.y[i], A->T.t[i + 1], yf[i + 1],
                    lo, hi, out, why))
            return i;
        if (*from < 0 && !isnan(out->t))
            *from = i;
    }
    return -1;
}

/* The flow from row i of interval [a, b] leaves C at out->t, before the
 * next row: a jump is missing there (a `flow set` finding at row i). */
static void leave_finding(auditor *A, const flowctx *F, int a, int b, int i,
                          const leave *out)
{
    const layout *L = &A->L;
    const double *y = out->y;
    char what[600];
    snprintf(what, sizeof what, "interval [%.17g, %.17g] j=%d (q = %d): the "
             "flow of the scenario from this row leaves the flow set C at t "
             "= %.17g (x = %.6g, v = %.6g, Phi = %.6g; Eq. 77), before the "
             "next row at t = %.17g: a jump of the hybrid system is missing "
             "there", A->T.t[a], A->T.t[b], A->T.j[a], F->q, out->t, y[L->x],
             y[L->v], A->m->law->phi(A->m->par, y[L->xc], y + L->z, y[L->v]),
             A->T.t[i + 1]);
    audit_finding(A, K_FLOWSET, i, -1, what);
}

/* The defects of the rows a + 1 .. b of one interval, in mode q, into
 * d (a row per row of the trajectory; rows without a step of flow stay
 * NaN). Returns the row whose integration failed (with why), or -1. */
static int interval_defects(auditor *A, const flowctx *F, int a, int b,
                            double (*d)[COLLIDE_NY_MAX], const char **why)
{
    double lo[COLLIDE_NY_MAX], hi[COLLIDE_NY_MAX], S[COLLIDE_NY_MAX];
    int i, c, from, failed;
    leave out;
    failed = interval_flow(A, F, a, b, d, lo, hi, &from, &out, why);
    if (from >= 0)
        leave_finding(A, F, a, b, from, &out);
    ranges(A, lo, hi, S);
    for (i = a; i < b && (failed < 0 || i < failed); i++) {
        if (!(A->T.t[i + 1] > A->T.t[i]))
            continue;
        for (c = 0; c < A->L.n_chi; c++) {
            double e = fabs(d[i + 1][c] - A->T.y[i + 1][c]);
            d[i + 1][c] = e == 0 ? 0.0 : e / S[c];
        }
    }
    for (; i < b; i++)
        for (c = 0; c < A->L.n_chi; c++)
            d[i + 1][c] = NAN;
    return failed;
}

/* The largest defect of row i and its component (-1 if none). */
static int worst_component(const auditor *A, const double *d, double *dmax)
{
    int c, w = -1;
    *dmax = 0;
    for (c = 0; c < A->L.n_chi; c++)
        if (!isnan(d[c]) && (w < 0 || d[c] > *dmax)) {
            w = c;
            *dmax = d[c];
        }
    return w;
}

/* The largest defect over rows a + 1 .. b (for the hints' search). */
static double interval_max(const auditor *A, const flowctx *F, int a, int b)
{
    double (*yf)[COLLIDE_NY_MAX] = malloc((size_t)(b + 1) * sizeof *yf);
    double lo[COLLIDE_NY_MAX], hi[COLLIDE_NY_MAX], S[COLLIDE_NY_MAX], m = 0;
    const char *why;
    int i, c, from;
    leave out;
    if (!yf)
        return HUGE_VAL;
    if (interval_flow(A, F, a, b, yf, lo, hi, &from, &out, &why) >= 0) {
        free(yf);
        return HUGE_VAL;
    }
    ranges(A, lo, hi, S);
    for (i = a; i < b; i++)
        if (A->T.t[i + 1] > A->T.t[i])
            for (c = 0; c < A->L.n_chi; c++)
                m = fmax(m, fabs(yf[i + 1][c] - A->T.y[i + 1][c]) / S[c]);
    free(yf);
    return isnan(m) ? HUGE_VAL : m;
}

/* A flow context for interval k (its mode: the q of its first row). */
static flowctx context(const auditor *A, int k)
{
    flowctx F;
    F.m = *A->m;
    F.L = A->L;
    F.q = A->T.q[A->iv[k].a];
    F.A = A;
    return F;
}

/* Whether interval k keeps one q (else a structure finding: skipped). */
static int one_mode(const auditor *A, int k)
{
    int i;
    for (i = A->iv[k].a; i <= A->iv[k].b; i++)
        if (A->T.q[i] != A->T.q[A->iv[k].a])
            return 0;
    return 1;
}

/* The finding of interval k: its first row over --tol, the component that
 * departs most there, and the largest defect of the interval. */
static void interval_finding(auditor *A, int k, int r, int c,
                             double (*d)[COLLIDE_NY_MAX], int rmax, double dmax)
{
    const flowctx F = context(A, k);
    int a = A->iv[k].a, b = A->iv[k].b;
    double (*yf)[COLLIDE_NY_MAX] = malloc((size_t)(b + 1) * sizeof *yf);
    double lo[COLLIDE_NY_MAX], hi[COLLIDE_NY_MAX], S[COLLIDE_NY_MAX];
    const char *why;
    char what[700];
    int from;
    leave out;
    if (!yf)
        return;
    interval_flow(A, &F, a, b, yf, lo, hi, &from, &out, &why);
    ranges(A, lo, hi, S);
    snprintf(what, sizeof what, "interval [%.17g, %.17g] j=%d (q = %d): the "
             "flow of the scenario (Eq. %s) from row %d gives %s = %.17g, the "
             "row has %.17g: defect %.3g of its range %.3g over the interval, "
             "over --tol %g; the largest defect of the interval %.3g at row %d",
             A->T.t[a], A->T.t[b], A->T.j[a], F.q,
             A->m->sys == SYS_HR ? "81" : "74", r + 1,
             impact_component_name(&A->L, c), yf[r][c], A->T.y[r][c], d[r][c],
             S[c], A->flow_tol, dmax, rmax + 2);
    free(yf);
    audit_finding(A, K_FLOW, r, c, what);
}

/* ---- the hints ------------------------------------------------------------ */

/* Whether any row before r is in contact. */
static int contact_before(const auditor *A, int r)
{
    int i;
    for (i = 0; i < r; i++)
        if (A->T.q[i] == 1)
            return 1;
    return 0;
}

/* What the component c departing first at row r of interval k points at,
 * in words. */
static void hint_words(const auditor *A, int k, int r, int c)
{
    const char *name = impact_component_name(&A->L, c);
    const char *where = r == A->iv[k].a + 1 ? "at the start of" : "inside";
    int q = A->T.q[r];
    if (c == A->L.v && q == 0)
        fprintf(A->out, "audit: hint: v departs first, %s the %sflight "
                "[%.17g, %.17g]%s: only the applied force acts there (Eq. "
                "%s: v' = F_e,r / m), so the applied force or the mass "
                "differs from the scenario's\n", where,
                k == 0 ? "first " : "", A->T.t[A->iv[k].a], A->T.t[A->iv[k].b],
                contact_before(A, r) ? "" : ", before any contact",
                A->m->sys == SYS_HR ? "81" : "74");
    else if (c == A->L.v)
        fprintf(A->out, "audit: hint: v departs first, %s the contact "
                "[%.17g, %.17g]: v' = (F_e,r - Phi) / m (Eqs. 74, 81), so the "
                "contact force Phi (the law's parameters), the applied force "
                "or the mass differs from the scenario's\n", where,
                A->T.t[A->iv[k].a], A->T.t[A->iv[k].b]);
    else if (q == 0 && (c == A->L.xc || c >= A->L.z))
        fprintf(A->out, "audit: hint: %s departs first, %s the flight "
                "[%.17g, %.17g]: %s is constant apart (Eq. 81), so the row "
                "after the jump before it keeps a value the reset of Eqs. "
                "(75), (82) sets to 0, or the rows change it in flight\n",
                name, where, A->T.t[A->iv[k].a], A->T.t[A->iv[k].b], name);
    else if (c == A->L.x || c == A->L.xm || c == A->L.xc)
        fprintf(A->out, "audit: hint: %s departs first, %s the interval "
                "[%.17g, %.17g]: %s' = %s is not followed, so %s is not the "
                "integral of its velocity (a shifted time column, an offset "
                "of %s at the jump, or a contact taken as an overlap)\n", name,
                where, A->T.t[A->iv[k].a], A->T.t[A->iv[k].b], name,
                c == A->L.xm ? "v_m" : "v", name, name);
    else if (c == A->L.vm)
        fprintf(A->out, "audit: hint: v_m departs first, %s the interval "
                "[%.17g, %.17g]: v_m' = (F_e,1 + F_e,2) / (m_1 + m_2) (Eq. "
                "74), so the applied forces or the masses differ from the "
                "scenario's\n", where, A->T.t[A->iv[k].a], A->T.t[A->iv[k].b]);
    else
        fprintf(A->out, "audit: hint: %s departs first, %s the contact "
                "[%.17g, %.17g]: its rate Psi (Eq. 59) of law %s differs "
                "from the scenario's (a sign or a parameter of Psi)\n", name,
                where, A->T.t[A->iv[k].a], A->T.t[A->iv[k].b],
                A->m->law->name);
}

/* Parameter i of the search: -1 the mass m, else the law's parameter i. */
static double *param(flowctx *F, int i)
{
    return i < 0 ? &F->m.m : &F->m.par[i];
}

/* The largest defect of interval k with parameter i set to p0 e^u. */
static double trial(const auditor *A, int k, int i, double p0, double u)
{
    flowctx F = context(A, k);
    *param(&F, i) = p0 * exp(u);
    return interval_max(A, &F, A->iv[k].a, A->iv[k].b);
}

/* Golden-section search of u = log(p / p0) in [-log F, log F] for the
 * smallest largest defect of interval k; *best gets that defect. */
static double search(const auditor *A, int k, int i, double p0, double *best)
{
    const double g = 0.5 * (sqrt(5.0) - 1.0);
    double lo = -log(SEARCH_FACTOR), hi = log(SEARCH_FACTOR);
    double u1 = hi - g * (hi - lo), u2 = lo + g * (hi - lo);
    double f1 = trial(A, k, i, p0, u1), f2 = trial(A, k, i, p0, u2);
    int it;
    for (it = 0; it < SEARCH_ITER; it++) {
        if (f1 <= f2) {
            hi = u2; u2 = u1; f2 = f1;
            u1 = hi - g * (hi - lo);
            f1 = trial(A, k, i, p0, u1);
        } else {
            lo = u1; u1 = u2; f1 = f2;
            u2 = lo + g * (hi - lo);
            f2 = trial(A, k, i, p0, u2);
        }
    }
    *best = fmin(f1, f2);
    return p0 * exp(f1 <= f2 ? u1 : u2);
}

/* Which single parameter of the scenario (the mass m, or one of the
 * law's), changed alone, best removes the defect of interval k: printed
 * when it brings the largest defect under --tol. */
/* Whether the law admits its parameters with parameter i (>= 0) set to
 * v, the others the scenario's. */
static int admissible(const auditor *A, int i, double v)
{
    double par[LAW_NPAR_MAX];
    char range[128];
    memcpy(par, A->m->par, sizeof par);
    par[i] = v;
    return A->m->law->validate(par, range, sizeof range) == -1;
}

static void hint_parameter(const auditor *A, int k, double dnow)
{
    double bestd = dnow, bestp = 0, p0 = 0;
    int i, s, besti = -2;
    for (i = -1; i < A->m->law->npar; i++) {
        flowctx F = context(A, k);
        double v = *param(&F, i);
        if (!(v != 0) || !isfinite(v))
            continue;
        /* the parameter's value and, where the law admits it, its
         * opposite (a sign flipped in one term) */
        for (s = 1; s >= -1; s -= 2) {
            double d, p;
            if (s < 0 && (i < 0 || !admissible(A, i, -v)))
                continue;
            p = search(A, k, i, s * v, &d);
            if (d < bestd) {
                bestd = d;
                bestp = p;
                besti = i;
                p0 = v;
            }
        }
    }
    if (besti < -1 || !(bestd <= A->flow_tol))
        return;
    fprintf(A->out, "audit: hint: %s = %.4g%s fits the first failing interval "
            "[%.17g, %.17g] j=%d (largest defect %.3g there, %.3g with the "
            "scenario's), against %.4g%s in the scenario: a hint, not a "
            "verdict\n", besti < 0 ? "m" : A->m->law->par_names[besti], bestp,
            besti < 0 ? " kg" : "", A->T.t[A->iv[k].a], A->T.t[A->iv[k].b],
            A->T.j[A->iv[k].a], bestd, dnow, p0, besti < 0 ? " kg" : "");
}

/* ---- the check ------------------------------------------------------------ */

/* Writes the defects d of every row that ends a step of flow: row, t, j,
 * the interval's index, one column per component. 0, or -1. */
static int write_defects(const auditor *A, const char *path,
                         double (*d)[COLLIDE_NY_MAX], FILE *err)
{
    FILE *f = fopen(path, "w");
    int k, i, c, bad;
    if (!f) {
        fprintf(err, "collide audit: %s: cannot write the defects\n", path);
        return -1;
    }
    fputs("row,t,j,interval", f);
    for (c = 0; c < A->L.n_chi; c++)
        fprintf(f, ",%s", impact_component_name(&A->L, c));
    fputc('\n', f);
    for (k = 0; k < A->niv; k++)
        for (i = A->iv[k].a + 1; i <= A->iv[k].b; i++) {
            if (isnan(d[i][0]))
                continue;
            fprintf(f, "%d,%.17g,%d,%d", i + 2, A->T.t[i], A->T.j[i], k);
            for (c = 0; c < A->L.n_chi; c++)
                fprintf(f, ",%.6e", d[i][c]);
            fputc('\n', f);
        }
    bad = ferror(f);
    bad = fclose(f) != 0 || bad;
    if (bad)
        fprintf(err, "collide audit: %s: cannot write the defects\n", path);
    return bad ? -1 : 0;
}

/* Interval k: its defects, then its finding (first row over --tol).
 * Returns the row of its finding, or -1; *failed the row whose
 * integration failed, or -1. */
static int check_interval(auditor *A, int k, double (*d)[COLLIDE_NY_MAX],
                          int *comp, int *failed, const char **why)
{
    flowctx F = context(A, k);
    int a = A->iv[k].a, b = A->iv[k].b, i, first = -1, c0 = -1, rmax = -1;
    double dmax = 0;
    *failed = interval_defects(A, &F, a, b, d, why);
    for (i = a + 1; i <= b; i++) {
        double di;
        int c = worst_component(A, d[i], &di);
        if (c < 0)
            continue;
        if (di > A->flow_tol && first < 0) {
            first = i;
            c0 = c;
        }
        if (di > dmax || rmax < 0) {
            dmax = di;
            rmax = i;
        }
    }
    if (first >= 0)
        interval_finding(A, k, first, c0, d, rmax, dmax);
    *comp = c0;
    return first;
}

int audit_flow(auditor *A, const char *path, FILE *err)
{
    double (*d)[COLLIDE_NY_MAX] = malloc((size_t)A->T.n * sizeof *d);
    int k, i, c, kf = -1, rf = -1, cf = -1, nfail = 0, rfail = -1, nrows = 0;
    int rmax = -1, cmax = -1, st = 0;
    const char *why = "";
    double dmax = 0;
    if (!d) {
        fprintf(err, "collide audit: out of memory\n");
        return -1;
    }
    for (i = 0; i < A->T.n; i++)
        for (c = 0; c < COLLIDE_NY_MAX; c++)
            d[i][c] = NAN;
    for (k = 0; k < A->niv; k++) {
        int comp, failed, r;
        if (A->iv[k].b == A->iv[k].a || !one_mode(A, k))
            continue;
        r = check_interval(A, k, d, &comp, &failed, &why);
        A->by_flow[k] = failed < 0;
        if (failed >= 0 && nfail++ == 0)
            rfail = failed;
        if (r >= 0 && kf < 0) {
            kf = k;
            rf = r;
            cf = comp;
        }
    }
    for (i = 0; i < A->T.n; i++) {
        double di;
        int w = worst_component(A, d[i], &di);
        if (w < 0)
            continue;
        nrows++;
        if (rmax < 0 || di > dmax) {
            dmax = di;
            rmax = i;
            cmax = w;
        }
    }
    fprintf(A->out, "flow (Eq. %s) from row to row at rtol %g: %d rows "
            "checked", A->m->sys == SYS_HR ? "81" : "74", FLOW_RTOL, nrows);
    if (rmax >= 0)
        fprintf(A->out, ", largest defect %.3g at row %d t=%.17g j=%d "
                "component %s (--tol %g)", dmax, rmax + 2, A->T.t[rmax],
                A->T.j[rmax], impact_component_name(&A->L, cmax), A->flow_tol);
    fputc('\n', A->out);
    if (nfail > 0) {
        char reason[400];
        snprintf(reason, sizeof reason, "the flow of the scenario could not "
                 "be integrated from %d row%s (the first: row %d t=%.17g "
                 "j=%d: %s)", nfail, nfail == 1 ? "" : "s", rfail + 2,
                 A->T.t[rfail], A->T.j[rfail], why);
        audit_inconclusive(A, "flow", reason, "rows closer together after "
                           "that row would let it restart");
    }
    if (kf >= 0) {
        double dk;
        hint_words(A, kf, rf, cf);
        flowctx F = context(A, kf);
        dk = interval_max(A, &F, A->iv[kf].a, A->iv[kf].b);
        hint_parameter(A, kf, dk);
    }
    if (path)
        st = write_defects(A, path, d, err);
    free(d);
    return st;
}
