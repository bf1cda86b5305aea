/* sweep.h - `collide sweep GRID` and `collide merge PART...`: a scenario
 * run at every point of a grid (grid.h), in threads, one CSV row per point
 * written in index order, so that the bytes do not depend on the number of
 * threads; shards of the points for job arrays, merged back into the bytes
 * of the whole sweep; a directory of finished points for resuming.
 * README.md, "Sweeps", describes the formats. */
#ifndef COLLIDE_SWEEP_H
#define COLLIDE_SWEEP_H

/* collide sweep ARGS (the arguments after the command); the exit status. */
int sweep_command(int argc, char **argv);

/* collide merge ARGS; the exit status. */
int merge_command(int argc, char **argv);

#endif
