#!/bin/sh
# run-wp.sh BUILD FILE... - proves the C files with Frama-C/WP and runs WP's
# smoke tests on them.  Writes, under BUILD/proofs/ (nothing in the source
# tree, except with WP_CACHE=update):
#   summary.txt   goals per function and per property of
#                 proofs/properties.txt, smoke-test findings, settings
#   wp-goals.tsv  one line per goal and smoke test (proofs/wp-log.awk):
#                 file, function, goal, property, kind, status, prover,
#                 time, cached, location, detail
#   wp.log        the frama-c logs; wp/job-N.* the files of each process
#   wp-cache/     WP's cache for this build (see WP_CACHE)
# and prints, as it goes, the goals done per file.  Called by `make proofs`
# (proofs/proofs.mk, through run-proofs.sh), which passes these settings
# through the environment:
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
#   WP_CACHE    how WP's cache is used (proofs/README.md, "How it runs"):
#               local   (default) results are looked up in the committed
#                       cache WP_CACHEDIR and in BUILD/proofs/wp-cache; new
#                       ones are written to BUILD/proofs/wp-cache only
#               update  as local, then the entries this run used that
#                       WP_CACHEDIR lacks are copied into it (to commit);
#                       with WP_CACHE_PRUNE=yes also the entries of
#                       WP_CACHEDIR this run did not use are deleted (only
#                       meaningful when FILE... is the whole core: `make
#                       proofs-cache`)
#               replay  WP_CACHEDIR only, read, never written
#               offline as local, but no prover runs: a miss is a failure
#               rebuild every prover runs again; results to BUILD only
#               none    no cache: the cold check
#   WP_CACHEDIR the committed cache (default proofs/wp-cache)
#   WP_SMOKE    yes (default): WP's smoke tests (-wp-smoke-tests) in the
#               first pass; no: none
#   WP_SMOKE_TIMEOUT  seconds per smoke test and prover (default 2)
#   WP_SMOKE_DEAD_CODE  report (default): unreachable code found by a smoke
#               test is listed, not a failure; fail: it is a failure
#   WP_PROGRESS seconds between progress lines (default 10; 0 for none)
#   WP_SKIP     comma-separated functions whose bodies are not proved
#               (their contracts are assumptions, see proofs/README.md)
#   WP_FLAGS    further frama-c options
# The last line printed is "wp: N goals, P proved, U unproved" (smoke tests
# are counted apart); the exit status is non-zero unless every goal is
# proved and no smoke test failed.  A timeout is a failure.
set -u
if [ "${1:-}" = "--job" ]; then
    # Internal: run-wp.sh --job BUILD N FILE, one frama-c process (below).
    one_job=1; shift
else
    one_job=0
fi
build=$1; shift
here=$(dirname "$0")
provers=${WP_PROVERS:-cvc5}
fallback=${WP_FALLBACK-z3}
timeout=${WP_TIMEOUT:-30}
par=${WP_PAR:-2}
jobs=${WP_JOBS:-2}
cache=${WP_CACHE:-local}
cachedir=${WP_CACHEDIR:-proofs/wp-cache}
prune=${WP_CACHE_PRUNE:-no}
smoke=${WP_SMOKE:-yes}
smoke_timeout=${WP_SMOKE_TIMEOUT:-2}
dead_code=${WP_SMOKE_DEAD_CODE:-report}
progress=${WP_PROGRESS:-10}
skip=${WP_SKIP:-}
out=$build/proofs
wpdir=$out/wp
bcache=$out/wp-cache
summary=$out/summary.txt
goals=$out/wp-goals.tsv
log=$out/wp.log

fail() {
    echo "run-wp: $1" >&2
    echo "wp: 0 goals, 0 proved, 0 unproved"
    exit 1
}

case $cache in
    local|update) wpmode=cleanup ;;
    offline|rebuild) wpmode=$cache ;;
    replay|none) wpmode="" ;;
    *) fail "WP_CACHE=$cache: use local, update, replay, offline, rebuild or none" ;;
esac
case $smoke in yes|no) ;; *) fail "WP_SMOKE=$smoke: use yes or no" ;; esac
case $dead_code in report|fail) ;; *) fail "WP_SMOKE_DEAD_CODE=$dead_code: use report or fail" ;; esac
[ "$jobs" -ge 1 ] || jobs=1
jobpar=$((par / jobs)); [ "$jobpar" -ge 1 ] || jobpar=1

