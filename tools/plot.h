/* plot.h - figures of runs, drawn by gnuplot: for each scenario the states
 * against time with the contact intervals shaded (as Figs. 4a, 5a) and the
 * observables of Eqs. (193)-(204) against the collision index (Figs. 4b,
 * 5b); for several scenarios also the relative displacement of each, with
 * the commencements and separations marked and the line -x_c^s of
 * Eq. (212) (Fig. 6).
 *
 * and, per scenario with collisions, the force-indentation loops F_c
 * against -x_c of each collision.
 *
 * Each scenario is run into a temporary directory (output.h); the tables
 * the figures read are copied, and a gnuplot script for each figure is
 * written, into a new directory of DIR; the program `gnuplot` draws every
 * figure there in the formats asked (PNG, SVG, PDF); only when it
 * succeeds are the figures, their scripts and the tables renamed to
 * their final names in DIR, so that a failure leaves no new file. A
 * script, kept as NAME.gp beside its figure NAME.png, reads the tables by
 * paths relative to DIR: `gnuplot NAME.gp` in DIR draws the figure again,
 * `gnuplot -e "format='pdf'" NAME.gp` as PDF. */
#ifndef COLLIDE_PLOT_H
#define COLLIDE_PLOT_H

#include <stddef.h>

#include "collide.h"

#define PLOT_SCENARIOS_MAX 8   /* most scenarios of one comparison */
#define PLOT_FORMATS 3         /* png, svg, pdf */

typedef struct plot_options {
    const char *out;   /* directory of the figures (created when missing) */
    const char *samples; /* decimal text of the grid samples of each run */
    const char *format; /* --format: comma-separated png, svg, pdf */
    int outside;       /* 1: --outside-proved-domain */
} plot_options;

/* Draws the figures of the n scenarios (built-in names or files) into
 * o->out, each in the formats of o->format with its script NAME.gp:
 * NAME-state and, when the run has collisions, NAME-observables and
 * NAME-loop for each; compare when n > 1; and the tables they read,
 * NAME-samples.csv, NAME-collisions.csv, NAME-events.csv,
 * NAME-trajectory.csv and NAME-loops.csv (the samples in each contact). Prints the path of each file written. Returns
 * COLLIDE_OK; COLLIDE_E_INPUT for a bad scenario or format or when
 * gnuplot is not installed; COLLIDE_E_IO when a file could not be
 * written or gnuplot failed; the status of a failed run. On an error
 * writes one line into err. */
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
