/* test_laws.c - the contact laws of Section IV-B (law.h): Eq. (60), the
 * parameter ranges, the passivity identity of Definition V.1 (Eq. 86),
 * d_c >= 0, the chain rule of phi_rate, the switching functions, the
 * registry, and the libm assumptions of powabs.h. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "law.h"
#include "law_bwmcl.h"
#include "law_bwshccl.h"
#include "law_clamped.h"
#include "law_shccl.h"
#include "mp_law.h"
#include "powabs.h"
#include "registry.h"

/* Table I (first study, BWMCL): k, alpha, A, beta, gamma, n, p, c. */
static const double table1_bwmcl[8] = {2.138e8, 0.35, 1.0, 5e7,
                                       5e7,     2.0,  1.5, 4400.0};
/* Table II (second study, BWSHCCL). */
static const double table2_bwshccl[8] = {7.094e7,  0.35, 1.0, 2.409e8,
                                         2.409e8,  2.0,  1.5, 2.5e7};
/* Table III (third study): SHCCL {k, p, c} and BWSHCCL. */
static const double table3_shccl[3] = {4.254e8, 1.5, 4.3e9};
static const double table3_bwshccl[8] = {4.254e8, 0.35, 1.0, 5e9,
                                         5e9,     2.0,  1.5, 2.15e9};
/* Eq. (175): a stiffness of the order of the studies'. */
static const double clamped_k[1] = {1e6};

/* The law registered under name; the test stops when there is none. */
static const law *registered(const char *name)
{
    const law *l = law_find(name);
    if (l == NULL) {
        printf("FAIL law %s is not registered\n", name);
        exit(1);
    }
    return l;
}

/* A law (found by its name in main) with the parameters used in the
 * tests. */
typedef struct subject {
    const char *name;
    const double *par;
    const char *label;
    const law *l;
} subject;

static subject subjects[] = {
    {"bwshccl", table2_bwshccl, "bwshccl (Table II)", NULL},
    {"bwshccl", table3_bwshccl, "bwshccl (Table III)", NULL},
    {"bwmcl", table1_bwmcl, "bwmcl (Table I)", NULL},
    {"shccl", table3_shccl, "shccl (Table III)", NULL},
    {"clamped", clamped_k, "clamped", NULL},
};
static const int n_subjects = (int)(sizeof subjects / sizeof subjects[0]);

static char name_buf[256];

/* A check name: "<label> <what>". */
static const char *name(const char *label, const char *what)
{
    snprintf(name_buf, sizeof name_buf, "%s %s", label, what);
    return name_buf;
}

static double sign_of(double x)
{
    return (double)((x > 0.0) - (x < 0.0));
}

/* ---- Eq. (60): Phi(0, 0, v) = 0 for every v ---- */

static void test_eq60(const subject *s)
{
    static const double vs[] = {0.0,   -0.0,   1e-300, -1e-300, 1e-3, -1e-3,
                                0.028, -0.028, 1.0,    -1.0,    120.0, -3e3,
                                1e10,  -1e10,  1e300,  -1e300,  DBL_MAX,
                                -DBL_MAX};
    double z[LAW_NZ_MAX] = {0.0, 0.0};
    int i, ok = 1;
    for (i = 0; i < (int)(sizeof vs / sizeof vs[0]); i++) {
        double f = s->l->phi(s->par, 0.0, z, vs[i]);
        if (f != 0.0) {
            printf("  Phi(0, 0, %g) = %g\n", vs[i], f);
            ok = 0;
        }
    }
    check_true(ok, name(s->label, "Eq. (60): Phi(0, 0, v) == 0 for 18 v"));
}

/* ---- validate ---- */

/* One inadmissible value of one parameter, and the range text expected. */
typedef struct bad_value {
    int index;
    double value;
    const char *range;
} bad_value;

static void check_rejects(const law *l, const double *good, bad_value b)
{
    double par[LAW_NPAR_MAX];
    char range[64], what[160];
    int got;
    memcpy(par, good, sizeof(double) * (size_t)l->npar);
    par[b.index] = b.value;
    strcpy(range, "untouched");
    got = l->validate(par, range, sizeof range);
    snprintf(what, sizeof what, "%s validate rejects %s = %g (got %d, \"%s\")",
             l->name, l->par_names[b.index], b.value, got, range);
    check_true(got == b.index && strcmp(range, b.range) == 0, what);
}

