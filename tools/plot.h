/* plot.h - figures of runs, drawn by gnuplot: for each scenario the states
 * against time with the contact intervals shaded (as Figs. 4a, 5a) and the
 * observables of Eqs. (193)-(204) against the collision index (Figs. 4b,
 * 5b); for several scenarios also the relative displacement of each, with
 * the commencements and separations marked and the line -x_c^s of
 * Eq. (212) (Fig. 6).
 *
 * Each scenario is run into a temporary directory (output.h); a generated
 * script is handed to the program `gnuplot`, which writes every figure as
 * PNG and SVG under temporary names; only when gnuplot succeeds are they
 * renamed to their final names, so that a failure leaves no new file. */
#ifndef COLLIDE_PLOT_H
#define COLLIDE_PLOT_H

#include <stddef.h>

#include "collide.h"

#define PLOT_SCENARIOS_MAX 8   /* most scenarios of one comparison */

typedef struct plot_options {
    const char *out;   /* directory of the figures (created when missing) */
    const char *samples; /* decimal text of the grid samples of each run */
    int outside;       /* 1: --outside-proved-domain */
} plot_options;

/* Draws the figures of the n scenarios (built-in names or files) into
 * o->out: NAME-state.{png,svg} and, when the run has collisions,
 * NAME-observables.{png,svg} for each; compare.{png,svg} when n > 1.
 * Prints the path of each file written. Returns COLLIDE_OK; COLLIDE_E_INPUT
 * for a bad scenario or when gnuplot is not installed; COLLIDE_E_IO when a
 * file could not be written or gnuplot failed; the status of a failed run.
 * On an error writes one line into err. */
collide_status plot_scenarios(const char *const *names, int n,
                              const plot_options *o, char *err, size_t errlen);

/* Every text of a user that a gnuplot script holds (the scenarios'
 * names, --out, TMPDIR) is written as a single-quoted string, in which
 * gnuplot interprets nothing but a doubled quote, and a relative path
 * begins with "./". A newline or another control character cannot be in
 * such a string (gnuplot ends a command at a newline even inside quotes):
 * plot_check_name refuses it. Returns COLLIDE_OK, or COLLIDE_E_INPUT with
 * one line in err naming what (e.g. "the scenario") and the text, its
 * control characters shown as \n or \xNN. */
collide_status plot_check_name(const char *what, const char *name, char *err,
                               size_t errlen);

/* 1 when the program gnuplot is found on PATH. */
int plot_gnuplot_available(void);

/* Removes the temporary files of a plot in progress. Async-signal-safe:
 * meant for a handler of SIGINT or SIGTERM, which then exits. */
void plot_remove_temporaries(void);

#endif
