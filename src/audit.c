/* audit.c - `collide audit`; see audit.h. */
#define _POSIX_C_SOURCE 200809L

#include "audit.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare.h"
#include "csv.h"
#include "hybrid.h"
#include "impact.h"
#include "number.h"
#include "scenario.h"

#define SHOWN_MAX 10   /* findings printed of each kind; the rest counted */

/* The trajectory in memory, one entry per row. */
typedef struct traj {
    int n;                  /* rows */
    double *t, *fe1, *fe2;
    int *j, *q;
    double (*y)[COLLIDE_NY_MAX];
} traj;

/* The kinds of findings: the flow set C, the jump set D, the reset, the
 * ledger, the hybrid time domain, the observables against --against. */
enum { K_FLOW, K_JUMP, K_RESET, K_LEDGER, K_TIME, K_AGAINST, K_KINDS };

/* What is being audited and what was found. */
typedef struct auditor {
    const scenario *s;
    const model *m;
    layout L;
    traj T;
    double tol, sx, sv, sphi, sxc; /* tolerance, scales of x, v, Phi, x_c */
    int nfind[K_KINDS], shown[K_KINDS]; /* findings per kind */
    FILE *out;
} auditor;

/* Prints a finding of kind k (the first SHOWN_MAX of each kind) at row
 * (from 0), or of the whole trajectory when row < 0. */
static void finding(auditor *A, int k, int row, const char *what)
{
    static const char *const kind[] = {"flow set", "jump set", "reset",
                                       "ledger", "time domain", "against"};
    A->nfind[k]++;
    if (A->shown[k]++ >= SHOWN_MAX)
        return;
    if (row < 0)                   /* of the whole trajectory */
        fprintf(A->out, "finding (%s): %s\n", kind[k], what);
    else
        fprintf(A->out, "finding (%s): row %d: %s\n", kind[k], row + 2, what);
}

/* Phi at row i (0 when apart is not asked: the law's value). */
static double phi_at(const auditor *A, int i)
{
    const double *y = A->T.y[i];
    return A->m->law->phi(A->m->par, y[A->L.xc], y + A->L.z, y[A->L.v]);
}

/* ---- reading ------------------------------------------------------------- */

static void traj_free(traj *T)
{
    free(T->t); free(T->fe1); free(T->fe2); free(T->j); free(T->q); free(T->y);
    memset(T, 0, sizeof *T);
}

static int traj_alloc(traj *T, int n)
{
    T->n = n;
    T->t = calloc((size_t)n + 1, sizeof *T->t);
    T->fe1 = calloc((size_t)n + 1, sizeof *T->fe1);
    T->fe2 = calloc((size_t)n + 1, sizeof *T->fe2);
    T->j = calloc((size_t)n + 1, sizeof *T->j);
    T->q = calloc((size_t)n + 1, sizeof *T->q);
    T->y = calloc((size_t)n + 1, sizeof *T->y);
    return T->t && T->fe1 && T->fe2 && T->j && T->q && T->y ? 0 : -1;
}

/* The column named name, or -1 with a message. */
static int need_column(const csv_table *c, const char *name, FILE *err)
{
    int k = csv_column(c, name);
    if (k < 0)
        fprintf(err, "collide audit: %s:1: no column %s (README.md, "
                "\"Auditing a trajectory\")\n", c->path, name);
    return k;
}

/* A number of the trajectory: row r, column k, a finite plain decimal
 * (as in scenario files: no spaces, hexadecimal, nan or inf); 0 with a
 * message if not. */
static int number(const csv_table *c, int r, int k, double *v, FILE *err)
{
    const char *text = csv_cell(c, r, k);
    char buf[CSV_EXCERPT_SIZE];
    if (number_parse(text, v) == NUMBER_OK && isfinite(*v))
        return 1;
    fprintf(err, "collide audit: %s:%d: %s = '%s' is not a finite decimal "
            "number\n", c->path, r + 1, csv_cell(c, 0, k),
            csv_excerpt(text, buf));
    return 0;
}

/* Reads the rows: t, j, q, chi and, when given, F_e1, F_e2 (else the
 * scenario's input). 0, or -1 with a message. */