static void check_accepts(const law *l, const double *par, const char *label)
{
    char range[64] = "untouched";
    int got = l->validate(par, range, sizeof range);
    check_true(got == -1 && range[0] == '\0',
               name(label, "validate accepts the paper's values"));
}

static void test_validate_bw(const law *l, const double *good,
                             const char *c_range, double c_bad)
{
    const double nan = NAN, inf = INFINITY;
    const bad_value bad[] = {
        {0, 0.0, "k > 0"},
        {0, -1.0, "k > 0"},
        {0, nan, "k > 0"},
        {0, inf, "k > 0"},
        {1, 0.0, "alpha in (0, 1)"},
        {1, 1.0, "alpha in (0, 1)"},
        {1, -0.1, "alpha in (0, 1)"},
        {1, nan, "alpha in (0, 1)"},
        {2, 0.0, "A > 0"},
        {2, -inf, "A > 0"},
        {3, -1.0, "beta >= 0"},
        {3, inf, "beta >= 0"},
        {4, good[3] * 1.000001, "gamma in [-beta, beta]"},
        {4, -good[3] * 1.000001, "gamma in [-beta, beta]"},
        {4, nan, "gamma in [-beta, beta]"},
        {5, 0.999, "n >= 1"},
        {5, inf, "n >= 1"},
        {6, 0.5, "p >= 1"},
        {6, nan, "p >= 1"},
        {7, c_bad, c_range},
        {7, nan, c_range},
        {7, inf, c_range},
    };
    int i;
    for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++)
        check_rejects(l, good, bad[i]);
}

static void test_validate(void)
{
    double par[8];
    char small[4];
    int got;

    check_accepts(registered("bwmcl"), table1_bwmcl, "bwmcl Table I");
    check_accepts(registered("bwshccl"), table2_bwshccl, "bwshccl Table II");
    check_accepts(registered("bwshccl"), table3_bwshccl, "bwshccl Table III");
    check_accepts(registered("shccl"), table3_shccl, "shccl Table III");
    check_accepts(registered("clamped"), clamped_k, "clamped k = 1e6");

    test_validate_bw(registered("bwshccl"), table2_bwshccl, "c >= 0", -1.0);
    test_validate_bw(registered("bwmcl"), table1_bwmcl, "c > 0", 0.0);
    {
        const bad_value bad[] = {{0, 0.0, "k > 0"},  {0, NAN, "k > 0"},
                                 {1, 0.9, "p >= 1"}, {1, INFINITY, "p >= 1"},
                                 {2, -1e-9, "c >= 0"}, {2, NAN, "c >= 0"}};
        int i;
        for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++)
            check_rejects(registered("shccl"), table3_shccl, bad[i]);
    }
    {
        const bad_value bad[] = {{0, 0.0, "k > 0"},
                                 {0, -5.0, "k > 0"},
                                 {0, NAN, "k > 0"},
                                 {0, -INFINITY, "k > 0"}};
        int i;
        for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++)
            check_rejects(registered("clamped"), clamped_k, bad[i]);
    }

    /* Boundary values that are admissible. */
    memcpy(par, table2_bwshccl, sizeof par);
    par[4] = -par[3]; /* gamma = -beta */
    par[5] = 1.0;
    par[6] = 1.0;
    par[7] = 0.0;     /* c = 0 is admissible for BWSHCCL */
    check_true(registered("bwshccl")->validate(par, NULL, 0) == -1,
               "bwshccl accepts gamma = -beta, n = p = 1, c = 0 (len 0)");
    par[3] = 0.0;
    par[4] = 0.0;
    check_true(registered("bwshccl")->validate(par, NULL, 0) == -1,
               "bwshccl accepts beta = gamma = 0");

    /* The first bad parameter is reported, truncated to the buffer. */
    memcpy(par, table1_bwmcl, sizeof par);
    par[1] = 2.0;
    par[6] = 0.0;
    got = registered("bwmcl")->validate(par, small, sizeof small);
    check_true(got == 1 && strcmp(small, "alp") == 0,
               "bwmcl reports the first bad parameter, text truncated");
}

/* ---- Definition V.1: passivity identity and d_c >= 0 ---- */

/* Central difference of V_c in coordinate j (0: x_c, 1 + i: z_i) with
 * relative step 1e-5.  For V_c ~ |s|^(p+1), p = 1.5, the truncation error of
 * the central difference is (h/s)^2 (p+1)p(p-1)/6 / (p+1) ~ 1e-11 of the
 * derivative, and the rounding error about eps |V_c| / h ~ 1e-16 / 1e-5 / (p+1)
 * ~ 1e-11 of it: well under the 1e-8 allowed below. */
