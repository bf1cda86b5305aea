#!/bin/sh
# proof-report.sh GOALS WHY3_RECORDS JSON JUNIT - the machine-readable
# reports of `make proofs` (proofs/run-proofs.sh):
#   JSON   per function of the C core and per property (WP goal or smoke
#          test): status, prover, time; per Why3 theory and goal the same;
#          with the totals
#   JUNIT  JUnit XML, one test suite per C file and per Why3 theory, one
#          test case per function and property (classname wp.FILE.FUNCTION,
#          name the property) and per Why3 goal; an unproved goal or a
#          failed smoke test is a <failure>, unreachable code found by a
#          smoke test is <skipped> with its location
# GOALS is the goal table of run-wp.sh (proofs/wp-log.awk, tab separated:
# file function goal property kind status prover time_s cached location
# detail); WHY3_RECORDS the records of run-why3.sh (file key prover result
# seconds position goal), or a missing file when the Why3 part did not run.
set -u
goals=$1; records=$2; json=$3; junit=$4
[ -r "$goals" ] || { echo "proof-report: no goal table $goals" >&2; exit 1; }
[ -r "$records" ] || records=/dev/null

# Why3: one row per goal (file, goal, position, status, prover, time): the
# first prover that proved it, else the last answer.
why3_rows=$(awk -F '\t' '
    NF >= 7 {
        k = $1 SUBSEP $2
        if (!(k in seen)) { seen[k] = 1; order[++n] = k; f[k] = $1; g[k] = $7; p[k] = $6 }
        if ($4 == "Valid" && !(k in by)) { by[k] = $3; t[k] = $5 }
        if (!(k in by)) { last[k] = $4; lp[k] = $3; lt[k] = $5 }
    }
    END {
        for (i = 1; i <= n; i++) {
            k = order[i]
            if (k in by) printf "%s\t%s\t%s\tvalid\t%s\t%s\n", f[k], g[k], p[k], by[k], t[k] + 0
            else printf "%s\t%s\t%s\t%s\t%s\t%s\n", f[k], g[k], p[k], tolower(last[k]), lp[k], lt[k] + 0
        }
    }' "$records")

tmp=${json}.tmp.$$
printf '%s\n' "$why3_rows" >"$tmp.why3"

awk -F '\t' -v jsonout="$json" -v xmlout="$junit" -v w3="$tmp.why3" '
function jstr(s,    out, i, c) {
    gsub(/[\001-\037]/, " ", s)
    if (s !~ /["\\]/) return "\"" s "\""
    out = ""
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == "\\" || c == "\"") out = out "\\" c
        else out = out c
    }
    return "\"" out "\""
}
function xstr(s) {
    gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s)
    gsub(/"/, "\\&quot;", s); gsub("\047", "\\&apos;", s)
    gsub(/[\001-\010\013\014\016-\037]/, " ", s)
    return s
}
function num(x) { return sprintf("%.6g", x + 0) }
$0 ~ /^#/ || NF < 9 { next }
{
    r = ++nr
    file[r] = $1; fn[r] = $2; goal[r] = $3; prop[r] = $4; kind[r] = $5
    status[r] = $6; prover[r] = $7; time[r] = $8 + 0; cached[r] = $9 + 0
    loc[r] = (NF >= 10) ? $10 : ""; detail[r] = (NF >= 11) ? $11 : ""
    key = $1 SUBSEP $2
    if (!(key in fidx)) { fidx[key] = ++nf; ffile[nf] = $1; fname[nf] = $2 }
    frows[fidx[key]] = frows[fidx[key]] " " r
    if (!($1 in sidx)) { sidx[$1] = ++ns; sfile[ns] = $1 }
    srows[sidx[$1]] = srows[sidx[$1]] " " r
    if (kind[r] == "goal") {
        ngoals++; if (status[r] == "valid") nproved++
    } else {
        nsmoke++
        if (status[r] == "failed") nsfail++
        else if (status[r] == "unreachable") nunreach++
    }
}
END {
    # Why3 rows
    nw = 0
    while ((getline line < w3) > 0) {
        if (line == "") continue
        split(line, a, "\t")
        w = ++nw; wfile[w] = a[1]; wgoal[w] = a[2]; wpos[w] = a[3]
        wstatus[w] = a[4]; wprover[w] = a[5]; wtime[w] = a[6] + 0
        if (!(a[1] in tidx)) { tidx[a[1]] = ++nt; tfile[nt] = a[1] }
        trows[tidx[a[1]]] = trows[tidx[a[1]]] " " w
        if (a[4] == "valid") nwproved++
    }
    ngoals += 0; nproved += 0; nsmoke += 0; nsfail += 0; nunreach += 0; nwproved += 0

    # ---- JSON
    o = jsonout
    printf "{\n" > o
    printf "  \"summary\": {\"goals\": %d, \"proved\": %d, \"unproved\": %d,\n", ngoals + nw, nproved + nwproved, ngoals + nw - nproved - nwproved > o
    printf "              \"wp_goals\": %d, \"wp_proved\": %d,\n", ngoals, nproved > o
    printf "              \"why3_goals\": %d, \"why3_proved\": %d,\n", nw, nwproved > o
    printf "              \"smoke_tests\": %d, \"smoke_failed\": %d, \"unreachable\": %d},\n", nsmoke, nsfail, nunreach > o
    printf "  \"wp\": [" > o
    for (i = 1; i <= nf; i++) {
        n = split(substr(frows[i], 2), rs, " ")
        g = 0; p = 0
        for (j = 1; j <= n; j++) if (kind[rs[j]] == "goal") { g++; if (status[rs[j]] == "valid") p++ }
        printf "%s\n    {\"file\": %s, \"function\": %s, \"goals\": %d, \"proved\": %d,\n     \"properties\": {", (i > 1 ? "," : ""), jstr(ffile[i]), jstr(fname[i]), g, p > o
        for (j = 1; j <= n; j++) {
            r = rs[j]
            printf "%s\n       %s: {\"kind\": %s, \"status\": %s, \"prover\": %s, \"time_s\": %s, \"cached\": %s, \"goal\": %s", (j > 1 ? "," : ""), jstr(prop[r]), jstr(kind[r]), jstr(status[r]), jstr(prover[r]), num(time[r]), (cached[r] ? "true" : "false"), jstr(goal[r]) > o
            if (loc[r] != "") printf ", \"location\": %s", jstr(loc[r]) > o
            if (detail[r] != "") printf ", \"detail\": %s", jstr(detail[r]) > o
            printf "}" > o
        }
        printf "}}" > o
    }
    printf "\n  ],\n  \"why3\": [" > o
    for (i = 1; i <= nt; i++) {
        n = split(substr(trows[i], 2), rs, " ")
        printf "%s\n    {\"theory\": %s, \"goals\": [", (i > 1 ? "," : ""), jstr(tfile[i]) > o
        for (j = 1; j <= n; j++) {
            w = rs[j]
            printf "%s\n       {\"goal\": %s, \"position\": %s, \"status\": %s, \"prover\": %s, \"time_s\": %s}", (j > 1 ? "," : ""), jstr(wgoal[w]), jstr(wpos[w]), jstr(wstatus[w]), jstr(wprover[w]), num(wtime[w]) > o
        }
        printf "]}" > o
    }
    printf "\n  ]\n}\n" > o
    close(o)

    # ---- JUnit XML
    o = xmlout
    tot = 0; fails = 0; skips = 0; secs = 0
    for (r = 1; r <= nr; r++) {
        tot++; secs += time[r]
        if (kind[r] == "goal" && status[r] != "valid") fails++
        if (kind[r] == "smoke" && status[r] == "failed") fails++
        if (kind[r] == "smoke" && status[r] == "unreachable") skips++
    }
    for (w = 1; w <= nw; w++) { tot++; secs += wtime[w]; if (wstatus[w] != "valid") fails++ }
    printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" > o
    printf "<testsuites name=\"proofs\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"%s\">\n", tot, fails, skips, num(secs) > o
    for (i = 1; i <= ns; i++) {
        n = split(substr(srows[i], 2), rs, " ")
        f = 0; s = 0; t = 0
        for (j = 1; j <= n; j++) {
            r = rs[j]; t += time[r]
            if ((kind[r] == "goal" && status[r] != "valid") || (kind[r] == "smoke" && status[r] == "failed")) f++
            if (kind[r] == "smoke" && status[r] == "unreachable") s++
        }
        base = sfile[i]; sub(/^.*\//, "", base); sub(/\.[^.]*$/, "", base)
        printf "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"%s\">\n", xstr("wp " sfile[i]), n, f, s, num(t) > o
        for (j = 1; j <= n; j++) {
            r = rs[j]
            printf "    <testcase classname=\"%s\" name=\"%s\" time=\"%s\"", xstr("wp." base "." fn[r]), xstr(prop[r]), num(time[r]) > o
            if (kind[r] == "goal" && status[r] != "valid") {
                printf ">\n      <failure type=\"%s\" message=\"%s\">%s</failure>\n    </testcase>\n", xstr(status[r]), xstr("not proved: " status[r] " (" prover[r] ")"), xstr(goal[r] (detail[r] != "" ? ": " detail[r] : "")) > o
            } else if (kind[r] == "smoke" && status[r] == "failed") {
                printf ">\n      <failure type=\"smoke\" message=\"%s\">%s</failure>\n    </testcase>\n", xstr("smoke test failed" (loc[r] != "" ? " at " loc[r] : "") ": " detail[r]), xstr(goal[r] ": " detail[r]) > o
            } else if (kind[r] == "smoke" && status[r] == "unreachable") {
                printf ">\n      <skipped message=\"%s\"/>\n    </testcase>\n", xstr(detail[r]) > o
            } else printf "/>\n" > o
        }
        printf "  </testsuite>\n" > o
    }
    for (i = 1; i <= nt; i++) {
        n = split(substr(trows[i], 2), rs, " ")
        f = 0; t = 0
        for (j = 1; j <= n; j++) { t += wtime[rs[j]]; if (wstatus[rs[j]] != "valid") f++ }
        base = tfile[i]; sub(/\.mlw$/, "", base)
        printf "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"0\" time=\"%s\">\n", xstr("why3 " tfile[i]), n, f, num(t) > o
        for (j = 1; j <= n; j++) {
            w = rs[j]
            printf "    <testcase classname=\"%s\" name=\"%s\" time=\"%s\"", xstr("why3." base), xstr(wgoal[w] " (" wpos[w] ")"), num(wtime[w]) > o
            if (wstatus[w] != "valid")
                printf ">\n      <failure type=\"%s\" message=\"%s\"/>\n    </testcase>\n", xstr(wstatus[w]), xstr("not proved: " wstatus[w] " (" wprover[w] ")") > o
            else printf "/>\n" > o
        }
        printf "  </testsuite>\n" > o
    }
    printf "</testsuites>\n" > o
    close(o)
}' "$goals"
status=$?
rm -f "$tmp.why3"
exit $status
