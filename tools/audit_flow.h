/* audit_flow.h - the flow itself as the check of a trajectory's flow
 * intervals (`collide audit`). */
#ifndef COLLIDE_AUDIT_FLOW_H
#define COLLIDE_AUDIT_FLOW_H

#include <stdio.h>

#include "auditor.h"

/* The flow check: each row against the flow of the scenario from the row
 * before in its interval; the defects written to path when not NULL.
 * 0, or -1 when path cannot be written, -2 when it is an input of the
 * audit (a message on err). */
int audit_flow(auditor *A, const char *path, FILE *err);

/* The integration steps one audit may take in all: beyond them the rows
 * left are inconclusive, not unchecked in silence. */
long audit_steps_total(void);

#endif
