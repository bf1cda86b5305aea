#!/bin/sh
# run.sh BUILD PROGRAM...: runs each test program and each tests/cli/*.sh
# script, adds up their "N passed, N failed" lines and prints the total as
# the last line. Exits non-zero when any check failed or a program crashed.
# A program that cannot run for want of something the machine lacks prints
# a line "skipped: WHY"; such lines are counted and, when there are any,
# the last line ends with ", N skipped".
#
# The tests run TEST_JOBS at a time (default: the number of processors),
# each into its own log BUILD/tests/log/NAME.out; every test keeps its
# files in a directory of its own, so they do not meet. The report is
# read from the logs afterwards, in the order the tests are listed, so it
# is the same whatever the order they ran and finished in (the slowest of
# the last run start first). The wall time of each
# test goes to BUILD/tests/log/times (wall seconds, processor seconds of
# the test and its children, name), the most processor time first.
#
# run.sh --one BUILD PROGRAM runs one test (what the parallel runner
# calls): its output to the log, its exit status to NAME.rc, its times to
# NAME.time.
if [ "$1" = "--one" ]; then
    log="$2/tests/log"; prog=$3; name=$(basename "$prog")
    start=$(date +%s)
    case "$prog" in
        *.sh) sh "$prog" "$2" >"$log/$name.out" 2>&1 ;;
        *)    "$prog" >"$log/$name.out" 2>&1 ;;
    esac
    echo $? >"$log/$name.rc"
    # wall seconds, and processor seconds (user and system of the test
    # and its children: the second line of times, "XmY.Zs XmY.Zs")
    # (times itself in this shell, not in a pipeline's subshell)
    times >"$log/$name.cpu"
    cpu=$(tail -n 1 "$log/$name.cpu" | awk '{ c = 0
        for (i = 1; i <= 2; i++) { split($i, f, "m"); c += f[1] * 60 + f[2] }
        printf "%.1f", c }')
    rm -f "$log/$name.cpu"
    echo "$(( $(date +%s) - start )) $cpu" >"$log/$name.time"
    exit 0
fi

build=$(cd "$1" && pwd); shift
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
case "$jobs" in ''|*[!0-9]*|0) echo "run.sh: TEST_JOBS=$jobs is not a positive whole number" >&2; exit 2 ;; esac
log="$build/tests/log"; mkdir -p "$log"
list="$log/list"; : >"$list"
for prog in "$@" tests/cli/*.sh; do
    [ -e "$prog" ] || continue
    rm -f "$log/$(basename "$prog").rc" "$log/$(basename "$prog").time"
    echo "$prog" >>"$list"
done
# slowest first (by the processor times of the last run, if any; a
# test not timed yet comes first), so that the long ones do not start last
awk -v times="$log/times" 'BEGIN { while ((getline l < times) > 0) {
        split(l, f, " "); t[f[3]] = f[2] } }
    { n = $0; sub(/.*\//, "", n); print ((n in t) ? t[n] : 1e9), $0 }' \
    "$list" | sort -s -k1,1nr | cut -d' ' -f2- |
    xargs -P "$jobs" -n 1 sh "$0" --one "$build"

pass=0; fail=0; crashed=0; skipped=0
: >"$log/times.unsorted"
while read -r prog; do
    name=$(basename "$prog")
    rc=$(cat "$log/$name.rc" 2>/dev/null || echo 127)
    echo "$(cat "$log/$name.time" 2>/dev/null || echo '? ?') $name" >>"$log/times.unsorted"
    line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log/$name.out" 2>/dev/null | tail -n 1)
    p=$(echo "$line" | sed -E 's/.* ([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    [ -n "$line" ] || { p=0; f=0; }
    pass=$((pass + p)); fail=$((fail + f))
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        crashed=$((crashed + 1)); fail=$((fail + 1))
        echo "CRASH $name (exit $rc); see $log/$name.out"
    fi
    grep -E '^FAIL' "$log/$name.out" | sed "s/^/$name: /"
    s=$(grep -c '^skipped: ' "$log/$name.out")
    skipped=$((skipped + s))
    grep '^skipped: ' "$log/$name.out" | sed "s/^/$name: /"
    echo "$name: ${p:-0} passed, ${f:-0} failed"
done <"$list"
sort -k2,2rn "$log/times.unsorted" >"$log/times"; rm -f "$log/times.unsorted"
if [ "$skipped" -gt 0 ]; then
    echo "tests: $pass passed, $fail failed, $skipped skipped"
else
    echo "tests: $pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
