/* output.c - the CSV files of a run, written as one atomic set; see
 * output.h and doc/cli.md. */
#define _POSIX_C_SOURCE 200809L

#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hybrid.h"
#include "impact.h"

#define OUT_NFILES_MAX 8
#define OUT_PATH_MAX 4096

/* A binary64 run, as the writers of its files see it. */
typedef struct run_ctx {
    const model *m;
    layout L;
    const sim_result *r;
} run_ctx;

/* Temporaries that may exist, for output_remove_temporaries; the only
 * mutable state, shared with the signal handler. */
static char pending[OUT_NFILES_MAX][OUT_PATH_MAX];
static volatile sig_atomic_t npending;

void output_remove_temporaries(void)
{
    int i, n = npending;
    for (i = 0; i < n; i++)
        unlink(pending[i]);
    npending = 0;
}

/* ---- the files ---- */

/* A value with round-trip precision; a NaN of either sign as "nan" (%g
 * prints the sign bit of a NaN, "-nan", which means nothing). */
static void put_number(FILE *f, double x)
{
    if (isnan(x))
        fputs("nan", f);
    else
        fprintf(f, "%.17g", x);
}

/* Writes n values, each preceded by a comma. */
static void put_values(FILE *f, const double *v, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        fputc(',', f);
        put_number(f, v[i]);
    }
}

const char output_collisions_header[] =
    "i,t_e,t_s,t_d,t_f,v_i,v_s,e,xc_max,Fc_max,xc_r,W,J_Fc,J_Fe,Lambda,"
    "momentum_residual,V_start,V_end,I_s,Delta_C,Delta_D,ledger_residual\n";
const char output_events_header[] =
    "j,t,transition,margin,grazing,c_and_d_before,c_and_d_after,"
    "bracket_lo,bracket_hi";
const char output_events_trailer[] = ",rate_scale\n";
const char output_ledger_header[] =
    "scope,V_start,V_end,I_s,Delta_C,Delta_D,residual,scale\n";
const char output_samples_header[] = "t,j,q,boundary";
const char output_samples_trailer[] = ",F_c,V,F_e_r\n";

static int write_collisions(FILE *f, const void *ctx)
{
    const sim_result *r = ((const run_ctx *)ctx)->r;
    int i;
    fputs(output_collisions_header, f);
    for (i = 0; i < r->ncollisions; i++) {
        const collision_rec *c = &r->collisions[i];
        double v[21];
        v[0] = c->t_e; v[1] = c->t_s; v[2] = c->t_d; v[3] = c->t_f;
        v[4] = c->v_i; v[5] = c->v_s; v[6] = c->e;
        v[7] = c->xc_max; v[8] = c->Fc_max; v[9] = c->xc_r;
        v[10] = c->W; v[11] = c->J_Fc; v[12] = c->J_Fe; v[13] = c->Lambda;
        v[14] = c->momentum_residual;
        v[15] = c->V_start; v[16] = c->V_end; v[17] = c->Is;
        v[18] = c->DeltaC; v[19] = c->DeltaD; v[20] = c->residual;
        fprintf(f, "%d", c->i);
        put_values(f, v, 21);
        fputc('\n', f);
    }
    return 0;
}

void output_component_names(FILE *f, const layout *L, const char *prefix)
{
    int i;
    for (i = 0; i < L->n_chi; i++)
        fprintf(f, ",%s%s", prefix, impact_component_name(L, i));
}

static int write_events(FILE *f, const void *ctx)
{
    const sim_result *r = ((const run_ctx *)ctx)->r;
    const layout *L = &((const run_ctx *)ctx)->L;
    int i;
    fputs(output_events_header, f);
    output_component_names(f, L, "before_");
    output_component_names(f, L, "after_");
    fputs(output_events_trailer, f);
    for (i = 0; i < r->nevents; i++) {
        const event_rec *e = &r->events[i];
        double bracket[2];
        bracket[0] = e->bracket_lo;
        bracket[1] = e->bracket_hi;
        fprintf(f, "%d", e->j);
        put_values(f, &e->t, 1);
        fprintf(f, ",%s", transition_name(e->tr));
        put_values(f, &e->margin, 1);
        fprintf(f, ",%d,%d,%d", e->grazing, e->c_and_d_before,
                e->c_and_d_after);
        put_values(f, bracket, 2);
        put_values(f, e->before, L->n_chi);
        put_values(f, e->after, L->n_chi);
        put_values(f, &e->rate_scale, 1);
        fputc('\n', f);
    }
    return 0;
}

/* max(|V_start|, |V_end|, |I_s|): the scale of a collision's ledger. */
static double ledger_scale(const collision_rec *c)
{
    return fmax(fmax(fabs(c->V_start), fabs(c->V_end)), fabs(c->Is));
}

