/* test_scenario.c - the scenario parser: the built-in scenarios, the
 * quantities derived from Tables I-III (to the digits printed there), the
 * decimal texts, the forces of Eqs. (205)-(211), and one check per kind of
 * bad input that the message names the line, the field and the range. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "model.h"
#include "number.h"
#include "scenario.h"
#include "scenario_model.h"
#include "builtin.h"
#include "registry.h"

#define PI 3.14159265358979323846

static scenario sc; /* large: kept out of the stack of each check */

static const scenario *load(const char *name)
{
    char err[1024];
    if (scenario_load(name, &sc, err, sizeof err) != COLLIDE_OK) {
        printf("cannot load %s: %s\n", name, err);
        return NULL;
    }
    return &sc;
}

/* Passes when got agrees with the printed value want to half a unit in
 * the last printed digit, ulp being that unit. */
static void check_printed(double got, double want, double ulp,
                          const char *name)
{
    check_close(got, want, 0, 0.5 * ulp, name);
}

/* ---- built-ins ---- */

static void test_builtins_parse(void)
{
    const char *const *names = scenario_builtin_names();
    char name[96];
    int i;
    for (i = 0; names[i]; i++) {
        snprintf(name, sizeof name, "builtin %s parses", names[i]);
        check_true(load(names[i]) != NULL, name);
        snprintf(name, sizeof name, "builtin %s has a description", names[i]);
        check_true(scenario_builtin_description(names[i]) != NULL, name);
        snprintf(name, sizeof name, "builtin %s is named builtin:%s",
                 names[i], names[i]);
        check_true(strncmp(sc.source, "builtin:", 8) == 0 &&
                   strcmp(sc.source + 8, names[i]) == 0, name);
    }
    check_true(i == 7, "seven built-in scenarios");
    check_true(scenario_builtin_text("no-such") == NULL, "unknown built-in");
}

/* Line `line` (1-based) of text, trimmed and without its comment. */
static void text_line(const char *text, int line, char *buf, size_t len)
{
    const char *b = text, *e;
    size_t n;
    while (--line > 0 && b)
        b = strchr(b, '\n') ? strchr(b, '\n') + 1 : NULL;
    if (!b) {
        buf[0] = '\0';
        return;
    }
    e = strchr(b, '\n') ? strchr(b, '\n') : b + strlen(b);
    if (memchr(b, '#', (size_t)(e - b)))
        e = memchr(b, '#', (size_t)(e - b));
    while (e > b && e[-1] == ' ')
        e--;
    n = (size_t)(e - b) < len - 1 ? (size_t)(e - b) : len - 1;
    memcpy(buf, b, n);
    buf[n] = '\0';
}

/* Every entry of every built-in keeps its text verbatim, at its line. */
static void test_texts_verbatim(void)
{
    const char *const *names = scenario_builtin_names();
    char want[256], got[256], name[128];
    int i, j, ok;
    for (i = 0; names[i]; i++) {
        const char *text = scenario_builtin_text(names[i]);
        if (!load(names[i]))
            continue;
        ok = 1;
        for (j = 0; j < sc.n; j++) {
            const scenario_entry *e = &sc.entry[j];
            if (e->line == 0)
                continue;
            snprintf(want, sizeof want, "%s = %s", e->key, e->text);
            text_line(text, e->line, got, sizeof got);
            if (strcmp(want, got) != 0) {
                printf("  %s line %d: '%s' != '%s'\n", names[i], e->line,
                       want, got);
                ok = 0;
            }
            if (!isnan(e->value) && e->value != strtod(e->text, NULL))
                ok = 0;
        }
        snprintf(name, sizeof name, "builtin %s: entry texts verbatim",
                 names[i]);
        check_true(ok, name);
    }
    load("study1");
    check_true(strcmp(scenario_find(&sc, "nu1")->text, "0.30") == 0,
               "study1 nu1 text is 0.30");
    check_true(strcmp(scenario_find(&sc, "beta")->text, "5.000e7") == 0,
               "study1 beta text is 5.000e7");
    check_true(strcmp(scenario_find(&sc, "R2")->text, "inf") == 0 &&
               isinf(scenario_find(&sc, "R2")->value), "study1 R2 = inf");
    check_true(scenario_find(&sc, "rho2") == NULL, "study1 has no rho2");
    check_true(scenario_find(&sc, "p")->line == 0 &&
               strcmp(scenario_find(&sc, "p")->text, "1.5") == 0,
               "study1 p defaults to 1.5 (Eq. 190), kept as text");
}

/* ---- Tables I-III ---- */

static double law_par(const scenario *s, const char *name)
{
    int i = law_param_index(s->model.law, name);
    return i >= 0 ? s->model.par[i] : NAN;
}

static void test_table1(void)
{
    if (!load("study1"))
        return;
    check_printed(sc.d.E_star, 1.134e9, 0.001e9, "Table I E*");
    check_printed(sc.d.R_e, 20e-3, 1e-3, "Table I R_e");
    check_printed(sc.d.m, 2.614e-1, 0.001e-1, "Table I m");
    check_printed(sc.model.m, 2.614e-1, 0.001e-1, "Table I model m");
    check_true(isinf(sc.model.m2) && sc.model.sys == SYS_HR,
               "Table I: H_r, body 2 of infinite mass");
    check_true(sc.d.p == 1.5 && law_par(&sc, "p") == 1.5, "Table I p = 3/2");
    check_printed(sc.d.k_H, 2.138e8, 0.001e8, "Table I k_H");
    check_printed(law_par(&sc, "k"), 2.138e8, 0.001e8, "Table I k");
    check_true(sc.d.k_derived, "Table I k by Eq. (191)");
    check_true(sc.d.k_eq191 && sc.d.m_sphere[0] && !sc.d.m_sphere[1],
               "Table I: the recorded sources, k by Eq. (191) and m_1 by Eq. (189)");
    check_true(sc.model.u.kind == INPUT_CONSTANT, "Table I gravity input");
    check_close(input_reduced_force(&sc.model, 0.3), -sc.d.m * 9.81, 1e-15, 0,
                "Table I u = -m g");
    check_true(sc.model.x0 == 0.020 && sc.model.v0 == 0 && sc.model.T == 0.5,
               "Table I x0, v0, T");
    check_true(sc.model.l1 == 0.020 && sc.model.l2 == 0,
               "Table I l1 = R1, l2 = 0 (R2 = inf)");
    check_true(sc.opt.engine.rtol == 1e-11 && sc.opt.engine.atol == 1e-14 &&
               isinf(sc.opt.engine.h_max) && sc.opt.n_samples == 1000,
               "study1 run settings");
}

