/* test_result_dir.c - result directories (output.h): the CSV writer
 * prints a NaN of either sign as "nan". */
#define _GNU_SOURCE

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "output.h"
#include "sim_fixture.h"

static char base[256];

/* base/name. */
static const char *at(const char *name)
{
    static char p[512];
    snprintf(p, sizeof p, "%s/%s", base, name);
    return p;
}

/* A NaN of either sign in the tables is "nan", never "-nan". */
static void nan_cells(void)
{
    static scenario s;
    sim_result r;
    char err[512], line[4096];
    FILE *f;
    int minus = 0, plain = 0;
    fixture_run("hertz", NULL, &s, &r);
    r.collisions[0].e = -NAN;
    r.collisions[0].t_f = NAN;
    r.samples[1].y[0] = -NAN;
    check_true(output_write_csv(at("nan"), &s.model, &r, err, sizeof err) ==
               COLLIDE_OK, "a run with NaN cells written");
    f = fopen(at("nan/collisions.csv"), "r");
    while (f && fgets(line, sizeof line, f)) {
        minus += strstr(line, "-nan") != NULL;
        plain += strstr(line, ",nan,") != NULL;
    }
    if (f)
        fclose(f);
    f = fopen(at("nan/samples.csv"), "r");
    while (f && fgets(line, sizeof line, f))
        minus += strstr(line, "-nan") != NULL;
    if (f)
        fclose(f);
    check_true(minus == 0 && plain == 1, "-NaN and NaN are written nan");
    sim_result_free(&r);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    char cmd[600];
    snprintf(base, sizeof base, "%s/test_result_dir-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(base))
        return 2;
    nan_cells();
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
    if (system(cmd) != 0)
        return 2;
    return check_summary("test_result_dir");
}
