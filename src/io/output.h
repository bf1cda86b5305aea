/* output.h - result sets: the files of a run (their tables: tables.h)
 * written as one set, and single files.
 *
 * A result directory holds exactly one run's complete set: the files and
 * a MANIFEST that lists them (with the program, the command and the
 * scenario's fingerprint) are written into a new temporary directory
 * beside it, flushed to disk, and then put in its place in one step
 * (output_write_set). A directory that is neither empty nor a result set
 * is never replaced, nor moved, nor written into. On any failure no new
 * file remains and the previous set is left as it was.
 *
 * Every write works relative to the open directory of its parent: no
 * symbolic link is followed below it (at the set, in the set, at a
 * temporary, at a single file: a link there is replaced or refused, its
 * target untouched), temporaries are created with O_EXCL | O_NOFOLLOW,
 * and nothing is removed by a path that could have changed meanwhile.
 * No output overwrites a file noted as an input (output_note_input). A
 * write beyond the file size limit (ulimit -f) fails with EFBIG ("File
 * too large"): SIGXFSZ is ignored while its action is the default. */
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

/* Writes one file into dir (created when missing): under a new
 * temporary name ".NAME.collide-tmp-XXXXXX" (O_EXCL | O_NOFOLLOW, locked
 * with flock while it exists), synced, then renamed to its name in the
 * open directory (a symbolic link at the name is replaced, never
 * followed). Returns COLLIDE_OK; COLLIDE_E_USAGE when the file at the
 * name (itself, or what it links to) is an input noted by
 * output_note_input (the message names both; nothing written);
 * COLLIDE_E_IO with one line in err (no temporary left; a writer that
 * returns nonzero without setting errno is named as having given up).
 * Stale temporaries in dir are removed first (as output_write_set). */
collide_status output_write_file(const char *dir, const output_file *file,
                                 const void *ctx, char *err, size_t errlen);

/* output_write_file into dir as it is: a missing dir is an error
 * ("cannot create its temporary: No such file or directory"). */
collide_status output_write_into(const char *dir, const output_file *file,
                                 const void *ctx, char *err, size_t errlen);

/* Notes path as an input of the command (its device and inode, links
 * followed; ignored when it does not exist, beyond 32 inputs): no output
 * of output_write_file or output_write_set overwrites or removes it.
 * output_forget_inputs forgets them all. */
void output_note_input(const char *path);
void output_forget_inputs(void);

/* COLLIDE_E_USAGE with one line in err when path (itself, or what it
 * links to) is the file input (same device and inode): writing path
 * would destroy it; COLLIDE_OK otherwise (also when either is missing). */
collide_status output_check_input(const char *path, const char *input,
                                  char *err, size_t errlen);

/* Writes the n (at most OUTPUT_SET_MAX) files as the result set dir
 * (its last name at most 255 bytes, the path at most 4095):
 *   - stale temporaries in the parent are removed: ".NAME.tmp-XXXXXX"
 *     directories that no live writer locks (flock), unchanged for 2 s,
 *     holding nothing or a set whose MANIFEST lists every entry (left by
 *     a killed run); ".NAME.collide-tmp-XXXXXX" files likewise;
 *   - dir is examined where it stands, opened O_DIRECTORY | O_NOFOLLOW,
 *     before anything is moved: it may be replaced when it is missing,
 *     empty, or a result set whose MANIFEST lists every entry and none of
 *     them an input; otherwise the write fails with a message naming it,
 *     and dir is not touched (not moved, not written into);
 *   - MANIFEST and then the files go into a new directory
 *     .NAME.tmp-XXXXXX beside dir (its parent is created when missing;
 *     a NAME too long for that is cut to 200 bytes and its hash added),
 *     locked while it exists, synced to disk;
 *   - that directory takes dir's place: renamed when dir does not exist,
 *     else exchanged with it in one step (renameat2 RENAME_EXCHANGE);
 *     where the kernel or the file system has no renameat2, the previous
 *     dir is renamed aside and the new one renamed in, both under an
 *     exclusive flock of the parent directory, so that such runs take
 *     turns;
 *   - what came out must be the directory examined (same device and
 *     inode) and still replaceable, else it is put back and the write
 *     fails; it is then emptied through its own descriptor (the names its
 *     MANIFEST lists, then MANIFEST) and removed by rmdir, which fails
 *     harmlessly when anything else is in it or the name was swapped.
 * SIGINT and SIGTERM wait for the exchange. Returns COLLIDE_OK, or
 * COLLIDE_E_IO with one line in err and dir as it was. */
collide_status output_write_set(const char *dir, const output_file *files,
                                int n, const void *ctx, char *err,
                                size_t errlen);

/* The command line (kept by pointer; the program's, for every thread)
 * and the scenario (its fingerprint, fingerprint.h; the calling
 * thread's next set) that the MANIFEST of the next set names. */
void output_note_command(int argc, char *const *argv);
void output_note_scenario(const scenario *s);

/* Where and why the run of the calling thread's next set left the
 * domain of the proofs
 * (its MANIFEST line `proof domain = left at t = T s: NOTE`); "" (the
 * default): it did not, no line. Copied, cut at 255 characters. */
void output_note_domain(const char *text);

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
