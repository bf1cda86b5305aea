#!/bin/sh
# paths.sh BUILD: what the outputs of collide never do (doc/reliability.md):
# a refused --csv DIR is not moved, so that files another
# process creates in it meanwhile are all kept; no output follows a
# symbolic link or overwrites an input of its command (audit --defects
# and --observables, compare --scd-csv, merge and sweep --out, run --csv);
# a run killed outright leaves a temporary that the next write into the
# same parent removes; a write beyond ulimit -f is exit 4 with a message
# and leaves nothing; long paths and names are refused or accepted with
# a message that says why; two sweeps never share a --resume directory.
. tests/cli_common.sh "$1"
exe="$(cd "$1" && pwd)/collide"
w="$tmp/w"
mkdir -p "$w"
cd "$w" || exit 1

# no temporary of a set or of a file in directory $1
no_temporaries() {
    [ -z "$(ls -A "$1" | grep -E '\.tmp-|\.collide-tmp-')" ]
}

# ---- a refused --csv DIR is examined in place: nothing of it moves ----
mkdir D
: >D/start
(i=0; while [ ! -e stop ]; do : >"D/f$i"; i=$((i + 1)); echo $i >count; done) &
writer=$!
runs=0 refused=0
while [ $runs -lt ${PATHS_RUNS:-150} ]; do
    "$exe" run hertz --quiet --csv D 2>/dev/null
    [ $? -eq 4 ] && refused=$((refused + 1))
    runs=$((runs + 1))
done
: >stop
wait $writer
made=$(cat count)
kept=$(ls D | grep -c '^f')
[ $refused -eq $runs ] && [ "$kept" -eq "$made" ] && no_temporaries . &&
    [ -e D/start ]
check "$runs runs onto a directory another process writes into: $refused refused, $kept of its $made files kept, no temporary left" $?
rm -rf D stop count

# ---- symbolic links at an output are replaced, never followed ----
"$exe" run study1 --quiet --csv s1 || exit 1
cp s1/trajectory.csv T.csv
cp -R s1 s2
echo victim >victim.txt
for opt in defects observables; do
    ln -s victim.txt "l-$opt.csv"
    run "$exe" audit T.csv --scenario study1 "--$opt" "l-$opt.csv"
    [ "$rc" -eq 0 ] && [ "$(cat victim.txt)" = victim ] &&
        [ ! -L "l-$opt.csv" ] && [ -s "l-$opt.csv" ]
    check "audit --$opt onto a symbolic link: the link replaced, its target untouched (got $rc)" $?
done
ln -s victim.txt l-scd.csv
run "$exe" compare s1/events.csv s2/events.csv --scd-csv l-scd.csv
[ "$rc" -eq 0 ] && [ "$(cat victim.txt)" = victim ] && [ ! -L l-scd.csv ]
check "compare --scd-csv onto a symbolic link: replaced, target untouched (got $rc)" $?
cat >grid.txt <<'GRID'
scenario = hertz
v0 = -2, -1
GRID
"$exe" sweep grid.txt --shard 1/2 --out p1.csv 2>/dev/null &&
    "$exe" sweep grid.txt --shard 2/2 --out p2.csv 2>/dev/null || exit 1
ln -s victim.txt l-merge.csv
run "$exe" merge p1.csv p2.csv --out l-merge.csv
[ "$rc" -eq 0 ] && [ "$(cat victim.txt)" = victim ] && [ ! -L l-merge.csv ]
check "merge --out onto a symbolic link: replaced, target untouched (got $rc)" $?
mkdir real && echo mine >real/collisions.csv
ln -s real lset
run "$exe" run hertz --quiet --csv lset
[ "$rc" -eq 4 ] && [ -L lset ] && [ "$(cat real/collisions.csv)" = mine ] &&
    [ "$(ls real)" = collisions.csv ]
