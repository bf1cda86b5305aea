/* scenario_model.c - the physics of a scenario from its validated
 * entries: the derived quantities (Eqs. 41, 48-49, 187-192, 212), the
 * model of Section IV-A and the run options (pass 4 of the reader), and
 * the derived quantities for display; see scenario_model.h. */
#include "scenario_model.h"
#include "scenario_keys.h"
#include "scenario_parser.h"
#include "textfile.h"
#include "builtin.h"

#include "derived.h"
#include "number.h"
#include "registry.h"
#include "domain.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The keys of the materials (Eqs. 187-189). */
static const char *const material_keys[] = {"E1", "nu1", "rho1", "R1",
                                            "E2", "nu2", "rho2", "R2"};

/* ---- pass 4: derived quantities and the model ---- */

/* A derived quantity must be finite and positive (e.g. no overflow). */
static collide_status check_derived(const parser *p, const char *name,
                                    double v, const char *eq)
{
    if (isfinite(v) && v > 0)
        return COLLIDE_OK;
    return parser_fail(p, 0, "%s = %.17g, derived by %s, is outside the allowed "
                "range: %s in (0, inf)", name, v, eq, name);
}

static int any_material(const parser *p)
{
    size_t i;
    for (i = 0; i < sizeof material_keys / sizeof material_keys[0]; i++)
        if (parser_has(p, material_keys[i]))
            return 1;
    return 0;
}

static collide_status require_materials(const parser *p)
{
    static const char *const needed[] = {"E1", "nu1", "R1", "E2", "nu2", "R2"};
    size_t i;
    for (i = 0; i < sizeof needed / sizeof needed[0]; i++)
        if (!parser_has(p, needed[i]))
            return parser_fail(p, 0, "%s is required when material data are given "
                        "(Eqs. 187-188)", needed[i]);
    return COLLIDE_OK;
}

collide_status parser_derive_materials(parser *p)
{
    scenario_derived *d = &p->s->d;
    double nu1, nu2;
    collide_status st;
    if (!any_material(p))
        return COLLIDE_OK;
    st = require_materials(p);
    if (st != COLLIDE_OK)
        return st;
    d->has_materials = 1;
    nu1 = parser_value_of(p, "nu1");
    nu2 = parser_value_of(p, "nu2");
    d->E_star = derived_E_star(parser_value_of(p, "E1"), nu1, parser_value_of(p, "E2"),
                               nu2);                                 /* Eq. (187) */
    d->R_e = derived_R_e(parser_value_of(p, "R1"), parser_value_of(p, "R2"));      /* Eq. (188) */
    d->k_H = derived_k_H(d->E_star, d->R_e);                         /* Eq. (192) */
    st = check_derived(p, "E*", d->E_star, "Eq. (187)");
    if (st == COLLIDE_OK)
        st = check_derived(p, "R_e", d->R_e, "Eq. (188)");
    if (st == COLLIDE_OK)
        st = check_derived(p, "k_H", d->k_H, "Eq. (192)");
    return st;
}

/* Two keys that give the same quantity: reported at the later line. */
static collide_status fail_conflict(const parser *p, const char *a,
                                    const char *b)
{
    const scenario_entry *ea = parser_find_entry(p->s, a), *eb = parser_find_entry(p->s, b);
    const scenario_entry *first = ea->line < eb->line ? ea : eb;
    const scenario_entry *second = first == ea ? eb : ea;
    return parser_fail(p, second->line, "%s = %s conflicts with %s = %s (line %d): "
                "give the mass or the density (Eq. 189), not both",
                second->key, second->text, first->key, first->text,
                first->line);
}

