#!/bin/sh
# install.sh BUILD - collide installed like a C library (make install-check):
#   1. make install into a staging DESTDIR (PREFIX=/usr) puts the program,
#      the header, the static and shared libraries (soname libcollide.so.3),
#      collide.pc, the man page, and README.md, LICENSE, CITATION.cff and
#      the examples (share/doc/collide) where they belong;
#   2. the shared library and the installed static library export the
#      collide_ names of include/collide.h and collide_aux.h and no other;
#   3. examples/run_scenario.c, built with nothing but
#      `pkg-config --cflags --libs collide` (and --static), runs study 1 in
#      binary64 and at 113 bits and prints the coefficients of restitution
#      of the program's own collisions.csv, digit for digit;
#   4. examples/check_rhs.py (Python, the package of python/ over the installed shared
#      library) finds the SciPy exporter's right-hand side equal to
#      collide_model_flow, and names the component an injected bug
#      changes (skipped without python3-scipy);
#   5. make uninstall leaves no file behind;
#   6. collide.pc names the PREFIX of the install being made, also after
#      an install under another PREFIX.
#   and (1b) collide-scenario(5) under share/man/man5, the manual
#   (doc/*.md) under share/doc/collide/doc, where README.md's links lead.
# The last line reads "install.sh: N passed, N failed".
set -u
build=$1
here=$(cd "$(dirname "$0")/.." && pwd)
case $build in /*) ;; *) build=$here/$build ;; esac
stage=$build/stage
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "install.sh: FAIL: $*"; }
check() { if eval "$2"; then ok; else bad "$1"; fi; }

rm -rf "$stage"
mkdir -p "$build"   # a fresh clone has no build directory yet
make -s -C "$here" BUILD="$build" DESTDIR="$stage" PREFIX=/usr install \
    > "$build/install.log" 2>&1 || { cat "$build/install.log"; bad "make install"; }
lib=$stage/usr/lib
for f in usr/bin/collide usr/include/collide.h usr/include/collide_aux.h \
         usr/lib/libcollide.a \
         usr/lib/pkgconfig/collide.pc usr/share/man/man1/collide.1 \
         usr/share/doc/collide/README.md usr/share/doc/collide/LICENSE \
         usr/share/doc/collide/CITATION.cff \
         usr/share/doc/collide/examples/run_scenario.c \
         usr/share/doc/collide/examples/check_rhs.py; do
    check "installed $f" "[ -f '$stage/$f' ]"
done
check "libcollide.so -> libcollide.so.3" "[ \"\$(readlink '$lib/libcollide.so')\" = libcollide.so.3 ]"
check "libcollide.so.3 -> the versioned file" "[ -f '$lib/libcollide.so.3' ] && [ -L '$lib/libcollide.so.3' ]"
check "soname libcollide.so.3" \
    "objdump -p '$lib/libcollide.so.3' | grep -q 'SONAME *libcollide.so.3\$'"

# 2. exported symbols: collide_ only, and every function of the header
exported=$(nm -D --defined-only "$lib/libcollide.so.3" | awk '{print $3}' | sort)
others=$(echo "$exported" | grep -v '^collide_' || true)
check "shared library exports only collide_ names (others: $others)" "[ -z \"\$others\" ]"
static=$(nm -g --defined-only "$lib/libcollide.a" 2>/dev/null | awk 'NF == 3 {print $3}' | sort)
sothers=$(echo "$static" | grep -v '^collide_' || true)
check "static library defines only collide_ globals (others: $(echo $sothers | cut -c1-200))" "[ -z \"\$sothers\" ]"
declared=$(sed -n 's/^COLLIDE_API [^(]*[ *]\(collide_[a-z_0-9]*\)(.*/\1/p' "$here/include/collide.h" "$here/include/collide_aux.h" | sort)
check "every COLLIDE_API function of collide.h and collide_aux.h is exported" \
    "[ \"\$declared\" = \"\$exported\" ]"
[ "$declared" = "$exported" ] || { echo "declared: $declared"; echo "exported: $exported"; }

# 3. the example, through pkg-config only
export PKG_CONFIG_PATH="$lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$stage"
ex=$build/examples
mkdir -p "$ex"
cc -std=c11 -Wall -Wextra -Werror "$here/examples/run_scenario.c" \
    $(pkg-config --cflags --libs collide) -o "$ex/run_scenario" 2> "$ex/cc.log"
check "run_scenario.c builds with pkg-config --cflags --libs collide" "[ -x '$ex/run_scenario' ]"
cc -std=c11 -Wall -Wextra -Werror -static "$here/examples/run_scenario.c" \
    $(pkg-config --static --cflags --libs collide) -o "$ex/run_scenario_static" 2>> "$ex/cc.log"
check "run_scenario.c builds with pkg-config --static" "[ -x '$ex/run_scenario_static' ]"
[ -s "$ex/cc.log" ] && cat "$ex/cc.log"
check "run_scenario links the shared library" \
    "LD_LIBRARY_PATH='$lib' ldd '$ex/run_scenario' | grep -q '$lib/libcollide.so.3'"

