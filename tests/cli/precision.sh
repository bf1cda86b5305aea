#!/bin/sh
# precision.sh BUILD: `collide run SCENARIO --precision BITS`: the tables
# of a high-precision run have the columns of a binary64 run and decimal
# text of the digits asked for; --check writes an scd table beside each
# table and fails with status 11 when a value falls short; bad options are
# refused with a message naming the option, the value and the range, and
# leave no file behind.
. tests/cli_common.sh "$1"

# A run and its tables: the same header as binary64, 30 digits written.
run "$exe" run example-v2 --precision 160 --digits 30 --csv "$tmp/mp"
check "example-v2 at 160 bits runs (exit $rc)" "$rc"
"$exe" run example-v2 --quiet --csv "$tmp/b64"
for t in collisions events ledger samples; do
    [ "$(head -n 1 "$tmp/mp/$t.csv")" = "$(head -n 1 "$tmp/b64/$t.csv")" ]
    check "$t.csv: the header of the binary64 table" $?
done
# t_d = pi/100 to the 30 digits written
td=$(sed -n 2p "$tmp/mp/collisions.csv" | cut -d, -f4)
[ "$td" = "0.0314159265358979323846264338328" ]
check "t_d = pi/100 written to 30 digits (got $td)" $?

# --check: scd tables beside the tables, every value to the digits asked
run "$exe" run hertz --precision 128 --digits 20 --check --csv "$tmp/chk"
check "hertz --check at 128 bits, 20 digits: exit 0 (got $rc)" "$rc"
for t in collisions events ledger samples; do
    [ -s "$tmp/chk/$t.scd.csv" ] &&
        [ "$(head -n 1 "$tmp/chk/$t.scd.csv")" = "$(head -n 1 "$tmp/chk/$t.csv")" ]
    check "$t.scd.csv written with the header of $t.csv" $?
done
has "check against 192 bits" "$tmp/out"
check "--check names the precision of its reference" $?

# the check fails when the digits asked for are more than the run holds:
# at 64 bits a tolerance of 1e-11 cannot give 11 correct digits everywhere
run "$exe" run study1 --precision 64 --digits 11 --check --quiet --csv "$tmp/short"
[ "$rc" -eq 11 ] && has "fewer than 11 significant correct digits" "$tmp/err"
check "--check below the digits asked: exit 11 with the reason (got $rc)" $?
# ... and the tables with their scd tables are written as one set, the
# scd tables showing which values fall short
[ "$(ls "$tmp/short" | tr '\n' ' ')" = "MANIFEST collisions.csv collisions.scd.csv events.csv events.scd.csv ledger.csv ledger.scd.csv meta.json samples.csv samples.scd.csv " ] &&
    grep -q '^    "code": 11,$' "$tmp/short/meta.json"
check "--check below the digits: the 4 tables, their 4 scd tables, meta.json (status 11) and MANIFEST, nothing else" $?

# progress: a line on stderr when it is a terminal, nothing otherwise
run "$exe" run hertz --precision 128 --quiet
[ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ]
check "no progress line when stderr is not a terminal" $?
if command -v script >/dev/null 2>&1; then
    script -qc "$exe run hertz --precision 128 --quiet" /dev/null >"$tmp/tty" 2>&1
    grep -q "events, .* steps, .* s used, about" "$tmp/tty"
    check "a progress line (time, events, steps, time left) on a terminal" $?
else
    echo "skip: progress on a terminal: script(1) not installed"
fi

# bad options: the option, the value and the allowed range; no file
bad() { # NAME STATUS TEXT ARGS...
    name=$1; want=$2; text=$3; shift 3
    run "$exe" run example-v2 "$@" --csv "$tmp/bad"
    [ "$rc" -eq "$want" ] && has "$text" "$tmp/err" && [ ! -e "$tmp/bad" ]
    check "$name: exit $want, \"$text\", no file (got $rc)" $?
}
bad "--precision 52" 3 "--precision = 52 is outside the allowed range: BITS in [53, 16384], an integer" --precision 52
bad "--precision 1e5" 3 "--precision = 1e5 is outside the allowed range" --precision 1e5
bad "--digits 40 at 128 bits" 3 "--digits = 40 is outside the allowed range: D in [1, 30]" --precision 128 --digits 40
bad "--rtol with --precision" 2 "binary64 settings" --precision 128 --rtol 1e-9
bad "--check without --precision" 2 "--digits and --check need --precision" --check
bad "--at with --precision" 2 "--at is not available with --precision" --precision 128 --at 0.01

