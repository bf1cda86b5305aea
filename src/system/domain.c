/* domain.c - the proof domain of spec/ checked at run time; see domain.h.
 * Each check is proved to return 1 exactly when its predicate of spec/
 * holds; the messages (domain_breach_set, domain_breach_component,
 * law_breach, domain_breach_text) are outside the proof (WP_SKIP). */
#include "domain.h"

#include <stdio.h>

/* Fills the texts of *b: quantity q and the domain text dom (the value
 * is written by the caller, domain_breach_at). Returns 0 (outside), for
 * the checks to return it. */
/*@ requires breach: \valid(b);
  @ assigns *b;
  @ ensures outside: \result == 0;
  @*/
static int domain_breach_set(domain_breach *b, const char *q, const char *dom)
{
    snprintf(b->quantity, sizeof b->quantity, "%s", q);
    snprintf(b->domain, sizeof b->domain, "%s %s", q, dom);
    return 0;
}

/* The breach of quantity q = v outside the domain dom into *b. Returns 0
 * (outside). */
/*@ requires breach: \valid(b);
  @ assigns *b;
  @ ensures outside: \result == 0;
  @ ensures value: b->value == v;
  @*/
static int domain_breach_at(domain_breach *b, const char *q, double v,
                            const char *dom)
{
    int r = domain_breach_set(b, q, dom);
    b->value = v;
    return r;
}

/* float_range.acsl within(x, bound): finite and |x| <= bound. */
/*@ assigns \nothing;
  @ ensures meaning: \result == 1 <==> within(x, bound);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
static int domain_within(double x, double bound)
{
    return domain_in_range(x, -bound, bound);
}

/* bounded.acsl bounded: |x| <= 1e100. */
/*@ requires breach: \valid(b);
  @ assigns *b;
  @ ensures domain: \result == 1 <==> bounded(x);
  @ ensures boolean: \result == 0 || \result == 1;
  @ ensures breach: \result == 0 ==> b->value == x;
  @*/
static int check_bounded(const char *q, double x, domain_breach *b)
{
    if (domain_within(x, DOMAIN_BOUNDED_MAX))
        return 1;
    return domain_breach_at(b, q, x,
                            "in [-1e100, 1e100] (spec/bounded.acsl, bounded)");
}

/* The breach of row r of domain_law_bounds: the parameter it names. */
/*@ requires row: 0 <= r < DOMAIN_LAW_ROWS;
  @ requires breach: \valid(b);
  @ assigns *b;
  @ ensures outside: \result == 0;
  @*/
static int law_breach(domain_breach *b, const law *l, const double *par,
                      int r)
{
    const domain_bound *t = &domain_law_bounds[r];
    return domain_breach_at(b, l->par_names[t->index], par[t->index], t->text);
}

/* spec/law_domain.acsl NAME_domain, NAME the law l: its first term
 * outside, if any, named. */
int domain_check_law(const law *l, const double *par, domain_breach *b)
{
    int r = domain_law_outside(l, par);
    if (r < 0)
        return 1;
    return law_breach(b, l, par, r);
}

int domain_check_mass(const char *name, double m, domain_breach *b)
{
    if (domain_in_range(m, DOMAIN_MASS_MIN, DOMAIN_BOUNDED_MAX))
        return 1;
    return domain_breach_at(b, name, m,
                            "in [1e-100, 1e100] (spec/bounded.acsl bounded, "
                            "and m >= 1e-100 of src/model/hybrid.h)");
}

/* The applied forces of the input signal u, each bounded. */
/*@ requires input: \valid_read(u);
  @ requires breach: \valid(b) && \separated(b, u);
  @ assigns *b;
  @ ensures domain: \result == 1 <==> \old(bounded(u->F1) && bounded(u->F2) &&
  @                 bounded(u->Fe0) && bounded(u->vm0));
  @ ensures boolean: \result == 0 || \result == 1;
  @ ensures breach: \result == 0 ==>
  @   input_breach(\old(u->F1), \old(u->F2), \old(u->Fe0), \old(u->vm0),
  @                b->value);
  @*/
