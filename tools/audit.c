/* audit.c - `collide audit`; see audit.h. */
#define _POSIX_C_SOURCE 200809L

#include "audit.h"
#include "audit_flow.h"
#include "audit_ledger.h"
#include "auditor.h"
#include "session.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- reading ------------------------------------------------------------- */

static void traj_free(traj *T)
{
    free(T->t); free(T->fe1); free(T->fe2); free(T->j); free(T->q);
    free(T->line); free(T->y);
    memset(T, 0, sizeof *T);
}

/* Room for n rows (none kept yet); 0, or -1 when memory runs out. */
static int traj_alloc(traj *T, int n)
{
    T->n = 0;
    T->line = calloc((size_t)n + 1, sizeof *T->line);
    T->t = calloc((size_t)n + 1, sizeof *T->t);
    T->fe1 = calloc((size_t)n + 1, sizeof *T->fe1);
    T->fe2 = calloc((size_t)n + 1, sizeof *T->fe2);
    T->j = calloc((size_t)n + 1, sizeof *T->j);
    T->q = calloc((size_t)n + 1, sizeof *T->q);
    T->y = calloc((size_t)n + 1, sizeof *T->y);
    return T->t && T->fe1 && T->fe2 && T->j && T->q && T->y && T->line
               ? 0 : -1;
}

/* The column named name, or -1 with a message. */
static int need_column(const collide_csv *c, const char *name, FILE *err)
{
    int k = collide_csv_column(c, name);
    if (k < 0)
        fprintf(err, "collide audit: %s:1: no column %s (doc/audit.md: "
                "the trajectory's columns)\n", collide_csv_source(c), name);
    return k;
}

/* A number of the trajectory: row r (from 0), column k, a finite plain
 * decimal (as in scenario files: no spaces, hexadecimal, nan or inf); 0
 * with a message if not. */
static int number(const collide_csv *c, int r, int k, double *v, FILE *err)
{
    char msg[512];
    if (collide_csv_number(c, r, k, v, msg, sizeof msg) == COLLIDE_OK)
        return 1;
    fprintf(err, "collide audit: %s\n", msg);
    return 0;
}

/* The integers j and q of row r (from 0), checked; 0 with a message if
 * out of their ranges. */
static int discrete(const collide_csv *c, int r, double jd, double qd,
                    FILE *err)
{
    if (qd != 0 && qd != 1) {
        fprintf(err, "collide audit: %s:%d: q = %g is outside the allowed "
                "range: q in {0, 1}\n", collide_csv_source(c), r + 2, qd);
        return 0;
    }
    if (!(jd >= 0 && jd <= 1e9 && jd == floor(jd))) {
        fprintf(err, "collide audit: %s:%d: j = %.17g is outside the "
                "allowed range: an integer in [0, 1e9]\n",
                collide_csv_source(c), r + 2, jd);
        return 0;
    }
    return 1;
}

/* Reads row r (from 0) of the file into row k of the trajectory: t, j,
 * q, chi and, when given (kf1, kf2 >= 0), F_e1, F_e2, else the
 * scenario's input. 0, or -1 with a message. */
static int read_row(auditor *A, const collide_csv *c, const int *col, int r,
                    int k, int kf1, int kf2, FILE *err)
{
    traj *T = &A->T;
    double jd, qd;
    int i, ok = number(c, r, col[0], &T->t[k], err) &&
                number(c, r, col[1], &jd, err) &&
                number(c, r, col[2], &qd, err);
    for (i = 0; ok && i < A->L.n; i++)
        ok = number(c, r, col[3 + i], &T->y[k][i], err);
    if (!ok || !discrete(c, r, jd, qd, err))
        return -1;
    T->j[k] = (int)jd;
    T->q[k] = (int)qd;
    T->line[k] = r + 2;
    if (kf1 < 0 || kf2 < 0) {
        collide_model_forces(A->m, T->t[k], &T->fe1[k], &T->fe2[k]);
        return 0;
    }
    return number(c, r, kf1, &T->fe1[k], err) &&
           number(c, r, kf2, &T->fe2[k], err) ? 0 : -1;
}

