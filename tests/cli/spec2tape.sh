#!/bin/sh
# spec2tape.sh BUILD: the high-precision engine's equations generated
# from spec/ (src/mp/mp_law_spec.c, the laws' tapes; src/mp/mp_spec.h and
# mp_spec.c, the derived quantities, flow, storage, supply, residual and
# observables) are what proofs/spec2tape.py writes from spec/ today; and the generator refuses what it cannot read on a piece: a
# spec/ definition changed to a conditional that is no tape operation
# makes it fail, naming the definition, and write nothing.
. tests/cli_common.sh "$1"

if ! command -v python3 >/dev/null 2>&1; then
    echo "spec2tape.sh: python3 not found (Debian package python3): skipped"
    exit 0
fi
run python3 proofs/spec2tape.py --check spec src/mp
check "src/mp/mp_law_spec.c, mp_spec.h, mp_spec.c are current with spec/ (make tapes)" $rc

cp -r spec "$tmp/spec"
mkdir "$tmp/gen" "$tmp/gen2"
python3 proofs/spec2tape.py "$tmp/spec" "$tmp/gen" 2>/dev/null
cmp -s "$tmp/gen/mp_law_spec.c" src/mp/mp_law_spec.c &&
    cmp -s "$tmp/gen/mp_spec.c" src/mp/mp_spec.c &&
    cmp -s "$tmp/gen/mp_spec.h" src/mp/mp_spec.h
check "the generator writes the three files from a copy of spec/" $?

# A mutant of the spec: pow_sgn's negative side made positive.
sed 's/\\neg_double(pow_abs(x, p))/pow_abs(x, p)/' spec/power.acsl >"$tmp/spec/power.acsl"
python3 proofs/spec2tape.py --check "$tmp/spec" src/mp 2>"$tmp/err"
[ $? -eq 1 ] && has "mp_law_spec.c not what spec/ generates" "$tmp/err"
check "a changed spec/power.acsl makes the committed laws stale" $?
cp spec/power.acsl "$tmp/spec/power.acsl"

# A mutant of Eq. (24): the residual without Delta_D.
sed 's/\\add_double(\\add_double(\\sub_double(vt, v0), delta_c), delta_d)/\\add_double(\\sub_double(vt, v0), delta_c)/' \
    spec/ledger.acsl >"$tmp/spec/ledger.acsl"
cmp -s spec/ledger.acsl "$tmp/spec/ledger.acsl"
changed=$?
python3 proofs/spec2tape.py --check "$tmp/spec" src/mp 2>"$tmp/err"
[ $? -eq 1 ] && [ $changed -eq 1 ] && has "mp_spec.c" "$tmp/err"
check "a changed Eq. (24) in spec/ledger.acsl makes mp_spec.c stale" $?
cp spec/ledger.acsl "$tmp/spec/ledger.acsl"

# A mutant of Eq. (208): F_e,1 without the draw's sign.
sed 's/\\sub_double(\\neg_double(draw), \\mul_double(m1, a))/\\sub_double(draw, \\mul_double(m1, a))/' \
    spec/input_forces.acsl >"$tmp/spec/input_forces.acsl"
cmp -s spec/input_forces.acsl "$tmp/spec/input_forces.acsl"
changed=$?
python3 proofs/spec2tape.py --check "$tmp/spec" src/mp 2>"$tmp/err"
[ $? -eq 1 ] && [ $changed -eq 1 ] && has "mp_spec.c" "$tmp/err"
check "a changed Eq. (208) in spec/input_forces.acsl makes mp_spec.c stale" $?
cp spec/input_forces.acsl "$tmp/spec/input_forces.acsl"

# pi_double must be the double nearest pi: a literal one digit off is refused.
sed 's/logic double pi_double = (double)3.14159265358979323846;/logic double pi_double = (double)3.14159265358979;/' \
    spec/derived.acsl >"$tmp/spec/derived.acsl"
python3 proofs/spec2tape.py "$tmp/spec" "$tmp/gen2" 2>"$tmp/err"
[ $? -eq 1 ] && [ -z "$(ls "$tmp/gen2")" ] &&
    has "pi_double is not the literal of the double nearest pi" "$tmp/err"
check "a pi_double that is not the double nearest pi is refused" $?
cp spec/derived.acsl "$tmp/spec/derived.acsl"

# A conditional with no tape operation: a clamped force of k where x_c < 0.
sed 's/lt_double(xc, (double)0.0) ? xc : (double)0.0;/lt_double(xc, (double)0.0) ? (double)1.0 : (double)0.0;/' \
    spec/law_clamped_equations.acsl >"$tmp/spec/law_clamped_equations.acsl"
python3 proofs/spec2tape.py "$tmp/spec" "$tmp/gen2" 2>"$tmp/err"
[ $? -eq 1 ] && [ -z "$(ls "$tmp/gen2")" ] &&
    has "law_clamped_equations.acsl: clamped_force" "$tmp/err" &&
    has "no operation of the tape" "$tmp/err"
check "a conditional that is no tape operation is refused, naming it" $?

finish spec2tape.sh
