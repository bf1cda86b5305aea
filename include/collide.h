/* collide.h - the public interface of collide: repeated binary direct
 * collinear impacts under incremental contact laws with permanent
 * indentation, as the hybrid systems H_r and H_f of M. Milehins and
 * D. B. Marghitu (Sections IV to VI; equation numbers are the paper's).
 *
 * The one header a program needs:
 *
 *     collide_scenario *s;
 *     collide_result *r;
 *     char err[1024];
 *     if (collide_scenario_load("study1", &s, err, sizeof err) != COLLIDE_OK)
 *         ... err says what and where ...
 *     collide_run(s, NULL, &r, err, sizeof err);   (NULL: binary64)
 *     ... collide_result_rows(r, COLLIDE_TABLE_COLLISIONS),
 *         collide_result_value(r, COLLIDE_TABLE_COLLISIONS, i, col) ...
 *     collide_result_write(r, "out", err, sizeof err);
 *     collide_result_free(r);
 *     collide_scenario_free(s);
 *
 * Link with `pkg-config --cflags --libs collide`. Every name this header
 * defines starts with collide_ or COLLIDE_; the library exports no other.
 *
 * Errors: a function that can fail returns a status (collide_status) and,
 * when err is not NULL, writes into err (at most errlen bytes, NUL
 * included) one line that names what was wrong: the file and line, the
 * key or option, its value, and the allowed range; err NULL or errlen 0:
 * no message, the same status. No function prints, but collide_compare
 * its report on the stream it is given.
 *
 * NULL: each function says, in a sentence "NULL ARG: ...", what a NULL
 * pointer argument does: a function that returns a status returns
 * COLLIDE_E_USAGE, one that returns a value returns a neutral one (0,
 * -1, NaN or NULL), a _free or _init function does nothing; or NULL is
 * an allowed value (e.g. the default options). Never a crash.
 *
 * Memory: an object returned through an `out` pointer belongs to the
 * caller, who frees it with the matching _free function (NULL is allowed
 * there). Strings returned as `const char *` belong to the object they
 * come from and live as long as it does.
 *
 * Locale: numbers are read and written in the C locale (decimal point
 * '.') whatever locale the host program set, with setlocale or
 * uselocale: scenario texts, CSV cells, result sets, reports and the
 * numbers in messages are the same under de_DE as under C. A function
 * that reads or writes numbers switches the calling thread to the C
 * locale (uselocale) on entry and back to the caller's on return; the
 * watch callback of collide_run runs inside it, and so in the C locale.
 *
 * Threads: scenarios and runs on distinct objects may be used from
 * distinct threads at once (collide sweep runs its points so); one object
 * must not be used from two threads at once. Results may be written
 * (collide_result_write, collide_compare's scd file) from distinct
 * threads at once, into distinct directories: each write keeps its own
 * temporaries and its MANIFEST's notes. The library keeps no state of
 * the process: what a program notes once for all its writes (the
 * command line its MANIFESTs record, the inputs never overwritten) and
 * the list of the writes under way, whose temporaries a signal handler
 * removes, are in a session the program makes, owns and gives to its
 * writes (collide_aux_session_make, collide_aux_session_write_result); a
 * set written with collide_result_write names no command line and no
 * input. The auxiliary interface of a program around the library (files,
 * numbers of a command line, the session) is collide_aux.h. */
#ifndef COLLIDE_H
#define COLLIDE_H

#include <stddef.h>
/* The proved core reads this header too, for collide_status and the
 * version: the prover sees those and nothing after them (below "numbers"),
 * so that the interface can grow without changing a goal; and Frama-C's
 * stdio.h would add its global streams to the memory model of every
 * goal. */
#ifndef __FRAMAC__
#include <stdint.h>  /* uint64_t, for fingerprints */
#include <stdio.h>   /* FILE, for collide_compare */
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define COLLIDE_API __attribute__((visibility("default")))
#else
#define COLLIDE_API
#endif

/* The version of collide: major.minor.patch. */
#define COLLIDE_VERSION "0.1.0"
#define COLLIDE_VERSION_MAJOR 0
#define COLLIDE_VERSION_MINOR 1
#define COLLIDE_VERSION_PATCH 0

/* The number of the binary interface: the soname of the shared library
 * is libcollide.so.COLLIDE_SOVERSION (its file libcollide.so.SOVERSION.
 * MINOR.PATCH). It grows by one with every change that breaks a program
 * compiled against an earlier header (doc/api-changes.md); 1: the
 * auxiliary header, collide_status returned throughout, the comparison's
 * verdict, the options' struct_size, the engine field and the watcher's
 * answer; 2: the options' _init take the caller's size (an init that
 * wrote the library's size overran the struct of a program compiled
 * against a shorter version) and the run options' cancel; 3: the session
 * of a program's writes (collide_aux.h), in place of the process state
 * the library kept (the inputs, the command line, the writes in
 * progress). */
#define COLLIDE_SOVERSION 3

/* The version of the library linked at run time (COLLIDE_VERSION of the
 * header it was built with). */
COLLIDE_API const char *collide_version(void);

/* ---- statuses ---------------------------------------------------------- */

/* The status of a call or of a run; the command-line program exits with
 * it. A run that fails always says why in its diagnosis. */
typedef enum collide_status {
    COLLIDE_OK = 0,
    COLLIDE_E_USAGE = 2,      /* bad command line, or a bad argument of a call */
    COLLIDE_E_INPUT = 3,      /* bad scenario or parameter */
    COLLIDE_E_IO = 4,         /* file could not be written */
    COLLIDE_E_NONFINITE = 5,  /* NaN or infinity in the state */
    COLLIDE_E_STEP = 6,       /* step size under its floor */
    COLLIDE_E_EVENT = 7,      /* an event could not be located */
    COLLIDE_E_ZENO = 8,       /* chattering / Zeno: too many events */
    COLLIDE_E_MEMORY = 9,     /* out of memory */
    COLLIDE_E_INTERRUPT = 10, /* interrupted by a signal */
    COLLIDE_E_CHECK = 11,     /* checked run: fewer correct digits than asked */
    COLLIDE_E_LEDGER = 12,    /* the energy ledger of Eq. (24) fails its check:
                                 residual beyond the bound of the tolerances,
                                 not finite, or Delta_C < 0 */
    COLLIDE_E_PROGRESS = 13,  /* no progress: the work per unit of simulated
                                 time exceeded its bound */
    COLLIDE_E_DOMAIN = 14     /* the run left the domain of the proofs
                                 (spec/law_domain.acsl, spec/bounded.acsl) */
} collide_status;

/* What status means, in one sentence ("success", "out of memory", ...):
 * the table that `collide --help` prints; "unknown status" for a value
 * not listed above. */
COLLIDE_API const char *collide_status_text(int status);

