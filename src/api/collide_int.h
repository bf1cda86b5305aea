/* collide_int.h - what the files of the public interface share
 * (collide.c: scenarios, runs, results and comparison; collide_model.c:
 * the hybrid system evaluated; collide_csv.c: CSV tables): the inside of
 * a scenario and the error message of a call. Internal: the tools include
 * collide.h alone.
 *
 * Locale: each public function that reads or writes numbers as text
 * (parses a scenario, a number or a CSV cell, formats a table, a result
 * set, a report or a message with a number in it) runs in the C locale:
 * clocale_enter on entry, clocale_leave with its value before returning
 * (most through a static NAME_in_c holding the body), so that a host
 * program under a decimal-comma locale reads and writes what the C
 * locale does. A new such function does the same. The C files including
 * this header define _POSIX_C_SOURCE 200809L (locale_t). */
#ifndef COLLIDE_INT_H
#define COLLIDE_INT_H

#include <stddef.h>

#include "clocale.h"
#include "collide.h"
#include "compare.h"
#include "meta.h"
#include "output.h"
#include "scenario.h"

struct collide_scenario {
    scenario s;
};

/* Writes a message into err (when there is room), as snprintf. */
void collide_api_say(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The defaults d (full bytes, d's struct_size already set to size) into
 * a caller's option struct o, cut at size, the caller's sizeof of it,
 * which must be that of a version of the struct: first (the first with a
 * struct_size) or full (this one). COLLIDE_OK; COLLIDE_E_USAGE with o
 * untouched when o is NULL or size is not such a size. The _init of each
 * option struct: a caller compiled against a shorter version gets no byte
 * written beyond its struct. */
collide_status collide_api_options_init(void *o, size_t size, size_t first,
                                        const void *d, size_t full);

/* A caller's option struct o (NULL: none) over the defaults already in
 * into (full bytes): o's first `size` bytes are copied when size, its
 * struct_size, lies in [first, full] (a caller compiled against an
 * earlier, shorter version keeps the defaults of the fields beyond it).
 * COLLIDE_OK, or COLLIDE_E_USAGE with err naming fn, struct_size, its
 * value and what sets it (type's _init). */
collide_status collide_api_options_copy(const void *o, size_t size,
                                        size_t first, void *into,
                                        size_t full, const char *fn,
                                        const char *type, char *err,
                                        size_t errlen);

/* The status of the interface of a comparison's status st, and its
 * verdict into *verdict (when not NULL) when it took place. */
collide_status collide_api_compare_status(compare_status st,
                                          collide_compare_verdict *verdict);

/* The description of r's set (meta.h) into m, for meta.json and the
 * summary of the run (collide_result_json); the domain note into note
 * (len bytes, as long as m is used). */
void collide_result_describe(const collide_result *r, meta_run *m,
                             char *note, size_t len);

/* collide_result_write with the session o (output.h: its inputs, its
 * command line, its list of temporaries; NULL: none), in the caller's
 * locale as the public function; fn names the function in messages. */
collide_status collide_api_result_write(output_session *o,
                                        const collide_result *r,
                                        const char *dir, const char *fn,
                                        char *err, size_t errlen);

/* collide_compare_with with the session session (output.h: the scd
 * file's temporary listed there while it exists, its inputs never
 * replaced; NULL: none); fn names the function in messages. */
collide_status collide_api_compare_with(output_session *session,
                                        const char *a, const char *b,
                                        const collide_compare_options *o,
                                        FILE *out,
                                        collide_compare_verdict *verdict,
                                        const char *fn, char *err,
                                        size_t errlen);

#endif
