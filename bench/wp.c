/* wp.c - the work-precision comparison of `make bench`: collide's binary64
 * engine against its peers (bench/peers.c: SUNDIALS' ARKODE ERKStep and
 * CVODE Adams; SciPy's DOP853 through bench/scipy_baseline.py, read from
 * the files run.sh leaves) on a scenario, at the ladder of tolerances
 * rtol = 1e-6 ... 1e-14, atol = 1e-3 rtol (the paper's ratio).
 *
 * Each program's digits are the significant correct digits
 * scd = -log10(|a - b| / |b|) of every observable of every collision
 * (Eqs. 193-202) against a checked high-precision reference of the same
 * scenario (a result set of `collide run --precision 128 --check`): the
 * worst and the median. The error of an observable is measured relative
 * to its reference value or to its natural scale where that is larger:
 * xc_r against xc_max, W against 1/2 m v_i^2, J_Fe against |J_Fc| (as
 * bench/bench.c). A run that misses or adds a collision has 0 digits.
 *
 * For each level of worst digits (6 to 12) and each program, the CPU time
 * of the run at the cheapest tolerance of the ladder that reaches the
 * level, each run that reaches 6 digits timed as the median of --repeats
 * runs, collide and the SUNDIALS peers run in turn (SciPy, a hundred
 * times slower, once, by wp.sh); collide's ratio to
 * the best peer; and collide's time over the floor of its right-hand
 * side: the evaluations the run needed times the CPU time of one
 * evaluation of the engine's flow map (impact_flow, the one the engine
 * integrates, quadratures included) in a tight loop over the contact
 * states of the reference (in contact, where nearly all the steps are;
 * the flow apart costs less).
 *
 *   bench-wp [--repeats N] [--scipy DIR] STUDY=REFDIR...
 *   bench-wp --check-ref REFDIR STUDY   exit 0 when the result set REFDIR
 *                                       is a checked high-precision run of
 *                                       the built-in STUDY as it is now
 *                                       (the fingerprint of its MANIFEST) */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collide.h"
#include "impact.h"
#include "peers.h"
#include "scenario.h"

#define NTOL 9
static const double rtols[NTOL] = {1e-6,  1e-7,  1e-8,  1e-9, 1e-10,
                                   1e-11, 1e-12, 1e-13, 1e-14};
#define ATOL_RATIO 1e-3
#define LEVEL_MIN 6
#define LEVEL_MAX 12
#define MAX_ROWS 4096

/* The programs: collide, the SUNDIALS peers (peer_method + 1), SciPy. */
enum { P_COLLIDE = 0, P_SCIPY = PEER_COUNT + 1, NPROG };

static const char *const obs_names[PEER_NOBS] = {
    "t_e", "t_s", "t_d", "t_f", "v_i", "v_s", "e", "xc_max", "Fc_max",
    "xc_r", "W", "J_Fc", "J_Fe"};

static int repeats = 7;
static const char *scipy_dir;

static const char *prog_name(int p)
{
    if (p == P_COLLIDE)
        return "collide";
    if (p == P_SCIPY)
        return "scipy-dop853";
    return peer_name((peer_method)(p - 1));
}

/* What one program gave at one tolerance. */
typedef struct cell {
    int ok;              /* ran and was measured */
    double worst, median;
    int wobs, wrow;      /* the worst observable and its collision */
    double cpu;          /* median CPU seconds; NaN when not timed */
    long nfev, steps, events;
    int rows;
} cell;

