/* test_domain_breach.c - src/system/domain.c: the value a breach of the
 * state's domain records is that of the first quantity outside, in the
 * order x_c, v_c, z_c, then the components of chi (domain_check_state,
 * spec/law_domain.acsl state_breach_xc ... state_breach_chi), and a
 * mass's breach records the mass. */
#include "check.h"
#include "domain.h"

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

int main(void)
{
    first_outside();
    mass();
    return check_summary("test_domain_breach");
}
