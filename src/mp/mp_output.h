/* mp_output.h - the CSV files of a high-precision run: the tables of
 * tables.h but trajectory.csv, every MPFR value as a decimal string of
 * the requested number of significant digits, written as one result set
 * (tables_write_set). */
#ifndef COLLIDE_MP_OUTPUT_H
#define COLLIDE_MP_OUTPUT_H

#include <stddef.h>

#include "mp_sim.h"
#include "output.h"

/* Writes collisions.csv, events.csv, ledger.csv and samples.csv of run r
 * of model M into dir, values with `digits` significant digits; when
 * scd is not NULL, the set also holds <table>.scd.csv for each table, the
 * texts scd[0..3] in the order of the tables (the scd tables of a check). Returns COLLIDE_OK or
 * COLLIDE_E_IO with one line in err. */
collide_status mp_output_write_csv(output_session *o,
                                   const output_notes *notes,
                                   const char *dir, const mp_model *M,
                                   const mp_result *r, int digits,
                                   const char *const *scd, char *err,
                                   size_t errlen);

/* The text of the table `name` ("collisions.csv", "events.csv",
 * "ledger.csv", "samples.csv", or OUTPUT_FINAL_CONTACT) of run r with `digits` significant
 * digits, as mp_output_write_csv writes it (tables_text). */
collide_status mp_output_csv_text(const mp_model *M, const mp_result *r,
                                  int digits, const char *name, char **text,
                                  size_t *len);

#endif