static void test_table2(void)
{
    if (!load("study2"))
        return;
    check_printed(sc.d.E_star, 5.321e8, 0.001e8, "Table II E*");
    check_printed(sc.d.R_e, 10e-3, 1e-3, "Table II R_e");
    check_printed(sc.d.m1, 7.372e-2, 0.001e-2, "Table II m1");
    check_printed(sc.d.m2, 4.725e-2, 0.001e-2, "Table II m2");
    check_true(sc.d.m_sphere[0] && sc.d.m_sphere[1],
               "Table II: m_1 and m_2 recorded as by Eq. (189)");
    check_printed(sc.d.m, 2.879e-2, 0.001e-2, "Table II m");
    check_printed(sc.d.eta, 0.6094, 0.0001, "Table II eta");
    check_close(sc.d.eta + sc.d.eta_c, 1, 1e-15, 0, "Table II eta + eta_c = 1");
    /* Table II prints k_H = k = 7.094e7, the truncation of 7.09451...e7
     * (rounded: 7.095e7), as E* = 5.32089e8 and R_e = 10 mm give by
     * Eq. (192); checked to the printed digits by truncation. */
    check_true(floor(sc.d.k_H / 1e4) == 7094, "Table II k_H (truncated)");
    check_true(floor(law_par(&sc, "k") / 1e4) == 7094, "Table II k (truncated)");
    check_close(sc.d.k_H, 4.0 / 3.0 * sc.d.E_star * sqrt(sc.d.R_e), 1e-15, 0,
                "Table II k_H by Eq. (192)");
    check_true(sc.model.sys == SYS_HF && sc.model.u.kind == INPUT_STUDY2,
               "Table II: H_f with the forces of Eqs. (205)-(211)");
    check_true(sc.model.u.Fe0 == 0.5759 && sc.model.u.Te == 0.20 &&
               sc.model.u.Ts == 0.10 && sc.model.u.vm0 == 0.120,
               "Table II u_0, T_u, T_s, v_m,0");
    check_true(sc.model.m == sc.d.m && sc.model.eta == sc.d.eta,
               "Table II model masses");
}

static void test_table3(void)
{
    if (load("study3-shccl")) {
        check_printed(sc.d.E_star, 2.256e9, 0.001e9, "Table III E*");
        check_printed(sc.d.m, 2.614e-1, 0.001e-1, "Table III m");
        check_printed(sc.d.k_H, 4.254e8, 0.001e8, "Table III k_H");
        check_printed(law_par(&sc, "k"), 4.254e8, 0.001e8, "Table III SHCCL k");
        check_true(sc.d.k_derived && !sc.d.k_eq191,
                   "Table III SHCCL: k = k_H recorded (no alpha, not Eq. 191)");
        check_printed(sc.d.x_cs, 3.312e-6, 0.001e-6, "Table III x_c^s");
        check_true(sc.model.x0 == 40e-6 && sc.model.T == 0.1,
                   "Table III x0, T");
    }
    if (load("study3-bwshccl")) {
        check_printed(law_par(&sc, "k"), 4.254e8, 0.001e8, "Table III BWSHCCL k");
        check_printed(sc.d.x_cs, 3.312e-6, 0.001e-6, "Table III BWSHCCL x_c^s");
        check_true(law_par(&sc, "alpha") == 0.35 &&
                   law_par(&sc, "beta") == 5.000e9 &&
                   law_par(&sc, "c") == 2.150e9, "Table III BWSHCCL chosen");
    }
    if (load("study3-bwmcl")) {
        check_printed(law_par(&sc, "k"), 2.138e8, 0.001e8,
                      "study3-bwmcl k of Table I");
        check_true(sc.model.x0 == 40e-6 && sc.model.T == 0.1,
                   "study3-bwmcl x0, T");
    }
}

/* ---- the forces of Eqs. (205)-(211) ---- */

static double S(double w) /* Eq. (205) */
{
    return w < 0 ? 0 : w > 1 ? 1 : 0.5 * (1 - cos(PI * w));
}

/* Center-of-mass acceleration (F_e,1 + F_e,2)/(m_1 + m_2) of Eq. (52). */
static double com_acceleration(const model *m, double t)
{
    double f1, f2;
    input_forces(m, t, &f1, &f2);
    return (f1 + f2) / (m->m1 + m->m2);
}

/* Integral of the acceleration over [a, b] (composite Simpson). */
static double simpson(const model *m, double a, double b)
{
    int i, n = 2000;
    double h = (b - a) / n;
    double sum = com_acceleration(m, a) + com_acceleration(m, b);
    for (i = 1; i < n; i++)
        sum += (i % 2 ? 4 : 2) * com_acceleration(m, a + i * h);
    return sum * h / 3;
}

/* v_m(t) = v_m,0 + integral of the acceleration of Eq. (52), split at the
 * breakpoints of the input so that each piece is smooth. */
static double com_velocity(const model *m, double t)
{
    double v = m->vm0, a = 0, b;
    while (a < t) {
        b = fmin(input_next_breakpoint(m, a), t);
        v += simpson(m, a, b);
        a = b;
    }
    return v;
}

