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

# at most N rows of each flow interval of a trajectory, evenly spaced by
# index, the ends always kept
thin() {
    awk -F, -v N="$1" 'NR == 1 { print; next }
        { row[NR] = $0; jj[NR] = $2; last = NR }
        END { a = 2
            for (i = 2; i <= last; i++) {
                if (i < last && jj[i + 1] == jj[i]) continue
                n = i - a + 1; prev = -1
                for (m = 0; m < (n < N ? n : N); m++) {
                    k = n <= N ? a + m : a + int(m * (n - 1) / (N - 1) + 0.5)
                    if (k != prev) print row[k]; prev = k
                }
                a = i + 1 } }' "$2"
}

# every built-in passes at the default sampling and at 30 rows per flow
# interval (thinned from a run of 20000 samples): exit 0, no finding,
# nothing inconclusive; each row within 1e-6 of the flow from the row
# before (our rows are within 2e-9)
for sc in $("$exe" list | awk '{ print $1 }'); do
    "$exe" run "$sc" --quiet --csv "$tmp/b-$sc"
    "$exe" run "$sc" --quiet --samples 20000 --csv "$tmp/d-$sc"
    thin 30 "$tmp/d-$sc/trajectory.csv" >"$tmp/t30-$sc.csv"
    for f in "$tmp/b-$sc/trajectory.csv" "$tmp/t30-$sc.csv"; do
        run "$exe" audit "$f" --scenario "$sc"
        [ "$rc" -eq 0 ] && has "audit: 0 findings (flow 0, " "$tmp/out" &&
            ! grep -q "inconclusive" "$tmp/out" &&
            grep -q "^flow (Eq. [78][14]) from row to row at rtol 1e-12: [1-9][0-9]* rows checked, largest defect [0-9.]*e-[0-9]" "$tmp/out"
        check "$sc: $(basename "$f"), $(($(wc -l <"$f") - 1)) rows: passes (exit $rc; $(grep -o 'largest defect [^ ]*' "$tmp/out"))" $?
    done
done

# the mass wrong in the scenario given to audit: m = 0.0327 kg for the
# 0.2614 kg of study 1, the same applied force. The flow check finds v
# departing at the first row of the first flight; the hints say what it
# points at, and the mass that fits
printf '%s\n' "system = Hr" "law = bwmcl" "m = 0.0327" "k = 213776779.45287979" "p = 1.5" \
    "A = 1" "alpha = 0.35" "beta = 5.000e7" "gamma = 5.000e7" "n = 2" \
    "c = 4.400e3" "x0 = 0.020" "v0 = 0" "input = constant" \
    "F = -2.5641427911187602" "T = 0.5" >"$tmp/m.scn"
s1b="$tmp/b-study1/trajectory.csv"
run "$exe" audit "$s1b" --scenario "$tmp/m.scn" --defects "$tmp/def.csv"
[ "$rc" -eq 1 ] && [ "$(grep -m 1 '^audit: finding' "$tmp/out" | cut -d: -f2-3)" = " finding flow: row 3 t=0.0005005005005005005 j=0 component v" ] &&
    grep -q "^audit: finding flow: row 3 .*: interval \[0, 0.0638[0-9]*\] j=0 (q = 0): the flow of the scenario (Eq. 81) from row 2 gives v = " "$tmp/out" &&
    has "audit: hint: v departs first, at the start of the first flight [0, 0.0638" "$tmp/out" &&
    has "before any contact: only the applied force acts there (Eq. 81: v' = F_e,r / m), so the applied force or the mass differs from the scenario's" "$tmp/out" &&
    grep -q "^audit: hint: m = 0.2614 kg fits the first failing interval \[0, 0.0638[0-9]*\] j=0 .* against 0.0327 kg in the scenario" "$tmp/out"
check "a mass wrong by a factor 8: a flow finding at row 3, component v, the first flight; the hint m = 0.2614 kg (exit $rc)" $?
[ "$(head -n 1 "$tmp/def.csv")" = "row,t,j,interval,x,v,x_c,z_c1,z_c2" ] &&
    [ "$(wc -l <"$tmp/def.csv")" -eq "$(grep -o '[0-9]* rows checked' "$tmp/out" | awk '{ print $1 + 1 }')" ] &&
    awk -F, 'NR == 2 { exit !($1 == 3 && $3 == 0 && $4 == 0 && $6 > 0.05 && $5 < $6) }' "$tmp/def.csv"