/* The mass of body i: given as `key`, or by Eq. (189) from rho_i, R_i. */
static collide_status body_mass(parser *p, const char *key, int i, double *m)
{
    const char *rho = i == 1 ? "rho1" : "rho2";
    const char *R = i == 1 ? "R1" : "R2";
    char name[8];
    if (parser_has(p, key) && parser_has(p, rho))
        return fail_conflict(p, key, rho);
    if (parser_has(p, key)) {
        *m = parser_value_of(p, key);
        return COLLIDE_OK;
    }
    if (!parser_has(p, rho))
        return parser_fail(p, 0, "%s is required: the mass of body %d (or give %s and "
                    "%s, Eq. 189), %s in (0, inf)", key, i, rho, R, key);
    if (isinf(parser_value_of(p, R)))
        return parser_fail(p, parser_line_of(p, rho), "%s does not apply here: %s = inf "
                    "makes body %d of infinite mass, and H_f needs two finite "
                    "masses (give %s, or use system = Hr)", rho, R, i, key);
    *m = derived_sphere_mass(parser_value_of(p, R), parser_value_of(p, rho));      /* Eq. (189) */
    p->s->d.m_sphere[i - 1] = 1;
    snprintf(name, sizeof name, "m%d", i);
    return check_derived(p, name, *m, "Eq. (189)");
}

collide_status parser_derive_masses(parser *p)
{
    scenario_derived *d = &p->s->d;
    model *M = &p->s->model;
    collide_status st;
    if (M->sys == SYS_HR) {
        st = body_mass(p, "m", 1, &d->m1);
        d->m2 = HUGE_VAL;
        d->m = d->m1;                         /* m_2 = +inf: m = m_1 (Eq. 41) */
    } else {
        st = body_mass(p, "m1", 1, &d->m1);
        if (st == COLLIDE_OK)
            st = body_mass(p, "m2", 2, &d->m2);
        d->m = derived_m(d->m1, d->m2);                              /* Eq. (41) */
        d->eta = derived_eta(d->m1, d->m2);                          /* Eq. (48) */
        d->eta_c = derived_eta_c(d->m1, d->m2);                      /* Eq. (49) */
    }
    if (st == COLLIDE_OK)
        st = check_derived(p, "m", d->m, "Eq. (41)");
    M->m = d->m;
    M->m1 = d->m1;
    M->m2 = d->m2;
    /* H_r: the limits of Eqs. (48)-(49) as m_2 -> inf */
    M->eta = M->sys == SYS_HR ? 0 : d->eta;
    M->eta_c = M->sys == SYS_HR ? 1 : d->eta_c;
    return st;
}

/* l_i: given, else R_i (0 for R_i = inf), else 0 (Section IV-A). */
static double body_offset(const parser *p, const char *key, const char *R)
{
    if (parser_has(p, key))
        return parser_value_of(p, key);
    if (parser_has(p, R) && isfinite(parser_value_of(p, R)))
        return parser_value_of(p, R);
    return 0;
}

static int law_has(const law *l, const char *name)
{
    return law_param_index(l, name) >= 0;
}

/* The value of law parameter i when it is not given: p by Eq. (190); k is
 * left for Eq. (191) (NaN). Returns 0 when it is simply missing. */
static int law_param_default(parser *p, int i, double *v)
{
    const char *name = p->law->par_names[i];
    int materials = p->s->d.has_materials;
    if (materials && strcmp(name, "p") == 0) {
        parser_add_default(p, "p", "1.5");
        p->s->d.p_defaulted = 1;
        *v = derived_p_hertz();                                     /* Eq. (190) */
        return 1;
    }
    if (materials && strcmp(name, "k") == 0 && law_has(p->law, "p")) {
        p->s->d.k_derived = 1;
        p->s->d.k_eq191 = law_has(p->law, "alpha") && law_has(p->law, "A");
        *v = NAN;
        return 1;
    }
    return 0;
}

static collide_status fail_law_range(const parser *p, int i, const char *range)
{
    const char *name = p->law->par_names[i];
    const scenario_entry *e = parser_find_entry(p->s, name);
    double v = p->s->model.par[i];
    if (e && !e->is_default)
        return parser_fail(p, e->line, "%s = %s is outside the allowed range: %s",
                    name, e->text, range);
    if (e)
        return parser_fail(p, 0, "%s = %s (the default of Eq. 190) is outside the "
                    "allowed range: %s", name, e->text, range);
    return parser_fail(p, 0, "%s = %.17g, derived by Eq. (191) from k_H = %.17g, is "
                "outside the allowed range: %s", name, v, p->s->d.k_H, range);
}

