/* interrupt.c - the note written when a signal ends the program; see
 * interrupt.h. */
#define _POSIX_C_SOURCE 200809L

#include "interrupt.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define NOTE_MAX 1024

/* The note, as its pieces with their lengths; ready is 0 while they
 * change, so that a signal then writes the plain line instead. */
static char what_text[NOTE_MAX], when_text[NOTE_MAX], kept_text[NOTE_MAX];
static char unit_text[64];
static size_t what_len, when_len, kept_len, unit_len;
static const int *volatile counter;
static volatile sig_atomic_t ready;

/* Copies text into buf of len bytes, cut to fit; returns its length. */
static size_t copy_text(char *buf, size_t len, const char *text)
{
    snprintf(buf, len, "%s", text ? text : "");
    return strlen(buf);
}

void interrupt_note(const char *what, const char *when, const char *kept)
{
    ready = 0;
    counter = NULL;
    what_len = copy_text(what_text, sizeof what_text, what);
    when_len = copy_text(when_text, sizeof when_text, when);
    kept_len = copy_text(kept_text, sizeof kept_text, kept);
    ready = 1;
}

void interrupt_note_run(const char *source, const char *csv,
                        const char *when)
{
    char what[NOTE_MAX], kept[NOTE_MAX];
    snprintf(what, sizeof what, "collide run: %s", source);
    if (!csv)
        snprintf(kept, sizeof kept, "nothing written (no --csv)");
    else if (strcmp(when, INTERRUPT_WRITING) != 0)
        snprintf(kept, sizeof kept, "no file written, %s unchanged", csv);
    else
        snprintf(kept, sizeof kept, "%s holds its earlier files or the "
                 "complete set of this run, never a mix", csv);
    interrupt_note(what, when, kept);
}

void interrupt_counter(const int *count, const char *unit)
{
    int was = ready;
    ready = 0;
    counter = count;
    unit_len = copy_text(unit_text, sizeof unit_text, unit);
    ready = was;
}

/* write(2) of n bytes of s, retried over partial writes. */
static void put(const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(STDERR_FILENO, s, n);
        if (w <= 0)
            return;
        s += w;
        n -= (size_t)w;
    }
}

/* put of a NUL-terminated literal. */
static void put_s(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    put(s, n);
}

/* put of a non-negative integer in decimal. */
static void put_count(long v)
{
    char digits[24];
    int i = (int)sizeof digits;
    if (v < 0)
        v = 0;
    do {
        digits[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0 && i > 0);
    put(digits + i, sizeof digits - (size_t)i);
}

/* The name of signal sig. */
static void put_signal(int sig)
{
    if (sig == SIGINT)
        put_s("SIGINT");
    else if (sig == SIGTERM)
        put_s("SIGTERM");
    else {
        put_s("signal ");
        put_count(sig);
    }
}

void interrupt_write(int sig)
{
    const int *c = counter;
    if (!ready) {
        put_s("collide: interrupted by ");
        put_signal(sig);
        put_s("\n");
        return;
    }
    put(what_text, what_len);
    put_s(": interrupted by ");
    put_signal(sig);
    if (when_len > 0) {
        put_s(" ");
        put(when_text, when_len);
    }
    if (c) {
        put_s(", after ");
        put_count(*c);
        put_s(" ");
        put(unit_text, unit_len);
    }
    if (kept_len > 0) {
        put_s("; ");
        put(kept_text, kept_len);
    }
    put_s("\n");
}