check "--defects: a row per row checked, row 3's defect of v above 0.05 and above x's" $?
# the same scenario with the right mass passes
sed 's/^m = 0.0327$/m = 0.26138050877867075/' "$tmp/m.scn" >"$tmp/m2.scn"
run "$exe" audit "$s1b" --scenario "$tmp/m2.scn"
[ "$rc" -eq 0 ]; check "the same scenario with m = 0.26138 kg passes (exit $rc)" $?
# the damping c 10% high in the scenario: z_c2 departs first, at the
# start of the first contact; the hint finds c = 4400
sed 's/^c = 4.400e3$/c = 4.840e3/' "$tmp/m2.scn" >"$tmp/c.scn"
run "$exe" audit "$s1b" --scenario "$tmp/c.scn"
[ "$rc" -eq 1 ] && [ "$(grep -m 1 '^audit: finding' "$tmp/out" | cut -d: -f2 | sed 's/ t=.* j=/ j=/')" = " finding flow" ] &&
    grep -q "^audit: finding flow: row [0-9]* t=[^ ]* j=1 component z_c2: interval" "$tmp/out" &&
    has "audit: hint: z_c2 departs first, at the start of the contact [" "$tmp/out" &&
    grep -q "^audit: hint: c = 4400 fits the first failing interval \[[^]]*\] j=1 .* against 4840 in the scenario" "$tmp/out"
check "c 10% high: a flow finding in the first contact, component z_c2; the hint c = 4400 (exit $rc)" $?

# 3 rows per flow interval: too few for the trapezoid of the ledger,
# which says so; the flow check still decides every interval, and finds
# the wrong mass there as at 1000 rows
thin 3 "$tmp/d-study1/trajectory.csv" >"$tmp/t3.csv"
run "$exe" audit "$tmp/t3.csv" --scenario study1
[ "$rc" -eq 0 ] && has "ledger: 26 flow intervals too coarsely sampled for the trapezoidal rule (fewer than 9 rows" "$tmp/out" &&
    has "decided by the flow check" "$tmp/out" && has "audit: 0 findings (" "$tmp/out"
check "study1 at 3 rows per interval: the ledger cannot decide, the flow check does (exit $rc)" $?
run "$exe" audit "$tmp/t3.csv" --scenario "$tmp/m.scn"
[ "$rc" -eq 1 ] && grep -q "^audit: finding flow: row 3 t=[^ ]* j=0 component v: interval \[0, " "$tmp/out"
check "the wrong mass at 3 rows per interval: a flow finding at row 3, component v (exit $rc)" $?
# a check that cannot decide: from a row whose z_c1 = 1e10 the flow is
# too stiff for any step, and 3 rows are too few for the ledger
printf 't,j,q,x,v,x_c,z_c1,z_c2\n0,0,1,-1e-5,-0.1,-1e-5,1e10,0\n1e-4,0,1,-2e-5,-0.1,-2e-5,0,0\n2e-4,0,1,-3e-5,-0.1,-3e-5,0,0\n' >"$tmp/stiff.csv"
run "$exe" audit "$tmp/stiff.csv" --scenario study1 --segment
[ "$rc" -eq 4 ] && has "audit: inconclusive flow: the flow of the scenario could not be integrated from 1 row (the first: row 2 t=0 j=0: the steps ran out)" "$tmp/out" &&
    has "audit: inconclusive ledger: 1 flow interval decided neither by the flow check nor by the energy balance" "$tmp/out" &&
    has "audit: 0 findings (flow 0, flow set 0, jump set 0, reset 0, ledger 0, time domain 0, structure 0, against 0), 2 inconclusive" "$tmp/out"
check "neither the flow nor the ledger can decide: inconclusive, exit 4 (got $rc)" $?

# the structure, each its own finding: two rows at one time without a
# jump (a row repeated cell for cell is the same point, not a finding);
# q changing without a jump
awk -F, 'NR == 50 { print } { print }' "$s1b" >"$tmp/dup.csv"
run "$exe" audit "$tmp/dup.csv" --scenario study1
[ "$rc" -eq 0 ] && has "repeated rows: 1 row repeats the row before cell for cell (the first at line 51): the same point of the hybrid time domain, audited once" "$tmp/out" &&
    has "audit: 0 findings (" "$tmp/out"
check "row 50 repeated cell for cell at line 51: the same point, no finding (exit $rc)" $?
awk -F, -v OFS=, 'NR == 50 { print; $4 = $4 * 1.001 } { print }' "$s1b" >"$tmp/dup.csv"
run "$exe" audit "$tmp/dup.csv" --scenario study1
[ "$rc" -eq 1 ] && grep -q "^audit: finding time domain: row 51 t=[^ ]* j=0: two rows at t = [^ ]* with j = 0: two rows share a time only at a jump" "$tmp/out" &&
    ! has "repeated rows:" "$tmp/out"
