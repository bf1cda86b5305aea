/* mp_model.c - the model at working precision and its expression tape;
 * see mp_model.h. Each formula carries the number of the equation it
 * transcribes; the binary64 code of the same equation is named beside it. */
#include "mp_model.h"

#include "mp_law.h"
#include "mp_spec.h"
#include "registry.h"

#include <stdio.h>
#include <string.h>

/* ---- parameters from their decimal text ---------------------------------- */

/* x <- the value of the entry key, its decimal text rounded to the
 * precision of x; 0 when absent (x untouched). */
static int entry_value(const scenario *s, const char *key, mpfr_t x)
{
    const scenario_entry *e = scenario_find(s, key);
    if (!e)
        return 0;
    mpfr_set_str(x, e->text, 10, MPFR_RNDN);
    return 1;
}

/* The mass of body i as the scenario obtained it (s->d.m_sphere, set
 * by the parser): the sphere's from R_i and rho_i
 * (mp_spec_sphere_mass), or the text of `key`. */
static void mass_at_precision(const scenario *s, const char *key, int i,
                              mpfr_t m)
{
    mpfr_t R, rho;
    if (!s->d.m_sphere[i - 1]) {
        entry_value(s, key, m);
        return;
    }
    mpfr_inits2(mpfr_get_prec(m), R, rho, (mpfr_ptr)0);
    entry_value(s, i == 1 ? "R1" : "R2", R);
    entry_value(s, i == 1 ? "rho1" : "rho2", rho);
    mp_spec_sphere_mass(m, R, rho);
    mpfr_clears(R, rho, (mpfr_ptr)0);
}

/* The Hertzian coefficient k_H from the materials' decimal texts:
 * E* and R_e, then k_H, by the generated functions of spec/derived.acsl
 * (as scenario.c derive_materials in binary64). */
static void hertz_constant(const scenario *s, mpfr_t kH)
{
    mpfr_t E1, nu1, E2, nu2, Estar, Re;
    mpfr_inits2(mpfr_get_prec(kH), E1, nu1, E2, nu2, Estar, Re, (mpfr_ptr)0);
    entry_value(s, "E1", E1);
    entry_value(s, "nu1", nu1);
    entry_value(s, "E2", E2);
    entry_value(s, "nu2", nu2);
    mp_spec_effective_modulus(Estar, E1, nu1, E2, nu2);
    entry_value(s, "R1", E1);
    entry_value(s, "R2", E2);
    mp_spec_effective_radius(Re, E1, E2);
    mp_spec_hertz_coefficient(kH, Estar, Re);
    mpfr_clears(E1, nu1, E2, nu2, Estar, Re, (mpfr_ptr)0);
}

/* The law's k as the scenario derived it from the materials
 * (s->d.k_eq191, set by the parser): from k_H by mp_spec_hertz_law_k, or
 * k_H. par holds the other parameters. */
static void law_k_from_materials(const scenario *s, const law *l,
                                 mpfr_t *par, mpfr_t k)
{
    int ia = law_param_index(l, "alpha"), iA = law_param_index(l, "A");
    int ip = law_param_index(l, "p");
    mpfr_t kH;
    if (!s->d.k_eq191) {
        hertz_constant(s, k);
        return;
    }
    mpfr_init2(kH, mpfr_get_prec(k));
    hertz_constant(s, kH);
    mp_spec_hertz_law_k(k, kH, par[ia], par[iA], par[ip]);
    mpfr_clear(kH);
}

/* The law's parameters; k by law_k_from_materials when the scenario
 * derives it. */
static void law_params(const scenario *s, const law *l, mpfr_t *par)
{
    int i, ik = law_param_index(l, "k");
    for (i = 0; i < l->npar; i++)
        entry_value(s, l->par_names[i], par[i]);
    if (s->d.k_derived && ik >= 0)
        law_k_from_materials(s, l, par, par[ik]);
}

/* An exponent the tape can step through zero with: 2p an integer. */
static collide_status check_taylor_exponent(const scenario *s,
                                            const law *l, const char *name,
                                            char *err, size_t errlen)
{
    const scenario_entry *e = scenario_find(s, name);
    int i = law_param_index(l, name);
    if (i < 0 || 2 * s->model.par[i] == (double)(long)(2 * s->model.par[i]))
        return COLLIDE_OK;
    snprintf(err, errlen, "%s = %s is outside the range of the high-precision "
             "mode: 2%s must be an integer (1, 1.5, 2, ...), so that the "
             "contact law is analytic in sqrt(t - t*) at its switching points",
             name, e ? e->text : "?", name);
    return COLLIDE_E_INPUT;
}

/* ---- the tape ------------------------------------------------------------ */

