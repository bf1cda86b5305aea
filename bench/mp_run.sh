#!/bin/sh
# mp_run.sh BUILD: the figures of the high-precision mode (`collide run
# --precision`): study 1 to 30 and to 60 significant digits (the CPU time
# of the run, its Taylor order and steps, and the least scd of every
# collision observable and event value measured by --check against a run
# at 64 more bits), the closed-form cases (tests/test_mp.c), and the
# binary64 simulator at the paper's tolerances against the reference.
build=$1
exe="$build/collide"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# least scd over the numeric columns of TABLE in a compare report FILE
least() {
    awk -v t="$1" '$1 == t && $3 != "equal" && $2 !~ /residual$/ && $3 != "mismatch" {
        if (!n++ || $3 + 0 < m) { m = $3 + 0; c = $2 } }
        END { if (n) printf "%.2f (%s)", m, c; else printf "inf" }' "$2"
}

for goal in "128 30" "256 60"; do
    set -- $goal
    "$exe" run study1 --precision "$1" --digits "$2" --check --csv "$tmp/s$1" \
        >"$tmp/out$1" 2>"$tmp/err$1"
    rc=$?
    cpu=$(sed -n -E 's/^  CPU time ([0-9.]+) s/\1/p' "$tmp/out$1")
    order=$(sed -n -E 's/.*Taylor order ([0-9]+).*/\1/p' "$tmp/out$1")
    steps=$(sed -n -E 's/^  Taylor steps ([0-9]+).*/\1/p' "$tmp/out$1")
    echo "hp study1 to $2 digits: $1 bits, Taylor order $order, $steps steps," \
         "cpu ${cpu} s; check (exit $rc): least scd collisions" \
         "$(least collisions "$tmp/out$1"), events $(least events "$tmp/out$1")," \
         "samples $(least samples "$tmp/out$1")"
done

"$build/tests/test_mp" | sed -n -E 's/^(ok  |FAIL) (mp .*digits.*)/hp closed form: \2/p'

"$exe" run study1 --quiet --csv "$tmp/b64" || exit 1
"$exe" compare "$tmp/b64/collisions.csv" "$tmp/s128/collisions.csv" >"$tmp/cmp"
echo "binary64 at the paper's tolerances against the 128-bit reference," \
     "study1 collisions: least scd $(least collisions "$tmp/cmp"), median of" \
     "the columns' medians $(awk '$1 == "collisions" && $3 != "equal" && $2 !~ /residual$/ { print $4 }' "$tmp/cmp" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')"
