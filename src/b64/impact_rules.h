/* impact_rules.h - the arithmetic and the decisions of the binary64
 * driver (impact.c) that call no function of the model through a pointer:
 * the sample grid and the sample times each once, the bound of the energy
 * ledger's residual (sim_ledger_bound of src/rules/sim.h: the tolerance
 * units, the change of the contact's storage, a step's error, the
 * magnitude of a ledger, the cap), the ledger's energy scale, the rules of
 * the search for the maxima of Eqs. (198)-(199) over a piece of flow (the
 * bound of |x_c| over a step, the bisection's bracket), the columns of a
 * collision's row that an equation defines (Eqs. 194-197, 203, 204, 24,
 * by the proved functions of the model) and the first ledger of a run
 * that fails its check (sim_ledger_verdict). Each function has a contract
 * that fixes its result to its definition in spec/impact_rules.acsl (or
 * in the spec/ file of the equation); impact_rules.c, in WP_CORE, is the
 * translation unit in which WP proves them. impact.c keeps what calls the
 * law through its pointers (its storage, Phi and its rate), the continuous
 * extension, qsort, the memory and the text, and passes the numbers. */
#ifndef COLLIDE_IMPACT_RULES_H
#define COLLIDE_IMPACT_RULES_H

#include <limits.h>

#include "finite.h"
#include "fminmax.h"     /* fmax_number, fmin_number */
#include "ledger.h"      /* ledger_residual, Eq. (24) */
#include "observables.h" /* Eqs. (193)-(204) */
#include "../system/model.h"     /* the model's masses, collision_rec and */
#include "../rules/contact.h"    /* the ledger's check, by their paths, as */
#include "../rules/run_rules.h"  /* the prover's include path holds src/model */

#include "../../spec/impact_rules.acsl"
#include "../../spec/guards_table.acsl"

/* |x| as fabs returns it (spec/impact_rules.acsl, fabs_value): +0 at -0,
 * a NaN kept, without a call of libm. Static inline, as tol_unit and
 * rate_falls_between: the driver evaluates them at every accepted step
 * (a call of rate_falls_between alone cost 0.15% of the instructions of
 * study 2). */
/*@ assigns \nothing;
  @ ensures fabs: \result \in {fabs_value(x)};
  @*/
static inline double impact_abs(double x)
{
    return x < 0.0 ? -x : (x == 0.0 ? 0.0 : x);
}

/* The component of the state that guard g of the guards table is
 * (spec/guards_table.acsl, guard_state_value): x or v at their layout
 * indices, -1 for Phi, which the law computes. Static inline: the engine
 * evaluates a guard and its rate at every sample it screens. */
/*@ assigns \nothing;
  @ ensures component: \result == guard_state_value(g, x, v);
  @*/
static inline int guard_state_index(int g, int x, int v)
{
    return g == 0 ? x : (g == 2 ? -1 : v);
}

/* Whether the law's arguments v, x_c and z_c at y are all finite (the
 * proved laws require them finite, src/model; spec/impact_rules.acsl,
 * law_args_finite_at): x - x is 0 for a finite x and NaN for an infinity or a NaN,
 * so their sum is 0 exactly when all are finite. Static inline: the
 * driver asks it at every evaluation of the flow map in contact. */
/*@ requires valid_layout(L);
  @ requires \valid_read(y + (0 .. L->ny - 1));
  @ assigns \nothing;
  @ ensures finite: \result == 1 <==>
  @   law_args_finite_at(y, L->v, L->xc, L->nz);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
static inline int law_args_finite(const layout *L, const double *y)
{
    const double *c = y + L->xc;     /* x_c, then z_c (L->z = L->xc + 1) */
    double d = (y[L->v] - y[L->v]) + (c[0] - c[0]);
    /*@ assert d: \eq_double(d, (double)0.0) <==>
      @   \is_finite(y[L->v]) && \is_finite(c[0]);
      @*/
    /*@ assert d_nan: \eq_double(d, (double)0.0) || \is_NaN(d); */
    if (L->nz > 0) {                 /* n_z <= LAW_NZ_MAX = 2 */
        double e = (c[1] - c[1]) + (c[L->nz] - c[L->nz]);
        /*@ assert e: \eq_double(e, (double)0.0) <==>
          @   \is_finite(c[1]) && \is_finite(c[L->nz]);
          @*/
        /*@ assert e_nan: \eq_double(e, (double)0.0) || \is_NaN(e); */
        d += e;
    }
    return d == 0.0;
}

