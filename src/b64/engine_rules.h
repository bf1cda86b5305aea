/* engine_rules.h - the small decision rules of the binary64 engine's step
 * loop, each with a contract that fixes its result to its definition in
 * spec/engine_rules.acsl: the sign of a switching function within its
 * error band (band_sign, static inline here: the screening of the
 * switching functions evaluates it at every sample of every step, and a
 * call costs 0.15% of the instructions of study 1) and the same at a
 * sample of the screening, 0 for the point just stepped to (screen_sign,
 * static inline), a strict sign change of one between two samples
 * (opposite_signs, defined in engine_rules.c: the prediction of a
 * switching point calls it a few times per accepted step), and whether a
 * vector is finite (finite_vector, of finite.h, which this header
 * includes); what the samples of a guard show on a sample interval
 * (guard_dip_possible and guard_interval_case, static inline: the
 * screening of the guards evaluates them on every sample interval of
 * every step); the step floor at an instant (step_floor), the least
 * distance of a stop that is not rounding (stop_min), whether a straddled
 * switching point counts as reached (negligible_straddle), all three on
 * |x| (absval of powabs.h, the laws' |x|), and whether some switching
 * function is not of one strict sign at all the samples of a step
 * (sign_changes), and the secant estimate of the step up to a straddled
 * switching point
 * (switching_secant_least, over the switching functions;
 * switching_secant_step for one of them, of switching_straddles,
 * switching_secant_cap and switching_secant_lower), the next size after
 * a rejected step that straddles one (switching_cap_at), the end of the
 * next step (step_end_at), whether an earlier first step can start an
 * interval of flow (first_step_usable), the proposal after a step cut
 * short for a stop (resume_step) and whether two points of the
 * continuation of a step bracket a switching point to predict
 * (predict_brackets), and the two figures of a guard's touch, the rate of
 * change of its rate (touch_rate_change) and whether the excursion its
 * margin allows lies within its error band (touch_within), and the time
 * that sets the resolution of a margin (resolution_time), all defined in
 * engine_rules.c; the step loop's decisions on the progress of the hybrid
 * time domain, whether a step is refused as under the step floor
 * (step_under_floor) and what an accepted step comes to after its
 * screening (step_outcome), both static inline (every step evaluates
 * them: as calls they cost 0.06% of the instructions of study 1), and of
 * an event, the margin it reports (event_margin), its rate scale
 * (event_rate_scale), the threshold of its grazing test (graze_threshold)
 * and the commit of its jump to the hybrid time domain (jump_commit),
 * and the end of a step of the flow (flow_advance: t never decreases),
 * defined in engine_rules.c; and what an accepted step decides: whether
 * it reaches the pending stop (pending_reached), was cut short to aim at
 * a predicted switching point (step_cut_short), ends at a stop its
 * screening found (stop_at_step_end), the next proposal (step_proposal),
 * how far ahead a switching point is predicted (predict_reach) and what
 * is done with one predicted (switching_plan), all static inline (every
 * accepted step evaluates them); and of the screening's samples, the
 * instant of a sample (sample_time), the state and its rate at the end
 * points of a step (sample_end; step_samples holds the samples) and
 * whether the samples of a guard and its rate are finite
 * (samples_finite), all static inline (the screening takes every sample
 * of every accepted step), the halvings that take a step to its sample
 * intervals (sample_levels, static inline), the note of an undecided
 * near-touch (note_time, static inline), and the oriented coefficients
 * of the
 * enclosure of a guard that is a component of the state with the sum of
 * their magnitudes (enclosure_coeffs, defined in engine_rules.c); the
 * arithmetic of the error bands, the errors of the state's components
 * (state_errors) and the noise bands as magnitudes (band_magnitudes),
 * both static inline (every sample of a step whose switching functions
 * change sign), one component's term of a guard's band (guard_change),
 * what a least value between two samples shows (least_clean), the
 * oriented rate before a crossing (guard_margin), the state taken back
 * along its rate and the change of the margin over that time
 * (state_before, margin_change), and the screening of one switching
 * function along the samples (sign_step, static inline).
 * engine_rules.c, in WP_CORE, is the translation unit in which WP reads
 * them. */
#ifndef COLLIDE_ENGINE_RULES_H
#define COLLIDE_ENGINE_RULES_H

#include <limits.h>

#include "dop853.h"    /* dop853_step_data, the continuous extension */
#include "enclose.h"   /* BERN7_N */
#include "finite.h"
#include "law.h"         /* LAW_NSWITCH_MAX */
#include "fminmax.h"     /* fmax_number, fmin_number */
#include "powabs.h"      /* absval: |x| (exact) */
#include "select.h"     /* crosses_in_orientation */
#include "../rules/zeno.h"  /* zeno_slot: the slot of an event in a ring */

/* The switching functions of a mode, at most (hybrid_system.nswitch):
 * those of the law in contact (mode 1), none in free flight. */
#define ENGINE_NSWITCH_MAX LAW_NSWITCH_MAX

/* A switching point that lies within SWITCH_SLACK h of the end of a step of
 * size h counts as reached there (negligible_straddle): a step that
 * straddles it by delta errs by about delta / h times the error of a step
 * that straddles it by half (measured: 1e5 tolerances), so below 1e-4
 * tolerances here. */
#define SWITCH_SLACK 1e-9

/* A first step is at least this many times the step floor
 * (first_step_usable; spec/engine_rules.acsl, first_step_usable_at). */
#define FLOOR_MARGIN 4.0

/* What the samples of a guard show on a sample interval
 * (guard_interval_case): nothing, a least value between on or beyond the
 * guard at both ends, a crossing in the orientation, a greatest value
 * between below the guard at both ends. */
