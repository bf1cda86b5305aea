/* csv.c - reading a CSV file into memory; see csv.h. */
#include "csv.h"
#include "textfile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Formats one line into err and returns -1. */
static int csv_fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}


/* Appends a cell to t->cell; 0 when out of memory. */
static int push_cell(csv_table *t, char *cell)
{
    if (t->ncells == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 256;
        char **grown = realloc(t->cell, cap * sizeof *grown);
        if (!grown)
            return 0;
        t->cell = grown;
        t->cap = cap;
    }
    t->cell[t->ncells++] = cell;
    return 1;
}

/* Cuts the quoted cell at p ('"' first) out in place, "" standing for a
 * quote; returns the character after the closing quote, or NULL when it
 * has none. */
static char *unquote(char *p)
{
    char *r = p + 1, *w = p;
    for (;;) {
        if (*r == '\0')
            return NULL;
        if (*r == '"' && r[1] != '"')
            break;
        r += *r == '"' ? 1 : 0;
        *w++ = *r++;
    }
    *w = '\0';
    return r + 1;
}

/* Cuts the cell at p out of a line in place, storing its start in *cell;
 * returns the start of the next cell, NULL at the end of the line, and
 * sets *bad on a quote error. */
static char *cut_cell(char *p, char **cell, const char **bad)
{
    char *end;
    *cell = p;
    if (*p == '"') {
        end = unquote(p);
        if (!end) {
            *bad = "a quote is not closed";
            return NULL;
        }
        if (*end != ',' && *end != '\0') {
            *bad = "text follows a closing quote";
            return NULL;
        }
    } else
        end = p + strcspn(p, ",");
    if (*end == '\0')
        return NULL;
    *end = '\0';
    return end + 1;
}

/* Adds the cells of line number lineno (text at p, without its newline). */
static int add_row(csv_table *t, char *p, int lineno, char *err,
                              size_t errlen)
{
    const char *bad = NULL;
    size_t first = t->ncells;
    int n;
    if (*p == '\0')
        return csv_fail(err, errlen, "%s:%d: empty line", t->path,
                    lineno);
    do {
        char *cell;
        p = cut_cell(p, &cell, &bad);
        if (!push_cell(t, cell)) {
            csv_fail(err, errlen, "%s:%d: out of memory", t->path, lineno);
            return CSV_E_MEMORY;
        }
    } while (p);                   /* NULL also after a quote error */
    if (bad)
        return csv_fail(err, errlen, "%s:%d: %s", t->path, lineno,
                    bad);
    n = (int)(t->ncells - first);
    if (lineno == 1)
        t->ncols = n;
    else if (n != t->ncols)
        return csv_fail(err, errlen,
                    "%s:%d: ragged row: %d cell%s, the header has %d", t->path,
                    lineno, n, n == 1 ? "" : "s", t->ncols);
    return 0;
}

/* Splits t->text into lines (newline, or carriage return and newline) and
 * the lines into cells. */
static int split_lines(csv_table *t, char *err, size_t errlen)
{
    char *p = t->text;
    int lineno = 0;
    int st = 0;
    while (*p && st == 0) {
        char *nl = strchr(p, '\n'), *next;
        size_t n;
        next = nl ? nl + 1 : p + strlen(p);
        if (nl)
            *nl = '\0';
        n = strlen(p);
        if (n > 0 && p[n - 1] == '\r')
            p[n - 1] = '\0';
        if (strchr(p, '\r'))
            st = csv_fail(err, errlen, "%s:%d: a carriage return inside the "
                          "line (lines end with LF or CR LF)", t->path,
                          lineno + 1);
        else
            st = add_row(t, p, lineno + 1, err, errlen);
        lineno++;
        p = next;
    }
    if (st == 0 && lineno == 0)
        return csv_fail(err, errlen,
                    "%s: empty file: not a CSV file (no header line)", t->path);
    t->nrows = lineno - 1;
    return st;
}

/* The text of row r (0 the header), column c. */
const char *csv_cell(const csv_table *t, int r, int c)
{
    return t->cell[(size_t)r * (size_t)t->ncols + (size_t)c];
}

