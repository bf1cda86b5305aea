/* scenario_model.h - the physics of a scenario from its validated
 * entries (internal to src/io): pass 4 of the reader derives the
 * quantities of Eqs. 41, 48-49, 187-192, 212, builds the model of Section
 * IV-A and the run options; and the derived quantities for display. See
 * scenario.h. */
#ifndef COLLIDE_SCENARIO_MODEL_H
#define COLLIDE_SCENARIO_MODEL_H

#include "scenario.h"
#include "scenario_parser.h"

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

/* Writes up to max quantities that apply to s into q; returns their number. */
int scenario_quantities(const scenario *s, scenario_quantity *q, int max);

#endif
