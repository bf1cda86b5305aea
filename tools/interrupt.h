/* interrupt.h - the one line written on stderr when SIGINT or SIGTERM
 * ends the program: what was interrupted and what was kept. The code that
 * knows (the command, the scenario, the phase of the work, the files at
 * stake) prepares the note in normal context; the signal handler only
 * writes it, with write(2), which is async-signal-safe. */
#ifndef COLLIDE_INTERRUPT_H
#define COLLIDE_INTERRUPT_H

/* Sets the note: "WHAT: interrupted by SIGINT[ WHEN][, after N UNIT];
 * KEPT". what names the command and its subject ("collide run:
 * builtin:study1"), when the phase ("during the run", may be ""), kept
 * what the files are left as ("no file written, DIR unchanged"; "" for
 * nothing to say). Each text is cut to its buffer. Clears the counter. */
void interrupt_note(const char *what, const char *when, const char *kept);

/* The phase of a run in which it writes its files. */
#define INTERRUPT_WRITING "while writing the CSV files"

/* The note of a run (both modes) of the scenario named source, with
 * --csv DIR (csv, NULL when none), in phase when ("during the run",
 * INTERRUPT_WRITING, ...): "collide run: SOURCE", and what DIR is left
 * as: unchanged before INTERRUPT_WRITING; then its earlier files or the
 * complete set of this run (the files are renamed into place at once). */
void interrupt_note_run(const char *source, const char *csv,
                        const char *when);

/* A count of progress the note reports as "after N UNIT" (for example
 * the collisions of the run so far): count is read by the handler, and
 * must live until interrupt_counter(NULL, NULL) or the next note. */
void interrupt_counter(const int *count, const char *unit);

/* Writes the note for signal sig (SIGINT, SIGTERM, or another by its
 * number) on file descriptor 2, or "collide: interrupted by SIG..." when
 * no note is set. Async-signal-safe. */
void interrupt_write(int sig);

#endif
