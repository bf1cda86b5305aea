/* plot.c - figures of runs through gnuplot (plot.h): runs each scenario
 * into a temporary directory, writes a gnuplot script that draws the
 * figures from the CSV files under temporary names, runs gnuplot and
 * renames the figures when it succeeds. */
#define _POSIX_C_SOURCE 200809L

#include "plot.h"

#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "collide.h"
#include "collide_aux.h"

extern char **environ;

#define PATH_LEN 1024
#define TRACK_MAX 160
#define STATES_MAX 16   /* most components of x_c and the internal states */

/* Paths created by the plot (directories, CSV files, scripts, figures
 * under their temporary names), removed in reverse order at the end. */
static char tracked[TRACK_MAX][PATH_LEN];
static volatile int ntracked;

/* A unit of a plotted quantity: the factor from SI and its label. */
typedef struct unit {
    double scale;
    char label[16];
} unit;

/* What the figures of one scenario need from its run. */
typedef struct plot_run {
    char stem[64];          /* file names of its figures */
    char title[512];        /* plain text */
    char dir[PATH_LEN];     /* its CSV files */
    int hf;                 /* the system is H_f (else H_r) */
    int ncollisions;
    int ncontacts;          /* with a contact lasting to T */
    double *contact;        /* [t_e, t_s] of each contact */
    double x_cs;            /* Eq. (212), NaN when it does not apply */
    double T;
    int nstates;            /* x_c and the internal states */
    char state[STATES_MAX][16];  /* their columns in samples.csv */
    double max_x, max_xm, max_state;
    double max_fc, max_fe, max_xc_obs, max_W, max_Fc_obs;
    double min_xc_obs, min_W, min_Fc_obs;  /* the least x_c,r, W, F_c,max:
                                               a logarithmic axis when > 0 */
} plot_run;

/* A figure being drawn: its script body and its two output files. */
typedef struct figure {
    char body[PATH_LEN];
    char tmp[2][PATH_LEN], final[2][PATH_LEN]; /* png, svg */
    int width, height;
} figure;

/* Records path for removal; returns 0, or -1 (errno ENOBUFS) when the
 * list is full. */
static int track(const char *path)
{
    if (ntracked >= TRACK_MAX || strlen(path) >= PATH_LEN) {
        errno = ENOBUFS;
        return -1;
    }
    memcpy(tracked[ntracked], path, strlen(path) + 1);
    ntracked++;
    return 0;
}

void plot_remove_temporaries(void)
{
    while (ntracked > 0) {
        ntracked--;
        if (unlink(tracked[ntracked]) != 0)
            rmdir(tracked[ntracked]);
    }
}

/* snprintf into a path buffer; -1 (errno ENAMETOOLONG) when it does not
 * fit. */
static int path_printf(char *buf, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(buf, PATH_LEN, fmt, ap);
    va_end(ap);
    if (n >= 0 && n < PATH_LEN)
        return 0;
    errno = ENAMETOOLONG;
    return -1;
}

/* Removes the files of a run's directory dir (whatever output.h wrote
 * there), then dir. */
static void remove_run_dir(const char *dir)
{
    char path[PATH_LEN];
    struct dirent *e;
    DIR *d = opendir(dir);
    if (!d)
        return;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
            path_printf(path, "%s/%s", dir, e->d_name) == 0)
            unlink(path);
    closedir(d);
    rmdir(dir);
}

int plot_gnuplot_available(void)
{
    const char *path = getenv("PATH");
    char dir[PATH_LEN], file[PATH_LEN];
    while (path && *path) {
        size_t len = strcspn(path, ":");
        if (len < PATH_LEN) {
            memcpy(dir, path, len);
            dir[len] = '\0';
            if (path_printf(file, "%s/gnuplot", len ? dir : ".") == 0 &&
                access(file, X_OK) == 0)
                return 1;
        }
        path += len + (path[len] == ':');
    }
    return 0;
}

/* The unit of base (e.g. "m") with an SI prefix that puts maxabs in
 * [1, 1000). */
static unit unit_for(double maxabs, const char *base)
{
    static const char *const prefix[] = {"n", "µ", "m", "", "k", "M"};
    unit u;
    int k = 3;
    if (isfinite(maxabs) && maxabs > 0)
        k = (int)floor(log10(maxabs) / 3.0) + 3;
    k = k < 0 ? 0 : k > 5 ? 5 : k;
    u.scale = pow(10.0, -3.0 * (k - 3));
    snprintf(u.label, sizeof u.label, "%s%s", prefix[k], base);
    return u;
}

/* Writes s as a single-quoted gnuplot string, escaping the characters of
 * enhanced text so that it prints as written. */
static void put_plain(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputs("''", f);
        else {
            if (strchr("_^{}@&~\\", *s))
                fputc('\\', f);
            fputc(*s, f);
        }
    }
    fputc('\'', f);
}

