/* grid.h - the grid of a parameter sweep: a base scenario and axes of
 * decimal values, read from a small text file (doc/sweeps.md).
 *
 *     # comment
 *     scenario = hertz                 (a built-in name or a file path)
 *     v0 = logspace(-3, 1, 1000)       (an axis: 10^-3 ... 10^1)
 *     x0 = 0, 1e-6, 2e-6               (an axis: the values as written)
 *
 * Axes are `key = v1, v2, ...`, `key = linspace(a, b, n)` or
 * `key = logspace(a, b, n)`; the points are the Cartesian product, the
 * last axis varying fastest. The scenario of point 0 is the base text with
 * the line of each axis key replaced by `key = value` (appended when the
 * base does not give the key), parsed and validated like any scenario,
 * once; every other point is a copy of it with its axis values set
 * through the interface (collide_scenario_set_many: all axes at once,
 * checked as a text giving them all would be): no scenario text per
 * point. */
#ifndef COLLIDE_GRID_H
#define COLLIDE_GRID_H

#include <stddef.h>

#include "collide.h"

#define GRID_AXES_MAX 8
#define GRID_POINTS_MAX 100000000L

typedef struct grid_axis {
    char key[COLLIDE_SCENARIO_KEY_MAX];
    int n;          /* number of values */
    char **text;    /* the values as decimal text (or names) */
} grid_axis;

typedef struct grid {
    char path[COLLIDE_SCENARIO_SOURCE_MAX];   /* the grid file */
    char source[COLLIDE_SCENARIO_SOURCE_MAX]; /* builtin:NAME or the base file */
    char *base_text;                  /* the base scenario text */
    collide_scenario *first;          /* the scenario of point 0 */
    int naxes;
    grid_axis axis[GRID_AXES_MAX];
    long npoints;
    int outside;    /* 1: points parsed as with outside_proved_domain = 1 */
} grid;

/* Reads the grid file at path into g and validates the scenario of its
 * point 0, as with outside_proved_domain = 1 when outside is 1. Returns
 * COLLIDE_OK, or COLLIDE_E_INPUT / COLLIDE_E_MEMORY with one line in err
 * ("FILE:LINE: ..." or "FILE: point 0: ..."); g must be freed with
 * grid_free whatever the status. */
collide_status grid_load(const char *path, int outside, grid *g, char *err,
                         size_t errlen);

void grid_free(grid *g);

/* The value text of axis a at point index. */
const char *grid_value(const grid *g, long index, int a);

/* The scenario of point index into *s: a copy of point 0's with the
 * point's axis values set (a new scenario, collide_scenario_free frees
 * it; NULL on an error). On an error err names the grid file, the
 * point's index, the key, the value and the allowed range. */
collide_status grid_point_scenario(const grid *g, long index,
                                   collide_scenario **s, char *err,
                                   size_t errlen);

/* Checks every point; the first bad one is reported in err. */
collide_status grid_validate(const grid *g, char *err, size_t errlen);

#endif
