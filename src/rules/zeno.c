/* zeno.c - the Zeno screen of both engines; see zeno.h. */
#include "zeno.h"

/* The ring takes t in the slot of event count; the oldest of the last n
 * is then in the slot of event count + 1 - n, the slot the next event
 * will take (zeno_oldest's; read here, not called, so that the contract
 * compares the stored double itself). */
int zeno_push(zeno_ring *z, double t, int n, double window)
{
    if (n < 2 || n > COLLIDE_ZENO_EVENTS_MAX)
        return 0;
    z->t[z->count % n] = t;
    z->count++;
    return z->count >= n && t - z->t[z->count % n] <= window;
}

double zeno_oldest(const zeno_ring *z, int n)
{
    return z->t[z->count % n];   /* the slot the next event will take */
}