/* The undecided near-touches of a run whose times are kept: the first
 * (the engine's records, records.h, are proved with it). */
#define COLLIDE_UNDECIDED_TIMES 16

#ifndef __FRAMAC__   /* the rest is the interface, not the proof's */

/* ---- scenarios --------------------------------------------------------- */

/* The limits of the scenario format (README.md "Scenario files"). */
#define COLLIDE_SCENARIO_KEY_MAX 32      /* longest key + 1 */
#define COLLIDE_SCENARIO_TEXT_MAX 128    /* longest value text + 1 */
#define COLLIDE_SCENARIO_SOURCE_MAX 256  /* longest source name + 1 */
#define COLLIDE_SCENARIO_FILE_MAX 65536  /* largest scenario file, bytes */
#define COLLIDE_SCENARIO_ENTRIES_MAX 64  /* most entries of one scenario */

/* A scenario: the decimal text of a study (a built-in or a file of
 * `key = value` lines, README.md "Scenario files"), validated, with the
 * quantities the paper derives from it (Eqs. 41, 48-49, 187-192). */
typedef struct collide_scenario collide_scenario;

/* The names of the built-in scenarios (the examples and the studies of
 * Section VI), NULL-terminated; static storage. */
COLLIDE_API const char *const *collide_builtin_names(void);

/* A one-line description of the built-in scenario `name`, or NULL when
 * there is none of that name; static storage.
 * NULL name: returns NULL.
 */
COLLIDE_API const char *collide_builtin_description(const char *name);

/* The scenario text of the built-in `name` (as `collide show` would read
 * it), or NULL when there is none of that name; static storage.
 * NULL name: returns NULL.
 */
COLLIDE_API const char *collide_builtin_text(const char *name);

/* Loads the built-in scenario `name_or_path`, or else the scenario file of
 * that path. COLLIDE_OK and *out set; or COLLIDE_E_INPUT (unreadable or
 * invalid: err names the file, the line, the key, the value and the
 * allowed range) or COLLIDE_E_MEMORY, and *out = NULL.
 * NULL name_or_path or out: returns COLLIDE_E_USAGE; NULL err: no
 * message.
 */
COLLIDE_API collide_status collide_scenario_load(const char *name_or_path,
                                                 collide_scenario **out, char *err,
                                                 size_t errlen);

/* As collide_scenario_load, from the text of a scenario file; source names
 * it in messages (e.g. a file name).
 * NULL text or out: returns COLLIDE_E_USAGE; NULL source: named
 * "(text)"; NULL err: no message.
 */
COLLIDE_API collide_status collide_scenario_parse(const char *text, const char *source,
                                                  collide_scenario **out, char *err,
                                                  size_t errlen);

/* As collide_scenario_load(name_or_path) when text is NULL, or as
 * collide_scenario_parse(text, name_or_path) otherwise, as if the text set
 * outside_proved_domain = 1: values outside the domain of the proofs are
 * accepted and the run goes on outside it (collide_result_left_domain
 * says where); the command line's --outside-proved-domain.
 * NULL name_or_path or out: returns COLLIDE_E_USAGE; NULL text: loads
 * name_or_path; NULL err: no message.
 */
COLLIDE_API collide_status collide_scenario_load_outside(const char *name_or_path,
                                                         const char *text,
                                                         collide_scenario **out,
                                                         char *err, size_t errlen);

/* Replaces the entry `key` of s by the decimal text value, or adds it,
 * checked exactly as a scenario file's line is (one reader): a run
 * setting (rtol, atol, h_max, t_tol, graze_tol, zeno_events,
 * zeno_window, samples, max_steps) against its range; any other key (a
 * law parameter such as k, a mass m, m1, m2, a material E1 ... R2, the
 * initial state x0, v0, xm0, vm0, a force, T, ...) by reading the whole
 * scenario again with the new value: its range, the entries it conflicts
 * with, the quantities derived from it (Eqs. 41, 48-49, 187-192) and the
 * domain of the proofs (unless s admits values outside it). So a sweep
 * or a program sets its points on one scenario with no scenario text per
 * point; s then runs, byte for byte, as the scenario whose text holds
 * that value would (the entry takes the line of the one it replaces; a
 * key the text did not give counts as a line after its last; a run
 * setting counts as set outside the text, as the command line's).
 * COLLIDE_OK, or COLLIDE_E_INPUT (err names the key, the value and the
 * allowed range, e.g. "rtol = 2 is outside the allowed range: rtol in
 * [1e-15, 1)" or "builtin:study1: k = -1 is outside the allowed range:
 * k in (0, inf)", for the caller to put in its context) or
 * COLLIDE_E_MEMORY, and s unchanged.
 * NULL s, key or value: returns COLLIDE_E_USAGE; NULL err: no message.
 */
COLLIDE_API collide_status collide_scenario_set(collide_scenario *s, const char *key,
                                                const char *value, char *err,
                                                size_t errlen);

/* collide_scenario_set of the n entries keys[i] = values[i] (1 <= n
 * <= COLLIDE_SCENARIO_ENTRIES_MAX, each key once) at once: the values of the
 * keys that are not run settings are checked together by one reading of
 * the whole scenario, as one text giving them all would be (so a point
 * of a sweep with several axes is refused or accepted as a whole, with
 * no scenario in between whose values belong to two points), then the
 * run settings in the order given. The keys s did not give take the
 * lines after its text's last, in the order given. COLLIDE_OK, or
 * COLLIDE_E_INPUT (err names the key, the value and the allowed range;
 * "KEY is set twice") or COLLIDE_E_MEMORY, and s unchanged.
 * NULL s, keys or values (or one of their n strings), or n outside 1 ..
 * COLLIDE_SCENARIO_ENTRIES_MAX: returns COLLIDE_E_USAGE; NULL err: no message.
 */
COLLIDE_API collide_status collide_scenario_set_many(collide_scenario *s, int n,
                                                     const char *const *keys,
                                                     const char *const *values,
                                                     char *err, size_t errlen);

/* collide_scenario_set with the decimal text of value: an integer's
 * digits when value is an integer below 2^53 in magnitude, else the
 * shortest decimal text that reads back to value (so 0.1 is "0.1");
 * NaN is refused as a text "nan" would be.
 * NULL s or key: returns COLLIDE_E_USAGE; NULL err: no message.
 */
COLLIDE_API collide_status collide_scenario_set_value(collide_scenario *s,
                                                      const char *key,
                                                      double value, char *err,
                                                      size_t errlen);

/* A copy of s into *out (the caller frees it with collide_scenario_free),
 * to be changed with collide_scenario_set while s stays as it is (e.g.
 * one copy per point of a sweep). COLLIDE_OK, or COLLIDE_E_MEMORY and
 * *out NULL.
 * NULL s or out: returns COLLIDE_E_USAGE (*out NULL when out is not);
 * NULL err: no message.
 */
