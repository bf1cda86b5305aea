/* registry.h - the registry of contact laws: every law of law.h that a
 * scenario can name. Adding a law: one file law_<name>.c defining
 * `const law law_<name>` and one line in registry.c. */
#ifndef COLLIDE_REGISTRY_H
#define COLLIDE_REGISTRY_H

#include "law.h"

struct mp_builder;
struct mp_law_nodes;

/* A law's high-precision form: its Phi, Psi, V_c and d_c written onto the
 * tape of b, from the nodes of x_c, z_c (n_z of them) and v (mp_law.h). */
typedef void (*law_tape_fn)(const struct mp_builder *b, int xc, const int *z,
                            int v, struct mp_law_nodes *n);

/* One registered law: its binary64 form (law.h, proved in src/model) and
 * its high-precision form (mp_law.c), side by side. */
typedef struct law_entry {
    const law *law;
    law_tape_fn tape;
} law_entry;

/* The registered laws, ended by an entry whose law is NULL. */
extern const law_entry law_registry[];

/* The law registered under name, or NULL. */
const law *law_find(const char *name);

/* The high-precision form of the registered law l, or NULL. */
law_tape_fn law_tape_find(const law *l);

/* Index of parameter `name` in l->par_names, or -1. */
int law_param_index(const law *l, const char *name);

#endif
