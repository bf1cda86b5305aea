#!/bin/sh
# scenario_errors.sh BUILD: scenario files beyond bad_input.sh - CR LF line
# ends and tabs around '=' read as LF and spaces (the same result files);
# a key is a name of letters, digits and _ not starting with a digit (an
# unknown one named with its line); more than 64 entries refused at the
# 65th line; H_f with input = constant requires F1 and F2, and runs with
# them, F1 is refused with input = study2, which requires Fe0; show marks
# a mass given as given; masses (Eq. 189) and k_H (Eq. 192) that overflow
# are refused with their equation; an empty file names the first key
# required. Each refusal: exit 3 and the message on stderr.
. tests/cli_common.sh "$1"
case "$exe" in /*) ;; *) exe="$(pwd)/$exe" ;; esac
cd "$tmp" || exit 1

"$exe" show hertz | sed 's/#.*//; /^ *$/d' >h.scn
"$exe" show study2 | sed 's/#.*//; /^ *$/d' >s2.scn

# refused NAME FILE MESSAGE: run FILE gives exit 3 and MESSAGE
refused() {
    run "$exe" run "$2"
    [ "$rc" -eq 3 ] && has "$3" "$tmp/err"
    check "$1: exit 3, '$3' (got $rc: $(cat "$tmp/err"))" $?
}

# ---- CR LF and tabs ----
sed 's/ *= */\t=\t/; s/$/\r/' h.scn >crlf.scn
run "$exe" run crlf.scn --csv A
rca=$rc
run "$exe" run h.scn --csv B
n=0
for f in collisions events ledger samples trajectory; do
    cmp -s "A/$f.csv" "B/$f.csv" || n=$((n + 1))
done
[ "$rca" -eq 0 ] && [ "$rc" -eq 0 ] && [ "$n" -eq 0 ]
check "CR LF line ends and tabs around '=': the result files of the plain file ($n differ, got $rca)" $?

# ---- keys ----
{ cat h.scn; echo "1k = 2"; } >k1.scn
refused "a key starting with a digit" k1.scn \
    'k1.scn:15: malformed line "1k = 2": the key "1k" is not a name (letters, digits, _)'
{ cat h.scn; echo "_k9 = 2"; } >k2.scn
refused "a key starting with _ is a name, unknown here" k2.scn \
    "k2.scn:15: unknown key _k9: not a scenario key nor a parameter of law shccl"
i=1
while [ "$i" -le 65 ]; do echo "key$i = 1"; i=$((i + 1)); done >many.scn
refused "65 entries" many.scn "many.scn:65: more than 64 entries"
printf '\n' >empty.scn
refused "a file of one empty line" empty.scn \
    "empty.scn: system is required: the system: Hr (Eqs. 80-84) or Hf (Eqs. 73-79)"

# ---- H_f with constant forces ----
sed 's/^input .*/input = constant/; /^Fe0 /d; /^Te /d; /^Ts /d' s2.scn >c.scn
refused "H_f, input = constant without F1" c.scn \
    "c.scn: F1 is required: constant applied force F_e,1 of H_f, F1 in (-inf, inf)"
echo "F1 = 1" >>c.scn
refused "H_f, input = constant without F2" c.scn \
    "c.scn: F2 is required: constant applied force F_e,2 of H_f, F2 in (-inf, inf)"
echo "F2 = -1" >>c.scn
run "$exe" run c.scn
[ "$rc" -eq 0 ] && has "c.scn: H_f, law bwshccl" "$tmp/out"
check "H_f, input = constant with F1 and F2: runs (got $rc: $(cat "$tmp/err"))" $?
{ cat s2.scn; echo "F1 = 1"; } >f1hf.scn
refused "F1 in H_f with input = study2" f1hf.scn \
    "f1hf.scn:31: F1 does not apply here: F1 and F2 are the constant forces of H_f with input = constant"
grep -v '^Fe0 ' s2.scn >nofe.scn
refused "input = study2 without Fe0" nofe.scn \
    "nofe.scn: Fe0 is required: F_e,0 of Eqs. (208)-(209), Fe0 in (0, inf)"
{ cat h.scn; echo "F1 = 1"; } >f1.scn
refused "F1 in H_r" f1.scn "F1 and F2 are the constant forces of H_f with input = constant"

# ---- m2 given instead of rho2: show says so, m1 still derived ----
sed 's/^rho2 = .*/m2 = 0.03/' s2.scn >m2.scn
run "$exe" show m2.scn
[ "$rc" -eq 0 ] && grep -q "^#   m2 = 0.029999999999999999 kg  *given$" "$tmp/out" &&
    grep -q "^#   m1 = .* kg  *Eq. (189)$" "$tmp/out"
check "show of H_f with m2 given: m2 'given', m1 by Eq. (189) (got $rc)" $?

# ---- derived quantities that overflow ----
sed 's/^rho1 = .*/rho1 = 1e308/; s/^R1 = .*/R1 = 1e100/' s2.scn >big.scn
refused "a mass that overflows" big.scn \
    "big.scn: m1 = inf, derived by Eq. (189), is outside the allowed range: m1 in (0, inf)"
sed 's/^E1 = .*/E1 = 1e308/; s/^E2 = .*/E2 = 1e308/; s/^R1 = .*/R1 = 1e300/; s/^R2 = .*/R2 = 1e300/' \
    s2.scn >kbig.scn
refused "k_H that overflows" kbig.scn \
    "kbig.scn: k_H = inf, derived by Eq. (192), is outside the allowed range: k_H in (0, inf)"

finish scenario_errors.sh