COLLIDE_API collide_status collide_scenario_copy(const collide_scenario *s,
                                                 collide_scenario **out,
                                                 char *err, size_t errlen);

/* The decimal text of the entry `key` of s as written in its text, or
 * NULL when s has no such entry.
 * NULL s or key: returns NULL.
 */
COLLIDE_API const char *collide_scenario_text(const collide_scenario *s,
                                              const char *key);

/* The value of the entry `key` of s, its decimal text correctly rounded
 * to binary64; NaN when s has no such entry or it is not a number (e.g.
 * law = bwmcl).
 * NULL s or key: returns NaN.
 */
COLLIDE_API double collide_scenario_value(const collide_scenario *s,
                                          const char *key);

/* Entry i (0 <= i < the number of entries) of s, in the order of its
 * text then of the defaults filled in: *key, its decimal *text, and the
 * *line of the text that gave it (0: a default). Returns 1, or 0 when s
 * has no entry i. The strings live as long as s.
 * NULL s: returns 0; NULL key, text or line: that one is not written.
 */
COLLIDE_API int collide_scenario_entry(const collide_scenario *s, int i,
                                       const char **key, const char **text,
                                       int *line);

/* The value of the run setting `key` of s (rtol, atol, h_max, t_tol,
 * graze_tol, zeno_events, zeno_window, samples, max_steps) or of T, the
 * default where s does not give it; NaN for another key.
 * NULL s or key: returns NaN.
 */
COLLIDE_API double collide_scenario_setting(const collide_scenario *s,
                                            const char *key);

/* A quantity the paper derives from a scenario (Eqs. 41, 48-49,
 * 187-192), for display. */
typedef struct collide_quantity {
    const char *name;     /* e.g. "E*" */
    const char *equation; /* e.g. "Eq. (187)" */
    const char *unit;     /* e.g. "Pa" */
    double value;
} collide_quantity;

/* Writes up to max of the derived quantities that apply to s into q (in
 * the order of the paper); returns their number. Their strings are
 * static.
 * NULL s or q: returns 0.
 */
COLLIDE_API int collide_scenario_quantities(const collide_scenario *s,
                                            collide_quantity *q, int max);

/* The contact law of s: its name (as in the scenario, e.g. "bwmcl"), its
 * title and the equations that define it ("Eqs. (70)-(72)"); static
 * strings. which: 0 the name, 1 the title, 2 the equations; NULL
 * otherwise.
 * NULL s: returns NULL.
 */
COLLIDE_API const char *collide_scenario_law(const collide_scenario *s,
                                             int which);

/* The fingerprint of what determines a run of s, into *fp: the 64-bit
 * FNV-1a hash (Fowler, Noll, Vo; from COLLIDE_FNV1A64_BASIS, for each
 * byte h = (h XOR byte) * 1099511628211 mod 2^64) of its canonical text (the law, every
 * entry sorted by key with the defaults marked, the run settings as
 * used), so that two scenarios that run alike have the same one, whatever
 * their source, comments and order of lines. A result set's MANIFEST
 * names it (`scenario = fnv1a64:...`). COLLIDE_OK, COLLIDE_E_USAGE or
 * COLLIDE_E_MEMORY.
 * NULL s or fp: returns COLLIDE_E_USAGE.
 */
COLLIDE_API collide_status collide_scenario_fingerprint(const collide_scenario *s,
                                                        uint64_t *fp);

/* The offset basis of the 64-bit FNV-1a hash (collide_aux_fnv1a64). */
#define COLLIDE_FNV1A64_BASIS UINT64_C(0xcbf29ce484222325)

/* The source of s: the file path, or "builtin:NAME".
 * NULL s: returns NULL.
 */
COLLIDE_API const char *collide_scenario_source(const collide_scenario *s);

/* Frees s.
 * NULL s: does nothing.
 */
COLLIDE_API void collide_scenario_free(collide_scenario *s);

/* ---- the hybrid system, evaluated -------------------------------------- */

/* The hybrid system of a scenario in binary64: H_r (Eqs. 80-84) or H_f
 * (Eqs. 73-79) with its contact law (Eq. 59), masses and applied forces,
 * evaluated by the same functions that the binary64 engine integrates
 * (the proved ones of the flow map, the sets, the reset and the storage).
 * For checking another implementation's right-hand side, sets, reset and
 * energy against the reference, and for integrating the flow between two
 * of its rows (`collide audit` is written over these calls alone). A
 * model is a copy: its parameters can be changed (a fit) without
 * touching the scenario. The state chi is that of Eq. (80) or (73)
 * without the mode q_c, which is passed apart (0 apart, 1 in contact). */
typedef struct collide_model collide_model;

/* The largest dimension of chi: H_f with two internal states. */
#define COLLIDE_CHI_MAX 7

/* The system of a model. */
typedef enum collide_system {
    COLLIDE_SYSTEM_HR = 0,  /* reduced: body 2 fixed, Eqs. (80)-(84) */
    COLLIDE_SYSTEM_HF = 1,  /* full: two free bodies, Eqs. (73)-(79) */
    COLLIDE_SYSTEM_NONE = -1 /* no model: collide_model_system(NULL) */
} collide_system;

/* What a component of chi is. */
typedef enum collide_role {
    COLLIDE_ROLE_X = 0,   /* x: the gap between the bodies (Eq. 40) */
    COLLIDE_ROLE_V = 1,   /* v = x' (Eq. 40) */
    COLLIDE_ROLE_XM = 2,  /* x_m: H_f only, the centre of mass (Eq. 50) */
    COLLIDE_ROLE_VM = 3,  /* v_m = x_m' (H_f only) */
    COLLIDE_ROLE_XC = 4,  /* x_c: the indentation of the contact (Eq. 57) */
    COLLIDE_ROLE_Z = 5    /* z_c: the law's internal states (Eq. 59), the
                             last components of chi */
} collide_role;

/* COLLIDE_OK and *out a new model of s (the caller frees it with
 * collide_model_free); or COLLIDE_E_USAGE or COLLIDE_E_MEMORY, and *out
 * NULL (when out is not NULL). collide_model_copy makes a second,
 * independent model of m.
 * NULL s, m or out: returns COLLIDE_E_USAGE; NULL m of
 * collide_model_free: does nothing.
 */
COLLIDE_API collide_status collide_model_make(const collide_scenario *s,
                                              collide_model **out);
COLLIDE_API collide_status collide_model_copy(const collide_model *m,
                                              collide_model **out);
COLLIDE_API void collide_model_free(collide_model *m);

/* The system of m.
 * NULL m: returns COLLIDE_SYSTEM_NONE.
 */
COLLIDE_API collide_system collide_model_system(const collide_model *m);

