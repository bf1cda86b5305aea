#!/bin/sh
# docs.sh BUILD: the documentation names what exists, and documents what
# exists. The documentation is README.md, the manual doc/*.md and the
# man pages doc/collide.1 and doc/collide-scenario.5. It fails when
#   - a file or folder of the tree it names (src/..., tests/..., a link
#     of the manual) does not exist;
#   - a make target it names (`make X`) is not a target of the Makefile;
#   - a function, type or constant of the library it names (collide_...,
#     COLLIDE_...) is declared by no header of include/;
#   - a command-line option it names (--x) is an option of no command of
#     collide (and not one of another program, listed below);
#   - a line `key = value` of a scenario or grid file it shows names no
#     scenario key;
#   - an option of a command (found by asking the program) is missing
#     from that command's --help (from which collide(1) is generated),
#     from collide(1), or from README.md and the manual;
#   - a scenario key of the reader's key table (src/io/scenario_keys.c) or a
#     parameter of a law (src/model/law_*.c) is missing from the key table
#     of doc/scenario.md or from collide-scenario(5).
. tests/cli_common.sh "$1"

docs="README.md $(ls doc/*.md)"
# the text of a man page: font changes and escaped hyphens undone
unroff() { sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' -e 's/\\e/\\/g' "$@"; }
man="doc/collide.1 doc/collide-scenario.5"

# ---- the files and folders named -------------------------------------------
# words that begin with a folder of the tree (a glob allowed), and the top
# files; a word with a placeholder in capitals (reference_data/NAME) is a
# pattern, not a name.
top='\.ci|bench|doc|examples|figures|include|proofs|python|reference_data|scripts|spec|src|tests|tools'
for f in $docs; do
    grep -oE "(^|[^A-Za-z0-9_./-])($top)/[A-Za-z0-9_.*/+-]*" "$f" |
        sed -E 's/^[^A-Za-z0-9_.]//; s/[.,:;]+$//' |
        grep -vE '(^|/)[A-Z][A-Z_]*(/|$)' | sort -u | while read -r p; do
        # shellcheck disable=SC2086
        set -- $p
        [ -e "$1" ] || echo "$f: $p"
    done
    grep -oE '\b(Makefile|LICENSE|CITATION\.cff|collide\.pc\.in)\b' "$f" |
        sort -u | while read -r p; do [ -e "$p" ] || echo "$f: $p"; done
done >"$tmp/nofile"
[ ! -s "$tmp/nofile" ]
check "every file the documentation names exists ($(head -n 5 "$tmp/nofile" | tr '\n' ' '))" $?

# the links of the manual: relative to the page, anchors dropped.
for f in $docs; do
    d=$(dirname "$f"); [ "$d" = . ] && d= || d=$d/
    grep -oE '\]\([^)#]+(#[^)]*)?\)' "$f" | sed -E 's/^\]\(//; s/[#)].*$//' |
        grep -vE '^[a-z]+:' | sort -u | while read -r l; do
        [ -e "$d$l" ] || echo "$f: ($l)"
    done
done >"$tmp/nolink"
[ ! -s "$tmp/nolink" ]
check "every link of README.md and doc/*.md leads to a file ($(head -n 5 "$tmp/nolink" | tr '\n' ' '))" $?

# ---- the make targets named ------------------------------------------------
make -pRrq -f Makefile : 2>/dev/null |
    awk -F: '/^[a-zA-Z0-9][^$#\/\t=]*:([^=]|$)/ { print $1 }' | sort -u >"$tmp/targets"
grep -qx check "$tmp/targets" && grep -qx test "$tmp/targets"
check "the Makefile's targets are read" $?
# `make X ...` in backquotes and `    make X` in code blocks; X not VAR=...
for f in $docs; do
    { grep -oE '`make [^`]*`' "$f" | sed 's/^`//; s/`$//'
      grep -E '^    (\$ )?make ' "$f" | sed -E 's/^    (\$ )?//'; } |
        awk '{ for (i = 2; i <= NF; i++) { if ($i ~ /^#/) break
               if ($i !~ /=/ && $i !~ /^-/) print $i } }' |
        sort -u | while read -r t; do
        grep -qxF -- "$t" "$tmp/targets" || echo "$f: make $t"
    done
done >"$tmp/notarget"
[ ! -s "$tmp/notarget" ]
check "every make target the documentation names exists ($(head -n 5 "$tmp/notarget" | tr '\n' ' '))" $?

