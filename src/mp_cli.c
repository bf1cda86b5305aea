/* mp_cli.c - the high-precision run from the command line; see mp_cli.h. */
#define _POSIX_C_SOURCE 200809L

#include "mp_cli.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare.h"
#include "mp_output.h"
#include "mp_sim.h"

#define CHECK_BITS 64   /* the reference of --check: 64 more bits ... */
#define CHECK_DIGITS 19 /* ... and a tolerance 10^-19 tighter */

static const char *const tables[] = {"collisions", "events", "ledger",
                                     "samples"};

/* The step tolerance 10^-tol and the digits written: by default the
 * tolerance is 8 digits short of the precision and 6 more digits are
 * written than are claimed... */
static void settings(const mp_cli_args *a, double *tol, int *out)
{
    double room = mp_default_digits((mpfr_prec_t)a->bits);
    if (isnan(a->digits)) {
        *tol = room;
        *out = (int)floor(room) - 6;
    } else {
        *tol = a->digits + 8 < room ? a->digits + 8 : room;
        *out = (int)ceil(a->digits);
    }
    if (*out < 3)
        *out = 3;
}

/* One run of s at `bits` with step tolerance 10^-tol; r is filled. */
static collide_status run_at(const scenario *s, long bits, double tol,
                             mp_model *M, mp_result *r)
{
    char err[1024];
    mp_options o;
    collide_status st = mp_model_init(M, s, (mpfr_prec_t)bits, err, sizeof err);
    memset(r, 0, sizeof *r);
    if (st != COLLIDE_OK) {
        fprintf(stderr, "collide run: %s: %s\n", s->source, err);
        return st;
    }
    o = mp_options_default(&s->opt, (mpfr_prec_t)bits);
    o.digits = tol;
    o.progress = isatty(STDERR_FILENO);
    st = mp_run(M, &o, r);
    if (st != COLLIDE_OK)
        fprintf(stderr, "collide run: %s: %s\n", s->source, r->diagnosis);
    return st;
}

static void print_run(const scenario *s, const mp_result *r, int digits)
{
    int i, d = digits < 30 ? digits : 30;
    printf("%s: %s, law %s, T = %g s, %ld bits, Taylor order %d\n\n",
           s->source, s->model.sys == SYS_HR ? "H_r" : "H_f",
           s->model.law->name, s->model.T, (long)r->prec, r->order);
    printf("collisions (Eqs. 193-204): %d\n", r->ncollisions);
    for (i = 0; i < r->ncollisions; i++) {
        const mp_collision *c = &r->collisions[i];
        mpfr_printf("%3d  t_e = %.*Rg s\n     t_d = %.*Rg s\n"
                    "     e   = %.*Rg\n", c->i, d, c->v[MC_TE], d,
                    c->v[MC_TD], d, c->v[MC_E]);
    }
    if (r->final_contact)
        mpfr_printf("\nfinal contact from t_e = %.*Rg s to T\n", d,
                    r->final_partial.v[MC_TE]);
    mpfr_printf("\nenergy ledger, Eq. (24)\n  V(0)     = %.*Rg J\n"
                "  V(T)     = %.*Rg J\n  I_s      = %.*Rg J\n"
                "  Delta_C  = %.*Rg J\n  Delta_D  = %.*Rg J\n"
                "  residual = %.3Rg J\n", d, r->ledger.v[0], d, r->ledger.v[1],
                d, r->ledger.v[2], d, r->ledger.v[3], d, r->ledger.v[4],
                r->ledger.v[5]);
    printf("\nrun statistics\n  Taylor steps %ld, smooth pieces %ld\n"
           "  CPU time %.3f s\n", r->steps, r->pieces, r->cpu_seconds);
}

/* A fresh directory for the files of a comparison; 0 on success. */
static int temp_dir(char *buf, size_t len)
{
    const char *base = getenv("TMPDIR");
    snprintf(buf, len, "%s/collide-check-XXXXXX", base && *base ? base : "/tmp");
    return mkdtemp(buf) ? 0 : -1;
}

