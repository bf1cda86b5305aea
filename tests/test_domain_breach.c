/* test_domain_breach.c - src/system/domain.c: the value a breach of the
 * state's domain records is that of the first quantity outside, in the
 * order x_c, v_c, z_c, then the components of chi (domain_check_state,
 * spec/law_domain.acsl state_breach_xc ... state_breach_chi), a
 * mass's breach records the mass, and a model's breach the first of its
 * quantities outside, in the order of domain_check_model (model_breach). */
#include "check.h"
#include "domain.h"
#include "registry.h"

#include <string.h>

/* The layout of the checks below: chi = (x, v_c, x_c, z_1, z_2). */
enum { NY = 5, V = 1, XC = 2, Z = 3, NZ = 2 };

/* Whether the check of y records quantity q with value want. */
static int breach_is(const double *y, const char *q, double want)
{
    domain_breach b;
    memset(&b, 0, sizeof b);
    return !domain_check_state(y, NY, V, XC, Z, NZ, &b) &&
           strcmp(b.quantity, q) == 0 && b.value == want;
}

static void first_outside(void)
{
    double y[NY] = {0.5, 3.0, 0.25, -0.5, 0.75};
    domain_breach b;
    check_true(domain_check_state(y, NY, V, XC, Z, NZ, &b), "inside");
    y[XC] = 1.5;
    y[V] = 2000.0;
    y[Z] = 7.0;
    check_true(breach_is(y, "x_c", 1.5), "x_c = 1.5 first: its value");
    y[XC] = -0.25;
    check_true(breach_is(y, "v_c", 2000.0), "v_c = 2000 next: its value");
    y[V] = -3.0;
    y[Z + 1] = -9.0;
    check_true(breach_is(y, "z_c", 7.0), "z_1 = 7 before z_2 = -9: z_1's value");
    y[Z] = 0.0;
    check_true(breach_is(y, "z_c", -9.0), "z_2 = -9 alone: its value");
    y[Z + 1] = 0.0;
    y[0] = 3e100;
    check_true(breach_is(y, "chi[0]", 3e100), "x = 3e100: chi[0]'s value");
}

static void mass(void)
{
    domain_breach b;
    memset(&b, 0, sizeof b);
    check_true(!domain_check_mass("m1", 1e-120, &b) &&
                   strcmp(b.quantity, "m1") == 0 && b.value == 1e-120,
               "m1 = 1e-120: its value");
}

/* Whether the check of M records quantity q with value want. */
static int model_breach_is(const model *M, const char *q, double want)
{
    domain_breach b;
    memset(&b, 0, sizeof b);
    return !domain_check_model(M, &b) && strcmp(b.quantity, q) == 0 &&
           b.value == want;
}

/* Study 1's law and parameters, H_r, m = 1: the masses, then the applied
 * forces, then the initial state. */
static void model_first_outside(void)
{
    model M;
    domain_breach b;
    const double par[8] = {1e8, 0.35, 1, 5e7, 5e7, 2, 1.5, 4.4e3};
    memset(&M, 0, sizeof M);
    M.sys = SYS_HR;
    M.law = law_find("bwmcl");
    memcpy(M.par, par, sizeof par);
    M.m = 1;
    check_true(M.law && domain_check_model(&M, &b), "model of study 1: inside");
    M.m = 1e-120;
    M.u.F1 = 2e120;
    check_true(model_breach_is(&M, "m", 1e-120), "m = 1e-120 before F1: m's value");
    M.m = 1;
    M.u.F1 = 0;
    M.u.F2 = 1e120;
    M.u.Fe0 = -2e120;
    M.x0 = 3e100;
    check_true(model_breach_is(&M, "F2", 1e120),
               "F2 before Fe0 and x0: F2's value");
    M.u.F2 = 0;
    check_true(model_breach_is(&M, "Fe0", -2e120), "Fe0 before x0: Fe0's value");
    M.u.Fe0 = 0;
    check_true(model_breach_is(&M, "x0", 3e100), "x0 = 3e100: its value");
    M.x0 = 0;
    M.v0 = -2000;
    check_true(model_breach_is(&M, "v0", -2000), "v0 = -2000: its value");
}

int main(void)
{
    first_outside();
    mass();
    model_first_outside();
    return check_summary("test_domain_breach");
}
