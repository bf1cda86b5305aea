/* test_engine_rules.c - the commits of the binary64 engine to the hybrid
 * time domain (src/b64/engine_rules.c, proved against
 * spec/engine_rules.acsl): the end of a step of the flow (flow_advance:
 * t := te, or the step refused, so t never decreases) and the commit of a
 * jump (jump_commit: j + 1, the mode the target, t unmoved, the event in
 * the ring of the last ones), on inputs a run never produces (a step
 * that would end before t, a non-finite end) and on a ring that wraps.
 * The mutation campaign's function harness does not draw jump_commit's
 * arguments (the ring): this program is a witness of its mutants. */
#include <math.h>

#include "check.h"
#include "engine_rules.h"

static void test_flow_advance(void)
{
    double t = 1.0;
    check_true(flow_advance(&t, 1.5) == 1 && t == 1.5,
               "flow_advance: a step ending after t moves t to its end");
    check_true(flow_advance(&t, 1.5) == 1 && t == 1.5,
               "flow_advance: a step ending at t itself is taken (t unchanged)");
    check_true(flow_advance(&t, 1.25) == 0 && t == 1.5,
               "flow_advance: a step ending before t is refused, t kept");
    check_true(flow_advance(&t, NAN) == 0 && t == 1.5,
               "flow_advance: a NaN end is refused, t kept");
    check_true(flow_advance(&t, INFINITY) == 0 && t == 1.5,
               "flow_advance: an infinite end is refused, t kept");
    t = -0.0;
    check_true(flow_advance(&t, 0.0) == 1 && t == 0.0 && !signbit(t),
               "flow_advance: -0 to +0 is no decrease");
}

static void test_jump_commit(void)
{
    double ring_t[3] = {0.0, 0.0, 0.0};
    int ring_tr[3] = {-1, -1, -1};
    int q = 0, j = 4, k;
    long count = 0;
    for (k = 0; k < 4; k++)
        jump_commit(&q, &j, 0.5 + k, 1 - q, k, ring_t, ring_tr, &count, 3);
    check_true(j == 8, "jump_commit: j counts the jumps (4 + 4)");
    check_true(q == 0, "jump_commit: the mode is each transition's target (0, 1, 0, 1, 0)");
    check_true(count == 4, "jump_commit: the ring counts every event");
    check_true(ring_t[0] == 3.5 && ring_tr[0] == 3 && ring_t[1] == 1.5 &&
               ring_tr[1] == 1 && ring_t[2] == 2.5 && ring_tr[2] == 2,
               "jump_commit: event k in slot k mod 3 (the fourth overwrites the first)");
}

int main(void)
{
    test_flow_advance();
    test_jump_commit();
    return check_summary("test_engine_rules");
}