enum guard_case { GUARD_CLEAN = 0, GUARD_LEAST = 1, GUARD_CROSSES = 2,
                  GUARD_GREATEST = 3 };

/* The kind of a stop of the step loop: none, an event (a transition's
 * guard crossed), a switching point of the flow map. */
enum stop_kind { STOP_NONE = 0, STOP_EVENT = 1, STOP_SWITCH = 2 };

/* What the screening of a step returns when it cannot go on (screen of
 * engine.c and the functions under it; 0: no stop found, 1: a stop found,
 * -1: a root that could not be located). SCREEN_FLOOR: a guard that
 * leaves zero at the start of its interval and comes back within rounding
 * of the start, the next event under the step floor. SCREEN_WIDE: a root
 * that max_iter evaluations did not bracket to t_tol or to adjacent
 * doubles (the diagnosis names the event or switching function and the
 * bracket). SCREEN_NONFINITE: a guard or its rate not finite at a sample
 * of the step, where no sign test nor root_refine is made. */
enum screen_failure { SCREEN_FLOOR = -2, SCREEN_WIDE = -3,
                      SCREEN_NONFINITE = -4 };

/* What an accepted step comes to after its screening (step_outcome): the
 * run fails (the step floor, a value not finite, a root left wide, a root
 * not located); the step is accepted to its end and the switching point
 * crossed just before the end passed; the step is cut and taken again to
 * the stop found; the stop found is at the step's start (an event, no
 * flow); the piece ends at the stop on the continuous extension; the step
 * is accepted to its end with the stop found there; the step is accepted
 * to its end, no stop found. */
enum step_outcome { STEP_FAIL_FLOOR = 0, STEP_FAIL_NONFINITE = 1,
                    STEP_FAIL_WIDE = 2, STEP_FAIL_UNLOCATED = 3,
                    STEP_PASS_SWITCH = 4, STEP_CUT = 5,
                    STEP_STOP_AT_START = 6, STEP_END_AT_STOP = 7,
                    STEP_ACCEPT_STOP = 8, STEP_ACCEPT = 9 };

/* The prediction of a switching point after an accepted step of size sh
 * (predict_reach) reaches PREDICT_AHEAD times the proposal for the next
 * step ahead, at most PREDICT_STEPS times sh. */
#define PREDICT_AHEAD 2.0
#define PREDICT_STEPS 8.0

/* What the step loop does with a predicted switching point
 * (switching_plan): passes it (reached within rounding), aims the next
 * step at it, or takes two equal steps to it. */
enum switching_plan { SWITCH_PASS = 0, SWITCH_AIM = 1, SWITCH_HALVE = 2 };

/* The samples of a step that the screening takes at most, in sample
 * intervals (options.samples_per_step is clamped to 1 .. SAMPLES_MAX). */
#define SAMPLES_MAX 64

/* Samples of a step at n + 1 equally spaced instants (end points exact):
 * the instants t, the state y and its rate dy (sample_time, sample_end). */
typedef struct step_samples {
    int n;
    double t[SAMPLES_MAX + 1];
    double y[SAMPLES_MAX + 1][COLLIDE_NY_MAX];
    double dy[SAMPLES_MAX + 1][COLLIDE_NY_MAX];
} step_samples;

#include "../../spec/engine_rules.acsl"

/* The sign of a switching function's value x whose rounding error is at
 * most noise: 0 inside the band [-noise, noise], where its sign is
 * rounding noise and the point counts as a zero. */
/*@ assigns \nothing;
  @ ensures band_sign: \result == band_sign_of(x, noise);
  @*/
static inline int band_sign(double x, double noise)
{
    return (x > noise) - (x < -noise);
}

/* Whether some of the nk switching functions has values of strictly
 * opposite signs in ka and kb. Where none has, no noise band can make a
 * sign change of them: a value within its band has sign 0, which removes
 * it, and one outside has its own sign. */
/*@ requires 0 <= nk;
  @ requires \valid_read(ka + (0 .. nk - 1)) && \valid_read(kb + (0 .. nk - 1));
  @ assigns \nothing;
  @ ensures opposite_signs: \result == 1 <==>
  @   (\exists integer i; 0 <= i < nk && strict_sign_change(ka[i], kb[i]));
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
int opposite_signs(const double *ka, const double *kb, int nk);

/* The step floor at t (spec/engine_rules.acsl, step_floor_at): 16 ulp of
 * t; the step loop takes no step of this size or smaller, except to end at
 * a stop or at T. */
/*@ assigns \nothing;
  @ ensures step_floor: \result \in {step_floor_at(t)};
  @*/
double step_floor(double t);

/* The least distance between the instants a and b that is not rounding
 * (spec/engine_rules.acsl, stop_min_at): 8 ulp of the larger of |a|, |b|,
 * plus the least normal double. */
/*@ assigns \nothing;
  @ ensures stop_min: \result \in {stop_min_at(a, b)};
  @*/
double stop_min(double a, double b);

/* Whether a switching point at distance d from t counts as reached at t,
 * when it is straddled by a step of size h from or to t
 * (spec/engine_rules.acsl, negligible_straddle_at): within SWITCH_SLACK h,
 * or so close that no step could end between (twice the step floor). */
/*@ assigns \nothing;
  @ ensures negligible_straddle: \result == 1 <==> negligible_straddle_at(d, h, t);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
int negligible_straddle(double d, double h, double t);

/* Whether some switching function i < nk of the samples kv[0 .. n][i] is
 * not of one strict sign at all of them (a sign change, a zero or a NaN;
 * spec/engine_rules.acsl, strict_sign_all). When none is, the screening
 * of the step can find no crossing of them whatever the noise bands, and
 * need not evaluate the bands. */
