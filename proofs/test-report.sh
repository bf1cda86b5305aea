#!/bin/sh
# test-report.sh BUILD - checks the report writers of `make proofs` on a
# sample frama-c log (every kind of line run-wp.sh reads: proved, cached,
# unknown, timeout, failed with prover details, smoke tests passed and
# failed, unreachable code, a fallback pass) and sample Why3 records:
# proofs/wp-log.awk must read each goal with its function, property,
# status, prover and time, and proofs/proof-report.sh must write JSON that
# parses and JUnit XML that is well-formed (xmllint, else python3) with the
# counts of the sample.  Needs no prover.  Last line:
# "proofs-selftest: N checks, F failed".
set -u
build=${1:?usage: test-report.sh BUILD}
here=$(dirname "$0")
d=$build/proofs/selftest
rm -rf "$d"; mkdir -p "$d"
checks=0; failed=0
check() { # check NAME EXPECTED ACTUAL
    checks=$((checks + 1))
    if [ "$2" != "$3" ]; then
        failed=$((failed + 1))
        echo "proofs-selftest: FAILED $1: expected '$2', got '$3'" >&2
    fi
}

cat >"$d/job.json" <<'EOF'
{ "wp:global": { "wp:main": { "total": 1, "valid": 1 } },
  "wp:functions": { "f": { "f_ensures_eq1": { "wp:main": { "total": 1, "valid": 1 } },
                           "wp:section": { "wp:main": { "total": 1, "valid": 1 } } },
                    "f_g": { "f_g_assigns": { "qed": { "total": 1, "valid": 1 } } } } }