# One frama-c process on one file: run_job N FILE writes $wpdir/job-N.*:
# .file, .log, .json (WP's report), .tsv (wp-log.awk), .used (the cache
# entries it used), and last .status (frama-c's exit status).
# The first pass proves with WP_PROVERS and runs the smoke tests; the
# second (-then) gives the properties left unproved to WP_FALLBACK.  Smoke
# tests stay out of the second pass: a smoke test that failed marks its
# statement proved dead, and a later pass would take that as a hypothesis
# (Frama-C 25 then proves anything there; the run fails on the smoke test).
# -warn-special-float none: an infinite or NaN result is defined IEEE 754
# behaviour, not an undefined one, so -wp-rte does not flag it; finiteness
# is a postcondition where the contracts claim it (proofs/README.md).
# The -wp-skip-fct selection does not carry over -then: it is repeated.
# With a cache, each process gets a WP session of its own whose cache is
# the build cache, linked, in WP's cleanup mode: at its exit the session
# cache holds exactly the entries the process used (found or new).
run_job() {
    n=$1; f=$2; j=$wpdir/job-$n
    echo "$f" >"$j.file"
    date +%s >"$j.start"
    # The skipped functions defined in this file, or static inline in a
    # header it includes (plus_infinity of finite.h), the headers as the
    # preprocessor finds them (frama-c rejects -wp-skip-fct for a function
    # it does not see; a header's prototype is not a definition).
    # the proved core sees its own layers alone (doc/design.md, "Layers");
    # the engine also its records (src/rules, src/system, include) and
    # its text buffer (src/base)
    inc="-Isrc/model -Isrc/kernel"
    case $f in
        src/b64/engine.c|src/b64/impact.c) inc="$inc -Isrc/base -Isrc/system -Iinclude -Isrc/rules" ;;
    esac
    hdrs=$(cc -MM $inc "$f" 2>/dev/null |
           tr -d '\\' | tr ' ' '\n' | grep '\.h$')
    jskip=""
    for s in $(echo "$skip" | tr ',' ' '); do
        if grep -q -E "^[a-z_][a-z_0-9 *]*[ *]$s *\(" "$f" ||
           { [ -n "$hdrs" ] &&
             grep -q -E "^static inline [a-z_0-9 *]*[ *]$s *\(" $hdrs; }; then
            jskip=${jskip:+$jskip,}$s
        fi
    done
    set -- "$f" -cpp-extra-args="$inc" -warn-special-float none \
        -wp -wp-rte -wp-model Typed -wp-literals \
        -wp-prover "$provers" -wp-par "$jobpar" -wp-timeout "$timeout" \
        -wp-report-json "$j.json"
    sess=$j.session
    rm -rf "$sess"
    if [ -n "$wpmode" ]; then
        mkdir -p "$sess/cache"
        cp -R -l "$bcache/." "$sess/cache/" 2>/dev/null
        touch "$sess/start"
        set -- "$@" -wp-session "$sess" -wp-cache "$wpmode"
    elif [ "$cache" = replay ]; then
        set -- "$@" -wp-cache replay -wp-cache-dir "$cachedir"
    else
        set -- "$@" -wp-cache none
    fi
    [ "$smoke" = no ] ||
        set -- "$@" -wp-smoke-tests -wp-smoke-timeout "$smoke_timeout"
    [ -z "$jskip" ] || set -- "$@" -wp-skip-fct "$jskip"
    # shellcheck disable=SC2086
    [ -z "${WP_FLAGS:-}" ] || set -- "$@" ${WP_FLAGS}
    if [ -n "$fallback" ]; then
        set -- "$@" -then -wp -wp-no-smoke-tests -wp-prover "$fallback"
        [ -z "$jskip" ] || set -- "$@" -wp-skip-fct "$jskip"
    fi
    frama-c "$@" >"$j.log" 2>&1
    rc=$?
    awk -f "$here/wp-log.awk" -v src="$f" -v json="$j.json" \
        -v dead_code="$dead_code" "$j.log" >"$j.tsv"
    if [ -n "$wpmode" ]; then
        # New results into the build cache; the entries used, when WP's
        # cleanup ran (it does not when no goal reached the cache).
        find "$sess/cache" -type f -name '*.json' -newer "$sess/start" \
            -exec ln -f {} "$bcache/" \; 2>/dev/null
        if [ "$wpmode" = cleanup ]; then
            if grep -q -E '^\[wp\] \[Cache\] .*(found|updated|removed):' "$j.log"; then
                (cd "$sess/cache" && ls) >"$j.used"
            else
                : >"$j.used"
            fi
        fi
        rm -rf "$sess"
    fi
    # The file's line: goals, smoke tests, time.
    t=$(( $(date +%s) - $(cat "$j.start") ))
    awk -F '\t' -v f="$f" -v t="$t" '
        /^#/ { next }
        $5 == "goal" { g++; if ($6 == "valid") p++ }
        $5 == "smoke" { s++; if ($6 == "failed") sf++; if ($6 == "unreachable") su++ }
        END {
            line = sprintf("wp: %s: %d goals, %d proved", f, g, p)
            if (g > p) line = line sprintf(", %d NOT PROVED", g - p)
            if (s > 0) {
                line = line sprintf(", %d smoke tests", s)
                if (sf > 0) line = line sprintf(" (%d FAILED)", sf)
                if (su > 0) line = line sprintf(" (%d unreachable code)", su)
            }
            print line sprintf(" (%d s)", t)
        }' "$j.tsv"
    echo "$rc" >"$j.status"
}

