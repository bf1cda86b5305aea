/* show.c - `collide show SCENARIO` and `collide list`: a scenario's
 * entries, derived quantities and run settings; the built-in scenarios.
 * Over include/collide.h alone. */
#include "show.h"

#include <stdio.h>

#include "collide.h"
#include "options.h"

static const char usage_show[] =
    "usage: collide show SCENARIO\n"
    "\n"
    "Prints the entries of SCENARIO as decimal text, in the scenario file\n"
    "format, followed (as comments) by the derived quantities with the\n"
    "equations that define them and the settings of the run.\n";

static const char usage_list[] =
    "usage: collide list\n"
    "\n"
    "Lists the built-in scenarios with a one-line description.\n";

/* The options of list and show: none (an option is unknown). */
static const option_table no_options = {NULL, 0};

int list_command(int argc, char **argv)
{
    const char *const *names = collide_builtin_names();
    option_values v;
    int i, st;
    if (option_wants_help(argc, argv)) {
        fputs(usage_list, stdout);
        return COLLIDE_OK;
    }
    st = option_parse_command("list", argc, argv, &no_options, &v);
    if (st == COLLIDE_OK && v.noperands > 0)
        st = option_usage_error("list", "unexpected argument ", v.operand[0]);
    option_free(&v);
    if (st != COLLIDE_OK)
        return st;
    for (i = 0; names[i]; i++)
        printf("%-16s %s\n", names[i], collide_builtin_description(names[i]));
    return COLLIDE_OK;
}

/* "key = text  # line N" (or "# default") for each entry of s. */
static void show_entries(const collide_scenario *s)
{
    const char *key, *text;
    int i, line;
    for (i = 0; collide_scenario_entry(s, i, &key, &text, &line); i++) {
        char buf[512];
        snprintf(buf, sizeof buf, "%s = %s", key, text);
        if (line > 0)
            printf("%-28s # line %d\n", buf, line);
        else
            printf("%-28s # default\n", buf);
    }
}

/* The derived quantities with their equations, as comments. */
static void show_derived(const collide_scenario *s)
{
    collide_quantity q[32];
    int i, n = collide_scenario_quantities(s, q, 32);
    char line[96];
    printf("#\n# derived quantities\n");
    for (i = 0; i < n; i++) {
        snprintf(line, sizeof line, "%s = %.17g %s", q[i].name, q[i].value,
                 q[i].unit);
        printf("#   %-40s %s\n", line, q[i].equation);
    }
}

/* "#   key = text" as given, or the value of the default. */
static void show_setting(const collide_scenario *s, const char *key)
{
    const char *text = collide_scenario_text(s, key);
    if (text)
        printf("#   %s = %s\n", key, text);
    else
        printf("#   %s = %.17g (default)\n", key,
               collide_scenario_setting(s, key));
}

/* The settings of the run, as comments. */
static void show_run(const collide_scenario *s)
{
    static const char *const keys[] = {"T", "rtol", "atol", "h_max", "t_tol",
                                       "graze_tol", "zeno_events",
                                       "zeno_window", "samples", "max_steps"};
    size_t i;
    printf("#\n# run settings\n");
    for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
        show_setting(s, keys[i]);
}

int show_command(int argc, char **argv)
{
    collide_scenario *s;
    char err[1024];
    const char *name = NULL;
    option_values v;
    int st;
    if (option_wants_help(argc, argv)) {
        fputs(usage_show, stdout);
        return COLLIDE_OK;
    }
    st = option_parse_command("show", argc, argv, &no_options, &v);
    if (st == COLLIDE_OK && v.noperands != 1)
        st = option_usage_error("show", v.noperands ? "too many arguments" :
                                "missing SCENARIO", "");
    if (st == COLLIDE_OK)
        name = v.operand[0];
    option_free(&v);
    if (st != COLLIDE_OK)
        return st;
    st = collide_scenario_load(name, &s, err, sizeof err);
    if (st != COLLIDE_OK) {
        fprintf(stderr, "%s\n", err);
        return st;
    }
    printf("# %s\n# law %s: %s, %s\n", collide_scenario_source(s),
           collide_scenario_law(s, 0), collide_scenario_law(s, 1),
           collide_scenario_law(s, 2));
    show_entries(s);
    show_derived(s);
    show_run(s);
    collide_scenario_free(s);
    return COLLIDE_OK;
}
