/* csv.h - a CSV file in memory: a header of named columns and rows of as
 * many cells, cut out of the text in place (RFC 4180 quoting; a line ends
 * with a newline or a carriage return and a newline). Used by `collide
 * compare` and `collide audit`. */
#ifndef COLLIDE_CSV_H
#define COLLIDE_CSV_H

#include <stddef.h>

/* A CSV file in memory; the cells are cut out of text in place. */
typedef struct csv_table {
    const char *path;
    char *text;
    char **cell;        /* row-major, (nrows + 1) * ncols; row 0 the header */
    size_t ncells, cap;
    int ncols, nrows;
    int *index;         /* the columns hashed by name: a column or -1 */
    size_t index_mask;  /* its size minus 1, a power of two minus 1 */
} csv_table;

#define CSV_E_MEMORY (-2)  /* csv_load ran out of memory */

/* Reads the CSV file at path into t. 0, or -1 with one line naming the
 * file and the line in err (missing, unreadable, not text, empty, a quote
 * error, a ragged row, a column without a name or named twice), or
 * CSV_E_MEMORY with one line when out of memory. */
int csv_load(const char *path, csv_table *t, char *err, size_t errlen);

/* As csv_load, from text (NUL-terminated, len bytes, allocated with
 * malloc: t owns it from then on, freed by csv_free or on failure); path
 * names the table in messages. */
int csv_parse(const char *path, char *text, size_t len, csv_table *t,
              char *err, size_t errlen);

/* Frees what csv_load allocated. */
void csv_free(csv_table *t);

/* The text of row r (0 the header), column c. */
const char *csv_cell(const csv_table *t, int r, int c);

/* The column of t named name, or -1; through a hash of the names built
 * once by csv_load, so that finding every column is linear in their
 * number. */
int csv_column(const csv_table *t, const char *name);

/* What a message echoes of a cell: at most CSV_EXCERPT_MAX bytes of it
 * (cut at a character boundary of UTF-8), bytes below 32 and 127 shown as
 * '?', then "[...]" when it was cut; buf holds CSV_EXCERPT_SIZE bytes. */
#define CSV_EXCERPT_MAX 40
#define CSV_EXCERPT_SIZE (CSV_EXCERPT_MAX + 8)
const char *csv_excerpt(const char *cell, char *buf);

#endif
