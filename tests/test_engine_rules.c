/* test_engine_rules.c - the commits of the binary64 engine to the hybrid
 * time domain (src/b64/engine_rules.c, proved against
 * spec/engine_rules.acsl): the end of a step of the flow (flow_advance:
 * t := te, or the step refused, so t never decreases) and the commit of a
 * jump (jump_commit: j + 1, the mode the target, t unmoved, the event in
 * the ring of the last ones), on inputs a run never produces (a step
 * that would end before t, a non-finite end) and on a ring that wraps.
 * The mutation campaign's function harness does not draw jump_commit's
 * arguments (the ring): this program is a witness of its mutants. And
 * the arithmetic that engine.c passes its samples through: the state's
 * errors (state_errors) and a guard's change with one of them
 * (guard_change), the noise bands as magnitudes
 * (band_magnitudes), the state before a crossing (state_before), and the
 * decisions a run rarely or never takes: a least value that shows an
 * excursion not resolved (least_clean), the margin's change
 * (margin_change) and a rate that is not finite (guard_margin), the
 * screening of a switching function
 * along its samples (sign_step), and a guard whose samples are finite
 * while its rate is not (samples_finite). The grazing test of an event,
 * is_grazing (src/kernel/select.c), which both engines call: a margin or
 * threshold that is not finite shows no transversality. */
#include <math.h>

#include "check.h"
#include "engine_rules.h"
#include "select.h"

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

static void test_state_errors(void)
{
    const double y[3] = {-3.0, 0.0, 0.5};
    double err[3];
    state_errors(2.0, 1e-3, 1e-2, y, 3, err);
    check_true(err[0] == 2.0 * (1e-3 + 1e-2 * 3.0) &&
               err[1] == 2.0 * 1e-3 && err[2] == 2.0 * (1e-3 + 1e-2 * 0.5),
               "state_errors: sqrt(n) (atol + rtol |y_i|), atol alone at y_i = 0");
}

static void test_band_magnitudes(void)
{
    const double raw[3] = {-0.25, 0.5, -0.0};
    double noise[3] = {9.0, 9.0, 9.0};
    band_magnitudes(raw, 3, noise);
    check_true(noise[0] == 0.25 && noise[1] == 0.5 && noise[2] == 0.0,
               "band_magnitudes: a band of either sign becomes its magnitude");
}

static void test_least_clean(void)
{
    check_true(least_clean(-1e-12, 0.0) == 0 && least_clean(-1e-12, 2.0) == 0,
               "least_clean: a least value below zero is a dip");
    check_true(least_clean(0.0, 0.0) == SCREEN_FLOOR &&
               least_clean(1e-9, -0.0) == SCREEN_FLOOR,
               "least_clean: no dip after leaving zero at the first sample: an excursion not resolved");
    check_true(least_clean(1e-9, 2.0) == 1 && least_clean(NAN, 2.0) == 1,
               "least_clean: no dip from beyond zero is clean");
}

static void test_margin_change(void)
{
    check_true(margin_change(2.0, 3.0) == 1.0 && margin_change(-2.0, 3.0) == 5.0,
               "margin_change: |mb - m|, whichever is larger");
}

static void test_state_before(void)
{
    const double y[2] = {1.0, -2.0}, dy[2] = {4.0, -8.0};
    double yb[2];
    state_before(y, dy, 0.25, 2, yb);
    check_true(yb[0] == 0.0 && yb[1] == 0.0,
               "state_before: y - dt dy, dt back along the rate");
}

static void test_guard_margin(void)
{
    check_true(guard_margin(1, 2.0) == 2.0 && guard_margin(-1, 2.0) == -2.0,
               "guard_margin: sigma times the guard's rate");
    check_true(guard_margin(-1, NAN) == 0.0 && guard_margin(1, -INFINITY) == 0.0,
               "guard_margin: a rate that is not finite counts as 0");
}

static void test_sign_step(void)
{
    check_true(sign_step(1, 0) == SIGN_INSIDE && sign_step(0, 0) == SIGN_INSIDE,
               "sign_step: a sample inside the band is skipped");
    check_true(sign_step(0, -1) == SIGN_SAME && sign_step(0, 1) == SIGN_SAME &&
               sign_step(1, 1) == SIGN_SAME,
               "sign_step: the first sample outside the band starts a run, one of its sign continues it");
    check_true(sign_step(1, -1) == SIGN_CHANGE && sign_step(-1, 1) == SIGN_CHANGE,
               "sign_step: a sample of the other sign is a sign change");
}

static void test_guard_change(void)
{
    check_true(guard_change(3.0, 1.0, 1.0) == 2.0 &&
               guard_change(1.0, -3.0, 1.0) == 4.0,
               "guard_change: the larger change of the guard, either way");
}

/* A guard's samples finite and its rate not (a run fails such a step
 * with exit status 5 before the screening; the rates are screened too). */
static void test_samples_finite(void)
{
    const double v[3] = {1.0, -2.0, 0.5};
    const double rate[3] = {0.25, NAN, 1.0};
    const double rate_inf[3] = {0.25, 1.0, -INFINITY};
    check_true(samples_finite(3, v, v) == 1,
               "samples_finite: finite samples and rates are finite");
    check_true(samples_finite(3, v, rate) == 0,
               "samples_finite: a NaN rate with finite values is not finite");
    check_true(samples_finite(3, v, rate_inf) == 0,
               "samples_finite: an infinite rate with finite values is not finite");
    check_true(samples_finite(3, rate, v) == 0,
               "samples_finite: a NaN value is not finite");
}

static void test_is_grazing(void)
{
    check_true(is_grazing(1e-9, 1e-6) == 1,
               "is_grazing: a margin under the threshold grazes");
    check_true(is_grazing(1e-6, 1e-6) == 1,
               "is_grazing: a margin at the threshold grazes");
    check_true(is_grazing(2e-6, 1e-6) == 0,
               "is_grazing: a margin over the threshold is transversal");
    check_true(is_grazing(NAN, 1e-6) == 1,
               "is_grazing: a NaN margin shows no transversality");
    check_true(is_grazing(INFINITY, 1e-6) == 1,
               "is_grazing: an infinite margin shows no transversality");
    check_true(is_grazing(1.0, INFINITY) == 1,
               "is_grazing: an infinite threshold shows no transversality");
    check_true(is_grazing(1.0, NAN) == 1,
               "is_grazing: a NaN threshold shows no transversality");
}

int main(void)
{
    test_flow_advance();
    test_jump_commit();
    test_state_errors();
    test_band_magnitudes();
    test_least_clean();
    test_margin_change();
    test_state_before();
    test_guard_margin();
    test_sign_step();
    test_guard_change();
    test_samples_finite();
    test_is_grazing();
    return check_summary("test_engine_rules");
}