/* Whether row r (from 0) of the file repeats row r - 1 cell for cell:
 * the same point of the hybrid time domain, written twice (as where an
 * exporter writes the end of one segment and the start of the next). */
static int repeats_row_before(const collide_csv *c, int r)
{
    int k, ncol = collide_csv_columns(c);
    if (r == 0)
        return 0;
    for (k = 0; k < ncol; k++)
        if (strcmp(collide_csv_cell(c, r, k), collide_csv_cell(c, r - 1, k)))
            return 0;
    return 1;
}

/* Reads the rows: t, j, q, chi and, when given, F_e1, F_e2 (else the
 * scenario's input), each exact repeat of the row before counted, not
 * kept. 0, or -1 with a message (-2 when memory runs out). */
static int read_rows(auditor *A, const collide_csv *c, FILE *err)
{
    int col[3 + COLLIDE_CHI_MAX], kf1, kf2, r, i;
    col[0] = need_column(c, "t", err);
    col[1] = need_column(c, "j", err);
    col[2] = need_column(c, "q", err);
    if (col[0] < 0 || col[1] < 0 || col[2] < 0)
        return -1;
    for (i = 0; i < A->L.n; i++)
        if ((col[3 + i] = need_column(c, audit_component(A, i), err)) < 0)
            return -1;
    kf1 = collide_csv_column(c, "F_e1");
    kf2 = collide_csv_column(c, "F_e2");
    if (traj_alloc(&A->T, collide_csv_rows(c)) != 0) {
        audit_out_of_memory(A);
        return -2;
    }
    for (r = 0; r < collide_csv_rows(c); r++) {
        if (repeats_row_before(c, r)) {
            if (A->T.repeats++ == 0)
                A->T.first_repeat = r + 2;
            continue;
        }
        if (read_row(A, c, col, r, A->T.n, kf1, kf2, err) != 0)
            return -1;
        A->T.n++;
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
        int k;
        for (k = 0; k < A->L.n; k++)
            A->scale[k] = fmax(A->scale[k], fabs(A->T.y[i][k]));
        A->sx = fmax(A->sx, fabs(A->T.y[i][A->L.x]));
        A->sv = fmax(A->sv, fabs(A->T.y[i][A->L.v]));
        A->sxc = fmax(A->sxc, fabs(A->T.y[i][A->L.xc]));
        A->sphi = fmax(A->sphi, fabs(audit_phi(A, i)));
    }
    if (A->sx > 0)
        A->sphi = fmax(A->sphi, collide_model_parameter(A->m, 0) * A->sv *
                                A->sv / A->sx);
}

/* Row i in C (Eqs. 65, 77), the comparisons loosened by the tolerance. */
static void check_flow(auditor *A, int i)
{
    const double *y = A->T.y[i];
    int q = A->T.q[i];
    char what[200];
    if (audit_in_c(A, q, y))
        return;
    snprintf(what, sizeof what, "not in the flow set C (q = %d, x = %.6g, "
             "v = %.6g, Phi = %.6g; Eq. %s)", q, y[A->L.x], y[A->L.v],
             audit_phi(A, i), q ? "77: Phi <= 0 or v <= 0" : "77: x >= 0 or v >= 0");
    audit_finding(A, K_FLOWSET, i, -1, what);
}

/* Rows i, i + 1 of a jump: i in D (Eqs. 66, 78), q toggled, i + 1 the
 * reset of Eqs. (75), (82). */