/* The applied forces (F_e,1, F_e,2) (Section IV-A; model.c). */
typedef struct force_nodes {
    int fe1, fe2, fer;
} force_nodes;

/* The forces of the second study (spec/input_forces.acsl): the draw
 * F_e,0 (1 + S(t/T_e)) and the deceleration a(t) with the masses. */
static void study2_forces(const scenario *s, mp_model *M, force_nodes *f)
{
    mp_tape *T = &M->tape;
    mpfr_t Fe0, Te, Ts;
    int t = mp_time(T), draw, a;
    mpfr_inits2(M->prec, Fe0, Te, Ts, (mpfr_ptr)0);
    entry_value(s, "Fe0", Fe0);
    entry_value(s, "Te", Te);
    entry_value(s, "Ts", Ts);
    draw = mp_spec_study2_draw(T, Fe0, Te, t);
    a = mp_spec_study2_deceleration(T, M->vm0, Ts, t);
    f->fe1 = mp_spec_study2_fe1(T, M->m1, draw, a);
    f->fe2 = mp_spec_study2_fe2(T, M->m2, draw, a);
    mpfr_clears(Fe0, Te, Ts, (mpfr_ptr)0);
}

/* Constant forces: the weights under gravity (mp_spec_weight), or as
 * given; F_e,2 = 0 for H_r. */
static void constant_forces(const scenario *s, mp_model *M,
                            force_nodes *f)
{
    mp_tape *T = &M->tape;
    const scenario_entry *in = scenario_find(s, "input");
    int hf = M->m->sys == SYS_HF;
    mpfr_t a, g;
    mpfr_inits2(M->prec, a, g, (mpfr_ptr)0);
    if (in && strcmp(in->text, "gravity") == 0) {
        entry_value(s, "g", g);
        mp_spec_weight(a, M->m1, g);
        f->fe1 = mp_const(T, a);
        if (hf) {
            mp_spec_weight(a, M->m2, g);
        } else {
            mpfr_set_zero(a, 1);
        }
        f->fe2 = mp_const(T, a);
    } else {
        entry_value(s, hf ? "F1" : "F", a);
        f->fe1 = mp_const(T, a);
        mpfr_set_zero(a, 1);
        if (hf)
            entry_value(s, "F2", a);
        f->fe2 = mp_const(T, a);
    }
    mpfr_clears(a, g, (mpfr_ptr)0);
}

/* F_e,r: F_e,1 for H_r (m_2 = inf); 0 for H_f under gravity alone (the
 * weights' reduction cancels exactly, as model.c reduced_force says);
 * else mp_spec_reduced_force_value. */
static void input_tape(const scenario *s, mp_model *M, force_nodes *f)
{
    mp_tape *T = &M->tape;
    switch (M->m->u.kind) {
    case INPUT_STUDY2:
        study2_forces(s, M, f);
        break;
    case INPUT_CONSTANT:
        constant_forces(s, M, f);
        break;
    default:
        f->fe1 = f->fe2 = mp_const_d(T, 0.0);
        break;
    }
    if (M->m->sys == SYS_HR) {
        f->fer = f->fe1;
        return;
    }
    if (M->m->u.kind == INPUT_CONSTANT && M->m->u.gravity) {
        f->fer = mp_const_d(T, 0.0);
        return;
    }
    f->fer = mp_spec_reduced_force_value(T, M->m1, M->m2, f->fe1, f->fe2);
}

/* Supply rate <u, y> of H_r or of H_f, with H_f's outputs h_1, h_2
 * (spec/output_supply.acsl). */
static int supply_tape(mp_model *M, const force_nodes *f)
{
    mp_tape *T = &M->tape;
    int v = M->v, vm, h1, h2;
    if (M->m->sys == SYS_HR)
        return mp_spec_supply_hr_value(T, f->fer, v);
    vm = mp_var(T, M->L.vm);
    h1 = mp_spec_output_h1(T, mp_const(T, M->eta_c), v, vm);
    h2 = mp_spec_output_h2(T, mp_const(T, M->eta), v, vm);
    return mp_spec_supply_hf_value(T, f->fe1, f->fe2, h1, h2);
}

/* The storage function V of H_r or of H_f (spec/storage.acsl). */
static int storage_tape(mp_model *M, int vc)
{
    mp_tape *T = &M->tape;
    int m = mp_const(T, M->mass);
    if (M->m->sys != SYS_HF)
        return mp_spec_storage_hr_value(T, m, M->v, vc);
    return mp_spec_storage_hf_value(T, m, mp_const(T, M->mt), M->v,
                                    mp_var(T, M->L.vm), vc);
}

