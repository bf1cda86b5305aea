/* sweep.c - parameter sweeps and the merging of their shards; see sweep.h
 * and README.md ("Sweeps"). */
#define _POSIX_C_SOURCE 200809L

#include "sweep.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "grid.h"
#include "mp_cli.h"
#include "mp_sim.h"
#include "number.h"
#include "output.h"
#include "scenario.h"
#include "sim.h"

#define ROW_MAX 8192
#define THREADS_MAX 1024

static const char usage_sweep[] =
    "usage: collide sweep GRID [--threads N] [--shard K/N] [--out FILE]\n"
    "                    [--precision BITS] [--resume DIR]\n"
    "\n"
    "Runs the scenario of every point of GRID (README.md, \"Sweeps\": a base\n"
    "scenario and axes `key = v1, v2, ...`, `key = linspace(a, b, n)` or\n"
    "`key = logspace(a, b, n)`) and writes one CSV row per point, in index\n"
    "order: index, the axis values, collisions, then e, t_d, xc_r, v_i, v_s\n"
    "of the first collision (nan when none) and the status of the run.\n"
    "Every point is validated first; a bad one is reported with its index,\n"
    "key, value and allowed range (exit 3, no file written).\n"
    "\n"
    "  --threads N       threads (default: the online cores); the bytes\n"
    "                    written do not depend on N\n"
    "  --shard K/N       only the points with index % N = K - 1, written as a\n"
    "                    part file for collide merge\n"
    "  --out FILE        write FILE atomically (default: standard output)\n"
    "  --precision BITS  run each point in the MPFR mode at BITS bits\n"
    "  --resume DIR      keep one file per finished point in DIR; a rerun\n"
    "                    runs only the points missing there (and those\n"
    "                    that ran out of memory or were interrupted)\n"
    "  --help            this text\n"
    "\n"
    "A point whose run fails is a row with its status (the sweep goes on).\n"
    "Progress is shown on stderr when it is a terminal.\n";

static const char usage_merge[] =
    "usage: collide merge PART... [--out FILE]\n"
    "\n"
    "Joins the part files of collide sweep --shard K/N into the bytes the\n"
    "whole sweep writes. The parts must come from the same grid (same\n"
    "header, N and number of points) and hold every point exactly once.\n"
    "exit status: 0 merged, 2 usage, 3 bad or incomplete parts, 4 output\n"
    "error\n";

typedef struct sweep_args {
    const char *grid, *out, *resume;
    int threads, shard_k, shard_n;
    long bits;              /* 0: binary64 */
} sweep_args;

/* The state shared by the threads of a sweep. */
typedef struct sweep_job {
    const grid *g;
    const sweep_args *a;
    const char *header;
    long n;                 /* points of this shard */
    char **rows;            /* row of the i-th point of the shard */
    atomic_long next, done, ran;
    atomic_int failed;      /* COLLIDE_E_MEMORY: a row could not be made;
                               COLLIDE_E_IO: saved; 0 */
} sweep_job;

/* The ranks the sweep is spread over; NULL: this process alone. */
static const sweep_ranks *ranks;

void sweep_use_ranks(const sweep_ranks *r)
{
    ranks = r;
}

/* 1 when this process prints the messages every rank would print alike. */
static int speaks(void)
{
    return !ranks || ranks->rank == 0;
}

/* ---- arguments ---- */

static int usage_error(const char *cmd, const char *msg, const char *arg)
{
    if (speaks())
        fprintf(stderr, "collide %s: %s%s\nsee collide %s --help\n", cmd, msg, arg,
            cmd);
    return COLLIDE_E_USAGE;
}

/* An integer in [lo, hi] filling text, read by the one number reader
 * (number.h); 0 when it is not one. */
static int read_long(const char *text, long lo, long hi, long *v)
{
    number_range r = {"", 0, 0, 1, 1, 1};
    double x;
    r.lo = (double)lo;
    r.hi = (double)hi;
    if (number_read(text, &r, &x) != NUMBER_OK)
        return 0;
    *v = (long)x;
    return 1;
}