static void check_jump(auditor *A, int i)
{
    const double *b = A->T.y[i], *a = A->T.y[i + 1];
    int q = A->T.q[i], k;
    double tx = A->set_tol * A->sx, tv = A->set_tol * A->sv, tp = A->set_tol * A->sphi;
    double x = b[A->L.x] - tx, v = b[A->L.v] + (q ? tv : -tv);
    char what[200];
    double want[COLLIDE_CHI_MAX];
    if (collide_model_in_jump_set(q, x, v, audit_phi(A, i) + tp) != 1) {
        snprintf(what, sizeof what, "a jump from outside the jump set D (q = "
                 "%d, x = %.6g, v = %.6g, Phi = %.6g; Eq. 78)", q, b[A->L.x],
                 b[A->L.v], audit_phi(A, i));
        audit_finding(A, K_JUMP, i, -1, what);
    }
    if (A->T.q[i + 1] != 1 - q)
        audit_finding(A, K_RESET, i + 1, -1, "q is not toggled by the jump (Eqs. 75, 82)");
    (void)collide_model_reset(A->m, q, b, want);             /* Eqs. 75, 82 */
    for (k = 0; k < A->L.n; k++) {
        int reset = k == A->L.xc || (k >= A->L.z && k < A->L.z + A->L.nz);
        double scale = reset ? A->sxc : k == A->L.v || k == A->L.vm ? A->sv : A->sx;
        if (fabs(a[k] - want[k]) > A->set_tol * fmax(scale, 1e-300)) {
            snprintf(what, sizeof what, "%s = %.17g after the jump, the reset "
                     "of Eqs. (75), (82) gives %.17g", audit_component(A, k),
                     a[k], want[k]);
            audit_finding(A, K_RESET, i + 1, k, what);
        }
    }
}

static void check_sets(auditor *A)
{
    int i;
    for (i = 0; i < A->T.n; i++) {
        check_flow(A, i);
        if (audit_is_jump(A, i))
            check_jump(A, i);
    }
}

/* The hybrid time domain of rows i, i + 1 (`time domain`): t never
 * decreases, and two rows share a time only at a jump. */
static void check_time(auditor *A, int i)
{
    const traj *T = &A->T;
    char what[300];
    if (T->t[i + 1] < T->t[i]) {
        snprintf(what, sizeof what, "t goes back from %.17g to %.17g (in a "
                 "hybrid time domain t never decreases)", T->t[i],
                 T->t[i + 1]);
        audit_finding(A, K_TIME, i + 1, -1, what);
    } else if (T->t[i + 1] == T->t[i] && T->j[i + 1] == T->j[i]) {
        snprintf(what, sizeof what, "two rows at t = %.17g with j = %d: "
                 "two rows share a time only at a jump, where j grows by one",
                 T->t[i], T->j[i]);
        audit_finding(A, K_TIME, i + 1, -1, what);
    }
}

/* The structure of rows i, i + 1 (`structure`): j counts the jumps (it
 * never decreases, and grows by one, only at a jump: two rows at one
 * time), and q changes only at a jump. A jump where q does not toggle is
 * a finding of check_jump. */
static void check_structure(auditor *A, int i)
{
    const traj *T = &A->T;
    char what[300];
    if (T->j[i + 1] < T->j[i] || T->j[i + 1] > T->j[i] + 1) {
        snprintf(what, sizeof what, "j goes from %d to %d (j counts the "
                 "jumps: it never decreases and grows by one at each jump)",
                 T->j[i], T->j[i + 1]);
        audit_finding(A, K_STRUCT, i + 1, -1, what);
    } else if (T->j[i + 1] == T->j[i] + 1 && !audit_is_jump(A, i)) {
        snprintf(what, sizeof what, "j grows from %d to %d while t moves from "
                 "%.17g to %.17g: j counts the jumps, and a jump is two rows "
                 "at one time", T->j[i], T->j[i + 1], T->t[i], T->t[i + 1]);
        audit_finding(A, K_STRUCT, i + 1, -1, what);
    } else if (T->q[i + 1] != T->q[i] && T->j[i + 1] == T->j[i]) {
        snprintf(what, sizeof what, "q changes from %d to %d with j = %d "
                 "unchanged: q changes only at a jump, where j grows by one",
                 T->q[i], T->q[i + 1], T->j[i]);
        audit_finding(A, K_STRUCT, i + 1, -1, what);
    }
}

/* The first row (`structure`): a hybrid time domain starts at (t, j) =
 * (0, 0), and the run in the scenario's initial state (Eqs. 79, 84),
 * each component within --set-tol of its scale. */
