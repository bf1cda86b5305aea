#!/bin/sh
# reference.sh BUILD: a subset of reference_data/ (the closed-form cases
# and two of the further scenarios) is generated again and compared with
# the committed files to the digits the sets claim (meta.json
# options.digits_asked): every table, every numeric column, and the same
# meta.json apart from what depends on the MPFR build (the check's digits,
# the statistics) and the program's version and source revision.
. tests/cli_common.sh "$1"

subset="example-v2 hertz free-fall gamma-minus-beta"
sh reference_data/generate.sh "$1" "$tmp" $subset >"$tmp/log" 2>&1
check "generate.sh regenerates $subset (exit $?)" $?
for name in $subset; do
    ref=reference_data/$name
    digits=$(sed -n -E 's/^    "digits_asked": ([0-9]+),/\1/p' "$ref/meta.json")
    [ -n "$digits" ]
    check "$name: meta.json states its digits ($digits)" $?
    "$exe" compare "$tmp/$name" "$ref" --digits "$digits" >"$tmp/cmp" 2>&1
    check "$name: every table matches the committed set to $digits digits" $?
    for t in collisions events ledger samples; do
        [ -s "$ref/$t.csv" ] && [ -s "$ref/$t.scd.csv" ]
        check "$name: $t.csv and $t.scd.csv are committed" $?
    done
    # (the check's digits, the statistics, the version and the revision
    # depend on the MPFR build or the program; the rest not)
    i=1
    for m in "$tmp/$name" "$ref"; do
        sed '/^  "check": {/,/^  },/d; /^  "statistics": {/,/^  },/d; /^    "version": /d; /^    "revision": /d' \
            "$m/meta.json" >"$tmp/m$i"
        i=2
    done
    [ -s "$tmp/m1" ] && cmp -s "$tmp/m1" "$tmp/m2"
    check "$name: meta.json is what the program writes" $?
    grep -q "^command = collide run .* --csv reference_data/$name\$" "$ref/MANIFEST" &&
        ! grep -q 'tmp' "$ref/MANIFEST"
    check "$name: the MANIFEST names the set's own directory, no temporary" $?
done

finish reference.sh