/* Point k of the uniform grid of n points on [0, T]; the ends are 0 and T
 * exactly (spec/impact_rules.acsl, grid_time_at). */
/*@ requires 0 <= k < n < INT_MAX;
  @ assigns \nothing;
  @ ensures grid_time: \result \in {grid_time_at(n, T, k)};
  @*/
double grid_time(int n, double T, int k);

/* The n points of the uniform grid on [0, T] into times[0 .. n - 1]
 * (grid_time; spec/impact_rules.acsl, grid_time_at). */
/*@ requires n: 0 <= n;
  @ requires fits: n < INT_MAX;
  @ requires \valid(times + (0 .. n - 1));
  @ assigns times[0 .. n - 1];
  @ ensures grid: \forall integer k; 0 <= k < n ==>
  @   times[k] \in {grid_time_at(n, T, k)};
  @*/
void sample_grid(double *times, int n, double T);

/* The sorted sample times t[0 .. n - 1] each once, in place: each that
 * is the first or differs from the one before it (a NaN from every
 * value) moved to t[kept_count(t, i)]; returns their number
 * (spec/impact_rules.acsl, kept_count, time_kept). */
/*@ requires n: 0 <= n;
  @ requires \valid(t + (0 .. n - 1));
  @ assigns t[0 .. n - 1];
  @ ensures count: \result == kept_count{Pre}(t, n);
  @ ensures kept: \forall integer i; 0 <= i < n && time_kept{Pre}(t, i) ==>
  @   t[kept_count{Pre}(t, i)] \in {\at(t[i], Pre)};
  @*/
int distinct_times(double *t, int n);

/* One tolerance unit of a component whose values at the ends of a step
 * are a and b: sk = atol + rtol max(|a|, |b|), the scale of the step's
 * error norm (spec/impact_rules.acsl, tol_unit_value). */
/*@ assigns \nothing;
  @ ensures tol_unit: \result \in {tol_unit_value(atol, rtol, a, b)};
  @*/
static inline double tol_unit(double atol, double rtol, double a, double b)
{
    return atol + rtol * fmax_number(impact_abs(a), impact_abs(b));
}

/* |dV_c/dy_i| sk of a contact component of value yi, from the storage
 * V_c at y_i + sk (up) and y_i - sk (dn): their centred difference, or
 * huge where yi and sk are finite and V_c leaves the doubles at one of
 * them (spec/impact_rules.acsl, storage_change_is). The caller passes
 * HUGE_VAL, which sim_ledger_cap caps (never the NaN of inf - inf); as
 * an argument, because WP's model of binary64 has no infinite constant
 * that a proof can use. */
/*@ assigns \nothing;
  @ ensures storage_change: storage_change_is(\result, yi, sk, up, dn, huge);
  @*/
double storage_change(double yi, double sk, double up, double dn,
                      double huge);

/* The error of a step from y0 to y1 in R = V + Delta_C - I_s (Eq. 24):
 * the terms of I_s and Delta_C (components is_idx and dc; v_start the V at
 * the start of the ledger, which caps Delta_C's magnitude), of v with
 * the mass m, of v_m with the mass m_1 + m_2 (vm >= 0, H_f only), then
 * terms[0 .. nc - 1] of the contact's storage, in order
 * (spec/impact_rules.acsl, ledger_step_error_value). */
/*@ requires 0 <= is_idx && 0 <= dc && 0 <= v && vm < INT_MAX;
  @ requires \valid_read(y0 + is_idx) && \valid_read(y1 + is_idx);
  @ requires \valid_read(y0 + dc) && \valid_read(y1 + dc);
  @ requires \valid_read(y0 + v) && \valid_read(y1 + v);
  @ requires vm >= 0 ==> \valid_read(y0 + vm) && \valid_read(y1 + vm);
  @ requires 0 <= nc && \valid_read(terms + (0 .. nc - 1));
  @ assigns \nothing;
  @ ensures ledger_step_error: \result \in {ledger_step_error_value(atol,
  @   rtol, y0, y1, is_idx, dc, v, vm, mass, mass_c, v_start, terms, nc)};
  @*/
