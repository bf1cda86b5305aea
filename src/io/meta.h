/* meta.h - meta.json, the description of a result set that the set
 * carries (README.md, "CSV output"; reference_data/meta.schema.json):
 * the program (its version and the source revision of its build,
 * scripts/revision), the scenario as canonical text, the run's options and
 * settings, its statistics, its status, the least checked digits of a
 * checked run, and each column's unit and equation. Written by the one
 * writer here, for both engines, as the last file of the set
 * (tables_write_set); nothing in it depends on the time or place of the
 * run, so that a rerun writes the same bytes. */
#ifndef COLLIDE_META_H
#define COLLIDE_META_H

#include <stdio.h>

#include "csv.h"
#include "json.h"
#include "scenario.h"
#include "tables.h"

#define META_FILE "meta.json"
#define META_NSCD 4          /* the scd tables of a checked run */
#define META_NSTATS 16

/* A statistic of the run: its name and value (NaN: not of this engine,
 * left out). */
typedef struct meta_stat {
    const char *name;
    double value;
} meta_stat;

/* What meta.json says beyond the tables, filled by the writer of a set
 * (collide_result_write). */
typedef struct meta_run {
    const char *version;          /* the program's */
    const scenario *s;            /* the scenario run */
    long precision;               /* bits; 53: binary64 */
    double digits_asked;          /* --digits; NaN: none asked */
    int digits_written;           /* high precision: digits written; 0 */
    double step_tolerance;        /* high precision: its tolerance; NaN */
    int check;                    /* 1: a checked run */
    long check_precision;         /* its reference run's bits */
    const double *sample_at;      /* the further sample times (--at) */
    int n_sample_at;
    meta_stat stat[META_NSTATS];  /* the statistics, nstat of them */
    int nstat;
    int left_domain;              /* 1: the run left the proof domain */
    double t_left_domain;         /* then: when */
    const char *domain_note;      /* then: what */
    int status;                   /* the run's status (the exit status) */
    const char *status_text;
    const csv_table *scd;         /* a checked run: its META_NSCD scd
                                     tables, in the order of the set; NULL */
} meta_run;


/* The members of meta.json that the summary of a run (collide run
 * --json, collide_result_json) shares with it, one writer each:
 * "program" (its name, version and the document's format), "scenario"
 * (its source as collide run takes it, a built-in's name or the file's
 * path as given, whether it is built in, its law, its canonical text and
 * that text's hash), "options" (those of the run itself), "statistics",
 * "domain" and "status" (how the run went), and "check" (the least
 * checked digits of each column of each scd table and of each table;
 * null when no row has a finite value). */
void meta_put_program(json_writer *w, const meta_run *m, const char *format);
void meta_put_scenario(json_writer *w, const scenario *s);
void meta_put_options(json_writer *w, const meta_run *m);
void meta_put_outcome(json_writer *w, const meta_run *m);
void meta_put_check(json_writer *w, const meta_run *m);

/* Writes meta.json of the set of run, described by m, on f; 0. */
int meta_write(FILE *f, const table_run *run, const meta_run *m);

/* The least of the checked digits of column col of scd table x over its
 * rows, "inf" (every digit agrees, or an integer equal) read as
 * infinity: +INFINITY when no row has a finite value (meta.json then
 * writes null). */
double meta_least_digits(const csv_table *x, int col);

#endif
