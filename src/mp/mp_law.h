/* mp_law.h - the contact laws of Section IV-B in the high-precision mode:
 * each law's Phi, Psi, V_c and d_c (Definition V.1) written onto an
 * expression tape (mp_tape.h), evaluated as Taylor series in MPFR. The
 * tape forms are generated from the spec/ definitions that the binary64
 * laws are proved against (proofs/spec2tape.py writes mp_law_spec.c); a
 * law's form is found by the law's name, and its parameter list must be
 * the binary64 law's. */
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
    int phi;               /* Phi, generated (mp_law_spec.c) */
    int psi[LAW_NZ_MAX];   /* Psi, generated (mp_law_spec.c) */
    int storage;           /* V_c */
    int dissipation;       /* d_c */
    int drive[LAW_NZ_MAX]; /* Bouc-Wen: the node of u of Psi_i, else -1 */
} mp_law_nodes;

/* The indices of the Bouc-Wen parameters in par (law_boucwen.h): k,
 * alpha, A, beta, gamma, n, p, c. */
enum mp_bw_param { BK, BALPHA, BA, BBETA, BGAMMA, BN, BP, BC };

/* A law's high-precision form: its Phi, Psi, V_c and d_c written onto the
 * tape of b, from the nodes of x_c, z_c (n_z of them) and v. */
typedef void (*law_tape_fn)(const mp_builder *b, int xc, const int *z, int v,
                            mp_law_nodes *n);

/* One law's tape form, as spec/law_<name>_equations.acsl defines it. */
typedef struct mp_law_form {
    const char *name;              /* the law's name (law.h) */
    int nz;                        /* n_z */
    int npar;                      /* its parameters, in the order of */
    const char *const *par_names;  /* the spec definitions' arguments */
    law_tape_fn tape;
} mp_law_form;

/* The generated forms (mp_law_spec.c), ended by one whose name is NULL. */
extern const mp_law_form mp_law_forms[];

/* The tape form of law l: the form of its name whose n_z and parameter
 * names are l's; NULL when there is none. */
law_tape_fn mp_law_find(const law *l);

#endif
