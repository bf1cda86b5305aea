/* test_domain.c - src/system/domain.c: its constants are those of spec/
 * (read from the spec files' text, so the two cannot drift apart), and
 * its checks answer as the predicates they mirror, at the bounds and just
 * beyond. Run from the top of the tree. */
#include "check.h"
#include "domain.h"
#include "registry.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The text of file path (static buffer), or "" when unreadable. */
static const char *file_text(const char *path)
{
    static char buf[1 << 16];
    FILE *f = fopen(path, "r");
    size_t n = 0;
    if (f) {
        n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
    }
    buf[n] = '\0';
    return buf;
}

/* Passes when file path contains text and the literal lit (as C reads
 * it) equals the constant value. */
static void spec_has(const char *path, const char *text, const char *lit,
                     double value)
{
    char name[256];
    snprintf(name, sizeof name, "%s states \"%s\", and %s == %g", path,
             text, lit, value);
    check_true(strstr(file_text(path), text) != NULL &&
                   strtod(lit, NULL) == value, name);
}

static void constants_are_the_spec(void)
{
    const char *dom = "spec/law_domain.acsl";
    spec_has(dom, "domain_state(double x) = within(x, (double)1.0)", "1.0",
             DOMAIN_STATE_MAX);
    spec_has(dom, "domain_speed(double v) = within(v, (double)0x1p10)",
             "0x1p10", DOMAIN_SPEED_MAX);
    spec_has("spec/bounded.acsl", "\\le_double(x, (double)1.0e100)", "1.0e100",
             DOMAIN_BOUNDED_MAX);
    spec_has("src/model/hybrid.h",
             "bounded(m) && \\le_double((double)1.0e-100, m)", "1.0e-100",
             DOMAIN_MASS_MIN);
}

/* The laws' rows are generated from spec/law_domain.acsl
 * (tests/cli/spec2domain.sh checks them current): every registered law
 * has its domain, each row's index is one of its parameters, and a row
 * reads its bounds as its text states them (BWMCL's c, its own range). */
static void law_rows(void)
{
    const domain_bound *t;
    int i, rows, ok = 1;
    for (i = 0; law_registry[i].law != NULL; i++) {
        const law *l = law_registry[i].law;
        rows = 0;
        for (t = domain_law_bounds; t->law != NULL; t++)
            if (strcmp(t->law, l->name) == 0) {
                rows++;
                ok &= t->index >= 0 && t->index < l->npar && t->lo <= t->hi;
            }
        check_true(rows > 0, l->name);
    }
    check_true(ok, "every row bounds a parameter of its law, lo <= hi");
    for (t = domain_law_bounds; t->law != NULL; t++)
        if (strcmp(t->law, "bwmcl") == 0 && t->index == 7)
            break;
    check_true(t->law != NULL && t->lo == 0x1p-20 && t->hi == 0x1p40 &&
                   strcmp(t->text, "in [2^-20, 2^40] (spec/law_domain.acsl, "
                          "bwmcl_domain)") == 0,
               "BWMCL c: in [2^-20, 2^40], named by bwmcl_domain");
}

/* Study 1's BWMCL parameters {k, alpha, A, beta, gamma, n, p, c}. */
static void law_checks(void)
{
    const law *l = law_find("bwmcl");
    double par[8] = {1e8, 0.35, 1, 5e7, 5e7, 2, 1.5, 4.4e3};
    domain_breach b;
    check_true(l && domain_check_law(l, par, &b), "study 1's law: inside");
    par[0] = 0x1p40;
    check_true(domain_check_law(l, par, &b), "k = 2^40: inside (closed)");
    par[0] = nextafter(0x1p40, INFINITY);
    check_true(!domain_check_law(l, par, &b) && strcmp(b.quantity, "k") == 0 &&
                   b.value == par[0], "k just above 2^40: k named");
    par[0] = 1e8;
    par[6] = 80;
    check_true(!domain_check_law(l, par, &b) && strcmp(b.quantity, "p") == 0,
               "p = 80: p named");
    par[6] = 1.5;
    par[7] = 0x1p-21;
    check_true(!domain_check_law(l, par, &b) && strcmp(b.quantity, "c") == 0,
               "BWMCL c = 2^-21 (under 2^-20): c named");
    par[7] = NAN;
    check_true(!domain_check_law(l, par, &b), "c NaN: outside");
}

static void mass_and_state(void)
{
    domain_breach b;
    double y[4] = {0.02, -1024, 0.5, -1};
    check_true(domain_check_mass("m", 1e-100, &b) && domain_check_mass("m", 1e100, &b),
               "m = 1e-100 and 1e100: inside");
    check_true(!domain_check_mass("m", 1e-120, &b) && !domain_check_mass("m", 1e120, &b),
               "m = 1e-120 and 1e120: outside");
    check_true(domain_check_state(y, 4, 1, 2, 3, 1, &b),
               "|v_c| = 1024, x_c = 0.5, z_c = -1: inside");
    y[1] = -1025;
    check_true(!domain_check_state(y, 4, 1, 2, 3, 1, &b) &&
                   strcmp(b.quantity, "v_c") == 0, "v_c = -1025: v_c named");
    y[1] = 0;
    y[3] = NAN;
    check_true(!domain_check_state(y, 4, 1, 2, 3, 1, &b) &&
                   strcmp(b.quantity, "z_c") == 0, "z_c NaN: z_c named");
    y[3] = 0;
    y[0] = 2e100;
    check_true(!domain_check_state(y, 4, 1, 2, 3, 1, &b) &&
                   strcmp(b.quantity, "chi[0]") == 0, "x = 2e100: chi[0] named");
}

int main(void)
{
    constants_are_the_spec();
    law_rows();
    law_checks();
    mass_and_state();
    return check_summary("test_domain");
}