/* The rates of the quadrature states in mode 0 (apart, a) and mode 1
 * (in contact, c), each generated from its definition in
 * spec/flow_map.acsl (mp_spec.h); F_c (M->contact_force) is the rate of
 * J_Fc in contact. */
static void quadrature_tape(mp_model *M, const force_nodes *f,
                            const mp_law_nodes *n, int supply)
{
    mp_tape *T = &M->tape;
    const layout *L = &M->L;
    int *a = M->flow[0], *c = M->flow[1];
    a[L->is] = c[L->is] = mp_spec_supply_quadrature_rate(T, supply);
    a[L->dc] = a[L->dc_c] = mp_spec_dissipation_rate_apart(T, n->dissipation);
    c[L->dc] = c[L->dc_c] =
        mp_spec_dissipation_rate_contact(T, n->dissipation);
    a[L->w] = mp_spec_work_rate_apart(T, n->phi, M->v);
    c[L->w] = mp_spec_work_rate_contact(T, n->phi, M->v);
    a[L->jfc] = mp_spec_contact_impulse_rate_apart(T, n->phi);
    c[L->jfc] = M->contact_force;
    a[L->jfe] = mp_spec_external_impulse_rate_apart(T, f->fer);
    c[L->jfe] = mp_spec_external_impulse_rate_contact(T, f->fer);
    a[L->is_c] = mp_spec_contact_supply_rate_apart(T, supply);
    c[L->is_c] = mp_spec_contact_supply_rate_contact(T, supply);
}

/* The flow maps of mode 0 (apart) and 1 (in contact), each component
 * generated from its definition in spec/flow_map.acsl (mp_spec.h), in the
 * order of the layout: x, v (and x_m, v_m of H_f), x_c, z_c, then the
 * quadratures (quadrature_tape); every component of each mode is
 * written. */
static void flow_tape(mp_model *M, const force_nodes *f, const mp_law_nodes *n,
                      int supply)
{
    mp_tape *T = &M->tape;
    const layout *L = &M->L;
    int m = mp_const(T, M->mass), i, q;
    for (q = 0; q < 2; q++) {
        M->flow[q][L->x] = mp_spec_position_rate_value(T, M->v);
        if (M->m->sys == SYS_HF) {
            M->flow[q][L->xm] =
                mp_spec_centre_position_rate_value(T, mp_var(T, L->vm));
            M->flow[q][L->vm] = mp_spec_centre_acceleration_value(
                T, f->fe1, f->fe2, M->m1, M->m2);
        }
    }
    M->flow[0][L->v] =
        mp_spec_relative_acceleration_apart(T, m, n->phi, f->fer);
    M->flow[1][L->v] =
        mp_spec_relative_acceleration_contact(T, m, n->phi, f->fer);
    M->flow[0][L->xc] = mp_spec_contact_factor_apart(T, M->v);
    M->flow[1][L->xc] = mp_spec_contact_factor_contact(T, M->v);
    for (i = 0; i < L->nz; i++) {
        M->flow[0][L->z + i] = mp_spec_contact_factor_apart(T, n->psi[i]);
        M->flow[1][L->z + i] = mp_spec_contact_factor_contact(T, n->psi[i]);
    }
    quadrature_tape(M, f, n, supply);
}

/* Masses (m_1, m_2, read once for the whole tape; m, m_1 + m_2, eta,
 * eta_c of spec/derived.acsl), and the initial state and horizon. */
static void read_model(mp_model *M, const scenario *s)
{
    if (M->m->sys == SYS_HR) {
        mass_at_precision(s, "m", 1, M->mass);      /* m_2 = inf: m = m_1 */
        mpfr_set(M->m1, M->mass, MPFR_RNDN);
        mpfr_set_inf(M->m2, 1);
        mpfr_set_zero(M->eta, 1);
        mpfr_set_ui(M->eta_c, 1, MPFR_RNDN);
        mpfr_set_inf(M->mt, 1);
    } else {
        mass_at_precision(s, "m1", 1, M->m1);
        mass_at_precision(s, "m2", 2, M->m2);
        mpfr_add(M->mt, M->m1, M->m2, MPFR_RNDN);
        mp_spec_reduced_mass(M->mass, M->m1, M->m2);
        mp_spec_mass_share(M->eta, M->m1, M->m2);
        mp_spec_mass_share_c(M->eta_c, M->m1, M->m2);
    }
    entry_value(s, "x0", M->x0);
    entry_value(s, "v0", M->v0);
    mpfr_set_zero(M->xm0, 1);
    mpfr_set_zero(M->vm0, 1);
    entry_value(s, "xm0", M->xm0);
    entry_value(s, "vm0", M->vm0);
    entry_value(s, "T", M->T);
}

