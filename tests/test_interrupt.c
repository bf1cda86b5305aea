/* test_interrupt.c - the line written on stderr when SIGINT or SIGTERM
 * ends the program (interrupt.h): the plain line without a note, the note
 * "WHAT: interrupted by SIG[ WHEN][, after N UNIT]; KEPT" with each piece
 * present or not, the three notes of a run (no --csv, before and while
 * writing the files), a counter read when the line is written, texts cut
 * to their buffers, and a closed stderr. The signal handler ends with
 * _exit, which writes no coverage data, so the command-line tests of
 * signals (tests/cli/options.sh, precision.sh, sweep.sh) cannot stand for
 * these. */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "interrupt.h"

static char got[4096];

/* What interrupt_write(sig) writes on file descriptor 2, into got. */
static const char *written(int sig)
{
    char path[] = "/tmp/test_interrupt.XXXXXX";
    int fd = mkstemp(path), saved = dup(2);
    ssize_t n;
    if (fd < 0 || saved < 0) {
        perror("test_interrupt");
        exit(1);
    }
    unlink(path);
    fflush(stderr);
    dup2(fd, 2);
    interrupt_write(sig);
    dup2(saved, 2);
    close(saved);
    n = pread(fd, got, sizeof got - 1, 0);
    got[n > 0 ? n : 0] = '\0';
    close(fd);
    return got;
}

static int says(int sig, const char *want, const char *name)
{
    const char *line = written(sig);
    int ok = strcmp(line, want) == 0;
    if (!ok)
        fprintf(stderr, "  got  '%s'\n  want '%s'\n", line, want);
    return check_true(ok, name);
}

int main(void)
{
    char longtext[3000];
    int count = 12, negative = -5;
    size_t n;

    says(SIGINT, "collide: interrupted by SIGINT\n",
         "no note yet: the plain line naming SIGINT");
    says(SIGTERM, "collide: interrupted by SIGTERM\n",
         "no note yet: the plain line naming SIGTERM");
    says(SIGUSR2, "collide: interrupted by signal 12\n",
         "another signal: named by its number (two digits)");
    says(0, "collide: interrupted by signal 0\n",
         "signal number 0 is written as 0");

    interrupt_note("collide run: builtin:study1", "during the run",
                   "no file written, K unchanged");
    says(SIGINT, "collide run: builtin:study1: interrupted by SIGINT during "
         "the run; no file written, K unchanged\n",
         "a note: what, the signal, when and what was kept");
    interrupt_counter(&count, "collisions");
    count = 7;
    says(SIGTERM, "collide run: builtin:study1: interrupted by SIGTERM during "
         "the run, after 7 collisions; no file written, K unchanged\n",
         "a counter: its value when the line is written, and its unit");
    count = 1234567;
    says(SIGTERM, "collide run: builtin:study1: interrupted by SIGTERM during "
         "the run, after 1234567 collisions; no file written, K unchanged\n",
         "a counter of seven digits");
    interrupt_counter(&negative, "points");
    says(SIGINT, "collide run: builtin:study1: interrupted by SIGINT during "
         "the run, after 0 points; no file written, K unchanged\n",
         "a negative counter is written as 0");
    interrupt_counter(NULL, NULL);
    says(SIGINT, "collide run: builtin:study1: interrupted by SIGINT during "
         "the run; no file written, K unchanged\n",
         "the counter removed: no 'after'");

    interrupt_counter(&count, "collisions");
    interrupt_note("collide sweep: g.grid", "", "");
    says(SIGINT, "collide sweep: g.grid: interrupted by SIGINT\n",
         "a new note clears the counter; empty WHEN and KEPT leave no "
         "space, no ';'");
    interrupt_note("collide merge", NULL, NULL);
    says(SIGTERM, "collide merge: interrupted by SIGTERM\n",
         "NULL WHEN and KEPT are empty texts");
    interrupt_note("x", "", "kept");
    says(SIGINT, "x: interrupted by SIGINT; kept\n",
         "no WHEN but KEPT: '; KEPT' right after the signal");

    interrupt_note_run("builtin:hertz", NULL, "during the run");
    says(SIGINT, "collide run: builtin:hertz: interrupted by SIGINT during "
         "the run; nothing written (no --csv)\n",
         "a run without --csv: nothing written");
    interrupt_note_run("a.scn", "OUT", "during the run");
    says(SIGINT, "collide run: a.scn: interrupted by SIGINT during the run; "
         "no file written, OUT unchanged\n",
         "a run with --csv before writing: DIR unchanged");
    interrupt_note_run("a.scn", "OUT", INTERRUPT_WRITING);
    says(SIGTERM, "collide run: a.scn: interrupted by SIGTERM while writing "
         "the CSV files; OUT holds its earlier files or the complete set of "
         "this run, never a mix\n",
         "a run writing its files: earlier files or the complete set");

    memset(longtext, 'w', sizeof longtext - 1);
    longtext[sizeof longtext - 1] = '\0';
    interrupt_note(longtext, "", "");
    written(SIGINT);
    n = strlen(got);
    check_true(n == 1023 + strlen(": interrupted by SIGINT\n") &&
               strspn(got, "w") == 1023,
               "a WHAT longer than its buffer: cut to 1023 bytes");
    interrupt_counter(&count, longtext);
    written(SIGINT);
    check_true(strstr(got, ", after 1234567 ") != NULL &&
               strlen(strstr(got, ", after 1234567 ")) ==
                   strlen(", after 1234567 ") + 63 + 1,
               "a unit longer than its buffer: cut to 63 bytes");

    /* a stderr that cannot be written: the handler gives up, it does not
     * loop over a failed write */
    interrupt_note("x", "", "kept");
    {
        int saved = dup(2);
        fflush(stderr);
        close(2);
        interrupt_write(SIGINT);
        dup2(saved, 2);
        close(saved);
        says(SIGINT, "x: interrupted by SIGINT; kept\n",
             "a closed stderr: interrupt_write returns (no endless retry), "
             "and the note is written whole afterwards");
    }
    return check_summary("test_interrupt");
}