static double storage_slope(const subject *s, double xc, const double *z,
                            int j)
{
    double y[1 + LAW_NZ_MAX] = {xc, 0.0, 0.0};
    double lo[1 + LAW_NZ_MAX], hi[1 + LAW_NZ_MAX];
    double h;
    int i;
    for (i = 0; i < s->l->nz; i++)
        y[1 + i] = z[i];
    h = 1e-5 * fabs(y[j]);
    if (h == 0.0)
        h = 1e-12;
    memcpy(lo, y, sizeof y);
    memcpy(hi, y, sizeof y);
    lo[j] -= h;
    hi[j] += h;
    return (s->l->storage(s->par, hi[0], hi + 1) -
            s->l->storage(s->par, lo[0], lo + 1)) /
           (2.0 * h);
}

/* d_c against Phi v - dV/dx_c v - <dV/dz, Psi> at one state; returns 1 when
 * they agree to 1e-8 of the sum of the magnitudes of the terms. */
static int passivity_identity(const subject *s, double xc, const double *z,
                              double v)
{
    double dz[LAW_NZ_MAX];
    double phi = s->l->phi(s->par, xc, z, v);
    double d = s->l->dissipation_rate(s->par, xc, z, v);
    double term = phi * v, rhs, scale;
    int i;
    s->l->psi(s->par, xc, z, v, dz);
    rhs = term;
    scale = fabs(term);
    term = storage_slope(s, xc, z, 0) * v;
    rhs -= term;
    scale += fabs(term);
    for (i = 0; i < s->l->nz; i++) {
        term = storage_slope(s, xc, z, 1 + i) * dz[i];
        rhs -= term;
        scale += fabs(term);
    }
    if (fabs(d - rhs) <= 1e-8 * scale)
        return 1;
    printf("  x_c = %g, z = (%g, %g), v = %g: d_c = %.17g, Eq. (86) %.17g\n",
           xc, z[0], s->l->nz > 1 ? z[1] : 0.0, v, d, rhs);
    return 0;
}

static const double grid_x[] = {-1e-3, -2.7e-4, -4e-5, -3e-6, 2e-6, 5e-5};
static const double grid_v[] = {-2.0, -0.12, -1e-3, 7e-4, 0.028, 1.5};
static const int ngx = (int)(sizeof grid_x / sizeof grid_x[0]);
static const int ngv = (int)(sizeof grid_v / sizeof grid_v[0]);

static void test_passivity(const subject *s)
{
    int a, b, c, d, n = 0, ok_identity = 1, ok_nonneg = 1, ok_storage = 1;
    double z[LAW_NZ_MAX];
    int nzc = s->l->nz >= 1 ? ngx : 1, nzc2 = s->l->nz >= 2 ? ngx : 1;
    for (a = 0; a < ngx; a++)
        for (b = 0; b < nzc; b++)
            for (c = 0; c < nzc2; c++)
                for (d = 0; d < ngv; d++) {
                    double xc = grid_x[a], v = grid_v[d];
                    z[0] = 0.5 * grid_x[b];
                    z[1] = 0.8 * grid_x[c];
                    ok_identity &= passivity_identity(s, xc, z, v);
                    ok_nonneg &= s->l->dissipation_rate(s->par, xc, z, v) >= 0.0;
                    ok_storage &= s->l->storage(s->par, xc, z) >= 0.0;
                    n++;
                }
    snprintf(name_buf, sizeof name_buf,
             "%s Definition V.1: d_c == Phi v - dV/dx v - <dV/dz, Psi> "
             "(central differences) at %d states", s->label, n);
    check_true(ok_identity, name_buf);
    check_true(ok_nonneg, name(s->label, "d_c >= 0 on the grid"));
    check_true(ok_storage, name(s->label, "V_c >= 0 on the grid"));
}

/* d_c >= 0 and V_c >= 0 also where a coordinate is exactly 0 (switching points), and
 * V_c(0, 0) = 0. */