check "row 50 repeated at line 51 with x 0.1% off: a time domain finding (exit $rc)" $?
# an exporter that writes the row after each jump twice (the end of one
# segment and the start of the next): the same trajectory, 0 findings,
# its collisions those of the run; the lines named are the file's
awk -F, 'NR > 2 && $1 == t && $2 == j + 1 { print } { print; t = $1; j = $2 }' "$s1b" >"$tmp/twice.csv"
run "$exe" audit "$tmp/twice.csv" --scenario study1 --against "$tmp/b-study1"
[ "$rc" -eq 0 ] && [ "$(wc -l <"$tmp/twice.csv")" -eq 1076 ] &&
    has "twice.csv: 1075 rows, audited against builtin:study1 (law bwmcl, H_r); 26 flow intervals" "$tmp/out" &&
    has "repeated rows: 25 rows repeat the row before cell for cell (the first at line 132): the same point of the hybrid time domain, audited once" "$tmp/out" &&
    has "audit: 0 findings (flow 0, flow set 0, jump set 0, reset 0, ledger 0, time domain 0, structure 0, against 0)" "$tmp/out" &&
    has "collisions i                  equal" "$tmp/out"
check "study1 with the row after each of its 25 jumps written twice: 0 findings, exit 0 (got $rc: $(tail -n 1 "$tmp/out"))" $?
run "$exe" audit "$tmp/twice.csv" --scenario "$tmp/m.scn" --defects "$tmp/def2.csv"
[ "$rc" -eq 1 ] && grep -q "^audit: finding flow: row 3 t=0.0005005005005005005 j=0 component v:" "$tmp/out" &&
    awk -F, 'NR == FNR { t[FNR] = $1; next } FNR > 1 && t[$1] != $2 { bad++ }
        END { exit bad > 0 }' "$tmp/twice.csv" "$tmp/def2.csv"
check "the same rows against a wrong mass: the lines of the findings and of --defects are those of the file (exit $rc)" $?
awk -F, -v OFS=, 'NR == 50 { $3 = 1 } { print }' "$s1b" >"$tmp/q1.csv"
run "$exe" audit "$tmp/q1.csv" --scenario study1
[ "$rc" -eq 1 ] && grep -q "^audit: finding structure: row 50 t=[^ ]* j=0: q changes from 0 to 1 with j = 0 unchanged" "$tmp/out" &&
    grep -q "^audit: finding structure: row 51 t=[^ ]* j=0: q changes from 1 to 0 with j = 0 unchanged" "$tmp/out"
check "q = 1 at row 50 of a flight: two structure findings (exit $rc)" $?

tr="$tmp/study3-bwmcl/trajectory.csv"
sep=$(awk -F, 'NR > 2 && $1 == t && $3 == 0 && q == 1 { print NR; exit } { t = $1; q = $3 }' "$tr")
[ -n "$sep" ]; check "the trajectory has a separation (after row $sep)" $?

# a forgotten reset of z_c: the row after the separation keeps z_c1
z=$(column_of z_c1 "$tr")
awk -F, -v OFS=, -v r="$sep" -v c="$z" 'NR == r - 1 { keep = $c } NR == r { $c = keep } { print }' "$tr" >"$tmp/noreset.csv"
run "$exe" audit "$tmp/noreset.csv" --scenario study3-bwmcl
[ "$rc" -eq 1 ] && grep -q "^audit: finding reset: row $sep t=[^ ]* j=[0-9]* component z_c1: z_c1 =" "$tmp/out"
check "a forgotten reset of z_c1 is found at row $sep (exit $rc)" $?
grep -q "^audit: finding flow: row $((sep + 1)) t=[^ ]* j=2 component z_c1: interval \[[^]]*\] j=2 (q = 0)" "$tmp/out" &&
    has "audit: hint: z_c1 departs first, at the start of the flight [" "$tmp/out" &&
    has "z_c1 is constant apart (Eq. 81), so the row after the jump before it keeps a value the reset of Eqs. (75), (82) sets to 0" "$tmp/out"
check "the forgotten reset: z_c1 departs from the flow at row $((sep + 1)), with a hint that names the reset" $?

# a missed separation: the jump's two rows removed, the flight kept in
# contact (q = 1, j unchanged) up to the next commencement
awk -F, -v OFS=, -v r="$sep" 'NR == r - 1 || NR == r { next }
    NR > r && !done { if ($3 == 1) done = 1; else { $2 = $2 - 1; $3 = 1 } }
    { print }' "$tr" >"$tmp/nosep.csv"
run "$exe" audit "$tmp/nosep.csv" --scenario study3-bwmcl
[ "$rc" -eq 1 ] && grep -q "^audit: finding structure: row [0-9]* t=[^ ]* j=3: j goes from 1 to 3 " "$tmp/out" &&
    grep -q "^audit: finding flow set: row [0-9]* t=[^ ]* j=1: interval \[[^]]*\] j=1 (q = 1): the flow of the scenario from this row leaves the flow set C at t = [^ ]* (x = .*before the next row at t = [^ ]*: a jump of the hybrid system is missing there" "$tmp/out"