/* K/N of --shard, 1 <= K <= N. */
static int read_shard(const char *text, sweep_args *a)
{
    long k, n;
    char buf[64], *slash;
    snprintf(buf, sizeof buf, "%s", text);
    slash = strchr(buf, '/');
    if (!slash)
        return 0;
    *slash = '\0';
    if (!read_long(slash + 1, 1, 1000000, &n) || !read_long(buf, 1, n, &k))
        return 0;
    a->shard_k = (int)k;
    a->shard_n = (int)n;
    return 1;
}

/* The value of option argv[i]; sets it in a. */
static int set_sweep_option(sweep_args *a, const char *opt, const char *val)
{
    long v;
    if (strcmp(opt, "--out") == 0)
        a->out = val;
    else if (strcmp(opt, "--resume") == 0)
        a->resume = val;
    else if (strcmp(opt, "--threads") == 0) {
        if (!read_long(val, 1, THREADS_MAX, &v))
            return usage_error("sweep", "--threads needs an integer in "
                               "[1, 1024], not ", val);
        a->threads = (int)v;
    } else if (strcmp(opt, "--shard") == 0) {
        if (!read_shard(val, a))
            return usage_error("sweep", "--shard needs K/N with 1 <= K <= N, "
                               "not ", val);
    } else if (strcmp(opt, "--precision") == 0) {
        if (!read_long(val, MP_BITS_MIN, MP_BITS_MAX, &a->bits)) {
            if (speaks())
                fprintf(stderr, "collide sweep: --precision = %s is outside the "
                    "allowed range: an integer in [%d, %d]\n", val,
                    MP_BITS_MIN, MP_BITS_MAX);
            return COLLIDE_E_INPUT;
        }
    } else
        return usage_error("sweep", "unknown option ", opt);
    return COLLIDE_OK;
}

static int parse_sweep_args(int argc, char **argv, sweep_args *a)
{
    int i, st;
    memset(a, 0, sizeof *a);
    a->shard_k = a->shard_n = 1;
    for (i = 0; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            if (i + 1 >= argc)
                return usage_error("sweep", "missing value after ", argv[i]);
            st = set_sweep_option(a, argv[i], argv[i + 1]);
            if (st != COLLIDE_OK)
                return st;
            i++;
        } else if (a->grid)
            return usage_error("sweep", "more than one GRID: ", argv[i]);
        else
            a->grid = argv[i];
    }
    if (!a->grid)
        return usage_error("sweep", "missing GRID", "");
    if (ranks && a->shard_n > 1)
        return usage_error("sweep", "--shard is not for a sweep over ranks "
                           "(each rank runs its own share)", "");
    if (ranks) {
        a->shard_k = ranks->rank + 1;
        a->shard_n = ranks->size;
    }
    if (a->threads == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        a->threads = n < 1 ? 1 : n > THREADS_MAX ? THREADS_MAX : (int)n;
    }
    return COLLIDE_OK;
}

/* ---- rows ---- */

static const char *status_name(collide_status st)
{
    switch (st) {
    case COLLIDE_OK: return "ok";
    case COLLIDE_E_INPUT: return "input";
    case COLLIDE_E_NONFINITE: return "nonfinite";
    case COLLIDE_E_STEP: return "step";
    case COLLIDE_E_EVENT: return "event";
    case COLLIDE_E_ZENO: return "zeno";
    case COLLIDE_E_MEMORY: return "memory";
    case COLLIDE_E_INTERRUPT: return "interrupted";
    default: return "error";
    }
}

/* The header line of the sweep of g. */
static void make_header(const grid *g, char *buf, size_t len)
{
    int a;
    size_t n = (size_t)snprintf(buf, len, "index");
    for (a = 0; a < g->naxes && n < len; a++)
        n += (size_t)snprintf(buf + n, len - n, ",%s", g->axis[a].key);
    if (n < len)
        snprintf(buf + n, len - n, ",collisions,e,t_d,xc_r,v_i,v_s,status\n");
}

