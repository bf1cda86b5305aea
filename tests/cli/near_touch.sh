#!/bin/sh
# near_touch.sh BUILD: `collide run` prints the undecided near-touches of
# a run with its statistics (doc/events.md): the ball of
# tests/test_near_touch.c, which dips 1e-14 m below
# the surface at 4.9e-7 m/s, has one at the paper's tolerances (no
# collision found) and none once they are tightened (the collision found);
# a run with none prints no such line.
. tests/cli_common.sh "$1"

cat >"$tmp/graze.scn" <<'SCN'
system = Hr
law = clamped
k = 1e4
m = 1
x0 = 1e-3
v0 = -0.15491933384907127
input = constant
F = 12
T = 0.05
SCN

run "$exe" run "$tmp/graze.scn"
check "grazing ball: runs (exit $rc)" $rc
has "collisions (Eqs. 193-204): 0" "$tmp/out"
check "grazing ball, rtol 1e-11: no collision found" $?
has "  undecided near-touches 1, at t = 0.0129099" "$tmp/out"
check "grazing ball, rtol 1e-11: one undecided near-touch, at the touch" $?
has "tighten rtol and atol" "$tmp/out"
check "grazing ball, rtol 1e-11: the printout says to tighten the tolerances" $?

run "$exe" run "$tmp/graze.scn" --rtol 1e-13 --atol 1e-16
check "grazing ball, rtol 1e-13, atol 1e-16: runs (exit $rc)" $rc
has "collisions (Eqs. 193-204): 1" "$tmp/out"
check "grazing ball, rtol 1e-13, atol 1e-16: the collision is found" $?
! has "undecided" "$tmp/out"
check "grazing ball, rtol 1e-13, atol 1e-16: nothing undecided, no line" $?

finish near_touch.sh
