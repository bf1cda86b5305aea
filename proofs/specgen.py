"""specgen.py - the command line shared by the generators that write C
from spec/ (spec2tape.py, spec2domain.py): `NAME [--check] SPECDIR
OUTDIR` writes the generated files into OUTDIR, or with --check writes
nothing and fails when a file there is not what SPECDIR generates."""
import os
import sys


def run(name, generate, error, source, summary):
    """Runs generator NAME: GENERATE(specdir) returns ({file: text}, info)
    or raises ERROR (the generator's SpecError) with a message;
    SOURCE names what the files are generated from, in the message of a
    stale file ("spec/", "spec/law_domain.acsl"); SUMMARY(info, outdir)
    is the line printed after writing. Returns the exit status."""
    argv = sys.argv[1:]
    check = bool(argv) and argv[0] == '--check'
    if check:
        argv = argv[1:]
    if len(argv) != 2:
        sys.stderr.write('usage: %s.py [--check] SPECDIR OUTDIR\n' % name)
        return 2
    try:
        files, info = generate(argv[0])
    except error as e:
        sys.stderr.write('%s: %s\n' % (name, e))
        return 1
    if check:
        stale = [f for f, text in sorted(files.items())
                 if read_or_none(os.path.join(argv[1], f)) != text]
        if stale:
            sys.stderr.write('%s: %s not what %s generates: run make tapes\n'
                             % (name, ', '.join(stale), source))
            return 1
        return 0
    for f, text in sorted(files.items()):
        with open(os.path.join(argv[1], f), 'w') as out:
            out.write(text)
    sys.stderr.write('%s: %s -> %s\n' % (name, summary(info), argv[1]))
    return 0


def read_or_none(path):
    """The text of PATH, or None when it cannot be read."""
    try:
        with open(path) as fh:
            return fh.read()
    except OSError:
        return None
