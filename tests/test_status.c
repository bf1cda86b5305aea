/* test_status.c - the exit-status tables as --help prints them (status.h):
 * "exit status:", each status right-aligned in 4 columns, the meaning
 * wrapped at 76 columns at spaces, continuation lines indented by 6, a
 * word longer than a line cut; and the name a sweep writes for a status
 * outside its table ("error"), which merge accepts. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "common.h"
#include "status.h"
#include "sweep.h"

static char got[4096];

/* What status_print writes for t, into got. */
static const char *printed(const status_table *t)
{
    FILE *f = tmpfile();
    size_t n;
    if (!f)
        return "";
    status_print(f, t);
    rewind(f);
    n = fread(got, 1, sizeof got - 1, f);
    got[n] = '\0';
    fclose(f);
    return got;
}

/* 1 when every line of text has at most 76 columns. */
static int within_76(const char *text)
{
    while (*text) {
        const char *nl = strchr(text, '\n');
        if (!nl || nl - text > 76)
            return 0;
        text = nl + 1;
    }
    return 1;
}

int main(void)
{
    static const char word80[] =
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        "aaaaaaaaaaaa";
    static const status_meaning rows[] = {
        {0, "short"},
        {7, "one two three four five six seven eight nine ten eleven twelve "
            "thirteen fourteen"},
        {42, word80},
        {99, "x " "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
             "bbbbbbbbbbbbbbbbbbbb" " y"},
    };
    static const status_table t = {rows, 4};
    const char *want =
        "exit status:\n"
        "   0  short\n"
        "   7  one two three four five six seven eight nine ten eleven "
        "twelve\n"
        "      thirteen fourteen\n"
        "  42  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        "aaaaaaaaa\n"
        "      aaaaaaaaaa\n"
        "  99  x\n"
        "      bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
        "bbbbbbbbb\n"
        "      bbbbbbbbbbbb y\n";
    const char *text = printed(&t);
    if (strcmp(text, want) != 0)
        fprintf(stderr, "got:\n%swant:\n%s", text, want);
    check_true(strcmp(text, want) == 0,
               "wrapped at a space within 76 columns, continuation indented "
               "by 6, a word longer than the line cut at column 76");
    check_true(within_76(printed(status_collide())) &&
               strstr(got, "\n   3  bad input: ") != NULL &&
               strstr(got, "\n  13  no progress: ") != NULL,
               "collide's table: every line within 76 columns, statuses "
               "3 and 13 in place");
    check_true(within_76(printed(&status_compare)) &&
               strncmp(got, "exit status:\n   0  compared", 27) == 0,
               "compare's table starts with status 0, within 76 columns");
    check_true(within_76(printed(&status_audit)) &&
               strstr(got, "\n   1  findings, each printed with its row, t and j\n"),
               "audit's table: status 1 on one line");

    check_true(strcmp(sweep_status_name(1), "error") == 0 &&
               strcmp(sweep_status_name(99), "error") == 0 &&
               strcmp(sweep_status_name(-1), "error") == 0,
               "a status outside the table is written 'error'");
    check_true(sweep_status_known("error", 5) &&
               sweep_status_known("error,", 5),
               "merge accepts 'error'");
    check_true(!sweep_status_known("errorx", 6) &&
               !sweep_status_known("erro", 4) &&
               !sweep_status_known("terror", 6) &&
               !sweep_status_known("xrror", 5),
               "merge refuses names near 'error'");
    return check_summary("test_status");
}
