/* number.h - the one reader of numbers given as text: the values of
 * scenario files and grid files, and every numeric option of the command
 * line. A number is plain decimal text: an optional sign, digits with an
 * optional decimal point, an optional exponent (0.35, +1.0E+9, .5, 40e-6),
 * or inf / infinity (with a sign) where the range includes it. Hexadecimal,
 * nan, spaces (leading or trailing), units and trailing text are refused:
 * a file format trims the spaces around its values itself; a command-line
 * value is taken as given. */
#ifndef COLLIDE_NUMBER_H
#define COLLIDE_NUMBER_H

#include <stddef.h>

#include "collide_aux.h"

/* What reading a number found. */
typedef enum number_status {
    NUMBER_OK = 0,
    NUMBER_EMPTY,       /* no text at all */
    NUMBER_NAN,         /* nan, NaN(...) */
    NUMBER_SYNTAX,      /* not plain decimal text */
    NUMBER_OVERFLOW,    /* decimal text beyond the largest double */
    NUMBER_NOT_INTEGER, /* a number, but the range asks for an integer */
    NUMBER_OUTSIDE      /* a number outside the range */
} number_status;

/* An allowed range: "name in [lo, hi)", each end closed or open; an end
 * at +-inf that is closed admits inf; integer: only whole values. The
 * public collide_aux_range (include/collide_aux.h), under its internal name. */
typedef collide_aux_range number_range;

/* Converts text to the nearest double (correctly rounded) when it is a
 * plain decimal number or an infinity; NUMBER_OK, or what it is not. */
number_status number_parse(const char *text, double *out);

/* 1 when v lies in r (ends and integrality), else 0. */
int number_in_range(const number_range *r, double v);

/* number_parse, then the checks of r: NUMBER_OK with *out set, or the
 * first reason the text is not a value of r. */
number_status number_read(const char *text, const number_range *r,
                          double *out);

/* b as text into buf: "inf", "-inf", an integer's digits when integer is
 * set, or else the shortest decimal text that reads back to b (in the C
 * locale). */
void number_shortest_text(double b, int integer, char *buf, size_t len);

/* "name in [lo, hi)" (", an integer" for an integer range), each bound as
 * the shortest decimal text that reads back to it, into buf. */
void number_range_text(const number_range *r, char *buf, size_t len);

/* One message for status st of text given for field (e.g. "--rtol" or
 * "x0"), with the allowed range as text (number_range_text): "field = text
 * is outside the allowed range: x in [0, 1]", "field = text is not a
 * decimal number; the allowed range is ...", ... At most 80 characters of
 * text are echoed (then "..."), in quotes when it begins or ends with a
 * space. */
void number_message(const char *field, const char *text, number_status st,
                    const char *range, char *buf, size_t len);

#endif