/* A study: its scenario at each tolerance, its reference, its cells. */
typedef struct study {
    const char *name, *refdir;
    collide_scenario *s[NTOL];
    collide_model *m;
    double T, mass;
    double (*ref)[PEER_NOBS];
    int nref;
    cell c[NTOL][NPROG];
    double eval_cost;    /* CPU seconds of one evaluation of the flow */
} study;

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(double *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* ---- digits ------------------------------------------------------------ */

/* scd of a against the reference b relative to max(|b|, floor), in
 * [0, 17]; NaN where b is not finite or the scale is 0 (nothing to
 * measure); 0 for a value a that is not finite. */
static double scd(double a, double b, double floor)
{
    double d, s = fabs(b) > floor ? fabs(b) : floor;
    if (!isfinite(b) || s == 0.0)
        return NAN;
    if (!isfinite(a))
        return 0.0;
    d = fabs(a - b) / s;
    if (d < 1e-17)
        return 17.0;
    return d >= 1.0 ? 0.0 : -log10(d);
}

/* The natural scale of each observable of the reference row b. */
static void scales(const double *b, double mass, double *f)
{
    int k;
    for (k = 0; k < PEER_NOBS; k++)
        f[k] = 0.0;
    f[9] = fabs(b[7]);
    f[10] = 0.5 * mass * b[4] * b[4];
    f[12] = fabs(b[11]);
}

/* Worst and median scd of the rows a against the study's reference. */
static void digits(const study *S, const double (*a)[PEER_NOBS], int na,
                   cell *c)
{
    static double all[PEER_NOBS * MAX_ROWS];
    int n = 0, i, k;
    c->worst = 17.0;
    c->wobs = -1;
    c->wrow = -1;
    for (i = 0; i < na && i < S->nref && i < MAX_ROWS; i++) {
        double fl[PEER_NOBS];
        scales(S->ref[i], S->mass, fl);
        for (k = 0; k < PEER_NOBS; k++) {
            double d = scd(a[i][k], S->ref[i][k], fl[k]);
            if (isnan(d))
                continue;
            all[n++] = d;
            if (d < c->worst) {
                c->worst = d;
                c->wobs = k;
                c->wrow = i;
            }
        }
    }
    c->median = n ? median_of(all, n) : NAN;
    if (na != S->nref)
        c->worst = 0.0;
}

/* ---- loading ----------------------------------------------------------- */

/* Reads the 13 observables of every row of the collisions.csv at path
 * into *rows (malloc'ed); their number, or -1 with the reason on stderr. */
static int read_rows(const char *path, double (**rows)[PEER_NOBS])
{
    collide_csv *c;
    char err[512];
    int col[PEER_NOBS], n, i, k;
    if (collide_csv_load(path, &c, err, sizeof err) != COLLIDE_OK) {
        fprintf(stderr, "bench-wp: %s\n", err);
        return -1;
    }
    for (k = 0; k < PEER_NOBS; k++)
        if ((col[k] = collide_csv_column(c, obs_names[k])) < 0) {
            fprintf(stderr, "bench-wp: %s: no column %s\n", path, obs_names[k]);
            collide_csv_free(c);
            return -1;
        }
    n = collide_csv_rows(c);
    *rows = calloc((size_t)(n ? n : 1), sizeof **rows);
    if (!*rows) {
        collide_csv_free(c);
        return -1;
    }
    for (i = 0; i < n; i++)
        for (k = 0; k < PEER_NOBS; k++)
            if (collide_csv_number(c, i, col[k], &(*rows)[i][k], NULL, 0))
                (*rows)[i][k] = NAN;
    collide_csv_free(c);
    return n;
}

/* Loads the built-in name with the run settings key = value (NULL: none
 * further). */
static collide_scenario *load(const char *name, const char *const *kv)
{
    collide_scenario *s;
    char err[512];
    if (collide_scenario_load(name, &s, err, sizeof err) != COLLIDE_OK) {
        fprintf(stderr, "bench-wp: %s\n", err);
        return NULL;
    }
    for (; kv && kv[0]; kv += 2)
        if (collide_scenario_set(s, kv[0], kv[1], err, sizeof err)) {
            fprintf(stderr, "bench-wp: %s: %s\n", name, err);
            collide_scenario_free(s);
            return NULL;
        }
    return s;
}

/* The value after "key " up to the next space in line ("" when none). */
static void option_value(const char *line, const char *key, char *out,
                         size_t len)
{
    const char *p = strstr(line, key);
    size_t n = 0;
    out[0] = '\0';
    if (!p)
        return;
    p += strlen(key);
    while (*p == ' ')
        p++;
    while (p[n] && p[n] != ' ' && p[n] != '\n' && n + 1 < len)
        n++;
    memcpy(out, p, n);
    out[n] = '\0';
}

/* 0 when the result set dir is a checked run at 113 bits or more of the
 * built-in name as it is now: its MANIFEST's command has --precision and
 * --check, and its fingerprint is that of the built-in with the samples
 * the command gave. */
static int check_ref(const char *dir, const char *name)
{
    char path[4096], line[4096], cmd[4096] = "", fp[64] = "", want[40];
    char samples[32], bits[32];
    const char *kv[3] = {"samples", samples, NULL};
    collide_scenario *s;
    uint64_t h;
    FILE *f;
    snprintf(path, sizeof path, "%s/MANIFEST", dir);
    if (!(f = fopen(path, "r"))) {
        printf("reference %s: no MANIFEST\n", dir);
        return 1;
    }
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "command = ", 10) == 0)
            snprintf(cmd, sizeof cmd, "%s", line + 10);
        if (strncmp(line, "scenario = ", 11) == 0)
            sscanf(line + 11, "%63s", fp);
    }
    fclose(f);
    option_value(cmd, "--samples", samples, sizeof samples);
    option_value(cmd, "--precision", bits, sizeof bits);
    if (!strstr(cmd, "--check") || atoi(bits) < 113) {
        printf("reference %s: not a checked run at 113 bits or more\n", dir);
        return 1;
    }
    if (!(s = load(name, samples[0] ? kv : NULL)))
        return 1;
    collide_scenario_fingerprint(s, &h);
    collide_scenario_free(s);
    snprintf(want, sizeof want, "fnv1a64:%016llx", (unsigned long long)h);
    if (strcmp(fp, want) != 0) {
        printf("reference %s: %s, not the scenario %s of now (%s)\n", dir, fp,
               name, want);
        return 1;
    }
    printf("reference %s: the checked %s-bit run of %s as it is now\n", dir,
           bits, name);
    return 0;
}

