/* collide_model.c - the hybrid system of a scenario evaluated, for the
 * public interface (include/collide.h, "the hybrid system, evaluated"):
 * each call is the binary64 engine's own function of the model (the
 * proved flow map, sets, reset and storage of src/model, assembled by
 * src/b64/impact.c), so that what a user checks against is what the
 * engine integrates; and the flow integrated between two times with the
 * engine's DOP853 step (src/kernel/dop853.c). */
#define _POSIX_C_SOURCE 200809L   /* locale_t (collide_int.h) */
#include "collide_int.h"
#include "domain.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dop853.h"
#include "finite.h"
#include "hybrid.h"
#include "impact.h"

struct collide_model {
    model m;
    layout L;
    int outside;   /* made from a scenario with outside_proved_domain = 1:
                      states outside the proof domain are evaluated */
};

_Static_assert(COLLIDE_CHI_MAX == 7 && COLLIDE_CHI_MAX <= COLLIDE_NY_MAX,
               "chi of H_f with two internal states: x, v, x_m, v_m, x_c, "
               "z_c1, z_c2");

/* *out a new model of the impact model src (its layout derived), when
 * src is not NULL: COLLIDE_OK, COLLIDE_E_USAGE or COLLIDE_E_MEMORY. */
static int model_new(const model *src, int outside, collide_model **out)
{
    if (!out)
        return COLLIDE_E_USAGE;
    *out = NULL;
    if (!src)
        return COLLIDE_E_USAGE;
    if (!(*out = malloc(sizeof **out)))
        return COLLIDE_E_MEMORY;
    (*out)->m = *src;
    (*out)->L = layout_make(src->sys, src->law->nz);
    (*out)->outside = outside;
    return COLLIDE_OK;
}

collide_status collide_model_make(const collide_scenario *s, collide_model **out)
{
    return model_new(s ? &s->s.model : NULL,
                     s ? s->s.opt.outside_proved_domain : 0, out);
}

collide_status collide_model_copy(const collide_model *m, collide_model **out)
{
    return model_new(m ? &m->m : NULL, m ? m->outside : 0, out);
}

void collide_model_free(collide_model *m)
{
    free(m);
}

collide_system collide_model_system(const collide_model *m)
{
    if (!m)
        return COLLIDE_SYSTEM_NONE;
    return m->m.sys == SYS_HF ? COLLIDE_SYSTEM_HF : COLLIDE_SYSTEM_HR;
}

int collide_model_dimension(const collide_model *m)
{
    return m ? m->L.n_chi : 0;
}

int collide_model_index(const collide_model *m, collide_role r)
{
    if (!m)
        return -1;
    switch (r) {
    case COLLIDE_ROLE_X: return m->L.x;
    case COLLIDE_ROLE_V: return m->L.v;
    case COLLIDE_ROLE_XM: return m->L.xm;
    case COLLIDE_ROLE_VM: return m->L.vm;
    case COLLIDE_ROLE_XC: return m->L.xc;
    case COLLIDE_ROLE_Z: return m->L.nz > 0 ? m->L.z : -1;
    }
    return -1;
}

int collide_model_role(const collide_model *m, int c)
{
    const layout *L = m ? &m->L : NULL;
    if (!L || c < 0 || c >= L->n_chi)
        return -1;
    return c == L->x ? COLLIDE_ROLE_X : c == L->v ? COLLIDE_ROLE_V
         : c == L->xm ? COLLIDE_ROLE_XM : c == L->vm ? COLLIDE_ROLE_VM
         : c == L->xc ? COLLIDE_ROLE_XC : COLLIDE_ROLE_Z;
}

const char *collide_model_component_name(const collide_model *m, int c)
{
    return m && c >= 0 && c < m->L.n_chi ? impact_component_name(&m->L, c)
                                         : NULL;
}

/* ---- parameters: 0 the mass m (Eq. 41), then the law's ---- */

int collide_model_parameters(const collide_model *m)
{
    return m ? 1 + m->m.law->npar : 0;
}

const char *collide_model_parameter_name(const collide_model *m, int i)
{
    if (!m || i < 0 || i > m->m.law->npar)
        return NULL;
    return i == 0 ? "m" : m->m.law->par_names[i - 1];
}

double collide_model_parameter(const collide_model *m, int i)
{
    if (!m || i < 0 || i > m->m.law->npar)
        return NAN;
    return i == 0 ? m->m.m : m->m.par[i - 1];
}

