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

# 0 when FILE is a PDF document
is_pdf() {
    [ "$(head -c 5 "$1")" = "%PDF-" ]
}

# the width in pixels of the PNG file FILE (its IHDR)
png_width() {
    od -An -tu1 -j16 -N4 "$1" | awk '{ print (($1 * 256 + $2) * 256 + $3) * 256 + $4 }'
}

# FILE with the titles broken into two lines ('...'."\n".'...') joined
joined() {
    sed -e "s/'[.]\"[\\]n\"[.]'/ /g" "$1"
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

# ---- a gnuplot that fails, and one that cannot be started ----
# (stand-ins on PATH: these paths do not need gnuplot itself)
mkdir -p "$tmp/failing" "$tmp/silent" "$tmp/killed" "$tmp/noexec"
printf '#!/bin/sh\necho "line 7: undefined variable: frob" >&2\nexit 1\n' \
    >"$tmp/failing/gnuplot"
printf '#!/bin/sh\nexit 0\n' >"$tmp/silent/gnuplot"
printf '#!/bin/sh\nkill -KILL $$\n' >"$tmp/killed/gnuplot"
printf 'not a program\n' >"$tmp/noexec/gnuplot"
chmod +x "$tmp/failing/gnuplot" "$tmp/silent/gnuplot" "$tmp/killed/gnuplot" \
    "$tmp/noexec/gnuplot"
PATH="$tmp/failing:$PATH" run "$exe" plot example-v2 --out "$tmp/f1" --samples 50
[ "$rc" -eq 4 ] && has "collide plot: gnuplot failed (see its messages above)" "$tmp/err"
check "gnuplot exits 1: exit 4, 'gnuplot failed' (got $rc: $(tail -n 1 "$tmp/err"))" $?
has "line 7: undefined variable: frob" "$tmp/err"
check "gnuplot exits 1: its messages are shown on stderr" $?
[ -z "$(ls -A "$tmp/f1")" ] && [ ! -s "$tmp/out" ]
check "gnuplot exits 1: no figure, nothing listed" $?
PATH="$tmp/killed:$PATH" run "$exe" plot example-v2 --out "$tmp/f2" --samples 50
[ "$rc" -eq 4 ] && has "gnuplot failed" "$tmp/err" && [ -z "$(ls -A "$tmp/f2")" ]
check "gnuplot killed by a signal: exit 4, no figure (got $rc)" $?
PATH="$tmp/noexec:$PATH" run "$exe" plot example-v2 --out "$tmp/f3" --samples 50
[ "$rc" -eq 4 ] && has "collide plot: gnuplot failed (Exec format error)" "$tmp/err"
check "gnuplot not executable as a program: exit 4 and the reason (got $rc: $(cat "$tmp/err"))" $?
PATH="$tmp/silent:$PATH" run "$exe" plot example-v2 --out "$tmp/f4" --samples 50
[ "$rc" -eq 4 ] && has "collide plot: cannot write into $tmp/f4: No such file or directory" "$tmp/err"
check "gnuplot writes no figure: exit 4 naming DIR (got $rc: $(cat "$tmp/err"))" $?
[ -z "$(ls -A "$tmp/f4")" ]; check "gnuplot writes no figure: DIR left empty" $?
# an empty entry of PATH is the current directory
(cd "$tmp/failing" && PATH=":$tmp/empty" "$exe" plot example-v2 --out "$tmp/f5" \
    --samples 50 >/dev/null 2>"$tmp/err")
rc=$?
[ "$rc" -eq 4 ] && has "undefined variable: frob" "$tmp/err"
check "an empty PATH entry finds ./gnuplot (got $rc)" $?

# ---- errors before gnuplot: nothing written, no temporary left ----
mkdir -p "$tmp/tmpdir"
TMPDIR="$tmp/tmpdir" PATH="$tmp/failing:$PATH" run "$exe" plot ./no-such.scn --out "$tmp/f6"
[ "$rc" -eq 3 ] && has "no-such.scn: cannot open" "$tmp/err" && [ ! -e "$tmp/f6" ]
check "a missing scenario file: exit 3 naming it, no DIR (got $rc)" $?
[ -z "$(ls -A "$tmp/tmpdir")" ]; check "a missing scenario file: no temporary left" $?
TMPDIR="$tmp/tmpdir" PATH="$tmp/failing:$PATH" run "$exe" plot example-v2 --samples 1e9
[ "$rc" -eq 3 ] && has "--samples: samples = 1e9 is outside the allowed range: samples in [0, 100000000]" "$tmp/err"
check "plot --samples 1e9: exit 3 with the range (got $rc: $(cat "$tmp/err"))" $?
cat >"$tmp/fails.scn" <<'SCN'
system = Hr
law = clamped
k = 1e4
m = 1
x0 = 0.01
v0 = -1
input = none
T = 0.1
h_max = 1e-5
max_steps = 1
SCN
TMPDIR="$tmp/tmpdir" PATH="$tmp/failing:$PATH" run "$exe" plot example-v2 "$tmp/fails.scn" --out "$tmp/f7"
[ "$rc" -ge 5 ] && [ "$rc" -le 10 ] && has "collide plot: $tmp/fails.scn: " "$tmp/err"
check "a run that fails: its status (5-10) and its diagnosis (got $rc: $(cat "$tmp/err"))" $?
[ ! -e "$tmp/f7" ] && [ -z "$(ls -A "$tmp/tmpdir")" ]
check "a run that fails: no DIR, no temporary left" $?
TMPDIR="$tmp/no-such-dir" PATH="$tmp/failing:$PATH" run "$exe" plot example-v2
[ "$rc" -eq 4 ] && has "collide plot: cannot create a temporary directory: No such file or directory" "$tmp/err"
check "TMPDIR missing: exit 4 and the reason (got $rc)" $?
: >"$tmp/plain"
PATH="$tmp/failing:$PATH" run "$exe" plot example-v2 --samples 20 --out "$tmp/plain/sub"
[ "$rc" -eq 4 ] && has "$tmp/plain" "$tmp/err"
check "--out below a file: exit 4 naming it (got $rc: $(cat "$tmp/err"))" $?
PATH="$tmp/failing:$PATH" run "$exe" plot example-v2 --samples 20 --out ""
[ "$rc" -eq 4 ] && has '"": bad directory name' "$tmp/err"
check "--out '': exit 4, a bad directory name (got $rc)" $?
PATH="$tmp/failing:$PATH" run "$exe" plot example-v2 --samples 20 --out "$(printf '%05000d' 0)"
[ "$rc" -eq 4 ] && grep -q '^00000' "$tmp/err"
check "--out of 5000 bytes: exit 4 naming it (got $rc)" $?
run "$exe" plot s1 s2 s3 s4 s5 s6 s7 s8 s9
[ "$rc" -eq 2 ] && has "too many scenarios: s9" "$tmp/err"
check "plot of nine scenarios: exit 2 (got $rc)" $?

# ---- no text of a user reaches gnuplot as code (doc/figures.md) ----
# a name with a newline or another control character cannot be a gnuplot
# string: refused (exit 3) naming it, before anything runs; the name of
# the issue, which ran system() in gnuplot, creates nothing
mkdir -p "$tmp/hostile" && cd "$tmp/hostile" || exit 1
"$exe" show hertz | sed 's/#.*//' >base.scn
nl='
'
bad="q${nl}system(\"touch PWNED\")${nl}x.scn"
cp base.scn "$bad"
run "$exe" plot "$bad" --out figs --samples 20
[ "$rc" -eq 3 ] &&
    has 'collide plot: the scenario "q\nsystem("touch PWNED")\nx.scn" holds a control character' "$tmp/err" &&
    [ ! -e PWNED ] && [ ! -e figs ]
check "a scenario named q<newline>system(...)<newline>x.scn: exit 3 naming it, nothing run (got $rc)" $?
tab=$(printf 'a\tb.scn')
cp base.scn "$tab"
run "$exe" plot "$tab" base.scn --out figs --samples 20
[ "$rc" -eq 3 ] && has 'the scenario "a\x09b.scn" holds a control character' "$tmp/err" && [ ! -e figs ]
check "a scenario name with a tab: exit 3, shown escaped (got $rc)" $?
del=$(printf 'a\177b.scn')
run "$exe" plot "$del" --out figs --samples 20
[ "$rc" -eq 3 ] && has 'the scenario "a\x7fb.scn" holds a control character' "$tmp/err"
check "a scenario name with a DEL: exit 3, shown escaped (got $rc)" $?
long=$(printf '%0250d\001.scn' 0)
run "$exe" plot "$long" --out figs --samples 20
[ "$rc" -eq 3 ] && has "the scenario \"$(printf '%0195d' 0)...\" holds a control character" "$tmp/err"
check "a long name with a control character: exit 3, shown cut to 195 bytes (got $rc)" $?
run "$exe" plot base.scn --out "figs${nl}x" --samples 20
[ "$rc" -eq 3 ] && has 'collide plot: --out "figs\nx" holds a control character' "$tmp/err" &&
    [ ! -e "figs${nl}x" ]
check "--out with a newline: exit 3 naming it (got $rc)" $?
mkdir -p "t${nl}d"
TMPDIR="$tmp/hostile/t${nl}d" run "$exe" plot base.scn --out figs --samples 20
[ "$rc" -eq 3 ] && has 'collide plot: TMPDIR "' "$tmp/err" && has 't\nd" holds a control character' "$tmp/err"
check "TMPDIR with a newline: exit 3 naming it (got $rc)" $?
cd "$tmp" || exit 1

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

# ---- what the scripts draw: gnuplot run through a wrapper that keeps
# them in $tmp/keep ----
mkdir -p "$tmp/wrap"
real=$(command -v gnuplot)
printf '#!/bin/sh\nrm -rf "%s/keep"\ncp -r "$(dirname "$1")" "%s/keep"\nprintf "%%s\\n" "$1" >"%s/gnuplot-arg"\nexec "%s" "$@"\n' \
    "$tmp" "$tmp" "$tmp" "$real" >"$tmp/wrap/gnuplot"
chmod +x "$tmp/wrap/gnuplot"
k="$tmp/keep"

# study 1 (H_r, BWMCL, gravity, 12 collisions) and study 2 (H_f)
PATH="$tmp/wrap:$PATH" run "$exe" plot study1 study2 --out "$out" --samples 100
check "plot study1 study2: exit 0 (got $rc)" $rc
n=0
for f in study1-state study1-observables study2-state study2-observables compare; do
    is_png "$out/$f.png" && is_svg "$out/$f.svg" || n=$((n + 1))
done
[ "$n" -eq 0 ]; check "plot study1 study2: the five figures, PNG and SVG ($n missing)" $?
has "set xtics 2" "$out/study1-observables.gp"
check "12 collisions: a tic every 2nd collision" $?
has "title 'z_{c,1}'" "$out/study1-state.gp" && has "title 'z_{c,2}'" "$out/study1-state.gp"
check "BWMCL: z_c1, z_c2 drawn as z_{c,1}, z_{c,2}" $?
has "'F_e1' with lines lw 1.5 dt 2 lc 2 title 'F_{e,1}'" "$out/study2-state.gp" &&
    has "column('x_m')" "$out/study2-state.gp" && has "column('v_m')" "$out/study2-state.gp"
check "H_f: the panels of F_e,1, x_m and v_m" $?
! has "x_m" "$out/study1-state.gp"; check "H_r: no panel of x_m" $?
# x_c^s of study 1 (Eq. 212: (m g / k_H)^(1/p)) = 5.24 um, drawn in mm
has "-0.00523987730087" "$out/compare.gp" && has "title '-x_c^s (Eq. 212)'" "$out/compare.gp"
check "compare: the line -x_c^s of study 1 at -5.24e-3 mm" $?
[ "$(grep -c 'x_c\^s' "$out/compare.gp")" -eq 1 ]
check "compare: no line -x_c^s for study 2 (H_f)" $?
# the observables: panels (a) to (h); logarithmic axes where the values
# span decades and are all positive (x_c,max and x_c,r, F_c,max, W, the
# durations); no key over the data (the second series named in the axis
# label, open circles)
[ "$(grep -c "^set label 1 '([a-h])' at graph 0, graph 1.08 left front" "$out/study1-observables.gp")" -eq 8 ] &&
    has "'(h)'" "$out/study1-observables.gp"
check "observables: panels labelled (a) to (h)" $?
[ "$(grep -c '^set logscale y' "$out/study1-observables.gp")" -eq 4 ] &&
    grep -A6 '^set logscale y' "$out/study1-observables.gp" | grep -q "ylabel 'F_{c,max}" &&
    grep -A6 '^set logscale y' "$out/study1-observables.gp" | grep -q "ylabel 'work W \["
check "observables: x_c, F_c,max, W and the durations on logarithmic axes" $?
! grep '^plot' "$out/study1-observables.gp" | grep -q " title '" && has "unset key" "$out/study1-observables.gp" &&
    has "x_{c,max} ●, x_{c,r} ○" "$out/study1-observables.gp"
check "observables: no key over the data; x_c,r named in the axis label" $?
grep -q "^set multiplot layout 8,1" "$out/study2-state.gp" &&
    grep -q "^set multiplot layout 6,1" "$out/study1-state.gp"
check "state figures of 8 (H_f) and 6 (H_r) panels" $?
# one column: 1600 px for 8.5 cm, text 8.5 pt at that width; no key
# inside a panel (keys right of the panels or below them)
[ "$(png_width "$out/study1-state.png")" -eq 1600 ] &&
    [ "$(png_width "$out/study1-observables.png")" -eq 1600 ] &&
    has "pngcairo enhanced size 1600," "$out/study1-loop.gp" &&
    has "font 'sans,8.5' fontscale 4.980 linewidth 3.320" "$out/study1-state.gp" &&
    has "pdfcairo enhanced size 8.50cm," "$out/compare.gp" &&
    has "font 'sans,8.5' fontscale 0.75 " "$out/compare.gp"
check "figures of one column: PNG 1600 px wide, PDF 8.5 cm, text 8.5 pt" $?
n=0
for f in study1-state study2-state study1-observables study1-loop compare; do
    grep '^set key ' "$out/$f.gp" | grep -vqE 'at (graph 1[.]02,|screen 0[.]5, screen 0[.]01 )' &&
        n=$((n + 1))
done
[ "$n" -eq 0 ]; check "every key outside the panels ($n figures with one inside)" $?
# the loops: a curve per collision from the rows in contact, each
# contact sampled 200 times more than the grid
has "plot './study1-loops.csv' using (-column('x_c')*" "$out/study1-loop.gp" &&
    has "with lines lw 1.5 lc palette z notitle" "$out/study1-loop.gp" &&
    has "set cblabel 'collision i'" "$out/study1-loop.gp" && is_png "$out/study1-loop.png"
check "loop figure: F_c against -x_c, coloured by the collision" $?
# loops.csv: the 12 contacts of study 1, a blank line between two, each
# sampled 200 times more than the grid, in contact only (q = 1: no row
# of the reset at t_s, where x_c jumps to 0)
blocks=$(awk 'BEGIN { n = 1 } /^$/ { n++ } END { print n }' "$out/study1-loops.csv")
ids=$(awk -F, 'NR > 1 && NF { print $1 }' "$out/study1-loops.csv" | uniq | tr '\n' ' ')
rows=$(grep -c '^[0-9]' "$out/study1-loops.csv")
[ "$blocks" -eq 12 ] && [ "$ids" = "0 1 2 3 4 5 6 7 8 9 10 11 " ] && [ "$rows" -ge $((12 * 200)) ]
check "loops.csv: 12 collisions in order, one block each, $rows rows (>= 2400)" $?
last=$(awk -F, 'NR > 1 && $1 == 0 { x = $3 } END { print x }' "$out/study1-loops.csv")
te=$(awk -F, 'NR == 2 { print $2 }' "$out/study1-collisions.csv")
ts=$(awk -F, 'NR == 2 { print $3 }' "$out/study1-collisions.csv")
awk -F, -v te="$te" -v ts="$ts" 'NR > 1 && $1 == 0 && ($2 < te || $2 > ts) { bad = 1 } END { exit bad }' "$out/study1-loops.csv" &&
    [ "$last" != "0" ] && grep -q -- "-0.000132238329335" "$out/study1-loops.csv"
check "loops.csv: collision 0 within [t_e, t_s], ending at x_c = -x_c,r, not the reset's 0 (last x_c $last)" $?
# the scripts are kept beside the figures with the tables they read, by
# relative paths: gnuplot NAME.gp in a copy of DIR draws the same figure
n=$(grep -lF "$tmp" "$out"/*.gp | wc -l)
[ "$n" -eq 0 ] && [ -s "$out/study1-samples.csv" ] && [ -s "$out/study1-collisions.csv" ] &&
    [ -s "$out/study2-trajectory.csv" ] && [ -s "$out/study1-events.csv" ]
check "kept scripts name no absolute path ($n do); the tables beside them" $?
mkdir -p "$tmp/rerun"
cp "$out"/study1-* "$out"/study2-* "$out"/compare.* "$tmp/rerun/"
(cd "$tmp/rerun" && rm study1-state.png compare.svg && gnuplot study1-state.gp &&
    gnuplot -e "format='svg'" compare.gp) 2>"$tmp/err"
cmp -s "$tmp/rerun/study1-state.png" "$out/study1-state.png" &&
    is_svg "$tmp/rerun/compare.svg"
check "gnuplot on a kept script draws the same PNG, and the SVG ($(head -c 300 "$tmp/err"))" $?
(cd "$tmp/rerun" && gnuplot -e "format='pdf'" study1-loop.gp) && is_pdf "$tmp/rerun/study1-loop.pdf"
check "gnuplot -e \"format='pdf'\" on a kept script draws a PDF" $?
(cd "$tmp/rerun" && gnuplot -e "format='gif'" study1-loop.gp) >"$tmp/out" 2>&1
rc=$?
[ "$rc" -ne 0 ] && has "format: png, svg or pdf, not gif" "$tmp/out" && [ ! -e "$tmp/rerun/study1-loop.gif" ]
check "a kept script refuses another format (got $rc)" $?

# --format: the figures in the formats asked; a PDF of the same bytes on
# every run (cairo's creation date removed)
fo="$tmp/formats"
run "$exe" plot study1 --out "$fo" --samples 100 --format pdf
[ "$rc" -eq 0 ] && is_pdf "$fo/study1-state.pdf" && is_pdf "$fo/study1-observables.pdf" &&
    is_pdf "$fo/study1-loop.pdf" && [ ! -e "$fo/study1-state.png" ] &&
    [ ! -e "$fo/study1-state.svg" ] && [ -s "$fo/study1-state.gp" ]
check "--format pdf: the PDFs and scripts, no PNG or SVG (got $rc)" $?
! grep -aq "CreationDate" "$fo/study1-state.pdf"
check "the PDF holds no creation date" $?
mkdir -p "$tmp/pdf1" && cp "$fo"/*.pdf "$tmp/pdf1/"
sleep 1
TZ=JST-9 run "$exe" plot study1 --out "$fo" --samples 100 --format pdf
n=0
for f in "$tmp/pdf1"/*.pdf; do cmp -s "$f" "$fo/${f##*/}" || n=$((n + 1)); done
[ "$rc" -eq 0 ] && [ "$n" -eq 0 ]
check "PDFs drawn again a second later in another time zone: the same bytes ($n differ)" $?
run "$exe" plot example-v2 --out "$tmp/fo2" --samples 50 --format svg,png,pdf
[ "$rc" -eq 0 ] && is_pdf "$tmp/fo2/example-v2-state.pdf" && is_png "$tmp/fo2/example-v2-state.png" &&
    is_svg "$tmp/fo2/example-v2-state.svg" && [ "$(grep -c 'state' "$tmp/out")" -eq 4 ]
check "--format svg,png,pdf: the three and the script listed (got $rc)" $?
run "$exe" plot example-v2 --out "$tmp/fo3" --format png,gif
[ "$rc" -eq 3 ] && has 'collide plot: --format: "gif" is not a format; the formats: png, svg, pdf' "$tmp/err" &&
    [ ! -e "$tmp/fo3" ]
check "--format png,gif: exit 3 naming gif, nothing written (got $rc)" $?
run "$exe" plot example-v2 --out "$tmp/fo3" --format png,
[ "$rc" -eq 3 ] && has '--format: "" is not a format' "$tmp/err" && [ ! -e "$tmp/fo3" ]
check "--format 'png,': exit 3 naming the empty item (got $rc)" $?

# (the wrapper keeps the scripts of the last plot only)
PATH="$tmp/wrap:$PATH" run "$exe" plot hertz --out "$out" --samples 50
[ "$rc" -eq 0 ] && grep -A6 '^unset logscale y' "$out/hertz-observables.gp" | grep -q "ylabel 'work W \["
check "observables: W < 0 (hertz, elastic) on a linear axis (got $rc)" $?

# a scenario file whose contact lasts to T and that has no collision, in a
# directory and under a name holding quotes
d="$tmp/it's here"
mkdir -p "$d"
"$exe" show example-v2 | sed 's/#.*//; s/^T = .*/T = 0.02/' >"$d/o'clock.scn"
PATH="$tmp/wrap:$PATH" run "$exe" plot "$d/o'clock.scn" --out "$d/fig" --samples 100
check "plot of a file under quotes: exit 0 (got $rc: $(cat "$tmp/err"))" $rc
is_png "$d/fig/o'clock-state.png" && is_svg "$d/fig/o'clock-state.svg"
check "the figure named after the file: o'clock-state" $?
[ ! -e "$d/fig/o'clock-observables.png" ] && [ ! -e "$d/fig/o'clock-loop.png" ] &&
    [ "$(wc -l <"$tmp/out")" -eq 8 ]
check "no collision: no observables or loop figure; 8 files listed (5 tables, script, PNG, SVG)" $?
grep -qF "cd '$tmp/it''s here/fig/.collide-plot-" "$k/main.gp" &&
    has "set output './o''clock-state'.'.'.format" "$d/fig/o'clock-state.gp" &&
    has "'./o''clock-samples.csv'" "$d/fig/o'clock-state.gp"
check "a quote in a path is doubled in gnuplot's string" $?
joined "$d/fig/o'clock-state.gp" | grep -qF "it''s here/o''clock.scn: CLAMPED, H\_r' font"
check "the title of a file: its path, the law and the system, as plain text" $?
grep -q "^set object 1 rect from 9.99999999999999[0-9]*, graph 0 to 20, graph 1" "$d/fig/o'clock-state.gp"
check "the contact lasting to T is shaded from 10 ms to T = 20 ms" $?
# a file whose name starts with a dot gives visible figures
cp "$d/o'clock.scn" "$d/.hidden.scn"
PATH="$tmp/wrap:$PATH" run "$exe" plot "$d/.hidden.scn" --out "$d/fig2" --samples 100
[ "$rc" -eq 0 ] && is_png "$d/fig2/hidden-state.png" && [ -z "$(ls -A "$d/fig2" | grep '^\.')" ]
check "plot of .hidden.scn: hidden-state.png, no hidden figure (got $rc)" $?

# names that a single-quoted gnuplot string holds as written: quotes,
# a backslash, ';', '$', a backquote, '@', '#'; relative paths that gnuplot
# would take for a command ('|cmd' as --out, '<cmd' as TMPDIR): plotted,
# figures named after the files, and nothing run
cd "$tmp/hostile" || exit 1
set -- "q'uote.scn" 'd"quote.scn' 'back\slash.scn' 'semi;colon.scn' \
    'dollar$HOME.scn' 'back`touch PWNED`tick.scn' '@macro#hash.scn'
for f in "$@"; do cp base.scn "$f"; done
mkdir -p "<touch PWNED2 "
TMPDIR="<touch PWNED2 " PATH="$tmp/wrap:$PATH" run "$exe" plot "$@" --out "|touch PWNED3 " --samples 20
check "plot of 7 files with hostile names, --out '|touch ...', TMPDIR '<touch ...': exit 0 (got $rc: $(tail -n 2 "$tmp/err"))" $rc
n=0
for f in "$@"; do
    stem=${f%.scn}
    is_png "|touch PWNED3 /$stem-state.png" && is_svg "|touch PWNED3 /$stem-observables.svg" ||
        n=$((n + 1))
done
[ "$n" -eq 0 ] && is_png "|touch PWNED3 /compare.png"
check "each hostile name: its figures, named after the file ($n missing)" $?
[ ! -e PWNED ] && [ ! -e PWNED2 ] && [ ! -e PWNED3 ] && [ ! -e "$tmp/PWNED" ] &&
    [ -z "$(ls -A "<touch PWNED2 ")" ]
check "nothing run by gnuplot: no PWNED, PWNED2, PWNED3; TMPDIR left empty" $?
grep -qF "cd './|touch PWNED3 /.collide-plot-" "$k/main.gp" &&
    has "load './q''uote-state.gp'" "$k/main.gp" &&
    has "'./q''uote-samples.csv'" "|touch PWNED3 /q'uote-state.gp"
check "a relative path is written './...', a quote doubled" $?
[ -z "$(ls -A "<touch PWNED2 ")" ] && [ -s "$tmp/gnuplot-arg" ] &&
    grep -qF "./<touch PWNED2 /collide-plot-" "$tmp/gnuplot-arg"
check "a relative TMPDIR: gnuplot is given './<...'" $?
has "set multiplot layout 6,1 margins 0.1,0.97,0.06,0.93 spacing 0,0.02 title 'back\`touch PWNED\`tick.scn: SHCCL, H\_r' font" "|touch PWNED3 /back\`touch PWNED\`tick-state.gp" ||
    has "title 'back\`touch PWNED\`tick.scn: SHCCL, H\_r' font" "|touch PWNED3 /back\`touch PWNED\`tick-state.gp"
check "a backquote in a title: written as it is, in single quotes" $?
cd "$tmp" || exit 1

# a horizon of 10 s or more is drawn in seconds
"$exe" show hertz | sed 's/#.*//; s/^T = .*/T = 12/' >"$tmp/long.scn"
PATH="$tmp/wrap:$PATH" run "$exe" plot "$tmp/long.scn" --out "$tmp/lfig" --samples 50
[ "$rc" -eq 0 ] && has "set xlabel 't [s]'" "$tmp/lfig/long-state.gp" && has "set xrange [0:12]" "$tmp/lfig/long-state.gp"
check "T = 12 s: the time axis in s, from 0 to 12 (got $rc)" $?

# figures drawn again replace the previous ones, with no backup left
cp "$out/example-v2-state.svg" "$tmp/old.svg"
run "$exe" plot example-v2 --out "$out" --samples 40
[ "$rc" -eq 0 ] && ! cmp -s "$out/example-v2-state.svg" "$tmp/old.svg" &&
    [ "$(find "$out" -name '*.bak' -o -name '.*' -type f | wc -l)" -eq 0 ]
check "plot again into DIR: the figures replaced, no backup or temporary left (got $rc)" $?

# TMPDIR empty: /tmp
TMPDIR= PATH="$tmp/failing:$PATH" run "$exe" plot example-v2 --samples 20 --out "$tmp/f8"
[ "$rc" -eq 4 ] && has "undefined variable: frob" "$tmp/err"
check "TMPDIR empty: the run goes on in /tmp to gnuplot (got $rc)" $?

finish plot.sh
