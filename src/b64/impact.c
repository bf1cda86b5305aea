/* impact.c - H_r and H_f with a contact law as an instance of the hybrid
 * engine (the guards table of doc/design.md), and the observables of
 * Eqs. (193)-(204) and the energy ledger of Prop. III.4 computed along the
 * run; see impact.h and sim.h. */
#include "impact.h"
#include "impact_rules.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "domain.h"
#include "engine.h"
#include "flow_map.h"
#include "grow.h"
#include "initial.h"
#include "ledger.h"
#include "contact.h"
#include "observables.h"
#include "textbuf.h"

/* ---- the calls into the contact law -------------------------------------
 * One wrapper per function of the law (law.h) that the driver calls, the
 * only place each is called through its pointer. Their contracts are
 * what the driver assumes of every registered law (registry.c registers
 * the laws of src/model, proved there); their bodies, a call through a
 * pointer, are not proved. Each law function is pure: Psi writes its
 * LAW_NZ_MAX rates at most, the others assign nothing; V_c is bounded
 * and non-negative where the model and the law's arguments lie in the
 * proof domain (the laws' `range` clauses). */

/*@ requires model: \valid_read(m) && \valid_read(m->law);
  @ assigns \nothing;
  @*/
static double call_law_phi(const model *m, double xc, const double *z,
                           double v)
{
    return m->law->phi(m->par, xc, z, v);
}

/*@ requires model: \valid_read(m) && \valid_read(m->law);
  @ requires rates: \valid(dz + (0 .. LAW_NZ_MAX - 1));
  @ assigns dz[0 .. LAW_NZ_MAX - 1];
  @*/
static void call_law_psi(const model *m, double xc, const double *z,
                         double v, double *dz)
{
    m->law->psi(m->par, xc, z, v, dz);
}

/*@ requires model: \valid_read(m) && \valid_read(m->law);
  @ assigns \nothing;
  @*/
static double call_law_phi_rate(const model *m, double xc, const double *z,
                                double v, double dxc, const double *dz,
                                double dv)
{
    return m->law->phi_rate(m->par, xc, z, v, dxc, dz, dv);
}

/*@ requires model: \valid_read(m) && \valid_read(m->law);
  @ assigns \nothing;
  @ ensures range: model_domain(m) && domain_state(xc) &&
  @   (\forall integer i; 0 <= i < m->law->nz ==> domain_state(z[i])) ==>
  @   bounded(\result) && \le_double((double)0.0, \result);
  @*/
static double call_law_storage(const model *m, double xc, const double *z)
{
    return m->law->storage(m->par, xc, z);
}

/*@ requires model: \valid_read(m) && \valid_read(m->law);
  @ assigns \nothing;
  @*/
static double call_law_dissipation_rate(const model *m, double xc,
                                        const double *z, double v)
{
    return m->law->dissipation_rate(m->par, xc, z, v);
}

/* ---- the state ---------------------------------------------------------- */

/*@ requires model: \valid_read(m) && \valid_read(m->law);
  @ requires layout: valid_layout(L);
  @ requires state: \valid_read(y + (0 .. L->ny - 1));
  @ assigns \nothing;
  @*/
static double law_phi(const model *m, const layout *L, const double *y)
{
    return call_law_phi(m, y[L->xc], y + L->z, y[L->v]);
}

/* V (Eq. 91 for H_r, Eq. 94 for H_f) is the system's kinetic energy plus
 * the V_c >= 0 the law returns. */
/*@ requires model: \valid_read(m) && \valid_read(m->law) && model_domain(m);
  @ requires layout: valid_layout(L) && L->nz == m->law->nz;
  @ requires eq73: m->sys == SYS_HF ==> 0 <= L->vm < L->ny &&
  @                bounded(\add_double(m->m1, m->m2));
  @ requires state: \valid_read(y + (0 .. L->ny - 1)) &&
  @                 state_domain(y, L->ny, L->v, L->xc, L->z, L->nz);
  @ assigns \nothing;
  @ behavior full:
  @   assumes m->sys == SYS_HF;
  @   ensures eq94: \exists double vc; \le_double((double)0.0, vc) &&
  @     \eq_double(\result, storage_hf_value(m->m, \add_double(m->m1, m->m2),
  @                                          y[L->v], y[L->vm], vc));
  @ behavior reduced:
  @   assumes m->sys != SYS_HF;
  @   ensures eq91: \exists double vc; \le_double((double)0.0, vc) &&
  @     \eq_double(\result, storage_hr_value(m->m, y[L->v], vc));
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
double impact_storage(const model *m, const layout *L, const double *y)
{
    double vc = call_law_storage(m, y[L->xc], y + L->z);
    if (m->sys == SYS_HF)
        return storage_hf(m->m, m->m1 + m->m2, y[L->v], y[L->vm], vc);
    return storage_hr(m->m, y[L->v], vc);
}

/* F_c = -h_c = -q_c Phi (Eqs. 59, 64): 0 apart. */
/*@ requires model: \valid_read(m) && \valid_read(m->law);
  @ requires layout: valid_layout(L);
  @ requires state: \valid_read(y + (0 .. L->ny - 1));
  @ assigns \nothing;
  @ ensures eq64_apart: q == 0 ==> \result == 0.0;
  @*/
double impact_contact_force(const model *m, const layout *L, int q,
                            const double *y)
{
    if (!contact_force_acts(q))
        return 0.0;               /* h_c = q_c Phi, Eq. (64) */
    return -law_phi(m, L, y);     /* F_c = -F_s, Section IV-B */
}

/* ---- the instance of the engine ----------------------------------------- */

/* A memo of the law's Phi and dPhi/dt. The engine's screening evaluates
 * the guard Phi of 'separate' and its rate at the samples of every step in
 * contact, and the maximum of F_c = -Phi over the piece (piece_max) then
 * asks for the same two functions at the same states: a table keyed by
 * the exact arguments, bit for bit, gives the value computed the first
 * time. The law's functions are pure, so a value from the table is the
 * value a new call would return. Slot by a hash of the arguments (a
 * collision only costs a new call). */