/* The refusal of par[k] = value (law parameter k of m) that made the
 * law's parameter `bad` leave its range `range`: when bad is k, k's own
 * range; else the range that the other parameter gives k (beta >= |gamma|
 * for Bouc-Wen's gamma in [-beta, beta]), naming k, never the other. */
static void parameter_refusal(const collide_model *m, int k, int bad,
                              const double *par, const char *range,
                              char *err, size_t errlen)
{
    const char *const *name = m->m.law->par_names;
    if (bad == k)
        collide_api_say(err, errlen, "%s = %.17g is outside the allowed "
                        "range: %s", name[k], par[k], range);
    else if (strcmp(name[k], "beta") == 0 && strcmp(name[bad], "gamma") == 0)
        collide_api_say(err, errlen, "beta = %.17g is outside its range: "
                        "beta >= |gamma| = %.17g (as %s)", par[k],
                        fabs(par[bad]), range);
    else
        collide_api_say(err, errlen, "%s = %.17g is outside its range: with "
                        "it, %s = %.17g is outside %s", name[k], par[k],
                        name[bad], par[bad], range);
}

/* 1, with err naming the quantity, its value and the domain, when
 * parameter i (0: m) of m set to value takes the model out of the proof
 * domain (domain.h) that it lies in; a model already outside (a scenario
 * with outside_proved_domain = 1) stays as its scenario asked: 0. */
static int leaves_domain(const collide_model *m, int i, double value,
                         char *err, size_t errlen)
{
    model next = m->m;
    domain_breach b;
    char text[192];
    if (!domain_check_model(&m->m, &b))
        return 0;
    if (i == 0)
        next.m = value;
    else
        next.par[i - 1] = value;
    if (domain_check_model(&next, &b))
        return 0;
    domain_breach_text(&b, text, sizeof text);
    collide_api_say(err, errlen, "%s", text);
    return 1;
}

static int model_set_parameter_in_c(collide_model *m, int i, double value,
                                    char *err, size_t errlen)
{
    double par[LAW_NPAR_MAX];
    char range[128];
    int bad;
    if (!m) {
        collide_api_say(err, errlen, "collide_model_set_parameter: m is NULL");
        return COLLIDE_E_USAGE;
    }
    if (i < 0 || i > m->m.law->npar) {
        collide_api_say(err, errlen, "collide_model_set_parameter: parameter %d is "
                "outside 0 .. %d", i, m->m.law->npar);
        return COLLIDE_E_USAGE;
    }
    if (i == 0) {
        if (!(value > 0 && isfinite(value))) {
            collide_api_say(err, errlen, "m = %.17g is outside the allowed range: m "
                    "in (0, inf)", value);
            return COLLIDE_E_INPUT;
        }
        if (leaves_domain(m, i, value, err, errlen))
            return COLLIDE_E_INPUT;
        m->m.m = value;
        return COLLIDE_OK;
    }
    memcpy(par, m->m.par, sizeof par);
    par[i - 1] = value;
    bad = m->m.law->validate(par, range, sizeof range);
    if (bad >= 0) {
        parameter_refusal(m, i - 1, bad, par, range, err, errlen);
        return COLLIDE_E_INPUT;
    }
    if (leaves_domain(m, i, value, err, errlen))
        return COLLIDE_E_INPUT;
    m->m.par[i - 1] = value;
    return COLLIDE_OK;
}

/* Runs model_set_parameter_in_c in the C locale (clocale.h), then makes the
 * caller's locale current again. */
collide_status collide_model_set_parameter(collide_model *m, int i, double value,
                                           char *err, size_t errlen)
{
    locale_t prev = clocale_enter();
    int st = model_set_parameter_in_c(m, i, value, err, errlen);
    clocale_leave(prev);
    return st;
}

/* ---- the applied forces (Section IV-A, Eqs. 46, 205-209) ---- */

void collide_model_forces(const collide_model *m, double t, double *fe1,
                          double *fe2)
{
    double f1 = NAN, f2 = NAN;
    if (m)
        input_forces(&m->m, t, &f1, &f2);
    if (fe1)
        *fe1 = f1;
    if (fe2)
        *fe2 = f2;
}

double collide_model_reduced_force(const collide_model *m, double fe1,
                                   double fe2)
{
    return m ? reduced_force(&m->m, fe1, fe2) : NAN;
}

