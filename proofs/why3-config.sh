#!/bin/sh
# why3-config.sh BUILD LOGDIR - makes the project-local Why3 configuration
# BUILD/why3.conf that run-wp.sh, run-why3.sh and run-mutants.sh share, if
# it is missing: `why3 config detect`, then the cvc5 prover section that
# why3 1.5.1 does not generate (TOOLCHAIN.md facts: driver cvc4_16).
# Prints the path of the configuration; non-zero exit on failure (the
# output of the detection is in LOGDIR/why3-detect.log).
set -u
conf=$1/why3.conf
log=$2/why3-detect.log
if [ ! -s "$conf" ] || ! grep -q 'shortcut = "cvc5"' "$conf"; then
    rm -f "$conf"
    WHY3CONFIG=$conf why3 config detect >"$log" 2>&1 || exit 1
    cat >>"$conf" <<'CONF'

[prover]
command = "cvc5 --tlimit-per=%t000 --lang=smt2 %f"
command_steps = "cvc5 --rlimit=%S --lang=smt2 %f"
driver = "cvc4_16"
name = "CVC5"
shortcut = "cvc5"
version = "1.0.3"
CONF
fi
echo "$conf"
