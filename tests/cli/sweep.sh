#!/bin/sh
# sweep.sh BUILD: `collide sweep` and `collide merge` - the same bytes for
# 1 and 2 threads; the parts of --shard merged equal the whole sweep; a bad
# grid value is reported with its point index, key, value and allowed range
# (exit 3, no file); --resume runs only the points missing from DIR; merge
# rejects an incomplete or foreign set of parts.
. tests/cli_common.sh "$1"

g="$tmp/grid.txt"
cat >"$g" <<'GRID'
# a small grid of the Hertzian scenario
scenario = hertz
v0 = linspace(-2, -0.5, 4)   # impact velocities
x0 = 1e-4, 0.01
GRID

# ---- threads: the same bytes ----
run "$exe" sweep "$g" --threads 1 --out "$tmp/t1.csv"
check "sweep --threads 1: exit 0 (got $rc)" $rc
run "$exe" sweep "$g" --threads 2 --out "$tmp/t2.csv"
check "sweep --threads 2: exit 0 (got $rc)" $rc
cmp -s "$tmp/t1.csv" "$tmp/t2.csv"
check "sweep: --threads 1 and 2 write the same bytes" $?
[ "$(head -n 1 "$tmp/t1.csv")" = "index,v0,x0,collisions,e,t_d,xc_r,v_i,v_s,status" ]
check "sweep: header" $?
[ "$(wc -l <"$tmp/t1.csv")" -eq 9 ]
check "sweep: 8 points, one row each" $?
[ "$(sed -n 2p "$tmp/t1.csv" | cut -d, -f1-4)" = "0,-2,1e-4,1" ]
check "sweep: row 0 is v0 = -2, x0 = 1e-4 (last axis fastest), 1 collision" $?
[ "$(sed -n 9p "$tmp/t1.csv" | cut -d, -f1-3)" = "7,-0.5,0.01" ]
check "sweep: row 7 is v0 = -0.5, x0 = 0.01" $?
n=$(awk -F, 'NR > 1 && $NF == "ok" && $4 == 1 && $8 == $2' "$tmp/t1.csv" | wc -l)
[ "$n" -eq 8 ]; check "sweep: every point ok, one collision, v_i = v0 ($n)" $?
"$exe" run hertz --quiet --csv "$tmp/run"
e=$(sed -n 2p "$tmp/run/collisions.csv" | cut -d, -f8)
awk -F, -v e="$e" 'NR == 7 && $5 == e { ok = 1 } END { exit !ok }' "$tmp/t1.csv"
check "sweep: e of point 5 (v0 = -1, x0 = 0.01) equals collide run hertz" $?
run "$exe" sweep "$g" --threads 1
cmp -s "$tmp/out" "$tmp/t1.csv"
check "sweep without --out writes the same bytes to stdout" $?

# ---- shards ----
for k in 1 2 3; do
    "$exe" sweep "$g" --shard $k/3 --out "$tmp/p$k.csv" || fail=$((fail + 1))
done
[ "$(head -n 1 "$tmp/p2.csv")" = "# collide sweep part 2/3 of 8 points" ]
check "sweep --shard 2/3: first line names the part" $?
[ "$(tail -n +3 "$tmp/p2.csv" | cut -d, -f1 | tr '\n' ' ')" = "1 4 7 " ]
check "sweep --shard 2/3: points 1 4 7" $?
run "$exe" merge "$tmp/p3.csv" "$tmp/p1.csv" "$tmp/p2.csv" --out "$tmp/m.csv"
check "merge of 3 parts: exit 0 (got $rc)" $rc
cmp -s "$tmp/m.csv" "$tmp/t1.csv"
check "merge of the parts equals the whole sweep" $?
run "$exe" merge "$tmp/p1.csv" "$tmp/p2.csv" --out "$tmp/m2.csv"
[ $rc -eq 3 ] && has "point 2 is missing" "$tmp/err" && [ ! -e "$tmp/m2.csv" ]
check "merge without part 3: exit 3, 'point 2 is missing', no file" $?
run "$exe" merge "$tmp/p1.csv" "$tmp/p1.csv" --out "$tmp/m2.csv"
[ $rc -eq 3 ] && has "present twice" "$tmp/err" && [ ! -e "$tmp/m2.csv" ]
check "merge of a part given twice: exit 3, 'present twice'" $?
sed 's/^index,v0/index,V0/' "$tmp/p3.csv" >"$tmp/p3x.csv"
run "$exe" merge "$tmp/p1.csv" "$tmp/p2.csv" "$tmp/p3x.csv"
[ $rc -eq 3 ] && has "header differs" "$tmp/err"
check "merge of a part of another grid: exit 3, 'header differs'" $?
run "$exe" merge "$tmp/t1.csv"
[ $rc -eq 3 ] && has "not a part file" "$tmp/err"
check "merge of a whole sweep: exit 3, 'not a part file'" $?

