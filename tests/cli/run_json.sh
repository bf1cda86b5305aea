#!/bin/sh
# run_json.sh BUILD: `collide run --json` prints the summary of the run
# (doc/cli-json.md) and nothing else on stdout: valid against
# reference_data/summary.schema.json (tests/meta_check.py --summary); its
# collisions, final contact and ledger are the cells of the CSV files of
# the same run, text for text (every digit of a high-precision run kept);
# the members it shares with meta.json are meta.json's; the same bytes on
# a rerun; and a failed run prints its status and diagnosis.
. tests/cli_common.sh "$1"

schema=reference_data/summary.schema.json
if ! command -v python3 >/dev/null 2>&1; then
    echo "skipped: python3 is not installed (make check installs it)"
    finish run_json.sh
    exit 0
fi
valid() { python3 tests/meta_check.py --summary "$schema" "$@" >"$tmp/why" 2>&1; }
# the value of EXPR over the summary d (python3 json), as JSON
value() { # FILE EXPR
    python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps(($2)))" "$1"
}
# the summary FILE's table (collisions or ledger) against DIR/TABLE.csv:
# each cell's text as the JSON holds it (parse_float and parse_int keep
# the text), a cell that is not a JSON number null ("inf", "nan") or a
# string equal to the CSV's; prints the first difference
same_cells() { # FILE TABLE DIR
    python3 - "$@" <<'EOF'
import csv, json, sys
path, table, d = sys.argv[1:4]
doc = json.load(open(path), parse_float=str, parse_int=str)
rows = list(csv.reader(open("%s/%s.csv" % (d, table))))
header, body = rows[0], rows[1:]
got = doc[table]["rows"]
if list(doc[table]["units"]) != header or len(got) != len(body) or not body:
    sys.exit("%s: columns or rows differ" % table)
for i, row in enumerate(body):
    for name, cell in zip(header, row):
        v = got[i][name]
        if v is None:
            ok = cell in ("inf", "-inf", "nan")
        else:
            ok = v == cell
        if not ok:
            sys.exit("%s row %d %s: json %r, csv %r" % (table, i, name, v, cell))
EOF
}

# ---- binary64 ----
run "$exe" run study1 --json
cp "$tmp/out" "$tmp/a.json"
[ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ]
check "run study1 --json: status 0, nothing on stderr" $?
valid "$tmp/a.json"
check "binary64: the summary is valid against the schema ($(head -n 2 "$tmp/why" | tr '\n' ' '))" $?
! has "run statistics" "$tmp/a.json" && ! has "collisions (Eqs." "$tmp/a.json"
check "binary64: no printout mixed into the JSON" $?
"$exe" run study1 --json >"$tmp/b.json" && cmp -s "$tmp/a.json" "$tmp/b.json"
check "binary64: the same bytes on a rerun" $?
"$exe" run study1 --csv "$tmp/set" --quiet
same_cells "$tmp/a.json" collisions "$tmp/set" >"$tmp/why" 2>&1
check "binary64: collisions are collisions.csv's cells, text for text ($(head -n 1 "$tmp/why"))" $?
same_cells "$tmp/a.json" ledger "$tmp/set" >"$tmp/why" 2>&1
check "binary64: the ledger is ledger.csv's cells, text for text ($(head -n 1 "$tmp/why"))" $?
python3 -c "
import json, sys
s, m = json.load(open(sys.argv[1])), json.load(open(sys.argv[2] + '/meta.json'))
for k in ('scenario', 'options', 'statistics', 'domain', 'status', 'check'):
    assert s[k] == m[k], k
assert s['program']['version'] == m['program']['version']
assert s['program']['format'] == 'collide run summary 1'
units = {c['name']: c['unit'] for c in m['tables']['collisions.csv']['columns']}
assert s['collisions']['units'] == units
" "$tmp/a.json" "$tmp/set" >"$tmp/why" 2>&1
check "binary64: scenario, options, statistics, domain, status, check and units as meta.json's ($(tail -n 1 "$tmp/why"))" $?
[ "$(value "$tmp/a.json" "d['status'], d['diagnosis'], d['check'], d['collisions']['units']['t_e'], d['collisions']['units']['W'], len(d['final_contact']['rows'])")" = '[{"code": 0, "text": "success"}, "", null, "s", "J", 1]' ]
check "binary64: status, no diagnosis, no check, units of t_e and W, the contact open at T" $?
"$exe" run study1 --json --csv "$tmp/set2" >"$tmp/c.json" && cmp -s "$tmp/a.json" "$tmp/c.json" &&
    [ -f "$tmp/set2/meta.json" ]
check "binary64: --json with --csv prints the same summary and writes the set" $?

# ---- high precision, checked: every digit kept ----
run "$exe" run hertz --precision 64 --digits 8 --check --samples 11 --json --csv "$tmp/h"
cp "$tmp/out" "$tmp/h.json"
[ "$rc" -eq 0 ] && valid "$tmp/h.json"
check "checked high precision: status 0, valid ($(head -n 2 "$tmp/why" | tr '\n' ' '))" $?
same_cells "$tmp/h.json" collisions "$tmp/h" >"$tmp/why" 2>&1
check "checked high precision: collisions are the CSV's decimal text ($(head -n 1 "$tmp/why"))" $?
[ "$(value "$tmp/h.json" "d['options']['precision_bits'], d['options']['digits_written'], d['check'] is not None")" = '[64, 8, true]' ] &&
    ! has "check of" "$tmp/h.json" && [ "$(head -c 1 "$tmp/h.json")" = "{" ]
check "checked high precision: bits, digits, the check's least digits; no report on stdout" $?
"$exe" run hertz --precision 64 --digits 8 --check --samples 11 --csv "$tmp/h2" --quiet
python3 -c "
import json, sys
s, m = json.load(open(sys.argv[1])), json.load(open(sys.argv[2] + '/meta.json'))
assert s['check'] == m['check'] and s['check']['least_digits']['collisions.csv']['table'] >= 8
" "$tmp/h.json" "$tmp/h2"
check "checked high precision: least digits as meta.json's, at least 8" $?

# ---- no contact open at T ----
run "$exe" run hertz --json
[ "$rc" -eq 0 ] && [ "$(value "$tmp/out" "len(d['final_contact']['rows']), list(d['final_contact']['units'])[:2], len(d['collisions']['rows'])")" = '[0, ["i", "t_e"], 1]' ]
check "hertz: one collision, no final contact row, its columns those of a collision" $?

# ---- a failed run ----
run "$exe" run hertz --rtol 1e-3 --h-max 1e-9 --json
cp "$tmp/out" "$tmp/f.json"
[ "$rc" -eq 6 ] && valid "$tmp/f.json" && has "max_steps" "$tmp/err" &&
    [ "$(value "$tmp/f.json" "d['status']['code'], 'max_steps' in d['diagnosis'], d['collisions']['rows']")" = '[6, true, []]' ]
check "failed run: status 6, the summary with its status and diagnosis ($(head -n 1 "$tmp/why"))" $?

# ---- the usage names it ----
"$exe" run --help | grep -q -- "--json       print the run's summary as JSON"
check "run --help names --json" $?

finish run_json.sh
