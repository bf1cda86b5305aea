/* collide_aux.h - the auxiliary interface of collide: what a program
 * over the library needs around it (as lauxlib.h stands beside lua.h),
 * and what the command-line program `collide` is written with, but what
 * the library's objects (scenarios, models, runs, results) do not need:
 * the number reader of the command line, text files read and written
 * atomically, the session of a program's writes (the inputs it must not
 * overwrite, the command line a MANIFEST records, the temporaries a
 * signal handler removes), the versions of the arithmetic libraries and
 * the FNV-1a hash.
 *
 * It is part of the same library (libcollide, `pkg-config collide`) and
 * follows the conventions of collide.h (statuses, err buffers, "NULL
 * ARG: ..." sentences, the C locale); its names start with collide_aux_
 * or COLLIDE_AUX_.
 *
 * No process state: what a program notes once for all its writes (the
 * inputs never overwritten, the command line a MANIFEST records) is kept
 * in a session it makes and frees (collide_aux_session_make), and given
 * to the writes that consult it (collide_aux_session_write_result,
 * collide_aux_session_write_file); the library keeps none of it. The
 * temporaries of each write are the write's own (a write that fails
 * removes them), listed while it runs in its session, where
 * collide_aux_session_remove_temporaries finds them; a program that
 * removes them from a signal handler keeps its session where the
 * handler finds it. */
#ifndef COLLIDE_AUX_H
#define COLLIDE_AUX_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "collide.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- versions and hashes ------------------------------------------------ */

/* The versions of the arithmetic libraries linked at run time, as one
 * line: "MPFR x.y.z, GMP x.y.z"; a static string. */
COLLIDE_API const char *collide_aux_arithmetic_version(void);

/* ---- numbers ----------------------------------------------------------- */

/* An allowed range of a number: "name in [lo, hi)", each end closed or
 * open (a closed end at -inf or inf admits it); integer 1: whole values
 * only. */
typedef struct collide_aux_range {
    const char *name;
    double lo, hi;
    int lo_closed, hi_closed;
    int integer;
} collide_aux_range;

/* Reads text as collide reads every number it is given (the values of
 * scenario and grid files, the options of the command line): plain
 * decimal text (an optional sign, digits with an optional decimal point,
 * an optional exponent: 0.35, +1.0E+9, .5, 40e-6) correctly rounded to
 * binary64, or inf / infinity (with a sign) where r admits it;
 * hexadecimal, nan, spaces, units and trailing text are refused. Returns
 * COLLIDE_OK with *v set when the value lies in r (r NULL: any finite
 * value), else COLLIDE_E_INPUT with one line in err naming field, the text
 * and the range, e.g. "--rtol = 2 is outside the allowed range: rtol in
 * [1e-15, 1)".
 * NULL field, text or v: returns COLLIDE_E_USAGE; NULL r: any finite
 * value; NULL err: no message.
 */
COLLIDE_API collide_status collide_aux_number_read(const char *field, const char *text,
                                                   const collide_aux_range *r, double *v,
                                                   char *err, size_t errlen);

/* ---- files ------------------------------------------------------------- */

/* Reads the text file at path as collide reads a scenario file: at most
 * max bytes, no NUL byte, a UTF-8 byte order mark dropped. COLLIDE_OK
 * and *text a new string (the caller frees it); or COLLIDE_E_INPUT or
 * COLLIDE_E_MEMORY, *text NULL, and one line in err naming the file and
 * the reason ("cannot open: ..." followed by hint when hint is not NULL,
 * "file too large", "contains a NUL byte").
 * NULL path or text: returns COLLIDE_E_USAGE; NULL hint: no hint; NULL
 * err: no message.
 */
COLLIDE_API collide_status collide_aux_read_text_file(const char *path, size_t max,
                                                      const char *hint, char **text,
                                                      char *err, size_t errlen);

/* The 64-bit FNV-1a hash (Fowler, Noll, Vo) h continued over the n bytes
 * at data: for each byte h = (h XOR byte) * 1099511628211 mod 2^64; h =
 * COLLIDE_FNV1A64_BASIS to start.
 * NULL data: returns h.
 */
COLLIDE_API uint64_t collide_aux_fnv1a64(uint64_t h, const void *data, size_t n);

/* mkdir -p: creates the directory dir and its missing parents, as
 * collide_result_write creates the parent of a set. COLLIDE_OK (also when
 * dir exists), or COLLIDE_E_IO with one line in err naming the directory
 * and the reason.
 * NULL dir: returns COLLIDE_E_USAGE; NULL err: no message.
 */
