/* grid.c - the grid of a parameter sweep; see grid.h. */
#define _POSIX_C_SOURCE 200809L

#include "grid.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide.h"
#include "collide_aux.h"

#define GRID_FILE_MAX 65536

/* [b, e) without the spaces, tabs and carriage returns at both ends. */
static void trim(const char **b, const char **e)
{
    while (*b < *e && (**b == ' ' || **b == '\t' || **b == '\r'))
        (*b)++;
    while (*e > *b && ((*e)[-1] == ' ' || (*e)[-1] == '\t' || (*e)[-1] == '\r'))
        (*e)--;
}

/* The shortest decimal text that reads back to x. */
static void shortest_text(double x, char *buf, size_t len)
{
    int d;
    for (d = 1; d <= 17; d++) {
        snprintf(buf, len, "%.*g", d, x);
        if (strtod(buf, NULL) == x)
            return;
    }
}

/* A finite decimal number filling [b, e) (spaces around it trimmed), by
 * the one number reader (collide_aux_number_read); 0 when it is not one. */
static int read_number(const char *b, const char *e, double *v)
{
    char tmp[COLLIDE_SCENARIO_TEXT_MAX];
    trim(&b, &e);
    if (e - b <= 0 || e - b >= (long)sizeof tmp)
        return 0;
    memcpy(tmp, b, (size_t)(e - b));
    tmp[e - b] = '\0';
    return collide_aux_number_read("x", tmp, NULL, v, NULL, 0) == COLLIDE_OK;
}

/* Allocates the n value texts of an axis. */
static collide_status axis_alloc(grid_axis *a, int n)
{
    a->text = calloc((size_t)n, sizeof *a->text);
    a->n = 0;
    return a->text ? COLLIDE_OK : COLLIDE_E_MEMORY;
}

/* Appends the text [b, e) to axis a. */
static collide_status axis_push(grid_axis *a, const char *b, const char *e)
{
    char *t = malloc((size_t)(e - b) + 1);
    if (!t)
        return COLLIDE_E_MEMORY;
    memcpy(t, b, (size_t)(e - b));
    t[e - b] = '\0';
    a->text[a->n++] = t;
    return COLLIDE_OK;
}

/* Point i of n evenly spaced from lo to hi (finite): lo and hi exactly at
 * the ends, lo + (hi - lo) i/(n - 1) between; when hi - lo overflows (lo
 * and hi of opposite signs near the largest number), lo (1 - s) + hi s
 * with s = i/(n - 1), whose terms cannot overflow. Always finite. */
static double space_point(double lo, double hi, int i, int n)
{
    double s = n > 1 ? (double)i / (double)(n - 1) : 0.0;
    if (i == 0)
        return lo;
    if (i == n - 1)
        return hi;
    if (isfinite(hi - lo))
        return lo + (hi - lo) * s;
    return lo * (1.0 - s) + hi * s;
}

/* linspace(a, b, n) or logspace(a, b, n) inside the parentheses [b, e);
 * a value that is not finite (10^x beyond the largest number) is an
 * error naming it. */
static collide_status axis_space(grid_axis *ax, const char *b, const char *e,
                                 int logs, char *msg, size_t len)
{
    const char *c1 = memchr(b, ',', (size_t)(e - b)), *c2;
    double lo, hi, nv;
    int i, n;
    c2 = c1 ? memchr(c1 + 1, ',', (size_t)(e - c1 - 1)) : NULL;
    if (!c2 || memchr(c2 + 1, ',', (size_t)(e - c2 - 1)) ||
        !read_number(b, c1, &lo) || !read_number(c1 + 1, c2, &hi) ||
        !read_number(c2 + 1, e, &nv)) {
        snprintf(msg, len, "expected %s(a, b, n) with decimal a, b and an "
                 "integer n", logs ? "logspace" : "linspace");
        return COLLIDE_E_INPUT;
    }
    if (nv != floor(nv) || nv < 1 || nv > GRID_POINTS_MAX) {
        snprintf(msg, len, "n = %g is outside the allowed range: an integer "
                 "in [1, %ld]", nv, GRID_POINTS_MAX);
        return COLLIDE_E_INPUT;
    }
    n = (int)nv;
    if (axis_alloc(ax, n) != COLLIDE_OK)
        return COLLIDE_E_MEMORY;
    for (i = 0; i < n; i++) {
        char buf[40];
        double x = space_point(lo, hi, i, n);
        double v = logs ? pow(10.0, x) : x;
        if (!isfinite(v)) {
            snprintf(msg, len, "value %d is 10^%.17g, beyond the largest "
                     "number (about 1.8e308): not finite", i + 1, x);
            return COLLIDE_E_INPUT;
        }
        shortest_text(v, buf, sizeof buf);
        if (axis_push(ax, buf, buf + strlen(buf)) != COLLIDE_OK)
            return COLLIDE_E_MEMORY;
    }
    return COLLIDE_OK;
}

