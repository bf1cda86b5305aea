/* main.c - the collide command: dispatches to its commands (run, show,
 * list, compare, audit, plot, sweep, merge), and answers --help and
 * --version. Exit status: that of the command; compare and audit have
 * their own (status.h), the others those of include/collide.h. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit.h"
#include "collide.h"
#include "collide_aux.h"
#include "compare_command.h"
#include "interrupt.h"
#include "run.h"
#include "show.h"
#include "options.h"
#include "plot.h"
#include "session.h"
#include "status.h"
#include "sweep.h"

static const char usage_main[] =
    "usage: collide COMMAND [ARGS]\n"
    "\n"
    "Repeated binary collinear impacts under incremental contact laws:\n"
    "the hybrid systems H_r and H_f of Section IV.\n"
    "\n"
    "commands:\n"
    "  run SCENARIO   simulate a scenario; print collisions, energy ledger\n"
    "  show SCENARIO  print a scenario's decimal texts and derived quantities\n"
    "  list           list the built-in scenarios\n"
    "  plot SCENARIO  draw the figures of a run with gnuplot\n"
    "  compare A B    significant correct digits of results A against B\n"
    "  audit TRAJ     check another implementation's trajectory\n"
    "  sweep GRID     run a scenario over a grid of parameters (CSV)\n"
    "  merge PART...  join the part files of collide sweep --shard\n"
    "\n"
    "SCENARIO is a built-in name (see collide list) or a scenario file\n"
    "(man collide-scenario: every key, its unit, range and default);\n"
    "a path containing '/' is always a file.\n"
    "collide COMMAND --help describes each command; collide --version.\n"
    "compare and audit have exit statuses of their own (their --help).\n"
    "\n";

/* 1 when a is --help or -h. */
static int is_help(const char *a)
{
    return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

static const char usage_audit[] =
    "usage: collide audit TRAJ.csv --scenario SCENARIO [--against REF]\n"
    "                     [--tol X] [--set-tol X] [--defects FILE]\n"
    "                     [--observables FILE] [--segment]\n"
    "\n"
    "Checks a trajectory (the format of trajectory.csv: t, j, q, the state,\n"
    "F_e1, F_e2; two rows at each jump) against the hybrid system of\n"
    "SCENARIO: each row against the flow of Eqs. (74), (81) integrated from\n"
    "the row before in its flow interval; the hybrid time domain and the\n"
    "structure (j counts the jumps, q changes only there); every row in the\n"
    "flow set C, every jump from the jump set D with the reset of Eqs.\n"
    "(75), (82); the energy ledger of Eq. (24) per flow interval and per\n"
    "jump within its quadrature error; the per-collision observables.\n"
    "\n"
    "  --scenario S       the scenario (law, parameters, masses, input)\n"
    "  --against REF      compare the observables with REF's collisions.csv\n"
    "                     (a file or a directory of collide run --csv)\n"
    "  --tol X            largest defect of the flow check, relative to each\n"
    "                     component's range over its interval, X in (0, 1);\n"
    "                     default 1e-6\n"
    "  --set-tol X        relative tolerance of the set, reset and jump\n"
    "                     checks, X in (0, 1); default 1e-8\n"
    "  --defects FILE     write the flow defects of every row (row, t, j,\n"
    "                     interval, one column per component) to FILE\n"
    "  --observables F    write the recomputed observables to F\n"
    "  --segment          the rows are a part of a run: their first row is\n"
    "                     not held to t = 0, j = 0 and the scenario's\n"
    "                     initial state, nor their last to t = T\n"
    "\n";

/* The relative tolerances of audit --tol and --set-tol. */
static const collide_aux_range audit_tol = {"X", 0, 1, 0, 0, 0};

/* The options of audit, by slot. */
enum { AUDIT_SCENARIO, AUDIT_AGAINST, AUDIT_TOL, AUDIT_SET_TOL, AUDIT_DEFECTS,
       AUDIT_OBSERVABLES, AUDIT_SEGMENT };
static const option_spec audit_specs[] = {
    {"--scenario", 1, AUDIT_SCENARIO, 0, "the scenario of the trajectory"},
    {"--against", 1, AUDIT_AGAINST, 0, "the collisions to compare with"},
    {"--tol", 1, AUDIT_TOL, 0, "the largest defect of the flow check"},
    {"--set-tol", 1, AUDIT_SET_TOL, 0, "the tolerance of the set checks"},
    {"--defects", 1, AUDIT_DEFECTS, 0, "the file of the flow defects"},
    {"--observables", 1, AUDIT_OBSERVABLES, 0, "the file of the observables"},
    {"--segment", 0, AUDIT_SEGMENT, 0, "the rows are a part of a run"},
};
static const option_table audit_table = {
    audit_specs, (int)(sizeof audit_specs / sizeof audit_specs[0])};

/* The value of the tolerance option of slot into *x when it was given;
 * 0 after a message when it is not a number of audit_tol. */
static int audit_tolerance(const option_values *v, int slot, double *x)
{
    return !v->value[slot] ||
           option_number("audit", v->name[slot], v->value[slot], &audit_tol, x);
}

/* The options of audit from v into o: a usage error for a second TRAJ or
 * a missing TRAJ or --scenario, AUDIT_E_INPUT for a bad tolerance. */
static int audit_args(const option_values *v, audit_options *o)
{
    memset(o, 0, sizeof *o);
    o->tol = 1e-6;
    o->set_tol = 1e-8;
    if (v->noperands > 1)
        return option_usage_error("audit", "more than one TRAJ: ", v->operand[1]);
    o->trajectory = v->noperands ? v->operand[0] : NULL;
    o->scenario = v->value[AUDIT_SCENARIO];
    o->against = v->value[AUDIT_AGAINST];
    o->defects = v->value[AUDIT_DEFECTS];
    o->observables = v->value[AUDIT_OBSERVABLES];
    o->segment = option_given(v, AUDIT_SEGMENT);
    if (!o->trajectory || !o->scenario)
        return option_usage_error("audit", o->trajectory ? "missing --scenario" :
                           "missing TRAJ", "");
    if (!audit_tolerance(v, AUDIT_TOL, &o->tol) ||
        !audit_tolerance(v, AUDIT_SET_TOL, &o->set_tol))
        return AUDIT_E_INPUT;
    return COLLIDE_OK;
}

/* collide audit: the options, then audit_run. */
static int cmd_audit(int argc, char **argv)
{
    audit_options o;
    option_values v;
    int st;
    if (option_wants_help(argc, argv)) {
        fputs(usage_audit, stdout);
        status_print(stdout, &status_audit);
        return COLLIDE_OK;
    }
    st = option_parse_command("audit", argc, argv, &audit_table, &v);
    /* COLLIDE_E_MEMORY is audit's AUDIT_E_MEMORY, as audit_run's */
    if (st == COLLIDE_OK)
        st = audit_args(&v, &o);
    option_free(&v);
    if (st != COLLIDE_OK)
        return st;
    return audit_run(&o, stdout, stderr);
}

static const char usage_plot[] =
    "usage: collide plot SCENARIO... [--out DIR] [--samples N]\n"
    "                    [--format LIST] [--outside-proved-domain]\n"
    "\n"
    "Runs each scenario and draws its figures with gnuplot into DIR, sized\n"
    "for one column (8.5 cm, text 8.5 pt): NAME-state (the states, F_c,\n"
    "F_e,r and q_c against time, the contact intervals shaded; Figs. 4a,\n"
    "5a), NAME-observables (the observables of Eqs. 193-204 against the\n"
    "collision index; Figs. 4b, 5b) and NAME-loop (F_c against -x_c over\n"
    "each collision's contact, as drawn and normalised). With several\n"
    "scenarios also compare (x against time, the commencements and\n"
    "separations marked, and -x_c^s of Eq. 212; Fig. 6). Each figure's\n"
    "gnuplot script is kept beside it as NAME.gp with the tables it reads\n"
    "(NAME-samples.csv, ...): in DIR, gnuplot NAME.gp draws it again and\n"
    "gnuplot -e \"format='pdf'\" NAME.gp draws it as PDF.\n"
    "\n"
    "  --out DIR    directory of the figures (created); default .\n"
    "  --samples N  grid samples of each run; default 5000 (each contact\n"
    "               is sampled 200 times more for its loop)\n"
    "  --format LIST  comma-separated formats of the figures: png (1600 px\n"
    "               wide), svg, pdf (the same bytes on each run); default\n"
    "               png,svg\n"
    "  --outside-proved-domain  run on outside the domain of the proofs,\n"
    "               as the scenario key outside_proved_domain = 1\n"
    "  --help       this text\n"
    "\n"
    "exit status: 0 ok, 2 usage, 3 bad input or gnuplot not installed\n"
    "(Debian package gnuplot-nox), 4 a figure could not be written or\n"
    "gnuplot failed, 5-14 a run failed (collide --help)\n";

/* The options of plot, by slot. */
enum { PLOT_OUT, PLOT_SAMPLES, PLOT_FORMAT, PLOT_OUTSIDE };
static const option_spec plot_specs[] = {
    {"--out", 1, PLOT_OUT, 0, "the directory of the figures"},
    {"--samples", 1, PLOT_SAMPLES, 0, "grid samples of each run"},
    {"--format", 1, PLOT_FORMAT, 0, "the formats of the figures"},
    {option_outside_domain, 0, PLOT_OUTSIDE, 0, option_outside_domain_help},
};
static const option_table plot_table = {
    plot_specs, (int)(sizeof plot_specs / sizeof plot_specs[0])};

/* The scenarios and options of plot from v into names (*n of them) and
 * o; a usage error for none or too many scenarios. */
static int plot_args(const option_values *v, const char **names, int *n,
                     plot_options *o)
{
    int i;
    if (v->noperands > PLOT_SCENARIOS_MAX)
        return option_usage_error("plot", "too many scenarios: ",
                           v->operand[PLOT_SCENARIOS_MAX]);
    if (v->noperands == 0)
        return option_usage_error("plot", "missing SCENARIO", "");
    for (i = 0; i < v->noperands; i++)
        names[i] = v->operand[i];
    *n = v->noperands;
    if (v->value[PLOT_OUT])
        o->out = v->value[PLOT_OUT];
    if (v->value[PLOT_SAMPLES])
        o->samples = v->value[PLOT_SAMPLES];
    if (v->value[PLOT_FORMAT])
        o->format = v->value[PLOT_FORMAT];
    o->outside = option_given(v, PLOT_OUTSIDE);
    return COLLIDE_OK;
}

/* collide plot SCENARIO... [--out DIR] [--samples N]: see plot.h. */
static int cmd_plot(int argc, char **argv)
{
    const char *names[PLOT_SCENARIOS_MAX];
    plot_options o = {".", "5000", "png,svg", 0};
    option_values v;
    char err[1024];
    int n = 0, st;
    if (option_wants_help(argc, argv)) {
        fputs(usage_plot, stdout);
        return COLLIDE_OK;
    }
    st = option_parse_command("plot", argc, argv, &plot_table, &v);
    if (st == COLLIDE_OK)
        st = plot_args(&v, names, &n, &o);
    option_free(&v);
    if (st != COLLIDE_OK)
        return st;
    st = plot_scenarios(names, n, &o, err, sizeof err);
    if (st != COLLIDE_OK)
        fprintf(stderr, "%s\n", err);
    return st;
}

/* ---- signals ---- */

/* SIGINT, SIGTERM: no partial output file is left behind, and one line
 * on stderr says what was interrupted and what was kept (interrupt.h);
 * only async-signal-safe calls. */
static void on_signal(int sig)
{
    collide_aux_session_remove_temporaries(session_get());
    plot_remove_temporaries();
    interrupt_write(sig);
    _exit(COLLIDE_E_INTERRUPT);
}

static void install_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);   /* one note, even when both come */
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sa.sa_handler = SIG_IGN;   /* over ulimit -f: EFBIG, reported as such */
    sigaction(SIGXFSZ, &sa, NULL);
}

