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
#include "session.h"

extern char **environ;

#define PATH_LEN 1024
#define TRACK_MAX 512
#define STATES_MAX 16   /* most components of x_c and the internal states */
#define FIGURES_MAX (3 * PLOT_SCENARIOS_MAX + 1)
#define DATA_MAX 5      /* the tables of a run kept beside its figures */
#define OUTPUTS_MAX (FIGURES_MAX * (PLOT_FORMATS + 1) + \
                     DATA_MAX * PLOT_SCENARIOS_MAX)
#define TITLE_LINE 44    /* characters of a title line */
#define ENV_MAX 4096     /* environment entries passed on to gnuplot */
#define RANGES_MAX 48    /* columns whose ranges are kept */
#define LOOP_SAMPLES 200      /* samples of each contact for its loop */
#define LOOP_SAMPLES_ALL 100000 /* at most, over all the contacts */

/* The tables of a run kept beside its figures, as STEM-TABLE.csv. */
static const char *const data_tables[DATA_MAX] = {"samples", "collisions",
                                                  "events", "trajectory",
                                                  "loops"};

/* The formats of --format, in the order of plot.h's PLOT_FORMAT_ bits. */
static const char *const format_names[PLOT_FORMATS] = {"png", "svg", "pdf"};

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
    double *loop;           /* [x_c,max, F_c,max] of each collision */
    int nranges;            /* the ranges of the columns of samples.csv */
    char rname[RANGES_MAX][16]; /* and collisions.csv ("C:e", ...) */
    double rlo[RANGES_MAX], rhi[RANGES_MAX];
} plot_run;

/* A figure: its name (e.g. "study1-state", its script NAME.gp and images
 * NAME.png ...) and its size at print, in cm. */
typedef struct figure {
    char name[128];
    double width, height;
} figure;

/* A file written into the temporary directory of DIR and renamed to its
 * final name when everything is drawn. */
typedef struct output {
    char tmp[PATH_LEN], final[PATH_LEN];
} output;

static output outputs[OUTPUTS_MAX];
static int noutputs;

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

/* The name of table (data_tables) of the run p beside its figures,
 * STEM-TABLE.csv, into name. */
static void data_name(const plot_run *p, const char *table, char *name,
                      size_t len)
{
    snprintf(name, len, "%.63s-%.32s.csv", p->stem, table);
}

/* Writes the path of table of p as put_path does (relative to DIR, where
 * the scripts are run). */
static void put_data(FILE *f, const plot_run *p, const char *table)
{
    char name[128];
    data_name(p, table, name, sizeof name);
    put_path(f, name);
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

/* Keeps the range of each column of table t of r, its name prefixed by
 * prefix ("" for samples.csv, "C:" for collisions.csv). */
static void keep_ranges(const collide_result *r, collide_table t,
                        const char *prefix, plot_run *p)
{
    int c, i, n = collide_result_rows(r, t);
    const char *name;
    for (c = 0; p->nranges < RANGES_MAX &&
                (name = collide_result_column_name(r, t, c)) != NULL; c++) {
        double lo = INFINITY, hi = -INFINITY;
        for (i = 0; i < n; i++) {
            double v = collide_result_value(r, t, i, c);
            lo = fmin(lo, v);
            hi = fmax(hi, v);
        }
        snprintf(p->rname[p->nranges], sizeof p->rname[0], "%s%s", prefix,
                 name);
        p->rlo[p->nranges] = lo;
        p->rhi[p->nranges++] = hi;
    }
}

/* The range [*lo, *hi] of the column kept as name, widened to hold what
 * it held; unchanged when there is none. */
static void widen_range(const plot_run *p, const char *name, double *lo,
                        double *hi)
{
    int i;
    for (i = 0; i < p->nranges; i++)
        if (strcmp(p->rname[i], name) == 0) {
            *lo = fmin(*lo, p->rlo[i]);
            *hi = fmax(*hi, p->rhi[i]);
        }
}

/* Keeps the range of x_c,r / x_c,max over the collisions as "C:share". */
static void keep_share(const collide_result *r, plot_run *p)
{
    int xr = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "xc_r");
    int xm = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "xc_max");
    int i, n = collide_result_rows(r, COLLIDE_TABLE_COLLISIONS);
    double lo = INFINITY, hi = -INFINITY;
    if (p->nranges >= RANGES_MAX)
        return;
    for (i = 0; i < n; i++) {
        double v = collide_result_value(r, COLLIDE_TABLE_COLLISIONS, i, xr) /
                   collide_result_value(r, COLLIDE_TABLE_COLLISIONS, i, xm);
        lo = fmin(lo, v);
        hi = fmax(hi, v);
    }
    snprintf(p->rname[p->nranges], sizeof p->rname[0], "C:share");
    p->rlo[p->nranges] = lo;
    p->rhi[p->nranges++] = hi;
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
    p->nranges = 0;
    keep_ranges(r, COLLIDE_TABLE_SAMPLES, "", p);
    keep_ranges(r, COLLIDE_TABLE_COLLISIONS, "C:", p);
    keep_share(r, p);
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
                                        "MANIFEST", "loops.csv"};
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

/* Keeps x_c,max and F_c,max of each collision of r (the scales of its
 * normalised loop). Returns 0, or -1 when out of memory. */
static int keep_loops(const collide_result *r, plot_run *p)
{
    int xm = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "xc_max");
    int fm = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "Fc_max");
    int i;
    p->loop = malloc(2 * (size_t)(p->ncollisions ? p->ncollisions : 1) *
                     sizeof *p->loop);
    if (!p->loop)
        return -1;
    for (i = 0; i < p->ncollisions; i++) {
        p->loop[2 * i] = collide_result_value(r, COLLIDE_TABLE_COLLISIONS, i, xm);
        p->loop[2 * i + 1] = collide_result_value(r, COLLIDE_TABLE_COLLISIONS, i, fm);
    }
    return 0;
}