/*@ requires 0 <= n < INT_MAX;
  @ requires 0 <= nk <= ENGINE_NSWITCH_MAX;
  @ requires \valid_read(kv + (0 .. n));
  @ assigns \nothing;
  @ ensures sign_changes: \result == 1 <==>
  @   (\exists integer i; 0 <= i < nk && !strict_sign_all(kv, n, i));
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
int sign_changes(double kv[][ENGINE_NSWITCH_MAX], int n, int nk);

/* Whether switching function i, of values x0 and x1 and noise bands e0
 * and e1 at the two ends of a rejected step, straddles a switching point:
 * its band signs there are nonzero and opposite, and it is not function
 * passed with the sign -passed_sign at the start (the point just stepped
 * to) (spec/engine_rules.acsl, secant_straddles). */
/*@ requires -1 <= passed_sign <= 1;
  @ assigns \nothing;
  @ ensures secant_straddles: \result == 1 <==>
  @   secant_straddles(x0, e0, x1, e1, i, passed, passed_sign) == \true;
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
int switching_straddles(double x0, double e0, double x1, double e1, int i,
                        int passed, int passed_sign);

/* The secant estimate h x0 / (x0 - x1) of the size of a step of size h up
 * to the zero of a switching function of values x0 and x1 at its ends
 * (spec/engine_rules.acsl, secant_cap). */
/*@ assigns \nothing;
  @ ensures secant_cap: \result \in {secant_cap(h, x0, x1)};
  @*/
double switching_secant_cap(double h, double x0, double x1);

/* The least positive secant estimate so far after the estimate cap: cap
 * when 0 < cap < least, else least (spec/engine_rules.acsl,
 * secant_lower). */
/*@ assigns \nothing;
  @ ensures secant_lower: \result \in {secant_lower(cap, least)};
  @*/
double switching_secant_lower(double cap, double least);

/* One switching function's part of the secant estimate (doc/events.md: a
 * rejected step that straddles a zero is retried at the secant estimate
 * of it): function i, of values x0 and x1 and noise bands e0 and e1 at
 * the two ends of a step of size h, straddles a switching point when its
 * band signs there are nonzero and opposite, except when it is function
 * passed and its sign at the start is -passed_sign (the point just
 * stepped to); then the result is its secant estimate h x0 / (x0 - x1)
 * if that is positive and below least, else least
 * (spec/engine_rules.acsl, secant_step_of). */
/*@ requires -1 <= passed_sign <= 1;
  @ assigns \nothing;
  @ ensures secant_step: \result \in
  @   {secant_step_of(h, x0, e0, x1, e1, i, passed, passed_sign, least)};
  @*/
double switching_secant_step(double h, double x0, double e0, double x1,
                             double e1, int i, int passed, int passed_sign,
                             double least);

/* The secant estimate of the size of a step of size h up to the first
 * switching point that it straddles: switching_secant_step over the nk
 * switching functions (values k0 and k1 and noise bands n0 and n1 at the
 * two ends) in turn, from none; the least positive h k0 / (k0 - k1)
 * below none, or none (spec/engine_rules.acsl, secant_least). */
/*@ requires 0 <= nk;
  @ requires -1 <= passed_sign <= 1;
  @ requires \valid_read(k0 + (0 .. nk - 1)) && \valid_read(n0 + (0 .. nk - 1));
  @ requires \valid_read(k1 + (0 .. nk - 1)) && \valid_read(n1 + (0 .. nk - 1));
  @ assigns \nothing;
  @ ensures secant_least: \result \in
  @   {secant_least(h, k0, n0, k1, n1, nk, passed, passed_sign, none)};
  @*/
double switching_secant_least(double h, const double *k0, const double *n0,
                              const double *k1, const double *n1, int nk,
                              int passed, int passed_sign, double none);

/* The band sign of switching function i at sample k of the screening of a
 * step (value x, band noise), 0 at the step's start for the point just
 * stepped to: function passed with the sign -passed_sign there
 * (spec/engine_rules.acsl, screen_sign_of). Static inline: the screening
 * evaluates it at every sample of a step whose switching functions change
 * sign. */
/*@ requires -1 <= passed_sign <= 1;
  @ assigns \nothing;
  @ ensures screen_sign: \result == screen_sign_of(x, noise, k, i, passed,
  @                                                passed_sign);
  @*/
static inline int screen_sign(double x, double noise, int k, int i,
                              int passed, int passed_sign)
{
    int s = band_sign(x, noise);
    return k == 0 && i == passed && s == -passed_sign ? 0 : s;
}

/* The proposal h for the step after a step cut short for a stop, raised
 * to h_free, the proposal after the last step not cut short, when that is
 * larger (spec/engine_rules.acsl, resume_step_of). */
/*@ assigns \nothing;
  @ ensures resume_step: \result \in {resume_step_of(h, h_free)};
  @*/
double resume_step(double h, double h_free);

/* The next size after a rejected step of size sh, from the controller's
 * proposal h and the secant estimate hs of the first switching point the
 * step straddles (switching_secant_least): h when hs is not below sh,
 * else hs at least h / 10 and at most max(h, h_free) after the first
 * rejection in a row, at most h after further ones
 * (spec/engine_rules.acsl, switching_cap_of). */
/*@ assigns \nothing;
  @ ensures switching_cap: \result \in
  @   {switching_cap_of(hs, sh, h, first, h_free)};
  @*/
double switching_cap_at(double hs, double sh, double h, int first,
                        double h_free);

