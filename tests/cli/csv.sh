#!/bin/sh
# csv.sh BUILD: `collide run SCENARIO --csv DIR` writes the four CSV files
# with their headers, all or none: no temporaries remain, a failed or
# interrupted run leaves previous files untouched, an unwritable DIR is an
# output error (exit 4). The reader of CSV files (compare, audit): every
# malformed form named with its file and line, quoting and CR LF read as
# RFC 4180 has them, NaN and infinite cells.
. tests/cli_common.sh "$1"

files="collisions.csv events.csv ledger.csv samples.csv trajectory.csv"
collisions_header="i,t_e,t_s,t_d,t_f,v_i,v_s,e,xc_max,Fc_max,xc_r,W,J_Fc,J_Fe,Lambda"
events_header="j,t,transition,margin,grazing,c_and_d_before,c_and_d_after,bracket_lo,bracket_hi"
ledger_header="scope,V_start,V_end,I_s,Delta_C,Delta_D,residual,scale"
samples_header="t,j,q,boundary"

# exactly the five tables, meta.json and MANIFEST, no temporaries
only_the_files() { [ "$(ls -A "$1" | LC_ALL=C sort | tr '\n' ' ')" = "MANIFEST collisions.csv events.csv ledger.csv meta.json samples.csv trajectory.csv " ]; }

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

# SIGINT while the set is written: the handler removes the temporaries
# of the program's writes under way (its session, tools/session.c): exit
# 10, no temporary beside DIR, no DIR. The write is held there by strace,
# which delays the third fsync (a file of the set's temporary directory)
# by 3 s.
if command -v strace >/dev/null 2>&1; then
    mkdir "$tmp/sig"
    strace -f -o /dev/null -e trace=fsync \
        -e inject=fsync:delay_enter=3000000:when=3 \
        "$exe" run hertz --csv "$tmp/sig/out" --quiet 2>"$tmp/sig.err" &
    spid=$!
    sleep 1.5
    ls -A "$tmp/sig" >"$tmp/sig.before"
    kill -INT "$(pgrep -P "$spid")"
    wait "$spid"
    rc=$?
    grep -q '^\.out\.tmp-' "$tmp/sig.before" && [ "$rc" -eq 10 ] &&
        has "interrupted by SIGINT while writing the CSV files" "$tmp/sig.err" &&
        [ -z "$(ls -A "$tmp/sig")" ]
    check "SIGINT while the set is written: exit 10 (got $rc), its temporary ($(tr '\n' ' ' <"$tmp/sig.before")) removed, nothing left" $?
else
    echo "csv.sh: strace not found (Debian package strace): the SIGINT while a set is written skipped"
fi

# ---- a result directory holds exactly one run's complete set ----
# (doc/output.md): MANIFEST lists the files of the run
[ "$(sed -n 1p "$out/MANIFEST")" = "# collide result set" ] &&
    has "command = collide run example-v2 --csv $out --samples 50 --quiet" "$out/MANIFEST" &&
    grep -qE '^scenario = fnv1a64:[0-9a-f]{16}$' "$out/MANIFEST" &&
    [ "$(sed -n 's/^file = //p' "$out/MANIFEST" | tr '\n' ' ')" = "collisions.csv events.csv ledger.csv samples.csv trajectory.csv meta.json " ]
check "MANIFEST: the program, the command, the scenario and the six files" $?
# no temporary beside DIR either, after a success and after a failure
[ -z "$(ls -A "$tmp" | grep '^\.')" ]
check "no temporary directory beside DIR" $?

# a set of another engine replaces the whole set: no trajectory.csv of
# hertz beside study1's tables at 128 bits
m="$tmp/m"
"$exe" run hertz --csv "$m" --quiet && [ -f "$m/trajectory.csv" ]
check "run hertz --csv M: trajectory.csv written" $?
"$exe" run study1 --precision 128 --csv "$m" --quiet
rc=$?
[ "$rc" -eq 0 ] && [ ! -e "$m/trajectory.csv" ] &&
    [ "$(ls -A "$m" | LC_ALL=C sort | tr '\n' ' ')" = "MANIFEST collisions.csv events.csv ledger.csv meta.json samples.csv " ]
check "then run study1 --precision 128 --csv M: study1's set only, no trajectory.csv (got $rc: $(ls -A "$m" | tr '\n' ' '))" $?
# a run without --check leaves no scd table of an earlier --check
"$exe" run hertz --precision 64 --check --csv "$m" --quiet &&
    [ -f "$m/events.scd.csv" ]