static void test_nonneg_at_switching(const subject *s)
{
    static const double pts[] = {0.0, -1e-4, 1e-4};
    double z[LAW_NZ_MAX], zero[LAW_NZ_MAX] = {0.0, 0.0};
    int a, b, c, d, ok = 1;
    for (a = 0; a < 3; a++)
        for (b = 0; b < 3; b++)
            for (c = 0; c < 3; c++)
                for (d = 0; d < 3; d++) {
                    z[0] = pts[b];
                    z[1] = pts[c];
                    ok &= s->l->dissipation_rate(s->par, pts[a], z, pts[d]) >= 0.0;
                    ok &= s->l->storage(s->par, pts[a], z) >= 0.0;
                }
    check_true(ok, name(s->label, "d_c >= 0 and V_c >= 0 where states are 0"));
    check_true(s->l->storage(s->par, 0.0, zero) == 0.0,
               name(s->label, "V_c(0, 0) == 0 (Definition V.1)"));
}

/* ---- phi_rate: the chain rule along a trajectory ---- */

/* A smooth trajectory that crosses no switching point for t in [0, 0.02]: x_c < 0,
 * z_1 > 0, z_2 < 0, v_c > 0. */
static void trajectory(double t, double *xc, double *z, double *v,
                       double *dxc, double *dz, double *dv)
{
    *xc = -1e-4 + 2e-3 * t - 0.02 * t * t;
    *dxc = 2e-3 - 0.04 * t;
    z[0] = 4e-5 + 1e-3 * t * t;
    dz[0] = 2e-3 * t;
    z[1] = -6e-5 + 5e-4 * t;
    dz[1] = 5e-4;
    *v = 0.5 - 10.0 * t * t;
    *dv = -20.0 * t;
}

static double phi_at(const subject *s, double t)
{
    double xc, z[LAW_NZ_MAX], v, dxc, dz[LAW_NZ_MAX], dv;
    trajectory(t, &xc, z, &v, &dxc, dz, &dv);
    return s->l->phi(s->par, xc, z, v);
}

/* The central difference in time with h = 1e-6 s on a time scale of 0.02 s:
 * truncation error (h/T)^2 ~ 1e-8 of the rate, rounding error
 * eps |Phi| / h ~ 1e-16 * 1e2 / 1e-6 ~ 1e-8 N/s against rates of 1e3 N/s
 * and more; 1e-6 of the rate (plus 1e-6 N/s) is allowed. */
static void test_phi_rate(const subject *s)
{
    static const double ts[] = {0.001, 0.005, 0.0123, 0.019};
    int i;
    for (i = 0; i < 4; i++) {
        double xc, z[LAW_NZ_MAX], v, dxc, dz[LAW_NZ_MAX], dv, h = 1e-6;
        double want = (phi_at(s, ts[i] + h) - phi_at(s, ts[i] - h)) / (2 * h);
        char what[160];
        trajectory(ts[i], &xc, z, &v, &dxc, dz, &dv);
        snprintf(what, sizeof what,
                 "%s phi_rate == d/dt Phi (central difference) at t = %g",
                 s->label, ts[i]);
        check_close(s->l->phi_rate(s->par, xc, z, v, dxc, dz, dv), want, 1e-6,
                    1e-6, what);
    }
}

/* At the switching point x_c = 0 the rate is the right derivative: a forward
 * difference along x_c = v t, v < 0 (commencement of a contact). */
static void test_phi_rate_at_commencement(void)
{
    const double shccl_p1[3] = {4.254e8, 1.0, 4.3e5};
    const double v = -0.028, h = 1e-9;
    double zero[2] = {0.0, 0.0};
    double f1 = registered("shccl")->phi(shccl_p1, v * h, zero, v);
    double rate = registered("shccl")->phi_rate(shccl_p1, 0.0, zero, v, v, zero, 0.0);
    /* Phi(x_c = v t) = t (k v + c |v| v) is linear in t: the forward
     * difference is exact up to rounding. */
    check_close(rate, f1 / h, 1e-6, 0.0,
                "shccl p = 1: phi_rate at x_c = 0 is the right derivative");
    check_close(rate, shccl_p1[0] * v + shccl_p1[2] * fabs(v) * v, 1e-12, 0.0,
                "shccl p = 1: right derivative k v + c |v| v at x_c = 0");
    check_close(registered("clamped")->phi_rate(clamped_k, 0.0, zero, v, v, zero, 0.0),
                clamped_k[0] * v, 1e-15, 0.0,
                "clamped: phi_rate at x_c = 0 entering compression is k v");
    check_true(registered("clamped")->phi_rate(clamped_k, 0.0, zero, -v, -v, zero, 0.0) ==
                   0.0,
               "clamped: phi_rate at x_c = 0 leaving compression is 0");
}

