/* engine.h - the generic hybrid engine of the event semantics (doc/design.md): modes, outgoing
 * transitions with guard, declared orientation, enabling condition, reset
 * and a fixed priority order; event location on the continuous extension;
 * rule R2 (flow while the state stays in the flow set); switching points
 * of a non-smooth right-hand side stepped to exactly. It knows nothing of
 * impacts: impact.c instantiates it with H_r or H_f. */
#ifndef COLLIDE_ENGINE_H
#define COLLIDE_ENGINE_H

#include "common.h"
#include "dop853.h"
#include "event.h"
#include "records.h"
#include "zeno.h"
#include "engine_rules.h"    /* finite_vector, ENGINE_NSWITCH_MAX */

#define ENGINE_TRANS_MAX 8
#define ENGINE_LAST_EVENTS 3  /* events a diagnosis names */

typedef struct hybrid_transition {
    const char *name;
    int from, to;  /* modes */
    int sigma;     /* declared crossing orientation, -1 or +1 */
} hybrid_transition;

/* What an instance provides. Transitions are listed in priority order:
 * within a mode, an earlier entry wins a tie. */
typedef struct hybrid_system {
    int ny;
    int ntrans;
    const hybrid_transition *trans;
    void *ctx;
    /* flow map of mode q (with the quadrature states) */
    void (*flow)(void *ctx, int q, double t, const double *y, double *dy);
    /* guard g of transition tr and its time derivative given dy */
    double (*guard)(void *ctx, int tr, double t, const double *y);
    double (*guard_rate)(void *ctx, int tr, double t, const double *y,
                         const double *dy);
    /* optional (may be NULL): the component i of the state that the guard
       of transition tr is (g(t, y) = y_i, d g/dt = dy_i), or -1 when it is
       no component; such a guard is screened with an enclosure of its
       component on each step (no crossing between samples missed), every
       other one at the samples */
    int (*guard_component)(void *ctx, int tr);
    int (*enabled)(void *ctx, int tr, double t, const double *y);
    /* reset of transition tr: ynew = R(t, y) */
    void (*reset)(void *ctx, int tr, double t, const double *y, double *ynew);
    /* membership of (y, mode q) in the flow set and the jump set */
    int (*in_flow_set)(void *ctx, int q, double t, const double *y);
    int (*in_jump_set)(void *ctx, int q, double t, const double *y);
    /* optional (may be NULL): whether y of mode q, before or after the
       jump of transition tr, lies in C and D at once, the event's guard
       taken as zero there; NULL: in_flow_set and in_jump_set at y */
    int (*in_c_and_d_at_event)(void *ctx, int q, int tr, double t,
                               const double *y);
    /* switching functions of mode q (non-smooth points of the flow map) */
    int (*nswitch)(void *ctx, int q);
    void (*switching)(void *ctx, int q, double t, const double *y, double *out);
    /* a bound on the error of each value of switching at y, whose components
       are known to within err[] (optional, may be NULL: exact); a sign
       change within it is not a switching point */
    void (*switching_noise)(void *ctx, int q, double t, const double *y,
                       const double *err, double *out);
    /* next time > t at which the flow map is not smooth in t, or +inf */
    double (*next_breakpoint)(void *ctx, double t);
    /* for diagnoses (optional, may be NULL): the name of mode q and of
       component i of the state */
    const char *(*mode_name)(void *ctx, int q);
    const char *(*component_name)(void *ctx, int i);
    /* optional (may be NULL): non-zero when the state y accepted at t lies
       outside the domain the instance's functions are proved on, with
       what (len bytes) naming the quantity, its value and the domain; the
       run then stops there with COLLIDE_E_DOMAIN */
    int (*outside_domain)(void *ctx, double t, const double *y, char *what,
                          size_t len);
    /* optional (may be NULL): asked after each accepted step that ends
       before T; non-zero (the caller cancelled the run) stops the run
       there with COLLIDE_E_INTERRUPT */
    int (*cancelled)(void *ctx);
} hybrid_system;

/* An accepted piece of flow [t0, t1] in mode q, for observers: the end
 * states, and the continuous extension of the step it was cut from (valid
 * on [t0, t1]). When ns > 0, sy[k] and sdy[k] are the state and its rate
 * at st[k] = t0 + h k / ns, k = 0 .. ns, as the engine already evaluated
 * them to screen the step of size h = t1 - t0 up to rounding: the
 * continuous extension and its derivative inside, and at the ends the
 * step's own y0, f0 and y1, f1. */
typedef struct flow_piece {
    int q, j;
    double t0, t1;
    const double *y0, *y1;
    const dop853_step_data *dense;
    int ns;
    const double *st;
    const double (*sy)[COLLIDE_NY_MAX];
    const double (*sdy)[COLLIDE_NY_MAX];
} flow_piece;

/* Observers: called on each accepted flow piece and each event. A non-zero
 * return value stops the run with that status. */
typedef struct engine_observer {
    void *ctx;
    int (*on_flow)(void *ctx, const flow_piece *p);
    int (*on_event)(void *ctx, const event_rec *e);
} engine_observer;

/* Runs the hybrid system from (t0 = 0, y0, q0) up to T. A failed run
 * (status != COLLIDE_OK) leaves in diagnosis what stopped it, the
 * simulated time, the jump count, the mode, the state and the last
 * ENGINE_LAST_EVENTS events. */
collide_status engine_run(const hybrid_system *H, const engine_options *o,
                          const engine_observer *obs, double T,
                          const double *y0, int q0, engine_result *r);

#endif
