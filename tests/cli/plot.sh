#!/bin/sh
# plot.sh BUILD: `collide plot SCENARIO --out DIR` draws the figures of a
# run with gnuplot: non-empty PNG (checked by its magic bytes) and SVG
# files, no temporary file left in DIR; without gnuplot on PATH it fails
# with exit status 3 and a message naming the package to install; usage
# errors are exit 2 and a failed scenario leaves no file.
. tests/cli_common.sh "$1"
case "$exe" in /*) ;; *) exe="$(pwd)/$exe" ;; esac

# 0 when FILE begins with the eight bytes of the PNG signature
is_png() {
    [ "$(od -An -tx1 -N8 "$1" | tr -d ' \n')" = "89504e470d0a1a0a" ]
}

# 0 when FILE is an SVG document
is_svg() {
    head -c 4096 "$1" | grep -q "<svg"
}

# ---- without gnuplot on PATH: a clear error, exit 3, nothing written ----
mkdir -p "$tmp/empty"
PATH="$tmp/empty" run "$exe" plot example-v2 --out "$tmp/none"
[ "$rc" -eq 3 ]; check "no gnuplot: exit 3 (got $rc)" $?
has "gnuplot is not installed" "$tmp/err"
check "no gnuplot: says gnuplot is not installed" $?
has "gnuplot-nox" "$tmp/err"; check "no gnuplot: names the package gnuplot-nox" $?
[ ! -e "$tmp/none" ]; check "no gnuplot: no output directory" $?

# ---- usage ----
run "$exe" plot
[ "$rc" -eq 2 ]; check "plot without SCENARIO: exit 2 (got $rc)" $?
run "$exe" plot example-v2 --bogus
[ "$rc" -eq 2 ]; check "plot --bogus: exit 2 (got $rc)" $?
run "$exe" plot --help
[ "$rc" -eq 0 ] && has "usage: collide plot" "$tmp/out"
check "plot --help prints the usage" $?

if ! command -v gnuplot >/dev/null 2>&1; then
    echo "skip: gnuplot is not installed (Debian package gnuplot-nox);" \
         "only the error without it is checked"
    echo "plot.sh: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]; exit
fi

# ---- a scenario that does not exist: exit 3, no file ----
run "$exe" plot ./no-such-scenario --out "$tmp/bad"
[ "$rc" -eq 3 ]; check "plot of a missing file: exit 3 (got $rc)" $?
n=$(find "$tmp/bad" -type f 2>/dev/null | wc -l)
[ "$n" -eq 0 ]; check "plot of a missing file: no file written ($n)" $?

# ---- the figures of example-v2 ----
out="$tmp/fig"
run "$exe" plot example-v2 --out "$out" --samples 500
check "plot example-v2: exit 0 (got $rc)" $rc
for f in example-v2-state example-v2-observables; do
    [ -s "$out/$f.png" ]; check "$f.png written, not empty" $?
    is_png "$out/$f.png"; check "$f.png has the PNG signature" $?
    [ -s "$out/$f.svg" ]; check "$f.svg written, not empty" $?
    is_svg "$out/$f.svg"; check "$f.svg is an SVG document" $?
    has "$out/$f.png" "$tmp/out"; check "plot prints $f.png" $?
done
n=$(find "$out" -name '.*' -type f | wc -l)
[ "$n" -eq 0 ]; check "no temporary file left in DIR ($n)" $?
has "x_c" "$out/example-v2-state.svg" || has "x</tspan>" "$out/example-v2-state.svg"
check "state figure labels its axes" $?
has "collision i" "$out/example-v2-observables.svg"
check "observables figure labels the collision index" $?

# ---- two scenarios: the comparison figure ----
run "$exe" plot example-v2 hertz --out "$out" --samples 200
check "plot example-v2 hertz: exit 0 (got $rc)" $rc
is_png "$out/compare.png"; check "compare.png has the PNG signature" $?
is_svg "$out/compare.svg"; check "compare.svg is an SVG document" $?

finish plot.sh