enum { MEMO_SLOTS = 64, MEMO_PHI = 2 + LAW_NZ_MAX, MEMO_RATE = 2 * MEMO_PHI };
typedef struct memo_entry {
    int used;
    uint64_t key[MEMO_RATE];  /* the bits of the arguments (law_key) */
    double value;
} memo_entry;
typedef struct law_memo {
    memo_entry phi[MEMO_SLOTS], rate[MEMO_SLOTS];
} law_memo;

typedef struct impact {
    const model *m;
    layout L;
    const sim_options *o;
    sim_result *r;
    collision_rec cur;            /* the current contact, its maxima so far */
    double delta_d;               /* Eq. (23) */
    double err_run, err_contact;  /* sums of ledger_step_error over the run
                                     and over the current contact */
    double jumps_v;               /* sum of V before each jump */
    double v0;                    /* V at t = 0 */
    double *times;                /* sample times, sorted */
    int ntimes, next_sample;
    int fail_memory;
    law_memo memo;                /* Phi and dPhi/dt at recent states */
    int guard_of[TR_COUNT];       /* the component each transition's guard
                                     is (guard_state_index), -1 for Phi */
} impact;

/* The bits of x. */
static uint64_t double_bits(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

/* The key of the law's arguments (x_c, z_c, v) at y into k[0 .. MEMO_PHI
 * - 1]: their bits, 0 for a z_c component the law has not. */
static void law_key(const layout *L, const double *y, uint64_t *k)
{
    k[0] = double_bits(y[L->xc]);
    k[1] = L->nz > 0 ? double_bits(y[L->z]) : 0u;
    k[2] = L->nz > 1 ? double_bits(y[L->z + 1]) : 0u;
    k[3] = double_bits(y[L->v]);
}

/* The entry of table[] for the key k of n words: *hit tells whether it
 * holds the value for k already (the same arguments bit for bit); if
 * not, the caller stores it with memo_keep. The slot is a multiplicative
 * hash of the first and the last word (x_c and v, or dv/dt). */
static memo_entry *memo_find(memo_entry *table, const uint64_t *k, int n,
                             int *hit)
{
    uint64_t h = (k[0] ^ (k[n - 1] >> 7)) * 0x9E3779B97F4A7C15u;
    memo_entry *e = &table[(h >> 58) % MEMO_SLOTS];
    int i, same = e->used;
    for (i = 0; same && i < n; i++)
        same = e->key[i] == k[i];
    *hit = same;
    return e;
}

/* Keeps value as that of key k (n words) in entry e. */
static double memo_keep(memo_entry *e, const uint64_t *k, int n, double value)
{
    int i;
    e->used = 1;
    for (i = 0; i < n; i++)
        e->key[i] = k[i];
    e->value = value;
    return value;
}

/* Phi(x_c, z_c, v) at y (law_phi), through the memo. */
static double memo_phi(impact *I, const double *y)
{
    uint64_t k[MEMO_PHI];
    int hit;
    memo_entry *e;
    law_key(&I->L, y, k);
    e = memo_find(I->memo.phi, k, MEMO_PHI, &hit);
    if (hit)
        return e->value;
    return memo_keep(e, k, MEMO_PHI, law_phi(I->m, &I->L, y));
}

/* dPhi/dt at y with rates dy (the law's phi_rate), through the memo. */
static double memo_phi_rate(impact *I, const double *y, const double *dy)
{
    const layout *L = &I->L;
    uint64_t k[MEMO_RATE];
    int hit;
    memo_entry *e;
    law_key(L, y, k);
    law_key(L, dy, k + MEMO_PHI);
    e = memo_find(I->memo.rate, k, MEMO_RATE, &hit);
    if (hit)
        return e->value;
    return memo_keep(e, k, MEMO_RATE,
                     call_law_phi_rate(I->m, y[L->xc], y + L->z, y[L->v],
                                       dy[L->xc], dy + L->z, dy[L->v]));
}

/* s(u, y) = <u, y> (Definition III.13): F_e,r v for H_r (Eq. 83), F_e,1 h_1
 * + F_e,2 h_2 for H_f (Eqs. 76, 96). */
/*@ requires model: \valid_read(m);
  @ requires layout: valid_layout(L);
  @ requires state: \valid_read(y + (0 .. L->ny - 1));
  @ requires args: bounded(fer) && bounded(y[L->v]);
  @ requires eq76: m->sys != SYS_HR ==>
  @   0 <= L->vm < L->ny && bounded(fe1) && bounded(fe2) &&
  @   bounded(m->eta) && bounded(m->eta_c) && bounded(y[L->vm]) &&
  @   bounded(output_h1(m->eta_c, y[L->v], y[L->vm])) &&
  @   bounded(output_h2(m->eta, y[L->v], y[L->vm]));
  @ assigns \nothing;
  @ behavior reduced:
  @   assumes m->sys == SYS_HR;
  @   ensures eq83: \eq_double(\result, supply_hr_value(fer, y[L->v]));
  @ behavior full:
  @   assumes m->sys != SYS_HR;
  @   ensures eq96: \exists double h1, double h2;
  @     \eq_double(h1, output_h1(m->eta_c, y[L->v], y[L->vm])) &&
  @     \eq_double(h2, output_h2(m->eta, y[L->v], y[L->vm])) &&
  @     \eq_double(\result, supply_hf_value(fe1, fe2, h1, h2));
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
double impact_supply(const model *m, const layout *L, double fe1, double fe2,
                     double fer, const double *y)
{
    double h1, h2;
    if (m->sys == SYS_HR)
        return supply_rate_hr(fer, y[L->v]);
    output_hf(m->eta, m->eta_c, y[L->v], y[L->vm], &h1, &h2);
    return supply_rate_hf(fe1, fe2, h1, h2);
}

double impact_flow_chi(const model *m, const layout *L, int q, double t,
                       const double *y, double *dy, double fe[3])
{
    double phi = 0.0, psi[LAW_NZ_MAX] = {0.0, 0.0}; /* apart: q_c cancels them */
    input_forces(m, t, &fe[0], &fe[1]);
    fe[2] = reduced_force(m, fe[0], fe[1]);
    if (q == 1) {
        phi = law_phi(m, L, y);
        call_law_psi(m, y[L->xc], y + L->z, y[L->v], psi);
    }
    flow_chi(L, q, m->m, m->m1, m->m2, phi, psi, fe, y, dy); /* Eqs. (74), (81) */
    return phi;
}

