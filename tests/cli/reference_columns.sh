#!/bin/sh
# reference_columns.sh BUILD: collide's binary64 output agrees with every
# set of reference_data/ to 6 digits on every column. For each set, its
# scenario (meta.json scenario.source) is run at the set's samples
# (meta.json settings.samples) with --rtol 1e-13 --atol 1e-16, and
# `collide compare DIR reference_data/SET --digits 6` must exit 0: every
# row matched by key, every numeric column at 6 digits or more, every
# integer or text column equal.
#
# The sets of KNOWN fail for a reason stated below; they are skipped
# unless REFERENCE_COLUMNS_ALL=1 is set, and a known failure that passes
# is reported so that it can leave the list:
#   slow-approach: Delta_D = 4.13e-23 J (collisions, ledger) is the
#     difference of two values of V of 5e-9 J, each rounded in binary64
#     to 5e-9 * 2^-53 = 5.6e-25 J: 6 digits of the difference would need
#     V to 4e-29 J, 10^4 times finer than one rounding. binary64 holds
#     3.2 digits; the column is exact only in the high-precision mode.
# (example-v2, hertz, gamma-minus-beta, with a grid time at an event, and
# free-fall, with a tangential separation, failed until both engines took
# a sample at an event before the jump and the margin's resolution was
# mended.)
. tests/cli_common.sh "$1"

KNOWN="slow-approach"

for meta in reference_data/*/meta.json; do
    dir=${meta%/meta.json}
    set=${dir#reference_data/}
    src=$(sed -n -E 's/^    "source": "([^"]*)",?$/\1/p' "$meta")
    n=$(sed -n -E 's/^    "samples": ([0-9]+),?$/\1/p' "$meta")
    known=0
    case " $KNOWN " in *" $set "*) known=1 ;; esac
    if [ "$known" -eq 1 ] && [ -z "$REFERENCE_COLUMNS_ALL" ]; then
        "$exe" run "$src" --samples "$n" --rtol 1e-13 --atol 1e-16 --quiet \
            --csv "$tmp/$set" >/dev/null 2>&1 &&
            "$exe" compare "$tmp/$set" "$dir" --digits 6 >/dev/null 2>&1 &&
            echo "note: $set (a known failure) now passes: remove it from KNOWN"
        echo "skip: $set: a known failure (see the head of this file)"
        continue
    fi
    [ -n "$src" ] && [ -n "$n" ]
    check "$set: meta.json names its scenario ($src) and samples ($n)" $?
    run "$exe" run "$src" --samples "$n" --rtol 1e-13 --atol 1e-16 --quiet \
        --csv "$tmp/$set"
    check "$set: collide run $src --samples $n --rtol 1e-13 --atol 1e-16 (exit $rc)" $rc
    run "$exe" compare "$tmp/$set" "$dir" --digits 6
    [ "$rc" -eq 0 ]
    check "$set: compare --digits 6 (exit $rc; $(grep -E '^below|only in' "$tmp/out" | head -n 3 | tr '\n' ' ')$(tail -n 1 "$tmp/out"))" $?
done

finish reference_columns.sh
