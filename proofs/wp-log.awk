# wp-log.awk - one record per WP goal and smoke test of a frama-c log.
#   awk -f wp-log.awk -v src=FILE -v json=REPORT.json [-v dead_code=fail] LOG
# LOG is the output of one frama-c process on the C file FILE (passes
# chained with -then: the first proves and runs the smoke tests, a later
# pass retries the goals the first left unproved; a goal's last result
# counts).  REPORT.json is its -wp-report-json file: its keys under
# "wp:functions" attribute each goal to its function.  Prints, tab
# separated, one line per goal:
#   file function goal property kind status prover time_s cached location detail
# kind is "goal" or "smoke".  The status of a goal is WP's verdict in lower
# case (valid, unknown, timeout, failed, stepout, ...); of a smoke test
# "passed", "failed" (the prover proved \false there: the clause is
# contradictory) or "unreachable" (a dead-code smoke test: the statement
# cannot be reached under the preconditions; "failed" with dead_code=fail).
# A last line "#scheduled N" gives the goals WP scheduled in its first
# pass, for the caller's consistency check, and "#cache F U" the cache
# entries found and written over all passes.

function seconds(s,    v, m) {
    # WP's durations: 12us or 12µs, 0.59ms, 470ms, 1.8s, 2'05s (m's), 1h02
    if (s ~ /ms$/) { sub(/ms$/, "", s); return s / 1000 }
    if (s ~ /(us|µs)$/) { sub(/(us|µs)$/, "", s); return s / 1000000 }
    if (s ~ /^[0-9]+'[0-9.]+s?$/) {
        m = s; sub(/'.*/, "", m); v = s; sub(/.*'/, "", v); sub(/s$/, "", v)
        return m * 60 + v
    }
    if (s ~ /^[0-9]+h[0-9]*$/) {
        m = s; sub(/h.*/, "", m); v = s; sub(/.*h/, "", v)
        return m * 3600 + v * 60
    }
    sub(/s$/, "", s)
    return s + 0
}

