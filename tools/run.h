/* run.h - `collide run SCENARIO [...]`: the run of a scenario in binary64
 * or at a given precision, over include/collide.h. */
#ifndef COLLIDE_RUN_H
#define COLLIDE_RUN_H

/* The command with its arguments after "run"; returns the exit status. */
int run_command(int argc, char **argv);

#endif