check "--check --csv M: the scd tables written" $?
"$exe" run hertz --precision 64 --csv "$m" --quiet
[ $? -eq 0 ] && [ -z "$(ls "$m" | grep scd)" ]
check "then a run without --check: no earlier *.scd.csv left" $?
# a failed run leaves the previous set of the other engine untouched
cp -R "$m" "$tmp/m.before"
"$exe" run "$tmp/fails.scn" --csv "$m" >/dev/null 2>&1
[ $? -ge 5 ] && diff -r "$m" "$tmp/m.before" >/dev/null &&
    [ -z "$(ls -A "$tmp" | grep '^\.')" ]
check "a failed run: the previous set byte for byte, no temporary" $?

# a directory that is not a result set is never replaced: one that holds
# other files (think of --csv \$HOME), or a MANIFEST that does not list
# all its files; an empty one is
mkdir -p "$tmp/home/docs"; echo mine >"$tmp/home/notes.txt"
"$exe" run hertz --csv "$tmp/home" --quiet 2>"$tmp/stderr"
rc=$?
[ "$rc" -eq 4 ] && [ "$(cat "$tmp/home/notes.txt")" = mine ] && [ -d "$tmp/home/docs" ] &&
    [ "$(ls -A "$tmp/home" | wc -l)" -eq 2 ] &&
    grep -qF "collide run: $tmp/home: not a collide result set" "$tmp/stderr" &&
    has "and no MANIFEST): refusing to replace it" "$tmp/stderr"
check "--csv onto a directory of other files: exit 4 naming it, nothing changed (got $rc: $(cat "$tmp/stderr"))" $?
"$exe" run hertz --precision 64 --csv "$tmp/home" --quiet 2>"$tmp/stderr"
[ $? -eq 4 ] && [ "$(ls -A "$tmp/home" | wc -l)" -eq 2 ]
check "the same at --precision: exit 4, nothing changed" $?
"$exe" run hertz --csv "$tmp/home/" --quiet 2>/dev/null
[ $? -eq 4 ] && [ "$(ls -A "$tmp/home" | wc -l)" -eq 2 ]
check "the same with a trailing slash: exit 4, nothing changed" $?
echo extra >"$m/extra.txt"
"$exe" run hertz --csv "$m" --quiet 2>"$tmp/stderr"
[ $? -eq 4 ] && [ -f "$m/extra.txt" ] && [ -f "$m/MANIFEST" ] &&
    has "extra.txt', which its MANIFEST does not list" "$tmp/stderr"
check "a result set with a file its MANIFEST does not list: exit 4, kept" $?
rm "$m/extra.txt"
mkdir "$tmp/emptydir"
"$exe" run hertz --csv "$tmp/emptydir" --quiet && only_the_files "$tmp/emptydir"
check "an empty directory is replaced by the set" $?
for d in . .. / "$tmp/." "$tmp/.."; do
    "$exe" run hertz --csv "$d" --quiet 2>"$tmp/stderr"
    rc=$?
    [ "$rc" -eq 4 ] && has "cannot hold a result set (name a directory)" "$tmp/stderr"
    check "--csv '$d': exit 4, not a name of a set (got $rc)" $?
done

# two concurrent runs into one directory: it holds one run's set, never
# files of both (before: 6 mixed directories of 150)
"$exe" run hertz --csv "$tmp/refh" --quiet && "$exe" run example-v2 --csv "$tmp/refe" --quiet
one_set() { # DIR: every file as in refh, or every file as in refe
    diff -r "$1" "$tmp/refh" >/dev/null 2>&1 || diff -r "$1" "$tmp/refe" >/dev/null 2>&1
}
# (MANIFEST names DIR: the references are written under the same name)
mixed=0 failed=0 i=0
while [ $i -lt ${CONCURRENT_TRIALS:-120} ]; do
    "$exe" run hertz --csv "$tmp/k" --quiet & p1=$!
    "$exe" run example-v2 --csv "$tmp/k" --quiet & p2=$!
    wait $p1; r1=$?; wait $p2; r2=$?
    [ $r1 -eq 0 ] && [ $r2 -eq 0 ] || failed=$((failed + 1))
    if [ $i -eq 0 ]; then
        sed "s|$tmp/refh|$tmp/k|" "$tmp/refh/MANIFEST" >"$tmp/mh" && mv "$tmp/mh" "$tmp/refh/MANIFEST"
        sed "s|$tmp/refe|$tmp/k|" "$tmp/refe/MANIFEST" >"$tmp/me" && mv "$tmp/me" "$tmp/refe/MANIFEST"
    fi
    one_set "$tmp/k" || mixed=$((mixed + 1))
    i=$((i + 1))
