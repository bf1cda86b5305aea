#!/bin/sh
# options.sh BUILD: options of `collide run`, `collide audit` and
# `collide plot` that the other scripts leave out: --at (the samples at the
# given times, and each bad time named with its range), the contact still
# lasting at T, SIGINT and SIGTERM during a run or a sweep (exit 10, no
# file, one line saying what was interrupted and kept), audit's
# --observables and each bad run, compare, show, audit or plot option
# (exit 2 or 3); --opt=value, an option given twice and -- (options.h).
. tests/cli_common.sh "$1"

# opt NAME STATUS MESSAGE ARGS...: collide ARGS exits with STATUS and its
# stderr contains MESSAGE.
opt() {
    name="$1"; want="$2"; msg="$3"; shift 3
    run "$exe" "$@"
    [ "$rc" -eq "$want" ] && has "$msg" "$tmp/err"
    check "$name: exit $want and '$msg' (got $rc: $(head -n 1 "$tmp/err"))" $?
}

# ---- run --at ----
run "$exe" run hertz --samples 0 --at 0,0.0001,0.0002 --csv "$tmp/at" --quiet
[ "$rc" -eq 0 ] && [ ! -s "$tmp/out" ]
check "run hertz --at 0,0.0001,0.0002 --quiet: exit 0, nothing printed" $?
# free flight x = x0 + v0 t (x0 = 0.01 m, v0 = -1 m/s) at the three times
awk -F, 'NR > 1 && $1 < 0.005 { n++; d = $5 - (0.01 - $1); if (d < 0) d = -d
    if (d > 1e-15) bad = 1 } END { exit !(n == 3 && !bad) }' "$tmp/at/samples.csv"
check "run --at: samples at t = 0, 1e-4, 2e-4 with x = x0 + v0 t" $?
run "$exe" run hertz --at 0.01,x --csv "$tmp/at2"
[ "$rc" -eq 3 ] && has "collide run: --at: t = x is not a decimal number; the allowed range is t in [0, 0.1]" \
    "$tmp/err" && [ ! -e "$tmp/at2" ]
check "run --at 0.01,x: exit 3, 'x' named, no file ($(cat "$tmp/err"))" $?
opt "run --at 5 (beyond T = 0.1)" 3 "--at: t = 5 is outside the allowed range: t in [0, 0.1]" \
    run hertz --at 5
opt "run --at -1e-3" 3 "--at: t = -1e-3 is outside the allowed range" \
    run hertz --at 0,-1e-3
opt "run --at 0,,1" 3 "--at: t has no value; the allowed range is t in [0, 0.1]" \
    run hertz --at 0,,1
# the trajectory starts at 0 and ends at T whatever the samples (a
# scenario file defaults to samples = 0)
"$exe" show hertz | sed '/^samples = /d' >"$tmp/nosamples.scn"
run "$exe" run "$tmp/nosamples.scn" --csv "$tmp/ns" --quiet
[ "$rc" -eq 0 ] && [ "$(sed -n 2p "$tmp/ns/trajectory.csv" | cut -d, -f1)" = 0 ] &&
    [ "$(tail -n 1 "$tmp/ns/trajectory.csv" | cut -d, -f1)" = 0.10000000000000001 ]
check "run with samples = 0: trajectory.csv from t = 0 to T = 0.1" $?
opt "run --digits without --precision" 2 "--digits and --check need --precision" \
    run hertz --digits 5

# ---- a contact lasting at T ----
"$exe" show hertz | sed 's/^T = .*/T = 0.0105/' >"$tmp/fc.scn"
run "$exe" run "$tmp/fc.scn"
[ "$rc" -eq 0 ] && has "collisions (Eqs. 193-204): 0" "$tmp/out" &&
    has "final contact, from t_e = 10.00000 ms to T = 10.50000 ms (not a collision)" \
        "$tmp/out"
check "run of hertz to T = 10.5 ms: no collision, the final contact from 10 ms" $?
# v_i is v0 = -1; xc_max (greatest indentation) >= xc(T)
sed -n 's/.*v_i = \([^ ]*\) m\/s, xc_max = \([^ ]*\) um.*xc(T) = \([^ ]*\) um.*/\1 \2 \3/p' \
    "$tmp/out" | awk '{ exit !(NF == 3 && $1 == -1 && $2 >= $3 && $3 > 0) }'
