/* domain.h - the domain on which the proofs of src/model and src/kernel
 * hold, checked where values enter: a model's parameters (scenario loader,
 * collide_model_set_parameter) and a state chi (the API's calls that take
 * one, and the binary64 engine after each accepted step).
 *
 * Each check mirrors one predicate of spec/ with the same constants:
 *   spec/law_domain.acsl  each law's NAME_domain, as the table
 *                         domain_law_bounds generated from it
 *                         (proofs/spec2domain.py); domain_state,
 *                         domain_speed
 *   spec/bounded.acsl     bounded (|x| <= 1e100)
 *   src/model/hybrid.h    requires mass: bounded(m) && 1e-100 <= m
 * The rates bound domain_rate (2^128) concerns the law's own results
 * (dx_c, dz_c, dv_c computed from a state in the domain), not an input. */
#ifndef COLLIDE_DOMAIN_H
#define COLLIDE_DOMAIN_H

#include <stddef.h>

#include "law.h"
#include "model.h"

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
 * (law_domain_spec.c, proofs/spec2domain.py; make tapes). */
extern const domain_bound domain_law_bounds[];

/* 1 when the law's parameters par lie in the law's proof domain (its
 * rows of domain_law_bounds); else 0 and *b names the first one outside,
 * by the law's par_names. A law the spec has no domain predicate for
 * (none: proofs/spec2domain.py refuses one): 1. */
int domain_check_law(const law *l, const double *par, domain_breach *b);

/* 1 when the mass named name (m, m1, m2) satisfies the proofs' mass
 * precondition bounded(m) && m >= 1e-100; else 0 and *b says so. */
int domain_check_mass(const char *name, double m, domain_breach *b);

/* 1 when every parameter of M the proofs take as input lies in their
 * domain: the law's parameters, the masses, and (bounded) the applied
 * forces and the initial state, whose v_c = v0 must also lie in
 * domain_speed; else 0 and *b names the first one outside. */
int domain_check_model(const model *M, domain_breach *b);

/* 1 when the state of the indices given lies in the domain: every
 * component y[0 .. ny-1] bounded, x_c = y[xc] and z_c = y[z .. z+nz-1]
 * in domain_state, v_c = y[v] in domain_speed; else 0 and *b names the
 * first outside ("x_c", "z_c", "v_c", or "chi[i]" for another component). */
int domain_check_state(const double *y, int ny, int v, int xc, int z,
                       int nz, domain_breach *b);

/* "q = value is outside the proof domain: domain" into buf (len bytes). */
void domain_breach_text(const domain_breach *b, char *buf, size_t len);

#endif
