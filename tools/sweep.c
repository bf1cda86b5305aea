/* sweep.c - parameter sweeps and the merging of their shards; see sweep.h
 * and doc/sweeps.md. */
#define _POSIX_C_SOURCE 200809L

#include "sweep.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "collide.h"
#include "collide_aux.h"
#include "grid.h"
#include "interrupt.h"
#include "options.h"
#include "session.h"

#define ROW_MAX 8192
#define THREADS_MAX 1024

static const char usage_sweep[] =
    "usage: collide sweep GRID [--threads N] [--shard K/N] [--out FILE]\n"
    "                    [--precision BITS] [--resume DIR]\n"
    "                    [--outside-proved-domain]\n"
    "\n"
    "Runs the scenario of every point of GRID (doc/sweeps.md: a base\n"
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
    "                    that ran out of memory or were interrupted, or\n"
    "                    whose file is damaged); a file of another\n"
    "                    scenario, mode or version is an error\n"
    "  --outside-proved-domain  run every point as with the scenario key\n"
    "                    outside_proved_domain = 1: a point outside the\n"
    "                    domain of the proofs runs instead of status domain\n"
    "  --help            this text\n"
    "\n"
    "A point whose run fails is a row with its status (the sweep goes on).\n"
    "Progress is shown on stderr when it is a terminal.\n";

static const char usage_merge[] =
    "usage: collide merge PART... [--out FILE]\n"
    "\n"
    "Joins the part files of collide sweep --shard K/N into the bytes the\n"
    "whole sweep writes. The parts must come from the same sweep (the same\n"
    "grid fingerprint, header, N and number of points), be whole (their\n"
    "check line matches, every row well formed) and hold every point\n"
    "exactly once; a bad part is named with its line.\n"
    "exit status: 0 merged, 2 usage, 3 bad or incomplete parts, 4 output\n"
    "error\n";

typedef struct sweep_args {
    const char *grid, *out, *resume;
    int threads, shard_k, shard_n;
    int sharded;            /* --shard given: a part file is written */
    long bits;              /* 0: binary64 */
    int outside;            /* --outside-proved-domain */
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
    atomic_long unsaved;    /* the first point that could not be saved
                               (its index + 1; 0: none) */
    atomic_int unsaved_errno;   /* and why */
    int lock;               /* the lock held on --resume DIR, or -1 */
} sweep_job;

/* The ranks the sweep is spread over; NULL: this process alone. */
static const sweep_ranks *ranks;

void sweep_use_ranks(const sweep_ranks *r)
{
    ranks = r;
    option_set_quiet(r && r->rank != 0);   /* one rank tells usage errors */
}

/* 1 when this process prints the messages every rank would print alike. */
static int speaks(void)
{
    return !ranks || ranks->rank == 0;
}

/* ---- arguments ---- */

/* An integer in [lo, hi] filling text, read by the one number reader
 * (collide_aux_number_read); 0 when it is not one. */