/* The instant of sample k of the n + 1 of a step from t0 of size h: t0
 * at k = 0, t0 + h at k = n (the end points exact), t0 + h (k / n) in
 * between (spec/engine_rules.acsl, sample_time_at). Static inline: the
 * screening takes n + 1 samples of every accepted step. */
/*@ requires index: 1 <= n <= SAMPLES_MAX && 0 <= k <= n;
  @ assigns \nothing;
  @ ensures time: sample_time_at(\result, t0, h, k, n);
  @*/
static inline double sample_time(double t0, double h, int k, int n)
{
    if (k == 0)
        return t0;
    if (k == n)
        return t0 + h;
    return t0 + h * ((double)k / n);
}

/* The state y and its rate dy at an end point of the accepted step s,
 * sample k = 0 (y0 and f0) or k = n (y1 and f1) of its n + 1 samples
 * (spec/engine_rules.acsl, sample_end_at; the samples in between are the
 * continuous extension and its rate, dop853_dense_eval and
 * dop853_dense_deriv, with their own contracts). Static inline: the
 * screening samples every accepted step. */
/*@ requires step: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ requires index: 1 <= n <= SAMPLES_MAX && (k == 0 || k == n);
  @ requires out: \valid(y + (0 .. s->n - 1)) && \valid(dy + (0 .. s->n - 1));
  @ requires separated: \separated(y + (0 .. s->n - 1),
  @   dy + (0 .. s->n - 1), s);
  @ assigns y[0 .. s->n - 1], dy[0 .. s->n - 1];
  @ ensures sample: \forall integer i; 0 <= i < \old(s->n) ==>
  @   sample_end_at{Pre}(s, y[i], dy[i], k, n, i);
  @*/
static inline void sample_end(const dop853_step_data *restrict s, int k,
                              int n, double *restrict y, double *restrict dy)
{
    const double *ys = k < n ? s->y0 : s->y1;   /* k < n: k = 0, the start */
    const double *fs = k < n ? s->f0 : s->f1;
    int i;
    /*@ loop invariant 0 <= i <= s->n;
      @ loop invariant sample: \forall integer c; 0 <= c < i ==>
      @   sample_end_at{Pre}(s, y[c], dy[c], k, n, c);
      @ loop assigns i, y[0 .. s->n - 1], dy[0 .. s->n - 1];
      @ loop variant s->n - i;
      @*/
    for (i = 0; i < s->n; i++) {
        y[i] = ys[i];
        dy[i] = fs[i];
    }
}

/* Whether v[0 .. n-1] and rate[0 .. n-1], the samples of a guard and its
 * rate, are all finite (spec/float_range.acsl, all_finite): x - x is 0
 * for a finite x and NaN otherwise, so the sum is 0 exactly when all are
 * (no branch per sample). Static inline: the screening evaluates it for
 * every guard at every step. */
/*@ requires dim: 0 <= n <= SAMPLES_MAX + 1;
  @ requires samples: \valid_read(v + (0 .. n - 1)) &&
  @   \valid_read(rate + (0 .. n - 1));
  @ assigns \nothing;
  @ ensures finite: \result == 1 <==> all_finite(v, n) && all_finite(rate, n);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
static inline int samples_finite(int n, const double *v, const double *rate)
{
    double d = 0.0;
    int k;
    /*@ loop invariant 0 <= k <= n;
      @ loop invariant zero: all_finite(v, k) && all_finite(rate, k) ==>
      @   \eq_double(d, (double)0.0);
      @ loop invariant nan: !(all_finite(v, k) && all_finite(rate, k)) ==>
      @   \is_NaN(d);
      @ loop assigns k, d;
      @ loop variant n - k;
      @*/
    for (k = 0; k < n; k++)
        d += (v[k] - v[k]) + (rate[k] - rate[k]);
    return d == 0.0;
}

/* The levels of halvings that take a step to its n sample intervals,
 * log2 n, when n is a power of two, else -1: the enclosure of a guard
 * that is a component of the state halves the whole step's coefficients
 * that many times (spec/engine_rules.acsl, sample_levels_of). Static
 * inline: the screening evaluates it for every guard at every step. */
/*@ requires count: 1 <= n <= 64;     // SAMPLES_MAX
  @ assigns \nothing;
  @ ensures levels: \result == sample_levels_of(n);
  @*/
static inline int sample_levels(int n)
{
    int m = 1, levels = 0;
    /*@ loop invariant pow2: (m == 1 && levels == 0) ||
      @   (m == 2 && levels == 1) || (m == 4 && levels == 2) ||
      @   (m == 8 && levels == 3) || (m == 16 && levels == 4) ||
      @   (m == 32 && levels == 5) || (m == 64 && levels == 6);
      @ loop invariant below: m == 1 || m / 2 < n;
      @ loop assigns m, levels;
      @ loop variant n - m;
      @*/
    while (m < n) {
        m *= 2;
        levels++;
    }
    return m == n ? levels : -1;
}

/* Notes the instant t at the end of the list ts[0 .. *count - 1] of room
 * cap when there is room (an undecided near-touch that the screening of a
 * step found; spec/engine_rules.acsl, time_noted). Static inline: the
 * screening notes each where it finds it. */
/*@ requires count: \valid(count) && 0 <= *count <= cap;
  @ requires list: \valid(ts + (0 .. cap - 1));
  @ requires separated: \separated(count, ts + (0 .. cap - 1));
  @ assigns *count, ts[\old(*count)];
  @ ensures noted: time_noted(\old(*count), *count, ts[\old(*count)], t, cap);
  @*/
static inline void note_time(double *ts, int *count, int cap, double t)
{
    if (*count < cap) {
        ts[*count] = t;
        *count = *count + 1;
    }
}

