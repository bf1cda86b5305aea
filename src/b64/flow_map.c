/* flow_map.c - the translation unit of the proof of flow_map.h: the flow
 * map's functions are defined static inline there, for the engine's
 * right-hand side (impact.c) to evaluate them without a call; WP proves
 * them here (WP_CORE of proofs/proofs.mk). */
#include "flow_map.h"
