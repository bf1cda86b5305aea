/* model.c - the applied forces of Section IV-A: none, constant, or those of
 * the second study (Eqs. 205-211); see model.h. Each force is the
 * definition of spec/input_forces.acsl of the same name, operation by
 * operation (smooth_step, smooth_step_rate, study2_draw,
 * study2_deceleration, study2_fe1, study2_fe2, reduced_force_value), from
 * which proofs/spec2tape.py writes the high-precision engine's forces;
 * this file is not in the proved set. */
#include "model.h"

#include <math.h>

#define PI 3.14159265358979323846

/* S(w) of Eq. (205). */
static double smooth_step(double w)
{
    if (w < 0)
        return 0;
    if (w > 1)
        return 1;
    return 0.5 * (1 - cos(PI * w));
}

/* S'(w) of Eq. (206). */
static double smooth_step_deriv(double w)
{
    if (w < 0 || w > 1)
        return 0;
    return 0.5 * PI * sin(PI * w);
}

/* a(t) = v_m,0 / T_s S'(t / T_s) (Eq. 207). */
static double deceleration(const input_signal *u, double t)
{
    return u->vm0 / u->Ts * smooth_step_deriv(t / u->Ts);
}

void input_forces(const model *m, double t, double *fe1, double *fe2)
{
    const input_signal *u = &m->u;
    double draw, a;
    switch (u->kind) {
    case INPUT_CONSTANT:
        *fe1 = u->F1;
        *fe2 = m->sys == SYS_HF ? u->F2 : 0;
        return;
    case INPUT_STUDY2:
        draw = u->Fe0 * (1 + smooth_step(t / u->Te));
        a = deceleration(u, t);
        *fe1 = -draw - m->m1 * a;                                    /* Eq. (208) */
        *fe2 = draw - m->m2 * a;                                     /* Eq. (209) */
        return;
    default:
        *fe1 = 0;
        *fe2 = 0;
        return;
    }
}

double reduced_force(const model *m, double fe1, double fe2)
{
    if (m->sys == SYS_HR)
        return fe1;                           /* m_2 = +inf: F_e,r = F_e,1 */
    if (m->u.kind == INPUT_CONSTANT && m->u.gravity)
        return 0.0;                    /* Eq. (46) with F_e,i = -m_i g: 0 */
    return (m->m2 * fe1 - m->m1 * fe2) / (m->m1 + m->m2);            /* Eq. (46) */
}

double input_reduced_force(const model *m, double t)
{
    double fe1, fe2;
    input_forces(m, t, &fe1, &fe2);
    return reduced_force(m, fe1, fe2);
}

double input_next_breakpoint(const model *m, double t)
{
    const input_signal *u = &m->u;
    double next = HUGE_VAL;
    if (u->kind != INPUT_STUDY2)
        return next;
    if (u->Te > t)          /* S(t/T_e) is C^1, not C^2, at t = T_e */
        next = u->Te;
    if (u->Ts > t && u->Ts < next) /* a(t) is C^0, not C^1, at t = T_s */
        next = u->Ts;
    return next;
}