# ---- the options -----------------------------------------------------------
commands=$("$exe" --help | awk '/^commands:$/ { on = 1; next }
    on && /^  [a-z]/ { print $1; next } on { exit }')
[ -n "$commands" ]; check "collide --help lists the commands" $?
# the candidates: every --x of the documentation and of the program's text
{ cat $docs; unroff $man; cat tools/*.c; } |
    grep -oE -- '--[a-z][a-z0-9-]*' | sort -u >"$tmp/candidates"
# accepted CMD OPTION: 0 when the command knows the option (the parser
# says "unknown option" of no other)
accepted() {
    "$exe" "$1" "$2" </dev/null >/dev/null 2>"$tmp/probe"
    ! grep -qF -- "unknown option $2" "$tmp/probe"
}
: >"$tmp/options"
for c in $commands; do
    while read -r o; do
        case $o in --help) continue ;; esac
        accepted "$c" "$o" && echo "$c $o" >>"$tmp/options"
    done <"$tmp/candidates"
done
grep -q "^run --csv$" "$tmp/options" && ! grep -q -- "--frobnicate" "$tmp/options"
check "the options of each command are found by asking the program ($(wc -l <"$tmp/options") pairs)" $?

# every option of a command is in its --help, in collide(1) and in the manual
while read -r c o; do
    "$exe" "$c" --help | grep -qE -- "$o([^a-z0-9-]|\$)" ||
        echo "$c $o: not in collide $c --help"
    unroff doc/collide.1 | grep -qE -- "$o([^a-z0-9-]|\$)" ||
        echo "$c $o: not in collide(1)"
    cat $docs | grep -qE -- "$o([^a-z0-9-]|\$)" || echo "$c $o: not in README.md nor doc/"
done <"$tmp/options" >"$tmp/undocumented"
[ ! -s "$tmp/undocumented" ]
check "every option of every command is documented ($(head -n 5 "$tmp/undocumented" | tr '\n' ' '))" $?

# every option the documentation names is one of collide's, or of the
# other programs it shows: pkg-config, pip, valgrind, mpirun, the
# compiler, the differential test, examples/*.py, tests/meta_check.py;
# or the `--opt` of the
# option syntax
others='--cflags --libs --static --no-build-isolation --no-deps --tool
--oversubscribe --allow-run-as-root --coverage --seed --print --bug --lib
--summary --opt --help --version'
{ cat $docs; unroff $man; } | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u |
    while read -r o; do
        cut -d' ' -f2 "$tmp/options" | grep -qxF -- "$o" && continue
        echo "$others" | tr ' ' '\n' | grep -qxF -- "$o" && continue
        echo "$o"
    done >"$tmp/nooption"
[ ! -s "$tmp/nooption" ]
check "every option the documentation names exists ($(head -n 5 "$tmp/nooption" | tr '\n' ' '))" $?

# ---- the names of the library ----------------------------------------------
# every collide_ or COLLIDE_ name of the documentation (not a pattern
# collide_model_* or COLLIDE_COMPARE_*, not a file collide_int.h, not an
# environment variable $COLLIDE_LIB or COLLIDE_FAULT=...) is declared by a
# header of include/; of doc/api-changes.md, the record of the names that
# changed, only what its tables give in their column "after"
doc_names() {
    case $1 in
    doc/api-changes.md) awk -F'|' '/^\| before \| after \|/ { t = 1; next }
        t && /^\|/ { print $3; next } { t = 0 }' "$1" ;;
    *) cat "$1" ;;
    esac
}
for f in $docs; do
    doc_names "$f" | grep -oE '.?\b(collide|COLLIDE)_[A-Za-z0-9_]*.?' |
        grep -vE '^\$|[.*=]$|_.$' | sed -E 's/^[^A-Za-z0-9_]//; s/[^A-Za-z0-9_]$//' |
        sort -u |
        while read -r n; do
            grep -qw -- "$n" include/*.h || echo "$f: $n"
        done
done >"$tmp/noname"
[ ! -s "$tmp/noname" ]
check "every collide_ and COLLIDE_ name the documentation gives is in include/ ($(head -n 5 "$tmp/noname" | tr '\n' ' '))" $?

# ---- the scenario keys -----------------------------------------------------
# the reader's key table and the laws' parameter names, from the source
sed -n '/^static const key_spec key_table\[\] = {/,/^};/p' src/io/scenario_keys.c |
    grep -oE '^    \{"[A-Za-z0-9_]+"' | sed 's/.*"\(.*\)"/\1/' >"$tmp/keys"
sed -n -e '/par_names\[.*\] *= *{.*};/p' \
    -e '/par_names\[.*\] *= *{[^;]*$/,/};/p' src/system/registry.c |
    grep -oE '"[A-Za-z0-9_]+"' | tr -d '"' >>"$tmp/keys"
sort -u "$tmp/keys" -o "$tmp/keys"
grep -qx rtol "$tmp/keys" && grep -qx alpha "$tmp/keys" && grep -qx system "$tmp/keys"
check "the scenario keys are read from the source ($(wc -l <"$tmp/keys") keys)" $?
while read -r k; do
    grep -qF -- "| \`$k\` |" doc/scenario.md || echo "$k: not in doc/scenario.md"
    grep -qxF -- ".B $k" doc/collide-scenario.5 || echo "$k: not in collide-scenario(5)"
done <"$tmp/keys" >"$tmp/nokey"
[ ! -s "$tmp/nokey" ]
check "every scenario key is documented ($(head -n 5 "$tmp/nokey" | tr '\n' ' '))" $?

# the `key = value` lines of the scenario and grid files shown: code blocks
# (lines indented by four spaces) that hold a line `system = ` or
# `scenario = `
for f in $docs; do
    awk -v f="$f" '
        function flush(   i) {
            if (isfile) for (i = 1; i <= n; i++) print f ": " line[i]
            n = 0; isfile = 0 }
        /^    / { s = substr($0, 5)
                  if (s ~ /^(system|scenario) = /) isfile = 1
                  if (s ~ /^[A-Za-z_][A-Za-z0-9_]* = /) {
                      sub(/ = .*/, "", s); line[++n] = s }
                  next }
        { flush() }
        END { flush() }' "$f"
done | while read -r where k; do
    [ "$k" = scenario ] && continue
    grep -qxF -- "$k" "$tmp/keys" || echo "$where $k"
done >"$tmp/badkey"
grep -q . "$tmp/badkey" && bad=1 || bad=0
[ "$bad" -eq 0 ]
check "every key of the scenario files shown exists ($(head -n 5 "$tmp/badkey" | tr '\n' ' '))" $?

finish docs.sh
