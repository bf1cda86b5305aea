/* domain.c - the proof domain of spec/ checked at run time; see domain.h. */
#include "domain.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Fills *b with quantity q, value v and the domain text dom. Returns 0
 * (outside), for the checks to return it. */
static int breach(domain_breach *b, const char *q, double v, const char *dom)
{
    snprintf(b->quantity, sizeof b->quantity, "%s", q);
    b->value = v;
    snprintf(b->domain, sizeof b->domain, "%s %s", q, dom);
    return 0;
}

/* float_range.acsl in_range(x, lo, hi): finite and lo <= x <= hi. */
static int in_range(double x, double lo, double hi)
{
    return isfinite(x) && lo <= x && x <= hi;
}

/* float_range.acsl within(x, bound): finite and |x| <= bound. */
static int within(double x, double bound)
{
    return in_range(x, -bound, bound);
}

/* bounded.acsl bounded: |x| <= 1e100. */
static int bounded(const char *q, double x, domain_breach *b)
{
    return within(x, DOMAIN_BOUNDED_MAX) ||
           breach(b, q, x, "in [-1e100, 1e100] (spec/bounded.acsl, bounded)");
}

/* spec/law_domain.acsl NAME_domain, NAME = l->name: each of its terms
 * (domain_law_bounds) in order. */
int domain_check_law(const law *l, const double *par, domain_breach *b)
{
    const domain_bound *t;
    for (t = domain_law_bounds; t->law != NULL; t++)
        if (strcmp(t->law, l->name) == 0 &&
            !in_range(par[t->index], t->lo, t->hi))
            return breach(b, l->par_names[t->index], par[t->index], t->text);
    return 1;
}

int domain_check_mass(const char *name, double m, domain_breach *b)
{
    return in_range(m, DOMAIN_MASS_MIN, DOMAIN_BOUNDED_MAX) ||
           breach(b, name, m, "in [1e-100, 1e100] (spec/bounded.acsl bounded, "
                  "and m >= 1e-100 of src/model/hybrid.h)");
}

/* The applied forces of M's input signal, each bounded. */
static int input_domain(const input_signal *u, domain_breach *b)
{
    return bounded("F1", u->F1, b) && bounded("F2", u->F2, b) &&
           bounded("Fe0", u->Fe0, b) && bounded("vm0", u->vm0, b);
}

/* law_domain.acsl domain_speed: |v_c| <= 2^10. */
static int speed(const char *q, double v, domain_breach *b)
{
    return within(v, DOMAIN_SPEED_MAX) ||
           breach(b, q, v, "in [-1024, 1024] m/s (spec/law_domain.acsl, "
                  "domain_speed)");
}

int domain_check_model(const model *M, domain_breach *b)
{
    int hf = M->sys == SYS_HF;
    return domain_check_law(M->law, M->par, b) &&
           domain_check_mass("m", M->m, b) &&
           (!hf || (domain_check_mass("m1", M->m1, b) &&
                    domain_check_mass("m2", M->m2, b))) &&
           input_domain(&M->u, b) && bounded("x0", M->x0, b) &&
           speed("v0", M->v0, b) &&
           (!hf || (bounded("xm0", M->xm0, b) && bounded("vm0", M->vm0, b)));
}

/* law_domain.acsl domain_state: |x| <= 1. */
static int state(const char *q, double x, domain_breach *b)
{
    return within(x, DOMAIN_STATE_MAX) ||
           breach(b, q, x, "in [-1, 1] (spec/law_domain.acsl, domain_state)");
}

int domain_check_state(const double *y, int ny, int v, int xc, int z,
                       int nz, domain_breach *b)
{
    char name[24];
    int i;
    if (!state("x_c", y[xc], b) || !speed("v_c", y[v], b))
        return 0;
    for (i = 0; i < nz; i++)
        if (!state("z_c", y[z + i], b))
            return 0;
    for (i = 0; i < ny; i++)
        if (!within(y[i], DOMAIN_BOUNDED_MAX)) {
            snprintf(name, sizeof name, "chi[%d]", i);
            return bounded(name, y[i], b);
        }
    return 1;
}

void domain_breach_text(const domain_breach *b, char *buf, size_t len)
{
    snprintf(buf, len, "%s = %.17g is outside the proof domain: %s",
             b->quantity, b->value, b->domain);
}
