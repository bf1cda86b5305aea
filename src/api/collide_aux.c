/* collide_aux.c - the auxiliary interface of include/collide_aux.h over
 * the layers: the number reader (src/io/number.c), text files read
 * (src/io/scenario.c) and written atomically (src/io/output.c), the
 * session of a program's writes (output.h's, owned by the caller), and
 * the FNV-1a hash. */
#define _POSIX_C_SOURCE 200809L

#include "collide_int.h"

#include <gmp.h>
#include <math.h>
#include <mpfr.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide_aux.h"
#include "fingerprint.h"
#include "number.h"
#include "output.h"
#include "scenario.h"

/* The line of collide_aux_arithmetic_version, written once (pthread_once)
 * before any caller reads it, so that threads that ask at once do not
 * race on it. */
static char version_text[96];
static pthread_once_t version_once = PTHREAD_ONCE_INIT;

static void make_version_text(void)
{
    snprintf(version_text, sizeof version_text, "MPFR %s, GMP %s",
             mpfr_get_version(), gmp_version);
}

const char *collide_aux_arithmetic_version(void)
{
    pthread_once(&version_once, make_version_text);
    return version_text;
}

collide_status collide_aux_make_dirs(const char *dir, char *err, size_t errlen)
{
    char msg[1024];
    collide_status st;
    if (!dir) {
        collide_api_say(err, errlen, "collide_aux_make_dirs: dir is NULL: a "
                        "directory path is needed");
        return COLLIDE_E_USAGE;
    }
    st = output_make_dirs(dir, msg, sizeof msg);
    if (st != COLLIDE_OK)
        collide_api_say(err, errlen, "%s", msg);
    return st;
}

/* The session of the interface: output.h's, which it owns. */
struct collide_aux_session {
    output_session *out;
};

collide_status collide_aux_session_make(collide_aux_session **out)
{
    collide_aux_session *s;
    if (!out)
        return COLLIDE_E_USAGE;
    *out = NULL;
    s = malloc(sizeof *s);
    if (!s)
        return COLLIDE_E_MEMORY;
    s->out = output_session_new();
    if (!s->out) {
        free(s);
        return COLLIDE_E_MEMORY;
    }
    *out = s;
    return COLLIDE_OK;
}

void collide_aux_session_free(collide_aux_session *s)
{
    if (!s)
        return;
    output_session_free(s->out);
    free(s);
}

void collide_aux_session_note_input(collide_aux_session *s, const char *path)
{
    if (s)
        output_session_note_input(s->out, path);
}

void collide_aux_session_set_command_line(collide_aux_session *s, int argc,
                                          char *const *argv)
{
    if (s)
        output_session_note_command(s->out, argc, argv);
}

void collide_aux_session_remove_temporaries(collide_aux_session *s)
{
    if (s)
        output_session_remove_temporaries(s->out);
}

collide_status collide_aux_session_write_result(collide_aux_session *s,
                                                const collide_result *r,
                                                const char *dir, char *err,
                                                size_t errlen)
{
    return collide_api_result_write(s ? s->out : NULL, r, dir,
                                    "collide_aux_session_write_result", err,
                                    errlen);
}

collide_status collide_aux_session_write_file(collide_aux_session *s,
                                              const char *path,
                                              int (*write)(FILE *f,
                                                           const void *ctx),
                                              const void *ctx, char *err,
                                              size_t errlen)
{
    char dir[4096], msg[1024];
    const char *slash = path ? strrchr(path, '/') : NULL;
    output_file file;
    collide_status st;
    if (!path || !write) {
        collide_api_say(err, errlen, "collide_aux_session_write_file: %s is "
                        "NULL",
                        path ? "write" : "path");
        return COLLIDE_E_USAGE;
    }
    if (slash)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    else
        snprintf(dir, sizeof dir, ".");
    file.name = slash ? slash + 1 : path;
    file.write = write;
    st = output_write_file(s ? s->out : NULL, slash == path ? "/" : dir,
                           &file, ctx, msg, sizeof msg);
    if (st != COLLIDE_OK)
        collide_api_say(err, errlen, "%s", msg);
    return st;
}

collide_status collide_aux_session_compare_with(
    collide_aux_session *s, const char *a, const char *b,
    const collide_compare_options *o, FILE *out,
    collide_compare_verdict *verdict, char *err, size_t errlen)
{
    return collide_api_compare_with(s ? s->out : NULL, a, b, o, out, verdict,
                                    "collide_aux_session_compare_with", err,
                                    errlen);
}


/* ---- numbers ---- */

static int number_read_in_c(const char *field, const char *text,
                            const collide_aux_range *r, double *v, char *err,
                            size_t errlen)
{
    static const collide_aux_range finite = {"x", -HUGE_VAL, HUGE_VAL, 0, 0, 0};
    char range[160], msg[512];
    number_status st;
    if (!field || !text || !v) {
        collide_api_say(err, errlen, "collide_aux_number_read: %s is NULL",
                        !field ? "field" : !text ? "text" : "v");
        return COLLIDE_E_USAGE;
    }
    if (!r)
        r = &finite;
    st = number_read(text, r, v);
    if (st == NUMBER_OK)
        return COLLIDE_OK;
    number_range_text(r, range, sizeof range);
    number_message(field, text, st, range, msg, sizeof msg);
    collide_api_say(err, errlen, "%s", msg);
    return COLLIDE_E_INPUT;
}

/* Runs number_read_in_c in the C locale (clocale.h), then makes the
 * caller's locale current again. */
collide_status collide_aux_number_read(const char *field, const char *text,
                                       const collide_aux_range *r, double *v, char *err,
                                       size_t errlen)
{
    locale_t prev = clocale_enter();
    int st = number_read_in_c(field, text, r, v, err, errlen);
    clocale_leave(prev);
    return st;
}

collide_status collide_aux_read_text_file(const char *path, size_t max, const char *hint,
                                          char **text, char *err, size_t errlen)
{
    char msg[1024];
    collide_status st;
    if (!path || !text) {
        if (text)
            *text = NULL;
        collide_api_say(err, errlen, "collide_aux_read_text_file: %s is NULL",
                        path ? "text" : "path");
        return COLLIDE_E_USAGE;
    }
    *text = NULL;
    st = scenario_read_text(path, max, hint, text, msg, sizeof msg);
    if (st != COLLIDE_OK)
        collide_api_say(err, errlen, "%s", msg);
    return st;
}

uint64_t collide_aux_fnv1a64(uint64_t h, const void *data, size_t n)
{
    return data ? fnv1a64(h, data, n) : h;
}
