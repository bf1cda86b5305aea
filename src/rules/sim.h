/* sim.h - a run of the hybrid system: options, the hybrid trajectory
 * (event list, flow intervals, samples), the per-collision observables of
 * Eqs. (193)-(204) (contact.h) and the energy ledger of Prop. III.4
 * (its bound and check: run_rules.h). */
#ifndef COLLIDE_SIM_H
#define COLLIDE_SIM_H

#include "common.h"
#include "contact.h"
#include "records.h"
#include "run_rules.h"
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

/* The number of points of the uniform sample grid on [0, T] of the
 * options o: sim_grid_count (run_rules.h) of o->n_samples (t_positive:
 * T > 0). */
int sim_grid_points(const sim_options *o, int t_positive);

/* Energy ledger over the whole run, Eq. (24). */
typedef struct ledger_rec {
    double V0, VT, Is, DeltaC, DeltaD;
    double residual;   /* V(T) - V(0) + Delta_C + Delta_D - I_s */
    double scale;      /* the largest V and |I_s| at t = 0, at T and on
                          both sides of every jump */
    double bound;      /* the bound of |residual| (sim_ledger_bound) */
} ledger_rec;

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