/* The dimension of chi: 3 + n_z (H_r: x, v, x_c, z_c) or 5 + n_z (H_f:
 * x, v, x_m, v_m, x_c, z_c), n_z in 0 .. 2.
 * NULL m: returns 0.
 */
COLLIDE_API int collide_model_dimension(const collide_model *m);

/* The component of chi of role r: its index (for COLLIDE_ROLE_Z the
 * first internal state), or -1 when the system has none (x_m and v_m in
 * H_r, z_c for a law without internal state).
 * NULL m: returns -1.
 */
COLLIDE_API int collide_model_index(const collide_model *m, collide_role r);

/* The role of component c of chi, or -1 outside 0 .. dimension - 1.
 * NULL m: returns -1.
 */
COLLIDE_API int collide_model_role(const collide_model *m, int c);

/* The name of component c of chi as in a trajectory's columns: "x", "v",
 * "x_m", "v_m", "x_c", "z_c" (n_z = 1) or "z_c1", "z_c2" (n_z = 2); NULL
 * outside 0 .. dimension - 1. Static storage.
 * NULL m: returns NULL.
 */
COLLIDE_API const char *collide_model_component_name(const collide_model *m,
                                                     int c);

/* The parameters of the model that a fit may vary: 0 is the mass m of
 * Eq. (41) (in H_f the effective mass alone, m_1 and m_2 unchanged),
 * then the law's, in the order of its scenario keys (collide_scenario_law
 * names the law). Their number; the name of parameter i ("m", "k",
 * "alpha", ...; NULL outside), its value (NaN outside).
 * NULL m: returns 0, NULL and NaN.
 */
COLLIDE_API int collide_model_parameters(const collide_model *m);
COLLIDE_API const char *collide_model_parameter_name(const collide_model *m,
                                                     int i);
COLLIDE_API double collide_model_parameter(const collide_model *m, int i);

/* Sets parameter i of m to value when the model admits it: m finite and
 * > 0, and the law's parameters, with this one changed, admissible and in
 * the domain of the proofs (spec/law_domain.acsl; m in [1e-100, 1e100]),
 * a model made from a scenario with outside_proved_domain = 1 excepted
 * when it lies outside already. COLLIDE_OK; or COLLIDE_E_INPUT with
 * err naming the parameter, the value and the allowed range, and m
 * unchanged; COLLIDE_E_USAGE for an i outside.
 * NULL m: returns COLLIDE_E_USAGE; NULL err: no message.
 */
COLLIDE_API collide_status collide_model_set_parameter(collide_model *m, int i,
                                                       double value, char *err,
                                                       size_t errlen);

/* The scenario's applied forces F_e,1, F_e,2 at time t (Section IV-A;
 * Eqs. 205-209), and the reduced force F_e,r of any pair (Eq. 46; H_r:
 * F_e,1; H_f under gravity 0 exactly).
 * NULL m: *fe1 and *fe2 NaN, and NaN returned; NULL fe1 or fe2: that
 * force is not written.
 */
COLLIDE_API void collide_model_forces(const collide_model *m, double t,
                                      double *fe1, double *fe2);
COLLIDE_API double collide_model_reduced_force(const collide_model *m,
                                               double fe1, double fe2);

/* The next time strictly after t at which the applied forces are not
 * smooth (T_e and T_s of Eqs. 205-209), or +inf: no step of an
 * integration of high order should cross it.
 * NULL m: returns NaN.
 */
COLLIDE_API double collide_model_next_breakpoint(const collide_model *m,
                                                 double t);

/* Whether chi lies in the domain that the proofs of the functions below
 * assume of their input (spec/law_domain.acsl, spec/bounded.acsl). This
 * check is a run-time test, not itself proved: src/system/domain.c
 * restates the constants of those spec files, and tests/test_domain.c
 * compares the two texts so that they cannot drift (proofs/README.md,
 * "The assumptions at the boundary"). Passing it proves nothing about
 * chi; it only keeps the proved functions within their preconditions:
 * every component finite and at most 1e100 in magnitude, x_c and z_c in
 * [-1, 1], v_c in [-1024, 1024] m/s. COLLIDE_OK; or COLLIDE_E_NONFINITE
 * (a component NaN or infinite: not a state, Lemma V.14) or
 * COLLIDE_E_DOMAIN, with one line in err naming the component, its value
 * and the allowed range ("v_c = 5000 is outside the proof domain: v_c in
 * [-1024, 1024] (spec/law_domain.acsl, domain_speed)"). A model made from
 * a scenario with outside_proved_domain = 1 admits every finite state.
 * The functions below that take a state refuse one not admitted (a
 * status, NaN or -1, as each says); this call says why.
 * NULL m or chi: returns COLLIDE_E_USAGE; NULL err: no message.
 */
COLLIDE_API collide_status collide_model_check_state(const collide_model *m,
                                                     const double *chi,
                                                     char *err,
                                                     size_t errlen);

/* The initial state chi(0) of a run (Eqs. 79, 84): x_0, v_0, for H_f
 * x_m,0 and v_m,0, and x_c, z_c 0; its mode is 0.
 * NULL m or chi: writes nothing.
 */
COLLIDE_API void collide_model_initial_state(const collide_model *m,
                                             double *chi);

/* The flow map of chi in mode q (0 apart, 1 in contact) at time t, with
 * the scenario's applied forces at t: Eq. (81) for H_r, Eq. (74) for H_f,
 * into dchi[0 .. dimension - 1]. COLLIDE_OK; COLLIDE_E_USAGE for a q
 * other than 0 or 1; COLLIDE_E_NONFINITE or COLLIDE_E_DOMAIN for a chi
 * that collide_model_check_state does not admit (it says why); dchi
 * untouched but on COLLIDE_OK.
 * NULL m, chi or dchi: returns COLLIDE_E_USAGE.
 */
COLLIDE_API collide_status collide_model_flow(const collide_model *m, int q, double t,
                                              const double *chi, double *dchi);

/* The contact law at chi: the force Phi(x_c, z_c, v) (Eq. 59; the
 * contact force is F_c = -q_c Phi, Eq. 64) and the dissipation rate
 * d_c(x_c, z_c, v) >= 0 of Definition V.1 (the rate of Delta_C in
 * contact, Eq. 22). NaN for a chi that collide_model_check_state does
 * not admit.
 * NULL m or chi: returns NaN.
 */
COLLIDE_API double collide_model_phi(const collide_model *m,
                                     const double *chi);
COLLIDE_API double collide_model_dissipation_rate(const collide_model *m,
                                                  const double *chi);

/* The storage function V at chi (Eq. 91 for H_r, Eq. 94 for H_f), and
 * the supply rate <u, y> at chi for the applied forces (fe1, fe2) (Eq. 83
 * for H_r, Eqs. 76, 96 for H_f): the terms of the energy balance of
 * Eq. (24), V(T) - V(0) + Delta_C + Delta_D = I_s. NaN for a chi that
 * collide_model_check_state does not admit.
 * NULL m or chi: returns NaN.
 */
