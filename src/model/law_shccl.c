/* law_shccl.c - the Simon-Hunt-Crossley collision law; see law_shccl.h. */
#include "law_shccl.h"

#include "law_check.h"
#include "powabs.h"

static const char shccl_ranges[SHCCL_NPAR][LAW_RANGE_SIZE] = {"k > 0", "p >= 1",
                                                     "c >= 0"};

double shc_damping(double c, double p, double x, double v)
{
    double cx = c * powabs(x, p);
    /*@ assert cx: domain_gain(c) && domain_state(x)
                   ==> nonneg_within(cx, (double)0x1p40); */
    return cx * v; /* Eq. (69), third term */
}

double shc_damping_rate(double c, double p, double x, double v, double dx,
                        double dv)
{
    double moving = powabs_rate(x, p, dx) * v;
    /*@ assert moving: domain_exponent(p) && domain_state(x) &&
                       domain_speed(v) && domain_rate(dx)
                       ==> within(moving, (double)0x1p144); */
    double pushed = powabs(x, p) * dv;
    /*@ assert pushed: domain_state(x) && domain_rate(dv)
                       ==> within(pushed, (double)0x1p128); */
    double sum = moving + pushed;
    /*@ assert sum: domain_exponent(p) && domain_state(x) &&
                    domain_speed(v) && domain_rate(dx) && domain_rate(dv)
                    ==> within(sum, (double)0x1p145); */
    return c * sum;
}

double shc_dissipation(double c, double p, double x, double v)
{
    double cx = c * powabs(x, p);
    /*@ assert cx: domain_gain(c) && domain_state(x)
                   ==> nonneg_within(cx, (double)0x1p40); */
    double v2 = v * v;
    /*@ assert v2: domain_speed(v) ==> nonneg_within(v2, (double)0x1p20); */
    return cx * v2;
}

/* k x|x|^(p-1): the spring of the SHCCL (Eq. 69 with alpha = 1). */
/*@ requires admissible: positive(k) && exponent(p);
    requires finite: \is_finite(x);
    assigns \nothing;
    ensures eq60: zero(x) ==> zero(\result);
    ensures range: domain_gain(k) && domain_exponent(p) && domain_state(x)
                   ==> within(\result, (double)0x1p40);
    ensures eq69: \result \in {shccl_spring_force(k, p, x)};
*/
static double shc_spring(double k, double p, double x)
{
    return k * powsgn(x, p);
}

/* d/dt (k x|x|^(p-1)) = k p |x|^(p-1) dx. */
/*@ requires admissible: positive(k) && exponent(p);
    requires finite: \is_finite(x) && \is_finite(dx);
    assigns \nothing;
    ensures range: domain_gain(k) && domain_exponent(p) && domain_state(x) &&
                   domain_rate(dx) ==> within(\result, (double)0x1p174);
    ensures rate: \result \in {shccl_spring_force_rate(k, p, x, dx)};
*/
static double shc_spring_rate(double k, double p, double x, double dx)
{
    return k * powsgn_rate(x, p, dx);
}

/* k |x|^(p+1) / (p+1): the storage of the spring. */
/*@ requires admissible: positive(k) && exponent(p);
    requires finite: \is_finite(x);
    assigns \nothing;
    ensures rest: zero(x) ==> zero(\result);
    ensures range: domain_gain(k) && domain_exponent(p) && domain_state(x)
                   ==> storage_value(\result, (double)0x1p39);
    ensures storage: \result \in {shccl_spring_storage(k, p, x)};
*/
static double shc_storage(double k, double p, double x)
{
    double p1 = p + 1.0;
    /*@ assert p1: \is_finite(p1) && \le_double((double)2.0, p1); */
    double kx = k * powabs(x, p1);
    /*@ assert kx: domain_gain(k) && domain_state(x)
                   ==> nonneg_within(kx, (double)0x1p40); */
    return kx / p1;
}

double shccl_phi(const double *par, double xc, const double *z, double v)
{
    double k = par[SHCCL_K], p = par[SHCCL_P], c = par[SHCCL_C];
    (void)z;
    return shc_spring(k, p, xc) + shc_damping(c, p, xc, v);
}

void shccl_psi(const double *par, double xc, const double *z, double v,
               double *dz)
{
    (void)par, (void)xc, (void)z, (void)v, (void)dz;
}

double shccl_phi_rate(const double *par, double xc, const double *z, double v,
                      double dxc, const double *dz, double dv)
{
    double k = par[SHCCL_K], p = par[SHCCL_P], c = par[SHCCL_C];
    (void)z, (void)dz;
    return shc_spring_rate(k, p, xc, dxc) +
           shc_damping_rate(c, p, xc, v, dxc, dv);
}

double shccl_storage(const double *par, double xc, const double *z)
{
    (void)z;
    return shc_storage(par[SHCCL_K], par[SHCCL_P], xc);
}

double shccl_dissipation_rate(const double *par, double xc, const double *z,
                              double v)
{
    (void)z;
    return shc_dissipation(par[SHCCL_C], par[SHCCL_P], xc, v);
}

void shccl_switching(const double *par, double xc, const double *z, double v,
                 double *out)
{
    (void)par, (void)z, (void)v;
    out[0] = xc;
}

/* Whether parameter i of {k, p, c} is admissible. */
/*@ requires par_valid: \valid_read(par + (0 .. 2));
    requires index: 0 <= i < 3;
    assigns \nothing;
    ensures meaning: \result != 0 <==> shccl_param_ok(par, i);
*/
static int shccl_param_check(const double *par, int i)
{
    int ok;
    switch (i) {
    case SHCCL_K:
        ok = check_positive(par[SHCCL_K]);
        break;
    case SHCCL_P:
        ok = check_exponent(par[SHCCL_P]);
        break;
    default:
        ok = check_nonnegative(par[SHCCL_C]);
        break;
    }
    return ok;
}

int shccl_validate(const double *par, char *range, size_t len)
{
    int i;
    /*@ loop invariant bound: 0 <= i <= SHCCL_NPAR;
        loop invariant good: \forall integer j; 0 <= j < i ==> shccl_param_ok(par, j);
        loop assigns i;
        loop variant SHCCL_NPAR - i; */
    for (i = 0; i < SHCCL_NPAR; i++) {
        if (!shccl_param_check(par, i)) {
            law_range_text(range, len, shccl_ranges[i], LAW_RANGE_SIZE);
            return i;
        }
    }
    /*@ assert all: shccl_admissible(par); */
    law_range_clear(range, len);
    return -1;
}