/* Flow map: Eq. (81) for H_r, Eq. (74) for H_f, with the quadratures. */
void impact_flow(const model *m, const layout *L, int q, double t,
                 const double *y, double *dy)
{
    double fe[3], phi, dc = 0.0, s;
    int i;
    if (q == 1 && !law_args_finite(L, y)) { /* a stage value not finite: */
        for (i = 0; i < L->ny; i++)         /* no law call, the step fails */
            dy[i] = NAN;                    /* as non-finite */
        return;
    }
    phi = impact_flow_chi(m, L, q, t, y, dy, fe);
    s = impact_supply(m, L, fe[0], fe[1], fe[2], y);
    if (q == 1)
        dc = call_law_dissipation_rate(m, y[L->xc], y + L->z, y[L->v]);
    flow_quadratures(L, q, y[L->v], phi, fe[2], s, dc, dy); /* Eqs. (21), (22), (201), (202) */
}

/* The engine's right-hand side (engine.h): impact_flow of the run. */
static void flow(void *ctx, int q, double t, const double *y, double *dy)
{
    const impact *I = ctx;
    impact_flow(I->m, &I->L, q, t, y, dy);
}

static double guard(void *ctx, int tr, double t, const double *y)
{
    impact *I = ctx;
    int i = I->guard_of[tr];
    (void)t;
    return i >= 0 ? y[i] : memo_phi(I, y);
}

static double guard_rate(void *ctx, int tr, double t, const double *y,
                         const double *dy)
{
    impact *I = ctx;
    int i = I->guard_of[tr];
    (void)t;
    return i >= 0 ? dy[i] : memo_phi_rate(I, y, dy);
}

/* The component of the state that the guard of tr is: x or v (the
 * guards table); -1 for Phi, which is none. */
static int guard_component(void *ctx, int tr)
{
    const impact *I = ctx;
    return I->guard_of[tr];
}

/* Phi is evaluated only for the transition whose enabling needs it. */
static int enabled(void *ctx, int tr, double t, const double *y)
{
    const impact *I = ctx;
    double phi = tr == TR_SEPARATE_ADHESIVE ? law_phi(I->m, &I->L, y) : 0.0;
    (void)t;
    return transition_enabled(tr, y[I->L.x], y[I->L.v], phi);
}

/* Eq. (82) / (75), and at a commencement the quadratures of the contact
 * that begins started at zero (Eqs. 201-202): impact_reset, proved. The
 * mode it returns is the table's, which the engine sets itself. */
static void reset(void *ctx, int tr, double t, const double *y, double *ynew)
{
    const impact *I = ctx;
    (void)t;
    (void)impact_reset(&I->L, tr, y, ynew);
}

static int in_flow(void *ctx, int q, double t, const double *y)
{
    const impact *I = ctx;
    (void)t;
    return flow_set(q, y[I->L.x], y[I->L.v], law_phi(I->m, &I->L, y));
}

static int in_jump(void *ctx, int q, double t, const double *y)
{
    const impact *I = ctx;
    (void)t;
    return jump_set(q, y[I->L.x], y[I->L.v], law_phi(I->m, &I->L, y));
}

/* C and D at once at the event of transition tr (event_in_c_and_d). */
static int in_c_and_d_at_event(void *ctx, int q, int tr, double t,
                               const double *y)
{
    const impact *I = ctx;
    (void)t;
    return event_in_c_and_d(q, transition_guard(tr), y[I->L.x], y[I->L.v],
                            law_phi(I->m, &I->L, y));
}

static int nswitch(void *ctx, int q)
{
    const impact *I = ctx;
    return q == 1 ? I->m->law->nswitch : 0;
}

static void switching(void *ctx, int q, double t, const double *y, double *out)
{
    const impact *I = ctx;
    const layout *L = &I->L;
    (void)q;
    (void)t;
    I->m->law->switching(I->m->par, y[L->xc], y + L->z, y[L->v], out);
}

static void switching_noise(void *ctx, int q, double t, const double *y,
                       const double *err, double *out)
{
    const impact *I = ctx;
    const layout *L = &I->L;
    (void)q;
    (void)t;
    I->m->law->switching_noise(I->m->par, y[L->xc], y + L->z, y[L->v], err[L->xc],
                          err + L->z, err[L->v], out);
}

static double next_breakpoint(void *ctx, double t)
{
    const impact *I = ctx;
    return input_next_breakpoint(I->m, t);
}

static int add_sample(impact *I, double t, int j, int q, int boundary,
                      const double *y)
{
    sim_result *r = I->r;
    sample_rec *s;
    if (grow_array((void **)&r->samples, &r->cap_samples, r->nsamples,
             sizeof *r->samples)) {
        I->fail_memory = 1;
        return COLLIDE_E_MEMORY;
    }
    s = &r->samples[r->nsamples++];
    memset(s, 0, sizeof *s);
    s->t = t;
    s->j = j;
    s->q = q;
    s->boundary = boundary;
    memcpy(s->y, y, sizeof(double) * (size_t)I->L.ny);
    return 0;
}

/* ---- observers ----------------------------------------------------------- */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The sample times: the uniform grid (sim_grid_points) and the times asked
 * for, sorted, each once. */
static int sample_times(impact *I)
{
    const sim_options *o = I->o;
    int ng = sim_grid_points(o, I->m->T > 0.0), n = ng + o->n_sample_at, i;
    I->times = malloc(sizeof(double) * (size_t)n);
    if (!I->times)
        return -1;
    sample_grid(I->times, ng, I->m->T);
    for (i = 0; i < o->n_sample_at; i++)
        I->times[ng + i] = o->sample_at[i];
    qsort(I->times, (size_t)n, sizeof(double), cmp_double);
    I->ntimes = distinct_times(I->times, n);
    return 0;
}

/* Samples at the sample times inside the piece (t0, t1]. */
static int sample_piece(impact *I, const flow_piece *p)
{
    double y[COLLIDE_NY_MAX];
    while (I->next_sample < I->ntimes && I->times[I->next_sample] <= p->t1) {
        double t = I->times[I->next_sample];
        if (t >= p->t1)
            memcpy(y, p->y1, sizeof(double) * (size_t)I->L.ny);
        else
            dop853_dense_eval(p->dense, t, y);
        if (add_sample(I, t, p->j, p->q, 0, y))
            return COLLIDE_E_MEMORY;
        I->next_sample++;
    }
    return 0;
}

