#!/bin/sh
# csv.sh BUILD: `collide run SCENARIO --csv DIR` writes the four CSV files
# with their headers, all or none: no temporaries remain, a failed or
# interrupted run leaves previous files untouched, an unwritable DIR is an
# output error (exit 4).
. tests/cli_common.sh "$1"

files="collisions.csv events.csv ledger.csv samples.csv trajectory.csv"
collisions_header="i,t_e,t_s,t_d,t_f,v_i,v_s,e,xc_max,Fc_max,xc_r,W,J_Fc,J_Fe,Lambda"
events_header="j,t,transition,margin,grazing,c_and_d_before,c_and_d_after,bracket_lo,bracket_hi"
ledger_header="scope,V_start,V_end,I_s,Delta_C,Delta_D,residual,scale"
samples_header="t,j,q,boundary"

# exactly the four files, no temporaries
only_the_files() { [ "$(ls -A "$1" | sort | tr '\n' ' ')" = "collisions.csv events.csv ledger.csv samples.csv trajectory.csv " ]; }

starts() { # FILE PREFIX
    head -n 1 "$1" | grep -q "^$2"
}

out="$tmp/out"
"$exe" run example-v2 --csv "$out" --quiet >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
check "run example-v2 --csv: exit 0 (got $rc)" $rc
[ ! -s "$tmp/stdout" ]; check "--quiet prints nothing" $?
for f in $files; do
    [ -s "$out/$f" ]; check "$f written" $?
done
only_the_files "$out"; check "exactly the four files, no temporaries" $?
starts "$out/collisions.csv" "$collisions_header"
check "collisions.csv header starts $collisions_header" $?
starts "$out/events.csv" "$events_header,before_x,before_v"
check "events.csv header" $?
[ "$(head -n 1 "$out/ledger.csv")" = "$ledger_header" ]
check "ledger.csv header" $?
grep -q "^total," "$out/ledger.csv"; check "ledger.csv has the total row" $?
starts "$out/samples.csv" "$samples_header,x,v,x_c"
check "samples.csv header" $?
n=$(head -n 1 "$out/collisions.csv" | tr ',' '\n' | wc -l)
bad=$(awk -F, -v n="$n" 'NF != n' "$out/collisions.csv" | wc -l)
[ "$bad" -eq 0 ]; check "collisions.csv rows have $n columns" $?
for f in events samples ledger; do
    n=$(head -n 1 "$out/$f.csv" | tr ',' '\n' | wc -l)
    bad=$(awk -F, -v n="$n" 'NF != n' "$out/$f.csv" | wc -l)
    [ "$bad" -eq 0 ]; check "$f.csv rows have $n columns" $?
done

# the default run prints the tables
"$exe" run example-v2 >"$tmp/stdout" 2>"$tmp/stderr"
check "run example-v2 prints: exit 0" $?
for w in "t_e [ms]" "energy ledger" "V(0)" "residual/scale" "steps accepted" \
         "RHS evaluations" "CPU time"; do
    grep -qF "$w" "$tmp/stdout"; check "run prints '$w'" $?
done

# nested directories are created
"$exe" run example-v2 --csv "$tmp/a/b/c" --quiet
check "--csv creates nested directories" $?
only_the_files "$tmp/a/b/c"; check "nested directory holds the four files" $?

# a second run replaces the files
"$exe" run example-v2 --csv "$out" --samples 3 --quiet
n3=$(wc -l <"$out/samples.csv")
"$exe" run example-v2 --csv "$out" --samples 50 --quiet
n50=$(wc -l <"$out/samples.csv")
[ "$n50" -gt "$n3" ]; check "a new run replaces samples.csv ($n3 -> $n50 lines)" $?
only_the_files "$out"; check "no temporaries after replacing" $?

# a failed run leaves the previous files untouched
cp -r "$out" "$tmp/before"
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
"$exe" run "$tmp/fails.scn" --csv "$out" >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ "$rc" -ge 5 ]; check "a failed run exits with its status (got $rc)" $?
[ -s "$tmp/stderr" ]; check "a failed run prints its diagnosis" $?
same=0
for f in $files; do cmp -s "$out/$f" "$tmp/before/$f" || same=1; done
check "a failed run leaves previous files untouched" $same
only_the_files "$out"; check "a failed run leaves no temporary" $?
"$exe" run "$tmp/fails.scn" --csv "$tmp/fresh" >/dev/null 2>&1
[ ! -e "$tmp/fresh" ]; check "a failed run creates no directory" $?

# bad input leaves previous files untouched
sed 's/^k = .*/k = -1/' "$tmp/fails.scn" >"$tmp/bad.scn"
"$exe" run "$tmp/bad.scn" --csv "$out" >/dev/null 2>&1
[ $? -eq 3 ]; check "bad input exits 3" $?
same=0
for f in $files; do cmp -s "$out/$f" "$tmp/before/$f" || same=1; done
check "bad input leaves previous files untouched" $same

# DIR is a file: an output error
: >"$tmp/plain"
"$exe" run example-v2 --csv "$tmp/plain" --quiet 2>"$tmp/stderr"
rc=$?
[ "$rc" -eq 4 ]; check "--csv onto a file: exit 4 (got $rc)" $?
grep -qF "$tmp/plain" "$tmp/stderr"; check "--csv onto a file: message names it" $?
"$exe" run example-v2 --csv "$tmp/plain/sub" --quiet 2>/dev/null
[ $? -eq 4 ]; check "--csv below a file: exit 4" $?

# SIGINT during a run: exit 10, nothing written
cat >"$tmp/long.scn" <<'SCN'
system = Hr
law = shccl
k = 1e9
p = 1.5
c = 0
m = 1
x0 = 0.01
v0 = -1
input = none
T = 1000
h_max = 1e-9
max_steps = 1e15
SCN
"$exe" run "$tmp/long.scn" --csv "$tmp/int" --quiet &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 10 ]; check "SIGINT: exit 10 (got $rc)" $?
[ ! -e "$tmp/int" ] || [ -z "$(ls -A "$tmp/int")" ]
check "SIGINT: no file written" $?

finish csv.sh