static void test_forces_study2(void)
{
    const model *m;
    const input_signal *u;
    int i, ok211 = 1, ok210 = 1, ok_breaks;
    double worst = 0;
    if (!load("study2"))
        return;
    m = &sc.model;
    u = &m->u;
    for (i = 0; i <= 500; i++) {
        double t = i * 1e-3;
        double fer = input_reduced_force(m, t);             /* Eq. (46) */
        double want = -u->Fe0 * (1 + S(t / u->Te));         /* Eq. (211) */
        if (fabs(fer - want) > 4e-16 * fabs(want))
            ok211 = 0;
    }
    check_true(ok211, "F_e,r of Eq. (46) equals Eq. (211) on [0, 0.5]");
    for (i = 0; i <= 25; i++) {
        double t = i * 0.01;
        double err = fabs(com_velocity(m, t) - u->vm0 * (1 - S(t / u->Ts)));
        worst = fmax(worst, err);
        if (err > 1e-12)
            ok210 = 0;
    }
    if (!ok210)
        printf("  worst |v_m - Eq. (210)| = %g\n", worst);
    check_true(ok210, "v_m by Eq. (52) equals Eq. (210) on [0, 0.25]");
    check_close(com_acceleration(m, 0.15), 0, 0, 1e-16,
                "center of mass at rest after T_s");
    ok_breaks = input_next_breakpoint(m, 0) == u->Ts &&
                input_next_breakpoint(m, u->Ts) == u->Te &&
                isinf(input_next_breakpoint(m, u->Te));
    check_true(ok_breaks, "breakpoints T_s, T_e, then none");
    {
        model swapped = *m;         /* T_s after T_e: the same points in turn */
        swapped.u.Te = 0.1;
        swapped.u.Ts = 0.2;
        check_true(input_next_breakpoint(&swapped, 0) == 0.1 &&
                       input_next_breakpoint(&swapped, 0.1) == 0.2 &&
                       isinf(input_next_breakpoint(&swapped, 0.2)),
                   "breakpoints with T_e < T_s: T_e, T_s, then none");
        check_close(input_reduced_force(&swapped, -1.0), -u->Fe0, 1e-15, 0,
                    "before t = 0, S = S' = 0: F_e,r = -F_e,0 (Eq. 211)");
    }
}

static void test_forces_simple(void)
{
    double f1, f2;
    if (load("example-v2")) {
        input_forces(&sc.model, 0.05, &f1, &f2);
        check_true(f1 == 0 && f2 == 0 && input_reduced_force(&sc.model, 0) == 0,
                   "input none: no force");
        check_true(isinf(input_next_breakpoint(&sc.model, 0)),
                   "input none: no breakpoint");
    }
    if (load("study3-shccl"))
        check_close(input_reduced_force(&sc.model, 0), -sc.d.m * 9.81, 1e-15,
                    0, "H_r gravity: F_e,r = F_e,1 = -m g");
}

/* ---- bad input ---- */

static const char hf_constant[] =
    "system = Hf\n"
    "law = shccl\n"
    "k = 1e9\n"
    "p = 1.5\n"
    "c = 0\n"
    "m1 = 1\n"
    "m2 = 2\n"
    "x0 = 0.01\n"
    "v0 = -1\n"
    "xm0 = 0\n"
    "vm0 = 0\n"
    "input = constant\n"
    "F1 = 1\n"
    "F2 = -1\n"
    "T = 0.1\n";

/* An edit of a base text: the line that starts with "key =" (or "key")
 * replaced by `line` (deleted when line is NULL), or `line` appended when
 * key is NULL. The message must start with "bad.scn:N: ", N being the
 * edited line (where = AT_EDIT) or the line where (> 0), or with
 * "bad.scn: " (where = NO_LINE), and contain each of want. */
enum { AT_EDIT = -1, NO_LINE = 0 };
typedef struct bad_case {
    const char *base; /* a built-in name, or "hf" for hf_constant */
    const char *key;
    const char *line;
    int where;
    const char *want[3];
} bad_case;