/* Removes the four tables and the directory. */
static void remove_dir(const char *dir)
{
    char path[4200];
    size_t i;
    for (i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        snprintf(path, sizeof path, "%s/%s.csv", dir, tables[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* DIR/<table>.scd.csv for each table: the scd of each cell. */
static collide_status write_scd_tables(const char *dir, const char *a,
                                       const char *b)
{
    char out[4200], pa[4200], pb[4200], err[1024];
    size_t i;
    for (i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        snprintf(out, sizeof out, "%s/%s.scd.csv", dir, tables[i]);
        snprintf(pa, sizeof pa, "%s/%s.csv", a, tables[i]);
        snprintf(pb, sizeof pb, "%s/%s.csv", b, tables[i]);
        if (compare_write_scd_table(out, pa, pb, err, sizeof err) != COMPARE_OK) {
            fprintf(stderr, "collide run: %s\n", err);
            return COLLIDE_E_IO;
        }
    }
    return COLLIDE_OK;
}

/* --check: the run at 64 more bits, both written with more digits than
 * claimed, compared table by table with the threshold of the digits asked
 * for. */
static collide_status check(const scenario *s, const mp_cli_args *a,
                            const mp_model *M, const mp_result *r, double tol,
                            int out)
{
    mp_model Mb;
    mp_result rb;
    compare_options co;
    char da[4096], db[4096], err[1024];
    int extra = out + CHECK_DIGITS;
    collide_status st = run_at(s, a->bits + CHECK_BITS, tol + CHECK_DIGITS,
                               &Mb, &rb);
    compare_status cs = COMPARE_E_INPUT;
    if (st == COLLIDE_OK && (temp_dir(da, sizeof da) || temp_dir(db, sizeof db))) {
        fprintf(stderr, "collide run: --check: no temporary directory\n");
        st = COLLIDE_E_IO;
    } else if (st == COLLIDE_OK) {
        if (mp_output_write_csv(da, M, r, extra, err, sizeof err) ||
            mp_output_write_csv(db, &Mb, &rb, extra, err, sizeof err)) {
            fprintf(stderr, "collide run: %s\n", err);
            st = COLLIDE_E_IO;
        } else {
            printf("\ncheck against %ld bits, tolerance 1e-%.1f: significant "
                   "correct digits (scd) of every value\n",
                   a->bits + CHECK_BITS, tol + CHECK_DIGITS);
            co.a = da;
            co.b = db;
            co.digits = out;
            co.scd_csv = NULL;
            cs = compare_results(&co, stdout, stderr);
            if (a->csv && cs != COMPARE_E_INPUT &&
                write_scd_tables(a->csv, da, db) != COLLIDE_OK)
                st = COLLIDE_E_IO;
        }
        remove_dir(da);
        remove_dir(db);
    }
    mp_result_free(&rb);
    mp_model_clear(&Mb);
    if (st == COLLIDE_OK && cs == COMPARE_BELOW)
        fprintf(stderr, "collide run: %s: --check: values with fewer than %d "
                "significant correct digits (listed above)\n", s->source, out);
    else if (st == COLLIDE_OK && cs != COMPARE_OK)
        /* both tables were just written: they differ in their rows */
        fprintf(stderr, "collide run: %s: --check: the runs at %ld and %ld "
                "bits differ in their events or samples (rows listed above): "
                "%ld bits do not settle the run\n", s->source, a->bits,
                a->bits + CHECK_BITS, a->bits);
    if (st == COLLIDE_OK && cs != COMPARE_OK)
        st = COLLIDE_E_CHECK;
    return st;
}

int mp_cli_run(const scenario *s, const mp_cli_args *a)
{
    mp_model M;
    mp_result r;
    char err[1024];
    double tol;
    int out;
    collide_status st;
    settings(a, &tol, &out);
    st = run_at(s, a->bits, tol, &M, &r);
    if (st == COLLIDE_OK && !a->quiet)
        print_run(s, &r, out);
    if (st == COLLIDE_OK && a->csv &&
        mp_output_write_csv(a->csv, &M, &r, out, err, sizeof err) != COLLIDE_OK) {
        fprintf(stderr, "collide run: %s\n", err);
        st = COLLIDE_E_IO;
    }
    if (st == COLLIDE_OK && a->check)
        st = check(s, a, &M, &r, tol, out);
    mp_result_free(&r);
    mp_model_clear(&M);
    return st;
}
