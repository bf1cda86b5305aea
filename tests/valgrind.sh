#!/bin/sh
# valgrind.sh BUILD: memcheck on the command-line runs (binary64 and MPFR,
# --check, audit, compare, sweep): any invalid access or definite leak
# fails. The last line reads "valgrind: N runs, E with errors".
exe="$1/collide"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
command -v valgrind >/dev/null 2>&1 || { echo "valgrind: not installed (Debian package valgrind)"; exit 1; }
n=0; bad=0
vg() { # NAME ARGS...: one run under memcheck
    name=$1; shift
    n=$((n + 1))
    valgrind -q --error-exitcode=99 --leak-check=full \
        --errors-for-leak-kinds=definite,indirect "$exe" "$@" \
        >"$tmp/out" 2>"$tmp/err"
    if [ $? -eq 99 ]; then
        bad=$((bad + 1)); echo "FAIL $name"; head -n 20 "$tmp/err"
    else
        echo "ok   $name"
    fi
}
printf 'scenario = hertz\nv0 = linspace(-2, -0.5, 3)\n' >"$tmp/grid.txt"
vg "run study1 --csv" run study1 --quiet --csv "$tmp/s1"
vg "run study2" run study2 --quiet
vg "run hertz --precision 128 --check --csv" run hertz --precision 128 --check --quiet --csv "$tmp/h"
vg "audit study1" audit "$tmp/s1/trajectory.csv" --scenario study1 --against "$tmp/s1"
vg "compare" compare "$tmp/s1" "$tmp/s1"
vg "sweep, 2 threads" sweep "$tmp/grid.txt" --threads 2 --out "$tmp/sw.csv"
vg "bad scenario" run "$tmp/missing.scn"
echo "valgrind: $n runs, $bad with errors"
[ "$bad" -eq 0 ]
