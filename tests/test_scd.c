/* test_scd.c - significant correct digits (src/io/scd.h) and the scd table of
 * `collide compare` (compare_write_scd_table, src/io/compare.h).
 *
 * Tolerance: scd_text computes -log10(|a - b| / |b|) from values parsed
 * with at least 256 bits and rounds the result to a double, so it is
 * correct to a few units in the last place of a double; the expected
 * values below are closed forms in double (log10 of a 17-digit number).
 * Any tolerance above about 1e-14 would do; 1e-9 is used throughout. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "compare.h"
#include "scd.h"

#define TOL 1e-9

/* 60 significant digits: digit k is k mod 10. */
static const char ref60[] =
    "1.23456789012345678901234567890123456789012345678901234567890";

/* Checks scd_text(a, b) against want, within TOL. */
static void expect_scd(const char *a, const char *b, double want)
{
    char name[256];
    snprintf(name, sizeof name, "scd(%.40s, %.40s) = %.12g", a, b, want);
    check_close(scd_text(a, b), want, 0.0, TOL, name);
}

/* Checks that scd_text(a, b) is +inf (agreement). */
static void expect_inf(const char *a, const char *b)
{
    char name[256];
    snprintf(name, sizeof name, "scd(%.40s, %.40s) = inf", a, b);
    check_true(scd_text(a, b) == INFINITY, name);
}

/* ref60 with its k-th significant digit raised by one (k >= 2, digit < 9). */
static void raise_digit(int k, char *out, size_t n)
{
    snprintf(out, n, "%s", ref60);
    out[k]++;   /* "1." then digit k at index k */
}

static void definition(void)
{
    expect_scd("1.0000001", "1", 7.0);
    expect_scd("1", "1.0000001", 7.0 + log10(1.0000001));
    expect_scd("1.1", "1", 1.0);
    expect_scd("-2.5e-3", "-2.5000025e-3", 6.0 + log10(1.000001));
    expect_scd("3", "1", -log10(2.0));          /* negative: |a - b| > |b| */
    expect_scd("0", "5", 0.0);
    expect_scd("1.0000001e-300", "1e-300", 7.0);
    expect_scd("1.0000001e+400", "1e400", 7.0);  /* beyond double's range */
    expect_scd(" 1.0000001\t", "1", 7.0);       /* blanks around are ignored */
}

static void long_texts(void)
{
    char a[sizeof ref60 + 1];
    raise_digit(50, a, sizeof a);
    check_close(scd_text(a, ref60), 49.0 + log10(1.2345678901234568), 0.0,
                TOL, "60 digits, the 50th differs by 1: scd = 49 + log10(b)");
    raise_digit(60, a, sizeof a);
    check_close(scd_text(a, ref60), 59.0 + log10(1.2345678901234568), 0.0,
                TOL, "60 digits, the 60th differs by 1: scd = 59 + log10(b)");
    check_true(strtod(a, NULL) == strtod(ref60, NULL),
               "the 60th-digit texts are the same double (needs MPFR)");
    check_true(scd_text(ref60, ref60) == INFINITY,
               "60 digits, the same text: inf");
    check_true(scd_text("12345678901234567890123456789012345678901234567890"
                        "1234567890e-59", ref60) == INFINITY,
               "60 digits, the same value as an integer times 1e-59: inf");
    expect_inf("1.5", "1.50");
    expect_inf("100", "1e2");
    expect_inf("0.1", "1e-1");
    expect_inf("+7", "7.000");
}

static void reference_zero(void)
{
    expect_scd("1e-12", "0", 12.0);             /* absolute error */
    expect_scd("-3e-5", "0", 5.0 - log10(3.0));
    expect_scd("1e-12", "-0.0", 12.0);
    expect_inf("0", "0.0");
    expect_inf("0", "-0");
    expect_inf("-0e5", "0");
}

static void nan_and_inf(void)
{
    expect_inf("nan", "nan");
    expect_inf("", "");
    expect_inf("NaN", "");
    expect_inf("-nan", "nan");
    expect_scd("nan", "1", 0.0);
    expect_scd("1", "nan", 0.0);
    expect_scd("", "0", 0.0);
    expect_inf("inf", "inf");
    expect_inf("-inf", "-Infinity");
    expect_scd("inf", "-inf", 0.0);
    expect_scd("inf", "1", 0.0);
    expect_scd("1e308", "inf", 0.0);
    expect_scd("inf", "nan", 0.0);
    expect_scd("1e99999999999999999999", "1", 0.0);   /* beyond MPFR */
}