check "run --csv onto a symbolic link to a directory: refused, nothing in it touched (got $rc)" $?
if command -v gnuplot >/dev/null 2>&1; then
    mkdir F
    ln -s ../victim.txt F/.hertz-state.png.tmp   # where figures were drawn
    ln -s ../victim.txt F/hertz-state.svg
    run "$exe" plot hertz --samples 50 --out F
    [ "$rc" -eq 0 ] && [ "$(cat victim.txt)" = victim ] &&
        [ ! -L F/hertz-state.svg ] && [ -s F/hertz-state.png ] &&
        [ -z "$(ls -A F | grep collide-plot)" ]
    check "plot --out with links at a figure and at its old temporary name: not followed (got $rc)" $?
else
    echo "skip: plot (gnuplot is not installed)"
fi
no_temporaries .
check "no temporary left beside the outputs" $?

# ---- an output that names an input is refused, the input kept ----
# refused OPTION INPUT NAME COMMAND...: exit 2, a message naming the
# option and the input, the input byte for byte as it was
refused() {
    opt=$1 input=$2 name=$3; shift 3
    cp "$input" "$tmp/before"
    run "$@"
    [ "$rc" -eq 2 ] && cmp -s "$input" "$tmp/before" &&
        has "$opt" "$tmp/err" && has "an input of this command" "$tmp/err"
    check "$name: exit 2 naming $opt and the input, the input kept (got $rc: $(head -c 200 "$tmp/err"))" $?
}
refused --defects T.csv "audit T.csv --defects T.csv" \
    "$exe" audit T.csv --scenario study1 --defects T.csv
refused --observables T.csv "audit T.csv --observables T.csv" \
    "$exe" audit T.csv --scenario study1 --observables T.csv
ln T.csv hard.csv
refused --defects T.csv "audit --defects onto a hard link of the trajectory" \
    "$exe" audit T.csv --scenario study1 --defects hard.csv
ln -s T.csv soft.csv
refused --defects T.csv "audit --defects onto a symbolic link to the trajectory" \
    "$exe" audit T.csv --scenario study1 --defects soft.csv
refused --scd-csv s1/events.csv "compare a b --scd-csv a" \
    "$exe" compare s1/events.csv s2/events.csv --scd-csv s1/events.csv
refused --scd-csv s2/events.csv "compare a b --scd-csv ./b" \
    "$exe" compare s1/events.csv s2/events.csv --scd-csv ./s2/events.csv
refused --out p1.csv "merge p1 p2 --out p1" \
    "$exe" merge p1.csv p2.csv --out p1.csv
refused --out grid.txt "sweep GRID --out GRID" \
    "$exe" sweep grid.txt --out grid.txt
"$exe" show hertz >s1/hertz.scn 2>/dev/null || "$exe" show hertz >s1/hertz.scn
cp s1/hertz.scn "$tmp/scn"
run "$exe" run s1/hertz.scn --quiet --csv s1
[ "$rc" -eq 4 ] && cmp -s s1/hertz.scn "$tmp/scn" && has "hertz.scn" "$tmp/err"
check "run S/x.scn --csv S: refused, the scenario kept (got $rc)" $?

# ---- what a killed run leaves, removed by the next write there ----
"$exe" run hertz --quiet --csv K || exit 1
mkdir .K.tmp-abc123
printf '# collide result set\nfile = trajectory.csv\nfile = samples.csv\n' \
    >.K.tmp-abc123/MANIFEST
head -c 100000 /dev/zero >.K.tmp-abc123/trajectory.csv
mkdir .K.tmp-xyz789 && echo mine >.K.tmp-xyz789/notes.txt
mkdir .K.tmp-lck456
touch -d '1 hour ago' .K.tmp-abc123 .K.tmp-xyz789 .K.tmp-lck456
flock .K.tmp-lck456 sh -c 'while [ ! -e release ]; do sleep 0.05; done' &
holder=$!
sleep 0.3
run "$exe" run hertz --quiet --csv K
[ "$rc" -eq 0 ] && [ ! -e .K.tmp-abc123 ] && [ -e .K.tmp-xyz789/notes.txt ] &&
    [ -d .K.tmp-lck456 ]
