#!/bin/sh
# instructions.sh BUILD: the instructions that `collide run STUDY --quiet`
# executes for studies 1 and 2 (the default tolerances), counted by
# valgrind --tool=callgrind (deterministic, unlike times on a shared
# machine; `perf stat -e instructions` has no hardware counter on the
# virtual machines this was written on), and their ratio to the figures
# recorded in bench/instructions.txt. A change that moves them on purpose
# records the new figures there (bench/instructions.sh BUILD --record).
build=$1
file=bench/instructions.txt
if ! command -v valgrind >/dev/null 2>&1; then
    echo "instructions: skipped: valgrind not installed"
    exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for study in study1 study2; do
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" \
        "$build/collide" run "$study" --quiet >/dev/null 2>"$tmp/err" || {
        cat "$tmp/err"; exit 1; }
    n=$(sed -n 's/^summary: *//p' "$tmp/cg")
    if [ "$2" = "--record" ]; then
        echo "$study $n"
        continue
    fi
    ref=$(awk -v s="$study" '$1 == s { print $2 }' "$file")
    awk -v s="$study" -v n="$n" -v r="$ref" 'BEGIN {
        if (r == "") printf "instructions %s: %d (no figure in bench/instructions.txt)\n", s, n
        else printf "instructions %s: %d, %.3f of the %d recorded in " \
                    "bench/instructions.txt\n", s, n, n / r, r }'
done