/* The quantity whose maximum over a contact is an observable:
 * |x_c| (Eq. 198) or F_c (Eq. 199). */
static double contact_quantity(impact *I, int which, const double *y)
{
    if (which == 0)
        return fabs(y[I->L.xc]);
    return -memo_phi(I, y);       /* impact_contact_force in contact */
}

/* The rate of the quantity along the continuous extension: d|x_c|/dt, or
 * dF_c/dt = -dPhi/dt by the chain rule of the law (phi_rate) on the rates
 * dy of the extension; the exact derivative of the quantity composed with
 * the extension, not a difference quotient. */
static double quantity_rate(impact *I, int which, const double *y,
                            const double *dy)
{
    const layout *L = &I->L;
    if (which == 0)
        return abs_rate(y[L->xc], dy[L->xc]);
    return -memo_phi_rate(I, y, dy);
}

/* The quantity and its rate at t on the continuous extension of p. */
static double quantity_at(impact *I, const flow_piece *p, int which,
                          double t, double *rate)
{
    double y[COLLIDE_NY_MAX], dy[COLLIDE_NY_MAX];
    dop853_dense_eval(p->dense, t, y);
    dop853_dense_deriv(p->dense, t, dy);
    *rate = quantity_rate(I, which, y, dy);
    return contact_quantity(I, which, y);
}

/* The rate of the quantity alone at t on the continuous extension of p. */
static double rate_at(impact *I, const flow_piece *p, int which, double t)
{
    double y[COLLIDE_NY_MAX], dy[COLLIDE_NY_MAX];
    dop853_dense_eval(p->dense, t, y);
    dop853_dense_deriv(p->dense, t, dy);
    return quantity_rate(I, which, y, dy);
}

/* The largest value of the quantity on [a, b], where its rate goes from
 * > 0 at a to < 0 at b: the root of the rate is bracketed by bisection to
 * adjacent doubles, and the larger of the quantity at the two ends of the
 * final bracket returned. */
static double rate_root_max(impact *I, const flow_piece *p, int which,
                            double a, double b)
{
    double r, qa, qb;
    int it;
    for (it = 0; it < 200; it++) {
        double m = bisect_mid(a, b);
        if (!(m > a && m < b))
            break;
        r = rate_at(I, p, which, m);
        bisect_narrow(&a, &b, m, r);
    }
    qa = quantity_at(I, p, which, a, &r);
    qb = quantity_at(I, p, which, b, &r);
    return qa > qb ? qa : qb;
}

/* The samples of a piece that both maxima read: n + 1 instants t[k] and
 * the state y[k] and its rate dy[k] there. They are the engine's own
 * samples of the step (flow_piece's st, sy, sdy: no evaluation) when it
 * screened the whole piece, otherwise 8 + 1 equally spaced points of the
 * continuous extension, evaluated once into buf for both quantities. */
enum { PIECE_BUF = 8, PIECE_NMAX = 64 };
typedef struct piece_samples {
    int n;                     /* 1 .. PIECE_NMAX */
    const double *t;
    const double *y[PIECE_NMAX + 1];
    const double *dy[PIECE_NMAX + 1];
    double tbuf[PIECE_BUF + 1];
    double ybuf[PIECE_BUF + 1][COLLIDE_NY_MAX];
    double dybuf[PIECE_BUF + 1][COLLIDE_NY_MAX];
} piece_samples;

/* Fills P for the piece p (see piece_samples): y[0] and y[n] are the ends
 * y0 and y1 of the piece. */
static void piece_samples_of(const flow_piece *p, piece_samples *P)
{
    int k;
    if (p->ns > 0 && p->ns <= PIECE_NMAX && p->sy && p->sdy) {
        P->n = p->ns;
        P->t = p->st;
        for (k = 0; k <= P->n; k++) {
            P->y[k] = p->sy[k];
            P->dy[k] = p->sdy[k];
        }
    } else {
        P->n = PIECE_BUF;
        P->t = P->tbuf;
        for (k = 0; k <= P->n; k++) {
            P->tbuf[k] = piece_point(p->t0, p->t1, k, P->n);
            dop853_dense_eval(p->dense, P->tbuf[k], P->ybuf[k]);
            dop853_dense_deriv(p->dense, P->tbuf[k], P->dybuf[k]);
            P->y[k] = P->ybuf[k];
            P->dy[k] = P->dybuf[k];
        }
    }
    P->y[0] = p->y0;
    P->y[P->n] = p->y1;
}

/* An upper bound of every value of |x_c| that dop853_dense_eval gives on
 * the step of p (its computed values, not only the exact polynomial), so
 * that a maximum search on the step that can find nothing above it may be
 * skipped. The extension of component m is, in Hairer's form,
 *   u = c0 + th (c1 + th1 (c2 + th (c3 + th1 (c4 + th (c5 + th1 (c6 + th c7)))))),
 * with th = (t - t0)/h and th1 = 1 - th, both in [0, 1] as computed for
 * any t of the step: taking th and th1 as two independent numbers of
 * [0, 1], each level c + th [lo, hi] lies in [c + min(0, lo), c + max(0,
 * hi)], from c7 outwards. Every partial value of the
 * nested form, and every end of these intervals, is at most M = sum |c_i|
 * in magnitude, so that the roundings of the 16 operations of the
 * evaluation and of the 16 of the bound stay below 32 ulp of M each way:
 * the margin 64 DBL_EPSILON M covers both. At t0 and t0 + h the extension
 * gives y0 and y1 exactly (dense_point): their |x_c| are included. The
 * bound is xc_bound's (impact_rules.h, proved) of the coefficients of
 * x_c. */
static double piece_xc_bound(const impact *I, const flow_piece *p)
{
    const dop853_step_data *s = p->dense;
    double c[8];
    int m = I->L.xc, i;
    for (i = 0; i < 8; i++)
        c[i] = s->cont[i][m];
    return xc_bound(c, s->y0[m], s->y1[m]);
}

