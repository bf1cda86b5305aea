/* compare.c - `collide compare`: significant correct digits of result
 * tables against a reference; see compare.h and scd.h. */
#define _POSIX_C_SOURCE 200809L

#include "compare.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csv.h"
#include "output.h"
#include "scd.h"

#define CMP_PATH_MAX 4096
#define CMP_MSG_MAX 1024
#define CMP_NTABLES 4

/* The tables of `collide run --csv DIR`, compared in a directory. */
static const char *const table_files[CMP_NTABLES] = {
    "collisions.csv", "events.csv", "ledger.csv", "samples.csv"
};

/* A column of both tables. */
typedef struct column_pair {
    int ia, ib;         /* its index in a and in b */
    int numeric;        /* compared by scd, else for equality */
} column_pair;

/* How the rows of a table are matched: by the columns that name them. */
typedef enum key_kind {
    KEY_ROW,            /* by position: tables of other columns */
    KEY_SCOPE,          /* ledger.csv: scope */
    KEY_EVENT,          /* events.csv: (j, transition) */
    KEY_INDEX,          /* collisions.csv: i */
    KEY_TIME            /* samples.csv, trajectory.csv: (j, t) */
} key_kind;

/* The key of a row. For KEY_TIME, part orders the rows of one j: 0 the
 * row after the jump that begins the interval of flow, 1 a row inside
 * it (t compared within TIME_RTOL), 2 the row before the jump that ends
 * it: the ends of an interval are at the event times, which differ
 * between two runs by their error, and are matched as ends. */
typedef struct row_key {
    double num;         /* j, i, or the position */
    int part;
    double t;
    const char *text;   /* scope or transition; "" for the others */
    int row;            /* the row (from 1) */
} row_key;

/* Two times of rows inside an interval of flow are the same sample when
 * they agree to 1e-12 relative: the times of a sample grid, or of --at,
 * computed in binary64 (a few units of 2.2e-16) or written with more
 * digits; event times are ends of intervals, not matched by time. */
#define TIME_RTOL 1e-12

/* Two tables, their rows matched by key, their common columns and each
 * matched cell's scd. */
typedef struct table_cmp {
    char name[256];     /* the table's name in the report */
    csv_table a, b;
    key_kind kind;
    column_pair *pair;  /* in the order of b's columns */
    int npairs;
    int nmatch;         /* rows matched */
    int *ra, *rb;       /* the rows (from 1) of match m, in b's order */
    int *match_of_b;    /* the match of each row of b (from 1), or -1 */
    row_key *only_a, *only_b; /* the rows of one side only */
    int nonly_a, nonly_b;
    double *scd;        /* nmatch * npairs, row-major */
} table_cmp;

/* What one column of a comparison shows. */
typedef struct column_stats {
    double min, median; /* least and median scd over the rows */
    int worst_row;      /* the first row of the least scd; 0 where all agree */
    int worst;          /* its match */
    int nmismatch;      /* rows where the cells disagree */
} column_stats;

/* The whole comparison, for the last line and the exit status. */
typedef struct summary {
    int ncolumns;       /* columns compared */
    int nmismatch;      /* integer or text columns that differ */
    int nbelow;         /* columns under the --digits threshold */
    int nonly;          /* rows of one side only */
    double worst;       /* least scd of a numeric column */
    char where[600];    /* its table.column */
    int worst_row;
} summary;

/* ---- errors ---- */

/* Formats one line into err and returns st. */
static compare_status fail(compare_status st, char *err, size_t errlen,
                           const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return st;
}

/* ---- comparing two tables ---- */

/* 1 when every cell of the column is a number on both sides and not all
 * of them are integers: compared by scd. */
static int column_is_numeric(const table_cmp *tc, int ia, int ib)
{
    int m, all_integers = 1;
    for (m = 0; m < tc->nmatch; m++) {
        const char *x = csv_cell(&tc->a, tc->ra[m], ia);
        const char *y = csv_cell(&tc->b, tc->rb[m], ib);
        if (!scd_is_number(x) || !scd_is_number(y))
            return 0;
        all_integers = all_integers && scd_is_integer(x) && scd_is_integer(y);
    }
    return !all_integers;
}

/* Pairs the columns of b with those of a of the same name, reporting on
 * out (when not NULL) the columns of one side only. */
static compare_status pair_columns(table_cmp *tc, FILE *out, char *err,
                                   size_t errlen)
{
    int c;
    tc->pair = malloc((size_t)tc->b.ncols * sizeof *tc->pair);
    if (!tc->pair)
        return fail(COMPARE_E_MEMORY, err, errlen, "%s: out of memory",
                    tc->b.path);
    for (c = 0; c < tc->b.ncols; c++) {
        const char *name = csv_cell(&tc->b, 0, c);
        int ia = csv_column(&tc->a, name);
        if (ia < 0) {
            if (out)
                fprintf(out, "%s %s only in B (%s), skipped\n", tc->name,
                        name, tc->b.path);
            continue;
        }
        tc->pair[tc->npairs].ia = ia;
        tc->pair[tc->npairs].ib = c;
        tc->pair[tc->npairs].numeric = column_is_numeric(tc, ia, c);
        tc->npairs++;
    }
    for (c = 0; c < tc->a.ncols && out; c++)
        if (csv_column(&tc->b, csv_cell(&tc->a, 0, c)) < 0)
            fprintf(out, "%s %s only in A (%s), skipped\n", tc->name,
                    csv_cell(&tc->a, 0, c), tc->a.path);
    return COMPARE_OK;
}

