#!/bin/sh
# bad_input.sh BUILD: every invalid parameter and malformed line of a
# scenario file, run through `collide run FILE --csv DIR`, gets its own
# message naming the file, line, field and allowed range, a non-zero exit
# status (3), and leaves no file in DIR.
. tests/cli_common.sh "$1"

# study 1 (Table I), with line numbers fixed by this text
cat >"$tmp/hr.scn" <<'SCN'
system = Hr
law = bwmcl
E1 = 200e9
nu1 = 0.30
rho1 = 7800
R1 = 0.020
E2 = 1.0e9
nu2 = 0.35
R2 = inf
A = 1
alpha = 0.35
beta = 5.000e7
gamma = 5.000e7
n = 2
c = 4.400e3
x0 = 0.020
v0 = 0
input = gravity
g = 9.81
T = 0.5
rtol = 1e-11
atol = 1e-14
h_max = inf
samples = 1000
SCN

# study 2 (Table II)
cat >"$tmp/hf.scn" <<'SCN'
system = Hf
law = bwshccl
E1 = 0.50e9
nu1 = 0.46
rho1 = 2200
R1 = 0.020
E2 = 2.90e9
nu2 = 0.35
rho2 = 1410
R2 = 0.020
A = 1
alpha = 0.35
beta = 2.409e8
gamma = 2.409e8
n = 2
c = 2.500e7
x0 = 1.5e-3
v0 = 0
xm0 = 0
vm0 = 0.120
input = study2
Fe0 = 0.5759
Te = 0.20
Ts = 0.10
T = 0.5
SCN

# expect BASE SED LINE WANT1 WANT2: edits BASE with the sed script SED,
# runs it, and checks exit 3, "bad.scn:LINE: " (or "bad.scn: " when LINE
# is -), WANT1 and WANT2 on stderr, and an empty output directory.
expect() {
    base=$1; script=$2; line=$3; want1=$4; want2=$5
    sed "$script" "$tmp/$base.scn" >"$tmp/bad.scn"
    out="$tmp/out.$pass.$fail"
    (cd "$tmp" && "$exe" run bad.scn --csv "$out" >stdout 2>stderr)
    rc=$?
    name="$base: $script"
    [ "$rc" -eq 3 ]; check "$name: exit 3 (got $rc)" $?
    if [ "$line" = - ]; then prefix="bad.scn: "; else prefix="bad.scn:$line: "; fi
    head -n 1 "$tmp/stderr" | grep -qF -- "$prefix"
    check "$name: message names '$prefix'" $?
    grep -qF -- "$want1" "$tmp/stderr"; check "$name: message has '$want1'" $?
    grep -qF -- "$want2" "$tmp/stderr"; check "$name: message has '$want2'" $?
    [ ! -e "$out" ] || [ -z "$(ls -A "$out")" ]
    check "$name: no output file" $?
}