double collide_model_next_breakpoint(const collide_model *m, double t)
{
    return m ? input_next_breakpoint(&m->m, t) : NAN;
}

/* ---- the maps of the hybrid system ---- */

void collide_model_initial_state(const collide_model *m, double *chi)
{
    double y[COLLIDE_NY_MAX];
    if (!m || !chi)
        return;
    impact_initial_state(&m->m, &m->L, y);                    /* Eqs. 79, 84 */
    memcpy(chi, y, (size_t)m->L.n_chi * sizeof *chi);
}

/* ---- the states admitted: those of the proofs' domain ---- */

/* The breach b of a component that domain.h names by its index
 * ("chi[3]"), in its quantity and in its domain's text, named name. */
static void rename_component(domain_breach *b, const char *name)
{
    char domain[sizeof b->domain];
    const char *at = strstr(b->domain, b->quantity);
    if (at)
        snprintf(domain, sizeof domain, "%.*s%s%s", (int)(at - b->domain),
                 b->domain, name, at + strlen(b->quantity));
    else
        snprintf(domain, sizeof domain, "%s", b->domain);
    snprintf(b->domain, sizeof b->domain, "%s", domain);
    snprintf(b->quantity, sizeof b->quantity, "%s", name);
}

/* COLLIDE_OK when chi satisfies what the proofs assume of an input state
 * (a run-time test, not proved: domain.h restates spec/'s constants, and
 * a test compares the texts; proofs/README.md, the boundary table):
 * every component finite, bounded (|.| <= 1e100), x_c and z_c in
 * domain_state, v_c in domain_speed; of a model of a scenario with
 * outside_proved_domain = 1, every component finite. Else
 * COLLIDE_E_NONFINITE or COLLIDE_E_DOMAIN with err naming the component,
 * its value and the allowed range. */
static collide_status state_admitted(const collide_model *m,
                                     const double *chi, char *err,
                                     size_t errlen)
{
    domain_breach b;
    char text[192];
    int c, k;
    for (c = 0; c < m->L.n_chi; c++)
        if (!isfinite(chi[c])) {
            const char *name = impact_component_name(&m->L, c);
            collide_api_say(err, errlen, "%s = %.17g is not a state: %s in "
                            "(-inf, inf) (Lemma V.14)", name, chi[c], name);
            return COLLIDE_E_NONFINITE;
        }
    if (m->outside || domain_check_state(chi, m->L.n_chi, m->L.v, m->L.xc,
                                         m->L.z, m->L.nz, &b))
        return COLLIDE_OK;
    if (sscanf(b.quantity, "chi[%d]", &k) == 1 && k >= 0 && k < m->L.n_chi)
        rename_component(&b, impact_component_name(&m->L, k));
    domain_breach_text(&b, text, sizeof text);
    collide_api_say(err, errlen, "%s", text);
    return COLLIDE_E_DOMAIN;
}

static collide_status model_check_state_in_c(const collide_model *m,
                                             const double *chi, char *err,
                                             size_t errlen)
{
    if (!m || !chi) {
        collide_api_say(err, errlen, "collide_model_check_state: %s is NULL",
                        m ? "chi" : "m");
        return COLLIDE_E_USAGE;
    }
    return state_admitted(m, chi, err, errlen);
}

/* Runs model_check_state_in_c in the C locale (clocale.h), then makes
 * the caller's locale current again. */
collide_status collide_model_check_state(const collide_model *m,
                                         const double *chi, char *err,
                                         size_t errlen)
{
    locale_t prev = clocale_enter();
    collide_status st = model_check_state_in_c(m, chi, err, errlen);
    clocale_leave(prev);
    return st;
}

/* Whether m admits chi (state_admitted), without a message. */
static int admitted(const collide_model *m, const double *chi)
{
    return state_admitted(m, chi, NULL, 0) == COLLIDE_OK;
}

/* The flow map of chi in mode q at t into dchi (Eqs. 74, 81), for any
 * finite state: the integration's stages may leave the domain that its
 * steps' ends are held to. */
static void flow_eval(const collide_model *m, int q, double t,
                      const double *chi, double *dchi)
{
    double fe[3];
    (void)impact_flow_chi(&m->m, &m->L, q, t, chi, dchi, fe); /* Eqs. 74, 81 */
}