/* The oriented nested coefficients r[j] = sg cont[j][comp] of the
 * continuous extension of component comp of step s, whose enclosure
 * (enclose.h) decides the crossings of a guard that is that component,
 * and the sum of their magnitudes in *msum, for bern7_margin: 1 when
 * they are all at most 2^996 (about 6.7e299) in magnitude, else 0, r
 * and *msum then unspecified (spec/engine_rules.acsl, oriented_coeff,
 * coeff_bounded and coeff_abs_sum). */
/*@ requires step: \valid_read(s) && 0 <= comp < COLLIDE_NY_MAX;
  @ requires out: \valid(r + (0 .. BERN7_N - 1)) && \valid(msum);
  @ requires separated: \separated(r + (0 .. BERN7_N - 1), msum, s);
  @ assigns r[0 .. BERN7_N - 1], *msum;
  @ ensures usable: \result == 1 <==> (\forall integer j; 0 <= j < BERN7_N ==>
  @   coeff_bounded(oriented_coeff(sg, \old(s->cont[j][comp]))));
  @ ensures boolean: \result == 0 || \result == 1;
  @ ensures coeffs: \result == 1 ==> \forall integer j; 0 <= j < BERN7_N ==>
  @   r[j] \in {oriented_coeff(sg, \old(s->cont[j][comp]))};
  @ ensures sum: \result == 1 ==>
  @   *msum \in {\old(coeff_abs_sum(s, comp, sg, BERN7_N))};
  @*/
int enclosure_coeffs(const dop853_step_data *s, int comp, double sg,
                     double *r, double *msum);

/* Whether the oriented guard of values va, vb and rate ra at the ends of
 * a sample interval may hide a dip to the near side between them: at 0
 * with rate 0 at the first instant of a flow interval (at_start) and on
 * or beyond zero at the end (spec/engine_rules.acsl, dip_possible_at). */
/*@ assigns \nothing;
  @ ensures dip_possible: \result == 1 <==>
  @   dip_possible_at(at_start, va, ra, vb);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
static inline int guard_dip_possible(int at_start, double va, double ra,
                                     double vb)
{
    return at_start && va == 0.0 && ra == 0.0 && vb >= 0.0;
}

/* What the samples of the oriented guard (values va, vb and rates ra, rb
 * at the ends of a sample interval; at_start: the first instant of a flow
 * interval) show there, in this order: a least value between
 * (least_between), a crossing in the orientation (crossing_shown), a
 * greatest value between below the guard (greatest_below), or nothing
 * (spec/engine_rules.acsl). */
/*@ requires finite: \is_finite(va) && \is_finite(vb);
  @ assigns \nothing;
  @ ensures least: least_between(at_start, va, vb, ra, rb) ==>
  @   \result == GUARD_LEAST;
  @ ensures crosses: !least_between(at_start, va, vb, ra, rb) &&
  @   crossing_shown(at_start, va, vb) ==> \result == GUARD_CROSSES;
  @ ensures greatest: !least_between(at_start, va, vb, ra, rb) &&
  @   !crossing_shown(at_start, va, vb) && greatest_below(va, vb, ra, rb) ==>
  @   \result == GUARD_GREATEST;
  @ ensures clean: !least_between(at_start, va, vb, ra, rb) &&
  @   !crossing_shown(at_start, va, vb) && !greatest_below(va, vb, ra, rb) ==>
  @   \result == GUARD_CLEAN;
  @*/
static inline int guard_interval_case(int at_start, double va, double vb,
                                      double ra, double rb)
{
    if (((at_start && va == 0.0) || va > 0.0) && vb >= 0.0 && ra < 0.0 &&
        (rb > 0.0 || (rb == 0.0 && vb == 0.0)))
        return GUARD_LEAST;
    if (crosses_in_orientation(at_start, va, vb))
        return GUARD_CROSSES;
    if (va < 0.0 && vb < 0.0 && ra > 0.0 && rb < 0.0)
        return GUARD_GREATEST;
    return GUARD_CLEAN;
}

/* The end of the next step from t of proposed size h: t + h, lowered to
 * the end of the run T, the next breakpoint bp and a pending stop pend
 * (+inf when none) and a predicted switching point aim after t, and made
 * that limit when it lies within stop_min of it (spec/engine_rules.acsl,
 * step_end_of and step_limit_of). */
/*@ assigns \nothing;
  @ ensures step_end: \result \in
  @   {step_end_of(t, h, step_limit_of(T, bp, pend, aim, t))};
  @*/
double step_end_at(double t, double h, double T, double bp, double pend,
                   double aim);

/* Whether h, the first step of an earlier interval of flow, can start the
 * interval of flow at t of a run to T (spec/engine_rules.acsl,
 * first_step_usable_at). */
/*@ assigns \nothing;
  @ ensures usable: \result == 1 <==> first_step_usable_at(h, t, T);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
int first_step_usable(double h, double t, double T);

/* Whether two points of the continuation of an accepted step, of values
 * ka, kb and bands na, nb of a switching function whose value and band at
 * the step's end are k1, n1, bracket a switching point to predict
 * (spec/engine_rules.acsl, predict_bracket). */
/*@ assigns \nothing;
  @ ensures predict_bracket: \result == 1 <==>
  @   predict_bracket(k1, n1, ka, na, kb, nb) == \true;
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
int predict_brackets(double k1, double n1, double ka, double na, double kb,
                     double nb);

/* g2, the rate of change of the oriented guard's rate sigma dg/dt over a
 * sample interval [ta, tb] from its values ra and rb at the ends,
 * |rb - ra| / (tb - ta) (spec/engine_rules.acsl, touch_rate_change_of). */