EOF
cat >"$d/job.log" <<'EOF'
[kernel] Parsing src/model/ledger.c (with preprocessing)
[wp] Running WP plugin...
[rte:annot] annotating function f
[rte:annot] annotating function f_g
[rte:annot] annotating function h
[rte:annot] annotating function k
[wp] 13 goals scheduled
[wp] [Passed] Smoke-test typed_f_wp_smoke_default_requires
[wp] [CVC5 1.0.3] Goal typed_f_ensures_eq1 : Valid (Qed:2ms) (470ms) (cached)
[wp] [Qed] Goal typed_f_assigns : Valid
[wp] [Qed] Goal typed_f_g_assigns : Valid (0.59ms)
[wp] [CVC5 1.0.3] Goal typed_f_g_ensures_slow : Timeout (Qed:3ms) (1'05s)
[wp] [Failed] Smoke-test typed_h_wp_smoke_default_requires
  CVC5 1.0.3: Valid (Qed:0.84ms) (140ms)
[wp] src/model/ledger.c:20: Warning: Failed smoke-test
[wp] [CVC5 1.0.3] Goal typed_h_ensures_r : Valid (Qed:1ms) (1.8s)
[wp] [CVC5 1.0.3] Goal typed_f_ensures_late : Unknown (Qed:1ms)
[wp] [Failed] Smoke-test typed_k_wp_smoke_dead_code_s7
       Qed: Valid
[wp] src/model/ledger.c:31: Warning: Failed smoke-test
[wp] [Passed] Smoke-test typed_k_wp_smoke_dead_loop_s4
[wp] [Passed] Smoke-test typed_k_wp_smoke_b1_assumes
[wp] [CVC5 1.0.3] Goal typed_k_loop_invariant_established : Unknown (Qed:1ms)
[wp] [Qed] Goal typed_k_assert_rte_mem_access : Valid (12µs)
[wp] Proved goals:    8 / 14
  Qed:             4  (0.41ms-2ms-4ms)
  CVC5 1.0.3:      4  (170ms-814ms-1.8s) (cached: 1)
[wp] [Cache] found:1, updated:3
[wp] Report 'job.json'
[wp] Running WP plugin...
[wp] 4 goals scheduled
[wp] [Failed] Goal typed_f_g_ensures_slow
  Z3 4.8.12: Failed Unknown error "<&>'
  CVC5 1.0.3: Timeout (Qed:3ms) (1'05s) (cached)
[wp] [Z3 4.8.12] Goal typed_f_ensures_late : Valid (Qed:1ms) (2.5s) (10870098) (cached)
[wp] [Z3 4.8.12] Goal typed_k_loop_invariant_established : Valid (Qed:1ms) (20ms)
[wp] Proved goals:    2 / 4
  Z3 4.8.12:       2
[wp] [Cache] found:1, updated:2
[wp] Report 'job.json'
EOF
cat >"$d/records" <<'EOF'
a.mlw	g1|Goal|a.mlw:3:1|1	z3	Valid	0.03	a.mlw:3	g1'vc: Postcondition
b.mlw	g2|Goal|b.mlw:5:1|1	z3	Timeout	10.0	b.mlw:5	g2'vc: Assertion <x>
b.mlw	g2|Goal|b.mlw:5:1|1	cvc5	Valid	0.5	b.mlw:5	g2'vc: Assertion <x>
b.mlw	g3|Goal|b.mlw:9:1|1	z3	Unknown	0.1	b.mlw:9	g3'vc: Postcondition
EOF

awk -f "$here/wp-log.awk" -v src=src/model/ledger.c -v json="$d/job.json" "$d/job.log" >"$d/job.tsv"
grep -v '^#' "$d/job.tsv" >"$d/goals.tsv"
field() { # field GOAL COLUMN
    awk -F '\t' -v g="$1" -v c="$2" '$3 == g { print $c }' "$d/goals.tsv"
}
check "records" 13 "$(wc -l <"$d/goals.tsv" | tr -d ' ')"
check "scheduled" "#scheduled 13" "$(grep '^#scheduled' "$d/job.tsv")"
check "cache" "#cache 2 5" "$(grep '^#cache' "$d/job.tsv")"
check "function from the report" "f_g" "$(field typed_f_g_assigns 2)"
check "property" "assigns" "$(field typed_f_g_assigns 4)"
check "function from the log" "k" "$(field typed_k_assert_rte_mem_access 2)"
check "cached" "1" "$(field typed_f_ensures_eq1 9)"
check "prover time" "0.47" "$(field typed_f_ensures_eq1 8)"
check "Qed time" "0.00059" "$(field typed_f_g_assigns 8)"
check "microseconds" "1.2e-05" "$(field typed_k_assert_rte_mem_access 8)"
check "timeout" "timeout" "$(field typed_f_g_ensures_slow 6)"
check "timeout time" "65" "$(field typed_f_g_ensures_slow 8)"
check "timeout provers" "Z3 4.8.12,CVC5 1.0.3" "$(field typed_f_g_ensures_slow 7)"
check "fallback proof" "valid" "$(field typed_f_ensures_late 6)"
check "fallback prover" "Z3 4.8.12" "$(field typed_f_ensures_late 7)"
check "time, not steps" "2.5" "$(field typed_f_ensures_late 8)"
check "smoke passed" "passed" "$(field typed_f_wp_smoke_default_requires 6)"
check "smoke failed" "failed" "$(field typed_h_wp_smoke_default_requires 6)"
check "smoke location" "src/model/ledger.c:20" "$(field typed_h_wp_smoke_default_requires 10)"
check "smoke prover" "CVC5 1.0.3" "$(field typed_h_wp_smoke_default_requires 7)"
check "unreachable" "unreachable" "$(field typed_k_wp_smoke_dead_code_s7 6)"
check "unreachable location" "src/model/ledger.c:31" "$(field typed_k_wp_smoke_dead_code_s7 10)"
check "behavior smoke test" "passed" "$(field typed_k_wp_smoke_b1_assumes 6)"
# k has unreachable code: its goal proved only by the fallback keeps its
# first verdict (a failed smoke test is a hypothesis of later passes)
check "fallback after a smoke test" "unknown" "$(field typed_k_loop_invariant_established 6)"
awk -f "$here/wp-log.awk" -v src=src/model/ledger.c -v json="$d/job.json" \
    -v dead_code=fail "$d/job.log" | grep -v '^#' >"$d/fail.tsv"
check "dead code as failure" "failed" \
    "$(awk -F '\t' '$3 == "typed_k_wp_smoke_dead_code_s7" { print $6 }' "$d/fail.tsv")"

sh "$here/proof-report.sh" "$d/goals.tsv" "$d/records" "$d/report.json" "$d/junit.xml"
check "proof-report status" 0 $?
if command -v xmllint >/dev/null 2>&1; then
    xmllint --noout "$d/junit.xml"; xml=$?
elif command -v python3 >/dev/null 2>&1; then
    python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$d/junit.xml"; xml=$?
else
    echo "proofs-selftest: neither xmllint nor python3: XML not checked" >&2; xml=1
fi
check "junit.xml well-formed" 0 "$xml"
check "junit totals" '<testsuites name="proofs" tests="16" failures="4" errors="0" skipped="1"' \
    "$(sed -n 's/ time="[^"]*">$//p' "$d/junit.xml" | grep '^<testsuites')"
check "junit test cases" 16 "$(grep -c '<testcase ' "$d/junit.xml")"
check "junit smoke failure" 1 "$(grep -c '<failure type="smoke" message="smoke test failed at src/model/ledger.c:20: the preconditions (requires) of h' "$d/junit.xml")"
check "junit escapes" 1 "$(grep -c 'Unknown error &quot;&lt;&amp;&gt;&apos;' "$d/junit.xml")"
if command -v python3 >/dev/null 2>&1; then
    js=$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
s = r["summary"]
p = {f["function"]: f["properties"] for f in r["wp"]}
print(s["goals"], s["proved"], s["unproved"], s["smoke_tests"], s["smoke_failed"], s["unreachable"],
      p["f_g"]["ensures_slow"]["status"], p["f"]["ensures_late"]["prover"], len(r["why3"]))' "$d/report.json")
    check "report.json" "11 8 3 5 1 1 timeout Z3 4.8.12 2" "$js"
fi
echo "proofs-selftest: $checks checks, $failed failed"
[ "$failed" -eq 0 ]