/* Writes a path as a single-quoted gnuplot string: a quote doubled, and
 * "./" before a relative path, so that gnuplot takes no path for one of
 * its special names ('<command' and '|command' run a command, '~/' is
 * expanded, '$name' is a data block, '-' and '+' are no files). The text
 * has no control character (plot_check_name). */
static void put_path(FILE *f, const char *s)
{
    fputs(*s == '/' ? "'" : "'./", f);
    for (; *s; s++) {
        if (*s == '\'')
            fputc('\'', f);
        fputc(*s, f);
    }
    fputc('\'', f);
}

collide_status plot_check_name(const char *what, const char *name, char *err,
                               size_t errlen)
{
    char shown[200];
    const unsigned char *c = (const unsigned char *)name;
    size_t n = 0;
    while (*c >= 0x20 && *c != 0x7f)
        c++;
    if (*c == '\0')
        return COLLIDE_OK;
    for (c = (const unsigned char *)name; *c && n + 5 < sizeof shown; c++) {
        if (*c >= 0x20 && *c != 0x7f)
            shown[n++] = (char)*c;
        else
            n += (size_t)snprintf(shown + n, sizeof shown - n, *c == '\n'
                                  ? "\\n" : "\\x%02x", *c);
    }
    shown[n] = '\0';
    snprintf(err, errlen, "collide plot: %s \"%s%s\" holds a control "
             "character (shown as \\n or \\xNN): gnuplot cannot be given it "
             "as a string; rename it", what, shown, *c ? "..." : "");
    return COLLIDE_E_INPUT;
}

/* The component name in enhanced text: "z_c1" -> "z_{c,1}". */
static void enhanced_name(const char *name, char *out, size_t len)
{
    const char *us = strchr(name, '_');
    if (!us || strlen(us + 1) < 2)
        snprintf(out, len, "%s", name);
    else if (us[1] == 'c' && isdigit((unsigned char)us[2]))
        snprintf(out, len, "%.*s_{c,%s}", (int)(us - name), name, us + 2);
    else
        snprintf(out, len, "%.*s_{%s}", (int)(us - name), name, us + 1);
}

/* The stem of a scenario's figure names: a built-in name, or the file's
 * base name without its leading dots (no hidden figures) and without its
 * extension; "scenario" when nothing is left. */
static void scenario_stem(const char *name, char *stem, size_t len)
{
    const char *base = strrchr(name, '/');
    size_t n;
    base = base ? base + 1 : name;
    base += strspn(base, ".");
    n = strcspn(base, ".");
    if (n == 0)
        base = "scenario", n = strlen(base);
    snprintf(stem, len, "%.*s", (int)n, base);
}

/* The title of a scenario: its description when built in, else its file
 * with the law and the system. */
static void scenario_title(const collide_scenario *s, const char *name,
                           int hf, char *out, size_t len)
{
    const char *d = strchr(name, '/') ? NULL : collide_builtin_description(name);
    const char *l = collide_scenario_law(s, 0);
    char law[32];
    size_t i;
    for (i = 0; i + 1 < sizeof law && l[i]; i++)
        law[i] = (char)toupper((unsigned char)l[i]);
    law[i] = '\0';
    if (d)
        snprintf(out, len, "%s", d);
    else
        snprintf(out, len, "%s: %s, %s", name, law, hf ? "H_f" : "H_r");
}

/* The largest |value| of column col of table t of r (0 for none). */
static double column_max(const collide_result *r, collide_table t, int col)
{
    double m = 0;
    int i, n = collide_result_rows(r, t);
    for (i = 0; col >= 0 && i < n; i++)
        m = fmax(m, fabs(collide_result_value(r, t, i, col)));
    return m;
}

/* The largest |value| of the column named name of table t of r. */
static double named_max(const collide_result *r, collide_table t,
                        const char *name)
{
    return column_max(r, t, collide_result_column(r, t, name));
}

/* The least value of the column named name of table t of r (+inf for
 * none). */
static double named_min(const collide_result *r, collide_table t,
                        const char *name)
{
    int i, col = collide_result_column(r, t, name), n = collide_result_rows(r, t);
    double m = INFINITY;
    for (i = 0; col >= 0 && i < n; i++)
        m = fmin(m, collide_result_value(r, t, i, col));
    return m;
}

/* The system, the components x_c and the internal states (the columns of
 * samples.csv from x_c to F_c) and the largest magnitudes of the sampled
 * states, forces and observables. */