check "a missed separation is found: j grows by 2 at the next commencement, and the flow leaves C between two rows (exit $rc)" $?

# a sign error in the applied force: the ledger does not close
f1=$(column_of F_e1 "$tr")
awk -F, -v OFS=, -v c="$f1" 'NR > 1 { $c = -$c } { print }' "$tmp/study1/trajectory.csv" >"$tmp/sign.csv"
run "$exe" audit "$tmp/sign.csv" --scenario study1
[ "$rc" -eq 1 ] && has "audit: finding ledger: row " "$tmp/out" && has "does not close" "$tmp/out"
check "a sign error in the force breaks the ledger (exit $rc)" $?

# energy injected at a jump: v raised by 1% after a commencement
com=$(awk -F, 'NR > 2 && $1 == t && $3 == 1 && q == 0 { print NR; exit } { t = $1; q = $3 }' "$tr")
v=$(column_of v "$tr")
awk -F, -v OFS=, -v r="$com" -v c="$v" 'NR == r { $c = $c * 1.01 } { print }' "$tr" >"$tmp/inject.csv"
run "$exe" audit "$tmp/inject.csv" --scenario study3-bwmcl
[ "$rc" -eq 1 ] && grep -q "^audit: finding reset: row $com t=[^ ]* j=[0-9]* component v: v =" "$tmp/out" && has "energy injected" "$tmp/out"
check "energy injected at the jump at row $com is found (exit $rc)" $?

# a trajectory written independently of collide (SciPy's solve_ivp, the
# exporter of examples/): tests/cli/audit_bugs.sh, which also checks that
# its contact times agree with ours to 10 digits

# ---- the findings of each kind, on the Hertz impact ----
# (20 samples; rows: 2 the start, 4-5 the commencement, 7-8 the
# separation, then the flight at v = +1)
"$exe" run hertz --quiet --samples 20 --csv "$tmp/h20"
h="$tmp/h20/trajectory.csv"
[ "$(sed -n 4p "$h" | cut -d, -f2,3)" = "0,0" ] && [ "$(sed -n 5p "$h" | cut -d, -f2,3)" = "1,1" ] &&
    [ "$(sed -n 8p "$h" | cut -d, -f2,3)" = "2,0" ]
check "hertz: the commencement at rows 4-5, the separation at rows 7-8" $?
xcol=$(column_of x "$h"); vcol=$(column_of v "$h"); qcol=$(column_of q "$h")
# a row of the flight below the contact, approaching: outside C
awk -F, -v OFS=, -v x="$xcol" 'NR == 3 { $x = -$x } { print }' "$h" >"$tmp/c.csv"
run "$exe" audit "$tmp/c.csv" --scenario hertz
[ "$rc" -eq 1 ] && grep -q "^audit: finding flow set: row 3 t=[^ ]* j=0: not in the flow set C (q = 0, x = -0.00473684, v = -1" "$tmp/out"
check "x < 0 and v < 0 apart: a flow set finding at row 3 (exit $rc)" $?
# every row of the flight outside C: ten shown, all counted
n=$(awk -F, 'NR > 8' "$h" | wc -l)
awk -F, -v OFS=, -v x="$xcol" -v v="$vcol" 'NR > 8 { $x = -1 - $x; $v = -1 } { print }' "$h" >"$tmp/c.csv"
run "$exe" audit "$tmp/c.csv" --scenario hertz
[ "$rc" -eq 1 ] && [ "$(grep -c '^audit: finding flow set: ' "$tmp/out")" -eq 10 ] &&
    has "flow set $n, jump set" "$tmp/out"
