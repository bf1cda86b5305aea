#!/bin/sh
# operands.sh BUILD: a lone `-` on the command line is an operand, the
# file named `-` (collide reads no standard input), for every command that
# takes a file: run, compare, audit, plot, sweep and merge; while `-x`
# remains an unknown option (exit 2).
. tests/cli_common.sh "$1"
case "$exe" in /*) ;; *) exe="$(pwd)/$exe" ;; esac
d="$tmp/dash"
mkdir -p "$d"
cd "$d" || exit 1

# run: the scenario file named -
"$exe" show hertz >./-
run "$exe" run -
[ "$rc" -eq 0 ] && has "-: H_r, law shccl" "$tmp/out"
check "run -: the scenario file named '-' (got $rc: $(head -n 1 "$tmp/err"))" $?
run "$exe" run - --csv res
[ "$rc" -eq 0 ] && [ -s res/trajectory.csv ]
check "run - --csv res: its result set (got $rc)" $?
run "$exe" run -x
[ "$rc" -eq 2 ] && has "unknown option -x" "$tmp/err"
check "run -x: an unknown option, exit 2 (got $rc)" $?

# compare: - is a file, res a directory
run "$exe" compare - res
[ "$rc" -eq 2 ] && has "- is not a directory but res is a directory" "$tmp/err"
check "compare - res: '-' taken as a file (got $rc: $(cat "$tmp/err"))" $?
cp res/trajectory.csv ./-
run "$exe" compare - res/trajectory.csv
[ "$rc" -eq 0 ]
check "compare - FILE: the file named '-' against its copy, exit 0 (got $rc: $(cat "$tmp/err"))" $?

# audit: the trajectory file named -
run "$exe" audit - --scenario hertz
[ "$rc" -eq 0 ] && grep -q "^-: [0-9]* rows, audited against builtin:hertz" "$tmp/out" &&
    has "audit: 0 findings" "$tmp/out"
check "audit - --scenario hertz: the trajectory named '-', 0 findings (got $rc: $(cat "$tmp/err"))" $?

# plot: the scenario named -, drawn by a gnuplot that fails (the run
# reached gnuplot, so '-' was read as the scenario)
"$exe" show hertz >./-
mkdir -p "$tmp/failing"
printf '#!/bin/sh\necho "gnuplot stand-in" >&2\nexit 1\n' >"$tmp/failing/gnuplot"
chmod +x "$tmp/failing/gnuplot"
PATH="$tmp/failing:$PATH" run "$exe" plot - --samples 20 --out fig
[ "$rc" -eq 4 ] && has "gnuplot stand-in" "$tmp/err"
check "plot -: the scenario named '-' is run and drawn (got $rc: $(cat "$tmp/err"))" $?

# sweep: the grid file named -, before an option
printf 'scenario = hertz\nv0 = -1, -2\n' >grid
"$exe" sweep grid --threads 1 --out whole.csv
cp grid ./-
run "$exe" sweep - --threads 1 --out dash.csv
[ "$rc" -eq 0 ] && cmp -s whole.csv dash.csv
check "sweep - --threads 1: the grid named '-' (got $rc: $(cat "$tmp/err"))" $?

# merge: the part file named -
"$exe" sweep grid --shard 1/1 --out ./-
run "$exe" merge - --out merged.csv
[ "$rc" -eq 0 ] && cmp -s merged.csv whole.csv
check "merge -: the part named '-' gives the whole sweep (got $rc: $(cat "$tmp/err"))" $?
run "$exe" merge -x
[ "$rc" -eq 2 ] && has "unknown option -x" "$tmp/err"
check "merge -x: an unknown option, exit 2 (got $rc)" $?

finish operands.sh