collide_status collide_model_flow(const collide_model *m, int q, double t,
                                  const double *chi, double *dchi)
{
    collide_status st;
    if (!m || !chi || !dchi || (q != 0 && q != 1))
        return COLLIDE_E_USAGE;
    st = state_admitted(m, chi, NULL, 0);
    if (st == COLLIDE_OK)
        flow_eval(m, q, t, chi, dchi);
    return st;
}

double collide_model_phi(const collide_model *m, const double *chi)
{
    const layout *L = m ? &m->L : NULL;
    if (!L || !chi || !admitted(m, chi))
        return NAN;
    return m->m.law->phi(m->m.par, chi[L->xc], chi + L->z, chi[L->v]);
}

double collide_model_dissipation_rate(const collide_model *m,
                                      const double *chi)
{
    const layout *L = m ? &m->L : NULL;
    if (!L || !chi || !admitted(m, chi))
        return NAN;
    return m->m.law->dissipation_rate(m->m.par, chi[L->xc], chi + L->z,
                                      chi[L->v]);
}

double collide_model_storage(const collide_model *m, const double *chi)
{
    if (!m || !chi || !admitted(m, chi))
        return NAN;
    return impact_storage(&m->m, &m->L, chi);             /* Eqs. 91, 94 */
}

double collide_model_supply(const collide_model *m, double fe1, double fe2,
                            const double *chi)
{
    double fer;
    if (!m || !chi || !admitted(m, chi))
        return NAN;
    fer = reduced_force(&m->m, fe1, fe2);                     /* Eq. 46 */
    return impact_supply(&m->m, &m->L, fe1, fe2, fer, chi);   /* Eqs. 83, 96 */
}

/* 1 when x, v and phi are all finite: a state of Lemma V.14, which
 * excludes NaN and infinities (the proved flow_set and jump_set require
 * them finite, src/model/hybrid.h). */
static int finite_state(double x, double v, double phi)
{
    return isfinite(x) && isfinite(v) && isfinite(phi);
}

int collide_model_in_flow_set(int q, double x, double v, double phi)
{
    if (q != 0 && q != 1)
        return 0;
    if (!finite_state(x, v, phi))
        return -1;
    return flow_set(q, x, v, phi);                            /* Eq. 77 */
}

int collide_model_in_jump_set(int q, double x, double v, double phi)
{
    if (q != 0 && q != 1)
        return 0;
    if (!finite_state(x, v, phi))
        return -1;
    return jump_set(q, x, v, phi);                            /* Eq. 78 */
}

int collide_model_reset(const collide_model *m, int q, const double *chi,
                        double *chi_plus)
{
    double y[COLLIDE_NY_MAX] = {0}, ynew[COLLIDE_NY_MAX];
    int qnew;
    if (!m || !chi || !chi_plus || (q != 0 && q != 1) || !admitted(m, chi))
        return -1;
    memcpy(y, chi, (size_t)m->L.n_chi * sizeof *y);
    jump_map(&m->L, y, q, ynew, &qnew);                       /* Eqs. 75, 82 */
    memcpy(chi_plus, ynew, (size_t)m->L.n_chi * sizeof *chi_plus);
    return qnew;
}

/* ---- the flow integrated between two times ---- */

/* Every field of o at its default, struct_size this version's. */
static void flow_options_defaults(collide_flow_options *o)
{
    o->struct_size = sizeof *o;
    o->rtol = 1e-12;
    o->atol = 1e-12;
    o->max_steps = 200000;
    o->on_step = NULL;
    o->ctx = NULL;
}

collide_status collide_flow_options_init(collide_flow_options *o, size_t size)
{
    collide_flow_options d;
    flow_options_defaults(&d);
    d.struct_size = size;
    return collide_api_options_init(o, size, sizeof d, &d, sizeof d);
}

/* The flow of one mode, as an ode_rhs of the DOP853 step. */
typedef struct mode_flow {
    const collide_model *m;
    int q;
} mode_flow;

static void mode_rhs(void *ctx, double t, const double *y, double *dy)
{
    const mode_flow *F = ctx;
    flow_eval(F->m, F->q, t, y, dy);
}

/* Whether the arguments of an integration are in their ranges; else
 * COLLIDE_E_USAGE with err naming the first that is not. */
