/* contact_run.c - a collision's row at the events that begin and end its
 * contact: the steps of contact.c (spec/contact_rules.acsl) applied in
 * order through the engine's primitives; see contact.h. Not proved: a
 * call through a function pointer (the engine's primitives) is no call
 * WP proves; what each step is, is proved in contact.c. */
#include "contact.h"

/* Applies step s to the row of the engine's view. */
static void contact_apply(const contact_numbers *n, void *engine,
                          contact_step s)
{
    switch (s.op) {
    case CONTACT_ZERO: n->zero(engine, s.col); break;
    case CONTACT_UNDEFINED: n->undefined(engine, s.col); break;
    case CONTACT_TIME: n->time(engine, s.col); break;
    case CONTACT_COMPONENT: n->component(engine, s.col, s.side, s.arg); break;
    case CONTACT_ABSOLUTE: n->absolute(engine, s.col); break;
    case CONTACT_STORAGE: n->storage(engine, s.col, s.side); break;
    case CONTACT_RAISE: n->raise(engine, s.col, s.arg); break;
    case CONTACT_RAISE_FORCE: n->raise_force(engine, s.col, s.side); break;
    case CONTACT_DISSIPATION: n->dissipation(engine, s.col); break;
    case CONTACT_FORMULA: n->formula(engine, s.col); break;
    case CONTACT_FORMULA_UNLESS_ZERO:
        if (n->is_zero(engine, s.arg))
            n->undefined(engine, s.col);
        else
            n->formula(engine, s.col);
        break;
    case CONTACT_FORMULA_IF_UNDEFINED:
        if (n->is_undefined(engine, s.col))
            n->formula(engine, s.col);
        break;
    }
}

void contact_begin(const contact_numbers *n, void *engine, const layout *L,
                   int tr)
{
    int k;
    for (k = 0; k < CONTACT_BEGIN_STEPS; k++)
        contact_apply(n, engine, contact_begin_step(L, tr, k));
}

void contact_flight(const contact_numbers *n, void *engine)
{
    int k;
    for (k = 0; k < CONTACT_FLIGHT_STEPS; k++)
        contact_apply(n, engine, contact_flight_step(k));
}

void contact_end(const contact_numbers *n, void *engine, const layout *L)
{
    int k;
    for (k = 0; k < CONTACT_END_STEPS; k++)
        contact_apply(n, engine, contact_end_step(L, k));
}