static collide_status validate_law(const parser *p)
{
    char range[128] = "";
    int bad = p->law->validate(p->s->model.par, range, sizeof range);
    return bad < 0 ? COLLIDE_OK : fail_law_range(p, bad, range);
}

/* k = k_H / (alpha + (1 - alpha) A^p) (Eq. 191); k = k_H without alpha
 * (d.k_eq191, law_param_default). */
static double hertz_k(const parser *p)
{
    const law *l = p->law;
    const double *par = p->s->model.par;
    double alpha, A, pe;
    if (!p->s->d.k_eq191)
        return p->s->d.k_H;
    alpha = par[law_param_index(l, "alpha")];
    A = par[law_param_index(l, "A")];
    pe = par[law_param_index(l, "p")];
    return derived_k(p->s->d.k_H, alpha, A, pe);                     /* Eq. (191) */
}

collide_status parser_fill_law_params(parser *p)
{
    const law *l = p->law;
    double *par = p->s->model.par;
    int i, ik = law_param_index(l, "k"), ip = law_param_index(l, "p");
    char range[128];
    collide_status st;
    for (i = 0; i < l->npar; i++) {
        if (parser_has(p, l->par_names[i]))
            par[i] = parser_value_of(p, l->par_names[i]);
        else if (!law_param_default(p, i, &par[i])) {
            parser_law_param_range(l, i, range, sizeof range);
            return parser_fail(p, 0, "%s is required: parameter of law %s (%s), %s",
                        l->par_names[i], l->name, l->equations, range);
        }
    }
    if (p->s->d.k_derived) {
        par[ik] = 1;              /* check the others before Eq. (191) uses them */
        st = validate_law(p);
        if (st != COLLIDE_OK)
            return st;
        par[ik] = hertz_k(p);
    }
    st = validate_law(p);
    p->s->d.k = ik >= 0 ? par[ik] : NAN;
    p->s->d.p = ip >= 0 ? par[ip] : NAN;
    return st;
}

/* A key that must be present (its value was checked in pass 3). */
static collide_status need(const parser *p, const char *key, double *v)
{
    if (!parser_has(p, key))
        return parser_fail_required(p, key);
    *v = parser_value_of(p, key);
    return COLLIDE_OK;
}

static collide_status build_gravity(parser *p)
{
    model *M = &p->s->model;
    double g;
    if (!parser_has(p, "g"))
        parser_add_default(p, "g", "9.81");
    g = parser_value_of(p, "g");
    M->u.kind = INPUT_CONSTANT;
    M->u.gravity = 1;
    M->u.F1 = -M->m1 * g;                /* H_r: F_e,r = F_e,1 = -m g */
    M->u.F2 = M->sys == SYS_HF ? -M->m2 * g : 0;
    return COLLIDE_OK;
}

collide_status parser_build_input(parser *p)
{
    model *M = &p->s->model;
    input_signal *u = &M->u;
    collide_status st = COLLIDE_OK;
    switch (p->input) {
    case IN_NONE:
        u->kind = INPUT_NONE;
        break;
    case IN_GRAVITY:
        st = build_gravity(p);
        break;
    case IN_CONSTANT:
        u->kind = INPUT_CONSTANT;
        if (M->sys == SYS_HR)
            st = need(p, "F", &u->F1);
        else if ((st = need(p, "F1", &u->F1)) == COLLIDE_OK)
            st = need(p, "F2", &u->F2);
        break;
    case IN_STUDY2:
        u->kind = INPUT_STUDY2;
        u->vm0 = M->vm0;                             /* v_m,0 of Eq. (207) */
        if ((st = need(p, "Fe0", &u->Fe0)) == COLLIDE_OK &&
            (st = need(p, "Te", &u->Te)) == COLLIDE_OK)
            st = need(p, "Ts", &u->Ts);
        break;
    }
    return st;
}

