/* registry.h - the registry of contact laws: every law of law.h that a
 * scenario can name. Adding a law: one file law_<name>.c defining
 * `const law law_<name>` and one line in registry.c. */
#ifndef COLLIDE_REGISTRY_H
#define COLLIDE_REGISTRY_H

#include "law.h"

/* The registered laws, NULL-terminated. */
extern const law *const law_registry[];

/* The law registered under name, or NULL. */
const law *law_find(const char *name);

/* Index of parameter `name` in l->par_names, or -1. */
int law_param_index(const law *l, const char *name);

#endif
