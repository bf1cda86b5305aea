/* compare_command.h - `collide compare A B [--digits D] [--scd-csv OUT]`
 * (README.md "Comparing results"), over include/collide.h. */
#ifndef COLLIDE_COMPARE_COMMAND_H
#define COLLIDE_COMPARE_COMMAND_H

/* The exit statuses of collide compare: its own, not collide's (a
 * verdict of collide_compare_verdict, or the status of a comparison that
 * did not take place). */
typedef enum compare_exit {
    COMPARE_EXIT_MET = 0,     /* COLLIDE_VERDICT_MET */
    COMPARE_EXIT_BELOW = 1,   /* COLLIDE_VERDICT_BELOW */
    COMPARE_EXIT_INPUT = 2,   /* a usage error or COLLIDE_E_INPUT */
    COMPARE_EXIT_IO = 4,      /* COLLIDE_E_IO */
    COMPARE_EXIT_MEMORY = 9   /* COLLIDE_E_MEMORY */
} compare_exit;

/* collide compare with its arguments after "compare"; the exit status
 * (compare_exit). */
int compare_command(int argc, char **argv);

#endif
