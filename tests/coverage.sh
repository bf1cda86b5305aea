#!/bin/sh
# coverage.sh BUILD: after `make test` of a build compiled with --coverage
# in BUILD, captures the line and branch coverage of src/ and tools/ with lcov, writes
# the genhtml report to BUILD/html and prints, last, the line
# "coverage: lines L%, branches B%". Exits non-zero when lines < 95% or
# branches < 90% (make coverage).
build="$1"
[ -d "$build" ] || { echo "coverage.sh: no build directory $build" >&2; exit 2; }
rc="--rc lcov_branch_coverage=1"
all="$build/all.info"
info="$build/coverage.info"

# capture every .gcda under BUILD, then keep the files of src/ and tools/ only
# (drops tests/ and the system headers)
# (lcov's own warnings go to BUILD/lcov.log, shown when it fails)
# shellcheck disable=SC2086
lcov $rc --quiet --capture --directory "$build" --output-file "$all" \
    2>"$build/lcov.log" || { cat "$build/lcov.log" >&2; exit 1; }
# shellcheck disable=SC2086
lcov $rc --quiet --extract "$all" "$(pwd)/src/*" "$(pwd)/tools/*" \
    --output-file "$info" || exit 1
# shellcheck disable=SC2086
genhtml $rc --quiet --branch-coverage --output-directory "$build/html" \
    "$info" || exit 1
# shellcheck disable=SC2086
lcov $rc --list "$info" || exit 1
echo "report: $build/html/index.html"

# totals from the tracefile: LF/LH lines found/hit, BRF/BRH branches;
# figures are truncated to one decimal so that they never overstate
awk -F: '
    $1 == "LF" { lf += $2 }  $1 == "LH" { lh += $2 }
    $1 == "BRF" { bf += $2 } $1 == "BRH" { bh += $2 }
    END {
        l = lf ? int(1000 * lh / lf) / 10 : 0
        b = bf ? int(1000 * bh / bf) / 10 : 0
        ok = (lh * 100 >= 95 * lf) && (bh * 100 >= 90 * bf)
        if (!ok) print "coverage: below the thresholds (lines 95%, branches 90%)"
        printf "coverage: lines %.1f%%, branches %.1f%%\n", l, b
        exit ok ? 0 : 1
    }' "$info"
