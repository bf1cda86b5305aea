/* names.c - the names of the transitions, the modes and the state's
 * components in output files and diagnoses; see names.h. */
#include "names.h"

const char *transition_name(int tr)
{
    static const char *const names[TR_COUNT] = {
        "commence-at-touch", "commence-overlapping", "separate",
        "separate-adhesive"};
    if (tr < 0 || tr >= TR_COUNT)
        return "unknown";
    return names[tr];
}

const char *impact_mode_name(int q)
{
    return q == 1 ? "contact" : "apart";
}

const char *impact_component_name(const layout *L, int i)
{
    static const char *const z1[] = {"z_c"};
    static const char *const z2[] = {"z_c1", "z_c2"};
    if (i == L->x) return "x";
    if (i == L->v) return "v";
    if (i == L->xm) return "x_m";
    if (i == L->vm) return "v_m";
    if (i == L->xc) return "x_c";
    if (i >= L->z && i < L->z + L->nz)
        return L->nz == 1 ? z1[0] : z2[i - L->z];
    if (i == L->is) return "I_s";
    if (i == L->dc) return "Delta_C";
    if (i == L->w) return "W";
    if (i == L->jfc) return "J_Fc";
    if (i == L->jfe) return "J_Fe";
    if (i == L->is_c) return "I_s_contact";
    if (i == L->dc_c) return "Delta_C_contact";
    return "?";
}