static void not_numbers(void)
{
    static const char *const bad[] = {
        "abc", "1.2.3", "0x10", "1e", ".", "1 2", "e5", "--1", "1,5", "nanx"
    };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char name[96];
        snprintf(name, sizeof name, "'%s' is not a number: scd is NaN",
                 bad[i]);
        check_true(!scd_is_number(bad[i]) && isnan(scd_text(bad[i], "1"))
                   && isnan(scd_text("1", bad[i])), name);
    }
    check_true(scd_is_number(".5") && scd_is_number("5.") &&
               scd_is_number("+1.0E+9") && scd_is_number("40e-6") &&
               scd_is_number("-nan") && scd_is_number(""),
               "numbers: .5 5. +1.0E+9 40e-6 -nan and the empty text");
    check_true(scd_is_integer("12") && scd_is_integer("-3") &&
               scd_is_integer("+0"), "integers: 12 -3 +0");
    check_true(!scd_is_integer("1.0") && !scd_is_integer("1e3") &&
               !scd_is_integer("") && !scd_is_integer("-") &&
               !scd_is_integer("nan"),
               "not integers: 1.0 1e3, the empty text, - and nan");
}

/* Writes text to dir/name; returns the path in buf. */
static const char *put_file(char *buf, size_t n, const char *dir,
                            const char *name, const char *text)
{
    FILE *f;
    snprintf(buf, n, "%s/%s", dir, name);
    f = fopen(buf, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    return buf;
}

/* The content of path (up to n - 1 characters), "" when unreadable. */
static void get_file(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "r");
    size_t k = f ? fread(buf, 1, n - 1, f) : 0;
    buf[k] = '\0';
    if (f)
        fclose(f);
}

/* 1 when dir holds no name starting with '.' but "." and "..". */
static int no_hidden_files(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "test -z \"$(ls -A '%s' | grep '^\\.')\"", dir);
    return system(cmd) == 0;
}

static void scd_table(const char *dir)
{
    char pa[1024], pb[1024], ps[1024], po[1024], text[1024], err[1024];
    compare_status st;
    put_file(pb, sizeof pb, dir, "b.csv",
             "i,x,name\n1,1,p\n2,0,q\n3,nan,r\n");
    put_file(pa, sizeof pa, dir, "a.csv",
             "i,extra,x,name\r\n1,5,1.0000001,p\r\n2,6,1e-12,s\r\n3,7,nan,r\r\n");
    put_file(ps, sizeof ps, dir, "short.csv", "i,x,name\n1,1,p\n");
    snprintf(po, sizeof po, "%s/a.scd.csv", dir);
    st = compare_write_scd_table(NULL, po, pa, pb, err, sizeof err);
    check_true(st == COMPARE_OK, "compare_write_scd_table: writes the table");
    get_file(po, text, sizeof text);
    check_true(strcmp(text, "i,x,name\ninf,7.00,inf\ninf,12.00,0.00\n"
                      "inf,inf,inf\n") == 0,
               "scd table: b's common columns; scd, b = 0, nan; text equality");
    if (strcmp(text, "i,x,name\ninf,7.00,inf\ninf,12.00,0.00\ninf,inf,inf\n"))
        printf("got:\n%s", text);
    st = compare_write_scd_table(NULL, po, ps, pb, err, sizeof err);
    get_file(po, text, sizeof text);
    check_true(st == COMPARE_OK &&
               strcmp(text, "i,x,name\ninf,inf,inf\n0.00,0.00,0.00\n"
                      "0.00,0.00,0.00\n") == 0,
               "rows matched by i: a row of b without a match is 0 in "
               "every cell");
    if (st != COMPARE_OK)
        printf("  (%s)\n", err);
    snprintf(text, sizeof text, "%s/none.csv", dir);
    st = compare_write_scd_table(NULL, po, text, pb, err, sizeof err);
    check_true(st == COMPARE_E_INPUT && strstr(err, "none.csv"),
               "missing file: input error naming it");
    st = compare_write_scd_table(NULL, dir, pa, pb, err, sizeof err);
    check_true(st == COMPARE_E_IO, "writing onto a directory: output error");
    check_true(no_hidden_files(dir), "no temporary remains after the error");
    unlink(pa);
    unlink(pb);
    unlink(ps);
    unlink(po);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    char dir[512];
    definition();
    long_texts();
    reference_zero();
    nan_and_inf();
    not_numbers();
    snprintf(dir, sizeof dir, "%s/test_scd.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(dir)) {
        scd_table(dir);
        rmdir(dir);
    } else
        check_true(0, "a temporary directory for the scd table");
    return check_summary("test_scd");
}