/* The note of a signal during command cmd before it says more (a run
 * and a sweep say more once their arguments are read). */
static void note_command(const char *cmd)
{
    char what[64];
    snprintf(what, sizeof what, "collide %.40s", cmd);
    interrupt_note(what, "", strcmp(cmd, "plot") == 0 ?
                   "no partial figure is left" : "");
}

/* The command named by argv[1]. */
static int dispatch(int argc, char **argv)
{
    const char *cmd = argc > 1 ? argv[1] : "";
    if (argc < 2)
        return option_usage_error("", "missing COMMAND", "");
    if (is_help(cmd)) {
        fputs(usage_main, stdout);
        status_print(stdout, status_collide());
        return COLLIDE_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("collide %s\n%s\n", collide_version(),
               collide_aux_arithmetic_version());
        return COLLIDE_OK;
    }
    note_command(cmd);
    if (strcmp(cmd, "run") == 0)
        return run_command(argc - 2, argv + 2);
    if (strcmp(cmd, "show") == 0)
        return show_command(argc - 2, argv + 2);
    if (strcmp(cmd, "list") == 0)
        return list_command(argc - 2, argv + 2);
    if (strcmp(cmd, "compare") == 0)
        return compare_command(argc - 2, argv + 2);
    if (strcmp(cmd, "audit") == 0)
        return cmd_audit(argc - 2, argv + 2);
    if (strcmp(cmd, "plot") == 0)
        return cmd_plot(argc - 2, argv + 2);
    if (strcmp(cmd, "sweep") == 0)
        return sweep_command(argc - 2, argv + 2);
    if (strcmp(cmd, "merge") == 0)
        return merge_command(argc - 2, argv + 2);
    return option_usage_error("", "unknown command ", cmd);
}

/* Runs the command; what it printed must reach the standard output (a
 * full disk or a closed pipe is an output error, exit 4, not a success). */
int main(int argc, char **argv)
{
    int st;
    if (session_begin(argc, argv) != COLLIDE_OK) {
        fputs("collide: out of memory\n", stderr);
        return COLLIDE_E_MEMORY;
    }
    install_handlers();
    st = dispatch(argc, argv);
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "collide: cannot write the standard output: %s\n",
                strerror(errno ? errno : EIO));
        if (st == COLLIDE_OK)
            st = COLLIDE_E_IO;
    }
    return st;
}
