#!/bin/sh
# run.sh BUILD SECONDS: builds the libFuzzer harnesses (clang, with
# AddressSanitizer and UndefinedBehaviorSanitizer) into BUILD/fuzz and runs
# each for SECONDS, starting from its seed corpus (tests/fuzz/NAME/, copied:
# the tree is not changed). A crash, leak or sanitizer report fails the
# run and leaves the input in BUILD/fuzz/crash-NAME/; add it to
# tests/fuzz/NAME/ as a regression seed once fixed (every seed is run on
# each campaign). The last line reads "fuzz: N harnesses, E executions,
# 0 crashes".
set -u
build=$1
secs=$2
out="$build/fuzz"
cc=${FUZZ_CC:-clang}
inc="-Iinclude $(for d in src/*/; do printf -- '-I%s ' "${d%/}"; done)-Itools -I$out/gen"
flags="-g -O1 -std=c11 $inc -fsanitize=address,undefined -fno-sanitize-recover=undefined"
command -v "$cc" >/dev/null 2>&1 || { echo "fuzz: $cc not found (Debian packages clang, libclang-rt-14-dev)"; exit 1; }
mkdir -p "$out/obj"
scripts/revision "$out/gen/collide_revision.h" || exit 1   # for meta.c
objs=""
for src in src/*/*.c tools/*.c; do
    case "$src" in tools/main.c | tools/sweep_mpi.c) continue ;; esac
    o="$out/obj/$(basename "$src" .c).o"
    if [ ! -e "$o" ] || [ "$src" -nt "$o" ]; then
        $cc $flags -fsanitize=fuzzer-no-link -c "$src" -o "$o" || exit 1
    fi
    objs="$objs $o"
done
total=0
for name in scenario audit; do
    bin="$out/fuzz_$name"
    # shellcheck disable=SC2086
    $cc $flags -fsanitize=fuzzer "tests/fuzz/fuzz_$name.c" $objs \
        -lmpfr -lgmp -lm -pthread -o "$bin" || exit 1
    rm -rf "$out/corpus-$name" "$out/crash-$name"
    mkdir -p "$out/corpus-$name" "$out/crash-$name"
    cp tests/fuzz/"$name"/* "$out/corpus-$name"/
    "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
        -max_len=4096 -artifact_prefix="$out/crash-$name/" \
        "$out/corpus-$name" >"$out/log-$name" 2>&1
    rc=$?
    execs=$(sed -n -E 's/^Done ([0-9]+) runs.*/\1/p' "$out/log-$name" | tail -n 1)
    echo "fuzz $name: ${execs:-?} executions in ${secs} s, exit $rc"
    if [ "$rc" -ne 0 ]; then
        grep -m 5 -E "ERROR|SUMMARY|runtime error" "$out/log-$name"
        echo "fuzz: $name found a failure: $(ls "$out/crash-$name")"
        echo "fuzz: 2 harnesses, crash in $name"
        exit 1
    fi
    total=$((total + ${execs:-0}))
done
echo "fuzz: 2 harnesses, $total executions, 0 crashes"