/* FNV-1a hash of a name. */
static size_t name_hash(const char *name)
{
    size_t h = (size_t)2166136261u;
    for (; *name; name++)
        h = (h ^ (unsigned char)*name) * (size_t)16777619u;
    return h;
}

/* The slot of name in the index: the one holding its column, or the
 * empty slot where it would go. */
static size_t slot_of(const csv_table *t, const char *name)
{
    size_t i = name_hash(name) & t->index_mask;
    while (t->index[i] >= 0 && strcmp(csv_cell(t, 0, t->index[i]), name) != 0)
        i = (i + 1) & t->index_mask;
    return i;
}

/* The column of t named name, or -1 (t as csv_load made it). */
int csv_column(const csv_table *t, const char *name)
{
    return t->index[slot_of(t, name)];
}

/* Builds the index of the names (a table of at least twice as many slots
 * as columns, open addressing): every column has a name, and no name
 * appears twice. */
static int check_header(csv_table *t, char *err, size_t errlen)
{
    size_t n = 4, i;
    char buf[CSV_EXCERPT_SIZE];
    int c;
    while (n < 2 * (size_t)t->ncols)
        n *= 2;
    t->index = malloc(n * sizeof *t->index);
    if (!t->index) {
        csv_fail(err, errlen, "%s:1: out of memory", t->path);
        return CSV_E_MEMORY;
    }
    for (i = 0; i < n; i++)
        t->index[i] = -1;
    t->index_mask = n - 1;
    for (c = 0; c < t->ncols; c++) {
        const char *name = csv_cell(t, 0, c);
        size_t k = slot_of(t, name);
        if (name[0] == '\0')
            return csv_fail(err, errlen,
                        "%s:1: column %d of the header has no name", t->path,
                        c + 1);
        if (t->index[k] >= 0)
            return csv_fail(err, errlen,
                        "%s:1: column %s appears twice (columns %d and %d)",
                        t->path, csv_excerpt(name, buf), t->index[k] + 1,
                        c + 1);
        t->index[k] = c;
    }
    return 0;
}

const char *csv_excerpt(const char *cell, char *buf)
{
    size_t n = strlen(cell), k, i;
    int cut = n > CSV_EXCERPT_MAX;
    k = cut ? CSV_EXCERPT_MAX : n;
    while (cut && k > 0 && ((unsigned char)cell[k] & 0xC0) == 0x80)
        k--;                       /* not inside a character of UTF-8 */
    for (i = 0; i < k; i++) {
        unsigned char ch = (unsigned char)cell[i];
        buf[i] = ch < 32 || ch == 127 ? '?' : (char)ch;
    }
    strcpy(buf + k, cut ? "[...]" : "");
    return buf;
}

/* Frees what csv_load allocated. */
void csv_free(csv_table *t)
{
    free(t->text);
    free(t->cell);
    free(t->index);
    memset(t, 0, sizeof *t);
}

int csv_parse(const char *path, char *text, size_t len, csv_table *t,
              char *err, size_t errlen)
{
    char *nul = memchr(text, '\0', len);
    int st = 0;
    memset(t, 0, sizeof *t);
    t->path = path;
    t->text = text;
    if (nul) {
        int lineno = 1;
        const char *p;
        for (p = text; p < nul; p++)
            lineno += *p == '\n';
        st = csv_fail(err, errlen,
                  "%s:%d: a NUL byte: not a CSV text file", path, lineno);
    }
    if (st == 0)
        st = split_lines(t, err, errlen);
    if (st == 0)
        st = check_header(t, err, errlen);
    if (st != 0)
        csv_free(t);
    return st;
}

/* Reads the CSV file at path into t: a header of named columns and rows
 * of as many cells. */
int csv_load(const char *path, csv_table *t, char *err, size_t errlen)
{
    size_t len = 0;
    char *text = NULL;
    int st;
    memset(t, 0, sizeof *t);
    t->path = path;
    st = text_file_read(path, (size_t)-1 - 2, NULL, &text, &len, err, errlen);
    if (st != COLLIDE_OK)
        return st == COLLIDE_E_MEMORY ? CSV_E_MEMORY : -1;
    return csv_parse(path, text, len, t, err, errlen);
}