check "$n rows outside C: 10 shown, $n counted ($(tail -n 1 "$tmp/out"))" $?
# a commencement from x > 0: a jump from outside D
awk -F, -v OFS=, -v x="$xcol" 'NR == 4 || NR == 5 { $x = 0.001 } { print }' "$h" >"$tmp/d.csv"
run "$exe" audit "$tmp/d.csv" --scenario hertz
[ "$rc" -eq 1 ] && grep -q "^audit: finding jump set: row 4 t=[^ ]* j=0: a jump from outside the jump set D (q = 0, x = 0.001, v = -1" "$tmp/out"
check "a commencement at x = 1 mm: a jump set finding at row 4 (exit $rc)" $?
# q not toggled by the commencement
awk -F, -v OFS=, -v q="$qcol" 'NR == 5 { $q = 0 } { print }' "$h" >"$tmp/q.csv"
run "$exe" audit "$tmp/q.csv" --scenario hertz
[ "$rc" -eq 1 ] && grep -q "^audit: finding reset: row 5 t=[^ ]* j=1: q is not toggled by the jump (Eqs. 75, 82)" "$tmp/out"
check "q kept at 0 after the commencement: a reset finding at row 5 (exit $rc)" $?
# a trajectory that starts in contact: its first separation is no collision
{ head -n 1 "$h"; tail -n +5 "$h"; } >"$tmp/late.csv"
run "$exe" audit "$tmp/late.csv" --scenario hertz --segment
[ "$rc" -eq 0 ] && has "collisions recomputed from the rows: 0" "$tmp/out"
check "a segment starting in contact (--segment): 0 findings, no collision (exit $rc)" $?
run "$exe" audit "$tmp/late.csv" --scenario hertz
[ "$rc" -eq 1 ] && has "audit: finding structure: row 2 t=" "$tmp/out" &&
    has "the first row is at t =" "$tmp/out"
check "the same rows without --segment: the start is a structure finding (exit $rc)" $?
# without F_e1, F_e2 the scenario's input is used: study 1 under gravity
f1=$(column_of F_e1 "$tmp/study1/trajectory.csv")
cut -d, -f1-$((f1 - 1)) "$tmp/study1/trajectory.csv" >"$tmp/noforce.csv"
run "$exe" audit "$tmp/noforce.csv" --scenario study1 --against "$tmp/study1/collisions.csv"
[ "$rc" -eq 0 ] && has "audit: 0 findings" "$tmp/out" &&
    has "observables against $tmp/study1/collisions.csv (scd)" "$tmp/out"
check "study1 without F_e1, F_e2 (gravity from the scenario), --against a collisions.csv: passes (exit $rc)" $?
# H_f: study 2, with and without the forces of Eqs. (205)-(211)
"$exe" run study2 --quiet --samples 400 --csv "$tmp/study2"
run "$exe" audit "$tmp/study2/trajectory.csv" --scenario study2 --against "$tmp/study2"
[ "$rc" -eq 0 ] && has "audited against builtin:study2 (law bwshccl, H_f)" "$tmp/out" &&
    has "audit: 0 findings" "$tmp/out" && has "collisions i                  equal" "$tmp/out"
check "study2 (H_f): our trajectory passes, its collisions counted alike (exit $rc)" $?
f1=$(column_of F_e1 "$tmp/study2/trajectory.csv")
cut -d, -f1-$((f1 - 1)) "$tmp/study2/trajectory.csv" >"$tmp/noforce2.csv"
run "$exe" audit "$tmp/noforce2.csv" --scenario study2
[ "$rc" -eq 0 ] && has "audit: 0 findings" "$tmp/out"
check "study2 without F_e1, F_e2: the forces of Eqs. (205)-(211) from the scenario (exit $rc)" $?
awk -F, -v OFS=, -v c="$f1" 'NR > 1 { $c = -$c } { print }' "$tmp/study2/trajectory.csv" >"$tmp/sign2.csv"
run "$exe" audit "$tmp/sign2.csv" --scenario study2
[ "$rc" -eq 1 ] && has "does not close" "$tmp/out"
check "study2 with F_e1 of the wrong sign: the ledger does not close (exit $rc)" $?
# --against a reference of another number of collisions: a finding, the
# comparison made in memory (no temporary file named), the rows of one
# side named by i
head -n 3 "$tmp/study1/collisions.csv" >"$tmp/two.csv"
run "$exe" audit "$tmp/study1/trajectory.csv" --scenario study1 --against "$tmp/two.csv"
[ "$rc" -eq 1 ] && grep -q "^audit: finding against: row 1051 t=0.5 j=25: the trajectory has 12 collisions, the reference $tmp/two.csv has 2" "$tmp/out" &&
    has "row 12 (i = 11) only in A (the observables recomputed from the rows)" "$tmp/out" &&
    has "audit: 1 findings (" "$tmp/out" && ! grep -q 'collide-audit-' "$tmp/out" "$tmp/err"
