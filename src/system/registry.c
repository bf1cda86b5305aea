/* registry.c - the registry of contact laws; see registry.h.  Adding a
 * law: one file law_<name>.c defining `const law law_<name>`, its header,
 * and one line below; its spec file spec/law_<name>_equations.acsl gives
 * the high-precision form (proofs/spec2tape.py, src/mp/mp_law.h). */
#include "registry.h"

#include <string.h>

#include "law_bwmcl.h"
#include "law_bwshccl.h"
#include "law_clamped.h"
#include "law_shccl.h"

const law_entry law_registry[] = {
    {&law_bwshccl}, /* Eqs. (68)-(69) */
    {&law_bwmcl},   /* Eqs. (70)-(72) */
    {&law_shccl},   /* Eq. (69) with alpha = 1 */
    {&law_clamped}, /* Eq. (175) */
    {NULL},
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
