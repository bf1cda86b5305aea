/* mp_model.h - the impact model of Section IV at working precision: every
 * parameter read again from its decimal text in MPFR, the derived
 * quantities computed in MPFR by the functions generated from
 * spec/derived.acsl and spec/input_forces.acsl (mp_spec.h), and the flow
 * maps, guards, storage function and dissipation rate of H_r or H_f with
 * the scenario's contact law written once as an expression tape
 * (mp_tape.h). The discrete data (system, law, layout, transitions) are
 * those of the binary64 model. */
#ifndef COLLIDE_MP_MODEL_H
#define COLLIDE_MP_MODEL_H

#include <stddef.h>

#include "hybrid.h"
#include "mp_tape.h"
#include "scenario.h"

typedef struct mp_model {
    const model *m;          /* the binary64 model of the same scenario */
    layout L;
    mpfr_prec_t prec;
    mpfr_t mass, mt, eta, eta_c; /* m, m_1 + m_2, eta, eta_c (mp_spec.h) */
    mpfr_t m1, m2;           /* m_1, m_2 (H_r: m_1 = m, m_2 = inf) */
    mpfr_t x0, v0, xm0, vm0, T;
    mp_tape tape;
    int flow[2][COLLIDE_NY_MAX]; /* node of dy_i/dt in mode q */
    int x, v, phi;           /* guards (doc/design.md): x, v and Phi */
    int xc;                  /* the indentation x_c */
    int storage;             /* V (mp_spec_storage_hr/hf_value) */
    int contact_storage;     /* V_c of the law (Definition V.1) */
    int contact_force;       /* F_c = -Phi (Section IV-B) */
    int fer;                 /* F_e,r (mp_spec_reduced_force_value) */
    /* Saturation of a Bouc-Wen state (Eq. 68): with s = sgn u = sgn z_i,
     * Psi = s |u| (A - (beta + gamma) |z_i|^n) vanishes at |z_i| = zeta =
     * (A / (beta + gamma))^(1/n), whatever u of that sign: the set
     * z_i = s zeta is invariant while u keeps the sign s. sat_u[i] is the
     * node of u (v for the BWSHCCL, Psi_2 for the BWMCL), -1 when z_i has
     * no saturation (another law, or beta + gamma = 0). */
    int sat_u[LAW_NZ_MAX];
    mpfr_t sat_zeta[LAW_NZ_MAX];
} mp_model;

/* Builds the model of scenario s at precision prec (bits). Returns
 * COLLIDE_OK, or COLLIDE_E_INPUT with a message naming the field when
 * the scenario is outside what this mode supports, or COLLIDE_E_MEMORY. */
collide_status mp_model_init(mp_model *M, const scenario *s, mpfr_prec_t prec,
                             char *err, size_t errlen);

void mp_model_clear(mp_model *M);

#endif
