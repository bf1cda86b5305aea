#!/bin/sh
# edges.sh BUILD: inputs at the edges of run and sweep - a body at rest
# with no input (no collision, a ledger of scale 0 printed as
# residual/scale 0, not a division by zero; at 64 bits no ledger warning);
# the events, grazing events and events at a point of C and D at once of
# the run statistics are those of events.csv; --precision takes --samples
# but refuses the binary64 settings also beside --samples; a grid bound
# written inf is refused like one that overflows (1e999); in a base
# scenario file, a comment setting an axis key stays a comment and an
# axis key given twice is refused as in the file itself; a sweep whose
# rows overflow the buffer of a full standard output fails with exit 4.
. tests/cli_common.sh "$1"
case "$exe" in /*) ;; *) exe="$(pwd)/$exe" ;; esac
cd "$tmp" || exit 1

# ---- a body at rest, no input ----
"$exe" show hertz | sed 's/#.*//; /^ *$/d; s/^v0 = .*/v0 = 0/' >rest.scn
run "$exe" run rest.scn
[ "$rc" -eq 0 ] && has "collisions (Eqs. 193-204): 0" "$tmp/out" &&
    has "residual/scale = 0.000e+00 (scale 0 J)" "$tmp/out" && ! grep -qi "nan" "$tmp/out"
check "a body at rest: 0 collisions, residual/scale 0 at scale 0, no nan (got $rc: $(grep scale "$tmp/out"))" $?

run "$exe" run rest.scn --precision 64
[ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && has "residual = 0 J" "$tmp/out" &&
    ! grep -qi "nan" "$tmp/out"
check "a body at rest at 64 bits: residual 0, no ledger warning at scale 0, no nan (got $rc: $(cat "$tmp/err"))" $?

# ---- the run statistics agree with events.csv ----
for sc in example-v2 study1 study3-shccl; do
    "$exe" run "$sc" --csv "ev-$sc" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    f="ev-$sc/events.csv"
    cg=$(column_of grazing "$f"); cb=$(column_of c_and_d_before "$f")
    ca=$(column_of c_and_d_after "$f")
    want=$(awk -F, -v g="$cg" -v b="$cb" -v a="$ca" 'NR > 1 {
        n++; ng += ($g != 0); nb += ($b != 0 || $a != 0) }
        END { printf "events %d, grazing %d, C and D %d", n, ng, nb }' "$f")
    got=$(awk '/^  events [0-9]/ { n = $2 + 0 }
        /events grazing/ { g = $3 + 0; cd = $NF + 0 }
        END { printf "events %d, grazing %d, C and D %d", n, g, cd }' "$tmp/out")
    [ "$rc" -eq 0 ] && [ -n "$cg" ] && [ -n "$cb" ] && [ -n "$ca" ] && [ "$got" = "$want" ]
    check "run $sc: the statistics ($got) count the rows of events.csv ($want)" $?
done

# ---- --precision and the binary64 settings ----
run "$exe" run hertz --precision 64 --samples 10
[ "$rc" -eq 0 ] && has "collisions (Eqs. 193-204): 1" "$tmp/out"
check "run --precision 64 --samples 10: accepted (got $rc: $(cat "$tmp/err"))" $?
msg="collide run: --rtol, --atol and --h-max are binary64 settings; with --precision use --digits"
for opt in "--rtol 1e-9" "--h-max 1e-3"; do
    # shellcheck disable=SC2086
    run "$exe" run hertz --precision 64 --samples 10 $opt
    [ "$rc" -eq 2 ] && has "$msg" "$tmp/err" && [ ! -s "$tmp/out" ]
    check "run --precision 64 --samples 10 $opt: exit 2, the binary64 setting named (got $rc)" $?
done

# ---- a grid bound written inf ----
printf 'scenario = hertz\nv0 = linspace(-1, inf, 3)\n' >g.grid
run "$exe" sweep g.grid --out g.csv
[ "$rc" -eq 3 ] && has "g.grid:2: v0 = linspace(-1, inf, 3): expected linspace(a, b, n) with decimal a, b" "$tmp/err" &&
    [ ! -e g.csv ]
check "linspace(-1, inf, 3): exit 3, a finite decimal bound asked (got $rc: $(cat "$tmp/err"))" $?

# ---- axis keys in the base scenario file ----
"$exe" show hertz | sed 's/#.*//; /^ *$/d' >h.scn
{ echo "# v0 = -7 (an older value)"; cat h.scn; } >hc.scn
printf 'scenario = h.scn\nv0 = -1, -2\n' >h.grid
printf 'scenario = hc.scn\nv0 = -1, -2\n' >hc.grid
"$exe" sweep h.grid --threads 1 --out h.csv
run "$exe" sweep hc.grid --threads 1 --out hc.csv
[ "$rc" -eq 0 ] && cmp -s h.csv hc.csv
check "a comment of the base file setting an axis key stays a comment: the same rows (got $rc)" $?
{ cat h.scn; echo "v0 = -3"; } >h2.scn
printf 'scenario = h2.scn\nv0 = -1, -2\n' >h2.grid
run "$exe" sweep h2.grid --threads 1 --out h2.csv
[ "$rc" -eq 3 ] && has "h2.grid: point 0: h2.scn:15: v0 is given twice (first at line 8)" "$tmp/err" &&
    [ ! -e h2.csv ]
check "a base file giving an axis key twice: refused as the file itself is (got $rc: $(cat "$tmp/err"))" $?

# ---- a sweep of more than a buffer of rows to a full standard output ----
if [ -w /dev/full ]; then
    printf 'scenario = hertz\nv0 = linspace(-2, -1, 60)\n' >big.grid
    "$exe" sweep big.grid --threads 1 | wc -c >size
    "$exe" sweep big.grid --threads 1 >/dev/full 2>"$tmp/err"
    rc=$?
    [ "$(cat size)" -gt 4096 ] && [ "$rc" -eq 4 ] &&
        has "cannot write the standard output" "$tmp/err"
    check "a sweep of $(cat size) bytes > /dev/full: exit 4 and a message (got $rc)" $?
fi

finish edges.sh