/* Whether a maximum of the quantity `which` above `current` can lie in
 * the step of p: for |x_c|, only if piece_xc_bound exceeds current (every value
 * a search can find is a computed value of the extension on the step,
 * and obs_running_max keeps current against any value not above it, NaN
 * included: skipping such a search gives the same result); F_c = -Phi is
 * not a polynomial of the extension, and always may. A bound that is not
 * a number (a coefficient not finite) does not skip. */
static int may_exceed(const impact *I, const flow_piece *p, int which,
                      double current)
{
    return which != 0 || may_exceed_bound(piece_xc_bound(I, p), current);
}

/* The largest of `current` and the maximum of the quantity over the
 * piece (Eqs. 198-199): its values at the samples P (the ends included),
 * and every interior maximum of the continuous extension, found as a root
 * of the quantity's rate wherever the rate changes sign from + to -
 * between two samples. The search for a root runs only there, and only
 * when its maximum may exceed the running one (may_exceed): elsewhere
 * the rate keeps its sign at the samples and the maximum over the piece
 * is taken at a sample. */
static double piece_max(impact *I, const flow_piece *p, int which,
                        const piece_samples *P, double current)
{
    double rate[PIECE_NMAX + 1];
    int k, may = -1;   /* may_exceed, asked once, when a search is due */
    for (k = 0; k <= P->n; k++) {
        rate[k] = quantity_rate(I, which, P->y[k], P->dy[k]);
        current = obs_running_max(current, contact_quantity(I, which, P->y[k]));
    }
    for (k = 0; k < P->n; k++) {
        if (!rate_falls_between(rate[k], rate[k + 1]))
            continue;
        if (may < 0)
            may = may_exceed(I, p, which, current);
        if (may)
            current = obs_running_max(
                current, rate_root_max(I, p, which, P->t[k], P->t[k + 1]));
    }
    return current;
}

/* The ledger scale (ledger_rec): the largest V and |I_s|, taken at
 * t = 0, at T and on both sides of every jump, the instants both engines
 * compute whatever their steps. */
static void track_scale(impact *I, const double *y)
{
    ledger_rec *l = &I->r->ledger;
    l->scale = ledger_scale(l->scale, impact_storage(I->m, &I->L, y),
                            y[I->L.is]);
}

/* |dV_c/dy_i| sk for component i (x_c or an internal state) at y, as the
 * centred difference of V_c over y_i +- sk (V_c need not be smooth).
 * Where V_c at y_i +- sk leaves the doubles (a tolerance unit as large as
 * atol = 1e300), the step's tolerance allows any change of V_c: HUGE_VAL,
 * which sim_ledger_cap caps, never the NaN of inf - inf. */
static double contact_storage_change(const impact *I, const double *y, int i,
                                     double sk)
{
    const model *m = I->m;
    const layout *L = &I->L;
    double u[COLLIDE_NY_MAX], up, dn;
    memcpy(u, y, sizeof(double) * (size_t)L->ny);
    u[i] = y[i] + sk;
    up = call_law_storage(m, u[L->xc], u + L->z);
    u[i] = y[i] - sk;
    dn = call_law_storage(m, u[L->xc], u + L->z);
    return storage_change(y[i], sk, up, dn, HUGE_VAL);
}

/* The terms |dV_c/dy_i| sk_i of the contact components i = x_c, z_c (in
 * that order) over the piece p, each taken at the larger of its two ends,
 * into terms[]; their number (0 out of contact, where V_c does not
 * change). The run's and the contact's ledger share them. */
static int contact_storage_terms(const impact *I, const flow_piece *p,
                                 double *terms)
{
    const layout *L = &I->L;
    int i, n = 0;
    if (p->q == 1)
        for (i = L->xc; i < L->z + L->nz; i++) {
            double sk = tol_unit(I->o->engine.atol, I->o->engine.rtol,
                                 p->y0[i], p->y1[i]);
            terms[n++] = fmax_number(contact_storage_change(I, p->y0, i, sk),
                                     contact_storage_change(I, p->y1, i, sk));
        }
    return n;
}

/* sum_i |dR/dy_i| sk_i over the piece p for R = V + Delta_C - I_s
 * (Eq. 24), with I_s and Delta_C in components is and dc (the run's or
 * the contact's, whose V at the start is v_start): the most the local
 * error allowed to the step can change the residual (sim_ledger_bound).
 * dV/dv = m v (Eqs. 91, 94), dV/dv_m = (m1 + m2) v_m (Eq. 94); x_c and
 * z_c change only in contact, where V_c depends on them: their nc terms
 * (contact_storage_terms) are added last, in order. Delta_C of a solution lies in
 * [0, v_start + I_s] (Eq. 24 with V, Delta_D >= 0): its tolerance unit is
 * taken with at most that magnitude, so that a Delta_C that runs away
 * (the error of a run that does not hold its tolerances) cannot widen
 * the bound it is checked against. The sum is model_step_error's
 * (impact_rules.h, proved), of the numbers of p and the model. */
static double piece_step_error(const impact *I, const flow_piece *p, int is,
                               int dc, double v_start, const double *terms,
                               int nc)
{
    return model_step_error(I->m, &I->L, I->o->engine.atol,
                            I->o->engine.rtol, p->y0, p->y1, is, dc, v_start,
                            terms, nc);
}

static int on_flow(void *ctx, const flow_piece *p)
{
    impact *I = ctx;
    double terms[COLLIDE_NY_MAX] = {0.0};
    int nc = contact_storage_terms(I, p, terms);
    I->err_run += piece_step_error(I, p, I->L.is, I->L.dc, I->v0, terms, nc);
    if (p->q == 1)
        I->err_contact += piece_step_error(I, p, I->L.is_c, I->L.dc_c,
                                           I->cur.V_start, terms, nc);
    if (p->q == 1 && p->t1 > p->t0) {
        piece_samples P;
        piece_samples_of(p, &P);
        I->cur.xc_max = piece_max(I, p, 0, &P, I->cur.xc_max);
        I->cur.Fc_max = piece_max(I, p, 1, &P, I->cur.Fc_max);
    }
    return sample_piece(I, p);
}

/* ---- a collision's row (contact.h) over binary64 numbers --------------- */

/* The row a contact's event fills: the collision c, the event's time t,
 * the states before and after the jump and the jump's increment of
 * Delta_D. */
