/* impact_rules.c - the arithmetic and the decisions of the binary64
 * driver that call no function of the model through a pointer; see
 * impact_rules.h (impact_abs, law_args_finite, tol_unit,
 * rate_falls_between, bisect_narrow and model_step_error are defined
 * there, static inline, and proved here; the max and the min are fminmax.h's). */
#include "impact_rules.h"

double grid_time(int n, double T, int k)
{
    if (n <= 1 || k == 0)
        return 0.0;
    if (k == n - 1)
        return T;
    return T * ((double)k / (n - 1));
}

void sample_grid(double *times, int n, double T)
{
    int k;
    /*@ loop invariant 0 <= k <= n;
      @ loop invariant grid: \forall integer j; 0 <= j < k ==>
      @   times[j] \in {grid_time_at(n, T, j)};
      @ loop assigns k, times[0 .. n - 1];
      @ loop variant n - k;
      @*/
    for (k = 0; k < n; k++)
        times[k] = grid_time(n, T, k);
}

int distinct_times(double *t, int n)
{
    double prev = 0.0;   /* t[i - 1] as it was */
    int i, k;
    /*@ loop invariant 0 <= k <= i <= n;
      @ loop invariant count: k == kept_count{Pre}(t, i);
      @ loop invariant rest: \forall integer j; i <= j < n ==>
      @   t[j] \in {\at(t[j], Pre)};
      @ loop invariant kept: \forall integer j; 0 <= j < i &&
      @   time_kept{Pre}(t, j) ==> t[kept_count{Pre}(t, j)] \in {\at(t[j], Pre)};
      @ loop invariant below: \forall integer j; 0 <= j < i &&
      @   time_kept{Pre}(t, j) ==> kept_count{Pre}(t, j) < k;
      @ loop invariant prev: 0 < i ==> \let p = i - 1; prev \in {\at(t[p], Pre)};
      @ loop invariant first: 0 < i ==> 0 < k;
      @ loop assigns i, k, prev, t[0 .. n - 1];
      @ loop variant n - i;
      @*/
    for (i = k = 0; i < n; i++) {
        double x = t[i];
        /*@ assert step_kept: time_kept{Pre}(t, i) ==>
          @   kept_count{Pre}(t, i + 1) == kept_count{Pre}(t, i) + 1;
          @*/
        /*@ assert step_dropped: !time_kept{Pre}(t, i) ==>
          @   kept_count{Pre}(t, i + 1) == kept_count{Pre}(t, i);
          @*/
        if (i == 0 || x != prev)   /* == x != t[k - 1], the last kept */
            t[k++] = x;
        prev = x;
    }
    return k;
}

/* max(|a|, |b|) (spec/impact_rules.acsl, end_magnitude). */
/*@ assigns \nothing;
  @ ensures end_magnitude: \result \in {end_magnitude(a, b)};
  @*/
static inline double end_magnitude(double a, double b)
{
    return fmax_number(impact_abs(a), impact_abs(b));
}

double storage_change(double yi, double sk, double up, double dn,
                      double huge)
{
    if (finite_double(yi) && finite_double(sk) &&
        !(finite_double(up) && finite_double(dn)))
        return huge;
    return 0.5 * impact_abs(up - dn);
}

/* The terms of I_s and Delta_C of a step's error (spec/impact_rules.acsl,
 * ledger_step_base_value): is0, is1, dc0, dc1 their values at the ends. */
/*@ assigns \nothing;
  @ ensures base: \result \in
  @   {ledger_step_base_value(atol, rtol, is0, is1, dc0, dc1, v_start)};
  @*/
static double ledger_step_base(double atol, double rtol, double is0,
                               double is1, double dc0, double dc1,
                               double v_start)
{
    double dc_max = impact_abs(v_start) + end_magnitude(is0, is1);
    double dc_mag = fmin_number(end_magnitude(dc0, dc1), dc_max);
    return tol_unit(atol, rtol, is0, is1) + atol + rtol * dc_mag;
}

/* The term mass max(|v0|, |v1|) sk(v) of a velocity (spec/
 * impact_rules.acsl, kinetic_term_value). */
/*@ assigns \nothing;
  @ ensures kinetic: \result \in {kinetic_term_value(atol, rtol, mass, v0, v1)};
  @*/
static inline double kinetic_term(double atol, double rtol, double mass, double v0,
                           double v1)
{
    return mass * end_magnitude(v0, v1) * tol_unit(atol, rtol, v0, v1);
}

