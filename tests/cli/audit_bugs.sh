#!/bin/sh
# audit_bugs.sh BUILD [--sampling]: `collide audit` on trajectories of
# another implementation, examples/export_trajectory.py (SciPy), of the
# scenario examples/ball_bwmcl.scn (the ball of study 1 on bitumen, BWMCL,
# three collisions). The correct export passes (exit 0) at 30 rows per
# flow interval and at the exporter's default of 100, and its contact
# times agree with collide run's; each bug the exporter injects with --bug
# is found at 30 rows per interval, and at 3 (exit 1), by a finding that
# names the interval (j) and the component (or, for a bug at a jump, the
# kind) the bug breaks; and 3 rows of the correct export, too few for the
# ledger, give no finding and say so (exit 4 inconclusive, or the ledger
# left to the flow check).
#
# With --sampling (a measurement, not part of make check) it prints, for
# each bug, the smallest rows per interval among 3 ... 400 at which that
# finding appears, and the finding's line.
#
# Without python3 and SciPy (Debian: python3-scipy, which make check's
# deps-check installs) the checks are skipped with the reason printed.
. tests/cli_common.sh "$1"

py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
if ! $py -c 'import scipy' 2>/dev/null; then
    echo "skip: audit of the SciPy exporter: SciPy not installed (python3-scipy)"
    finish audit_bugs.sh
    exit
fi
scn=examples/ball_bwmcl.scn
export_rows() { # OUT.csv N [BUG]
    $py examples/export_trajectory.py "$1" --samples-per-interval "$2" \
        ${3:+--bug "$3"}
}

# The finding each bug must produce: its kind, the j it names (for a jump,
# either row of the jump) and the state column that departs (empty: none
# in particular). Line format: "audit: finding KIND: row LINE t=T
# j=J[ component NAME]: MESSAGE". A flow finding must name the column as
# its component and say "interval [t_start, t_end] j=J" in MESSAGE; a
# finding at a jump must name the column, as its component or in MESSAGE.
expect() { # BUG: sets kind, js, comp
    case "$1" in
        # the first flight, before any contact: only gravity and m act
        mass)            kind=flow;        js=0;     comp=v ;;
        # Psi_1 (Eq. 70) is the rate of z_c1: it departs in the 1st contact
        gamma-sign)      kind=flow;        js=1;     comp=z_c1 ;;
        exponent-n)      kind=flow;        js=1;     comp=z_c1 ;;
        # c enters Psi_2 (Eq. 71), and Psi_2 enters Psi_1: z_c2 and z_c1
        # depart together (z_c1 by 5.5e-5 of its range, z_c2 by 3.8e-5 at
        # the first row after the start of the contact)
        damping)         kind=flow;        js=1;     comp='z_c1|z_c2' ;;
        # the jump from j = 1 (the 1st contact) to j = 2
        no-reset)        kind=reset;       js='1|2'; comp='z_c1|z_c2' ;;
        energy-jump)     kind=reset;       js='1|2'; comp=v ;;
        # rows of the 1st contact with Phi > 0 and v > 0: outside C (Eq. 77)
        late-separation) kind='flow set';  js=1;     comp= ;;
        # the jump from j = 0 to 1 at x = 10 um: outside D (Eq. 78)
        overlap)         kind='jump set';  js='0|1'; comp= ;;
        # the first row is not at t = 0 (structure), and the two rows of
        # the 1st commencement no longer share one time (time domain)
        time-shift)      kind='time domain|structure'; js='0|1'; comp= ;;
        *) return 1 ;;
    esac
}

# the first line of OUT that is the finding expect() describes, if any
found() { # OUT
    if [ "$kind" = flow ]; then
        grep -E "^audit: finding flow: row [0-9]+ t=[^ ]+ j=($js) component ($comp):.*interval \[[^]]*\] j=($js)([^0-9]|$)" "$1"
    else
        grep -E "^audit: finding ($kind): row [0-9]+ t=[^ ]+ j=($js)[ :]" "$1" |
            grep -E "[^a-z_0-9]($comp)([^a-z_0-9]|$)"
    fi | head -n 1
}

bugs=$($py examples/export_trajectory.py --list-bugs | awk '{ print $1 }')