check "--against a collisions.csv of 2 rows: a finding, exit 1, no temporary named (got $rc)" $?
run "$exe" audit "$tmp/hertz/trajectory.csv" --scenario hertz --against "$tmp/study1"
[ "$rc" -eq 1 ] && has ": the trajectory has 1 collision, the reference $tmp/study1/collisions.csv has 12" "$tmp/out"
check "hertz's one collision against study1's twelve: a finding (got $rc)" $?
# the same number of collisions but other indices
awk -F, -v OFS=, 'NR > 1 { $1 = $1 + 1 } { print }' "$tmp/study1/collisions.csv" >"$tmp/shifted.csv"
run "$exe" audit "$tmp/study1/trajectory.csv" --scenario study1 --against "$tmp/shifted.csv"
[ "$rc" -eq 1 ] && has "audit: finding against: row 1051 t=0.5 j=25: the collisions of the trajectory and of $tmp/shifted.csv differ in their indices i" "$tmp/out"
check "--against collisions numbered from 1: a finding (got $rc)" $?
awk -F, -v OFS=, 'NR == 3 { $1 = "x" } { print }' "$tmp/study1/collisions.csv" >"$tmp/badi.csv"
run "$exe" audit "$tmp/study1/trajectory.csv" --scenario study1 --against "$tmp/badi.csv"
[ "$rc" -eq 3 ] && has 'badi.csv:3: i = "x" is not a finite number' "$tmp/err"
check "--against a reference with i = x: exit 3 naming the line (got $rc)" $?
run "$exe" audit "$tmp/study1/trajectory.csv" --scenario study1 --against "$tmp/none"
[ "$rc" -eq 3 ] && has "$tmp/none/collisions.csv: cannot open" "$tmp/err"
check "--against a missing directory: exit 3 naming its collisions.csv (got $rc)" $?

# --observables FILE: the recomputed collisions, a row each; into a
# missing directory: exit 3 naming it, nothing left
run "$exe" audit "$tmp/study1/trajectory.csv" --scenario study1 --observables "$tmp/obs.csv"
[ "$rc" -eq 0 ] && [ "$(wc -l <"$tmp/obs.csv")" -eq 13 ] &&
    has "collisions recomputed from the rows: 12, written to $tmp/obs.csv" "$tmp/out"
check "--observables: 12 collisions written (exit $rc)" $?
run "$exe" audit "$tmp/study1/trajectory.csv" --scenario study1 --observables "$tmp/nodir/obs.csv"
[ "$rc" -eq 3 ] && has "$tmp/nodir/obs.csv: cannot write the observables: No such file or directory" "$tmp/err" &&
    [ ! -e "$tmp/nodir" ]
check "--observables into a missing directory: exit 3 naming it (got $rc)" $?
# ---- the hybrid time domain ----
# study 1 with j = 0 on every row: q toggles 25 times without a jump
s1="$tmp/study1/trajectory.csv"
awk -F, -v OFS=, 'NR > 1 { $2 = 0 } { print }' "$s1" >"$tmp/j0.csv"
run "$exe" audit "$tmp/j0.csv" --scenario study1
[ "$rc" -eq 1 ] && has "findings (flow 0, flow set 0, jump set 0, reset 0, ledger 0, time domain 25, structure 25, against 0)" "$tmp/out" &&
    has "q changes from 0 to 1 with j = 0 unchanged" "$tmp/out"
check "study1 with j = 0 on every row: 25 time domain (two rows at one time) and 25 structure findings, exit 1 (got $rc)" $?
# study 1's rows through the awk program $1, audited
audit_study1_edited() {
    awk -F, -v OFS=, "$1" "$s1" >"$tmp/edited.csv"
    run "$exe" audit "$tmp/edited.csv" --scenario study1
}
# the time column shifted by 1 ms: under gravity alone the flow does not
# depend on t, so only the start of the hybrid time domain tells
audit_study1_edited 'NR > 1 { $1 = sprintf("%.17g", $1 + 0.001) } { print }'
[ "$rc" -eq 1 ] && has "audit: finding structure: row 2 t=0.001 j=0: the first row is at t = 0.001, j = 0: the trajectory of the scenario starts at t = 0, j = 0" "$tmp/out"
check "study1 with its time column shifted by 1 ms: a structure finding at the first row (got $rc)" $?
# the first row away from the initial state of the scenario (Eq. 79)
audit_study1_edited 'NR == 2 { $4 = $4 * 1.01 } { print }'
[ "$rc" -eq 1 ] && has "audit: finding structure: row 2 t=0 j=0 component" "$tmp/out" &&
    has "the scenario's initial state" "$tmp/out"