check "final contact: v_i = -1 m/s, xc_max >= xc(T) > 0" $?

# ---- SIGINT, SIGTERM: exit 10 and one line saying what was interrupted
# and what was kept ----
# interrupted SIGNAL ARGS...: starts collide ARGS, sends SIGNAL after a
# second; rc, and the stderr in $tmp/sig.err
interrupted() {
    sig=$1; shift
    "$exe" "$@" >/dev/null 2>"$tmp/sig.err" &
    pid=$!
    sleep 1
    kill -"$sig" "$pid"
    wait "$pid"
    rc=$?
}
# one_line TEXT: stderr is exactly one line, and it contains TEXT
one_line() {
    [ "$(wc -l <"$tmp/sig.err")" -eq 1 ] && has "$1" "$tmp/sig.err"
}
# an elastic ball bouncing under gravity for 10^4 s: a long binary64 run
"$exe" show hertz | sed 's/^input = .*/input = gravity/; s/^T = .*/T = 10000/' \
    >"$tmp/bounce.scn"
for sig in INT TERM; do
    interrupted $sig run "$tmp/bounce.scn" --csv "$tmp/sig" --quiet
    [ "$rc" -eq 10 ] && [ ! -e "$tmp/sig" ] &&
        one_line "collide run: $tmp/bounce.scn: interrupted by SIG$sig during the run, after " &&
        one_line " collisions; no file written, $tmp/sig unchanged"
    check "binary64 run ended by SIG$sig: exit 10 (got $rc), no file, one line: $(cat "$tmp/sig.err")" $?
done
interrupted INT run study1 --precision 256 --quiet
[ "$rc" -eq 10 ] &&
    one_line "collide run: builtin:study1: interrupted by SIGINT during the run, after " &&
    one_line "collisions; nothing written (no --csv)"
check "run --precision 256 ended by SIGINT: exit 10 (got $rc), one line: $(cat "$tmp/sig.err")" $?
interrupted TERM run study1 --precision 256 --csv "$tmp/sig" --quiet
[ "$rc" -eq 10 ] && [ ! -e "$tmp/sig" ] &&
    one_line "collide run: builtin:study1: interrupted by SIGTERM during the run" &&
    one_line "; no file written, $tmp/sig unchanged"
check "run --precision 256 ended by SIGTERM: exit 10 (got $rc), no file, one line: $(cat "$tmp/sig.err")" $?
# a sweep: point 0 (T = 0.1) done and kept, point 1 (T = 10^4) interrupted
printf 'scenario = bounce.scn\nT = 0.1, 10000\n' >"$tmp/bounce.grid"
interrupted TERM sweep "$tmp/bounce.grid" --threads 1 --resume "$tmp/res" --out "$tmp/sw.csv"
[ "$rc" -eq 10 ] && [ ! -e "$tmp/sw.csv" ] && [ -s "$tmp/res/point-0.csv" ] &&
    [ ! -e "$tmp/res/point-1.csv" ] &&
    one_line "collide sweep: $tmp/bounce.grid: interrupted by SIGTERM; $tmp/sw.csv not written; the points finished are kept in $tmp/res: a rerun with --resume $tmp/res runs only the rest"
check "sweep ended by SIGTERM: exit 10 (got $rc), point 0 kept, one line: $(cat "$tmp/sig.err")" $?
interrupted INT sweep "$tmp/bounce.grid" --threads 1
[ "$rc" -eq 10 ] &&
    one_line "collide sweep: $tmp/bounce.grid: interrupted by SIGINT; no row printed; no point kept (--resume DIR keeps them)"
check "sweep ended by SIGINT: exit 10 (got $rc), one line: $(cat "$tmp/sig.err")" $?

# ---- audit ----
"$exe" run study1 --quiet --csv "$tmp/s1"
run "$exe" audit "$tmp/s1/trajectory.csv" --scenario study1 --observables "$tmp/obs.csv"
[ "$rc" -eq 0 ] && has "collisions recomputed from the rows: 12, written to $tmp/obs.csv" \
    "$tmp/out"
check "audit --observables: 12 collisions written to the file (exit $rc)" $?
# t_e and v_i recomputed from the rows equal those of the run to 1e-9
awk -F, 'NR == FNR { te[FNR] = $2; vi[FNR] = $6; n++; next }
    FNR > 1 { m++; if ((te[FNR] - $2) ^ 2 > 1e-18 * $2 ^ 2 ||
                       (vi[FNR] - $6) ^ 2 > 1e-18 * $6 ^ 2) bad = 1 }
    END { exit !(n == 13 && m == 12 && !bad) }' "$tmp/obs.csv" "$tmp/s1/collisions.csv"
