#!/bin/sh
# fault.sh BUILD: failures of memory and of the file system, injected one
# at a time by BUILD/collide-fault (tests/fault/wrap.c): for each command
# below, the N-th call of any wrapped function (malloc, fopen, fflush,
# rename, ...) fails, for N = 1, 2, ... until a run sees no fault, so that
# every call the command makes fails once. Each such run must
#   - end by itself (no signal, no sanitizer report),
#   - exit 0 with the result of the fault-free run (the fault was one the
#     command can live with), or exit with the documented status (9 out of
#     memory, 4 output not written, 3 input not read; compare 9, 2 and
#     4; audit 9 and 3; 4 when the standard output cannot be flushed at the end)
#     and a message on stderr naming the cause,
#   - leave the previous result in its output directory as it was, byte
#     for byte, and no temporary file there or in TMPDIR.
# About 830 runs of the program in all (each loop stops at MAX_CALLS
# calls); about 20 s with the -O3 build, a minute under make sanitize.
. tests/cli_common.sh "$1"
build=$(cd "$1" && pwd) || exit 1
exe="$build/collide"
fexe="$build/collide-fault"
MAX_CALLS=400

if [ ! -x "$fexe" ]; then
    make --no-print-directory BUILD="$1" "$1/collide-fault" \
        >"$tmp/make.log" 2>&1
    check "build $fexe" $?
fi
[ -x "$fexe" ] || { finish fault.sh; exit; }

w="$tmp/w"; td="$tmp/tmpdir"; log="$tmp/fault.log"
mkdir -p "$w" "$td"
cd "$w" || exit 1

# the text of strerror for the errno each wrapped function fails with
# (wrap.c), or "memory" for the allocations
cause_of() {
    case "$1" in
        malloc|calloc|realloc|strdup|strndup|fdopen|open_memstream)
            echo "memory" ;;
        fopen|open|openat) echo "Permission denied|No space left on device" ;;
        fflush|fclose) echo "No space left on device" ;;
        fsync|rename|renameat) echo "Input/output error" ;;
        flock) echo "No locks available" ;;
        link) echo "Too many links" ;;
        mkdir|mkdirat|mkdtemp|mkstemp) echo "Permission denied" ;;
        opendir|fdopendir) echo "Too many open files" ;;
        *) echo "Resource temporarily unavailable" ;;
    esac
}

is_alloc() {
    case "$1" in malloc|calloc|realloc|strdup|strndup|open_memstream) ;;
        *) return 1 ;; esac
}

# same_file FILE REF [rows]: the same bytes; with rows, the same lines but
# where FILE has a row ending in ",memory" (a sweep's point that ran out
# of memory is such a row, and the sweep goes on: doc/sweeps.md)
same_file() {
    cmp -s "$1" "$2" && return 0
    [ -n "$3" ] && [ -f "$1" ] && [ "$(wc -l <"$1")" -eq "$(wc -l <"$2")" ] ||
        return 1
    ! diff "$2" "$1" | grep '^>' | grep -qv ',memory$'
}

