/* scd.h - significant correct digits of a decimal text a against a
 * reference text b, as in the IVP test set of Mazzia and Magherini:
 *
 *     scd(a, b) = -log10(|a - b| / |b|)
 *
 * computed with MPFR from the decimal texts themselves, each parsed at
 * 4 bits per character plus 64 (at least 256 bits), so that two texts of
 * 60 significant digits compare exactly: equal values give +inf, values
 * that differ in the 60th digit give about 59 digits.
 *
 * Conventions:
 *   - equal values (also "1.5" and "1.50", "100" and "1e2", "0" and "-0")
 *     give +inf (printed "inf");
 *   - where the reference b is 0, the absolute error is used instead:
 *     scd = -log10|a - b|;
 *   - NaN is written "nan" (any case, optionally signed) or as the empty
 *     text; both NaN gives +inf (they agree); one NaN and the other not
 *     gives 0 (no digit correct: a disagreement);
 *   - the same infinity on both sides gives +inf; an infinity against
 *     anything else gives 0;
 *   - scd is negative where |a - b| > |b|;
 *   - a value beyond MPFR's widest exponent range (a decimal exponent
 *     of about 1e18) counts as a disagreement, 0.
 *
 * A number is an optional sign, digits with an optional decimal point and
 * an optional exponent ("0.35", "+1.0E+9", ".5", "40e-6"), "inf",
 * "infinity" or "nan" (any case, optionally signed), or the empty text;
 * blanks around it are ignored. Integer and text columns of a table are
 * compared for equality instead (see compare.h). */
#ifndef COLLIDE_SCD_H
#define COLLIDE_SCD_H

/* 1 when s is a number in the sense above (including NaN and ""), else 0. */
int scd_is_number(const char *s);

/* 1 when s is an integer: an optional sign and decimal digits, else 0. */
int scd_is_integer(const char *s);

/* scd of a against the reference b by the conventions above (+INFINITY
 * where they agree); NAN when either text is not a number. */
double scd_text(const char *a, const char *b);

#endif
