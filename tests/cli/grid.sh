#!/bin/sh
# grid.sh BUILD: every malformed grid file of `collide sweep` is reported
# with its file, line and reason (exit 3, no file written); every bad
# option of `collide sweep` and `collide merge` is named (exit 2, or 3 for
# a value out of range); a grid's values reach the points as written
# (lists, linspace, logspace, a base scenario file beside the grid).
. tests/cli_common.sh "$1"

# bad_grid NAME STATUS MESSAGE TEXT: a grid file with TEXT (printf format)
# exits with STATUS, its message contains MESSAGE, and no file is written.
bad_grid() {
    printf "$4" >"$tmp/g.txt"
    rm -f "$tmp/o.csv"
    run "$exe" sweep "$tmp/g.txt" --out "$tmp/o.csv"
    [ "$rc" -eq "$2" ] && has "$3" "$tmp/err" && [ ! -e "$tmp/o.csv" ]
    check "grid $1: exit $2 and '$3' (got $rc: $(head -n 1 "$tmp/err"))" $?
}

# ---- malformed grid files ----
bad_grid "without '='" 3 "g.txt:2: expected key = value" \
    'scenario = hertz\nv0 -1\n'
bad_grid "without a key" 3 "g.txt:2: missing or too long key" \
    'scenario = hertz\n = -1\n'
bad_grid "without a value" 3 "g.txt:2: v0 has no value" \
    'scenario = hertz\nv0 =   # none\n'
bad_grid "scenario given twice" 3 "g.txt:2: scenario is given twice" \
    'scenario = hertz\nscenario = study1\nv0 = -1\n'
bad_grid "axis given twice" 3 "g.txt:3: axis v0 is given twice" \
    'scenario = hertz\nv0 = -1\nv0 = -2\n'
bad_grid "nine axes" 3 "g.txt:10: more than 8 axes" \
    'scenario = hertz\na1 = 1\na2 = 1\na3 = 1\na4 = 1\na5 = 1\na6 = 1\na7 = 1\na8 = 1\na9 = 1\n'
bad_grid "linspace without ')'" 3 "g.txt:2: missing ')'" \
    'scenario = hertz\nv0 = linspace(-2, -1, 3\n'
bad_grid "linspace n = 2.5" 3 \
    "g.txt:2: n = 2.5 is outside the allowed range: an integer in [1, 100000000]" \
    'scenario = hertz\nv0 = linspace(-2, -1, 2.5)\n'
bad_grid "logspace n = 0" 3 "n = 0 is outside the allowed range" \
    'scenario = hertz\nv0 = logspace(-2, -1, 0)\n'
bad_grid "logspace with four arguments" 3 \
    "g.txt:2: expected logspace(a, b, n) with decimal a, b and an integer n" \
    'scenario = hertz\nv0 = logspace(-2, -1, 3, 4)\n'
bad_grid "linspace of a word" 3 "expected linspace(a, b, n)" \
    'scenario = hertz\nv0 = linspace(a, -1, 3)\n'
bad_grid "empty list value" 3 \
    "g.txt:2: value 2 of the list is empty, too long or contains a space" \
    'scenario = hertz\nv0 = -1,,-2\n'
bad_grid "list value with a space" 3 "value 1 of the list is empty" \
    'scenario = hertz\nv0 = -1 -2\n'
bad_grid "without scenario" 3 "g.txt: scenario (a built-in name or a file) is required" \
    'v0 = -1\n'
bad_grid "without an axis" 3 "g.txt: an axis (key = list, linspace or logspace) is required" \
    'scenario = hertz\n'
bad_grid "of too many points" 3 "g.txt: more than 100000000 points" \
    'scenario = hertz\nv0 = linspace(-2, -1, 100000)\nx0 = linspace(0, 1, 10000)\n'
bad_grid "with a missing scenario file" 3 "nothere.scn: cannot open" \
    'scenario = nothere.scn\nv0 = -1\n'
bad_grid "with a NUL byte" 3 "g.txt: contains a NUL byte: not a text file" \
    'scenario = hertz\nv0 = -1\n\000\n'
run "$exe" sweep "$tmp/none.txt"
[ "$rc" -eq 3 ] && has "none.txt: cannot open" "$tmp/err"
check "sweep of a missing grid file: exit 3, 'cannot open'" $?
head -c 70000 /dev/zero | tr '\0' '#' >"$tmp/big.txt"
run "$exe" sweep "$tmp/big.txt"
[ "$rc" -eq 3 ] && has "big.txt: file too large" "$tmp/err"
check "sweep of a grid file over 64 KiB: exit 3, 'file too large'" $?

# ---- values as written ----
"$exe" show hertz | sed 's/#.*//' >"$tmp/base.scn"
mkdir "$tmp/sub"
mv "$tmp/base.scn" "$tmp/sub/base.scn"
printf 'scenario = base.scn\nv0 = logspace(0, 1, 2)\nT = 1e-3\n' \
    >"$tmp/sub/g.txt"