/* A comma-separated list of values [b, e). */
static collide_status axis_list(grid_axis *ax, const char *b, const char *e,
                                char *msg, size_t len)
{
    const char *p;
    int n = 1;
    for (p = b; p < e; p++)
        n += *p == ',';
    if (axis_alloc(ax, n) != COLLIDE_OK)
        return COLLIDE_E_MEMORY;
    for (p = b; p <= e;) {
        const char *q = memchr(p, ',', (size_t)(e - p)), *vb = p, *ve;
        ve = q ? q : e;
        trim(&vb, &ve);
        if (ve == vb || ve - vb >= COLLIDE_SCENARIO_TEXT_MAX ||
            strcspn(vb, " \t#=") < (size_t)(ve - vb)) {
            snprintf(msg, len, "value %d of the list is empty, too long or "
                     "contains a space, '#' or '='", ax->n + 1);
            return COLLIDE_E_INPUT;
        }
        if (axis_push(ax, vb, ve) != COLLIDE_OK)
            return COLLIDE_E_MEMORY;
        p = ve + (q ? (q - ve) + 1 : 1);
        if (!q)
            break;
    }
    return COLLIDE_OK;
}

/* The values of an axis from the text [b, e) after '='. */
static collide_status axis_values(grid_axis *ax, const char *b, const char *e,
                                  char *msg, size_t len)
{
    int lin = e - b > 9 && strncmp(b, "linspace(", 9) == 0;
    int logs = e - b > 9 && strncmp(b, "logspace(", 9) == 0;
    if (lin || logs) {
        if (e[-1] != ')') {
            snprintf(msg, len, "missing ')'");
            return COLLIDE_E_INPUT;
        }
        return axis_space(ax, b + 9, e - 1, logs, msg, len);
    }
    return axis_list(ax, b, e, msg, len);
}

/* 1 when name is a built-in scenario (and not a path). */
static int is_builtin(const char *name)
{
    return !strchr(name, '/') && collide_builtin_text(name) != NULL;
}

/* The base scenario: a built-in name, or a path relative to the grid
 * file's directory (absolute paths as given). */
static collide_status read_base(grid *g, const char *name, char *err,
                                size_t errlen)
{
    const char *slash = strrchr(g->path, '/');
    int n;

    if (is_builtin(name)) {
        snprintf(g->source, sizeof g->source, "builtin:%s", name);
        g->base_text = strdup(collide_builtin_text(name));
        return g->base_text ? COLLIDE_OK : COLLIDE_E_MEMORY;
    }
    if (name[0] == '/' || !slash)
        n = snprintf(g->source, sizeof g->source, "%s", name);
    else
        n = snprintf(g->source, sizeof g->source, "%.*s/%s",
                     (int)(slash - g->path), g->path, name);
    if (n < 0 || (size_t)n >= sizeof g->source) {
        snprintf(err, errlen, "scenario path too long");
        return COLLIDE_E_INPUT;
    }
    return collide_aux_read_text_file(g->source, COLLIDE_SCENARIO_FILE_MAX, NULL,
                                  &g->base_text, err, errlen);
}

/* The index of axis key, or -1. */
static int find_axis(const grid *g, const char *key)
{
    int i;
    for (i = 0; i < g->naxes; i++)
        if (strcmp(g->axis[i].key, key) == 0)
            return i;
    return -1;
}

