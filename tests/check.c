/* check.c - see check.h. */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int n_pass, n_fail;

static int record(int ok, const char *name, const char *detail)
{
    if (ok) {
        n_pass++;
        printf("ok   %s\n", name);
    } else {
        n_fail++;
        printf("FAIL %s%s%s\n", name, detail[0] ? ": " : "", detail);
    }
    return ok;
}

int check_true(int cond, const char *name)
{
    return record(cond != 0, name, "");
}

int check_close(double got, double want, double rtol, double atol,
                const char *name)
{
    char detail[256];
    double err = fabs(got - want);
    int ok = isfinite(got) && err <= rtol * fabs(want) + atol;
    snprintf(detail, sizeof detail,
             "got %.17g, want %.17g (error %.3g, allowed %.3g)", got, want,
             err, rtol * fabs(want) + atol);
    return record(ok, name, ok ? "" : detail);
}

int check_range(double got, double lo, double hi, const char *name)
{
    char detail[256];
    int ok = got >= lo && got <= hi;
    snprintf(detail, sizeof detail, "got %.17g, allowed [%.17g, %.17g]", got,
             lo, hi);
    return record(ok, name, ok ? "" : detail);
}

int check_summary(const char *program)
{
    printf("%s: %d passed, %d failed\n", program, n_pass, n_fail);
    return n_fail == 0 ? 0 : 1;
}

char *check_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0) {
        rewind(f);
        text = malloc((size_t)n + 1);
        if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
            free(text);
            text = NULL;
        }
        if (text) {
            text[n] = '\0';
            if (len)
                *len = (size_t)n;
        }
    }
    fclose(f);
    return text;
}