# ---- a bad value ----
sed 's/^x0 = .*/x0 = 1e-4, -1e-3/' "$g" >"$tmp/bad.txt"
run "$exe" sweep "$tmp/bad.txt" --out "$tmp/bad.csv"
[ $rc -eq 3 ]; check "sweep with x0 = -1e-3: exit 3 (got $rc)" $?
has "point 1: " "$tmp/err" && has "x0 = -1e-3" "$tmp/err" &&
    has "allowed range: x0 in [0, inf)" "$tmp/err"
check "sweep: the bad point's index, key, value and range ($(cat "$tmp/err"))" $?
[ ! -e "$tmp/bad.csv" ]; check "sweep with a bad value writes no file" $?
printf 'scenario = hertz\nv0 = linspace(-2, -1)\n' >"$tmp/bad2.txt"
run "$exe" sweep "$tmp/bad2.txt"
[ $rc -eq 3 ] && has "bad2.txt:2: expected linspace(a, b, n)" "$tmp/err"
check "sweep: a malformed linspace is reported with its line" $?

# ---- resume ----
run "$exe" sweep "$g" --resume "$tmp/R" --out "$tmp/r1.csv"
[ $rc -eq 0 ] && has "8 points run, 0 taken" "$tmp/err"
check "sweep --resume: all 8 points run the first time" $?
cmp -s "$tmp/r1.csv" "$tmp/t1.csv"
check "sweep --resume writes the bytes of the plain sweep" $?
[ "$(ls "$tmp/R" | wc -l)" -eq 8 ]; check "sweep --resume: one file per point" $?
rm "$tmp/R/point-5.csv"
run "$exe" sweep "$g" --resume "$tmp/R" --out "$tmp/r2.csv" --threads 2
[ $rc -eq 0 ] && has "1 points run, 7 taken" "$tmp/err"
check "sweep --resume after deleting point 5: only it is run ($(cat "$tmp/err"))" $?
cmp -s "$tmp/r2.csv" "$tmp/t1.csv"
check "sweep --resume: the same bytes after the rerun" $?
run "$exe" sweep "$g" --resume "$tmp/R" --precision 80 --out "$tmp/r3.csv"
[ $rc -eq 3 ] && has "belongs to another sweep" "$tmp/err"
check "sweep --resume of a binary64 DIR at --precision 80: exit 3" $?

# ---- MPFR points ----
run "$exe" sweep "$g" --precision 80 --threads 2 --out "$tmp/mp.csv"
[ $rc -eq 0 ]; check "sweep --precision 80: exit 0 (got $rc)" $?
n=$(awk -F, 'NR > 1 && $NF == "ok" && $4 == 1' "$tmp/mp.csv" | wc -l)
[ "$n" -eq 8 ]; check "sweep --precision 80: 8 points with one collision" $?
awk -F, 'NR == FNR { e[FNR] = $5; next } FNR > 1 {
    d = $5 - e[FNR]; if (d < 0) d = -d; if (d > 1e-9) bad = 1 }
    END { exit bad }' "$tmp/t1.csv" "$tmp/mp.csv"
check "sweep --precision 80: e agrees with binary64 to 1e-9" $?

finish sweep.sh