# Progress of a running process, from its log so far.
job_progress() {
    awk '
        /^\[wp\] Running WP plugin/ { pass++ }
        /^\[wp\] [0-9]+ goals? scheduled/ { s = $2; sched[pass] = s + 0 }
        /^\[wp\] \[[^]]+\] (Goal|Smoke-test) typed_/ {
            done[pass]++
            if ($0 !~ / : Valid/ && $0 !~ /\[Passed\]/) bad[pass]++
        }
        END {
            if (!(1 in sched)) { print "generating goals"; exit }
            line = sprintf("%d/%d goals and smoke tests done", done[1], sched[1])
            if (bad[1] > 0) line = line sprintf(" (%d not proved or failed)", bad[1])
            if (pass >= 2 && (2 in sched))
                line = line sprintf("; fallback on %d: %d done", sched[2], done[2])
            print line
        }' "$1"
}

if [ "$one_job" -eq 1 ]; then
    run_job "$@"
    exit 0
fi

[ $# -gt 0 ] || fail "no files to prove"
for f in "$@"; do [ -r "$f" ] || fail "no file $f"; done
command -v frama-c >/dev/null 2>&1 || fail "frama-c not found"
mkdir -p "$wpdir" || fail "cannot create $wpdir"
rm -f "$wpdir"/job-* "$goals" "$summary"
rm -rf "$wpdir"/job-*.session

# The project-local Why3 configuration (proofs/why3-config.sh).
conf=$(sh "$here/why3-config.sh" "$build" "$out") ||
    fail "why3 config detect failed (see $out/why3-detect.log)"
export WHY3CONFIG="$conf"

# The build cache starts as a copy of the committed one (never linked:
# WP may rewrite an entry in place); entries only it has are kept.
if [ -n "$wpmode" ]; then
    mkdir -p "$bcache" || fail "cannot create $bcache"
    if [ -d "$cachedir" ]; then
        cp -R -p "$cachedir/." "$bcache/" || fail "cannot copy $cachedir to $bcache"
    fi
fi

export WP_PROVERS="$provers" WP_FALLBACK="$fallback" WP_TIMEOUT="$timeout"
export WP_PAR="$par" WP_JOBS="$jobs" WP_CACHE="$cache" WP_CACHEDIR="$cachedir"
export WP_SKIP="$skip" WP_SMOKE="$smoke" WP_SMOKE_TIMEOUT="$smoke_timeout"
export WP_SMOKE_DEAD_CODE="$dead_code"
nfiles=$#
echo "wp: $nfiles files, $jobs at a time; provers $provers${fallback:+ then $fallback}, ${timeout} s a goal; cache $cache; smoke tests $smoke"
start=$(date +%s)
for f in "$@"; do echo "$(wc -c <"$f") $f"; done | sort -rn |
    awk '{ printf "%03d %s\n", NR, $2 }' |
    xargs -n 2 -P "$jobs" sh "$0" --job "$build" &
bg=$!
# Every WP_PROGRESS seconds, one line per running process whose count
# moved (or once a minute if it did not); a finished process prints its
# own line.
last=$start
while kill -0 "$bg" 2>/dev/null; do
    sleep 2
    [ "$progress" -gt 0 ] || continue
    now=$(date +%s)
    [ $((now - last)) -ge "$progress" ] || continue
    last=$now
    for fl in "$wpdir"/job-*.file; do
        [ -e "$fl" ] || continue
        j=${fl%.file}
        [ -e "$j.status" ] && continue
        [ -e "$j.log" ] || continue
        p=$(job_progress "$j.log")
        prev=$(cat "$j.shown" 2>/dev/null)
        pt=$(cat "$j.shown-at" 2>/dev/null || echo 0)
        if [ "$p" != "$prev" ] || [ $((now - pt)) -ge 60 ]; then
            echo "wp: $(cat "$fl"): $p ($((now - $(cat "$j.start"))) s)"
            echo "$p" >"$j.shown"; echo "$now" >"$j.shown-at"
        fi
    done
done
wait "$bg"
end=$(date +%s)
cat "$wpdir"/job-*.log >"$log" 2>/dev/null

# Every process must have finished, with a log WP completed and one record
# per goal it scheduled.
status=0; complete=1
for fl in "$wpdir"/job-*.file; do
    [ -e "$fl" ] || continue
    j=${fl%.file}; f=$(cat "$fl")
    if [ "$(cat "$j.status" 2>/dev/null)" != 0 ]; then
        status=1
        echo "run-wp: frama-c failed on $f (status $(cat "$j.status" 2>/dev/null), see $j.log):" >&2
        grep -E -i 'error|fatal' "$j.log" | head -n 20 >&2
    fi
    if ! grep -q '^\[wp\] Proved goals' "$j.log" 2>/dev/null; then
        complete=0; status=1
        echo "run-wp: WP did not complete on $f (see $j.log)" >&2
        continue
    fi
    sched=$(sed -n 's/^#scheduled //p' "$j.tsv")
    recs=$(grep -c -v '^#' "$j.tsv")
    if [ "${sched:-0}" -ne "$recs" ]; then
        status=1
        echo "run-wp: $f: WP scheduled $sched goals and smoke tests, the log shows $recs (see $j.log)" >&2
    fi
done
[ "$(ls "$wpdir"/job-*.file 2>/dev/null | wc -l)" -eq "$nfiles" ] ||
    { status=1; complete=0; echo "run-wp: not every file was run" >&2; }
cat "$wpdir"/job-*.tsv 2>/dev/null | grep -v '^#' >"$goals"

# Totals: goals (G, P), smoke tests (S, failed F, unreachable D), cache.
set -- $(awk -F '\t' '
    $5 == "goal" { g++; if ($6 == "valid") p++ }
    $5 == "smoke" { s++; if ($6 == "failed") f++; if ($6 == "unreachable") d++ }
    END { print g + 0, p + 0, s + 0, f + 0, d + 0 }' "$goals")
total=$1; proved=$2; unproved=$(($1 - $2)); nsmoke=$3; sfail=$4; dead=$5
set -- $(cat "$wpdir"/job-*.tsv 2>/dev/null |
    awk '$1 == "#cache" { f += $2; u += $3 } END { print f + 0, u + 0 }')
found=$1; updated=$2

# WP_CACHE=update: the entries used that the committed cache lacks go into
# it; with WP_CACHE_PRUNE=yes, its entries no run used go out.
cachenote=""
if [ "$cache" = update ]; then
    cat "$wpdir"/job-*.used 2>/dev/null | sort -u >"$out/cache-used"
    added=0; removed=0
    mkdir -p "$cachedir"
    while read -r e; do
        [ -e "$cachedir/$e" ] && continue
        [ -e "$bcache/$e" ] || continue
        cp "$bcache/$e" "$cachedir/$e" && added=$((added + 1))
    done <"$out/cache-used"
    if [ "$prune" = yes ]; then
        if [ "$complete" -eq 1 ] && [ -s "$out/cache-used" ]; then
            (cd "$cachedir" && ls) | grep '\.json$' | sort |
                comm -23 - "$out/cache-used" >"$out/cache-unused"
            while read -r e; do
                rm -f "$cachedir/$e" && removed=$((removed + 1))
            done <"$out/cache-unused"
        else
            echo "run-wp: the run is incomplete: $cachedir not pruned" >&2
        fi
    fi
    cachenote="; $cachedir: $added entries added, $removed removed"
fi

# Per-function table: goals, proved, prover time, which prover closed how
# many; smoke tests per function.
table=$(awk -F '\t' '
    {
        k = $2
        if (!(k in seen)) { seen[k] = 1; fns[++nf] = k; file[k] = $1 }
        if ($5 == "smoke") { sm[k]++; if ($6 != "passed") smf[k]++; next }
        goals[k]++; secs[k] += $8
        if ($6 == "valid") {
            proved[k]++
            if (!((k, $7) in count)) provers[k] = provers[k] "|" $7
            count[k, $7]++
        }
    }
    END {
        for (i = 1; i <= nf; i++)
            for (j = i + 1; j <= nf; j++)
                if (fns[j] < fns[i]) { t = fns[i]; fns[i] = fns[j]; fns[j] = t }
        for (i = 1; i <= nf; i++) {
            f = fns[i]; s = ""
            np = split(substr(provers[f], 2), pl, "|")
            for (p = 1; p <= np; p++) { q = pl[p]; sub(/ [0-9.]+$/, "", q); gsub(/ /, "_", q); s = s q ":" count[f, pl[p]] " " }
            printf "%-28s %6d %6d %8.2f %5d %4d  %s\n", f, goals[f], proved[f], secs[f], sm[f], smf[f], s
        }
    }' "$goals")

# Per-property table (proofs/properties.txt): goals whose names match.
props=""
if [ -r "$here/properties.txt" ]; then
    props=$(awk -F'@' '
        FNR == NR { if ($0 !~ /^#/ && NF >= 3) { n++; num[n] = $1; txt[n] = $2; re[n] = $3 }; next }
        {
            split($0, a, "\t")
            if (a[5] != "goal") next
            name = a[3]; sub(/^typed_/, "", name)
            ok[name] = (a[6] == "valid")
        }
        END {
            for (i = 1; i <= n; i++) {
                g = 0; p = 0
                for (name in ok) if (name ~ re[i]) { g++; p += ok[name] }
                printf "%-3s %6d %6d  %s\n", num[i], g, p, txt[i]
            }
        }' "$here/properties.txt" "$goals")
fi

# Findings: goals not proved, smoke tests failed, unreachable code.
notproved=$(awk -F '\t' '$5 == "goal" && $6 != "valid" {
    printf "not proved: %s: %s: %s (%s, %s)\n", $1, $2, $4, $6, $7 }' "$goals")
smokefail=$(awk -F '\t' '$5 == "smoke" && $6 == "failed" {
    printf "SMOKE TEST FAILED: %s: %s: %s [%s]\n", ($10 != "" ? $10 : $1), $2, $11, $4 }' "$goals")
unreach=$(awk -F '\t' '$5 == "smoke" && $6 == "unreachable" {
    printf "unreachable code: %s: in %s [%s]\n", ($10 != "" ? $10 : $1), $2, $4 }' "$goals")

{
    echo "# Frama-C/WP proof summary (written by proofs/run-wp.sh; do not edit)"
    echo "# $(frama-c -version 2>/dev/null | head -n 1), WP model Typed (float),"
    echo "# -wp-rte, provers $provers${fallback:+ then $fallback}, timeout ${timeout} s,"
    echo "# $jobs frama-c processes, -wp-par $jobpar each, cache $cache;"
    echo "# smoke tests: $smoke (${smoke_timeout} s each, unreachable code: $dead_code);"
    echo "# bodies assumed, not proved: ${skip:-none}"
    echo "# files: $(cat "$wpdir"/job-*.file 2>/dev/null | tr '\n' ' ')"
    echo "# wall time: $((end - start)) s; cache: $found results found, $updated new$cachenote"
    echo "#"
    echo "# Goals per function; 'by' counts the goals each prover (Qed is WP's"
    echo "# own simplifier) closed; time_s adds up the prover times in the log"
    echo "# (a cached result reports the time of the run that produced it);"
    echo "# smoke: smoke tests run, and of them failed or unreachable code."
    printf '%-28s %6s %6s %8s %5s %4s  %s\n' function goals proved time_s smoke bad by
    echo "$table"
    echo "#"
    echo "# Goals per property of proofs/properties.txt:"
    printf '%-3s %6s %6s  %s\n' no goals proved property
    echo "$props"
    echo "#"
    [ -z "$notproved" ] || echo "$notproved" | sed 's/^/# /'
    [ -z "$smokefail" ] || echo "$smokefail" | sed 's/^/# /'
    [ -z "$unreach" ] || echo "$unreach" | sed 's/^/# /'
    echo "wp smoke tests: $nsmoke run, $sfail failed, $dead unreachable code"
    echo "wp: $total goals, $proved proved, $unproved unproved"
} >"$summary"

[ -z "$notproved" ] || echo "$notproved" | sed 's/^/run-wp: /' >&2
[ -z "$smokefail" ] || echo "$smokefail" | sed 's/^/run-wp: /' >&2
if [ -n "$unreach" ]; then
    if [ "$dead_code" = fail ]; then echo "$unreach" | sed 's/^/run-wp: /' >&2
    else echo "$unreach" | sed 's/^/wp: /'; fi
fi
echo "wp summary: $summary (wall time $((end - start)) s; cache: $found results found, $updated new$cachenote)"
if [ "$smoke" = yes ]; then
    echo "wp smoke tests: $nsmoke run, $sfail failed, $dead unreachable code"
fi
echo "wp: $total goals, $proved proved, $unproved unproved"
[ "$status" -eq 0 ] && [ "$total" -gt 0 ] && [ "$unproved" -eq 0 ] && [ "$sfail" -eq 0 ]
