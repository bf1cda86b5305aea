#!/bin/sh
# reproducible.sh BUILD: the same scenario gives byte-identical files run
# to run (binary64 and MPFR), and a sweep the same bytes at 1 and 2
# threads as the runs one by one.
. tests/cli_common.sh "$1"

# (each run into the same DIR, which its MANIFEST names, then moved aside)
for sc in study1 study2; do
    "$exe" run "$sc" --quiet --csv "$tmp/d" && mv "$tmp/d" "$tmp/a-$sc"
    "$exe" run "$sc" --quiet --csv "$tmp/d" && mv "$tmp/d" "$tmp/b-$sc"
    diff -r "$tmp/a-$sc" "$tmp/b-$sc" >/dev/null
    check "$sc: two runs write the same bytes" $?
done
"$exe" run study3-bwmcl --precision 128 --quiet --csv "$tmp/d" && mv "$tmp/d" "$tmp/a-mp"
"$exe" run study3-bwmcl --precision 128 --quiet --csv "$tmp/d" && mv "$tmp/d" "$tmp/b-mp"
diff -r "$tmp/a-mp" "$tmp/b-mp" >/dev/null
check "study3-bwmcl at 128 bits: two runs write the same bytes" $?

# a sweep point is the run of its scenario: the first collision's e of
# `collide run hertz` with x0 = 0.005 is the sweep's, to the last digit
printf 'scenario = hertz\nx0 = 0.005, 0.01\n' >"$tmp/grid.txt"
"$exe" sweep "$tmp/grid.txt" --threads 1 --out "$tmp/s1.csv"
"$exe" sweep "$tmp/grid.txt" --threads 2 --out "$tmp/s2.csv"
cmp -s "$tmp/s1.csv" "$tmp/s2.csv"
check "sweep: the same bytes at 1 and 2 threads" $?
"$exe" show hertz | sed 's/^x0 = .*/x0 = 0.005/' >"$tmp/h.scn"
"$exe" run "$tmp/h.scn" --quiet --csv "$tmp/h"
e_run=$(sed -n 2p "$tmp/h/collisions.csv" | cut -d, -f8)
e_sweep=$(awk -F, 'NR == 2 { print $4 }' "$tmp/s1.csv")
[ -n "$e_run" ] && [ "$e_run" = "$e_sweep" ]
check "sweep point 0: e = $e_sweep, as collide run gives ($e_run)" $?

finish reproducible.sh
