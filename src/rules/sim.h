/* sim.h - a run of the hybrid system: options, the hybrid trajectory
 * (event list, flow intervals, samples), the per-collision observables of
 * Eqs. (193)-(204) and the energy ledger of Prop. III.4. */
#ifndef COLLIDE_SIM_H
#define COLLIDE_SIM_H

#include "common.h"
#include "contact.h"
#include "records.h"
#include "model.h"
#include "transition.h"

/* The options of a run, the one struct from the scenario's run settings
 * to the engines: engine holds the tolerances, the step bound, event
 * location, grazing and Zeno screening and the step budget (records.h);
 * graze_tol, zeno_events, zeno_window and max_steps apply to the
 * high-precision engine too (mp_sim.h). */
typedef struct sim_options {
    engine_options engine;
    int n_samples;          /* samples on a uniform grid of [0, T] (>= 0) */
    const double *sample_at;/* further sample times in [0, T] (may be NULL) */
    int n_sample_at;
    int outside_proved_domain; /* 1: a state outside the proof domain is
                                  recorded (sim_result) and the run goes on;
                                  0: it stops the run (COLLIDE_E_DOMAIN) */
    int (*cancel)(void *ctx); /* NULL, or asked once per accepted step
                                 that ends before T, by both engines:
                                 non-zero stops the run
                                 (COLLIDE_E_INTERRUPT) */
    void *cancel_ctx;
} sim_options;

/* The defaults: the paper's tolerances (Section VI-A), no step bound. */
sim_options sim_options_default(void);

/* Whether the caller's canceller of o (o->cancel) asks the run to stop:
 * asked by both engines after each accepted step that ends before T. */
int sim_cancelled(const sim_options *o);

/* The number of points of the uniform sample grid on [0, T], the
 * definition of both engines: n_samples when it is at least 2, else the
 * two ends 0 and T, or the one point 0 when T is not positive
 * (t_positive: T > 0). */
int sim_grid_points(const sim_options *o, int t_positive);



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
    double ledger_bound;        /* the bound of |residual| (sim_ledger_bound) */
} collision_rec;

/* The number of column col of collisions.csv (contact.h: TC_TE ...
 * TC_RES) in collision c; NULL for a col out of range. */
const double *collision_column_of(const collision_rec *c, int col);
double *collision_column(collision_rec *c, int col);

/* Energy ledger over the whole run, Eq. (24). */
typedef struct ledger_rec {
    double V0, VT, Is, DeltaC, DeltaD;
    double residual;   /* V(T) - V(0) + Delta_C + Delta_D - I_s */
    double scale;      /* the largest V and |I_s| at t = 0, at T and on
                          both sides of every jump */
    double bound;      /* the bound of |residual| (sim_ledger_bound) */
} ledger_rec;

/* The bound of |residual| of Eq. (24) for a run of ny integrated
 * components: R = V + Delta_C - I_s is a first integral of the flow
 * (Prop. III.4: dV/dt = s - q d_c) and the jumps keep it (Delta_D takes
 * V(before) - V(after)), so the residual is the sum over the accepted
 * steps of the change of R by each step's local error, plus rounding.
 * A step is accepted when its error norm is <= 1: the root-mean-square
 * over the ny components of eps_i / sk_i, eps the estimate of the local
 * error (Hairer's DOP853 norm), sk_i = atol + rtol max(|y0_i|, |y1_i|);
 * so its estimated local error in component i is at most sqrt(ny) sk_i,
 * and the change of R at most sqrt(ny) sum_i |dR/dy_i| sk_i. step_error_sum is the sum of
 * sum_i |dR/dy_i| sk_i over the steps (impact.c: ledger_step_error), and
 * magnitude the sum of the magnitudes of the terms the residual adds
 * (|V(T)|, |V(0)|, |Delta_C|, |Delta_D|, |I_s| and V before each jump),
 * whose rounding adds 8 eps magnitude. The rounding of each step's update
 * (eps |y_i|) lies within rtol |y_i|, rtol >= 1e-15 > 4 eps. */
double sim_ledger_bound(int ny, double step_error_sum, double magnitude);

/* The largest bound a ledger is checked against, as a fraction of its
 * scale. The bound of the tolerances (sim_ledger_bound) is a worst case
 * summed over the steps; it reaches the scale itself at rtol ~ 1e-3 (study
 * 1), where it no longer constrains anything: study 1 at rtol 0.5 ends
 * with a residual of a third of its scale, within that bound. An energy
 * balance off by more than 1% of the run's energy is no result at any
 * tolerance, so the bound is capped there. */
#define SIM_LEDGER_CAP 1e-2

/* The bound checked: bound, at most SIM_LEDGER_CAP scale; NaN stays NaN. */
double sim_ledger_cap(double bound, double scale);

/* The check of the ledger: COLLIDE_OK when |residual| <= bound and
 * delta_c >= 0 (a dissipation, Eq. 22); COLLIDE_E_LEDGER when the residual
 * or the bound is not finite, exceeds the bound, or delta_c < 0. */
collide_status sim_ledger_verdict(double residual, double bound,
                                  double delta_c);

typedef struct sample_rec {
    double t;
    int j, q;
    int boundary;      /* 1: a flow-interval boundary, 0: a grid sample */
    double y[COLLIDE_NY_MAX];
} sample_rec;

/* The result of a run. status and diagnosis are the run's verdict (the
 * engine's, or a failure of the result tables or of the ledger check);
 * end is what the engine reports, as it reports it (records.h): the final
 * time, jump count, mode and state, the counters (steps, RHS evaluations,
 * events, stops) and whether the initial state lies in C and D at once. */
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
    engine_result end;
    double cpu_seconds;            /* processor time of the run */
    int left_domain;               /* 1: with outside_proved_domain, a state
                                      left the proof domain ... */
    double t_left_domain;          /* ... first at this time ... */
    char domain_note[192];         /* ... this quantity, value and domain */
} sim_result;

/* Frees the tables of r and leaves it empty: no table, every count and
 * capacity 0 (freeing it again does nothing). */
void sim_result_free(sim_result *r);

#endif