static int input_domain(const input_signal *u, domain_breach *b)
{
    double F1 = u->F1, F2 = u->F2, Fe0 = u->Fe0, vm0 = u->vm0;
    return check_bounded("F1", F1, b) && check_bounded("F2", F2, b) &&
           check_bounded("Fe0", Fe0, b) && check_bounded("vm0", vm0, b);
}

/* law_domain.acsl domain_speed: |v_c| <= 2^10. */
/*@ requires breach: \valid(b);
  @ assigns *b;
  @ ensures domain: \result == 1 <==> domain_speed(v);
  @ ensures boolean: \result == 0 || \result == 1;
  @ ensures breach: \result == 0 ==> b->value == v;
  @*/
static int check_speed(const char *q, double v, domain_breach *b)
{
    if (domain_within(v, DOMAIN_SPEED_MAX))
        return 1;
    return domain_breach_at(b, q, v, "in [-1024, 1024] m/s "
                            "(spec/law_domain.acsl, domain_speed)");
}

/* The masses of a model: m, and for H_f (hf != 0) m1 and m2. */
/*@ requires breach: \valid(b);
  @ assigns *b;
  @ ensures domain: \result == 1 <==>
  @   mass_domain(m) && (hf != 0 ==> mass_domain(m1) && mass_domain(m2));
  @ ensures boolean: \result == 0 || \result == 1;
  @ ensures breach: \result == 0 ==> mass_breach(hf, m, m1, m2, b->value);
  @*/
static int check_masses(int hf, double m, double m1, double m2,
                        domain_breach *b)
{
    return domain_check_mass("m", m, b) &&
           (!hf || (domain_check_mass("m1", m1, b) &&
                    domain_check_mass("m2", m2, b)));
}

/* The initial state of a model: x0 bounded, v0 in domain_speed, and for
 * H_f (hf != 0) xm0 and vm0 bounded. */
/*@ requires breach: \valid(b);
  @ assigns *b;
  @ ensures domain: \result == 1 <==> bounded(x0) && domain_speed(v0) &&
  @   (hf != 0 ==> bounded(xm0) && bounded(vm0));
  @ ensures boolean: \result == 0 || \result == 1;
  @ ensures breach: \result == 0 ==>
  @   start_breach(hf, x0, v0, xm0, vm0, b->value);
  @*/
static int check_start(int hf, double x0, double v0, double xm0, double vm0,
                       domain_breach *b)
{
    return check_bounded("x0", x0, b) && check_speed("v0", v0, b) &&
           (!hf || (check_bounded("xm0", xm0, b) &&
                    check_bounded("vm0", vm0, b)));
}

int domain_check_model(const model *M, domain_breach *b)
{
    int hf = M->sys == SYS_HF;
    input_signal u = M->u;
    double m = M->m, m1 = M->m1, m2 = M->m2, x0 = M->x0, v0 = M->v0;
    double xm0 = M->xm0, vm0 = M->vm0;
    return domain_check_law(M->law, M->par, b) &&
           check_masses(hf, m, m1, m2, b) && input_domain(&u, b) &&
           check_start(hf, x0, v0, xm0, vm0, b);
}

/* law_domain.acsl domain_state: |x| <= 1. */
/*@ requires breach: \valid(b);
  @ assigns *b;
  @ ensures domain: \result == 1 <==> domain_state(x);
  @ ensures boolean: \result == 0 || \result == 1;
  @ ensures breach: \result == 0 ==> b->value == x;
  @*/
static int check_state(const char *q, double x, domain_breach *b)
{
    if (domain_within(x, DOMAIN_STATE_MAX))
        return 1;
    return domain_breach_at(b, q, x,
                            "in [-1, 1] (spec/law_domain.acsl, domain_state)");
}

/* The texts of the breach of component chi[i], not bounded (the value
 * is written by the caller, component_breach). */
/*@ requires breach: \valid(b);
  @ assigns *b;
  @ ensures outside: \result == 0;
  @*/
