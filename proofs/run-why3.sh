#!/bin/sh
# run-why3.sh BUILD - proves the Why3 theories of proofs/why3 (what they
# state and assume: proofs/why3/README.md) with `why3 prove`, and writes
# BUILD/why3/summary.  First, proofs/spec2why3.py writes the real reading
# of the definitions of spec/*.acsl to BUILD/why3/gen/spec.mlw (modules
# spec.Spec_NAME, which the theories use); it fails on any construct it
# does not know, and so does this script.  Settings, through the environment:
#   WHY3_PROVERS  provers in the order tried (default "z3 cvc5 cvc4")
#   WHY3_TIMEOUT  seconds per goal and prover (default 10)
#   WHY3_TRANSF   transformation applied to every task (default split_vc)
# Every theory file is first given to the first prover, goal by goal (the
# sub-goals of split_vc); each further prover gets only the goals that no
# earlier prover proved (selected by position, `why3 prove -g FILE:LINE`).
# A file may put its own provers first, in a line
# "(* why3-provers: cvc5 *)" (the others follow in the default order).
# A goal counts as proved when some prover answers Valid; a timeout is a
# failure.  why3 runs `running_provers_max` (BUILD/why3.conf) provers at
# once.  The last line printed is "why3: N goals, P proved, U unproved"; the
# exit status is non-zero unless every goal is proved and the theories
# declare no axiom beyond the four documented in proofs/why3/power.mlw.
set -u
build=${1:?usage: run-why3.sh BUILD}
provers=${WHY3_PROVERS:-z3 cvc5 cvc4}
timeout=${WHY3_TIMEOUT:-10}
transf=${WHY3_TRANSF:-split_vc}
dir=$(cd "$(dirname "$0")/why3" && pwd)
mkdir -p "$build/why3"
build=$(cd "$build" && pwd)
out=$build/why3
summary=$out/summary

fail() {
    echo "run-why3: $1" >&2
    echo "why3: 0 goals, 0 proved, 0 unproved"
    exit 1
}