# the e column of the program's own result set, as "i e" lines
expected() {  # BITS
    rm -rf "$ex/set"
    if [ "$1" = 53 ]; then
        "$build/collide" run study1 --quiet --csv "$ex/set" || return 1
    else
        "$build/collide" run study1 --quiet --precision "$1" --csv "$ex/set" || return 1
    fi
    awk -F, 'NR == 1 { for (k = 1; k <= NF; k++) if ($k == "e") c = k; next }
             { print $1, $c }' "$ex/set/collisions.csv"
}
for bits in 53 113; do
    want=$(expected $bits)
    got=$(LD_LIBRARY_PATH="$lib" "$ex/run_scenario" study1 $bits)
    check "run_scenario study1 $bits (shared) prints collisions.csv's e" \
        "[ -n \"\$want\" ] && [ \"\$got\" = \"\$want\" ]"
    got=$("$ex/run_scenario_static" study1 $bits)
    check "run_scenario study1 $bits (static) prints collisions.csv's e" \
        "[ -n \"\$want\" ] && [ \"\$got\" = \"\$want\" ]"
done
LD_LIBRARY_PATH="$lib" "$ex/run_scenario" no-such-scenario 2> "$ex/err.txt"
st=$?
check "a bad scenario: status 3 and a message naming it" \
    "[ $st = 3 ] && grep -q no-such-scenario '$ex/err.txt'"
LD_LIBRARY_PATH="$lib" "$ex/run_scenario" study1 20 2> "$ex/err.txt"
st=$?
check "precision 20: status 2 and the allowed range" \
    "[ $st = 2 ] && grep -q 'precision in \[54, 16384\]' '$ex/err.txt'"

# 4. the model calls from Python, through the package of python/ and the
#    installed shared library
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
if $py -c 'import numpy, scipy' 2>/dev/null; then
    check "check_rhs.py: the exporter's right-hand side is collide_model_flow's" \
        "$py '$here/examples/check_rhs.py' --lib '$lib/libcollide.so.3' > '$ex/rhs.txt'"
    for bug in mass:v gamma-sign:z_c1 damping:z_c2; do
        check "check_rhs.py --bug ${bug%%:*}: ${bug#*:} named as differing" \
            "! $py '$here/examples/check_rhs.py' --lib '$lib/libcollide.so.3' --bug ${bug%%:*} > '$ex/rhs.txt' && grep -q '^${bug#*:} .*<- differs' '$ex/rhs.txt'"
    done
else
    echo "install.sh: skip: check_rhs.py needs NumPy and SciPy (python3-scipy)"
fi

# 1b. the man page of the scenario files, and the manual (doc/*.md) under
# share/doc/collide/doc, where the links of README.md lead
check "installed collide-scenario(5)" \
    "cmp -s '$here/doc/collide-scenario.5' '$stage/usr/share/man/man5/collide-scenario.5'"
for f in "$here"/doc/*.md; do
    check "installed the manual's $(basename "$f")" \
        "cmp -s '$f' '$stage/usr/share/doc/collide/doc/$(basename "$f")'"
done
# the links of the installed README.md lead to installed files
for l in $(grep -oE '\]\(doc/[^)#]+' "$here/README.md" | sed 's/^](//' | sort -u); do
    [ -e "$here/$l" ] || continue   # a link to no file: tests/cli/docs.sh reports it
    check "README.md's link $l installed" "[ -f '$stage/usr/share/doc/collide/$l' ]"
done

# 5. uninstall
make -s -C "$here" BUILD="$build" DESTDIR="$stage" PREFIX=/usr uninstall \
    >> "$build/install.log" 2>&1 || bad "make uninstall"
left=$(find "$stage" -type f -o -type l)
check "make uninstall leaves no file ($left)" "[ -z \"\$left\" ]"
check "make uninstall removes share/doc/collide" "[ ! -e '$stage/usr/share/doc/collide' ]"

# 6. collide.pc follows PREFIX: installs under two prefixes in turn, the
#    second .pc names the second (it named the first, built once)
stage2=$build/stage-prefix
rm -rf "$stage2"
for p in /opt/collide-a /opt/collide-b; do
    make -s -C "$here" BUILD="$build" DESTDIR="$stage2" PREFIX="$p" install \
        >> "$build/install.log" 2>&1 || bad "make install PREFIX=$p"
done
pc=$stage2/opt/collide-b/lib/pkgconfig/collide.pc
check "PREFIX=/opt/collide-b after /opt/collide-a: its collide.pc names it" \
    "grep -qx 'prefix=/opt/collide-b' '$pc' && grep -qx 'libdir=/opt/collide-b/lib' '$pc' && grep -qx 'includedir=/opt/collide-b/include' '$pc'"
check "pkg-config --libs of the second install names its library directory" \
    "PKG_CONFIG_PATH='$stage2/opt/collide-b/lib/pkgconfig' PKG_CONFIG_SYSROOT_DIR= pkg-config --libs collide | grep -q -- '-L/opt/collide-b/lib '"
rm -rf "$stage2"

echo "install.sh: $pass passed, $fail failed"
[ "$fail" = 0 ]