/* ---- the floor --------------------------------------------------------- */

/* The contact states (q = 1) of the samples of the reference, as the
 * engine's y (quadratures 0), into y[] and their times into t[]; their
 * number (0 on error). */
static int contact_states(const char *refdir, const layout *L,
                          double (*y)[COLLIDE_NY_MAX], double *t, int max)
{
    char path[4096], err[512];
    collide_csv *c;
    int col[COLLIDE_NY_MAX], cq, ct, i, k, n = 0;
    snprintf(path, sizeof path, "%s/samples.csv", refdir);
    if (collide_csv_load(path, &c, err, sizeof err) != COLLIDE_OK) {
        fprintf(stderr, "bench-wp: %s\n", err);
        return 0;
    }
    cq = collide_csv_column(c, "q");
    ct = collide_csv_column(c, "t");
    for (k = 0; k < L->n_chi; k++)
        col[k] = collide_csv_column(c, impact_component_name(L, k));
    for (i = 0; i < collide_csv_rows(c) && n < max; i++) {
        double q = 0.0;
        if (cq < 0 || collide_csv_number(c, i, cq, &q, NULL, 0) || q != 1.0 ||
            collide_csv_number(c, i, ct, &t[n], NULL, 0))
            continue;
        memset(y[n], 0, sizeof y[n]);
        for (k = 0; k < L->n_chi; k++)
            if (col[k] < 0 || collide_csv_number(c, i, col[k], &y[n][k], NULL, 0))
                break;
        if (k == L->n_chi)
            n++;
    }
    collide_csv_free(c);
    return n;
}

/* CPU seconds of one evaluation of the engine's flow map in contact, the
 * median of 5 loops of 200,000 evaluations over the contact states of
 * the reference; NaN when there are none. */
static double eval_cost(const char *name, const char *refdir)
{
    static scenario s;
    static double y[512][COLLIDE_NY_MAX], t[512];
    double dy[COLLIDE_NY_MAX], cost[5];
    volatile double sink = 0.0;
    char err[512];
    layout L;
    int n, k, i;
    if (scenario_load(name, &s, err, sizeof err) != COLLIDE_OK)
        return NAN;
    L = layout_make(s.model.sys, s.model.law->nz);
    if ((n = contact_states(refdir, &L, y, t, 512)) == 0)
        return NAN;
    for (k = 0; k < 5; k++) {
        double c0 = cpu_now();
        for (i = 0; i < 200000; i++) {
            impact_flow(&s.model, &L, 1, t[i % n], y[i % n], dy);
            sink += dy[L.v];
        }
        cost[k] = (cpu_now() - c0) / 200000.0;
    }
    (void)sink;
    return median_of(cost, 5);
}

