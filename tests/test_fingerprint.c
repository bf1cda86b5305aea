/* test_fingerprint.c - FNV-1a 64 against the test vectors of its
 * reference, and the canonical text of a scenario: the same for the same
 * scenario written in another order or under another name, different when
 * a value, the law or a default changes. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "fingerprint.h"
#include "scenario.h"
#include "builtin.h"

/* The canonical text of the scenario text (source name src) into buf. */
static int canonical_of(const char *text, const char *src, char *buf,
                        size_t len)
{
    static scenario s;
    char err[1024];
    if (scenario_parse(text, src, &s, err, sizeof err) != COLLIDE_OK) {
        printf("parse: %s\n", err);
        return 0;
    }
    return scenario_canonical(&s, buf, len) > 0;
}

static void test_vectors(void)
{
    check_true(fnv1a64(COLLIDE_FNV1A64_BASIS, "", 0) == UINT64_C(0xcbf29ce484222325),
               "fnv1a64 of no bytes is the offset basis");
    check_true(fnv1a64_text(COLLIDE_FNV1A64_BASIS, "a") == UINT64_C(0xaf63dc4c8601ec8c),
               "fnv1a64(\"a\") = af63dc4c8601ec8c");
    check_true(fnv1a64_text(COLLIDE_FNV1A64_BASIS, "foobar") ==
               UINT64_C(0x85944171f73967e8),
               "fnv1a64(\"foobar\") = 85944171f73967e8");
    check_true(fnv1a64_text(fnv1a64_text(COLLIDE_FNV1A64_BASIS, "foo"), "bar") ==
               fnv1a64_text(COLLIDE_FNV1A64_BASIS, "foobar"),
               "fnv1a64 continued over two pieces equals the hash of both");
}

static void test_canonical(void)
{
    static char a[SCENARIO_CANONICAL_MAX], b[SCENARIO_CANONICAL_MAX];
    const char *hertz = scenario_builtin_text("hertz");
    static char text[COLLIDE_SCENARIO_FILE_MAX];
    const char *k;
    check_true(canonical_of(hertz, "builtin:hertz", a, sizeof a) &&
               canonical_of(hertz, "other.scn", b, sizeof b) &&
               strcmp(a, b) == 0, "canonical text: the source name does not "
               "enter it");
    check_true(strstr(a, "k = 1e9\n") != NULL && strstr(a, "# law shccl\n") &&
               strstr(a, "# run max_steps = 10000000\n"),
               "canonical text: entries, the law and the run settings");
    /* the lines in another order, with a comment */
    snprintf(text, sizeof text, "# reordered\nv0 = -1\n%s", hertz);
    k = strstr(text + 20, "v0 = -1\n");
    if (k)
        memcpy((char *)k, "#      \n", 8);
    check_true(canonical_of(text, "x.scn", b, sizeof b) && strcmp(a, b) == 0,
               "canonical text: the order of lines and comments do not "
               "enter it");
    snprintf(text, sizeof text, "%s", hertz);
    k = strstr(text, "k = 1e9");
    if (k)
        memcpy((char *)k, "k = 2e9", 7);
    check_true(canonical_of(text, "builtin:hertz", b, sizeof b) &&
               strcmp(a, b) != 0, "canonical text: another k differs");
    check_true(canonical_of(scenario_builtin_text("example-v2"),
                            "builtin:hertz", b, sizeof b) && strcmp(a, b) != 0,
               "canonical text: another scenario (example-v2) differs");
    check_true(canonical_of("system = Hr\nlaw = shccl\nk = 1e9\np = 1.5\n"
                            "c = 0\nm = 1\n"
                            "x0 = 0.01\nv0 = -1\ninput = gravity\nT = 0.1\n",
                            "d.scn", b, sizeof b) &&
               strstr(b, "\ng = 9.81 # default\n") != NULL &&
               strstr(b, "# run rtol = ") != NULL,
               "canonical text: a default filled in is marked, the default "
               "tolerances are written");
    {
        static scenario s;
        char err[1024];
        check_true(scenario_parse(hertz, "h", &s, err, sizeof err) ==
                   COLLIDE_OK && scenario_canonical(&s, a, 40) == 0,
                   "canonical text: a buffer too small gives 0, not a cut "
                   "text");
    }
}

int main(void)
{
    test_vectors();
    test_canonical();
    return check_summary("test_fingerprint");
}
