/* zeno.c - the Zeno screen of both engines; see zeno.h. */
#include "zeno.h"

int zeno_push(zeno_ring *z, double t, int n, double window)
{
    if (n < 2 || n > COLLIDE_ZENO_EVENTS_MAX)
        return 0;
    z->t[z->count % n] = t;
    z->count++;
    return z->count >= n && t - zeno_oldest(z, n) <= window;
}

double zeno_oldest(const zeno_ring *z, int n)
{
    return z->t[z->count % n];   /* the slot the next event will take */
}