static int integrate_args(int q, double t0, double t1,
                          const collide_flow_options *o, char *err,
                          size_t errlen)
{
    if (q != 0 && q != 1)
        collide_api_say(err, errlen, "q = %d is outside the allowed range: q in "
                "{0, 1}", q);
    else if (!isfinite(t0))
        collide_api_say(err, errlen, "t0 = %.17g is outside the allowed range: "
                "t0 in (-inf, inf)", t0);
    else if (!(t1 > t0) || !isfinite(t1))
        collide_api_say(err, errlen, "t1 = %.17g is outside the allowed range: "
                "t1 in (t0, inf) = (%.17g, inf)", t1, t0);
    else if (!(o->rtol >= 1e-15 && o->rtol < 1))
        collide_api_say(err, errlen, "rtol = %.17g is outside the allowed range: "
                "rtol in [1e-15, 1)", o->rtol);
    else if (!(o->atol > 0 && isfinite(o->atol)))
        collide_api_say(err, errlen, "atol = %.17g is outside the allowed range: "
                "atol in (0, inf)", o->atol);
    else if (o->max_steps < 1)
        collide_api_say(err, errlen, "max_steps = %ld is outside the allowed range: "
                "max_steps in [1, inf)", o->max_steps);
    else
        return COLLIDE_OK;
    return COLLIDE_E_USAGE;
}

/* Writes the state chi of m as "(x = 0.01, v = -1, ...)" into buf. */
static void state_text(const collide_model *m, const double *chi, char *buf,
                       size_t len)
{
    size_t used = 0;
    int c;
    buf[0] = '\0';
    for (c = 0; c < m->L.n_chi && used < len; c++) {
        int k = snprintf(buf + used, len - used, "%s%s = %.17g",
                         c ? ", " : "(", impact_component_name(&m->L, c),
                         chi[c]);
        if (k < 0)
            return;
        used += (size_t)k;
    }
    if (used < len)
        snprintf(buf + used, len - used, ")");
}

/* Whether the initial state chi0 of an integration of mode q at t0 can be
 * integrated: every component finite, and its flow at t0 finite (into
 * f0); else COLLIDE_E_USAGE with err naming the component, or the state
 * and the component of the flow that is not finite. */
static int initial_state_ok(const collide_model *m, int q, double t0,
                            const double *chi0, double *f0, char *err,
                            size_t errlen)
{
    char state[COLLIDE_CHI_MAX * 48];
    int c, n = m->L.n_chi;
    for (c = 0; c < n; c++)
        if (!isfinite(chi0[c])) {
            const char *name = impact_component_name(&m->L, c);
            collide_api_say(err, errlen, "chi0: %s = %.17g is outside the "
                            "allowed range: %s in (-inf, inf)", name, chi0[c],
                            name);
            return COLLIDE_E_USAGE;
        }
    if (state_admitted(m, chi0, err, errlen) == COLLIDE_E_DOMAIN)
        return COLLIDE_E_DOMAIN;
    flow_eval(m, q, t0, chi0, f0);
    for (c = 0; c < n; c++)
        if (!isfinite(f0[c])) {
            state_text(m, chi0, state, sizeof state);
            collide_api_say(err, errlen, "chi0 = %s is outside the allowed "
                            "range: its flow in mode %d at t0 = %.17g is not "
                            "finite (%s' = %.17g); a state whose flow is "
                            "finite is needed", state, q, t0,
                            impact_component_name(&m->L, c), f0[c]);
            return COLLIDE_E_USAGE;
        }
    return COLLIDE_OK;
}

/* The integration in progress. */
typedef struct flight {
    mode_flow F;
    const collide_flow_options *o;
    dop853_control c;
    dop853_step_data s;
    int n;
    double t, h, y[COLLIDE_NY_MAX], f[COLLIDE_NY_MAX];
    int last_rejected;  /* the step tried before was rejected */
    collide_flow_stats st;
} flight;

/* One step tried from (t, y) towards tb (the end or the next breakpoint);
 * an accepted one moves (t, y) and is shown to on_step. COLLIDE_OK, or
 * COLLIDE_E_INTERRUPT when on_step stops. */
