/* scenario_int.h - what the two halves of the scenario reader share
 * (internal to src/io): scenario.c reads the text (lines, names, every
 * entry, against the key table) and scenario_model.c derives the physics
 * from the validated entries (Eqs. 41, 48-49, 187-192, 212) and builds
 * the model of Section IV-A and the run options. See scenario.h. */
#ifndef COLLIDE_SCENARIO_INT_H
#define COLLIDE_SCENARIO_INT_H

#include <stddef.h>

#include "number.h"
#include "scenario.h"

/* The largest t_tol, relative to the horizon T. An event is located by
 * bracketing to adjacent doubles (t_tol = 0, the default) or to a bracket
 * of width t_tol, which moves the state at the event by |dy/dt| t_tol:
 * t_tol = 1e-6 s moved e of the last collision of study 1 from 0.1043 to
 * 0.1067, t_tol = 1 s lost two of its collisions. With t_tol <= 1e-15 T
 * a located time errs by less than 1e-15 of the horizon, the smallest
 * relative tolerance a run may ask (rtol >= 1e-15), and by at most a few
 * spacings of the doubles near T (2.2e-16 T): below the tolerance of any
 * run. */
#define T_TOL_REL 1e-15

/* The run settings a scenario may give (scenario.c). */
#define RUN_KEYS_N 9
extern const char *const scenario_run_keys[RUN_KEYS_N];

typedef enum key_kind { K_WORD, K_REAL, K_INT } key_kind;

/* A key of the scenario file other than a law parameter: its kind, its
 * allowed range lo..hi (closed or open at each end; hi = +inf closed means
 * that inf may be written) and what it is, for messages. */
typedef struct key_spec {
    const char *key;
    key_kind kind;
    double lo, hi;
    int lo_closed, hi_closed;
    const char *what;
    const char *unit;   /* SI; "1": a pure number; "": a word */
    const char *when;   /* when the key applies, or "required" */
} key_spec;

typedef enum input_name { IN_NONE, IN_GRAVITY, IN_CONSTANT, IN_STUDY2 } input_name;

/* The state of one parse: where messages go and what is known so far. */
typedef struct parser {
    scenario *s;
    const char *src; /* the source named in messages */
    char *err;
    size_t errlen;
    const law *law;
    input_name input;
    int outside;     /* 1: as if the text set outside_proved_domain = 1 */
} parser;

/* ---- scenario.c: messages, entries ----------------------------------------- */

/* Writes "SRC:LINE: message" (or "SRC: message" for line 0) into p->err
 * and returns COLLIDE_E_INPUT. */
collide_status parser_fail(const parser *p, int line, const char *fmt, ...);

/* The entry of key in s, or NULL; whether the parse has it, its value
 * (NaN when absent) and the line that gave it (0: a default). */
scenario_entry *parser_find_entry(scenario *s, const char *key);
int parser_has(const parser *p, const char *key);
double parser_value_of(const parser *p, const char *key);
int parser_line_of(const parser *p, const char *key);

/* Records a default value (line 0) so that its text is kept too. */
void parser_add_default(parser *p, const char *key, const char *text);

/* parser_fail: key is required (and what it is). */
collide_status parser_fail_required(const parser *p, const char *key);

/* Finds parameter values for which l->validate accepts parameters 0..i-1,
 * then asks it for the range of parameter i (given NaN). Writes a generic
 * text when the law does not say. */
void parser_law_param_range(const law *l, int i, char *buf, size_t len);

/* ---- scenario_model.c: the physics ----------------------------------------- */

/* The steps of pass 4, in scenario_parse's order, each COLLIDE_OK or
 * parser_fail's status: E*, R_e, k_H, p from the materials (Eqs.
 * 187-192); the masses, m, eta, eta_c (Eqs. 41, 48-49, 189); the law's
 * parameters, defaults and derived k filled in and validated; the
 * initial state (Eqs. 47, 52-54); the input signal (Section IV-A, Eqs.
 * 205-211); the horizon and the run settings. */
collide_status parser_derive_materials(parser *p);
collide_status parser_derive_masses(parser *p);
collide_status parser_fill_law_params(parser *p);
collide_status parser_build_input(parser *p);
collide_status parser_build_state(parser *p);

/* Copies run setting `key` (already checked) into the options. */
void parser_set_run_value(sim_options *o, const char *key, double v);

/* t_tol (entry e) within [0, T_TOL_REL T] for the horizon T. */
collide_status parser_check_t_tol(const parser *p, const scenario_entry *e,
                                  double T);

collide_status parser_build_run(parser *p);

/* Pass 4: the model against the proof domain (domain.h). A value outside
 * is refused (COLLIDE_E_INPUT: source, line, key, value and the domain)
 * unless outside_proved_domain = 1, which records it in s->d. */
collide_status parser_check_domain(parser *p);

/* The derived quantities of d unknown (NaN) before a parse. */
void parser_clear_derived(scenario_derived *d);

/* x_c^s = (m g / k_H)^(1/p) (Eq. 212): H_r under gravity with materials. */
void parser_derive_rest(parser *p);

#endif
