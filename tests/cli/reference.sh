#!/bin/sh
# reference.sh BUILD: a subset of reference_data/ (the closed-form cases
# and two of the further scenarios) is generated again and compared with
# the committed files to the digits the sets claim (meta.json "digits"):
# every table, every numeric column, and the same meta.json apart from
# the scd it measured and the versions.
. tests/cli_common.sh "$1"

subset="example-v2 hertz free-fall gamma-minus-beta"
sh reference_data/generate.sh "$1" "$tmp" $subset >"$tmp/log" 2>&1
check "generate.sh regenerates $subset (exit $?)" $?
for name in $subset; do
    ref=reference_data/$name
    digits=$(sed -n -E 's/^  "digits": ([0-9]+),/\1/p' "$ref/meta.json")
    [ -n "$digits" ]
    check "$name: meta.json states its digits ($digits)" $?
    "$exe" compare "$tmp/$name" "$ref" --digits "$digits" >"$tmp/cmp" 2>&1
    check "$name: every table matches the committed set to $digits digits" $?
    for t in collisions events ledger samples; do
        [ -s "$ref/$t.csv" ] && [ -s "$ref/$t.scd.csv" ]
        check "$name: $t.csv and $t.scd.csv are committed" $?
    done
    # (the scd and the versions depend on the MPFR build; the rest not)
    sed '/"scd": {/,/^  },/d; /_version/d' "$tmp/$name/meta.json" >"$tmp/m1"
    sed '/"scd": {/,/^  },/d; /_version/d' "$ref/meta.json" >"$tmp/m2"
    cmp -s "$tmp/m1" "$tmp/m2"
    check "$name: meta.json is what generate.sh writes" $?
done

finish reference.sh