static void check_start(auditor *A)
{
    const traj *T = &A->T;
    double y0[COLLIDE_CHI_MAX];
    char what[300];
    int i;
    if (T->t[0] != 0.0 || T->j[0] != 0) {
        snprintf(what, sizeof what, "the first row is at t = %.17g, j = %d: "
                 "the trajectory of the scenario starts at t = 0, j = 0",
                 T->t[0], T->j[0]);
        audit_finding(A, K_STRUCT, 0, -1, what);
    }
    collide_model_initial_state(A->m, y0);                   /* Eqs. 79, 84 */
    for (i = 0; i < A->L.n; i++) {
        double scale = fmax(A->scale[i], fabs(y0[i]));
        if (fabs(T->y[0][i] - y0[i]) > A->set_tol * scale) {
            snprintf(what, sizeof what, "the first row has %s = %.17g, the "
                     "scenario's initial state %.17g (Eqs. 79, 84)",
                     audit_component(A, i), T->y[0][i], y0[i]);
            audit_finding(A, K_STRUCT, 0, i, what);
            return;
        }
    }
}

/* The last row (`structure`): a trajectory of the scenario reaches its
 * end time T (within --set-tol); one that stops before is not the whole
 * run. */
static void check_end(auditor *A)
{
    char what[300];
    if (audit_reaches_end(A))
        return;
    snprintf(what, sizeof what, "the last row is at t = %.17g, before the "
             "scenario's T = %.17g: the trajectory stops before the end of "
             "the run (--segment: the rows are a part of a run)",
             A->T.t[A->T.n - 1], A->T_end);
    audit_finding(A, K_STRUCT, A->T.n - 1, -1, what);
}

/* The hybrid time domain and the structure of every pair of rows; the
 * start and the end of the run unless the rows are a segment of it. */
static void check_times(auditor *A, int segment)
{
    int i;
    if (!segment) {
        check_start(A);
        check_end(A);
    }
    for (i = 0; i + 1 < A->T.n; i++) {
        check_time(A, i);
        check_structure(A, i);
    }
}

/* ---- the observables ---------------------------------------------------------- */

static double contact_force_at(const auditor *A, int i) { return -audit_phi(A, i); }
static double power_at(const auditor *A, int i)
{
    return audit_phi(A, i) * A->T.y[i][A->L.v];
}
static double applied_at(const auditor *A, int i)
{
    return collide_model_reduced_force(A->m, A->T.fe1[i], A->T.fe2[i]);
}

/* The observables of the contact from row a (after its commencement) to
 * row b (before its separation), as a row of collisions.csv. */
static void contact_row(const auditor *A, FILE *f, int n, int a, int b,
                        double t_next)
{
    const double *ya = A->T.y[a], *yb = A->T.y[b];
    double W = 0, Jc = 0, Je = 0, e = 0, xcm = 0, fcm = 0;
    int i;
    audit_integrate(A, power_at, a, b, &W, &e);
    audit_integrate(A, contact_force_at, a, b, &Jc, &e);
    audit_integrate(A, applied_at, a, b, &Je, &e);
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
        if (!audit_is_jump(A, i))
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
    collide_csv *a = NULL, *b = NULL;
    size_t k = strlen(o->against);
    collide_compare_verdict verdict = COLLIDE_VERDICT_BELOW;
    int cs, nb;
    if (k > 4 && strcmp(o->against + k - 4, ".csv") == 0)
        snprintf(ref, sizeof ref, "%s", o->against);
    else
        snprintf(ref, sizeof ref, "%s/collisions.csv", o->against);
    cs = collide_csv_parse(text, len, "the observables recomputed from the "
                           "rows", &a, msg, sizeof msg);
    free(text);
    if (cs == COLLIDE_OK)
        cs = collide_csv_load(ref, &b, msg, sizeof msg);
    if (cs != COLLIDE_OK) {
        collide_csv_free(a);
        fprintf(err, "collide audit: %s\n", msg);
        return cs == COLLIDE_E_MEMORY ? AUDIT_E_MEMORY : AUDIT_E_INPUT;
    }
    nb = collide_csv_rows(b);
    if (nb != n) {
        snprintf(what, sizeof what, "the trajectory has %d collision%s, the "
                 "reference %s has %d", n, n == 1 ? "" : "s", ref, nb);
        audit_finding(A, K_AGAINST, A->T.n - 1, -1, what);
    }
    fprintf(out, "observables against %s (scd):\n", ref);
    cs = collide_compare_csv(a, b, NAN, out, &verdict, msg, sizeof msg);
    collide_csv_free(a);
    collide_csv_free(b);
    if (cs == COLLIDE_OK && verdict == COLLIDE_VERDICT_BELOW &&
        nb == n) {   /* other indices i */
        snprintf(what, sizeof what, "the collisions of the trajectory and of "
                 "%s differ in their indices i", ref);
        audit_finding(A, K_AGAINST, A->T.n - 1, -1, what);
    }
    if (cs != COLLIDE_OK) {
        fprintf(err, "collide audit: %s\n", msg);
        return cs == COLLIDE_E_MEMORY ? AUDIT_E_MEMORY : AUDIT_E_INPUT;
    }
    return AUDIT_OK;
}