check "audit --observables: t_e and v_i of each collision equal the run's" $?
opt "audit --observables under a file" 3 "x.csv: cannot write the observables" \
    audit "$tmp/s1/trajectory.csv" --scenario study1 --observables "$tmp/fc.scn/x.csv"
run "$exe" audit --help
[ "$rc" -eq 0 ] && has "usage: collide audit TRAJ.csv --scenario SCENARIO" "$tmp/out"
check "audit --help: exit 0 and the usage" $?
opt "audit TRAJ --tol" 2 "collide audit: missing value after --tol" audit t.csv --tol
opt "audit --frob" 2 "collide audit: unknown option --frob" audit t.csv --frob
opt "audit of two TRAJ" 2 "collide audit: more than one TRAJ: b.csv" \
    audit a.csv b.csv --scenario hertz
opt "audit --tol 2" 3 "collide audit: --tol = 2 is outside the allowed range: X in (0, 1)" \
    audit t.csv --tol 2 --scenario hertz
opt "audit without --scenario" 2 "collide audit: missing --scenario" audit t.csv
opt "audit without TRAJ" 2 "collide audit: missing TRAJ" audit --scenario hertz

# ---- plot ----
opt "plot hertz --out" 2 "collide plot: missing value after --out" plot hertz --out
opt "plot of nine scenarios" 2 "collide plot: too many scenarios: hertz" \
    plot hertz hertz hertz hertz hertz hertz hertz hertz hertz

# ---- option parsing of run, compare, show, audit ----
opt "audit --tol abc" 3 "collide audit: --tol = abc is not a decimal number; the allowed range is X in (0, 1)" \
    audit t.csv --tol abc --scenario hertz
opt "run --at inf" 3 "--at: t = inf is outside the allowed range: t in [0, 0.1]" \
    run hertz --at 0,inf
at=$(awk 'BEGIN { for (i = 0; i <= 10000; i++) printf "%s%g", i ? "," : "", i * 1e-7 }')
opt "run --at with 10001 times" 3 "--at: more than 10000 sample times" run hertz --at "$at"
opt "run --frob" 2 "collide run: unknown option --frob" run hertz --frob
opt "run of two scenarios" 2 "collide run: more than one SCENARIO: study1" \
    run hertz study1
opt "run --precision abc" 3 "--precision = abc is not a decimal number; the allowed range is BITS in [53, 16384], an integer" \
    run hertz --precision abc
opt "run --precision 52" 3 "--precision = 52 is outside the allowed range" \
    run hertz --precision 52
opt "run --precision 128 --digits 0.5" 3 "--digits = 0.5 is not an integer; the allowed range is D in [1, 30], an integer" \
    run hertz --precision 128 --digits 0.5
opt "run --precision 128 --digits 31" 3 "--digits = 31 is outside the allowed range: D in [1, 30], an integer" \
    run hertz --precision 128 --digits 31
opt "run --precision 128 --digits x" 3 "--digits = x is not a decimal number; the allowed range is D in [1, 30]" \
    run hertz --precision 128 --digits x
opt "run --precision with --rtol" 2 "--rtol, --atol and --h-max are binary64 settings" \
    run hertz --precision 128 --rtol 1e-9
opt "run --precision with --at" 2 "--at is not available with --precision" \
    run hertz --precision 128 --at 0
# a repeated option: the last one counts (as in the scenario's own run settings)
run "$exe" run hertz --rtol 1e-3 --rtol 1e-9 --samples 0 --csv "$tmp/twice" --quiet
run "$exe" run hertz --rtol 1e-9 --samples 0 --csv "$tmp/once" --quiet
cmp -s "$tmp/twice/collisions.csv" "$tmp/once/collisions.csv"
check "run --rtol 1e-3 --rtol 1e-9: the same collisions as --rtol 1e-9" $?
# --opt=value is --opt value, in every command; an option other than a
# run setting given twice is refused (exit 2); a flag takes no value; --
# ends the options
run "$exe" run hertz --rtol=1e-9 --samples=0 --csv="$tmp/eq" --quiet
[ "$rc" -eq 0 ] && cmp -s "$tmp/eq/collisions.csv" "$tmp/once/collisions.csv"
check "run --csv=DIR --rtol=1e-9: the tables of --csv DIR --rtol 1e-9 (got $rc: $(head -n 1 "$tmp/err"))" $?
opt "run --csv given twice" 2 "collide run: --csv given twice" \
    run hertz --csv "$tmp/a" --csv="$tmp/b"
