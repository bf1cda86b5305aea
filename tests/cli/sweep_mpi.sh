#!/bin/sh
# sweep_mpi.sh BUILD: `mpirun -np 2 collide-mpi sweep` (make mpi) writes
# the bytes of `collide sweep` of the same grid, to a file and to stdout,
# with 2 and 3 ranks and with more ranks than points; a bad grid or option
# is reported once (exit 3, no file); a failed write is an error; --resume
# with DIR shared by the ranks. Skipped with a reason without Open MPI.
. tests/cli_common.sh "$1"
mpi="$1/collide-mpi"

if ! command -v mpirun >/dev/null 2>&1 || ! command -v mpicc >/dev/null 2>&1
then
    echo "skip: Open MPI (mpirun, mpicc) is not installed; make mpi installs it"
    echo "sweep_mpi.sh: 0 passed, 0 failed"
    exit 0
fi
# (made every time: make relinks it when the library changed, and a
# binary left from older sources would test those)
make --no-print-directory BUILD="$1" "$mpi" >"$tmp/make.log" 2>&1
check "build $mpi (see make mpi)" $?

# Root in a container: --allow-run-as-root; --oversubscribe for more
# ranks than cores. Open MPI's own allocations outlive MPI_Finalize, so the
# leak check of a sanitizer build is off here (sweep.sh checks sweep.c).
mpirun_n() { # RANKS COMMAND...
    n=$1; shift
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
    timeout 120 mpirun --allow-run-as-root --oversubscribe -np "$n" "$@" \
        >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

g="$tmp/grid.txt"
cat >"$g" <<'GRID'
# a small grid of the Hertzian scenario
scenario = hertz
v0 = linspace(-2, -0.5, 4)   # impact velocities
x0 = 1e-4, 0.01
GRID
"$exe" sweep "$g" --threads 1 --out "$tmp/ref.csv"

mpirun_n 2 "$mpi" sweep "$g" --threads 1 --out "$tmp/m2.csv"
check "mpirun -np 2 collide-mpi sweep: exit 0 (got $rc)" $rc
cmp -s "$tmp/m2.csv" "$tmp/ref.csv"
check "mpirun -np 2: the bytes of collide sweep" $?
[ "$(wc -l <"$tmp/m2.csv")" -eq 9 ]; check "mpirun -np 2: 8 rows" $?
mpirun_n 3 "$mpi" sweep "$g" --threads 2
[ $rc -eq 0 ] && cmp -s "$tmp/out" "$tmp/ref.csv"
check "mpirun -np 3 to stdout: the bytes of collide sweep (rank 0 writes)" $?

sed 's/^x0 = .*/x0 = 1e-4, -1e-3/' "$g" >"$tmp/bad.txt"
mpirun_n 2 "$mpi" sweep "$tmp/bad.txt" --out "$tmp/bad.csv"
[ $rc -ne 0 ] && [ ! -e "$tmp/bad.csv" ]
check "mpirun -np 2 with x0 = -1e-3: non-zero exit (got $rc), no file" $?
[ "$(grep -c "point 1: .*x0 = -1e-3" "$tmp/err")" -eq 1 ]
check "mpirun -np 2: the bad point reported once ($(head -n 1 "$tmp/err"))" $?
mpirun_n 2 "$mpi" sweep "$g" --out "$tmp/ref.csv/x.csv"
[ $rc -ne 0 ] && has "not a directory" "$tmp/err"
check "mpirun -np 2 with an unwritable --out: non-zero exit (got $rc)" $?
mpirun_n 2 "$mpi" sweep "$g" --shard 1/2
[ $rc -ne 0 ] && has "--shard is not for a sweep over ranks" "$tmp/err"
check "mpirun -np 2 with --shard: a usage error" $?

# more ranks than points: rank 2 runs none and sends no row
printf 'scenario = hertz\nv0 = -1, -2\n' >"$tmp/two.txt"
"$exe" sweep "$tmp/two.txt" --threads 1 --out "$tmp/two.csv"
mpirun_n 3 "$mpi" sweep "$tmp/two.txt" --threads 1 --out "$tmp/m3.csv"
[ $rc -eq 0 ] && cmp -s "$tmp/m3.csv" "$tmp/two.csv"
check "mpirun -np 3 over 2 points: the bytes of collide sweep (got $rc)" $?

# --resume DIR shared by the ranks: a rerun takes every point from DIR
mpirun_n 2 "$mpi" sweep "$g" --threads 1 --resume "$tmp/R" --out "$tmp/r1.csv"
[ $rc -eq 0 ] && cmp -s "$tmp/r1.csv" "$tmp/ref.csv" && [ "$(ls "$tmp/R" | wc -l)" -eq 8 ]
check "mpirun -np 2 --resume: the bytes, one file per point (got $rc)" $?
rm "$tmp/R/point-6.csv"
mpirun_n 2 "$mpi" sweep "$g" --threads 1 --resume "$tmp/R" --out "$tmp/r2.csv"
[ $rc -eq 0 ] && cmp -s "$tmp/r2.csv" "$tmp/ref.csv" &&
    has "1 points run, 3 taken from $tmp/R" "$tmp/err" && has "0 points run, 4 taken from $tmp/R" "$tmp/err"
check "mpirun -np 2 --resume after deleting point 6: only rank 0 runs it ($(tr '\n' ' ' <"$tmp/err"))" $?

# usage over the ranks: printed once
mpirun_n 2 "$mpi" sweep --help
[ $rc -eq 0 ] && [ "$(grep -c '^usage: collide sweep' "$tmp/out")" -eq 1 ]
check "mpirun -np 2 sweep --help: the usage once" $?
mpirun_n 2 "$mpi" sweep "$g" --precision 20
[ $rc -eq 3 ] && [ "$(grep -c -- '--precision = 20 is outside the allowed range' "$tmp/err")" -eq 1 ]
check "mpirun -np 2 sweep --precision 20: exit 3, said once (got $rc)" $?

finish sweep_mpi.sh