/* The sample times that resolve the loop of each collision of r: *n
 * times evenly spaced over each contact [t_e, t_s], LOOP_SAMPLES per
 * contact (fewer when there are many, LOOP_SAMPLES_ALL in all), in
 * times; NULL when out of memory. A grid fine enough for the state
 * figure holds a few samples of a contact of a millisecond, too few for
 * a loop. */
static double *loop_times(const collide_result *r, int *n)
{
    int nc = collide_result_rows(r, COLLIDE_TABLE_COLLISIONS);
    int te = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "t_e");
    int ts = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "t_s");
    int per = nc > 0 ? LOOP_SAMPLES_ALL / nc : 0, i, j;
    double *t;
    per = per > LOOP_SAMPLES ? LOOP_SAMPLES : per < 2 ? 2 : per;
    t = malloc((size_t)(nc > 0 ? nc * per : 1) * sizeof *t);
    if (!t)
        return NULL;
    for (i = 0; i < nc; i++) {
        double a = collide_result_value(r, COLLIDE_TABLE_COLLISIONS, i, te);
        double b = collide_result_value(r, COLLIDE_TABLE_COLLISIONS, i, ts);
        for (j = 0; j < per; j++)
            t[i * per + j] = a + (b - a) * j / (per - 1);
    }
    *n = nc * per;
    return t;
}

/* Runs s in binary64, once for its contacts and, when it has collisions,
 * again with the samples of loop_times added (the events are the same:
 * samples do not change the steps); the result in *r. */
static collide_status run_sampled(const collide_scenario *s,
                                  collide_result **r, char *err,
                                  size_t errlen)
{
    collide_run_options o;
    double *t;
    int n = 0;
    collide_status st = collide_run(s, NULL, r, err, errlen);
    if (st != COLLIDE_OK ||
        collide_result_rows(*r, COLLIDE_TABLE_COLLISIONS) == 0)
        return st;
    t = loop_times(*r, &n);
    if (!t) {
        snprintf(err, errlen, "collide plot: out of memory");
        return COLLIDE_E_MEMORY;
    }
    collide_result_free(*r);
    *r = NULL;
    collide_run_options_init(&o, sizeof o);
    o.sample_at = t;
    o.n_sample_at = n;
    st = collide_run(s, &o, r, err, errlen);
    free(t);
    return st;
}

/* Writes the row of samples.csv of r into f as the row of collision i of
 * loops.csv: i, t, x_c, F_c, as samples.csv has them. */
static void put_loop_row(FILE *f, const collide_result *r, int row, int i,
                         const int col[3])
{
    int k;
    fprintf(f, "%d", i);
    for (k = 0; k < 3; k++)
        fprintf(f, ",%s", collide_result_text(r, COLLIDE_TABLE_SAMPLES, row,
                                              col[k]));
    fputc('\n', f);
}

/* Writes dir/loops.csv: the rows of samples.csv of r in the contact of
 * each collision i (t in [t_e, t_s], q = 1: not the row after the reset
 * at t_s), as i, t, x_c, F_c, a blank line between two collisions (where
 * gnuplot breaks a line), so that the loop figure reads its data in one
 * pass. Returns 0, or -1 with errno. */
static int write_loops(const collide_result *r, const char *dir)
{
    char path[PATH_LEN];
    int col[3], q, t, te, ts, i = 0, row, n, fd, ok;
    FILE *f;
    col[0] = t = collide_result_column(r, COLLIDE_TABLE_SAMPLES, "t");
    col[1] = collide_result_column(r, COLLIDE_TABLE_SAMPLES, "x_c");
    col[2] = collide_result_column(r, COLLIDE_TABLE_SAMPLES, "F_c");
    q = collide_result_column(r, COLLIDE_TABLE_SAMPLES, "q");
    te = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "t_e");
    ts = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "t_s");
    n = collide_result_rows(r, COLLIDE_TABLE_COLLISIONS);
    if (path_printf(path, "%s/loops.csv", dir) != 0)
        return -1;
    fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
    f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    fputs("i,t,x_c,F_c\n", f);
    for (row = 0; row < collide_result_rows(r, COLLIDE_TABLE_SAMPLES) && i < n;
         row++) {
        double tt = collide_result_value(r, COLLIDE_TABLE_SAMPLES, row, t);
        while (i < n && tt > collide_result_value(r, COLLIDE_TABLE_COLLISIONS,
                                                  i, ts))
            if (++i < n)
                fputc('\n', f);
        if (i < n && collide_result_value(r, COLLIDE_TABLE_SAMPLES, row, q) == 1
            && tt >= collide_result_value(r, COLLIDE_TABLE_COLLISIONS, i, te))
            put_loop_row(f, r, row, i, col);
    }
    ok = fclose(f) == 0;
    return ok ? 0 : -1;
}

/* Runs s (run_sampled) and writes its CSV files into p->dir; the run's
 * magnitudes, contacts and loop scales into p. */
