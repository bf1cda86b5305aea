/* event.h - the discrete part of an event of the hybrid trajectory (the
 * event semantics of doc/design.md): what both engines record of a jump
 * besides its numbers, in one type, and what events.csv writes of it
 * (src/io/tables.c). The binary64 engine's event_rec (src/b64/engine.h)
 * and the high-precision engine's mp_event (src/mp/mp_sim.h) each hold
 * one; the numbers (time, margin, states) stay in each engine's
 * arithmetic. */
#ifndef COLLIDE_EVENT_H
#define COLLIDE_EVENT_H

typedef struct event_discrete {
    int j;               /* jump index: the state before is at (t, j) */
    int tr;              /* the transition (sim.h: transition_id) */
    int grazing;         /* margin <= graze_tol * rate_scale: no
                            transversality shown */
    int c_and_d_before;  /* the state before lies in C and D at once */
    int c_and_d_after;   /* the state after lies in C and D at once */
} event_discrete;

#endif