/* The text of the observables, for write_text. */
typedef struct text_ctx {
    const char *text;
    size_t len;
} text_ctx;

static int write_text(FILE *f, const void *ctx)
{
    const text_ctx *c = ctx;
    return fwrite(c->text, 1, c->len, f) != c->len ? -1 : 0;
}

/* Writes len bytes of text to o->observables as one file
 * (collide_aux_session_write_file: a temporary renamed when complete,
 * never through a
 * link, never over an input of the audit). */
static audit_status write_file(const audit_options *o, const char *text,
                               size_t len, FILE *err)
{
    char msg[1024];
    text_ctx c;
    int st;
    c.text = text;
    c.len = len;
    st = collide_aux_session_write_file(session_get(), o->observables,
                                        write_text, &c, msg, sizeof msg);
    if (st == COLLIDE_OK)
        return AUDIT_OK;
    fprintf(err, "collide audit: --observables: %s: cannot write the "
            "observables (%s)\n", o->observables, msg);
    return st == COLLIDE_E_USAGE ? AUDIT_E_USAGE : AUDIT_E_INPUT;
}

/* 0 when the directory of the output path (of option what) exists, as
 * the audit does not create one; else -1 with a message on err. */
static int output_dir_exists(const char *path, const char *what, FILE *err)
{
    char dir[4200];
    const char *slash = path ? strrchr(path, '/') : NULL;
    struct stat s;
    if (!slash || slash == path)
        return 0;
    snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    errno = 0;
    if (stat(dir, &s) == 0 && S_ISDIR(s.st_mode))
        return 0;
    fprintf(err, "collide audit: %s: cannot write the %s: %s\n", path, what,
            strerror(errno ? errno : ENOTDIR));
    return -1;
}

/* Notes the files the audit reads (collide_aux_session_note_input), which
 * no output
 * of it may overwrite: the trajectory, the scenario when it is a file,
 * and --against REF (a file, or a set and its collisions.csv). */
static void note_inputs(const audit_options *o)
{
    char ref[4200];
    collide_aux_session_note_input(session_get(), o->trajectory);
    collide_aux_session_note_input(session_get(), o->scenario);
    if (o->against) {
        collide_aux_session_note_input(session_get(), o->against);
        snprintf(ref, sizeof ref, "%s/collisions.csv", o->against);
        collide_aux_session_note_input(session_get(), ref);
    }
}

/* The observables, made in memory (a stream in memory fails only when
 * memory runs out), written to o->observables and compared with
 * --against. */
