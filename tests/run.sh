#!/bin/sh
# run.sh BUILD PROGRAM...: runs each test program and each tests/cli/*.sh
# script, adds up their "N passed, N failed" lines and prints the total as
# the last line. Exits non-zero when any check failed or a program crashed.
# A program that cannot run for want of something the machine lacks prints
# a line "skipped: WHY"; such lines are counted and, when there are any,
# the last line ends with ", N skipped".
build=$(cd "$1" && pwd); shift
pass=0; fail=0; crashed=0; skipped=0
log="$build/tests/log"; mkdir -p "$log"
for prog in "$@" tests/cli/*.sh; do
    [ -e "$prog" ] || continue
    name=$(basename "$prog")
    case "$prog" in
        *.sh) sh "$prog" "$build" >"$log/$name.out" 2>&1 ;;
        *)    "$prog" >"$log/$name.out" 2>&1 ;;
    esac
    rc=$?
    line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log/$name.out" | tail -n 1)
    p=$(echo "$line" | sed -E 's/.* ([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    [ -n "$line" ] || { p=0; f=0; }
    pass=$((pass + p)); fail=$((fail + f))
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        crashed=$((crashed + 1)); fail=$((fail + 1))
        echo "CRASH $name (exit $rc); see $log/$name.out"
    fi
    grep -E '^FAIL' "$log/$name.out" | sed "s/^/$name: /"
    s=$(grep -c '^skipped: ' "$log/$name.out")
    skipped=$((skipped + s))
    grep '^skipped: ' "$log/$name.out" | sed "s/^/$name: /"
    echo "$name: ${p:-0} passed, ${f:-0} failed"
done
if [ "$skipped" -gt 0 ]; then
    echo "tests: $pass passed, $fail failed, $skipped skipped"
else
    echo "tests: $pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