/* ---- switching functions ---- */

/* The one-sided slopes of f around s0 differ by jump (within 1e-5 of it),
 * and the switching function changes sign there. */
static void check_switching_point(double (*f)(const subject *, double),
                                  const subject *s, double s0, double delta,
                                  double jump,
                                  double (*sw)(const subject *, double),
                                  const char *what)
{
    double left = (f(s, s0) - f(s, s0 - delta)) / delta;
    double right = (f(s, s0 + delta) - f(s, s0)) / delta;
    char buf[200];
    snprintf(buf, sizeof buf, "%s: slope jump at the switching point", what);
    check_close(right - left, jump, 1e-5, 0.0, buf);
    snprintf(buf, sizeof buf, "%s: switching function changes sign", what);
    check_true(sw(s, s0 - delta) < 0.0 && sw(s, s0 + delta) > 0.0, buf);
}

static const double kz = 3e-5; /* z_c (BWSHCCL), z_1 (BWMCL) */
static const double kz2 = -2e-5, kx = -4e-5;

/* BWSHCCL: Psi as a function of v; its switching function 0 is v. */
static double bwshccl_psi_of_v(const subject *s, double v)
{
    double z[1] = {kz}, dz[1];
    s->l->psi(s->par, kx, z, v, dz);
    return dz[0];
}
static double bwshccl_switching_v(const subject *s, double v)
{
    double z[1] = {kz}, out[LAW_NSWITCH_MAX];
    s->l->switching(s->par, kx, z, v, out);
    return out[0];
}

/* BWMCL: Psi_1 as a function of v; its switching function 0 is Psi_2. */
static double bwmcl_psi1_of_v(const subject *s, double v)
{
    double z[2] = {kz, kz2}, dz[2];
    s->l->psi(s->par, kx, z, v, dz);
    return dz[0];
}
static double bwmcl_switching_psi2(const subject *s, double v)
{
    double z[2] = {kz, kz2}, out[LAW_NSWITCH_MAX];
    s->l->switching(s->par, kx, z, v, out);
    return out[0];
}

/* SHCCL (p = 1) and clamped: Phi as a function of x_c; switching function 0 is x_c. */
static double phi_of_x(const subject *s, double x)
{
    double z[2] = {0.0, 0.0};
    return s->l->phi(s->par, x, z, 0.3);
}
static double switching_x(const subject *s, double x)
{
    double z[2] = {0.0, 0.0}, out[LAW_NSWITCH_MAX];
    s->l->switching(s->par, x, z, 0.3, out);
    return out[0];
}

static void test_switching(void)
{
    const double shccl_p1[3] = {4.254e8, 1.0, 4.3e5};
    const subject bw = {"bwshccl", table2_bwshccl, "bwshccl", registered("bwshccl")};
    const subject mc = {"bwmcl", table1_bwmcl, "bwmcl", registered("bwmcl")};
    const subject sh = {"shccl", shccl_p1, "shccl", registered("shccl")};
    const subject cl = {"clamped", clamped_k, "clamped", registered("clamped")};
    const double *p = table2_bwshccl, *q = table1_bwmcl;
    double z[2] = {kz, kz2}, out[LAW_NSWITCH_MAX], v_star;

    /* Eq. (68): dPsi/dv jumps by -2 beta z|z|^(n-1) across v = 0. */
    check_switching_point(bwshccl_psi_of_v, &bw, 0.0, 1e-6,
               -2.0 * p[3] * kz * pow(fabs(kz), p[5] - 1.0), bwshccl_switching_v,
               "bwshccl |v_c| in Eq. (68)");
    /* Eq. (70): dPsi_1/dv jumps by -2 beta z_1|z_1|^(n-1) where Psi_2 = 0,
     * i.e. at v = Phi / c (Eq. 71). */
    v_star = registered("bwmcl")->phi(q, kx, z, 0.0) / q[7];
    check_switching_point(bwmcl_psi1_of_v, &mc, v_star, 1e-6,
               -2.0 * q[3] * kz * pow(fabs(kz), q[5] - 1.0), bwmcl_switching_psi2,
               "bwmcl |Psi_2| in Eq. (70)");
    /* c |x_c| v with p = 1: dPhi/dx jumps by 2 c v across x_c = 0. */
    check_switching_point(phi_of_x, &sh, 0.0, 1e-9, 2.0 * shccl_p1[2] * 0.3, switching_x,
               "shccl (p = 1) |x_c| in c|x_c|^p v");
    /* Eq. (175): dPhi/dx drops from k to 0 across x_c = 0. */
    check_switching_point(phi_of_x, &cl, 0.0, 1e-9, -clamped_k[0], switching_x,
               "clamped min(x_c, 0) of Eq. (175)");

    /* The switching functions are the states named in law.h. */
    registered("bwshccl")->switching(p, kx, z, -0.7, out);
    check_true(out[0] == -0.7 && out[1] == kz && out[2] == kx,
               "bwshccl switching functions are (v_c, z_c, x_c)");
    registered("bwmcl")->switching(q, kx, z, -0.7, out);
    check_true(out[1] == kz && out[2] == kz2 &&
                   sign_of(out[0]) ==
                       sign_of(-0.7 - registered("bwmcl")->phi(q, kx, z, 0.0) / q[7]),
               "bwmcl switching functions are (Psi_2, z_1, z_2)");
    check_true(registered("bwshccl")->nswitch == 3 && registered("bwmcl")->nswitch == 3 &&
                   registered("shccl")->nswitch == 1 && registered("clamped")->nswitch == 1,
               "number of switching functions per law");
}

