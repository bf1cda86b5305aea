/* status.c - the exit statuses of the command line; see status.h. */
#include "status.h"

#include <string.h>

#include "audit.h"
#include "collide.h"
#include "compare_command.h"

#define WIDTH 76  /* columns of a help text */
#define INDENT 6  /* where a meaning starts */


static const status_meaning compare_rows[] = {
    {COMPARE_EXIT_MET, "compared (and every column met --digits)"},
    {COMPARE_EXIT_BELOW, "a difference: a row of one side only, or under "
                    "--digits a numeric column with a scd under D or an "
                    "integer or text column that differs"},
    {COMPARE_EXIT_INPUT, "usage error or bad input: a missing or unreadable "
                      "file, a file that is not CSV text, a ragged row, a "
                      "cell of a column that names the rows (i, j, t) that "
                      "is not a number, an OUT of --scd-csv that is A or B"},
    {COMPARE_EXIT_IO, "OUT of --scd-csv could not be written"},
    {COMPARE_EXIT_MEMORY, "out of memory"},
};

static const status_meaning audit_rows[] = {
    {AUDIT_OK, "nothing violated, and every check decided"},
    {AUDIT_FINDINGS, "findings, each printed with its row, t and j"},
    {AUDIT_E_USAGE, "usage error (also --defects or --observables naming "
                    "a file the audit reads)"},
    {AUDIT_E_INPUT, "bad input: a file that cannot be read (also REF of "
                    "--against), a missing column, a value that is not a "
                    "number, q not 0 or 1"},
    {AUDIT_INCONCLUSIVE, "no finding, but a check could not decide (each "
                         "printed as audit: inconclusive, with the reason "
                         "and the sampling that would decide)"},
    {AUDIT_E_MEMORY, "out of memory"},
};

/* collide's statuses: those of include/collide.h with the meaning
 * collide_status_text gives (the one table, in the library). */
static status_meaning collide_rows[COLLIDE_E_DOMAIN + 1];

const status_table *status_collide(void)
{
    static status_table t;
    int st;
    if (t.n == 0) {
        for (st = COLLIDE_OK; st <= COLLIDE_E_DOMAIN; st++) {
            const char *m = collide_status_text(st);
            if (strcmp(m, "unknown status") != 0) {
                collide_rows[t.n].status = st;
                collide_rows[t.n].meaning = m;
                t.n++;
            }
        }
        t.row = collide_rows;
    }
    return &t;
}
const status_table status_compare = {
    compare_rows, (int)(sizeof compare_rows / sizeof compare_rows[0])};
const status_table status_audit = {
    audit_rows, (int)(sizeof audit_rows / sizeof audit_rows[0])};

/* Writes text from column `col` on, wrapped at WIDTH at spaces, each
 * further line indented by INDENT. */
static void print_wrapped(FILE *f, const char *text, int col)
{
    while (*text) {
        int room = WIDTH - col, n = (int)strlen(text);
        if (n > room) {
            n = room;
            while (n > 0 && text[n] != ' ')
                n--;
            if (n == 0)   /* a word longer than the line: cut it there */
                n = room;
        }
        fprintf(f, "%.*s\n", n, text);
        text += n;
        while (*text == ' ')
            text++;
        if (*text)
            fprintf(f, "%*s", INDENT, "");
        col = INDENT;
    }
}

void status_print(FILE *f, const status_table *t)
{
    int i;
    fputs("exit status:\n", f);
    for (i = 0; i < t->n; i++) {
        fprintf(f, "%4d  ", t->row[i].status);
        print_wrapped(f, t->row[i].meaning, INDENT);
    }
}
