#!/bin/sh
# run-proofs.sh BUILD FILE... - the whole proof check of `make proofs`:
# Frama-C/WP and its smoke tests on the core files (run-wp.sh, which prints
# its progress per file), then the Why3 theories of proofs/why3
# (run-why3.sh).  Writes under BUILD/proofs/ (nothing in the source tree):
#   summary.txt   the WP summary (run-wp.sh); the Why3 one is BUILD/why3/summary
#   report.json   per C function and property, and per Why3 goal: status,
#                 prover, time (proof-report.sh)
#   junit.xml     the same as JUnit XML: one test case per function and
#                 property, failures marked, for CI systems to display
# Prints both summaries and, as its last line,
# "proofs: N goals, P proved, U unproved" for the two together (smoke tests
# are not goals: run-wp.sh prints them on the line before); fails unless
# every goal of both is proved and no smoke test failed.
set -u
build=$1; shift
dir=$(dirname "$0")
out=$build/proofs
mkdir -p "$out" || exit 1
rm -f "$out/report.json" "$out/junit.xml" "$out"/*.status "$build/why3/records"

{ sh "$dir/run-wp.sh" "$build" "$@"; echo $? >"$out/wp.status"; } |
    tee "$out/wp.out"
echo "why3: proving the theories of $dir/why3"
{ sh "$dir/run-why3.sh" "$build"; echo $? >"$out/why3.status"; } |
    tee "$out/why3.out"
wp_status=$(cat "$out/wp.status" 2>/dev/null || echo 1)
w3_status=$(cat "$out/why3.status" 2>/dev/null || echo 1)

# The reports, and a check that they are well-formed.
report_status=0
if [ -r "$out/wp-goals.tsv" ]; then
    sh "$dir/proof-report.sh" "$out/wp-goals.tsv" "$build/why3/records" \
        "$out/report.json" "$out/junit.xml" || report_status=1
    if [ "$report_status" -eq 0 ]; then
        if command -v xmllint >/dev/null 2>&1; then
            xmllint --noout "$out/junit.xml" || report_status=1
        elif command -v python3 >/dev/null 2>&1; then
            python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' \
                "$out/junit.xml" || report_status=1
        fi
        if command -v python3 >/dev/null 2>&1; then
            python3 -c 'import sys, json; json.load(open(sys.argv[1]))' \
                "$out/report.json" || report_status=1
        fi
    fi
    [ "$report_status" -eq 0 ] &&
        echo "proof reports: $out/report.json, $out/junit.xml" ||
        echo "run-proofs: the reports are malformed" >&2
else
    report_status=1
    echo "run-proofs: no goal table from run-wp.sh: no reports" >&2
fi

counts() {
    sed -n -E "s/^$2: ([0-9]+) goals, ([0-9]+) proved, ([0-9]+) unproved$/\1 \2 \3/p" "$1" | tail -n 1
}
set -- $(counts "$out/wp.out" wp) $(counts "$out/why3.out" why3)
if [ $# -ne 6 ]; then
    echo "run-proofs: a summary line is missing" >&2
    echo "proofs: 0 goals, 0 proved, 0 unproved"
    exit 1
fi
[ "$wp_status" -eq 0 ] || [ $(($3)) -gt 0 ] ||
    echo "run-proofs: WP failed: a smoke test failed or frama-c did not complete (see run-wp's messages above)" >&2
echo "proofs: $(($1 + $4)) goals, $(($2 + $5)) proved, $(($3 + $6)) unproved"
[ "$wp_status" -eq 0 ] && [ "$w3_status" -eq 0 ] && [ "$report_status" -eq 0 ] &&
    [ $(($3 + $6)) -eq 0 ]
