#!/bin/sh
# layers.sh BUILD: the layers are a stack (doc/design.md, "Layers"): no
# include and no symbol of the library runs back up the order of the
# Makefile's LAYERS (scripts/check-layers.sh), but the one documented
# exception, the root finder's evaluation callback root_eval. The checker
# is shown to fail: on a copy of the tree where the proved model includes
# the model of src/system, where tools/ includes a header of src/, where a
# header name is in two layers; and on objects where one of src/b64 lies in
# src/model.
. tests/cli_common.sh "$1"
obj="$1/obj"

run sh scripts/check-layers.sh . "$obj"
[ "$rc" -eq 0 ] && [ ! -s "$tmp/out" ]
check "no include and no symbol runs back up the layers ($(head -n 3 "$tmp/out" | tr '\n' ' '))" $?

[ -f "$obj/src/kernel/rootfind.o" ] && [ -f "$obj/src/b64/engine.o" ] &&
    nm "$obj/src/kernel/rootfind.o" | grep -q ' U root_eval$'
check "the one exception is real: the root finder calls root_eval of src/b64" $?

# a copy of the tree's layers, to break
copy="$tmp/tree"
mkdir -p "$copy"
cp -R Makefile src include tools spec "$copy"/

sed 's/#include "system_kind.h"/#include "model.h"/' src/model/hybrid.h \
    >"$copy/src/model/hybrid.h"
run sh scripts/check-layers.sh "$copy"
has "src/model/hybrid.h: includes src/system/model.h, a layer above src/model" "$tmp/out"
check "an include of src/system by the proved model is reported" $?
cp src/model/hybrid.h "$copy/src/model/hybrid.h"

printf '#include "sim.h"\n' >>"$copy/tools/grid.h"
run sh scripts/check-layers.sh "$copy"
has "tools/grid.h: includes src/rules/sim.h (tools/ sees include/ and tools/ only)" "$tmp/out"
check "an include of src/ by tools/ is reported" $?
cp tools/grid.h "$copy/tools/grid.h"

cp src/base/grow.h "$copy/src/io/grow.h"
run sh scripts/check-layers.sh "$copy"
has "includes grow.h, found in several layers (src/base src/io)" "$tmp/out"
check "a header name in two layers is reported" $?
rm "$copy/src/io/grow.h"

run sh scripts/check-layers.sh "$copy"
[ "$rc" -eq 0 ] && [ ! -s "$tmp/out" ]
check "the copy mended is clean again" $?

mkdir -p "$tmp/obj/src/model" "$tmp/obj/src/kernel" "$tmp/obj/src/b64"
cp "$obj/src/kernel/dop853.o" "$tmp/obj/src/kernel/"
cp "$obj/src/b64/engine.o" "$tmp/obj/src/model/"
cp src/b64/engine.c "$copy/src/model/"   # as if the source lay there too
run sh scripts/check-layers.sh "$copy" "$tmp/obj"
o=engine.o   # the object of src/b64, laid in src/model
has "src/model/$o: uses dop853_" "$tmp/out"
check "an object calling a layer above it is reported" $?

rm "$copy/src/model/engine.c"
run sh scripts/check-layers.sh "$copy" "$tmp/obj"
! has "src/model/$o" "$tmp/out"
check "a stale object (its source moved or deleted since that build) is left out" $?

finish layers.sh