static collide_status run_into(const collide_scenario *s, plot_run *p,
                               char *err, size_t errlen)
{
    collide_result *r = NULL;
    collide_status st = run_sampled(s, &r, err, errlen);
    const char *d = r && st != COLLIDE_OK ? collide_result_diagnosis(r) : NULL;
    if (d && *d)   /* else err holds collide_run's message */
        snprintf(err, errlen, "collide plot: %s: %s", collide_scenario_source(s),
                 d);
    else if (st == COLLIDE_OK)
        st = collide_aux_session_write_result(session_get(), r, p->dir, err,
                                              errlen);
    if (st == COLLIDE_OK && write_loops(r, p->dir) != 0) {
        snprintf(err, errlen, "collide plot: cannot write %s/loops.csv: %s",
                 p->dir, strerror(errno));
        st = COLLIDE_E_IO;
    }
    if (st == COLLIDE_OK) {
        p->ncollisions = collide_result_rows(r, COLLIDE_TABLE_COLLISIONS);
        measure(r, p);
        if (keep_contacts(r, p) != 0 || keep_loops(r, p) != 0) {
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

/* Writes title as put_plain does, in two lines (the second string after
 * "\n") when it is longer than a column holds (about 44 characters at
 * 9.5 pt on 8.5 cm), broken at its last space before then. */
static void put_title(FILE *f, const char *title)
{
    char first[512];
    const char *cut = NULL, *s;
    for (s = title; *s && s - title < TITLE_LINE; s++)
        if (*s == ' ')
            cut = s;
    if (strlen(title) <= TITLE_LINE || !cut ||
        (size_t)(cut - title) >= sizeof first) {
        put_plain(f, title);
        return;
    }
    memcpy(first, title, (size_t)(cut - title));
    first[cut - title] = '\0';
    put_plain(f, first);
    fputs(".\"\\n\".", f);
    put_plain(f, cut + 1);
}

/* Header of a multiplot of rows x cols panels titled by title, with the
 * spacing between them (gnuplot's "x,y" in screen units). */
static void put_multiplot(FILE *f, const char *title, int rows, int cols,
                          const char *margins, const char *spacing)
{
    fputs("set multiplot layout ", f);
    fprintf(f, "%d,%d margins %s spacing %s title ", rows, cols, margins,
            spacing);
    put_title(f, title);
    fputs(" font ',9.5'\n", f);
}

/* The margins "left,right,bottom,top" (screen units) of a figure h cm
 * high and 8.5 cm wide: 1.6 cm left for the tic labels and the y label,
 * right free from 0.8 (keys, colour box) or 0.95 (wide: none), below cm
 * under the panels (1.1 for the tic labels and the x label), above cm
 * over them (1.4 for a title of two lines). */
static void margins(char *buf, size_t len, double h, int wide, double below,
                    double above)
{
    snprintf(buf, len, "%.3f,%.3f,%.3f,%.3f", 1.6 / 8.5, wide ? 0.95 : 0.8,
             below / h, 1 - above / h);
}

/* The heights of the figures, in cm (the width is one column, 8.5 cm):
 * panels of about 2.2 cm (state, compare) or 3.1 cm (observables, 4 x 2),
 * and the two panels of the loops about 4.4 cm. */
static double state_height(const plot_run *p)
{
    return p->hf ? 19.5 : 15.0;
}

static double compare_height(int n)
{
    return 4.2 * n + 2.6;
}

#define OBSERVABLES_HEIGHT 15.0
#define LOOP_HEIGHT 11.5

/* A tic step of 1, 2 or 5 times a power of ten, at least x > 0. */
static double tic_step(double x)
{
    double p = pow(10.0, floor(log10(x))), m = x / p;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/* The y axis of values in [lo, hi] (as drawn): the range with 6% of the
 * span free above and below, tics of a step (tic_step) of about a span /
 * n, so that a panel a few centimetres high holds a few readable tic
 * labels (gnuplot's own step depends on the range only); a constant, of
 * no span, in the middle of a step above and below it. Not finite:
 * gnuplot's choice. */
static void put_yaxis(FILE *f, double lo, double hi, int n)
{
    double span = hi - lo, step;
    if (!isfinite(lo) || !isfinite(hi)) {
        fputs("set autoscale y\nset ytics autofreq\n", f);
        return;
    }
    if (span <= 0) {
        step = tic_step(fabs(hi) > 0 ? fabs(hi) / n : 1);
        lo = floor(lo / step) * step;
        hi = lo + 2 * step;
        lo -= step;
        span = hi - lo;
    } else
        step = tic_step(span / n);
    fprintf(f, "set yrange [%.17g:%.17g]\nset ytics %.17g\n",
            lo - 0.06 * span, hi + 0.06 * span, step);
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
    put_data(f, p, "samples");
    fprintf(f, " %s\n", plots);
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
    double lo = INFINITY, hi = -INFINITY;
    plots[0] = '\0';
    for (k = 0; k < p->nstates; k++) {
        enhanced_name(p->state[k], name, sizeof name);
        put_clause(clause, sizeof clause, p->state[k], u.scale, name, k + 1,
                   tu);
        used += (size_t)snprintf(plots + used, sizeof plots - used, "%s%s",
                                 k > 0 ? ", '' " : "", clause);
    }
    for (k = 0; k < p->nstates; k++)
        widen_range(p, p->state[k], &lo, &hi);
    snprintf(label, sizeof label, "x_c, z_c [%s]", u.label);
    put_yaxis(f, lo * u.scale, hi * u.scale, 3);
    fputs("set key\n", f);
    put_state_panel(f, p, label, plots, 0, tu);
    fputs("unset key\n", f);
}

/* One panel of a single column of samples.csv in its unit. */
static void put_column_panel(FILE *f, const plot_run *p, const char *col,
                             const char *sym, double maxabs, const char *base,
                             int last, unit tu)
{
    char plots[512], label[64];
    unit u = unit_for(maxabs, base);
    double lo = INFINITY, hi = -INFINITY;
    if (strcmp(base, "m/s") == 0 || strcmp(base, "N") == 0)
        u = unit_for(1.0, base); /* speeds and forces in SI */
    put_clause(plots, sizeof plots, col, u.scale, NULL, 1, tu);
    snprintf(label, sizeof label, "%s [%s]", sym, u.label);
    widen_range(p, col, &lo, &hi);
    put_yaxis(f, lo * u.scale, hi * u.scale, 3);
    put_state_panel(f, p, label, plots, last, tu);
}

/* H_f: the panel of F_e,r (samples.csv) and F_e,1 (trajectory.csv). */
static void put_forces_panel(FILE *f, const plot_run *p, unit tu)
{
    double lo = INFINITY, hi = -INFINITY;
    widen_range(p, "F_e_r", &lo, &hi);   /* F_e,1 not known: autoscaled */
    fprintf(f, "set autoscale y\nset ytics %.17g\n",
            isfinite(hi - lo) && hi > lo ? tic_step((hi - lo) / 3) : 0.5);
    fputs("set ylabel 'F_e [N]'\nset format x ''\nunset xlabel\nset key\n"
          "plot ", f);
    put_data(f, p, "samples");
    fprintf(f, " using (column('t')*%.17g):'F_e_r' with lines lw 1.5 lc 1 "
            "title 'F_{e,r}', ", tu.scale);
    put_data(f, p, "trajectory");
    fprintf(f, " using (column('t')*%.17g):'F_e1' with lines lw 1.5 dt 2 lc 2"
            " title 'F_{e,1}'\nunset key\n", tu.scale);
}

/* The time unit of a run of horizon T. */
static unit time_unit(double T)
{
    return T < 10.0 ? unit_for(1e-1, "s") : unit_for(1.0, "s");
}

/* The key of a panel that has one: right of the panel, outside the data
 * (the figures leave 20% of their width free there). */
static const char key_outside[] = "set key at graph 1.02, graph 1 left top "
    "Left reverse samplen 1.5 spacing 1.1 noopaque nobox";

/* Figure (a): the states, forces and q_c against time, contacts shaded. */
static void put_state_figure(FILE *f, const plot_run *p)
{
    unit tu = time_unit(p->T);
    int rows = p->hf ? 8 : 6;
    char plots[256];
    char m[64], gap[32];
    margins(m, sizeof m, state_height(p), 0, 1.1, 1.4);
    snprintf(gap, sizeof gap, "0,%.4f", 0.4 / state_height(p));
    put_multiplot(f, p->title, rows, 1, m, gap); /* 0.4 cm between */
    fprintf(f, "set xrange [0:%.17g]\nunset key\n%s\n", p->T * tu.scale,
            key_outside);
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
    fputs("set yrange [-0.2:1.2]\nset ytics 0,1,1\n", f);  /* q_c */
    snprintf(plots, sizeof plots, "using (column('t')*%.17g):(column('q')) "
             "with steps lw 1.5 lc 1 notitle", tu.scale);
    put_state_panel(f, p, "q_c", plots, 1, tu);
    fputs("set autoscale y\nset ytics autofreq\nunset object\n"
          "unset multiplot\n", f);
}

/* One panel of the observables against the collision index, labelled
 * (a), (b), ... above its top left corner in the order drawn (*panel
 * counts them); logy: a logarithmic y axis, for a quantity that spans
 * decades over the collisions (gnuplot's tics); else the y axis of the
 * range kept as range (put_yaxis), times sign, or gnuplot's for NULL. */
static void put_obs_panel(FILE *f, const plot_run *p, const char *ylabel,
                          const char *plots, int logy, const char *range,
                          double sign, int *panel)
{
    double lo = INFINITY, hi = -INFINITY;
    if (range && !logy)
        widen_range(p, range, &lo, &hi);
    fputs(logy ? "set logscale y\n" : "unset logscale y\n", f);
    put_yaxis(f, fmin(sign * lo, sign * hi), fmax(sign * lo, sign * hi), 5);
    fputs(*panel >= 6 ? "set xlabel 'collision i'\n" : "unset xlabel\n", f);
    fprintf(f, "set label 1 '(%c)' at graph 0, graph 1.08 left front\n",
            'a' + (*panel)++);
    fprintf(f, "set ylabel '%s'\nplot ", ylabel);
    put_data(f, p, "collisions");
    fprintf(f, " %s\n", plots);
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
    char m[64];
    margins(m, sizeof m, OBSERVABLES_HEIGHT, 1, 1.1, 1.4);
    put_multiplot(f, p->title, 4, 2, m, "0.2,0.075");
    fprintf(f, "set xrange [-0.5:%g]\n"
            "set format x '%%g'\nset xtics 1 scale 0.5\nset mxtics 1\n"
            "unset key\n", p->ncollisions - 0.5);
    if (p->ncollisions > 6)
        fprintf(f, "set xtics %d\n", (p->ncollisions + 5) / 6);
    snprintf(plots, sizeof plots, "using 'i':(-column('v_i')) %s notitle", lp);
    put_obs_panel(f, p, "speed -v_i [m/s]", plots, 0, "C:v_i", -1, &panel);
    snprintf(plots, sizeof plots, "using 'i':'e' %s notitle", lp);
    put_obs_panel(f, p, "e", plots, 0, "C:e", 1, &panel);
    snprintf(plots, sizeof plots, "using 'i':'Lambda' %s notitle", lp);
    put_obs_panel(f, p, "Λ", plots, 0, "C:Lambda", 1, &panel);
    snprintf(plots, sizeof plots, "using 'i':(column('xc_max')*%.17g) %s "
             "notitle, '' using 'i':(column('xc_r')*%.17g) %s notitle",
             xu.scale, lp, xu.scale, lp2);
    snprintf(label, sizeof label, "x_{c,max} ●, x_{c,r} ○ [%s]", xu.label);
    put_obs_panel(f, p, label, plots, p->min_xc_obs > 0, NULL, 1, &panel);
    snprintf(plots, sizeof plots, "using 'i':(column('xc_r')/column('xc_max'))"
             " %s notitle", lp);
    put_obs_panel(f, p, "x_{c,r} / x_{c,max}", plots, 0, "C:share", 1,
                  &panel);
    snprintf(plots, sizeof plots, "using 'i':'Fc_max' %s notitle", lp);
    put_obs_panel(f, p, "F_{c,max} [N]", plots, p->min_Fc_obs > 0, "C:Fc_max",
                  1, &panel);
    snprintf(plots, sizeof plots, "using 'i':(column('W')*%.17g) %s notitle",
             wu.scale, lp);
    snprintf(label, sizeof label, "work W [%s]", wu.label);
    put_obs_panel(f, p, label, plots, p->min_W > 0, "C:W", wu.scale, &panel);
    snprintf(plots, sizeof plots, "using 'i':(column('t_d')*%.17g) %s notitle, "
             "'' using 'i':(column('t_f')*%.17g) %s notitle", tu.scale, lp,
             tu.scale, lp2);
    snprintf(label, sizeof label, "t_d ●, t_f ○ [%s]",
             tu.label);
    put_obs_panel(f, p, label, plots, 1, NULL, 1, &panel);
    fputs("unset logscale y\nset autoscale y\nset ytics autofreq\n"
          "unset label 1\nunset xrange\n"
          "set xtics autofreq\nunset multiplot\n", f);
}

/* Figure of several runs: x against time, commencements (filled) and
 * separations (open circles) from events.csv, and the line -x_c^s. */
static void put_compare_figure(FILE *f, const plot_run *p, int n)
{
    double m = 0;
    char mg[64], gap[32];
    int k, any_static = 0;
    unit xu, tu = time_unit(p[0].T);
    for (k = 0; k < n; k++) {
        m = fmax(m, p[k].max_x);
        any_static = any_static || isfinite(p[k].x_cs);
    }
    xu = unit_for(m, "m");
    margins(mg, sizeof mg, compare_height(n), 1, 2.2, 2.0);
    snprintf(gap, sizeof gap, "0,%.4f", 1.3 / compare_height(n));
    put_multiplot(f, "Approach to permanent contact", n, 1, mg, gap);
    /* the key once, drawn with the first panel below the last; the titles
     * of the panels between them */
    fprintf(f, "set key at screen 0.5, screen 0.01 center bottom vertical "
            "maxrows 2 Left reverse samplen 1.5 width 1 noopaque nobox\n");
    for (k = 0; k < n; k++) {
        double lo = INFINITY, hi = -INFINITY;
        widen_range(&p[k], "x", &lo, &hi);
        put_yaxis(f, lo * xu.scale, hi * xu.scale, 4);
        fprintf(f, "set title ");
        put_title(f, p[k].title);
        fprintf(f, "\nset ylabel 'x [%s]'\nset format x %s\n", xu.label,
                k == n - 1 ? "'%g'" : "''");
        if (k == n - 1)
            fprintf(f, "set xlabel 't [%s]'\n", tu.label);
        fprintf(f, "set xrange [0:%.17g]\nplot ", p[k].T * tu.scale);
        put_data(f, &p[k], "samples");
        fprintf(f, " using (column('t')*%.17g):(column('x')*"
                "%.17g) with lines lw 1.5 lc 1 title 'x', ", tu.scale,
                xu.scale);
        put_data(f, &p[k], "events");
        fprintf(f, " using (column('t')*%.17g):(strstrt(strcol("
                "'transition'),'commence') == 1 ? column('before_x')*%.17g : "
                "NaN) with points pt 7 ps 1.2 lc 7 title 'commencement', '' "
                "using (column('t')*%.17g):(strstrt(strcol('transition'),"
                "'separate') == 1 ? column('before_x')*%.17g : NaN) with "
                "points pt 6 ps 1.2 lc 7 title 'separation'", tu.scale,
                xu.scale, tu.scale, xu.scale);
        if (isfinite(p[k].x_cs))
            fprintf(f, ", %.17g with lines dt 2 lw 1.5 lc rgb 'black' "
                    "notitle", -p[k].x_cs * xu.scale);
        if (k == 0 && any_static)
            fputs(", NaN with lines dt 2 lw 1.5 lc rgb 'black' title "
                  "'-x_c^s (Eq. 212)'", f);
        fputs("\nunset key\n", f);
    }
    fputs("unset title\nunset multiplot\n", f);
}

/* Writes the gnuplot array name[n] of every stride-th value of v from
 * v[first]. */
static void put_array(FILE *f, const char *name, const double *v, int n,
                      int stride, int first)
{
    int i;
    fprintf(f, "array %s[%d] = [", name, n);
    for (i = 0; i < n; i++)
        fprintf(f, "%s%.17g", i ? "," : "", v[stride * i + first]);
    fputs("]\n", f);
}

/* The force-indentation loops: F_c against the indentation -x_c over the
 * contact of each collision (loops.csv, write_loops), one curve per
 * collision coloured by its index i; (a) as they are, (b) each
 * divided by its x_c,max and F_c,max, so that the loops of small late
 * collisions can be compared with the first. The hysteresis is the work
 * W on the interface. */
static void put_loop_figure(FILE *f, const plot_run *p)
{
    unit xu = unit_for(p->max_xc_obs, "m");
    int n = p->ncollisions, k;
    static const char *const axis[2][2] = {
        {"-x_c [%s]", "F_c [N]"}, {"-x_c / x_{c,max}", "F_c / F_{c,max}"}};
    char m[64];
    margins(m, sizeof m, LOOP_HEIGHT, 0, 1.1, 1.4);
    put_multiplot(f, p->title, 2, 1, m, "0,0.1");
    put_array(f, "xm", p->loop, n, 2, 0);
    put_array(f, "fm", p->loop, n, 2, 1);
    fprintf(f, "unset key\nset palette defined (0 '#1b3a8c', 1 '#2a9d8f', "
            "2 '#e9a23b', 3 '#c8102e')\nset cbrange [0:%d]\n"
            "set cblabel 'collision i'\nset cbtics %d\n"
            "set colorbox user origin screen 0.835, screen 0.3 size screen "
            "0.03, screen 0.4\nset format x '%%g'\n", n > 1 ? n - 1 : 1,
            n > 6 ? (n + 5) / 6 : 1);
    for (k = 0; k < 2; k++) {
        char xlabel[64];
        snprintf(xlabel, sizeof xlabel, axis[k][0], xu.label);
        if (k == 0)
            put_yaxis(f, 0, p->max_Fc_obs, 4);
        else
            fputs("set xrange [0:1.05]\nset xtics 0.2\nset yrange [0:1.05]\n"
                  "set ytics 0.2\n", f);
        fprintf(f, "set label 1 '(%c)' at graph 0, graph 1.06 left front\n"
                "set xlabel '%s'\nset ylabel '%s'\nplot ", 'a' + k, xlabel,
                axis[k][1]);
        put_data(f, p, "loops");
        if (k == 0)
            fprintf(f, " using (-column('x_c')*%.17g):'F_c':'i'", xu.scale);
        else
            fputs(" using (-column('x_c')/xm[column('i')+1]):"
                  "(column('F_c')/fm[column('i')+1]):'i'", f);
        fputs(" with lines lw 1.5 lc palette z notitle\n", f);
    }
    fputs("unset label 1\nunset colorbox\nset autoscale\nset xtics autofreq\n"
          "set ytics autofreq\nunset multiplot\n", f);
}

/* ---- the scripts ---- */

/* The terminals of a figure w x h cm (at print, one column 8.5 cm wide),
 * chosen by the variable format. Its text is 8.5 pt at print in every
 * format, its lines 0.75 pt (lw 1.5):
 * - pdfcairo draws at the size in cm; cairo sets a font of F pt at
 *   fontscale s as 4/3 s F pt (96 / 72 dpi): fontscale 0.75 gives 8.5 pt
 *   of 'sans,8.5'; a line of lw 1 is 0.5 pt.
 * - pngcairo: R = 1600 px / (8.5 cm / 2.54 cm/in * 72 pt/in) = 6.64 px
 *   per pt of print (478 dpi), so that a figure of one column is 1600 px
 *   wide; a font of F pt at fontscale s has an em of 4/3 s F px (measured:
 *   the H of 100 pt is 98 px high, DejaVu's caps 0.73 em), so fontscale
 *   0.75 R = 4.98 gives 56.5 px = 8.5 pt at print; lw 1 is 1 px, so
 *   linewidth 0.5 R = 3.32 gives 0.5 pt. (The former 12 pt on 1600 px
 *   read as 12 * 4/3 px * 8.5 cm / 1600 px = 2.4 pt at print.)
 * - svg: user units of CSS px (96 dpi), R = 4/3 px per pt, so that the
 *   figure shows at its print size; font-size is F s px, lw 1 is 1 px:
 *   fontscale R, linewidth 0.5 R. */
#define PRINT_PT_PER_CM (72.0 / 2.54)
#define PNG_PX_PER_PT (1600.0 / (8.5 * PRINT_PT_PER_CM))
#define SVG_PX_PER_PT (4.0 / 3.0)

static void put_terminals(FILE *f, const figure *fig)
{
    double wpt = fig->width * PRINT_PT_PER_CM;
    double hpt = fig->height * PRINT_PT_PER_CM;
    fprintf(f, "if (!exists('format')) format = 'png'\n"
            "if (format eq 'pdf') {\n"
            "    set terminal pdfcairo enhanced size %.2fcm,%.2fcm "
            "font 'sans,8.5' fontscale 0.75 linewidth 1\n", fig->width,
            fig->height);
    fprintf(f, "} else { if (format eq 'svg') {\n"
            "    set terminal svg enhanced size %.0f,%.0f font 'sans,8.5' "
            "fontscale %.3f linewidth %.3f background rgb 'white'\n",
            wpt * SVG_PX_PER_PT, hpt * SVG_PX_PER_PT, SVG_PX_PER_PT,
            0.5 * SVG_PX_PER_PT);
    fprintf(f, "} else { if (format eq 'png') {\n"
            "    set terminal pngcairo enhanced size %.0f,%.0f font "
            "'sans,8.5' fontscale %.3f linewidth %.3f pointscale %.3f\n"
            "} else {\n"
            "    print 'format: png, svg or pdf, not '.format\n"
            "    exit status 1\n"
            "} } }\n", wpt * PNG_PX_PER_PT, hpt * PNG_PX_PER_PT,
            0.75 * PNG_PX_PER_PT, 0.5 * PNG_PX_PER_PT, 0.5 * PNG_PX_PER_PT);
}

/* Writes the script of figure fig, drawn by draw, as path: it draws the
 * figure into NAME.FORMAT from the tables beside it, in the directory
 * gnuplot runs in (DIR). */
static int write_script(const char *path, const figure *fig,
                        const plot_run *p, int n,
                        void (*draw)(FILE *, const plot_run *, int))
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0644);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    fputs("# Drawn by collide plot from the tables beside this script.\n"
          "# In their directory: gnuplot SCRIPT draws the PNG;\n"
          "# gnuplot -e \"format='pdf'\" SCRIPT the PDF (or 'svg').\n"
          "reset\n", f);
    put_terminals(f, fig);
    fputs("set output ", f);
    put_path(f, fig->name);
    fputs(".'.'.format\n"
          "set encoding utf8\nset datafile separator ','\n"
          "set datafile columnheaders\nset grid lc rgb '#c0c0c0'\n"
          "set tics front\nset mxtics\n", f);
    draw(f, p, n);
    fputs("unset output\n", f);
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

static void draw_loop(FILE *f, const plot_run *p, int n)
{
    (void)n;
    put_loop_figure(f, p);
}

static void draw_compare(FILE *f, const plot_run *p, int n)
{
    put_compare_figure(f, p, n);
}

/* ---- the files written ---- */

/* Adds the file name of DIR, drawn as ftmp/name, to the outputs; its
 * temporary tracked. */
static int add_output(const char *ftmp, const char *out, const char *name)
{
    output *o = &outputs[noutputs];
    if (noutputs >= OUTPUTS_MAX) {
        errno = ENOBUFS;
        return -1;
    }
    if (path_printf(o->tmp, "%s/%s", ftmp, name) ||
        path_printf(o->final, "%s/%s", out, name) || track(o->tmp))
        return -1;
    noutputs++;
    return 0;
}

/* Copies the file from to the new file to (not following a link). */
static int copy_file(const char *from, const char *to)
{
    char buf[65536];
    ssize_t n = 0;
    int in = open(from, O_RDONLY), out = -1, ok = in >= 0;
    if (ok)
        out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0644);
    ok = ok && out >= 0;
    while (ok && (n = read(in, buf, sizeof buf)) > 0)
        ok = write(out, buf, (size_t)n) == n;
    ok = ok && n == 0;
    if (in >= 0)
        close(in);
    if (out >= 0 && close(out) != 0)
        ok = 0;
    return ok ? 0 : -1;
}

/* Copies the tables of run p that the scripts read into ftmp, as
 * STEM-TABLE.csv, and adds them to the outputs. */
static int keep_data(const plot_run *p, const char *ftmp, const char *out)
{
    char from[PATH_LEN], name[128];
    int i;
    for (i = 0; i < DATA_MAX; i++) {
        data_name(p, data_tables[i], name, sizeof name);
        if (path_printf(from, "%s/%s.csv", p->dir, data_tables[i]) ||
            add_output(ftmp, out, name) ||
            copy_file(from, outputs[noutputs - 1].tmp))
            return -1;
    }
    return 0;
}

/* Adds figure fig: its script, written into ftmp, and its image in each
 * format of the bits formats. */
static int add_figure(figure *fig, const plot_run *p, int n,
                      void (*draw)(FILE *, const plot_run *, int),
                      const char *ftmp, const char *out, unsigned formats)
{
    char name[160];
    int i;
    snprintf(name, sizeof name, "%.127s.gp", fig->name);
    if (add_output(ftmp, out, name) ||
        write_script(outputs[noutputs - 1].tmp, fig, p, n, draw))
        return -1;
    for (i = 0; i < PLOT_FORMATS; i++) {
        snprintf(name, sizeof name, "%.127s.%s", fig->name, format_names[i]);
        if ((formats & (1u << i)) && add_output(ftmp, out, name))
            return -1;
    }
    return 0;
}

/* Lays out the figures of the runs (names and sizes in cm) and writes
 * their scripts and tables into ftmp. */
static int plan_figures(const plot_run *p, int n, const char *ftmp,
                        const char *out, unsigned formats, figure *figs,
                        int *nfig)
{
    int k, m = 0;
    for (k = 0; k < n; k++) {
        if (keep_data(&p[k], ftmp, out))
            return -1;
        snprintf(figs[m].name, sizeof figs[m].name, "%.63s-state", p[k].stem);
        figs[m].width = 8.5;
        figs[m].height = state_height(&p[k]);
        if (add_figure(&figs[m++], &p[k], 1, draw_state, ftmp, out, formats))
            return -1;
        if (p[k].ncollisions == 0)
            continue;
        snprintf(figs[m].name, sizeof figs[m].name, "%.63s-observables",
                 p[k].stem);
        figs[m].width = 8.5;
        figs[m].height = OBSERVABLES_HEIGHT;
        if (add_figure(&figs[m++], &p[k], 1, draw_observables, ftmp, out,
                       formats))
            return -1;
        snprintf(figs[m].name, sizeof figs[m].name, "%.63s-loop", p[k].stem);
        figs[m].width = 8.5;
        figs[m].height = LOOP_HEIGHT;
        if (add_figure(&figs[m++], &p[k], 1, draw_loop, ftmp, out, formats))
            return -1;
    }
    if (n > 1) {
        snprintf(figs[m].name, sizeof figs[m].name, "compare");
        figs[m].width = 8.5;
        figs[m].height = compare_height(n);
        if (add_figure(&figs[m++], p, n, draw_compare, ftmp, out, formats))
            return -1;
    }
    *nfig = m;
    return 0;
}

/* The main script: in DIR's temporary directory ftmp, each figure's
 * script once per format asked, each from a new session (so that it
 * draws what the script run alone draws). */
static int write_main(const char *path, const char *ftmp, const figure *figs,
                      int nfig, unsigned formats)
{
    char name[160];
    FILE *f = fopen(path, "w");
    int i, j;
    if (!f)
        return -1;
    fputs("cd ", f);
    put_path(f, ftmp);
    fputs("\n", f);
    for (i = 0; i < nfig; i++)
        for (j = 0; j < PLOT_FORMATS; j++)
            if (formats & (1u << j)) {
                snprintf(name, sizeof name, "%.127s.gp", figs[i].name);
                fprintf(f, "reset session\nformat = '%s'\nload ",
                        format_names[j]);
                put_path(f, name);
                fputs("\n", f);
            }
    return fclose(f) == 0 ? 0 : -1;
}

/* The first occurrence of the n bytes of key in the len bytes of buf, or
 * NULL. */
static char *find_bytes(char *buf, size_t len, const char *key, size_t n)
{
    size_t i;
    for (i = 0; i + n <= len; i++)
        if (memcmp(buf + i, key, n) == 0)
            return buf + i;
    return NULL;
}

/* cairo writes the time of drawing into a PDF's information dictionary
 * as /CreationDate (D:...): the entry is overwritten with spaces (the
 * offsets of the cross-reference table stay valid), so that the same
 * figure gives the same bytes. Returns 0, or -1 with errno. */
static int strip_creation_date(const char *path)
{
    static const char key[] = "/CreationDate (";
    struct stat st;
    char *buf, *at, *end;
    int fd = open(path, O_RDWR | O_NOFOLLOW), ok;
    if (fd < 0 || fstat(fd, &st) != 0) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    buf = malloc((size_t)st.st_size + 1);
    ok = buf && read(fd, buf, (size_t)st.st_size) == st.st_size;
    if (ok) {
        buf[st.st_size] = '\0';
        at = find_bytes(buf, (size_t)st.st_size, key, sizeof key - 1);
        end = at ? memchr(at, ')', (size_t)(buf + st.st_size - at)) : NULL;
        if (end) {
            memset(at, ' ', (size_t)(end - at + 1));
            ok = pwrite(fd, at, (size_t)(end - at + 1), at - buf) ==
                 end - at + 1;
        }
    }
    free(buf);
    if (close(fd) != 0)
        ok = 0;
    return ok ? 0 : -1;
}

/* Strips the creation dates of the PDFs of the outputs. */
static int strip_pdfs(void)
{
    int i;
    for (i = 0; i < noutputs; i++) {
        size_t len = strlen(outputs[i].tmp);
        if (len > 4 && strcmp(outputs[i].tmp + len - 4, ".pdf") == 0 &&
            strip_creation_date(outputs[i].tmp) != 0)
            return -1;
    }
    return 0;
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

/* The environment of gnuplot: this process's with TZ=UTC0, so that the
 * creation date cairo writes into a PDF (strip_creation_date) has the
 * same length in any time zone. NULL-terminated; environ when the copy
 * does not fit. */
static char *const *gnuplot_env(void)
{
    static char *env[ENV_MAX + 2];
    static char tz[] = "TZ=UTC0";
    int i, n = 0;
    for (i = 0; environ[i]; i++) {
        if (n >= ENV_MAX)
            return environ;
        if (strncmp(environ[i], "TZ=", 3) != 0)
            env[n++] = environ[i];
    }
    env[n++] = tz;
    env[n] = NULL;
    return env;
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
        e = posix_spawnp(&pid, "gnuplot", &fa, NULL, argv, gnuplot_env());
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

/* Renames the outputs to their final names, all or none: each previous
 * file is kept under a second name (tracked, so removed at the end) and
 * put back if a rename fails; SIGINT and SIGTERM wait for the renames.
 * Prints the files when all are in place; -1 with errno otherwise. */
static int publish(void)
{
    static char bak[OUTPUTS_MAX][PATH_LEN];
    static int kept[OUTPUTS_MAX];
    sigset_t block, old;
    int i, e, ok, n = noutputs;
    for (i = 0; i < n; i++) {
        if (path_printf(bak[i], "%s.bak", outputs[i].tmp) || track(bak[i]))
            return -1;
        unlink(bak[i]);
        kept[i] = link(outputs[i].final, bak[i]) == 0;
        if (!kept[i] && errno != ENOENT)
            return -1;
    }
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigprocmask(SIG_BLOCK, &block, &old);
    for (i = 0; i < n; i++)
        if (rename(outputs[i].tmp, outputs[i].final) != 0)
            break;
    e = errno;
    ok = i == n;
    while (!ok && i-- > 0) {
        if (kept[i])
            rename(bak[i], outputs[i].final);
        else
            unlink(outputs[i].final);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (!ok) {
        errno = e;
        return -1;
    }
    for (i = 0; i < n; i++)
        printf("%s\n", outputs[i].final);
    return 0;
}

/* Writes the tables and scripts into a new directory of out, runs
 * gnuplot there (its main script and log in tmp) and publishes the
 * figures. */
static collide_status draw_all(const plot_run *p, int n, const char *tmp,
                               const char *out, unsigned formats, char *err,
                               size_t errlen)
{
    static figure figs[FIGURES_MAX];
    char script[PATH_LEN], log[PATH_LEN], ftmp[PATH_LEN];
    int nfig, rc, e;
    noutputs = 0;
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
        plan_figures(p, n, ftmp, out, formats, figs, &nfig) ||
        write_main(script, ftmp, figs, nfig, formats)) {
        snprintf(err, errlen, "collide plot: cannot write the scripts and "
                 "tables in %s: %s", ftmp, strerror(errno));
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
    if (strip_pdfs() != 0 || publish() != 0) {
        e = errno;
        snprintf(err, errlen, "collide plot: cannot write into %s: %s", out,
                 strerror(e));
        return e == ENOMEM ? COLLIDE_E_MEMORY : COLLIDE_E_IO;
    }
    return COLLIDE_OK;
}

/* The bits of the formats of the comma-separated list text (png 1, svg
 * 2, pdf 4) into *bits; COLLIDE_E_INPUT with one line in err for an
 * unknown or empty item. */
static collide_status parse_formats(const char *text, unsigned *bits,
                                    char *err, size_t errlen)
{
    const char *s = text;
    *bits = 0;
    for (;;) {
        size_t len = strcspn(s, ","), i;
        for (i = 0; i < PLOT_FORMATS; i++)
            if (len == strlen(format_names[i]) &&
                strncmp(s, format_names[i], len) == 0)
                break;
        if (i == PLOT_FORMATS) {
            snprintf(err, errlen, "collide plot: --format: \"%.*s\" is not a "
                     "format; the formats: png, svg, pdf, comma-separated "
                     "(e.g. png,pdf)", (int)(len < 64 ? len : 64), s);
            return COLLIDE_E_INPUT;
        }
        *bits |= 1u << i;
        if (s[len] == '\0')
            return COLLIDE_OK;
        s += len + 1;
    }
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
    unsigned formats = 0;
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
    if (st == COLLIDE_OK)
        st = parse_formats(o->format ? o->format : "png,svg", &formats, err,
                           errlen);
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
        st = draw_all(runs, n, tmp, o->out, formats, err, errlen);
    for (k = 0; k < done; k++) {
        remove_run_dir(runs[k].dir);
        free(runs[k].contact);
        free(runs[k].loop);
        runs[k].contact = NULL;
        runs[k].loop = NULL;
    }
    plot_remove_temporaries();
    return st;
}
