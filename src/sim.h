/* sim.h - a run of the hybrid system: options, the hybrid trajectory
 * (event list, flow intervals, samples), the per-collision observables of
 * Eqs. (193)-(204) and the energy ledger of Prop. III.4. */
#ifndef COLLIDE_SIM_H
#define COLLIDE_SIM_H

#include "common.h"
#include "model.h"

typedef struct sim_options {
    double rtol, atol;      /* tolerances of the integrator */
    double h_max;           /* upper step bound (+inf: none) */
    double t_tol;           /* absolute time tolerance of event location */
    double graze_tol;       /* grazing: margin below graze_tol * rate scale */
    int zeno_events;        /* Zeno: this many events ... */
    double zeno_window;     /* ... within this much simulated time */
    long max_steps;         /* hard bound on accepted steps */
    int n_samples;          /* samples on a uniform grid of [0, T] (>= 0) */
    const double *sample_at;/* further sample times in [0, T] (may be NULL) */
    int n_sample_at;
} sim_options;

/* The defaults: the paper's tolerances (Section VI-A), no step bound. */
sim_options sim_options_default(void);

/* Transitions of the guards table (DESIGN.md), in priority order per mode. */
typedef enum transition_id {
    TR_COMMENCE_TOUCH = 0,   /* mode 0: guard x, sigma -1, enabled v <= 0 */
    TR_COMMENCE_OVERLAP = 1, /* mode 0: guard v, sigma -1, enabled x <= 0 */
    TR_SEPARATE = 2,         /* mode 1: guard Phi, sigma +1, enabled v >= 0 */
    TR_SEPARATE_ADHESIVE = 3 /* mode 1: guard v, sigma +1, enabled Phi >= 0 */
} transition_id;

const char *transition_name(int tr);

/* One jump of the hybrid trajectory: the state at (t_j, j) before and at
 * (t_j, j+1) after the reset. */
typedef struct event_rec {
    double t;
    int j;                  /* jump index: the state before is at (t, j) */
    int tr;                 /* transition_id */
    double before[COLLIDE_NY_MAX], after[COLLIDE_NY_MAX];
    double margin;          /* sigma * d/dt g at t- (second seed) */
    double rate_scale;      /* scale the margin is compared with */
    int grazing;            /* margin <= graze_tol * rate_scale */
    int c_and_d_before;     /* state before lies in C and D at once */
    int c_and_d_after;      /* state after lies in C and D at once */
    double bracket_lo, bracket_hi; /* final bracket of the root finder */
} event_rec;

/* Observables of collision i, Eqs. (193)-(204). */
typedef struct collision_rec {
    int i;
    double t_e, t_s, t_d, t_f;  /* Eqs. (193)-(195); t_f NaN if no next contact */
    double v_i, v_s, e;         /* Eqs. (196)-(197); v_s = v(t_s, 2i+1) */
    double xc_max, Fc_max, xc_r;/* Eqs. (198)-(200) */
    double W, J_Fc, J_Fe;       /* Eqs. (201)-(202) */
    double Lambda;              /* Eq. (204) */
    double momentum_residual;   /* m dv - (J_Fc + J_Fe), Eq. (203) */
    /* ledger over [t_e, t_s] including the separation jump */
    double V_start, V_end, Is, DeltaC, DeltaD, residual;
} collision_rec;

/* Energy ledger over the whole run, Eq. (24). */
typedef struct ledger_rec {
    double V0, VT, Is, DeltaC, DeltaD;
    double residual;   /* V(T) - V(0) + Delta_C + Delta_D - I_s */
    double scale;      /* max over the run of V and |I_s| */
} ledger_rec;

typedef struct sample_rec {
    double t;
    int j, q;
    int boundary;      /* 1: a flow-interval boundary, 0: a grid sample */
    double y[COLLIDE_NY_MAX];
} sample_rec;

typedef struct sim_stats {
    long steps_accepted, steps_rejected, nfev;
    long nevents, nstops;   /* events; steps ended at switching points */
    long nstops_tail;       /* switching stops after the last event ... */
    double t_tail;          /* ... at this time (0: no event) */
    double cpu_seconds;
} sim_stats;

typedef struct sim_result {
    collide_status status;
    char diagnosis[2048];          /* set when status != COLLIDE_OK */
    int ny;                        /* dimension of the integrated state */
    event_rec *events; int nevents, cap_events;
    collision_rec *collisions; int ncollisions, cap_collisions;
    sample_rec *samples; int nsamples, cap_samples;
    int final_contact;             /* 1: a contact lasts to T (not a collision) */
    collision_rec final_partial;   /* its observables up to T (t_s = T) */
    ledger_rec ledger;
    sim_stats stats;
    double t_final; int j_final, q_final;
    double y_final[COLLIDE_NY_MAX];
    int initial_c_and_d;           /* the initial state is in C and D at once */
} sim_result;

/* Runs the hybrid system of m over [0, m->T]. Returns r->status. */
collide_status sim_run(const model *m, const sim_options *o, sim_result *r);

void sim_result_free(sim_result *r);

#endif
