/* observables.h - the arithmetic of the per-collision observables of
 * Eqs. (193)-(204): the durations of contact and flight, the coefficient of
 * restitution, the running maxima of |x_c| and F_c, the momentum residual
 * of Eq. (203) and the ratio Lambda of the impulses. Each function is one
 * binary64 expression, the one impact.c evaluated inline before (same
 * operations, same order, so the outputs are bitwise the same); its
 * contract states that expression, finiteness for `bounded` arguments, and
 * the property of the observable that the paper relies on. A quotient is
 * finite when its divisor is at least 1e-100 in magnitude (a bounded
 * numerator over it is at most 1e200); that condition is written out in
 * each clause rather than as a predicate: a predicate's definition enters
 * the context of every goal of the function, and this one made cvc5 three
 * times slower on the `passive` goal of obs_restitution.
 *
 * The reads (t_e, t_s, v_i, v_s, W, J_Fc, J_Fe) stay in impact.c: they
 * are components of the state at an event, not computations. So does
 * x_c^r = |x_c(t_s)| (Eq. 200), libm's fabs of a read: fabs clears the
 * sign bit (also of -0 and NaN), which no comparison-based C expression
 * does bitwise, and libm is outside the proved core. */
#ifndef COLLIDE_OBSERVABLES_H
#define COLLIDE_OBSERVABLES_H

#include "../../spec/bounded.acsl"
#include "../../spec/observables.acsl"

/* t_d = t_s - t_e, the duration of a contact (Eq. 194). */
/*@ requires args: bounded(t_e) && bounded(t_s);
  @ assigns \nothing;
  @ ensures finite: \is_finite(\result);
  @ ensures eq194: same_double(\result, contact_duration_value(t_e, t_s));
  @ ensures nonneg: \le_double(t_e, t_s) ==> \le_double((double)0.0, \result);
  @ ensures positive: \lt_double(t_e, t_s) ==>
  @   \lt_double((double)0.0, \result);
  @*/
double obs_contact_duration(double t_e, double t_s);

/* t_f = t_e(i+1) - t_s(i), the duration of the flight that follows
 * contact i (Eq. 195). */
/*@ requires args: bounded(t_s) && bounded(t_e_next);
  @ assigns \nothing;
  @ ensures finite: \is_finite(\result);
  @ ensures eq195: same_double(\result, flight_duration_value(t_s, t_e_next));
  @ ensures nonneg: \le_double(t_s, t_e_next) ==>
  @   \le_double((double)0.0, \result);
  @ ensures positive: \lt_double(t_s, t_e_next) ==>
  @   \lt_double((double)0.0, \result);
  @*/
double obs_flight_duration(double t_s, double t_e_next);

/* e = -v_s / v_i, Newton's coefficient of restitution (Eq. 197), with
 * v_s = v(t_s, 2i+1) and v_i the approach velocity (Eq. 196), computed as
 * (-v_s) / v_i. e >= 0 when the bodies approach (v_i < 0) and rebound
 * (v_s >= 0), and e <= 1 too when they rebound no faster than they
 * approached. For v_i = 0 (a contact that commences at rest) the result is
 * an infinity, or NaN when v_s = 0 too: the contract gives no value then. */
/*@ requires args: bounded(v_i) && bounded(v_s);
  @ assigns \nothing;
  @ ensures eq197: \ne_double(v_i, (double)0.0) ==>
  @   same_double(\result, restitution_value(v_i, v_s));
  @ ensures finite: (\le_double((double)1.0e-100, v_i) ||
  @   \le_double(v_i, (double)-1.0e-100)) ==> \is_finite(\result);
  @ ensures rebound: \lt_double(v_i, (double)0.0) &&
  @   \le_double((double)0.0, v_s) ==> \le_double((double)0.0, \result);
  @ ensures passive: \lt_double(v_i, (double)0.0) &&
  @   \le_double((double)0.0, v_s) && \le_double(v_s, \neg_double(v_i))
  @   ==> \le_double(\result, (double)1.0);
  @*/
double obs_restitution(double v_i, double v_s);

/* One step of the running maximum of Eqs. (198)-(199): the greater of the
 * maximum so far and a new value of |x_c| or F_c; it never decreases and
 * it is one of the two (on a tie, the current one). A NaN value is
 * ignored. For a current maximum that is neither NaN nor -0 (impact.c
 * starts it at +0.0 and only ever replaces it by a greater value) this is
 * C's fmax(current, value), whichever sign of zero the C library's fmax
 * returns on a tie of zeros. */
/*@ requires current: !\is_NaN(current);
  @ assigns \nothing;
  @ ensures monotone: \le_double(current, \result);
  @ ensures upper: !\is_NaN(value) ==> \le_double(value, \result);
  @ ensures not_nan: !\is_NaN(\result);
  @ ensures finite: \is_finite(current) && \is_finite(value) ==>
  @   \is_finite(\result);
  @ ensures eq198_199: running_max_step(\result, current, value);
  @ behavior rises:
  @   assumes \lt_double(current, value);
  @   ensures eq198_199: same_double(\result, value);
  @ behavior stays:
  @   assumes !\lt_double(current, value);
  @   ensures eq198_199: same_double(\result, current);
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
double obs_running_max(double current, double value);

/* m (v_s - v_i) - (J_Fc + J_Fe): the residual of the momentum balance
 * m Delta v = J_Fc + J_Fe of Eq. (203), with m the reduced mass. */
/*@ requires args: bounded(m) && bounded(v_i) && bounded(v_s);
  @ requires impulses: bounded(j_fc) && bounded(j_fe);
  @ assigns \nothing;
  @ ensures finite: \is_finite(\result);
  @ ensures eq203: same_double(\result,
  @   momentum_residual_value(m, v_i, v_s, j_fc, j_fe));
  @ ensures balanced: \eq_double(\mul_double(m, \sub_double(v_s, v_i)),
  @                              \add_double(j_fc, j_fe))
  @   ==> \eq_double(\result, (double)0.0);
  @*/
double obs_momentum_residual(double m, double v_i, double v_s, double j_fc,
                             double j_fe);

/* Lambda = J_Fe / J_Fc, the ratio of the impulse of the applied force to
 * that of the contact force (Eq. 204): negative when the contact pushes the
 * bodies apart (J_Fc > 0) and the applied force opposes the rebound. */
/*@ requires args: bounded(j_fe) && bounded(j_fc);
  @ assigns \nothing;
  @ ensures eq204: \ne_double(j_fc, (double)0.0) ==>
  @   same_double(\result, impulse_ratio_value(j_fe, j_fc));
  @ ensures finite: (\le_double((double)1.0e-100, j_fc) ||
  @   \le_double(j_fc, (double)-1.0e-100)) ==> \is_finite(\result);
  @ ensures opposed: \lt_double((double)0.0, j_fc) &&
  @   \le_double(j_fe, (double)0.0) ==> \le_double(\result, (double)0.0);
  @*/
double obs_impulse_ratio(double j_fe, double j_fc);

#endif
