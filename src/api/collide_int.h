/* collide_int.h - what the files of the public interface share
 * (collide.c: scenarios, runs, results and comparison; collide_model.c:
 * the hybrid system evaluated; collide_csv.c: CSV tables): the inside of
 * a scenario and the error message of a call. Internal: the tools include
 * collide.h alone. */
#ifndef COLLIDE_INT_H
#define COLLIDE_INT_H

#include <stddef.h>

#include "collide.h"
#include "scenario.h"

struct collide_scenario {
    scenario s;
};

/* Writes a message into err (when there is room), as snprintf. */
void collide_api_say(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
