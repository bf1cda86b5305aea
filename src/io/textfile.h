/* textfile.h - a text file read whole into memory: the one file reader
 * of the scenario files, the grid files and the CSV tables (each then
 * checks what its format forbids: a NUL byte, a byte order mark). */
#ifndef COLLIDE_TEXTFILE_H
#define COLLIDE_TEXTFILE_H

#include <stddef.h>

#include "collide.h"

/* Reads the file at path, of at most max bytes, into a new NUL-terminated
 * string (*text, the caller frees it; *len its bytes, which may include
 * NUL bytes). COLLIDE_OK; or, with one line in err naming the file and
 * *text NULL: COLLIDE_E_INPUT ("cannot open: REASON" followed by hint
 * when hint is not NULL, "cannot read: REASON", "file too large: larger
 * than MAX bytes") or COLLIDE_E_MEMORY ("out of memory"). */
collide_status text_file_read(const char *path, size_t max, const char *hint,
                              char **text, size_t *len, char *err,
                              size_t errlen);

#endif