double ledger_step_error(double atol, double rtol, const double *y0,
                         const double *y1, int is_idx, int dc, int v, int vm,
                         double mass, double mass_c, double v_start,
                         const double *terms, int nc);

/* The error of a step from y0 to y1 of the system of model m, layout L,
 * in the ledger whose I_s and Delta_C are components is and dc (the
 * run's or the contact's) and whose V at the start is v_start:
 * ledger_step_error with the velocity v, and v_m of H_f, of L, the mass
 * m and the mass m_1 + m_2 (Eqs. 91, 94), and the nc terms of the
 * contact's storage (spec/impact_rules.acsl, ledger_step_error_value).
 * Static inline: the driver evaluates it twice at every step in contact. */
/*@ requires valid_layout(L) && \valid_read(m);
  @ requires 0 <= is_idx < L->ny && 0 <= dc < L->ny;
  @ requires m->sys == SYS_HF ==> 0 <= L->vm < L->ny;
  @ requires \valid_read(y0 + (0 .. L->ny - 1)) &&
  @   \valid_read(y1 + (0 .. L->ny - 1));
  @ requires 0 <= nc && \valid_read(terms + (0 .. nc - 1));
  @ assigns \nothing;
  @ ensures ledger_step_error: \result \in {ledger_step_error_value(atol,
  @   rtol, y0, y1, is_idx, dc, L->v, m->sys == SYS_HF ? L->vm : -1, m->m,
  @   \add_double(m->m1, m->m2), v_start, terms, nc)};
  @*/
static inline double model_step_error(const model *m, const layout *L,
                                      double atol, double rtol,
                                      const double *y0, const double *y1,
                                      int is_idx, int dc, double v_start,
                                      const double *terms, int nc)
{
    return ledger_step_error(atol, rtol, y0, y1, is_idx, dc, L->v,
                             m->sys == SYS_HF ? L->vm : -1, m->m,
                             m->m1 + m->m2, v_start, terms, nc);
}

/* The magnitude whose rounding the residual of a ledger carries:
 * |V(0)| + |V(T)| + |Delta_C| + |Delta_D| + |I_s| + jumps, jumps the sum
 * of |V| before its jumps (spec/impact_rules.acsl,
 * ledger_magnitude_value). */
/*@ assigns \nothing;
  @ ensures magnitude: \result \in
  @   {ledger_magnitude_value(v0, vt, delta_c, delta_d, i_s, jumps)};
  @*/
double ledger_magnitude(double v0, double vt, double delta_c, double delta_d,
                        double i_s, double jumps);

/* The magnitude of the ledger of collision c (ledger_magnitude), whose
 * jumps are the one V before its separation, v_jump
 * (spec/impact_rules.acsl, ledger_magnitude_value). */
/*@ requires \valid_read(c);
  @ assigns \nothing;
  @ ensures magnitude: \result \in {ledger_magnitude_value(c->V_start,
  @   c->V_end, c->DeltaC, c->DeltaD, c->Is, fabs_value(v_jump))};
  @*/
double collision_magnitude(const collision_rec *c, double v_jump);

/* The bound a ledger's residual is checked against: sim_ledger_bound of
 * the sum err of its steps' errors over ny components and of its
 * magnitude, capped at SIM_LEDGER_CAP of the run's energy scale
 * (sim_ledger_cap; spec/run_check.acsl, ledger_bound_value,
 * ledger_capped). */
/*@ requires 0 <= ny <= COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures capped: ledger_capped(\result,
  @   ledger_bound_value(ny, err, magnitude), scale);
  @*/
double ledger_bound_checked(int ny, double err, double magnitude,
                            double scale);

/* The ledger's energy scale after a state of storage V and supply i_s:
 * the largest of scale, V and |i_s| (spec/impact_rules.acsl,
 * ledger_scale_after). */
