/* scenario.h - scenarios: the decimal text of a study (a built-in or a
 * user file), validated and turned into a model (model.h) and the options of
 * a run (sim.h), with the quantities the paper derives from the material
 * data (Section VI, Eqs. 187-192 and 212).
 *
 * A scenario file is plain text, one `key = value` per line; `#` starts a
 * comment and blank lines are ignored (doc/scenario.md lists the keys). Every
 * value is kept as it was written, so that a mode of higher precision can
 * convert the same decimal text again at its own precision. */
#ifndef COLLIDE_SCENARIO_H
#define COLLIDE_SCENARIO_H

#include <stddef.h>

#include "common.h"
#include "model.h"
#include "sim.h"

/* The limits of the format: COLLIDE_SCENARIO_*_MAX of collide.h. */
#define SCENARIO_ENTRIES_MAX COLLIDE_SCENARIO_ENTRIES_MAX

/* One `key = value` of the scenario, the value kept as its decimal text.
 * line is the line of the source (1-based); 0 marks a default filled in by
 * the parser (p of Eq. 190, g) or a value set on the command line. */
typedef struct scenario_entry {
    char key[COLLIDE_SCENARIO_KEY_MAX];
    char text[COLLIDE_SCENARIO_TEXT_MAX];
    int line;
    double value; /* the text correctly rounded to binary64; NaN for a name */
    int is_default; /* 1: filled in by the parser (p of Eq. 190, g), not
                       given by the text or a setter */
} scenario_entry;

/* The quantities derived from the material data and the masses. A field
 * that does not apply to the scenario is NaN. */
typedef struct scenario_derived {
    int has_materials;  /* E1 ... R2 were given */
    double E_star;      /* Eq. (187) */
    double R_e;         /* Eq. (188) */
    double m1, m2;      /* Eq. (189), or as given; m2 = +inf: infinite mass */
    int m_sphere[2];    /* 1: m_i by Eq. (189) from R_i and rho_i; 0: given */
    double m;           /* Eq. (41); H_r: m = m_1 */
    double eta, eta_c;  /* Eqs. (48), (49); H_r: NaN */
    double k_H;         /* Eq. (192) */
    double k;           /* the law's k: given, or by Eq. (191) */
    int k_derived;      /* 1: k was derived from the materials' k_H */
    int k_eq191;        /* with k_derived, 1: k by Eq. (191) from k_H, alpha,
                           A, p; 0: k = k_H (a law without alpha) */
    double p;           /* the law's p: given, or 3/2 by Eq. (190) */
    int p_defaulted;    /* 1: p was set by Eq. (190) */
    double x_cs;        /* Eq. (212): needs gravity and k_H */
    int outside_domain; /* 1: a value lies outside the proof domain
                           (domain.h), accepted by outside_proved_domain = 1 */
    char domain_note[192]; /* then which, its value and the domain */
} scenario_derived;

typedef struct scenario {
    char source[COLLIDE_SCENARIO_SOURCE_MAX]; /* file path, or builtin:NAME */
    int n;
    scenario_entry entry[SCENARIO_ENTRIES_MAX]; /* in the order of the text */
    model model;
    sim_options opt;
    scenario_derived d;
    int outside_asked;  /* 1: parsed as if outside_proved_domain = 1 */
} scenario;

/* Parses and validates the scenario text; source names it in messages
 * ("FILE:LINE: ..."). On an error writes one line into err and returns
 * COLLIDE_E_INPUT; otherwise fills s and returns COLLIDE_OK. */
collide_status scenario_parse(const char *text, const char *source,
                              scenario *s, char *err, size_t errlen);

/* Loads a built-in scenario by name (source "builtin:NAME") or, when
 * name_or_path is not a built-in name or contains '/', the file at that
 * path. Returns COLLIDE_OK or COLLIDE_E_INPUT (err set). */
collide_status scenario_load(const char *name_or_path, scenario *s,
                             char *err, size_t errlen);

