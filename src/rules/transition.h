/* transition.h - the transitions of the guards table of the impact model
 * (doc/design.md, spec/guards_table.acsl), in priority order per mode. */
#ifndef COLLIDE_TRANSITION_H
#define COLLIDE_TRANSITION_H

typedef enum transition_id {
    TR_COMMENCE_TOUCH = 0,   /* mode 0: guard x, sigma -1, enabled v <= 0 */
    TR_COMMENCE_OVERLAP = 1, /* mode 0: guard v, sigma -1, enabled x <= 0 */
    TR_SEPARATE = 2,         /* mode 1: guard Phi, sigma +1, enabled v >= 0 */
    TR_SEPARATE_ADHESIVE = 3, /* mode 1: guard v, sigma +1, enabled Phi >= 0 */
    TR_COUNT = 4              /* the number of transitions */
} transition_id;

#endif
