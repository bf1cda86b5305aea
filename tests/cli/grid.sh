#!/bin/sh
# grid.sh BUILD: every malformed grid file of `collide sweep` is reported
# with its file, line and reason (exit 3, no file written); every bad
# option of `collide sweep` and `collide merge` is named (exit 2, or 3 for
# a value out of range); a grid's values reach the points as written
# (lists, linspace, logspace, a base scenario file beside the grid).
. tests/cli_common.sh "$1"
case "$exe" in /*) ;; *) exe="$(pwd)/$exe" ;; esac

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
bad_grid "linspace without ')'" 3 "g.txt:2: v0 = linspace(-2, -1, 3: missing ')'" \
    'scenario = hertz\nv0 = linspace(-2, -1, 3\n'
bad_grid "linspace n = 2.5" 3 \
    "g.txt:2: v0 = linspace(-2, -1, 2.5): n = 2.5 is outside the allowed range: an integer in [1, 100000000]" \
    'scenario = hertz\nv0 = linspace(-2, -1, 2.5)\n'
bad_grid "logspace n = 0" 3 "n = 0 is outside the allowed range" \
    'scenario = hertz\nv0 = logspace(-2, -1, 0)\n'
bad_grid "logspace with four arguments" 3 \
    "g.txt:2: v0 = logspace(-2, -1, 3, 4): expected logspace(a, b, n) with decimal a, b and an integer n" \
    'scenario = hertz\nv0 = logspace(-2, -1, 3, 4)\n'
bad_grid "linspace of a word" 3 "expected linspace(a, b, n)" \
    'scenario = hertz\nv0 = linspace(a, -1, 3)\n'
bad_grid "empty list value" 3 \
    "g.txt:2: v0 = -1,,-2: value 2 of the list is empty, too long or contains a space" \
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
long=$(printf '%0200d' 1)
bad_grid "linspace of a number too long" 3 "g.txt:2: v0 = linspace(-2, 0000000000" \
    "scenario = hertz\nv0 = linspace(-2, $long, 3)\n"
bad_grid "its long value cut in the message" 3 "0000000000...: expected linspace(a, b, n)" \
    "scenario = hertz\nv0 = linspace(-2, $long, 3)\n"
bad_grid "logspace of a value beyond the largest number" 3 \
    "g.txt:2: k = logspace(300, 310, 3): value 3 is 10^310, beyond the largest number (about 1.8e308): not finite" \
    'scenario = hertz\nk = logspace(300, 310, 3)\n'
bad_grid "logspace(0, 1e300, 2)" 3 "g.txt:2: k = logspace(0, 1e300, 2): value 2 is 10^1.0000000000000001e+300" \
    'scenario = hertz\nk = logspace(0, 1e300, 2)\n'
bad_grid "linspace of an infinite bound" 3 "g.txt:2: v0 = linspace(1e999, 1, 3): expected linspace(a, b, n)" \
    'scenario = hertz\nv0 = linspace(1e999, 1, 3)\n'
bad_grid "linspace with an empty bound" 3 "g.txt:2: v0 = linspace(, 1, 3): expected linspace" \
    'scenario = hertz\nv0 = linspace(, 1, 3)\n'
bad_grid "linspace of one argument" 3 "g.txt:2: v0 = linspace(1): expected linspace" \
    'scenario = hertz\nv0 = linspace(1)\n'
bad_grid "linspace of a bound 1e5e" 3 "g.txt:2: v0 = linspace(1e5e, 1, 3): expected linspace" \
    'scenario = hertz\nv0 = linspace(1e5e, 1, 3)\n'
bad_grid "linspace of a word as upper bound" 3 "g.txt:2: v0 = linspace(1, x, 3): expected linspace" \
    'scenario = hertz\nv0 = linspace(1, x, 3)\n'
bad_grid "linspace of two arguments" 3 "g.txt:2: v0 = linspace(1, 3): expected linspace" \
    'scenario = hertz\nv0 = linspace(1, 3)\n'
bad_grid "logspace n = 1e9" 3 "g.txt:3: x0 = logspace(-3, -2, 1e9): n = 1e+09 is outside the allowed range" \
    'scenario = hertz\nv0 = -1\nx0 = logspace(-3, -2, 1e9)\n'
bad_grid "list value too long" 3 "g.txt:2: v0 = -1,$(printf '%0200d' 1 | cut -c1-57)...: value 2 of the list is empty, too long" \
    "scenario = hertz\nv0 = -1,$long\n"
bad_grid "list value with '='" 3 "g.txt:2: v0 = -1,a=b: value 2 of the list" \
    'scenario = hertz\nv0 = -1,a=b\n'
bad_grid "a key too long" 3 "g.txt:2: missing or too long key" \
    "scenario = hertz\n$(printf 'k%.0s' $(seq 40)) = 1\n"
bad_grid "a scenario name too long" 3 "g.txt:1: scenario name too long" \
    "scenario = $long$long\nv0 = -1\n"
bad_grid "an unknown axis key" 3 "g.txt: point 0: builtin:hertz:16: unknown key frob" \
    'scenario = hertz\nfrob = 1\n'
# point 0 is the one scenario text a grid builds (its values on the
# base's lines, or appended: line 16 of hertz); every other point is
# point 0 with its axis values set through the interface, so its message
# names the value, not a line of a text (a run setting: as the command
# line's)
bad_grid "an axis value out of range, appended to the base" 3 \
    "g.txt: point 1: max_steps = 0 is outside the allowed range: max_steps in [1, 1000000000000000], an integer" \
    'scenario = hertz\nv0 = -1\nmax_steps = 10, 0\n'
bad_grid "an axis value out of range at point 1" 3 \
    "g.txt: point 1: builtin:hertz: x0 = -1e-3 is outside the allowed range: x0 in [0, inf)" \
    'scenario = hertz\nx0 = 0.01, -1e-3\n'
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

# linspace over the whole range of numbers: -1e308, 0, 1e308 (not nan);
# runs outside the proof domain (|v_c| <= 1024 m/s), asked for
printf 'scenario = hertz\nv0 = linspace(-1e308, 1e308, 3)\nT = 1e-9\noutside_proved_domain = 1\n' >"$tmp/huge.txt"
run "$exe" sweep "$tmp/huge.txt" --threads 1
[ "$rc" -eq 0 ] && [ "$(cut -d, -f2 "$tmp/out" | tr '\n' ' ')" = "v0 -1e+308 0 1e+308 " ]
check "sweep: linspace(-1e308, 1e308, 3) = -1e308, 0, 1e308 ($(cut -d, -f2 "$tmp/out" | tr '\n' ' '))" $?
printf 'scenario = hertz\nv0 = linspace(-1.5e308, 1.7e308, 5)\nT = 1e-9\noutside_proved_domain = 1\n' >"$tmp/huge.txt"
run "$exe" sweep "$tmp/huge.txt" --threads 1
# the exact points -1.5, -0.7, 0.1, 0.9, 1.7 (x 1e308), within the
# roundings of s, the two terms and their sum: 5 ulps of 1e308 (2e292 each)
[ "$rc" -eq 0 ] && awk -F, 'BEGIN { split("-1.5 -0.7 0.1 0.9 1.7", w, " ") }
    NR > 1 { d = $2 - w[NR - 1] * 1e308; if (d < 0) d = -d; if (d > 1e293) bad = 1; n++ }
    END { exit bad || n != 5 }' "$tmp/out"
check "sweep: linspace(-1.5e308, 1.7e308, 5): finite, evenly spaced ($(cut -d, -f2 "$tmp/out" | tr '\n' ' '))" $?

# a base file without x0: the axis x0 is appended to it; CR LF line ends,
# tabs and comments in the grid; a grid given by a relative path, its
# base beside it; a commented-out line of the base keeps its text
grep -v '^x0' "$tmp/sub/base.scn" | sed 's/^v0 = .*/# x0 = 5\nv0 = -1/' >"$tmp/sub/nox0.scn"
printf 'scenario = nox0.scn\r\n\tx0 =\t0.01 , 1e-4\t# two heights\r\n\r\n' >"$tmp/sub/crlf.txt"
(cd "$tmp/sub" && "$exe" sweep crlf.txt --threads 1 >"$tmp/out" 2>"$tmp/err")
rc=$?
[ "$rc" -eq 0 ] && [ "$(cut -d, -f1-3,9 "$tmp/out" | tr '\n' ' ')" = "index,x0,collisions,status 0,0.01,1,ok 1,1e-4,1,ok " ]
check "sweep: x0 appended to a base without it, CR LF and tabs, a relative grid ($(tr '\n' ' ' <"$tmp/out" | cut -c1-80); $(cat "$tmp/err"))" $?
# the axis key on the base's last line, which has no end of line
printf 'scenario = nonl.scn\nx0 = 1e-4\n' >"$tmp/sub/nonl.txt"
{ grep -v '^x0' "$tmp/sub/base.scn"; printf 'x0 = 0.01'; } >"$tmp/sub/nonl.scn"
run "$exe" sweep "$tmp/sub/nonl.txt" --threads 1
[ "$rc" -eq 0 ] && [ "$(sed -n 2p "$tmp/out" | cut -d, -f1-3)" = "0,1e-4,1" ]
check "sweep: the axis replaces the base's last line without end of line (else x0 given twice; got $rc: $(cat "$tmp/err"))" $?
# a base line of a key too long for an axis is left to the scenario's check
{ cat "$tmp/sub/nox0.scn"; printf '%s = 1\n' "$(printf 'k%.0s' $(seq 40))"; } >"$tmp/sub/longkey.scn"
printf 'scenario = longkey.scn\nx0 = 0.01\n' >"$tmp/sub/longkey.txt"
run "$exe" sweep "$tmp/sub/longkey.txt"
[ "$rc" -eq 3 ] && has "longkey.txt: point 0: $tmp/sub/longkey.scn:" "$tmp/err"
check "sweep: a base line with a key too long: the scenario's error (got $rc: $(cat "$tmp/err"))" $?
printf 'scenario = %s\nx0 = -1\n' "$tmp/sub/nox0.scn" >"$tmp/abs.txt"
run "$exe" sweep "$tmp/abs.txt"
[ "$rc" -eq 3 ] && has "abs.txt: point 0: $tmp/sub/nox0.scn:" "$tmp/err" &&
    has "x0 = -1 is outside the allowed range" "$tmp/err"