COLLIDE_API double collide_model_storage(const collide_model *m,
                                         const double *chi);
COLLIDE_API double collide_model_supply(const collide_model *m, double fe1,
                                        double fe2, const double *chi);

/* The flow set C and the jump set D of mode q (Eqs. 77, 78; for H_c
 * Eqs. 65, 66): 1 when (q, x, v, Phi) lies in the set, else 0 (also for
 * a q other than 0 or 1); -1 when x, v or Phi is NaN or infinite: not a
 * state (Lemma V.14 excludes it), in neither set nor outside them. A
 * tolerance is the caller's: loosen the arguments before the call. */
COLLIDE_API int collide_model_in_flow_set(int q, double x, double v, double phi);
COLLIDE_API int collide_model_in_jump_set(int q, double x, double v, double phi);

/* The jump map (Eqs. 75, 82) from chi in mode q: chi_plus with x_c and
 * z_c set to 0 and the rest kept; returns the new mode 1 - q, or -1 for a
 * q other than 0 or 1 or a chi that collide_model_check_state does not
 * admit (chi_plus untouched). chi_plus may be chi.
 * NULL m, chi or chi_plus: returns -1.
 */
COLLIDE_API int collide_model_reset(const collide_model *m, int q,
                                    const double *chi, double *chi_plus);

/* How collide_model_integrate integrates. It can grow as
 * collide_run_options does (struct_size; always begin with
 * collide_flow_options_init). */
typedef struct collide_flow_options {
    size_t struct_size; /* sizeof (collide_flow_options) of the caller:
                         collide_flow_options_init sets it */
    double rtol;      /* relative tolerance of each step, in [1e-15, 1) */
    double atol;      /* absolute tolerance of each step, > 0, finite */
    long max_steps;   /* steps tried at most, accepted or rejected, >= 1 */
    /* Called after each accepted step with its end (t, chi); non-zero
     * stops the integration there (COLLIDE_E_INTERRUPT). NULL: none. */
    int (*on_step)(void *ctx, double t, const double *chi);
    void *ctx;
} collide_flow_options;

/* The defaults into o, whose size the caller gives (sizeof *o, as it was
 * compiled): rtol 1e-12, atol 1e-12, max_steps 200000, no callback,
 * struct_size size. COLLIDE_OK; COLLIDE_E_USAGE, o untouched, when size
 * is not that of a version of collide_flow_options (nothing is written
 * beyond the caller's struct).
 * NULL o: returns COLLIDE_E_USAGE.
 */
COLLIDE_API collide_status collide_flow_options_init(collide_flow_options *o,
                                                     size_t size);

/* What an integration did. */
typedef struct collide_flow_stats {
    long steps;            /* steps tried (accepted and rejected) */
    long rejected;         /* steps rejected by the error test */
    long rhs_evaluations;  /* calls of the flow map */
} collide_flow_stats;

/* Integrates the flow of mode q (collide_model_flow) from (t0, chi0) to
 * t1 > t0 with DOP853, the Dormand-Prince 8(5,3) pair, never stepping
 * over a breakpoint of the applied forces, and writes chi(t1) into chi1
 * (it may be chi0); no event is located: the mode stays q. stats (when
 * not NULL) gets the counters. COLLIDE_OK; COLLIDE_E_USAGE for arguments
 * outside their ranges (err names the field, the value and the range),
 * also for a chi0 with a component not finite (err names it) or whose
 * flow at t0 is not finite (err names the state); COLLIDE_E_DOMAIN for a
 * chi0 outside the proof domain (collide_model_check_state; err names the
 * component, its value and the range);
 * COLLIDE_E_PROGRESS when max_steps ran out, COLLIDE_E_STEP when the step
 * fell under the spacing of the doubles at t, COLLIDE_E_INTERRUPT when
 * on_step stopped it; each with err saying so and the time reached, and
 * chi1 untouched.
 * NULL m, chi0 or chi1: returns COLLIDE_E_USAGE; NULL o: the defaults;
 * NULL stats: no counters; NULL err: no message.
 */
COLLIDE_API collide_status collide_model_integrate(const collide_model *m, int q,
                                                   double t0, const double *chi0,
                                                   double t1, double *chi1,
                                                   const collide_flow_options *o,
                                                   collide_flow_stats *stats, char *err,
                                                   size_t errlen);

/* ---- runs -------------------------------------------------------------- */

/* The working precisions of a run, in bits: binary64's 53 (the binary64
 * engine), and 54 to 16384 for the MPFR engine. */
#define COLLIDE_PRECISION_MIN 53
#define COLLIDE_PRECISION_MAX 16384

/* The engine of a run, chosen by collide_run_options.engine. */
typedef enum collide_engine {
    COLLIDE_ENGINE_BINARY64 = 0, /* DOP853 with event location in binary64,
                                    the scenario's rtol and atol */
    COLLIDE_ENGINE_MPFR = 1      /* a Taylor method in MPFR at the working
                                    precision (README.md "High precision") */
} collide_engine;

/* How to run. It can grow: a later version adds fields at its end only,
 * and struct_size, set by collide_run_options_init(o, sizeof *o) to the
 * size the caller was compiled with, tells collide_run which fields the
 * caller has (those it lacks take their defaults), and init writes no
 * field beyond it. Always begin with collide_run_options_init. */
