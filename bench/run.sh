#!/bin/sh
# run.sh BUILD: the figures of `make bench` (see bench/bench.c), those of
# the high-precision mode (bench/mp_run.sh), then the paper's method (bench/scipy_baseline.py, SciPy's solve_ivp DOP853 with the
# step bounded by 1e-4 s) on studies 1 and 2, and the ratios; then the
# work-precision comparison of studies 1 and 2 (bench/wp.sh) and the
# instruction counts (bench/instructions.sh).
build=$1
"$build/bench" || exit 1
sh bench/mp_run.sh "$build" || exit 1
sh bench/sweep_run.sh "$build" || exit 1
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
if ! $py -c 'import scipy' 2>/dev/null; then
    echo "baseline: skipped: SciPy not installed (python3-scipy)"
fi
$py -c 'import scipy' 2>/dev/null && for study in study1 study2; do
    csv="$build/baseline-$study.csv"
    line=$($py bench/scipy_baseline.py "$study" --csv "$csv") || exit 1
    echo "$line"
    cmp=$("$build/bench" --against "$csv" "$study") || exit 1
    echo "$cmp" | sed 's/^against/baseline digits/'
    bw=$(echo "$line" | sed -E 's/.*wall_s=([0-9.e+-]+).*/\1/')
    bn=$(echo "$line" | sed -E 's/.*nfev=([0-9]+).*/\1/')
    ow=$(echo "$cmp" | sed -n -E 's/^ours.*wall_s=([0-9.e+-]+).*/\1/p')
    on=$(echo "$cmp" | sed -n -E 's/^ours.*nfev=([0-9]+).*/\1/p')
    awk -v bw="$bw" -v bn="$bn" -v ow="$ow" -v on="$on" -v s="$study" \
        'BEGIN { printf "ratio %s: speed-up %.1fx, rhs evaluations %.3f of the baseline\n", s, bw / ow, on / bn }'
done
sh bench/wp.sh "$build" || exit 1
sh bench/instructions.sh "$build" || exit 1
