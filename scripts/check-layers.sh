#!/bin/sh
# check-layers.sh ROOT [OBJDIR]: the arrows that run back up the layers of
# the tree at ROOT, one a line; silent when there is none.
#
# The layers, bottom to top, are the Makefile's LAYERS, then tools/
# (doc/design.md, "Layers"). A file may include a header of its own layer
# or of a layer below it; the files of tools/ only include/ and tools/;
# every file may include the specification (spec/*.acsl). A header is
# looked up as the compiler does: beside the including file first, then
# in the layers; a header name found in two layers, or in none, is
# reported too (collide_revision.h is generated into the build).
#
# With OBJDIR (the build's obj/ folder), the same order is checked at the
# link: a symbol that an object of a layer leaves undefined must not be
# defined by an object of a layer above it. One exception, which the
# prover needs: the root finder of src/kernel calls the evaluation
# function root_eval, which the binary64 engine defines (src/kernel/
# rootfind.h): a callback declared below and defined above, so that the
# proved root finder calls a function with a contract instead of a
# function pointer, which WP cannot follow.
root=$1
objdir=$2
cd "$root" || exit 2
layers=$(sed -n '/^LAYERS *=/,/[^\\]$/p' Makefile | sed 's/^LAYERS *=//; s/\\$//' | tr -s ' \n' ' ')
[ -n "$layers" ] || { echo "check-layers.sh: no LAYERS in $root/Makefile"; exit 2; }
order="$layers tools"

# ---- includes ---------------------------------------------------------------
# the files of the layers ("F path"), then their include lines
# ("I path:line:#include ...")
{
    for l in $order; do
        for f in "$l"/*.c "$l"/*.h; do
            [ -f "$f" ] && echo "F $f"
        done
    done
    for l in $order; do
        grep -H '^[ 	]*#[ 	]*include[ 	]*"' "$l"/*.c "$l"/*.h 2>/dev/null
    done | sed 's/^/I /'
} | awk -v order="$order" '
    function dir(p) { sub(/\/[^\/]*$/, "", p); return p }
    function base(p) { sub(/.*\//, "", p); return p }
    BEGIN {
        n = split(order, L, " ")
        for (i = 1; i <= n; i++) rank[L[i]] = i
    }
    $1 == "F" {
        have[$2] = 1
        b = base($2); d = dir($2)
        if (b in holders)
            holders[b] = holders[b] " " d
        else
            holders[b] = d
        next
    }
    {
        line = substr($0, 3)
        f = line; sub(/:.*/, "", f)
        h = line; sub(/^[^"]*"/, "", h); sub(/".*/, "", h)
        l = dir(f)
        if (h ~ /\//) {                 # a path beside the file
            p = l "/" h
            while (sub(/[^\/]+\/\.\.\//, "", p)) ;
            where = dir(p)
            if (where == "spec")
                next                    # the specification: below every layer
        } else if ((l "/" h) in have) {
            next                        # beside the file: its own layer
        } else if (h in holders) {
            where = holders[h]
        } else {
            if (h != "collide_revision.h")
                print f ": includes " h ", found in no layer"
            next
        }
        if (where ~ / /) {
            print f ": includes " h ", found in several layers (" where ")"
            next
        }
        if (l == "tools") {
            if (where != "include" && where != "tools")
                print f ": includes " where "/" h " (tools/ sees include/ and tools/ only)"
        } else if (!(where in rank) || rank[where] > rank[l]) {
            print f ": includes " where "/" h ", a layer above " l
        }
    }'

# ---- symbols ---------------------------------------------------------------
[ -n "$objdir" ] || exit 0
objs=""
for l in $layers; do
    for o in "$objdir/$l"/*.o; do
        # an object whose source is gone (moved or deleted since that
        # build) is stale, not part of the library: left out
        c=${o##*/}
        [ -f "$o" ] && [ -f "$l/${c%.o}.c" ] && objs="$objs $o"
    done
done
[ -n "$objs" ] || { echo "check-layers.sh: no objects in $objdir"; exit 0; }
# shellcheck disable=SC2086
nm -A $objs | awk -v order="$layers" -v objdir="$objdir/" '
    BEGIN { n = split(order, L, " "); for (i = 1; i <= n; i++) rank[L[i]] = i }
    {
        f = $1; sub(/:[0-9a-f]*$/, "", f); sub("^" objdir, "", f)
        l = f; sub(/\/[^\/]*$/, "", l)
        if (NF == 3 && $2 ~ /^[TDRBCV]$/) print "D", rank[l], $3, f
        else if (NF == 3 && $2 == "U") print "U", rank[l], $NF, f
    }' | awk '
    $1 == "D" { def[$3] = $2; from[$3] = $4; next }
    { use[n++] = $0 }
    END {
        for (k = 0; k < n; k++) {
            split(use[k], a, " ")
            if (!(a[3] in def) || def[a[3]] <= a[2])
                continue
            if (a[4] == "src/kernel/" "rootfind.o" && a[3] == "root_eval")
                continue   # the documented exception (above)
            print a[4] ": uses " a[3] " of " from[a[3]] ", a layer above"
        }
    }' | sort
