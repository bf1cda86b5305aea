#!/bin/sh
# man-commands.sh COLLIDE - the sections of collide(1) that help2man does
# not take from `collide --help`, as a help2man include file
# (help2man --include): the SYNOPSIS, made of the usage lines of every
# command; one section per command holding its `collide COMMAND --help`
# as written (no filling); EXAMPLES; SEE ALSO. The commands are those
# that `collide --help` lists, so that the usage texts of the program are
# the one source of the command reference (make man, make man-check).
set -eu
exe=$1
# roff: a backslash doubled, a leading dot or quote escaped
roff() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
commands=$("$exe" --help | awk '/^commands:$/ { on = 1; next }
    on && /^  [a-z]/ { print $1; next }
    on { exit }')
[ -n "$commands" ] || { echo "man-commands.sh: no commands in collide --help" >&2; exit 1; }

echo "[SYNOPSIS]"
echo ".nf"
for cmd in $commands; do
    # the usage lines: up to the first blank line, "usage: " dropped
    "$exe" "$cmd" --help | awk 'NF == 0 { exit }
        { sub(/^usage: /, ""); sub(/^       /, ""); print }' | roff
done
echo "collide --help | COMMAND --help | --version"
echo ".fi"
echo
for cmd in $commands; do
    echo "[COMMAND: $cmd]"
    echo ".nf"
    "$exe" "$cmd" --help | roff
    echo ".fi"
    echo
done
cat <<'END'
[EXAMPLES]
.nf
collide list                                 # the built-in scenarios
collide run study1                           # study 1 of the paper (Table I)
collide show study1 > my.scn                 # a scenario file to edit
collide run my.scn --csv out                 # its result set in out/
collide run study1 --precision 128 --check --csv hp   # 128 bits, digits checked
collide run study1 --samples 101 --csv mine
collide compare mine reference_data/study1 --digits 5 # against a reference set
collide audit traj.csv --scenario my.scn     # another code's trajectory
collide plot study1 --out fig                # the figures, with gnuplot
collide sweep grid.txt --threads 2 --out sweep.csv
collide sweep grid.txt --shard 1/2 --out part1.csv
collide merge part1.csv part2.csv --out sweep.csv
.fi

[SEE ALSO]
.BR collide-scenario (5)
(the scenario files: every key, its unit, range and default);
the manual under /usr/share/doc/collide (or the PREFIX of the install):
README.md and doc/, in particular doc/cli.md (the command line),
doc/output.md (result sets), doc/high-precision.md, doc/compare.md,
doc/audit.md and doc/sweeps.md.
END
