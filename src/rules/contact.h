/* contact.h - a collision's row, written once for both engines: the
 * columns of collisions.csv (Eqs. 193-204 and the collision's ledger),
 * and what the row takes when a contact begins and when it ends.
 *
 * An engine shows the row it fills through a contact_numbers: small
 * primitives that set one column of its own numbers (binary64 or MPFR)
 * from a time, a component of a state, the storage V, the contact force
 * or the column's defining formula. Which column takes what and when is
 * a closed dispatch: the k-th step of a contact's beginning, of the
 * flight it ends and of its end (contact_begin_step, contact_flight_step,
 * contact_end_step, contact.c) is a value, proved equal to the rule of
 * spec/contact_rules.acsl, and contact_run.c applies the steps in order
 * through the engine's primitives, so that the two engines' rows hold the
 * same quantities by construction; each engine keeps only its arithmetic
 * and the maxima over its steps (Eqs. 198-199), a step of its method. */
#ifndef COLLIDE_CONTACT_H
#define COLLIDE_CONTACT_H

#include "hybrid.h"
#include "transition.h"

/* The numbers of a row of collisions.csv after its index i, in order:
 * Eqs. (193)-(204) and the collision's ledger. */
enum table_collision_col {
    TC_TE, TC_TS, TC_TD, TC_TF, TC_VI, TC_VS, TC_E, TC_XCMAX, TC_FCMAX,
    TC_XCR, TC_W, TC_JFC, TC_JFE, TC_LAMBDA, TC_MOM, TC_VSTART, TC_VEND,
    TC_IS, TC_DC, TC_DD, TC_RES, TC_N
};

/* The two states of a jump at time t: (t, j) before the reset and
 * (t, j+1) after it. */
typedef enum contact_side { CONTACT_BEFORE, CONTACT_AFTER } contact_side;

/* An engine's primitives over the row it fills (engine: its view of the
 * row, the event's time t, the states on both sides of the jump and the
 * jump's increment of Delta_D). Each sets column col of the row:
 *   zero:       to 0;
 *   undefined:  to NaN (a quantity not defined, or not yet);
 *   time:       to t;
 *   component:  to y_i of the state on side;
 *   absolute:   to its own absolute value;
 *   storage:    to V of the state on side (Eqs. 91, 94);
 *   raise:      to the larger of itself and column from;
 *   raise_force: to the larger of itself and F_c of the state on side,
 *              in contact;
 *   dissipation: to the jump's increment of Delta_D (0 for the contact
 *              still open at T, which ends without a jump);
 *   formula:    to the equation that defines it, over the row's other
 *              columns and t: t_d (Eq. 194), t_f (Eq. 195, to the next
 *              contact's t_e = t), e (Eq. 197), Lambda (Eq. 204), the
 *              momentum residual (Eq. 203), the residual (Eq. 24);
 * and is_zero tells whether column col is 0. */
typedef struct contact_numbers {
    void (*zero)(void *engine, int col);
    void (*undefined)(void *engine, int col);
    void (*time)(void *engine, int col);
    void (*component)(void *engine, int col, contact_side side, int i);
    void (*absolute)(void *engine, int col);
    void (*storage)(void *engine, int col, contact_side side);
    void (*raise)(void *engine, int col, int from);
    void (*raise_force)(void *engine, int col, contact_side side);
    void (*dissipation)(void *engine, int col);
    void (*formula)(void *engine, int col);
    int (*is_zero)(void *engine, int col);
    int (*is_undefined)(void *engine, int col);
} contact_numbers;

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

/* What a step of a row's update does to its column col: the primitive of
 * contact_numbers it calls, and for the last two a primitive chosen by
 * the row itself:
 *   CONTACT_FORMULA_UNLESS_ZERO: undefined when column arg is 0, else
 *       formula (e, Eq. 197: undefined from rest);
 *   CONTACT_FORMULA_IF_UNDEFINED: formula when the column is undefined,
 *       else kept (t_f, Eq. 195: set once, at the next contact). */