check "a killed run's temporary removed by the next run; one holding another file and one locked by a live process kept (got $rc)" $?
: >release
wait $holder
rm -rf .K.tmp-xyz789 .K.tmp-lck456 release
"$exe" run study1 --samples 300000 --quiet --csv KK &
pid=$!
n=0   # killed while it writes its temporary (polled, at most 30 s)
while [ -z "$(ls -A | grep '^\.KK\.tmp-')" ] && [ $n -lt 3000 ]; do
    sleep 0.01; n=$((n + 1))
done
kill -KILL $pid 2>/dev/null
wait $pid 2>/dev/null
left=$(ls -A | grep '^\.KK\.tmp-')
[ -n "$left" ] && touch -d '1 hour ago' "$left"
run "$exe" run hertz --quiet --csv KK
[ -n "$left" ] && [ "$rc" -eq 0 ] && no_temporaries .
check "a run killed by SIGKILL while writing leaves '$left'; the next run removes it (got $rc)" $?

# ---- ulimit -f: exit 4 and a message, nothing left ----
"$exe" run hertz --quiet --csv U || exit 1
cp -R U "$tmp/U"
(ulimit -f 8; "$exe" run study1 --quiet --csv U) 2>"$tmp/err"
rc=$?
[ "$rc" -eq 4 ] && has "File too large" "$tmp/err" && has "U/" "$tmp/err" &&
    diff -r U "$tmp/U" >/dev/null && no_temporaries .
check "run --csv over ulimit -f: exit 4 naming the file and 'File too large', the set kept, nothing left (got $rc: $(head -c 200 "$tmp/err"))" $?
(ulimit -f 8; "$exe" merge p1.csv p2.csv --out big.csv >/dev/null) 2>/dev/null
[ $? -eq 0 ]
check "a small output under ulimit -f is written" $?

# ---- lengths: what is too long says so; names up to 255 bytes work ----
long=$(printf '%4400s' '' | tr ' ' p)
run "$exe" run hertz --quiet --csv "$long"
[ "$rc" -eq 4 ] && has "path too long: 4400 bytes, limit 4095" "$tmp/err"
check "--csv of 4400 bytes: exit 4, 'path too long: 4400 bytes, limit 4095' (got $rc)" $?
for n in 200 240 255; do
    name=$(printf "%${n}s" '' | tr ' ' n)
    "$exe" run hertz --quiet --csv "sub/$name" && "$exe" run study1 --quiet --csv "sub/$name" &&
        [ "$(ls -A sub)" = "$name" ] && [ -f "sub/$name/trajectory.csv" ]
    check "--csv with a last name of $n bytes: written and replaced, nothing beside it" $?
    rm -rf sub
done
name=$(printf '%256s' '' | tr ' ' n)
run "$exe" run hertz --quiet --csv "$name"
[ "$rc" -eq 4 ] && has "name too long: 256 bytes, limit 255" "$tmp/err"
check "--csv with a name of 256 bytes: exit 4 saying so (got $rc)" $?

# ---- sweep --resume: one sweep at a time in a directory ----
mkdir RS
flock RS sh -c 'while [ ! -e release ]; do sleep 0.05; done' &
holder=$!
sleep 0.3
run "$exe" sweep grid.txt --resume RS --out rs.csv
[ "$rc" -eq 4 ] && has "--resume RS: another sweep is saving its points there" "$tmp/err" &&
    [ ! -e rs.csv ] && [ -z "$(ls -A RS)" ]
check "sweep --resume RS while another holds it: exit 4 saying so, nothing written (got $rc)" $?
: >release
wait $holder
run "$exe" sweep grid.txt --resume RS --out rs.csv
[ "$rc" -eq 0 ] && [ -s rs.csv ]
check "then the sweep runs (got $rc)" $?

mkdir -p RS2/point-1.csv
run "$exe" sweep grid.txt --resume RS2 --out rs2.csv
[ "$rc" -eq 4 ] && has "point 1 could not be saved in RS2 (point-1.csv: Is a directory)" "$tmp/err" &&
    [ ! -e rs2.csv ]
check "sweep --resume: a point that cannot be saved is named with its cause (got $rc: $(tail -n 1 "$tmp/err"))" $?

finish paths.sh
