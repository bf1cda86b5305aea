/* sim_output.h - the CSV tables of a binary64 run (tables.h): every
 * number with "%.17g", so that it reads back to the same double, a NaN
 * as "nan". */
#ifndef COLLIDE_SIM_OUTPUT_H
#define COLLIDE_SIM_OUTPUT_H

#include <stddef.h>

#include "impact.h"
#include "model.h"
#include "sim.h"
#include "tables.h"

/* A binary64 run as the tables see it: the run, and room for the numbers
 * a row computes rather than holds (a collision's ledger scale; the
 * forces and storage of sample sample_k, -1 before the first). */
typedef struct b64_view {
    const model *m;
    layout L;
    const sim_result *r;
    double scale;
    double fc, V, fer, fe1, fe2;
    int sample_k;
} b64_view;

/* The view of run r of model m in b, valid while b, m and r are: the
 * table_run of the writers and of the cell accessors of tables.h. */
table_run sim_output_view(b64_view *b, const model *m, const sim_result *r);

/* Writes the result set of run r of model m into dir (tables_write_set,
 * with the session o and the notes of its MANIFEST, each NULL for none):
 * collisions, events, ledger, samples and trajectory. Returns COLLIDE_OK,
 * or COLLIDE_E_IO with one line in err. */
collide_status sim_output_write_csv(output_session *o,
                                    const output_notes *notes,
                                    const char *dir, const model *m,
                                    const sim_result *r, char *err,
                                    size_t errlen);

/* The text of the table `name` ("collisions.csv", ..., "trajectory.csv",
 * or OUTPUT_FINAL_CONTACT) of run r of model m, as tables_text gives it. */
collide_status sim_output_csv_text(const model *m, const sim_result *r,
                                   const char *name, char **text,
                                   size_t *len);

#endif
