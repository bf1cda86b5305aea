/* flow_map.c - the translation unit of the proof of flow_map.h: the flow
 * map's functions are defined static inline there, for the engine's
 * right-hand side (impact.c) to evaluate them without a call; WP reads
 * them here (not in WP_CORE yet, see flow_map.h). */
#include "flow_map.h"
