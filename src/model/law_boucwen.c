/* law_boucwen.c - see law_boucwen.h.  The assertions split each product
 * into one floating-point operation per proof goal. */
#include "law_boucwen.h"

#include "law_check.h"
#include "powabs.h"

bw_params bw_unpack(const double *par)
{
    bw_params bw;
    bw.k = par[BW_K];
    bw.alpha = par[BW_ALPHA];
    bw.A = par[BW_A];
    bw.beta = par[BW_BETA];
    bw.gamma = par[BW_GAMMA];
    bw.n = par[BW_N];
    bw.p = par[BW_P];
    bw.c = par[BW_C];
    return bw;
}

int bw_param_check(const double *par, int i)
{
    int ok;
    switch (i) {
    case BW_K:
        ok = check_positive(par[BW_K]);
        break;
    case BW_ALPHA:
        ok = check_open_unit(par[BW_ALPHA]);
        break;
    case BW_A:
        ok = check_positive(par[BW_A]);
        break;
    case BW_BETA:
        ok = check_nonnegative(par[BW_BETA]);
        break;
    case BW_GAMMA:
        ok = check_symmetric(par[BW_GAMMA], par[BW_BETA]);
        break;
    case BW_N:
        ok = check_exponent(par[BW_N]);
        break;
    default:
        ok = check_exponent(par[BW_P]);
        break;
    }
    return ok;
}

/* w k s: one branch of the force (Eq. 69), with a weight w in [0, 1]
 * (alpha or 1 - alpha). */
/*@ requires weight: in_range(w, (double)0.0, (double)1.0);
    requires gain: positive(k);
    assigns \nothing;
    ensures zero: zero(s) ==> zero(\result);
    ensures unit: domain_gain(k) && within(s, (double)1.0)
                  ==> within(\result, (double)0x1p40);
    ensures unit_nonneg: domain_gain(k) && nonneg_within(s, (double)1.0)
                  ==> nonneg_within(\result, (double)0x1p40);
    ensures rate: domain_gain(k) && within(s, (double)0x1p134)
                  ==> within(\result, (double)0x1p174);
    ensures value: \result \in {\mul_double(w, \mul_double(k, s))};
*/
static double bw_branch(double w, double k, double s)
{
    double ks = k * s;
    /*@ assert unit: domain_gain(k) && within(s, (double)1.0)
                     ==> within(ks, (double)0x1p40); */
    /*@ assert unit_nonneg: domain_gain(k) && nonneg_within(s, (double)1.0)
                            ==> nonneg_within(ks, (double)0x1p40); */
    /*@ assert rate: domain_gain(k) && within(s, (double)0x1p134)
                     ==> within(ks, (double)0x1p174); */
    return w * ks;
}

double bw_force(bw_params bw, double a, double b)
{
    double elastic = bw_branch(bw.alpha, bw.k, powsgn(a, bw.p));
    double hysteretic = bw_branch(1.0 - bw.alpha, bw.k, powsgn(b, bw.p));
    return elastic + hysteretic; /* Eq. (69), first two terms; Eq. (72) */
}

double bw_force_rate(bw_params bw, double a, double b, double da, double db)
{
    double elastic = bw_branch(bw.alpha, bw.k, powsgn_rate(a, bw.p, da));
    double hysteretic =
        bw_branch(1.0 - bw.alpha, bw.k, powsgn_rate(b, bw.p, db));
    return elastic + hysteretic;
}

/* g s u: a term of Eq. (68), with |g| <= 2^40 and |s| <= 1 in the domain. */
/*@ assigns \nothing;
    ensures range: within(g, (double)0x1p40) && within(s, (double)1.0) &&
                   domain_rate(u) ==> within(\result, (double)0x1p168);
    ensures value: \result \in {\mul_double(\mul_double(g, s), u)};
*/
static double bw_term(double g, double s, double u)
{
    double gs = g * s;
    /*@ assert gs: within(g, (double)0x1p40) && within(s, (double)1.0)
                   ==> within(gs, (double)0x1p40); */
    return gs * u;
}