static const bad_case bad_cases[] = {
    /* law parameters (their ranges come from the law's validate) */
    {"study1", "alpha", "alpha = 1.5", AT_EDIT, {"alpha = 1.5", "allowed range", "alpha in"}},
    {"study1", "alpha", "alpha = 0", AT_EDIT, {"alpha = 0", "allowed range", "alpha in"}},
    {"study1", "A", "A = 0", AT_EDIT, {"A = 0", "allowed range", "A > 0"}},
    {"study1", "beta", "beta = -1", AT_EDIT, {"beta = -1", "allowed range", "beta >= 0"}},
    {"study1", "gamma", "gamma = 6e7", AT_EDIT, {"gamma = 6e7", "allowed range", "gamma in"}},
    {"study1", "n", "n = 0.5", AT_EDIT, {"n = 0.5", "allowed range", "n >= 1"}},
    {"study1", "c", "c = -1", AT_EDIT, {"c = -1", "allowed range", "c > 0"}},
    {"study1", NULL, "k = -1", AT_EDIT, {"k = -1", "allowed range", "k > 0"}},
    {"study1", NULL, "p = 0.5", AT_EDIT, {"p = 0.5", "allowed range", "p >= 1"}},
    {"hertz", "k", "k = 0", AT_EDIT, {"k = 0", "allowed range", "k > 0"}},
    {"hertz", "p", "p = 0.9", AT_EDIT, {"p = 0.9", "allowed range", "p >= 1"}},
    {"hertz", "c", "c = -5", AT_EDIT, {"c = -5", "allowed range", "c >= 0"}},
    {"example-v2", "k", "k = -1e4", AT_EDIT, {"k = -1e4", "allowed range", "k > 0"}},
    {"study2", "gamma", "gamma = -3e8", AT_EDIT, {"gamma = -3e8", "allowed range", "gamma in"}},
    {"study1", "alpha", "alpha = inf", AT_EDIT, {"alpha = inf", "allowed range", "alpha in"}},
    {"study1", "alpha", "alpha = nan", AT_EDIT, {"alpha = nan", "NaN", "alpha in"}},
    {"study1", "alpha", "alpha = abc", AT_EDIT, {"alpha = abc", "not a decimal number", "alpha in"}},
    {"study1", "alpha", "alpha =", AT_EDIT, {"alpha has no value", "alpha in", ""}},
    /* materials */
    {"study1", "E1", "E1 = 0", AT_EDIT, {"E1 = 0", "allowed range", "E1 in (0, inf)"}},
    {"study1", "E2", "E2 = -1e9", AT_EDIT, {"E2 = -1e9", "allowed range", "E2 in (0, inf)"}},
    {"study1", "nu1", "nu1 = 0.6", AT_EDIT, {"nu1 = 0.6", "allowed range", "nu1 in (-1, 0.5]"}},
    {"study1", "nu2", "nu2 = -1", AT_EDIT, {"nu2 = -1", "allowed range", "nu2 in (-1, 0.5]"}},
    {"study1", "rho1", "rho1 = 0", AT_EDIT, {"rho1 = 0", "allowed range", "rho1 in (0, inf)"}},
    {"study2", "rho2", "rho2 = -1", AT_EDIT, {"rho2 = -1", "allowed range", "rho2 in (0, inf)"}},
    {"study1", "R1", "R1 = inf", AT_EDIT, {"R1 = inf", "allowed range", "R1 in (0, inf)"}},
    {"study1", "R2", "R2 = 0", AT_EDIT, {"R2 = 0", "allowed range", "R2 in (0, inf]"}},
    {"study1", "E2", NULL, NO_LINE, {"E2 is required", "material", ""}},
    {"study1", NULL, "m = 0.3", AT_EDIT, {"m = 0.3 conflicts with rho1 = 7800", "not both", ""}},
    {"study2", "R2", "R2 = inf", 13, {"rho2 does not apply", "R2 = inf", "infinite mass"}},
    {"study1", NULL, "rho2 = 1000", AT_EDIT, {"rho2 does not apply", "infinite mass", ""}},
    /* masses and geometry */
    {"hertz", "m", "m = 0", AT_EDIT, {"m = 0", "allowed range", "m in (0, inf)"}},
    {"hertz", "m", NULL, NO_LINE, {"m is required", "m in (0, inf)", ""}},
    {"hf", "m1", "m1 = 0", AT_EDIT, {"m1 = 0", "allowed range", "m1 in (0, inf)"}},
    {"hf", "m2", "m2 = -2", AT_EDIT, {"m2 = -2", "allowed range", "m2 in (0, inf)"}},
    {"hf", "m2", NULL, NO_LINE, {"m2 is required", "m2 in (0, inf)", ""}},
    {"hf", NULL, "m = 1", AT_EDIT, {"m does not apply", "m1 and m2", ""}},
    {"hertz", NULL, "m1 = 1", AT_EDIT, {"m1 does not apply", "infinite mass", ""}},
    {"hertz", NULL, "l1 = -1", AT_EDIT, {"l1 = -1", "allowed range", "l1 in [0, inf)"}},
    {"hertz", NULL, "l2 = inf", AT_EDIT, {"l2 = inf", "allowed range", "l2 in [0, inf)"}},
    /* initial condition */
    {"hertz", "x0", "x0 = -0.01", AT_EDIT, {"x0 = -0.01", "allowed range", "x0 in [0, inf)"}},
    {"hertz", "x0", "x0 = 0", AT_EDIT, {"x0 = 0", "x0 + l1 + l2 in (0, inf)", "Section IV-A"}},
    {"hertz", "x0", "x0 = inf", AT_EDIT, {"x0 = inf", "allowed range", "x0 in [0, inf)"}},
    {"hertz", "x0", "x0 = NaN", AT_EDIT, {"x0 = NaN", "NaN", "x0 in [0, inf)"}},
    {"hertz", "x0", "x0 = 1e999", AT_EDIT, {"x0 = 1e999", "overflows", "x0 in [0, inf)"}},
    {"hertz", "x0", "x0 = 0x10", AT_EDIT, {"x0 = 0x10", "not a decimal number", "x0 in [0, inf)"}},
    {"hertz", "x0", "x0 = 1,5", AT_EDIT, {"x0 = 1,5", "not a decimal number", "x0 in [0, inf)"}},
    {"hertz", "x0", "x0 = 0.01 m", AT_EDIT, {"x0 = 0.01 m", "not a decimal number", "x0 in"}},
    {"hertz", "x0", "x0 = ten", AT_EDIT, {"x0 = ten", "not a decimal number", "x0 in"}},
    {"hertz", "x0", "x0 = ", AT_EDIT, {"x0 has no value", "x0 in [0, inf)", ""}},
    {"hertz", "v0", "v0 = -inf", AT_EDIT, {"v0 = -inf", "allowed range", "v0 in (-inf, inf)"}},
    {"hertz", "x0", NULL, NO_LINE, {"x0 is required", "x0 in [0, inf)", ""}},
    {"hertz", "v0", NULL, NO_LINE, {"v0 is required", "v0 in (-inf, inf)", ""}},
    {"study2", "xm0", NULL, NO_LINE, {"xm0 is required", "xm0 in", ""}},
    {"study2", "vm0", NULL, NO_LINE, {"vm0 is required", "vm0 in", ""}},
    {"hertz", NULL, "xm0 = 0", AT_EDIT, {"xm0 does not apply", "H_f", ""}},
    /* input */
    {"study1", "input", "input = wind", AT_EDIT, {"input = wind", "allowed", "gravity"}},
    {"study1", "input", NULL, NO_LINE, {"input is required", "", ""}},
    {"study1", "g", "g = 0", AT_EDIT, {"g = 0", "allowed range", "g in (0, inf)"}},
    {"study1", "input", "input = study2", AT_EDIT, {"input = study2", "requires system = Hf", ""}},
    {"study2", "Fe0", "Fe0 = 0", AT_EDIT, {"Fe0 = 0", "allowed range", "Fe0 in (0, inf)"}},
    {"study2", "Te", "Te = 0", AT_EDIT, {"Te = 0", "allowed range", "Te in (0, inf)"}},
    {"study2", "Ts", "Ts = -0.1", AT_EDIT, {"Ts = -0.1", "allowed range", "Ts in (0, inf)"}},
    {"study2", "Ts", NULL, NO_LINE, {"Ts is required", "Ts in (0, inf)", ""}},
    {"hf", "F1", "F1 = inf", AT_EDIT, {"F1 = inf", "allowed range", "F1 in (-inf, inf)"}},
    {"hf", "F2", NULL, NO_LINE, {"F2 is required", "F2 in", ""}},
    {"hf", NULL, "F = 1", AT_EDIT, {"F does not apply", "input = constant", ""}},
    {"hertz", NULL, "g = 9.81", AT_EDIT, {"g does not apply", "gravity", ""}},
    {"study1", NULL, "Te = 1", AT_EDIT, {"Te does not apply", "study2", ""}},
    /* run settings */
    {"hertz", "T", "T = -1", AT_EDIT, {"T = -1", "allowed range", "T in [0, inf)"}},
    {"hertz", "T", NULL, NO_LINE, {"T is required", "T in [0, inf)", ""}},
    {"hertz", "rtol", "rtol = 1e-16", AT_EDIT, {"rtol = 1e-16", "allowed range", "rtol in [1e-15, 1)"}},
    {"hertz", "rtol", "rtol = 1", AT_EDIT, {"rtol = 1", "allowed range", "rtol in [1e-15, 1)"}},
    {"hertz", "atol", "atol = 0", AT_EDIT, {"atol = 0", "allowed range", "atol in (0, inf)"}},
    {"hertz", "atol", "atol = 1e-400", AT_EDIT, {"atol = 1e-400", "allowed range", "atol in (0, inf)"}},
    {"hertz", "h_max", "h_max = 0", AT_EDIT, {"h_max = 0", "allowed range", "h_max in (0, inf]"}},
    {"hertz", NULL, "t_tol = -1e-20", AT_EDIT, {"t_tol = -1e-20", "allowed range", "t_tol in [0, 1e-15 T]"}},
    {"hertz", NULL, "t_tol = 1e-6", AT_EDIT, {"t_tol = 1e-6", "allowed range", "t_tol in [0, 1e-15 T] = [0, 1e-16] for T = 0.1"}},
    {"hertz", NULL, "t_tol = 1", AT_EDIT, {"t_tol = 1", "allowed range", "t_tol in [0, 1e-15 T]"}},
    {"hertz", NULL, "graze_tol = -1", AT_EDIT, {"graze_tol = -1", "allowed range", "graze_tol in [0, inf)"}},
    {"hertz", NULL, "zeno_events = 1", AT_EDIT, {"zeno_events = 1", "allowed range", "zeno_events in [2, "}},
    {"hertz", NULL, "zeno_events = 4097", AT_EDIT, {"zeno_events = 4097", "allowed range", "zeno_events in [2, 4096]"}},
    {"hertz", NULL, "zeno_events = 2.5", AT_EDIT, {"zeno_events = 2.5", "not an integer", "zeno_events in"}},
    {"hertz", NULL, "zeno_window = 0", AT_EDIT, {"zeno_window = 0", "allowed range", "zeno_window in (0, inf]"}},
    {"hertz", "samples", "samples = -1", AT_EDIT, {"samples = -1", "allowed range", "samples in [0, "}},
    {"hertz", "samples", "samples = 1.5", AT_EDIT, {"samples = 1.5", "not an integer", "samples in"}},
    {"hertz", NULL, "max_steps = 0", AT_EDIT, {"max_steps = 0", "allowed range", "max_steps in [1, "}},
    /* names */
    {"hertz", "system", "system = Hx", AT_EDIT, {"system = Hx", "allowed", "Hr"}},
    {"hertz", "system", NULL, NO_LINE, {"system is required", "", ""}},
    {"hertz", "law", "law = hooke", AT_EDIT, {"law = hooke", "allowed", "shccl"}},
    {"hertz", "law", NULL, NO_LINE, {"law is required", "", ""}},
    {"hertz", "p", NULL, NO_LINE, {"p is required", "law shccl", ""}},
    /* syntax */
    {"hertz", "x0", "x0 0.01", AT_EDIT, {"malformed line", "x0 0.01", "key = value"}},
    {"hertz", "x0", "= 0.01", AT_EDIT, {"malformed line", "no key", ""}},
    {"hertz", "x0", "x 0 = 0.01", AT_EDIT, {"malformed line", "x 0", "not a name"}},
    {"hertz", "x0", "[initial]", AT_EDIT, {"malformed line", "[initial]", "key = value"}},
    {"hertz", "x0", "x0 == 0.01", AT_EDIT, {"x0 = = 0.01", "not a decimal number", "x0 in"}},
    {"hertz", NULL, "x0 = 0.02", AT_EDIT, {"x0 is given twice", "first at line 8", ""}},
    {"hertz", NULL, "mass = 1", AT_EDIT, {"unknown key mass", "law shccl", "k, p, c"}},
    {"hertz", NULL, "alpha = 0.5", AT_EDIT, {"unknown key alpha", "law shccl", ""}},
    {"hertz", NULL, "a_key_that_is_much_longer_than_allowed = 1", AT_EDIT, {"longer than", "", ""}},
    {"hertz", NULL, "1x = 1", AT_EDIT, {"malformed line", "1x", "not a name"}},
    {"hertz", "rtol", "rtol = 0."
     "00000000000000000000000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000000000000000000001",
     AT_EDIT, {"the value of rtol is longer than 127 characters", "", ""}},
    /* numbers */
    {"hertz", "x0", "x0 = 1e", AT_EDIT, {"x0 = 1e", "not a decimal number", "x0 in"}},
    {"hertz", "x0", "x0 = 1e+", AT_EDIT, {"x0 = 1e+", "not a decimal number", "x0 in"}},
    {"hertz", "x0", "x0 = .", AT_EDIT, {"x0 = .", "not a decimal number", "x0 in"}},
    {"hertz", "x0", "x0 = nan(0x1)", AT_EDIT, {"x0 = nan(0x1)", "NaN", "x0 in"}},
    {"hertz", "x0", "x0 = -NAN", AT_EDIT, {"x0 = -NAN", "NaN", "x0 in"}},
    {"hertz", "x0", "x0 = Infinity", AT_EDIT, {"x0 = Infinity", "allowed range", "x0 in [0, inf)"}},
    {"hertz", "v0", "v0 = -INF", AT_EDIT, {"v0 = -INF", "allowed range", "v0 in (-inf, inf)"}},
    {"hertz", "samples", "samples = inf", AT_EDIT, {"samples = inf", "allowed range", "samples in [0, "}},
    {"hertz", NULL, "max_steps = 1e300", AT_EDIT, {"max_steps = 1e300", "allowed range", "max_steps in [1, "}},
    /* keys that do not apply */
    {"hertz", NULL, "F1 = 1", AT_EDIT, {"F1 does not apply", "constant forces of H_f", ""}},
    {"hf", NULL, "Fe0 = 1", AT_EDIT, {"Fe0 does not apply", "study2", ""}},
    /* derived quantities that leave the doubles (Eqs. 189, 191) */
    {"study1", "R1", "R1 = 1e300", NO_LINE, {"m1 = inf, derived by Eq. (189)", "m1 in (0, inf)", ""}},
    {"study1", "A", "A = 1e300", NO_LINE, {"k = 0, derived by Eq. (191) from k_H", "k > 0", ""}},
    /* a conflict reported at the later line, whichever key comes first */
    {"study1", "system", "m = 1\nsystem = Hr", 9, {"rho1 = 7800 conflicts with m = 1 (line 3)", "not both", ""}},
};

