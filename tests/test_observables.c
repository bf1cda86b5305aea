/* test_observables.c - the functions of observables.h (Eqs. 194-204) on
 * values with known results, the signs of zero and the NaN and infinite
 * cases their contracts leave open, and bitwise agreement with the inline
 * expressions impact.c evaluated before them (including fmax for the
 * running maximum) on pseudo-random arguments. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "observables.h"

/* The same double, bit for bit. */
static int same_bits(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

static uint64_t state = 0x9e3779b97f4a7c15u;

/* A double spread over many magnitudes and both signs, now and then a
 * zero of either sign. */
static double any_double(void)
{
    uint64_t bits;
    double mant, x;
    int ex;
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    bits = state;
    if ((bits & 63u) == 0)
        return (bits & 64u) ? -0.0 : 0.0;
    mant = (double)(bits >> 11) / 9007199254740992.0;   /* [0, 1) */
    ex = (int)((bits >> 6) % 121u) - 60;
    x = ldexp(0.5 + 0.5 * mant, ex);
    return (bits & 128u) ? -x : x;
}

static void known_values(void)
{
    /* Eq. (194), Eq. (195) */
    check_true(obs_contact_duration(1.0, 3.5) == 2.5, "t_d = 3.5 - 1");
    check_true(same_bits(obs_contact_duration(2.0, 2.0), 0.0),
               "t_d = +0 when t_s = t_e");
    check_true(obs_contact_duration(1.0, nextafter(1.0, 2.0)) > 0.0,
               "t_d > 0 for adjacent doubles");
    check_true(obs_flight_duration(1.25, 2.0) == 0.75, "t_f = 2 - 1.25");
    check_true(same_bits(obs_flight_duration(-0.0, -0.0), 0.0),
               "t_f = +0 when t_e(i+1) = t_s(i)");

    /* Eq. (197) */
    check_true(obs_restitution(-2.0, 1.0) == 0.5, "e = -1 / -2");
    check_true(obs_restitution(-1.0, 1.0) == 1.0, "e = 1 for v_s = -v_i");
    check_true(obs_restitution(-4.0, 0.0) == 0.0 &&
                   !signbit(obs_restitution(-4.0, 0.0)),
               "e = +0 for v_s = +0");
    check_true(signbit(obs_restitution(-4.0, -0.0)),
               "e = -0 for v_s = -0 ((-v_s)/v_i, not (0 - v_s)/v_i)");
    check_true(isinf(obs_restitution(0.0, 1.0)) &&
                   obs_restitution(0.0, 1.0) < 0.0,
               "e = -inf for v_i = +0, v_s > 0");
    check_true(isnan(obs_restitution(0.0, 0.0)), "e = NaN for v_i = v_s = 0");

    /* Eqs. (198)-(199) */
    check_true(obs_running_max(1.0, 2.0) == 2.0, "max(1, 2) = 2");
    check_true(obs_running_max(2.0, 1.0) == 2.0, "max(2, 1) = 2");
    check_true(obs_running_max(3.0, NAN) == 3.0, "a NaN value is ignored");
    check_true(same_bits(obs_running_max(0.0, -0.0), 0.0),
               "max(+0, -0) = +0");
    check_true(same_bits(obs_running_max(-0.0, 0.0), -0.0),
               "max(-0, +0) keeps the current -0 (a tie)");
    check_true(obs_running_max(0.0, -5.0) == 0.0, "max(0, -5) = 0");
    check_true(obs_running_max(1.0, INFINITY) == INFINITY, "max(1, inf)");

    /* Eq. (203) */
    check_true(same_bits(obs_momentum_residual(2.0, -1.0, 0.5, 3.5, -0.5),
                         0.0),
               "m dv - (J_Fc + J_Fe) = 2*1.5 - 3 = +0");
    check_true(obs_momentum_residual(0.5, -2.0, 1.0, 1.0, 0.25) == 0.25,
               "m dv - (J_Fc + J_Fe) = 0.5*3 - 1.25 = 0.25");

    /* Eq. (204) */
    check_true(obs_impulse_ratio(-0.5, 2.0) == -0.25, "Lambda = -0.5 / 2");
    check_true(obs_impulse_ratio(-3.0, 3.0) == -1.0,
               "Lambda = -1 when the impulses cancel");
    check_true(isnan(obs_impulse_ratio(0.0, 0.0)), "Lambda = NaN for 0 / 0");
}

/* Bitwise agreement with the expressions impact.c evaluated inline. */
static void as_before(void)
{
    enum { N = 200000 };
    int i, d = 1, f = 1, e = 1, mx = 1, mxf = 1, mom = 1, lam = 1;
    for (i = 0; i < N; i++) {
        double a = any_double(), b = any_double(), c = any_double();
        double g = any_double(), h = any_double();
        double cur = fabs(a);   /* impact.c: +0 or a greater value */
        d &= same_bits(obs_contact_duration(a, b), b - a);
        f &= same_bits(obs_flight_duration(a, b), b - a);
        e &= same_bits(obs_restitution(a, b), -b / a);
        mx &= same_bits(obs_running_max(a, b), b > a ? b : a);
        /* fmax of +0 and -0 may return either zero (C17 F.10.9.2): glibc
           at -O0 and the inlined maxsd of -O3 differ; those pairs are left
           out */
        if (!(cur == 0 && b == 0)) {
            mxf &= same_bits(obs_running_max(cur, b), fmax(cur, b));
            mxf &= same_bits(obs_running_max(0.0, b), fmax(0.0, b));
        }
        mom &= same_bits(obs_momentum_residual(a, b, c, g, h),
                          a * (c - b) - (g + h));
        lam &= same_bits(obs_impulse_ratio(a, b), a / b);
    }
    check_true(d, "t_d bitwise t_s - t_e (200000 pairs)");
    check_true(f, "t_f bitwise t_e(i+1) - t_s(i)");
    check_true(e, "e bitwise -v_s / v_i");
    check_true(mx, "running max bitwise the former `if (b > a) a = b`");
    check_true(mxf, "running max bitwise fmax(current, value) for a current "
                    "maximum >= +0");
    check_true(mom, "momentum residual bitwise m (v_s - v_i) - (J_Fc + J_Fe)");
    check_true(lam, "Lambda bitwise J_Fe / J_Fc");
}

int main(void)
{
    known_values();
    as_before();
    return check_summary("test_observables");
}
