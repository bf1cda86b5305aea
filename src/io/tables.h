/* tables.h - the tables of a run, written once for both engines: the
 * columns, rows and order of collisions.csv, events.csv, ledger.csv,
 * samples.csv and trajectory.csv (doc/output.md), and the
 * contact still open at T (OUTPUT_FINAL_CONTACT).
 *
 * An engine shows its run through a table_run: the counts of its rows,
 * a function that fills each row with pointers to the engine's own
 * numbers (binary64 or MPFR), and the function that writes one such
 * number as decimal text. The writers here decide everything else, so
 * that a binary64 set and a high-precision set have the same tables by
 * construction. */
#ifndef COLLIDE_TABLES_H
#define COLLIDE_TABLES_H

#include <stddef.h>
#include <stdio.h>

#include "collide.h"
#include "common.h"
#include "contact.h"
#include "event.h"
#include "hybrid.h"
#include "output.h"

/* The name of the table of the contact still open at T (a partial
 * collision: the columns of collisions.csv, 0 or 1 row), given in memory
 * (tables_text) and never written into a result set. */
#define OUTPUT_FINAL_CONTACT "final_contact.csv"

/* The numbers of a row of collisions.csv (TC_TE ... TC_RES) are enum
 * table_collision_col of contact.h (src/rules, a layer below), where both
 * engines fill a collision's row by the same rule. */

/* The numbers of a row of ledger.csv after its scope: V at the start and
 * the end, I_s, Delta_C, Delta_D, the residual of Eq. (24), its scale. */
enum table_ledger_col {
    TL_V_START, TL_V_END, TL_IS, TL_DC, TL_DD, TL_RES, TL_SCALE, TL_N
};

/* A collision (or the contact open at T): its index, its numbers, and
 * the scale of its ledger row, max(|V_start|, |V_end|, |I_s|). */
typedef struct table_collision {
    int i;
    const void *v[TC_N];
    const void *scale;
} table_collision;

/* An event: the jump (t, j), the transition, the margin and whether it
 * grazes, membership in C and D on both sides, the root's final bracket,
 * the state before and after, and the scale of the margin. */
typedef struct table_event {
    const event_discrete *d;
    const void *t, *margin, *lo, *hi, *rate_scale;
    const void *before[COLLIDE_NY_MAX], *after[COLLIDE_NY_MAX];
} table_event;

/* A sample: (t, j), the mode q, whether it bounds a flow interval, the
 * state, the contact force, V, the reduced applied force F_e_r, and the
 * applied forces F_e1, F_e2 (trajectory.csv; NULL when the run has no
 * trajectory). */
typedef struct table_sample {
    int j, q, boundary;
    const void *t, *fc, *V, *fer, *fe1, *fe2;
    const void *y[COLLIDE_NY_MAX];
} table_sample;

/* How an engine shows its runs: the fill functions give row k (k = -1:
 * the contact open at T) with pointers valid until the next call; number
 * writes one number, a NaN as "nan". engine is the run's view. An engine
 * whose numbers are binary64 also gives, for tables_value and
 * tables_cell_text, a number's value as its text reads back (value) and
 * that text in a buffer of TABLE_TEXT_MAX bytes (text, which number
 * writes); NULL for the others, whose tables are read as text. */
typedef struct table_engine {
    void (*number)(FILE *f, void *engine, const void *x);
    void (*collision)(void *engine, int k, table_collision *row);
    void (*event)(void *engine, int k, table_event *row);
    void (*sample)(void *engine, int k, table_sample *row);
    void (*ledger_total)(void *engine, const void *v[TL_N]);
    int trajectory;               /* 1: its sets hold trajectory.csv */
    double (*value)(void *engine, const void *x);
    void (*text)(char *buf, void *engine, const void *x);
} table_engine;

/* A run as the writers see it. */
typedef struct table_run {
    const table_engine *ops;      /* its engine's functions */
    void *engine;                 /* the engine's view of the run */
    const layout *L;
    int ncollisions, nevents, nsamples;
    int final_contact;            /* 1: a contact lasts to T */
    const char *const *scd;       /* the 4 scd tables of a check, or NULL */
    const struct meta_run *meta;  /* the description of the set being
                                     written (meta.h): set by
                                     tables_write_set on its copy alone */
} table_run;

