/* mp_law.c - finding a law's tape form (see mp_law.h); the forms
 * themselves are generated from spec/ into mp_law_spec.c. */
#include "mp_law.h"

#include <string.h>

/* Whether form f has l's n_z and l's parameter names, in l's order. */
static int form_fits(const mp_law_form *f, const law *l)
{
    int i;
    if (f->nz != l->nz || f->npar != l->npar)
        return 0;
    for (i = 0; i < l->npar; i++)
        if (strcmp(f->par_names[i], l->par_names[i]) != 0)
            return 0;
    return 1;
}

law_tape_fn mp_law_find(const law *l)
{
    int i;
    if (l == NULL)
        return NULL;
    for (i = 0; mp_law_forms[i].name != NULL; i++)
        if (strcmp(mp_law_forms[i].name, l->name) == 0)
            return form_fits(&mp_law_forms[i], l) ? mp_law_forms[i].tape : NULL;
    return NULL;
}
