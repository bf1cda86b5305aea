/* registry.h - the registry of contact laws: every law of law.h that a
 * scenario can name, found by its name (law_find) or by walking
 * law_registry.  Adding a law: its table, its parameters' units and one
 * line of law_registry in registry.c (doc/design.md, "Adding a law"). */
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
