#!/bin/sh
# outside_domain.sh BUILD: --outside-proved-domain of `collide run`,
# `collide sweep` and `collide plot` has the effect of the scenario key
# outside_proved_domain = 1. A scenario with k = 5e12 (beyond 2^40, the
# domain of spec/law_domain.acsl) is refused without it (exit 3, the
# message names the option) and runs with it (exit 0); the printout and
# the MANIFEST of the result set say where and why the run left the
# domain; a sweep point outside the domain runs with it and refuses the
# grid without it; the option is part of the scenario's fingerprint.
. tests/cli_common.sh "$1"
case "$exe" in /*) ;; *) exe="$(pwd)/$exe" ;; esac

# the Hertzian scenario with a gain beyond 2^40
cat >"$tmp/k.scn" <<'SCN'
system = Hr
law = shccl
k = 5e12
p = 1.5
c = 0
m = 1
x0 = 0.01
v0 = -1
input = none
T = 0.1
SCN

# ---- run: refused without the option ----
run "$exe" run "$tmp/k.scn" --csv "$tmp/no"
check "run k = 5e12: exit 3 without the option (got $rc)" $([ "$rc" -eq 3 ]; echo $?)
has "k = 5e12 is outside the proof domain: k in [0, 2^40]" "$tmp/err"
check "run k = 5e12: the refusal names the quantity, the value and the domain" $?
has "--outside-proved-domain" "$tmp/err"
check "run k = 5e12: the refusal names the option" $?
[ ! -e "$tmp/no" ]
check "run k = 5e12: no result set without the option" $?

# ---- run: runs with the option ----
run "$exe" run "$tmp/k.scn" --outside-proved-domain --csv "$tmp/yes"
check "run k = 5e12 --outside-proved-domain: exit 0 (got $rc)" $rc
has "outside the proof domain from t = 0 s: k = 5000000000000 is outside the proof domain: k in [0, 2^40]" "$tmp/out"
check "run --outside-proved-domain: the printout says where and why" $?
grep -qx "proof domain = left at t = 0 s: k = 5000000000000 is outside the proof domain: k in \[0, 2^40\] (spec/law_domain.acsl, domain_gain)" "$tmp/yes/MANIFEST"
check "run --outside-proved-domain: the MANIFEST says where and why" $?
grep -q "^file = collisions.csv$" "$tmp/yes/MANIFEST"
check "run --outside-proved-domain: the MANIFEST still lists the files" $?

# the key in the file gives the same run, the same MANIFEST line
{ cat "$tmp/k.scn"; echo "outside_proved_domain = 1"; } >"$tmp/key.scn"
run "$exe" run "$tmp/key.scn" --csv "$tmp/key"
check "run with outside_proved_domain = 1: exit 0 (got $rc)" $rc
grep "^proof domain = " "$tmp/key/MANIFEST" >"$tmp/key.line"
grep "^proof domain = " "$tmp/yes/MANIFEST" >"$tmp/yes.line"
[ -s "$tmp/key.line" ]
check "run with outside_proved_domain = 1: the MANIFEST says where and why" $?
cmp -s "$tmp/key.line" "$tmp/yes.line"
check "run: the key and the option give the same MANIFEST line" $?
cmp -s "$tmp/key/collisions.csv" "$tmp/yes/collisions.csv"
check "run: the key and the option give the same collisions" $?

# a run inside the domain has no such line, with or without the option
run "$exe" run hertz --csv "$tmp/in"
check "run hertz: exit 0 (got $rc)" $rc
! grep -q "^proof domain" "$tmp/in/MANIFEST"
check "run hertz: no proof domain line in the MANIFEST" $?
! has "outside the proof domain" "$tmp/out"
check "run hertz: no domain line in the printout" $?
run "$exe" run hertz --outside-proved-domain --csv "$tmp/in2"
check "run hertz --outside-proved-domain: exit 0 (got $rc)" $rc
! grep -q "^proof domain" "$tmp/in2/MANIFEST"
check "run hertz --outside-proved-domain: no proof domain line (it stayed inside)" $?
[ "$(grep '^scenario = ' "$tmp/in/MANIFEST")" != "$(grep '^scenario = ' "$tmp/in2/MANIFEST")" ]
check "run: the option is part of the scenario's fingerprint" $?

# a flag: no value
run "$exe" run hertz --outside-proved-domain=1
check "run --outside-proved-domain=1: usage error, exit 2 (got $rc)" $([ "$rc" -eq 2 ]; echo $?)

# ---- sweep: a point outside the domain ----
cat >"$tmp/grid.txt" <<GRID
scenario = $tmp/k.scn
k = 1e9, 5e12
GRID
run "$exe" sweep "$tmp/grid.txt" --threads 1 --out "$tmp/no.csv"
check "sweep with k = 5e12: exit 3 without the option (got $rc)" $([ "$rc" -eq 3 ]; echo $?)
has "point 1:" "$tmp/err" && has "k = 5e12 is outside the proof domain" "$tmp/err"
check "sweep: the refusal names the point and the quantity" $?
run "$exe" sweep "$tmp/grid.txt" --threads 1 --outside-proved-domain --out "$tmp/yes.csv"
check "sweep --outside-proved-domain: exit 0 (got $rc)" $rc
[ "$(sed -n 3p "$tmp/yes.csv" | cut -d, -f1-3)" = "1,5e12,1" ] &&
    [ "$(sed -n 3p "$tmp/yes.csv" | awk -F, '{print $NF}')" = "ok" ]
check "sweep --outside-proved-domain: point 1 (k = 5e12) ran, 1 collision, ok" $?

# ---- the high-precision engine: its state checked after each accepted
# step, as the binary64 engine's (a constant force of -1e7 N on 1 kg drives
# v_c beyond domain_speed, 1024 m/s, within a millisecond) ----
cat >"$tmp/fast.scn" <<'SCN'
system = Hr
law = shccl
k = 1e6
p = 1.5
c = 0
m = 1
x0 = 0.5
v0 = -1
input = constant
F = -1e7
T = 0.01
SCN
run "$exe" run "$tmp/fast.scn" --precision 113 --csv "$tmp/mpno"
check "run --precision 113 leaving the domain: exit 14 (got $rc)" $([ "$rc" -eq 14 ]; echo $?)
has "the run left the proof domain: v_c = -" "$tmp/err" &&
    has "is outside the proof domain: v_c in [-1024, 1024] m/s" "$tmp/err"
check "run --precision 113 leaving the domain: the failure names v_c and its domain" $?
run "$exe" run "$tmp/fast.scn" --precision 113 --outside-proved-domain --csv "$tmp/mpyes"
check "run --precision 113 --outside-proved-domain: exit 0 (got $rc)" $rc
grep -q "^proof domain = left at t = 0.000.* s: v_c = -.* is outside the proof domain: v_c in \[-1024, 1024\] m/s" "$tmp/mpyes/MANIFEST"
check "run --precision 113 --outside-proved-domain: the MANIFEST says where and why" $?
grep -q '"left": true' "$tmp/mpyes/meta.json"
check "run --precision 113 --outside-proved-domain: meta.json says the run left" $?
run "$exe" run "$tmp/k.scn" --precision 113 --outside-proved-domain --csv "$tmp/mpk"
grep -qx "proof domain = left at t = 0 s: k = 5000000000000 is outside the proof domain: k in \[0, 2^40\] (spec/law_domain.acsl, domain_gain)" "$tmp/mpk/MANIFEST"
check "run k = 5e12 --precision 113 --outside-proved-domain: the MANIFEST says t = 0 and k" $?
run "$exe" run hertz --precision 113 --outside-proved-domain --csv "$tmp/mpin"
[ "$rc" -eq 0 ] && ! grep -q "^proof domain" "$tmp/mpin/MANIFEST" &&
    grep -q '"left": false' "$tmp/mpin/meta.json"
check "run hertz --precision 113: no proof domain line (it stayed inside)" $?

finish outside_domain.sh