/* scenario_parse and scenario_load, with outside = 1 as if the text set
 * outside_proved_domain = 1 (the command line's --outside-proved-domain). */
collide_status scenario_parse_as(const char *text, const char *source,
                                 int outside, scenario *s, char *err,
                                 size_t errlen);
collide_status scenario_load_as(const char *name_or_path, int outside,
                                scenario *s, char *err, size_t errlen);

/* Reads the text file at path, of at most max bytes and without a NUL
 * byte, into a new string (*text, to be freed). On an error writes one
 * line into err naming the file (hint is appended to "cannot open") and
 * returns COLLIDE_E_INPUT or COLLIDE_E_MEMORY. */
collide_status scenario_read_text(const char *path, size_t max,
                                  const char *hint, char **text, char *err,
                                  size_t errlen);

/* The entry of key, or NULL. */
const scenario_entry *scenario_find(const scenario *s, const char *key);

/* Replaces a run setting (rtol, atol, h_max, t_tol, graze_tol, zeno_events,
 * zeno_window, samples, max_steps) by a value given as decimal text outside
 * the scenario (e.g. the command line, named by origin in messages; NULL:
 * the message alone), with the checks of the scenario file. Returns
 * COLLIDE_OK or COLLIDE_E_INPUT. */
collide_status scenario_set_run_option(scenario *s, const char *key,
                                       const char *text, const char *origin,
                                       char *err, size_t errlen);

/* Replaces the entry key of s by the decimal text (or adds it), checked
 * as the scenario reader checks a text: a run setting as
 * scenario_set_run_option does (origin NULL); any other key (a law
 * parameter, a mass, a material, the initial state, a force, T, ...) by
 * reading every entry again through the passes of scenario_parse, with
 * the same checks and messages (the source, the key, the value and the
 * allowed range or the proof domain). The entry takes the line of the
 * one it replaces; a key the text did not give is added as if on a line
 * after the text's last. COLLIDE_OK, or COLLIDE_E_INPUT with s
 * unchanged. */
collide_status scenario_set_entry(scenario *s, const char *key,
                                  const char *text, char *err, size_t errlen);

/* scenario_set_entry of the n keys keys[i] with texts[i] at once (1 <= n
 * <= SCENARIO_ENTRIES_MAX, each key once): the keys that are not run
 * settings in one reading of every entry, so that the values are checked
 * together, as one text giving them all would be (no order among them,
 * no scenario in between), then the run settings in the order given; the
 * keys the text did not give take the lines after its last in the order
 * given. COLLIDE_OK, or COLLIDE_E_INPUT / COLLIDE_E_MEMORY with s
 * unchanged. */
collide_status scenario_set_entries(scenario *s, int n, const char *const *keys,
                                    const char *const *texts, char *err,
                                    size_t errlen);

/* A derived quantity for display, with the equation that defines it: the
 * public collide_quantity (include/collide.h), under its internal name. */
typedef collide_quantity scenario_quantity;

/* The quantities of a scenario for display: scenario_quantities
 * (scenario_model.h). */

/* The reference of one scenario key, for collide-scenario(5) and
 * doc/scenario.md (scripts/scenario-keys.c): its name, its unit (SI;
 * "1" a pure number, "" a word), its allowed range as the messages write
 * it, when it applies and what it is. The strings are static. */
typedef struct scenario_key_doc {
    const char *key, *unit, *when, *what;
    int is_word;      /* 1: a name (system, law, input), not a number */
    char range[128];  /* "" for a word */
} scenario_key_doc;

/* Key i of the key table (i from 0, in the table's order): 1 with *d
 * filled, 0 past the last key. */
int scenario_key_doc_at(int i, scenario_key_doc *d);

/* Parameter i of the law l (i from 0, in the order of its par_names):
 * 1 with *d filled (what: the law's title and equations), 0 past the
 * last parameter or when the parameter has no unit in the registry
 * (law_param_unit: a law added without its units). */
int scenario_law_param_doc(const law *l, int i, scenario_key_doc *d);

#endif
