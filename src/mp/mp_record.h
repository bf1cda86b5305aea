/* mp_record.h - what a high-precision run records (mp_record.c, internal
 * to src/mp): samples, the observables of a contact, events and the jump
 * map, over the run's state (mp_run.h) and its series (mp_series.h); used
 * by mp_sim.c. */
#ifndef COLLIDE_MP_RECORD_H
#define COLLIDE_MP_RECORD_H

#include "mp_run.h"

/* ---- mp_record.c: samples, observables, events ----------------------------- */

/* A collision row at precision prec (its values 0), cleared, and copied. */
void mp_collision_init(mp_collision *c, mpfr_prec_t prec);
void mp_collision_clear(mp_collision *c);
void mp_collision_copy(mp_collision *to, const mp_collision *from);

/* The value of node `node` at (t, y): V, F_c or F_e,r (order 0). */
void mp_point_value(run *R, mpfr_t out, int node, mpfr_srcptr t, mpfr_t *y);

/* A row of samples.csv at (t, j, q): boundary 1 when it bounds a flow
 * interval. 0, or -1 out of memory. */
int mp_add_sample(run *R, mpfr_srcptr t, int j, int q, int boundary,
                  mpfr_t *y);

/* Grid samples in (t_prev, t_end] from the series of the step. */
int mp_sample_step(run *R, mpfr_srcptr t_end);

/* The largest of `current` and the node's value (|value| when absolute)
 * over [0, s_end] of the step: at s_end and at the zeros of its slope. */
void mp_step_max(run *R, int node, int absolute, mpfr_srcptr s_end,
                 mpfr_t current);

/* The contact still open at T (R->q = 1) as the run's final_partial:
 * its row (contact_end, contact.h) from the state at (R->t, R->j), with
 * no jump. */
void mp_final_contact(run *R);


/* Signs of x, v and Phi at (t, y) as doubles, for the binary64 logic. */
void mp_guard_signs(run *R, mpfr_srcptr t, mpfr_t *y, double *sx,
                    double *sv, double *sphi);

/* The ledger scale: the largest V and |I_s|, taken at t = 0, at T and on
 * both sides of every jump (the instants both engines compute whatever
 * their steps: impact.c track_scale). */
void mp_track_scale(run *R, mpfr_srcptr t, mpfr_t *y);

/* Jump by transition tr at the current (t, y): the event record, the
 * ledger at the jump (mp_spec_delta_d_step), the observables. */
int mp_take_event(run *R, int tr, const root *z, mpfr_srcptr margin,
                  mpfr_srcptr rate_scale);

#endif