command -v why3 >/dev/null 2>&1 || fail "why3 not found"
files=$(cd "$dir" && ls ./*.mlw 2>/dev/null | sed 's|^\./||')
[ -n "$files" ] || fail "no theory in $dir"

# The project-local Why3 configuration (proofs/why3-config.sh).
conf=$(sh "$(dirname "$0")/why3-config.sh" "$build" "$out") ||
    fail "why3 config detect failed (see $out/why3-detect.log)"
export WHY3CONFIG="$conf"

# The real reading of the definitions of spec/*.acsl (proofs/spec2why3.py):
# the module spec.Spec_NAME of each spec/NAME.acsl, which the theories use.
gen=$out/gen
mkdir -p "$gen"
root=$(cd "$(dirname "$0")/.." && pwd)
python3 "$root/proofs/spec2why3.py" "$root/spec" "$gen/spec.mlw" ||
    fail "spec2why3 failed on spec/*.acsl"
(cd "$gen" && why3 prove -L "$dir" --type-only spec.mlw) >"$out/spec-typing.log" 2>&1 ||
    fail "the generated spec.mlw does not type-check (see $out/spec-typing.log)"
genax=$(grep -n -E "^[[:space:]]*(axiom|val|lemma|goal)[[:space:]]" "$gen/spec.mlw")
[ -z "$genax" ] || fail "the generated spec.mlw declares more than definitions: $genax"

# The assumptions: only power.mlw may declare axioms (`axiom`, or a `val`
# whose contract is assumed); nothing may be admitted or assumed.
assumptions=$(cd "$dir" && grep -n -E \
    "^[[:space:]]*(axiom[[:space:]]+[A-Za-z0-9_']+[[:space:]]*:|val[[:space:]])" $files)
extra=$(echo "$assumptions" | grep -v '^power\.mlw:' | grep .)
[ -z "$extra" ] || fail "axioms outside power.mlw: $extra"
admitted=$(cd "$dir" && grep -n -w -E 'admit|assume' $files)
[ -z "$admitted" ] || fail "admitted goals: $admitted"

# parse FILE PROVER < why3-output: one record per goal,
#   file<TAB>key<TAB>prover<TAB>result<TAB>seconds<TAB>position<TAB>goal
# key = goal, sub-goal kind, position and rank among identical ones;
# position = FILE:LINE as `why3 prove -g` takes it.
parse() {
    awk -v file="$1" -v prover="$2" '
        /^File "/ {
            pf = $0; sub(/^File "/, "", pf); sub(/".*/, "", pf)
            ln = $0; sub(/.*", line /, "", ln); sub(/,.*/, "", ln)
            ch = $0; sub(/.*characters /, "", ch); sub(/:$/, "", ch)
            next
        }
        /^Sub-goal .* of goal .*\.$/ {
            kind = $0; sub(/^Sub-goal /, "", kind); sub(/ of goal .*/, "", kind)
            goal = $0; sub(/.* of goal /, "", goal); sub(/\.$/, "", goal)
            next
        }
        /^Goal .*\.$/ {
            kind = "Goal"; goal = $0; sub(/^Goal /, "", goal); sub(/\.$/, "", goal)
            next
        }
        /^Prover result is: / {
            r = $0; sub(/^Prover result is: /, "", r)
            res = r; sub(/ \(.*/, "", res); sub(/[,.]$/, "", res)
            t = ""
            if (match(r, /\([0-9.]+s/)) t = substr(r, RSTART + 1, RLENGTH - 2)
            k = goal "|" kind "|" pf ":" ln ":" ch
            n[k]++
            printf "%s\t%s|%d\t%s\t%s\t%s\t%s:%s\t%s: %s\n", file, k, n[k], prover, res, t, pf, ln, goal, kind
        }'
}

records=$out/records
: >"$records"
start=$(date +%s)
errors=0
for f in $files; do
    # a theory may name its own prover order in a line
    # "(* why3-provers: P1 P2 ... *)" (the provers that decide its goals
    # first); the others follow in the default order
    own=$(sed -n 's/^(\* why3-provers: \(.*\) \*)$/\1/p' "$dir/$f" | head -n 1)
    order=$own
    for prover in $provers; do
        case " $own " in *" $prover "*) ;; *) order="$order $prover" ;; esac
    done
    first=1
    for prover in $order; do
        base=${f%.mlw}
        log=$out/$base.$prover.log
        if [ "$first" -eq 1 ]; then
            sel=""
        else
            # positions of this file's goals that no prover proved yet
            sel=$(awk -F '\t' -v f="$f" '
                $1 == f { if ($4 == "Valid") ok[$2] = 1; pos[$2] = $6 }
                END { for (k in pos) if (!(k in ok)) print pos[k] }' "$records" | sort -u)
            [ -n "$sel" ] || continue
        fi
        set --
        for p in $sel; do set -- "$@" -g "$p"; done
        (cd "$dir" && why3 prove -L . -L "$gen" -P "$prover" -t "$timeout" -a "$transf" \
            "$@" "$f") >"$log" 2>&1
        status=$?
        n=$(parse "$f" "$prover" <"$log" | tee -a "$records" | wc -l)
        if [ "$n" -eq 0 ]; then
            if [ "$first" -eq 1 ]; then
                echo "run-why3: no goal from $f with $prover (status $status):" >&2
                grep -v '^warning' "$log" | head -n 20 >&2
                errors=$((errors + 1))
            elif [ "$status" -ne 0 ]; then
                echo "run-why3: $prover failed on $f (see $log)" >&2
            fi
        fi
        first=0
    done
done
end=$(date +%s)

# One row per goal: the first prover that proved it, and its time.
table=$(awk -F '\t' '
    {
        if (!($1 SUBSEP $2 in seen)) { seen[$1, $2] = 1; order[++n] = $1 SUBSEP $2
                                       name[$1, $2] = $7
                                       ln = $6; sub(/.*:/, "", ln)
                                       pf = $6; sub(/:[^:]*$/, "", pf); sub(/^\.\//, "", pf)
                                       file[$1, $2] = (pf == $1) ? $1 ":" ln : $1 "(" pf ":" ln ")" }
        if ($4 == "Valid" && !(($1, $2) in by)) { by[$1, $2] = $3; t[$1, $2] = $5 }
        if (!(($1, $2) in by)) last[$1, $2] = $3 " " $4
    }
    END {
        for (i = 1; i <= n; i++) {
            k = order[i]
            if (k in by) printf "%-56s %-30s %-6s %7.2f\n", name[k], file[k], by[k], t[k]
            else printf "%-56s %-30s %-6s %7s  # not proved (%s)\n", name[k], file[k], "-", "-", last[k]
        }
    }' "$records")
total=$(echo "$table" | grep -c .)
unproved=$(echo "$table" | grep -c '# not proved')
proved=$((total - unproved))

{
    echo "# Why3 proof summary (written by proofs/run-why3.sh; do not edit)"
    echo "# $(why3 --version 2>/dev/null), provers tried in turn: $provers,"
    echo "# $timeout s per goal and prover, transformation $transf"
    echo "# theories: $(echo $files)"
    echo "# wall time: $((end - start)) s"
    echo "# axioms (proofs/why3/README.md):"
    echo "$assumptions" | sed 's/^/#   /'
    echo "#"
    printf '%-56s %-30s %-6s %7s\n' goal file:line prover time_s
    echo "$table"
    echo "#"
    echo "why3: $total goals, $proved proved, $unproved unproved"
} >"$summary"

grep '# not proved' "$summary" >&2
echo "why3 summary: $summary (wall time $((end - start)) s)"
echo "why3: $total goals, $proved proved, $unproved unproved"
[ "$errors" -eq 0 ] && [ "$total" -gt 0 ] && [ "$unproved" -eq 0 ]