/* The saturation of each Bouc-Wen state (mp_model.h): zeta =
 * (A / (beta + gamma))^(1/n), where beta + gamma > 0. */
static void saturation(mp_model *M, const mp_law_nodes *n, mpfr_t *par)
{
    mpfr_t e;
    int i;
    mpfr_init2(e, M->prec);
    for (i = 0; i < LAW_NZ_MAX; i++) {
        M->sat_u[i] = -1;
        if (n->drive[i] < 0)
            continue;
        mpfr_add(e, par[BBETA], par[BGAMMA], MPFR_RNDN);
        if (mpfr_sgn(e) <= 0)
            continue;                 /* gamma = -beta: no saturation */
        mpfr_div(M->sat_zeta[i], par[BA], e, MPFR_RNDN);
        mpfr_ui_div(e, 1, par[BN], MPFR_RNDN);
        mpfr_pow(M->sat_zeta[i], M->sat_zeta[i], e, MPFR_RNDN);
        M->sat_u[i] = n->drive[i];
    }
    mpfr_clear(e);
}

/* Builds the whole tape; -1 when out of memory. */
static int build_tape(mp_model *M, const scenario *s, mpfr_t *par)
{
    const layout *L = &M->L;
    mp_tape *T = &M->tape;
    law_tape_fn tape = mp_law_find(M->m->law);
    mp_builder b;
    mp_law_nodes n;
    force_nodes f;
    int z[LAW_NZ_MAX], i, xc, supply;
    b.T = T;
    b.par = par;
    M->x = mp_var(T, L->x);
    M->v = mp_var(T, L->v);
    xc = M->xc = mp_var(T, L->xc);
    for (i = 0; i < L->nz; i++)
        z[i] = mp_var(T, L->z + i);
    memset(&n, 0, sizeof n);
    for (i = 0; i < LAW_NZ_MAX; i++)
        n.drive[i] = -1;
    tape(&b, xc, z, M->v, &n);
    saturation(M, &n, par);
    M->phi = n.phi;
    M->contact_force = mp_spec_contact_impulse_rate_contact(T, n.phi);
    input_tape(s, M, &f);
    M->fer = f.fer;
    supply = supply_tape(M, &f);
    M->contact_storage = n.storage;
    M->storage = storage_tape(M, n.storage);
    flow_tape(M, &f, &n, supply);
    return T->failed || M->storage < 0 || M->flow[1][L->dc_c] < 0 ? -1 : 0;
}

collide_status mp_model_init(mp_model *M, const scenario *s, mpfr_prec_t prec,
                             char *err, size_t errlen)
{
    const law *l = s->model.law;
    mpfr_t par[LAW_NPAR_MAX];
    collide_status st;
    int i, bad;
    memset(M, 0, sizeof *M);
    M->m = &s->model;
    M->prec = prec;
    M->L = layout_make(s->model.sys, l->nz);
    mpfr_inits2(prec, M->mass, M->m1, M->m2, M->mt, M->eta, M->eta_c, M->x0,
                M->v0, M->xm0, M->vm0, M->T, (mpfr_ptr)0);
    for (i = 0; i < LAW_NZ_MAX; i++) {
        mpfr_init2(M->sat_zeta[i], prec);
        M->sat_u[i] = -1;
    }
    mp_tape_init(&M->tape, prec);
    if ((st = check_taylor_exponent(s, l, "p", err, errlen)) != COLLIDE_OK ||
        (st = check_taylor_exponent(s, l, "n", err, errlen)) != COLLIDE_OK)
        return st;
    if (!mp_law_find(l)) {
        snprintf(err, errlen, "law %s has no high-precision form: no "
                 "spec/law_%s_equations.acsl with its n_z and parameters "
                 "(proofs/spec2tape.py)", l->name, l->name);
        return COLLIDE_E_INPUT;
    }
    for (i = 0; i < l->npar; i++)
        mpfr_init2(par[i], prec);
    law_params(s, l, par);
    read_model(M, s);
    bad = build_tape(M, s, par);
    for (i = 0; i < l->npar; i++)
        mpfr_clear(par[i]);
    if (bad) {
        snprintf(err, errlen, "law %s: the high-precision mode could not "
                 "build its tape (out of memory?)", l->name);
        return COLLIDE_E_MEMORY;
    }
    return COLLIDE_OK;
}

void mp_model_clear(mp_model *M)
{
    int i;
    for (i = 0; i < LAW_NZ_MAX; i++)
        mpfr_clear(M->sat_zeta[i]);
    mp_tape_clear(&M->tape);
    mpfr_clears(M->mass, M->m1, M->m2, M->mt, M->eta, M->eta_c, M->x0,
                M->v0, M->xm0, M->vm0, M->T, (mpfr_ptr)0);
}
