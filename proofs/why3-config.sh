#!/bin/sh
# why3-config.sh BUILD LOGDIR - makes the project-local Why3 configuration
# BUILD/why3.conf that run-wp.sh, run-why3.sh and run-mutants.sh share, if
# it is missing or older than the provers installed: `why3 config detect`,
# then the cvc5 prover section that why3 1.5.1 does not generate
# (TOOLCHAIN.md facts: driver cvc4_16).  It is made again when z3 or cvc4
# is installed but not in it (a configuration detected before
# scripts/ensure-packages installed them).  Written to a temporary file
# and renamed, so that concurrent runs never read half of it.  Prints the
# path of the configuration; non-zero exit on failure (the output of the
# detection is in LOGDIR/why3-detect.log).
set -u
conf=$1/why3.conf
log=$2/why3-detect.log
stale=0
if [ ! -s "$conf" ] || ! grep -q 'shortcut = "cvc5"' "$conf"; then
    stale=1
else
    for p in Z3:z3 CVC4:cvc4; do
        if command -v "${p#*:}" >/dev/null 2>&1 &&
            ! grep -q "name = \"${p%%:*}\"" "$conf"; then
            stale=1
        fi
    done
fi
if [ "$stale" -eq 1 ]; then
    mkdir -p "$1" "$2" || exit 1
    tmp=$conf.tmp.$$
    rm -f "$tmp"
    WHY3CONFIG=$tmp why3 config detect >"$log" 2>&1 || { rm -f "$tmp"; exit 1; }
    cat >>"$tmp" <<'CONF'

[prover]
command = "cvc5 --tlimit-per=%t000 --lang=smt2 %f"
command_steps = "cvc5 --rlimit=%S --lang=smt2 %f"
driver = "cvc4_16"
name = "CVC5"
shortcut = "cvc5"
version = "1.0.3"
CONF
    mv -f "$tmp" "$conf" || exit 1
fi
echo "$conf"
