/* mp_cli.h - `collide run SCENARIO --precision BITS`: the high-precision
 * run of a scenario, its printout, its CSV files and, with --check, the
 * significant correct digits of every value written, measured against a
 * run at 64 more bits and a 10^-19 tighter tolerance. Written over the
 * public interface, include/collide.h, alone. */
#ifndef COLLIDE_MP_CLI_H
#define COLLIDE_MP_CLI_H

typedef struct mp_cli_args {
    long bits;           /* --precision */
    double digits;       /* --digits: digits asked for; NAN: the default */
    int check;           /* --check */
    const char *samples; /* --samples N, or NULL: the scenario's */
    const char *csv;     /* --csv DIR, or NULL */
    int quiet;
} mp_cli_args;

/* Runs the scenario name_or_path (a built-in or a file) as asked; returns
 * the exit status (collide_status_text). */
int mp_cli_run(const char *name_or_path, const mp_cli_args *a);

#endif
