/* zeno.h - the chattering/Zeno screen of both engines: a ring of the
 * times of the last events (spec/zeno.acsl). */
#ifndef COLLIDE_ZENO_H
#define COLLIDE_ZENO_H

#include "common.h"

/* The chattering/Zeno screen of both engines: the times of the last
 * events, in a ring. */
typedef struct zeno_ring {
    double t[COLLIDE_ZENO_EVENTS_MAX];
    long count;            /* events pushed so far */
} zeno_ring;

#include "../../spec/zeno.acsl"

/* Records an event at time t and returns 1 when it and the n - 1 events
 * before it all fall within window of simulated time (t minus the oldest
 * of the n is at most window); 0 when fewer than n events were taken, or
 * when n is outside [2, COLLIDE_ZENO_EVENTS_MAX] (no screen). */
/*@ requires zeno_ring_valid(z);
  @ requires count_room: z->count < 9223372036854775807;
  @ assigns z->t[0 .. COLLIDE_ZENO_EVENTS_MAX - 1], z->count;
  @ behavior screen:
  @   assumes zeno_screen_on(n);
  @   ensures ring_count: z->count == \old(z->count) + 1;
  @   ensures ring_newest: z->t[zeno_slot(\old(z->count), n)] == t;
  @   ensures ring_others: \forall integer i; 0 <= i < COLLIDE_ZENO_EVENTS_MAX &&
  @     i != zeno_slot(\old(z->count), n) ==> z->t[i] == \old(z->t[i]);
  @   ensures ring_valid: zeno_ring_valid(z);
  @   ensures zeno_result: \result == 1 <==>
  @     zeno_stop(z->count, n, t, z->t[zeno_oldest_slot(z->count, n)], window);
  @   ensures zeno_bool: \result == 0 || \result == 1;
  @ behavior off:
  @   assumes !zeno_screen_on(n);
  @   ensures ring_kept: z->count == \old(z->count) &&
  @     \forall integer i; 0 <= i < COLLIDE_ZENO_EVENTS_MAX ==>
  @       z->t[i] == \old(z->t[i]);
  @   ensures \result == 0;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
int zeno_push(zeno_ring *z, double t, int n, double window);

/* The time of the oldest of the last n events (after zeno_push returned 1). */
/*@ requires \valid_read(z) && 0 <= z->count && zeno_screen_on(n);
  @ assigns \nothing;
  @ ensures zeno_oldest: \result == z->t[zeno_oldest_slot(z->count, n)];
  @*/
double zeno_oldest(const zeno_ring *z, int n);

#endif
