/* common.h - sizes and status codes shared by every module of collide. */
#ifndef COLLIDE_COMMON_H
#define COLLIDE_COMMON_H

#define COLLIDE_VERSION "0.1.0"

/* Largest dimension of an ODE the driver integrates: the state of H_f
 * (Eq. 73, 5 + n_z continuous components) plus the quadrature states of
 * the ledger and of the observables. */
#define COLLIDE_NY_MAX 16

/* Largest zeno_events (events within zeno_window that stop a run as
 * Zeno): the size of the ring of event times each engine keeps. */
#define COLLIDE_ZENO_EVENTS_MAX 4096

/* Exit status of the command-line program and status of a run. */
typedef enum collide_status {
    COLLIDE_OK = 0,
    COLLIDE_E_USAGE = 2,      /* bad command line */
    COLLIDE_E_INPUT = 3,      /* bad scenario or parameter */
    COLLIDE_E_IO = 4,         /* file could not be written */
    COLLIDE_E_NONFINITE = 5,  /* NaN or infinity in the state */
    COLLIDE_E_STEP = 6,       /* step size under its floor */
    COLLIDE_E_EVENT = 7,      /* an event could not be located */
    COLLIDE_E_ZENO = 8,       /* chattering / Zeno: too many events */
    COLLIDE_E_MEMORY = 9,     /* out of memory */
    COLLIDE_E_INTERRUPT = 10, /* interrupted by a signal */
    COLLIDE_E_CHECK = 11,     /* --check: fewer correct digits than asked */
    COLLIDE_E_LEDGER = 12,    /* the energy ledger of Eq. (24) fails its check:
                                 residual beyond the bound of the tolerances,
                                 not finite, or Delta_C < 0 */
    COLLIDE_E_PROGRESS = 13   /* no progress: the work per unit of simulated
                                 time exceeded its bound */
} collide_status;

#endif