typedef struct collide_run_options {
    size_t struct_size; /* sizeof (collide_run_options) of the caller:
                           collide_run_options_init(o, sizeof *o) sets
                           it; collide_run refuses a size it does not
                           know */
    collide_engine engine; /* COLLIDE_ENGINE_BINARY64 (default) or
                           COLLIDE_ENGINE_MPFR */
    long precision;   /* bits: 53 for binary64 (the default; no other);
                         54 to 16384 for MPFR */
    double digits;    /* MPFR: the significant digits asked for (1 to
                         precision log10(2) - 8); NaN (default): as many as
                         the precision allows */
    int check;        /* MPFR, 1: measure the significant correct digits of
                         every value against a run at 64 more bits and a
                         10^-19 tighter tolerance (as `collide run
                         --check`); a value with fewer digits than asked
                         (digits, or those written) makes the run
                         COLLIDE_E_CHECK, its tables and digits kept */
    const double *sample_at; /* binary64: further sample times, each in
                         [0, T], in any order (as `collide run --at`), read
                         during collide_run only; NULL (default): none */
    int n_sample_at;  /* their count, 0 (default) to 1000000 */
    int progress;     /* MPFR, 1: a progress line on stderr as the run goes
                         (time, events, steps, time left), for a
                         terminal */
    /* Called, when not NULL, as each engine run starts (the run, then
     * the reference run of a check) with its precision in bits and the
     * address of its count of collisions so far, which stays valid and
     * grows as that run goes, until the next call; and once with bits 0
     * and collisions NULL when collide_run is about to return (its
     * return value then ignored). The count may be read from a signal
     * handler (e.g. to say how far a run got). Returns 0 to go on;
     * non-zero cancels the run about to start: collide_run returns
     * COLLIDE_E_INTERRUPT, the result's diagnosis says that the watcher
     * cancelled it (and, for a check's reference run, that the run itself
     * was done), and the result has no rows (no result set). */
    int (*watch)(void *ctx, long bits, const int *collisions);
    void *watch_ctx;  /* the ctx of watch */
    int partial;      /* 1: a run that fails keeps, as rows of its tables,
                         the collisions that ended before the failure
                         (COLLIDE_TABLE_COLLISIONS) and the events before
                         it (COLLIDE_TABLE_EVENTS), its status saying that
                         it failed; its other tables have no rows, and it
                         has no result set (collide_result_write refuses
                         it). 0 (default): a failed run has no rows */
    unsigned tables;  /* the tables the result keeps, a bit 1u << t per
                         collide_table t (e.g. 1u <<
                         COLLIDE_TABLE_COLLISIONS); a table not kept has no
                         rows, and costs nothing to format. 0 (default):
                         every table. The result set (collide_result_write)
                         is whole either way */
    /* Asked, when not NULL, once per accepted step of a run of either
     * engine (and of a check's reference run), from the thread that
     * called collide_run:
     * non-zero cancels the run under way (the step that reaches T is not
     * followed by a question). collide_run then returns
     * COLLIDE_E_INTERRUPT, the diagnosis says "cancelled by the caller
     * during the run" and the time reached, and the result has no rows
     * (not even with partial) and no result set: collide_result_write
     * refuses it, so nothing is written. To cancel from another thread,
     * let it set a flag that cancel reads (an atomic_int, e.g.
     * atomic_load(ctx)). Added after tables: a caller compiled
     * without it (struct_size up to tables) gets NULL. */
    int (*cancel)(void *ctx);
    void *cancel_ctx; /* the ctx of cancel */
} collide_run_options;

/* The defaults into o, whose size the caller gives (sizeof *o, as it was
 * compiled): engine COLLIDE_ENGINE_BINARY64, precision 53, digits NaN,
 * check 0, sample_at NULL, n_sample_at 0, progress 0, watch and watch_ctx
 * NULL, partial 0, tables 0 (every table), cancel and cancel_ctx NULL (the
 * fields the caller's version has), struct_size size. COLLIDE_OK;
 * COLLIDE_E_USAGE, o untouched, when size is not that of a version of
 * collide_run_options: nothing is ever written beyond the caller's
 * struct, so a program compiled against a shorter version stays safe.
 * NULL o: returns COLLIDE_E_USAGE.
 */
COLLIDE_API collide_status collide_run_options_init(collide_run_options *o,
                                                    size_t size);

/* The result of a run: its status and diagnosis, and the tables of the
 * CSV result set (README.md "CSV output"), the same for both precisions. */
typedef struct collide_result collide_result;

/* Runs s with the options o (NULL: the defaults) over [0, T]. Returns the
 * status of the run. *out is the result whenever the run took place, also
 * when it failed or its watcher cancelled it (its status and diagnosis
 * say why); *out is NULL when the options are not valid (COLLIDE_E_USAGE,
 * err names the field, its value and the allowed range; also a
 * struct_size that is not the size of a version of collide_run_options)
 * or memory ran out (COLLIDE_E_MEMORY).
 * NULL s or out: returns COLLIDE_E_USAGE; NULL o: the defaults; NULL
 * err: no message.
 */
COLLIDE_API collide_status collide_run(const collide_scenario *s,
                                       const collide_run_options *o,
                                       collide_result **out, char *err, size_t errlen);

/* The status of the run (COLLIDE_OK or the reason it failed).
 * NULL r: returns COLLIDE_E_USAGE.
 */
COLLIDE_API collide_status collide_result_status(const collide_result *r);

/* One paragraph saying why the run failed; "" after a success.
 * NULL r: returns NULL.
 */
COLLIDE_API const char *collide_result_diagnosis(const collide_result *r);

/* The working precision of the run in bits (53: the binary64 engine).
 * NULL r: returns 0.
 */
COLLIDE_API long collide_result_precision(const collide_result *r);

/* The tables of a result: the files collisions.csv, events.csv,
 * ledger.csv and samples.csv of its result set, and the contact still
 * open at T. */
typedef enum collide_table {
    COLLIDE_TABLE_COLLISIONS = 0, /* one row per collision: Eqs. (193)-(204) */
    COLLIDE_TABLE_EVENTS = 1,     /* one row per jump of the hybrid
                                     trajectory */
    COLLIDE_TABLE_LEDGER = 2,     /* the energy ledger, Eqs. (20)-(24) */
    COLLIDE_TABLE_SAMPLES = 3,    /* the state at the sample times */
    COLLIDE_TABLE_FINAL_CONTACT = 4 /* the contact still open at T, as a
                                     partial collision: the columns of
                                     COLLIDE_TABLE_COLLISIONS (those after
                                     the contact's end, t_s, t_d, ..., as
                                     the engine leaves them), 0 or 1 row;
                                     not a file of the result set */
} collide_table;

/* Rows of table t (the header not counted), its columns, the name of
 * column col (as in the CSV header), and the column named name (-1 when
 * none). A run that failed has no rows.
 * NULL r: returns 0, 0, NULL and -1; NULL name: returns -1.
 */
COLLIDE_API int collide_result_rows(const collide_result *r, collide_table t);
COLLIDE_API int collide_result_columns(const collide_result *r,
                                       collide_table t);
COLLIDE_API const char *collide_result_column_name(const collide_result *r,
                                                   collide_table t, int col);
COLLIDE_API int collide_result_column(const collide_result *r,
                                      collide_table t, const char *name);

/* The cell (row, col) of table t as written in the CSV file: its decimal
 * text (17 significant digits in binary64, the digits of the precision
 * in high precision), and that text correctly rounded to binary64 (NaN
 * for a text that is not a number, e.g. a transition's name). NULL and
 * NaN outside the table.
 * NULL r: returns NULL and NaN.
 */
COLLIDE_API const char *collide_result_text(const collide_result *r,
                                            collide_table t, int row,
                                            int col);
COLLIDE_API double collide_result_value(const collide_result *r,
                                        collide_table t, int row, int col);

