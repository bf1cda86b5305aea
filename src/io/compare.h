/* compare.h - `collide compare A B`: significant correct digits (scd.h)
 * of the result set A against the reference B.
 *
 * A and B are both directories written by `collide run --csv DIR` (every
 * table present in both of collisions.csv, events.csv, ledger.csv and
 * samples.csv is compared) or both single CSV files. Rows are matched by
 * key: scope (ledger), (j, transition) (events), i (collisions), (j, t)
 * (samples, trajectory: the two rows of a jump as the ends of their
 * intervals of flow, the others by t within 1e-12 relative), else by
 * position; a row of one side only is printed with its key and makes the
 * status COMPARE_BELOW. Columns are matched by name; a column present in
 * one side only is reported and skipped. A column whose
 * cells are all integers on both sides (`i`, `j`, `grazing`), and a column
 * with a cell that is not a number (`transition`, `scope`), is compared
 * for equality; every other column is numeric and compared by scd.
 *
 * The report, one line per column:
 *     table column min_scd median_scd worst_row     numeric column
 *     table column equal                            integer or text column
 *     table column mismatch K of N rows, first row R: "a" vs "b"
 * then `compare: N columns, worst scd X (table.column row R)`. A column
 * whose name ends in "residual" (ledger_residual, residual,
 * momentum_residual: exactly 0 in exact arithmetic) is reported but left
 * out of the worst scd and of the --digits threshold: its relative digits
 * measure rounding, not the solution. A reference value below the
 * resolution of its row (the row's largest magnitude times 10^-N, N the
 * significant digits of the value's text) is zero at that resolution: its
 * error is measured against the row's largest magnitude (the mixed error
 * of the IVP test set, with that magnitude as atol/rtol); the work W of
 * an elastic contact, exactly 0, is such a value. */
#ifndef COLLIDE_COMPARE_H
#define COLLIDE_COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "collide.h"
#include "output.h"

/* The statuses of a comparison, also the exit statuses of `collide
 * compare` (the interface maps them to a collide_status and a
 * collide_compare_verdict). */
typedef enum compare_status {
    COMPARE_OK = 0,       /* compared (and every column met digits) */
    COMPARE_BELOW = 1,    /* a row of one side only, or a column with fewer
                             digits than asked */
    COMPARE_E_INPUT = 2,  /* missing or malformed input */
    COMPARE_E_IO = 4,     /* a file could not be written */
    COMPARE_E_MEMORY = 9  /* out of memory */
} compare_status;

typedef struct compare_options {
    const char *a;         /* result set compared: a directory or a CSV file */
    const char *b;         /* the reference, of the same kind */
    double digits;         /* threshold of --digits; NAN for none */
    const char *scd_csv;   /* single files: write each cell's scd here */
    output_session *session; /* the session of the scd file's write: its
                                temporary listed there while it exists, its
                                inputs never replaced (NULL: none) */
} compare_options;

/* Compares o->a with the reference o->b, prints the report on out and
 * errors on err; returns the exit status. With a threshold, a numeric
 * column whose least scd is under it, or an integer or text column that
 * differs, gives COMPARE_BELOW (each is printed). */
compare_status compare_results(const compare_options *o, FILE *out,
                               FILE *err);

/* Compares the table a with the reference b, both read into memory
 * (csv.h; a's path names it in the report, b's the table), as one table
 * of compare_results: the report on out, an error in err; both stay the
 * caller's (read, not changed). */
struct csv_table;
compare_status compare_tables(const struct csv_table *a,
                              const struct csv_table *b,
                              double digits, FILE *out, char *err,
                              size_t errlen);

/* Compares the set of n tables a[0..n-1] with the references b[0..n-1],
 * all read into memory, as compare_results compares two directories: the
 * report of each table in turn on out, then one summary of them all, an
 * error in err; frees all the tables. With scd_text not NULL, also the scd
 * table of each pair (the content compare_write_scd_table writes: a row
 * per row of b, the columns b shares with a) as text in memory,
 * scd_text[i] of scd_len[i] bytes, which the caller frees (all NULL after
 * an error). */
compare_status compare_set_scd(struct csv_table *a, struct csv_table *b,
                               int n, double digits, FILE *out,
                               char **scd_text, size_t *scd_len, char *err,
                               size_t errlen);

/* Writes to out_path, atomically, the scd of each cell of the CSV file
 * a_path against the reference b_path: the header of b restricted to the
 * columns of both, then one row per row with each cell's scd (inf where
 * they agree; integer and text cells inf when equal, 0 when not; a row of
 * b without a match in a 0 in every cell), with the session o (output.h:
 * the temporary listed in o while it exists, an input noted in o never
 * replaced; NULL: none). Returns COMPARE_OK, COMPARE_E_INPUT (also for
 * an input of o) or COMPARE_E_IO with one line in err. */
compare_status compare_write_scd_table(output_session *o,
                                       const char *out_path,
                                       const char *a_path, const char *b_path,
                                       char *err, size_t errlen);

#endif
