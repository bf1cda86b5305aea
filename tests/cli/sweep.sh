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
[ "$(head -n 1 "$tmp/p2.csv" | cut -c1-42)" = "# collide sweep part 2/3 of 8 points, grid" ]
check "sweep --shard 2/3: first line names the part" $?
[ "$(sed -n '3,$p' "$tmp/p2.csv" | grep -v '^# check' | cut -d, -f1 | tr '\n' ' ')" = "1 4 7 " ]
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
[ $rc -eq 3 ] && has "belongs to another sweep: its mode (binary64 or --precision) differs" "$tmp/err" &&
    ! has "taken" "$tmp/err" && [ ! -e "$tmp/r3.csv" ]
check "sweep --resume of a binary64 DIR at --precision 80: exit 3, the mode named, no count of points taken ($(cat "$tmp/err"))" $?

# a DIR of another scenario on the same axis (hertz, then example-v2): the
# points are refused, not taken (their rows would be hertz's)
printf 'scenario = hertz\nv0 = -1, -2\n' >"$tmp/A.grid"
printf 'scenario = example-v2\nv0 = -1, -2\n' >"$tmp/B.grid"
run "$exe" sweep "$tmp/A.grid" --resume "$tmp/RA" --out "$tmp/a.csv"
[ $rc -eq 0 ] && has "2 points run, 0 taken" "$tmp/err"
check "sweep A.grid --resume RA: 2 points run (got $rc)" $?
run "$exe" sweep "$tmp/B.grid" --resume "$tmp/RA" --out "$tmp/b.csv"
[ $rc -eq 3 ] && has "RA/point-0.csv belongs to another sweep: its scenario (after defaults) differs" "$tmp/err" &&
    ! has "taken" "$tmp/err" && [ ! -e "$tmp/b.csv" ]
check "sweep B.grid (example-v2) --resume RA of A.grid (hertz): exit 3, the scenario named, nothing written ($(head -n 1 "$tmp/err"))" $?
# k edited in a base scenario file between two runs
"$exe" show hertz | sed 's/#.*//' >"$tmp/base.scn"
printf 'scenario = base.scn\nv0 = -1, -2\n' >"$tmp/K.grid"
run "$exe" sweep "$tmp/K.grid" --resume "$tmp/RK" --out "$tmp/k1.csv"
[ $rc -eq 0 ] && has "2 points run, 0 taken" "$tmp/err"
check "sweep of a base file --resume RK: 2 points run" $?
sed -i 's/^k = .*/k = 2e9/' "$tmp/base.scn"
run "$exe" sweep "$tmp/K.grid" --resume "$tmp/RK" --out "$tmp/k2.csv"
[ $rc -eq 3 ] && has "RK/point-0.csv belongs to another sweep: its scenario (after defaults) differs" "$tmp/err" &&
    [ ! -e "$tmp/k2.csv" ]
check "sweep --resume after k is edited in the base file: exit 3, not the old rows ($(head -n 1 "$tmp/err"))" $?
run "$exe" sweep "$tmp/K.grid" --out "$tmp/k3.csv"
! cmp -s "$tmp/k1.csv" "$tmp/k3.csv"
check "sweep: k = 2e9 gives other rows than k = 1e9 (the refusal guards a real difference)" $?

# a DIR that cannot be made, point files of another sweep
run "$exe" sweep "$g" --resume "$tmp/t1.csv/R" --out "$tmp/r4.csv"
[ $rc -eq 3 ] && has "collide sweep: $tmp/t1.csv/R: Not a directory" "$tmp/err" && [ ! -e "$tmp/r4.csv" ] &&
    ! has "taken" "$tmp/err"