/* 1 when two cells of an integer or text column are equal: the same text,
 * or numbers of the same value. */
static int cells_equal(const char *x, const char *y)
{
    if (strcmp(x, y) == 0)
        return 1;
    return scd_is_number(x) && scd_is_number(y) && scd_text(x, y) == INFINITY;
}

/* The significant digits of a decimal text: its mantissa digits without
 * the leading zeros (at least 1). */
static int significant_digits(const char *t)
{
    int n = 0, lead = 1;
    for (; *t && *t != 'e' && *t != 'E'; t++) {
        if (*t < '0' || *t > '9')
            continue;
        if (*t != '0')
            lead = 0;
        n += !lead;
    }
    return n > 0 ? n : 1;
}

/* The largest magnitude of the numeric cells of row r of the reference. */
static double row_scale(const table_cmp *tc, int r)
{
    double m = 0;
    int k;
    for (k = 0; k < tc->npairs; k++) {
        double v;
        if (!tc->pair[k].numeric)
            continue;
        v = fabs(strtod(csv_cell(&tc->b, r, tc->pair[k].ib), NULL));
        if (isfinite(v) && v > m)
            m = v;
    }
    return m;
}

/* scd of x against the reference y in a row of largest magnitude scale:
 * a reference below the resolution of its row (scale times 10^-N, N its
 * significant digits) is zero at that resolution, and its error is
 * measured against scale (the mixed error of the IVP test set, with the
 * row's magnitude for atol/rtol). */
static double cell_scd(const char *x, const char *y, double scale)
{
    double d = scd_text(x, y), b = fabs(strtod(y, NULL));
    if (!isfinite(d) || !isfinite(b) || !(scale > 0) ||
        b >= scale * pow(10.0, -significant_digits(y)))
        return d;
    if (b == 0)                    /* d is the absolute -log10|x - y| */
        return d + log10(scale);
    return d - log10(b / scale);
}

/* Fills tc->scd: scd for numeric cells, inf or 0 (equal or not) for the
 * others. */
static compare_status fill_scd(table_cmp *tc, char *err, size_t errlen)
{
    size_t n = (size_t)tc->nmatch * (size_t)tc->npairs;
    int m, k;
    tc->scd = malloc((n ? n : 1) * sizeof *tc->scd);
    if (!tc->scd)
        return fail(COMPARE_E_MEMORY, err, errlen, "%s: out of memory",
                    tc->b.path);
    for (m = 0; m < tc->nmatch; m++) {
        double scale = row_scale(tc, tc->rb[m]);
        for (k = 0; k < tc->npairs; k++) {
            const column_pair *p = &tc->pair[k];
            const char *x = csv_cell(&tc->a, tc->ra[m], p->ia);
            const char *y = csv_cell(&tc->b, tc->rb[m], p->ib);
            double d = p->numeric ? cell_scd(x, y, scale)
                                  : (cells_equal(x, y) ? INFINITY : 0.0);
            tc->scd[(size_t)m * (size_t)tc->npairs + (size_t)k] = d;
        }
    }
    return COMPARE_OK;
}

/* The scd of match m, pair k. */
static double scd_at(const table_cmp *tc, int m, int k)
{
    return tc->scd[(size_t)m * (size_t)tc->npairs + (size_t)k];
}

