/* compare_command.c - `collide compare A B`, over include/collide.h; see
 * compare_command.h. */
#include "compare_command.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide.h"
#include "collide_aux.h"
#include "options.h"
#include "session.h"
#include "status.h"

static const char usage_compare[] =
    "usage: collide compare A B [--digits D] [--scd-csv OUT]\n"
    "\n"
    "Significant correct digits scd = -log10(|a - b| / |b|) of the results A\n"
    "against the reference B, computed with MPFR from the decimal texts.\n"
    "A and B are two directories written by collide run --csv (every table\n"
    "in both is compared) or two CSV files. Rows are matched by key (scope;\n"
    "j, transition; i; j, t), else by position; a row of one side only is a\n"
    "difference (exit 1). Columns are matched by name. One line per column:\n"
    "  table column min_scd median_scd worst_row   (numeric columns)\n"
    "  table column equal | mismatch ...           (integer, text columns)\n"
    "then compare: N columns, worst scd X (table.column row R).\n"
    "\n"
    "  --digits D     exit 1 when a numeric column has a scd under D or an\n"
    "                 integer or text column differs\n"
    "  --scd-csv OUT  (two CSV files) write each cell's scd to OUT\n"
    "  --help         this text\n"
    "\n"
    "scd is inf where the values agree; where b = 0 it is -log10|a - b|;\n"
    "nan agrees with nan, and has 0 digits against a number.\n"
    "\n";

/* The operands and options of compare. */
typedef struct compare_args {
    const char *a, *b;
    collide_compare_options o;
} compare_args;

/* The threshold of compare --digits: a decimal number of digits. */
static const collide_aux_range compare_digits = {"D", 0, HUGE_VAL, 1, 0, 0};

/* The options of compare, by slot. */
enum { COMPARE_DIGITS, COMPARE_SCD_CSV };
static const option_spec compare_specs[] = {
    {"--digits", 1, COMPARE_DIGITS, 0, "the least scd of a numeric column"},
    {"--scd-csv", 1, COMPARE_SCD_CSV, 0, "the file of each cell's scd"},
};
static const option_table compare_table = {
    compare_specs, (int)(sizeof compare_specs / sizeof compare_specs[0])};

/* A and B of compare from its operands; a usage error unless there are
 * exactly two. */
static int compare_operands(const option_values *v, compare_args *o)
{
    if (v->noperands > 2)
        return option_usage_error("compare", "more than two result sets: ",
                           v->operand[2]);
    if (v->noperands < 2)
        return option_usage_error("compare", v->noperands ? "missing B" :
                           "missing A and B", "");
    o->a = v->operand[0];
    o->b = v->operand[1];
    return COLLIDE_OK;
}

/* Reads the arguments of compare into o; a usage error, or
 * COMPARE_EXIT_INPUT for a bad --digits, otherwise. */
static int parse_compare_args(int argc, char **argv, compare_args *o)
{
    option_values v;
    int st = option_parse_command("compare", argc, argv, &compare_table, &v);
    o->a = o->b = NULL;
    collide_compare_options_init(&o->o, sizeof o->o);
    if (st == COLLIDE_OK)
        st = compare_operands(&v, o);
    o->o.scd_csv = v.value[COMPARE_SCD_CSV];
    if (st == COLLIDE_OK && v.value[COMPARE_DIGITS] &&
        !option_number("compare", "--digits", v.value[COMPARE_DIGITS],
                       &compare_digits, &o->o.digits))
        st = COMPARE_EXIT_INPUT;
    option_free(&v);
    return st;
}

/* The exit status of a comparison of status st and verdict v. */
static int compare_exit_status(collide_status st, collide_compare_verdict v)
{
    switch (st) {
    case COLLIDE_OK:
        return v == COLLIDE_VERDICT_MET ? COMPARE_EXIT_MET : COMPARE_EXIT_BELOW;
    case COLLIDE_E_IO: return COMPARE_EXIT_IO;
    case COLLIDE_E_MEMORY: return COMPARE_EXIT_MEMORY;
    default: return COMPARE_EXIT_INPUT;
    }
}

/* collide compare A B [--digits D] [--scd-csv OUT]. */
int compare_command(int argc, char **argv)
{
    compare_args o;
    collide_compare_verdict v = COLLIDE_VERDICT_BELOW;
    collide_status st;
    char err[4096] = "";
    int parsed;
    if (option_wants_help(argc, argv)) {
        fputs(usage_compare, stdout);
        status_print(stdout, &status_compare);
        return COLLIDE_OK;
    }
    parsed = parse_compare_args(argc, argv, &o);
    if (parsed != COLLIDE_OK)
        return parsed;
    st = collide_aux_session_compare_with(session_get(), o.a, o.b, &o.o,
                                          stdout, &v, err, sizeof err);
    fflush(stdout);
    if (err[0])
        fprintf(stderr, "%s\n", err);
    return compare_exit_status(st, v);
}