static audit_status observables(auditor *A, const audit_options *o,
                                FILE *out, FILE *err)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    int n, bad;
    audit_status st = AUDIT_OK;
    if (!f) {
        audit_out_of_memory(A);
        return AUDIT_E_MEMORY;
    }
    n = write_observables(A, f);
    bad = ferror(f);
    bad = fclose(f) != 0 || bad;
    if (bad) {
        audit_out_of_memory(A);
        free(text);
        return AUDIT_E_MEMORY;
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

/* The flow intervals: the runs of rows of one j, split where j changes. */
static int make_intervals(auditor *A)
{
    int i, a = 0;
    A->iv = calloc((size_t)A->T.n, sizeof *A->iv);
    A->by_flow = calloc((size_t)A->T.n, 1);
    if (!A->iv || !A->by_flow)
        return -1;
    for (i = 0; i < A->T.n; i++) {
        if (i + 1 < A->T.n && A->T.j[i + 1] == A->T.j[i])
            continue;
        A->iv[A->niv].a = a;
        A->iv[A->niv++].b = i;
        a = i + 1;
    }
    return 0;
}

/* The closing line: the findings by kind, then the inconclusive checks. */
static int closing_line(const auditor *A)
{
    int i, total = 0;
    for (i = 0; i < K_KINDS; i++)
        total += A->nfind[i];
    fprintf(A->out, "audit: %d findings (flow %d, flow set %d, jump set %d, "
            "reset %d, ledger %d, time domain %d, structure %d, against %d)",
            total, A->nfind[K_FLOW], A->nfind[K_FLOWSET], A->nfind[K_JUMP],
            A->nfind[K_RESET], A->nfind[K_LEDGER], A->nfind[K_TIME],
            A->nfind[K_STRUCT], A->nfind[K_AGAINST]);
    if (A->nincon > 0)
        fprintf(A->out, ", %d inconclusive", A->nincon);
    fputc('\n', A->out);
    return total;
}

/* The components of chi of the model of A (collide_model_index). */
static chi_index chi_index_of(const collide_model *m)
{
    chi_index L;
    L.n = collide_model_dimension(m);
    L.x = collide_model_index(m, COLLIDE_ROLE_X);
    L.v = collide_model_index(m, COLLIDE_ROLE_V);
    L.xm = collide_model_index(m, COLLIDE_ROLE_XM);
    L.vm = collide_model_index(m, COLLIDE_ROLE_VM);
    L.xc = collide_model_index(m, COLLIDE_ROLE_XC);
    L.z = collide_model_index(m, COLLIDE_ROLE_Z);
    L.nz = L.z < 0 ? 0 : L.n - L.z;
    if (L.z < 0)
        L.z = L.n;
    return L;
}

/* Reads the trajectory into A, whose model is set, and makes its flow
 * intervals; AUDIT_OK or the error (a message on err). */
static audit_status load_rows(auditor *A, const audit_options *o, FILE *err)
{
    collide_csv *c;
    char msg[1024];
    int st;
    st = collide_csv_load(o->trajectory, &c, msg, sizeof msg);
    if (st != COLLIDE_OK) {
        fprintf(err, "collide audit: %s\n", msg);
        return st == COLLIDE_E_MEMORY ? AUDIT_E_MEMORY : AUDIT_E_INPUT;
    }
    if (collide_csv_rows(c) < 2) {
        fprintf(err, "collide audit: %s: fewer than two rows\n",
                collide_csv_source(c));
        collide_csv_free(c);
        return AUDIT_E_INPUT;
    }
    st = read_rows(A, c, err);
    if (st == 0 && A->T.n < 2) {
        fprintf(err, "collide audit: %s: fewer than two rows once each row "
                "that repeats the row before is taken once\n",
                collide_csv_source(c));
        st = -1;
    }
    collide_csv_free(c);
    if (st == 0 && make_intervals(A) != 0) {
        audit_out_of_memory(A);
        st = -2;
    }
    return st == 0 ? AUDIT_OK : st == -2 ? AUDIT_E_MEMORY : AUDIT_E_INPUT;
}

/* *m the model of the scenario at name, checked by the load of the
 * caller, made from it loaded as with outside_proved_domain = 1: it
 * evaluates every finite row, also one outside the proof domain, since
 * the rows are another implementation's states, audited against the
 * same maps (a row outside the domain is no finding of itself). */
static int model_of_rows(const char *name, collide_model **m)
{
    collide_scenario *wide = NULL;
    int st = collide_scenario_load_outside(name, NULL, &wide, NULL, 0);
    *m = NULL;
    if (st == COLLIDE_OK)
        st = collide_model_make(wide, m);
    collide_scenario_free(wide);
    return st;
}

/* Reads the scenario and the trajectory into A; AUDIT_OK or the error. */
static audit_status load(auditor *A, const audit_options *o, FILE *err)
{
    collide_scenario *s;
    char msg[1024];
    int st = collide_scenario_load(o->scenario, &s, msg, sizeof msg);
    if (st != COLLIDE_OK) {
        fprintf(err, "%s\n", msg);
        return st == COLLIDE_E_MEMORY ? AUDIT_E_MEMORY : AUDIT_E_INPUT;
    }
    A->s = s;
    A->T_end = collide_scenario_setting(s, "T");
    st = model_of_rows(o->scenario, &A->m);
    if (st != COLLIDE_OK) {
        if (st == COLLIDE_E_MEMORY)
            audit_out_of_memory(A);
        else
            fprintf(err, "collide audit: %s: no model: %s\n",
                    collide_scenario_source(s), collide_status_text(st));
        return st == COLLIDE_E_MEMORY ? AUDIT_E_MEMORY : AUDIT_E_INPUT;
    }
    A->L = chi_index_of(A->m);
    return load_rows(A, o, err);
}

/* Frees what load and the checks allocated. */
static void auditor_free(auditor *A)
{
    traj_free(&A->T);
    free(A->iv);
    free(A->by_flow);
    collide_model_free(A->m);
    collide_scenario_free((collide_scenario *)A->s);
}

/* The first line: the file, its rows and what it is audited against;
 * then, when rows repeat the row before, how many (taken once). */
static void heading(const auditor *A, const audit_options *o)
{
    fprintf(A->out, "%s: %d rows, audited against %s (law %s, %s); %d flow "
            "intervals\n", o->trajectory, A->T.n + A->T.repeats,
            collide_scenario_source(A->s), collide_scenario_law(A->s, 0),
            collide_model_system(A->m) == COLLIDE_SYSTEM_HR ? "H_r" : "H_f",
            A->niv);
    if (A->T.repeats > 0)
        fprintf(A->out, "repeated rows: %d row%s repeat%s the row before cell "
                "for cell (the first at line %d): the same point of the "
                "hybrid time domain, audited once\n", A->T.repeats,
                A->T.repeats == 1 ? "" : "s", A->T.repeats == 1 ? "s" : "",
                A->T.first_repeat);
}

audit_status audit_run(const audit_options *o, FILE *out, FILE *err)
{
    auditor A;
    audit_status st;
    int total, flow, no_memory = 0;
    long steps_left = audit_steps_total();
    note_inputs(o);
    if (output_dir_exists(o->defects, "defects", err) != 0 ||
        output_dir_exists(o->observables, "observables", err) != 0)
        return AUDIT_E_INPUT;
    memset(&A, 0, sizeof A);
    A.steps_left = &steps_left;
    A.no_memory = &no_memory;
    A.set_tol = o->set_tol;
    A.flow_tol = o->tol;
    A.out = out;
    A.err = err;
    st = load(&A, o, err);
    if (st != AUDIT_OK) {
        auditor_free(&A);
        return st;
    }
    scales(&A);
    heading(&A, o);
    check_times(&A, o->segment);
    check_sets(&A);
    flow = audit_flow(&A, o->defects, err);
    if (flow != 0)
        st = flow == -2 ? AUDIT_E_USAGE : AUDIT_E_INPUT;
    audit_ledger(&A);
    if (st == AUDIT_OK && !no_memory)
        st = observables(&A, o, out, err);
    total = no_memory ? 0 : closing_line(&A);   /* no verdict without
                                                    every check */
    auditor_free(&A);
    if (no_memory)
        return AUDIT_E_MEMORY;
    if (st != AUDIT_OK)
        return st;
    return total ? AUDIT_FINDINGS : A.nincon ? AUDIT_INCONCLUSIVE : AUDIT_OK;
}
