#!/bin/sh
# spec2domain.sh BUILD: the laws' proof domains that domain.c checks
# parameters against (src/system/law_domain_spec.c) are what
# proofs/spec2domain.py writes from spec/law_domain.acsl today; a bound
# changed in the spec makes them stale; a law whose spec has no
# NAME_domain, or a term that is no range of a parameter, is refused,
# named, and nothing is written.
. tests/cli_common.sh "$1"

if ! command -v python3 >/dev/null 2>&1; then
    echo "spec2domain.sh: python3 not found (Debian package python3): skipped"
    exit 0
fi
run python3 proofs/spec2domain.py --check spec src/system
check "src/system/law_domain_spec.c is current with spec/law_domain.acsl (make tapes)" $rc

cp -r spec "$tmp/spec"
mkdir "$tmp/gen" "$tmp/gen2"
python3 proofs/spec2domain.py "$tmp/spec" "$tmp/gen" 2>/dev/null
cmp -s "$tmp/gen/law_domain_spec.c" src/system/law_domain_spec.c
check "the generator writes the table from a copy of spec/" $?

# A mutant: BWMCL's c bounded below by 2^-21 instead of 2^-20.
sed 's/in_range(par\[7\], (double)0x1p-20, (double)0x1p40)/in_range(par[7], (double)0x1p-21, (double)0x1p40)/' \
    spec/law_domain.acsl >"$tmp/spec/law_domain.acsl"
python3 proofs/spec2domain.py "$tmp/spec" "$tmp/gen2" 2>/dev/null
python3 proofs/spec2domain.py --check "$tmp/spec" src/system 2>"$tmp/err"
[ $? -eq 1 ] && has "law_domain_spec.c not what spec/law_domain.acsl generates" "$tmp/err" &&
    has '{"bwmcl", 7, 0x1p-21, 0x1p40,' "$tmp/gen2/law_domain_spec.c" &&
    has '"in [2^-21, 2^40] (spec/law_domain.acsl, bwmcl_domain)"' "$tmp/gen2/law_domain_spec.c"
check "a changed bound of bwmcl_domain makes the table stale, and is in the new one" $?
rm -f "$tmp/gen2/law_domain_spec.c" "$tmp/gen2/law_domain_spec.h"

# A law without its domain: clamped_domain removed.
grep -v 'clamped_domain' spec/law_domain.acsl >"$tmp/spec/law_domain.acsl"
python3 proofs/spec2domain.py "$tmp/spec" "$tmp/gen2" 2>"$tmp/err"
[ $? -eq 1 ] && [ -z "$(ls "$tmp/gen2")" ] &&
    has "law clamped has no predicate clamped_domain" "$tmp/err"
check "a law with no NAME_domain is refused, naming it" $?

# A term that is no range: shccl's p bounded by a product.
sed 's/domain_exponent(par\[1\])/in_range(par[1] * 2, (double)1.0, (double)64.0)/' \
    spec/law_domain.acsl >"$tmp/spec/law_domain.acsl"
python3 proofs/spec2domain.py "$tmp/spec" "$tmp/gen2" 2>"$tmp/err"
[ $? -eq 1 ] && [ -z "$(ls "$tmp/gen2")" ] &&
    has "shccl_domain, term in_range" "$tmp/err" && has "no par[i]" "$tmp/err"
check "a term that is no range of par[i] is refused, naming it" $?
cp spec/law_domain.acsl "$tmp/spec/law_domain.acsl"

finish spec2domain.sh