check "sweep --resume under a file: exit 3 naming DIR and the reason, no file (got $rc)" $?
cp -r "$tmp/R" "$tmp/R2"
cp "$tmp/R2/point-1.csv" "$tmp/R2/point-0.csv"
run "$exe" sweep "$g" --resume "$tmp/R2" --out "$tmp/r4.csv"
[ $rc -eq 3 ] && has "$tmp/R2/point-0.csv belongs to another sweep" "$tmp/err" && [ ! -e "$tmp/r4.csv" ]
check "sweep --resume: point 0's file holding point 1: exit 3 naming it (got $rc)" $?
cp "$tmp/R/point-0.csv" "$tmp/R2/point-0.csv"
# a point file cut short or damaged is run again, with a message
damaged() { # NAME: point-3.csv of R2 as made by the caller
    run "$exe" sweep "$g" --resume "$tmp/R2" --out "$tmp/r5.csv"
    [ $rc -eq 0 ] && has "R2/point-3.csv is cut short or damaged (no right check line at its end): point 3 is run again" "$tmp/err" &&
        has "1 points run, 7 taken" "$tmp/err" && cmp -s "$tmp/r5.csv" "$tmp/t1.csv" &&
        cmp -s "$tmp/R2/point-3.csv" "$tmp/R/point-3.csv"
    check "sweep --resume: a point file $1: run again, the same bytes, the file rewritten ($(head -n 1 "$tmp/err"))" $?
}
head -c -1 "$tmp/R/point-3.csv" >"$tmp/R2/point-3.csv"
damaged "without its last end of line"
head -n 3 "$tmp/R/point-3.csv" >"$tmp/R2/point-3.csv"
damaged "cut after its row"
head -c 70 "$tmp/R/point-3.csv" >"$tmp/R2/point-3.csv"
damaged "cut in its header"
: >"$tmp/R2/point-3.csv"
damaged "empty"
{ cat "$tmp/R/point-3.csv"; tail -n 1 "$tmp/R/point-3.csv"; } >"$tmp/R2/point-3.csv"
damaged "of two check lines"
sed 's/^index,v0/index,V0/' "$tmp/R/point-3.csv" >"$tmp/R2/point-3.csv"
damaged "of another header"
sed '3s/,ok$/,zeno/' "$tmp/R/point-3.csv" >"$tmp/R2/point-3.csv"
damaged "whose row was changed"
run "$exe" sweep "$g" --resume "$tmp/R2" --out "$tmp/r5.csv"
[ $rc -eq 0 ] && has "0 points run, 8 taken" "$tmp/err" && ! has "damaged" "$tmp/err"
check "sweep --resume: after the rerun every point is taken ($(cat "$tmp/err"))" $?
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
[ "$(wc -l <"$tmp/s3.csv")" -eq 3 ]; check "sweep --shard 3/3 of 2 points: its line, the header, the check line" $?
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
merge_bad "a part 4/3" "bad.csv:1: not a part file of collide sweep --shard"
sed '1s/of 2 points/of -2 points/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a part of -2 points" "bad.csv:1: not a part file"
sed '1s/2\/3/2\/4/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a part split another way" "bad.csv:1: part of a sweep split 4 ways over 2 points; the first part: 3 ways over 2 points"
sed '2s/,status$/,status,more/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a longer header" "bad.csv:2: its header differs from the first part's (another grid)"
sed '2s/,status$/,stat/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a shorter header" "bad.csv:2: its header differs"
sed '3s/^1,/x,/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a row without index" "bad.csv:3: row 'x,-2,1,1.0000000000008851,0.000703702145': the index is not an integer as a sweep writes it"
sed '3s/^1,/1;/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "an index not followed by a comma" "bad.csv:3: row '1;-2,1,1.0000000000008851,0.000703702145': the index is not an integer"
sed '3s/^1,/7,/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "an index beyond the points" "row '7,-2,"
sed '3s/,ok$/,ok,1/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a row of more fields (ragged)" "bad.csv:3: row '1,-2,1,1.0000000000008851,0.000703702145' has 10 fields, the header 9"
sed '3s/,ok$//' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a row of fewer fields (ragged)" "bad.csv:3: row '1,-2,1,1.0000000000008851,0.000703702145' has 8 fields, the header 9"
sed '3s/,ok$/,fine/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "an unknown status" "bad.csv:3: row '1,-2,1,1.0000000000008851,0.000703702145': the status is not one a sweep writes"
sed '3s/^1,-2,1,/1,-2,one,/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "collisions not an integer" "bad.csv:3: row '1,-2,one,1.0000000000008851,0.0007037021': collisions is not an integer"
sed '3s/^1,-2,1,1\./1,-2,1,x1./' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "e not a number" "bad.csv:3: row '1,-2,1,x1.0000000000008851,0.00070370214': e, t_d, xc_r, v_i or v_s is not a number"
sed '3s/^1,-2,/1,,/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "an empty axis value" "bad.csv:3: row '1,,1,1.0000000000008851,0.00070370214502': an axis value is empty"
sed '3s/^1,/01,/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "an index of a leading zero" "bad.csv:3: row '01,-2,1,1.0000000000008851,0.00070370214': the index is not an integer"
sed '3s/8851/8852/' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a value changed" "bad.csv:4: the check line is not the last line or does not match the bytes before it (the part was changed or cut short)"
head -n 3 "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a part without its check line" "bad.csv:4: no check line at the end (a part cut short?)"
{ cat "$tmp/s2.csv"; sed -n 3p "$tmp/s2.csv"; } >"$tmp/bad.csv"
merge_bad "a row after the check line" "bad.csv:4: the check line is not the last line"
sed '1s/, grid [0-9a-f]*$//' "$tmp/s2.csv" >"$tmp/bad.csv"
merge_bad "a part without grid fingerprint" "bad.csv:1: not a part file of collide sweep --shard (no first line '# collide sweep part K/N of P points, grid FINGERPRINT'"
sed '2s/^index,v0,/index,/' "$tmp/s2.csv" >"$tmp/bad.csv"
run "$exe" merge "$tmp/bad.csv" "$tmp/s1.csv"
[ $rc -eq 3 ] && has "bad.csv:2: not a header of collide sweep" "$tmp/err"
check "merge of a first part whose header has no axis: exit 3 naming it (got $rc: $(cat "$tmp/err"))" $?