/* The tables of a run: those of collide_table (include/collide.h), in
 * its order, then trajectory.csv. */
typedef enum table_id {
    TABLE_COLLISIONS, TABLE_EVENTS, TABLE_LEDGER, TABLE_SAMPLES,
    TABLE_FINAL_CONTACT, TABLE_TRAJECTORY, TABLE_COUNT
} table_id;

/* The most columns of a table (events.csv: 10 and the state twice), the
 * longest column name with its NUL, and the longest text of a cell that
 * tables_cell_text formats, with its NUL ("%.17g" of a double: sign, 17
 * digits, the point and "e-308"; "%d" of an int). */
#define TABLE_COLS_MAX (10 + 2 * COLLIDE_NY_MAX)
#define TABLE_NAME_MAX 32
#define TABLE_TEXT_MAX 25

/* A cell of a table as its writer sees it: one of the engine's numbers,
 * an integer (an index, a count, a flag) or a fixed text (a scope, a
 * transition's name). */
typedef enum table_cell_kind { CELL_NUMBER, CELL_INT, CELL_TEXT } table_cell_kind;
typedef struct table_cell {
    table_cell_kind kind;
    const void *x;                /* CELL_NUMBER: the engine's number */
    int n;                        /* CELL_INT */
    const char *s;                /* CELL_TEXT: a static text */
} table_cell;

/* The rows of table t of the run (its header not counted) and its
 * columns. */
int tables_rows(const table_run *run, table_id t);
int tables_columns(const table_run *run, table_id t);

/* The name of column col (0 <= col < tables_columns) of table t, as its
 * header writes it, into buf (TABLE_NAME_MAX bytes). */
void tables_column_name(const table_run *run, table_id t, int col,
                        char *buf);

/* The cell (row, col) of table t as its writer writes it, into *cell: 1;
 * 0 outside the table (row or col out of range). A CELL_NUMBER points
 * into the engine's view, valid until the next call on the run. */
int tables_cell(const table_run *run, table_id t, int row, int col,
                table_cell *cell);

/* The unit of column col of table t (SI, "1" for a pure number, a count,
 * an index or a flag, "" for a text column) and the equation that defines
 * it ("" where none does), static texts, defined beside the column's name
 * in tables.c. */
void tables_column_unit(const table_run *run, table_id t, int col,
                        const char **unit, const char **eq);

/* The cell (row, col) of table t of a binary64 run (run->ops->value) as
 * a double, the value its text in the table reads back to with
 * number_parse: a number exactly (its text has round-trip precision),
 * any NaN as NAN (its text, "nan", is not a value), an integer exactly,
 * a text as number_parse reads it (NaN when it is not a number); NaN
 * outside the table. Allocates nothing. */
double tables_value(const table_run *run, table_id t, int row, int col);

/* The text of the cell (row, col) of table t of a binary64 run, as its
 * writer writes it: a text cell's static text, else the cell formatted
 * into buf (TABLE_TEXT_MAX bytes); NULL outside the table. */
const char *tables_cell_text(const table_run *run, table_id t, int row,
                             int col, char *buf);

/* Writes the result set of the run into dir (output_write_set, with the
 * session o and the notes of its MANIFEST, each NULL for none):
 * collisions, events, ledger and samples, then trajectory.csv when
 * run->ops->trajectory, then <table>.scd.csv for the four tables when
 * run->scd. Returns COLLIDE_OK, or COLLIDE_E_IO with one line in err. */
collide_status tables_write_set(output_session *o, const output_notes *notes,
                                const char *dir, const table_run *run,
                                char *err, size_t errlen);

/* The text of the table `name` of the run as tables_write_set writes it
 * ("collisions.csv", ..., or OUTPUT_FINAL_CONTACT), in memory: *text
 * (malloc'ed, NUL-terminated, the caller frees it) and *len bytes.
 * COLLIDE_OK; COLLIDE_E_USAGE for a name the set has not (*text NULL);
 * COLLIDE_E_MEMORY. */
collide_status tables_text(const table_run *run, const char *name,
                           char **text, size_t *len);

#endif