/*@ assigns \nothing;
  @ ensures touch_rate_change: \result \in
  @   {touch_rate_change_of(ra, rb, ta, tb)};
  @*/
double touch_rate_change(double ra, double rb, double ta, double tb);

/* Whether the excursion beyond zero that a margin m allows a guard whose
 * rate changes at g2, m^2 / (2 g2), lies within its error band
 * (spec/engine_rules.acsl, touch_within_band). */
/*@ assigns \nothing;
  @ ensures within: \result == 1 <==> touch_within_band(m, g2, band);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
int touch_within(double m, double g2, double band);

/* The time in which the state moves, in its fastest component so far, by
 * the error the step control allows it: dt so far, after component i of
 * value y and rate dy (not 0), the smaller of dt and
 * (atol + rtol |y|) / |dy| (spec/engine_rules.acsl, resolution_time_of;
 * the resolution of a margin, margin_resolution of engine.c). */
/*@ assigns \nothing;
  @ ensures resolution_time: \result \in
  @   {resolution_time_of(dt, atol, rtol, y, dy)};
  @*/
double resolution_time(double dt, double atol, double rtol, double y,
                       double dy);

/* Whether the step from t to t1 of a run to T is refused as under the
 * step floor: t1 - t not above step_floor(t), and the step ends neither at
 * T nor at a pending stop (pending: 1 when there is one)
 * (spec/engine_rules.acsl, step_under_floor_at). Static inline: every
 * step evaluates it. */
/*@ requires pending: pending == 0 || pending == 1;
  @ assigns \nothing;
  @ ensures under_floor: \result == 1 <==> step_under_floor_at(t, t1, T, pending);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
static inline int step_under_floor(double t, double t1, double T,
                                   int pending)
{
    return !(t1 - t > step_floor(t)) && t1 < T && !pending;
}

/* What an accepted step from t to t1 comes to (enum step_outcome), from
 * what its screening returned, got (1: a stop found, of kind kind at st_t;
 * event_too: an event found as well; 0: none; negative: enum
 * screen_failure, or -1), and the retries so far towards a pending stop
 * (spec/engine_rules.acsl, step_outcome_is). Static inline: every
 * accepted step evaluates it. */
/*@ requires screened: -4 <= got <= 1;
  @ requires kind: 0 <= kind <= 2;
  @ requires event_too: event_too == 0 || event_too == 1;
  @ requires retries: 0 <= retries <= 4;
  @ assigns \nothing;
  @ ensures step_outcome: step_outcome_is(\result, got, kind, event_too, st_t,
  @                                       t, t1, retries);
  @*/
static inline int step_outcome(int got, int kind, int event_too,
                               double st_t, double t, double t1, int retries)
{
    if (got == SCREEN_FLOOR)
        return STEP_FAIL_FLOOR;
    if (got == SCREEN_NONFINITE)
        return STEP_FAIL_NONFINITE;
    if (got == SCREEN_WIDE)
        return STEP_FAIL_WIDE;
    if (got < 0)
        return STEP_FAIL_UNLOCATED;
    if (!got)
        return STEP_ACCEPT;
    /* a switching point alone, crossed just before the end */
    if (kind == STOP_SWITCH && !event_too && st_t < t1 &&
        negligible_straddle(t1 - st_t, t1 - t, t1))
        return STEP_PASS_SWITCH;
    /* cut the step: take it again to the stop */
    if (st_t < t1 && retries < 4 && st_t - t > stop_min(t, st_t))
        return STEP_CUT;
    if (st_t <= t)
        return STEP_STOP_AT_START;
    /* too close to cut again: the piece ends at the stop */
    if (st_t < t1)
        return STEP_END_AT_STOP;
    return STEP_ACCEPT_STOP;
}

/* Whether the step that ends at te reaches the pending stop (pending: 1
 * when there is one) of time pend: te at or after it
 * (spec/engine_rules.acsl, pending_reached_at). Static inline: every
 * accepted step evaluates it. */
/*@ requires pending: pending == 0 || pending == 1;
  @ assigns \nothing;
  @ ensures reached: \result == 1 <==> pending_reached_at(pending, te, pend);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
static inline int pending_reached(int pending, double te, double pend)
{
    return pending && te >= pend;
}

/* Whether the stop that the screening of a step from t found (found: 1
 * when it found one) at st_t becomes the pending stop at te, the end of
 * the piece taken: no pending stop reached there (at_stop: 1 when one is)
 * and st_t within stop_min(t, te) of te or beyond (spec/engine_rules.acsl,
 * stop_at_step_end_at). Static inline: every accepted step evaluates it. */
/*@ requires found: found == 0 || found == 1;
  @ requires at_stop: at_stop == 0 || at_stop == 1;
  @ assigns \nothing;
  @ ensures at_end: \result == 1 <==>
  @   stop_at_step_end_at(found, at_stop, st_t, t, te);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
static inline int stop_at_step_end(int found, int at_stop, double st_t,
                                   double t, double te)
{
    return found && !at_stop && st_t >= te - stop_min(t, te);
}

/* Whether the step from t that ends at te was cut short to aim at a
 * predicted switching point goal: it ends at goal, before t + h_free, the
 * end of a step of the proposal after the last step not cut short
 * (spec/engine_rules.acsl, step_cut_short_at). Static inline: every
 * accepted step evaluates it. */
/*@ assigns \nothing;
  @ ensures cut_short: \result == 1 <==> step_cut_short_at(te, t, h_free, goal);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
static inline int step_cut_short(double te, double t, double h_free,
                                 double goal)
{
    return te < t + h_free && te == goal;
}

/* The proposal for the step after an accepted one: the controller's
 * h_next, raised to h_free by resume_step when the step was cut short
 * (cut_short: 1) (spec/engine_rules.acsl, step_proposal_of). Static
 * inline: every accepted step evaluates it. */
