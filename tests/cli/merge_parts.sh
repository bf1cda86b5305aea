#!/bin/sh
# merge_parts.sh BUILD: `collide merge` refuses, by name and line, the
# parts it cannot trust beyond those of sweep.sh: a first part whose
# header is not one a sweep writes (too short, not starting with index,
# an empty or CR-bearing column name, more than 8 axes), an empty header
# line, a file of no line, a row of another part, a last line without its
# end, collisions or observables that are not written as a sweep writes
# them; it accepts nan, inf and -inf as observables (the error is then
# the check line, not the field), and reads a part longer than 64 KiB
# whole. Each refusal: exit 3, no output file.
. tests/cli_common.sh "$1"
case "$exe" in /*) ;; *) exe="$(pwd)/$exe" ;; esac

printf 'scenario = hertz\nv0 = -1, -2\n' >"$tmp/two.grid"
"$exe" sweep "$tmp/two.grid" --threads 1 --out "$tmp/whole.csv"
"$exe" sweep "$tmp/two.grid" --shard 1/2 --out "$tmp/p1.csv"
"$exe" sweep "$tmp/two.grid" --shard 2/2 --out "$tmp/p2.csv"
run "$exe" merge "$tmp/p1.csv" "$tmp/p2.csv" --out "$tmp/m.csv"
[ "$rc" -eq 0 ] && cmp -s "$tmp/m.csv" "$tmp/whole.csv"
check "the two parts merge into the whole sweep (got $rc: $(cat "$tmp/err"))" $?

# bad FIRST|SECOND MESSAGE NAME: merge with bad.csv as the first or the
# second part: exit 3, MESSAGE on stderr, no output file
bad() {
    rm -f "$tmp/mb.csv"
    if [ "$1" = first ]; then
        run "$exe" merge "$tmp/bad.csv" "$tmp/p2.csv" --out "$tmp/mb.csv"
    else
        run "$exe" merge "$tmp/p1.csv" "$tmp/bad.csv" --out "$tmp/mb.csv"
    fi
    [ "$rc" -eq 3 ] && has "$2" "$tmp/err" && [ ! -e "$tmp/mb.csv" ]
    check "$3: exit 3, '$2', no file (got $rc: $(head -n 1 "$tmp/err"))" $?
}

# ---- the header of the first part ----
hdr="not a header of collide sweep (index, the axes, collisions,e,t_d,xc_r,v_i,v_s,status)"
sed '2s/.*/index,status/' "$tmp/p1.csv" >"$tmp/bad.csv"
bad first "bad.csv:2: $hdr" "a header shorter than the results"
sed '2s/^index,/idx,/' "$tmp/p1.csv" >"$tmp/bad.csv"
bad first "bad.csv:2: $hdr" "a header not starting with index"
sed '2s/^index,v0,/index,,v0,/' "$tmp/p1.csv" >"$tmp/bad.csv"
bad first "bad.csv:2: $hdr" "a header with an empty column name"
sed "2s/^index,v0,/index,v0$(printf '\r'),/" "$tmp/p1.csv" >"$tmp/bad.csv"
bad first "bad.csv:2: $hdr" "a header with a carriage return"
sed '2s/^index,v0,/index,a,b,c,d,e1,f,g,h,v0,/' "$tmp/p1.csv" >"$tmp/bad.csv"
bad first "bad.csv:2: $hdr" "a header of 9 axes (8 at most)"
sed '2s/^index,v0,/index,a,b,c,d,e1,f,g,/' "$tmp/p1.csv" >"$tmp/bad.csv"
bad first "bad.csv:3: row '0,-1,1,1.0000000000002101,0.000808341496': collisions is not an integer" \
    "a header of 8 axes is one (its rows are then checked against it)"
sed '2s/.*//' "$tmp/p1.csv" >"$tmp/bad.csv"
bad first "bad.csv:2: no header line" "an empty header line"
printf '# collide sweep part 1/2 of 2 points' >"$tmp/bad.csv"
bad first "bad.csv:1: not a part file of collide sweep --shard (no line)" "a file of no line"
: >"$tmp/bad.csv"
bad second "bad.csv:1: not a part file of collide sweep --shard (no line)" "an empty file"

# ---- rows ----
sed '3s/^1,/0,/' "$tmp/p2.csv" >"$tmp/bad.csv"
bad second "bad.csv:3: row '0,-2,1,1.0000000000008851,0.000703702145' has no index of part 2/2 of 2 points" \
    "a row of the other part"
head -c -1 "$tmp/p2.csv" >"$tmp/bad.csv"
bad second "bad.csv:4: the last line has no end of line (a part cut short?)" \
    "a check line without its end of line"
sed '3s/^1,-2,1,/1,-2,1234567890123456789,/' "$tmp/p2.csv" >"$tmp/bad.csv"
bad second "bad.csv:3: row '1,-2,1234567890123456789,1.0000000000008': collisions is not an integer" \
    "collisions of 19 digits"
sed '3s/^1,-2,1,1\.0000000000008851,/1,-2,1,1-2,/' "$tmp/p2.csv" >"$tmp/bad.csv"
bad second "bad.csv:3: row '1,-2,1,1-2,0.00070370214502496562,9.7881': e, t_d, xc_r, v_i or v_s is not a number" \
    "e = 1-2 (digits and signs, but no number)"
sed '3s/^1,-2,1,1\.0000000000008851,/1,-2,1,infinity,/' "$tmp/p2.csv" >"$tmp/bad.csv"
bad second "bad.csv:3: row '1,-2,1,infinity,0.00070370214502496562,9': e, t_d, xc_r, v_i or v_s is not a number" \
    "e = infinity (a sweep writes inf)"
for v in nan inf -inf; do
    sed "3s/^1,-2,1,1\.0000000000008851,/1,-2,1,$v,/" "$tmp/p2.csv" >"$tmp/bad.csv"
    bad second "bad.csv:4: the check line is not the last line or does not match the bytes before it" \
        "e = $v is a value as a sweep writes it (only the check line fails)"
done

# ---- a part longer than 64 KiB: read whole, its last field checked ----
{
    sed -n 1,2p "$tmp/p2.csv"
    printf '1,-2,1,1,1,1,1,1,'
    head -c 70000 /dev/zero | tr '\0' 'o'
    printf '\n'
    tail -n 1 "$tmp/p2.csv"
} >"$tmp/bad.csv"
bad second "bad.csv:3: row '1,-2,1,1,1,1,1,1,ooooooooooooooooooooooo': the status is not one a sweep writes" \
    "a row of 70000 bytes: read whole, its status checked"

finish merge_parts.sh
