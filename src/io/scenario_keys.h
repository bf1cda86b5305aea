/* scenario_keys.h - the key table of the scenario reader (internal to
 * src/io): every key of a scenario file other than a law parameter, its
 * kind, its allowed range and what it is, for the reader (scenario.c,
 * scenario_model.c) and the reference (collide-scenario(5)). */
#ifndef COLLIDE_SCENARIO_KEYS_H
#define COLLIDE_SCENARIO_KEYS_H

#include <stddef.h>

#include "number.h"

/* The largest t_tol, relative to the horizon T. An event is located by
 * bracketing to adjacent doubles (t_tol = 0, the default) or to a bracket
 * of width t_tol, which moves the state at the event by |dy/dt| t_tol:
 * t_tol = 1e-6 s moved e of the last collision of study 1 from 0.1043 to
 * 0.1067, t_tol = 1 s lost two of its collisions. With t_tol <= 1e-15 T
 * a located time errs by less than 1e-15 of the horizon, the smallest
 * relative tolerance a run may ask (rtol >= 1e-15), and by at most a few
 * spacings of the doubles near T (2.2e-16 T): below the tolerance of any
 * run. */
#define T_TOL_REL 1e-15

/* The run settings a scenario may give. */
#define SCENARIO_RUN_KEYS_N 9
extern const char *const scenario_run_keys[SCENARIO_RUN_KEYS_N];

typedef enum key_kind { K_WORD, K_REAL, K_INT } key_kind;

/* A key of the scenario file other than a law parameter: its kind, its
 * allowed range lo..hi (closed or open at each end; hi = +inf closed means
 * that inf may be written) and what it is, for messages. */
typedef struct key_spec {
    const char *key;
    key_kind kind;
    double lo, hi;
    int lo_closed, hi_closed;
    const char *what;
    const char *unit;   /* SI; "1": a pure number; "": a word */
    const char *when;   /* when the key applies, or "required" */
} key_spec;

/* The row of key, or NULL when key is not in the table. */
const key_spec *scenario_key_find(const char *key);

/* Row i of the table (i from 0, in its order), or NULL past the last. */
const key_spec *scenario_key_at(int i);

/* 1 when key is one of the run settings (scenario_run_keys). */
int scenario_is_run_key(const char *key);

/* The range of row k, for number.h. */
number_range scenario_key_range(const key_spec *k);

/* "key in [lo, hi)" for row k (t_tol: bounded by T_TOL_REL T). */
void scenario_key_range_text(const key_spec *k, char *buf, size_t len);

#endif