/*@ requires cut_short: cut_short == 0 || cut_short == 1;
  @ assigns \nothing;
  @ ensures proposal: \result \in {step_proposal_of(h_next, cut_short, h_free)};
  @*/
static inline double step_proposal(double h_next, int cut_short,
                                   double h_free)
{
    return cut_short ? resume_step(h_next, h_free) : h_next;
}

/* How far ahead of an accepted step of size sh, with the proposal h for
 * the next, a switching point is predicted: PREDICT_AHEAD h, at most
 * PREDICT_STEPS sh (spec/engine_rules.acsl, predict_reach_of). Static
 * inline: every accepted step with no stop evaluates it. */
/*@ assigns \nothing;
  @ ensures reach: \result \in {predict_reach_of(h, sh)};
  @*/
static inline double predict_reach(double h, double sh)
{
    return fmin_number(PREDICT_AHEAD * h, PREDICT_STEPS * sh);
}

/* What the step loop does with a switching point predicted at distance d
 * after te, with the proposal h for the next step (enum switching_plan):
 * passes it when it counts as reached at te (negligible_straddle), aims
 * the next step at it when it lies within h, else takes two equal steps
 * to it (spec/engine_rules.acsl, switching_plan_is). Static inline: every
 * accepted step with a prediction evaluates it. */
/*@ assigns \nothing;
  @ ensures switching_plan: switching_plan_is(\result, d, h, te);
  @*/
static inline int switching_plan(double d, double h, double te)
{
    if (negligible_straddle(d, h, te))
        return SWITCH_PASS;
    if (d <= h)
        return SWITCH_AIM;
    return SWITCH_HALVE;
}

/* The margin an event reports: 0 when it lies within its resolution res,
 * where it cannot be told from 0, else the margin as measured
 * (spec/engine_rules.acsl, event_margin_of). */
/*@ assigns \nothing;
  @ ensures event_margin: \result \in {event_margin_of(margin, res)};
  @*/
double event_margin(double margin, double res);

/* The rate scale of an event, the larger of |margin| and rate0, the
 * |d g/dt| of its guard at the start of the flow interval
 * (spec/engine_rules.acsl, rate_scale_of). */
/*@ assigns \nothing;
  @ ensures rate_scale: \result \in {rate_scale_of(margin, rate0)};
  @*/
double event_rate_scale(double margin, double rate0);

/* The threshold of the grazing test of an event: the larger of graze_tol
 * times its rate scale and the margin's resolution res
 * (spec/engine_rules.acsl, graze_threshold_of). */
/*@ assigns \nothing;
  @ ensures graze_threshold: \result \in
  @   {graze_threshold_of(graze_tol, rate_scale, res)};
  @*/
double graze_threshold(double graze_tol, double rate_scale, double res);

/* The commit of a jump of transition tr to mode to, at the instant t, to
 * the hybrid time domain: (t, j) -> (t, j + 1) (t is passed by value: the
 * commit cannot move it), the mode becomes to, and the jump is recorded
 * in the ring of the last n events (ring_t, ring_tr), event *count in
 * slot *count mod n, *count one more after (spec/engine_rules.acsl,
 * jump_commit_of; zeno_slot of spec/zeno.acsl). */
/*@ requires valid: \valid(q) && \valid(j) && \valid(count);
  @ requires ring: 0 < n && \valid(ring_t + (0 .. n - 1)) &&
  @   \valid(ring_tr + (0 .. n - 1));
  @ requires separated: \separated(q, j, count, ring_t + (0 .. n - 1),
  @                                ring_tr + (0 .. n - 1));
  @ requires jumps_room: *j < INT_MAX;
  @ requires count_room: 0 <= *count < LONG_MAX;
  @ assigns *q, *j, *count, ring_t[zeno_slot(*count, n)],
  @         ring_tr[zeno_slot(*count, n)];
  @ ensures commit: jump_commit_of(*j, *q, \old(*j), to);
  @ ensures ring_time: ring_t[zeno_slot(\old(*count), n)] == t;
  @ ensures ring_transition: ring_tr[zeno_slot(\old(*count), n)] == tr;
  @ ensures ring_count: *count == \old(*count) + 1;
  @*/
void jump_commit(int *q, int *j, double t, int to, int tr,
                 double *ring_t, int *ring_tr, long *count, int n);


/* The end of a step of the flow from the instant *t at te: *t := te and 1
 * when te is finite and not before *t; else *t unchanged and 0, the
 * step refused (spec/engine_rules.acsl, flow_advance_of): along the flow
 * t never decreases. */
/*@ requires valid: \valid(t);
  @ assigns *t;
  @ ensures advance: flow_advance_of(*t, \result, \old(*t), te);
  @ ensures monotone: \result != 0 ==> \le_double(\old(*t), *t);
  @*/
int flow_advance(double *t, double te);

/* The largest error of each of the n components of the state y that an
 * accepted step's error norm allows, err[i] = w (atol + rtol |y[i]|)
 * with w = sqrt(n) (spec/engine_rules.acsl, state_error_of). Static
 * inline: the screening evaluates it, through the noise bands of the
 * switching functions, at every sample of a step whose switching
 * functions change sign. */
/*@ requires dim: 0 <= n <= COLLIDE_NY_MAX;
  @ requires state: \valid_read(y + (0 .. n - 1));
  @ requires out: \valid(err + (0 .. n - 1));
  @ requires separated: \separated(y + (0 .. n - 1), err + (0 .. n - 1));
  @ assigns err[0 .. n - 1];
  @ ensures state_error: \forall integer i; 0 <= i < n ==>
  @   err[i] \in {state_error_of(w, atol, rtol, y[i])};
  @*/
