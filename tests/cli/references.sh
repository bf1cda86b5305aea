#!/bin/sh
# references.sh BUILD - every path of the tree that a tracked text file
# names (src/..., include/..., tools/..., spec/..., proofs/..., tests/...,
# doc/..., examples/..., bench/..., figures/..., reference_data/...,
# scripts/...) is a file or a folder of the tree: a file moved or renamed
# leaves no stale reference behind. Patterns (a name followed by * or
# cut at _, as src/model/law_*.c) and placeholders in upper case (NAME,
# SET, ...) are not paths; nor are the command lines that the MANIFEST of
# a reference set records, or .gitignore's patterns.
. tests/cli_common.sh
top='src|include|tools|spec|proofs|tests|doc|examples|bench|figures|reference_data|scripts'
git ls-files > "$tmp/files" 2>/dev/null || find . -type f | sed 's|^\./||' > "$tmp/files"
grep -v -e '^proofs/wp-cache/' -e '^reference_data/.*\.csv$' -e '/MANIFEST$' \
    -e '^\.gitignore$' "$tmp/files" |
while read -r f; do
    [ -f "$f" ] || continue
    grep -Iq . "$f" 2>/dev/null || continue       # text files only
    grep -oE "(^|[^A-Za-z0-9_./-])($top)/[A-Za-z0-9_./*-]*[A-Za-z0-9_/*]" "$f" |
        sed -E "s/^[^A-Za-z]//" | sed "s|^|$f |"
done | sort -u > "$tmp/refs"
n=0; missing=0
while read -r f ref; do
    case $ref in *'*'*|*_|*/[A-Z][A-Z]*) continue ;; esac
    n=$((n + 1))
    p=${ref%/}
    if [ ! -e "$p" ]; then
        missing=$((missing + 1))
        echo "missing: $f names $ref"
    fi
done < "$tmp/refs"
echo "references: $n paths named, $missing missing"
check "every path named in the tree exists ($missing missing of $n)" "$missing"
finish references.sh