static void measure(const collide_result *r, plot_run *p)
{
    int c = collide_result_column(r, COLLIDE_TABLE_SAMPLES, "x_c");
    int end = collide_result_column(r, COLLIDE_TABLE_SAMPLES, "F_c");
    p->hf = collide_result_column(r, COLLIDE_TABLE_SAMPLES, "x_m") >= 0;
    p->max_x = named_max(r, COLLIDE_TABLE_SAMPLES, "x");
    p->max_xm = named_max(r, COLLIDE_TABLE_SAMPLES, "x_m");
    p->max_state = 0;
    for (p->nstates = 0; c >= 0 && c < end && p->nstates < STATES_MAX; c++) {
        snprintf(p->state[p->nstates++], sizeof p->state[0], "%s",
                 collide_result_column_name(r, COLLIDE_TABLE_SAMPLES, c));
        p->max_state = fmax(p->max_state, column_max(r, COLLIDE_TABLE_SAMPLES, c));
    }
    p->max_fc = named_max(r, COLLIDE_TABLE_SAMPLES, "F_c");
    p->max_fe = named_max(r, COLLIDE_TABLE_SAMPLES, "F_e_r");
    p->max_xc_obs = named_max(r, COLLIDE_TABLE_COLLISIONS, "xc_max");
    p->max_W = named_max(r, COLLIDE_TABLE_COLLISIONS, "W");
    p->max_Fc_obs = named_max(r, COLLIDE_TABLE_COLLISIONS, "Fc_max");
    p->min_xc_obs = fmin(named_min(r, COLLIDE_TABLE_COLLISIONS, "xc_max"),
                         named_min(r, COLLIDE_TABLE_COLLISIONS, "xc_r"));
    p->min_W = named_min(r, COLLIDE_TABLE_COLLISIONS, "W");
    p->min_Fc_obs = named_min(r, COLLIDE_TABLE_COLLISIONS, "Fc_max");
}

/* Keeps the contact intervals of r: the collisions, then the contact
 * lasting to T. Returns 0, or -1 when out of memory. */
static int keep_contacts(const collide_result *r, plot_run *p)
{
    int nc = collide_result_rows(r, COLLIDE_TABLE_COLLISIONS);
    int nf = collide_result_rows(r, COLLIDE_TABLE_FINAL_CONTACT);
    int te = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "t_e");
    int ts = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "t_s");
    int i, n = nc + (nf > 0 ? 1 : 0);
    p->contact = malloc(2 * (size_t)(n ? n : 1) * sizeof *p->contact);
    if (!p->contact)
        return -1;
    for (i = 0; i < nc; i++) {
        p->contact[2 * i] = collide_result_value(r, COLLIDE_TABLE_COLLISIONS, i, te);
        p->contact[2 * i + 1] = collide_result_value(r, COLLIDE_TABLE_COLLISIONS, i, ts);
    }
    if (nf > 0) {
        p->contact[2 * i] = collide_result_value(r, COLLIDE_TABLE_FINAL_CONTACT, 0, te);
        p->contact[2 * i + 1] = p->T;
    }
    p->ncontacts = n;
    return 0;
}

/* Tracks the files of a run's result set in dir (output.h), after dir's
 * own entry. */