/* ---- the runs ---------------------------------------------------------- */

/* One run of program p (not SciPy) at tolerance k: its CPU seconds, and
 * when out is not NULL its digits and counters. 0, or -1 (said). */
static int run_once(study *S, int p, int k, cell *out, double *cpu)
{
    double (*rows)[PEER_NOBS] = NULL, c0;
    int n = 0, i, j, status = 0;
    if (p == P_COLLIDE) {
        collide_run_options o;
        collide_result *r = NULL;
        char err[512];
        collide_run_options_init(&o, sizeof o);
        o.tables = 1u << COLLIDE_TABLE_COLLISIONS;
        c0 = cpu_now();
        status = collide_run(S->s[k], &o, &r, err, sizeof err);
        *cpu = cpu_now() - c0;
        if (status != COLLIDE_OK) {
            fprintf(stderr, "bench-wp: %s rtol %g: collide: %s\n", S->name,
                    rtols[k], r ? collide_result_diagnosis(r) : err);
            collide_result_free(r);
            return -1;
        }
        if (out) {
            int col[PEER_NOBS];
            n = collide_result_rows(r, COLLIDE_TABLE_COLLISIONS);
            rows = calloc((size_t)(n ? n : 1), sizeof *rows);
            for (j = 0; j < PEER_NOBS; j++)
                col[j] = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, obs_names[j]);
            for (i = 0; rows && i < n; i++)
                for (j = 0; j < PEER_NOBS; j++)
                    rows[i][j] = collide_result_value(r, COLLIDE_TABLE_COLLISIONS, i, col[j]);
            out->steps = (long)collide_result_stat(r, COLLIDE_STAT_STEPS);
            out->nfev = (long)collide_result_stat(r, COLLIDE_STAT_RHS_EVALUATIONS);
            out->events = (long)collide_result_stat(r, COLLIDE_STAT_EVENTS);
        }
        collide_result_free(r);
    } else {
        peer_result pr;
        c0 = cpu_now();
        status = peer_run(S->m, collide_scenario_law(S->s[k], 0), S->T,
                          (peer_method)(p - 1), rtols[k],
                          ATOL_RATIO * rtols[k], &pr);
        *cpu = cpu_now() - c0;
        if (status != 0) {
            fprintf(stderr, "bench-wp: %s rtol %g: %s\n", S->name, rtols[k],
                    pr.error);
            peer_result_free(&pr);
            return -1;
        }
        if (out) {
            out->steps = pr.steps;
            out->nfev = pr.nfev;
            out->events = pr.events;
            n = pr.nrows;
            rows = pr.rows;
            pr.rows = NULL;
        }
        peer_result_free(&pr);
    }
    if (out) {
        if (!rows)
            return -1;
        out->ok = 1;
        out->rows = n;
        out->cpu = NAN;
        digits(S, (const double (*)[PEER_NOBS])rows, n, out);
        free(rows);
    }
    return 0;
}

/* SciPy's cell at tolerance k, from the files of run.sh in scipy_dir:
 * STUDY-K.csv (the collisions) and STUDY-K.txt (its line, cpu_s= and
 * nfev=). */
static void scipy_cell(study *S, int k, cell *c)
{
    char path[4096], line[1024];
    double (*rows)[PEER_NOBS] = NULL;
    const char *p;
    FILE *f;
    int n;
    c->ok = 0;
    if (!scipy_dir)
        return;
    snprintf(path, sizeof path, "%s/%s-%d.txt", scipy_dir, S->name, k);
    if (!(f = fopen(path, "r")))
        return;
    if (!fgets(line, sizeof line, f) || !(p = strstr(line, "cpu_s="))) {
        fclose(f);
        return;
    }
    fclose(f);
    c->cpu = atof(p + 6);
    c->nfev = (p = strstr(line, "nfev=")) ? atol(p + 5) : 0;
    c->events = (p = strstr(line, "events=")) ? atol(p + 7) : 0;
    c->steps = 0;
    snprintf(path, sizeof path, "%s/%s-%d.csv", scipy_dir, S->name, k);
    if ((n = read_rows(path, &rows)) < 0)
        return;
    c->ok = 1;
    c->rows = n;
    digits(S, (const double (*)[PEER_NOBS])rows, n, c);
    free(rows);
}

