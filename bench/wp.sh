#!/bin/sh
# wp.sh BUILD: the work-precision comparison of studies 1 and 2
# (bench/wp.c): the reference of each study is reference_data/STUDY when
# it is a checked high-precision run of the study as it is now, else a run
# made here (collide run STUDY --precision 128 --check); SciPy's DOP853
# (bench/scipy_baseline.py) runs once at each tolerance of the ladder
# where python3-scipy is installed; then bench-wp runs collide and the
# SUNDIALS peers, BENCH_REPEATS (default 7) times in turn, and prints the
# tables.
build=$1
dir="$build/bench-wp.d"
rm -rf "$dir" && mkdir -p "$dir/scipy" || exit 1
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
scipy=""
$py -c 'import scipy' 2>/dev/null && scipy="--scipy $dir/scipy"
[ -n "$scipy" ] || echo "work-precision: SciPy not installed (python3-scipy): its column stays empty"
args=""
for study in study1 study2; do
    ref="reference_data/$study"
    if ! "$build/bench-wp" --check-ref "$ref" "$study"; then
        ref="$dir/ref-$study"
        echo "reference $study: collide run $study --precision 128 --samples 101 --check"
        "$build/collide" run "$study" --precision 128 --samples 101 --check \
            --quiet --csv "$ref" >/dev/null || exit 1
    fi
    args="$args $study=$ref"
    [ -n "$scipy" ] || continue
    k=0
    for e in 6 7 8 9 10 11 12 13 14; do
        $py bench/scipy_baseline.py "$study" --rtol "1e-$e" --atol "1e-$((e + 3))" \
            --csv "$dir/scipy/$study-$k.csv" >"$dir/scipy/$study-$k.txt" || exit 1
        k=$((k + 1))
    done
done
# shellcheck disable=SC2086
"$build/bench-wp" --repeats "${BENCH_REPEATS:-7}" $scipy $args