static int track_csv(const char *dir)
{
    static const char *const names[] = {"collisions.csv", "events.csv",
                                        "ledger.csv", "samples.csv",
                                        "trajectory.csv", "meta.json",
                                        "MANIFEST"};
    char path[PATH_LEN];
    int i;
    for (i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
        if (path_printf(path, "%s/%s", dir, names[i]) != 0 || track(path))
            return -1;
    return 0;
}

/* x_c^s of Eq. (212) of s, NaN when it does not apply. */
static double static_indentation(const collide_scenario *s)
{
    collide_quantity q[32];
    int i, n = collide_scenario_quantities(s, q, 32);
    for (i = 0; i < n; i++)
        if (strcmp(q[i].name, "x_c^s") == 0)
            return q[i].value;
    return NAN;
}

/* Loads scenario name with the samples asked, or says why not. */
static collide_status load_one(const char *name, const plot_options *o,
                               collide_scenario **s, char *err, size_t errlen)
{
    char msg[1024];
    collide_status st =
        o->outside ? collide_scenario_load_outside(name, NULL, s, err, errlen)
                   : collide_scenario_load(name, s, err, errlen);
    if (st == COLLIDE_OK && o->samples &&
        (st = collide_scenario_set(*s, "samples", o->samples, msg,
                                   sizeof msg)) != COLLIDE_OK)
        snprintf(err, errlen, "--samples: %s", msg);
    return st;
}

/* Runs s in binary64 and writes its CSV files into p->dir; the run's
 * magnitudes and contacts into p. */
static collide_status run_into(const collide_scenario *s, plot_run *p,
                               char *err, size_t errlen)
{
    collide_result *r = NULL;
    collide_status st = collide_run(s, NULL, &r, err, errlen);
    if (r && st != COLLIDE_OK)
        snprintf(err, errlen, "collide plot: %s: %s", collide_scenario_source(s),
                 collide_result_diagnosis(r));
    else if (st == COLLIDE_OK)
        st = collide_result_write(r, p->dir, err, errlen);
    if (st == COLLIDE_OK) {
        p->ncollisions = collide_result_rows(r, COLLIDE_TABLE_COLLISIONS);
        measure(r, p);
        if (keep_contacts(r, p) != 0) {
            snprintf(err, errlen, "collide plot: out of memory");
            st = COLLIDE_E_MEMORY;
        }
    }
    collide_result_free(r);
    return st;
}

/* Loads scenario name, runs it with the samples asked and writes its CSV
 * files into tmp/k. */
static collide_status run_one(const char *name, int k, const char *tmp,
                              const plot_options *o, plot_run *p, char *err,
                              size_t errlen)
{
    collide_scenario *s = NULL;
    collide_status st = load_one(name, o, &s, err, errlen);
    if (st == COLLIDE_OK) {
        scenario_stem(name, p->stem, sizeof p->stem);
        p->x_cs = static_indentation(s);
        p->T = collide_scenario_setting(s, "T");
        if (path_printf(p->dir, "%s/%d", tmp, k) != 0 || track(p->dir) ||
            track_csv(p->dir)) {
            snprintf(err, errlen, "collide plot: temporary path too long");
            st = COLLIDE_E_IO;
        }
    }
    if (st == COLLIDE_OK)
        st = run_into(s, p, err, errlen);
    if (st == COLLIDE_OK)
        scenario_title(s, name, p->hf, p->title, sizeof p->title);
    collide_scenario_free(s);
    return st;
}

/* ---- script of the figures ---- */

/* The shaded contact intervals of p, in time unit tu. */
static void put_contacts(FILE *f, const plot_run *p, unit tu)
{
    int i;
    for (i = 0; i < p->ncontacts; i++)
        fprintf(f, "set object %d rect from %.17g, graph 0 to %.17g, graph 1 "
                "behind fillcolor rgb '#d9d9d9' fillstyle solid 1.0 "
                "noborder\n", i + 1, p->contact[2 * i] * tu.scale,
                p->contact[2 * i + 1] * tu.scale);
}

/* Header of a multiplot of rows x cols panels titled by title, with the
 * spacing between them (gnuplot's "x,y" in screen units). */
static void put_multiplot(FILE *f, const char *title, int rows, int cols,
                          double bottom, const char *spacing)
{
    fputs("set multiplot layout ", f);
    fprintf(f, "%d,%d margins 0.1,0.97,%g,0.93 spacing %s title ", rows, cols,
            bottom, spacing);
    put_plain(f, title);
    fputs(" font ',15'\n", f);
}

/* One panel of the state figure: column expression expr of samples.csv
 * (already scaled), its axis label and key titles; last: the bottom panel,
 * which carries the time axis. */
static void put_state_panel(FILE *f, const plot_run *p, const char *ylabel,
                            const char *plots, int last, unit tu)
{
    fprintf(f, "set ylabel '%s'\n", ylabel);
    if (last)
        fprintf(f, "set format x '%%g'\nset xlabel 't [%s]'\n", tu.label);
    else
        fputs("set format x ''\nunset xlabel\n", f);
    fputs("plot ", f);
    put_path(f, p->dir);
    fprintf(f, ".'/samples.csv' %s\n", plots);
}

/* The plot clause "using (t):(column*scale) with lines", with its key
 * title or none (title NULL). */
static void put_clause(char *buf, size_t len, const char *col, double scale,
                       const char *title, int lc, unit tu)
{
    snprintf(buf, len, "using (column('t')*%.17g):(column('%s')*%.17g) "
             "with lines lw 1.5 lc %d %s%s%s", tu.scale, col, scale, lc,
             title ? "title '" : "notitle", title ? title : "",
             title ? "'" : "");
}

/* The panel of x_c and the internal states, one line each. */
static void put_contact_state_panel(FILE *f, const plot_run *p, unit tu)
{
    char plots[2048], clause[512], label[64], name[32];
    int k;
    unit u = unit_for(p->max_state, "m");
    size_t used = 0;
    plots[0] = '\0';
    for (k = 0; k < p->nstates; k++) {
        enhanced_name(p->state[k], name, sizeof name);
        put_clause(clause, sizeof clause, p->state[k], u.scale, name, k + 1,
                   tu);
        used += (size_t)snprintf(plots + used, sizeof plots - used, "%s%s",
                                 k > 0 ? ", '' " : "", clause);
    }
    snprintf(label, sizeof label, "x_c, z_c [%s]", u.label);
    put_state_panel(f, p, label, plots, 0, tu);
}

/* One panel of a single column of samples.csv in its unit. */
static void put_column_panel(FILE *f, const plot_run *p, const char *col,
                             const char *sym, double maxabs, const char *base,
                             int last, unit tu)
{
    char plots[512], label[64];
    unit u = unit_for(maxabs, base);
    if (strcmp(base, "m/s") == 0 || strcmp(base, "N") == 0)
        u = unit_for(1.0, base); /* speeds and forces in SI */
    put_clause(plots, sizeof plots, col, u.scale, NULL, 1, tu);
    snprintf(label, sizeof label, "%s [%s]", sym, u.label);
    put_state_panel(f, p, label, plots, last, tu);
}

/* H_f: the panel of F_e,r (samples.csv) and F_e,1 (trajectory.csv). */
static void put_forces_panel(FILE *f, const plot_run *p, unit tu)
{
    char dir[2 * PATH_LEN + 3], plots[sizeof dir + 512], *d = dir;
    const char *s;
    *d++ = '\'';               /* p->dir quoted as put_path does */
    for (s = p->dir; *s; s++) {
        if (*s == '\'')
            *d++ = '\'';
        *d++ = *s;
    }
    *d++ = '\'';
    *d = '\0';
    snprintf(plots, sizeof plots, "using (column('t')*%.17g):'F_e_r' with "
             "lines lw 1.5 lc 1 title 'F_{e,r}', %s.'/trajectory.csv' using "
             "(column('t')*%.17g):'F_e1' with lines lw 1.5 dt 2 lc 2 title "
             "'F_{e,1}'", tu.scale, dir, tu.scale);
    put_state_panel(f, p, "F_e [N]", plots, 0, tu);
}

/* The time unit of a run of horizon T. */
static unit time_unit(double T)
{
    return T < 10.0 ? unit_for(1e-1, "s") : unit_for(1.0, "s");
}

/* Figure (a): the states, forces and q_c against time, contacts shaded. */
static void put_state_figure(FILE *f, const plot_run *p)
{
    unit tu = time_unit(p->T);
    int rows = p->hf ? 8 : 6;
    char plots[256];
    put_multiplot(f, p->title, rows, 1, 0.05, "0,0.02");
    fprintf(f, "set xrange [0:%.17g]\n", p->T * tu.scale);
    put_contacts(f, p, tu);
    if (p->hf)
        put_forces_panel(f, p, tu);
    else
        put_column_panel(f, p, "F_e_r", "F_{e,r}", p->max_fe, "N", 0, tu);
    put_column_panel(f, p, "x", "x", p->max_x, "m", 0, tu);
    put_column_panel(f, p, "v", "v", 1, "m/s", 0, tu);
    if (p->hf) {
        put_column_panel(f, p, "x_m", "x_m", p->max_xm, "m", 0, tu);
        put_column_panel(f, p, "v_m", "v_m", 1, "m/s", 0, tu);
    }
    put_contact_state_panel(f, p, tu);
    put_column_panel(f, p, "F_c", "F_c", p->max_fc, "N", 0, tu);
    fputs("set yrange [-0.2:1.2]\nset ytics 0,1,1\n", f);
    snprintf(plots, sizeof plots, "using (column('t')*%.17g):(column('q')) "
             "with steps lw 1.5 lc 1 notitle", tu.scale);
    put_state_panel(f, p, "q_c", plots, 1, tu);
    fputs("set autoscale y\nset ytics autofreq\nunset object\n"
          "unset multiplot\n", f);
}

/* One panel of the observables against the collision index, labelled
 * (a), (b), ... above its top left corner in the order drawn (*panel
 * counts them); logy: a logarithmic y axis, for a quantity that spans
 * decades over the collisions. */
static void put_obs_panel(FILE *f, const plot_run *p, const char *ylabel,
                          const char *plots, int logy, int *panel)
{
    fprintf(f, "set label 1 '(%c)' at graph 0, graph 1.07 left front\n",
            'a' + (*panel)++);
    fprintf(f, "%s\nset ylabel '%s'\nplot ", logy ? "set logscale y"
            : "unset logscale y", ylabel);
    put_path(f, p->dir);
    fprintf(f, ".'/collisions.csv' %s\n", plots);
}

/* Figure (b): the observables of Eqs. (193)-(204) per collision. */
static void put_observables_figure(FILE *f, const plot_run *p)
{
    char plots[1024], label[64];
    int panel = 0;
    const char *lp = "with linespoints lw 1.5 pt 7 ps 0.8";
    const char *lp2 = "with linespoints lw 1.5 pt 6 ps 0.8"; /* a second
        series: open circles, named in the axis label (no key over data) */
    unit xu = unit_for(p->max_xc_obs, "m"), wu = unit_for(p->max_W, "J");
    unit tu = unit_for(1e-3, "s");
    put_multiplot(f, p->title, 2, 4, 0.08, "0.08,0.09");
    fprintf(f, "set xlabel 'collision i'\nset xrange [-0.5:%g]\n"
            "set format x '%%g'\nset xtics 1 scale 0.5\nset mxtics 1\n"
            "unset key\n", p->ncollisions - 0.5);
    if (p->ncollisions > 8)
        fprintf(f, "set xtics %d\n", (p->ncollisions + 7) / 8);
    snprintf(plots, sizeof plots, "using 'i':(-column('v_i')) %s notitle", lp);
    put_obs_panel(f, p, "approach speed -v_i [m/s]", plots, 0, &panel);
    snprintf(plots, sizeof plots, "using 'i':'e' %s notitle", lp);
    put_obs_panel(f, p, "restitution e", plots, 0, &panel);
    snprintf(plots, sizeof plots, "using 'i':'Lambda' %s notitle", lp);
    put_obs_panel(f, p, "impulse ratio Λ", plots, 0, &panel);
    snprintf(plots, sizeof plots, "using 'i':(column('xc_max')*%.17g) %s "
             "notitle, '' using 'i':(column('xc_r')*%.17g) %s notitle",
             xu.scale, lp, xu.scale, lp2);
    snprintf(label, sizeof label, "x_{c,max} ●, x_{c,r} ○ [%s]", xu.label);
    put_obs_panel(f, p, label, plots, p->min_xc_obs > 0, &panel);
    snprintf(plots, sizeof plots, "using 'i':(column('xc_r')/column('xc_max'))"
             " %s notitle", lp);
    put_obs_panel(f, p, "share x_{c,r} / x_{c,max}", plots, 0, &panel);
    snprintf(plots, sizeof plots, "using 'i':'Fc_max' %s notitle", lp);
    put_obs_panel(f, p, "greatest force F_{c,max} [N]", plots,
                  p->min_Fc_obs > 0, &panel);
    snprintf(plots, sizeof plots, "using 'i':(column('W')*%.17g) %s notitle",
             wu.scale, lp);
    snprintf(label, sizeof label, "work on the interface W [%s]", wu.label);
    put_obs_panel(f, p, label, plots, p->min_W > 0, &panel);
    snprintf(plots, sizeof plots, "using 'i':(column('t_d')*%.17g) %s notitle, "
             "'' using 'i':(column('t_f')*%.17g) %s notitle", tu.scale, lp,
             tu.scale, lp2);
    snprintf(label, sizeof label, "contact t_d ●, flight t_f ○ [%s]",
             tu.label);
    put_obs_panel(f, p, label, plots, 1, &panel);
    fputs("unset logscale y\nunset label 1\nunset xrange\n"
          "set xtics autofreq\nunset multiplot\n", f);
}

/* Figure of several runs: x against time, commencements (filled) and
 * separations (open circles) from events.csv, and the line -x_c^s. */
static void put_compare_figure(FILE *f, const plot_run *p, int n)
{
    double m = 0;
    int k;
    unit xu, tu = time_unit(p[0].T);
    for (k = 0; k < n; k++)
        m = fmax(m, p[k].max_x);
    xu = unit_for(m, "m");
    put_multiplot(f, "Relative displacement: approach to permanent contact",
                  n, 1, 0.07, "0,0.06");
    fputs("set key top right\n", f);
    for (k = 0; k < n; k++) {
        fprintf(f, "set title ");
        put_plain(f, p[k].title);
        fprintf(f, "\nset ylabel 'x [%s]'\nset format x %s\n", xu.label,
                k == n - 1 ? "'%g'" : "''");
        if (k == n - 1)
            fprintf(f, "set xlabel 't [%s]'\n", tu.label);
        fprintf(f, "set xrange [0:%.17g]\nplot ", p[k].T * tu.scale);
        put_path(f, p[k].dir);
        fprintf(f, ".'/samples.csv' using (column('t')*%.17g):(column('x')*"
                "%.17g) with lines lw 1.5 lc 1 title 'x', ", tu.scale,
                xu.scale);
        put_path(f, p[k].dir);
        fprintf(f, ".'/events.csv' using (column('t')*%.17g):(strstrt(strcol("
                "'transition'),'commence') == 1 ? column('before_x')*%.17g : "
                "NaN) with points pt 7 ps 1.2 lc 7 title 'commencement', '' "
                "using (column('t')*%.17g):(strstrt(strcol('transition'),"
                "'separate') == 1 ? column('before_x')*%.17g : NaN) with "
                "points pt 6 ps 1.2 lc 7 title 'separation'", tu.scale,
                xu.scale, tu.scale, xu.scale);
        if (isfinite(p[k].x_cs))
            fprintf(f, ", %.17g with lines dt 2 lw 1.5 lc rgb 'black' title "
                    "'-x_c^s (Eq. 212)'", -p[k].x_cs * xu.scale);
        fputs("\n", f);
    }
    fputs("unset title\nunset multiplot\n", f);
}

/* ---- running gnuplot ---- */

/* Sets up figure fig of the output directory out: its body script in
 * tmp, its PNG and SVG drawn in ftmp (a new directory of this process in
 * out, so that no link planted at a temporary's name is followed) and
 * their final names. */
static int figure_paths(figure *fig, const char *tmp, const char *ftmp,
                        const char *out, const char *name)
{
    static const char *const ext[] = {"png", "svg"};
    int i;
    if (path_printf(fig->body, "%s/%s.gp", tmp, name) || track(fig->body))
        return -1;
    for (i = 0; i < 2; i++)
        if (path_printf(fig->final[i], "%s/%s.%s", out, name, ext[i]) ||
            path_printf(fig->tmp[i], "%s/%s.%s", ftmp, name, ext[i]) ||
            track(fig->tmp[i]))
            return -1;
    return 0;
}

/* Writes the body of a figure with the function that draws it. */
static int write_body(const figure *fig, const plot_run *p, int n,
                      void (*draw)(FILE *, const plot_run *, int))
{
    FILE *f = fopen(fig->body, "w");
    if (!f)
        return -1;
    fputs("set encoding utf8\nset datafile separator ','\n"
          "set datafile columnheaders\nset grid lc rgb '#c0c0c0'\n"
          "set tics front\nset mxtics\nset key opaque\n", f);
    draw(f, p, n);
    return fclose(f) == 0 ? 0 : -1;
}

/* The drawing functions under one signature. */
static void draw_state(FILE *f, const plot_run *p, int n)
{
    (void)n;
    put_state_figure(f, p);
}

static void draw_observables(FILE *f, const plot_run *p, int n)
{
    (void)n;
    put_observables_figure(f, p);
}

static void draw_compare(FILE *f, const plot_run *p, int n)
{
    put_compare_figure(f, p, n);
}

/* The main script: every figure, once as PNG and once as SVG. */
static int write_main(const char *path, const figure *figs, int nfig)
{
    FILE *f = fopen(path, "w");
    int i;
    if (!f)
        return -1;
    for (i = 0; i < nfig; i++) {
        fprintf(f, "reset\nset terminal pngcairo enhanced size %d,%d "
                "font 'sans,12'\nset output ", figs[i].width, figs[i].height);
        put_path(f, figs[i].tmp[0]);
        fputs("\nload ", f);
        put_path(f, figs[i].body);
        fprintf(f, "\nunset output\nreset\nset terminal svg enhanced size "
                "%d,%d font 'sans,12' background rgb 'white'\nset output ",
                figs[i].width, figs[i].height);
        put_path(f, figs[i].tmp[1]);
        fputs("\nload ", f);
        put_path(f, figs[i].body);
        fputs("\nunset output\n", f);
    }
    return fclose(f) == 0 ? 0 : -1;
}

/* Copies the file at path to stderr. */
static void show_log(const char *path)
{
    char buf[4096];
    size_t n;
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, stderr);
    fclose(f);
}

