/* fingerprint.h - fingerprints of what determines a result: the 64-bit
 * FNV-1a hash (Fowler, Noll, Vo; the parameters of the FNV reference,
 * offset basis 14695981039346656037, prime 1099511628211) and the
 * canonical text of a scenario that it is taken of. A sweep marks its
 * point files and part files with them (doc/sweeps.md), so that a
 * result is never taken for another scenario, mode or program version. */
#ifndef COLLIDE_FINGERPRINT_H
#define COLLIDE_FINGERPRINT_H

#include <stddef.h>
#include <stdint.h>

#include "scenario.h"

/* The offset basis of FNV-1a 64, the hash of no bytes, is collide.h's
 * COLLIDE_FNV1A64_BASIS. */

/* Bytes enough for the canonical text of any scenario: every entry with
 * its marker, the law and the run settings. */
#define SCENARIO_CANONICAL_MAX \
    (SCENARIO_ENTRIES_MAX * (COLLIDE_SCENARIO_KEY_MAX + COLLIDE_SCENARIO_TEXT_MAX + 16) + 1024)

/* The FNV-1a 64 hash h (COLLIDE_FNV1A64_BASIS to start) continued over the n
 * bytes at data: for each byte, h = (h XOR byte) * 1099511628211 mod 2^64. */
uint64_t fnv1a64(uint64_t h, const void *data, size_t n);

/* The FNV-1a 64 hash h continued over the string text (without its NUL). */
uint64_t fnv1a64_text(uint64_t h, const char *text);

/* The canonical text of the parsed scenario s into buf (len bytes): the
 * law, then every entry `key = text` sorted by key, those the parser
 * filled in marked `# default`, then the run settings as used (T, the
 * tolerances, the Zeno bounds, samples, max_steps) with %.17g. Two
 * scenarios with the same canonical text run alike; the source's name,
 * comments and the order of lines do not enter it. Returns the length,
 * or 0 when len is too small. */
size_t scenario_canonical(const scenario *s, char *buf, size_t len);

#endif