check "study1 with the first row off the initial state: a structure finding naming the component (got $rc)" $?
# a row whose time goes back
t49=$(awk -F, 'NR == 49 { print $1 }' "$s1")
audit_study1_edited 'NR == 50 { $1 = 0.01 } { print }'
[ "$rc" -eq 1 ] && has "audit: finding time domain: row 50 t=0.01 j=0: t goes back from $t49 to 0.01" "$tmp/out"
check "t going back at row 50: a finding, exit 1 (got $rc)" $?
# a trajectory that stops before T (the rows of j <= 3 of study 1, to t
# = 0.141 s of 0.5 s) is not the run: a structure finding at its last
# row; the ledger's summary names the span of the rows, not [0, T]
awk -F, 'NR == 1 || $2 <= 3' "$s1" >"$tmp/stops.csv"
tl=$(awk -F, 'END { print $1 }' "$tmp/stops.csv")
nl=$(awk 'END { print NR }' "$tmp/stops.csv")
run "$exe" audit "$tmp/stops.csv" --scenario study1
[ "$rc" -eq 1 ] && has "audit: finding structure: row $nl t=$tl j=3: the last row is at t = $tl, before the scenario's T = 0.5: the trajectory stops before the end of the run (--segment: the rows are a part of a run)" "$tmp/out" &&
    has "audit: 1 findings (flow 0, flow set 0, jump set 0, reset 0, ledger 0, time domain 0, structure 1, against 0)" "$tmp/out" &&
    grep -q "^ledger (Eq. 24) over \[t0, t1\] = \[0, $tl\], the rows' span (T = 0.5): V(t0) = 0 J, V(t1) = 0.00732[0-9]* J, " "$tmp/out" &&
    has "ledger residual over [t0, t1] " "$tmp/out" && ! has "over [0, T]" "$tmp/out"
check "study1 stopped at t = 0.141 of T = 0.5: a structure finding at its last row, the ledger over [0, 0.141] (got $rc)" $?
run "$exe" audit "$tmp/stops.csv" --scenario study1 --segment
[ "$rc" -eq 0 ] && has "audit: 0 findings (" "$tmp/out" &&
    has "ledger (Eq. 24) over [t0, t1] = [0, $tl], the rows' span (T = 0.5)" "$tmp/out"
check "the same rows with --segment: 0 findings, the ledger over the rows' span (got $rc)" $?
# one that starts late (the rows of j >= 22): a structure finding at its
# first row; with --segment none, and the ledger over the rows' span
awk -F, 'NR == 1 || $2 >= 22' "$s1" >"$tmp/starts.csv"
t0=$(awk -F, 'NR == 2 { print $1 }' "$tmp/starts.csv")
run "$exe" audit "$tmp/starts.csv" --scenario study1
[ "$rc" -eq 1 ] && grep -q "^audit: finding structure: row 2 t=$t0 j=22: the first row is at t = $t0, j = 22: the trajectory of the scenario starts at t = 0, j = 0" "$tmp/out" &&
    has "ledger (Eq. 24) over [t0, t1] = [$t0, 0.5], the rows' span (T = 0.5)" "$tmp/out"
check "study1 from j = 22 (t = $t0): a structure finding at its first row, the ledger over [$t0, 0.5] (got $rc)" $?
run "$exe" audit "$tmp/starts.csv" --scenario study1 --segment
[ "$rc" -eq 0 ] && has "audit: 0 findings (" "$tmp/out" &&
    has "ledger (Eq. 24) over [t0, t1] = [$t0, 0.5], the rows' span (T = 0.5)" "$tmp/out"
check "the same rows with --segment: 0 findings, the ledger over [$t0, 0.5] (got $rc)" $?
# j going back, and j growing within an interval of flow
awk -F, -v OFS=, 'NR > 131 { $2 = $2 - 1 } { print }' "$s1" >"$tmp/jback.csv"
run "$exe" audit "$tmp/jback.csv" --scenario study1
[ "$rc" -eq 1 ] && grep -q "^audit: finding structure: row 132 t=[^ ]* j=0: j goes from 1 to 0" "$tmp/out"
check "j going back from 1 to 0: a finding (got $rc)" $?
awk -F, -v OFS=, 'NR > 100 && $2 == 0 { $2 = 1 } { print }' "$s1" >"$tmp/jflow.csv"
run "$exe" audit "$tmp/jflow.csv" --scenario study1
[ "$rc" -eq 1 ] && grep -q "^audit: finding structure: row 101 t=[^ ]* j=1: j grows from 0 to 1 while t moves from" "$tmp/out"
check "j growing between two times: a finding (got $rc)" $?
# a bad cell is echoed up to 40 bytes
awk -F, -v OFS=, 'NR == 5 { $1 = sprintf("%0100d", 7) "x" } { print }' "$s1" >"$tmp/longt.csv"
run "$exe" audit "$tmp/longt.csv" --scenario study1
[ "$rc" -eq 3 ] && has "longt.csv:5: t = '$(printf '%040d' 0)[...]' is not a finite decimal number" "$tmp/err"
check "a cell of 101 bytes is echoed as 40 and [...] (got $rc)" $?