/* Runs gnuplot on script, its messages going to log; returns its exit
 * status, or -1 with errno set when it could not be started. A relative
 * script is named "./script": gnuplot runs a file argument that begins
 * with '<' as a command. */
static int run_gnuplot(const char *script, const char *log)
{
    char *argv[3], arg[PATH_LEN + 2];
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int status, e;
    snprintf(arg, sizeof arg, "%s%s", *script == '/' ? "" : "./", script);
    argv[0] = (char *)"gnuplot";
    argv[1] = arg;
    argv[2] = NULL;
    if (posix_spawn_file_actions_init(&fa) != 0)
        return -1;
    e = posix_spawn_file_actions_addopen(&fa, 2, log, O_WRONLY | O_CREAT |
                                         O_TRUNC, 0600);
    if (e == 0)
        e = posix_spawnp(&pid, "gnuplot", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (e != 0) {
        errno = e;
        return -1;
    }
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* Renames the figures to their final names, all or none: each previous
 * figure is kept under a second name (tracked, so removed at the end) and
 * put back if a rename fails; SIGINT and SIGTERM wait for the renames.
 * Prints the figures when all are in place; -1 with errno otherwise. */
static int publish(const figure *figs, int nfig)
{
    static char bak[2 * (2 * PLOT_SCENARIOS_MAX + 1)][PATH_LEN];
    int kept[2 * (2 * PLOT_SCENARIOS_MAX + 1)];
    sigset_t block, old;
    int i, e, ok, n = 2 * nfig;
    for (i = 0; i < n; i++) {
        if (path_printf(bak[i], "%s.bak", figs[i / 2].tmp[i % 2]) ||
            track(bak[i]))
            return -1;
        unlink(bak[i]);
        kept[i] = link(figs[i / 2].final[i % 2], bak[i]) == 0;
        if (!kept[i] && errno != ENOENT)
            return -1;
    }
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigprocmask(SIG_BLOCK, &block, &old);
    for (i = 0; i < n; i++)
        if (rename(figs[i / 2].tmp[i % 2], figs[i / 2].final[i % 2]) != 0)
            break;
    e = errno;
    ok = i == n;
    while (!ok && i-- > 0) {
        if (kept[i])
            rename(bak[i], figs[i / 2].final[i % 2]);
        else
            unlink(figs[i / 2].final[i % 2]);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (!ok) {
        errno = e;
        return -1;
    }
    for (i = 0; i < n; i++)
        printf("%s\n", figs[i / 2].final[i % 2]);
    return 0;
}

/* Lays out the figures of the runs: the sizes, bodies and names. */
static int plan_figures(const plot_run *p, int n, const char *tmp,
                        const char *ftmp, const char *out, figure *figs,
                        int *nfig)
{
    char name[128];
    int k, m = 0;
    for (k = 0; k < n; k++) {
        snprintf(name, sizeof name, "%.63s-state", p[k].stem);
        if (figure_paths(&figs[m], tmp, ftmp, out, name) ||
            write_body(&figs[m], &p[k], 1, draw_state))
            return -1;
        figs[m].width = 1000;
        figs[m].height = p[k].hf ? 1500 : 1150;
        m++;
        if (p[k].ncollisions == 0)
            continue;
        snprintf(name, sizeof name, "%.63s-observables", p[k].stem);
        if (figure_paths(&figs[m], tmp, ftmp, out, name) ||
            write_body(&figs[m], &p[k], 1, draw_observables))
            return -1;
        figs[m].width = 1600;
        figs[m].height = 800;
        m++;
    }
    if (n > 1) {
        if (figure_paths(&figs[m], tmp, ftmp, out, "compare") ||
            write_body(&figs[m], p, n, draw_compare))
            return -1;
        figs[m].width = 1000;
        figs[m].height = 340 * n + 120;
        m++;
    }
    *nfig = m;
    return 0;
}

/* Writes the scripts into tmp, runs gnuplot and publishes the figures. */
static collide_status draw_all(const plot_run *p, int n, const char *tmp,
                               const char *out, char *err, size_t errlen)
{
    static figure figs[2 * PLOT_SCENARIOS_MAX + 1];
    char script[PATH_LEN], log[PATH_LEN], ftmp[PATH_LEN];
    int nfig, rc, e;
    if (collide_aux_make_dirs(out, err, errlen) != COLLIDE_OK)
        return COLLIDE_E_IO;
    if (path_printf(ftmp, "%s/.collide-plot-XXXXXX", out) || !mkdtemp(ftmp) ||
        track(ftmp)) {
        snprintf(err, errlen, "collide plot: cannot create a temporary "
                 "directory in %s: %s", out, strerror(errno));
        return COLLIDE_E_IO;
    }
    if (path_printf(script, "%s/main.gp", tmp) || track(script) ||
        path_printf(log, "%s/gnuplot.log", tmp) || track(log) ||
        plan_figures(p, n, tmp, ftmp, out, figs, &nfig) ||
        write_main(script, figs, nfig)) {
        snprintf(err, errlen, "collide plot: cannot write the scripts in %s: "
                 "%s", tmp, strerror(errno));
        return COLLIDE_E_IO;
    }
    rc = run_gnuplot(script, log);
    e = errno;
    if (rc < 0 && e == ENOENT) {
        snprintf(err, errlen, "collide plot: gnuplot is not installed "
                 "(Debian package gnuplot-nox)");
        return COLLIDE_E_INPUT;
    }
    if (rc != 0) {
        show_log(log);
        snprintf(err, errlen, "collide plot: gnuplot failed (%s)",
                 rc < 0 ? strerror(e) : "see its messages above");
        return COLLIDE_E_IO;
    }
    if (publish(figs, nfig) != 0) {
        snprintf(err, errlen, "collide plot: cannot write into %s: %s", out,
                 strerror(errno));
        return COLLIDE_E_IO;
    }
    return COLLIDE_OK;
}

/* A private temporary directory under $TMPDIR (or /tmp), tracked. */
static int make_tmp(char *tmp)
{
    const char *base = getenv("TMPDIR");
    if (path_printf(tmp, "%s/collide-plot-XXXXXX",
                    base && *base ? base : "/tmp") != 0 || !mkdtemp(tmp))
        return -1;
    return track(tmp);
}

collide_status plot_scenarios(const char *const *names, int n,
                              const plot_options *o, char *err, size_t errlen)
{
    static plot_run runs[PLOT_SCENARIOS_MAX];
    char tmp[PATH_LEN];
    collide_status st = COLLIDE_OK;
    int k, done = 0;
    if (n < 1 || n > PLOT_SCENARIOS_MAX) {
        snprintf(err, errlen, "collide plot: 1 to %d scenarios",
                 PLOT_SCENARIOS_MAX);
        return COLLIDE_E_USAGE;
    }
    for (k = 0; k < n && st == COLLIDE_OK; k++)
        st = plot_check_name("the scenario", names[k], err, errlen);
    if (st == COLLIDE_OK)
        st = plot_check_name("--out", o->out, err, errlen);
    if (st == COLLIDE_OK && getenv("TMPDIR"))
        st = plot_check_name("TMPDIR", getenv("TMPDIR"), err, errlen);
    if (st != COLLIDE_OK)
        return st;
    if (!plot_gnuplot_available()) {
        snprintf(err, errlen, "collide plot: gnuplot is not installed "
                 "(Debian package gnuplot-nox)");
        return COLLIDE_E_INPUT;
    }
    if (make_tmp(tmp) != 0) {
        snprintf(err, errlen, "collide plot: cannot create a temporary "
                 "directory: %s", strerror(errno));
        return COLLIDE_E_IO;
    }
    for (k = 0; k < n && st == COLLIDE_OK; k++, done++)
        st = run_one(names[k], k, tmp, o, &runs[k], err, errlen);
    if (st == COLLIDE_OK)
        st = draw_all(runs, n, tmp, o->out, err, errlen);
    for (k = 0; k < done; k++) {
        remove_run_dir(runs[k].dir);
        free(runs[k].contact);
        runs[k].contact = NULL;
    }
    plot_remove_temporaries();
    return st;
}
