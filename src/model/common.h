/* common.h - the sizes shared by every module of collide. */
#ifndef COLLIDE_COMMON_H
#define COLLIDE_COMMON_H

/* Largest dimension of an ODE the driver integrates: the state of H_f
 * (Eq. 73, 5 + n_z continuous components) plus the quadrature states of
 * the ledger and of the observables. */
#define COLLIDE_NY_MAX 16

/* Largest zeno_events (events within zeno_window that stop a run as
 * Zeno): the size of the ring of event times each engine keeps. */
#define COLLIDE_ZENO_EVENTS_MAX 4096

#endif
