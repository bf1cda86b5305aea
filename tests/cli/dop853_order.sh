#!/bin/sh
# dop853_order.sh BUILD: the order conditions of DOP853 (every rooted tree
# of order <= 8, the 3rd-order weights, the row sums) over the published
# decimals of src/kernel/dop853.c in exact rational arithmetic
# (tests/dop853_order.py), and that a changed coefficient fails them.
. tests/cli_common.sh "$1"

run python3 tests/dop853_order.py src/kernel/dop853.c
check "dop853: order conditions of order 8 hold within 1e-27" $rc
has "200 trees of order <= 8" "$tmp/out"; check "dop853: 200 trees checked" $?

sed 's/^#define B_8 -5.8012039600105847814672114227e0$/#define B_8 -5.8012039600105847814672104227e0/' \
    src/kernel/dop853.c >"$tmp/dop853.c"
run python3 tests/dop853_order.py "$tmp/dop853.c"
[ "$rc" -ne 0 ]; check "dop853: b_8 changed by 1e-24 fails the conditions" $?

finish dop853_order