/* Builds the text of case c into buf; returns the edited line number. */
static int build_case(const bad_case *c, char *buf, size_t len)
{
    const char *text = strcmp(c->base, "hf") == 0 ? hf_constant
                                                  : scenario_builtin_text(c->base);
    size_t klen = c->key ? strlen(c->key) : 0, used = 0;
    int line = 0, edited = 0;
    buf[0] = '\0';
    while (*text) {
        const char *nl = strchr(text, '\n');
        size_t n = nl ? (size_t)(nl - text) + 1 : strlen(text);
        int match = c->key && !edited && strncmp(text, c->key, klen) == 0 &&
                    (text[klen] == ' ' || text[klen] == '=');
        line++;
        if (match) {
            edited = line;
            if (c->line)
                used += (size_t)snprintf(buf + used, len - used, "%s\n", c->line);
        } else
            used += (size_t)snprintf(buf + used, len - used, "%.*s", (int)n, text);
        text += n;
    }
    if (!c->key) {
        snprintf(buf + used, len - used, "%s\n", c->line);
        edited = line + 1;
    }
    return edited;
}

static void test_bad_case(const bad_case *c)
{
    char text[4096], err[1024], prefix[64], name[1400];
    int i, ok, line = build_case(c, text, sizeof text);
    collide_status st = scenario_parse(text, "bad.scn", &sc, err, sizeof err);
    if (c->where != NO_LINE)
        snprintf(prefix, sizeof prefix, "bad.scn:%d: ",
                 c->where == AT_EDIT ? line : c->where);
    else
        snprintf(prefix, sizeof prefix, "bad.scn: ");
    ok = st == COLLIDE_E_INPUT && strncmp(err, prefix, strlen(prefix)) == 0;
    for (i = 0; i < 3; i++)
        ok = ok && strstr(err, c->want[i]) != NULL;
    snprintf(name, sizeof name, "%s with '%s%s': %s", c->base,
             c->line ? c->line : "no ", c->line ? "" : c->key,
             st == COLLIDE_OK ? "(accepted)" : err);
    check_true(ok, name);
}

