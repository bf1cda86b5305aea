/* scenario_keys.c - the key table of the scenario reader; see
 * scenario_keys.h and doc/scenario.md. */
#include "scenario_keys.h"

#include "common.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const key_spec key_table[] = {
    {"system", K_WORD, 0, 0, 0, 0, "the system: Hr (Eqs. 80-84) or Hf (Eqs. 73-79)",
     "", "required"},
    {"law", K_WORD, 0, 0, 0, 0, "the contact law",
     "", "required"},
    {"input", K_WORD, 0, 0, 0, 0, "the input: none, gravity, constant or study2",
     "", "required"},
    {"E1", K_REAL, 0, HUGE_VAL, 0, 0, "Young modulus of body 1, Eq. (187)",
     "Pa", "materials"},
    {"nu1", K_REAL, -1, 0.5, 0, 1, "Poisson ratio of body 1, Eq. (187)",
     "1", "materials"},
    {"rho1", K_REAL, 0, HUGE_VAL, 0, 0, "density of body 1, Eq. (189)",
     "kg/m^3", "materials, optional"},
    {"R1", K_REAL, 0, HUGE_VAL, 0, 0, "radius of body 1, Eq. (188)",
     "m", "materials"},
    {"E2", K_REAL, 0, HUGE_VAL, 0, 0, "Young modulus of body 2, Eq. (187)",
     "Pa", "materials"},
    {"nu2", K_REAL, -1, 0.5, 0, 1, "Poisson ratio of body 2, Eq. (187)",
     "1", "materials"},
    {"rho2", K_REAL, 0, HUGE_VAL, 0, 0, "density of body 2, Eq. (189)",
     "kg/m^3", "materials, optional; not with R2 = inf nor with system = Hr"},
    {"R2", K_REAL, 0, HUGE_VAL, 0, 1, "radius of body 2 (inf: a plane of infinite mass), Eq. (188)",
     "m", "materials"},
    {"m", K_REAL, 0, HUGE_VAL, 0, 0, "mass of body 1 of H_r (m = m_1), Eq. (47)",
     "kg", "Hr, unless rho1"},
    {"m1", K_REAL, 0, HUGE_VAL, 0, 0, "mass of body 1, Eq. (39)",
     "kg", "Hf, unless rho1"},
    {"m2", K_REAL, 0, HUGE_VAL, 0, 0, "mass of body 2, Eq. (39)",
     "kg", "Hf, unless rho2"},
    {"l1", K_REAL, 0, HUGE_VAL, 1, 0, "distance from C_1 to G_1, Section IV-A",
     "m", "optional: R1 with materials, else 0"},
    {"l2", K_REAL, 0, HUGE_VAL, 1, 0, "distance from C_2 to G_2, Section IV-A",
     "m", "optional: R2 with materials (0 for R2 = inf), else 0"},
    {"x0", K_REAL, 0, HUGE_VAL, 1, 0, "initial relative displacement, Eq. (47)",
     "m", "required"},
    {"v0", K_REAL, -HUGE_VAL, HUGE_VAL, 0, 0, "initial relative velocity, Eq. (47)",
     "m/s", "required"},
    {"xm0", K_REAL, -HUGE_VAL, HUGE_VAL, 0, 0, "initial position of the center of mass, Eq. (52)",
     "m", "Hf, required"},
    {"vm0", K_REAL, -HUGE_VAL, HUGE_VAL, 0, 0, "initial velocity of the center of mass, Eq. (52)",
     "m/s", "Hf, required"},
    {"g", K_REAL, 0, HUGE_VAL, 0, 0, "acceleration of gravity",
     "m/s^2", "input = gravity, optional"},
    {"F", K_REAL, -HUGE_VAL, HUGE_VAL, 0, 0, "constant applied force F_e,r of H_r",
     "N", "input = constant, Hr"},
    {"F1", K_REAL, -HUGE_VAL, HUGE_VAL, 0, 0, "constant applied force F_e,1 of H_f",
     "N", "input = constant, Hf"},
    {"F2", K_REAL, -HUGE_VAL, HUGE_VAL, 0, 0, "constant applied force F_e,2 of H_f",
     "N", "input = constant, Hf"},
    {"Fe0", K_REAL, 0, HUGE_VAL, 0, 0, "F_e,0 of Eqs. (208)-(209)",
     "N", "input = study2 (requires Hf)"},
    {"Te", K_REAL, 0, HUGE_VAL, 0, 0, "T_e of Eqs. (208)-(209)",
     "s", "input = study2 (requires Hf)"},
    {"Ts", K_REAL, 0, HUGE_VAL, 0, 0, "T_s of Eq. (207)",
     "s", "input = study2 (requires Hf)"},
    {"T", K_REAL, 0, HUGE_VAL, 1, 0, "horizon of the run",
     "s", "required"},
    {"rtol", K_REAL, 1e-15, 1, 1, 0, "relative tolerance of the integrator",
     "1", "optional"},
    {"atol", K_REAL, 0, HUGE_VAL, 0, 0, "absolute tolerance of the integrator",
     "as each component of the state (m, m/s)", "optional"},
    {"h_max", K_REAL, 0, HUGE_VAL, 0, 1, "upper bound of the step size",
     "s", "optional"},
    {"t_tol", K_REAL, 0, HUGE_VAL, 1, 0, "time tolerance of event location",
     "s", "optional"},
    {"graze_tol", K_REAL, 0, HUGE_VAL, 1, 0, "relative margin below which an event is grazing",
     "1", "optional"},
    {"zeno_events", K_INT, 2, COLLIDE_ZENO_EVENTS_MAX, 1, 1, "events within zeno_window that stop the run as Zeno",
     "1", "optional"},
    {"zeno_window", K_REAL, 0, HUGE_VAL, 0, 1, "time window of the Zeno test",
     "s", "optional"},
    {"samples", K_INT, 0, 1e8, 1, 1, "samples on a uniform grid of [0, T]",
     "1", "optional"},
    {"max_steps", K_INT, 1, 1e15, 1, 1, "largest number of accepted steps",
     "1", "optional"},
    {"outside_proved_domain", K_INT, 0, 1, 1, 1, "1: accept values outside the domain of the proofs (spec/law_domain.acsl, spec/bounded.acsl)",
     "1", "optional"},
};

