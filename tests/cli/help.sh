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

# ---- the exit statuses: one table in the code, the same in the manual ----
# readme_statuses FILE HEADING: the rows "N meaning" of the first status
# table after the line HEADING of the manual's page FILE (doc/).
readme_statuses() {
    awk -v h="$2" '$0 == h { on = 1; next }
        on && /^\| status \| meaning \|$/ { t = 1; next }
        t && /^\|---/ { next }
        t && /^\| / { sub(/^\| /, ""); sub(/ \|$/, ""); sub(/ \| /, " "); print; next }
        t { exit }' "doc/$1"
}
# help_statuses CMD...: the rows "N meaning" that `collide CMD --help`
# prints after "exit status:", continuation lines joined.
help_statuses() {
    "$exe" "$@" --help | awk '/^exit status:$/ { t = 1; next }
        t && /^ *[0-9]+  / { if (row != "") print row
                             sub(/^ */, ""); sub(/  /, " "); row = $0; next }
        t && /^      [^ ]/ { sub(/^ */, ""); row = row " " $0; next }
        END { if (row != "") print row }'
}
same_statuses() { # NAME FILE HEADING CMD...
    name=$1; file=$2; heading=$3; shift 3
    readme_statuses "$file" "$heading" >"$tmp/readme.st"
    help_statuses "$@" >"$tmp/help.st"
    [ -s "$tmp/readme.st" ] && cmp -s "$tmp/readme.st" "$tmp/help.st"
    check "$name: doc/$file's exit statuses are those --help prints ($(diff "$tmp/readme.st" "$tmp/help.st" | head -n 3 | tr '\n' ' '))" $?
}
same_statuses "collide --help" cli.md "# The command line"
same_statuses "collide run --help" cli.md "# The command line" run
same_statuses "collide compare --help" compare.md "# Comparing results (\`collide compare\`)" compare
same_statuses "collide audit --help" audit.md "## Auditing a trajectory (\`collide audit\`)" audit
# every status of common.h is in the table, 12 and 13 included
for st in 0 2 3 4 5 6 7 8 9 10 11 12 13; do
    help_statuses | grep -q "^$st " && readme_statuses cli.md "# The command line" | grep -q "^$st "
    check "exit status $st listed by collide --help and doc/cli.md" $?
done
grep -oE 'COLLIDE_(OK|E_[A-Z_]*) = [0-9]*' include/collide.h | sed 's/.* = //' | sort -n >"$tmp/codes"
help_statuses | cut -d' ' -f1 | sort -n >"$tmp/listed"
cmp -s "$tmp/codes" "$tmp/listed"
check "collide --help lists exactly the statuses of include/collide.h" $?

finish help.sh
