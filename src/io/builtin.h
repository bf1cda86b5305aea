/* builtin.h - the built-in scenarios: the examples and the three studies of
 * Section VI (Tables I-III), kept as the decimal text of a scenario file. */
#ifndef COLLIDE_BUILTIN_H
#define COLLIDE_BUILTIN_H

/* The names of the built-in scenarios, NULL-terminated. */
const char *const *scenario_builtin_names(void);

/* The text of the built-in scenario `name`; NULL when unknown. */
const char *scenario_builtin_text(const char *name);

/* Its one-line description; NULL when unknown. */
const char *scenario_builtin_description(const char *name);

#endif
