#!/usr/bin/env python3
"""measure-layout.py [SHARED_LIB] - the measures of the tree's architecture:

- files and lines per folder (C sources and headers);
- the largest file and the largest function;
- the symbols a library exports without the collide_ prefix (the shared
  library when given, its dynamic symbols; and build/libcollide.a, the
  internal archive the program links);
- the function names defined both in the high-precision engine (src/mp)
  and elsewhere: each a concept written twice (--twins: only these, one a
  line, as tests/cli/layout.sh checks them against tests/twins.txt);
- the files of tools/ that compile with include/ and tools/ alone on the
  include path (cc -fsyntax-only): the tools over include/collide.h.

Functions are found as a name and a parameter list at the start of a line
followed by a line that is only "{" (the style of the tree).
"""
import collections
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(ROOT)

FILES = sorted(glob.glob('src/**/*.[ch]', recursive=True) +
               glob.glob('tools/*.[ch]') + glob.glob('include/*.h'))
FUNC = re.compile(r'^(?:static\s+)?(?:const\s+)?[A-Za-z_][\w\s\*]*?\b([A-Za-z_]\w*)\s*\([^;{]*\)\s*\n\{',
                  re.M)


def functions(path):
    """(name, first line, lines) of each function defined in path."""
    text = open(path).read()
    out = []
    for m in FUNC.finditer(text):
        start = text.count('\n', 0, m.start()) + 1
        depth, i = 0, m.end() - 1
        while i < len(text):
            if text[i] == '{':
                depth += 1
            elif text[i] == '}':
                depth -= 1
                if depth == 0:
                    break
            i += 1
        end = text.count('\n', 0, i) + 1
        out.append((m.group(1), start, end - start + 1))
    return out


def twins():
    """The function names defined both in src/mp and elsewhere, sorted."""
    mp_side = [p for p in FILES if p.startswith('src/mp/')]
    b64_side = [p for p in FILES if p.endswith('.c') and p not in mp_side]
    # the mp_ prefix of the functions the files of the run share
    # (src/mp/mp_run.h) makes no other name: mp_take_event is take_event's
    # twin
    shared = set(re.findall(r'\b(mp_\w+)\(', open('src/mp/mp_run.h').read()))
    mp_names = {n[3:] if n in shared else n for p in mp_side
                if p.endswith('.c') for (n, _, _) in functions(p)}
    other = {n for p in b64_side for (n, _, _) in functions(p)}
    return sorted(mp_names & other)


def folder(path):
    return os.path.dirname(path)


def main():
    lines = {p: sum(1 for _ in open(p)) for p in FILES}
    per = collections.OrderedDict()
    for p in FILES:
        f, n = per.setdefault(folder(p), [0, 0])
        per[folder(p)] = [f + 1, n + lines[p]]
    print('files and lines per folder:')
    for d, (f, n) in per.items():
        print('  %-12s %3d files %6d lines' % (d, f, n))
    print('  %-12s %3d files %6d lines' % ('total', len(FILES), sum(lines.values())))
    big = max(FILES, key=lambda p: lines[p])
    print('largest file: %s, %d lines' % (big, lines[big]))
    funcs = [(n, p, s, ln) for p in FILES if p.endswith('.c') for (n, s, ln) in functions(p)]
    name, path, start, ln = max(funcs, key=lambda x: x[3])
    print('largest function: %s (%s:%d), %d lines' % (name, path, start, ln))
    sizes = sorted(x[3] for x in funcs)
    print('functions: %d, median %d lines' % (len(sizes), sizes[len(sizes) // 2]))

    def exported(cmd):
        try:
            out = subprocess.run(cmd, capture_output=True, text=True).stdout
        except OSError:
            return None
        return sorted({l.split()[-1] for l in out.splitlines() if len(l.split()) == 3})
    for lib, cmd in ((sys.argv[1] if len(sys.argv) > 1 else None, 'nm -D --defined-only'),
                     ('build/libcollide.a', 'nm -g --defined-only')):
        if lib and os.path.exists(lib):
            names = exported(cmd.split() + [lib]) or []
            other = [n for n in names if not n.startswith('collide_')]
            print('%s: %d symbols exported, %d without the collide_ prefix'
                  % (lib, len(names), len(other)))

    both = twins()
    print('function names defined in both engines (src/mp and elsewhere): %d'
          % len(both))
    if both:
        print('  ' + ' '.join(both))

    tools = sorted(glob.glob('tools/*.c'))
    mpi = []    # the include path of MPI's own header, for sweep_mpi.c
    try:
        mpi = subprocess.run(['mpicc', '--showme:compile'], capture_output=True,
                             text=True).stdout.split()
    except OSError:
        pass
    public = [p for p in tools if subprocess.run(
        ['cc', '-std=c11', '-fsyntax-only', '-Iinclude', '-Itools'] + mpi + [p],
        capture_output=True).returncode == 0]
    print('tools over include/collide.h alone: %d of %d (%s)'
          % (len(public), len(tools), ' '.join(os.path.basename(p) for p in public)))


if __name__ == '__main__':
    if sys.argv[1:] == ['--twins']:
        print('\n'.join(twins()))
    else:
        main()