# parts of two grids of the same axis key and size (v0 = -1, -2 and
# v0 = -3, -4) are not one sweep; nor a binary64 part and an MPFR part
printf 'scenario = hertz\nv0 = -3, -4\n' >"$tmp/C.grid"
"$exe" sweep "$tmp/A.grid" --shard 1/2 --out "$tmp/a1.csv"
"$exe" sweep "$tmp/A.grid" --shard 2/2 --out "$tmp/a2.csv"
"$exe" sweep "$tmp/C.grid" --shard 2/2 --out "$tmp/c2.csv"
"$exe" sweep "$tmp/A.grid" --shard 2/2 --precision 64 --out "$tmp/a2mp.csv"
run "$exe" merge "$tmp/a1.csv" "$tmp/c2.csv" --out "$tmp/ac.csv"
[ $rc -eq 3 ] && has "c2.csv:1: part of another sweep: grid fingerprint" "$tmp/err" && [ ! -e "$tmp/ac.csv" ]
check "merge of parts of A.grid and C.grid: exit 3, another sweep, no file (got $rc: $(cat "$tmp/err"))" $?
run "$exe" merge "$tmp/a1.csv" "$tmp/a2mp.csv"
[ $rc -eq 3 ] && has "a2mp.csv:1: part of another sweep" "$tmp/err"
check "merge of a binary64 part and a --precision 64 part: exit 3 (got $rc)" $?
run "$exe" merge "$tmp/a2.csv" "$tmp/a1.csv" --out "$tmp/aa.csv"
cmp -s "$tmp/aa.csv" "$tmp/a.csv"
check "merge of the two parts of A.grid: the whole sweep (got $rc)" $?
# --shard 1/1 writes a part that merge accepts
"$exe" sweep "$tmp/A.grid" --shard 1/1 --out "$tmp/a11.csv"
[ "$(head -n 1 "$tmp/a11.csv" | cut -c1-42)" = "# collide sweep part 1/1 of 2 points, grid" ]
check "sweep --shard 1/1: a part file" $?
run "$exe" merge "$tmp/a11.csv" --out "$tmp/a11m.csv"
[ $rc -eq 0 ] && cmp -s "$tmp/a11m.csv" "$tmp/a.csv"
check "merge of the part of --shard 1/1: exit 0, the whole sweep (got $rc: $(cat "$tmp/err"))" $?

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
