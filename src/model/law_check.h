/* law_check.h - the pieces of the laws' validate() functions (law.h):
 * checks of one parameter against its admissible range (spec/
 * law_params.acsl, Section IV-B) and the copy of the range text. */
#ifndef COLLIDE_LAW_CHECK_H
#define COLLIDE_LAW_CHECK_H

#include <stddef.h>

#include "../../spec/law_params.acsl"

/* x finite and x > 0. */
/*@ assigns \nothing;
    ensures meaning: \result != 0 <==> positive(x);
    ensures boolean: \result == 0 || \result == 1; */
int check_positive(double x);

/* x finite and x >= 0. */
/*@ assigns \nothing;
    ensures meaning: \result != 0 <==> nonnegative(x);
    ensures boolean: \result == 0 || \result == 1; */
int check_nonnegative(double x);

/* x finite and 0 < x < 1. */
/*@ assigns \nothing;
    ensures meaning: \result != 0 <==> open_unit(x);
    ensures boolean: \result == 0 || \result == 1; */
int check_open_unit(double x);

/* x finite and x >= 1 (the exponents n, p of Eqs. 68-72). */
/*@ assigns \nothing;
    ensures meaning: \result != 0 <==> exponent(x);
    ensures boolean: \result == 0 || \result == 1; */
int check_exponent(double x);

/* g finite and -b <= g <= b (gamma in [-beta, beta], Eqs. 68-72). */
/*@ assigns \nothing;
    ensures meaning: \result != 0 <==> symmetric_bound(g, b);
    ensures boolean: \result == 0 || \result == 1; */
int check_symmetric(double g, double b);

/* Size of a range text buffer of law_range_text, NUL included. */
enum { LAW_RANGE_SIZE = 24 };

/* Copies text (an array of size chars, NUL-terminated or NUL-padded) into
 * range (len bytes): at most len - 1 characters, up to the first NUL; the
 * copy is NUL-terminated whenever len >= 1. */
/*@ requires text_valid: \valid_read(text + (0 .. size - 1));
    requires range_valid: len == 0 || \valid(range + (0 .. len - 1));
    requires separated: len == 0 ||
      \separated(range + (0 .. len - 1), text + (0 .. size - 1));
    assigns range[0 .. len - 1];
    ensures terminated: len >= 1 ==>
      \exists integer i; 0 <= i < len && range[i] == 0;
    ensures copy: len >= 1 ==> \exists integer n;
      0 <= n < len && n <= size && range[n] == 0 &&
      (\forall integer j; 0 <= j < n ==>
        range[j] == \old(text[j]) && range[j] != 0) &&
      (n == len - 1 || n == size || \old(text[n]) == 0);
*/
void law_range_text(char *range, size_t len, const char *text, size_t size);

/* Writes the empty string into range (len bytes) when len >= 1. */
/*@ requires range_valid: len == 0 || \valid(range + (0 .. len - 1));
    assigns range[0 .. len - 1];
    ensures empty: len >= 1 ==> range[0] == 0;
*/
void law_range_clear(char *range, size_t len);

#endif
