#!/bin/sh
# run-mutants.sh BUILD [NAME...] - mutation test of the WP proofs: each
# mutant of proofs/mutants/*.mut breaks one function of the proved core on
# purpose, and Frama-C/WP must then fail to prove the property the mutant
# names (proofs/mutants/README.md).
#
# For each mutant (all of them, or the NAMEs given):
#   1. copy the target file, src/*.h and spec/ into BUILD/mutants/NAME/orig
#      (the repository is never modified), check that the original text
#      occurs exactly once in the target (else the mutant is "stale"),
#      and make BUILD/mutants/NAME/mutant, the same copy with the original
#      text replaced;
#   2. baseline: WP on the unmutated copy, restricted to the function and
#      the named properties (-wp-fct, -wp-prop); every goal must be proved,
#      or the kill below would mean nothing;
#   3. the same command on the mutant: the mutant is killed when at least
#      one selected goal is not proved.
# The frama-c options are those of proofs/run-wp.sh: -wp -wp-rte -wp-model
# Typed -wp-literals -warn-special-float none, provers cvc5 and z3 (a goal
# is proved when either proves it; the baseline runs them as run-wp.sh
# does, cvc5 then z3 with -then, the mutant runs both at once, see run_wp),
# the project-local Why3 configuration BUILD/why3.conf.  One frama-c
# process at a time, -wp-par MUT_PAR.
#
# Settings (environment):
#   MUT_TIMEOUT  seconds per goal and prover, baseline and mutant (default 10)
#   MUT_PAR      -wp-par (default 2)
#   MUT_PROVERS  first pass (default cvc5)
#   MUT_FALLBACK the second prover (default z3; empty for none)
#   MUT_SRC      the tree whose src/ and spec/ are copied and mutated
#                (default: this repository's working tree; e.g. a clean
#                `git archive HEAD src spec` extraction to test a commit
#                while others edit the working tree)
# No WP cache is used, for the baseline or the mutants: the goals of a run
# restricted with -wp-prop are not those of `make proofs` (proofs/wp-cache
# misses them all), and a cached failure would replay a transient timeout.
# Details per mutant go to BUILD/mutants/summary.txt, the frama-c logs to
# BUILD/mutants/NAME/{baseline,mutant}.log, the mutation to
# BUILD/mutants/NAME/mutant.diff.
#
# Prints one line per mutant,
#   mutant NAME: killed (property P unproved) | SURVIVED | stale (...) | ...
# and as its last line "mutants: N run, K killed, S survived".  The exit
# status is non-zero unless every mutant is killed and every baseline is
# fully proved (a stale mutant, a baseline not proved, a frama-c error are
# failures).
set -u

