#!/bin/sh
# man-commands.sh COLLIDE - the help of each command of COLLIDE as the
# sections of a help2man include file (help2man --include), one section a
# command, its text kept as written (no filling): the man page then holds
# `collide COMMAND --help` of every command, not only the overview.
set -eu
exe=$1
for cmd in run show list plot compare audit sweep merge; do
    echo "[COMMAND: $cmd]"
    echo ".nf"
    "$exe" "$cmd" --help | sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
    echo ".fi"
    echo
done