double bw_hysteresis(bw_params bw, double z, double u)
{
    double drive = bw.A * u;                                     /* A u */
    /*@ assert drive: bw_dom(bw) && domain_rate(u)
                      ==> within(drive, (double)0x1p148); */
    double beta_term = bw_term(bw.beta, powsgn(z, bw.n), absval(u));
    double gamma_term = bw_term(bw.gamma, powabs(z, bw.n), u);
    double partial = drive - beta_term;
    /*@ assert partial: bw_dom(bw) && domain_state(z) && domain_rate(u)
                        ==> within(partial, (double)0x1p169); */
    return partial - gamma_term;                                 /* Eq. (68) */
}

/* 1 / q for q >= 2: 1/(p+1) in the storage. */
/*@ requires q: \is_finite(q) && \le_double((double)2.0, q);
    assigns \nothing;
    ensures range: in_range(\result, (double)0.0, (double)0.5);
    ensures value: \result \in {\div_double((double)1.0, q)};
*/
static double reciprocal(double q)
{
    return 1.0 / q;
}

double bw_storage(bw_params bw, double a, double b)
{
    double p1 = bw.p + 1.0;
    /*@ assert p1: \is_finite(p1) && \le_double((double)2.0, p1); */
    double elastic = bw_branch(bw.alpha, bw.k, powabs(a, p1));
    double weighted = bw_branch(1.0 - bw.alpha, bw.k, powabs(b, p1));
    double hysteretic = weighted / bw.A;
    /*@ assert hysteretic: bw_dom(bw) && domain_state(b)
                           ==> nonneg_within(hysteretic, (double)0x1p60); */
    double sum = elastic + hysteretic;
    /*@ assert sum: bw_dom(bw) && domain_state(a) && domain_state(b)
                    ==> nonneg_within(sum, (double)0x1p61); */
    return sum * reciprocal(p1);
}

/* beta + gamma sgn(z) sgn(u), >= 0 since |gamma| <= beta. */
/*@ requires beta: nonnegative(beta);
    requires gamma: symmetric_bound(gamma, beta);
    assigns \nothing;
    ensures nonneg: \le_double((double)0.0, \result);
    ensures range: domain_gain(beta) ==> nonneg_within(\result, (double)0x1p41);
    ensures value: \result \in {bw_sign_factor(beta, gamma, z, u)};
*/
static double sign_factor(double beta, double gamma, double z, double u)
{
    if ((z > 0.0 && u > 0.0) || (z < 0.0 && u < 0.0))
        return beta + gamma;
    if ((z > 0.0 && u < 0.0) || (z < 0.0 && u > 0.0))
        return beta - gamma;
    return beta;
}

/* (1 - alpha) k / A, the gain of the hysteretic dissipation. */
/*@ requires admissible: bw_ok(bw);
    assigns \nothing;
    ensures range: bw_dom(bw) ==> nonneg_within(\result, (double)0x1p60);
    ensures value: \result \in {bw_hysteretic_gain(bw.k, bw.alpha, bw.A)};
*/
static double hysteretic_gain(bw_params bw)
{
    double k_over_a = bw.k / bw.A;
    /*@ assert k_over_a: bw_dom(bw)
                         ==> nonneg_within(k_over_a, (double)0x1p60); */
    return (1.0 - bw.alpha) * k_over_a;
}

double bw_dissipation(bw_params bw, double z, double u)
{
    double zpn = powabs(z, bw.p) * powabs(z, bw.n); /* |z|^(p+n) */
    /*@ assert zpn: domain_state(z) ==> nonneg_within(zpn, (double)1.0); */
    double power = zpn * absval(u);
    /*@ assert power: domain_state(z) && domain_rate(u)
                      ==> nonneg_within(power, (double)0x1p128); */
    double gained = power * hysteretic_gain(bw);
    /*@ assert gained: bw_dom(bw) && domain_state(z) && domain_rate(u)
                       ==> nonneg_within(gained, (double)0x1p188); */
    return gained * sign_factor(bw.beta, bw.gamma, z, u);
}
