/* mp_law.c - the contact laws at working precision, as tapes (see
 * mp_law.h): each the same equations as its binary64 form in src/model,
 * named beside it, and reached through the same registry entry
 * (registry.c). */
#include "mp_law.h"

static int K(const mp_builder *b, int i) { return mp_const(b->T, b->par[i]); }

/* 1 - par[i]. */
static int complement(const mp_builder *b, int i)
{
    return mp_sub(b->T, mp_const_d(b->T, 1.0), K(b, i));
}

/* |a|^(p+1) / (p+1), with p = par[i]. */
static int power_storage(const mp_builder *b, int a, int i)
{
    mpfr_t p1;
    int r;
    mpfr_init2(p1, b->T->prec);
    mpfr_add_ui(p1, b->par[i], 1, MPFR_RNDN);
    r = mp_div(b->T, mp_powabs(b->T, a, p1), mp_const(b->T, p1));
    mpfr_clear(p1);
    return r;
}

/* Clamped linear law, Eq. (175): Phi = k min(x_c, 0), V_c = k min^2 / 2. */
void mp_law_clamped(const mp_builder *b, int xc, const int *z, int v,
                    mp_law_nodes *n)
{
    mp_tape *T = b->T;
    int m = mp_minz(T, xc);
    (void)z;   /* n_z = 0; Phi does not depend on v */
    (void)v;
    n->phi = mp_mul(T, K(b, 0), m);
    n->storage = mp_mul(T, mp_const_d(T, 0.5), mp_mul(T, n->phi, m));
    n->dissipation = mp_const_d(T, 0.0);
}

/* c |x|^p v and c |x|^p v^2: the Simon-Hunt-Crossley damping (Eq. 69,
 * third term) and its dissipation; c = par[ic], p = par[ip]. */
static void shc_damping(const mp_builder *b, int x, int v, int ic, int ip,
                        int *force, int *dissipation)
{
    mp_tape *T = b->T;
    int cx = mp_mul(T, K(b, ic), mp_powabs(T, x, b->par[ip]));
    *force = mp_mul(T, cx, v);
    *dissipation = mp_mul(T, *force, v);
}

/* SHCCL, Eq. (69) with alpha = 1 (law_shccl.c): {k, p, c}. */
void mp_law_shccl(const mp_builder *b, int xc, const int *z, int v,
                  mp_law_nodes *n)
{
    mp_tape *T = b->T;
    int spring = mp_mul(T, K(b, 0), mp_powsgn(T, xc, b->par[1])), damping;
    (void)z;   /* n_z = 0 */
    shc_damping(b, xc, v, 2, 1, &damping, &n->dissipation);
    n->phi = mp_add(T, spring, damping);
    n->storage = mp_mul(T, K(b, 0), power_storage(b, xc, 1));
}

/* alpha k a|a|^(p-1) + (1-alpha) k b|b|^(p-1) (Eqs. 69, 72; bw_force). */
static int bw_force(const mp_builder *b, int a, int bb)
{
    mp_tape *T = b->T;
    int ka = mp_mul(T, K(b, BK), mp_powsgn(T, a, b->par[BP]));
    int kb = mp_mul(T, K(b, BK), mp_powsgn(T, bb, b->par[BP]));
    return mp_add(T, mp_mul(T, K(b, BALPHA), ka),
                  mp_mul(T, complement(b, BALPHA), kb));
}

/* A u - beta |u| z|z|^(n-1) - gamma u |z|^n (Eqs. 68, 70; bw_hysteresis). */
static int bw_hysteresis(const mp_builder *b, int z, int u)
{
    mp_tape *T = b->T;
    int beta = mp_mul(T, K(b, BBETA),
                      mp_mul(T, mp_powsgn(T, z, b->par[BN]), mp_abs(T, u)));
    int gamma = mp_mul(T, K(b, BGAMMA),
                       mp_mul(T, mp_powabs(T, z, b->par[BN]), u));
    return mp_sub(T, mp_sub(T, mp_mul(T, K(b, BA), u), beta), gamma);
}

/* (alpha k |a|^(p+1) + (1-alpha) k |b|^(p+1) / A) / (p+1) (bw_storage). */
static int bw_storage(const mp_builder *b, int a, int bb)
{
    mp_tape *T = b->T;
    int ea = mp_mul(T, mp_mul(T, K(b, BALPHA), K(b, BK)), power_storage(b, a, BP));
    int eb = mp_mul(T, mp_mul(T, complement(b, BALPHA), K(b, BK)),
                    power_storage(b, bb, BP));
    return mp_add(T, ea, mp_div(T, eb, K(b, BA)));
}

/* (1-alpha) k/A |z|^(p+n) |u| (beta + gamma sgn z sgn u) (bw_dissipation). */
static int bw_dissipation(const mp_builder *b, int z, int u)
{
    mp_tape *T = b->T;
    int zpn = mp_mul(T, mp_powabs(T, z, b->par[BP]), mp_powabs(T, z, b->par[BN]));
    int power = mp_mul(T, zpn, mp_abs(T, u));
    int gain = mp_div(T, mp_mul(T, complement(b, BALPHA), K(b, BK)), K(b, BA));
    int signs = mp_mul(T, mp_sgn(T, z), mp_sgn(T, u));
    int factor = mp_add(T, K(b, BBETA), mp_mul(T, K(b, BGAMMA), signs));
    return mp_mul(T, mp_mul(T, power, gain), factor);
}

/* BWSHCCL, Eqs. (68)-(69) (law_bwshccl.c). */
void mp_law_bwshccl(const mp_builder *b, int xc, const int *z, int v,
                    mp_law_nodes *n)
{
    mp_tape *T = b->T;
    int damping, damping_d;
    shc_damping(b, xc, v, BC, BP, &damping, &damping_d);
    n->phi = mp_add(T, bw_force(b, xc, z[0]), damping);
    n->psi[0] = bw_hysteresis(b, z[0], v);
    n->drive[0] = v;
    n->storage = bw_storage(b, xc, z[0]);
    n->dissipation = mp_add(T, damping_d, bw_dissipation(b, z[0], v));
}

/* BWMCL, Eqs. (70)-(72) (law_bwmcl.c): branches deflected by z_2 and z_1. */
void mp_law_bwmcl(const mp_builder *b, int xc, const int *z, int v,
                  mp_law_nodes *n)
{
    mp_tape *T = b->T;
    int psi2;
    (void)xc;  /* Eqs. (70)-(72) depend on z_1, z_2 and v only */
    n->phi = bw_force(b, z[1], z[0]);                            /* Eq. (72) */
    psi2 = mp_sub(T, v, mp_div(T, n->phi, K(b, BC)));           /* Eq. (71) */
    n->psi[1] = psi2;
    n->psi[0] = bw_hysteresis(b, z[0], psi2);                    /* Eq. (70) */
    n->drive[0] = psi2;
    n->storage = bw_storage(b, z[1], z[0]);
    n->dissipation = mp_add(T, mp_div(T, mp_mul(T, n->phi, n->phi), K(b, BC)),
                            bw_dissipation(b, z[0], psi2));
}
