#!/bin/sh
# help.sh BUILD: the help texts, usage errors and `collide list`/`show`.
. tests/cli_common.sh "$1"

run "$exe" --help
check "collide --help exits 0" $rc
has "usage: collide COMMAND" "$tmp/out"; check "collide --help: usage line" $?
for c in run show list; do
    has "  $c " "$tmp/out"; check "collide --help lists $c" $?
done
run "$exe" -h
check "collide -h exits 0" $rc
run "$exe" --version
check "collide --version exits 0" $rc
has "collide " "$tmp/out"; check "collide --version prints the version" $?

for c in run show list; do
    run "$exe" $c --help
    check "collide $c --help exits 0" $rc
    has "usage: collide $c" "$tmp/out"; check "collide $c --help: usage line" $?
done
run "$exe" run --help
for o in --csv --rtol --atol --h-max --samples --quiet; do
    has "$o" "$tmp/out"; check "collide run --help documents $o" $?
done

usage_error() { # NAME ARGS...
    name=$1; shift
    run "$exe" "$@"
    [ "$rc" -eq 2 ]; check "$name exits 2 (usage)" $?
    [ -s "$tmp/err" ]; check "$name explains on stderr" $?
}
usage_error "collide without a command"
usage_error "collide unknown command" frobnicate
usage_error "collide run without SCENARIO" run
usage_error "collide run two SCENARIOs" run hertz study1
usage_error "collide run unknown option" run hertz --frob
usage_error "collide run --csv without DIR" run hertz --csv
usage_error "collide run --rtol without value" run hertz --rtol
usage_error "collide show without SCENARIO" show
usage_error "collide list with an argument" list extra

run "$exe" list
check "collide list exits 0" $rc
for s in example-v2 hertz study1 study2 study3-shccl study3-bwshccl study3-bwmcl; do
    grep -q "^$s  *[A-Z]" "$tmp/out"; check "collide list: $s with a description" $?
done

run "$exe" show study1
check "collide show study1 exits 0" $rc
for w in "alpha = 0.35" "beta = 5.000e7" "R2 = inf" "E* = " "Eq. (187)" \
         "k_H = " "Eq. (192)" "Eq. (191)" "Eq. (189)" "Eq. (190)"; do
    has "$w" "$tmp/out"; check "collide show study1 prints '$w'" $?
done
run "$exe" show study2
for w in "eta = " "Eq. (48)" "m2 = " "Eq. (41)" "Fe0 = 0.5759"; do
    has "$w" "$tmp/out"; check "collide show study2 prints '$w'" $?
done
run "$exe" show study3-shccl
has "Eq. (212)" "$tmp/out"; check "collide show study3-shccl prints x_c^s, Eq. (212)" $?

# the output of show is itself a scenario file
"$exe" show study2 >"$tmp/again.scn"
run "$exe" show "$tmp/again.scn"
check "collide show output parses as a scenario" $rc

run "$exe" show no-such-scenario
[ "$rc" -eq 3 ]; check "collide show of a missing scenario exits 3" $?
has "no-such-scenario" "$tmp/err"; check "collide show names the missing scenario" $?

finish help.sh
