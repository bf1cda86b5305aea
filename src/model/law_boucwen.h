/* law_boucwen.h - the parts common to the two Bouc-Wen laws of Section IV-B,
 * BWSHCCL (Eqs. 68-69) and BWMCL (Eqs. 70-72): the elastic and hysteretic
 * branches of the force, the Bouc-Wen rate of the hysteretic deflection,
 * the storage of the two branches and the hysteretic dissipation.
 *
 * Both laws store their parameters as {k, alpha, A, beta, gamma, n, p, c}
 * (enum bw_index); bw_unpack() reads them into a bw_params, on which the
 * other functions work without touching memory.  The force branches act on
 * the deflections a (elastic) and b (hysteretic): a = x_c, b = z_c for
 * BWSHCCL; a = z_c,2, b = z_c,1 for BWMCL. */
#ifndef COLLIDE_LAW_BOUCWEN_H
#define COLLIDE_LAW_BOUCWEN_H

/* Indices into par[] shared by BWSHCCL and BWMCL. */
enum bw_index {
    BW_K = 0,
    BW_ALPHA = 1,
    BW_A = 2,
    BW_BETA = 3,
    BW_GAMMA = 4,
    BW_N = 5,
    BW_P = 6,
    BW_C = 7,
    BW_NPAR = 8
};

/* The parameters of a Bouc-Wen law, named as in Eqs. (68)-(72). */
typedef struct bw_params {
    double k, alpha, A, beta, gamma, n, p, c;
} bw_params;

#include "../../spec/float_range.acsl"
#include "../../spec/law_params.acsl"
#include "../../spec/law_domain.acsl"
#include "../../spec/law_phi.acsl"
#include "../../spec/law_boucwen.acsl"
#include "../../spec/law_boucwen_equations.acsl"

/* par[0 .. 7] as a bw_params. */
/*@ requires par_valid: \valid_read(par + (0 .. 7));
    assigns \nothing;
    ensures bwshccl: bwshccl_admissible(par)
                     ==> bw_ok(\result) && nonnegative(\result.c);
    ensures bwmcl: bwmcl_admissible(par)
                   ==> bw_ok(\result) && positive(\result.c);
    ensures bwshccl_domain: bwshccl_domain(par)
                            ==> bw_dom(\result) && domain_gain(\result.c);
    ensures fields: \result.k \in {par[0]} && \result.alpha \in {par[1]} &&
                    \result.A \in {par[2]} && \result.beta \in {par[3]} &&
                    \result.gamma \in {par[4]} && \result.n \in {par[5]} &&
                    \result.p \in {par[6]} && \result.c \in {par[7]};
    ensures bwmcl_domain: bwmcl_domain(par) ==> bw_dom(\result) &&
                          in_range(\result.c, (double)0x1p-20, (double)0x1p40);
*/
bw_params bw_unpack(const double *par);

/* Whether parameter i (0 <= i <= 6) is admissible (Eqs. 68-72). */
/*@ requires par_valid: \valid_read(par + (0 .. 6));
    requires index: 0 <= i <= 6;
    assigns \nothing;
    ensures meaning: \result != 0 <==> bw_param_ok(par, i);
*/
int bw_param_check(const double *par, int i);

/* alpha k a|a|^(p-1) + (1-alpha) k b|b|^(p-1): the first two terms of
 * Eq. (69), and Eq. (72). */
/*@ requires admissible: bw_ok(bw);
    requires finite: \is_finite(a) && \is_finite(b);
    assigns \nothing;
    ensures eq60: zero(a) && zero(b) ==> zero(\result);
    ensures range: bw_dom(bw) && domain_state(a) && domain_state(b)
                   ==> within(\result, (double)0x1p41);
    ensures eq69: \result \in {bw_branch_forces(bw.k, bw.alpha, bw.p, a, b)};
*/
double bw_force(bw_params bw, double a, double b);

/* d/dt of bw_force along (da, db):
 * alpha k p|a|^(p-1) da + (1-alpha) k p|b|^(p-1) db. */
/*@ requires admissible: bw_ok(bw);
    requires finite: \is_finite(a) && \is_finite(b) &&
                     \is_finite(da) && \is_finite(db);
    assigns \nothing;
    ensures range: bw_dom(bw) && domain_state(a) && domain_state(b) &&
                   domain_rate(da) && domain_rate(db)
                   ==> within(\result, (double)0x1p175);
    ensures rate: \result \in {bw_branch_force_rates(bw.k, bw.alpha, bw.p, a, b,
                                                     da, db)};
*/
double bw_force_rate(bw_params bw, double a, double b, double da, double db);

/* A u - beta z|z|^(n-1)|u| - gamma |z|^n u: Eq. (68) with u = v_c and
 * Eq. (70) with u = Psi_2.  u may be any double (Psi_2 overflows outside
 * the proof domain); the bound holds for |u| <= 2^128. */
/*@ requires admissible: bw_ok(bw);
    requires finite: \is_finite(z);
    assigns \nothing;
    ensures range: bw_dom(bw) && domain_state(z) && domain_rate(u)
                   ==> within(\result, (double)0x1p170);
    ensures eq68: \result \in {bouc_wen_rate(bw.A, bw.beta, bw.gamma, bw.n, z, u)};
*/
double bw_hysteresis(bw_params bw, double z, double u);

/* alpha k |a|^(p+1)/(p+1) + (1-alpha) k |b|^(p+1)/(A (p+1)): the storage
 * of the two branches (doc/design.md, "Contact laws"). */
/*@ requires admissible: bw_ok(bw);
    requires finite: \is_finite(a) && \is_finite(b);
    assigns \nothing;
    ensures rest: zero(a) && zero(b) ==> zero(\result);
    ensures range: bw_dom(bw) && domain_state(a) && domain_state(b)
                   ==> nonneg_within(\result, (double)0x1p60);
    ensures storage: \result \in {bw_branch_storage(bw.k, bw.alpha, bw.A, bw.p,
                                                   a, b)};
*/
double bw_storage(bw_params bw, double a, double b);

/* (1-alpha)(k/A)|z|^(p+n)(beta|u| + gamma sgn(z) u), computed as
 * (1-alpha)(k/A)|z|^(p+n)|u|(beta + gamma sgn(z) sgn(u)): the hysteretic
 * part of d_c (doc/design.md), >= 0 because |gamma| <= beta.  u may be any
 * double; the bound holds for |u| <= 2^128. */
/*@ requires admissible: bw_ok(bw);
    requires finite: \is_finite(z);
    assigns \nothing;
    ensures range: bw_dom(bw) && domain_state(z) && domain_rate(u)
                   ==> nonneg_within(\result, (double)0x1p230);
    ensures dissipation:
      \result \in {bw_hysteretic_dissipation(bw.k, bw.alpha, bw.A, bw.beta,
                                             bw.gamma, bw.n, bw.p, z, u)};
*/
double bw_dissipation(bw_params bw, double z, double u);

#endif