/* The tolerance at which program p reaches level digits in the least CPU
 * time (ties: the loosest), or -1 when none does. */
static int cheapest(const study *S, int p, int level)
{
    int k, best = -1;
    for (k = 0; k < NTOL; k++)
        if (S->c[k][p].ok && S->c[k][p].worst >= level &&
            isfinite(S->c[k][p].cpu) &&
            (best < 0 || S->c[k][p].cpu < S->c[best][p].cpu))
            best = k;
    return best;
}

/* Whether cell (k, p) reaches a level of the table, so is timed. */
static int needed(const study *S, int k, int p)
{
    return S->c[k][p].ok && S->c[k][p].worst >= LEVEL_MIN;
}

/* Times the needed cells of tolerance k: repeats rounds, each running
 * collide and the SUNDIALS peers in turn; medians into the cells. */
static void time_cells(study *S, int k)
{
    static double t[NPROG][1000];
    int r, p, any = 0;
    for (p = 0; p < P_SCIPY; p++)
        any |= needed(S, k, p);
    if (!any)
        return;
    for (r = 0; r < repeats; r++)
        for (p = 0; p < P_SCIPY; p++)
            if (needed(S, k, p) && run_once(S, p, k, NULL, &t[p][r]) != 0)
                t[p][r] = NAN;
    for (p = 0; p < P_SCIPY; p++)
        if (needed(S, k, p))
            S->c[k][p].cpu = median_of(t[p], repeats);
}

/* ---- output ------------------------------------------------------------ */

static void print_cells(const study *S)
{
    int k, p;
    for (k = 0; k < NTOL; k++)
        for (p = 0; p < NPROG; p++) {
            const cell *c = &S->c[k][p];
            if (!c->ok)
                continue;
            printf("wp %s rtol=%g atol=%g %-17s worst=%.1f(%s[%d]) "
                   "median=%.1f collisions=%d(ref %d) steps=%ld nfev=%ld "
                   "events=%ld", S->name, rtols[k], ATOL_RATIO * rtols[k],
                   prog_name(p), c->worst,
                   c->wobs >= 0 ? obs_names[c->wobs] : "-", c->wrow,
                   c->median, c->rows, S->nref, c->steps, c->nfev, c->events);
            if (isfinite(c->cpu))
                printf(" cpu_ms=%.3f", 1e3 * c->cpu);
            printf("\n");
        }
}

/* The table of a study, in Markdown: per level of worst digits, each
 * program's CPU at its cheapest tolerance reaching it, collide's ratio to
 * the best peer and to its floor. */
static void print_table(const study *S)
{
    int l, p;
    printf("\nwork-precision %s: CPU ms (median of %d, in turn; SciPy once) "
           "at the cheapest rtol (atol = 1e-3 rtol) reaching each level of "
           "worst scd against %s\n\n", S->name, repeats, S->refdir);
    printf("| worst digits |");
    for (p = 0; p < NPROG; p++)
        printf(" %s |", prog_name(p));
    printf(" collide / best peer | collide / RHS floor |\n|---|");
    for (p = 0; p < NPROG + 2; p++)
        printf("---|");
    printf("\n");
    for (l = LEVEL_MIN; l <= LEVEL_MAX; l++) {
        double best = INFINITY, own = NAN;
        int kc = cheapest(S, P_COLLIDE, l);
        printf("| %d |", l);
        for (p = 0; p < NPROG; p++) {
            int k = cheapest(S, p, l);
            const cell *c = k >= 0 ? &S->c[k][p] : NULL;
            if (!c || !isfinite(c->cpu)) {
                printf(" - |");
                continue;
            }
            printf(" %.3g (%.0e) |", 1e3 * c->cpu, rtols[k]);
            if (p == P_COLLIDE)
                own = c->cpu;
            else
                best = fmin(best, c->cpu);
        }
        if (isfinite(own) && isfinite(best))
            printf(" %.2f |", own / best);
        else
            printf(" - |");
        if (kc >= 0 && isfinite(own) && isfinite(S->eval_cost))
            printf(" %.2f |\n", own / (S->eval_cost * (double)S->c[kc][P_COLLIDE].nfev));
        else
            printf(" - |\n");
    }
    printf("\nRHS floor %s: %.1f ns per evaluation of the engine's flow map "
           "in contact, times collide's evaluations at that rtol\n\n",
           S->name, 1e9 * S->eval_cost);
}