run "$exe" sweep "$tmp/sub/g.txt" --threads 1
[ "$rc" -eq 0 ] && [ "$(head -n 1 "$tmp/out" | cut -d, -f1-3)" = "index,v0,T" ] &&
    awk -F, 'NR > 1 { v[NR] = $2; t[NR] = $3 }
        END { exit !(v[2] == 1 && v[3] == 10 && t[2] == "1e-3" && t[3] == "1e-3") }' \
        "$tmp/out"
check "sweep: a base file beside the grid, logspace(0, 1, 2) = 1, 10 ($(tr '\n' ' ' <"$tmp/out" | cut -c1-120))" $?
printf 'scenario = hertz\nv0 = linspace(-1, -1, 1)\n' >"$tmp/one.txt"
run "$exe" sweep "$tmp/one.txt" --threads 1
[ "$rc" -eq 0 ] && [ "$(sed -n 2p "$tmp/out" | cut -d, -f1-3)" = "0,-1,1" ]
check "sweep: linspace with n = 1 is its first value, one collision" $?

# ---- options of collide sweep ----
printf 'scenario = hertz\nv0 = -1\n' >"$tmp/ok.txt"
opt() { # NAME STATUS MESSAGE ARGS...
    name="$1"; want="$2"; msg="$3"; shift 3
    run "$exe" "$@"
    [ "$rc" -eq "$want" ] && has "$msg" "$tmp/err"
    check "$name: exit $want and '$msg' (got $rc: $(head -n 1 "$tmp/err"))" $?
}
opt "sweep --threads 0" 2 "--threads needs an integer in [1, 1024], not 0" \
    sweep "$tmp/ok.txt" --threads 0
opt "sweep --threads 2x" 2 "--threads needs an integer in [1, 1024], not 2x" \
    sweep "$tmp/ok.txt" --threads 2x
opt "sweep --shard 3/2" 2 "--shard needs K/N with 1 <= K <= N, not 3/2" \
    sweep "$tmp/ok.txt" --shard 3/2
opt "sweep --shard 2" 2 "--shard needs K/N with 1 <= K <= N, not 2" \
    sweep "$tmp/ok.txt" --shard 2
opt "sweep --precision 20" 3 \
    "--precision = 20 is outside the allowed range: an integer in [53, 16384]" \
    sweep "$tmp/ok.txt" --precision 20
opt "sweep --frobnicate" 2 "collide sweep: unknown option --frobnicate" \
    sweep "$tmp/ok.txt" --frobnicate 1
opt "sweep GRID --out" 2 "collide sweep: missing value after --out" \
    sweep "$tmp/ok.txt" --out
opt "sweep of two grids" 2 "collide sweep: more than one GRID: $tmp/ok.txt" \
    sweep "$tmp/ok.txt" "$tmp/ok.txt"
opt "sweep without a grid" 2 "collide sweep: missing GRID" sweep --threads 1
opt "sweep --out under a file" 4 "ok.txt: not a directory" \
    sweep "$tmp/ok.txt" --out "$tmp/ok.txt/o.csv"

# ---- collide merge ----
"$exe" sweep "$tmp/ok.txt" --shard 1/2 --out "$tmp/p1.csv"
check "sweep --shard 1/2 writes a part" $?
opt "merge --out" 2 "collide merge: missing value after --out" \
    merge "$tmp/p1.csv" --out
opt "merge --frobnicate" 2 "collide merge: unknown option --frobnicate" \
    merge --frobnicate
opt "merge without parts" 2 "collide merge: missing PART" merge
opt "merge of a missing file" 3 "none.csv: cannot read" merge "$tmp/none.csv"
printf '# collide sweep part 1/1 of 1 points\n' >"$tmp/nohead.csv"
opt "merge of a part without header" 3 "nohead.csv: no header line" \
    merge "$tmp/nohead.csv"
head -c -1 "$tmp/p1.csv" >"$tmp/cut.csv"
opt "merge of a part cut short" 3 "cut.csv: last row has no end of line" \
    merge "$tmp/cut.csv"
sed '1s/1 points/2 points/' "$tmp/p1.csv" >"$tmp/p2.csv"
opt "merge of parts of different sizes" 3 \
    "p2.csv: part of a sweep split 2 ways over 2 points; the first part: 2 ways over 1 points" \
    merge "$tmp/p1.csv" "$tmp/p2.csv"
sed '3s/^0,/5,/' "$tmp/p1.csv" >"$tmp/p5.csv"
opt "merge of a row of another index" 3 "has no index of part 1/2 of 1 points" \
    merge "$tmp/p5.csv"
run "$exe" merge --help
[ "$rc" -eq 0 ] && has "collide merge" "$tmp/out"
check "merge --help: exit 0 and its usage on stdout" $?

finish grid.sh
