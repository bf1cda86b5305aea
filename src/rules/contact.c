/* contact.c - a collision's row at the events that begin and end its
 * contact, for both engines; see contact.h. */
#include "contact.h"

void contact_begin(const contact_numbers *n, void *engine, const layout *L,
                   int tr)
{
    int k;
    /* every column 0: the maxima start at x_c = 0 and at
     * F_c = -Phi(0, 0, v) = 0 (Eq. 60), the interface undeformed */
    for (k = 0; k < TC_N; k++)
        n->zero(engine, k);
    n->time(engine, TC_TE);                                  /* Eq. (193) */
    /* Eq. (196); a contact that commences overlapping commences where
     * v = 0 (its guard): what the event holds of v is the rounding of
     * that zero (-2.7e-20 m/s gave e = 6e15 for a contact lasting to T) */
    if (tr == TR_COMMENCE_OVERLAP)
        n->zero(engine, TC_VI);
    else
        n->component(engine, TC_VI, CONTACT_AFTER, L->v);
    n->storage(engine, TC_VSTART, CONTACT_AFTER);
}

void contact_flight(const contact_numbers *n, void *engine)
{
    if (n->is_undefined(engine, TC_TF))
        n->formula(engine, TC_TF);                           /* Eq. (195) */
}

/* The observables of the contact from the state before the jump. */
static void contact_observables(const contact_numbers *n, void *engine,
                                const layout *L)
{
    n->time(engine, TC_TS);                                  /* Eq. (193) */
    n->formula(engine, TC_TD);                               /* Eq. (194) */
    n->undefined(engine, TC_TF);         /* Eq. (195): at the next contact */
    n->component(engine, TC_VS, CONTACT_BEFORE, L->v);
    if (n->is_zero(engine, TC_VI))   /* Eq. (197): undefined from rest */
        n->undefined(engine, TC_E);
    else
        n->formula(engine, TC_E);
    n->component(engine, TC_XCR, CONTACT_BEFORE, L->xc);
    n->absolute(engine, TC_XCR);                             /* Eq. (200) */
    n->raise(engine, TC_XCMAX, TC_XCR);     /* Eq. (198), its value at t_s */
    n->raise_force(engine, TC_FCMAX, CONTACT_BEFORE);        /* Eq. (199) */
    n->component(engine, TC_W, CONTACT_BEFORE, L->w);        /* Eq. (201) */
    n->component(engine, TC_JFC, CONTACT_BEFORE, L->jfc);    /* Eq. (202) */
    n->component(engine, TC_JFE, CONTACT_BEFORE, L->jfe);
    n->formula(engine, TC_LAMBDA);                           /* Eq. (204) */
    n->formula(engine, TC_MOM);                              /* Eq. (203) */
    n->component(engine, TC_IS, CONTACT_BEFORE, L->is_c);
    n->component(engine, TC_DC, CONTACT_BEFORE, L->dc_c);
}

void contact_end(const contact_numbers *n, void *engine, const layout *L)
{
    contact_observables(n, engine, L);
    n->storage(engine, TC_VEND, CONTACT_AFTER);
    n->dissipation(engine, TC_DD);                           /* Eq. (23) */
    n->formula(engine, TC_RES);                              /* Eq. (24) */
}