/* One `key = value` line of the grid file. */
static collide_status read_entry(grid *g, const char *key, const char *vb,
                                 const char *ve, char *msg, size_t len)
{
    grid_axis *ax;
    collide_status st;
    if (strcmp(key, "scenario") == 0) {
        char name[COLLIDE_SCENARIO_SOURCE_MAX - 16];
        if (g->base_text || ve - vb >= (long)sizeof name) {
            snprintf(msg, len, g->base_text ? "scenario is given twice" :
                     "scenario name too long");
            return COLLIDE_E_INPUT;
        }
        snprintf(name, sizeof name, "%.*s", (int)(ve - vb), vb);
        return read_base(g, name, msg, len);
    }
    if (find_axis(g, key) >= 0 || g->naxes == GRID_AXES_MAX) {
        if (find_axis(g, key) >= 0)
            snprintf(msg, len, "axis %s is given twice", key);
        else
            snprintf(msg, len, "more than %d axes", GRID_AXES_MAX);
        return COLLIDE_E_INPUT;
    }
    ax = &g->axis[g->naxes++];
    snprintf(ax->key, sizeof ax->key, "%s", key);
    st = axis_values(ax, vb, ve, msg, len);
    if (st == COLLIDE_E_INPUT) {    /* the message names the key and value */
        char why[300];
        int n = ve - vb > 60 ? 60 : (int)(ve - vb);
        snprintf(why, sizeof why, "%.*s", (int)sizeof why - 1, msg);
        snprintf(msg, len, "%s = %.*s%s: %s", key, n, vb,
                 ve - vb > n ? "..." : "", why);
    }
    return st;
}

/* Reads one line [b, e) of the grid file. */
static collide_status read_line(grid *g, const char *b, const char *e,
                                char *msg, size_t len)
{
    const char *hash = memchr(b, '#', (size_t)(e - b)), *eq, *kb = b, *ke;
    char key[COLLIDE_SCENARIO_KEY_MAX];
    if (hash)
        e = hash;
    trim(&b, &e);
    if (b == e)
        return COLLIDE_OK;
    eq = memchr(b, '=', (size_t)(e - b));
    if (!eq) {
        snprintf(msg, len, "expected key = value");
        return COLLIDE_E_INPUT;
    }
    ke = eq;
    trim(&kb, &ke);
    if (ke == kb || ke - kb >= COLLIDE_SCENARIO_KEY_MAX) {
        snprintf(msg, len, "missing or too long key");
        return COLLIDE_E_INPUT;
    }
    snprintf(key, sizeof key, "%.*s", (int)(ke - kb), kb);
    b = eq + 1;
    trim(&b, &e);
    if (b == e) {
        snprintf(msg, len, "%s has no value", key);
        return COLLIDE_E_INPUT;
    }
    return read_entry(g, key, b, e, msg, len);
}

/* The axis whose key the scenario line [b, e) sets, or -1. */
static int line_axis(const grid *g, const char *b, const char *e)
{
    const char *eq = memchr(b, '=', (size_t)(e - b)), *hash;
    char key[COLLIDE_SCENARIO_KEY_MAX];
    hash = memchr(b, '#', (size_t)(e - b));
    if (!eq || (hash && hash < eq))
        return -1;
    e = eq;
    trim(&b, &e);
    if (e - b >= COLLIDE_SCENARIO_KEY_MAX)
        return -1;
    snprintf(key, sizeof key, "%.*s", (int)(e - b), b);
    return find_axis(g, key);
}

/* The text of point 0: the base with the line of each axis key replaced
 * (appended when the base does not give the key; a new string, NULL when
 * memory ran out). The one scenario text the grid builds: the other
 * points are set through the interface. */
static char *first_point_text(const grid *g)
{
    size_t cap = strlen(g->base_text) + 1 + (size_t)g->naxes *
                 (COLLIDE_SCENARIO_KEY_MAX + COLLIDE_SCENARIO_TEXT_MAX + 8);
    char *out = malloc(cap), *o = out;
    const char *b = g->base_text;
    int seen[GRID_AXES_MAX] = {0}, a;
    while (out && *b) {
        const char *e = strchr(b, '\n');
        int ax;
        e = e ? e : b + strlen(b);
        ax = line_axis(g, b, e);
        if (ax >= 0 && !seen[ax]) {
            seen[ax] = 1;
            o += sprintf(o, "%s = %s", g->axis[ax].key, grid_value(g, 0, ax));
        } else {
            memcpy(o, b, (size_t)(e - b));
            o += e - b;
        }
        *o++ = '\n';
        b = *e ? e + 1 : e;
    }
    for (a = 0; out && a < g->naxes; a++)
        if (!seen[a])
            o += sprintf(o, "%s = %s\n", g->axis[a].key, grid_value(g, 0, a));
    if (out)
        *o = '\0';
    return out;
}

/* Parses and validates the scenario of point 0 into g->first, the
 * scenario every point is a copy of (so that a base without a key an
 * axis gives, e.g. x0, is whole at every point). */
