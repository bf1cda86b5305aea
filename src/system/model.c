/* model.c - the applied forces of Section IV-A: none, constant, or those of
 * the second study (Eqs. 205-211); see model.h. Each force is the
 * definition of spec/input_forces.acsl of the same name, operation by
 * operation (smooth_step, smooth_step_rate, study2_draw,
 * study2_deceleration, study2_fe1, study2_fe2, reduced_force_value), from
 * which proofs/spec2tape.py writes the high-precision engine's forces;
 * proved (WP_CORE), with libm's cos and sin assumed to return cos_rn and
 * sin_rn (input_cos, input_sin: WP_SKIP). */
#include "model.h"
#include "finite.h"

#include <math.h>

#include "../../spec/input_forces.acsl"

#define PI 3.14159265358979323846

/* libm's cos(x): spec/input_forces.acsl cos_rn (an assumption). */
/*@ assigns \nothing;
  @ ensures value: \result \in {cos_rn(x)};
  @*/
static double input_cos(double x)
{
    return cos(x);
}

/* libm's sin(x): spec/input_forces.acsl sin_rn (an assumption). */
/*@ assigns \nothing;
  @ ensures value: \result \in {sin_rn(x)};
  @*/
static double input_sin(double x)
{
    return sin(x);
}


/* S(w) of Eq. (205). */
/*@ assigns \nothing;
  @ ensures eq205: \result \in {smooth_step(w)};
  @*/
static double smooth_step_at(double w)
{
    if (w < 0)
        return 0;
    if (w > 1)
        return 1;
    return 0.5 * (1 - input_cos(PI * w));
}

/* S'(w) of Eq. (206). */
/*@ assigns \nothing;
  @ ensures eq206: \result \in {smooth_step_rate(w)};
  @*/
static double smooth_step_deriv(double w)
{
    if (w < 0 || w > 1)
        return 0;
    return 0.5 * PI * input_sin(PI * w);
}

/* a(t) = v_m,0 / T_s S'(t / T_s) (Eq. 207). */
/*@ requires input: \valid_read(u);
  @ assigns \nothing;
  @ ensures eq207: \result \in {study2_deceleration(u->vm0, u->Ts, t)};
  @*/
static double deceleration(const input_signal *u, double t)
{
    return u->vm0 / u->Ts * smooth_step_deriv(t / u->Ts);
}

/*@ requires model: \valid_read(m);
  @ requires out: \valid(fe1) && \valid(fe2) && \separated(fe1, fe2, m);
  @ assigns *fe1, *fe2;
  @ behavior constant:
  @   assumes m->u.kind == INPUT_CONSTANT;
  @   ensures fe1: *fe1 \in {\old(m->u.F1)};
  @   ensures fe2: *fe2 \in {\old(m->sys == SYS_HF ? m->u.F2 : (double)0.0)};
  @ behavior study2:
  @   assumes m->u.kind == INPUT_STUDY2;
  @   ensures eq208: *fe1 \in {\old(study2_fe1(m->m1,
  @                    study2_draw(m->u.Fe0, m->u.Te, t),
  @                    study2_deceleration(m->u.vm0, m->u.Ts, t)))};
  @   ensures eq209: *fe2 \in {\old(study2_fe2(m->m2,
  @                    study2_draw(m->u.Fe0, m->u.Te, t),
  @                    study2_deceleration(m->u.vm0, m->u.Ts, t)))};
  @ behavior none:
  @   assumes m->u.kind != INPUT_CONSTANT && m->u.kind != INPUT_STUDY2;
  @   ensures fe1: *fe1 \in {(double)0.0};
  @   ensures fe2: *fe2 \in {(double)0.0};
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
void input_forces(const model *m, double t, double *fe1, double *fe2)
{
    const input_signal *u = &m->u;
    double f1 = 0, f2 = 0, draw, a;
    switch (u->kind) {
    case INPUT_CONSTANT:
        f1 = u->F1;
        f2 = m->sys == SYS_HF ? u->F2 : 0;
        break;
    case INPUT_STUDY2:
        draw = u->Fe0 * (1 + smooth_step_at(t / u->Te));             /* Eq. (208) */
        a = deceleration(u, t);
        f1 = -draw - m->m1 * a;                                      /* Eq. (208) */
        f2 = draw - m->m2 * a;                                       /* Eq. (209) */
        break;
    default:
        break;
    }
    *fe1 = f1;
    *fe2 = f2;
}