double ledger_step_error(double atol, double rtol, const double *y0,
                         const double *y1, int is_idx, int dc, int v, int vm,
                         double mass, double mass_c, double v_start,
                         const double *terms, int nc)
{
    double e = ledger_step_base(atol, rtol, y0[is_idx], y1[is_idx], y0[dc], y1[dc],
                                v_start);
    int i;
    e += kinetic_term(atol, rtol, mass, y0[v], y1[v]);
    if (vm >= 0)
        e += kinetic_term(atol, rtol, mass_c, y0[vm], y1[vm]);
    /*@ loop invariant 0 <= i <= nc;
      @ loop invariant sum: e \in {terms_sum(\at(e, LoopEntry), terms, i)};
      @ loop assigns i, e;
      @ loop variant nc - i;
      @*/
    for (i = 0; i < nc; i++)
        e += terms[i];
    return e;
}

double ledger_magnitude(double v0, double vt, double delta_c, double delta_d,
                        double i_s, double jumps)
{
    return impact_abs(v0) + impact_abs(vt) + impact_abs(delta_c) +
           impact_abs(delta_d) + impact_abs(i_s) + jumps;
}

double collision_magnitude(const collision_rec *c, double v_jump)
{
    return ledger_magnitude(c->V_start, c->V_end, c->DeltaC, c->DeltaD, c->Is,
                            impact_abs(v_jump));
}

double ledger_bound_checked(int ny, double err, double magnitude,
                            double scale)
{
    return sim_ledger_cap(sim_ledger_bound(ny, err, magnitude), scale);
}

double ledger_scale(double scale, double V, double i_s)
{
    double s = impact_abs(i_s);
    if (V > scale)
        scale = V;
    if (s > scale)
        scale = s;
    return scale;
}

double jumps_after(double jumps, double vb)
{
    return jumps + impact_abs(vb);
}

int may_exceed_bound(double bound, double current)
{
    return !(bound <= current);
}

double bisect_mid(double a, double b)
{
    return a + 0.5 * (b - a);
}

double xc_bound(const double *c, double y0, double y1)
{
    double lo = c[7], hi = lo, mag = impact_abs(lo), margin;
    int i;
    /*@ loop invariant -1 <= i <= 6;
      @ loop invariant lo: lo \in {nested_lo(c, i + 1)};
      @ loop invariant hi: hi \in {nested_hi(c, i + 1)};
      @ loop invariant mag: mag \in {nested_mag(c, i + 1)};
      @ loop assigns i, lo, hi, mag;
      @ loop variant i + 1;
      @*/
    for (i = 6; i >= 0; i--) {
        lo = c[i] + fmin_number(0.0, lo);   /* c + th [lo, hi], th in [0, 1] */
        hi = c[i] + fmax_number(0.0, hi);
        mag += impact_abs(c[i]);
    }
    margin = 64.0 * DBL_EPSILON * mag;
    return fmax_number(fmax_number(hi + margin, -(lo - margin)),
                       end_magnitude(y0, y1));
}

double piece_point(double t0, double t1, int k, int n)
{
    if (k == n)
        return t1;
    return t0 + (t1 - t0) * ((double)k / n);
}

double event_resolution(double lo, double hi, double t)
{
    return fmax_number(hi - lo, 4.0 * DBL_EPSILON * impact_abs(t));
}

void collision_formula(collision_rec *c, int col, double t, double m)
{
    switch (col) {
    case TC_TD: c->t_d = obs_contact_duration(c->t_e, c->t_s); break;
    case TC_TF: c->t_f = obs_flight_duration(c->t_s, t); break;
    case TC_E: c->e = obs_restitution(c->v_i, c->v_s); break;
    case TC_LAMBDA: c->Lambda = obs_impulse_ratio(c->J_Fe, c->J_Fc); break;
    case TC_MOM:
        c->momentum_residual = obs_momentum_residual(m, c->v_i, c->v_s,
                                                     c->J_Fc, c->J_Fe);
        break;
    case TC_RES:
        c->residual = ledger_residual(c->V_end, c->V_start, c->DeltaC,
                                      c->DeltaD, c->Is);
        break;
    default: break;
    }
}

int failing_ledger_index(double residual, double bound, double delta_c,
                         const collision_rec *c, int n,
                         const collision_rec *fin)
{
    int i;
    if (sim_ledger_verdict(residual, bound, delta_c) != COLLIDE_OK)
        return -1;
    /*@ loop invariant 0 <= i <= n;
      @ loop invariant hold: collision_ledgers_hold(c, i);
      @ loop assigns i;
      @ loop variant n - i;
      @*/
    for (i = 0; i < n; i++)
        if (sim_ledger_verdict(c[i].residual, c[i].ledger_bound,
                               c[i].DeltaC) != COLLIDE_OK)
            return i;
    if (fin && sim_ledger_verdict(fin->residual, fin->ledger_bound,
                                  fin->DeltaC) != COLLIDE_OK)
        return n;
    return n + 1;
}
