/* grow.h - room for one more element of an array that grows by doubling,
 * for the result tables of the binary64 and the high-precision runs. */
#ifndef COLLIDE_GROW_H
#define COLLIDE_GROW_H

#include <stddef.h>

/* Makes room in *p (capacity *cap elements of size bytes, n in use) for
 * one more: doubles the capacity (64 the first time) when it is full.
 * 0 on success, -1 when out of memory (*p and *cap unchanged). */
int grow_array(void **p, int *cap, int n, size_t size);

#endif
