#!/bin/sh
# proof_coverage.sh BUILD: the classification of `make proof-coverage`
# (proofs/proof_coverage.py): its self-test on a fake header, C file,
# spec/ predicate, WP report and gcov JSON, and, on the sources of this
# tree, a few functions whose class is known (a law with an equation
# contract, a WP_SKIP function, a function outside the core).
. tests/cli_common.sh "$1"

if ! command -v python3 >/dev/null 2>&1; then
    echo "proof_coverage: no python3, skipped"
    finish proof_coverage; exit $?
fi
run python3 proofs/proof_coverage.py --selftest
[ "$rc" -eq 0 ] && has "proof_coverage selftest: ok" "$tmp/out"
check "the classification of a fake header and gcov JSON (exit $rc)" $?

skip=$(sed -n 's/^WP_SKIP *= *//p' proofs/proofs.mk)
core=$(ls src/model/*.c src/kernel/*.c)
cat >"$tmp/class.py" <<'PY'
import sys
sys.path.insert(0, "proofs")
import proof_coverage as pc
cls = pc.Classifier(sys.argv[1].split(), sys.argv[2].split(","))
for path, name in [("src/model/ledger.c", "ledger_residual"),
                   ("src/kernel/select.c", "transversality_margin"),
                   ("src/model/powabs.c", "powabs"),
                   ("src/b64/engine.c", "engine_run")]:
    print(name, int(cls.proved(path, name)), int(cls.result(path, name)))
PY
run python3 "$tmp/class.py" "$core" "$skip"
check "the sources classify (exit $rc)" "$rc"
has "ledger_residual 1 1" "$tmp/out"
check "ledger_residual: proved, its result fixed by Eq. (24)" $?
has "transversality_margin 1 1" "$tmp/out"
check "transversality_margin: proved, its result fixed" $?
has "powabs 0 0" "$tmp/out"
check "powabs (WP_SKIP): not proved" $?
has "engine_run 0 0" "$tmp/out"
check "a function of src/b64: not proved" $?

finish proof_coverage
