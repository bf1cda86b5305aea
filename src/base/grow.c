/* grow.c - see grow.h. */
#include "grow.h"

#include <stdlib.h>

int grow_array(void **p, int *cap, int n, size_t size)
{
    void *q;
    int nc;
    if (n < *cap)
        return 0;
    nc = *cap ? 2 * *cap : 64;
    q = realloc(*p, (size_t)nc * size);
    if (!q)
        return -1;
    *p = q;
    *cap = nc;
    return 0;
}