# each bad cell is its message alone on stderr, exit 3 (no "out of
# memory" after it)
for cell in x=nan x=inf x=-inf v=abc t=1e999 q=2; do
    awk -F, -v OFS=, -v c="$(column_of "${cell%%=*}" "$s1")" -v val="${cell#*=}" \
        'NR == 7 { $c = val } { print }' "$s1" >"$tmp/cell.csv"
    case "$cell" in
        q=2) want="collide audit: $tmp/cell.csv:7: q = 2 is outside the allowed range: q in {0, 1}" ;;
        *) want="collide audit: $tmp/cell.csv:7: ${cell%%=*} = '${cell#*=}' is not a finite decimal number" ;;
    esac
    run "$exe" audit "$tmp/cell.csv" --scenario study1
    [ "$rc" -eq 3 ] && [ "$(cat "$tmp/err")" = "$want" ] && [ ! -s "$tmp/out" ]
    check "a cell $cell at line 7: exit 3, its message alone (got $rc: $(tr '\n' '|' <"$tmp/err"))" $?
done

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
cut -d, -f2- "$tr" >"$tmp/not.csv"
run "$exe" audit "$tmp/not.csv" --scenario study3-bwmcl
[ "$rc" -eq 3 ] && has "not.csv:1: no column t (doc/audit.md" "$tmp/err"
check "a trajectory without t: exit 3 naming the column (got $rc)" $?
head -n 2 "$tr" >"$tmp/one.csv"
run "$exe" audit "$tmp/one.csv" --scenario study3-bwmcl
[ "$rc" -eq 3 ] && has "one.csv: fewer than two rows" "$tmp/err"
check "a trajectory of one row: exit 3 (got $rc)" $?
awk -F, -v OFS=, 'NR == 4 { $3 = 2 } { print }' "$tr" >"$tmp/q2.csv"
run "$exe" audit "$tmp/q2.csv" --scenario study3-bwmcl
[ "$rc" -eq 3 ] && has "q2.csv:4: q = 2 is outside the allowed range: q in {0, 1}" "$tmp/err"
check "q = 2: exit 3 naming the line and the range (got $rc)" $?
f2=$(column_of F_e2 "$tr")
awk -F, -v OFS=, -v c="$f2" 'NR == 5 { $c = "x" } { print }' "$tr" >"$tmp/fx.csv"
run "$exe" audit "$tmp/fx.csv" --scenario study3-bwmcl
[ "$rc" -eq 3 ] && has "fx.csv:5: F_e2 = 'x' is not a finite decimal number" "$tmp/err"
check "F_e2 = x: exit 3 naming the line and the column (got $rc)" $?
run "$exe" audit "$tr" --scenario "$tmp/none.scn"
[ "$rc" -eq 3 ] && has "none.scn: cannot open" "$tmp/err"
check "a missing scenario file: exit 3 naming it (got $rc)" $?
run "$exe" audit "$tr"
[ "$rc" -eq 2 ]; check "no --scenario: usage error (got $rc)" $?
run "$exe" audit "$tr" --scenario study3-bwmcl --tol 2
[ "$rc" -eq 3 ] && has "--tol = 2 is outside the allowed range" "$tmp/err"
check "--tol 2: exit 3 with the range (got $rc)" $?
run "$exe" audit "$tr" --scenario study3-bwmcl --set-tol 0
[ "$rc" -eq 3 ] && has "--set-tol = 0 is outside the allowed range" "$tmp/err"
check "--set-tol 0: exit 3 with the range (got $rc)" $?
run "$exe" audit "$tr" --scenario study3-bwmcl --defects "$tmp/nodir/d.csv"
[ "$rc" -eq 3 ] && has "$tmp/nodir/d.csv: cannot write the defects" "$tmp/err"
check "--defects into a missing directory: exit 3 naming it (got $rc)" $?

# a run whose samples all miss the contact (10 on [0, T]): its rows see
# only the ends of the contact, where Phi is zero to rounding; they are in
# C and D to the tolerance, not findings
"$exe" run hertz --samples 10 --csv "$tmp/few" --quiet
run "$exe" audit "$tmp/few/trajectory.csv" --scenario hertz
[ "$rc" -eq 0 ] && has "audit: 0 findings" "$tmp/out"
check "hertz with 10 samples: 0 findings (got $rc: $(grep finding "$tmp/out" | head -n 1))" $?

# 200k columns beside the trajectory's (each name of the header was
# compared with every other: minutes; now linear)
{ printf 't,j,q,x,v,x_c,z_c,'; seq 200000 | sed 's/^/c/' | paste -sd, -
  for r in 0 1 2; do printf '0.0%s,0,0,0.0%s,-1,0,0,' "$r" "$((3 - r))"
      seq 200000 | paste -sd, -; done; } >"$tmp/wide.csv"
run timeout 30 "$exe" audit "$tmp/wide.csv" --scenario hertz --segment
[ "$rc" -eq 0 ] && has "audit: 0 findings" "$tmp/out"
check "a trajectory with 200007 columns is audited within 30 s (exit $rc)" $?

finish audit.sh
