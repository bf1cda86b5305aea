#!/bin/sh
# run-wp.sh BUILD FILE... - proves the C files with Frama-C/WP and writes
# proofs/summary.txt.  Called by `make proofs` (proofs/proofs.mk), which
# passes these settings through the environment:
#   WP_PROVERS  provers of the first pass (default cvc5)
#   WP_FALLBACK provers of a second pass, run only on the properties the
#               first pass left unproved (default z3; empty for none)
#   WP_TIMEOUT  seconds per goal and prover (default 30)
#   WP_PAR      prover processes running at once, in all (default 2)
#   WP_JOBS     frama-c processes at once (default 2): one process per file,
#               largest file first, each with -wp-par WP_PAR/WP_JOBS (at
#               least 1).  WP's own work per goal (building the Why3 task,
#               even for a cached result) is single-threaded, so two
#               processes keep both cores busy.
#   WP_CACHE    WP cache mode: update (default), replay, offline, none
#   WP_CACHEDIR WP cache directory (default proofs/wp-cache)
#   WP_SKIP     comma-separated functions whose bodies are not proved
#               (their contracts are assumptions, see proofs/README.md)
#   WP_FLAGS    further frama-c options
# The last line printed is "wp: N goals, P proved, U unproved"; the exit
# status is non-zero unless every goal is proved.  A timeout is a failure.
set -u
if [ "${1:-}" = "--job" ]; then
    # Internal: run-wp.sh --job BUILD N FILE, one frama-c process (below).
    one_job=1; shift
else
    one_job=0
fi
build=$1; shift
provers=${WP_PROVERS:-cvc5}
fallback=${WP_FALLBACK-z3}
timeout=${WP_TIMEOUT:-30}
par=${WP_PAR:-2}
jobs=${WP_JOBS:-2}
cache=${WP_CACHE:-update}
cachedir=${WP_CACHEDIR:-proofs/wp-cache}
skip=${WP_SKIP:-}
summary=proofs/summary.txt
out=$build/wp
log=$out/wp.log
files="$*"
mkdir -p "$out" "$cachedir"

fail() {
    echo "run-wp: $1" >&2
    echo "wp: 0 goals, 0 proved, 0 unproved"
    exit 1
}

