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
run "$exe" run hertz --precision 128 --digits 20 --check --quiet --csv "$tmp/chk"
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
bad "--precision 52" 3 "--precision = 52 is outside the allowed range: an integer in [53, 16384]" --precision 52
bad "--precision 1e3" 3 "--precision = 1e3 is outside the allowed range" --precision 1e3
bad "--digits 40 at 128 bits" 3 "--digits = 40 is outside the allowed range: D in [1, 30]" --precision 128 --digits 40
bad "--rtol with --precision" 2 "binary64 settings" --precision 128 --rtol 1e-9
bad "--check without --precision" 2 "--digits and --check need --precision" --check
bad "--at with --precision" 2 "--at is not available with --precision" --precision 128 --at 0.01

# a fractional exponent other than a half-integer is outside the mode
printf 'system = Hr\nlaw = shccl\nk = 1e9\np = 1.3\nc = 0\nm = 1\nx0 = 0.01\nv0 = -1\ninput = none\nT = 0.02\n' >"$tmp/p13"
run "$exe" run "$tmp/p13" --precision 128 --csv "$tmp/p13out"
[ "$rc" -eq 3 ] && has "p = 1.3 is outside the range of the high-precision mode" "$tmp/err" && [ ! -e "$tmp/p13out" ]
check "p = 1.3: exit 3 naming p and the range (got $rc)" $?

finish precision.sh