done
[ $mixed -eq 0 ] && [ $failed -eq 0 ] && [ -z "$(ls -A "$tmp" | grep '^\.')" ]
check "two concurrent runs into K, $i times: $mixed mixed, $failed failed, no temporary left" $?

# ---- reading CSV files (collide compare, collide audit) ----
# bad_csv NAME MESSAGE TEXT: a CSV file of TEXT (printf format) compared
# with itself is bad input (exit 2) and the message names it: MESSAGE
bad_csv() {
    printf "$3" >"$tmp/bad.csv"
    "$exe" compare "$tmp/bad.csv" "$tmp/bad.csv" >"$tmp/stdout" 2>"$tmp/stderr"
    rc=$?
    [ "$rc" -eq 2 ] && grep -qxF "collide compare: $tmp/bad.csv:$2" "$tmp/stderr"
    check "CSV $1: exit 2, 'bad.csv:$2' (got $rc: $(head -n 1 "$tmp/stderr"))" $?
}
bad_csv "unclosed quote" '3: a quote is not closed' 'a,b\n1,2\n"3,4\n'
bad_csv "unclosed quote at the end of a cell" '2: a quote is not closed' 'a,b\n1,"2\n'
bad_csv "text after a closing quote" '2: text follows a closing quote' 'a,b\n"1"5,2\n'
bad_csv "an empty line" '3: empty line' 'a,b\n1,2\n\n3,4\n'
bad_csv "an empty line at the end" '3: empty line' 'a,b\n1,2\n\n'
bad_csv "an empty CR LF line" '2: empty line' 'a,b\r\n\r\n1,2\r\n'
bad_csv "an empty header" '1: empty line' '\n1,2\n'
bad_csv "a lone carriage return" \
    '1: a carriage return inside the line (lines end with LF or CR LF)' 'a,b\r1,2\r'
bad_csv "a header column without a name" '1: column 2 of the header has no name' \
    'a,,b\n1,2,3\n'
bad_csv "a header ending in a comma" '1: column 3 of the header has no name' \
    'a,b,\n1,2,3\n'
bad_csv "a duplicate header name" '1: column a appears twice (columns 1 and 3)' \
    'a,b,a\n1,2,3\n'
bad_csv "a duplicate quoted name" '1: column a appears twice (columns 1 and 2)' \
    'a,"a"\n1,2\n'
bad_csv "a short row" '3: ragged row: 1 cell, the header has 2' 'a,b\n1,2\n3\n'
bad_csv "a long row" '2: ragged row: 3 cells, the header has 2' 'a,b\n1,2,\n'
bad_csv "a NUL byte" '3: a NUL byte: not a CSV text file' 'a,b\n1,2\n3\0004\n'

# quoted fields, doubled quotes, CR LF and a last line without newline
# read as the plain file
printf 'i,name,x\n1,plain,0.5\n2,"with, comma",1.5\n' >"$tmp/plain.csv"
printf 'i,"name","x"\r\n"1",plain,0.5\r\n2,"with, comma","1.5"' >"$tmp/quoted.csv"
"$exe" compare "$tmp/quoted.csv" "$tmp/plain.csv" >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ "$rc" -eq 0 ] && grep -qE '^plain +name +equal$' "$tmp/stdout" &&
    grep -qE '^plain +x +inf +inf -$' "$tmp/stdout" &&
    grep -qE '^plain +i +equal$' "$tmp/stdout"
check "quoted cells, CR LF, no final newline: equal to the plain file (got $rc)" $?
printf 'i,"say ""hi""",x\n1,"a ""b""",2.5\n' >"$tmp/dq.csv"
"$exe" compare "$tmp/dq.csv" "$tmp/dq.csv" --scd-csv "$tmp/dq.scd.csv" \
    >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ "$rc" -eq 0 ] && grep -qE '^dq +say "hi" +equal$' "$tmp/stdout"
check "doubled quotes: the column 'say \"hi\"' (got $rc)" $?
[ "$(head -n 1 "$tmp/dq.scd.csv")" = 'i,"say ""hi""",x' ]
check "--scd-csv quotes the name again: $(head -n 1 "$tmp/dq.scd.csv")" $?
printf 'i,t\n1,"a,b"\n' >"$tmp/comma.csv"
"$exe" compare "$tmp/comma.csv" "$tmp/comma.csv" --scd-csv "$tmp/comma.scd.csv" \
    >/dev/null 2>&1