static int domain_breach_component(domain_breach *b, int i)
{
    char name[24];
    snprintf(name, sizeof name, "chi[%d]", i);
    return domain_breach_set(b, name,
                             "in [-1e100, 1e100] (spec/bounded.acsl, bounded)");
}

/* The breach of component chi[i] = x, not bounded, into *b. */
/*@ requires breach: \valid(b);
  @ assigns *b;
  @ ensures outside: \result == 0;
  @ ensures value: b->value == x;
  @*/
static int component_breach(domain_breach *b, int i, double x)
{
    int r = domain_breach_component(b, i);
    b->value = x;
    return r;
}

int domain_check_state(const double *y, int ny, int v, int xc, int z,
                       int nz, domain_breach *b)
{
    int i;
    int r;
    if (!domain_within(y[xc], DOMAIN_STATE_MAX)) {
        r = check_state("x_c", y[xc], b);
        /*@ assert x_c_breach: state_breach_xc(y, xc, b->value) &&
          @   state_breach_vc(y, v, xc, b->value) &&
          @   state_breach_zc(y, v, xc, z, nz, b->value) &&
          @   state_breach_chi(y, ny, v, xc, z, nz, b->value);
          @*/
        return r;
    }
    if (!domain_within(y[v], DOMAIN_SPEED_MAX)) {
        r = check_speed("v_c", y[v], b);
        /*@ assert v_c_breach: state_breach_xc(y, xc, b->value) &&
          @   state_breach_vc(y, v, xc, b->value) &&
          @   state_breach_zc(y, v, xc, z, nz, b->value) &&
          @   state_breach_chi(y, ny, v, xc, z, nz, b->value);
          @*/
        return r;
    }
    /*@ loop invariant 0 <= i <= nz;
      @ loop invariant \forall integer k; z <= k < z + i ==> domain_state(y[k]);
      @ loop assigns i;
      @ loop variant nz - i;
      @*/
    for (i = 0; i < nz; i++) {
        if (!domain_within(y[z + i], DOMAIN_STATE_MAX)) {
            /*@ assert z_c_first: \forall integer k; z <= k < z + nz ==>
              @   (\forall integer j; z <= j < k ==> domain_state(y[j])) &&
              @   !domain_state(y[k]) ==> k == z + i;
              @*/
            r = check_state("z_c", y[z + i], b);
            /*@ assert z_c_breach: state_breach_xc(y, xc, b->value) &&
              @   state_breach_vc(y, v, xc, b->value) &&
              @   state_breach_zc(y, v, xc, z, nz, b->value) &&
              @   state_breach_chi(y, ny, v, xc, z, nz, b->value);
              @*/
            return r;
        }
        /*@ assert z_c: domain_state(y[z + i]); */
    }
    /*@ loop invariant 0 <= i <= ny;
      @ loop invariant \forall integer k; 0 <= k < i ==> bounded(y[k]);
      @ loop assigns i;
      @ loop variant ny - i;
      @*/
    for (i = 0; i < ny; i++) {
        if (!domain_within(y[i], DOMAIN_BOUNDED_MAX)) {
            /*@ assert chi_first: \forall integer k; 0 <= k < ny ==>
              @   (\forall integer j; 0 <= j < k ==> bounded(y[j])) &&
              @   !bounded(y[k]) ==> k == i;
              @*/
            r = component_breach(b, i, y[i]);
            /*@ assert chi_breach: state_breach_xc(y, xc, b->value) &&
              @   state_breach_vc(y, v, xc, b->value) &&
              @   state_breach_zc(y, v, xc, z, nz, b->value) &&
              @   state_breach_chi(y, ny, v, xc, z, nz, b->value);
              @*/
            return r;
        }
        /*@ assert chi: bounded(y[i]); */
    }
    /*@ assert inside: state_domain(y, ny, v, xc, z, nz); */
    return 1;
}

/*@ requires buf: \valid(buf + (0 .. len - 1));
  @ assigns buf[0 .. len - 1];
  @*/
void domain_breach_text(const domain_breach *b, char *buf, size_t len)
{
    snprintf(buf, len, "%s = %.17g is outside the proof domain: %s",
             b->quantity, b->value, b->domain);
}
