#!/bin/sh
# run-proofs.sh BUILD FILE... - the whole proof check of `make proofs`:
# Frama-C/WP on the core files (run-wp.sh, summary in proofs/summary.txt),
# then the Why3 theories of proofs/why3 (run-why3.sh).  Prints both
# summaries and, as its last line, "proofs: N goals, P proved, U unproved"
# for the two together; fails unless every goal of both is proved.
set -u
build=$1; shift
dir=$(dirname "$0")
wp_out=$(sh "$dir/run-wp.sh" "$build" "$@"); wp_status=$?
echo "$wp_out"
w3_out=$(sh "$dir/run-why3.sh" "$build"); w3_status=$?
echo "$w3_out"
counts() {
    echo "$1" | sed -n -E "s/^$2: ([0-9]+) goals, ([0-9]+) proved, ([0-9]+) unproved$/\1 \2 \3/p" | tail -n 1
}
set -- $(counts "$wp_out" wp) $(counts "$w3_out" why3)
if [ $# -ne 6 ]; then
    echo "run-proofs: a summary line is missing" >&2
    echo "proofs: 0 goals, 0 proved, 0 unproved"
    exit 1
fi
echo "proofs: $(($1 + $4)) goals, $(($2 + $5)) proved, $(($3 + $6)) unproved"
[ "$wp_status" -eq 0 ] && [ "$w3_status" -eq 0 ] && [ $(($3 + $6)) -eq 0 ]
