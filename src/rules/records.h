/* records.h - the records of a run that both engines fill and the output
 * reads: the options of the method, a jump as taken, the counters and the
 * end of a run. They do not depend on the precision of the engine. */
#ifndef COLLIDE_RECORDS_H
#define COLLIDE_RECORDS_H

#include "collide.h"
#include "common.h"
#include "event.h"

/* One jump of the hybrid trajectory, as the engine takes it and the
 * result records it (sim.h): the state at (t_j, j) before and at
 * (t_j, j+1) after the reset; rate_scale is max(|margin|, |d g/dt| of the
 * event's guard at the start of the flow interval that the event ends). */
typedef struct event_rec {
    double t;
    event_discrete d;       /* j, the transition, grazing, C and D (event.h) */
    double before[COLLIDE_NY_MAX], after[COLLIDE_NY_MAX];
    double margin;          /* sigma * d/dt g at t- (event semantics, doc/design.md) */
    double rate_scale;      /* scale the margin is compared with */
    double bracket_lo, bracket_hi; /* final bracket of the root finder */
} event_rec;

typedef struct engine_options {
    double rtol, atol, h_max;
    double t_tol;          /* event time tolerance (0: to adjacent doubles) */
    double graze_tol;
    int zeno_events;       /* stop when this many events fall ... */
    double zeno_window;    /* ... within this much time */
    long max_steps;
    int samples_per_step;  /* dense-output samples per step for screening */
    int root_max_iter;     /* evaluations to locate an event (0: 400); a
                              bracket still wider than t_tol and not
                              adjacent doubles after them stops the run */
} engine_options;

#define ENGINE_UNDECIDED_TIMES COLLIDE_UNDECIDED_TIMES /* times of undecided
                                                      near-touches kept */

/* nstops counts the steps ended at a stop (an event or a switching
 * point); nstops_tail of them came after the last event, at t_tail (0
 * when there was none). nundecided counts the undecided near-touches:
 * instants at which the guard of an enabled transition came within its
 * error band of zero and went back (a crossing taken as a touch within
 * the error of the run, or a least distance to zero within that error),
 * where the tolerances of the run cannot tell a touch, a crossing and a
 * miss apart; t_undecided holds the times of the first
 * ENGINE_UNDECIDED_TIMES of them. */
typedef struct engine_stats {
    long steps_accepted, steps_rejected, nfev, nevents, nstops;
    long nstops_tail;
    double t_tail;
    long nundecided;
    double t_undecided[ENGINE_UNDECIDED_TIMES];
} engine_stats;

typedef struct engine_result {
    collide_status status;
    char diagnosis[2048];
    double t;
    int j, q;
    double y[COLLIDE_NY_MAX];
    engine_stats stats;
    int initial_c_and_d;
} engine_result;

#endif