# law parameters
expect hr 's/^alpha = .*/alpha = 1.5/' 11 "alpha = 1.5" "alpha in"
expect hr 's/^alpha = .*/alpha = 0/' 11 "alpha = 0" "alpha in"
expect hr 's/^A = .*/A = 0/' 10 "A = 0" "A > 0"
expect hr 's/^beta = .*/beta = -1/' 12 "beta = -1" "beta >= 0"
expect hr 's/^gamma = .*/gamma = 6e7/' 13 "gamma = 6e7" "gamma in"
expect hr 's/^n = .*/n = 0.5/' 14 "n = 0.5" "n >= 1"
expect hr 's/^c = .*/c = -1/' 15 "c = -1" "c > 0"
expect hr '$a k = -1' 25 "k = -1" "k > 0"
expect hr '$a p = 0.5' 25 "p = 0.5" "p >= 1"
expect hf 's/^gamma = .*/gamma = 3e8/' 14 "gamma = 3e8" "gamma in"
expect hf 's/^alpha = .*/alpha = 1/' 12 "alpha = 1" "alpha in"
# the domain of the proofs (spec/law_domain.acsl, spec/bounded.acsl)
expect hr '$a k = 5e12' 25 "k = 5e12 is outside the proof domain: k in [0, 2^40] (spec/law_domain.acsl, domain_gain)" "outside_proved_domain = 1 runs outside it"
expect hr '$a p = 80' 25 "p = 80 is outside the proof domain: p in [1, 64] (spec/law_domain.acsl, domain_exponent)" "outside_proved_domain = 1"
expect hr 's/^v0 = .*/v0 = -5000/' 17 "v0 = -5000 is outside the proof domain: v0 in [-1024, 1024] m/s (spec/law_domain.acsl, domain_speed)" "outside_proved_domain = 1"
expect hr '/^rho1 = /d;$a m = 1e120' 24 "m = 1e120 is outside the proof domain: m in [1e-100, 1e100] (spec/bounded.acsl bounded, and m >= 1e-100 of src/model/hybrid.h)" "outside_proved_domain = 1"
expect hr '/^rho1 = /d;$a m = 1e-120' 24 "m = 1e-120 is outside the proof domain: m in [1e-100, 1e100]" "outside_proved_domain = 1"
expect hf 's/^rho1 = .*/rho1 = 1e120/' 5 "rho1 = 1e120 gives m1 = " "is outside the proof domain: m1 in [1e-100, 1e100]"
# materials and masses
expect hr 's/^E1 = .*/E1 = 0/' 3 "E1 = 0" "E1 in (0, inf)"
expect hr 's/^nu1 = .*/nu1 = 0.7/' 4 "nu1 = 0.7" "nu1 in (-1, 0.5]"
expect hr 's/^rho1 = .*/rho1 = -7800/' 5 "rho1 = -7800" "rho1 in (0, inf)"
expect hr 's/^R1 = .*/R1 = 0/' 6 "R1 = 0" "R1 in (0, inf)"
expect hr 's/^E2 = .*/E2 = -1/' 7 "E2 = -1" "E2 in (0, inf)"
expect hr 's/^nu2 = .*/nu2 = -1.5/' 8 "nu2 = -1.5" "nu2 in (-1, 0.5]"
expect hr 's/^R2 = .*/R2 = -inf/' 9 "R2 = -inf" "R2 in (0, inf]"
expect hf 's/^rho2 = .*/rho2 = 0/' 9 "rho2 = 0" "rho2 in (0, inf)"
expect hr '/^E2 = /d' - "E2 is required" "material"
expect hr '$a m = 1' 25 "m = 1 conflicts with rho1 = 7800" "not both"
expect hr '$a rho2 = 1000' 25 "rho2 does not apply" "infinite mass"
expect hf '$a m = 1' 26 "m does not apply" "m1 and m2"
# initial condition
expect hr 's/^x0 = .*/x0 = -0.02/' 16 "x0 = -0.02" "x0 in [0, inf)"
expect hr 's/^x0 = .*/x0 = inf/' 16 "x0 = inf" "x0 in [0, inf)"
expect hr 's/^x0 = .*/x0 = nan/' 16 "x0 = nan" "NaN"
expect hr 's/^x0 = .*/x0 = twenty/' 16 "not a decimal number" "x0 in [0, inf)"
expect hr 's/^x0 = .*/x0 = 0.02 m/' 16 "x0 = 0.02 m" "x0 in [0, inf)"
expect hr 's/^x0 = .*/x0 = 1e400/' 16 "overflows" "x0 in [0, inf)"
expect hr 's/^x0 = .*/x0 =/' 16 "x0 has no value" "x0 in [0, inf)"
expect hr 's/^v0 = .*/v0 = inf/' 17 "v0 = inf" "v0 in (-inf, inf)"
expect hr '/^x0 = /d' - "x0 is required" "x0 in [0, inf)"
expect hr '/^v0 = /d' - "v0 is required" "v0 in (-inf, inf)"
expect hf '/^vm0 = /d' - "vm0 is required" "vm0 in"
expect hr '$a xm0 = 0' 25 "xm0 does not apply" "H_f"
# input
expect hr 's/^input = .*/input = wind/' 18 "input = wind" "gravity"
expect hr 's/^g = .*/g = -9.81/' 19 "g = -9.81" "g in (0, inf)"
expect hr 's/^input = .*/input = study2/' 18 "input = study2" "requires system = Hf"
expect hf 's/^Fe0 = .*/Fe0 = 0/' 22 "Fe0 = 0" "Fe0 in (0, inf)"
expect hf 's/^Te = .*/Te = -0.2/' 23 "Te = -0.2" "Te in (0, inf)"
expect hf 's/^Ts = .*/Ts = 0/' 24 "Ts = 0" "Ts in (0, inf)"
expect hf '/^Te = /d' - "Te is required" "Te in (0, inf)"
expect hr '$a F = 1' 25 "F does not apply" "input = constant"
# run settings
expect hr 's/^T = .*/T = -0.5/' 20 "T = -0.5" "T in [0, inf)"
expect hr '/^T = /d' - "T is required" "T in [0, inf)"
expect hr 's/^rtol = .*/rtol = 1e-16/' 21 "rtol = 1e-16" "rtol in [1e-15, 1)"
expect hr 's/^rtol = .*/rtol = 1/' 21 "rtol = 1" "rtol in [1e-15, 1)"
expect hr 's/^atol = .*/atol = 0/' 22 "atol = 0" "atol in (0, inf)"
expect hr 's/^h_max = .*/h_max = -1/' 23 "h_max = -1" "h_max in (0, inf]"
expect hr 's/^samples = .*/samples = 10.5/' 24 "not an integer" "samples in [0, "
expect hr '$a zeno_events = 1' 25 "zeno_events = 1" "zeno_events in [2, "
expect hr '$a zeno_window = 0' 25 "zeno_window = 0" "zeno_window in (0, inf]"
expect hr '$a t_tol = 1' 25 "t_tol = 1 is outside" "t_tol in [0, 1e-15 T] = [0, 5e-16] for T = 0.5"
expect hr '$a t_tol = 1e-6' 25 "t_tol = 1e-6 is outside" "t_tol in [0, 1e-15 T]"
expect hr '$a t_tol = -1e-20' 25 "t_tol = -1e-20 is outside" "t_tol in [0, 1e-15 T]"
expect hr '$a graze_tol = -1' 25 "graze_tol = -1" "graze_tol in [0, inf)"
expect hr '$a max_steps = 0' 25 "max_steps = 0" "max_steps in [1, "
# names and syntax
expect hr 's/^system = .*/system = H/' 1 "system = H" "Hr"
expect hr 's/^law = .*/law = hooke/' 2 "law = hooke" "bwmcl"
expect hr '/^law = /d' - "law is required" "law"
expect hr 's/^x0 = .*/x0 0.020/' 16 "malformed line" "key = value"
expect hr 's/^x0 = .*/= 0.020/' 16 "malformed line" "no key"
expect hr 's/^x0 = .*/x-0 = 0.020/' 16 "malformed line" "not a name"
expect hr '$a x0 = 0.03' 25 "x0 is given twice" "first at line 16"
expect hr '$a height = 1' 25 "unknown key height" "law bwmcl"