/* ---- a study ----------------------------------------------------------- */

static int study_setup(study *S, const char *arg)
{
    static char name[256];
    char path[4096], rt[32], at[32];
    const char *eq = strchr(arg, '=');
    int k;
    memset(S, 0, sizeof *S);
    if (!eq || (size_t)(eq - arg) >= sizeof name) {
        fprintf(stderr, "bench-wp: argument '%s' is not STUDY=REFDIR\n", arg);
        return -1;
    }
    memcpy(name, arg, (size_t)(eq - arg));
    name[eq - arg] = '\0';
    S->name = name;
    S->refdir = eq + 1;
    for (k = 0; k < NTOL; k++) {
        const char *kv[] = {"rtol", rt, "atol", at, "samples", "0", NULL};
        snprintf(rt, sizeof rt, "%.17g", rtols[k]);
        snprintf(at, sizeof at, "%.17g", ATOL_RATIO * rtols[k]);
        if (!(S->s[k] = load(name, kv)))
            return -1;
    }
    if (collide_model_make(S->s[0], &S->m) != COLLIDE_OK)
        return -1;
    S->T = collide_scenario_setting(S->s[0], "T");
    S->mass = collide_model_parameter(S->m, 0);
    snprintf(path, sizeof path, "%s/collisions.csv", S->refdir);
    if ((S->nref = read_rows(path, &S->ref)) < 0)
        return -1;
    S->eval_cost = eval_cost(name, S->refdir);
    return 0;
}

static void study_free(study *S)
{
    int k;
    for (k = 0; k < NTOL; k++)
        collide_scenario_free(S->s[k]);
    collide_model_free(S->m);
    free(S->ref);
}

static int study_run(const char *arg)
{
    static study S;
    double cpu;
    int k, p;
    if (study_setup(&S, arg) != 0)
        return -1;
    for (k = 0; k < NTOL; k++) {
        for (p = 0; p < P_SCIPY; p++)
            if (run_once(&S, p, k, &S.c[k][p], &cpu) != 0)
                S.c[k][p].ok = 0;
        scipy_cell(&S, k, &S.c[k][P_SCIPY]);
    }
    for (k = 0; k < NTOL; k++)
        time_cells(&S, k);
    print_cells(&S);
    print_table(&S);
    fflush(stdout);
    study_free(&S);
    return 0;
}

int main(int argc, char **argv)
{
    int i = 1;
    if (argc == 4 && strcmp(argv[1], "--check-ref") == 0)
        return check_ref(argv[2], argv[3]);
    while (i + 1 < argc && argv[i][0] == '-') {
        if (strcmp(argv[i], "--repeats") == 0)
            repeats = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--scipy") == 0)
            scipy_dir = argv[i + 1];
        else
            break;
        i += 2;
    }
    if (repeats < 1 || repeats > 1000) {
        fprintf(stderr, "bench-wp: --repeats = %d is outside the allowed "
                "range: [1, 1000]\n", repeats);
        return 2;
    }
    if (i >= argc) {
        fprintf(stderr, "usage: bench-wp [--repeats N] [--scipy DIR] "
                "STUDY=REFDIR...\n       bench-wp --check-ref REFDIR STUDY\n");
        return 2;
    }
    for (; i < argc; i++)
        if (study_run(argv[i]) != 0)
            return 1;
    return 0;
}