/* The unit of column col of table t, as the result set's meta.json gives
 * it: SI ("s", "m/s", "N s", ...), "1" for a pure number, a count, an
 * index or a flag, "" for a text column; and into *equation (when
 * equation is not NULL) the equation of the paper that defines the
 * column ("Eq. (193)"; "" where none does). Static texts. NULL (and
 * *equation NULL) outside the table.
 * NULL r: returns NULL; NULL equation: only the unit.
 */
COLLIDE_API const char *collide_result_column_unit(const collide_result *r,
                                                   collide_table t, int col,
                                                   const char **equation);

/* The significant correct digits of the cell (row, col) of table t,
 * measured by a checked run (collide_run_options.check): the cell's scd
 * against the run at 64 more bits, as in the .scd.csv tables of `collide
 * run --check`; NaN when the run was not checked or the cell is not a
 * number.
 * NULL r: returns NaN.
 */
COLLIDE_API double collide_result_digits(const collide_result *r,
                                         collide_table t, int row, int col);

/* The report of the check of a checked run (collide_run_options.check),
 * as `collide compare` prints it: a first line naming the precision and
 * tolerance of the reference run, then each column's least and median
 * scd, the columns below the digits asked for, and a summary; "" when the
 * run was not checked or the check did not compare the tables (a failed
 * run, or rows that differ: see the diagnosis).
 * NULL r: returns NULL.
 */
COLLIDE_API const char *collide_result_check_report(const collide_result *r);

/* Counters of a run, NaN where the engine of the run has none (or the
 * run failed). */
typedef enum collide_stat {
    COLLIDE_STAT_STEPS = 0,           /* steps accepted (both engines) */
    COLLIDE_STAT_STEPS_REJECTED = 1,  /* binary64: steps rejected */
    COLLIDE_STAT_RHS_EVALUATIONS = 2, /* binary64: right-hand side calls */
    COLLIDE_STAT_EVENTS = 3,          /* jumps of the trajectory (both) */
    COLLIDE_STAT_SWITCHING_STOPS = 4, /* binary64: stops at a switching
                                         function's zero without a jump */
    COLLIDE_STAT_TAYLOR_ORDER = 5,    /* high precision: the Taylor order */
    COLLIDE_STAT_PIECES = 6,          /* high precision: smooth pieces */
    COLLIDE_STAT_HOLDS = 7,           /* high precision: pieces on which a
                                         saturated state was held */
    COLLIDE_STAT_CPU_SECONDS = 8,     /* CPU time of the run (both) */
    COLLIDE_STAT_DIGITS = 9,          /* high precision: the significant
                                         digits of the values written */
    COLLIDE_STAT_END_TIME = 10,       /* binary64: the time the run ended
                                         (T) */
    COLLIDE_STAT_TAIL_START = 11,     /* binary64: the time of the last
                                         event (0 when none) */
    COLLIDE_STAT_TAIL_SWITCHING_STOPS = 12, /* binary64: switching stops
                                         after the last event */
    COLLIDE_STAT_INITIAL_C_AND_D = 13, /* binary64: 1 when the initial state
                                         is in the flow set C and the jump
                                         set D at once, else 0 */
    COLLIDE_STAT_UNDECIDED_TOUCHES = 14 /* binary64: undecided near-touches,
                                         where a guard came within its error
                                         band of zero and went back: the
                                         tolerances cannot tell a touch, a
                                         collision and a miss apart there
                                         (tighten them; README, "Contacts,
                                         transitions and the rules R1, R2") */
} collide_stat;

/* The counter `which` of r, or NaN (above).
 * NULL r: returns NaN.
 */
COLLIDE_API double collide_result_stat(const collide_result *r,
                                       collide_stat which);

/* The time of undecided near-touch k (k = 0, 1, ..., in order of time) of
 * a binary64 run. NaN when r is NULL, the run failed or was not a
 * binary64 run, or k is not below the smaller of COLLIDE_UNDECIDED_TIMES
 * and COLLIDE_STAT_UNDECIDED_TOUCHES.
 * NULL r: returns NaN.
 */
COLLIDE_API double collide_result_undecided_touch(const collide_result *r,
                                                  long k);

/* Whether a binary64 run of a scenario with outside_proved_domain = 1
 * went outside the domain of the proofs (spec/law_domain.acsl,
 * spec/bounded.acsl; without that key such a run is refused or stops
 * with COLLIDE_E_DOMAIN): 1 with *t the time it first was outside (0:
 * its parameters or initial state were) and note (len bytes) naming the
 * quantity, its value and the domain; 0 when it stayed inside or r is
 * not a binary64 run.
 * NULL r: returns -1; NULL t or note: that one not written.
 */
COLLIDE_API int collide_result_left_domain(const collide_result *r,
                                           double *t, char *note,
                                           size_t len);

/* Writes the result set of r into the directory dir (created when
 * missing): the CSV files and their MANIFEST, as `collide run --csv`
 * does, all or nothing (a failed write leaves dir as it was); a checked
 * run's set also holds the scd table of each table, NAME.scd.csv (as
 * `collide run --check --csv`).
 * COLLIDE_OK, or COLLIDE_E_IO with err naming the file, or
 * COLLIDE_E_USAGE for a run that failed (it has no result set; a checked
 * run with too few digits, COLLIDE_E_CHECK, has one).
 * NULL r or dir: returns COLLIDE_E_USAGE; NULL err: no message.
 */
COLLIDE_API collide_status collide_result_write(const collide_result *r, const char *dir,
                                                char *err, size_t errlen);

/* The summary of the run r as one JSON document (RFC 8259) on f, what
 * `collide run --json` prints (doc/cli-json.md,
 * reference_data/summary.schema.json): the program, the scenario, the
 * options, the collisions, the contact open at T and the energy ledger
 * (each table's rows as objects keyed by column name, the numbers as the
 * CSV files write them, every digit of a high-precision run kept, null
 * for a value that is not a finite number, and each column's unit), the
 * statistics without the CPU time, where the run left the proof domain,
 * the status and diagnosis, and the least checked digits of a checked
 * run. Written by the writer of meta.json, in the C locale; the same run
 * writes the same bytes. Also for a failed run (its tables have the rows
 * the result kept). The tables read are those r keeps
 * (collide_run_options.tables).
 * COLLIDE_OK, or COLLIDE_E_IO when f reports a write error.
 * NULL r or f: returns COLLIDE_E_USAGE; NULL err: no message.
 */
COLLIDE_API collide_status collide_result_json(const collide_result *r, FILE *f,
                                               char *err, size_t errlen);

/* Frees the caches MPFR keeps for the calling thread (its constants, such
 * as pi, at the precisions used): for a thread that ran high-precision
 * runs, before it ends. */
COLLIDE_API void collide_thread_cleanup(void);

/* Frees r.
 * NULL r: does nothing.
 */
COLLIDE_API void collide_result_free(collide_result *r);

/* ---- CSV tables -------------------------------------------------------- */