[ $# -gt 0 ] || fail "no files to prove"
command -v frama-c >/dev/null 2>&1 || fail "frama-c not found"

# The project-local Why3 configuration (proofs/why3-config.sh).
conf=$(sh "$(dirname "$0")/why3-config.sh" "$build" "$out") ||
    fail "why3 config detect failed (see $out/why3-detect.log)"
export WHY3CONFIG="$conf"

# One frama-c run (first pass, then the fallback pass) on the files of a
# job: run_job N FILE...  writes $out/job-N.log and $out/job-N.json.
# -warn-special-float none: an infinite or NaN result is defined IEEE 754
# behaviour, not an undefined one, so -wp-rte does not flag it; finiteness
# is a postcondition where the contracts claim it (proofs/README.md).
# The -wp-skip-fct selection does not carry over -then: it is repeated.
run_job() {
    n=$1; shift
    # The skipped functions defined in this job's files (frama-c rejects
    # -wp-skip-fct for a function it does not see).
    jskip=""
    for f in $(echo "$skip" | tr ',' ' '); do
        if grep -q -E "^[a-z_][a-z_0-9 *]*[ *]$f *\(" "$@"; then
            jskip=${jskip:+$jskip,}$f
        fi
    done
    set -- "$@" -cpp-extra-args="-Isrc" -warn-special-float none \
        -wp -wp-rte -wp-model Typed -wp-literals \
        -wp-prover "$provers" -wp-par "$jobpar" -wp-timeout "$timeout" \
        -wp-cache "$cache" -wp-cache-dir "$cachedir" \
        -wp-report-json "$out/job-$n.json"
    [ -z "$jskip" ] || set -- "$@" -wp-skip-fct "$jskip"
    # shellcheck disable=SC2086
    [ -z "${WP_FLAGS:-}" ] || set -- "$@" ${WP_FLAGS}
    if [ -n "$fallback" ]; then
        set -- "$@" -then -wp -wp-prover "$fallback"
        [ -z "$jskip" ] || set -- "$@" -wp-skip-fct "$jskip"
    fi
    frama-c "$@" >"$out/job-$n.log" 2>&1
    echo $? >"$out/job-$n.status"
}

[ "$jobs" -ge 1 ] || jobs=1
jobpar=$((par / jobs)); [ "$jobpar" -ge 1 ] || jobpar=1

if [ "$one_job" -eq 1 ]; then
    run_job "$@"
    exit 0
fi

# One process per file, the largest first, WP_JOBS at a time.
rm -f "$out"/job-*.log "$out"/job-*.json "$out"/job-*.status
export WP_PROVERS="$provers" WP_FALLBACK="$fallback" WP_TIMEOUT="$timeout"
export WP_PAR="$par" WP_JOBS="$jobs" WP_CACHE="$cache" WP_CACHEDIR="$cachedir"
export WP_SKIP="$skip"
start=$(date +%s)
for f in "$@"; do echo "$(wc -c <"$f") $f"; done | sort -rn |
    awk '{ printf "%03d %s\n", NR, $2 }' |
    xargs -n 2 -P "$jobs" sh "$0" --job "$build"
end=$(date +%s)
cat "$out"/job-*.log >"$log"

# Per job, "Proved goals: P / N" once per pass; the second pass sees only
# the goals of the properties the first left unproved.
total=0; unproved=0; status=0
for jl in "$out"/job-*.log; do
    n=${jl%.log}
    [ "$(cat "$n.status" 2>/dev/null)" = 0 ] || status=1
    counts=$(sed -n -E 's/^\[wp\] Proved goals: *([0-9]+) *\/ *([0-9]+).*/\1 \2/p' "$jl")
    if [ -z "$counts" ]; then
        grep -E -i 'error' "$jl" | head -n 20 >&2
        fail "frama-c produced no proof summary (see $jl)"
    fi
    # shellcheck disable=SC2086
    set -- $counts
    total=$((total + $2))
    if [ $# -ge 4 ]; then unproved=$((unproved + $4 - $3))
    else unproved=$((unproved + $2 - $1)); fi
done
proved=$((total - unproved))

# Function names: the keys of "wp:functions" in the JSON report.
functions=$(awk '
    { text = text $0 "\n" }
    END {
        depth = 0; infn = 0; n = length(text); i = 1
        while (i <= n) {
            ch = substr(text, i, 1)
            if (ch == "\"") {
                j = i + 1
                while (substr(text, j, 1) != "\"") j++
                key = substr(text, i + 1, j - i - 1)
                if (depth == 1) infn = (key == "wp:functions")
                else if (depth == 2 && infn) {
                    k = j + 1
                    while (substr(text, k, 1) ~ /[ \n]/) k++
                    if (substr(text, k, 1) == ":") print key
                }
                i = j + 1; continue
            }
            if (ch == "{") depth++
            else if (ch == "}") depth--
            i++
        }
    }' "$out"/job-*.json 2>/dev/null)

# Per-function table from the goal lines of the log,
#   [wp] [<prover or Qed or Failed>] Goal typed_<function>_<property> : ...
# A goal is attributed to the longest function name it starts with; a goal
# seen in both passes counts once, with its last result.
table=$(awk -v fns="$functions" '
    BEGIN { nf = split(fns, fn, "\n") }
    /^\[wp\] \[[^]]+\] Goal typed_/ {
        line = $0
        prover = line; sub(/^\[wp\] \[/, "", prover); sub(/\].*/, "", prover)
        sub(/ [0-9.]+$/, "", prover)
        name = line; sub(/.* Goal typed_/, "", name); sub(/ .*/, "", name)
        t = 0; rest = line
        while (match(rest, /\([0-9.]+m?s\)/)) {
            v = substr(rest, RSTART + 1, RLENGTH - 2)
            if (v ~ /ms$/) { sub(/ms$/, "", v); t += v / 1000 }
            else { sub(/s$/, "", v); t += v }
            rest = substr(rest, RSTART + RLENGTH)
        }
        if (!(name in status)) order[++ng] = name
        status[name] = (line ~ / : Valid/) ? "ok" : "no"
        by[name] = prover; time[name] += t
    }
    END {
        for (g = 1; g <= ng; g++) {
            name = order[g]; best = ""
            for (i = 1; i <= nf; i++)
                if (index(name, fn[i] "_") == 1 && length(fn[i]) > length(best))
                    best = fn[i]
            if (best == "") best = "(other)"
            if (!(best in goals)) fns_seen[++nfs] = best
            goals[best]++; secs[best] += time[name]
            if (status[name] == "ok") {
                proved[best]++; key = best SUBSEP by[name]
                if (!(key in count)) provers[best] = provers[best] " " by[name]
                count[key]++
            } else bad[++nb] = name
        }
        for (i = 1; i <= nfs; i++)
            for (j = i + 1; j <= nfs; j++)
                if (fns_seen[j] < fns_seen[i]) {
                    t = fns_seen[i]; fns_seen[i] = fns_seen[j]; fns_seen[j] = t
                }
        for (i = 1; i <= nfs; i++) {
            f = fns_seen[i]; s = ""
            np = split(provers[f], pl, " ")
            for (p = 1; p <= np; p++) s = s pl[p] ":" count[f, pl[p]] " "
            printf "%-28s %6d %6d %8.2f  %s\n", f, goals[f], proved[f] + 0, secs[f], s
        }
        for (i = 1; i <= nb; i++) printf "# not proved: %s\n", bad[i]
    }' "$log")

# Per-property table (proofs/properties.txt): goals whose names match.
props=$(awk -F'@' '
    FNR == NR { if ($0 !~ /^#/ && NF >= 3) { n++; num[n] = $1; txt[n] = $2; re[n] = $3 }; next }
    /^\[wp\] \[[^]]+\] Goal typed_/ {
        name = $0; sub(/.* Goal typed_/, "", name); sub(/ .*/, "", name)
        ok[name] = ($0 ~ / : Valid/)
    }
    END {
        for (i = 1; i <= n; i++) {
            g = 0; p = 0
            for (name in ok) if (name ~ re[i]) { g++; p += ok[name] }
            printf "%-3s %6d %6d  %s\n", num[i], g, p, txt[i]
        }
    }' proofs/properties.txt "$log")

{
    echo "# Frama-C/WP proof summary (written by proofs/run-wp.sh; do not edit)"
    echo "# $(frama-c -version 2>/dev/null | head -n 1), WP model Typed (float),"
    echo "# -wp-rte, provers $provers${fallback:+ then $fallback}, timeout ${timeout} s,"
    echo "# $jobs frama-c processes, -wp-par $jobpar each, cache $cache;"
    echo "# bodies assumed, not proved: ${skip:-none}"
    echo "# files: $files"
    echo "# wall time: $((end - start)) s"
    echo "#"
    echo "# Goals per function; 'by' counts the goals each prover (Qed is WP's"
    echo "# own simplifier) closed; time_s adds up the prover times in the log"
    echo "# (a cached result reports the time of the run that produced it)."
    printf '%-28s %6s %6s %8s  %s\n' function goals proved time_s by
    echo "$table"
    echo "#"
    echo "# Goals per property of proofs/properties.txt:"
    printf '%-3s %6s %6s  %s\n' no goals proved property
    echo "$props"
    echo "#"
    echo "wp: $total goals, $proved proved, $unproved unproved"
} >"$summary"

grep -E '^# not proved' "$summary" >&2
echo "proof summary: $summary (wall time $((end - start)) s)"
echo "wp: $total goals, $proved proved, $unproved unproved"
[ "$status" -eq 0 ] && [ "$total" -gt 0 ] && [ "$unproved" -eq 0 ]