/* ---- registry ---- */

/* The generated tape forms (mp_law_spec.c) are found only for a law whose
 * name, n_z and parameter names (in order) are the form's. */
static void test_law_forms(void)
{
    static const char *const swapped[8] = {"alpha", "k", "A", "beta",
                                           "gamma", "n", "p", "c"};
    law other = *registered("bwshccl"), renamed = other, wider = other;
    int i, n = 0;
    for (i = 0; mp_law_forms[i].name != NULL; i++)
        n += law_find(mp_law_forms[i].name) != NULL;
    check_true(n == i && i == 4, "every generated tape form is a registered law's");
    other.par_names = swapped;
    renamed.name = "bwshccl2";
    wider.nz = 2;
    check_true(mp_law_find(registered("bwshccl")) != mp_law_find(registered("bwmcl")) &&
                   mp_law_find(&other) == NULL && mp_law_find(&renamed) == NULL &&
                   mp_law_find(&wider) == NULL,
               "a tape form needs the law's name, n_z and parameter order");
}

static void test_registry(void)
{
    int i, n = 0, ok = 1;
    for (i = 0; law_registry[i].law != NULL; i++) {
        const law *l = law_registry[i].law;
        int j;
        n++;
        ok &= law_find(l->name) == l;
        ok &= mp_law_find(l) != NULL;
        ok &= l->nz >= 0 && l->nz <= LAW_NZ_MAX;
        ok &= l->npar >= 1 && l->npar <= LAW_NPAR_MAX;
        ok &= l->nswitch >= 1 && l->nswitch <= LAW_NSWITCH_MAX;
        for (j = 0; j < l->npar; j++)
            ok &= law_param_index(l, l->par_names[j]) == j &&
                  law_param_unit(l, j) != NULL && law_param_unit(l, j)[0] != '\0';
        ok &= law_param_index(l, "no-such-parameter") == -1;
        ok &= law_param_unit(l, -1) == NULL && law_param_unit(l, l->npar) == NULL;
    }
    check_true(n == 4, "registry holds the four laws");
    check_true(ok, "law_find, law_param_index and law_param_unit agree with "
               "the registry; every law has its high-precision form "
               "(mp_law_find)");
    check_true(strcmp(law_param_unit(registered("clamped"), 0), "N/m") == 0 &&
                   strcmp(law_param_unit(registered("bwmcl"), 7), "N s/m") == 0 &&
                   strcmp(law_param_unit(registered("bwshccl"), 7),
                          "N s/m^(p+1)") == 0,
               "units: k of Eq. (175) N/m, c of Eq. (71) N s/m, of Eq. (69) "
               "N s/m^(p+1)");
    {
        law copy = *registered("clamped");
        check_true(law_param_unit(&copy, 0) == NULL && law_param_unit(NULL, 0) == NULL,
                   "law_param_unit of a law not registered, or NULL: NULL");
    }
    check_true(mp_law_find(NULL) == NULL, "mp_law_find(NULL) is NULL");
    test_law_forms();
    check_true(law_find("hertz") == NULL && law_find(NULL) == NULL,
               "law_find of an unknown name is NULL");
    check_true(law_param_index(registered("bwmcl"), "c") == 7 &&
                   law_param_index(registered("shccl"), "c") == 2,
               "parameter c: index 7 (bwmcl), 2 (shccl)");
}

