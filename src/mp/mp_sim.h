/* mp_sim.h - the high-precision mode: the hybrid system of mp_model.h run
 * in MPFR with a Taylor method whose order grows with the precision.
 *
 * Method (spec/high_precision.md): on each smooth piece the state is a
 * Taylor series of order K = ceil(D ln(10) / 2) + 1 for a tolerance of
 * 10^-D (Jorba and Zou 2005), computed by automatic differentiation of the
 * tape; the step is the largest for which the last two terms are below the
 * tolerance. Guards and switching functions (the operands of |.|, powers,
 * min, max, sgn) are located as roots of their own series, to the working
 * precision, and stepped to exactly. A piece that starts where an operand
 * of a fractional power is zero (contact onset, a hysteretic state
 * changing sign) is integrated in the variable sqrt(t - t*), in which the
 * solution is analytic. The discrete logic (guards table, orientation,
 * priority, flow and jump sets) is the binary64 code, called with the
 * signs of the MPFR values. */
#ifndef COLLIDE_MP_SIM_H
#define COLLIDE_MP_SIM_H

#include "event.h"
#include "mp_model.h"
#include "sim.h"
#include "tables.h"

/* run: the scenario's options (sim.h), of which this engine uses
 * n_samples and engine.graze_tol, zeno_events, zeno_window, max_steps. */
typedef struct mp_options {
    double digits;       /* tolerance 10^-digits of a step */
    sim_options run;
    int progress;        /* 1: a progress line on stderr (for a terminal) */
} mp_options;

/* The default tolerance 10^-digits at precision prec: 8 decimal digits
 * short of it (spec/high_precision.md). */
double mp_default_digits(mpfr_prec_t prec);

/* The step tolerance 10^-tol and the significant digits *out written of
 * a run at precision prec asked for `digits` (NaN: none asked). With no
 * digits asked, the tolerance is mp_default_digits and 6 digits fewer
 * than it are written; with digits asked, the tolerance is 8 digits
 * tighter (at most mp_default_digits) and ceil(digits) are written. At
 * least 3 digits are written. */
void mp_digits_settings(mpfr_prec_t prec, double digits, double *tol,
                        int *out);

/* Defaults for precision prec: the tolerance of mp_default_digits. */
mp_options mp_options_default(const sim_options *o, mpfr_prec_t prec);

/* A collision: its index, and its numbers in the columns of
 * collisions.csv (tables.h: TC_*). */
typedef struct mp_collision {
    int i;
    mpfr_t v[TC_N];      /* t_f is NaN when no contact follows */
} mp_collision;

typedef struct mp_event {
    event_discrete d;    /* j, the transition, grazing, C and D (event.h) */
    mpfr_t margin;       /* sigma d g/dt at t- (event semantics, doc/design.md) */
    mpfr_t rate_scale;   /* the largest |d g/dt| seen over the step */
    mpfr_t t, lo, hi;    /* the time and the final bracket of its root */
    mpfr_t before[COLLIDE_NY_MAX], after[COLLIDE_NY_MAX];
} mp_event;

typedef struct mp_sample {
    int j, q, boundary;
    mpfr_t t, fc, V, fer;
    mpfr_t y[COLLIDE_NY_MAX];
} mp_sample;

/* The ledger of the run: the numbers of the row "total" of ledger.csv
 * (tables.h: TL_*). */
typedef struct mp_ledger {
    mpfr_t v[TL_N];
} mp_ledger;

typedef struct mp_result {
    collide_status status;
    char diagnosis[2048];
    mpfr_prec_t prec;
    int ny, order;
    mp_event *events; int nevents, cap_events;
    mp_collision *collisions; int ncollisions, cap_collisions;
    mp_sample *samples; int nsamples, cap_samples;
    int final_contact;
    mp_collision final_partial;
    mp_ledger ledger;
    long steps, pieces;
    long holds;          /* pieces on which a saturated state was held */
    int left_domain;     /* 1: with outside_proved_domain, a state outside
                            the proof domain was accepted (domain.h) ... */
    double t_left_domain;     /* ... first at this time ... */
    char domain_note[192];    /* ... this quantity, value and domain */
    double cpu_seconds;
} mp_result;

/* The reference run of a check (--check, collide_run_options.check): 64
 * more bits and a tolerance 10^-19 tighter. */
#define MP_CHECK_BITS 64
#define MP_CHECK_DIGITS 19

/* Whether runs r and rb have the same rows: events, collisions, samples
 * and a final contact (the tables of a check are compared row by row). */
int mp_same_rows(const mp_result *r, const mp_result *rb);

/* Runs the model over [0, T]. Returns r->status; r must be freed with
 * mp_result_free whatever the status. */
collide_status mp_run(mp_model *M, const mp_options *o, mp_result *r);

void mp_result_free(mp_result *r);

#endif
