/* system_kind.h - which hybrid system of Section IV a model is: the
 * reduced H_r or the full H_f. The proved data of hybrid.h and the model
 * of the system layer (src/system/model.h) both name it. */
#ifndef COLLIDE_SYSTEM_KIND_H
#define COLLIDE_SYSTEM_KIND_H

typedef enum system_kind {
    SYS_HR = 0, /* reduced system H_r, Eqs. (80)-(84): m_2 = +inf */
    SYS_HF = 1  /* full system H_f, Eqs. (73)-(79) */
} system_kind;

#endif