static void test_bad_input(void)
{
    size_t i;
    for (i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++)
        test_bad_case(&bad_cases[i]);
}

/* ---- odds and ends ---- */

static void test_syntax_accepted(void)
{
    static const char text[] =
        "# a comment\n"
        "\n"
        "   system=Hr   # trailing comment\r\n"
        "law = shccl\n"
        "\tk = +1.0E+9\n"
        "p = 1.5\n"
        "c = 0.\n"
        "m = .5\n"
        "x0 = 1e-2\n"
        "v0 = -1\n"
        "input = constant\n"
        "F = -4.905\n"
        "T = 0.1\n"
        "h_max = +inf";
    char err[1024];
    int ok = scenario_parse(text, "ok.scn", &sc, err, sizeof err) == COLLIDE_OK;
    check_true(ok, "comments, blanks, tabs, CRLF, signs, exponents, no final newline");
    if (!ok) {
        printf("  %s\n", err);
        return;
    }
    check_true(strcmp(scenario_find(&sc, "k")->text, "+1.0E+9") == 0 &&
               scenario_find(&sc, "k")->line == 5, "k text and line kept");
    check_true(sc.model.m == 0.5 && sc.model.u.F1 == -4.905 &&
               isinf(sc.opt.engine.h_max), "values parsed");
    check_true(input_reduced_force(&sc.model, 0) == -4.905, "H_r constant F");
}