if [ "$2" = --sampling ]; then
    printf '%-16s %8s  %s\n' bug rows "finding (at the smallest rows per interval)"
    for b in $bugs; do
        expect "$b"
        hit=
        for n in 3 5 10 20 30 50 100 200 400; do
            export_rows "$tmp/b.csv" "$n" "$b"
            run "$exe" audit "$tmp/b.csv" --scenario "$scn"
            line=$(found "$tmp/out")
            if [ "$rc" -eq 1 ] && [ -n "$line" ]; then hit=$n; break; fi
        done
        printf '%-16s %8s  %s\n' "$b" "${hit:->400}" "$line"
    done
    exit 0
fi

# the correct export passes, at 30 rows per interval and at the default
export_rows "$tmp/ok30.csv" 30
run "$exe" audit "$tmp/ok30.csv" --scenario "$scn"
[ "$rc" -eq 0 ] && has "audit: 0 findings" "$tmp/out" && ! grep -q '^audit: finding' "$tmp/out"
check "the correct export at 30 rows per interval passes (exit $rc: $(tail -n 1 "$tmp/out"))" $?

$py examples/export_trajectory.py "$tmp/ok.csv" --scenario "$scn"
"$exe" run "$scn" --quiet --csv "$tmp/ref"
run "$exe" audit "$tmp/ok.csv" --scenario "$scn" --against "$tmp/ref"
[ "$rc" -eq 0 ] && has "audit: 0 findings" "$tmp/out"
check "the correct export at the default sampling passes --against our run (exit $rc: $(tail -n 1 "$tmp/out"))" $?
# both locate the events to about 1e-12 relative (rtol 1e-11 and 1e-12):
# the contact times agree to 10 digits at least
d=$(awk '$1 == "collisions" && $2 == "t_s" { print $3 }' "$tmp/out")
awk -v d="$d" 'BEGIN { exit !(d == "inf" || d + 0 >= 10) }'
check "its separation times t_s agree with collide run's to 10 digits (got $d)" $?

# 3 rows per interval: too few for the trapezoid of the ledger (the
# estimate of its error needs rows to spare). The audit must not be silent
# about it: either a check says it cannot decide (exit 4), or the ledger
# says its intervals were left to the flow check, which decides at any
# sampling (exit 0) -- and then the flow check must find every bug below
# at 3 rows as at 30, so that "0 findings" there is earned.
export_rows "$tmp/ok3.csv" 3
run "$exe" audit "$tmp/ok3.csv" --scenario "$scn"
last=$(tail -n 1 "$tmp/out")
! grep -q '^audit: finding' "$tmp/out" && {
    { [ "$rc" -eq 4 ] && grep -q '^audit: inconclusive [^:]*: ' "$tmp/out" &&
          echo "$last" | grep -Eq '^audit: 0 findings.*, [1-9][0-9]* inconclusive$'; } ||
    { [ "$rc" -eq 0 ] && grep -q '^ledger: .*too coarsely sampled.*decided by the flow check' "$tmp/out" &&
          grep -Eq '^flow \(Eq. 81\) from row to row.*: 14 rows checked' "$tmp/out"; }; }
check "3 rows per interval: no finding, and the ledger's undecided intervals said (exit $rc: $last)" $?

# each bug found at 30 rows per interval, and at 3, where it is
for n in 30 3; do
    for b in $bugs; do
        expect "$b" || { check "bug $b has an expected finding" 1; continue; }
        export_rows "$tmp/$b.csv" "$n" "$b"
        run "$exe" audit "$tmp/$b.csv" --scenario "$scn"
        line=$(found "$tmp/out")
        [ "$rc" -eq 1 ] && [ -n "$line" ]
        check "bug $b at $n rows per interval: exit $rc, ${line:-no finding $kind at j=$js${comp:+ component $comp}; first: $(grep -m 1 'finding' "$tmp/out")}" $?
    done
done

# the hint names the one parameter that, changed alone, removes the defect
# of the first failing interval: the mass of the first flight, and gamma
# with its sign flipped (the law admits gamma in [-beta, beta])
for b in mass:m gamma-sign:gamma; do
    export_rows "$tmp/h.csv" 30 "${b%%:*}"
    run "$exe" audit "$tmp/h.csv" --scenario "$scn"
    line=$(grep -m 1 "^audit: hint: ${b#*:} = " "$tmp/out")
    case "${b%%:*}" in
        mass) echo "$line" | grep -q "^audit: hint: m = 0.032[67][0-9]* kg fits" ;;
        *)    echo "$line" | grep -q "^audit: hint: gamma = -5e+07 fits" ;;
    esac
    check "bug ${b%%:*}: the hint ${line:-(none)}" $?
done

finish audit_bugs.sh
