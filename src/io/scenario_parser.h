/* scenario_parser.h - the state of one parse of a scenario and its
 * entries (internal to src/io), shared by the reader's text passes
 * (scenario.c) and its physics (scenario_model.c): the messages, the
 * entries looked up, added and defaulted. See scenario.h. */
#ifndef COLLIDE_SCENARIO_PARSER_H
#define COLLIDE_SCENARIO_PARSER_H

#include <stddef.h>

#include "scenario.h"

typedef enum input_name { IN_NONE, IN_GRAVITY, IN_CONSTANT, IN_STUDY2 } input_name;

/* The state of one parse: where messages go and what is known so far. */
typedef struct parser {
    scenario *s;
    const char *src; /* the source named in messages */
    char *err;
    size_t errlen;
    const law *law;
    input_name input;
    int outside;     /* 1: as if the text set outside_proved_domain = 1 */
} parser;

/* Writes "SRC:LINE: message" (or "SRC: message" for line 0) into p->err
 * and returns COLLIDE_E_INPUT. */
collide_status parser_fail(const parser *p, int line, const char *fmt, ...);

/* parser_fail: key is required (and what it is, with its range). */
collide_status parser_fail_required(const parser *p, const char *key);

/* The entry of key in s, or NULL. */
scenario_entry *parser_find_entry(scenario *s, const char *key);
const scenario_entry *parser_entry(const scenario *s, const char *key);

/* Whether the parse has key, its value (NaN when absent) and the line
 * that gave it (0: a default). */
int parser_has(const parser *p, const char *key);
double parser_value_of(const parser *p, const char *key);
int parser_line_of(const parser *p, const char *key);

/* Appends the entry key = text of line to s (klen, tlen: their lengths,
 * below the sizes of scenario_entry); returns it, or NULL when the table
 * is full. */
scenario_entry *parser_add_entry(scenario *s, const char *key, size_t klen,
                                 const char *text, size_t tlen, int line);

/* Records a default value (line 0) so that its text is kept too. */
void parser_add_default(parser *p, const char *key, const char *text);

/* Finds parameter values for which l->validate accepts parameters 0..i-1,
 * then asks it for the range of parameter i (given NaN). Writes a generic
 * text when the law does not say. */
void parser_law_param_range(const law *l, int i, char *buf, size_t len);

#endif
