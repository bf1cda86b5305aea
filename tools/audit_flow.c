/* audit_flow.c - the flow itself as the check: from each row of a flow
 * interval, the flow map of the scenario (Eq. 81 for H_r, Eq. 74 for H_f;
 * the mode q is fixed inside an interval, so no event is located) is
 * integrated with DOP853 at tolerances far tighter than any user's to the
 * next row, and each component is compared with the row; see audit_flow.h.
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
#include "audit_flow.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

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

/* The flow of one interval: the model (the scenario's, or a copy with a
 * parameter changed, for the hints' search) and the mode. */
typedef struct flowctx {
    const collide_model *m;
    int q;
    const auditor *A;   /* for the flow set C */
} flowctx;

/* Where the flow from a row first leaves C before the next row: the
 * time (NaN while it stays in C) and the state. */
typedef struct leave {
    double t;
    double y[COLLIDE_CHI_MAX];
} leave;

/* What each accepted step of the integration to the next row (at t1)
 * updates: the range lo .. hi of each component, and where the flow
 * first leaves C. */
typedef struct watch {
    const flowctx *F;
    double t1;
    double *lo, *hi;
    leave *out;
} watch;

static int on_step(void *ctx, double t, const double *y)
{
    const watch *w = ctx;
    int k, n = w->F->A->L.n;
    for (k = 0; k < n; k++) {
        w->lo[k] = fmin(w->lo[k], y[k]);
        w->hi[k] = fmax(w->hi[k], y[k]);
    }
    if (t < w->t1 && isnan(w->out->t) && !audit_in_c(w->F->A, w->F->q, y)) {
        w->out->t = t;
        memcpy(w->out->y, y, (size_t)n * sizeof *y);
    }
    return 0;
}

/* Integrates the flow of Eq. (81) (H_r) or Eq. (74) (H_f) in mode q from
 * (t0, y0) to t1 > t0 into y1 (collide_model_integrate: never over a
 * breakpoint of the input), within the steps left of the audit's budget.
 * 0, or -1 (with why) when the step size falls under the spacing of
 * doubles, the steps run out or a value is not finite. */
static int flow_to(const flowctx *F, double atol, double t0, const double *y0,
                   double t1, double *y1, double *lo, double *hi, leave *out,
                   const char **why)
{
    static char msg[256];   /* why, for a failure of another kind */
    long *left = F->A->steps_left;
    collide_flow_options o;
    collide_flow_stats st;
    watch w;
    int rc;
    if (*left <= 0) {
        *why = "the audit's budget of 2e7 integration steps ran out";
        return -1;
    }
    collide_flow_options_init(&o, sizeof o);
    o.rtol = FLOW_RTOL;
    o.atol = fmax(atol, DBL_MIN);
    o.max_steps = *left < FLOW_STEPS_MAX ? *left : FLOW_STEPS_MAX;
    w = (watch){F, t1, lo, hi, out};
    o.on_step = on_step;
    o.ctx = &w;
    rc = collide_model_integrate(F->m, F->q, t0, y0, t1, y1, &o, &st, msg,
                                 sizeof msg);
    *left -= st.steps;
    if (rc == COLLIDE_OK)
        return 0;
    *why = rc == COLLIDE_E_PROGRESS && o.max_steps == FLOW_STEPS_MAX
               ? "the steps ran out"
         : rc == COLLIDE_E_PROGRESS
               ? "the audit's budget of 2e7 integration steps ran out"
         : rc == COLLIDE_E_STEP ? "the step size fell under its floor" : msg;
    return -1;
}

/* The scale of the unit of component c over the whole trajectory (see
 * the top). */