static int read_rows(auditor *A, const csv_table *c, FILE *err)
{
    int col[COLLIDE_NY_MAX], kt, kj, kq, kf1, kf2, r, i;
    kt = need_column(c, "t", err);
    kj = need_column(c, "j", err);
    kq = need_column(c, "q", err);
    if (kt < 0 || kj < 0 || kq < 0)
        return -1;
    for (i = 0; i < A->L.n_chi; i++)
        if ((col[i] = need_column(c, impact_component_name(&A->L, i), err)) < 0)
            return -1;
    kf1 = csv_column(c, "F_e1");
    kf2 = csv_column(c, "F_e2");
    if (traj_alloc(&A->T, c->nrows) != 0) {
        fprintf(err, "collide audit: out of memory\n");
        return -1;
    }
    for (r = 1; r <= c->nrows; r++) {
        traj *T = &A->T;
        double jd, qd;
        int ok = number(c, r, kt, &T->t[r - 1], err) &&
                 number(c, r, kj, &jd, err) && number(c, r, kq, &qd, err);
        for (i = 0; ok && i < A->L.n_chi; i++)
            ok = number(c, r, col[i], &T->y[r - 1][i], err);
        if (ok && (qd != 0 && qd != 1)) {
            fprintf(err, "collide audit: %s:%d: q = %g is outside the allowed "
                    "range: q in {0, 1}\n", c->path, r + 1, qd);
            ok = 0;
        }
        if (ok && !(jd >= 0 && jd <= 1e9 && jd == floor(jd))) {
            fprintf(err, "collide audit: %s:%d: j = %.17g is outside the "
                    "allowed range: an integer in [0, 1e9]\n", c->path, r + 1,
                    jd);
            ok = 0;
        }
        if (!ok)
            return -1;
        T->j[r - 1] = (int)jd;
        T->q[r - 1] = (int)qd;
        if (kf1 >= 0 && kf2 >= 0) {
            if (!number(c, r, kf1, &T->fe1[r - 1], err) ||
                !number(c, r, kf2, &T->fe2[r - 1], err))
                return -1;
        } else
            input_forces(A->m, T->t[r - 1], &T->fe1[r - 1], &T->fe2[r - 1]);
    }
    return 0;
}

/* ---- the sets and the resets ------------------------------------------------ */

/* The largest |x|, |v|, |Phi|, |x_c| of the trajectory: the scales of the
 * tolerances. The scale of Phi is at least the force m v^2 / x of the
 * largest speed and distance (Eq. 41's m): rows that miss the contact
 * (few samples) see only the Phi of its ends, zero to rounding. */
static void scales(auditor *A)
{
    int i;
    A->sx = A->sv = A->sphi = A->sxc = 0;
    for (i = 0; i < A->T.n; i++) {
        A->sx = fmax(A->sx, fabs(A->T.y[i][A->L.x]));
        A->sv = fmax(A->sv, fabs(A->T.y[i][A->L.v]));
        A->sxc = fmax(A->sxc, fabs(A->T.y[i][A->L.xc]));
        A->sphi = fmax(A->sphi, fabs(phi_at(A, i)));
    }
    if (A->sx > 0)
        A->sphi = fmax(A->sphi, A->m->m * A->sv * A->sv / A->sx);
}

/* Whether rows i and i + 1 are a jump: the same time, j and j + 1. */
static int is_jump(const auditor *A, int i)
{
    const traj *T = &A->T;
    return i + 1 < T->n && T->j[i + 1] == T->j[i] + 1 &&
           fabs(T->t[i + 1] - T->t[i]) <= A->tol * fmax(1.0, fabs(T->t[i]));
}

/* Row i in C (Eqs. 65, 77), the comparisons loosened by the tolerance. */
static void check_flow(auditor *A, int i)
{
    const double *y = A->T.y[i];
    int q = A->T.q[i];
    double tx = A->tol * A->sx, tv = A->tol * A->sv, tp = A->tol * A->sphi;
    double x = y[A->L.x] + tx, v = y[A->L.v] + (q ? -tv : tv);
    double phi = phi_at(A, i) - tp;
    char what[200];
    if (flow_set(q, x, v, phi))
        return;
    snprintf(what, sizeof what, "not in the flow set C (q = %d, x = %.6g, "
             "v = %.6g, Phi = %.6g; Eq. %s)", q, y[A->L.x], y[A->L.v],
             phi_at(A, i), q ? "77: Phi <= 0 or v <= 0" : "77: x >= 0 or v >= 0");
    finding(A, K_FLOW, i, what);
}