COLLIDE_API collide_status collide_aux_make_dirs(const char *dir, char *err, size_t errlen);

/* ---- the session of a program's writes --------------------------------- */

/* What a program notes once for all its writes: the inputs never
 * overwritten, the command line the MANIFEST of each set records, and
 * the writes in progress with it. Made and freed by the caller; writes
 * from distinct threads may share one once its inputs and command line
 * are noted (noting is not safe while another thread writes with it). */
typedef struct collide_aux_session collide_aux_session;

/* COLLIDE_OK and *out a new session with nothing noted (the caller frees
 * it with collide_aux_session_free, when no write uses it); or
 * COLLIDE_E_MEMORY and *out NULL.
 * NULL out: returns COLLIDE_E_USAGE; NULL s of collide_aux_session_free:
 * does nothing.
 */
COLLIDE_API collide_status collide_aux_session_make(collide_aux_session **out);
COLLIDE_API void collide_aux_session_free(collide_aux_session *s);

/* Notes the file at path (links followed) as an input of the program:
 * from now on collide_aux_session_write_file and
 * collide_aux_session_write_result given s refuse to overwrite or remove
 * it. A path that does not exist is ignored; at most 32 inputs are kept.
 * NULL s or path: does nothing.
 */
COLLIDE_API void collide_aux_session_note_input(collide_aux_session *s, const char *path);

/* Names the command line that the MANIFEST of each result set written
 * with s from now on records (`command = collide ARGS`, argv[0] left
 * out); kept by pointer, so argv must live while sets are written.
 * Before a call, and with argc 0, the MANIFEST names no arguments.
 * NULL s: does nothing; NULL argv: as argc 0.
 */
COLLIDE_API void collide_aux_session_set_command_line(collide_aux_session *s, int argc,
                                                      char *const *argv);

/* Removes the temporary files of every result set and file being
 * written with s, in any thread (the sets themselves stay as they
 * were). Async-signal-safe: meant for a handler of SIGINT or SIGTERM,
 * which then exits.
 * NULL s: does nothing.
 */
COLLIDE_API void collide_aux_session_remove_temporaries(collide_aux_session *s);

/* collide_result_write with the session s: the MANIFEST records its
 * command line, no file noted as its input is replaced or removed
 * (COLLIDE_E_IO naming it, dir as it was), and the temporaries are
 * listed in s while they exist.
 * NULL s: as collide_result_write; NULL r or dir: returns
 * COLLIDE_E_USAGE; NULL err: no message.
 */
COLLIDE_API collide_status collide_aux_session_write_result(collide_aux_session *s,
                                                            const collide_result *r,
                                                            const char *dir, char *err,
                                                            size_t errlen);

/* Writes one file atomically: the text that write(f, ctx) puts on f
 * goes to a new temporary file beside path, is synced to disk and renamed
 * to path, so that a reader sees the old file or the new one; a symbolic
 * link at path is replaced, never followed; write returns 0, or non-zero
 * to give up. The directory of path is created when missing
 * (collide_aux_make_dirs). COLLIDE_OK; COLLIDE_E_USAGE when path is a file
 * noted as an input of s (nothing written); or COLLIDE_E_IO with one
 * line in err naming the file and the cause, "its writer gave up" when
 * write returned non-zero without setting errno (no temporary file is
 * left behind). The temporary is listed in s while it exists.
 * NULL s: no inputs, the temporary listed nowhere; NULL path or write:
 * returns COLLIDE_E_USAGE; NULL ctx: given to write as it is; NULL err:
 * no message.
 */
COLLIDE_API collide_status collide_aux_session_write_file(collide_aux_session *s,
                                                          const char *path,
                                                          int (*write)(FILE *f,
                                                                       const void *ctx),
                                                          const void *ctx, char *err,
                                                          size_t errlen);

/* collide_compare_with with the session s: the scd file (o->scd_csv) is
 * written with s as collide_aux_session_write_file writes, its temporary
 * listed in s while it exists (collide_aux_session_remove_temporaries
 * takes it away), and a file noted as an input of s is not replaced
 * (COLLIDE_E_INPUT naming it, nothing written).
 * NULL s: as collide_compare_with; NULL a or b: returns COLLIDE_E_USAGE;
 * NULL o: the defaults; NULL out: not printed; NULL verdict: not
 * written; NULL err: no message.
 */
COLLIDE_API collide_status collide_aux_session_compare_with(
    collide_aux_session *s, const char *a, const char *b,
    const collide_compare_options *o, FILE *out,
    collide_compare_verdict *verdict, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