usage() { echo "usage: $0 BUILD [NAME...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
build=$1; shift
mkdir -p "$build" || exit 2
build=$(cd "$build" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${MUT_SRC:-}" ]; then
    srcroot=$(cd "$MUT_SRC" && pwd) || exit 2
else
    srcroot=$root
fi
cd "$root" || exit 2

timeout=${MUT_TIMEOUT:-10}
par=${MUT_PAR:-2}
provers=${MUT_PROVERS:-cvc5}
fallback=${MUT_FALLBACK-z3}
mdir=proofs/mutants
out=$build/mutants
summary=$out/summary.txt
mkdir -p "$out"

fail() {
    echo "run-mutants: $1" >&2
    echo "mutants: 0 run, 0 killed, 0 survived"
    exit 1
}
command -v frama-c >/dev/null 2>&1 || fail "frama-c not found"

# The project-local Why3 configuration (proofs/why3-config.sh).
conf=$(sh "$(dirname "$0")/why3-config.sh" "$build" "$out") ||
    fail "why3 config detect failed (see $out/why3-detect.log)"
export WHY3CONFIG="$conf"

# one_side SIDE COPY MODE: WP on COPY (SIDE = baseline or mutant) for the
# current mutant ($w, $target, $fn, $props); sets rc (frama-c status),
# total and valid (goals selected, proved) and appends them, with the goal
# list, to the summary.
one_side() {
    t0=$(date +%s)
    run_wp "$2" "$target" "$fn" "$props" "$3" "$w/$1.log"
    rc=$?
    goals "$w/$1.log" >"$w/$1.goals"
    t1=$(date +%s)
    total=$(wc -l <"$w/$1.goals" | tr -d ' '); total=${total:-0}
    valid=$(grep -c '^Valid ' "$w/$1.goals"); valid=${valid:-0}
    echo "$1: $valid / $total goals proved, $((t1 - t0)) s (frama-c status $rc)" >>"$summary"
    sed 's/^/  /' "$w/$1.goals" >>"$summary"
}

# field FILE KEY: the value of the line "KEY: value" of a mutant file.
field() {
    sed -n "s/^$2:[[:space:]]*//p" "$1" | head -n 1 | sed 's/[[:space:]]*$//'
}

# block FILE START END: the lines strictly between the marker lines START
# and END (the original text, or the replacement).
block() {
    awk -v s="$2" -v e="$3" '
        $0 == s { on = 1; next }
        on && ($0 == e || $0 == "--- original" || $0 == "+++ replacement" ||
               $0 == "=== end") { exit }
        on { print }' "$1"
}

# substitute MODE ORIG REPL TARGET: MODE count prints how many times the
# text of file ORIG occurs in TARGET; MODE apply prints TARGET with its
# single occurrence replaced by the text of REPL.  Texts are compared as
# whole lines joined by newlines (the final newline of ORIG and REPL is not
# part of the text).
substitute() {
    awk -v mode="$1" -v of="$2" -v rf="$3" '
        function slurp(f,    s, line, n) {
            n = 0; s = ""
            while ((getline line < f) > 0) { s = (n++ ? s "\n" : "") line }
            close(f)
            return s
        }
        BEGIN { o = slurp(of); r = slurp(rf) }
        { t = t $0 "\n" }
        END {
            n = 0; first = 0; s = t; off = 0
            if (o != "")
                while ((i = index(s, o)) > 0) {
                    n++
                    if (n == 1) first = off + i
                    off += i + length(o) - 1
                    s = substr(s, i + length(o))
                }
            if (mode == "count") { print n; exit }
            printf "%s%s%s", substr(t, 1, first - 1), r,
                   substr(t, first + length(o))
        }' "$4"
}

# run_wp DIR FILE FUNCTION PROPS SCHEDULE LOG: frama-c/WP on
# DIR/FILE restricted to FUNCTION and PROPS.  A goal counts as proved when
# MUT_PROVERS or MUT_FALLBACK proves it within MUT_TIMEOUT seconds, as in
# proofs/run-wp.sh; SCHEDULE says how the provers are run:
#   sequential first pass MUT_PROVERS, then (-then) MUT_FALLBACK on the
#             properties the first pass left unproved (proofs/run-wp.sh);
#             cheapest when the goals are valid (the baseline).  The
#             -wp-fct/-wp-prop selection does not carry over -then: it is
#             repeated.
#   parallel  one pass with both provers on every goal, each with its full
#             timeout (WP does not stop one prover when the other
#             succeeds); the same verdict, but a goal that neither proves
#             costs one timeout of wall time instead of two, with both
#             cores busy (the mutants).
run_wp() {
    d=$1 f=$2 fn=$3 props=$4 sched=$5 log=$6
    if [ "$sched" = parallel ] && [ -n "$fallback" ]; then
        plist=$provers,$fallback
    else
        plist=$provers
    fi
    set -- "$f" -cpp-extra-args="-I$d/src" -warn-special-float none \
        -wp -wp-rte -wp-model Typed -wp-literals \
        -wp-prover "$plist" -wp-par "$par" -wp-timeout "$timeout" \
        -wp-fct "$fn" -wp-prop "$props" -wp-cache none
    if [ "$sched" = sequential ] && [ -n "$fallback" ]; then
        set -- "$@" -then -wp -wp-prover "$fallback" \
            -wp-fct "$fn" -wp-prop "$props"
    fi
    (cd "$d" && frama-c "$@") >"$log" 2>&1
}

# goals LOG: one line "STATUS NAME" per goal of the log, its last result
# (a goal seen in both passes counts once, with the result of the second).
goals() {
    awk '
        /^\[wp\] \[[^]]+\] Goal typed_/ {
            name = $0; sub(/.* Goal typed_/, "", name); sub(/ .*/, "", name)
            # "... Goal typed_X : Valid (...)", or "[wp] [Failed] Goal typed_X"
            if ($0 ~ / Goal typed_[^ ]* : /) {
                st = $0; sub(/.* Goal typed_[^ ]* : /, "", st); sub(/[ (].*/, "", st)
            } else {
                st = $0; sub(/^\[wp\] \[/, "", st); sub(/\].*/, "", st)
            }
            if (!(name in status)) order[++n] = name
            status[name] = st
        }
        END { for (i = 1; i <= n; i++) print status[order[i]], order[i] }' "$1"
}

if [ $# -gt 0 ]; then
    list=""
    for n in "$@"; do
        [ -f "$mdir/$n.mut" ] || fail "no mutant $mdir/$n.mut"
        list="$list $mdir/$n.mut"
    done
else
    list=$(ls "$mdir"/*.mut 2>/dev/null)
fi
[ -n "$list" ] || fail "no mutants in $mdir"

start=$(date +%s)
nrun=0; nkill=0; nsurv=0; nbad=0
{
    echo "# Mutation test of the WP proofs (written by proofs/run-mutants.sh)"
    echo "# $(frama-c -version 2>/dev/null | head -n 1), -wp-rte, WP model Typed,"
    echo "# provers $provers${fallback:+ and $fallback}, timeout $timeout s per goal, -wp-par $par"
    echo "# sources: $srcroot/src, $srcroot/spec"
} >"$summary"

for m in $list; do
    name=$(basename "$m" .mut)
    file=$(field "$m" file)
    fn=$(field "$m" function)
    props=$(field "$m" property)
    reason=$(field "$m" reason)
    w=$out/$name
    rm -rf "$w"
    mkdir -p "$w"
    block "$m" "--- original" "+++ replacement" >"$w/original.txt"
    block "$m" "+++ replacement" "=== end" >"$w/replacement.txt"
    {
        echo "#"
        echo "# $name: $file, $fn, properties $props"
        echo "#   $reason"
    } >>"$summary"

    if [ -z "$file" ] || [ -z "$fn" ] || [ -z "$props" ] ||
       [ ! -s "$w/original.txt" ]; then
        echo "mutant $name: stale (malformed: needs file, function, property and an original text)"
        echo "stale: malformed mutant file" >>"$summary"
        nbad=$((nbad + 1)); continue
    fi
    if [ ! -f "$srcroot/$file" ]; then
        echo "mutant $name: stale ($file does not exist)"
        echo "stale: no $file" >>"$summary"
        nbad=$((nbad + 1)); continue
    fi
    if cmp -s "$w/original.txt" "$w/replacement.txt"; then
        echo "mutant $name: stale (the replacement equals the original)"
        echo "stale: replacement equals original" >>"$summary"
        nbad=$((nbad + 1)); continue
    fi

    # One snapshot of the sources for both runs (others may be editing src/).
    mkdir -p "$w/orig/src" "$w/orig/spec"
    if ! cp "$srcroot"/src/*.h "$srcroot/$file" "$w/orig/src/" ||
       ! cp "$srcroot"/spec/*.acsl "$w/orig/spec/"; then
        fail "cannot copy the sources of $srcroot to $w/orig"
    fi
    target=src/$(basename "$file")
    count=$(substitute count "$w/original.txt" "$w/replacement.txt" "$w/orig/$target")
    if [ "$count" != 1 ]; then
        echo "mutant $name: stale (original text found $count times in $file)"
        echo "stale: original text found $count times in $file" >>"$summary"
        nbad=$((nbad + 1)); continue
    fi
    cp -R "$w/orig" "$w/mutant"
    substitute apply "$w/original.txt" "$w/replacement.txt" \
        "$w/orig/$target" >"$w/mutant/$target"
    (cd "$w" && diff -u "orig/$target" "mutant/$target") >"$w/mutant.diff"
    nrun=$((nrun + 1))

    # Baseline: the unmutated copy must prove every selected goal.
    one_side baseline "$w/orig" sequential
    brc=$rc; btotal=$total; bvalid=$valid
    # The mutant.
    one_side mutant "$w/mutant" parallel
    mrc=$rc; mtotal=$total; mvalid=$valid

    if [ "$brc" -ne 0 ] || [ "$btotal" -eq 0 ]; then
        echo "mutant $name: ERROR (baseline: frama-c status $brc, $btotal goals; see $w/baseline.log)"
        nbad=$((nbad + 1)); continue
    fi
    if [ "$bvalid" -ne "$btotal" ]; then
        bad=$(awk -v p="${fn}_" '$1 != "Valid" {
                  n = $2; if (index(n, p) == 1) n = substr(n, length(p) + 1)
                  s = s (s == "" ? "" : ", ") n " (" $1 ")" } END { print s }' "$w/baseline.goals")
        echo "mutant $name: baseline NOT proved ($bad; see $w/baseline.log)"
        nbad=$((nbad + 1)); continue
    fi
    if [ "$mrc" -ne 0 ] || [ "$mtotal" -eq 0 ]; then
        echo "mutant $name: ERROR (mutant: frama-c status $mrc, $mtotal goals; see $w/mutant.log)"
        nbad=$((nbad + 1)); continue
    fi
    if [ "$mvalid" -lt "$mtotal" ]; then
        unproved=$(awk -v p="${fn}_" '$1 != "Valid" {
                  n = $2; if (index(n, p) == 1) n = substr(n, length(p) + 1)
                  s = s (s == "" ? "" : ", ") n } END { print s }' "$w/mutant.goals")
        echo "mutant $name: killed (property $unproved unproved)"
        nkill=$((nkill + 1))
    else
        echo "mutant $name: SURVIVED"
        nsurv=$((nsurv + 1))
    fi
done
end=$(date +%s)

{
    echo "#"
    echo "# wall time: $((end - start)) s"
    echo "mutants: $nrun run, $nkill killed, $nsurv survived, $nbad stale or in error"
} >>"$summary"
[ "$nbad" -eq 0 ] || echo "run-mutants: $nbad mutants stale, in error or with a baseline not proved" >&2
echo "run-mutants: details in $summary (wall time $((end - start)) s)"
echo "mutants: $nrun run, $nkill killed, $nsurv survived"
[ "$nbad" -eq 0 ] && [ "$nsurv" -eq 0 ] && [ "$nkill" -eq "$nrun" ] && [ "$nrun" -gt 0 ]