/* "index,value,...," of point index; returns its length. */
static int row_prefix(const grid *g, long index, char *buf, size_t len)
{
    int a;
    size_t n = (size_t)snprintf(buf, len, "%ld,", index);
    for (a = 0; a < g->naxes && n < len; a++)
        n += (size_t)snprintf(buf + n, len - n, "%s,", grid_value(g, index, a));
    return (int)n;
}

/* The results of a binary64 run after the prefix; returns its status. */
static collide_status b64_results(const scenario *s, char *buf, size_t len)
{
    sim_result r;
    collision_rec c;
    memset(&r, 0, sizeof r);
    sim_run(&s->model, &s->opt, &r);
    if (r.ncollisions > 0)
        c = r.collisions[0];
    else
        c.e = c.t_d = c.xc_r = c.v_i = c.v_s = NAN;
    snprintf(buf, len, "%d,%.17g,%.17g,%.17g,%.17g,%.17g,%s\n", r.ncollisions,
             c.e, c.t_d, c.xc_r, c.v_i, c.v_s, status_name(r.status));
    sim_result_free(&r);    /* (the status stays) */
    return r.status;
}

/* The results of an MPFR run at bits (mp_cli.c's defaults) after the
 * prefix. */
static collide_status mp_results(const scenario *s, long bits, char *buf,
                                 size_t len)
{
    static const int col[5] = {MC_E, MC_TD, MC_XCR, MC_VI, MC_VS};
    double room = mp_default_digits((mpfr_prec_t)bits);
    int i, d = (int)floor(room) - 6, n;
    mp_model M;
    mp_result r;
    mp_options o;
    char err[1024];
    collide_status st = mp_model_init(&M, s, (mpfr_prec_t)bits, err, sizeof err);
    memset(&r, 0, sizeof r);
    if (st == COLLIDE_OK) {
        o = mp_options_default(&s->opt, (mpfr_prec_t)bits);
        st = mp_run(&M, &o, &r);
    }
    d = d < 3 ? 3 : d;
    n = snprintf(buf, len, "%d", r.ncollisions);
    for (i = 0; i < 5; i++)
        n += r.ncollisions > 0 ? mpfr_snprintf(buf + n, len - (size_t)n,
                 ",%.*Rg", d, r.collisions[0].v[col[i]]) :
             snprintf(buf + n, len - (size_t)n, ",nan");
    snprintf(buf + n, len - (size_t)n, ",%s\n", status_name(st));
    mp_result_free(&r);
    mp_model_clear(&M);
    return st;
}

/* The row of point index, a new string; NULL when out of memory. *settled
 * is 0 when the run ran out of memory or was interrupted: a status that
 * says nothing of the point, not kept for --resume (a rerun runs it). */
static char *make_row(const sweep_job *j, long index, int *settled)
{
    char *buf = malloc(ROW_MAX), *row;
    scenario *s = malloc(sizeof *s);
    char err[1024];
    collide_status st;
    int n;
    if (!buf || !s || grid_point_scenario(j->g, index, s, err, sizeof err)) {
        free(buf);
        free(s);
        return NULL;
    }
    n = row_prefix(j->g, index, buf, ROW_MAX);
    if (j->a->bits)
        st = mp_results(s, j->a->bits, buf + n, ROW_MAX - (size_t)n);
    else
        st = b64_results(s, buf + n, ROW_MAX - (size_t)n);
    *settled = st != COLLIDE_E_MEMORY && st != COLLIDE_E_INTERRUPT;
    free(s);
    row = strdup(buf);
    free(buf);
    return row;
}

/* ---- the directory of finished points (--resume) ---- */

/* "# collide sweep point, MODE\n" and the header: the first lines of a
 * point file. */
static void point_head(const sweep_job *j, char *buf, size_t len)
{
    if (j->a->bits)
        snprintf(buf, len, "# collide sweep point, %ld bits\n%s", j->a->bits,
                 j->header);
    else
        snprintf(buf, len, "# collide sweep point, binary64\n%s", j->header);
}

static void point_path(const sweep_job *j, long index, char *buf, size_t len)
{
    snprintf(buf, len, "%s/point-%ld.csv", j->a->resume, index);
}