typedef enum contact_op {
    CONTACT_ZERO, CONTACT_UNDEFINED, CONTACT_TIME, CONTACT_COMPONENT,
    CONTACT_ABSOLUTE, CONTACT_STORAGE, CONTACT_RAISE, CONTACT_RAISE_FORCE,
    CONTACT_DISSIPATION, CONTACT_FORMULA, CONTACT_FORMULA_UNLESS_ZERO,
    CONTACT_FORMULA_IF_UNDEFINED
} contact_op;

/* A step: op on column col; side, the state a component, the storage or
 * the force is read on; arg, the component i (CONTACT_COMPONENT) or the
 * other column read (CONTACT_RAISE, CONTACT_FORMULA_UNLESS_ZERO), else 0
 * (side CONTACT_BEFORE when not read). */
typedef struct contact_step {
    contact_op op;
    int col;
    contact_side side;
    int arg;
} contact_step;

/* The number of steps of a contact's beginning, of the flight it ends,
 * and of its end. */
#define CONTACT_BEGIN_STEPS (TC_N + 3)
#define CONTACT_FLIGHT_STEPS 1
#define CONTACT_END_STEPS 19

#include "../../spec/contact_rules.acsl"

/* The number of column col of collisions.csv (TC_TE ... TC_RES) in
 * collision c; NULL for a col out of range. */
/*@ assigns \nothing;
  @ ensures column: collision_column_is((collision_rec *)c, col, (double *)\result);
  @*/
const double *collision_column_of(const collision_rec *c, int col);

/*@ assigns \nothing;
  @ ensures column: collision_column_is(c, col, \result);
  @*/
double *collision_column(collision_rec *c, int col);

/* Step k of a contact that begins by transition tr (the state after the
 * jump laid out by L): every column 0 first, so that the maxima start at
 * 0; then t_e, v_i and V at the start. */
/*@ requires layout: valid_layout(L);
  @ requires tr: 0 <= tr < TR_COUNT;
  @ requires k: 0 <= k < CONTACT_BEGIN_STEPS;
  @ assigns \nothing;
  @ ensures eq193_196: contact_begin_rule(*L, tr, k, \result);
  @*/
contact_step contact_begin_step(const layout *L, int tr, int k);

/* Step k of the flight that a contact beginning now ends: the t_f of the
 * previous row, when it has none yet. */
/*@ requires k: 0 <= k < CONTACT_FLIGHT_STEPS;
  @ assigns \nothing;
  @ ensures eq195: contact_flight_rule(k, \result);
  @*/
contact_step contact_flight_step(int k);

/* Step k of a contact's end: the observables from the state before the
 * jump, then the contact's ledger with V after it. */
/*@ requires layout: valid_layout(L);
  @ requires k: 0 <= k < CONTACT_END_STEPS;
  @ assigns \nothing;
  @ ensures eq193_204: contact_end_rule(*L, k, \result);
  @*/
contact_step contact_end_step(const layout *L, int k);

/* Whether the contact force acts in mode q: h_c = q_c Phi (Eq. 64), so
 * F_c = -h_c (Eq. 59) is 0 apart. */
static inline int contact_force_acts(int q)
{
    return q != 0;
}

/* The steps applied in order through the engine's primitives
 * (contact_run.c).
 * A contact begins by transition tr at t (the row the engine's view
 * holds, state after the jump laid out by L): every column 0, so that
 * the maxima start at 0; t_e, v_i and V at the start. */
void contact_begin(const contact_numbers *n, void *engine, const layout *L,
                   int tr);

/* The flight that a contact beginning at t ends: the t_f of the previous
 * row (the engine's view), when it has none yet. */
void contact_flight(const contact_numbers *n, void *engine);

/* A contact ends at t (a separation, or T for the contact still open
 * then): the observables from the state before the jump (the state at T)
 * and the contact's ledger with V after the jump (the same state at
 * T). */
void contact_end(const contact_numbers *n, void *engine, const layout *L);

#endif