/* Rows i, i + 1 of a jump: i in D (Eqs. 66, 78), q toggled, i + 1 the
 * reset of Eqs. (75), (82). */
static void check_jump(auditor *A, int i)
{
    const double *b = A->T.y[i], *a = A->T.y[i + 1];
    int q = A->T.q[i], k;
    double tx = A->tol * A->sx, tv = A->tol * A->sv, tp = A->tol * A->sphi;
    double x = b[A->L.x] - tx, v = b[A->L.v] + (q ? tv : -tv);
    char what[200];
    if (!jump_set(q, x, v, phi_at(A, i) + tp)) {
        snprintf(what, sizeof what, "a jump from outside the jump set D (q = "
                 "%d, x = %.6g, v = %.6g, Phi = %.6g; Eq. 78)", q, b[A->L.x],
                 b[A->L.v], phi_at(A, i));
        finding(A, K_JUMP, i, what);
    }
    if (A->T.q[i + 1] != 1 - q)
        finding(A, K_RESET, i + 1, "q is not toggled by the jump (Eqs. 75, 82)");
    for (k = 0; k < A->L.n_chi; k++) {
        int reset = k == A->L.xc || (k >= A->L.z && k < A->L.z + A->L.nz);
        double scale = reset ? A->sxc : k == A->L.v || k == A->L.vm ? A->sv : A->sx;
        double want = reset ? 0.0 : b[k];
        if (fabs(a[k] - want) > A->tol * fmax(scale, 1e-300)) {
            snprintf(what, sizeof what, "%s = %.17g after the jump, the reset "
                     "of Eqs. (75), (82) gives %.17g", impact_component_name(&A->L, k),
                     a[k], want);
            finding(A, K_RESET, i + 1, what);
        }
    }
}

static void check_sets(auditor *A)
{
    int i;
    for (i = 0; i < A->T.n; i++) {
        check_flow(A, i);
        if (is_jump(A, i))
            check_jump(A, i);
    }
}

/* The hybrid time domain (t, j) of rows i, i + 1: t never decreases; j
 * never decreases and grows by one at a jump only (two rows at one time,
 * where q toggles), and q toggles only at a jump. A jump where q does not
 * toggle is a finding of check_jump. */
static void check_time(auditor *A, int i)
{
    const traj *T = &A->T;
    char what[300];
    if (T->t[i + 1] < T->t[i]) {
        snprintf(what, sizeof what, "t goes back from %.17g to %.17g (in a "
                 "hybrid time domain t never decreases)", T->t[i],
                 T->t[i + 1]);
        finding(A, K_TIME, i + 1, what);
    }
    if (T->j[i + 1] < T->j[i] || T->j[i + 1] > T->j[i] + 1) {
        snprintf(what, sizeof what, "j goes from %d to %d (j never decreases "
                 "and grows by one at each jump)", T->j[i], T->j[i + 1]);
        finding(A, K_TIME, i + 1, what);
    } else if (T->j[i + 1] == T->j[i] + 1 && !is_jump(A, i)) {
        snprintf(what, sizeof what, "j grows from %d to %d while t moves from "
                 "%.17g to %.17g: a jump is two rows at one time", T->j[i],
                 T->j[i + 1], T->t[i], T->t[i + 1]);
        finding(A, K_TIME, i + 1, what);
    } else if (T->q[i + 1] != T->q[i] && T->j[i + 1] == T->j[i]) {
        snprintf(what, sizeof what, "q toggles from %d to %d with j = %d "
                 "unchanged: q changes only at a jump, where j grows by one",
                 T->q[i], T->q[i + 1], T->j[i]);
        finding(A, K_TIME, i + 1, what);
    }
}

static void check_times(auditor *A)
{
    int i;
    for (i = 0; i + 1 < A->T.n; i++)
        check_time(A, i);
}

/* ---- the ledger ---------------------------------------------------------------- */

