/* initial.c - the initial state of a run; see initial.h. */
#include "initial.h"

initial_datum initial_component(const layout *L, int i)
{                                                      /* Eqs. (79), (84) */
    if (i == L->x)
        return INITIAL_X0;
    if (i == L->v)
        return INITIAL_V0;
    if (L->sys == SYS_HF && i == L->xm)
        return INITIAL_XM0;
    if (L->sys == SYS_HF && i == L->vm)
        return INITIAL_VM0;
    return INITIAL_ZERO;
}