static int try_step(flight *g, double tb)
{
    int last = g->h >= tb - g->t;  /* the last step may be below the floor */
    double err, h = last ? tb - g->t : g->h;
    g->st.steps++;
    err = dop853_step(mode_rhs, &g->F, g->n, g->t, g->y, g->f, h, g->o->rtol,
                      g->o->atol, &g->s, &g->st.rhs_evaluations);
    if (!(err <= 1.0 && finite_vector(g->n, g->s.y1))) {
        g->st.rejected++;
        g->h = dop853_next_h(&g->c, h, err, 1);
        g->last_rejected = 1;
        return COLLIDE_OK;
    }
    g->t = last ? tb : g->t + h;
    memcpy(g->y, g->s.y1, (size_t)g->n * sizeof *g->y);
    memcpy(g->f, g->s.f1, (size_t)g->n * sizeof *g->f);
    g->h = dop853_next_h(&g->c, h, err, g->last_rejected);
    g->last_rejected = 0;
    if (g->o->on_step && g->o->on_step(g->o->ctx, g->t, g->y) != 0)
        return COLLIDE_E_INTERRUPT;
    return COLLIDE_OK;
}

static int model_integrate_in_c(const collide_model *m, int q, double t0,
                                const double *chi0, double t1, double *chi1,
                                const collide_flow_options *o,
                                collide_flow_stats *stats, char *err,
                                size_t errlen)
{
    flight g;
    collide_flow_options dflt;
    int st = COLLIDE_OK;
    if (!m || !chi0 || !chi1) {
        collide_api_say(err, errlen, "collide_model_integrate: %s is NULL",
                        !m ? "m" : !chi0 ? "chi0" : "chi1");
        return COLLIDE_E_USAGE;
    }
    flow_options_defaults(&dflt);
    st = collide_api_options_copy(o, o ? o->struct_size : 0, sizeof dflt,
                                  &dflt, sizeof dflt,
                                  "collide_model_integrate",
                                  "collide_flow_options", err, errlen);
    if (st != COLLIDE_OK)
        return st;
    o = &dflt;
    if ((st = integrate_args(q, t0, t1, o, err, errlen)) != COLLIDE_OK)
        return st;
    memset(&g, 0, sizeof g);
    g.F.m = m;
    g.F.q = q;
    g.o = o;
    g.n = m->L.n_chi;
    g.t = t0;
    g.c = dop853_control_default(o->rtol, o->atol, HUGE_VAL);
    memcpy(g.y, chi0, (size_t)g.n * sizeof *g.y);
    if ((st = initial_state_ok(m, q, t0, g.y, g.f, err, errlen)) != COLLIDE_OK)
        return st;
    g.st.rhs_evaluations++;
    g.h = dop853_initial_h(mode_rhs, &g.F, g.n, g.t, g.y, g.f, t1 - t0, &g.c,
                           &g.st.rhs_evaluations);
    while (st == COLLIDE_OK && g.t < t1) {
        double tb = fmin(t1, input_next_breakpoint(&m->m, g.t));
        if (g.st.steps >= o->max_steps) {
            collide_api_say(err, errlen, "the %ld steps allowed ran out at t = %.17g",
                    o->max_steps, g.t);
            st = COLLIDE_E_PROGRESS;
        } else if (!(g.h >= tb - g.t) && !(g.h > 4 * DBL_EPSILON * fabs(g.t))) {
            char state[COLLIDE_CHI_MAX * 48];
            state_text(m, g.y, state, sizeof state);
            collide_api_say(err, errlen, "the step size %.3g fell under its floor "
                    "%.3g at t = %.17g, state %s", g.h,
                    4 * DBL_EPSILON * fabs(g.t), g.t, state);
            st = COLLIDE_E_STEP;
        } else if ((st = try_step(&g, tb)) != COLLIDE_OK)
            collide_api_say(err, errlen, "on_step stopped the integration at t = "
                    "%.17g", g.t);
    }
    if (st == COLLIDE_OK)
        memcpy(chi1, g.y, (size_t)g.n * sizeof *chi1);
    if (stats)
        *stats = g.st;
    return st;
}

/* Runs model_integrate_in_c in the C locale (clocale.h), then makes the
 * caller's locale current again. */
collide_status collide_model_integrate(const collide_model *m, int q, double t0,
                                       const double *chi0, double t1, double *chi1,
                                       const collide_flow_options *o,
                                       collide_flow_stats *stats, char *err,
                                       size_t errlen)
{
    locale_t prev = clocale_enter();
    int st = model_integrate_in_c(m, q, t0, chi0, t1, chi1, o, stats, err, errlen);
    clocale_leave(prev);
    return st;
}
