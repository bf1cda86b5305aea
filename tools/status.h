/* status.h - the exit statuses of the command line with their meanings,
 * one table per family (collide's, and the diff-like statuses of compare
 * and audit), printed by --help; the manual carries the same tables
 * (doc/cli.md, doc/compare.md, doc/audit.md), and tests/cli/help.sh checks
 * that they are equal. */
#ifndef COLLIDE_STATUS_H
#define COLLIDE_STATUS_H

#include <stdio.h>

/* One exit status and what it means. */
typedef struct status_meaning {
    int status;
    const char *meaning;
} status_meaning;

/* The statuses of one command family, in increasing order. */
typedef struct status_table {
    const status_meaning *row;
    int n;
} status_table;

/* every command but compare and audit: the statuses of collide.h with
 * their collide_status_text */
const status_table *status_collide(void);
extern const status_table status_compare; /* compare.h */
extern const status_table status_audit;   /* audit.h */

/* Writes "exit status:" and one entry per status of t to f: the status
 * right-aligned in 4 columns, two spaces, the meaning wrapped at 76
 * columns with continuation lines indented by 6 spaces. */
void status_print(FILE *f, const status_table *t);

#endif
