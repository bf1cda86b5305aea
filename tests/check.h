/* check.h - the assertions of collide's test programs. Each records one
 * named check; check_summary prints the closing line and returns the exit
 * status of the program. */
#ifndef COLLIDE_CHECK_H
#define COLLIDE_CHECK_H

#include <stddef.h>

/* Records a check that passes when cond is non-zero. */
int check_true(int cond, const char *name);

/* Passes when |got - want| <= rtol * |want| (+ atol), printing both. */
int check_close(double got, double want, double rtol, double atol,
                const char *name);

/* Passes when lo <= got <= hi. */
int check_range(double got, double lo, double hi, const char *name);

/* The whole text of the file at path (malloc'ed, NUL-terminated; its
 * length in *len when len is not NULL), or NULL when it cannot be read. */
char *check_read_file(const char *path, size_t *len);

/* Prints "N passed, N failed" for this program; returns 0 when none failed. */
int check_summary(const char *program);

#endif