/* Supply rate <u, y> at row i: F_e,r v (H_r, Eq. 83), F_e,1 h_1 + F_e,2 h_2
 * (H_f, Eqs. 76, 96). */
static double supply_at(const auditor *A, int i)
{
    const double *y = A->T.y[i];
    double h1, h2, fer = reduced_force(A->m, A->T.fe1[i], A->T.fe2[i]);
    if (A->m->sys == SYS_HR)
        return supply_rate_hr(fer, y[A->L.v]);
    output_hf(A->m->eta, A->m->eta_c, y[A->L.v], y[A->L.vm], &h1, &h2);
    return supply_rate_hf(A->T.fe1[i], A->T.fe2[i], h1, h2);
}

/* q d_c at row i (Eq. 22). */
static double dissipation_at(const auditor *A, int i)
{
    const double *y = A->T.y[i];
    if (A->T.q[i] == 0)
        return 0.0;
    return A->m->law->dissipation_rate(A->m->par, y[A->L.xc], y + A->L.z,
                                       y[A->L.v]);
}

/* The trapezoidal integral of f over rows a .. b (one flow interval) and
 * its error estimate: for each pair of panels, |two panels - one panel| / 3
 * (Richardson, exact in the h^2 term for equal panels); a last single
 * panel is bounded by |f_b - f_a| h / 2. */