[ ! -e "$tmp/a" ] && [ ! -e "$tmp/b" ]
check "run --csv given twice: no directory written" $?
opt "run --quiet given twice" 2 "collide run: --quiet given twice" \
    run hertz --quiet --quiet
opt "run --quiet=1" 2 "collide run: --quiet takes no value: --quiet=1" \
    run hertz --quiet=1
opt "run --csv= (empty)" 2 "collide run: --csv needs a directory name, not an empty one" \
    run hertz --csv=
opt "compare --digits=x" 2 "collide compare: --digits = x is not a decimal number" \
    compare a b --digits=x
opt "audit --tol=2" 3 "collide audit: --tol = 2 is outside the allowed range: X in (0, 1)" \
    audit t.csv --tol=2 --scenario=hertz
opt "plot --out given twice" 2 "collide plot: --out given twice" \
    plot hertz --out a --out b
opt "sweep --threads given twice" 2 "collide sweep: --threads given twice" \
    sweep g.txt --threads 1 --threads=2
opt "merge --out given twice" 2 "collide merge: --out given twice" \
    merge p.csv --out=a --out=b
opt "show -- --frob (an operand after --)" 3 "--frob: cannot open" show -- --frob
opt "run -- --quiet (a second SCENARIO after --)" 2 \
    "collide run: more than one SCENARIO: --quiet" run hertz -- --quiet
opt "compare --frob" 2 "collide compare: unknown option --frob" compare a b --frob
opt "compare of three sets" 2 "collide compare: more than two result sets: c" \
    compare a b c
opt "compare of one set" 2 "collide compare: missing B" compare a
opt "compare of none" 2 "collide compare: missing A and B" compare
opt "compare --digits inf" 2 "collide compare: --digits = inf is outside the allowed range: D in [0, inf)" \
    compare a b --digits inf
opt "compare --digits -1" 2 "collide compare: --digits = -1 is outside the allowed range: D in [0, inf)" \
    compare a b --digits -1
opt "show of two scenarios" 2 "collide show: too many arguments" show hertz study1
opt "show of none" 2 "collide show: missing SCENARIO" show
opt "show of a missing file" 3 "no-such.scn: cannot open" show ./no-such.scn

# ---- one number reader for files and the command line (number.h) ----
# The syntax of scenario files: plain decimals, no hexadecimal, no spaces
# (a command-line value is taken as given), nothing after the number; an
# integer where the range asks for one. Each refusal names the option,
# the value and the allowed range.
opt "run --at 0x1p-4 (hexadecimal)" 3 \
    "collide run: --at: t = 0x1p-4 is not a decimal number; the allowed range is t in [0, 0.1]" \
    run hertz --at 0x1p-4
opt "run --at ' 0.05' (a leading space)" 3 \
    "collide run: --at: t = ' 0.05' is not a decimal number; the allowed range is t in [0, 0.1]" \
    run hertz --at " 0.05"
opt "run --at '0.05 ' (a trailing space)" 3 \
    "collide run: --at: t = '0.05 ' is not a decimal number; the allowed range is t in [0, 0.1]" \
    run hertz --at "0.05 "
opt "run --at 0.05, (an empty last time)" 3 \
    "collide run: --at: t has no value; the allowed range is t in [0, 0.1]" \
    run hertz --at 0.05,
opt "run --at '' (no time)" 3 "collide run: --at: t has no value" run hertz --at ""
opt "run --rtol 0x1p-30" 3 \
    "collide run: --rtol: rtol = 0x1p-30 is not a decimal number; the allowed range is rtol in [1e-15, 1)" \
    run hertz --rtol 0x1p-30
opt "run --atol ' 1e-9'" 3 "collide run: --atol: atol = ' 1e-9' is not a decimal number" \
    run hertz --atol " 1e-9"
