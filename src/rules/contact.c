/* contact.c - a collision's columns and the steps its row takes at the
 * events that begin and end its contact, for both engines; see contact.h
 * and spec/contact_rules.acsl. */
#include "contact.h"

#include <stddef.h>

const double *collision_column_of(const collision_rec *c, int col)
{
    switch (col) {
    case TC_TE: return &c->t_e;
    case TC_TS: return &c->t_s;
    case TC_TD: return &c->t_d;
    case TC_TF: return &c->t_f;
    case TC_VI: return &c->v_i;
    case TC_VS: return &c->v_s;
    case TC_E: return &c->e;
    case TC_XCMAX: return &c->xc_max;
    case TC_FCMAX: return &c->Fc_max;
    case TC_XCR: return &c->xc_r;
    case TC_W: return &c->W;
    case TC_JFC: return &c->J_Fc;
    case TC_JFE: return &c->J_Fe;
    case TC_LAMBDA: return &c->Lambda;
    case TC_MOM: return &c->momentum_residual;
    case TC_VSTART: return &c->V_start;
    case TC_VEND: return &c->V_end;
    case TC_IS: return &c->Is;
    case TC_DC: return &c->DeltaC;
    case TC_DD: return &c->DeltaD;
    case TC_RES: return &c->residual;
    default: return NULL;
    }
}

double *collision_column(collision_rec *c, int col)
{
    return (double *)collision_column_of(c, col);   /* c is not const */
}

/* The step op on column col, reading side and arg. */
/*@ assigns \nothing;
  @ ensures step: contact_step_is(\result, op, col, side, arg);
  @*/
static contact_step row_step(contact_op op, int col, contact_side side,
                             int arg)
{
    contact_step s;
    s.op = op;
    s.col = col;
    s.side = side;
    s.arg = arg;
    return s;
}

contact_step contact_begin_step(const layout *L, int tr, int k)
{
    if (k < TC_N)            /* every column 0: the maxima start at 0 */
        return row_step(CONTACT_ZERO, k, CONTACT_BEFORE, 0);
    if (k == TC_N)                                           /* Eq. (193) */
        return row_step(CONTACT_TIME, TC_TE, CONTACT_BEFORE, 0);
    if (k == TC_N + 1) {
        /* Eq. (196); a contact that commences overlapping commences where
         * v = 0 (its guard): what the event holds of v is the rounding of
         * that zero (-2.7e-20 m/s gave e = 6e15 for a contact lasting to
         * T) */
        if (tr == TR_COMMENCE_OVERLAP)
            return row_step(CONTACT_ZERO, TC_VI, CONTACT_BEFORE, 0);
        return row_step(CONTACT_COMPONENT, TC_VI, CONTACT_AFTER, L->v);
    }                                                /* Eqs. (91), (94) */
    return row_step(CONTACT_STORAGE, TC_VSTART, CONTACT_AFTER, 0);
}

contact_step contact_flight_step(int k)
{                                                            /* Eq. (195) */
    (void)k;                 /* the one step */
    return row_step(CONTACT_FORMULA_IF_UNDEFINED, TC_TF, CONTACT_BEFORE, 0);
}

/* The observables from the state before the jump, then the contact's
 * ledger with V after it: a table, one case a step. */
contact_step contact_end_step(const layout *L, int k)
{
    contact_step s;
    switch (k) {
    case 0:  /* Eq. (193) */
        s = row_step(CONTACT_TIME, TC_TS, CONTACT_BEFORE, 0);
        break;
    case 1:  /* Eq. (194) */
        s = row_step(CONTACT_FORMULA, TC_TD, CONTACT_BEFORE, 0);
        break;
    case 2:  /* Eq. (195): at the next contact */
        s = row_step(CONTACT_UNDEFINED, TC_TF, CONTACT_BEFORE, 0);
        break;
    case 3:  /* Eq. (196) */
        s = row_step(CONTACT_COMPONENT, TC_VS, CONTACT_BEFORE, L->v);
        break;
    case 4:  /* Eq. (197): undefined from rest */
        s = row_step(CONTACT_FORMULA_UNLESS_ZERO, TC_E, CONTACT_BEFORE, TC_VI);
        break;
    case 5:  /* Eq. (200) */
        s = row_step(CONTACT_COMPONENT, TC_XCR, CONTACT_BEFORE, L->xc);
        break;
    case 6:  /* Eq. (200) */
        s = row_step(CONTACT_ABSOLUTE, TC_XCR, CONTACT_BEFORE, 0);
        break;
    case 7:  /* Eq. (198), its value at t_s */
        s = row_step(CONTACT_RAISE, TC_XCMAX, CONTACT_BEFORE, TC_XCR);
        break;
    case 8:  /* Eq. (199) */
        s = row_step(CONTACT_RAISE_FORCE, TC_FCMAX, CONTACT_BEFORE, 0);
        break;
    case 9:  /* Eq. (201) */
        s = row_step(CONTACT_COMPONENT, TC_W, CONTACT_BEFORE, L->w);
        break;
    case 10: /* Eq. (202) */
        s = row_step(CONTACT_COMPONENT, TC_JFC, CONTACT_BEFORE, L->jfc);
        break;
    case 11: /* Eq. (202) */
        s = row_step(CONTACT_COMPONENT, TC_JFE, CONTACT_BEFORE, L->jfe);
        break;
    case 12: /* Eq. (204) */
        s = row_step(CONTACT_FORMULA, TC_LAMBDA, CONTACT_BEFORE, 0);
        break;
    case 13: /* Eq. (203) */
        s = row_step(CONTACT_FORMULA, TC_MOM, CONTACT_BEFORE, 0);
        break;
    case 14: /* Eq. (21) over the contact */
        s = row_step(CONTACT_COMPONENT, TC_IS, CONTACT_BEFORE, L->is_c);
        break;
    case 15: /* Eq. (22) over the contact */
        s = row_step(CONTACT_COMPONENT, TC_DC, CONTACT_BEFORE, L->dc_c);
        break;
    case 16: /* Eqs. (91), (94) */
        s = row_step(CONTACT_STORAGE, TC_VEND, CONTACT_AFTER, 0);
        break;
    case 17: /* Eq. (23) */
        s = row_step(CONTACT_DISSIPATION, TC_DD, CONTACT_BEFORE, 0);
        break;
    default: /* Eq. (24) */
        s = row_step(CONTACT_FORMULA, TC_RES, CONTACT_BEFORE, 0);
        break;
    }
    return s;
}