static void put_ledger_row(FILE *f, const collision_rec *c)
{
    double v[7];
    v[0] = c->V_start; v[1] = c->V_end; v[2] = c->Is; v[3] = c->DeltaC;
    v[4] = c->DeltaD; v[5] = c->residual; v[6] = ledger_scale(c);
    put_values(f, v, 7);
    fputc('\n', f);
}

static int write_ledger(FILE *f, const void *ctx)
{
    const sim_result *r = ((const run_ctx *)ctx)->r;
    const ledger_rec *t = &r->ledger;
    double v[7];
    int i;
    fputs(output_ledger_header, f);
    for (i = 0; i < r->ncollisions; i++) {
        fprintf(f, "%d", r->collisions[i].i);
        put_ledger_row(f, &r->collisions[i]);
    }
    if (r->final_contact) {
        fputs("final", f);
        put_ledger_row(f, &r->final_partial);
    }
    v[0] = t->V0; v[1] = t->VT; v[2] = t->Is; v[3] = t->DeltaC;
    v[4] = t->DeltaD; v[5] = t->residual; v[6] = t->scale;
    fputs("total", f);
    put_values(f, v, 7);
    fputc('\n', f);
    return 0;
}

static int write_samples(FILE *f, const void *ctx)
{
    const run_ctx *c = ctx;
    const model *m = c->m;
    const layout *L = &c->L;
    const sim_result *r = c->r;
    int i;
    fputs(output_samples_header, f);
    output_component_names(f, L, "");
    fputs(output_samples_trailer, f);
    for (i = 0; i < r->nsamples; i++) {
        const sample_rec *s = &r->samples[i];
        double v[3];
        v[0] = impact_contact_force(m, L, s->q, s->y);
        v[1] = impact_storage(m, L, s->y);
        v[2] = input_reduced_force(m, s->t);
        put_number(f, s->t);
        fprintf(f, ",%d,%d,%d", s->j, s->q, s->boundary);
        put_values(f, s->y, L->n_chi);
        put_values(f, v, 3);
        fputc('\n', f);
    }
    return 0;
}

const char output_trajectory_header[] = "t,j,q";
const char output_trajectory_trailer[] = ",F_e1,F_e2\n";

/* trajectory.csv, the format `collide audit` reads (README.md,
 * "Auditing a trajectory"): t, j, q, the state chi, the applied forces;
 * one row per sample, two rows (before and after) at each jump. */
static int write_trajectory(FILE *f, const void *ctx)
{
    const run_ctx *c = ctx;
    const layout *L = &c->L;
    int i;
    fputs(output_trajectory_header, f);
    output_component_names(f, L, "");
    fputs(output_trajectory_trailer, f);
    for (i = 0; i < c->r->nsamples; i++) {
        const sample_rec *s = &c->r->samples[i];
        double fe[2];
        input_forces(c->m, s->t, &fe[0], &fe[1]);
        put_number(f, s->t);
        fprintf(f, ",%d,%d", s->j, s->q);
        put_values(f, s->y, L->n_chi);
        put_values(f, fe, 2);
        fputc('\n', f);
    }
    return 0;
}

static const output_file run_files[] = {
    {"collisions.csv", write_collisions},
    {"events.csv", write_events},
    {"ledger.csv", write_ledger},
    {"samples.csv", write_samples},
    {"trajectory.csv", write_trajectory},
};

/* ---- files on disk ---- */

static collide_status io_error(char *err, size_t errlen, const char *path,
                               const char *what)
{
    snprintf(err, errlen, "%s: %s: %s", path, what, strerror(errno ? errno : EIO));
    return COLLIDE_E_IO;
}

collide_status output_make_dirs(const char *dir, char *err, size_t errlen)
{
    char buf[OUT_PATH_MAX];
    struct stat st;
    size_t i, n = strlen(dir);
    if (n == 0 || n >= sizeof buf) {
        errno = ENAMETOOLONG;
        return io_error(err, errlen, dir, "bad directory name");
    }
    memcpy(buf, dir, n + 1);
    for (i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0')
            continue;
        buf[i] = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return io_error(err, errlen, buf, "cannot create directory");
        buf[i] = dir[i];
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return io_error(err, errlen, dir, "not a directory");
    }
    return COLLIDE_OK;
}

/* dir/<prefix>name<suffix>; 0 when it does not fit. */
static int make_path(char *buf, const char *dir, const char *prefix,
                     const char *name, const char *suffix)
{
    int n = snprintf(buf, OUT_PATH_MAX, "%s/%s%s%s", dir, prefix, name, suffix);
    return n > 0 && n < OUT_PATH_MAX;
}

