#!/bin/sh
# ledger.sh BUILD: every binary64 run checks its energy ledger (Eq. 24)
# against the bound of its tolerances (doc/model.md, "Energy ledger"): a run
# that
# does not hold them fails with status 12, a diagnosis naming the ledger,
# and writes no file; the built-ins pass at their tolerances.
. tests/cli_common.sh "$1"

# study 1 at rtol 0.5 printed Delta_C = -1.03e22 J and exited 0
mkdir -p "$tmp/keep"
echo previous >"$tmp/keep/collisions.csv"
run "$exe" run study1 --rtol 0.5 --atol 1e-3 --csv "$tmp/keep"
[ "$rc" -eq 12 ] && has "the energy ledger (Eq. 24) of the run fails its check" "$tmp/err" &&
    has "the residual exceeds its bound" "$tmp/err" && [ ! -s "$tmp/out" ]
check "run study1 --rtol 0.5 --atol 1e-3: exit 12, the residual exceeds its bound ($(head -c 300 "$tmp/err"))" $?
[ "$(cat "$tmp/keep/collisions.csv")" = previous ] &&
    [ "$(ls "$tmp/keep" | wc -l)" -eq 1 ]
check "run study1 --rtol 0.5: no file written, the previous one kept" $?

# H_f with v_m0 = 1e200: V overflows, the residual was NaN with exit 0
cat >"$tmp/hf.scn" <<'SCN'
system = Hf
law = shccl
k = 1e9
p = 1.5
c = 0
m1 = 1
m2 = 1
x0 = 0.01
v0 = -1
xm0 = 0
vm0 = 1e200
input = none
T = 0.1
outside_proved_domain = 1
SCN
run "$exe" run "$tmp/hf.scn" --csv "$tmp/hf"
[ "$rc" -eq 12 ] && has "fails its check: residual nan J" "$tmp/err" &&
    has "is not finite" "$tmp/err" && [ ! -e "$tmp/hf" ]
check "run H_f with vm0 = 1e200: exit 12, the residual is not finite, no file ($(head -c 300 "$tmp/err"))" $?

# the same H_f at a representable v_m0 passes
sed 's/^vm0 = .*/vm0 = 1e3/' "$tmp/hf.scn" >"$tmp/hf3.scn"
run "$exe" run "$tmp/hf3.scn" --quiet
check "run H_f with vm0 = 1e3: exit 0 (got $rc: $(head -c 200 "$tmp/err"))" "$rc"

# the built-ins pass at their tolerances and at rtol 1e-13
for s in $("$exe" list | awk '{print $1}'); do
    run "$exe" run "$s" --quiet
    check "run $s: passes its ledger check (got $rc: $(head -c 200 "$tmp/err"))" "$rc"
    run "$exe" run "$s" --rtol 1e-13 --atol 1e-16 --quiet
    check "run $s --rtol 1e-13 --atol 1e-16: passes its ledger check (got $rc: $(head -c 200 "$tmp/err"))" "$rc"
done
finish ledger.sh
