/* names.h - the names both engines and the output files give to the
 * transitions of the guards table, the modes and the components of the
 * integrated state: one definition of each. */
#ifndef COLLIDE_NAMES_H
#define COLLIDE_NAMES_H

#include "hybrid.h"
#include "transition.h"

/* The guards table (impact_data.h) is shared by the binary64 engine and
 * the high-precision mode. Transition tr (transition_id, transition.h) leaves mode
 * transition_from(tr) for mode transition_to(tr) when its guard crosses
 * zero in the orientation transition_sigma(tr) (-1 or +1) while it is
 * enabled. The guard is x, v or Phi (transition_guard: 0, 1 or 2), and
 * whether it is enabled depends on the signs of x, v and Phi only.
 * transition_name(tr) is its name, "unknown" outside the table. */
const char *transition_name(int tr);

/* The components of the integrated state by role, in the order of their
 * names (impact_component_name); COMPONENT_UNKNOWN for an index of no
 * component. */
typedef enum component_role {
    COMPONENT_X, COMPONENT_V, COMPONENT_XM, COMPONENT_VM, COMPONENT_XC,
    COMPONENT_Z, COMPONENT_Z1, COMPONENT_Z2, COMPONENT_IS, COMPONENT_DC,
    COMPONENT_W, COMPONENT_JFC, COMPONENT_JFE, COMPONENT_IS_C,
    COMPONENT_DC_C, COMPONENT_UNKNOWN, COMPONENT_ROLES
} component_role;

#include "../../spec/component_names.acsl"

/* The role of component i of the state laid out by L. */
/*@ requires layout: valid_layout(L);
  @ assigns \nothing;
  @ ensures eq73_80: \result == component_role_of(*L, i);
  @*/
component_role impact_component_role(const layout *L, int i);

/* Name of component i of y in output files: "x", "v", "x_m", "v_m",
 * "x_c", "z_c" (n_z = 1) or "z_c1", "z_c2" (n_z = 2), "I_s", "Delta_C",
 * "W", "J_Fc", "J_Fe", "I_s_contact", "Delta_C_contact"; "?" for an index
 * of no component. */
const char *impact_component_name(const layout *L, int i);

/* Name of mode q in diagnoses: "apart" (q = 0) or "contact" (q = 1),
 * the q of Eqs. (73), (80). */
const char *impact_mode_name(int q);

#endif
