/* names.c - the names of the transitions, the modes and the state's
 * components in output files and diagnoses; see names.h. */
#include "names.h"

/* The names of the transitions (transition.h), then of a number outside
 * the table. */
static const char *const transition_names[TR_COUNT + 1] = {
    "commence-at-touch", "commence-overlapping", "separate",
    "separate-adhesive", "unknown"};

/*@ assigns \nothing;
  @ ensures table: 0 <= tr < TR_COUNT ==> \result == transition_names[tr];
  @ ensures unknown: !(0 <= tr < TR_COUNT) ==> \result == transition_names[TR_COUNT];
  @*/
const char *transition_name(int tr)
{
    if (tr < 0 || tr >= TR_COUNT)
        return transition_names[TR_COUNT];
    return transition_names[tr];
}

/* The names of the modes q = 0 and q = 1 (Eqs. 73, 80). */
static const char *const mode_names[2] = {"apart", "contact"};

/*@ assigns \nothing;
  @ ensures eq73_80: q == 1 ==> \result == mode_names[1];
  @ ensures apart: q != 1 ==> \result == mode_names[0];
  @*/
const char *impact_mode_name(int q)
{
    return mode_names[q == 1];
}

component_role impact_component_role(const layout *L, int i)
{                                                     /* Eqs. (73), (80) */
    if (i == L->x) return COMPONENT_X;
    if (i == L->v) return COMPONENT_V;
    if (i == L->xm) return COMPONENT_XM;
    if (i == L->vm) return COMPONENT_VM;
    if (i == L->xc) return COMPONENT_XC;
    if (i >= L->z && i < L->z + L->nz) {
        if (L->nz == 1) return COMPONENT_Z;
        return i == L->z ? COMPONENT_Z1 : COMPONENT_Z2;
    }
    if (i == L->is) return COMPONENT_IS;
    if (i == L->dc) return COMPONENT_DC;
    if (i == L->w) return COMPONENT_W;
    if (i == L->jfc) return COMPONENT_JFC;
    if (i == L->jfe) return COMPONENT_JFE;
    if (i == L->is_c) return COMPONENT_IS_C;
    if (i == L->dc_c) return COMPONENT_DC_C;
    return COMPONENT_UNKNOWN;
}

/* The names of the roles, in their order. */
static const char *const component_names[COMPONENT_ROLES] = {
    "x", "v", "x_m", "v_m", "x_c", "z_c", "z_c1", "z_c2", "I_s", "Delta_C",
    "W", "J_Fc", "J_Fe", "I_s_contact", "Delta_C_contact", "?"};

/*@ requires layout: valid_layout(L);
  @ assigns \nothing;
  @ ensures name: \result == component_names[component_role_of(*L, i)];
  @*/
const char *impact_component_name(const layout *L, int i)
{
    return component_names[impact_component_role(L, i)];
}