static double unit_scale(const auditor *A, int c)
{
    const chi_index *L = &A->L;
    int k;
    double s = 0;
    for (k = 0; k < L->n; k++) {
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
    for (c = 0; c < A->L.n; c++) {
        S[c] = fmax(hi[c] - lo[c], DEFECT_FLOOR * unit_scale(A, c));
        if (!(S[c] > 0))
            S[c] = DBL_MIN;
    }
}

/* The range of each component over rows a .. b, into lo, hi. */
static void row_range(const auditor *A, int a, int b, double *lo, double *hi)
{
    int c, i;
    for (c = 0; c < A->L.n; c++) {
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
    for (c = 0; c < A->L.n; c++)
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
                         double (*yf)[COLLIDE_CHI_MAX], double *lo, double *hi,
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
    const chi_index *L = &A->L;
    const double *y = out->y;
    char what[600];
    snprintf(what, sizeof what, "interval [%.17g, %.17g] j=%d (q = %d): the "
             "flow of the scenario from this row leaves the flow set C at t "
             "= %.17g (x = %.6g, v = %.6g, Phi = %.6g; Eq. 77), before the "
             "next row at t = %.17g: a jump of the hybrid system is missing "
             "there", A->T.t[a], A->T.t[b], A->T.j[a], F->q, out->t, y[L->x],
             y[L->v], collide_model_phi(F->m, y),
             A->T.t[i + 1]);
    audit_finding(A, K_FLOWSET, i, -1, what);
}

/* The defects of the rows a + 1 .. b of one interval, in mode q, into
 * d (a row per row of the trajectory; rows without a step of flow stay
 * NaN). Returns the row whose integration failed (with why), or -1. */
static int interval_defects(auditor *A, const flowctx *F, int a, int b,
                            double (*d)[COLLIDE_CHI_MAX], const char **why)
{
    double lo[COLLIDE_CHI_MAX], hi[COLLIDE_CHI_MAX], S[COLLIDE_CHI_MAX];
    int i, c, from, failed;
    leave out;
    failed = interval_flow(A, F, a, b, d, lo, hi, &from, &out, why);
    if (from >= 0)
        leave_finding(A, F, a, b, from, &out);
    ranges(A, lo, hi, S);
    for (i = a; i < b && (failed < 0 || i < failed); i++) {
        if (!(A->T.t[i + 1] > A->T.t[i]))
            continue;
        for (c = 0; c < A->L.n; c++) {
            double e = fabs(d[i + 1][c] - A->T.y[i + 1][c]);
            d[i + 1][c] = e == 0 ? 0.0 : e / S[c];
        }
    }
    for (; i < b; i++)
        for (c = 0; c < A->L.n; c++)
            d[i + 1][c] = NAN;
    return failed;
}

/* The largest defect of row i and its component (-1 if none). */
static int worst_component(const auditor *A, const double *d, double *dmax)
{
    int c, w = -1;
    *dmax = 0;
    for (c = 0; c < A->L.n; c++)
        if (!isnan(d[c]) && (w < 0 || d[c] > *dmax)) {
            w = c;
            *dmax = d[c];
        }
    return w;
}

/* The largest defect over rows a + 1 .. b (for the hints' search). */
static double interval_max(const auditor *A, const flowctx *F, int a, int b)
{
    double (*yf)[COLLIDE_CHI_MAX] = malloc((size_t)(b + 1) * sizeof *yf);
    double lo[COLLIDE_CHI_MAX], hi[COLLIDE_CHI_MAX], S[COLLIDE_CHI_MAX], m = 0;
    const char *why;
    int i, c, from;
    leave out;
    if (!yf) {
        audit_out_of_memory(A);
        return HUGE_VAL;
    }
    if (interval_flow(A, F, a, b, yf, lo, hi, &from, &out, &why) >= 0) {
        free(yf);
        return HUGE_VAL;
    }
    ranges(A, lo, hi, S);
    for (i = a; i < b; i++)
        if (A->T.t[i + 1] > A->T.t[i])
            for (c = 0; c < A->L.n; c++)
                m = fmax(m, fabs(yf[i + 1][c] - A->T.y[i + 1][c]) / S[c]);
    free(yf);
    return isnan(m) ? HUGE_VAL : m;
}

/* A flow context for interval k (its mode: the q of its first row). */
static flowctx context(const auditor *A, int k)
{
    flowctx F;
    F.m = A->m;
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
                             double (*d)[COLLIDE_CHI_MAX], int rmax, double dmax)
{
    const flowctx F = context(A, k);
    int a = A->iv[k].a, b = A->iv[k].b;
    double (*yf)[COLLIDE_CHI_MAX] = malloc((size_t)(b + 1) * sizeof *yf);
    double lo[COLLIDE_CHI_MAX], hi[COLLIDE_CHI_MAX], S[COLLIDE_CHI_MAX];
    const char *why;
    char what[700];
    int from;
    leave out;
    if (!yf) {
        audit_out_of_memory(A);
        return;
    }
    interval_flow(A, &F, a, b, yf, lo, hi, &from, &out, &why);
    ranges(A, lo, hi, S);
    snprintf(what, sizeof what, "interval [%.17g, %.17g] j=%d (q = %d): the "
             "flow of the scenario (Eq. %s) from row %d gives %s = %.17g, the "
             "row has %.17g: defect %.3g of its range %.3g over the interval, "
             "over --tol %g; the largest defect of the interval %.3g at row %d",
             A->T.t[a], A->T.t[b], A->T.j[a], F.q,
             collide_model_system(A->m) == COLLIDE_SYSTEM_HR ? "81" : "74",
             audit_line(A, r - 1),
             audit_component(A, c), yf[r][c], A->T.y[r][c], d[r][c],
             S[c], A->flow_tol, dmax, audit_line(A, rmax));
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
    const char *name = audit_component(A, c);
    const char *where = r == A->iv[k].a + 1 ? "at the start of" : "inside";
    int q = A->T.q[r];
    if (c == A->L.v && q == 0)
        fprintf(A->out, "audit: hint: v departs first, %s the %sflight "
                "[%.17g, %.17g]%s: only the applied force acts there (Eq. "
                "%s: v' = F_e,r / m), so the applied force or the mass "
                "differs from the scenario's\n", where,
                k == 0 ? "first " : "", A->T.t[A->iv[k].a], A->T.t[A->iv[k].b],
                contact_before(A, r) ? "" : ", before any contact",
                collide_model_system(A->m) == COLLIDE_SYSTEM_HR ? "81" : "74");
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
                collide_scenario_law(A->s, 0));
}

/* The largest defect of interval k under the model fit with its
 * parameter i (collide_model_parameter) set to p0 e^u: +inf where the
 * model does not admit that value. */
static double trial(const auditor *A, int k, collide_model *fit, int i,
                    double p0, double u)
{
    flowctx F = context(A, k);
    if (collide_model_set_parameter(fit, i, p0 * exp(u), NULL, 0) !=
        COLLIDE_OK)
        return HUGE_VAL;
    F.m = fit;
    return interval_max(A, &F, A->iv[k].a, A->iv[k].b);
}

/* Golden-section search of u = log(p / p0) in [-log F, log F] for the
 * smallest largest defect of interval k under fit, its parameter i
 * varied (and left as the scenario's); *best gets that defect. */
static double search(const auditor *A, int k, collide_model *fit, int i,
                     double p0, double *best)
{
    const double g = 0.5 * (sqrt(5.0) - 1.0);
    double lo = -log(SEARCH_FACTOR), hi = log(SEARCH_FACTOR);
    double u1 = hi - g * (hi - lo), u2 = lo + g * (hi - lo);
    double f1 = trial(A, k, fit, i, p0, u1), f2 = trial(A, k, fit, i, p0, u2);
    int it;
    for (it = 0; it < SEARCH_ITER; it++) {
        if (f1 <= f2) {
            hi = u2; u2 = u1; f2 = f1;
            u1 = hi - g * (hi - lo);
            f1 = trial(A, k, fit, i, p0, u1);
        } else {
            lo = u1; u1 = u2; f1 = f2;
            u2 = lo + g * (hi - lo);
            f2 = trial(A, k, fit, i, p0, u2);
        }
    }
    (void)collide_model_set_parameter(fit, i, collide_model_parameter(A->m, i),
                                      NULL, 0);
    *best = fmin(f1, f2);
    return p0 * exp(f1 <= f2 ? u1 : u2);
}

/* Whether the model admits its parameter i set to v, the others the
 * scenario's. */
static int admissible(collide_model *fit, int i, double v)
{
    double was = collide_model_parameter(fit, i);
    if (collide_model_set_parameter(fit, i, v, NULL, 0) != COLLIDE_OK)
        return 0;
    (void)collide_model_set_parameter(fit, i, was, NULL, 0);
    return 1;
}

/* Which single parameter of the scenario (the mass m, or one of the
 * law's), changed alone, best removes the defect of interval k: printed
 * when it brings the largest defect under --tol. */
static void hint_parameter(const auditor *A, int k, double dnow)
{
    double bestd = dnow, bestp = 0, p0 = 0;
    int i, s, besti = -1;
    collide_model *fit;
    if (collide_model_copy(A->m, &fit) != COLLIDE_OK) {
        audit_out_of_memory(A);    /* its only failure for a model */
        return;
    }
    for (i = 0; i < collide_model_parameters(A->m); i++) {
        double v = collide_model_parameter(A->m, i);
        if (!(v != 0) || !isfinite(v))
            continue;
        /* the parameter's value and, where the law admits it, its
         * opposite (a sign flipped in one term) */
        for (s = 1; s >= -1; s -= 2) {
            double d, p;
            if (s < 0 && (i == 0 || !admissible(fit, i, -v)))
                continue;
            p = search(A, k, fit, i, s * v, &d);
            if (d < bestd) {
                bestd = d;
                bestp = p;
                besti = i;
                p0 = v;
            }
        }
    }
    collide_model_free(fit);
    if (besti < 0 || !(bestd <= A->flow_tol))
        return;
    fprintf(A->out, "audit: hint: %s = %.4g%s fits the first failing interval "
            "[%.17g, %.17g] j=%d (largest defect %.3g there, %.3g with the "
            "scenario's), against %.4g%s in the scenario: a hint, not a "
            "verdict\n", collide_model_parameter_name(A->m, besti), bestp,
            besti == 0 ? " kg" : "", A->T.t[A->iv[k].a], A->T.t[A->iv[k].b],
            A->T.j[A->iv[k].a], bestd, dnow, p0, besti == 0 ? " kg" : "");
}

/* ---- the check ------------------------------------------------------------ */

/* What write_defects_rows writes: the auditor and the defects. */
typedef struct defects_ctx {
    const auditor *A;
    double (*d)[COLLIDE_CHI_MAX];
} defects_ctx;

/* Writes the defects of every row that ends a step of flow on f: row, t,
 * j, the interval's index, one column per component; 0, or -1. */
static int write_defects_rows(FILE *f, const void *ctx)
{
    const defects_ctx *c = ctx;
    const auditor *A = c->A;
    int k, i, n;
    fputs("row,t,j,interval", f);
    for (n = 0; n < A->L.n; n++)
        fprintf(f, ",%s", audit_component(A, n));
    fputc('\n', f);
    for (k = 0; k < A->niv; k++)
        for (i = A->iv[k].a + 1; i <= A->iv[k].b; i++) {
            if (isnan(c->d[i][0]))
                continue;
            fprintf(f, "%d,%.17g,%d,%d", audit_line(A, i), A->T.t[i],
                    A->T.j[i], k);
            for (n = 0; n < A->L.n; n++)
                fprintf(f, ",%.6e", c->d[i][n]);
            fputc('\n', f);
        }
    return ferror(f) ? -1 : 0;
}

/* Writes the defects d to path as one file
 * (collide_aux_session_write_file: never
 * through a link, never over an input of the audit). 0, -1 when it
 * cannot be written, -2 when path is an input (a message on err). */
static int write_defects(const auditor *A, const char *path,
                         double (*d)[COLLIDE_CHI_MAX], FILE *err)
{
    char msg[1024];
    defects_ctx c;
    int st;
    c.A = A;
    c.d = d;
    st = collide_aux_session_write_file(session_get(), path,
                                        write_defects_rows, &c, msg,
                                        sizeof msg);
    if (st == COLLIDE_OK)
        return 0;
    fprintf(err, "collide audit: --defects: %s: cannot write the defects "
            "(%s)\n", path, msg);
    return st == COLLIDE_E_USAGE ? -2 : -1;
}

/* Interval k: its defects, then its finding (first row over --tol).
 * Returns the row of its finding, or -1; *failed the row whose
 * integration failed, or -1. */
static int check_interval(auditor *A, int k, double (*d)[COLLIDE_CHI_MAX],
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
    double (*d)[COLLIDE_CHI_MAX] = malloc((size_t)A->T.n * sizeof *d);
    int k, i, c, kf = -1, rf = -1, cf = -1, nfail = 0, rfail = -1, nrows = 0;
    int rmax = -1, cmax = -1, st = 0;
    const char *why = "";
    double dmax = 0;
    if (!d) {
        audit_out_of_memory(A);
        return -1;
    }
    for (i = 0; i < A->T.n; i++)
        for (c = 0; c < COLLIDE_CHI_MAX; c++)
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
            "checked", collide_model_system(A->m) == COLLIDE_SYSTEM_HR ? "81" : "74", FLOW_RTOL, nrows);
    if (rmax >= 0)
        fprintf(A->out, ", largest defect %.3g at row %d t=%.17g j=%d "
                "component %s (--tol %g)", dmax, audit_line(A, rmax),
                A->T.t[rmax],
                A->T.j[rmax], audit_component(A, cmax), A->flow_tol);
    fputc('\n', A->out);
    if (nfail > 0) {
        char reason[400];
        snprintf(reason, sizeof reason, "the flow of the scenario could not "
                 "be integrated from %d row%s (the first: row %d t=%.17g "
                 "j=%d: %s)", nfail, nfail == 1 ? "" : "s",
                 audit_line(A, rfail),
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
