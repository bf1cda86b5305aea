#!/bin/sh
# audit.sh BUILD: `collide audit` passes our own trajectories and catches
# trajectories corrupted on purpose, each by the check it breaks: a
# forgotten reset of z_c, a missed separation, a sign error in the applied
# force, energy injected at a jump; bad input is exit 3 naming the file.
. tests/cli_common.sh "$1"

# our own trajectories pass, and the observables match ours
for sc in example-v2 hertz study1 study3-bwmcl; do
    "$exe" run "$sc" --quiet --csv "$tmp/$sc"
    run "$exe" audit "$tmp/$sc/trajectory.csv" --scenario "$sc" --against "$tmp/$sc"
    [ "$rc" -eq 0 ] && has "audit: 0 findings" "$tmp/out"
    check "$sc: our trajectory passes the audit (exit $rc)" $?
done
has "collisions t_e                     inf" "$tmp/out"
check "study3-bwmcl: t_e recomputed from the rows equals ours" $?

tr="$tmp/study3-bwmcl/trajectory.csv"
sep=$(awk -F, 'NR > 2 && $1 == t && $3 == 0 && q == 1 { print NR; exit } { t = $1; q = $3 }' "$tr")
[ -n "$sep" ]; check "the trajectory has a separation (after row $sep)" $?

# a forgotten reset of z_c: the row after the separation keeps z_c1
z=$(column_of z_c1 "$tr")
awk -F, -v OFS=, -v r="$sep" -v c="$z" 'NR == r - 1 { keep = $c } NR == r { $c = keep } { print }' "$tr" >"$tmp/noreset.csv"
run "$exe" audit "$tmp/noreset.csv" --scenario study3-bwmcl
[ "$rc" -eq 1 ] && has "finding (reset): row $sep: z_c1 =" "$tmp/out"
check "a forgotten reset of z_c1 is found at row $sep (exit $rc)" $?

# a missed separation: the jump's two rows removed, the flight kept in
# contact (q = 1, j unchanged) up to the next commencement
awk -F, -v OFS=, -v r="$sep" 'NR == r - 1 || NR == r { next }
    NR > r && !done { if ($3 == 1) done = 1; else { $2 = $2 - 1; $3 = 1 } }
    { print }' "$tr" >"$tmp/nosep.csv"
run "$exe" audit "$tmp/nosep.csv" --scenario study3-bwmcl
[ "$rc" -eq 1 ] && { has "finding (jump set)" "$tmp/out" || has "finding (reset)" "$tmp/out" || has "finding (flow set)" "$tmp/out"; }
check "a missed separation is found (exit $rc)" $?

# a sign error in the applied force: the ledger does not close
f1=$(column_of F_e1 "$tr")
awk -F, -v OFS=, -v c="$f1" 'NR > 1 { $c = -$c } { print }' "$tmp/study1/trajectory.csv" >"$tmp/sign.csv"
run "$exe" audit "$tmp/sign.csv" --scenario study1
[ "$rc" -eq 1 ] && has "finding (ledger)" "$tmp/out" && has "does not close" "$tmp/out"
check "a sign error in the force breaks the ledger (exit $rc)" $?

# energy injected at a jump: v raised by 1% after a commencement
com=$(awk -F, 'NR > 2 && $1 == t && $3 == 1 && q == 0 { print NR; exit } { t = $1; q = $3 }' "$tr")
v=$(column_of v "$tr")
awk -F, -v OFS=, -v r="$com" -v c="$v" 'NR == r { $c = $c * 1.01 } { print }' "$tr" >"$tmp/inject.csv"
run "$exe" audit "$tmp/inject.csv" --scenario study3-bwmcl
[ "$rc" -eq 1 ] && has "finding (reset): row $com: v =" "$tmp/out" && has "energy injected" "$tmp/out"
check "energy injected at the jump at row $com is found (exit $rc)" $?

# a trajectory written independently of collide (tests/independent_trajectory.py,
# SciPy's solve_ivp on the Hertz impact): it passes, and its contact times
# agree with ours to 10 digits (both integrate at tolerances near 1e-11)
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
if $py -c 'import scipy' 2>/dev/null; then
    $py tests/independent_trajectory.py "$tmp/indep.csv"
    run "$exe" audit "$tmp/indep.csv" --scenario hertz --against "$tmp/hertz"
    [ "$rc" -eq 0 ] && has "audit: 0 findings" "$tmp/out"
    check "an independent SciPy trajectory of the Hertz impact passes (exit $rc)" $?
    d=$(awk '$1 == "collisions" && $2 == "t_s" { print $3 }' "$tmp/out")
    awk -v d="$d" 'BEGIN { exit !(d == "inf" || d + 0 >= 10) }'
    check "its t_s agrees with ours to 10 digits (got $d)" $?
else
    echo "skip: independent trajectory: SciPy not installed (python3-scipy)"
fi

# bad input
run "$exe" audit "$tmp/missing.csv" --scenario study1
[ "$rc" -eq 3 ] && has "missing.csv" "$tmp/err"
check "a missing trajectory: exit 3 naming the file (got $rc)" $?
cut -d, -f1-3 "$tr" >"$tmp/short.csv"
run "$exe" audit "$tmp/short.csv" --scenario study3-bwmcl
[ "$rc" -eq 3 ] && has "no column x" "$tmp/err"
check "a trajectory without x: exit 3 naming the column (got $rc)" $?
# j too large for an int (found by fuzzing: a conversion out of range)
awk -F, -v OFS=, 'NR == 2 { $2 = "8888888888888" } { print }' "$tr" >"$tmp/bigj.csv"
run "$exe" audit "$tmp/bigj.csv" --scenario study3-bwmcl
[ "$rc" -eq 3 ] && has "bigj.csv:2: j = 8888888888888 is outside the allowed range" "$tmp/err"
check "j = 8888888888888: exit 3 naming the line and the range (got $rc)" $?
awk -F, -v OFS=, 'NR == 2 { $2 = "0.5" } { print }' "$tr" >"$tmp/halfj.csv"
run "$exe" audit "$tmp/halfj.csv" --scenario study3-bwmcl
[ "$rc" -eq 3 ] && has "j = 0.5 is outside the allowed range: an integer" "$tmp/err"
check "j = 0.5: exit 3 (got $rc)" $?
run "$exe" audit "$tr"
[ "$rc" -eq 2 ]; check "no --scenario: usage error (got $rc)" $?
run "$exe" audit "$tr" --scenario study3-bwmcl --tol 2
[ "$rc" -eq 3 ] && has "--tol = 2 is outside the allowed range" "$tmp/err"
check "--tol 2: exit 3 with the range (got $rc)" $?

finish audit.sh
