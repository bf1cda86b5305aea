/* session.c - the session of this program's writes; see session.h. */
#include "session.h"

#include <stddef.h>

/* The program's session: set once by main, read by every command and by
 * the signal handler (a pointer, read atomically with respect to the
 * signal). */
static collide_aux_session *volatile program_session;

collide_status session_begin(int argc, char *const *argv)
{
    collide_aux_session *s = NULL;
    collide_status st = collide_aux_session_make(&s);
    if (st != COLLIDE_OK)
        return st;
    collide_aux_session_set_command_line(s, argc, argv);
    program_session = s;
    return COLLIDE_OK;
}

collide_aux_session *session_get(void)
{
    return program_session;
}

