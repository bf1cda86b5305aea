/* mp_cli.c - the high-precision run from the command line; see mp_cli.h. */
#define _POSIX_C_SOURCE 200809L

#include "mp_cli.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare.h"
#include "interrupt.h"
#include "mp_output.h"
#include "output.h"
#include "mp_sim.h"


static const char *const tables[] = {"collisions", "events", "ledger",
                                     "samples"};

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
    interrupt_counter(&r->ncollisions, "collisions");
    st = mp_run(M, &o, r);
    interrupt_counter(NULL, NULL);
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
                "  residual = %.3Rg J\n", d, r->ledger.v[ML_V_START], d,
                r->ledger.v[ML_V_END], d, r->ledger.v[ML_IS], d,
                r->ledger.v[ML_DC], d, r->ledger.v[ML_DD], r->ledger.v[ML_RES]);
    printf("\nrun statistics\n  Taylor steps %ld, smooth pieces %ld, "
           "saturated states held on %ld\n  CPU time %.3f s\n", r->steps,
           r->pieces, r->holds, r->cpu_seconds);
}

/* A fresh directory for the files of a comparison; 0 on success, else -1
 * with a message naming the reason. */
static int temp_dir(char *buf, size_t len)
{
    const char *base = getenv("TMPDIR");
    snprintf(buf, len, "%s/collide-check-XXXXXX", base && *base ? base : "/tmp");
    if (mkdtemp(buf))
        return 0;
    fprintf(stderr, "collide run: --check: cannot make a temporary directory "
            "%s: %s\n", buf, strerror(errno));
    buf[0] = '\0';
    return -1;
}

/* Removes the tables (and scd tables), MANIFEST and dir itself; nothing when
 * dir is "" (never made). */