# a fractional exponent other than a half-integer is outside the mode
printf 'system = Hr\nlaw = shccl\nk = 1e9\np = 1.3\nc = 0\nm = 1\nx0 = 0.01\nv0 = -1\ninput = none\nT = 0.02\n' >"$tmp/p13"
run "$exe" run "$tmp/p13" --precision 128 --csv "$tmp/p13out"
[ "$rc" -eq 3 ] && has "p = 1.3 is outside the range of the high-precision mode" "$tmp/err" && [ ! -e "$tmp/p13out" ]
check "p = 1.3: exit 3 naming p and the range (got $rc)" $?

# and so is a Bouc-Wen exponent n other than a half-integer
printf 'system = Hr\nlaw = bwshccl\nk = 1e9\nalpha = 0.35\nA = 1\nbeta = 5e7\ngamma = 5e7\nn = 1.3\np = 1.5\nc = 0\nm = 1\nx0 = 0.01\nv0 = -1\ninput = none\nT = 0.02\n' >"$tmp/n13"
run "$exe" run "$tmp/n13" --precision 128
[ "$rc" -eq 3 ] && has "n = 1.3 is outside the range of the high-precision mode: 2n must be an integer" "$tmp/err"
check "n = 1.3: exit 3 naming n and the range (got $rc)" $?

# --digits below 3 still writes 3 digits: t_d = pi/100
run "$exe" run example-v2 --precision 64 --digits 2 --quiet --csv "$tmp/d2"
td=$(sed -n 2p "$tmp/d2/collisions.csv" | cut -d, -f4)
[ "$rc" -eq 0 ] && [ "$td" = "0.0314" ]
check "--digits 2: values written with 3 digits (t_d $td, exit $rc)" $?

# --check compares its two runs in memory: it writes no temporary file,
# so it needs no $TMPDIR (a missing one changes nothing) and leaves none
run env TMPDIR="$tmp/none" "$exe" run example-v2 --precision 64 --check --quiet
check "--check with TMPDIR missing: exit 0, no temporary needed (got $rc)" "$rc"
mkdir -p "$tmp/own"
run env TMPDIR="$tmp/own" "$exe" run example-v2 --precision 64 --check --quiet --csv "$tmp/ownset"
[ "$rc" -eq 0 ] && [ -z "$(ls -A "$tmp/own")" ] && [ ! -e "$tmp/none" ]
check "--check writes nothing outside --csv DIR (TMPDIR left empty; exit $rc)" $?

# a directory that is not a result set (here one holding a directory in
# the place of a table) is not replaced: exit 4 naming it
mkdir -p "$tmp/scdfail/collisions.scd.csv/x"
run "$exe" run example-v2 --precision 64 --check --quiet --csv "$tmp/scdfail"
[ "$rc" -eq 4 ] && has "scdfail: not a collide result set" "$tmp/err" &&
    [ -d "$tmp/scdfail/collisions.scd.csv/x" ]
check "--check into a directory not a result set: exit 4 naming it, kept (got $rc)" $?
mkdir -p "$tmp/csvfail/collisions.csv/x"
run "$exe" run example-v2 --precision 64 --quiet --csv "$tmp/csvfail"
[ "$rc" -eq 4 ] && has "csvfail: not a collide result set" "$tmp/err" &&
    [ -d "$tmp/csvfail/collisions.csv/x" ]
check "--precision into a directory not a result set: exit 4 naming it, kept (got $rc)" $?

