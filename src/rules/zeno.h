/* zeno.h - the chattering/Zeno screen of both engines: a ring of the
 * times of the last events. */
#ifndef COLLIDE_ZENO_H
#define COLLIDE_ZENO_H

#include "common.h"

/* The chattering/Zeno screen of both engines: the times of the last
 * events, in a ring. */
typedef struct zeno_ring {
    double t[COLLIDE_ZENO_EVENTS_MAX];
    long count;            /* events pushed so far */
} zeno_ring;

/* Records an event at time t and returns 1 when it and the n - 1 events
 * before it all fall within window of simulated time (t minus the oldest
 * of the n is at most window); 0 when fewer than n events were taken, or
 * when n is outside [2, COLLIDE_ZENO_EVENTS_MAX] (no screen). */
int zeno_push(zeno_ring *z, double t, int n, double window);

/* The time of the oldest of the last n events (after zeno_push returned 1). */
double zeno_oldest(const zeno_ring *z, int n);

#endif