typedef struct b64_contact {
    const impact *I;
    collision_rec *c;
    double t;
    const double *y[2];      /* CONTACT_BEFORE, CONTACT_AFTER */
    double d_jump;
} b64_contact;

static double *b64_column(void *engine, int col)
{
    return collision_column(((b64_contact *)engine)->c, col);
}

static void b64_zero(void *engine, int col)
{
    *b64_column(engine, col) = 0.0;
}

static void b64_undefined(void *engine, int col)
{
    *b64_column(engine, col) = NAN;
}

static void b64_time(void *engine, int col)
{
    *b64_column(engine, col) = ((b64_contact *)engine)->t;
}

static void b64_component(void *engine, int col, contact_side side, int i)
{
    *b64_column(engine, col) = ((b64_contact *)engine)->y[side][i];
}

static void b64_absolute(void *engine, int col)
{
    *b64_column(engine, col) = fabs(*b64_column(engine, col));
}

static void b64_storage(void *engine, int col, contact_side side)
{
    const b64_contact *b = engine;
    *b64_column(engine, col) = impact_storage(b->I->m, &b->I->L, b->y[side]);
}

static void b64_raise(void *engine, int col, int from)
{
    *b64_column(engine, col) = obs_running_max(*b64_column(engine, col),
                                           *b64_column(engine, from));
}

static void b64_raise_force(void *engine, int col, contact_side side)
{
    const b64_contact *b = engine;
    *b64_column(engine, col) = obs_running_max(*b64_column(engine, col),
        impact_contact_force(b->I->m, &b->I->L, 1, b->y[side]));
}

static void b64_dissipation(void *engine, int col)
{
    *b64_column(engine, col) = ((b64_contact *)engine)->d_jump;
}

/* The column's defining equation: collision_formula (impact_rules.h,
 * proved, by the functions of observables.h and ledger.h). */
static void b64_formula(void *engine, int col)
{
    const b64_contact *b = engine;
    collision_formula(b->c, col, b->t, b->I->m->m);
}

static int b64_is_zero(void *engine, int col)
{
    return *b64_column(engine, col) == 0.0;
}

static int b64_is_undefined(void *engine, int col)
{
    return isnan(*b64_column(engine, col));
}

static const contact_numbers b64_contact_numbers = {
    b64_zero, b64_undefined, b64_time, b64_component, b64_absolute,
    b64_storage, b64_raise, b64_raise_force, b64_dissipation, b64_formula,
    b64_is_zero, b64_is_undefined
};

static void begin_contact(impact *I, const event_rec *e)
{
    sim_result *r = I->r;
    b64_contact b = { NULL, NULL, 0.0, { NULL, NULL }, 0.0 };
    b.I = I;
    b.t = e->t;
    b.y[CONTACT_BEFORE] = e->before;
    b.y[CONTACT_AFTER] = e->after;
    if (r->ncollisions > 0) {
        b.c = &r->collisions[r->ncollisions - 1];
        contact_flight(&b64_contact_numbers, &b);
    }
    b.c = &I->cur;
    contact_begin(&b64_contact_numbers, &b, &I->L, e->d.tr);
    I->cur.i = r->ncollisions;
    I->cur.ledger_bound = 0.0;
    I->err_contact = 0.0;
}

/* The contact of I->cur ends at t, copied into c: its row from the states
 * before and after (the same state for the contact open at T) and the
 * bound of its ledger's residual, v_jump being V before the jump. */
static void close_contact(impact *I, collision_rec *c, double t,
                          const double *before, const double *after,
                          double d_jump, double v_jump)
{
    b64_contact b = { NULL, NULL, 0.0, { NULL, NULL }, 0.0 };
    b.I = I;
    b.c = c;
    b.t = t;
    b.y[CONTACT_BEFORE] = before;
    b.y[CONTACT_AFTER] = after;
    b.d_jump = d_jump;
    if (c != &I->cur)
        *c = I->cur;
    contact_end(&b64_contact_numbers, &b, &I->L);
    c->ledger_bound = ledger_bound_checked(I->L.ny, I->err_contact,
                                           collision_magnitude(c, v_jump),
                                           I->r->ledger.scale);
}

static int end_contact(impact *I, const event_rec *e, double d_jump)
{
    sim_result *r = I->r;
    close_contact(I, &I->cur, e->t, e->before, e->after, d_jump,
                  impact_storage(I->m, &I->L, e->before));
    if (grow_array((void **)&r->collisions, &r->cap_collisions, r->ncollisions,
             sizeof *r->collisions))
        return COLLIDE_E_MEMORY;
    r->collisions[r->ncollisions++] = I->cur;
    return 0;
}

/* Samples at the time of event e: a sample time within the location
 * error of the event time (its bracket, or four roundings of t) cannot be
 * told from it and is the jump's time. It is taken before the jump (the
 * first hybrid time (t, j) at t, as in the MPFR mode), at the event's time
 * and state, so that t never decreases along the rows. */
static int sample_at_event(impact *I, const event_rec *e, int q)
{
    double res = event_resolution(e->bracket_lo, e->bracket_hi, e->t);
    while (I->next_sample < I->ntimes
           && I->times[I->next_sample] <= e->t + res) {
        if (add_sample(I, e->t, e->d.j, q, 0, e->before))
            return COLLIDE_E_MEMORY;
        I->next_sample++;
    }
    return 0;
}

static int on_event(void *ctx, const event_rec *e)
{
    impact *I = ctx;
    sim_result *r = I->r;
    int from = transition_from(e->d.tr), to = transition_to(e->d.tr);
    double vb = impact_storage(I->m, &I->L, e->before);
    double d = impact_jump_ledger(vb, impact_storage(I->m, &I->L, e->after),
                                  &I->delta_d);            /* Eqs. (20), (23) */
    I->jumps_v = jumps_after(I->jumps_v, vb);
    track_scale(I, e->before);
    track_scale(I, e->after);
    if (grow_array((void **)&r->events, &r->cap_events, r->nevents,
             sizeof *r->events))
        return COLLIDE_E_MEMORY;
    r->events[r->nevents++] = *e;       /* the engine's record, kept */
    if (sample_at_event(I, e, from) ||
        add_sample(I, e->t, e->d.j, from, 1, e->before) ||
        add_sample(I, e->t, e->d.j + 1, to, 1, e->after))
        return COLLIDE_E_MEMORY;
    if (to == 1) {
        begin_contact(I, e);
        return 0;
    }
    return end_contact(I, e, d);
}

