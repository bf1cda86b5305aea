#!/bin/sh
# sweep.sh BUILD: `collide sweep` and `collide merge` - the same bytes for
# 1 and 2 threads; the parts of --shard merged equal the whole sweep; a bad
# grid value is reported with its point index, key, value and allowed range
# (exit 3, no file); --resume runs only the points missing from DIR; merge
# rejects an incomplete or foreign set of parts, each malformed part named;
# failing points are rows with their status; progress on a terminal.
. tests/cli_common.sh "$1"
case "$exe" in /*) ;; *) exe="$(pwd)/$exe" ;; esac

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
[ $rc -eq 3 ] && has "bad2.txt:2: v0 = linspace(-2, -1): expected linspace(a, b, n)" "$tmp/err"
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

# a DIR that cannot be made, point files of another sweep
run "$exe" sweep "$g" --resume "$tmp/t1.csv/R" --out "$tmp/r4.csv"
[ $rc -eq 3 ] && has "collide sweep: $tmp/t1.csv/R: Not a directory" "$tmp/err" && [ ! -e "$tmp/r4.csv" ]
check "sweep --resume under a file: exit 3 naming DIR and the reason, no file (got $rc)" $?
cp -r "$tmp/R" "$tmp/R2"
cp "$tmp/R2/point-1.csv" "$tmp/R2/point-0.csv"
run "$exe" sweep "$g" --resume "$tmp/R2" --out "$tmp/r4.csv"
[ $rc -eq 3 ] && has "$tmp/R2/point-0.csv belongs to another sweep" "$tmp/err" && [ ! -e "$tmp/r4.csv" ]
check "sweep --resume: point 0's file holding point 1: exit 3 naming it (got $rc)" $?
cp "$tmp/R/point-0.csv" "$tmp/R2/point-0.csv"
head -c -1 "$tmp/R/point-3.csv" >"$tmp/R2/point-3.csv"
run "$exe" sweep "$g" --resume "$tmp/R2"
[ $rc -eq 3 ] && has "point-3.csv belongs to another sweep" "$tmp/err"
check "sweep --resume: a point file without its end of line: exit 3 (got $rc)" $?
{ cat "$tmp/R/point-3.csv"; tail -n 1 "$tmp/R/point-3.csv"; } >"$tmp/R2/point-3.csv"
run "$exe" sweep "$g" --resume "$tmp/R2"
[ $rc -eq 3 ] && has "point-3.csv belongs to another sweep" "$tmp/err"
check "sweep --resume: a point file of two rows: exit 3 (got $rc)" $?
sed 's/^index,v0/index,V0/' "$tmp/R/point-3.csv" >"$tmp/R2/point-3.csv"
run "$exe" sweep "$g" --resume "$tmp/R2"
[ $rc -eq 3 ] && has "point-3.csv belongs to another sweep" "$tmp/err"
check "sweep --resume: a point file of another header: exit 3 (got $rc)" $?
# a shard resumed: only its points, in its part file
rm -rf "$tmp/R3"
run "$exe" sweep "$g" --shard 2/3 --resume "$tmp/R3" --out "$tmp/rp2.csv"
[ $rc -eq 0 ] && [ "$(ls "$tmp/R3" | tr '\n' ' ')" = "point-1.csv point-4.csv point-7.csv " ] &&
    cmp -s "$tmp/rp2.csv" "$tmp/p2.csv"
check "sweep --shard 2/3 --resume: points 1, 4, 7 kept, the part's bytes" $?

# ---- points whose runs fail are rows with their status ----
cat >"$tmp/fails.txt" <<'GRID'
scenario = hertz
zeno_events = 2, 1000
max_steps = 5, 100000
zeno_window = inf
GRID
run "$exe" sweep "$tmp/fails.txt" --threads 2
[ $rc -eq 0 ] && [ "$(cut -d, -f1,5,11 "$tmp/out" | tr '\n' ' ')" = "index,collisions,status 0,0,step 1,1,zeno 2,0,step 3,1,ok " ]
check "sweep: failing points are rows: step, zeno, ok ($(cut -d, -f1,5,11 "$tmp/out" | tr '\n' ' '))" $?
awk -F, 'NR == 2 { exit !($6 == "nan" && $10 == "nan") }' "$tmp/out"
check "sweep: a point without collision has nan observables" $?

# ---- shards: an empty one, merged to stdout ----
printf 'scenario = hertz\nv0 = -1, -2\n' >"$tmp/two.txt"
"$exe" sweep "$tmp/two.txt" --threads 3 --out "$tmp/two.csv"
for k in 1 2 3; do "$exe" sweep "$tmp/two.txt" --shard $k/3 --out "$tmp/s$k.csv"; done
[ "$(wc -l <"$tmp/s3.csv")" -eq 2 ]; check "sweep --shard 3/3 of 2 points: its line and the header" $?
run "$exe" merge "$tmp/s3.csv" "$tmp/s2.csv" "$tmp/s1.csv"
[ $rc -eq 0 ] && cmp -s "$tmp/out" "$tmp/two.csv"
check "merge with an empty part, to stdout: the whole sweep (got $rc)" $?
(cd "$tmp" && "$exe" merge s1.csv s2.csv s3.csv --out rel.csv)
cmp -s "$tmp/rel.csv" "$tmp/two.csv"; check "merge --out to a relative path" $?

# ---- malformed parts ----
merge_bad() { # NAME MESSAGE: merge of $tmp/bad.csv with s1.csv
    run "$exe" merge "$tmp/s1.csv" "$tmp/bad.csv" --out "$tmp/mb.csv"
    [ $rc -eq 3 ] && has "$2" "$tmp/err" && [ ! -e "$tmp/mb.csv" ]
    check "merge of $1: exit 3, '$2' (got $rc: $(head -n 1 "$tmp/err"))" $?
}
sed '1s/part 2\/3/part 4\/3/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a part 4/3" "bad.csv: not a part file of collide sweep --shard"
sed '1s/of 2 points/of -2 points/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a part of -2 points" "bad.csv: not a part file"
sed '1s/2\/3/2\/4/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a part split another way" "bad.csv: part of a sweep split 4 ways over 2 points; the first part: 3 ways over 2 points"
sed '2s/,status$/,status,more/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a longer header" "bad.csv: its header differs from the first part's (another grid)"
sed '2s/,status$/,stat/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a shorter header" "bad.csv: its header differs"
sed '3s/^1,/x,/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a row without index" "bad.csv: row 'x,-2,1," 
sed '3s/^1,/1;/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "an index not followed by a comma" "has no index of part 2/3 of 2 points"
sed '3s/^1,/7,/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "an index beyond the points" "row '7,-2,"
mkdir "$tmp/adir"
run "$exe" merge "$tmp/adir"
[ $rc -eq 3 ] && has "adir: cannot read: Is a directory" "$tmp/err"
check "merge of a directory: exit 3 and the reason (got $rc)" $?

# ---- options ----
run "$exe" sweep --help
[ $rc -eq 0 ] && has "usage: collide sweep GRID" "$tmp/out" && has "--resume DIR" "$tmp/out"
check "sweep --help: exit 0 and the usage on stdout" $?
run "$exe" sweep "$g" -h
[ $rc -eq 0 ] && has "usage: collide sweep GRID" "$tmp/out"
check "sweep GRID -h: the usage" $?
run "$exe" merge -h
[ $rc -eq 0 ] && has "usage: collide merge PART" "$tmp/out"
check "merge -h: the usage" $?
for v in 99999999999999999999 1.5 ''; do
    run "$exe" sweep "$g" --threads "$v"
    [ $rc -eq 2 ] && has "--threads needs an integer in [1, 1024], not $v" "$tmp/err"
    check "sweep --threads '$v': exit 2 naming it (got $rc)" $?
done
for v in a/2 0/2 1/0 2/1 1/x 1/1000001; do
    run "$exe" sweep "$g" --shard "$v"
    [ $rc -eq 2 ] && has "--shard needs K/N with 1 <= K <= N, not $v" "$tmp/err"
    check "sweep --shard $v: exit 2 naming it (got $rc)" $?
done
run "$exe" sweep -
[ $rc -eq 3 ] && has "collide sweep: -: cannot open" "$tmp/err"
check "sweep -: a grid named '-', exit 3 (got $rc)" $?

# progress on a terminal (script(1) gives stderr a terminal)
if command -v script >/dev/null 2>&1; then
    script -qc "'$exe' sweep '$g' --threads 2 --out '$tmp/tty.csv'" /dev/null >"$tmp/tty.txt" 2>&1
    has "collide sweep: 8/8 points in " "$tmp/tty.txt" && cmp -s "$tmp/tty.csv" "$tmp/t1.csv"
    check "sweep on a terminal: the progress line, the same bytes" $?
else
    echo "skip: script(1) not installed: no terminal for the progress line"
fi

# ---- MPFR points ----
run "$exe" sweep "$g" --precision 80 --threads 2 --out "$tmp/mp.csv"
[ $rc -eq 0 ]; check "sweep --precision 80: exit 0 (got $rc)" $?
n=$(awk -F, 'NR > 1 && $NF == "ok" && $4 == 1' "$tmp/mp.csv" | wc -l)
[ "$n" -eq 8 ]; check "sweep --precision 80: 8 points with one collision" $?
awk -F, 'NR == FNR { e[FNR] = $5; next } FNR > 1 {
    d = $5 - e[FNR]; if (d < 0) d = -d; if (d > 1e-9) bad = 1 }
    END { exit bad }' "$tmp/t1.csv" "$tmp/mp.csv"
check "sweep --precision 80: e agrees with binary64 to 1e-9" $?

# MPFR: a point without collision, and exponents the MPFR mode refuses
printf 'scenario = hertz\np = 1.5, 1.7\nT = 0.1, 0.001\n' >"$tmp/mpp.txt"
run "$exe" sweep "$tmp/mpp.txt" --precision 64 --threads 2
[ $rc -eq 0 ] && [ "$(cut -d, -f1,4,5,10 "$tmp/out" | tr '\n' ' ')" = "index,collisions,e,status 0,1,1,ok 1,0,nan,ok 2,0,nan,input 3,0,nan,input " ]
check "sweep --precision 64: nan without collision, status input for p = 1.7 ($(cut -d, -f1,4,5,10 "$tmp/out" | tr '\n' ' '))" $?

finish sweep.sh
