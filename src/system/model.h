/* model.h - the impact model of Section IV: which system (H_r or H_f),
 * which contact law with which parameters, the masses, the input signal,
 * the initial condition and the horizon. Built by scenario.c from decimal
 * text; read by impact.c, which instantiates the hybrid engine with it. */
#ifndef COLLIDE_MODEL_H
#define COLLIDE_MODEL_H

#include "law.h"
#include "system_kind.h"

typedef enum input_kind {
    INPUT_NONE = 0,     /* F_e,1 = F_e,2 = 0 */
    INPUT_CONSTANT = 1, /* H_r: F_e,r = F (e.g. -m g); H_f: F_e,1, F_e,2 constant */
    INPUT_STUDY2 = 2    /* the forces of Eqs. (205)-(211) */
} input_kind;

typedef struct input_signal {
    input_kind kind;
    double F1, F2;      /* INPUT_CONSTANT: F_e,1 and F_e,2 (H_r uses F1 as F_e,r) */
    double Fe0, Te, Ts; /* INPUT_STUDY2: F_e,0, T_e, T_s of Eqs. (207)-(209) */
    double vm0;         /* INPUT_STUDY2: v_m,0 of Eq. (207) */
    int gravity;        /* INPUT_CONSTANT of input = gravity: F_e,i = -m_i g */
} input_signal;

typedef struct model {
    system_kind sys;
    const law *law;
    double par[LAW_NPAR_MAX]; /* in the order of law->par_names */
    double m;                 /* effective mass, Eq. (41) (H_r: m = m_1) */
    double m1, m2;            /* H_f: masses of the bodies */
    double eta, eta_c;        /* H_f: Eqs. (48), (49) */
    double l1, l2;            /* Section IV-A: distances C_i to G_i */
    input_signal u;
    double x0, v0;            /* Eq. (47) */
    double xm0, vm0;          /* H_f: Eqs. (53), (54) */
    double T;                 /* horizon of the run */
} model;

/* Applied forces (F_e,1, F_e,2) at time t (Section IV-A; Eqs. 208-209). */
void input_forces(const model *m, double t, double *fe1, double *fe2);

/* Reduced applied force F_e,r of the forces (F_e,1, F_e,2) (Eq. 46; H_r:
 * F_e,r = F_e,1); under gravity in H_f it is 0 exactly (m_2 (-m_1 g) -
 * m_1 (-m_2 g) = 0: a uniform field does not act on the relative motion),
 * not the rounding of that difference. */
double reduced_force(const model *m, double fe1, double fe2);

/* Reduced applied force F_e,r at time t (Eq. 46). */
double input_reduced_force(const model *m, double t);

/* The next time strictly after t at which the input signal is not smooth
 * (T_e and T_s of Eqs. 205-209), or +inf. */
double input_next_breakpoint(const model *m, double t);

#endif
