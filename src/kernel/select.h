/* select.h - the discrete part of the hybrid event semantics (doc/design.md):
 * crossing in the declared orientation, deterministic priority among
 * simultaneous events, transversality margin and grazing. */
#ifndef COLLIDE_SELECT_H
#define COLLIDE_SELECT_H

#include "../../spec/event_select.acsl"

/* Whether sigma * g, sampled as sa at a and sb at b > a, crosses zero in the
 * declared orientation on [a, b]. at_start: a is the first instant of a
 * flow interval, where a guard may sit at zero right after a reset; there
 * it is an event only if it then becomes positive. Elsewhere a value
 * reaching zero from below counts. */
/*@ requires samples: \is_finite(sa) && \is_finite(sb);
  @ assigns \nothing;
  @ ensures bool: \result == 0 || \result == 1;
  @ behavior start:
  @   assumes at_start != 0;
  @   ensures crossing: \result == 1 <==> crosses_at_start(sa, sb);
  @ behavior inside:
  @   assumes at_start == 0;
  @   ensures crossing: \result == 1 <==> crosses_inside(sa, sb);
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
int crosses_in_orientation(int at_start, double sa, double sb);

/* The selected transition among n candidates listed in the fixed priority
 * order of their mode: candidate i is eligible when eligible[i] != 0 (its
 * transition is enabled and its guard crosses in its declared orientation)
 * and then crosses at tau[i]. The earliest eligible crossing is selected;
 * among equal times the least in the priority order. -1 when none is
 * eligible. */
/*@ requires size: 0 <= n;
  @ requires arrays: \valid_read(tau + (0 .. n - 1)) && \valid_read(eligible + (0 .. n - 1));
  @ requires finite: \forall integer i; 0 <= i < n ==> \is_finite(tau[i]);
  @ assigns \nothing;
  @ behavior none:
  @   assumes \forall integer i; 0 <= i < n ==> eligible[i] == 0;
  @   ensures no_event: \result == -1;
  @ behavior some:
  @   assumes \exists integer i; 0 <= i < n && eligible[i] != 0;
  @   ensures index: 0 <= \result < n;
  @   ensures eligible: eligible[\result] != 0;
  @   ensures earliest: \forall integer i; 0 <= i < n && eligible[i] != 0 ==>
  @            \le_double(tau[\result], tau[i]);
  @   ensures priority: \forall integer i; 0 <= i < \result && eligible[i] != 0 ==>
  @            \lt_double(tau[\result], tau[i]);
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
int event_select(int n, const double *tau, const int *eligible);

/* Transversality margin of a crossing: sigma times the time derivative of
 * the guard (event semantics, doc/design.md). */
/*@ requires orientation: sigma == -1 || sigma == 1;
  @ requires rate: \is_finite(rate);
  @ assigns \nothing;
  @ ensures margin: \eq_double(\result, transversality_margin_value(sigma, rate));
  @ behavior up:
  @   assumes sigma == 1;
  @   ensures finite: \is_finite(\result);
  @   ensures same: \eq_double(\result, rate);
  @   ensures product: \eq_double(\result, \mul_double((double)1.0, rate));
  @ behavior down:
  @   assumes sigma == -1;
  @   ensures finite: \is_finite(\result);
  @   ensures opposite: \eq_double(\result, \neg_double(rate));
  @   ensures product: \eq_double(\result, \mul_double((double)-1.0, rate));
  @   ensures exact: \eq_double(\result, \sub_double((double)0.0, rate));
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
double transversality_margin(int sigma, double rate);

/* A crossing is grazing when its margin does not exceed the threshold
 * (graze_tol times the scale of the guard's rate), or when the margin or
 * the threshold is not a finite number (the rate of a power of x_c at
 * zero): such a margin shows no transversality. Both engines decide it
 * here. */
/*@ assigns \nothing;
  @ ensures grazing: \result == 1 <==>
  @   !(\is_finite(margin) && \is_finite(threshold)) ||
  @   \le_double(margin, threshold);
  @ ensures bool: \result == 0 || \result == 1;
  @*/
int is_grazing(double margin, double threshold);

#endif
