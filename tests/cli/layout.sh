#!/bin/sh
# layout.sh BUILD: the architecture's measures that must not regress: the
# equations cited by hand-written code of both engines are those listed
# as "eq N" in tests/twins.txt, each with its reason, and at most as many
# as when the gate was set (scripts/measure-layout.py --equation-twins);
# the function names written in both engines are those of tests/twins.txt,
# each with its reason (a new twin fails until shared or argued there, a
# twin removed fails until struck off), the files of a high-precision
# run call one way (mp_sim -> mp_record -> mp_series -> mp_run), and every
# file of tools/ compiles with include/ and tools/ alone on the include
# path.
. tests/cli_common.sh "$1"

if ! command -v python3 >/dev/null 2>&1; then
    echo "layout.sh: python3 not found (Debian package python3): skipped"
    exit 0
fi
python3 scripts/measure-layout.py --twins >"$tmp/found"
grep -v '^#' tests/twins.txt | awk 'NF && $1 != "eq" { print $1 }' | sort >"$tmp/listed"
sort "$tmp/found" >"$tmp/found.sorted"
comm -23 "$tmp/found.sorted" "$tmp/listed" >"$tmp/new"
comm -13 "$tmp/found.sorted" "$tmp/listed" >"$tmp/gone"
[ ! -s "$tmp/new" ]
check "no twin outside tests/twins.txt ($(tr '\n' ' ' <"$tmp/new"))" $?
[ ! -s "$tmp/gone" ]
check "every twin of tests/twins.txt still one ($(tr '\n' ' ' <"$tmp/gone"))" $?
[ "$(wc -l <"$tmp/found")" -le 15 ]
check "at most 15 twins ($(wc -l <"$tmp/found"))" $?
python3 scripts/measure-layout.py --equation-twins >"$tmp/eqs"
awk '{ print $1 }' "$tmp/eqs" | sort >"$tmp/eqs.found"
awk '$1 == "eq" { print $2 }' tests/twins.txt | sort >"$tmp/eqs.listed"
comm -23 "$tmp/eqs.found" "$tmp/eqs.listed" >"$tmp/eqs.new"
comm -13 "$tmp/eqs.found" "$tmp/eqs.listed" >"$tmp/eqs.gone"
[ ! -s "$tmp/eqs.new" ]
check "no equation cited by both engines outside tests/twins.txt ($(tr '\n' ' ' <"$tmp/eqs.new"))" $?
[ ! -s "$tmp/eqs.gone" ]
check "every equation of tests/twins.txt still cited by both ($(tr '\n' ' ' <"$tmp/eqs.gone"))" $?
[ "$(wc -l <"$tmp/eqs")" -le 3 ]
check "at most 3 equations cited by hand-written code of both engines ($(wc -l <"$tmp/eqs"))" $?

# the files of a high-precision run stand one above the other
# (src/mp/mp_run.h): no function of one calls a function of a file above
# it, read from the undefined symbols of the build's objects
order="mp_run mp_series mp_record mp_sim"
back=""; i=0
for lower in $order; do
    i=$((i + 1)); j=0
    for upper in $order; do
        j=$((j + 1)); [ "$j" -gt "$i" ] || continue
        nm -u "$1/obj/src/mp/$lower.o" 2>/dev/null | awk '{ print $2 }' | sort >"$tmp/u"
        nm -g --defined-only "$1/obj/src/mp/$upper.o" 2>/dev/null | awk '{ print $3 }' | sort >"$tmp/d"
        up=$(comm -12 "$tmp/u" "$tmp/d" | tr '\n' ' ')
        [ -z "$up" ] || back="$back $lower -> $upper: $up;"
    done
done
[ -f "$1/obj/src/mp/mp_run.o" ] && [ -z "$back" ]
check "the files of a high-precision run call only those below them ($order)$back" $?

n=0; bad=""
for f in tools/*.c; do
    case "$f" in tools/sweep_mpi.c) continue ;; esac   # needs MPI's header
    n=$((n + 1))
    ${CC:-cc} -std=c11 -fsyntax-only -Iinclude -Itools "$f" 2>/dev/null || bad="$bad $f"
done
[ -z "$bad" ]
check "the $n files of tools/ compile over include/collide.h and collide_aux.h alone ($bad)" $?

finish layout.sh
