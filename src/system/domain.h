/* domain.h - the domain on which the proofs of src/model and src/kernel
 * hold, checked where values enter: a model's parameters (scenario loader,
 * collide_model_set_parameter) and a state chi (the API's calls that take
 * one, and the binary64 engine after each accepted step).
 *
 * Each check returns 1 exactly when the predicate of spec/ it names holds
 * (proved: src/system/domain.c and law_domain_spec.c are in the proved
 * set):
 *   spec/law_domain.acsl  each law's NAME_domain (the checks generated
 *                         from it by proofs/spec2domain.py), domain_state,
 *                         domain_speed, state_domain
 *   spec/bounded.acsl     bounded (|x| <= 1e100), mass_domain (the mass
 *                         precondition of src/model/hybrid.h)
 * The message of a breach (the quantity's name and the domain's text) is
 * written by functions whose bodies are not proved (WP_SKIP): their
 * contracts say only that they fill *b and return 0.  A check that
 * reads memory states its predicate of the values before the call
 * (\old): *b, written on a breach, does not overlap them.
 * The rates bound domain_rate (2^128) concerns the law's own results
 * (dx_c, dz_c, dv_c computed from a state in the domain), not an input. */
#ifndef COLLIDE_DOMAIN_H
#define COLLIDE_DOMAIN_H

#include <stddef.h>

#include "finite.h"
#include "law.h"
#include "law_domain_spec.h"
#include "model.h"

#include "../../spec/bounded.acsl"
#include "../../spec/law_domain.acsl"

/* The constants of spec/ the state and mass checks use, written as there
 * (tests/test_domain.c compares them with the text of the spec files).
 * The laws' parameter bounds are in domain_law_bounds. */
#define DOMAIN_STATE_MAX 1.0        /* law_domain.acsl: domain_state */
#define DOMAIN_SPEED_MAX 0x1p10     /* law_domain.acsl: domain_speed */
#define DOMAIN_BOUNDED_MAX 1.0e100  /* bounded.acsl: bounded */
#define DOMAIN_MASS_MIN 1.0e-100    /* hybrid.h: requires mass */

/* A quantity found outside the domain: its name, its value and the
 * domain as text, e.g. "k in [0, 2^40] (spec/law_domain.acsl,
 * domain_gain)". */
typedef struct domain_breach {
    char quantity[24];
    double value;
    char domain[112];
} domain_breach;

/* One term of a law's proof domain NAME_domain of spec/law_domain.acsl:
 * the parameter par[index] of the law named law is finite and
 * lo <= par[index] <= hi. */
typedef struct domain_bound {
    const char *law;  /* the law's name, as in the registry */
    int index;        /* in the order of the law's par_names */
    double lo, hi;    /* the spec's literals */
    const char *text; /* e.g. "in [0, 2^40] (spec/law_domain.acsl,
                       * domain_gain)": the range and its predicate */
} domain_bound;

/* Every law's terms, in the order of its predicate's conjunction, ended
 * by a row whose law is NULL: generated from spec/law_domain.acsl
 * (law_domain_spec.c, proofs/spec2domain.py; make tapes), with each
 * law's check NAME_domain_outside, proved equal to NAME_domain
 * (law_domain_spec.h). */
extern const domain_bound domain_law_bounds[];

/* spec/float_range.acsl in_range(x, lo, hi): x finite and lo <= x <= hi. */
/*@ assigns \nothing;
  @ ensures meaning: \result == 1 <==> in_range(x, lo, hi);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
static inline int domain_in_range(double x, double lo, double hi)
{
    return finite_double(x) && lo <= x && x <= hi;
}

/*@ // The proofs' domain of the model M (the quantities domain_check_model
  @ // checks): the law's parameters in its NAME_domain, the masses in
  @ // mass_domain, the applied forces, x_0 and (H_f) x_m,0, v_m,0
  @ // bounded, v_0 = v_c(0) in domain_speed.
  @ predicate model_domain{L}(model *M) =
  @   domain_law_holds(M->law, &M->par[0]) && mass_domain(M->m) &&
  @   (M->sys == SYS_HF ==> mass_domain(M->m1) && mass_domain(M->m2)) &&
  @   bounded(M->u.F1) && bounded(M->u.F2) && bounded(M->u.Fe0) &&
  @   bounded(M->u.vm0) && bounded(M->x0) && domain_speed(M->v0) &&
  @   (M->sys == SYS_HF ==> bounded(M->xm0) && bounded(M->vm0));
  @*/