# The prover time of a result text such as "Valid (Qed:2ms) (470ms) (cached)":
# the last parenthesised duration that is not Qed's; Qed's when it is alone.
function result_time(text,    t, q, g) {
    t = ""; q = ""
    while (match(text, /\([^()]*\)/)) {
        g = substr(text, RSTART + 1, RLENGTH - 2)
        text = substr(text, RSTART + RLENGTH)
        if (g ~ /^Qed:/) { sub(/^Qed:/, "", g); q = g }
        # a duration has a unit; a bare number is a count of prover steps
        else if (g ~ /^[0-9][0-9.]*(ms|us|µs|s)$/ || g ~ /^[0-9]+'[0-9.]*s?$/ || g ~ /^[0-9]+h[0-9]*$/) t = g
    }
    if (t != "") return seconds(t)
    if (q != "") return seconds(q)
    return 0
}

function record(name, kind, status, prover, time, cached,    k) {
    if (!(name in st)) order[++n] = name
    delete st2[name]
    if (pass <= 1) { first[name] = status; firstpv[name] = prover }
    else later[name] = 1
    st[name] = status; kd[name] = kind; pv[name] = prover
    tm[name] = time; ca[name] = cached; de[name] = ""
    if (!(name in lo)) lo[name] = ""
}

BEGIN {
    FS = "\n"
    if (dead_code == "") dead_code = "report"
    # Function and property names: the keys at depths 2 and 3 of the
    # "wp:functions" object of the JSON report.
    text = ""
    if (json != "")
        while ((getline line < json) > 0) text = text line "\n"
    depth = 0; infn = 0; fn = ""; len = length(text); i = 1
    while (i <= len) {
        ch = substr(text, i, 1)
        if (ch == "\"") {
            j = index(substr(text, i + 1), "\"")
            if (j == 0) break
            key = substr(text, i + 1, j - 1)
            i = i + j + 1
            k = i
            while (substr(text, k, 1) ~ /[ \t\n]/) k++
            if (substr(text, k, 1) != ":") continue
            if (depth == 1) infn = (key == "wp:functions")
            else if (depth == 2 && infn) { fn = key; isfn[fn] = 1 }
            else if (depth == 3 && infn && key != "wp:section") owner["typed_" key] = fn
            continue
        }
        if (ch == "{") depth++
        else if (ch == "}") depth--
        i++
    }
    pass = 0; scheduled = 0; found = 0; updated = 0
}

/^\[wp\] Running WP plugin/ { pass++; open_name = ""; next }
/^\[rte:annot\] annotating function / {
    f = $0; sub(/.*annotating function /, "", f); sub(/[ \t].*/, "", f); isfn[f] = 1; next
}
/^\[wp\] [0-9]+ goals? scheduled/ {
    if (pass == 1) { s = $0; sub(/^\[wp\] /, "", s); sub(/ .*/, "", s); scheduled = s + 0 }
    next
}
/^\[wp\] \[Cache\] / {
    s = $0
    if (match(s, /found:[0-9]+/)) found += substr(s, RSTART + 6, RLENGTH - 6)
    if (match(s, /updated:[0-9]+/)) updated += substr(s, RSTART + 8, RLENGTH - 8)
    next
}
/^\[wp\] \[(Passed|Failed|[A-Za-z]+)\] Smoke-test typed_/ {
    tag = $0; sub(/^\[wp\] \[/, "", tag); sub(/\].*/, "", tag)
    name = $0; sub(/.* Smoke-test /, "", name); sub(/[ \t].*/, "", name)
    record(name, "smoke", tag == "Passed" ? "passed" : "failed", "-", 0, 0)
    open_name = (tag == "Passed") ? "" : name
    pending_loc = open_name
    next
}
/^\[wp\] \[[^]]+\] Goal typed_/ {
    tag = $0; sub(/^\[wp\] \[/, "", tag); sub(/\].*/, "", tag)
    name = $0; sub(/.* Goal /, "", name); sub(/[ \t].*/, "", name)
    rest = $0; sub(/^[^:]*Goal [^ ]* ?/, "", rest)
    if (rest ~ /^: /) {
        sub(/^: /, "", rest)
        verdict = rest; sub(/[ (].*/, "", verdict)
        verdict = tolower(verdict)
        if (verdict == "not") verdict = "not tried"
        record(name, "goal", verdict, tag, result_time(rest), rest ~ /\(cached\)/)
        open_name = (verdict == "valid") ? "" : name
    } else {
        # "[Failed] Goal X" with one line per prover below it
        record(name, "goal", "failed", "-", 0, 0)
        open_name = name
    }
    next
}
/^\[wp\] .*: Warning: Failed smoke-test/ {
    if (pending_loc != "") {
        l = $0; sub(/^\[wp\] /, "", l); sub(/: Warning: .*/, "", l)
        lo[pending_loc] = l; pending_loc = ""
    }
    next
}
/^[ \t]+[^ \t]/ {
    if (open_name == "") next
    d = $0; sub(/^[ \t]+/, "", d)
    # the statistics block after "Proved goals" also is indented
    if (d ~ /^(Qed|[A-Z][A-Za-z0-9]* [0-9][0-9.]*): +[0-9]+ /) next
    de[open_name] = (de[open_name] == "") ? d : de[open_name] "; " d
    if (kd[open_name] == "goal" && st[open_name] == "failed") {
        pr = d; sub(/:.*/, "", pr)
        v = d; sub(/^[^:]*: */, "", v); vv = v; sub(/[ (].*/, "", vv); vv = tolower(vv)
        # the verdict of the goal: timeout if any prover timed out, else
        # unknown, else failed
        if (vv == "timeout") { st2[open_name] = "timeout" }
        else if (vv == "unknown" && st2[open_name] != "timeout") st2[open_name] = "unknown"
        pv[open_name] = (pv[open_name] == "-") ? pr : pv[open_name] "," pr
        t = result_time(v); if (t > tm[open_name]) tm[open_name] = t
    }
    if (kd[open_name] == "smoke" && pv[open_name] == "-") {
        pr = d; sub(/:.*/, "", pr); pv[open_name] = pr
        tm[open_name] = result_time(d)
        ca[open_name] = (d ~ /\(cached\)/)
    }
    next
}
{ open_name = "" }

function owner_of(name,    f, c) {
    f = ""
    if (name in owner) return owner[name]
    for (c in isfn)
        if (index(name, "typed_" c "_") == 1 && length(c) > length(f)) f = c
    return f
}

END {
    # A smoke test that failed marks its point dead, and Frama-C 25 takes
    # that as a hypothesis in the passes after it: a goal of that function
    # proved only by the fallback pass may be proved from it.  Such a
    # goal keeps its first-pass verdict.
    for (g = 1; g <= n; g++) {
        name = order[g]
        if (kd[name] == "smoke" && st[name] != "passed") deadfn[owner_of(name)] = 1
    }
    for (g = 1; g <= n; g++) {
        name = order[g]
        if (name in st2 && st[name] == "failed") st[name] = st2[name]
        f = owner_of(name)
        if (kd[name] == "goal" && (name in later) && (f in deadfn) && (name in first) && st[name] == "valid" && first[name] != "valid") {
            st[name] = first[name]; pv[name] = firstpv[name]
            de[name] = "the fallback proof is ignored: a smoke test of " f " failed"
        }
        prop = name; sub(/^typed_/, "", prop)
        if (f != "" && index(prop, f "_") == 1) prop = substr(prop, length(f) + 2)
        if (f == "") f = "(none)"
        detail = de[name]
        if (kd[name] == "smoke" && st[name] != "passed") {
            at = (lo[name] != "") ? lo[name] : src
            if (prop ~ /^wp_smoke_default_requires$/)
                detail = "the preconditions (requires) of " f " are contradictory: every goal of " f " holds vacuously"
            else if (prop ~ /^wp_smoke_.*_requires$/) {
                b = prop; sub(/^wp_smoke_/, "", b); sub(/_requires$/, "", b)
                detail = "the requires of behavior " b " of " f " are contradictory"
            } else if (prop ~ /^wp_smoke_.*_assumes$/) {
                b = prop; sub(/^wp_smoke_/, "", b); sub(/_assumes$/, "", b)
                detail = "the assumes clause of behavior " b " of " f " never holds under the preconditions: the goals of the behavior hold vacuously"
            } else if (prop ~ /^wp_smoke_dead_loop_/)
                detail = "the loop invariants at " at " contradict each other or the state on entry: every goal inside and after the loop holds vacuously"
            else if (prop ~ /^wp_smoke_dead_call_/)
                detail = "the call at " at " never returns (the callee's postconditions contradict the state of the call): every goal after it holds vacuously"
            else if (prop ~ /^wp_smoke_dead_code_/) {
                detail = "unreachable code at " at " under the preconditions of " f
                if (dead_code != "fail") st[name] = "unreachable"
            } else
                detail = "smoke test failed at " at ": some hypothesis of " f " is contradictory"
            if (de[name] != "") detail = detail " (" de[name] ")"
        }
        gsub(/[\t\n]/, " ", detail)
        printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.6g\t%d\t%s\t%s\n", src, f, name, prop, kd[name], st[name], pv[name], tm[name], ca[name], lo[name], detail
    }
    printf "#scheduled %d\n", scheduled
    printf "#cache %d %d\n", found, updated
}
