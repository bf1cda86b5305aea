# cli_common.sh BUILD - sourced by each tests/cli/*.sh (from the top of
# the tree): exe, the program; tmp, a directory removed at exit; check
# NAME STATUS, one check and its line; run CMD..., which keeps stdout in
# $tmp/out, stderr in $tmp/err and the status in rc; has TEXT FILE;
# column_of NAME FILE; and finish NAME, the closing line
# "NAME: N passed, M failed" and the status.
exe="$1/collide"
pass=0; fail=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

check() { # NAME STATUS
    if [ "$2" -eq 0 ]; then pass=$((pass + 1)); echo "ok   $1"
    else fail=$((fail + 1)); echo "FAIL $1"; fi
}

run() {
    "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

has() { grep -qF -- "$1" "$2"; }

# the 1-based index of column NAME in the header of FILE: column_of NAME FILE
column_of() {
    head -n 1 "$2" | tr ',' '\n' | grep -nx -- "$1" | cut -d: -f1
}

finish() {
    echo "$1: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