collide_status parser_build_state(parser *p)
{
    model *M = &p->s->model;
    collide_status st;
    if ((st = need(p, "x0", &M->x0)) != COLLIDE_OK ||
        (st = need(p, "v0", &M->v0)) != COLLIDE_OK)
        return st;
    if (M->sys == SYS_HF &&
        ((st = need(p, "xm0", &M->xm0)) != COLLIDE_OK ||
         (st = need(p, "vm0", &M->vm0)) != COLLIDE_OK))
        return st;
    M->l1 = body_offset(p, "l1", "R1");
    M->l2 = body_offset(p, "l2", "R2");
    if (M->x0 + M->l1 + M->l2 > 0)                        /* Section IV-A */
        return COLLIDE_OK;
    return parser_fail(p, parser_line_of(p, "x0"), "x0 = %s with l1 = %g and l2 = %g is "
                "outside the allowed range: x0 + l1 + l2 in (0, inf) "
                "(Section IV-A)", parser_find_entry(p->s, "x0")->text, M->l1, M->l2);
}

/* The scenario key that a breach's quantity came from: the quantity's
 * own key when given; a mass from m1, m2 or the densities; v_c = v0. */
static const scenario_entry *breach_entry(const parser *p, const char *q)
{
    const scenario_entry *e = parser_find_entry(p->s, q);
    if (!e && strcmp(q, "m") == 0)
        e = parser_find_entry(p->s, "m1");
    if (!e && (strcmp(q, "m") == 0 || strcmp(q, "m1") == 0))
        e = parser_find_entry(p->s, "rho1");
    if (!e && strcmp(q, "m2") == 0)
        e = parser_find_entry(p->s, "rho2");
    return e;
}

/* The end of a refusal for the proof domain: the command line's way. */
static const char OUTSIDE_HINT[] = " (on the command line: "
                                   "--outside-proved-domain)";

/* 1 when the run may go outside the proof domain: the text sets
 * outside_proved_domain = 1 or the caller asked (the command line). */
static int parser_outside(const parser *p)
{
    return p->outside || (parser_has(p, "outside_proved_domain") &&
                          parser_value_of(p, "outside_proved_domain") == 1);
}

collide_status parser_check_domain(parser *p)
{
    domain_breach b;
    const scenario_entry *e;
    char note[192];
    if (domain_check_model(&p->s->model, &b))
        return COLLIDE_OK;
    domain_breach_text(&b, note, sizeof note);
    if (parser_outside(p)) {
        p->s->d.outside_domain = 1;
        snprintf(p->s->d.domain_note, sizeof p->s->d.domain_note, "%s", note);
        return COLLIDE_OK;
    }
    e = breach_entry(p, b.quantity);
    if (e && strcmp(e->key, b.quantity) == 0)
        return parser_fail(p, e->line, "%s = %s is outside the proof domain: %s; "
                    "outside_proved_domain = 1 runs outside it%s", e->key, e->text,
                    b.domain, OUTSIDE_HINT);
    if (e)
        return parser_fail(p, e->line, "%s = %s gives %s; outside_proved_domain "
                    "= 1 runs outside it%s", e->key, e->text, note, OUTSIDE_HINT);
    return parser_fail(p, 0, "%s; outside_proved_domain = 1 runs outside it%s",
                note, OUTSIDE_HINT);
}

void parser_set_run_value(sim_options *o, const char *key, double v)
{
    if (strcmp(key, "rtol") == 0)
        o->engine.rtol = v;
    else if (strcmp(key, "atol") == 0)
        o->engine.atol = v;
    else if (strcmp(key, "h_max") == 0)
        o->engine.h_max = v;
    else if (strcmp(key, "t_tol") == 0)
        o->engine.t_tol = v;
    else if (strcmp(key, "graze_tol") == 0)
        o->engine.graze_tol = v;
    else if (strcmp(key, "zeno_events") == 0)
        o->engine.zeno_events = (int)v;
    else if (strcmp(key, "zeno_window") == 0)
        o->engine.zeno_window = v;
    else if (strcmp(key, "samples") == 0)
        o->n_samples = (int)v;
    else if (strcmp(key, "max_steps") == 0)
        o->engine.max_steps = (long)v;
}