#define N_KEYS (sizeof key_table / sizeof key_table[0])

const char *const scenario_run_keys[SCENARIO_RUN_KEYS_N] = {"rtol", "atol", "h_max", "t_tol",
                                       "graze_tol", "zeno_events",
                                       "zeno_window", "samples", "max_steps"};

const key_spec *scenario_key_find(const char *key)
{
    size_t i;
    for (i = 0; i < N_KEYS; i++)
        if (strcmp(key_table[i].key, key) == 0)
            return &key_table[i];
    return NULL;
}

const key_spec *scenario_key_at(int i)
{
    return i >= 0 && (size_t)i < N_KEYS ? &key_table[i] : NULL;
}

int scenario_is_run_key(const char *key)
{
    size_t i;
    for (i = 0; i < SCENARIO_RUN_KEYS_N; i++)
        if (strcmp(scenario_run_keys[i], key) == 0)
            return 1;
    return 0;
}

/* The range of a key of the table, for number.h. */
number_range scenario_key_range(const key_spec *k)
{
    number_range r;
    r.name = k->key;
    r.lo = k->lo;
    r.hi = k->hi;
    r.lo_closed = k->lo_closed;
    r.hi_closed = k->hi_closed;
    r.integer = k->kind == K_INT;
    return r;
}

/* "key in [lo, hi)" for a key of the table. */
void scenario_key_range_text(const key_spec *k, char *buf, size_t len)
{
    number_range r = scenario_key_range(k);
    if (strcmp(k->key, "t_tol") == 0) {     /* bounded by T (T_TOL_REL) */
        snprintf(buf, len, "t_tol in [0, %g T]", T_TOL_REL);
        return;
    }
    number_range_text(&r, buf, len);
}