/* ---- powabs.h: the libm assumptions, on a grid ---- */

static void test_powabs_assumptions(void)
{
    static const double xs[] = {0.0,   -0.0,  1e-300, -1e-300, 1e-5, -0.37,
                                0.5,   -0.999999, 1.0, -1.0, 1.5, -1e5, 1e300};
    static const double ps[] = {0.0, 1e-3, 0.5, 1.0, 1.5, 2.0, 2.5, 3.5, 64.0};
    int i, j, nonneg = 1, zero = 1, unit = 1, sign = 1;
    for (i = 0; i < (int)(sizeof xs / sizeof xs[0]); i++)
        for (j = 0; j < (int)(sizeof ps / sizeof ps[0]); j++) {
            double x = xs[i], p = ps[j], r = powabs(x, p), s = powsgn(x, p);
            nonneg &= r >= 0.0;
            if (x == 0.0 && p > 0.0)
                zero &= r == 0.0 && s == 0.0;
            if (fabs(x) <= 1.0)
                unit &= r <= 1.0 && fabs(s) <= 1.0;
            sign &= sign_of(s) == sign_of(x) || (s == 0.0 && r == 0.0);
        }
    check_true(nonneg, "powabs(x, p) >= 0 (assumed by the proofs)");
    check_true(zero, "powabs(0, p) == 0 for p > 0 (assumed by the proofs)");
    check_true(unit, "powabs(x, p) <= 1 for |x| <= 1 (assumed by the proofs)");
    check_true(sign, "powsgn has the sign of x");
    check_true(powabs(0.0, 0.0) == 1.0 && powsgn(0.0, 0.0) == 0.0,
               "powabs(0, 0) == 1, powsgn(0, 0) == 0");
}

/* ---- the proof domain: finite results at its corners ---- */

static void test_domain_corners(void)
{
    const double big = 0x1p40, tiny = 0x1p-20;
    const double bw[8] = {big, 0.5, tiny, big, -big, 64.0, 64.0, tiny};
    const double states[] = {-1.0, 1.0, -0.5};
    int a, b, c, ok = 1;
    for (a = 0; a < 3; a++)
        for (b = 0; b < 3; b++)
            for (c = 0; c < 3; c++) {
                double z[2] = {states[b], states[c]}, dz[2], v = 0x1p10;
                double rates[2] = {0x1p128, -0x1p128};
                registered("bwmcl")->psi(bw, states[a], z, v, dz);
                ok &= isfinite(registered("bwmcl")->phi(bw, states[a], z, v));
                ok &= isfinite(dz[0]) && isfinite(dz[1]);
                ok &= isfinite(registered("bwmcl")->phi_rate(bw, states[a], z, v, 0.0,
                                                  rates, 0.0));
                ok &= isfinite(registered("bwmcl")->storage(bw, states[a], z));
                ok &= registered("bwmcl")->dissipation_rate(bw, states[a], z, v) >= 0.0;
                ok &= isfinite(registered("bwmcl")->dissipation_rate(bw, states[a], z, v));
                registered("bwshccl")->psi(bw, states[a], z, -v, dz);
                ok &= isfinite(registered("bwshccl")->phi(bw, states[a], z, -v));
                ok &= isfinite(dz[0]);
                ok &= isfinite(registered("bwshccl")->phi_rate(bw, states[a], z, -v,
                                                    0x1p128, rates, 0x1p128));
                ok &= isfinite(registered("bwshccl")->dissipation_rate(bw, states[a], z, v));
            }
    check_true(ok, "BW laws finite at corners of the proof domain");
}

int main(void)
{
    int i;
    for (i = 0; i < n_subjects; i++)
        subjects[i].l = registered(subjects[i].name);
    for (i = 0; i < n_subjects; i++) {
        test_eq60(&subjects[i]);
        test_passivity(&subjects[i]);
        test_nonneg_at_switching(&subjects[i]);
        test_phi_rate(&subjects[i]);
    }
    test_phi_rate_at_commencement();
    test_validate();
    test_switching();
    test_registry();
    test_powabs_assumptions();
    test_domain_corners();
    return check_summary("test_laws");
}
