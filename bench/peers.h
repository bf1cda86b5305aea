/* peers.h - the programs `make bench` measures collide against: the hybrid
 * system of a scenario integrated by SUNDIALS (ARKODE's explicit
 * Runge-Kutta ERKStep, CVODE's Adams method), with the right-hand side,
 * the contact force, the sets' guards and the reset taken from collide's
 * public interface (collide_model_flow, collide_model_phi,
 * collide_model_reset), so that the physics is the same and only the
 * integration differs. */
#ifndef COLLIDE_BENCH_PEERS_H
#define COLLIDE_BENCH_PEERS_H

#include "collide.h"

/* The observables of a collision, in the order of the columns of
 * collisions.csv: t_e, t_s, t_d, t_f, v_i, v_s, e, xc_max, Fc_max, xc_r,
 * W, J_Fc, J_Fe (Eqs. 193-202). */
#define PEER_NOBS 13

/* The peers. */
typedef enum peer_method {
    PEER_ARKODE_FEHLBERG87 = 0, /* ERKStep, ARKODE_FEHLBERG_13_7_8: 8(7) */
    PEER_ARKODE_VERNER65 = 1,   /* ERKStep, ARKODE_VERNER_8_5_6: 6(5) */
    PEER_CVODE_ADAMS = 2,       /* CVODE, Adams-Moulton, fixed point */
    PEER_COUNT = 3
} peer_method;

/* The name of a peer as the bench prints it ("arkode-fehlberg87", ...). */
const char *peer_name(peer_method p);

/* What a run of a peer gave: its collisions (rows of PEER_NOBS values, a
 * value not defined NaN, as t_f of a last collision without a next
 * contact), its counters, and on failure a message. */
typedef struct peer_result {
    double (*rows)[PEER_NOBS];
    int nrows, cap;
    long steps;     /* steps taken, summed over the restarts */
    long nfev;      /* right-hand-side evaluations, the root functions'
                       evaluations of the flow map included */
    long events;    /* jumps of the trajectory */
    char error[256];
} peer_result;

/* Runs the model m of contact law `law` (collide_scenario_law: "bwmcl"
 * or "bwshccl") over [0, T] with peer p at the scalar tolerances rtol,
 * atol: a restart at every jump, at every breakpoint of the applied
 * forces (collide_model_next_breakpoint) and at every zero of a
 * switching function of the law (where collide's engine stops too); the
 * guards of doc/design.md as root functions (apart: x and v decreasing;
 * in contact: Phi increasing, and v and dPhi/dt in any direction for the
 * maxima of Eqs. 198-199); the quadratures W, J_Fc, J_Fe of Eqs.
 * (201)-(202) integrated with the state and reset at each jump. 0 and *r
 * filled (the caller frees it with peer_result_free), or -1 with
 * r->error saying why. */
int peer_run(const collide_model *m, const char *law, double T,
             peer_method p, double rtol, double atol, peer_result *r);

void peer_result_free(peer_result *r);

#endif
