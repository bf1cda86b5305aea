/* fuzz_audit.c - libFuzzer harness of `collide audit`: any bytes are
 * audited as a trajectory of the scenario example-v2 (through a file, as
 * the command reads it). The CSV reader and the audit must accept or
 * refuse the input with a message, never crash, leak or read out of
 * bounds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "audit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A file of this process for the input. */
static const char *input_path(void)
{
    static char path[64];
    if (!path[0])
        snprintf(path, sizeof path, "/tmp/collide-fuzz-audit-%ld.csv",
                 (long)getpid());
    return path;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    audit_options o = {0};
    FILE *f = fopen(input_path(), "wb"), *null = fopen("/dev/null", "w");
    if (!f || !null) {
        if (f)
            fclose(f);
        if (null)
            fclose(null);
        return 0;
    }
    fwrite(data, 1, size, f);
    fclose(f);
    o.trajectory = input_path();
    o.scenario = "example-v2";
    o.tol = 1e-6;
    o.set_tol = 1e-8;
    audit_run(&o, null, null);
    fclose(null);
    return 0;
}