# --check where the precision does not settle the events: T 3e-22 before
# the end of the contact of Example V.2 (t_s = 0.01 + pi/100 =
# 0.04141592653589793238463): the run at 64 bits (19 digits) separates
# before T, the one at 128 after it, and their tables differ in rows; the
# check fails (exit 11), says so, and writes nothing: a previous result in
# DIR stays as it was. (MPFR rounds correctly: the same on every machine.)
"$exe" show example-v2 | sed 's/^T = .*/T = 0.0414159265358979323846/' >"$tmp/v2T.scn"
mkdir -p "$tmp/v2T" && echo previous >"$tmp/v2T/collisions.csv"
run "$exe" run "$tmp/v2T.scn" --precision 64 --check --quiet --csv "$tmp/v2T"
[ "$rc" -eq 11 ] &&
    has "the runs at 64 and 128 bits differ in their events, collisions or samples" "$tmp/err" &&
    [ "$(cat "$tmp/v2T/collisions.csv")" = previous ] && [ "$(ls "$tmp/v2T")" = collisions.csv ]
check "--check, events unsettled at 64 bits: exit 11 with the reason, DIR untouched (got $rc)" $?

# A ball put at rest on the obstacle under gravity, undamped Hertz contact:
# the exact motion oscillates in contact and comes back to x_c = 0 with
# v = 0, a tangency of the separation. Whatever side the working precision
# puts it on, the ball never flows outside the flow set C (Eq. 77: apart,
# x >= 0 or v >= 0; rule R2): it once fell through the obstacle, apart
# with x < 0 and v < 0 to T. Checked on every sample, both modes.
cat >"$tmp/rest.scn" <<'SCN'
system = Hr
law = shccl
k = 1e6
p = 1.5
c = 0
m = 1
l1 = 0.01
x0 = 0
v0 = 0
input = gravity
g = 9.81
T = 0.1
samples = 400
SCN
for mode in "" "--precision 64" "--precision 128"; do
    rm -rf "$tmp/rest"
    # shellcheck disable=SC2086
    run "$exe" run "$tmp/rest.scn" $mode --quiet --csv "$tmp/rest"
    q=$(column_of q "$tmp/rest/samples.csv"); x=$(column_of x "$tmp/rest/samples.csv")
    v=$(column_of v "$tmp/rest/samples.csv")
    out=$(awk -F, -v q="$q" -v x="$x" -v v="$v" 'NR > 1 && $q == 0 &&
        $x + 0 < -1e-12 && $v + 0 < -1e-12 { n++ } END { print n + 0 }' \
        "$tmp/rest/samples.csv")
    [ "$rc" -eq 0 ] && [ "$out" -eq 0 ]
    check "resting start, undamped, ${mode:-binary64}: no sample apart below the obstacle and falling (exit $rc, $out samples)" $?
    [ -n "$mode" ] || continue
    # the ledger closes to the digits written, or the run says it does not
    d=$(awk -F, '$1 == "total" { s = $3; sub(/e.*/, "", s); gsub(/[-.]/, "", s)
        sub(/^0+/, "", s); print length(s) }' "$tmp/rest/ledger.csv")
    awk -F, -v d="$d" '$1 == "total" { r = $7 < 0 ? -$7 : $7
        exit !(r <= $8 * 10 ^ -d) }' "$tmp/rest/ledger.csv" ||
        has "warning: the ledger residual (Eq. 24) is" "$tmp/err"
    check "resting start, undamped, $mode: the ledger closes to $d digits, or a warning says not" $?
done

# The pace bound: an elastic ball bouncing under gravity needs about 216
# steps per simulated second at 64 bits; with T = 10 s and max_steps =
# 1500, its first 1000 steps show that T would be reached after about
# 2160: the run stops there with status 13 and says why (without the bound
# it ran to max_steps, exit 6), and writes nothing.
printf 'system = Hr\nlaw = clamped\nk = 1e4\nm = 1\nx0 = 0.01\nv0 = 0\ninput = gravity\ng = 9.81\nT = 10\nmax_steps = 1500\n' >"$tmp/pace.scn"
run "$exe" run "$tmp/pace.scn" --precision 64 --quiet --csv "$tmp/pace"
[ "$rc" -eq 13 ] && has "no progress: after 1000 steps" "$tmp/err" &&
    has "steps per simulated second, at which T would be reached after" "$tmp/err" &&
    has "beyond max_steps = 1500 (the pace bound); t = 4.6" "$tmp/err" && [ ! -e "$tmp/pace" ]
check "pace bound: exit 13 naming the steps, the pace and t, no file (got $rc)" $?

finish precision.sh