collide_status parser_check_t_tol(const parser *p, const scenario_entry *e,
                                  double T)
{
    if (e->value <= T_TOL_REL * T)
        return COLLIDE_OK;
    return parser_fail(p, e->line, "t_tol = %s is outside the allowed range: t_tol "
                "in [0, %g T] = [0, %g] for T = %g (a wider bracket of an "
                "event time can move the results beyond the tolerance)",
                e->text, T_TOL_REL, T_TOL_REL * T, T);
}

collide_status parser_build_run(parser *p)
{
    size_t i;
    model *M = &p->s->model;
    collide_status st = need(p, "T", &M->T);
    p->s->opt = sim_options_default();
    for (i = 0; i < SCENARIO_RUN_KEYS_N; i++)
        if (parser_has(p, scenario_run_keys[i]))
            parser_set_run_value(&p->s->opt, scenario_run_keys[i],
                                 parser_value_of(p, scenario_run_keys[i]));
    p->s->opt.outside_proved_domain = parser_outside(p);
    if (st == COLLIDE_OK && parser_has(p, "t_tol"))
        st = parser_check_t_tol(p, parser_find_entry(p->s, "t_tol"), M->T);
    return st;
}

void parser_clear_derived(scenario_derived *d)
{
    d->has_materials = 0;
    d->E_star = d->R_e = d->k_H = d->k = d->p = d->x_cs = NAN;
    d->m1 = d->m2 = d->m = d->eta = d->eta_c = NAN;
    d->k_derived = d->k_eq191 = d->p_defaulted = 0;
    d->m_sphere[0] = d->m_sphere[1] = 0;
}

void parser_derive_rest(parser *p)
{
    scenario_derived *d = &p->s->d;
    if (p->s->model.sys == SYS_HR && p->input == IN_GRAVITY &&
        d->has_materials && isfinite(d->p))
        d->x_cs = pow(d->m * parser_value_of(p, "g") / d->k_H, 1 / d->p);  /* Eq. (212) */
}

/* ---- derived quantities for display ---- */

static int put(scenario_quantity *q, int n, int max, const char *name,
               const char *eq, const char *unit, double v)
{
    if (n < max && !isnan(v)) {
        q[n].name = name;
        q[n].equation = eq;
        q[n].unit = unit;
        q[n].value = v;
        return n + 1;
    }
    return n;
}

int scenario_quantities(const scenario *s, scenario_quantity *q, int max)
{
    const scenario_derived *d = &s->d;
    const model *M = &s->model;
    int hr = M->sys == SYS_HR, n = 0;
    int m1_derived = parser_entry(s, "rho1") != NULL;
    int m2_derived = parser_entry(s, "rho2") != NULL;
    n = put(q, n, max, "E*", "Eq. (187)", "Pa", d->E_star);
    n = put(q, n, max, "R_e", "Eq. (188)", "m", d->R_e);
    n = put(q, n, max, "m1", m1_derived ? "Eq. (189)" : "given", "kg", d->m1);
    if (!hr)
        n = put(q, n, max, "m2", m2_derived ? "Eq. (189)" : "given", "kg", d->m2);
    n = put(q, n, max, "m", hr ? "m = m1 (m2 = inf, Eq. 41)" : "Eq. (41)",
            "kg", d->m);
    n = put(q, n, max, "eta", "Eq. (48)", "", d->eta);
    n = put(q, n, max, "eta_c", "Eq. (49)", "", d->eta_c);
    n = put(q, n, max, "p", d->p_defaulted ? "Eq. (190)" : "given", "", d->p);
    n = put(q, n, max, "k_H", "Eq. (192)", "N m^-p", d->k_H);
    n = put(q, n, max, "k", d->k_derived ? "Eq. (191)" : "given", "N m^-p", d->k);
    n = put(q, n, max, "x_c^s", "Eq. (212)", "m", d->x_cs);
    n = put(q, n, max, "l1", "Section IV-A", "m", M->l1);
    n = put(q, n, max, "l2", "Section IV-A", "m", M->l2);
    n = put(q, n, max, "F_e,r(0)", "Eq. (46)", "N", input_reduced_force(M, 0));
    return n;
}