static inline void state_errors(double w, double atol, double rtol,
                                const double *y, int n, double *err)
{
    int i;
    /*@ loop invariant 0 <= i <= n;
      @ loop invariant state_error: \forall integer c; 0 <= c < i ==>
      @   err[c] \in {state_error_of(w, atol, rtol, y[c])};
      @ loop assigns i, err[0 .. n - 1];
      @ loop variant n - i;
      @*/
    for (i = 0; i < n; i++)
        err[i] = w * (atol + rtol * absval(y[i]));
}

/* One component's term of a guard's error band: the larger of |gu - g0|
 * and |gd - g0|, the guard's values with the component moved up and down
 * by its error and at the state itself (spec/engine_rules.acsl,
 * guard_change_of). */
/*@ assigns \nothing;
  @ ensures guard_change: \result \in {guard_change_of(gu, gd, g0)};
  @*/
double guard_change(double gu, double gd, double g0);

/* What the least value vm of an oriented guard between two samples at or
 * beyond zero shows, va its value at the first (spec/engine_rules.acsl,
 * least_clean_is): 1 no dip, SCREEN_FLOOR no dip after the guard left
 * zero at the first sample (an excursion not resolved), 0 a dip. */
/*@ assigns \nothing;
  @ ensures least_clean: least_clean_is(\result, vm, va);
  @*/
int least_clean(double vm, double va);

/* The change of the margin m of a crossing over the time that sets its
 * resolution, mb the margin that time before: |mb - m|
 * (spec/engine_rules.acsl, margin_change_of). */
/*@ assigns \nothing;
  @ ensures margin_change: \result \in {margin_change_of(mb, m)};
  @*/
double margin_change(double mb, double m);

/* The noise bands of nk switching functions as magnitudes, noise[i] =
 * |raw[i]| (abs_val of spec/power.acsl), raw the bands an instance gave,
 * which may be of either sign. Static inline: with state_errors, at every
 * sample of a step whose switching functions change sign. */
/*@ requires dim: 0 <= nk <= ENGINE_NSWITCH_MAX;
  @ requires bands: \valid_read(raw + (0 .. nk - 1)) &&
  @   \valid(noise + (0 .. nk - 1));
  @ requires separated: \separated(raw + (0 .. nk - 1), noise + (0 .. nk - 1));
  @ assigns noise[0 .. nk - 1];
  @ ensures magnitudes: \forall integer i; 0 <= i < nk ==>
  @   noise[i] \in {abs_val(raw[i])};
  @*/
static inline void band_magnitudes(const double *raw, int nk, double *noise)
{
    int i;
    /*@ loop invariant 0 <= i <= nk;
      @ loop invariant magnitudes: \forall integer c; 0 <= c < i ==>
      @   noise[c] \in {abs_val(raw[c])};
      @ loop assigns i, noise[0 .. nk - 1];
      @ loop variant nk - i;
      @*/
    for (i = 0; i < nk; i++)
        noise[i] = absval(raw[i]);
}

/* The state y[0 .. n-1] of rate dy at the lower end of a crossing's
 * bracket taken dt back along its rate, yb[i] = y[i] - dt dy[i]
 * (spec/engine_rules.acsl, state_before_of; the resolution of a margin,
 * margin_resolution of engine.c). */
/*@ requires dim: 0 <= n <= COLLIDE_NY_MAX;
  @ requires state: \valid_read(y + (0 .. n - 1)) &&
  @   \valid_read(dy + (0 .. n - 1));
  @ requires out: \valid(yb + (0 .. n - 1));
  @ requires separated: \separated(yb + (0 .. n - 1), y + (0 .. n - 1),
  @   dy + (0 .. n - 1));
  @ assigns yb[0 .. n - 1];
  @ ensures before: \forall integer i; 0 <= i < n ==>
  @   yb[i] \in {state_before_of(y[i], dy[i], dt)};
  @*/
void state_before(const double *y, const double *dy, double dt, int n,
                  double *yb);

/* The oriented rate of a guard at the lower end of a crossing's bracket,
 * sigma dg/dt at t- (event semantics, doc/design.md): the transversality
 * margin of rate, a rate that is not finite counting as 0
 * (transversality_margin_value of spec/event_select.acsl). */
/*@ requires orientation: sigma == -1 || sigma == 1;
  @ assigns \nothing;
  @ ensures margin: \is_finite(rate) ==>
  @   \eq_double(\result, transversality_margin_value(sigma, rate));
  @ ensures not_finite: !\is_finite(rate) ==> \result == 0.0;
  @*/
double guard_margin(int sigma, double rate);

/* What a sample of band sign sk does to the screening of one switching
 * function along the samples of a step, ls the band sign of the last
 * sample outside the band so far (0: none yet): SIGN_INSIDE (sk == 0,
 * skipped), SIGN_SAME (a run of one sign continued or started), or
 * SIGN_CHANGE, a sign change to locate between the two
 * (spec/engine_rules.acsl, sign_step_is). Static inline: the screening
 * evaluates it at every sample of a step whose switching functions change
 * sign. */
enum sign_step { SIGN_INSIDE = 0, SIGN_SAME = 1, SIGN_CHANGE = 2 };
/*@ assigns \nothing;
  @ ensures sign_step: sign_step_is(\result, ls, sk);
  @*/
static inline int sign_step(int ls, int sk)
{
    if (sk == 0)
        return SIGN_INSIDE;
    return ls == 0 || sk == ls ? SIGN_SAME : SIGN_CHANGE;
}

#endif
