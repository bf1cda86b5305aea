/* registry.h - the registry of contact laws: every law of law.h that a
 * scenario can name. Adding a law: one file law_<name>.c defining
 * `const law law_<name>` and one line in registry.c. */
#ifndef COLLIDE_REGISTRY_H
#define COLLIDE_REGISTRY_H

#include "law.h"

/* One registered law: its binary64 form (law.h, proved in src/model).
 * Its high-precision form is generated from the same spec/ definitions
 * (src/mp/mp_law.h). */
typedef struct law_entry {
    const law *law;
} law_entry;

/* The registered laws, ended by an entry whose law is NULL. */
extern const law_entry law_registry[];

/* The law registered under name, or NULL. */
const law *law_find(const char *name);

/* Index of parameter `name` in l->par_names, or -1. */
int law_param_index(const law *l, const char *name);

#endif