# same DIR REF [rows]: DIR holds the files of REF and no other (empty
# directories aside: --csv DIR creates DIR before it writes), each as
# same_file
same() {
    find "$1" -mindepth 1 -type d -empty -delete
    diff -r "$2" "$1" >"$tmp/diff" 2>&1 && return 0
    [ -n "$3" ] && [ "$(ls -A "$1")" = "$(ls -A "$2")" ] || return 1
    for f in "$2"/*; do
        same_file "$1/$(basename "$f")" "$f" rows || return 1
    done
}

# faults NAME FUNC OUT PREV EXPECT_ALLOC EXPECT_IO COMMAND...: runs COMMAND
# with the N-th call of FUNC ("any": of any wrapped function) failing, for
# N = 1, 2, ..., each time in a fresh copy of PREV at OUT (the previous
# result), until a run sees no fault; its result is the reference. A run
# that sees a fault must exit 0 with the reference's result, or with a
# status of EXPECT_ALLOC (for an allocation) or EXPECT_IO (the others),
# a message naming the cause, and PREV intact at OUT. With rows set, the
# result of a run that exits 0 is compared as same_file ... rows.
rows=
faults() {
    name=$1 func=$2 out=$3 prev=$4 ealloc=$5 eio=$6; shift 6
    rm -rf "$out" "$tmp/ref"; cp -R "$prev" "$out"
    "$exe" "$@" >/dev/null 2>"$tmp/err"
    rc=$?
    check "$name: the fault-free run exits 0 (got $rc)" $rc
    cp -R "$out" "$tmp/ref"
    n=1 seen=0
    while [ $n -le $MAX_CALLS ]; do
        rm -rf "$out" "$log"; cp -R "$prev" "$out"
        COLLIDE_FAULT="$func:$n" COLLIDE_FAULT_LOG="$log" TMPDIR="$td" \
            "$fexe" "$@" >"$tmp/out" 2>"$tmp/err"
        rc=$?
        [ -s "$log" ] || break
        seen=$((seen + 1))
        f=$(cut -d' ' -f1 "$log")
        why=""
        if [ $rc -ge 128 ] || grep -q 'Sanitizer\|runtime error' "$tmp/err"
        then why="crashed (status $rc)"
        elif [ $rc -eq 0 ]; then
            same "$out" "$tmp/ref" $rows ||
                why="exit 0 but not the fault-free result"
        elif grep -q 'cannot write the standard output: No space' "$tmp/err"
        then # the last flush of stdout: exit 4, the files written or not
            [ $rc -eq 4 ] || why="status $rc for the standard output, not 4"
            [ -n "$why" ] || same "$out" "$tmp/ref" $rows ||
                same "$out" "$prev" || why="a partial result: $(head -n 1 "$tmp/diff")"
        else
            if is_alloc "$f"; then ok=" $ealloc "; else ok=" $eio "; fi
            case "$ok" in *" $rc "*) ;; *) why="status $rc, not one of$ok" ;; esac
            [ -n "$why" ] || grep -Eq "$(cause_of "$f")" "$tmp/err" ||
                why="no message naming the cause: '$(head -c 160 "$tmp/err" |
                    tr -c '[:print:]' ' ')'"
            [ -n "$why" ] || same "$out" "$prev" ||
                why="the previous result changed or a file was left: $(head -n 1 "$tmp/diff")"
        fi
        [ -z "$(ls -A "$td")" ] ||
            why="${why:+$why; }left in TMPDIR: $(ls -A "$td" | head -n 3)"
        rm -rf "${td:?}"/* "$td"/.[!.]* 2>/dev/null
        [ -z "$why" ]
        check "$name: $func:$n ($f fails, status $rc)${why:+: $why}" $?
        n=$((n + 1))
    done
    [ $seen -gt 0 ] && [ $n -le $MAX_CALLS ]
    check "$name: $seen faults, the last call $((n - 1)) (bound $MAX_CALLS)" $?
}

# ---- collide run --csv: the previous result is that of another scenario ----
mkdir prev-empty
"$exe" run hertz --quiet --csv prev-run || exit 1
faults "run study1 --csv" any d prev-run 9 4 run study1 --quiet --csv d
faults "run example-v2 --csv (new directory)" any d prev-empty 9 4 \
    run example-v2 --quiet --csv d/sub
"$exe" run example-v2 --precision 64 --quiet --csv prev-mp || exit 1
faults "run --precision 128 --csv" any d prev-mp 9 4 \
    run hertz --precision 128 --quiet --csv d
faults "run --precision 64 --check --csv (the set's temporary directory)" mkdirat \
    d prev-mp 9 4 run hertz --precision 64 --check --quiet --csv d

# ---- collide compare: the tables of two runs; the scd table of two files ----
"$exe" run study1 --quiet --csv a || exit 1
cp -R a b
faults "compare A B" any d prev-empty 9 2 compare a b
mkdir prev-scd; echo previous >prev-scd/o.csv
faults "compare --scd-csv" any d prev-scd 9 "2 4" \
    compare a/events.csv b/events.csv --scd-csv d/o.csv

# ---- collide audit: its temporary observables; --observables FILE ----
faults "audit --against" any d prev-empty 9 3 \
    audit a/trajectory.csv --scenario study1 --against b
mkdir prev-obs; echo previous >prev-obs/obs.csv
faults "audit --observables" any d prev-obs 9 3 \
    audit a/trajectory.csv --scenario study1 --observables d/obs.csv

# an audit with findings (a mass wrong by a factor 8): its last
# allocation, in the search of the hints, fails: exit 9 and the message
# alone on stderr, no closing verdict, not the same verdict with a trial
# left out
printf '%s\n' "system = Hr" "law = bwmcl" "m = 0.0327" "k = 213776779.45287979" \
    "p = 1.5" "A = 1" "alpha = 0.35" "beta = 5.000e7" "gamma = 5.000e7" "n = 2" \
    "c = 4.400e3" "x0 = 0.020" "v0 = 0" "input = constant" \
    "F = -2.5641427911187602" "T = 0.5" >mass.scn
"$exe" audit a/trajectory.csv --scenario mass.scn >/dev/null 2>&1
rc=$?
COLLIDE_FAULT_COUNTS="$tmp/counts" "$fexe" audit a/trajectory.csv \
    --scenario mass.scn >/dev/null 2>&1
n=$(awk '$1 == "malloc" { print $2 }' "$tmp/counts")
COLLIDE_FAULT="malloc:$n" "$fexe" audit a/trajectory.csv --scenario mass.scn \
    >"$tmp/out" 2>"$tmp/err"
frc=$?
[ "$rc" -eq 1 ] && [ "$frc" -eq 9 ] &&
    [ "$(cat "$tmp/err")" = "collide audit: out of memory" ] &&
    ! grep -q '^audit: [0-9]* findings' "$tmp/out"
check "audit with findings, its last malloc ($n) failing: exit 9 and out of memory (got $frc; $rc without the fault)" $?

# ---- collide sweep (whole, shards, --resume) and merge ----
cat >grid.txt <<'GRID'
scenario = hertz
v0 = linspace(-2, -0.5, 3)
x0 = 1e-4, 0.01
GRID
mkdir prev-sweep; echo previous >prev-sweep/s.csv
rows=rows
faults "sweep --out" any d prev-sweep 9 "3 4" \
    sweep grid.txt --threads 1 --out d/s.csv
faults "sweep --threads 2 (a thread not started)" pthread_create d \
    prev-sweep 9 "3 4" sweep grid.txt --threads 2 --out d/s.csv
"$exe" sweep grid.txt --threads 1 --shard 1/2 --out p1.csv &&
    "$exe" sweep grid.txt --threads 1 --shard 2/2 --out p2.csv || exit 1
rows=
faults "merge --out" any d prev-sweep 9 "3 4" merge p1.csv p2.csv --out d/s.csv

# --resume DIR: after any failure DIR holds complete point files only (a
# point that ran out of memory is not kept), and a rerun without fault
# completes the sweep with the bytes of the whole sweep
"$exe" sweep grid.txt --threads 1 --out whole.csv || exit 1
n=1 bad=0 seen=0
while [ $n -le $MAX_CALLS ]; do
    rm -rf r "$log" s.csv
    COLLIDE_FAULT="any:$n" COLLIDE_FAULT_LOG="$log" TMPDIR="$td" \
        "$fexe" sweep grid.txt --threads 1 --resume r --out s.csv \
        >/dev/null 2>"$tmp/err"
    rc=$?
    [ -s "$log" ] || break
    seen=$((seen + 1))
    for p in r/*; do
        [ -e "$p" ] || continue
        case "$p" in r/point-[0-9]*.csv) ;; *) bad=$((bad + 1))
            echo "any:$n: $p left in the resume directory" ;; esac
    done
    [ $rc -lt 128 ] || { bad=$((bad + 1)); echo "any:$n: status $rc"; }
    "$exe" sweep grid.txt --threads 1 --resume r --out s.csv 2>/dev/null &&
        cmp -s s.csv whole.csv ||
        { bad=$((bad + 1)); echo "any:$n: the rerun does not complete it"; }
    n=$((n + 1))
done
[ $bad -eq 0 ] && [ $seen -gt 0 ] && [ $n -le $MAX_CALLS ]
check "sweep --resume: $seen faults, after each a rerun completes the sweep" $?

# ---- collide plot: figures replaced all or none ----
if command -v gnuplot >/dev/null 2>&1; then
    mkdir prev-fig
    for f in hertz-state hertz-observables; do
        echo previous >prev-fig/$f.png; echo previous >prev-fig/$f.svg
    done
    # SVG and PDF only: collide's own code is the same for every format
    # (the PDF's date is blanked by collide), and cairo's 1600-pixel PNG
    # is most of a run's time; study 2 cut at its first collision
    # (T = 0.03 s) still draws the loop figure, at a fifth of the time
    faults "plot" any d prev-fig 9 4 plot hertz --samples 50 --out d \
        --format svg,pdf
    "$exe" show study2 | sed 's/^T = 0[.]5 /T = 0.03 /' >study2-cut.scn
    grep -q '^T = 0.03 ' study2-cut.scn
    check "study 2 cut at T = 0.03 s" $?
    # (a file read: its failure is status 3, input not read)
    faults "plot study2 (H_f, new figures)" any d prev-empty 9 "3 4" \
        plot ./study2-cut.scn --samples 50 --out d --format svg,pdf
else
    echo "skip: plot (gnuplot is not installed; make figures installs it)"
fi

finish fault.sh