/* Writes the file of a finished point (temporary, then renamed). */
static int save_point(const sweep_job *j, long index, const char *row)
{
    char path[4200], tmp[4210], head[ROW_MAX];
    FILE *f;
    int ok;
    point_path(j, index, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    point_head(j, head, sizeof head);
    f = fopen(tmp, "w");
    if (!f)
        return 0;
    ok = fputs(head, f) >= 0 && fputs(row, f) >= 0;
    ok = fclose(f) == 0 && ok;
    if (ok && rename(tmp, path) == 0)
        return 1;
    unlink(tmp);
    return 0;
}

/* The row kept in DIR for point index: 1 found (row set), 0 missing,
 * -1 a file of another sweep (message printed). */
static int load_point(const sweep_job *j, long index, char **row)
{
    char path[4200], head[ROW_MAX], prefix[ROW_MAX], buf[2 * ROW_MAX];
    FILE *f;
    size_t n, hl;
    point_path(j, index, path, sizeof path);
    f = fopen(path, "r");
    if (!f)
        return 0;
    n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    point_head(j, head, sizeof head);
    hl = strlen(head);
    row_prefix(j->g, index, prefix, sizeof prefix);
    if (strncmp(buf, head, hl) != 0 ||
        strncmp(buf + hl, prefix, strlen(prefix)) != 0 || buf[n - 1] != '\n' ||
        strchr(buf + hl, '\n') != buf + n - 1) {
        fprintf(stderr, "collide sweep: %s belongs to another sweep (its mode, "
                "header or values differ)\n", path);
        return -1;
    }
    *row = strdup(buf + hl);
    return *row ? 1 : -1;
}

/* Takes the finished points from DIR; the number taken, or -1. */
static long resume_points(sweep_job *j)
{
    long i, taken = 0;
    if (mkdir(j->a->resume, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "collide sweep: %s: %s\n", j->a->resume,
                strerror(errno));
        return -1;
    }
    for (i = 0; i < j->n; i++) {
        long index = (long)j->a->shard_k - 1 + i * j->a->shard_n;
        int st = load_point(j, index, &j->rows[i]);
        if (st < 0)
            return -1;
        taken += st;
    }
    return taken;
}

/* ---- threads ---- */

/* A thread: takes points by the shared counter until none is left. */
static void *worker(void *arg)
{
    sweep_job *j = arg;
    long i;
    while ((i = atomic_fetch_add(&j->next, 1)) < j->n) {
        long index = (long)j->a->shard_k - 1 + i * j->a->shard_n;
        if (!j->rows[i]) {
            int settled;
            j->rows[i] = make_row(j, index, &settled);
            if (!j->rows[i])
                atomic_store(&j->failed, COLLIDE_E_MEMORY);
            else if (j->a->resume && settled &&
                     !save_point(j, index, j->rows[i]))
                atomic_store(&j->failed, COLLIDE_E_IO);
            atomic_fetch_add(&j->ran, 1);
        }
        atomic_fetch_add(&j->done, 1);
    }
    mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE); /* MPFR's constants of this thread */
    return NULL;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One line of progress on a terminal: points done and the time left. */
static void show_progress(sweep_job *j, double t0)
{
    long done = atomic_load(&j->done), ran = atomic_load(&j->ran);
    double el = now() - t0;
    double left = ran > 0 ? el / (double)ran * (double)(j->n - done) : NAN;
    fprintf(stderr, "\rcollide sweep: %ld/%ld points", done, j->n);
    if (isfinite(left))
        fprintf(stderr, ", about %.0f s left   ", left);
}

/* Runs the points missing from j->rows on nthreads threads. */
static int run_points(sweep_job *j, int nthreads)
{
    pthread_t th[THREADS_MAX];
    int t, started = 0, tty = isatty(2);
    double t0 = now();
    for (t = 0; t < nthreads; t++)
        started += pthread_create(&th[started], NULL, worker, j) == 0;
    if (started == 0)
        worker(j);
    while (tty && atomic_load(&j->done) < j->n) {
        struct timespec d = {0, 200000000L};
        show_progress(j, t0);
        nanosleep(&d, NULL);
    }
    for (t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    if (tty)
        fprintf(stderr, "\rcollide sweep: %ld/%ld points in %.1f s%20s\n",
                j->n, j->n, now() - t0, "");
    return atomic_load(&j->failed);
}

/* ---- output ---- */

/* What the writer of the output file needs. */
typedef struct out_ctx {
    const char *first;      /* a first line, or NULL */
    const char *header;
    char *const *rows;
    long n;
} out_ctx;

static int write_rows(FILE *f, const void *ctx)
{
    const out_ctx *c = ctx;
    long i;
    if (c->first)
        fputs(c->first, f);
    fputs(c->header, f);
    for (i = 0; i < c->n; i++)
        fputs(c->rows[i], f);
    return ferror(f) ? -1 : 0;
}

/* Writes the rows to path atomically, or to stdout when path is NULL. */
static int write_output(const char *path, const out_ctx *c, const char *cmd)
{
    char dir[4096], err[1024];
    const char *slash;
    output_file file;
    if (!path)
        return write_rows(stdout, c) || fflush(stdout) ? COLLIDE_E_IO : 0;
    slash = strrchr(path, '/');
    if (slash)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    else
        snprintf(dir, sizeof dir, ".");
    file.name = slash ? slash + 1 : path;
    file.write = write_rows;
    if (output_write_files(slash == path ? "/" : dir, &file, 1, c, err,
                           sizeof err) != COLLIDE_OK) {
        fprintf(stderr, "collide %s: %s\n", cmd, err);
        return COLLIDE_E_IO;
    }
    return COLLIDE_OK;
}

/* ---- sweep ---- */

/* Writes the shard of the sweep in j (the whole sweep when unsharded). */
static int write_shard(const sweep_job *j)
{
    char first[128];
    out_ctx c;
    snprintf(first, sizeof first, "# collide sweep part %d/%d of %ld points\n",
             j->a->shard_k, j->a->shard_n, j->g->npoints);
    c.first = j->a->shard_n > 1 ? first : NULL;
    c.header = j->header;
    c.rows = j->rows;
    c.n = j->n;
    return write_output(j->a->out, &c, "sweep");
}

/* Gathers the rows of all ranks at rank 0, which writes the whole sweep;
 * the status agreed by the ranks. */
static int write_ranks(const sweep_job *j)
{
    char **all = ranks->gather(j->rows, j->n, j->g->npoints);
    int st = COLLIDE_OK, root;
    long i;
    if (all) {
        out_ctx c;
        c.first = NULL;
        c.header = j->header;
        c.rows = all;
        c.n = j->g->npoints;
        st = write_output(j->a->out, &c, "sweep");
        for (i = 0; i < j->g->npoints; i++)
            free(all[i]);
        free(all);
    }
    return ranks->agree(st, &root);
}

/* Runs the sweep of the loaded grid g as asked by a. */
static int sweep_grid(const grid *g, const sweep_args *a)
{
    char header[ROW_MAX];
    sweep_job j;
    long i, taken = 0;
    int st = COLLIDE_OK, root;
    make_header(g, header, sizeof header);
    memset(&j, 0, sizeof j);
    j.g = g;
    j.a = a;
    j.header = header;
    j.n = g->npoints > a->shard_k - 1 ?
          (g->npoints - a->shard_k + a->shard_n) / a->shard_n : 0;
    j.rows = calloc((size_t)j.n + 1, sizeof *j.rows);
    if (!j.rows) {
        fprintf(stderr, "collide sweep: out of memory\n");
        return COLLIDE_E_MEMORY;
    }
    if (a->resume && (taken = resume_points(&j)) < 0)
        st = COLLIDE_E_INPUT;
    if (st == COLLIDE_OK)
        st = run_points(&j, a->threads < j.n ? a->threads : (int)(j.n ? j.n : 1));
    if (a->resume)
        fprintf(stderr, "collide sweep: %ld points run, %ld taken from %s\n",
                atomic_load(&j.ran), taken, a->resume);
    if (st == COLLIDE_E_MEMORY)
        fprintf(stderr, "collide sweep: out of memory\n");
    else if (st == COLLIDE_E_IO)
        fprintf(stderr, "collide sweep: a point could not be saved in %s\n",
                a->resume);
    if (ranks)
        st = ranks->agree(st, &root);
    if (st == COLLIDE_OK)
        st = ranks ? write_ranks(&j) : write_shard(&j);
    for (i = 0; i < j.n; i++)
        free(j.rows[i]);
    free(j.rows);
    return st;
}

/* Prints err of a bad grid once (by rank 0, or by a rank that alone could
 * not load it); the status agreed by the ranks. */
static int grid_status(int local, const char *err)
{
    int root = local, st = ranks ? ranks->agree(local, &root) : local;
    if (local != COLLIDE_OK && (speaks() || root == COLLIDE_OK))
        fprintf(stderr, "collide sweep: %s\n", err);
    return st;
}

int sweep_command(int argc, char **argv)
{
    sweep_args a;
    grid g;
    char err[2048];
    int i, st;
    for (i = 0; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            if (speaks())
                fputs(usage_sweep, stdout);
            return COLLIDE_OK;
        }
    st = parse_sweep_args(argc, argv, &a);
    if (st != COLLIDE_OK)
        return st;
    st = grid_load(a.grid, &g, err, sizeof err);
    if (st == COLLIDE_OK)
        st = grid_validate(&g, err, sizeof err);
    st = grid_status(st, err);
    if (st == COLLIDE_OK)
        st = sweep_grid(&g, &a);
    grid_free(&g);
    return st;
}

/* ---- merge ---- */

/* The parts being merged: the rows by index, the common first lines. */
typedef struct merge_set {
    char **rows;
    long npoints;
    int shard_n;
    char *header;
    int nomem;          /* memory ran out: exit status 9 */
} merge_set;

/* Prints that memory ran out reading path; returns 0. */
static int out_of_memory(merge_set *m, const char *path)
{
    fprintf(stderr, "collide merge: %s: out of memory\n", path);
    m->nomem = 1;
    return 0;
}

/* Reads the whole file at path; NULL with a message. */
static char *slurp(merge_set *m, const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t n = 0, cap = 0;
    while (f) {
        if (n + 65536 + 1 > cap) {
            char *nb = realloc(buf, cap = 2 * cap + 65536 + 1);
            if (!nb)
                break;
            buf = nb;
        }
        n += fread(buf + n, 1, cap - n - 1, f);
        if (feof(f) || ferror(f))
            break;
    }
    if (!f || ferror(f) || !buf || !feof(f)) {
        int e = !f || ferror(f) ? errno : ENOMEM; /* else realloc failed */
        fprintf(stderr, "collide merge: %s: cannot read: %s\n", path,
                strerror(e));
        m->nomem = e == ENOMEM;
        if (f)
            fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* The first line "# collide sweep part K/N of P points" of a part. */
static int part_line(merge_set *m, const char *path, const char *text, int *k)
{
    int n;
    long p;
    if (sscanf(text, "# collide sweep part %d/%d of %ld points\n", k, &n,
               &p) != 3 || n < 1 || *k < 1 || *k > n || p < 0 ||
        p > GRID_POINTS_MAX) {
        fprintf(stderr, "collide merge: %s: not a part file of collide sweep "
                "--shard (no line '# collide sweep part K/N of P points')\n",
                path);
        return 0;
    }
    if (m->rows && (n != m->shard_n || p != m->npoints)) {
        fprintf(stderr, "collide merge: %s: part of a sweep split %d ways over "
                "%ld points; the first part: %d ways over %ld points\n", path,
                n, p, m->shard_n, m->npoints);
        return 0;
    }
    if (!m->rows) {
        m->shard_n = n;
        m->npoints = p;
        m->rows = calloc((size_t)p + 1, sizeof *m->rows);
    }
    return m->rows ? 1 : out_of_memory(m, path);
}

/* The header line of a part, checked against the first part's. */
static const char *part_header(merge_set *m, const char *path, const char *h)
{
    const char *e = strchr(h, '\n');
    if (!e) {
        fprintf(stderr, "collide merge: %s: no header line\n", path);
        return NULL;
    }
    if (!m->header)
        m->header = strndup(h, (size_t)(e - h) + 1);
    else if (strncmp(m->header, h, (size_t)(e - h) + 1) != 0 ||
             strlen(m->header) != (size_t)(e - h) + 1) {
        fprintf(stderr, "collide merge: %s: its header differs from the first "
                "part's (another grid)\n", path);
        return NULL;
    }
    if (!m->header) {
        out_of_memory(m, path);
        return NULL;
    }
    return e + 1;
}

/* One row of part k: its index must belong to the part and be new. */
static int part_row(merge_set *m, const char *path, int k, const char *b,
                    const char *e)
{
    char *end;
    long idx = strtol(b, &end, 10);
    if (end == b || *end != ',' || idx < 0 || idx >= m->npoints ||
        idx % m->shard_n != k - 1) {
        fprintf(stderr, "collide merge: %s: row '%.40s' has no index of part "
                "%d/%d of %ld points\n", path, b, k, m->shard_n, m->npoints);
        return 0;
    }
    if (m->rows[idx]) {
        fprintf(stderr, "collide merge: %s: point %ld is present twice\n",
                path, idx);
        return 0;
    }
    m->rows[idx] = strndup(b, (size_t)(e - b) + 1);
    return m->rows[idx] ? 1 : out_of_memory(m, path);
}

/* Adds the rows of the part file at path. */
static int read_part(merge_set *m, const char *path)
{
    char *text = slurp(m, path);
    const char *b;
    int k, ok;
    ok = text && part_line(m, path, text, &k);
    b = ok ? part_header(m, path, strchr(text, '\n') + 1) : NULL;
    ok = b != NULL;
    while (ok && *b) {
        const char *e = strchr(b, '\n');
        if (!e) {
            fprintf(stderr, "collide merge: %s: last row has no end of line "
                    "(a partial file?)\n", path);
            ok = 0;
        } else {
            ok = part_row(m, path, k, b, e);
            b = e + 1;
        }
    }
    free(text);
    return ok;
}

/* 1 when every point is present, else a message naming the first gap. */
static int merge_complete(const merge_set *m)
{
    long i;
    for (i = 0; i < m->npoints; i++)
        if (!m->rows[i]) {
            fprintf(stderr, "collide merge: point %ld is missing (part %ld/%d "
                    "not given or incomplete)\n", i, i % m->shard_n + 1,
                    m->shard_n);
            return 0;
        }
    return 1;
}

int merge_command(int argc, char **argv)
{
    merge_set m;
    const char *out = NULL;
    int i, nparts = 0, ok = 1, st;
    long r;
    memset(&m, 0, sizeof m);
    for (i = 0; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage_merge, stdout);
            return COLLIDE_OK;
        }
    st = COLLIDE_OK;
    for (i = 0; i < argc && ok; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 >= argc)
            st = usage_error("merge", "missing value after ", argv[i]);
        else if (strcmp(argv[i], "--out") == 0)
            out = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1] != '\0')
            st = usage_error("merge", "unknown option ", argv[i]);
        else {
            ok = read_part(&m, argv[i]);
            nparts++;
        }
        ok = ok && st == COLLIDE_OK;
    }
    if (ok && nparts == 0)
        st = usage_error("merge", "missing PART", "");
    ok = ok && st == COLLIDE_OK && merge_complete(&m);
    if (st == COLLIDE_OK)   /* parts read: what they lacked */
        st = ok ? COLLIDE_OK : m.nomem ? COLLIDE_E_MEMORY : COLLIDE_E_INPUT;
    if (ok) {
        out_ctx c;
        c.first = NULL;
        c.header = m.header;
        c.rows = m.rows;
        c.n = m.npoints;
        st = write_output(out, &c, "merge");
    }
    for (r = 0; m.rows && r < m.npoints; r++)
        free(m.rows[r]);
    free(m.rows);
    free(m.header);
    return st;
}