check "sweep: an absolute base path; the line of an appended axis named (got $rc: $(cat "$tmp/err"))" $?
deep="$tmp/sub/$(printf 'd%.0s' $(seq 120))"
mkdir -p "$deep/$(printf 'e%.0s' $(seq 120))"
printf 'scenario = %s\nv0 = -1\n' "$(printf 'f%.0s' $(seq 200)).scn" >"$deep/g.txt"
run "$exe" sweep "$deep/g.txt"
[ "$rc" -eq 3 ] && has "g.txt:1: scenario path too long" "$tmp/err"
check "sweep: a base path beside the grid too long: exit 3 (got $rc: $(cut -c1-60 "$tmp/err"))" $?
g="$deep/$(printf 'e%.0s' $(seq 120))/g.txt"
printf 'scenario = hertz\nv0 = -1\n' >"$g"
run "$exe" sweep "$g"
[ "$rc" -eq 3 ] && has "$g: path too long (at most 255 bytes)" "$tmp/err"
check "sweep: a grid path over 255 bytes is refused, not cut (got $rc: $(tail -c 60 "$tmp/err"))" $?

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
head -n 1 "$tmp/p1.csv" >"$tmp/nohead.csv"
opt "merge of a part without header" 3 "nohead.csv:2: no header line" \
    merge "$tmp/nohead.csv"
head -c -1 "$tmp/p1.csv" >"$tmp/cut.csv"
opt "merge of a part cut short" 3 "cut.csv:4: the last line has no end of line" \
    merge "$tmp/cut.csv"
sed '1s/1 points/2 points/' "$tmp/p1.csv" >"$tmp/p2.csv"
opt "merge of parts of different sizes" 3 \
    "p2.csv:1: part of a sweep split 2 ways over 2 points; the first part: 2 ways over 1 points" \
    merge "$tmp/p1.csv" "$tmp/p2.csv"
sed '3s/^0,/5,/' "$tmp/p1.csv" >"$tmp/p5.csv"
opt "merge of a row of another index" 3 "has no index of part 1/2 of 1 points" \
    merge "$tmp/p5.csv"
run "$exe" merge --help
[ "$rc" -eq 0 ] && has "collide merge" "$tmp/out"
check "merge --help: exit 0 and its usage on stdout" $?

finish grid.sh
