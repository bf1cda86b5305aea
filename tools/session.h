/* session.h - the session of this program's writes (collide_aux.h): the
 * command line its result sets record, the files it reads and must not
 * overwrite, and its writes in progress, whose temporaries the handler
 * of SIGINT and SIGTERM removes. The program owns it, made once by main
 * before any command runs and kept until the process exits (the handler
 * may read it at any time); the library keeps none of it. */
#ifndef COLLIDE_SESSION_H
#define COLLIDE_SESSION_H

#include "collide_aux.h"

/* Makes the program's session with the command line argc, argv (which
 * lives while the program runs): COLLIDE_OK, or COLLIDE_E_MEMORY. */
collide_status session_begin(int argc, char *const *argv);

/* The program's session: NULL before session_begin (writes then have no
 * inputs and no command line). Read by the signal handler too. */
collide_aux_session *session_get(void);

#endif