/*@ assigns \nothing;
  @ ensures scale: \result \in {ledger_scale_after(scale, V, i_s)};
  @*/
double ledger_scale(double scale, double V, double i_s);

/* The rate of |x_c| at x_c = x, whose rate is dx (spec/impact_rules.acsl,
 * abs_rate_value, Eq. 198): -dx where x < 0, else dx. Static inline: the
 * driver asks it at every sample of a piece in contact. */
/*@ assigns \nothing;
  @ ensures rate: \result \in {abs_rate_value(x, dx)};
  @*/
static inline double abs_rate(double x, double dx)
{
    return x < 0.0 ? -dx : dx;
}

/* The sum of |V| before the jumps of a run (the jumps term of
 * ledger_magnitude) after one more jump with V = vb before it
 * (spec/impact_rules.acsl, jumps_after_value). */
/*@ assigns \nothing;
  @ ensures jumps: \result \in {jumps_after_value(jumps, vb)};
  @*/
double jumps_after(double jumps, double vb);

/* Whether a quantity's rate goes from > 0 at one sample to < 0 at the
 * next, where an interior maximum lies (spec/impact_rules.acsl,
 * rate_falls). */
/*@ assigns \nothing;
  @ ensures falls: \result == 1 <==> rate_falls(ra, rb);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
static inline int rate_falls_between(double ra, double rb)
{
    return ra > 0.0 && rb < 0.0;
}

/* Whether a maximum above current can lie where the quantity is bounded
 * by bound: bound not <= current (a NaN bound does not exclude it;
 * spec/impact_rules.acsl, may_exceed_at). */
/*@ assigns \nothing;
  @ ensures may_exceed: \result == 1 <==> may_exceed_at(bound, current);
  @ ensures boolean: \result == 0 || \result == 1;
  @*/
int may_exceed_bound(double bound, double current);

/* The midpoint a + (b - a)/2 of the bracket [a, b] of the bisection
 * (spec/impact_rules.acsl, bisect_mid_value). */
/*@ assigns \nothing;
  @ ensures mid: \result \in {bisect_mid_value(a, b)};
  @*/
double bisect_mid(double a, double b);

/* The bracket [*a, *b] of the root of a quantity's rate after its value
 * r at the midpoint m: [m, b] where r > 0, [a, m] where r < 0, the one
 * point m at a root or a NaN r (spec/impact_rules.acsl,
 * bracket_lo_after, bracket_hi_after). Static inline: an iteration of
 * the bisection. */
/*@ requires \valid(a) && \valid(b) && \separated(a, b);
  @ assigns *a, *b;
  @ ensures lo: *a \in {bracket_lo_after(\old(*a), m, r)};
  @ ensures hi: *b \in {bracket_hi_after(\old(*b), m, r)};
  @*/
static inline void bisect_narrow(double *a, double *b, double m, double r)
{
    if (r > 0.0)
        *a = m;
    else if (r < 0.0)
        *b = m;
    else
        *a = *b = m;
}

/* An upper bound of every value of |x_c| that the continuous extension
 * of coefficients c[0 .. 7] gives on its step, y0 and y1 its values at
 * the ends (spec/impact_rules.acsl, xc_bound_value). */
/*@ requires \valid_read(c + (0 .. 7));
  @ assigns \nothing;
  @ ensures xc_bound: \result \in {xc_bound_value(c, y0, y1)};
  @*/
double xc_bound(const double *c, double y0, double y1);

/* Instant k of the n + 1 equally spaced samples of the piece [t0, t1],
 * the last one t1 exactly (spec/impact_rules.acsl, piece_point_value). */
/*@ requires 0 <= k <= n && 0 < n < INT_MAX;
  @ assigns \nothing;
  @ ensures point: \result \in {piece_point_value(t0, t1, k, n)};
  @*/
double piece_point(double t0, double t1, int k, int n);

/* The resolution of an event time t located in [lo, hi]: the larger of
 * the bracket's width and 4 eps |t| (spec/impact_rules.acsl,
 * event_resolution_value). */
