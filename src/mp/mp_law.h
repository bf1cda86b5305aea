/* mp_law.h - the contact laws of Section IV-B in the high-precision mode:
 * each law's Phi, Psi, V_c and d_c (Definition V.1) written onto an
 * expression tape (mp_tape.h), evaluated as Taylor series in MPFR. A law's
 * tape form is reached through its registry entry (registry.h), beside
 * its binary64 form: no dispatch by name. */
#ifndef COLLIDE_MP_LAW_H
#define COLLIDE_MP_LAW_H

#include "law.h"
#include "mp_tape.h"

/* The tape being built and the law's parameters at working precision, in
 * the order of the law's par_names. */
typedef struct mp_builder {
    mp_tape *T;
    mpfr_t *par;
} mp_builder;

/* What a law contributes to the tape, given the nodes of x_c, z_c, v. */
typedef struct mp_law_nodes {
    int phi;               /* Phi, Eq. (59) */
    int psi[LAW_NZ_MAX];   /* Psi, Eq. (59) */
    int storage;           /* V_c */
    int dissipation;       /* d_c */
    int drive[LAW_NZ_MAX]; /* Bouc-Wen: the node of u of Psi_i, else -1 */
} mp_law_nodes;

/* The indices of the Bouc-Wen parameters in par (law_boucwen.h): k,
 * alpha, A, beta, gamma, n, p, c. */
enum mp_bw_param { BK, BALPHA, BA, BBETA, BGAMMA, BN, BP, BC };

/* The clamped linear law, Eq. (175) (law_clamped.c). */
void mp_law_clamped(const mp_builder *b, int xc, const int *z, int v,
                    mp_law_nodes *n);

/* The SHCCL, Eq. (69) with alpha = 1 (law_shccl.c). */
void mp_law_shccl(const mp_builder *b, int xc, const int *z, int v,
                  mp_law_nodes *n);

/* The BWSHCCL, Eqs. (68)-(69) (law_bwshccl.c). */
void mp_law_bwshccl(const mp_builder *b, int xc, const int *z, int v,
                    mp_law_nodes *n);

/* The BWMCL, Eqs. (70)-(72) (law_bwmcl.c). */
void mp_law_bwmcl(const mp_builder *b, int xc, const int *z, int v,
                  mp_law_nodes *n);

#endif
