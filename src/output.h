/* output.h - CSV files of a run: collisions.csv, events.csv, ledger.csv and
 * samples.csv (columns in doc/cli.md), every number with "%.17g" so that
 * it reads back to the same double.
 *
 * The four files are written as a set: each goes to a temporary name in
 * the directory and is flushed to disk; only when all four are complete are
 * they renamed to their final names, and when a rename fails the files
 * already renamed are restored from their previous versions. On any failure
 * no new file remains and previous files are left as they were. */
#ifndef COLLIDE_OUTPUT_H
#define COLLIDE_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

#include "common.h"
#include "hybrid.h"
#include "model.h"
#include "sim.h"

/* mkdir -p: creates dir and its missing parents; COLLIDE_OK, or
 * COLLIDE_E_IO with one line in err naming the directory. */
collide_status output_make_dirs(const char *dir, char *err, size_t errlen);

/* One file of a set: its name in the directory, and the function that
 * writes its content from the context of the set. */
typedef int (*output_writer)(FILE *f, const void *ctx);
typedef struct output_file {
    const char *name;
    output_writer write;
} output_file;

/* Writes the n (at most 8) files as one set into dir (created when
 * missing), as described above. Returns COLLIDE_OK, or COLLIDE_E_IO with
 * one line in err. */
collide_status output_write_files(const char *dir, const output_file *files,
                                  int n, const void *ctx, char *err,
                                  size_t errlen);

/* The header lines of the tables (shared by the binary64 and MPFR
 * writers): collisions and ledger complete; events, samples and
 * trajectory are followed by the component names (output_component_names)
 * and their trailers. */
extern const char output_collisions_header[];
extern const char output_events_header[];
extern const char output_events_trailer[];
extern const char output_ledger_header[];
extern const char output_samples_header[];
extern const char output_samples_trailer[];
extern const char output_trajectory_header[];
extern const char output_trajectory_trailer[];

/* ",<prefix><name>" for each component of chi (impact_component_name). */
void output_component_names(FILE *f, const layout *L, const char *prefix);

/* Writes the CSV files (collisions, events, ledger, samples, trajectory) of run r of model m into dir, creating dir
 * (and its parents) when missing. Returns COLLIDE_OK, or COLLIDE_E_IO with
 * one line in err. */
collide_status output_write_csv(const char *dir, const model *m,
                                const sim_result *r, char *err, size_t errlen);

/* Removes the temporary files of a write in progress. Async-signal-safe:
 * meant for a handler of SIGINT or SIGTERM, which then exits. */
void output_remove_temporaries(void);

#endif