/* Writes one file with writer, flushed and synced to disk. */
static collide_status write_file(const char *path, output_writer writer,
                                 const void *ctx, char *err, size_t errlen)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    FILE *f;
    int bad;
    if (fd < 0)
        return io_error(err, errlen, path, "cannot create");
    f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        return io_error(err, errlen, path, "cannot open");
    }
    errno = 0;
    bad = writer(f, ctx) != 0;
    bad = fflush(f) != 0 || ferror(f) || fsync(fd) != 0 || bad;
    if (bad) {
        io_error(err, errlen, path, "cannot write");
        fclose(f);
        return COLLIDE_E_IO;
    }
    if (fclose(f) != 0)
        return io_error(err, errlen, path, "cannot close");
    return COLLIDE_OK;
}

typedef struct file_set {
    const output_file *files;
    int n;
    char final[OUT_NFILES_MAX][OUT_PATH_MAX];
    char backup[OUT_NFILES_MAX][OUT_PATH_MAX];
    int has_backup[OUT_NFILES_MAX];
} file_set;

static collide_status make_paths(const char *dir, file_set *fs, char *err,
                                 size_t errlen)
{
    char suffix[32], bsuffix[32];
    int i, ok = 1;
    snprintf(suffix, sizeof suffix, ".tmp.%ld", (long)getpid());
    snprintf(bsuffix, sizeof bsuffix, ".bak.%ld", (long)getpid());
    npending = 0;
    for (i = 0; i < fs->n; i++) {
        ok = ok && make_path(fs->final[i], dir, "", fs->files[i].name, "");
        ok = ok && make_path(pending[i], dir, ".", fs->files[i].name, suffix);
        ok = ok && make_path(fs->backup[i], dir, ".", fs->files[i].name,
                             bsuffix);
        fs->has_backup[i] = 0;
    }
    if (ok)
        return COLLIDE_OK;
    errno = ENAMETOOLONG;
    return io_error(err, errlen, dir, "path too long");
}

static collide_status write_temporaries(const file_set *fs, const void *ctx,
                                        char *err, size_t errlen)
{
    collide_status st = COLLIDE_OK;
    int i;
    for (i = 0; i < fs->n && st == COLLIDE_OK; i++) {
        npending = i + 1;   /* registered before the file exists */
        st = write_file(pending[i], fs->files[i].write, ctx, err, errlen);
    }
    return st;
}

/* Puts back the previous versions of files 0..n-1 after a failed rename. */
static void roll_back(file_set *fs, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        if (fs->has_backup[i])
            rename(fs->backup[i], fs->final[i]);
        else
            unlink(fs->final[i]);
    }
}

static void remove_backups(file_set *fs)
{
    int i;
    for (i = 0; i < fs->n; i++)
        if (fs->has_backup[i])
            unlink(fs->backup[i]);
}

/* Keeps a second name of each existing final file, so that it can be put
 * back if a later rename fails. */
static collide_status make_backups(file_set *fs, char *err, size_t errlen)
{
    int i;
    for (i = 0; i < fs->n; i++) {
        unlink(fs->backup[i]);
        if (link(fs->final[i], fs->backup[i]) == 0)
            fs->has_backup[i] = 1;
        else if (errno != ENOENT) {
            remove_backups(fs);
            return io_error(err, errlen, fs->final[i], "cannot keep a backup");
        }
    }
    return COLLIDE_OK;
}

/* Renames the temporaries to their final names, all or none. */
static collide_status commit(file_set *fs, char *err, size_t errlen)
{
    collide_status st = make_backups(fs, err, errlen);
    int i;
    for (i = 0; i < fs->n && st == COLLIDE_OK; i++)
        if (rename(pending[i], fs->final[i]) != 0) {
            st = io_error(err, errlen, fs->final[i], "cannot rename");
            roll_back(fs, i);
        }
    if (st != COLLIDE_OK)
        output_remove_temporaries();
    npending = 0;
    remove_backups(fs);
    return st;
}

static void sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

collide_status output_write_files(const char *dir, const output_file *files,
                                  int n, const void *ctx, char *err,
                                  size_t errlen)
{
    file_set fs;
    sigset_t block, old;
    collide_status st = output_make_dirs(dir, err, errlen);
    fs.files = files;
    fs.n = n < OUT_NFILES_MAX ? n : OUT_NFILES_MAX;
    if (st == COLLIDE_OK)
        st = make_paths(dir, &fs, err, errlen);
    if (st == COLLIDE_OK)
        st = write_temporaries(&fs, ctx, err, errlen);
    if (st != COLLIDE_OK) {
        output_remove_temporaries();
        return st;
    }
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigprocmask(SIG_BLOCK, &block, &old);  /* renames are not interrupted */
    st = commit(&fs, err, errlen);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (st == COLLIDE_OK)
        sync_dir(dir);
    return st;
}

collide_status output_write_csv(const char *dir, const model *m,
                                const sim_result *r, char *err, size_t errlen)
{
    run_ctx c;
    c.m = m;
    c.L = layout_make(m->sys, m->law->nz);
    c.r = r;
    return output_write_files(dir, run_files,
                              (int)(sizeof run_files / sizeof run_files[0]),
                              &c, err, errlen);
}
