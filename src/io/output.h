/* output.h - result sets: the files of a run (their tables: tables.h)
 * written as one set.
 *
 * A result directory holds exactly one run's complete set: the files and
 * a MANIFEST that lists them (with the program, the command and the
 * scenario's fingerprint) are written into a new temporary directory
 * beside it, flushed to disk, and then put in its place in one step
 * (output_write_set). A directory that is neither empty nor a result set
 * is never replaced. On any failure no new file remains and the previous
 * set is left as it was. */
#ifndef COLLIDE_OUTPUT_H
#define COLLIDE_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

#include "common.h"
#include "scenario.h"

/* Most files of a result set (besides its MANIFEST). */
#define OUTPUT_SET_MAX 12

/* mkdir -p: creates dir and its missing parents; COLLIDE_OK, or
 * COLLIDE_E_IO with one line in err naming the directory. */
collide_status output_make_dirs(const char *dir, char *err, size_t errlen);

/* One file of a set: its name in the directory, and the function that
 * writes its content from the context of the set. */
typedef int (*output_writer)(FILE *f, const void *ctx);
typedef struct output_file {
    const char *name;
    output_writer write;
} output_file;

/* Writes one file into dir (created when missing): under a temporary
 * name, synced, then renamed to its name. Returns COLLIDE_OK, or
 * COLLIDE_E_IO with one line in err (no temporary left). */
collide_status output_write_file(const char *dir, const output_file *file,
                                 const void *ctx, char *err, size_t errlen);

/* Writes the n (at most OUTPUT_SET_MAX) files as the result set dir:
 *   - the files and MANIFEST go into a new directory .NAME.tmp-XXXXXX
 *     beside dir (its parent is created when missing), synced to disk;
 *   - that directory takes dir's place: renamed when dir does not exist,
 *     else exchanged with it in one step (renameat2 RENAME_EXCHANGE);
 *     where the kernel or the file system has no renameat2, by two
 *     renames under an exclusive flock of the parent directory, so that
 *     such runs take turns;
 *   - the previous dir is then removed when it is empty or a result set
 *     whose MANIFEST lists all its entries; otherwise (any other
 *     directory, or not a directory) it is put back and the write fails
 *     with a message naming it.
 * SIGINT and SIGTERM wait for the exchange. Returns COLLIDE_OK, or
 * COLLIDE_E_IO with one line in err and dir as it was. */
collide_status output_write_set(const char *dir, const output_file *files,
                                int n, const void *ctx, char *err,
                                size_t errlen);

/* The command line (kept by pointer) and the scenario (its fingerprint,
 * fingerprint.h) that the MANIFEST of the next set names. */
void output_note_command(int argc, char *const *argv);
void output_note_scenario(const scenario *s);

/* The text of one file as output_write_file would write it, in memory:
 * *text (malloc'ed, NUL-terminated, the caller frees it) and *len bytes.
 * COLLIDE_OK, or COLLIDE_E_MEMORY (a writer failed: only memory can
 * fail) with *text NULL. */
collide_status output_file_text(const output_file *file, const void *ctx,
                                char **text, size_t *len);

/* Removes the temporary files of a write in progress. Async-signal-safe:
 * meant for a handler of SIGINT or SIGTERM, which then exits. */
void output_remove_temporaries(void);

#endif
