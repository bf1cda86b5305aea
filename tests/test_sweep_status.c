/* test_sweep_status.c - the status column of a sweep: every status of
 * collide.h a run can end with has its own name, which merge accepts, so
 * that a point whose run fails its ledger check (12) or makes no progress
 * (13) is a row naming that failure, like any other failed run. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "collide.h"
#include "sweep.h"

int main(void)
{
    char name[64];
    int st, other, distinct = 1, known = 1;
    check_true(strcmp(sweep_status_name(COLLIDE_E_LEDGER), "ledger") == 0,
               "status 12 (ledger check failed) is written 'ledger'");
    check_true(strcmp(sweep_status_name(COLLIDE_E_PROGRESS), "progress") == 0,
               "status 13 (no progress) is written 'progress'");
    check_true(strcmp(sweep_status_name(COLLIDE_OK), "ok") == 0 &&
               strcmp(sweep_status_name(COLLIDE_E_ZENO), "zeno") == 0,
               "statuses 0 and 8 keep their names ok, zeno");
    for (st = 0; st <= COLLIDE_E_DOMAIN; st++) {
        if (st == 1)
            continue;       /* not a status */
        snprintf(name, sizeof name, "%s", sweep_status_name(st));
        known = known && sweep_status_known(name, strlen(name)) &&
                strcmp(name, "error") != 0;
        for (other = 0; other < st; other++)
            if (other != 1 && strcmp(name, sweep_status_name(other)) == 0)
                distinct = 0;
    }
    check_true(known, "every status 0, 2 ... 14 has its own name, which "
               "merge accepts");
    check_true(distinct, "no two statuses share a name");
    check_true(!sweep_status_known("okay", 4) && !sweep_status_known("ok", 1) &&
               sweep_status_known("ok,", 2),
               "merge accepts exactly the names (not 'okay', not 'o')");
    return check_summary("test_sweep_status");
}
