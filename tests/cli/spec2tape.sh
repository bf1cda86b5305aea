#!/bin/sh
# spec2tape.sh BUILD: the high-precision engine's tape forms of the laws
# (src/mp/mp_law_spec.c) are what proofs/spec2tape.py writes from spec/
# today; and the generator refuses what it cannot read on a piece: a
# spec/ definition changed to a conditional that is no tape operation
# makes it fail, naming the definition, and write nothing.
. tests/cli_common.sh "$1"

if ! command -v python3 >/dev/null 2>&1; then
    echo "spec2tape.sh: python3 not found (Debian package python3): skipped"
    exit 0
fi
run python3 proofs/spec2tape.py --check spec src/mp/mp_law_spec.c
check "src/mp/mp_law_spec.c is current with spec/ (make tapes)" $rc

cp -r spec "$tmp/spec"
python3 proofs/spec2tape.py "$tmp/spec" "$tmp/gen.c" 2>/dev/null
cmp -s "$tmp/gen.c" src/mp/mp_law_spec.c
check "the generator writes src/mp/mp_law_spec.c from a copy of spec/" $?

# A mutant of the spec: pow_sgn's negative side made positive.
sed 's/\\neg_double(pow_abs(x, p))/pow_abs(x, p)/' spec/power.acsl >"$tmp/spec/power.acsl"
python3 proofs/spec2tape.py --check "$tmp/spec" src/mp/mp_law_spec.c 2>"$tmp/err"
[ $? -eq 1 ]
check "a changed spec/power.acsl makes the committed form stale" $?

# A conditional with no tape operation: a clamped force of k where x_c < 0.
sed 's/lt_double(xc, (double)0.0) ? xc : (double)0.0;/lt_double(xc, (double)0.0) ? (double)1.0 : (double)0.0;/' \
    spec/law_clamped_equations.acsl >"$tmp/spec/law_clamped_equations.acsl"
cp spec/power.acsl "$tmp/spec/power.acsl"
rm -f "$tmp/gen2.c"
python3 proofs/spec2tape.py "$tmp/spec" "$tmp/gen2.c" 2>"$tmp/err"
[ $? -eq 1 ] && [ ! -e "$tmp/gen2.c" ] &&
    has "law_clamped_equations.acsl: clamped_force" "$tmp/err" &&
    has "no operation of the tape" "$tmp/err"
check "a conditional that is no tape operation is refused, naming it" $?

finish spec2tape.sh