static void remove_dir(const char *dir)
{
    char path[4200];
    size_t i;
    if (!dir[0])
        return;
    for (i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        snprintf(path, sizeof path, "%s/%s.csv", dir, tables[i]);
        unlink(path);
        snprintf(path, sizeof path, "%s/%s.scd.csv", dir, tables[i]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/MANIFEST", dir);
    unlink(path);
    rmdir(dir);
}

/* DIR/<table>.scd.csv for each table: the scd of each cell. */
static collide_status write_scd_tables(const char *dir, const char *a,
                                       const char *b)
{
    char out[4200], pa[4200], pb[4200], err[1024];
    size_t i;
    for (i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        compare_status cs;
        snprintf(out, sizeof out, "%s/%s.scd.csv", dir, tables[i]);
        snprintf(pa, sizeof pa, "%s/%s.csv", a, tables[i]);
        snprintf(pb, sizeof pb, "%s/%s.csv", b, tables[i]);
        cs = compare_write_scd_table(out, pa, pb, err, sizeof err);
        if (cs != COMPARE_OK) {
            fprintf(stderr, "collide run: %s\n", err);
            return cs == COMPARE_E_MEMORY ? COLLIDE_E_MEMORY : COLLIDE_E_IO;
        }
    }
    return COLLIDE_OK;
}

/* Copies what was written to f (rewound) to stdout. */
static void copy_out(FILE *f)
{
    char buf[4096];
    size_t n;
    rewind(f);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, stdout);
}

/* Compares the tables written in da (the run) and db (the reference) with
 * the threshold of `out` digits, printing the scd (with --quiet only when
 * a value falls short: nothing is printed on success); with scd_dir,
 * leaves the scd tables there. COLLIDE_OK, COLLIDE_E_CHECK below the
 * digits, or the status of what failed. */
static collide_status compare_runs(const mp_cli_args *a, double tol, int out,
                                   const char *da, const char *db,
                                   const char *scd_dir)
{
    compare_options co;
    compare_status cs;
    collide_status st = COLLIDE_OK;
    FILE *f = a->quiet ? tmpfile() : stdout;
    if (!f) {
        fprintf(stderr, "collide run: --check: cannot make a temporary file: "
                "%s\n", strerror(errno));
        return COLLIDE_E_IO;
    }
    fprintf(f, "\ncheck against %ld bits, tolerance 1e-%.1f: significant "
            "correct digits (scd) of every value\n",
            a->bits + MP_CHECK_BITS, tol + MP_CHECK_DIGITS);
    co.a = da;
    co.b = db;
    co.digits = out;
    co.scd_csv = NULL;
    cs = compare_results(&co, f, stderr);
    if (f != stdout) {
        if (cs == COMPARE_BELOW)
            copy_out(f);
        fclose(f);
    }
    if (cs == COMPARE_E_MEMORY)
        return COLLIDE_E_MEMORY;
    if (cs != COMPARE_OK && cs != COMPARE_BELOW)
        return COLLIDE_E_IO;          /* our own temporary tables: unreadable */
    if (scd_dir)
        st = write_scd_tables(scd_dir, da, db);
    return st == COLLIDE_OK && cs == COMPARE_BELOW ? COLLIDE_E_CHECK : st;
}

/* --check: the run at 64 more bits; both written with more digits than
 * claimed into temporary directories and compared table by table with
 * the threshold of the digits asked for. With --csv the scd tables are
 * left in scd_dir (scd_len bytes), a temporary directory that the caller
 * removes ("" when none was made). */
static collide_status check(const scenario *s, const mp_cli_args *a,
                            const mp_model *M, const mp_result *r, double tol,
                            int out, char *scd_dir, size_t scd_len)
{
    mp_model Mb;
    mp_result rb;
    char da[4096] = "", db[4096] = "", err[1024];
    int extra = out + MP_CHECK_DIGITS;
    collide_status st;
    char when[96];
    snprintf(when, sizeof when, "during the --check run at %ld bits",
             a->bits + MP_CHECK_BITS);
    interrupt_note_run(s->source, a->csv, when);
    st = run_at(s, a->bits + MP_CHECK_BITS, tol + MP_CHECK_DIGITS, &Mb, &rb);
    scd_dir[0] = '\0';
    if (st == COLLIDE_OK && !mp_same_rows(r, &rb)) {
        fprintf(stderr, "collide run: %s: --check: the runs at %ld and %ld "
                "bits differ in their events, collisions or samples (%d, %d, "
                "%d against %d, %d, %d): %ld bits do not settle the run\n",
                s->source, a->bits, a->bits + MP_CHECK_BITS, r->nevents,
                r->ncollisions, r->nsamples, rb.nevents, rb.ncollisions,
                rb.nsamples, a->bits);
        st = COLLIDE_E_CHECK;
    }
    if (st == COLLIDE_OK && (temp_dir(da, sizeof da) || temp_dir(db, sizeof db) ||
                             (a->csv && temp_dir(scd_dir, scd_len))))
        st = COLLIDE_E_IO;
    if (st == COLLIDE_OK &&
        (mp_output_write_csv(da, M, r, extra, NULL, err, sizeof err) ||
         mp_output_write_csv(db, &Mb, &rb, extra, NULL, err, sizeof err))) {
        fprintf(stderr, "collide run: %s\n", err);
        st = COLLIDE_E_IO;
    }
    if (st == COLLIDE_OK)
        st = compare_runs(a, tol, out, da, db, a->csv ? scd_dir : NULL);
    if (st == COLLIDE_E_CHECK && scd_dir[0])
        fprintf(stderr, "collide run: %s: --check: values with fewer than %d "
                "significant correct digits (listed above)\n", s->source, out);
    remove_dir(da);
    remove_dir(db);
    mp_result_free(&rb);
    mp_model_clear(&Mb);
    return st;
}

/* The ledger of Eq. (24) closes to the digits claimed in every run that
 * holds them (its residual is the integration error); a residual above
 * 10^-digits of its scale says the run does not, whatever the cause (a
 * tangency of a contact, for one): a warning on stderr, --check to learn
 * more. Returns 1 when it warned. */
static int ledger_warning(const scenario *s, const mp_result *r, int digits)
{
    mpfr_t q;
    int bad;
    if (mpfr_zero_p(r->ledger.v[ML_SCALE]))
        return 0;
    mpfr_init2(q, 64);
    mpfr_div(q, r->ledger.v[ML_RES], r->ledger.v[ML_SCALE], MPFR_RNDN);
    mpfr_abs(q, q, MPFR_RNDN);
    bad = !(mpfr_get_d(q, MPFR_RNDN) <= pow(10.0, -digits));
    if (bad)
        mpfr_fprintf(stderr, "collide run: %s: warning: the ledger residual "
                     "(Eq. 24) is %.2Rg of its scale, above 1e-%d: the run "
                     "does not hold the %d digits asked for (--check tells "
                     "more)\n", s->source, q, digits, digits);
    mpfr_clear(q);
    return bad;
}

/* The run; with --check its check; with --csv the tables, and with
 * --check their scd tables, written as one set once the check is done:
 * when it passes, or finds values below the digits asked for (exit 11,
 * the scd tables show which); nothing when a run or the check fails. */
int mp_cli_run(const scenario *s, const mp_cli_args *a)
{
    mp_model M;
    mp_result r;
    char err[1024], scd_dir[4096] = "";
    double tol;
    int out;
    collide_status st;
    mp_digits_settings((mpfr_prec_t)a->bits, a->digits, &tol, &out);
    st = run_at(s, a->bits, tol, &M, &r);
    if (st == COLLIDE_OK && !a->quiet)
        print_run(s, &r, out);
    if (st == COLLIDE_OK)
        ledger_warning(s, &r, out);
    if (st == COLLIDE_OK && a->check)
        st = check(s, a, &M, &r, tol, out, scd_dir, sizeof scd_dir);
    if (a->csv && (st == COLLIDE_OK || (st == COLLIDE_E_CHECK && scd_dir[0])))
        interrupt_note_run(s->source, a->csv, INTERRUPT_WRITING);
    output_note_scenario(s);
    if (a->csv && (st == COLLIDE_OK || (st == COLLIDE_E_CHECK && scd_dir[0])) &&
        mp_output_write_csv(a->csv, &M, &r, out, scd_dir[0] ? scd_dir : NULL,
                            err, sizeof err) != COLLIDE_OK) {
        fprintf(stderr, "collide run: %s\n", err);
        st = COLLIDE_E_IO;
    }
    remove_dir(scd_dir);
    mp_result_free(&r);
    mp_model_clear(&M);
    return st;
}