static void test_run_option(void)
{
    char err[1024];
    if (!load("hertz"))
        return;
    check_true(scenario_set_run_option(&sc, "rtol", "1e-9", "command line",
                                       err, sizeof err) == COLLIDE_OK &&
               sc.opt.engine.rtol == 1e-9 &&
               strcmp(scenario_find(&sc, "rtol")->text, "1e-9") == 0,
               "run option rtol replaced");
    check_true(scenario_set_run_option(&sc, "rtol", "2", "command line", err,
                                       sizeof err) == COLLIDE_E_INPUT &&
               strstr(err, "command line: rtol = 2 is outside the allowed "
                      "range: rtol in [1e-15, 1)") == err,
               "run option rtol out of range");
    check_true(scenario_set_run_option(&sc, "samples", "many", "command line",
                                       err, sizeof err) == COLLIDE_E_INPUT &&
               strstr(err, "samples in [0, ") != NULL,
               "run option samples not a number");
    check_true(scenario_set_run_option(&sc, "x0", "1", "command line", err,
                                       sizeof err) == COLLIDE_E_INPUT,
               "x0 is not a run option");
    check_true(sc.opt.engine.rtol == 1e-9, "failed run option leaves the value");
    check_true(scenario_set_run_option(&sc, "t_tol", "1e-6", "command line",
                                       err, sizeof err) == COLLIDE_E_INPUT &&
               strstr(err, "command line: t_tol = 1e-6 is outside the allowed "
                      "range: t_tol in [0, 1e-15 T] = [0, 1e-16] for T = 0.1")
                   == err && sc.opt.engine.t_tol == 0.0,
               "run option t_tol beyond 1e-15 T (the horizon of hertz, 0.1 s)");
    check_true(scenario_set_run_option(&sc, "t_tol", "1e-17", "command line",
                                       err, sizeof err) == COLLIDE_OK &&
                   scenario_set_run_option(&sc, "graze_tol", "1e-3", "command line",
                                           err, sizeof err) == COLLIDE_OK &&
                   scenario_set_run_option(&sc, "zeno_events", "10", "command line",
                                           err, sizeof err) == COLLIDE_OK &&
                   scenario_set_run_option(&sc, "zeno_window", "1e-4", "command line",
                                           err, sizeof err) == COLLIDE_OK &&
                   scenario_set_run_option(&sc, "max_steps", "500", "command line",
                                           err, sizeof err) == COLLIDE_OK,
               "run options absent from the file are added");
    check_true(sc.opt.engine.t_tol == 1e-17 && sc.opt.engine.graze_tol == 1e-3 &&
                   sc.opt.engine.zeno_events == 10 && sc.opt.engine.zeno_window == 1e-4 &&
                   sc.opt.engine.max_steps == 500 &&
                   scenario_find(&sc, "graze_tol") != NULL &&
                   scenario_find(&sc, "graze_tol")->line == 0,
               "... with their values, and listed without a line");
    {
        char big[COLLIDE_SCENARIO_TEXT_MAX + 8];
        memset(big, '1', sizeof big - 1);
        big[sizeof big - 1] = '\0';
        check_true(scenario_set_run_option(&sc, "max_steps", big, "command line",
                                           err, sizeof err) == COLLIDE_E_INPUT &&
                       strstr(err, "the value of max_steps is longer than 127") != NULL,
                   "run option text too long");
    }
}

static void test_load_file(void)
{
    char err[1024];
    collide_status st = scenario_load("./no/such/file.scn", &sc, err, sizeof err);
    check_true(st == COLLIDE_E_INPUT && strstr(err, "no/such/file.scn") != NULL,
               "missing file named in the error");
    {
        char dir[] = "/tmp/collide-test-XXXXXX", path[64];
        FILE *f;
        long i;
        if (!mkdtemp(dir)) {
            check_true(0, "a temporary directory for the file tests");
            return;
        }
        snprintf(path, sizeof path, "%s/nul.scn", dir);
        f = fopen(path, "wb");
        fputs("system = Hr\n", f);
        fputc('\0', f);
        fputs("law = clamped\n", f);
        fclose(f);
        st = scenario_load(path, &sc, err, sizeof err);
        check_true(st == COLLIDE_E_INPUT && strstr(err, "nul.scn") != NULL &&
                       strstr(err, "NUL") != NULL,
                   "a file with a NUL byte is refused, named");
        remove(path);
        snprintf(path, sizeof path, "%s/big.scn", dir);
        f = fopen(path, "wb");
        for (i = 0; i <= COLLIDE_SCENARIO_FILE_MAX / 16; i++)
            fputs("# padding line.\n", f); /* 16 bytes */
        fclose(f);
        st = scenario_load(path, &sc, err, sizeof err);
        check_true(st == COLLIDE_E_INPUT && strstr(err, "big.scn: file too large") != NULL,
                   "a file over the size limit is refused, named");
        remove(path);
        st = scenario_load(dir, &sc, err, sizeof err);
        check_true(st == COLLIDE_E_INPUT && strstr(err, dir) != NULL &&
                       strstr(err, "cannot read: Is a directory") != NULL,
                   "a directory is refused, named, with the reason");
        remove(dir);
    }
}

/* The 1-based line of text that begins with key, or 0. */
static int line_of_key(const char *text, const char *key)
{
    int line = 1;
    for (;;) {
        const char *nl = strchr(text, '\n');
        if (strncmp(text, key, strlen(key)) == 0)
            return line;
        if (!nl)
            return 0;
        text = nl + 1;
        line++;
    }
}

/* A scenario file that begins with a UTF-8 byte order mark reads as the
 * same file without it; a mark anywhere else is still no part of a key. */
