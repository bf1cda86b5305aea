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

#include "common.h"
#include "model.h"
#include "sim.h"

/* Writes the four CSV files of run r of model m into dir, creating dir
 * (and its parents) when missing. Returns COLLIDE_OK, or COLLIDE_E_IO with
 * one line in err. */
collide_status output_write_csv(const char *dir, const model *m,
                                const sim_result *r, char *err, size_t errlen);

/* Removes the temporary files of a write in progress. Async-signal-safe:
 * meant for a handler of SIGINT or SIGTERM, which then exits. */
void output_remove_temporaries(void);

#endif