static void integrate(const auditor *A, double (*f)(const auditor *, int),
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

/* Eq. (24) from the rows. */
static void check_ledger(auditor *A)
{
    double Is = 0, DC = 0, DD = 0, eIs = 0, eDC = 0, scale = 0, V0, VT, res;
    char what[300];
    int a = 0, i;
    for (i = 0; i < A->T.n; i++) {
        double V = impact_storage(A->m, &A->L, A->T.y[i]);
        scale = fmax(scale, V);
        if (i + 1 < A->T.n && !is_jump(A, i))
            continue;
        integrate(A, supply_at, a, i, &Is, &eIs);        /* the interval a..i */
        integrate(A, dissipation_at, a, i, &DC, &eDC);
        if (i + 1 < A->T.n) {                              /* the jump i, i+1 */
            double d = V - impact_storage(A->m, &A->L, A->T.y[i + 1]);
            DD += d;                                       /* Eq. (23) */
            if (d < -A->tol * fmax(V, 1e-300)) {
                snprintf(what, sizeof what, "the jump raises V by %.6g J: "
                         "energy injected (D2: V(g(chi)) <= V(chi))", -d);
                finding(A, K_LEDGER, i + 1, what);
            }
        }
        a = i + 1;
    }
    V0 = impact_storage(A->m, &A->L, A->T.y[0]);
    VT = impact_storage(A->m, &A->L, A->T.y[A->T.n - 1]);
    res = VT - V0 + DC + DD - Is;                          /* Eq. (24) */
    scale = fmax(scale, fabs(Is));
    fprintf(A->out, "ledger (Eq. 24): V(0) = %.10g J, V(T) = %.10g J, I_s = "
            "%.10g J, Delta_C = %.10g J, Delta_D = %.10g J\n", V0, VT, Is, DC, DD);
    fprintf(A->out, "ledger residual %.3e J, quadrature error estimate %.3e J "
            "(I_s %.3e, Delta_C %.3e)\n", res, eIs + eDC, eIs, eDC);
    if (fabs(res) > 3.0 * (eIs + eDC) + A->tol * scale) {
        snprintf(what, sizeof what, "the energy balance does not close: "
                 "residual %.3e J, three times the quadrature error estimate "
                 "%.3e J", res, 3.0 * (eIs + eDC));
        finding(A, K_LEDGER, A->T.n - 1, what);
    }
}

/* ---- the observables ---------------------------------------------------------- */

static double contact_force_at(const auditor *A, int i) { return -phi_at(A, i); }
static double power_at(const auditor *A, int i)
{
    return phi_at(A, i) * A->T.y[i][A->L.v];
}
static double applied_at(const auditor *A, int i)
{
    return reduced_force(A->m, A->T.fe1[i], A->T.fe2[i]);
}

/* The observables of the contact from row a (after its commencement) to
 * row b (before its separation), as a row of collisions.csv. */
static void contact_row(const auditor *A, FILE *f, int n, int a, int b,
                        double t_next)
{
    const double *ya = A->T.y[a], *yb = A->T.y[b];
    double W = 0, Jc = 0, Je = 0, e = 0, xcm = 0, fcm = 0;
    int i;
    integrate(A, power_at, a, b, &W, &e);
    integrate(A, contact_force_at, a, b, &Jc, &e);
    integrate(A, applied_at, a, b, &Je, &e);
    for (i = a; i <= b; i++) {
        xcm = fmax(xcm, fabs(A->T.y[i][A->L.xc]));
        fcm = fmax(fcm, contact_force_at(A, i));
    }
    fprintf(f, "%d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,"
            "%.17g,%.17g,%.17g,%.17g,%.17g\n", n, A->T.t[a], A->T.t[b],
            A->T.t[b] - A->T.t[a], t_next - A->T.t[b], ya[A->L.v], yb[A->L.v],
            -yb[A->L.v] / ya[A->L.v], xcm, fcm, fabs(yb[A->L.xc]), W, Jc, Je,
            Je / Jc);
}

/* The collisions of the trajectory (Eqs. 193-204) into f: each contact
 * from the row after a commencement to the row before its separation;
 * t_f (Eq. 195) to the next commencement, nan for the last. */
static int write_observables(const auditor *A, FILE *f)
{
    int i, start = -1, n = 0, pa = -1, pb = -1;
    fputs("i,t_e,t_s,t_d,t_f,v_i,v_s,e,xc_max,Fc_max,xc_r,W,J_Fc,J_Fe,Lambda\n", f);
    for (i = 0; i + 1 < A->T.n; i++) {
        if (!is_jump(A, i))
            continue;
        if (A->T.q[i + 1] == 1) {
            start = i + 1;
            if (pa >= 0)            /* the contact before, now with its t_f */
                contact_row(A, f, n++, pa, pb, A->T.t[start]);
            pa = -1;
        } else if (start >= 0) {
            pa = start;
            pb = i;
            start = -1;
        }
    }
    if (pa >= 0)
        contact_row(A, f, n++, pa, pb, NAN);
    return n;
}

/* ---- the run ----------------------------------------------------------------- */

/* The observables text (len bytes, owned) against --against: a finding
 * when the collisions differ in number or in their indices, the scd of
 * the columns as `collide compare` prints them. */
static audit_status against(auditor *A, const audit_options *o, char *text,
                            size_t len, int n, FILE *out, FILE *err)
{
    char ref[4200], msg[1024], what[4400];
    csv_table a, b;
    compare_status cs;
    size_t k = strlen(o->against);
    int st, nb;
    if (k > 4 && strcmp(o->against + k - 4, ".csv") == 0)
        snprintf(ref, sizeof ref, "%s", o->against);
    else
        snprintf(ref, sizeof ref, "%s/collisions.csv", o->against);
    st = csv_parse("the observables recomputed from the rows", text, len, &a,
                   msg, sizeof msg);
    if (st == 0 && (st = csv_load(ref, &b, msg, sizeof msg)) != 0)
        csv_free(&a);
    if (st != 0) {
        fprintf(err, "collide audit: %s\n", msg);
        return AUDIT_E_INPUT;
    }
    nb = b.nrows;
    if (nb != n) {
        snprintf(what, sizeof what, "the trajectory has %d collision%s, the "
                 "reference %s has %d", n, n == 1 ? "" : "s", ref, nb);
        finding(A, K_AGAINST, -1, what);
    }
    fprintf(out, "observables against %s (scd):\n", ref);
    cs = compare_tables(&a, &b, NAN, out, msg, sizeof msg);
    if (cs == COMPARE_BELOW && nb == n) {   /* other indices i */
        snprintf(what, sizeof what, "the collisions of the trajectory and of "
                 "%s differ in their indices i", ref);
        finding(A, K_AGAINST, -1, what);
    }
    if (cs != COMPARE_OK && cs != COMPARE_BELOW) {
        fprintf(err, "collide audit: %s\n", msg);
        return AUDIT_E_INPUT;
    }
    return AUDIT_OK;
}

/* Writes len bytes of text to o->observables through a temporary beside
 * it, renamed when complete; removed when it cannot be written. */
static audit_status write_file(const audit_options *o, const char *text,
                               size_t len, FILE *err)
{
    char path[4200];
    FILE *f;
    int bad;
    snprintf(path, sizeof path, "%s.tmp.%ld", o->observables, (long)getpid());
    f = fopen(path, "w");
    if (!f) {
        fprintf(err, "collide audit: %s: cannot write the observables: %s\n",
                o->observables, strerror(errno));
        return AUDIT_E_INPUT;
    }
    bad = fwrite(text, 1, len, f) != len;
    bad = fflush(f) != 0 || ferror(f) || bad;
    bad = fclose(f) != 0 || bad;
    if (!bad && rename(path, o->observables) != 0)
        bad = 1;
    if (bad) {
        fprintf(err, "collide audit: %s: cannot write the observables: %s\n",
                o->observables, strerror(errno));
        unlink(path);
        return AUDIT_E_INPUT;
    }
    return AUDIT_OK;
}

/* The observables, made in memory, written to o->observables and compared
 * with --against. */
static audit_status observables(auditor *A, const audit_options *o,
                                FILE *out, FILE *err)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    int n, bad;
    audit_status st = AUDIT_OK;
    if (!f) {
        fprintf(err, "collide audit: the observables: %s\n", strerror(errno));
        return AUDIT_E_INPUT;
    }
    n = write_observables(A, f);
    errno = 0;
    bad = ferror(f);
    bad = fclose(f) != 0 || bad;
    if (bad) {
        fprintf(err, "collide audit: the observables: %s\n",
                strerror(errno ? errno : ENOMEM));
        free(text);
        return AUDIT_E_INPUT;
    }
    if (o->observables)
        st = write_file(o, text, len, err);
    if (st == AUDIT_OK)
        fprintf(out, "collisions recomputed from the rows: %d%s%s\n", n,
                o->observables ? ", written to " : "",
                o->observables ? o->observables : "");
    if (st == AUDIT_OK && o->against)
        return against(A, o, text, len, n, out, err);   /* owns text */
    free(text);
    return st;
}

