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
 * No output overwrites a file noted as an input of its session
 * (output_session_note_input). A
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

/* The state a program keeps for all its writes, owned by the caller (the
 * library keeps none): the inputs never overwritten, the command line
 * the MANIFEST of each set names, and the writes in progress, whose
 * temporaries output_session_remove_temporaries removes. Writes from
 * distinct threads may share one session once its inputs and command
 * line are noted; a write given no session (NULL) has no inputs, names
 * no arguments, and removes its own temporaries when it fails, but no
 * signal handler finds them (the next write beside them removes them as
 * stale). */
typedef struct output_session output_session;

/* A new session with nothing noted, or NULL when memory is short;
 * output_session_free frees it (NULL: nothing), when no write uses it. */
output_session *output_session_new(void);
void output_session_free(output_session *o);

/* Notes path as an input of the command (its device and inode, links
 * followed; ignored when it does not exist, beyond 32 inputs, or o is
 * NULL): no output of output_write_file or output_write_set given o
 * overwrites or removes it. output_session_forget_inputs forgets them
 * all. */
void output_session_note_input(output_session *o, const char *path);
void output_session_forget_inputs(output_session *o);

/* The command line the MANIFEST of each set written with o names
 * (`command = collide ARGS`, argv[0] left out): kept by pointer, so argv
 * must live while sets are written; argc <= 0 or argv NULL: none. */
void output_session_note_command(output_session *o, int argc,
                                 char *const *argv);

/* Removes the temporary files of every write in progress with o (NULL:
 * nothing). Async-signal-safe: meant for a handler of SIGINT or SIGTERM,
 * which then exits. */
void output_session_remove_temporaries(output_session *o);

/* What one set says of its run besides the command line: in its
 * MANIFEST, the scenario's fingerprint ("fnv1a64:...", fingerprint.h;
 * output_notes_scenario) and where and why the run left the domain of
 * the proofs (the line `proof domain = left at t = T s: NOTE`), "" for
 * none; the description meta.json gives (meta.h, written by
 * tables_write_set), NULL for no meta.json. The caller's, for one
 * write. */
struct meta_run;
typedef struct output_notes {
    char scenario[40];
    char domain[256];
    const struct meta_run *meta;
} output_notes;

/* Sets n->scenario to the fingerprint of s. */
void output_notes_scenario(output_notes *n, const scenario *s);

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
 * name (itself, or what it links to) is an input noted in o
 * (the message names both; nothing written);
 * COLLIDE_E_IO with one line in err (no temporary left; a writer that
 * returns nonzero without setting errno is named as having given up).
 * Stale temporaries in dir are removed first (as output_write_set). The
 * temporary is listed in o while it exists (NULL o: no inputs, not
 * listed). */
collide_status output_write_file(output_session *o, const char *dir,
                                 const output_file *file, const void *ctx,
                                 char *err, size_t errlen);

/* output_write_file into dir as it is: a missing dir is an error
 * ("cannot create its temporary: No such file or directory"). */
collide_status output_write_into(output_session *o, const char *dir,
                                 const output_file *file, const void *ctx,
                                 char *err, size_t errlen);

/* COLLIDE_E_USAGE with one line in err when path (itself, or what it
 * links to) is the file input (same device and inode): writing path
 * would destroy it; COLLIDE_OK otherwise (also when either is missing). */
collide_status output_check_input(const char *path, const char *input,
                                  char *err, size_t errlen);

/* Writes the n (at most OUTPUT_SET_MAX) files as the result set dir
 * (its last name at most 255 bytes, the path at most 4095), with the
 * inputs and command line of the session o (NULL: none; its temporaries
 * listed in o while they exist) and the notes of the set (NULL: none):
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
collide_status output_write_set(output_session *o, const output_notes *notes,
                                const char *dir, const output_file *files,
                                int n, const void *ctx, char *err,
                                size_t errlen);

/* The text of one file as output_write_file would write it, in memory:
 * *text (malloc'ed, NUL-terminated, the caller frees it) and *len bytes.
 * COLLIDE_OK, or COLLIDE_E_MEMORY (a writer failed: only memory can
 * fail) with *text NULL. */
collide_status output_file_text(const output_file *file, const void *ctx,
                                char **text, size_t *len);

#endif