/*@ requires model: \valid_read(m);
  @ assigns \nothing;
  @ behavior reduced:
  @   assumes m->sys == SYS_HR;
  @   ensures eq46_hr: \result \in {fe1};
  @ behavior gravity:
  @   assumes m->sys != SYS_HR && m->u.kind == INPUT_CONSTANT && m->u.gravity != 0;
  @   ensures eq46_gravity: \result \in {(double)0.0};
  @ behavior forces:
  @   assumes m->sys != SYS_HR &&
  @           !(m->u.kind == INPUT_CONSTANT && m->u.gravity != 0);
  @   ensures eq46: \result \in {reduced_force_value(m->m1, m->m2, fe1, fe2)};
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
double reduced_force(const model *m, double fe1, double fe2)
{
    if (m->sys == SYS_HR)
        return fe1;                           /* m_2 = +inf: F_e,r = F_e,1 */
    if (m->u.kind == INPUT_CONSTANT && m->u.gravity)
        return 0.0;                    /* Eq. (46) with F_e,i = -m_i g: 0 */
    return (m->m2 * fe1 - m->m1 * fe2) / (m->m1 + m->m2);            /* Eq. (46) */
}

/*@ requires model: \valid_read(m);
  @ assigns \nothing;
  @ behavior study2_hf:
  @   assumes m->sys != SYS_HR && m->u.kind == INPUT_STUDY2;
  @   ensures eq46_208_209: \result \in {reduced_force_value(m->m1, m->m2,
  @     study2_fe1(m->m1, study2_draw(m->u.Fe0, m->u.Te, t),
  @                study2_deceleration(m->u.vm0, m->u.Ts, t)),
  @     study2_fe2(m->m2, study2_draw(m->u.Fe0, m->u.Te, t),
  @                study2_deceleration(m->u.vm0, m->u.Ts, t)))};
  @ behavior constant_hr:
  @   assumes m->sys == SYS_HR && m->u.kind == INPUT_CONSTANT;
  @   ensures eq46_hr: \result \in {m->u.F1};
  @*/
double input_reduced_force(const model *m, double t)
{
    double fe1, fe2;
    input_forces(m, t, &fe1, &fe2);
    return reduced_force(m, fe1, fe2);
}

/*@ requires model: \valid_read(m);
  @ assigns \nothing;
  @ behavior smooth:
  @   assumes m->u.kind != INPUT_STUDY2;
  @   ensures none: \is_plus_infinity(\result);
  @ behavior study2:
  @   assumes m->u.kind == INPUT_STUDY2;
  @   ensures candidate: \result == m->u.Te || \result == m->u.Ts ||
  @                      \is_plus_infinity(\result);
  @   ensures after: \is_plus_infinity(\result) || \lt_double(t, \result);
  @   ensures te: \lt_double(t, m->u.Te) ==> \le_double(\result, m->u.Te);
  @   ensures ts: \lt_double(t, m->u.Ts) ==> \le_double(\result, m->u.Ts);
  @   ensures next: \forall double inf; \is_plus_infinity(inf) ==>
  @     \result \in {input_breakpoint_after(t, m->u.Te, m->u.Ts, inf)};
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
double input_next_breakpoint(const model *m, double t)
{
    const input_signal *u = &m->u;
    double next = plus_infinity();
    if (u->kind != INPUT_STUDY2)
        return next;
    if (u->Te > t)          /* S(t/T_e) is C^1, not C^2, at t = T_e */
        next = u->Te;
    if (u->Ts > t && u->Ts < next) /* a(t) is C^0, not C^1, at t = T_s */
        next = u->Ts;
    return next;
}
