#!/bin/sh
# compare.sh BUILD: `collide compare A B` - significant correct digits of
# the result set A against the reference B (directories of `collide run
# --csv`, or CSV files): a run against itself agrees everywhere (inf); a
# perturbed value is found with its column, row and digits; --digits sets
# the exit status; --scd-csv writes each cell's scd under the same header;
# bad input is exit 2 with a message naming the file.
. tests/cli_common.sh "$1"
case "$exe" in /*) ;; *) exe="$(pwd)/$exe" ;; esac

# the report line of TABLE COLUMN, its fields separated by one space
line_of() {
    awk -v t="$1" -v c="$2" '$1 == t && $2 == c { $1 = $1; print }' "$tmp/out"
}

# 0 when LO <= X <= HI
within() {
    awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x >= lo && x <= hi) }'
}

d1="$tmp/d1"
"$exe" run example-v2 --csv "$d1" --quiet
check "collide run example-v2 --csv writes the reference" $?

# ---- a run against itself: every column agrees ----
run "$exe" compare "$d1" "$d1"
check "compare D1 D1: exit 0 (got $rc)" $rc
for t in collisions events ledger samples; do
    grep -q "^$t " "$tmp/out"; check "compare D1 D1 reports $t" $?
done
n=$(awk 'NF == 5 && $3 != "inf"' "$tmp/out" | wc -l)
[ "$n" -eq 0 ]; check "compare D1 D1: every numeric column has min scd inf" $?
n=$(awk 'NF == 5 && $3 == "inf" && $4 == "inf" && $5 == "-"' "$tmp/out" | wc -l)
[ "$n" -gt 20 ]; check "compare D1 D1: numeric lines 'inf inf -' ($n)" $?
[ "$(line_of events transition)" = "events transition equal" ]
check "compare D1 D1: events.transition equal" $?
[ "$(line_of collisions i)" = "collisions i equal" ]
check "compare D1 D1: collisions.i equal" $?
tail -n 1 "$tmp/out" | grep -qE '^compare: [0-9]+ columns, worst scd inf$'
check "compare D1 D1: last line 'compare: N columns, worst scd inf'" $?
run "$exe" compare "$d1" "$d1" --digits 15
check "compare D1 D1 --digits 15: exit 0 (got $rc)" $rc

# ---- one value perturbed by a relative 1e-10: scd 10 there ----
d2="$tmp/d2"
cp -r "$d1" "$d2"
col=$(column_of v "$d1/samples.csv")
awk -F, -v OFS=, -v c="$col" \
    'NR == 6 { $c = sprintf("%.17g", $c * (1 + 1e-10)) } { print }' \
    "$d1/samples.csv" >"$d2/samples.csv"
cmp -s "$d1/samples.csv" "$d2/samples.csv"
[ $? -eq 1 ]; check "samples.csv of D2 differs from D1 (row 5, column v)" $?
run "$exe" compare "$d2" "$d1"
check "compare D2 D1: exit 0 without --digits (got $rc)" $rc
set -- $(line_of samples v)
[ "$5" = 5 ]; check "samples.v: worst row 5 (got '$5')" $?
within "$3" 9.99 10.01; check "samples.v: min scd 10 (got '$3')" $?
[ "$4" = inf ]; check "samples.v: median scd inf (got '$4')" $?
set -- $(line_of samples x)
[ "$3" = inf ]; check "samples.x: still inf (got '$3')" $?
tail -n 1 "$tmp/out" | grep -qE '^compare: [0-9]+ columns, worst scd 10\.00 \(samples\.v row 5\)$'
check "last line names samples.v row 5: $(tail -n 1 "$tmp/out")" $?
run "$exe" compare "$d2" "$d1" --digits 12
[ "$rc" -eq 1 ]; check "compare D2 D1 --digits 12: exit 1 (got $rc)" $?
has "below --digits 12: samples.v" "$tmp/out"
check "--digits 12 names samples.v" $?
run "$exe" compare "$d2" "$d1" --digits 9.5
check "compare D2 D1 --digits 9.5: exit 0 (got $rc)" $rc

# ---- the reference 0: the error against the row's largest magnitude ----
# (the total row of example-v2 has V(0) = V(T) = 0.5 J as its largest
# value: 1e-13 against 0 in that row is -log10(1e-13 / 0.5) = 12.70)
sed 's/^total,\([^,]*\),\([^,]*\),\([^,]*\),\([^,]*\),0,/total,\1,\2,\3,\4,1e-13,/' \
    "$d1/ledger.csv" >"$d2/ledger.csv"
run "$exe" compare "$d2/ledger.csv" "$d1/ledger.csv"
set -- $(line_of ledger Delta_D)
within "$3" 12.69 12.71; check "b = 0 in a row of magnitude 0.5: scd = -log10(1e-13/0.5) (got '$3')" $?

# ---- NaN against a number: 0 digits ----
col=$(column_of t_f "$d1/collisions.csv")
awk -F, -v OFS=, -v c="$col" 'NR == 2 { $c = "0.5" } { print }' \
    "$d1/collisions.csv" >"$tmp/tf.csv"
run "$exe" compare "$tmp/tf.csv" "$d1/collisions.csv"
set -- $(line_of collisions t_f)
[ "$3" = 0.00 ] && [ "$5" = 1 ]
check "nan against 0.5: scd 0 at row 1 (got '$3' at '$5')" $?

# ---- an integer or text column that differs ----
col=$(column_of c_and_d_before "$d1/events.csv")
awk -F, -v OFS=, -v c="$col" 'NR == 3 { $c = 0 } { print }' "$d1/events.csv" >"$d2/events.csv"
run "$exe" compare "$d2" "$d1"
line_of events c_and_d_before | grep -q '^events c_and_d_before mismatch 1 of 2 rows, first row 2: "0" vs "1"'
check "events.c_and_d_before: mismatch at row 2" $?
has "1 integer or text column differs" "$tmp/out"
check "the mismatching column is counted" $?
run "$exe" compare "$d2" "$d1" --digits 5
[ "$rc" -eq 1 ]; check "a mismatch under --digits 5: exit 1 (got $rc)" $?
has "below --digits 5: events.c_and_d_before, mismatch at row 2" "$tmp/out"
check "--digits names events.c_and_d_before" $?

# ---- rows matched by key: a row of one side only is a difference ----
# events by (j, transition): another transition at j = 1 is a row of A
# only and a row of B only, exit 1 without --digits
sed '3s/,separate,/,separate-adhesive,/' "$d1/events.csv" >"$d2/events.csv"
run "$exe" compare "$d2" "$d1"
[ "$rc" -eq 1 ] &&
    has "events     row 2 (j = 1, transition = separate-adhesive) only in A ($d2/events.csv)" "$tmp/out" &&
    has "events     row 2 (j = 1, transition = separate) only in B ($d1/events.csv)" "$tmp/out" &&
    has "events     transition         equal" "$tmp/out" &&
    has "compare: 2 rows of one side only" "$tmp/out"
check "events: another transition at j = 1 is a row of each side only, exit 1 (got $rc)" $?
cp "$d1/events.csv" "$d2/events.csv"
# ledger by scope: rows in another order are the same rows
{ head -n 1 "$d1/ledger.csv"; tail -n +2 "$d1/ledger.csv" | sort -r; } >"$d2/ledger.csv"
cmp -s "$d1/ledger.csv" "$d2/ledger.csv"
[ $? -eq 1 ]; check "ledger.csv of D2 has its rows in another order" $?
run "$exe" compare "$d2/ledger.csv" "$d1/ledger.csv" --digits 15
[ "$rc" -eq 0 ] && has "ledger     scope              equal" "$tmp/out"
check "ledger rows matched by scope, not by position (exit $rc)" $?
cp "$d1/ledger.csv" "$d2/ledger.csv"
# samples by (j, t): a sample of B missing from A is named by its key,
# the others still match (the row after it is not compared with the next)
awk 'NR != 4' "$d1/samples.csv" >"$tmp/gap.csv"
run "$exe" compare "$tmp/gap.csv" "$d1/samples.csv" --digits 15
t3=$(awk -F, 'NR == 4 { print $1 }' "$d1/samples.csv")
[ "$rc" -eq 1 ] && has "samples    row 3 (j = 0, t = $t3) only in B" "$tmp/out" &&
    has "compare: 1 row of one side only" "$tmp/out" &&
    tail -n 1 "$tmp/out" | grep -q 'worst scd inf$'
check "samples: a missing row is named by (j, t), the rest agree (exit $rc)" $?
# the ends of an interval of flow, at an event time, are matched as ends:
# the separation 1e-10 later in A is the same two rows, t with 10 digits
ts=$(awk -F, 'NR > 1 && $2 == 1 { t = $1 } END { print t }' "$d1/samples.csv")
awk -F, -v OFS=, -v ts="$ts" '$1 == ts { $1 = sprintf("%.17g", ts * (1 + 1e-10)) } { print }' \
    "$d1/samples.csv" >"$tmp/late.csv"
run "$exe" compare "$tmp/late.csv" "$d1/samples.csv"
set -- $(line_of samples t)
[ "$rc" -eq 0 ] && ! has "only in" "$tmp/out" && within "$3" 9.9 10.1
check "samples: a jump 1e-10 later is matched by its ends, scd of t 10 (got '$3', exit $rc)" $?
# more than ten rows of one side: ten printed, all counted
head -n 20 "$d1/samples.csv" >"$tmp/head.csv"
n=$(($(wc -l <"$d1/samples.csv") - 20))
run "$exe" compare "$tmp/head.csv" "$d1/samples.csv"
[ "$rc" -eq 1 ] && [ "$(grep -c ') only in B (' "$tmp/out")" -eq 10 ] &&
    has "samples    ... $n rows only in B in all" "$tmp/out"
check "$n rows of B only: ten shown, all counted (exit $rc)" $?
# and more rows of A only: counted on A's side; a row of one side at a
# jump is named as the end or the start of its interval of flow
run "$exe" compare "$d1/samples.csv" "$tmp/head.csv"
[ "$rc" -eq 1 ] && has "head       ... $n rows only in A in all" "$tmp/out"
check "$n rows of A only: counted on A's side (exit $rc)" $?
sep=$(awk -F, 'NR > 2 && $1 == t && $2 != j { print NR; exit } { t = $1; j = $2 }' "$d1/samples.csv")
awk -v r="$sep" 'NR != r - 1 && NR != r' "$d1/samples.csv" >"$tmp/nojump.csv"
run "$exe" compare "$tmp/nojump.csv" "$d1/samples.csv"
[ "$rc" -eq 1 ] && has "samples    row $((sep - 2)) (j = 0, end of its interval of flow) only in B" "$tmp/out" &&
    has "samples    row $((sep - 1)) (j = 1, start of its interval of flow) only in B" "$tmp/out"
check "the two rows of a jump missing from A: named as end and start (exit $rc)" $?
# ledger rows of one side, by scope; rows by position beyond the shorter
head -n 2 "$d1/ledger.csv" >"$tmp/l1.csv"
run "$exe" compare "$tmp/l1.csv" "$d1/ledger.csv"
[ "$rc" -eq 1 ] && has "(scope = total) only in B" "$tmp/out"
check "a ledger without its total: the row of scope total only in B (exit $rc)" $?
printf 'n,y\n1,2\n' >"$tmp/p1.csv"
printf 'n,y\n1,2\n3,4\n' >"$tmp/p2.csv"
run "$exe" compare "$tmp/p1.csv" "$tmp/p2.csv"
[ "$rc" -eq 1 ] && has "p2         row 2 (row 2) only in B" "$tmp/out"
check "by position: the second row of B only (exit $rc)" $?
awk -F, -v OFS=, 'NR == 4 { $1 = "" } { print }' "$d1/samples.csv" >"$tmp/badt.csv"
run "$exe" compare "$tmp/badt.csv" "$d1/samples.csv"
[ "$rc" -eq 2 ] && has 'badt.csv:4: t = "" is not a finite number' "$tmp/err"
check "t empty: exit 2 naming the line (got $rc)" $?
# a key column of one side only does not name the rows: by position
printf 'i,x\n5,1\n6,2\n' >"$tmp/ka.csv"
printf 'n,x\n1,1\n2,2\n' >"$tmp/kb.csv"
run "$exe" compare "$tmp/ka.csv" "$tmp/kb.csv" --digits 15
[ "$rc" -eq 0 ]; check "i in A only: rows by position (exit $rc)" $?
printf 'i,x\n1x,1\n' >"$tmp/ka.csv"
run "$exe" compare "$tmp/ka.csv" "$tmp/ka.csv"
[ "$rc" -eq 2 ] && has 'ka.csv:2: i = "1x" is not a finite number' "$tmp/err"
check "i = 1x: exit 2 (got $rc)" $?
printf 't,j\ninf,0\n' >"$tmp/ka.csv"
run "$exe" compare "$tmp/ka.csv" "$tmp/ka.csv"
[ "$rc" -eq 2 ] && has 'ka.csv:2: t = "inf" is not a finite number' "$tmp/err"
check "t = inf: exit 2 (got $rc)" $?
# a cell of a key column that is not a number: exit 2 naming it
awk -F, -v OFS=, 'NR == 3 { $2 = "x" } { print }' "$d1/samples.csv" >"$tmp/badj.csv"
run "$exe" compare "$tmp/badj.csv" "$d1/samples.csv"
[ "$rc" -eq 2 ] && has 'badj.csv:3: j = "x" is not a finite number (a column that names the rows)' "$tmp/err"
check "j = x: exit 2 naming the line (got $rc)" $?

# ---- --scd-csv: the same header, each cell's scd ----
run "$exe" compare "$d2/samples.csv" "$d1/samples.csv" --scd-csv "$tmp/s.scd.csv"
check "--scd-csv: exit 0 (got $rc)" $rc
[ "$(head -n 1 "$tmp/s.scd.csv")" = "$(head -n 1 "$d1/samples.csv")" ]
check "--scd-csv: the same header as samples.csv" $?
[ "$(wc -l <"$tmp/s.scd.csv")" -eq "$(wc -l <"$d1/samples.csv")" ]
check "--scd-csv: as many rows as samples.csv" $?
col=$(column_of v "$d1/samples.csv")
cell=$(awk -F, -v c="$col" 'NR == 6 { print $c }' "$tmp/s.scd.csv")
within "$cell" 9.99 10.01; check "--scd-csv: row 5, column v holds 10 (got '$cell')" $?
n=$(awk -F, 'NR > 1 { for (i = 1; i <= NF; i++) if ($i != "inf") n++ } END { print n + 0 }' "$tmp/s.scd.csv")
[ "$n" -eq 1 ]; check "--scd-csv: every other cell inf ($n not)" $?
[ -z "$(ls -A "$tmp" | grep '^\.')" ]; check "--scd-csv: no temporary remains" $?
mkdir "$tmp/adir"
run "$exe" compare "$d2/samples.csv" "$d1/samples.csv" --scd-csv "$tmp/adir"
[ "$rc" -eq 4 ]; check "--scd-csv onto a directory: exit 4 (got $rc)" $?
has "$tmp/adir" "$tmp/err"; check "--scd-csv onto a directory: message names it" $?
[ -z "$(ls -A "$tmp" | grep '^\.')" ]; check "a failed --scd-csv leaves no temporary" $?
run "$exe" compare "$d2" "$d1" --scd-csv "$tmp/x.csv"
[ "$rc" -eq 2 ]; check "--scd-csv with directories: exit 2 (got $rc)" $?

# ---- columns of one side only are reported and skipped ----
cut -d, -f1-5,7- "$d1/samples.csv" >"$tmp/novel.csv"
run "$exe" compare "$tmp/novel.csv" "$d1/samples.csv"
check "a column missing from A: exit 0 (got $rc)" $rc
has "samples v only in B" "$tmp/out"; check "the column of B only is reported" $?
n=$(awk '$1 == "samples" && $2 == "v" && NF == 5' "$tmp/out" | wc -l)
[ "$n" -eq 0 ]; check "and not compared" $?

# ---- bad input: exit 2, the file named ----
run "$exe" compare "$tmp/no-such.csv" "$d1/samples.csv"
[ "$rc" -eq 2 ]; check "missing A: exit 2 (got $rc)" $?
has "no-such.csv" "$tmp/err"; check "missing A: message names it" $?
run "$exe" compare "$d1" "$tmp/no-such-dir"
[ "$rc" -eq 2 ]; check "missing B: exit 2 (got $rc)" $?
has "no-such-dir" "$tmp/err"; check "missing B: message names it" $?
head -n 5 "$d1/samples.csv" >"$tmp/short.csv"
run "$exe" compare "$tmp/short.csv" "$d1/samples.csv"
n=$(($(wc -l <"$d1/samples.csv") - 5))
[ "$rc" -eq 1 ]; check "fewer rows: exit 1 (got $rc)" $?
has "compare: $n rows of one side only" "$tmp/out"
check "fewer rows: the rows of B only counted" $?
{ cat "$d1/samples.csv"; echo "1,2,3"; } >"$tmp/ragged.csv"
run "$exe" compare "$tmp/ragged.csv" "$d1/samples.csv"
line=$(wc -l <"$tmp/ragged.csv")
[ "$rc" -eq 2 ]; check "ragged row: exit 2 (got $rc)" $?
has "ragged.csv:$line: ragged row: 3 cells" "$tmp/err"
check "ragged row: message names file, line $line and the cells" $?
printf 'a,b\n1,\0002\n' >"$tmp/binary.csv"
run "$exe" compare "$tmp/binary.csv" "$tmp/binary.csv"
[ "$rc" -eq 2 ]; check "binary file: exit 2 (got $rc)" $?
has "binary.csv:2: a NUL byte" "$tmp/err"; check "binary file: not a CSV file" $?
: >"$tmp/empty.csv"
run "$exe" compare "$tmp/empty.csv" "$tmp/empty.csv"
[ "$rc" -eq 2 ]; check "empty file: exit 2 (got $rc)" $?
has "empty.csv: empty file" "$tmp/err"; check "empty file: message names it" $?
run "$exe" compare "$d1" "$d1/samples.csv"
[ "$rc" -eq 2 ]; check "a directory against a file: exit 2 (got $rc)" $?

# ---- directories: tables of one side, an error in one table ----
d3="$tmp/d3"
mkdir "$d3"
cp "$d1/collisions.csv" "$d1/samples.csv" "$d3/"
run "$exe" compare "$d3" "$d1"
[ "$rc" -eq 0 ] && has "events.csv only in $d1, skipped" "$tmp/out" &&
    has "ledger.csv only in $d1, skipped" "$tmp/out" && ! grep -q "^events " "$tmp/out"
check "a table of B only is reported and skipped (got $rc)" $?
run "$exe" compare "$d1" "$d3"
has "events.csv only in $d1, skipped" "$tmp/out"
check "a table of A only is reported and skipped" $?
{ cat "$d1/samples.csv"; echo "1,2"; } >"$d3/samples.csv"
run "$exe" compare "$d3" "$d1"
line=$(wc -l <"$d3/samples.csv")
[ "$rc" -eq 2 ] && has "collide compare: $d3/samples.csv:$line: ragged row: 2 cells" "$tmp/err"
check "a ragged table in a directory: exit 2 naming its line (got $rc)" $?
grep -q "^collisions t_e " "$tmp/out" && tail -n 1 "$tmp/out" | grep -q "^compare: [0-9]* columns"
check "the other tables are still compared and summed up" $?
mkdir "$tmp/d4"
: >"$tmp/d4/other.csv"
run "$exe" compare "$tmp/d4" "$d1"
[ "$rc" -eq 2 ] && has "no table (collisions.csv, events.csv, ledger.csv, samples.csv) is in both $tmp/d4 and $d1" "$tmp/err"
check "no table in both: exit 2 naming the directories (got $rc)" $?
run "$exe" compare "$d1/samples.csv" "$d1"
[ "$rc" -eq 2 ] && has "$d1/samples.csv is not a directory but $d1 is a directory" "$tmp/err"
check "a file against a directory: exit 2, the message says which is which" $?
run "$exe" compare "$d1/samples.csv" "$tmp/binary.csv"
[ "$rc" -eq 2 ] && has "binary.csv:2: a NUL byte" "$tmp/err"
check "a bad reference B: exit 2 naming B (got $rc)" $?

# ---- columns of A only; two integer or text columns that differ ----
# (no column that names the rows: matched by position)
printf 'n,tag,x,extra\n1,a,0.5,9\n2,b,1.5,9\n' >"$tmp/ca.csv"
printf 'n,tag,x\n1,a,0.5\n3,c,1.5\n' >"$tmp/cb.csv"
run "$exe" compare "$tmp/ca.csv" "$tmp/cb.csv" --digits 3
[ "$rc" -eq 1 ] && has "cb extra only in A ($tmp/ca.csv), skipped" "$tmp/out"
check "a column of A only is reported (got $rc)" $?
has "compare: 2 integer or text columns differ" "$tmp/out" &&
    has "below --digits 3: cb.n, mismatch at row 2" "$tmp/out" &&
    has "below --digits 3: cb.tag, mismatch at row 2" "$tmp/out"
check "two columns differ: counted in the plural, each named under --digits" $?
# collisions by i: the same rows in another order agree; i = 2 and i = 3
# are a row of each side only; a cell echoed is cut at 40 bytes
printf 'i,x\n1,0.5\n2,1.5\n' >"$tmp/ca.csv"
printf 'i,x\n2,1.5\n1,0.5\n' >"$tmp/cb.csv"
run "$exe" compare "$tmp/ca.csv" "$tmp/cb.csv" --digits 15
[ "$rc" -eq 0 ]; check "rows of i in another order: matched by i (exit $rc)" $?
printf 'i,x\n1,0.5\n3,1.5\n' >"$tmp/cb.csv"
run "$exe" compare "$tmp/ca.csv" "$tmp/cb.csv"
[ "$rc" -eq 1 ] && has "cb         row 2 (i = 2) only in A" "$tmp/out" &&
    has "cb         row 2 (i = 3) only in B" "$tmp/out"
check "i = 2 in A, i = 3 in B: a row of each side only, exit 1 (got $rc)" $?
long=$(printf 'n%.0s' $(seq 100))
printf 'n,tag\n1,%s\n' "$long" >"$tmp/ca.csv"
printf 'n,tag\n1,b\n' >"$tmp/cb.csv"
run "$exe" compare "$tmp/ca.csv" "$tmp/cb.csv"
has "mismatch 1 of 1 rows, first row 1: \"$(printf 'n%.0s' $(seq 40))[...]\" vs \"b\"" "$tmp/out"
check "a long cell of a mismatch is cut at 40 bytes" $?

# ---- the reference zero at the resolution of its row ----
# 1.5e-20 with 2 significant digits in a row of magnitude 1.5 is below
# 1.5 10^-2: its error is measured against the row, -log10(1e-21 / 1.5)
printf 'x,y\n1.5,1.6e-20\n' >"$tmp/za.csv"
printf 'x,y\n1.5,1.5E-20\n' >"$tmp/zb.csv"
run "$exe" compare "$tmp/za.csv" "$tmp/zb.csv"
set -- $(awk '$1 == "zb" && $2 == "y"' "$tmp/out")
within "$3" 21.17 21.18; check "1.6e-20 against 1.5e-20 in a row of 1.5: scd 21.18 (got '$3')" $?
# relative to itself, -log10(1e-21 / 1.5e-20) = 1.18: so in a row of zeros
printf 'x,y\n0.0,1.6e-20\n' >"$tmp/za.csv"
printf 'x,y\n0.0,1.5e-20\n' >"$tmp/zb.csv"
run "$exe" compare "$tmp/za.csv" "$tmp/zb.csv"
set -- $(awk '$1 == "zb" && $2 == "y"' "$tmp/out")
within "$3" 1.17 1.19; check "the same in a row of zeros: relative scd 1.18 (got '$3')" $?

# ---- --scd-csv: relative paths, a missing directory ----
(cd "$d1" && "$exe" compare samples.csv samples.csv --scd-csv s.scd >/dev/null 2>&1)
check "--scd-csv to a relative path: exit 0" $?
[ -s "$d1/s.scd" ] && [ -z "$(ls -A "$d1" | grep '^\.')" ]
check "--scd-csv to a relative path: written, no temporary left" $?
rm -f "$d1/s.scd"
(cd "$d1" && "$exe" compare samples.csv samples.csv >"$tmp/out" 2>&1)
grep -q "^samples  *t  *inf" "$tmp/out"
check "a file without a directory: the table is named after it" $?
cp "$d1/samples.csv" "$tmp/samples.txt"
run "$exe" compare "$tmp/samples.txt" "$tmp/samples.txt"
grep -q "^samples.txt  *t  *inf" "$tmp/out"
check "a table not ending in .csv keeps its whole name" $?
run "$exe" compare "$d1/samples.csv" "$d1/samples.csv" --scd-csv "$tmp/no-such-dir/s.csv"
[ "$rc" -eq 4 ] && has "$tmp/no-such-dir/s.csv: cannot create its temporary" "$tmp/err" &&
    has "No such file or directory" "$tmp/err"
check "--scd-csv into a missing directory: exit 4 naming it and the reason (got $rc)" $?

# ---- columns by name through an index: linear in their number ----
# (each name was looked up by a scan of the other header: 200k columns
# took minutes; now well under a second)
{ printf 't,j,q,x,v,x_c,z_c,'; seq 200000 | sed 's/^/c/' | paste -sd, -
  for r in 0 1 2; do printf '0.0%s,0,0,0.00%s,-1,0,0,' "$r" "$((9 - r))"
      seq 200000 | paste -sd, -; done; } >"$tmp/wide.csv"
run timeout 30 "$exe" compare "$tmp/wide.csv" "$tmp/wide.csv"
[ "$rc" -eq 0 ] && has "compare: 200007 columns, worst scd inf" "$tmp/out"
check "200007 columns compared within 30 s (exit $rc)" $?
# a name echoed by a message: 40 bytes of it, then [...]
printf 'x,%s,%s\n1,2,3\n' "$long" "$long" >"$tmp/dup.csv"
run "$exe" compare "$tmp/dup.csv" "$tmp/dup.csv"
[ "$rc" -eq 2 ] && has "dup.csv:1: column $(printf 'n%.0s' $(seq 40))[...] appears twice (columns 2 and 3)" "$tmp/err" &&
    ! has "$(printf 'n%.0s' $(seq 41))" "$tmp/err"
check "a long name named twice: the message echoes 40 bytes of it and [...] (exit $rc)" $?
# cut at a character of UTF-8, a control byte shown as ?
printf 'x,%s\t\303\251\303\251,%s\t\303\251\303\251\n1,2,3\n' "$(printf 'n%.0s' $(seq 37))" "$(printf 'n%.0s' $(seq 37))" >"$tmp/dup8.csv"
run "$exe" compare "$tmp/dup8.csv" "$tmp/dup8.csv"
[ "$rc" -eq 2 ] && has "column $(printf 'n%.0s' $(seq 37))?$(printf '\303\251')[...] appears twice" "$tmp/err"
check "a name cut within a character of UTF-8: cut before it, the tab shown as ? (exit $rc)" $?
# a name of continuation bytes only: nothing of it is a character; DEL as ?
cont=$(printf '\200%.0s' $(seq 50))
printf 'x,\177%s,\177%s\n1,2,3\n' "$cont" "$cont" >"$tmp/dupc.csv"
run "$exe" compare "$tmp/dupc.csv" "$tmp/dupc.csv"
[ "$rc" -eq 2 ] && has "column [...] appears twice" "$tmp/err"
check "a name of DEL and 50 continuation bytes: cut to nothing, [...] (exit $rc)" $?
printf 'a\177b,a\177b\n1,2\n' >"$tmp/dupd.csv"
run "$exe" compare "$tmp/dupd.csv" "$tmp/dupd.csv"
[ "$rc" -eq 2 ] && has "column a?b appears twice" "$tmp/err"
check "a name with DEL: shown as ? (exit $rc)" $?

# ---- usage ----
run "$exe" compare --help
check "compare --help: exit 0" $rc
has "usage: collide compare A B" "$tmp/out"; check "compare --help: usage line" $?
for o in --digits --scd-csv; do
    has "$o" "$tmp/out"; check "compare --help documents $o" $?
done
run "$exe" --help
has "  compare " "$tmp/out"; check "collide --help lists compare" $?
usage_error() { # NAME ARGS...
    name=$1; shift
    run "$exe" compare "$@"
    [ "$rc" -eq 2 ] && [ -s "$tmp/err" ]
    check "compare $name: usage error on stderr, exit 2 (got $rc)" $?
}
usage_error "A (no B)" "$d1"
usage_error "A B C" "$d1" "$d1" "$d1"
usage_error "A B --digits" "$d1" "$d1" --digits
usage_error "A B --digits x" "$d1" "$d1" --digits x
usage_error "A B --digits inf" "$d1" "$d1" --digits inf
usage_error "A B --scd-csv" "$d1/samples.csv" "$d1/samples.csv" --scd-csv
usage_error "A B --frob" "$d1" "$d1" --frob

finish compare.sh