static collide_status parse_first_point(grid *g, char *err, size_t errlen)
{
    char msg[1024];
    char *text = first_point_text(g);
    collide_status st;
    if (!text) {
        snprintf(err, errlen, "%s: point 0: out of memory", g->path);
        return COLLIDE_E_MEMORY;
    }
    st = g->outside ? collide_scenario_load_outside(g->source, text, &g->first,
                                                    msg, sizeof msg)
                    : collide_scenario_parse(text, g->source, &g->first, msg,
                                             sizeof msg);
    free(text);
    if (st != COLLIDE_OK)
        snprintf(err, errlen, "%s: point 0: %s", g->path, msg);
    return st;
}

/* The number of points; an error when none or too many. */
static collide_status count_points(grid *g, char *err, size_t errlen)
{
    int i;
    g->npoints = 1;
    for (i = 0; i < g->naxes; i++) {
        g->npoints *= g->axis[i].n;
        if (g->npoints > GRID_POINTS_MAX) {
            snprintf(err, errlen, "%s: more than %ld points", g->path,
                     GRID_POINTS_MAX);
            return COLLIDE_E_INPUT;
        }
    }
    if (!g->base_text || g->naxes == 0) {
        snprintf(err, errlen, "%s: %s is required", g->path,
                 g->base_text ? "an axis (key = list, linspace or logspace)" :
                 "scenario (a built-in name or a file)");
        return COLLIDE_E_INPUT;
    }
    return COLLIDE_OK;
}

collide_status grid_load(const char *path, int outside, grid *g, char *err,
                         size_t errlen)
{
    char *text = NULL, *b, msg[900];
    int line = 1;
    collide_status st;
    memset(g, 0, sizeof *g);
    g->outside = outside;
    if (strlen(path) >= sizeof g->path) {   /* not cut: its directory counts */
        snprintf(err, errlen, "%s: path too long (at most %d bytes)", path,
                 (int)sizeof g->path - 1);
        return COLLIDE_E_INPUT;
    }
    snprintf(g->path, sizeof g->path, "%s", path);
    st = collide_aux_read_text_file(path, GRID_FILE_MAX, NULL, &text, err, errlen);
    for (b = st == COLLIDE_OK ? text : NULL; b && st == COLLIDE_OK; line++) {
        char *e = strchr(b, '\n');
        msg[0] = '\0';
        st = read_line(g, b, e ? e : b + strlen(b), msg, sizeof msg);
        if (st != COLLIDE_OK && msg[0])
            snprintf(err, errlen, "%s:%d: %s", path, line, msg);
        else if (st != COLLIDE_OK)
            snprintf(err, errlen, "%s:%d: out of memory", path, line);
        b = e ? e + 1 : NULL;
    }
    free(text);
    if (st == COLLIDE_OK)
        st = count_points(g, err, errlen);
    return st == COLLIDE_OK ? parse_first_point(g, err, errlen) : st;
}

void grid_free(grid *g)
{
    int a, i;
    for (a = 0; a < g->naxes; a++) {
        for (i = 0; i < g->axis[a].n; i++)
            free(g->axis[a].text[i]);
        free(g->axis[a].text);
    }
    free(g->base_text);
    collide_scenario_free(g->first);
    memset(g, 0, sizeof *g);
}

const char *grid_value(const grid *g, long index, int a)
{
    int k;
    for (k = g->naxes - 1; k > a; k--)
        index /= g->axis[k].n;
    return g->axis[a].text[index % g->axis[a].n];
}

collide_status grid_point_scenario(const grid *g, long index,
                                   collide_scenario **s, char *err,
                                   size_t errlen)
{
    const char *keys[GRID_AXES_MAX], *values[GRID_AXES_MAX];
    char msg[1024];
    collide_status st;
    int a;
    for (a = 0; a < g->naxes; a++) {
        keys[a] = g->axis[a].key;
        values[a] = grid_value(g, index, a);
    }
    st = collide_scenario_copy(g->first, s, msg, sizeof msg);
    if (st == COLLIDE_OK && index > 0)
        st = collide_scenario_set_many(*s, g->naxes, keys, values, msg,
                                       sizeof msg);
    if (st != COLLIDE_OK) {
        collide_scenario_free(*s);
        *s = NULL;
        snprintf(err, errlen, "%s: point %ld: %s", g->path, index, msg);
    }
    return st;
}

collide_status grid_validate(const grid *g, char *err, size_t errlen)
{
    collide_status st = COLLIDE_OK;
    long i;
    for (i = 0; st == COLLIDE_OK && i < g->npoints; i++) {
        collide_scenario *s;
        st = grid_point_scenario(g, i, &s, err, errlen);
        collide_scenario_free(s);
    }
    return st;
}
