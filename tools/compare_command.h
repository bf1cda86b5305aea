/* compare_command.h - `collide compare A B [--digits D] [--scd-csv OUT]`
 * (README.md "Comparing results"), over include/collide.h. */
#ifndef COLLIDE_COMPARE_COMMAND_H
#define COLLIDE_COMPARE_COMMAND_H

/* collide compare with its arguments after "compare"; the exit status
 * (collide_compare_status). */
int compare_command(int argc, char **argv);

#endif