# command-line settings are checked like the file's
option() { # NAME WANT ARGS...
    name=$1; want=$2; shift 2
    out="$tmp/opt.$pass.$fail"
    "$exe" run "$@" --csv "$out" >/dev/null 2>"$tmp/stderr"
    rc=$?
    [ "$rc" -eq 3 ]; check "$name: exit 3 (got $rc)" $?
    grep -qF -- "$want" "$tmp/stderr"; check "$name: message has '$want'" $?
    [ ! -e "$out" ]; check "$name: no output directory" $?
}
option "--rtol 2" "rtol = 2 is outside the allowed range: rtol in [1e-15, 1)" hertz --rtol 2
option "--atol 0" "atol in (0, inf)" hertz --atol 0
option "--atol abc" "atol = abc is not a decimal number" hertz --atol abc
option "--h-max 0" "h_max in (0, inf]" hertz --h-max 0
option "--samples -3" "samples in [0, " hertz --samples -3
option "--samples 2.5" "not an integer" hertz --samples 2.5
option "missing scenario file" "no-such.scn" "$tmp/no-such.scn"

# a run that fails on the way stops with its documented status, a
# diagnosis giving what stopped it, the simulated time, the mode, the
# named state and the last events, and writes no file; in both modes
failed_run() { # NAME STATUS WANT SCENARIO ARGS...
    name=$1; status=$2; want=$3; shift 3
    out="$tmp/failed.$pass.$fail"
    run "$exe" run "$@" --csv "$out"
    [ "$rc" -eq "$status" ]; check "$name: exit $status (got $rc)" $?
    for w in "$want" "; t = " " s, j = " "mode " "state (x = " "last events: "; do
        has "$w" "$tmp/err"; check "$name: the diagnosis has '$w'" $?
    done
    [ ! -e "$out" ]; check "$name: no output directory" $?
}
# t_tol within [0, 1e-15 T] is accepted and cannot move the collisions
# beyond the tolerance (t_tol = 1e-6 moved e of the last from 0.1043 to
# 0.1067; now refused above): at 5e-16 = 1e-15 T they agree with the
# default (adjacent doubles) to 10 digits
"$exe" run "$tmp/hr.scn" --csv "$tmp/tt0" --quiet
cat "$tmp/hr.scn" >"$tmp/ttol.scn"; echo "t_tol = 5e-16" >>"$tmp/ttol.scn"
run "$exe" run "$tmp/ttol.scn" --csv "$tmp/tt1" --quiet
[ "$rc" -eq 0 ] && "$exe" compare "$tmp/tt1/collisions.csv" "$tmp/tt0/collisions.csv" \
    --digits 10 >"$tmp/tt.cmp"
