/* test_options.c - option_parse, the one parser of the command line's
 * options: --opt value and --opt=value, operands in order, a missing
 * value, a repeated option (refused unless repeatable, then the last
 * counts), `--` ending the options, an unknown option, a flag given a
 * value, a lone `-` as an operand, and option_wants_help. */
#include <string.h>

#include "check.h"
#include "options.h"

enum { CSV, QUIET, RTOL };

static const option_spec specs[] = {
    {"--csv", 1, CSV, 0, "the directory of the tables"},
    {"--quiet", 0, QUIET, 0, NULL},
    {"--rtol", 1, RTOL, 1, NULL},
};
static const option_table table = {specs, 3};

static char err[256];

/* Parses the n arguments args against the table into v. */
static collide_status parse(int n, const char **args, option_values *v)
{
    err[0] = '\0';
    return option_parse(n, (char **)args, &table, v, err, sizeof err);
}

/* --opt value, --opt=value, a flag, and the operands in order. */
static void test_values(void)
{
    const char *a[] = {"one", "--csv", "dir", "two", "--quiet", "--rtol=1e-9"};
    option_values v;
    collide_status st = parse(6, a, &v);
    check_true(st == COLLIDE_OK, "--csv dir --quiet --rtol=1e-9: accepted");
    check_true(v.value[CSV] && strcmp(v.value[CSV], "dir") == 0,
               "--csv dir: the value is the next argument");
    check_true(v.value[RTOL] && strcmp(v.value[RTOL], "1e-9") == 0,
               "--rtol=1e-9: the value after '='");
    check_true(v.name[RTOL] && strcmp(v.name[RTOL], "--rtol") == 0,
               "--rtol=1e-9: the option is named without its value");
    check_true(option_given(&v, QUIET) && strcmp(v.value[QUIET], "") == 0,
               "--quiet: a flag given, value \"\"");
    check_true(v.noperands == 2 && strcmp(v.operand[0], "one") == 0 &&
               strcmp(v.operand[1], "two") == 0, "the operands in order");
    option_free(&v);
}

/* --csv= is an empty value; --csv takes the next argument as it is. */
static void test_edges(void)
{
    const char *a[] = {"--csv=", "-"};
    const char *b[] = {"--csv", "--quiet"};
    option_values v;
    collide_status st = parse(2, a, &v);
    check_true(st == COLLIDE_OK && v.value[CSV] && v.value[CSV][0] == '\0',
               "--csv=: an empty value");
    check_true(v.noperands == 1 && strcmp(v.operand[0], "-") == 0,
               "a lone '-' is an operand");
    option_free(&v);
    st = parse(2, b, &v);
    check_true(st == COLLIDE_OK && strcmp(v.value[CSV], "--quiet") == 0 &&
               !option_given(&v, QUIET),
               "--csv --quiet: --quiet is the value of --csv");
    option_free(&v);
}

/* A value missing at the end, an unknown option, a flag given a value. */
static void test_refusals(void)
{
    const char *missing[] = {"one", "--csv"};
    const char *unknown[] = {"one", "--frob"};
    const char *flag[] = {"--quiet=1"};
    option_values v;
    collide_status st = parse(2, missing, &v);
    check_true(st == COLLIDE_E_USAGE &&
               strcmp(err, "missing value after --csv") == 0,
               "--csv at the end: 'missing value after --csv'");
    option_free(&v);
    st = parse(2, unknown, &v);
    check_true(st == COLLIDE_E_USAGE && strcmp(err, "unknown option --frob") == 0,
               "--frob: 'unknown option --frob'");
    option_free(&v);
    st = parse(1, flag, &v);
    check_true(st == COLLIDE_E_USAGE &&
               strcmp(err, "--quiet takes no value: --quiet=1") == 0,
               "--quiet=1: a flag takes no value");
    option_free(&v);
}

/* An option given twice: refused, unless repeatable (the last counts). */
static void test_repeated(void)
{
    const char *twice[] = {"--csv", "a", "--csv=b"};
    const char *flags[] = {"--quiet", "--quiet"};
    const char *again[] = {"--rtol", "1e-3", "--rtol=1e-9"};
    option_values v;
    collide_status st = parse(3, twice, &v);
    check_true(st == COLLIDE_E_USAGE && strcmp(err, "--csv given twice") == 0,
               "--csv a --csv=b: '--csv given twice'");
    option_free(&v);
    st = parse(2, flags, &v);
    check_true(st == COLLIDE_E_USAGE && strcmp(err, "--quiet given twice") == 0,
               "--quiet --quiet: '--quiet given twice'");
    option_free(&v);
    st = parse(3, again, &v);
    check_true(st == COLLIDE_OK && strcmp(v.value[RTOL], "1e-9") == 0,
               "a repeatable --rtol given twice: the last value counts");
    option_free(&v);
}

/* `--` ends the options: what follows is an operand, even --csv. */
static void test_end_of_options(void)
{
    const char *a[] = {"--quiet", "--", "--csv", "-x", "--"};
    option_values v;
    collide_status st = parse(5, a, &v);
    check_true(st == COLLIDE_OK && option_given(&v, QUIET) &&
               !option_given(&v, CSV), "--: the options end there");
    check_true(v.noperands == 3 && strcmp(v.operand[0], "--csv") == 0 &&
               strcmp(v.operand[1], "-x") == 0 && strcmp(v.operand[2], "--") == 0,
               "--: --csv, -x and a second -- after it are operands");
    option_free(&v);
}

/* --help and -h ask for help before `--`, not after it. */
static void test_help(void)
{
    const char *a[] = {"x", "--csv", "-h"};
    const char *b[] = {"x", "--", "--help"};
    check_true(option_wants_help(3, (char **)a), "-h anywhere: help");
    check_true(!option_wants_help(3, (char **)b), "--help after --: an operand");
}

int main(void)
{
    test_values();
    test_edges();
    test_refusals();
    test_repeated();
    test_end_of_options();
    test_help();
    return check_summary("test_options");
}
