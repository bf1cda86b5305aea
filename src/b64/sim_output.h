/* sim_output.h - the CSV tables of a binary64 run (tables.h): every
 * number with "%.17g", so that it reads back to the same double, a NaN
 * as "nan". */
#ifndef COLLIDE_SIM_OUTPUT_H
#define COLLIDE_SIM_OUTPUT_H

#include <stddef.h>

#include "model.h"
#include "sim.h"

/* Writes the result set of run r of model m into dir (tables_write_set):
 * collisions, events, ledger, samples and trajectory. Returns COLLIDE_OK,
 * or COLLIDE_E_IO with one line in err. */
collide_status sim_output_write_csv(const char *dir, const model *m,
                                    const sim_result *r, char *err,
                                    size_t errlen);

/* The text of the table `name` ("collisions.csv", ..., "trajectory.csv",
 * or OUTPUT_FINAL_CONTACT) of run r of model m, as tables_text gives it. */
collide_status sim_output_csv_text(const model *m, const sim_result *r,
                                   const char *name, char **text,
                                   size_t *len);

#endif