# atol = 1e300 allows any error to a step: the ledger's bound from the
# tolerances is infinite, so the 1% of the run's energy caps it; a finite
# bound is named, never nan
run "$exe" run hertz --atol 1e300
[ "$rc" -eq 12 ] && grep -Eq 'bound [0-9][0-9.e+-]* J \(0.01 of the run.s energy scale [0-9][0-9.e+-]* J' "$tmp/err" &&
    ! grep -q 'nan' "$tmp/err"
check "run hertz --atol 1e300: exit 12, the ledger's bound finite (got $rc: $(head -c 200 "$tmp/err"))" $?
opt "run --h-max 1e-3x" 3 "collide run: --h-max: h_max = 1e-3x is not a decimal number; the allowed range is h_max in (0, inf]" \
    run hertz --h-max 1e-3x
opt "run --samples 24.5" 3 \
    "collide run: --samples: samples = 24.5 is not an integer; the allowed range is samples in [0, 100000000], an integer" \
    run hertz --samples 24.5
opt "run --precision 0x80" 3 \
    "collide run: --precision = 0x80 is not a decimal number; the allowed range is BITS in [53, 16384], an integer" \
    run hertz --precision 0x80
opt "run --precision ' 128'" 3 "collide run: --precision = ' 128' is not a decimal number" \
    run hertz --precision " 128"
opt "run --precision 128.5" 3 "collide run: --precision = 128.5 is not an integer" \
    run hertz --precision 128.5
opt "run --precision 128 --digits 24.5" 3 \
    "collide run: --digits = 24.5 is not an integer; the allowed range is D in [1, 30], an integer" \
    run hertz --precision 128 --digits 24.5
opt "run --precision 128 --digits 0x10" 3 "collide run: --digits = 0x10 is not a decimal number" \
    run hertz --precision 128 --digits 0x10
opt "compare --digits 0x10" 2 \
    "collide compare: --digits = 0x10 is not a decimal number; the allowed range is D in [0, inf)" \
    compare a b --digits 0x10
opt "compare --digits ' 6'" 2 "collide compare: --digits = ' 6' is not a decimal number" \
    compare a b --digits " 6"
opt "audit --tol 0x1p-10" 3 \
    "collide audit: --tol = 0x1p-10 is not a decimal number; the allowed range is X in (0, 1)" \
    audit t.csv --tol 0x1p-10 --scenario hertz
opt "run --csv ''" 2 "collide run: --csv needs a directory name, not an empty one" \
    run hertz --csv ""
opt "sweep --threads 0x2" 2 "collide sweep: --threads needs an integer in [1, 1024], not 0x2" \
    sweep "$tmp/g.txt" --threads 0x2
# ... and what the syntax admits is accepted: exponents, a sign, an
# integer written with an exponent, a time at T itself
run "$exe" run hertz --at 0,+5e-2,.1 --rtol 1E-9 --samples 1e1 --quiet
[ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ]
check "run --at 0,+5e-2,.1 --rtol 1E-9 --samples 1e1: accepted (got $rc: $(head -n 1 "$tmp/err"))" $?
run "$exe" run hertz --precision 1.28e2 --digits 2e1 --quiet
[ "$rc" -eq 0 ]
check "run --precision 1.28e2 --digits 2e1: accepted (got $rc: $(head -n 1 "$tmp/err"))" $?

# ---- --quiet prints nothing on success, --check included ----
run "$exe" run hertz --precision 128 --digits 20 --check --quiet --csv "$tmp/chkq"
[ "$rc" -eq 0 ] && [ ! -s "$tmp/out" ] && [ -e "$tmp/chkq/collisions.scd.csv" ]
check "run --precision 128 --check --quiet: exit 0 (got $rc), nothing printed, the scd tables written" $?

# ---- a standard output that cannot be written ----
if [ -w /dev/full ]; then
    for args in "run hertz" "list" "show hertz" "sweep $tmp/g.txt"; do
        [ -e "$tmp/g.txt" ] || printf 'scenario = hertz\nv0 = -1, -2\n' >"$tmp/g.txt"
        # shellcheck disable=SC2086
        "$exe" $args >/dev/full 2>"$tmp/err"
        rc=$?
        [ "$rc" -eq 4 ] && has "cannot write the standard output" "$tmp/err"
        check "$args > /dev/full: exit 4 and a message (got $rc: $(head -n 1 "$tmp/err"))" $?
    done
else
    echo "skip: no writable /dev/full"
fi

finish options.sh