check "t_tol = 5e-16 (1e-15 T): accepted, collisions within 10 digits of t_tol = 0 ($(tail -n 1 "$tmp/tt.cmp"))" $?
cat "$tmp/hr.scn" >"$tmp/ttol0.scn"; echo "t_tol = 0" >>"$tmp/ttol0.scn"
run "$exe" run "$tmp/ttol0.scn" --csv "$tmp/tt2" --quiet
[ "$rc" -eq 0 ] && cmp -s "$tmp/tt2/collisions.csv" "$tmp/tt0/collisions.csv"
check "t_tol = 0 (the default, adjacent doubles) accepted: the default's bytes" $?
cat "$tmp/hr.scn" >"$tmp/steps.scn"; echo "max_steps = 300" >>"$tmp/steps.scn"
failed_run "max_steps" 6 "max_steps" "$tmp/steps.scn"
has "mode 1 (contact)" "$tmp/err"; check "max_steps: stopped in contact, named" $?
has "'commence-at-touch' at t = 0.2461641522" "$tmp/err"
check "max_steps: the last events are named with their times" $?
failed_run "max_steps, 64 bits" 6 "max_steps" "$tmp/steps.scn" --precision 64
has "'separate' at t = 0.18979590342" "$tmp/err"
check "max_steps, 64 bits: the last events are named with their times" $?
cat "$tmp/hr.scn" >"$tmp/zeno.scn"
printf 'zeno_events = 2\nzeno_window = 0.1\n' >>"$tmp/zeno.scn"
failed_run "Zeno" 8 "Zeno" "$tmp/zeno.scn"
has "mode 0 (apart)" "$tmp/err"; check "Zeno: stopped apart, named" $?
failed_run "Zeno, 64 bits" 8 "Zeno" "$tmp/zeno.scn" --precision 64
cat >"$tmp/overflow.scn" <<'SCN'
system = Hr
law = clamped
k = 1e300
m = 1e-300
x0 = 1e-3
v0 = -1e300
input = none
T = 1
outside_proved_domain = 1
SCN
failed_run "overflow" 5 "NaN or infinity in the state" "$tmp/overflow.scn"
has "last events: none" "$tmp/err"; check "overflow: no event yet, said" $?

# a run that leaves the proof domain on the way (a constant force of 1e6 N
# on 1 kg: v_c passes -1024 m/s at t = 1.024 ms, before any contact; the
# free flight is one step to the touch at t = 1.414 ms, whose end is the
# first accepted state outside) stops with status 14 and names the
# quantity, its value and the domain; with outside_proved_domain = 1 it
# runs on and the printout says where
cat >"$tmp/fast.scn" <<'SCN'
system = Hr
law = clamped
k = 1e6
m = 1
x0 = 1
v0 = 0
input = constant
F = -1e6
T = 0.002
SCN
failed_run "leaves the domain" 14 "the run left the proof domain: v_c = -1414.21356237" "$tmp/fast.scn"
has "is outside the proof domain: v_c in [-1024, 1024] m/s (spec/law_domain.acsl, domain_speed)" "$tmp/err"
check "leaves the domain: the quantity and the domain named" $?
echo "outside_proved_domain = 1" >>"$tmp/fast.scn"
run "$exe" run "$tmp/fast.scn" --csv "$tmp/fast"
[ "$rc" -eq 0 ] && has "outside the proof domain from t = 0.00141421356" "$tmp/out" &&
    has "v_c = -1414.21356237" "$tmp/out" && has "no proof covers this run" "$tmp/out"
check "outside_proved_domain = 1: runs on (exit $rc), the printout says when and which" $?
sed '/^rho1 = /d;$a m = 1e120' "$tmp/hr.scn" >"$tmp/heavy.scn"
echo "outside_proved_domain = 1" >>"$tmp/heavy.scn"
run "$exe" run "$tmp/heavy.scn" --csv "$tmp/heavy"
[ "$rc" -eq 0 ] && has "outside the proof domain from t = 0 s: m = 9.9999999999999998e+119 is outside the proof domain: m in [1e-100, 1e100]" "$tmp/out"
check "m = 1e120 with outside_proved_domain = 1: runs (exit $rc), the printout says so from t = 0" $?

# A UTF-8 byte order mark at the start of a scenario or grid file is
# skipped (it is not part of the first key); the run is that of the file
# without it.
bom=$(printf '\357\273\277')
{ printf '%s' "$bom"; "$exe" show hertz; } >"$tmp/bom.scn"
run "$exe" run "$tmp/bom.scn" --quiet --csv "$tmp/bom"
check "a scenario file with a UTF-8 BOM runs (exit $rc: $(head -n 1 "$tmp/err"))" $rc
"$exe" run hertz --quiet --csv "$tmp/nobom"
cmp -s "$tmp/bom/collisions.csv" "$tmp/nobom/collisions.csv"
check "... with the collisions of the file without it" $?
printf '%sscenario = hertz\nv0 = -1, -2\n' "$bom" >"$tmp/bom.grid"
run "$exe" sweep "$tmp/bom.grid" --threads 1
[ "$rc" -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 3 ]
check "a grid file with a UTF-8 BOM sweeps (exit $rc: $(head -n 1 "$tmp/err"))" $?

finish bad_input.sh
