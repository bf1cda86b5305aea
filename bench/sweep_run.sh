#!/bin/sh
# sweep_run.sh BUILD: times a 1000-point binary64 sweep of study 1 over v0
# (logspace(-3, 1, 1000)) with 1 and with 2 threads, checks that both write
# the same bytes, and prints the times and the scaling (goal: under 10 s,
# within 10% of linear).
exe="$1/collide"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
printf 'scenario = study1\nv0 = logspace(-3, 1, 1000)\n' >"$tmp/grid.txt"

# wall time in seconds of a sweep with $1 threads into $2
wall() {
    s=$(date +%s.%N)
    "$exe" sweep "$tmp/grid.txt" --threads "$1" --out "$2" || return 1
    e=$(date +%s.%N)
    awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f", e - s }'
}

t1=$(wall 1 "$tmp/t1.csv") || exit 1
t2=$(wall 2 "$tmp/t2.csv") || exit 1
same=no
cmp -s "$tmp/t1.csv" "$tmp/t2.csv" && same=yes
awk -v a="$t1" -v b="$t2" -v same="$same" -v cores="$(nproc)" 'BEGIN {
    eff = a / (2 * b)
    printf "sweep study1 v0 1000 points: 1 thread %.2f s, 2 threads %.2f s, " \
           "speed-up %.2fx, efficiency %.0f%% of linear (%d online cores), " \
           "same bytes %s\n", a, b, a / b, 100 * eff, cores, same
    printf "sweep goal: under 10 s %s, within 10%% of linear %s\n",
           (b < 10 ? "met" : "missed"), (eff >= 0.9 ? "met" : "missed")
}'
[ "$same" = yes ]
