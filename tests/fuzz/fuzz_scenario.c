/* fuzz_scenario.c - libFuzzer harness of the scenario parser: any bytes
 * are parsed as a scenario file; the parser must either accept them or
 * report one error line, and never crash, leak or read out of bounds
 * (AddressSanitizer, UndefinedBehaviorSanitizer). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static scenario s;
    char err[1024];
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    err[0] = '\0';
    if (scenario_parse(text, "fuzz", &s, err, sizeof err) != COLLIDE_OK &&
        err[0] == '\0')
        abort();                /* a refusal must say why */
    free(text);
    return 0;
}