audit_status audit_run(const audit_options *o, FILE *out, FILE *err)
{
    static scenario s;
    auditor A;
    csv_table c;
    char msg[1024];
    audit_status st;
    int i, total = 0;
    if (scenario_load(o->scenario, &s, msg, sizeof msg) != COLLIDE_OK) {
        fprintf(err, "%s\n", msg);
        return AUDIT_E_INPUT;
    }
    if (csv_load(o->trajectory, &c, msg, sizeof msg) != 0) {
        fprintf(err, "collide audit: %s\n", msg);
        return AUDIT_E_INPUT;
    }
    memset(&A, 0, sizeof A);
    A.s = &s;
    A.m = &s.model;
    A.L = layout_make(s.model.sys, s.model.law->nz);
    A.tol = o->tol;
    A.out = out;
    if (c.nrows < 2 || read_rows(&A, &c, err) != 0) {
        if (c.nrows < 2)
            fprintf(err, "collide audit: %s: fewer than two rows\n", c.path);
        csv_free(&c);
        traj_free(&A.T);
        return AUDIT_E_INPUT;
    }
    csv_free(&c);
    scales(&A);
    fprintf(out, "%s: %d rows, audited against %s (law %s, %s)\n",
            o->trajectory, A.T.n, s.source, s.model.law->name,
            s.model.sys == SYS_HR ? "H_r" : "H_f");
    check_times(&A);
    check_sets(&A);
    check_ledger(&A);
    st = observables(&A, o, out, err);
    for (i = 0; i < K_KINDS; i++)
        total += A.nfind[i];
    fprintf(out, "audit: %d findings (flow set %d, jump set %d, reset %d, "
            "ledger %d, time domain %d, against %d)\n", total,
            A.nfind[K_FLOW], A.nfind[K_JUMP], A.nfind[K_RESET],
            A.nfind[K_LEDGER], A.nfind[K_TIME], A.nfind[K_AGAINST]);
    traj_free(&A.T);
    if (st != AUDIT_OK)
        return st;
    return total ? AUDIT_FINDINGS : AUDIT_OK;
}
