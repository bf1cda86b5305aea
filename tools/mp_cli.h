/* mp_cli.h - `collide run SCENARIO --precision BITS`: the high-precision
 * run of a scenario, its printout, its CSV files and, with --check, the
 * significant correct digits of every value written, measured against a
 * run at 64 more bits and a 10^-19 tighter tolerance. */
#ifndef COLLIDE_MP_CLI_H
#define COLLIDE_MP_CLI_H

#include "scenario.h"

typedef struct mp_cli_args {
    long bits;          /* --precision */
    double digits;      /* --digits: digits asked for; NAN: the default */
    int check;          /* --check */
    const char *csv;    /* --csv DIR, or NULL */
    int quiet;
} mp_cli_args;


/* Runs s as asked; returns the exit status (common.h). */
int mp_cli_run(const scenario *s, const mp_cli_args *a);

#endif