/* ---- the run ------------------------------------------------------------- */

/* The scenario's datum d of the initial state (initial.h). */
/*@ requires model: \valid_read(m);
  @ assigns \nothing;
  @ ensures eq79_84: \result == initial_datum_pick(d, m->x0, m->v0, m->xm0, m->vm0);
  @*/
static double initial_datum_value(const model *m, initial_datum d)
{
    switch (d) {
    case INITIAL_X0: return m->x0;
    case INITIAL_V0: return m->v0;
    case INITIAL_XM0: return m->xm0;
    case INITIAL_VM0: return m->vm0;
    default: return 0.0;
    }
}

/*@ requires model: \valid_read(m);
  @ requires layout: \valid_read(L) && 0 <= L->ny <= COLLIDE_NY_MAX;
  @ requires out: \valid(y + (0 .. L->ny - 1));
  @ requires apart: \separated(y + (0 .. L->ny - 1), m, L);
  @ assigns y[0 .. L->ny - 1];
  @ ensures eq79_84: \forall integer i; 0 <= i < L->ny ==>
  @   y[i] == initial_datum_pick(initial_datum_of(*L, i), m->x0, m->v0,
  @                              m->xm0, m->vm0);
  @*/
void impact_initial_state(const model *m, const layout *L, double *y)
{
    int i;
    /*@ loop invariant range: 0 <= i <= L->ny;
      @ loop invariant done: \forall integer k; 0 <= k < i ==>
      @   y[k] == initial_datum_pick(initial_datum_of(*L, k), m->x0, m->v0,
      @                              m->xm0, m->vm0);
      @ loop assigns i, y[0 .. L->ny - 1];
      @ loop variant L->ny - i;
      @*/
    for (i = 0; i < L->ny; i++)        /* the shared rule: initial.c */
        y[i] = initial_datum_value(m, initial_component(L, i));
}

/* Names for the engine's diagnoses: the mode and the state components. */
static const char *mode_name(void *ctx, int q)
{
    (void)ctx;
    return impact_mode_name(q);
}

static const char *component_name(void *ctx, int i)
{
    const impact *I = ctx;
    return impact_component_name(&I->L, i);
}

static void finish(impact *I, const double *y0)
{
    sim_result *r = I->r;
    const layout *L = &I->L;
    ledger_rec *l = &r->ledger;
    l->V0 = impact_storage(I->m, L, y0);
    l->VT = impact_storage(I->m, L, r->end.y);
    l->Is = r->end.y[L->is];
    l->DeltaC = r->end.y[L->dc];
    l->DeltaD = I->delta_d;
    l->residual = ledger_residual(l->VT, l->V0, l->DeltaC, l->DeltaD, l->Is);
    track_scale(I, r->end.y);
    l->bound = ledger_bound_checked(L->ny, I->err_run,
                                    ledger_magnitude(l->V0, l->VT, l->DeltaC,
                                                     l->DeltaD, l->Is,
                                                     I->jumps_v),
                                    l->scale);
    r->final_contact = r->end.q == 1;
    if (r->final_contact) {
        close_contact(I, &r->final_partial, r->end.t, r->end.y, r->end.y,
                      0.0, 0.0);
    }
}

/* A value for a message: NaN without its sign bit. */
static double shown(double x)
{
    return isnan(x) ? fabs(x) : x;
}

/* What a ledger that fails its check says (sim_ledger_verdict): its
 * figures, where its bound comes from (the tolerances, or the cap of
 * sim_ledger_cap at the run's energy scale) and the cause, in buf (len
 * bytes, of which used are taken); returns the bytes taken. */
static size_t ledger_failure(char *buf, size_t len, size_t used,
                             const char *scope, double residual, double bound,
                             double delta_c, double scale,
                             const sim_options *o)
{
    char origin[160];
    const char *why =
        !isfinite(residual) || !isfinite(bound)
            ? "the residual or its bound is not finite: the storage, the "
              "supply or the dissipation leaves the doubles"
        : !(fabs(residual) <= bound)
            ? "the residual exceeds its bound: the run does not hold its "
              "tolerances"
            : "Delta_C is negative, and it is a dissipation (Eq. 22): the "
              "run does not hold its tolerances";
    if (bound == SIM_LEDGER_CAP * scale)
        snprintf(origin, sizeof origin, "%g of the run's energy scale %.3g J, "
                 "less than the local errors allowed by rtol = %g, atol = %g "
                 "can make it", SIM_LEDGER_CAP, scale, o->engine.rtol,
                 o->engine.atol);
    else
        snprintf(origin, sizeof origin, "the most the local errors allowed by "
                 "rtol = %g, atol = %g can make it", o->engine.rtol,
                 o->engine.atol);
    return text_append(buf, len, used, "the energy ledger (Eq. 24) of %s "
                       "fails its check: residual %.3g J, bound %.3g J (%s), "
                       "Delta_C = %.3g J; %s", scope, shown(residual),
                       shown(bound), origin, shown(delta_c), why);
}

/* Where the run ended, for a diagnosis (as the engine gives it): the
 * time, jump count, mode, state by component and the last three events;
 * appended to buf. */
static void describe_end(const impact *I, char *buf, size_t len, size_t used)
{
    const sim_result *r = I->r;
    int k0 = r->nevents > 3 ? r->nevents - 3 : 0, k, i;
    used = text_append(buf, len, used, "; t = %.17g s, j = %d, mode %d (%s), "
                       "state (", r->end.t, r->end.j, r->end.q,
                       impact_mode_name(r->end.q));
    for (i = 0; i < I->L.ny; i++)
        used = text_append(buf, len, used, "%s%s = %.17g", i ? ", " : "",
                           impact_component_name(&I->L, i), r->end.y[i]);
    used = text_append(buf, len, used, "); last events: %s",
                       r->nevents ? "" : "none");
    for (k = k0; k < r->nevents; k++)
        used = text_append(buf, len, used, "%s'%s' at t = %.17g s",
                           k > k0 ? ", " : "", transition_name(r->events[k].d.tr),
                           r->events[k].t);
}