/* Orders doubles ascending, for qsort. */
static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* Median of the n values at v (sorted in place); inf when n is 0. */
static double median_of(double *v, int n)
{
    if (n == 0)
        return INFINITY;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Least and median scd of pair k, the first row of the least, and the rows
 * that disagree; work holds nrows doubles. */
static void column_stats_of(const table_cmp *tc, int k, double *work,
                            column_stats *s)
{
    int m;
    s->min = INFINITY;
    s->worst_row = 0;
    s->worst = -1;
    s->nmismatch = 0;
    for (m = 0; m < tc->nmatch; m++) {
        double d = scd_at(tc, m, k);
        work[m] = d;
        s->nmismatch += d < INFINITY;
        if (d < s->min) {
            s->min = d;
            s->worst = m;
            s->worst_row = tc->rb[m];
        }
    }
    s->median = median_of(work, tc->nmatch);
}

/* scd as text: "inf", or with two decimals. */
static void format_scd(double d, char *buf, size_t n)
{
    if (d == INFINITY)
        snprintf(buf, n, "inf");
    else
        snprintf(buf, n, "%.2f", d);
}

/* The report line of numeric pair k. */
static void report_numeric(const table_cmp *tc, int k, const column_stats *s,
                           FILE *out)
{
    char min[32], med[32], row[32];
    format_scd(s->min, min, sizeof min);
    format_scd(s->median, med, sizeof med);
    if (s->worst_row > 0)
        snprintf(row, sizeof row, "%d", s->worst_row);
    else
        snprintf(row, sizeof row, "-");
    fprintf(out, "%-10s %-18s %8s %8s %s\n", tc->name,
            csv_cell(&tc->b, 0, tc->pair[k].ib), min, med, row);
}

/* The report line of integer or text pair k. */
static void report_equality(const table_cmp *tc, int k, const column_stats *s,
                            FILE *out)
{
    const column_pair *p = &tc->pair[k];
    const char *name = csv_cell(&tc->b, 0, p->ib);
    char x[CSV_EXCERPT_SIZE], y[CSV_EXCERPT_SIZE];
    if (s->nmismatch == 0) {
        fprintf(out, "%-10s %-18s equal\n", tc->name, name);
        return;
    }
    fprintf(out, "%-10s %-18s mismatch %d of %d rows, first row %d: "
            "\"%s\" vs \"%s\"\n", tc->name, name, s->nmismatch, tc->nmatch,
            s->worst_row, csv_excerpt(csv_cell(&tc->a, tc->ra[s->worst], p->ia),
                                      x),
            csv_excerpt(csv_cell(&tc->b, s->worst_row, p->ib), y));
}

/* Whether a column holds a residual, whose exact value is 0 (the ledger
 * residual of Eq. 24, the momentum residual of Eq. 203): its relative
 * digits measure rounding, not the solution, so it is not held to the
 * threshold. */
static int is_residual(const char *name)
{
    size_t n = strlen(name), r = strlen("residual");
    return n >= r && strcmp(name + n - r, "residual") == 0;
}

/* Prints pair k when it falls under the threshold; 1 when it does. */
static int report_below(const table_cmp *tc, int k, const column_stats *s,
                        double digits, FILE *out)
{
    const char *name = csv_cell(&tc->b, 0, tc->pair[k].ib);
    char min[32];
    if (isnan(digits) || is_residual(name) ||
        (tc->pair[k].numeric ? s->min >= digits : s->nmismatch == 0))
        return 0;
    format_scd(s->min, min, sizeof min);
    if (tc->pair[k].numeric)
        fprintf(out, "below --digits %g: %s.%s, min scd %s at row %d\n",
                digits, tc->name, name, min, s->worst_row);
    else
        fprintf(out, "below --digits %g: %s.%s, mismatch at row %d\n", digits,
                tc->name, name, s->worst_row);
    return 1;
}

/* Adds pair k to the summary. */
static void summarize(const table_cmp *tc, int k, const column_stats *s,
                      summary *sum)
{
    sum->ncolumns++;
    if (!tc->pair[k].numeric) {
        sum->nmismatch += s->nmismatch > 0;
        return;
    }
    if (s->min < sum->worst && !is_residual(csv_cell(&tc->b, 0, tc->pair[k].ib))) {
        sum->worst = s->min;
        sum->worst_row = s->worst_row;
        snprintf(sum->where, sizeof sum->where, "%s.%s", tc->name,
                 csv_cell(&tc->b, 0, tc->pair[k].ib));
    }
}

/* ---- matching the rows by key ---- */

/* The key of the rows of a table with the columns of tc->b and tc->a. */
static key_kind key_of(const table_cmp *tc)
{
    const csv_table *a = &tc->a, *b = &tc->b;
#define BOTH(name) (csv_column(a, name) >= 0 && csv_column(b, name) >= 0)
    if (BOTH("scope"))
        return KEY_SCOPE;
    if (BOTH("j") && BOTH("transition"))
        return KEY_EVENT;
    if (BOTH("i"))
        return KEY_INDEX;
    if (BOTH("j") && BOTH("t"))
        return KEY_TIME;
#undef BOTH
    return KEY_ROW;
}

/* The number of a key cell (j, i or t) of row r, column c; 0 with a
 * message when it is not a finite number. */
static int key_number(const csv_table *t, int r, int c, double *v, char *err,
                      size_t errlen)
{
    const char *text = csv_cell(t, r, c);
    char *end, buf[CSV_EXCERPT_SIZE];
    *v = strtod(text, &end);
    if (end != text && *end == '\0' && isfinite(*v))
        return 1;
    fail(COMPARE_E_INPUT, err, errlen, "%s:%d: %s = \"%s\" is not a finite "
         "number (a column that names the rows)", t->path, r + 1,
         csv_cell(t, 0, c), csv_excerpt(text, buf));
    return 0;
}

/* The keys of the rows of t into k (t->nrows of them). */
static compare_status make_keys(const csv_table *t, key_kind kind,
                                row_key *k, char *err, size_t errlen)
{
    int cj = csv_column(t, "j"), ct = csv_column(t, "t");
    int ctext = kind == KEY_SCOPE ? csv_column(t, "scope")
                                  : csv_column(t, "transition");
    int cn = kind == KEY_INDEX ? csv_column(t, "i") : cj, r;
    for (r = 1; r <= t->nrows; r++) {
        row_key *key = &k[r - 1];
        key->row = r;
        key->num = kind == KEY_ROW ? r : 0;
        key->part = 1;
        key->t = 0;
        key->text = kind == KEY_SCOPE || kind == KEY_EVENT
                        ? csv_cell(t, r, ctext) : "";
        if (kind == KEY_SCOPE || kind == KEY_ROW)
            continue;
        if (!key_number(t, r, cn, &key->num, err, errlen) ||
            (kind == KEY_TIME && !key_number(t, r, ct, &key->t, err, errlen)))
            return COMPARE_E_INPUT;
    }
    for (r = 0; kind == KEY_TIME && r < t->nrows; r++) {
        /* the ends of an interval: the rows of a jump, same t, other j */
        if (r > 0 && k[r - 1].num != k[r].num && k[r - 1].t == k[r].t)
            k[r].part = 0;
        else if (r + 1 < t->nrows && k[r + 1].num != k[r].num &&
                 k[r + 1].t == k[r].t)
            k[r].part = 2;
    }
    for (r = 0; kind == KEY_TIME && r < t->nrows; r++)
        if (k[r].part != 1)
            k[r].t = 0;          /* the ends are matched as ends */
    return COMPARE_OK;
}

/* Orders two keys; with tol, times within TIME_RTOL are equal. */
static int key_cmp(const row_key *x, const row_key *y, int tol)
{
    int c;
    if (x->num != y->num)
        return x->num < y->num ? -1 : 1;
    if (x->part != y->part)
        return x->part < y->part ? -1 : 1;
    c = strcmp(x->text, y->text);
    if (c != 0)
        return c;
    if (x->t == y->t ||
        (tol && fabs(x->t - y->t) <= TIME_RTOL * fmax(fabs(x->t), fabs(y->t))))
        return 0;
    return x->t < y->t ? -1 : 1;
}

/* Orders keys for qsort, the same keys by row. */
static int key_order(const void *x, const void *y)
{
    const row_key *a = x, *b = y;
    int c = key_cmp(a, b, 0);
    return c != 0 ? c : (a->row > b->row) - (a->row < b->row);
}

/* Orders matches by the row of b, for qsort: m[0] the row of b, m[1] a's. */
static int match_order(const void *x, const void *y)
{
    const int *a = x, *b = y;
    return (a[0] > b[0]) - (a[0] < b[0]);
}

/* Matches the rows of tc->a and tc->b by their keys (sorted, then merged):
 * ra, rb and match_of_b in b's order; the rows of one side only. */
static compare_status match_rows(table_cmp *tc, char *err, size_t errlen)
{
    int na = tc->a.nrows, nb = tc->b.nrows, i = 0, k = 0, m;
    size_t sa = (size_t)(na ? na : 1), sb = (size_t)(nb ? nb : 1);
    row_key *ka = malloc(sa * sizeof *ka), *kb = malloc(sb * sizeof *kb);
    int (*pairs)[2] = malloc(sb * sizeof *pairs);
    compare_status st = COMPARE_OK;
    tc->kind = key_of(tc);
    tc->ra = malloc(sb * sizeof *tc->ra);
    tc->rb = malloc(sb * sizeof *tc->rb);
    tc->match_of_b = malloc((sb + 1) * sizeof *tc->match_of_b);
    tc->only_a = malloc(sa * sizeof *tc->only_a);
    tc->only_b = malloc(sb * sizeof *tc->only_b);
    if (!ka || !kb || !pairs || !tc->ra || !tc->rb || !tc->match_of_b ||
        !tc->only_a || !tc->only_b)
        st = fail(COMPARE_E_MEMORY, err, errlen, "%s: out of memory",
                  tc->b.path);
    if (st == COMPARE_OK)
        st = make_keys(&tc->a, tc->kind, ka, err, errlen);
    if (st == COMPARE_OK)
        st = make_keys(&tc->b, tc->kind, kb, err, errlen);
    if (st == COMPARE_OK) {
        qsort(ka, (size_t)na, sizeof *ka, key_order);
        qsort(kb, (size_t)nb, sizeof *kb, key_order);
        while (i < na || k < nb) {
            int c = i == na ? 1 : k == nb ? -1 : key_cmp(&ka[i], &kb[k], 1);
            if (c < 0)
                tc->only_a[tc->nonly_a++] = ka[i++];
            else if (c > 0)
                tc->only_b[tc->nonly_b++] = kb[k++];
            else {
                pairs[tc->nmatch][0] = kb[k++].row;
                pairs[tc->nmatch++][1] = ka[i++].row;
            }
        }
        qsort(pairs, (size_t)tc->nmatch, sizeof *pairs, match_order);
        for (m = 0; m <= nb; m++)
            tc->match_of_b[m] = -1;
        for (m = 0; m < tc->nmatch; m++) {
            tc->rb[m] = pairs[m][0];
            tc->ra[m] = pairs[m][1];
            tc->match_of_b[tc->rb[m]] = m;
        }
    }
    free(ka);
    free(kb);
    free(pairs);
    return st;
}

/* The key of a row as text: "i = 3", "j = 4, transition = separate",
 * "scope = total", "j = 2, t = 0.065" (the ends of an interval of flow
 * "j = 2, start" or "j = 2, end"), "row 5". */
static void key_text(const csv_table *t, key_kind kind, const row_key *k,
                     char *buf, size_t n)
{
    char x[CSV_EXCERPT_SIZE];
    static const char *const part[] = {"start", "", "end"};
    switch (kind) {
    case KEY_SCOPE:
        snprintf(buf, n, "scope = %s", csv_excerpt(k->text, x));
        break;
    case KEY_EVENT:
        snprintf(buf, n, "j = %.17g, transition = %s", k->num,
                 csv_excerpt(k->text, x));
        break;
    case KEY_INDEX:
        snprintf(buf, n, "i = %.17g", k->num);
        break;
    case KEY_TIME:
        if (k->part == 1)
            snprintf(buf, n, "j = %.17g, t = %s", k->num,
                     csv_excerpt(csv_cell(t, k->row, csv_column(t, "t")), x));
        else
            snprintf(buf, n, "j = %.17g, %s of its interval of flow",
                     k->num, part[k->part]);
        break;
    default:
        snprintf(buf, n, "row %d", k->row);
    }
}

#define ONLY_SHOWN 10  /* rows of one side only printed per side and table */

/* Prints the rows of one side only: the first ONLY_SHOWN of each side by
 * key, then a count. */
static void report_only(const table_cmp *tc, FILE *out)
{
    int side;
    for (side = 0; side < 2; side++) {
        const csv_table *t = side ? &tc->b : &tc->a;
        const row_key *k = side ? tc->only_b : tc->only_a;
        int n = side ? tc->nonly_b : tc->nonly_a, i;
        char key[200];
        for (i = 0; i < n && i < ONLY_SHOWN; i++) {
            key_text(t, tc->kind, &k[i], key, sizeof key);
            fprintf(out, "%-10s row %d (%s) only in %s (%s)\n", tc->name,
                    k[i].row, key, side ? "B" : "A", t->path);
        }
        if (n > ONLY_SHOWN)
            fprintf(out, "%-10s ... %d rows only in %s in all\n", tc->name,
                    n, side ? "B" : "A");
    }
}

/* Prints a line per column and adds them to the summary. */
static compare_status report_table(const table_cmp *tc, double digits,
                                   summary *sum, FILE *out, char *err,
                                   size_t errlen)
{
    double *work = malloc((size_t)(tc->nmatch ? tc->nmatch : 1)
                          * sizeof *work);
    int k;
    if (!work)
        return fail(COMPARE_E_MEMORY, err, errlen, "%s: out of memory",
                    tc->b.path);
    report_only(tc, out);
    sum->nonly += tc->nonly_a + tc->nonly_b;
    for (k = 0; k < tc->npairs; k++) {
        column_stats s;
        column_stats_of(tc, k, work, &s);
        if (tc->pair[k].numeric)
            report_numeric(tc, k, &s, out);
        else
            report_equality(tc, k, &s, out);
        sum->nbelow += report_below(tc, k, &s, digits, out);
        summarize(tc, k, &s, sum);
    }
    free(work);
    return COMPARE_OK;
}

/* The name of a table in the report: the file name without ".csv". */
static void table_name(const char *path, char *buf, size_t n)
{
    const char *base = strrchr(path, '/');
    size_t len = 0;
    base = base ? base + 1 : path;
    len = strlen(base);
    if (len > 4 && strcmp(base + len - 4, ".csv") == 0)
        len -= 4;
    snprintf(buf, n, "%.*s", (int)len, base);
}

/* Frees what table_open allocated. */
static void table_close(table_cmp *tc)
{
    csv_free(&tc->a);
    csv_free(&tc->b);
    free(tc->pair);
    free(tc->ra);
    free(tc->rb);
    free(tc->match_of_b);
    free(tc->only_a);
    free(tc->only_b);
    free(tc->scd);
    memset(tc, 0, sizeof *tc);
}

/* The status of a table read by csv_load. */
static compare_status load_status(int csv_status)
{
    if (csv_status == CSV_E_MEMORY)
        return COMPARE_E_MEMORY;
    return csv_status ? COMPARE_E_INPUT : COMPARE_OK;
}

/* Matches the rows of the tables of tc, pairs their columns (reporting on
 * out, when not NULL) and computes each matched cell's scd. */
static compare_status table_prepare(table_cmp *tc, FILE *out, char *err,
                                    size_t errlen)
{
    compare_status st = match_rows(tc, err, errlen);
    if (st == COMPARE_OK)
        st = pair_columns(tc, out, err, errlen);
    if (st == COMPARE_OK)
        st = fill_scd(tc, err, errlen);
    return st;
}

/* Loads a_path and the reference b_path and prepares them (above). */
static compare_status table_open(table_cmp *tc, const char *a_path,
                                 const char *b_path, FILE *out, char *err,
                                 size_t errlen)
{
    compare_status st;
    memset(tc, 0, sizeof *tc);
    table_name(b_path, tc->name, sizeof tc->name);
    st = load_status(csv_load(a_path, &tc->a, err, errlen));
    if (st == COMPARE_OK)
        st = load_status(csv_load(b_path, &tc->b, err, errlen));
    if (st == COMPARE_OK)
        st = table_prepare(tc, out, err, errlen);
    if (st != COMPARE_OK)
        table_close(tc);
    return st;
}

/* ---- the scd table, written atomically ---- */

/* A column name as a CSV cell, quoted where it must be. */
static void put_name(FILE *f, const char *name)
{
    const char *p;
    if (strcspn(name, ",\"\r\n") == strlen(name)) {
        fputs(name, f);
        return;
    }
    fputc('"', f);
    for (p = name; *p; p++) {
        if (*p == '"')
            fputc('"', f);
        fputc(*p, f);
    }
    fputc('"', f);
}

/* Writes the header of the common columns and each row's scd. */
static void put_scd_rows(FILE *f, const table_cmp *tc)
{
    char buf[32];
    int r, k;
    double d;
    for (k = 0; k < tc->npairs; k++) {
        if (k > 0)
            fputc(',', f);
        put_name(f, csv_cell(&tc->b, 0, tc->pair[k].ib));
    }
    fputc('\n', f);
    for (r = 1; r <= tc->b.nrows; r++)
        for (k = 0; k < tc->npairs; k++) {
            d = tc->match_of_b[r] < 0 ? 0.0 : scd_at(tc, tc->match_of_b[r], k);
            format_scd(d, buf, sizeof buf);
            fprintf(f, "%s%c", buf, k + 1 < tc->npairs ? ',' : '\n');
        }
}

/* The scd table of tc (put_scd_rows) as text in memory: *text, the
 * caller frees it. */
static compare_status scd_text_of(const table_cmp *tc, char **text,
                                  size_t *len, char *err, size_t errlen)
{
    FILE *f = open_memstream(text, len);
    if (!f)
        return fail(COMPARE_E_MEMORY, err, errlen, "out of memory");
    put_scd_rows(f, tc);
    if (fclose(f) != 0) {
        free(*text);
        *text = NULL;
        return fail(COMPARE_E_MEMORY, err, errlen, "out of memory");
    }
    return COMPARE_OK;
}

/* put_scd_rows as an output_writer: 0, or -1 when f has an error. */
static int write_scd_rows(FILE *f, const void *ctx)
{
    put_scd_rows(f, ctx);
    return ferror(f) ? -1 : 0;
}

/* Writes the scd table of tc to path as one file (output_write_file: a
 * temporary renamed when complete, never through a link), with the
 * session o (its temporary listed there; NULL: none); refused when path
 * is a_path or b_path, the files compared, or an input noted in o. */
static compare_status write_scd_file(output_session *o, const char *path,
                                     const char *a_path, const char *b_path,
                                     const table_cmp *tc, char *err,
                                     size_t errlen)
{
    char dir[CMP_PATH_MAX];
    const char *slash = strrchr(path, '/');
    output_file file;
    collide_status st = output_check_input(path, a_path, err, errlen);
    if (st == COLLIDE_OK)
        st = output_check_input(path, b_path, err, errlen);
    if (st != COLLIDE_OK) {
        char msg[CMP_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", err);
        return fail(COMPARE_E_INPUT, err, errlen, "--scd-csv %s", msg);
    }
    if (slash && (size_t)(slash - path) >= sizeof dir)
        return fail(COMPARE_E_IO, err, errlen, "%.80s...: path too "
                    "long: %zu bytes, limit %d", path, strlen(path),
                    CMP_PATH_MAX - 1);
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1,
             slash ? path : ".");
    file.name = slash ? slash + 1 : path;
    file.write = write_scd_rows;
    st = output_write_into(o, slash == path ? "/" : dir, &file, tc, err,
                           errlen);
    if (st == COLLIDE_E_USAGE)
        return COMPARE_E_INPUT;
    return st == COLLIDE_OK ? COMPARE_OK : COMPARE_E_IO;
}

compare_status compare_write_scd_table(output_session *o,
                                       const char *out_path,
                                       const char *a_path, const char *b_path,
                                       char *err, size_t errlen)
{
    table_cmp tc;
    compare_status st = table_open(&tc, a_path, b_path, NULL, err, errlen);
    if (st != COMPARE_OK)
        return st;
    st = write_scd_file(o, out_path, a_path, b_path, &tc, err, errlen);
    table_close(&tc);
    return st;
}

/* ---- the command ---- */

/* Compares the CSV file a_path with the reference b_path: report lines on
 * out, the scd table to scd_csv when not NULL. */
static compare_status compare_files(const char *a_path, const char *b_path,
                                    const compare_options *o, summary *sum,
                                    FILE *out, char *err, size_t errlen)
{
    table_cmp tc;
    compare_status st = table_open(&tc, a_path, b_path, out, err, errlen);
    if (st != COMPARE_OK)
        return st;
    st = report_table(&tc, o->digits, sum, out, err, errlen);
    if (st == COMPARE_OK && o->scd_csv)
        st = write_scd_file(o->session, o->scd_csv, a_path, b_path, &tc,
                            err, errlen);
    table_close(&tc);
    return st;
}

/* 1 when path names a regular file (or a link to one). */
static int is_file(const char *path)
{
    struct stat s;
    return stat(path, &s) == 0 && S_ISREG(s.st_mode);
}

/* The more severe of two statuses: the greater. */
static compare_status worse(compare_status x, compare_status y)
{
    return x > y ? x : y;
}

/* Compares the tables present in both directories; an error in one table
 * is printed on errf and the others are still compared. */
static compare_status compare_dirs(const compare_options *o, summary *sum,
                                   FILE *out, FILE *errf)
{
    compare_status st = COMPARE_OK;
    int i, ncompared = 0;
    for (i = 0; i < CMP_NTABLES; i++) {
        char pa[CMP_PATH_MAX], pb[CMP_PATH_MAX], err[CMP_MSG_MAX];
        compare_status s;
        snprintf(pa, sizeof pa, "%s/%s", o->a, table_files[i]);
        snprintf(pb, sizeof pb, "%s/%s", o->b, table_files[i]);
        if (!is_file(pa) || !is_file(pb)) {
            if (is_file(pa) || is_file(pb))
                fprintf(out, "%s only in %s, skipped\n", table_files[i],
                        is_file(pa) ? o->a : o->b);
            continue;
        }
        ncompared++;
        s = compare_files(pa, pb, o, sum, out, err, sizeof err);
        if (s != COMPARE_OK)
            fprintf(errf, "collide compare: %s\n", err);
        st = worse(st, s);
    }
    if (ncompared == 0) {
        fprintf(errf, "collide compare: no table (collisions.csv, events.csv, "
                "ledger.csv, samples.csv) is in both %s and %s\n", o->a, o->b);
        return COMPARE_E_INPUT;
    }
    return st;
}

/* Checks that a and b exist and are of the same kind; sets *dirs. */
static compare_status check_inputs(const compare_options *o, int *dirs,
                                   char *err, size_t errlen)
{
    struct stat sa, sb;
    if (stat(o->a, &sa) != 0)
        return fail(COMPARE_E_INPUT, err, errlen, "%s: cannot open: %s", o->a,
                    strerror(errno));
    if (stat(o->b, &sb) != 0)
        return fail(COMPARE_E_INPUT, err, errlen, "%s: cannot open: %s", o->b,
                    strerror(errno));
    *dirs = S_ISDIR(sa.st_mode);
    if (*dirs != S_ISDIR(sb.st_mode))
        return fail(COMPARE_E_INPUT, err, errlen,
                    "%s is %sa directory but %s is %sa directory: compare two "
                    "directories or two CSV files", o->a, *dirs ? "" : "not ",
                    o->b, *dirs ? "not " : "");
    if (*dirs && o->scd_csv)
        return fail(COMPARE_E_INPUT, err, errlen,
                    "--scd-csv applies to two CSV files, not to directories");
    return COMPARE_OK;
}

/* The last lines: integer or text columns that differ, the worst scd. */
static void print_summary(const summary *sum, FILE *out)
{
    char worst[32];
    if (sum->nonly > 0)
        fprintf(out, "compare: %d row%s of one side only\n", sum->nonly,
                sum->nonly > 1 ? "s" : "");
    if (sum->nmismatch > 0)
        fprintf(out, "compare: %d integer or text column%s differ%s\n",
                sum->nmismatch, sum->nmismatch > 1 ? "s" : "",
                sum->nmismatch > 1 ? "" : "s");
    format_scd(sum->worst, worst, sizeof worst);
    if (sum->worst < INFINITY)
        fprintf(out, "compare: %d columns, worst scd %s (%s row %d)\n",
                sum->ncolumns, worst, sum->where, sum->worst_row);
    else
        fprintf(out, "compare: %d columns, worst scd inf\n", sum->ncolumns);
}

/* The samples of the set in dir on its uniform grid (and of --at): the
 * rows of samples.csv with boundary 0; -1 when it cannot be read. */
static int grid_samples(const char *dir)
{
    char path[CMP_PATH_MAX], err[CMP_MSG_MAX];
    csv_table t;
    int r, c, n = 0;
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    if (!is_file(path) || csv_load(path, &t, err, sizeof err) != 0)
        return -1;
    c = csv_column(&t, "boundary");
    for (r = 1; c >= 0 && r <= t.nrows; r++)
        n += strcmp(csv_cell(&t, r, c), "0") == 0;
    csv_free(&t);
    return c >= 0 ? n : -1;
}

/* When two sets with rows of one side only have sample grids of
 * different sizes: one line that says so and which option makes them
 * comparable (the sets of reference_data/ use --samples 101). */
static void grid_hint(const compare_options *o, FILE *out)
{
    int na = grid_samples(o->a), nb = grid_samples(o->b);
    if (na < 0 || nb < 0 || na == nb)
        return;
    fprintf(out, "compare: the sample grids differ (%s: %d samples, %s: %d): "
            "run with --samples %d to compare them\n", o->a, na, o->b, nb,
            nb);
}

compare_status compare_results(const compare_options *o, FILE *out,
                               FILE *err)
{
    char msg[CMP_MSG_MAX];
    summary sum;
    compare_status st;
    int dirs = 0;
    memset(&sum, 0, sizeof sum);
    sum.worst = INFINITY;
    st = check_inputs(o, &dirs, msg, sizeof msg);
    if (st != COMPARE_OK) {
        fprintf(err, "collide compare: %s\n", msg);
        return st;
    }
    if (dirs)
        st = compare_dirs(o, &sum, out, err);
    else {
        st = compare_files(o->a, o->b, o, &sum, out, msg, sizeof msg);
        if (st != COMPARE_OK)
            fprintf(err, "collide compare: %s\n", msg);
    }
    if (sum.ncolumns > 0 || st == COMPARE_OK)
        print_summary(&sum, out);
    if (dirs && sum.nonly > 0)
        grid_hint(o, out);
    if (st == COMPARE_OK && (sum.nbelow > 0 || sum.nonly > 0))
        st = COMPARE_BELOW;
    return st;
}

/* Reports the tables of tc into sum and on out; with scd_text also
 * their scd table. */
static compare_status table_report(table_cmp *tc, double digits,
                                   summary *sum, FILE *out, char **scd_text,
                                   size_t *scd_len, char *err, size_t errlen)
{
    compare_status st = table_prepare(tc, out, err, errlen);
    if (st == COMPARE_OK)
        st = report_table(tc, digits, sum, out, err, errlen);
    if (st == COMPARE_OK && scd_text)
        st = scd_text_of(tc, scd_text, scd_len, err, errlen);
    return st;
}

/* A summary to fill over the tables of a comparison. */
static void summary_open(summary *sum)
{
    memset(sum, 0, sizeof *sum);
    sum->worst = INFINITY;
}

/* The status of a comparison that went through: its summary printed. */
static compare_status summary_close(const summary *sum, FILE *out)
{
    print_summary(sum, out);
    return sum->nbelow > 0 || sum->nonly > 0 ? COMPARE_BELOW
                                             : COMPARE_OK;
}

compare_status compare_tables(const csv_table *a, const csv_table *b,
                              double digits, FILE *out, char *err,
                              size_t errlen)
{
    table_cmp tc;
    summary sum;
    compare_status st;
    summary_open(&sum);
    memset(&tc, 0, sizeof tc);
    table_name(b->path, tc.name, sizeof tc.name);
    tc.a = *a;            /* borrowed: the caller's to free */
    tc.b = *b;
    st = table_report(&tc, digits, &sum, out, NULL, NULL, err, errlen);
    memset(&tc.a, 0, sizeof tc.a);
    memset(&tc.b, 0, sizeof tc.b);
    table_close(&tc);
    return st == COMPARE_OK ? summary_close(&sum, out) : st;
}

/* Reports table a against b (both taken) into sum and on out; with
 * scd_text also its scd table. */
static compare_status compare_set_table(csv_table *a, csv_table *b,
                                        double digits, summary *sum, FILE *out,
                                        char **scd_text, size_t *scd_len,
                                        char *err, size_t errlen)
{
    table_cmp tc;
    compare_status st;
    memset(&tc, 0, sizeof tc);
    table_name(b->path, tc.name, sizeof tc.name);
    tc.a = *a;
    tc.b = *b;
    memset(a, 0, sizeof *a);
    memset(b, 0, sizeof *b);
    st = table_report(&tc, digits, sum, out, scd_text, scd_len, err, errlen);
    table_close(&tc);
    return st;
}

compare_status compare_set_scd(csv_table *a, csv_table *b, int n,
                               double digits, FILE *out, char **scd_text,
                               size_t *scd_len, char *err, size_t errlen)
{
    summary sum;
    compare_status st = COMPARE_OK;
    int i;
    summary_open(&sum);
    for (i = 0; i < n; i++) {
        if (scd_text)
            scd_text[i] = NULL;
        if (st == COMPARE_OK)
            st = compare_set_table(&a[i], &b[i], digits, &sum, out,
                                   scd_text ? &scd_text[i] : NULL,
                                   scd_text ? &scd_len[i] : NULL, err, errlen);
        csv_free(&a[i]);
        csv_free(&b[i]);
    }
    if (st != COMPARE_OK) {
        for (i = 0; scd_text && i < n; i++) {
            free(scd_text[i]);
            scd_text[i] = NULL;
        }
        return st;
    }
    return summary_close(&sum, out);
}
