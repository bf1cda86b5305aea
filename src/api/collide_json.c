/* collide_json.c - the summary of a run as JSON (include/collide.h,
 * collide_result_json; `collide run --json`): the members it shares with
 * meta.json written by meta.c's writers, the tables of the result by the
 * JSON writer of src/io/json.c, so that both documents come from one
 * code path. */
#define _POSIX_C_SOURCE 200809L

#include "collide_int.h"

#include "json.h"
#include "meta.h"

#define SUMMARY_FORMAT "collide run summary 1"

/* Table t of r under key: "units", each column's unit by name, and
 * "rows", each row an object of its cells by column name (a number as
 * its decimal text, json_number_text). */
static void put_table(json_writer *w, const collide_result *r,
                      collide_table t, const char *key)
{
    int row, col, ncols = collide_result_columns(r, t);
    json_object(w, key);
    json_object(w, "units");
    for (col = 0; col < ncols; col++)
        json_string(w, collide_result_column_name(r, t, col),
                    collide_result_column_unit(r, t, col, NULL));
    json_end(w, '}');
    json_array(w, "rows");
    for (row = 0; row < collide_result_rows(r, t); row++) {
        json_object(w, NULL);
        for (col = 0; col < ncols; col++)
            json_number_text(w, collide_result_column_name(r, t, col),
                             collide_result_text(r, t, row, col));
        json_end(w, '}');
    }
    json_end(w, ']');
    json_end(w, '}');
}

/* The document, in the C locale. */
static void put_summary(FILE *f, const collide_result *r)
{
    char note[256];
    meta_run m;
    json_writer w;
    collide_result_describe(r, &m, note, sizeof note);
    json_init(&w, f);
    json_object(&w, NULL);
    meta_put_program(&w, &m, SUMMARY_FORMAT);
    meta_put_scenario(&w, m.s);
    meta_put_options(&w, &m);
    put_table(&w, r, COLLIDE_TABLE_COLLISIONS, "collisions");
    put_table(&w, r, COLLIDE_TABLE_FINAL_CONTACT, "final_contact");
    put_table(&w, r, COLLIDE_TABLE_LEDGER, "ledger");
    meta_put_outcome(&w, &m);
    json_string(&w, "diagnosis", collide_result_diagnosis(r));
    meta_put_check(&w, &m);
    json_end(&w, '}');
}

collide_status collide_result_json(const collide_result *r, FILE *f, char *err,
                                   size_t errlen)
{
    locale_t prev;
    if (!r || !f) {
        collide_api_say(err, errlen, "collide_result_json: %s is NULL",
                        r ? "f" : "r");
        return COLLIDE_E_USAGE;
    }
    prev = clocale_enter();
    put_summary(f, r);
    clocale_leave(prev);
    if (fflush(f) != 0 || ferror(f)) {
        collide_api_say(err, errlen, "collide_result_json: writing the "
                        "summary failed");
        return COLLIDE_E_IO;
    }
    return COLLIDE_OK;
}
