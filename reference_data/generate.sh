#!/bin/sh
# generate.sh BUILD [OUT] [NAME...]: writes the reference result sets
# (reference_data/README.md) into OUT (default reference_data), one
# directory per NAME (default: every set listed below). Each set is a
# checked high-precision run, `collide run SRC --precision BITS --digits
# DIGITS --samples SAMPLES --check --csv OUT/NAME`: its result set (the
# tables, their scd tables, the meta.json that the program writes, and a
# MANIFEST listing them), put in place by the program in one step: a run
# that fails leaves the previous set as it was; a check that finds fewer
# digits than DIGITS (exit 11) writes its set, status 11 in its meta.json.
# Exits non-zero when any set fails.
set -u
build=$1
out=${2:-reference_data}
[ $# -ge 2 ] && shift 2 || shift $#
exe="$build/collide"
BITS=128        # 38 decimal digits
DIGITS=25       # claimed, and written; the check holds every value to it
SAMPLES=101     # samples at t = k T / 100, k = 0 .. 100

# NAME SOURCE: the paper's runs and the closed-form cases are built-in
# scenarios; the others are files in reference_data/scenarios/.
sets="example-v2 hertz study1 study2 study3-shccl study3-bwshccl study3-bwmcl
free-fall slow-approach fast-approach mass-ratio-0.01 mass-ratio-100
gamma-minus-beta bwmcl-n1"
[ $# -gt 0 ] && sets="$*"

source_of() {
    if "$exe" list | awk '{ print $1 }' | grep -qx -- "$1"; then
        echo "$1"
    else
        echo "reference_data/scenarios/$1.scn"
    fi
}

status=0
mkdir -p "$out"
log=$(mktemp) || exit 1
trap 'rm -f "$log"' EXIT
for name in $sets; do
    src=$(source_of "$name")
    # the run writes its whole result set, meta.json included, into
    # OUT/NAME (doc/output.md); the MANIFEST records the command
    # as given, with no temporary name in it
    if "$exe" run "$src" --precision "$BITS" --digits "$DIGITS" \
            --samples "$SAMPLES" --check --csv "$out/$name" >"$log" 2>&1; then
        echo "reference: $name"
    else
        echo "reference: $name FAILED:" >&2
        tail -n 3 "$log" >&2
        status=1
    fi
done
exit $status
