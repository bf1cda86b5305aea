/* registry.h - the registry of contact laws: every law of law.h that a
 * scenario can name. Adding a law: one file law_<name>.c with its
 * functions, its table and one line in registry.c and its table's name
 * below. */
#ifndef COLLIDE_REGISTRY_H
#define COLLIDE_REGISTRY_H

#include "law.h"

/* One registered law: its binary64 form (law.h, proved in src/model)
 * and the unit of each parameter (SI; "1": a pure number), in the order
 * of its par_names.  Its high-precision form is generated from the same
 * spec/ definitions (src/mp/mp_law.h). */
typedef struct law_entry {
    const law *law;
    const char *const *par_units;
} law_entry;

/* The table of each law (registry.c). */
extern const law law_bwshccl; /* Eqs. (68)-(69) */
extern const law law_bwmcl;   /* Eqs. (70)-(72) */
extern const law law_shccl;   /* Eq. (69) with alpha = 1 */
extern const law law_clamped; /* Eq. (175) */

/* The registered laws, ended by an entry whose law is NULL. */
extern const law_entry law_registry[];

/* The law registered under name, or NULL. */
const law *law_find(const char *name);

/* The unit of parameter i of the registered law l, or NULL (l not
 * registered, or i not one of its parameters). */
const char *law_param_unit(const law *l, int i);

/* Index of parameter `name` in l->par_names, or -1. */
int law_param_index(const law *l, const char *name);

#endif