static int read_long(const char *text, long lo, long hi, long *v)
{
    collide_aux_range r = {"", 0, 0, 1, 1, 1};
    double x;
    r.lo = (double)lo;
    r.hi = (double)hi;
    if (collide_aux_number_read("x", text, &r, &x, NULL, 0) != COLLIDE_OK)
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

/* The options of sweep, by slot. */
enum { SWEEP_THREADS, SWEEP_SHARD, SWEEP_OUT, SWEEP_PRECISION, SWEEP_RESUME,
       SWEEP_OUTSIDE };
static const option_spec sweep_specs[] = {
    {"--threads", 1, SWEEP_THREADS, 0, "threads"},
    {"--shard", 1, SWEEP_SHARD, 0, "only the points of part K of N"},
    {"--out", 1, SWEEP_OUT, 0, "the file of the rows"},
    {"--precision", 1, SWEEP_PRECISION, 0, "the MPFR mode at BITS bits"},
    {"--resume", 1, SWEEP_RESUME, 0, "the directory of finished points"},
    {option_outside_domain, 0, SWEEP_OUTSIDE, 0, option_outside_domain_help},
};
static const option_table sweep_table = {
    sweep_specs, (int)(sizeof sweep_specs / sizeof sweep_specs[0])};

/* --threads N into a, N an integer in [1, THREADS_MAX]. */
static int sweep_threads(const char *val, sweep_args *a)
{
    long v;
    if (!read_long(val, 1, THREADS_MAX, &v))
        return option_usage_error("sweep", "--threads needs an integer in "
                           "[1, 1024], not ", val);
    a->threads = (int)v;
    return COLLIDE_OK;
}

/* --shard K/N into a. */
static int sweep_shard(const char *val, sweep_args *a)
{
    if (!read_shard(val, a))
        return option_usage_error("sweep", "--shard needs K/N with 1 <= K <= N, "
                           "not ", val);
    a->sharded = 1;
    return COLLIDE_OK;
}

/* --precision BITS into a. */
static int sweep_precision(const char *val, sweep_args *a)
{
    if (read_long(val, COLLIDE_PRECISION_MIN, COLLIDE_PRECISION_MAX, &a->bits))
        return COLLIDE_OK;
    if (speaks())
        fprintf(stderr, "collide sweep: --precision = %s is outside the "
                "allowed range: an integer in [%d, %d]\n", val, COLLIDE_PRECISION_MIN,
                COLLIDE_PRECISION_MAX);
    return COLLIDE_E_INPUT;
}

/* The GRID and the options of sweep from v into a: a usage error for a
 * missing or a second GRID or a bad --threads or --shard, COLLIDE_E_INPUT
 * for a bad --precision. */
static int sweep_values(const option_values *v, sweep_args *a)
{
    int st = COLLIDE_OK;
    if (v->noperands > 1)
        return option_usage_error("sweep", "more than one GRID: ", v->operand[1]);
    if (v->noperands == 0)
        return option_usage_error("sweep", "missing GRID", "");
    a->grid = v->operand[0];
    a->out = v->value[SWEEP_OUT];
    a->resume = v->value[SWEEP_RESUME];
    a->outside = option_given(v, SWEEP_OUTSIDE);
    if (v->value[SWEEP_THREADS])
        st = sweep_threads(v->value[SWEEP_THREADS], a);
    if (st == COLLIDE_OK && v->value[SWEEP_SHARD])
        st = sweep_shard(v->value[SWEEP_SHARD], a);
    if (st == COLLIDE_OK && v->value[SWEEP_PRECISION])
        st = sweep_precision(v->value[SWEEP_PRECISION], a);
    return st;
}

/* The shard of this process and the threads when not given. */
static int sweep_share(sweep_args *a)
{
    if (ranks && a->sharded)
        return option_usage_error("sweep", "--shard is not for a sweep over ranks "
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

/* Reads the arguments of sweep into a; a usage error otherwise. */
static int parse_sweep_args(int argc, char **argv, sweep_args *a)
{
    option_values v;
    int st = option_parse_command("sweep", argc, argv, &sweep_table, &v);
    memset(a, 0, sizeof *a);
    a->shard_k = a->shard_n = 1;
    if (st == COLLIDE_OK)
        st = sweep_values(&v, a);
    option_free(&v);
    if (st == COLLIDE_OK)
        st = sweep_share(a);
    return st;
}

/* The note of a signal during the sweep a (interrupt.h): --out FILE is
 * not written (it is renamed into place only at the end), and with
 * --resume DIR the points finished are kept there for a rerun. */
static void note_sweep(const sweep_args *a)
{
    char what[4200], kept[8600], rows[4200];
    snprintf(what, sizeof what, "collide sweep: %s", a->grid);
    if (a->out)
        snprintf(rows, sizeof rows, "%s not written", a->out);
    else
        snprintf(rows, sizeof rows, "no row printed");
    if (a->resume)
        snprintf(kept, sizeof kept, "%s; the points finished are kept in %s: "
                 "a rerun with --resume %s runs only the rest", rows,
                 a->resume, a->resume);
    else
        snprintf(kept, sizeof kept, "%s; no point kept (--resume DIR keeps "
                 "them)", rows);
    interrupt_note(what, "", kept);
}

/* ---- rows ---- */

/* The name of each status in the status column of a sweep: every status
 * of common.h, so that any failed run is a row naming its failure. */
static const struct status_text {
    collide_status st;
    const char *name;
} status_texts[] = {
    {COLLIDE_OK, "ok"},
    {COLLIDE_E_USAGE, "usage"},
    {COLLIDE_E_INPUT, "input"},
    {COLLIDE_E_IO, "io"},
    {COLLIDE_E_NONFINITE, "nonfinite"},
    {COLLIDE_E_STEP, "step"},
    {COLLIDE_E_EVENT, "event"},
    {COLLIDE_E_ZENO, "zeno"},
    {COLLIDE_E_MEMORY, "memory"},
    {COLLIDE_E_INTERRUPT, "interrupted"},
    {COLLIDE_E_CHECK, "check"},
    {COLLIDE_E_LEDGER, "ledger"},
    {COLLIDE_E_PROGRESS, "progress"},
    {COLLIDE_E_DOMAIN, "domain"},
};

/* The name of a status outside the table (none today). */
static const char status_other[] = "error";

const char *sweep_status_name(int st)
{
    size_t i;
    for (i = 0; i < sizeof status_texts / sizeof status_texts[0]; i++)
        if ((int)status_texts[i].st == st)
            return status_texts[i].name;
    return status_other;
}

int sweep_status_known(const char *name, size_t len)
{
    size_t i;
    for (i = 0; i < sizeof status_texts / sizeof status_texts[0]; i++)
        if (strlen(status_texts[i].name) == len &&
            strncmp(status_texts[i].name, name, len) == 0)
            return 1;
    return strlen(status_other) == len && strncmp(status_other, name, len) == 0;
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

/* The observables of the first collision in a sweep's row (Eqs. 193-200). */
static const char *const row_columns[] = {"e", "t_d", "xc_r", "v_i", "v_s"};

/* The results of the run of s after the prefix, in binary64 (bits 0) or
 * at bits with collide run's defaults: the number of collisions, the
 * observables of the first as its table gives them (nan when there is
 * none), the status. A failed run keeps the collisions that ended before
 * the failure (collide_run_options.partial), its status saying so.
 * Returns the status. */
static collide_status point_results(const collide_scenario *s, long bits,
                                    char *buf, size_t len)
{
    collide_run_options o;
    collide_result *r = NULL;
    char err[1024];
    int i, n, k;
    collide_status st;
    collide_run_options_init(&o, sizeof o);
    o.engine = bits > 53 ? COLLIDE_ENGINE_MPFR : COLLIDE_ENGINE_BINARY64;
    o.precision = bits ? bits : 53;
    o.partial = 1;
    o.tables = 1u << COLLIDE_TABLE_COLLISIONS;
    st = collide_run(s, &o, &r, err, sizeof err);
    k = collide_result_rows(r, COLLIDE_TABLE_COLLISIONS);
    n = snprintf(buf, len, "%d", k);
    for (i = 0; i < 5; i++)
        n += snprintf(buf + n, len - (size_t)n, ",%s",
                      k > 0 ? collide_result_text(r, COLLIDE_TABLE_COLLISIONS, 0,
                                  collide_result_column(r, COLLIDE_TABLE_COLLISIONS,
                                                        row_columns[i]))
                            : "nan");
    snprintf(buf + n, len - (size_t)n, ",%s\n", sweep_status_name(st));
    collide_result_free(r);
    return st;
}

/* The row of point index, a new string; NULL when out of memory. *settled
 * is 0 when the run ran out of memory or was interrupted: a status that
 * says nothing of the point, not kept for --resume (a rerun runs it). */
static char *make_row(const sweep_job *j, long index, int *settled)
{
    char *buf = malloc(ROW_MAX), *row = NULL;
    collide_scenario *s = NULL;
    char err[1024];
    collide_status st;
    int n;
    if (buf && grid_point_scenario(j->g, index, &s, err, sizeof err) ==
                   COLLIDE_OK) {
        n = row_prefix(j->g, index, buf, ROW_MAX);
        st = point_results(s, j->a->bits, buf + n, ROW_MAX - (size_t)n);
        *settled = st != COLLIDE_E_MEMORY && st != COLLIDE_E_INTERRUPT;
        row = strdup(buf);
    }
    collide_scenario_free(s);
    free(buf);
    return row;
}

/* ---- fingerprints ---- */

/* "binary64" or "BITS bits": the mode of the runs of the sweep a. */
static void mode_text(const sweep_args *a, char *buf, size_t len)
{
    if (a->bits)
        snprintf(buf, len, "%ld bits", a->bits);
    else
        snprintf(buf, len, "binary64");
}

/* The FNV-1a 64 hash h continued over the string text. */
static uint64_t hash_text(uint64_t h, const char *text)
{
    return collide_aux_fnv1a64(h, text, strlen(text));
}

/* The fingerprint of the scenario of point index of g
 * (collide_scenario_fingerprint: FNV-1a 64 of its canonical text, which
 * holds every value the point's run depends on after the defaults are
 * filled in). COLLIDE_E_MEMORY when memory ran out; the points are
 * validated before, so parsing succeeds. */
static collide_status point_fingerprint(const grid *g, long index,
                                        uint64_t *fp)
{
    collide_scenario *s;
    char err[1024];
    collide_status st = grid_point_scenario(g, index, &s, err, sizeof err);
    if (st == COLLIDE_OK)
        st = collide_scenario_fingerprint(s, fp);
    collide_scenario_free(s);
    return st;
}

/* The fingerprint of the whole sweep of j (a part file's): FNV-1a 64 of
 * the program version, the mode, the header, and for every point of the
 * grid its index, axis values and scenario fingerprint. Parts of sweeps of
 * different grids, base scenarios, modes or versions differ in it. */
static collide_status grid_fingerprint(const sweep_job *j, uint64_t *fp)
{
    char mode[64], prefix[ROW_MAX], hex[24];
    uint64_t h = COLLIDE_FNV1A64_BASIS, p;
    long i;
    mode_text(j->a, mode, sizeof mode);
    h = hash_text(h, "collide " COLLIDE_VERSION "\n");
    h = hash_text(hash_text(h, mode), "\n");
    h = hash_text(h, j->header);
    for (i = 0; i < j->g->npoints; i++) {
        if (point_fingerprint(j->g, i, &p) != COLLIDE_OK)
            return COLLIDE_E_MEMORY;
        row_prefix(j->g, i, prefix, sizeof prefix);
        snprintf(hex, sizeof hex, "%016" PRIx64 "\n", p);
        h = hash_text(hash_text(h, prefix), hex);
    }
    *fp = h;
    return COLLIDE_OK;
}

/* The last line of a point or part file: "# check H\n", H the FNV-1a 64
 * of every byte before it, so that a file cut short or changed is told
 * from a finished one. */
static void check_line(const char *text, size_t n, char *buf, size_t len)
{
    snprintf(buf, len, "# check %016" PRIx64 "\n",
             collide_aux_fnv1a64(COLLIDE_FNV1A64_BASIS, text, n));
}

/* The length of text without its check line when it ends with a right
 * one; 0 when it does not (a file cut short, changed, or of a version
 * without the line). */
static size_t checked_length(const char *text, size_t n)
{
    char want[64];
    size_t b;
    if (n < 2 || text[n - 1] != '\n')
        return 0;
    for (b = n - 1; b > 0 && text[b - 1] != '\n'; b--)
        ;                   /* b: the start of the last line */
    check_line(text, b, want, sizeof want);
    return strlen(want) == n - b && memcmp(text + b, want, n - b) == 0 ? b : 0;
}

/* ---- the directory of finished points (--resume) ---- */

/* The first line of the file of point index: "# collide sweep point,
 * MODE, collide VERSION, scenario FINGERPRINT\n". */
static collide_status point_id(const sweep_job *j, long index, char *buf,
                               size_t len)
{
    char mode[64];
    uint64_t fp;
    if (point_fingerprint(j->g, index, &fp) != COLLIDE_OK)
        return COLLIDE_E_MEMORY;
    mode_text(j->a, mode, sizeof mode);
    snprintf(buf, len, "# collide sweep point, %s, collide %s, scenario "
             "%016" PRIx64 "\n", mode, COLLIDE_VERSION, fp);
    return COLLIDE_OK;
}

static void point_path(const sweep_job *j, long index, char *buf, size_t len)
{
    snprintf(buf, len, "%s/point-%ld.csv", j->a->resume, index);
}

/* Writes the file of a finished point (a new temporary, never through a
 * link, then renamed): its first line, the header, the row and the check
 * line. 1, or 0 with errno. */
static int save_point(const sweep_job *j, long index, const char *row)
{
    char path[4200], tmp[4240], text[3 * ROW_MAX], check[64];
    FILE *f;
    int ok, fd;
    size_t n;
    if (point_id(j, index, text, sizeof text) != COLLIDE_OK)
        return 0;
    n = strlen(text);
    n += (size_t)snprintf(text + n, sizeof text - n, "%s%s", j->header, row);
    if (n >= sizeof text)
        return 0;
    check_line(text, n, check, sizeof check);
    point_path(j, index, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0 && errno == EEXIST && unlink(tmp) == 0)   /* a killed run's */
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                  0666);
    if (fd < 0)
        return 0;
    f = fdopen(fd, "w");
    if (!f) {
        ok = errno;
        close(fd);
        unlink(tmp);
        errno = ok;
        return 0;
    }
    ok = fputs(text, f) >= 0 && fputs(check, f) >= 0;
    ok = fclose(f) == 0 && ok;
    if (ok && rename(tmp, path) == 0)
        return 1;
    ok = errno;
    unlink(tmp);
    errno = ok;
    return 0;
}

/* Records that point index could not be saved (errno says why), when it
 * is the first. */
static void note_unsaved(sweep_job *j, long index)
{
    long none = 0;
    int e = errno ? errno : EIO;
    if (atomic_compare_exchange_strong(&j->unsaved, &none, index + 1))
        atomic_store(&j->unsaved_errno, e);
}

/* Locks --resume DIR for this sweep (flock, held until the sweep ends:
 * j->lock), so that two sweeps never save into one directory at once;
 * the ranks of one MPI sweep share it. 0, or -1 with a message. */
static int lock_resume(sweep_job *j)
{
    const char *dir = j->a->resume;
    j->lock = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (j->lock < 0) {
        fprintf(stderr, "collide sweep: --resume %s: %s\n", dir,
                strerror(errno));
        return -1;
    }
    if (flock(j->lock, (ranks ? LOCK_SH : LOCK_EX) | LOCK_NB) == 0)
        return 0;
    if (errno == EWOULDBLOCK)
        fprintf(stderr, "collide sweep: --resume %s: another sweep is "
                "saving its points there (it holds the directory's lock): "
                "wait for it to end, or name another directory; nothing "
                "run, nothing written\n", dir);
    else
        fprintf(stderr, "collide sweep: --resume %s: cannot lock it: %s\n",
                dir, strerror(errno));
    close(j->lock);
    j->lock = -1;
    return -1;
}

/* What differs between the first line got of a point file and the one
 * wanted, for the message. */
static const char *id_difference(const char *got, const char *want)
{
    const char *g = strstr(got, ", collide "), *w = strstr(want, ", collide ");
    if (strncmp(got, "# collide sweep point, ", 23) != 0 || !g)
        return "it is not a point file of this version of collide";
    if ((size_t)(g - got) != (size_t)(w - want) ||
        strncmp(got, want, (size_t)(w - want)) != 0)
        return "its mode (binary64 or --precision) differs";
    g = strstr(g, ", scenario ");
    w = strstr(w, ", scenario ");
    if (!g || (size_t)(g - got) != (size_t)(w - want) ||
        strncmp(got, want, (size_t)(w - want)) != 0)
        return "it was written by another version of collide";
    return "its scenario (after defaults) differs";
}

/* Reads the file at path into buf (len bytes); its length, -1 when it
 * cannot be opened (missing), or len when too long or unreadable. */
static long read_point(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    size_t n;
    if (!f)
        return -1;
    n = fread(buf, 1, len, f);
    if (n == len || ferror(f))
        n = len;
    fclose(f);
    return (long)n;
}

/* Checks the text (n bytes, without its check line) of the file at path
 * against point index; the row (a new string) or NULL with a message
 * (*nomem set when memory ran out). */
static char *point_row(const sweep_job *j, long index, const char *path,
                       char *text, size_t n, int *nomem)
{
    char id[512], prefix[ROW_MAX];
    char *nl = memchr(text, '\n', n), *row;
    size_t hl = strlen(j->header);
    text[n] = '\0';
    if (point_id(j, index, id, sizeof id) != COLLIDE_OK) {
        *nomem = 1;
        return NULL;
    }
    if (!nl || strncmp(text, id, strlen(id)) != 0) {
        if (nl)
            *nl = '\0';
        fprintf(stderr, "collide sweep: %s belongs to another sweep: %s (use "
                "another DIR, or delete the file to run point %ld again)\n",
                path, id_difference(text, id), index);
        return NULL;
    }
    row = nl + 1;
    row_prefix(j->g, index, prefix, sizeof prefix);
    if (strncmp(row, j->header, hl) != 0 ||
        strncmp(row + hl, prefix, strlen(prefix)) != 0 ||
        strchr(row + hl, '\n') != text + n - 1) {
        fprintf(stderr, "collide sweep: %s belongs to another sweep (its "
                "header, values or rows differ)\n", path);
        return NULL;
    }
    row = strdup(row + hl);
    *nomem = !row;
    return row;
}

/* The row kept in DIR for point index: 1 taken (*row set), 0 to run
 * (missing, or cut short or damaged: a message says it is run again), -1 a
 * file of another sweep (message printed), -2 out of memory. */
static int load_point(const sweep_job *j, long index, char **row)
{
    char path[4200], *buf = malloc(3 * ROW_MAX + 1);
    size_t body;
    long n;
    int nomem = 0;
    if (!buf)
        return -2;
    point_path(j, index, path, sizeof path);
    n = read_point(path, buf, 3 * ROW_MAX);
    body = n > 0 && n < 3 * ROW_MAX ? checked_length(buf, (size_t)n) : 0;
    if (n >= 0 && body == 0)
        fprintf(stderr, "collide sweep: %s is cut short or damaged (no right "
                "check line at its end): point %ld is run again\n", path,
                index);
    *row = body > 0 ? point_row(j, index, path, buf, body, &nomem) : NULL;
    free(buf);
    return *row ? 1 : nomem ? -2 : body > 0 ? -1 : 0;
}

/* Takes the finished points from DIR (locked: lock_resume); the number
 * taken, -1 (a file of another sweep, or DIR cannot be made; message
 * printed), -2 (out of memory) or -3 (DIR cannot be locked: another
 * sweep uses it; message printed). */
static long resume_points(sweep_job *j)
{
    long i, taken = 0;
    if (mkdir(j->a->resume, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "collide sweep: %s: %s\n", j->a->resume,
                strerror(errno));
        return -1;
    }
    if (lock_resume(j) != 0)
        return -3;
    for (i = 0; i < j->n; i++) {
        long index = (long)j->a->shard_k - 1 + i * j->a->shard_n;
        int st = load_point(j, index, &j->rows[i]);
        if (st < 0)
            return st;
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
                     !save_point(j, index, j->rows[i])) {
                note_unsaved(j, index);
                atomic_store(&j->failed, COLLIDE_E_IO);
            }
            atomic_fetch_add(&j->ran, 1);
        }
        atomic_fetch_add(&j->done, 1);
    }
    collide_thread_cleanup();   /* MPFR's constants of this thread */
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
    int check;              /* 1: end with the check line (a part file) */
} out_ctx;

/* Writes text to f; h continues the FNV-1a 64 of the bytes written. */
static void put_text(FILE *f, const char *text, uint64_t *h)
{
    fputs(text, f);
    *h = hash_text(*h, text);
}

static int write_rows(FILE *f, const void *ctx)
{
    const out_ctx *c = ctx;
    uint64_t h = COLLIDE_FNV1A64_BASIS;
    long i;
    if (c->first)
        put_text(f, c->first, &h);
    put_text(f, c->header, &h);
    for (i = 0; i < c->n; i++)
        put_text(f, c->rows[i], &h);
    if (c->check)
        fprintf(f, "# check %016" PRIx64 "\n", h);
    return ferror(f) ? -1 : 0;
}

/* Writes the rows to path atomically, or to stdout when path is NULL;
 * COLLIDE_E_USAGE when path is an input
 * (collide_aux_session_note_input). */
static int write_output(const char *path, const out_ctx *c, const char *cmd)
{
    char err[1024];
    int st;
    if (!path)
        return write_rows(stdout, c) || fflush(stdout) ? COLLIDE_E_IO : 0;
    st = collide_aux_session_write_file(session_get(), path, write_rows, c,
                                        err, sizeof err);
    if (st != COLLIDE_OK) {
        fprintf(stderr, "collide %s: --out: %s\n", cmd, err);
        return st == COLLIDE_E_USAGE ? st : COLLIDE_E_IO;
    }
    return COLLIDE_OK;
}

/* ---- sweep ---- */

/* The first line of a part file: "# collide sweep part K/N of P points,
 * grid FINGERPRINT\n" (grid_fingerprint). */
static void part_first_line(int k, int n, long p, uint64_t fp, char *buf,
                            size_t len)
{
    snprintf(buf, len, "# collide sweep part %d/%d of %ld points, grid "
             "%016" PRIx64 "\n", k, n, p, fp);
}

/* Writes the sweep in j: a part file when --shard was given (its first
 * line, the header, its rows and the check line), else the whole sweep. */
static int write_shard(const sweep_job *j)
{
    char first[160];
    uint64_t fp = 0;
    out_ctx c;
    if (j->a->sharded && grid_fingerprint(j, &fp) != COLLIDE_OK) {
        fprintf(stderr, "collide sweep: out of memory\n");
        return COLLIDE_E_MEMORY;
    }
    part_first_line(j->a->shard_k, j->a->shard_n, j->g->npoints, fp, first,
                    sizeof first);
    c.first = j->a->sharded ? first : NULL;
    c.check = j->a->sharded;
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
        c.check = 0;
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
    j.lock = -1;
    if (a->resume && (taken = resume_points(&j)) < 0)
        st = taken == -2 ? COLLIDE_E_MEMORY : taken == -3 ? COLLIDE_E_IO
                                                           : COLLIDE_E_INPUT;
    if (st == COLLIDE_OK)
        st = run_points(&j, a->threads < j.n ? a->threads : (int)(j.n ? j.n : 1));
    if (a->resume && taken >= 0)
        fprintf(stderr, "collide sweep: %ld points run, %ld taken from %s\n",
                atomic_load(&j.ran), taken, a->resume);
    if (st == COLLIDE_E_MEMORY)
        fprintf(stderr, "collide sweep: out of memory\n");
    else if (st == COLLIDE_E_IO && atomic_load(&j.unsaved) > 0)
        fprintf(stderr, "collide sweep: point %ld could not be saved in %s "
                "(point-%ld.csv: %s); the sweep is not written\n",
                atomic_load(&j.unsaved) - 1, a->resume,
                atomic_load(&j.unsaved) - 1,
                strerror(atomic_load(&j.unsaved_errno)));
    if (ranks)
        st = ranks->agree(st, &root);
    if (st == COLLIDE_OK)
        st = ranks ? write_ranks(&j) : write_shard(&j);
    for (i = 0; i < j.n; i++)
        free(j.rows[i]);
    free(j.rows);
    if (j.lock >= 0)
        close(j.lock);
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
    int st;
    if (option_wants_help(argc, argv)) {
        if (speaks())
            fputs(usage_sweep, stdout);
        return COLLIDE_OK;
    }
    st = parse_sweep_args(argc, argv, &a);
    if (st != COLLIDE_OK)
        return st;
    note_sweep(&a);
    collide_aux_session_note_input(session_get(), a.grid);
    st = grid_load(a.grid, a.outside, &g, err, sizeof err);
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
    uint64_t grid;      /* the grid fingerprint of the first part */
    char *header;
    int ncols;          /* columns of the header */
    int nomem;          /* memory ran out: exit status 9 */
} merge_set;

/* The columns after the axes, as make_header writes them. */
static const char results_header[] = ",collisions,e,t_d,xc_r,v_i,v_s,status\n";

/* Prints that memory ran out reading path; returns 0. */
static int out_of_memory(merge_set *m, const char *path)
{
    fprintf(stderr, "collide merge: %s: out of memory\n", path);
    m->nomem = 1;
    return 0;
}

/* Prints "collide merge: PATH:LINE: " and the message; returns 0. */
static int part_error(const char *path, long line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int part_error(const char *path, long line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "collide merge: %s:%ld: ", path, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 0;
}

/* Reads the whole file at path; NULL with a message. */
static char *slurp(merge_set *m, const char *path, size_t *len)
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
    *len = n;
    return buf;
}

/* The first line "# collide sweep part K/N of P points, grid FP" of a part
 * [text, e), exactly as part_first_line writes it; the same grid, N and P
 * as the first part's. */
static int part_line(merge_set *m, const char *path, const char *text,
                     const char *e, int *k)
{
    char want[160];
    int n = 0;
    long p = -1;
    uint64_t fp = 0;
    if (sscanf(text, "# collide sweep part %d/%d of %ld points, grid "
               "%16" SCNx64, k, &n, &p, &fp) == 4 && n >= 1 && *k >= 1 &&
        *k <= n && p >= 0 && p <= GRID_POINTS_MAX)
        part_first_line(*k, n, p, fp, want, sizeof want);
    else
        want[0] = '\0';
    if (strlen(want) != (size_t)(e - text) + 1 ||
        strncmp(want, text, strlen(want)) != 0)
        return part_error(path, 1, "not a part file of collide sweep --shard "
            "(no first line '# collide sweep part K/N of P points, grid "
            "FINGERPRINT', 1 <= K <= N, P <= %ld)", GRID_POINTS_MAX);
    if (m->rows && fp != m->grid)
        return part_error(path, 1, "part of another sweep: grid fingerprint "
            "%016" PRIx64 ", the first part's %016" PRIx64 " (another grid, "
            "base scenario, mode or version of collide)", fp, m->grid);
    if (m->rows && (n != m->shard_n || p != m->npoints))
        return part_error(path, 1, "part of a sweep split %d ways over %ld "
            "points; the first part: %d ways over %ld points", n, p,
            m->shard_n, m->npoints);
    if (!m->rows) {
        m->shard_n = n;
        m->npoints = p;
        m->grid = fp;
        m->rows = calloc((size_t)p + 1, sizeof *m->rows);
    }
    return m->rows ? 1 : out_of_memory(m, path);
}

/* The number of columns of the header [h, e] (e at its '\n') of the form
 * make_header writes: index, one to GRID_AXES_MAX axes, the results; 0
 * when it is not one. */
static int header_columns(const char *h, const char *e)
{
    size_t rl = strlen(results_header), n = (size_t)(e - h) + 1;
    int cols = 1;
    const char *p;
    if (n <= 6 + rl || strncmp(h, "index,", 6) != 0 ||
        strncmp(e + 1 - rl, results_header, rl) != 0)
        return 0;
    for (p = h; p < e; p++) {
        cols += *p == ',';
        if (*p == '\r' || (*p == ',' && (p[1] == ',' || p[1] == '\n')))
            return 0;
    }
    return cols - 8 >= 1 && cols - 8 <= GRID_AXES_MAX ? cols : 0;
}

/* The header line (line 2) of a part, checked against the first part's. */
static const char *part_header(merge_set *m, const char *path, const char *h)
{
    const char *e = strchr(h, '\n');
    if (!e || e == h) {
        part_error(path, 2, "no header line");
        return NULL;
    }
    if (!m->header) {
        m->ncols = header_columns(h, e);
        if (m->ncols == 0) {
            part_error(path, 2, "not a header of collide sweep (index, the "
                       "axes, collisions,e,t_d,xc_r,v_i,v_s,status)");
            return NULL;
        }
        m->header = strndup(h, (size_t)(e - h) + 1);
    } else if (strncmp(m->header, h, (size_t)(e - h) + 1) != 0 ||
               strlen(m->header) != (size_t)(e - h) + 1) {
        part_error(path, 2, "its header differs from the first part's "
                   "(another grid)");
        return NULL;
    }
    if (!m->header) {
        out_of_memory(m, path);
        return NULL;
    }
    return e + 1;
}

/* 1 when [b, e) is a non-negative decimal integer. */
static int is_count(const char *b, const char *e)
{
    const char *p;
    for (p = b; p < e; p++)
        if (*p < '0' || *p > '9')
            return 0;
    return e > b && e - b <= 18;
}

/* 1 when [b, e) is a number as a sweep writes it: decimal (%.17g, MPFR's
 * %Rg), nan, inf or -inf. */
static int is_value(const char *b, const char *e)
{
    char tmp[ROW_MAX], *end;
    if (e - b == 3 && strncmp(b, "nan", 3) == 0)
        return 1;
    if (e <= b || e - b >= (long)sizeof tmp ||
        (long)strspn(b, "0123456789+-.e") < e - b)
        return (e - b == 3 && strncmp(b, "inf", 3) == 0) ||
               (e - b == 4 && strncmp(b, "-inf", 4) == 0);
    memcpy(tmp, b, (size_t)(e - b));
    tmp[e - b] = '\0';
    (void)strtod(tmp, &end);
    return *end == '\0';
}

/* What is wrong with field f (0-based) [b, e) of a row of ncols columns;
 * NULL when nothing. */
static const char *field_error(int f, int ncols, const char *b, const char *e)
{
    if (f == 0)
        return is_count(b, e) && (e - b == 1 || *b != '0') ? NULL :
               "the index is not an integer as a sweep writes it";
    if (f < ncols - 7)
        return e > b ? NULL : "an axis value is empty";
    if (f == ncols - 7)
        return is_count(b, e) ? NULL : "collisions is not an integer";
    if (f < ncols - 1)
        return is_value(b, e) ? NULL : "e, t_d, xc_r, v_i or v_s is not a "
               "number";
    return sweep_status_known(b, (size_t)(e - b)) ? NULL :
           "the status is not one a sweep writes";
}

/* Checks the fields of the row [b, e) against the header; 1 when good,
 * else 0 with a message naming the line. */
static int row_fields(const merge_set *m, const char *path, long line,
                      const char *b, const char *e)
{
    const char *p = b, *why = NULL;
    int f = 0;
    while (!why) {
        const char *c = memchr(p, ',', (size_t)(e - p));
        const char *fe = c ? c : e;
        if (f < m->ncols)
            why = field_error(f, m->ncols, p, fe);
        f++;
        if (!c)
            break;
        p = c + 1;
    }
    if (!why && f != m->ncols)
        return part_error(path, line, "row '%.40s' has %d fields, the header "
                          "%d", b, f, m->ncols);
    if (why)
        return part_error(path, line, "row '%.40s': %s", b, why);
    return 1;
}

/* One row [b, e) (e at its '\n') of part k at line: well formed, its index
 * of the part and new. */
static int part_row(merge_set *m, const char *path, long line, int k,
                    const char *b, const char *e)
{
    long idx = strtol(b, NULL, 10);
    if (!row_fields(m, path, line, b, e))
        return 0;
    if (idx < 0 || idx >= m->npoints || idx % m->shard_n != k - 1)
        return part_error(path, line, "row '%.40s' has no index of part "
                          "%d/%d of %ld points", b, k, m->shard_n,
                          m->npoints);
    if (m->rows[idx])
        return part_error(path, line, "point %ld is present twice", idx);
    m->rows[idx] = strndup(b, (size_t)(e - b) + 1);
    return m->rows[idx] ? 1 : out_of_memory(m, path);
}

/* The check line at b (line) ending the part text of n bytes: the last
 * line, and the hash of the bytes before it. */
static int part_check(const char *path, long line, const char *text,
                      size_t n, const char *b)
{
    char want[64];
    check_line(text, (size_t)(b - text), want, sizeof want);
    if (strlen(want) != n - (size_t)(b - text) ||
        memcmp(b, want, strlen(want)) != 0)
        return part_error(path, line, "the check line is not the last line "
            "or does not match the bytes before it (the part was changed or "
            "cut short)");
    return 1;
}

/* Adds the rows of the part file at path. */
static int read_part(merge_set *m, const char *path)
{
    size_t n = 0;
    char *text = slurp(m, path, &n);
    const char *b = NULL, *nl = text ? strchr(text, '\n') : NULL;
    long line = 3;
    int k, ok, checked = 0;
    if (text && !nl)
        part_error(path, 1, "not a part file of collide sweep --shard (no "
                   "line)");
    ok = nl && part_line(m, path, text, nl, &k);
    b = ok ? part_header(m, path, nl + 1) : NULL;
    ok = b != NULL;
    for (; ok && *b && !checked; line++) {
        const char *e = strchr(b, '\n');
        if (!e)
            ok = part_error(path, line, "the last line has no end of line "
                            "(a part cut short?)");
        else if (strncmp(b, "# check ", 8) == 0)
            ok = checked = part_check(path, line, text, n, b);
        else
            ok = part_row(m, path, line, k, b, e);
        b = e ? e + 1 : b;
    }
    if (ok && !checked)
        ok = part_error(path, line, "no check line at the end (a part cut "
                        "short?)");
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

/* The options of merge, by slot. */
enum { MERGE_OUT };
static const option_spec merge_specs[] = {
    {"--out", 1, MERGE_OUT, 0, "the file of the whole sweep"},
};
static const option_table merge_table = {
    merge_specs, (int)(sizeof merge_specs / sizeof merge_specs[0])};

/* Reads the parts named by the operands of v into m, in order, up to the
 * first bad one; 1 when all were read. */
static int read_parts(merge_set *m, const option_values *v)
{
    int i;
    for (i = 0; i < v->noperands; i++)
        if (!read_part(m, v->operand[i]))
            return 0;
    return 1;
}

/* collide merge PART... [--out FILE]: see sweep.h. */
int merge_command(int argc, char **argv)
{
    merge_set m;
    option_values v;
    const char *out = NULL;
    int ok = 0, st;
    long r;
    memset(&m, 0, sizeof m);
    if (option_wants_help(argc, argv)) {
        fputs(usage_merge, stdout);
        return COLLIDE_OK;
    }
    st = option_parse_command("merge", argc, argv, &merge_table, &v);
    if (st == COLLIDE_OK && v.noperands == 0)
        st = option_usage_error("merge", "missing PART", "");
    if (st == COLLIDE_OK) {
        int i;
        out = v.value[MERGE_OUT];
        for (i = 0; i < v.noperands; i++)
            /* --out must not be one */
            collide_aux_session_note_input(session_get(), v.operand[i]);
        ok = read_parts(&m, &v);
    }
    option_free(&v);
    ok = ok && st == COLLIDE_OK && merge_complete(&m);
    if (st == COLLIDE_OK)   /* parts read: what they lacked */
        st = ok ? COLLIDE_OK : m.nomem ? COLLIDE_E_MEMORY : COLLIDE_E_INPUT;
    if (ok) {
        out_ctx c;
        c.first = NULL;
        c.check = 0;
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
