/* json.h - a small JSON writer (RFC 8259) for the meta.json of a result
 * set: objects, arrays, strings with every character that JSON requires
 * escaped, numbers in the C locale with round-trip precision, and null
 * for a value that is not a finite number (JSON has no inf or NaN).
 * The output is indented by two spaces a level, one member a line, so
 * that the same calls write the same bytes. */
#ifndef COLLIDE_JSON_H
#define COLLIDE_JSON_H

#include <stdio.h>

#define JSON_DEPTH_MAX 16

/* A writer: its stream, the open levels, whether each has a member yet. */
typedef struct json_writer {
    FILE *f;
    int depth;
    int has[JSON_DEPTH_MAX];
} json_writer;

/* Starts a writer on f (nothing written). */
void json_init(json_writer *w, FILE *f);

/* Opens an object or an array: as the value of member key of the
 * enclosing object, or (key NULL) as an element of the enclosing array or
 * as the document. Levels beyond JSON_DEPTH_MAX are not supported. */
void json_object(json_writer *w, const char *key);
void json_array(json_writer *w, const char *key);

/* Closes the innermost object or array (close '}' or ']'); after the
 * document's, a final newline. */
void json_end(json_writer *w, char close);

/* Members (key) or elements (key NULL): a string (NULL: null), a number
 * (%.17g, so that it reads back to the same double; not finite: null),
 * an integer, a boolean, null. */
void json_string(json_writer *w, const char *key, const char *s);
void json_number(json_writer *w, const char *key, double x);
void json_int(json_writer *w, const char *key, long n);
void json_bool(json_writer *w, const char *key, int b);
void json_null(json_writer *w, const char *key);

/* 1 when text is a number as JSON writes one (RFC 8259, section 6: an
 * optional minus, an integer part without leading zeros, an optional
 * fraction and exponent), else 0 ("inf", "nan", "+1", ".5", "1."). */
int json_is_number(const char *text);

/* A member or element whose value is the decimal text of a number as it
 * stands, every digit kept (a high-precision value has more than a
 * double holds): text itself when json_is_number(text), else the text
 * read by number_parse (number.h) and written as json_number (null for
 * "inf"), null for "nan" (a NaN as the tables write it), else a
 * string. */
void json_number_text(json_writer *w, const char *key, const char *text);

/* s as a JSON string on f: quoted, with '"', '\\' and the control
 * characters escaped (\n, \t, ... or \u00XX); other bytes as they are
 * (UTF-8 passes through). */
void json_put_string(FILE *f, const char *s);

#endif