/* The check of the ledger of a run that ended well: the whole run, then
 * each collision and the contact lasting at T (sim_ledger_verdict). The
 * first that fails makes the run fail with COLLIDE_E_LEDGER. */
static void check_ledger(impact *I)
{
    sim_result *r = I->r;
    const ledger_rec *l = &r->ledger;
    const collision_rec *c = NULL;
    char scope[64];
    int i;
    if (r->status != COLLIDE_OK)
        return;
    i = failing_ledger_index(l->residual, l->bound, l->DeltaC, r->collisions,
                             r->ncollisions,
                             r->final_contact ? &r->final_partial : NULL);
    if (i > r->ncollisions)
        return;
    if (i < 0) {
        snprintf(scope, sizeof scope, "the run");
    } else if (i == r->ncollisions) {
        c = &r->final_partial;
        snprintf(scope, sizeof scope, "the contact lasting at T");
    } else {
        c = &r->collisions[i];
        snprintf(scope, sizeof scope, "collision %d", c->i);
    }
    r->status = COLLIDE_E_LEDGER;
    describe_end(I, r->diagnosis, sizeof r->diagnosis,
                 c ? ledger_failure(r->diagnosis, sizeof r->diagnosis, 0,
                                    scope, c->residual, c->ledger_bound,
                                    c->DeltaC, l->scale, I->o)
                   : ledger_failure(r->diagnosis, sizeof r->diagnosis, 0,
                                    scope, l->residual, l->bound, l->DeltaC,
                                    l->scale, I->o));
}

/* The state y accepted at t against the proof domain (domain.h: x_c,
 * z_c, v_c and every component of chi). Outside, with
 * outside_proved_domain the first breach is recorded in the result and
 * the run goes on (0); else what says which quantity left it (1). */
static int outside_domain(void *ctx, double t, const double *y, char *what,
                          size_t len)
{
    impact *I = ctx;
    const layout *L = &I->L;
    domain_breach b;
    char text[192];
    if (domain_check_state(y, L->n_chi, L->v, L->xc, L->z, L->nz, &b))
        return 0;
    domain_breach_text(&b, text, sizeof text);
    if (I->o->outside_proved_domain) {
        if (!I->r->left_domain) {
            I->r->left_domain = 1;
            I->r->t_left_domain = t;
            snprintf(I->r->domain_note, sizeof I->r->domain_note, "%s", text);
        }
        return 0;
    }
    snprintf(what, len, "the run left the proof domain: %s (the scenario "
             "key outside_proved_domain = 1 runs on outside it)", text);
    return 1;
}

/* The engine's question to the caller's canceller (sim_cancelled). */
static int ask_cancel(void *ctx)
{
    const impact *I = ctx;
    return sim_cancelled(I->o);
}

/* A model outside the proof domain (possible with outside_proved_domain
 * only: the scenario loader refuses it otherwise) is recorded at t = 0. */
static void note_model_domain(const model *m, const sim_options *o,
                              sim_result *r)
{
    domain_breach b;
    if (!o->outside_proved_domain || domain_check_model(m, &b))
        return;
    r->left_domain = 1;
    r->t_left_domain = 0;
    domain_breach_text(&b, r->domain_note, sizeof r->domain_note);
}

collide_status sim_run(const model *m, const sim_options *o, sim_result *r)
{
    impact I;
    hybrid_system H;
    engine_observer obs;
    hybrid_transition trans[TR_COUNT];
    double y0[COLLIDE_NY_MAX];
    clock_t c0 = clock();
    int i;
    memset(r, 0, sizeof *r);
    memset(&I, 0, sizeof I);
    I.m = m;
    I.L = layout_make(m->sys, m->law->nz);
    I.o = o;
    I.r = r;
    r->ny = I.L.ny;
    impact_initial_state(m, &I.L, y0);
    H.ny = I.L.ny;
    for (i = 0; i < TR_COUNT; i++) {   /* the guards table (impact_data.h) */
        trans[i].name = transition_name(i);
        trans[i].from = transition_from(i);
        trans[i].to = transition_to(i);
        trans[i].sigma = transition_sigma(i);
        I.guard_of[i] = guard_state_index(transition_guard(i), I.L.x, I.L.v);
    }
    H.ntrans = TR_COUNT;
    H.trans = trans;
    H.ctx = &I;
    H.flow = flow;
    H.guard = guard;
    H.guard_rate = guard_rate;
    H.guard_component = guard_component;
    H.enabled = enabled;
    H.reset = reset;
    H.in_flow_set = in_flow;
    H.in_jump_set = in_jump;
    H.in_c_and_d_at_event = in_c_and_d_at_event;
    H.nswitch = nswitch;
    H.switching = switching;
    H.switching_noise = switching_noise;
    H.next_breakpoint = next_breakpoint;
    H.mode_name = mode_name;
    H.component_name = component_name;
    H.outside_domain = outside_domain;
    H.cancelled = o->cancel ? ask_cancel : NULL;  /* no call when none */
    obs.ctx = &I;
    obs.on_flow = on_flow;
    obs.on_event = on_event;
    if (sample_times(&I) != 0) {
        r->status = COLLIDE_E_MEMORY;
        snprintf(r->diagnosis, sizeof r->diagnosis, "out of memory");
        return r->status;
    }
    while (I.next_sample < I.ntimes && I.times[I.next_sample] <= 0.0) {
        add_sample(&I, 0.0, 0, 0, 0, y0);
        I.next_sample++;
    }
    track_scale(&I, y0);
    note_model_domain(m, o, r);
    I.v0 = impact_storage(m, &I.L, y0);
    engine_run(&H, &o->engine, &obs, m->T, y0, 0, &r->end);
    r->status = I.fail_memory ? COLLIDE_E_MEMORY : r->end.status;
    memcpy(r->diagnosis, r->end.diagnosis, sizeof r->diagnosis);
    if (r->status == COLLIDE_E_MEMORY)  /* a table of the result could not grow */
        snprintf(r->diagnosis, sizeof r->diagnosis, "out of memory for the "
                 "result tables; the run stopped at t = %.17g s", r->end.t);
    finish(&I, y0);
    check_ledger(&I);
    free(I.times);
    r->cpu_seconds = (double)(clock() - c0) / CLOCKS_PER_SEC;
    return r->status;
}