static void test_bom(void)
{
    char dir[] = "/tmp/collide-test-XXXXXX", path[64], err[1024];
    const char *text = scenario_builtin_text("hertz");
    collide_status st;
    FILE *f;
    if (!mkdtemp(dir)) {
        check_true(0, "a temporary directory for the BOM tests");
        return;
    }
    snprintf(path, sizeof path, "%s/bom.scn", dir);
    f = fopen(path, "wb");
    fputs("\xEF\xBB\xBF", f);
    fputs(text, f);
    fclose(f);
    st = scenario_load(path, &sc, err, sizeof err);
    check_true(st == COLLIDE_OK && sc.model.sys == SYS_HR &&
                   scenario_find(&sc, "system") != NULL &&
                   strcmp(scenario_find(&sc, "system")->text, "Hr") == 0 &&
                   scenario_find(&sc, "system")->line == line_of_key(text, "system"),
               st == COLLIDE_OK ? "a leading UTF-8 BOM is skipped" : err);
    f = fopen(path, "wb");
    fputs("# a comment\n\xEF\xBB\xBFsystem = Hr\n", f);
    fclose(f);
    st = scenario_load(path, &sc, err, sizeof err);
    check_true(st == COLLIDE_E_INPUT && strstr(err, "bom.scn:2: ") != NULL &&
                   strstr(err, "not a name") != NULL,
               "a BOM not at the start of the file is refused at its line");
    f = fopen(path, "wb");
    fputs("\xEF\xBB\xBF", f);
    fclose(f);
    st = scenario_load(path, &sc, err, sizeof err);
    check_true(st == COLLIDE_E_INPUT && strstr(err, "system is required") != NULL,
               "a file of only a BOM is an empty scenario");
    remove(path);
    remove(dir);
}

/* ---- the one number reader (number.h) ---- */

/* number_read of text in r gives want (and, when NUMBER_OK, the value v). */
static void number_case(const char *text, const number_range *r,
                        number_status want, double v)
{
    char name[256];
    double got = NAN;
    number_status st = number_read(text, r, &got);
    snprintf(name, sizeof name, "number '%s' in %s: status %d (want %d), %g",
             text, r->name, (int)st, (int)want, got);
    check_true(st == want && (want != NUMBER_OK || got == v), name);
}

static void test_numbers(void)
{
    static const number_range t = {"t", 0, 0.1, 1, 1, 0};
    static const number_range d = {"D", 1, 30, 1, 1, 1};
    static const number_range h = {"h_max", 0, HUGE_VAL, 0, 1, 0};
    static const number_range a = {"atol", 0, HUGE_VAL, 0, 0, 0};
    char buf[512], long_text[300];
    number_case("0.05", &t, NUMBER_OK, 0.05);
    number_case("+5e-2", &t, NUMBER_OK, 0.05);
    number_case(".05", &t, NUMBER_OK, 0.05);
    number_case("0x1p-4", &t, NUMBER_SYNTAX, 0);
    number_case("0X10", &d, NUMBER_SYNTAX, 0);
    number_case(" 0.05", &t, NUMBER_SYNTAX, 0);
    number_case("0.05 ", &t, NUMBER_SYNTAX, 0);
    number_case("0.05,", &t, NUMBER_SYNTAX, 0);
    number_case("0,05", &t, NUMBER_SYNTAX, 0);
    number_case("", &t, NUMBER_EMPTY, 0);
    number_case("nan", &t, NUMBER_NAN, 0);
    number_case("1e999", &a, NUMBER_OVERFLOW, 0);
    number_case("0.2", &t, NUMBER_OUTSIDE, 0);
    number_case("-0", &t, NUMBER_OK, 0);
    number_case("24.5", &d, NUMBER_NOT_INTEGER, 0);
    number_case("24", &d, NUMBER_OK, 24);
    number_case("2.4e1", &d, NUMBER_OK, 24);
    number_case("31", &d, NUMBER_OUTSIDE, 0);
    number_case("inf", &h, NUMBER_OK, HUGE_VAL);
    number_case("inf", &a, NUMBER_OUTSIDE, 0);
    number_case("0", &a, NUMBER_OUTSIDE, 0);
    number_range_text(&h, buf, sizeof buf);
    check_true(strcmp(buf, "h_max in (0, inf]") == 0, buf);
    number_range_text(&d, buf, sizeof buf);
    check_true(strcmp(buf, "D in [1, 30], an integer") == 0, buf);
    {
        number_range T = {"t", 0, 0.26449259004510767, 1, 1, 0};
        number_range_text(&T, buf, sizeof buf);
        check_true(strcmp(buf, "t in [0, 0.26449259004510767]") == 0,
                   "a bound is written with the digits that read back to it");
    }
    number_message("--digits", "24.5", NUMBER_NOT_INTEGER,
                   "D in [1, 30], an integer", buf, sizeof buf);
    check_true(strcmp(buf, "--digits = 24.5 is not an integer; the allowed "
                      "range is D in [1, 30], an integer") == 0, buf);
    memset(long_text, '7', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    long_text[0] = 'x';
    number_message("--at", long_text, NUMBER_SYNTAX, "t in [0, 1]", buf,
                   sizeof buf);
    check_true(strlen(buf) < 160 && strstr(buf, "7777...") != NULL,
               "a long bad value is echoed cut, with ...");
}

static void test_quantities(void)
{
    scenario_quantity q[32];
    int i, n, found = 0;
    if (!load("study3-shccl"))
        return;
    n = scenario_quantities(&sc, q, 32);
    for (i = 0; i < n; i++)
        if (strcmp(q[i].name, "x_c^s") == 0 &&
            strcmp(q[i].equation, "Eq. (212)") == 0 && q[i].value == sc.d.x_cs)
            found = 1;
    check_true(found, "x_c^s listed with Eq. (212)");
}

int main(void)
{
    test_builtins_parse();
    test_texts_verbatim();
    test_table1();
    test_table2();
    test_table3();
    test_forces_study2();
    test_forces_simple();
    test_bad_input();
    test_syntax_accepted();
    test_run_option();
    test_load_file();
    test_bom();
    test_numbers();
    test_quantities();
    return check_summary("test_scenario");
}