/*@ assigns \nothing;
  @ ensures resolution: \result \in {event_resolution_value(lo, hi, t)};
  @*/
double event_resolution(double lo, double hi, double t);

/* Column col of the collision's row c that an equation of the row's other
 * columns defines, from the numbers of binary64 (the row's primitive
 * `formula`, contact.h): t_d (Eq. 194), t_f with t the next contact's
 * t_e (Eq. 195), e (Eq. 197), Lambda (Eq. 204), the residual of the
 * momentum balance with the reduced mass m (Eq. 203) and the residual of
 * the collision's ledger (Eq. 24); no other column (spec/observables.acsl,
 * spec/ledger.acsl). The arguments of each are those its function of the
 * model requires. */
/*@ requires \valid(c);
  @ requires td: col == TC_TD ==> bounded(c->t_e) && bounded(c->t_s);
  @ requires tf: col == TC_TF ==> bounded(c->t_s) && bounded(t);
  @ requires e: col == TC_E ==> bounded(c->v_i) && bounded(c->v_s);
  @ requires lambda: col == TC_LAMBDA ==> bounded(c->J_Fe) && bounded(c->J_Fc);
  @ requires mom: col == TC_MOM ==> bounded(m) && bounded(c->v_i) &&
  @   bounded(c->v_s) && bounded(c->J_Fc) && bounded(c->J_Fe);
  @ requires res: col == TC_RES ==> bounded(c->V_end) && bounded(c->V_start) &&
  @   bounded(c->DeltaC) && bounded(c->DeltaD) && bounded(c->Is);
  @ behavior td:
  @   assumes col == TC_TD;
  @   assigns c->t_d;
  @   ensures eq194: same_double(c->t_d, contact_duration_value(c->t_e, c->t_s));
  @ behavior tf:
  @   assumes col == TC_TF;
  @   assigns c->t_f;
  @   ensures eq195: same_double(c->t_f, flight_duration_value(c->t_s, t));
  @ behavior e:
  @   assumes col == TC_E;
  @   assigns c->e;
  @   ensures eq197: \ne_double(c->v_i, (double)0.0) ==>
  @     same_double(c->e, restitution_value(c->v_i, c->v_s));
  @ behavior lambda:
  @   assumes col == TC_LAMBDA;
  @   assigns c->Lambda;
  @   ensures eq204: \ne_double(c->J_Fc, (double)0.0) ==>
  @     same_double(c->Lambda, impulse_ratio_value(c->J_Fe, c->J_Fc));
  @ behavior mom:
  @   assumes col == TC_MOM;
  @   assigns c->momentum_residual;
  @   ensures eq203: same_double(c->momentum_residual,
  @     momentum_residual_value(m, c->v_i, c->v_s, c->J_Fc, c->J_Fe));
  @ behavior res:
  @   assumes col == TC_RES;
  @   assigns c->residual;
  @   ensures eq24: \eq_double(c->residual, ledger_residual_value(c->V_end,
  @     c->V_start, c->DeltaC, c->DeltaD, c->Is));
  @ behavior other:
  @   assumes col != TC_TD && col != TC_TF && col != TC_E &&
  @     col != TC_LAMBDA && col != TC_MOM && col != TC_RES;
  @   assigns \nothing;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
void collision_formula(collision_rec *c, int col, double t, double m);

/* The first ledger of a run that fails its check (sim_ledger_verdict),
 * in the order the run reports them: -1 the run's own (residual, bound,
 * delta_c), i < n collision i of c[0 .. n - 1], n the contact lasting at
 * T (fin, NULL when there is none), n + 1 none (spec/impact_rules.acsl,
 * failing_ledger_is). */
/*@ requires 0 <= n < INT_MAX && \valid_read(c + (0 .. n - 1));
  @ requires fin == \null || \valid_read(fin);
  @ assigns \nothing;
  @ ensures failing: failing_ledger_is(\result, residual, bound, delta_c, c,
  @                                    n, fin);
  @*/
int failing_ledger_index(double residual, double bound, double delta_c,
                         const collision_rec *c, int n,
                         const collision_rec *fin);

#endif
