#!/bin/sh
# sweep_resume.sh BUILD: `collide sweep --resume DIR` refuses (exit 3,
# nothing written, the file named) point files it cannot take beyond those
# of sweep.sh: a part file of --shard put in place of a point file (not a
# point file), a point of another mode whose name has the same length
# (100 bits against binary64), and a point of the same scenario from a
# sweep of another header (an axis more, at its default value).
. tests/cli_common.sh "$1"
case "$exe" in /*) ;; *) exe="$(pwd)/$exe" ;; esac
cd "$tmp" || exit 1

printf 'scenario = hertz\nv0 = -1\n' >a.grid
run "$exe" sweep a.grid --resume R --out a.csv
[ "$rc" -eq 0 ] && has "1 points run, 0 taken from R" "$tmp/err"
check "sweep a.grid --resume R: its point run and kept (got $rc: $(cat "$tmp/err"))" $?

# refused NAME FILE WHY: exit 3, FILE named with WHY, no output
refused() {
    [ "$rc" -eq 3 ] && has "collide sweep: $2 belongs to another sweep$3" "$tmp/err" &&
        [ ! -e out.csv ] && ! has "taken" "$tmp/err"
    check "$1: exit 3, '$2 belongs to another sweep$3', no file (got $rc: $(cat "$tmp/err"))" $?
}

run "$exe" sweep a.grid --precision 100 --resume R --out out.csv
refused "binary64 points resumed at --precision 100 (a mode name of the same length)" \
    R/point-0.csv ": its mode (binary64 or --precision) differs"

# T = 0.1 is hertz's own T: point 0 is the same scenario, the sweep is not
printf 'scenario = hertz\nv0 = -1\nT = 0.1\n' >c.grid
run "$exe" sweep c.grid --resume R --out out.csv
refused "a sweep with an axis more (at its default) resumed from R" \
    R/point-0.csv " (its header, values or rows differ)"
run "$exe" sweep c.grid --out c.csv
[ "$rc" -eq 0 ] && [ "$(head -n 1 c.csv)" != "$(head -n 1 a.csv)" ] &&
    [ "$(sed -n 2p c.csv | cut -d, -f4-)" = "$(sed -n 2p a.csv | cut -d, -f3-)" ]
check "the two sweeps differ in their header, not in the results of the point" $?

"$exe" sweep a.grid --shard 1/1 --out part.csv
mkdir R2 && cp part.csv R2/point-0.csv
run "$exe" sweep a.grid --resume R2 --out out.csv
refused "a part file of --shard in place of a point file" \
    R2/point-0.csv ": it is not a point file of this version of collide"

finish sweep_resume.sh
