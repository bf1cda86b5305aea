#!/bin/sh
# proof-coverage.sh BUILD CORE SKIP - `make proof-coverage`: runs the
# studies with the coverage build BUILD/proofcov/collide (compiled with
# --coverage by the make target), takes gcov's JSON of each run and
# prints, with proofs/proof_coverage.py, how many of the executed lines and
# functions are in proved functions (CORE: the files of WP_CORE, SKIP:
# WP_SKIP; the statuses of BUILD/proofs/report.json when `make proofs` wrote
# it) and how many have a contract that fixes their result, per folder.
# Writes BUILD/proofs/coverage.json and BUILD/proofs/coverage-outside.txt
# (the executed functions of the simulation code of the binary64 runs that
# are not proved with a result contract, their executed lines and why);
# the runs write nothing in the tree.
set -u
build=$1; core=$2; skip=$3
dir=$(dirname "$0")
cov=$build/proofcov
exe=$(cd "$cov" && pwd)/collide
[ -x "$exe" ] || { echo "proof-coverage: no $cov/collide" >&2; exit 1; }
mkdir -p "$build/proofs" || exit 1
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

python3 "$dir/proof_coverage.py" --selftest || exit 1

set --
for args in "run study1" "run study2" "run study1 --precision 128"; do
    label=$(printf '%s' "$args" | tr -c 'A-Za-z0-9' '-')
    find "$cov" -name '*.gcda' -delete
    # shellcheck disable=SC2086
    (cd "$work" && "$exe" $args) >"$cov/$label.out" 2>&1 || {
        echo "proof-coverage: collide $args failed (see $cov/$label.out)" >&2
        exit 1
    }
    # shellcheck disable=SC2046
    gcov --json-format --stdout $(find "$cov" -name '*.gcda') \
        >"$cov/$label.gcov.jsonl" 2>"$cov/gcov.log" || {
        cat "$cov/gcov.log" >&2; exit 1
    }
    set -- "$@" --run "$args=$cov/$label.gcov.jsonl"
done
find "$cov" -name '*.gcda' -delete

python3 "$dir/proof_coverage.py" --core "$core" --skip "$skip" \
    --report "$build/proofs/report.json" --json "$build/proofs/coverage.json" \
    --outside "$build/proofs/coverage-outside.txt" \
    --binary64 "run study1" --binary64 "run study2" "$@"
rc=$?
echo "proof coverage: what is outside, and why: $build/proofs/coverage-outside.txt"
exit $rc
