/* builtin.c - the built-in scenarios: the examples and the three studies of
 * Section VI (Tables I-III), written in the scenario file format and read by
 * the same parser as user files. */
#include "builtin.h"

#include <string.h>

typedef struct builtin {
    const char *name;
    const char *description;
    const char *text;
} builtin;

static const builtin builtins[] = {
    {"example-v2",
     "Example V.2: clamped linear law (Eq. 175), H_r, no applied force",
     "# Example V.2: the clamped linear law of Eq. (175), closed-form\n"
     "# solutions by Props. V.22-V.24.\n"
     "system = Hr\n"
     "law = clamped\n"
     "k = 1e4\n"
     "m = 1\n"
     "x0 = 0.01\n"
     "v0 = -1\n"
     "input = none\n"
     "T = 0.1\n"
     "rtol = 1e-11\n"
     "atol = 1e-14\n"
     "h_max = inf\n"
     "samples = 200\n"},
    {"hertz",
     "Hertzian contact (SHCCL with c = 0), H_r, no applied force",
     "# An elastic Hertzian contact: SHCCL with c = 0, p = 3/2.\n"
     "system = Hr\n"
     "law = shccl\n"
     "k = 1e9\n"
     "p = 1.5\n"
     "c = 0\n"
     "m = 1\n"
     "x0 = 0.01\n"
     "v0 = -1\n"
     "input = none\n"
     "T = 0.1\n"
     "rtol = 1e-11\n"
     "atol = 1e-14\n"
     "h_max = inf\n"
     "samples = 200\n"},
    {"study1",
     "Study 1 (Table I): steel ball bouncing on bitumen under gravity, BWMCL",
     "# Section VI-B, Table I: a hardened steel ball released 20 mm above a\n"
     "# fixed bituminous substrate, under gravity, with the BWMCL.\n"
     "system = Hr\n"
     "law = bwmcl\n"
     "# body 1: hardened steel\n"
     "E1 = 200e9\n"
     "nu1 = 0.30\n"
     "rho1 = 7800\n"
     "R1 = 0.020\n"
     "# body 2: bitumen, of infinite mass\n"
     "E2 = 1.0e9\n"
     "nu2 = 0.35\n"
     "R2 = inf\n"
     "# chosen (p = 3/2 by Eq. 190, k by Eq. 191)\n"
     "A = 1\n"
     "alpha = 0.35\n"
     "beta = 5.000e7\n"
     "gamma = 5.000e7\n"
     "n = 2\n"
     "c = 4.400e3\n"
     "x0 = 0.020\n"
     "v0 = 0\n"
     "input = gravity\n"
     "g = 9.81\n"
     "T = 0.5\n"
     "rtol = 1e-11\n"
     "atol = 1e-14\n"
     "h_max = inf\n"
     "samples = 1000\n"},
    {"study2",
     "Study 2 (Table II): PTFE and POM balls under the forces of Eqs. 205-211, BWSHCCL",
     "# Section VI-C, Table II: two balls on a common axis, no gravity,\n"
     "# driven by the forces of Eqs. (205)-(211), with the BWSHCCL.\n"
     "system = Hf\n"
     "law = bwshccl\n"
     "# body 1: poly(tetrafluoroethylene)\n"
     "E1 = 0.50e9\n"
     "nu1 = 0.46\n"
     "rho1 = 2200\n"
     "R1 = 0.020\n"
     "# body 2: polyoxymethylene\n"
     "E2 = 2.90e9\n"
     "nu2 = 0.35\n"
     "rho2 = 1410\n"
     "R2 = 0.020\n"
     "# chosen (p = 3/2 by Eq. 190, k by Eq. 191)\n"
     "A = 1\n"
     "alpha = 0.35\n"
     "beta = 2.409e8\n"
     "gamma = 2.409e8\n"
     "n = 2\n"
     "c = 2.500e7\n"
     "x0 = 1.5e-3\n"
     "v0 = 0\n"
     "xm0 = 0\n"
     "vm0 = 0.120\n"
     "input = study2\n"
     "Fe0 = 0.5759\n"
     "Te = 0.20\n"
     "Ts = 0.10\n"
     "T = 0.5\n"
     "rtol = 1e-11\n"
     "atol = 1e-14\n"
     "h_max = inf\n"
     "samples = 1000\n"},
    {"study3-shccl",
     "Study 3 (Table III): approach to permanent contact, SHCCL on glassy bitumen",
     "# Section VI-D, Table III: the ball of study 1 released 40 um above\n"
     "# bitumen below its glass transition, with the SHCCL (k = k_H).\n"
     "system = Hr\n"
     "law = shccl\n"
     "E1 = 200e9\n"
     "nu1 = 0.30\n"
     "rho1 = 7800\n"
     "R1 = 0.020\n"
     "E2 = 2.0e9\n"
     "nu2 = 0.35\n"
     "R2 = inf\n"
     "c = 4.300e9\n"
     "x0 = 40e-6\n"
     "v0 = 0\n"
     "input = gravity\n"
     "g = 9.81\n"
     "T = 0.1\n"
     "rtol = 1e-11\n"
     "atol = 1e-14\n"
     "h_max = inf\n"
     "samples = 1000\n"},
    {"study3-bwshccl",
     "Study 3 (Table III): approach to permanent contact, BWSHCCL on glassy bitumen",
     "# Section VI-D, Table III: the ball of study 1 released 40 um above\n"
     "# bitumen below its glass transition, with the BWSHCCL.\n"
     "system = Hr\n"
     "law = bwshccl\n"
     "E1 = 200e9\n"
     "nu1 = 0.30\n"
     "rho1 = 7800\n"
     "R1 = 0.020\n"
     "E2 = 2.0e9\n"
     "nu2 = 0.35\n"
     "R2 = inf\n"
     "A = 1\n"
     "n = 2\n"
     "alpha = 0.35\n"
     "beta = 5.000e9\n"
     "gamma = 5.000e9\n"
     "c = 2.150e9\n"
     "x0 = 40e-6\n"
     "v0 = 0\n"
     "input = gravity\n"
     "g = 9.81\n"
     "T = 0.1\n"
     "rtol = 1e-11\n"
     "atol = 1e-14\n"
     "h_max = inf\n"
     "samples = 1000\n"},
    {"study3-bwmcl",
     "Study 3: approach to permanent contact, BWMCL with the data of Table I",
     "# Section VI-D: the ball and substrate of study 1 (Table I), released\n"
     "# 40 um above the substrate, with the BWMCL.\n"
     "system = Hr\n"
     "law = bwmcl\n"
     "E1 = 200e9\n"
     "nu1 = 0.30\n"
     "rho1 = 7800\n"
     "R1 = 0.020\n"
     "E2 = 1.0e9\n"
     "nu2 = 0.35\n"
     "R2 = inf\n"
     "A = 1\n"
     "alpha = 0.35\n"
     "beta = 5.000e7\n"
     "gamma = 5.000e7\n"
     "n = 2\n"
     "c = 4.400e3\n"
     "x0 = 40e-6\n"
     "v0 = 0\n"
     "input = gravity\n"
     "g = 9.81\n"
     "T = 0.1\n"
     "rtol = 1e-11\n"
     "atol = 1e-14\n"
     "h_max = inf\n"
     "samples = 1000\n"},
};

#define N_BUILTINS (sizeof builtins / sizeof builtins[0])

static const char *const builtin_names[] = {
    "example-v2", "hertz", "study1", "study2", "study3-shccl",
    "study3-bwshccl", "study3-bwmcl", NULL};

static const builtin *find_builtin(const char *name)
{
    size_t i;
    for (i = 0; i < N_BUILTINS; i++)
        if (strcmp(builtins[i].name, name) == 0)
            return &builtins[i];
    return NULL;
}

const char *const *scenario_builtin_names(void)
{
    return builtin_names;
}

const char *scenario_builtin_text(const char *name)
{
    const builtin *b = find_builtin(name);
    return b ? b->text : NULL;
}

const char *scenario_builtin_description(const char *name)
{
    const builtin *b = find_builtin(name);
    return b ? b->description : NULL;
}