[ "$(cat "$tmp/comma.scd.csv")" = "$(printf 'i,t\ninf,inf')" ]
check "--scd-csv of a text cell with a comma: inf" $?
printf 'i,"a,b"\n1,2\n' >"$tmp/ncomma.csv"
"$exe" compare "$tmp/ncomma.csv" "$tmp/ncomma.csv" --scd-csv "$tmp/ncomma.scd.csv" \
    >/dev/null 2>&1
[ "$(head -n 1 "$tmp/ncomma.scd.csv")" = 'i,"a,b"' ]
check "--scd-csv quotes a name with a comma" $?

# non-numeric, NaN and infinite cells in compare: text is compared for
# equality, NaN agrees with NaN, an infinity only with itself
printf 'k,x,y,z\n1,0.5,nan,inf\n2,1.5,NaN,-inf\n3,2.5,,1\n' >"$tmp/ref.csv"
printf 'k,x,y,z\n1,0.5,-nan,inf\n2,1.5,nan,inf\n3,2.5,,1\n' >"$tmp/a.csv"
"$exe" compare "$tmp/a.csv" "$tmp/ref.csv" >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ "$rc" -eq 0 ] && grep -qE '^ref +y +inf +inf -$' "$tmp/stdout"
check "nan, NaN, -nan and an empty cell agree (got $rc)" $?
grep -qE '^ref +z +0\.00 +inf 2$' "$tmp/stdout"
check "inf against -inf: scd 0 at row 2 ($(grep '^ref  *z' "$tmp/stdout"))" $?
printf 'k,x\n1,abc\n2,100\n' >"$tmp/t1.csv"
printf 'k,x\n1,abd\n2,1e2\n' >"$tmp/t2.csv"
"$exe" compare "$tmp/t1.csv" "$tmp/t2.csv" >"$tmp/stdout" 2>"$tmp/stderr"
grep -qE '^t2 +x +mismatch 1 of 2 rows, first row 1: "abc" vs "abd"$' "$tmp/stdout"
check "a text column: 100 equals 1e2, abc differs from abd" $?

# the same in audit: a cell that is not a finite decimal number is named
# with its file, line, column and text (exit 3)
"$exe" run hertz --samples 50 --csv "$tmp/h" --quiet
for v in nan inf -inf abc '' 1e400 0x10 ' 1' '1 ' '"1"x'; do
    awk -F, -v OFS=, -v v="$v" 'NR == 3 { $4 = v } { print }' "$tmp/h/trajectory.csv" \
        >"$tmp/v.csv"
    "$exe" audit "$tmp/v.csv" --scenario hertz >"$tmp/stdout" 2>"$tmp/stderr"
    rc=$?
    case "$v" in
    '"1"x') want="v.csv:3: text follows a closing quote" ;;
    *) want="v.csv:3: x = '$v' is not a finite decimal number" ;;
    esac
    [ "$rc" -eq 3 ] && has "$want" "$tmp/stderr"
    check "audit of x = '$v': exit 3, '$want' (got $rc: $(cat "$tmp/stderr"))" $?
done
awk -F, -v OFS=, 'NR == 3 { $4 = "\"" $4 "\"" } { print }' "$tmp/h/trajectory.csv" \
    | sed 's/$/\r/' >"$tmp/v.csv"
"$exe" audit "$tmp/v.csv" --scenario hertz >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ "$rc" -eq 0 ] && has "audit: 0 findings" "$tmp/stdout"
check "audit of a CR LF trajectory with a quoted number: 0 findings (got $rc)" $?

# ---- a result set's directory follows the umask, as mkdir does ----
# (it was 0700 whatever the umask; a set rewritten in place too)
for mask in 022:755 077:700 002:775; do
    d="$tmp/umask${mask%%:*}"
    got=""
    for k in 1 2; do
        (umask "${mask%%:*}" && "$exe" run example-v2 --csv "$d" --quiet) \
            2>"$tmp/stderr"
        got="$got $(stat -c %a "$d")"
    done
    [ "$got" = " ${mask#*:} ${mask#*:}" ]
    check "umask ${mask%%:*}: a set written, then rewritten, is ${mask#*:} (got$got)" $?
done

finish csv.sh
