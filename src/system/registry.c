/* registry.c - the registry of contact laws; see registry.h.  Adding a
 * law: one file law_<name>.c with its proved functions, its header, and
 * its table, its parameters' units and one line below; its spec file
 * spec/law_<name>_equations.acsl gives the high-precision form
 * (proofs/spec2tape.py, src/mp/mp_law.h), and its predicate <name>_domain
 * of spec/law_domain.acsl the checked domain (proofs/spec2domain.py,
 * which declares each law's table here as law_<name>: law_domain_spec.h). */
#include "registry.h"

#include <string.h>

#include "law_boucwen.h"
#include "law_bwmcl.h"
#include "law_bwshccl.h"
#include "law_clamped.h"
#include "law_domain_spec.h"
#include "law_shccl.h"
#include "law_noise.h"

/* The table of each law: its name, its parameters, the functions of its
 * proved binary64 form (src/model/law_<name>.c) and its error bands
 * (law_noise.c), which are not proved and so are named here, outside the
 * proved core.  Beside it, the unit of each parameter (SI; "1": a pure
 * number), in the order of its par_names: Phi is a force and z_c a
 * deflection (Eq. 59): k |x_c|^p is a force, c |x_c|^p v of Eq. (69) too,
 * v - Phi/c of Eq. (71) a velocity, and beta |z|^n u (Eqs. 68, 70) a
 * velocity. */
static const char *const bwshccl_par_names[BW_NPAR] = {
    "k", "alpha", "A", "beta", "gamma", "n", "p", "c"};
static const char *const bwshccl_par_units[BW_NPAR] = {
    "N/m^p", "1", "1", "m^-n", "m^-n", "1", "1", "N s/m^(p+1)"}; /* Eq. (69) */

const law law_bwshccl = {
    "bwshccl",
    "Bouc-Wen-Simon-Hunt-Crossley collision law",
    "Eqs. (68)-(69)",
    1,
    BW_NPAR,
    bwshccl_par_names,
    bwshccl_phi,
    bwshccl_psi,
    bwshccl_phi_rate,
    bwshccl_storage,
    bwshccl_dissipation_rate,
    3,
    bwshccl_switching,
    bwshccl_switching_noise,
    bwshccl_validate,
};

static const char *const bwmcl_par_names[BW_NPAR] = {
    "k", "alpha", "A", "beta", "gamma", "n", "p", "c"};
static const char *const bwmcl_par_units[BW_NPAR] = {
    "N/m^p", "1", "1", "m^-n", "m^-n", "1", "1", "N s/m"}; /* Eq. (71) */

const law law_bwmcl = {
    "bwmcl",
    "Bouc-Wen-Maxwell collision law",
    "Eqs. (70)-(72)",
    2,
    BW_NPAR,
    bwmcl_par_names,
    bwmcl_phi,
    bwmcl_psi,
    bwmcl_phi_rate,
    bwmcl_storage,
    bwmcl_dissipation_rate,
    3,
    bwmcl_switching,
    bwmcl_switching_noise,
    bwmcl_validate,
};

static const char *const shccl_par_names[SHCCL_NPAR] = {"k", "p", "c"};
static const char *const shccl_par_units[SHCCL_NPAR] = {
    "N/m^p", "1", "N s/m^(p+1)"}; /* Eq. (69) */

const law law_shccl = {
    "shccl",
    "Simon-Hunt-Crossley collision law",
    "Eq. (69) with alpha = 1",
    0,
    SHCCL_NPAR,
    shccl_par_names,
    shccl_phi,
    shccl_psi,
    shccl_phi_rate,
    shccl_storage,
    shccl_dissipation_rate,
    1,
    shccl_switching,
    shccl_switching_noise,
    shccl_validate,
};

static const char *const clamped_par_names[CLAMPED_NPAR] = {"k"};
static const char *const clamped_par_units[CLAMPED_NPAR] = {
    "N/m"}; /* Eq. (175): k min(x_c, 0) */

const law law_clamped = {
    "clamped",
    "clamped linear law",
    "Eq. (175)",
    0,
    CLAMPED_NPAR,
    clamped_par_names,
    clamped_phi,
    clamped_psi,
    clamped_phi_rate,
    clamped_storage,
    clamped_dissipation_rate,
    1,
    clamped_switching,
    clamped_switching_noise,
    clamped_validate,
};

const law_entry law_registry[] = {
    {&law_bwshccl, bwshccl_par_units}, /* Eqs. (68)-(69) */
    {&law_bwmcl, bwmcl_par_units},     /* Eqs. (70)-(72) */
    {&law_shccl, shccl_par_units},     /* Eq. (69) with alpha = 1 */
    {&law_clamped, clamped_par_units}, /* Eq. (175) */
    {NULL, NULL},
};

const law *law_find(const char *name)
{
    int i;
    if (name == NULL)
        return NULL;
    for (i = 0; law_registry[i].law != NULL; i++)
        if (strcmp(law_registry[i].law->name, name) == 0)
            return law_registry[i].law;
    return NULL;
}

const char *law_param_unit(const law *l, int i)
{
    int j;
    if (l == NULL || i < 0 || i >= l->npar)
        return NULL;
    for (j = 0; law_registry[j].law != NULL; j++)
        if (law_registry[j].law == l)
            return law_registry[j].par_units[i];
    return NULL;
}

int law_param_index(const law *l, const char *name)
{
    int i;
    if (l == NULL || name == NULL)
        return -1;
    for (i = 0; i < l->npar; i++)
        if (strcmp(l->par_names[i], name) == 0)
            return i;
    return -1;
}
