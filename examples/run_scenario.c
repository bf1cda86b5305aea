/* run_scenario.c - runs a scenario through the installed library and
 * prints the coefficient of restitution of each collision (Eq. 196).
 *
 *     cc run_scenario.c $(pkg-config --cflags --libs collide) -o run_scenario
 *     ./run_scenario study1 [BITS]
 */
#include <collide.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    collide_scenario *s;
    collide_result *r = NULL;
    collide_run_options o;
    char err[1024];
    int st, row, i, e;
    collide_run_options_init(&o, sizeof o);
    if (argc > 2) {                   /* bits: 53 binary64, others MPFR */
        o.precision = atol(argv[2]);
        o.engine = o.precision == 53 ? COLLIDE_ENGINE_BINARY64
                                     : COLLIDE_ENGINE_MPFR;
    }
    st = collide_scenario_load(argc > 1 ? argv[1] : "study1", &s, err,
                               sizeof err);
    if (st == COLLIDE_OK)
        st = collide_run(s, &o, &r, err, sizeof err);
    if (st != COLLIDE_OK) {
        fprintf(stderr, "run_scenario: %s\n", err);
        collide_result_free(r);
        collide_scenario_free(s);
        return st;
    }
    i = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "i");
    e = collide_result_column(r, COLLIDE_TABLE_COLLISIONS, "e");
    for (row = 0; row < collide_result_rows(r, COLLIDE_TABLE_COLLISIONS); row++)
        printf("%s %s\n", collide_result_text(r, COLLIDE_TABLE_COLLISIONS, row, i),
               collide_result_text(r, COLLIDE_TABLE_COLLISIONS, row, e));
    collide_result_free(r);
    collide_scenario_free(s);
    return 0;
}