/* 1 when the law's parameters par lie in the law's proof domain (its
 * rows of domain_law_bounds); else 0 and *b names the first one outside,
 * by the law's par_names. l is one of the laws of spec/ (registry.c
 * registers them as law_NAME; proofs/spec2domain.py refuses a law
 * without NAME_domain). */
/*@ requires known: domain_law_known(l);
  @ requires par: \valid_read(par + (0 .. LAW_NPAR_MAX - 1));
  @ requires breach: \valid(b) &&
  @                  \separated(b, par + (0 .. LAW_NPAR_MAX - 1));
  @ assigns *b;
  @ ensures domain: \result == 1 <==> \old(domain_law_holds(l, par));
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
int domain_check_law(const law *l, const double *par, domain_breach *b);

/* 1 when the mass named name (m, m1, m2) satisfies the proofs' mass
 * precondition bounded(m) && m >= 1e-100; else 0 and *b says so. */
/*@ requires breach: \valid(b);
  @ assigns *b;
  @ ensures domain: \result == 1 <==> mass_domain(m);
  @ ensures boolean: \result == 0 || \result == 1;
  @ ensures breach: \result == 0 ==> b->value == m;
  @*/
int domain_check_mass(const char *name, double m, domain_breach *b);

/* 1 when every parameter of M the proofs take as input lies in their
 * domain: the law's parameters, the masses, and (bounded) the applied
 * forces and the initial state, whose v_c = v0 must also lie in
 * domain_speed; else 0 and *b names the first one outside. */
/*@ requires model: \valid_read(M);
  @ requires known: domain_law_known(M->law);
  @ requires breach: \valid(b) && \separated(b, M);
  @ assigns *b;
  @ ensures domain: \result == 1 <==> \old(model_domain(M));
  @ ensures boolean: \result == 0 || \result == 1;
  @ ensures breach: \result == 0 &&
  @   \old(domain_law_holds(M->law, &M->par[0])) ==>
  @   model_breach(M->sys == SYS_HF ? 1 : 0, \old(M->m), \old(M->m1),
  @     \old(M->m2), \old(M->u.F1), \old(M->u.F2), \old(M->u.Fe0),
  @     \old(M->u.vm0), \old(M->x0), \old(M->v0), \old(M->xm0),
  @     \old(M->vm0), b->value);
  @*/
int domain_check_model(const model *M, domain_breach *b);

/* 1 when the state of the indices given lies in the domain: every
 * component y[0 .. ny-1] bounded, x_c = y[xc] and z_c = y[z .. z+nz-1]
 * in domain_state, v_c = y[v] in domain_speed; else 0 and *b names the
 * first outside ("x_c", "z_c", "v_c", or "chi[i]" for another component). */
/*@ requires dims: 0 <= v < ny && 0 <= xc < ny && 0 <= nz &&
  @                 0 <= z && z + nz <= ny;
  @ requires state: \valid_read(y + (0 .. ny - 1));
  @ requires breach: \valid(b) && \separated(b, y + (0 .. ny - 1));
  @ assigns *b;
  @ ensures domain: \result == 1 <==>
  @                 \old(state_domain(y, ny, v, xc, z, nz));
  @ ensures boolean: \result == 0 || \result == 1;
  @ ensures breach_xc: \result == 0 ==> state_breach_xc(y, xc, b->value);
  @ ensures breach_vc: \result == 0 ==> state_breach_vc(y, v, xc, b->value);
  @ ensures breach_zc: \result == 0 ==>
  @                    state_breach_zc(y, v, xc, z, nz, b->value);
  @ ensures breach_chi: \result == 0 ==>
  @                     state_breach_chi(y, ny, v, xc, z, nz, b->value);
  @*/
int domain_check_state(const double *y, int ny, int v, int xc, int z,
                       int nz, domain_breach *b);

/* "q = value is outside the proof domain: domain" into buf (len bytes). */
void domain_breach_text(const domain_breach *b, char *buf, size_t len);

#endif
