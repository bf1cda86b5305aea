#!/bin/sh
# meta.sh BUILD: every result set holds the meta.json the program writes
# (doc/output.md): listed in its MANIFEST, valid against
# reference_data/meta.schema.json (tests/meta_check.py), a unit for every
# column of every table, the same bytes when the run is made again; in a
# binary64 set and in a checked high-precision set. And compare of sets
# with different sample grids says so and names the option.
. tests/cli_common.sh "$1"

schema=reference_data/meta.schema.json
if ! command -v python3 >/dev/null 2>&1; then
    echo "skipped: python3 is not installed (make check installs it)"
    finish meta.sh
    exit 0
fi
valid() { python3 tests/meta_check.py "$schema" "$@" >"$tmp/why" 2>&1; }
# the value at a path of meta.json (python3 json), as JSON
value() { # DIR EXPR
    python3 -c "import json,sys; d=json.load(open(sys.argv[1]+'/meta.json')); print(json.dumps(($2)))" "$1"
}

# ---- binary64 ----
"$exe" run hertz --csv "$tmp/a" --quiet && "$exe" run hertz --csv "$tmp/b" --quiet
check "run hertz --csv twice" $?
[ -f "$tmp/a/meta.json" ] && has "file = meta.json" "$tmp/a/MANIFEST"
check "binary64: meta.json written and listed in MANIFEST" $?
valid "$tmp/a"
check "binary64: meta.json valid against the schema, a unit for every column ($(head -n 2 "$tmp/why" | tr '\n' ' '))" $?
cmp -s "$tmp/a/meta.json" "$tmp/b/meta.json"
check "binary64: meta.json byte-identical across two runs" $?
[ "$(value "$tmp/a" "d['options']['precision_bits'], d['status']['code'], d['check'], d['scenario']['source'], d['scenario']['builtin']")" = '[53, 0, null, "hertz", true]' ] &&
    [ "$(value "$tmp/a" "d['statistics']['events'] > 0 and 'rhs_evaluations' in d['statistics'] and 'undecided_touches' in d['statistics'] and 'cpu_seconds' not in d['statistics']")" = true ]
check "binary64: precision, status, no check, source, statistics (no CPU time)" $?
[ "$(value "$tmp/a" "[c['unit'] for c in d['tables']['collisions.csv']['columns'][:3]], d['tables']['collisions.csv']['columns'][1]['equation']")" = '[["1", "s", "s"], "Eq. (193)"]' ]
check "binary64: collisions.csv i, t_e, t_s in 1, s, s; t_e by Eq. (193)" $?
[ "$(value "$tmp/a" "sorted(d['tables'])")" = '["collisions.csv", "events.csv", "ledger.csv", "samples.csv", "trajectory.csv"]' ]
check "binary64: the columns of every table of the set" $?
[ "$(value "$tmp/a" "d['tables']['collisions.csv']['rows']")" = "$(($(wc -l <"$tmp/a/collisions.csv") - 1))" ]
check "binary64: the rows of collisions.csv" $?

# a scenario whose path needs escaping in JSON: a quote and a backslash
cp reference_data/scenarios/free-fall.scn "$tmp/we\"ird\\name.scn"
"$exe" run "$tmp/we\"ird\\name.scn" --csv "$tmp/w" --quiet && valid "$tmp/w" &&
    [ "$(value "$tmp/w" "d['scenario']['source']")" = "\"$tmp/we\\\"ird\\\\name.scn\"" ]
check "a source path with a quote and a backslash is escaped ($(head -n 1 "$tmp/why"))" $?

# --at times are options of the run
"$exe" run hertz --at 0.001,0.002 --csv "$tmp/at" --quiet &&
    [ "$(value "$tmp/at" "d['options']['sample_at']")" = '[0.001, 0.002]' ]
check "binary64: the --at times in options.sample_at" $?

# ---- high precision, checked ----
"$exe" run hertz --precision 64 --digits 8 --check --samples 11 --csv "$tmp/h" >/dev/null 2>&1 &&
    "$exe" run hertz --precision 64 --digits 8 --check --samples 11 --csv "$tmp/h2" >/dev/null 2>&1
check "run hertz --precision 64 --digits 8 --check twice" $?
valid "$tmp/h"
check "checked high precision: meta.json valid, a unit for every column ($(head -n 2 "$tmp/why" | tr '\n' ' '))" $?
cmp -s "$tmp/h/meta.json" "$tmp/h2/meta.json"
check "checked high precision: meta.json byte-identical across two runs" $?
[ "$(value "$tmp/h" "d['options']['precision_bits'], d['options']['digits_asked'], d['options']['digits_written'], d['options']['check'], d['options']['check_precision_bits'], d['settings']['samples']")" = '[64, 8, 8, true, 128, 11]' ]
check "checked high precision: bits, digits asked and written, check at 128 bits, samples" $?
least=$(value "$tmp/h" "d['check']['least_digits']['ledger.csv']['table']")
[ "$least" != null ] &&
    awk -v x="$least" 'BEGIN { exit !(x >= 8) }' &&
    [ "$(value "$tmp/h" "sorted(d['check']['least_digits'])")" = '["collisions.csv", "events.csv", "ledger.csv", "samples.csv"]' ] &&
    [ "$(value "$tmp/h" "d['check']['least_digits']['collisions.csv']['columns']['i']")" = null ]
check "checked high precision: least digits per table and column ($least for ledger.csv; null for the index)" $?

# ---- the shipped sets: the program's meta.json, valid ----
valid $(for m in reference_data/*/meta.json; do dirname "$m"; done)
check "every set of reference_data/ has a valid meta.json ($(head -n 2 "$tmp/why" | tr '\n' ' '))" $?
! grep -l 'tmp' reference_data/*/MANIFEST >"$tmp/why"
check "no MANIFEST of reference_data/ names a temporary ($(head -n 1 "$tmp/why"))" $?

# ---- compare: different sample grids ----
"$exe" run hertz --samples 101 --csv "$tmp/g" --quiet
"$exe" compare "$tmp/a" "$tmp/g" >"$tmp/cmp" 2>&1
[ $? -ne 0 ] && [ "$(grep -c 'the sample grids differ' "$tmp/cmp")" -eq 1 ] &&
    has "run with --samples 101 to compare them" "$tmp/cmp"
check "compare of sets with different grids: one line naming --samples 101 ($(tail -n 1 "$tmp/cmp"))" $?
"$exe" compare "$tmp/g" "$tmp/g" >"$tmp/cmp" 2>&1 && ! has "sample grids" "$tmp/cmp"
check "compare of one grid with itself: no hint" $?

finish meta.sh