/* A CSV file in memory, as collide reads every table (result sets,
 * trajectories, references): a header of named columns, then rows of as
 * many cells (RFC 4180 quoting; lines end with LF or CR LF). */
typedef struct collide_csv collide_csv;

/* Reads the CSV file at path. COLLIDE_OK and *out (the caller frees it);
 * or COLLIDE_E_INPUT (missing, unreadable, not text, empty, a quote
 * error, a ragged row, a column without a name or named twice: one line
 * in err naming the file and the line) or COLLIDE_E_MEMORY, and *out
 * NULL.
 * NULL path or out: returns COLLIDE_E_USAGE; NULL err: no message.
 */
COLLIDE_API collide_status collide_csv_load(const char *path, collide_csv **out,
                                            char *err, size_t errlen);

/* As collide_csv_load, from the len bytes of text (copied); source names
 * the table in messages.
 * NULL text, source or out: returns COLLIDE_E_USAGE; NULL err: no
 * message.
 */
COLLIDE_API collide_status collide_csv_parse(const char *text, size_t len,
                                             const char *source, collide_csv **out,
                                             char *err, size_t errlen);

/* The source of c (its path), its rows (the header not counted), its
 * columns, the name of column col (NULL outside), the column named name
 * (-1 when none), and the cell (row, col) with row from 0, the first row
 * after the header (NULL outside). Strings live as long as c.
 * NULL c: returns NULL, 0, 0, NULL, -1 and NULL; NULL name: returns -1.
 */
COLLIDE_API const char *collide_csv_source(const collide_csv *c);
COLLIDE_API int collide_csv_rows(const collide_csv *c);
COLLIDE_API int collide_csv_columns(const collide_csv *c);
COLLIDE_API const char *collide_csv_column_name(const collide_csv *c,
                                                int col);
COLLIDE_API int collide_csv_column(const collide_csv *c, const char *name);
COLLIDE_API const char *collide_csv_cell(const collide_csv *c, int row,
                                         int col);

/* The cell (row, col) read as a finite plain decimal number (as
 * collide_aux_number_read reads it). COLLIDE_OK with *v set; or
 * COLLIDE_E_INPUT with one line in err naming the file, its line, the
 * column and the cell ("t.csv:5: x = 'abc' is not a finite decimal
 * number", the cell cut at 40 bytes), *v untouched; COLLIDE_E_USAGE for
 * a cell outside.
 * NULL c or v: returns COLLIDE_E_USAGE; NULL err: no message.
 */
COLLIDE_API collide_status collide_csv_number(const collide_csv *c, int row, int col,
                                              double *v, char *err, size_t errlen);

/* Frees c.
 * NULL c: does nothing.
 */
COLLIDE_API void collide_csv_free(collide_csv *c);

/* ---- comparison -------------------------------------------------------- */

/* The verdict of a comparison that took place (its status COLLIDE_OK):
 * a type of its own, whose numbers are none of collide_status's. (`collide
 * compare` exits with 0 for COLLIDE_VERDICT_MET, 1 for
 * COLLIDE_VERDICT_BELOW.) */
typedef enum collide_compare_verdict {
    COLLIDE_VERDICT_MET = 100,  /* every row on both sides, and every
                                   column met digits */
    COLLIDE_VERDICT_BELOW = 101 /* a row of one side only, or a column with
                                   fewer digits than asked */
} collide_compare_verdict;

/* How to compare. It can grow as collide_run_options does (struct_size;
 * always begin with collide_compare_options_init). */
typedef struct collide_compare_options {
    size_t struct_size;   /* sizeof (collide_compare_options) of the caller:
                             collide_compare_options_init sets it */
    double digits;        /* the least significant correct digits asked of
                             every numeric column, >= 0; NaN (default): no
                             threshold */
    const char *scd_csv;  /* a and b CSV files: write each cell's scd into
                             this file (README.md "Comparing results");
                             NULL (default): none */
} collide_compare_options;

/* The defaults into o, whose size the caller gives (sizeof *o, as it was
 * compiled): digits NaN, scd_csv NULL, struct_size size. COLLIDE_OK;
 * COLLIDE_E_USAGE, o untouched, when size is not that of a version of
 * collide_compare_options.
 * NULL o: returns COLLIDE_E_USAGE.
 */
COLLIDE_API collide_status collide_compare_options_init(
    collide_compare_options *o, size_t size);

/* Compares the result set (or CSV file) a with the reference b, cell by
 * cell, in significant correct digits (README.md "Comparing results"),
 * with the options o (NULL: the defaults), and prints the report on out
 * (NULL: none). COLLIDE_OK with *verdict set when the comparison took
 * place; else COLLIDE_E_USAGE (an option outside its range, or a
 * struct_size not that of a version of the options), COLLIDE_E_INPUT
 * (a missing or malformed input), COLLIDE_E_IO (scd_csv could not be
 * written) or COLLIDE_E_MEMORY, *verdict untouched. err gets the problems
 * met, one line each (`collide compare: ...`, the last newline left out),
 * also those of a comparison that went on past them (a table of one set
 * that cannot be read); "" when there were none.
 * NULL a or b: returns COLLIDE_E_USAGE; NULL o: the defaults; NULL out:
 * not printed; NULL verdict: not written; NULL err: no message.
 */
COLLIDE_API collide_status collide_compare_with(const char *a, const char *b,
                                                const collide_compare_options *o,
                                                FILE *out,
                                                collide_compare_verdict *verdict,
                                                char *err, size_t errlen);

/* collide_compare_with with the threshold digits (NaN: none) and no scd
 * file.
 * NULL a or b: returns COLLIDE_E_USAGE; NULL out: not printed; NULL
 * verdict: not written; NULL err: no message.
 */
COLLIDE_API collide_status collide_compare(const char *a, const char *b,
                                           double digits, FILE *out,
                                           collide_compare_verdict *verdict,
                                           char *err, size_t errlen);

/* Compares the table a with the reference b cell by cell, in significant
 * correct digits, as one table of collide_compare (rows matched by their
 * key columns), with the threshold digits (NaN: none): the report on out
 * (NULL: none). COLLIDE_OK with *verdict set; or COLLIDE_E_USAGE (digits
 * outside its range), COLLIDE_E_INPUT (a key cell that is not a number)
 * or COLLIDE_E_MEMORY, with one line in err. Both tables stay the
 * caller's.
 * NULL a or b: returns COLLIDE_E_USAGE; NULL out: not printed; NULL
 * verdict: not written; NULL err: no message.
 */
COLLIDE_API collide_status collide_compare_csv(const collide_csv *a,
                                               const collide_csv *b,
                                               double digits, FILE *out,
                                               collide_compare_verdict *verdict,
                                               char *err, size_t errlen);

#endif /* __FRAMAC__ */

#ifdef __cplusplus
}
#endif

#endif
