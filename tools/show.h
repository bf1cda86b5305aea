/* show.h - `collide show SCENARIO` and `collide list`, over
 * include/collide.h. */
#ifndef COLLIDE_SHOW_H
#define COLLIDE_SHOW_H

/* collide show with its arguments after "show"; the exit status. */
int show_command(int argc, char **argv);

/* collide list with its arguments after "list"; the exit status. */
int list_command(int argc, char **argv);

#endif
