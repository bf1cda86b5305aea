#!/usr/bin/env python3
"""mutate.py - the mutation campaign of the WP proofs (proofs/mutants/README.md).

Generates mutants over every function of the proved core (code only, never
ACSL annotations or comments), the functions of the headers that a file of
the core includes and so proves (static inline: src/b64/flow_map.h through
flow_map.c), adds the named mutants of proofs/mutants/*.mut,
and runs each through Frama-C/WP on its own function, on a copy under
BUILD/mutants (the repository is never modified).

    python3 proofs/mutate.py BUILD --core "src/model/ledger.c src/kernel/select.c" --skip f,g \
        [--mode sample|full|named|list] [--files "src/model/ledger.c"] [--ids ID,...]

Settings (environment): MUT_TIMEOUT (s per goal and prover, default 10),
MUT_TIMEOUT_LONG (rerun of a mutant killed only by timeouts, default 30),
MUT_JOBS (frama-c processes at once, default 2, each -wp-par 1),
MUT_SAMPLE (generated mutants in the sample, default 24), MUT_SEED (default
13), MUT_PROVERS (the provers tried in turn on each goal, default cvc5,z3:
those of make proofs).

A mutant is killed when a goal that the baseline (the unmutated function,
same provers, the larger budget) proves is not proved.  Goals the campaign's
provers cannot prove in the baseline cannot tell a mutant from the original:
they are left out of the decision and counted in the report.  The run of a
mutant stops at the first goal that decides the kill; goals its edit leaves
unchanged are answered from the campaign's cache (written by the baselines,
which run every prover again, only read by the mutants).
"""
import argparse
import concurrent.futures as cf
import glob
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import threading
import time

import witness

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The tree whose src/ and spec/ are mutated (MUT_SRC, default this one),
# e.g. a `git archive BRANCH include src spec` extraction.
SRC = os.path.abspath(os.environ.get('MUT_SRC') or ROOT)

# The campaign's committed prover answers (make mutants-cache writes it,
# make mutants reads it): WP's cache entries of the baselines and of the
# mutants, each the answer of one prover at the step budget to one goal,
# keyed by the goal's text.  A step budget gives the same answer on every
# run, so a goal whose text has not changed is answered from here; a goal
# an edit changed is not found and goes to the provers.  Answers of the
# wall-clock limit (timeout) are never kept.  Failed is: a prover stopped
# by its step limit with an error (cvc5 1.0.3 on some goals: "Failed
# Unknown error" after the whole budget), the same on every run; a prover
# missing altogether stops the campaign before (the Why3 configuration).
COMMITTED_CACHE = os.path.join(ROOT, 'proofs', 'mutants', 'wp-cache')
KEPT_VERDICTS = ('valid', 'unknown', 'invalid', 'stepout', 'failed')
# the budget the committed answers were given at: read only at the same
BUDGET_FILE = 'budget.txt'

# Families whose survivors fail the campaign: every file of the proved
# core (WP_CORE, given by --core: dop853.c and derived.c too, run whole by
# make mutants-full).  The tested families (--tested: files outside the
# proved set, the engine and the driver) are mutated and killed by the
# studies and the tests alone; their generated survivors are reported and
# do not fail (no goal exists that could kill them), their named mutants
# must be killed like every named one.
FAIL_FAMILIES = set()

# The folders of src/ whose headers the core includes (-I of gcc and of
# frama-c's preprocessor): the layers, as in the Makefile's LAYERS.
LAYERS = ("base", "model", "kernel", "system", "rules", "io", "b64", "mp")


# z3 4.8.12 with a step limit: why3 1.5.1 detects z3 only as a partial
# prover, without the steps command.  Its rlimit runs about ten times as
# fast as cvc5's --rlimit on this project's goals (measured: 1e6 z3 units
# and 1e5 cvc5 units each take about a second): z3, the fallback, gets the
# same number of units, about a tenth of cvc5's time.
Z3_STEPS = '''
[prover]
command = "z3 -smt2 -T:%t sat.random_seed=42 nlsat.randomize=false smt.random_seed=42 -st %f"
command_steps = "z3 -smt2 sat.random_seed=42 nlsat.randomize=false smt.random_seed=42 -st rlimit=%S %f"
driver = "z3_471"
name = "Z3"
shortcut = "z3"
version = "4.8.12"
'''


def fails_on_survivor(path):
    return path in FAIL_FAMILIES


# ---------------------------------------------------------------------------
# Headers of the core.  A header of src/ that defines functions (static
# inline, e.g. src/b64/flow_map.h, whose functions the engine's right-hand
# side evaluates without a call) is proved through a C file of the core
# that includes it (flow_map.c): WP proves every function of a translation
# unit.  Such a header is a family of the core: its mutants are applied to
# the header, proved through that unit (the .c of the same stem when it
# includes the header, else the first file of the core that does), and
# their witnesses rebuild every object of the library that includes it.

def proved_headers(core, src=None):
    """{header: unit}: every header of src/ that defines a function and
    that a file of CORE includes directly, with the file of CORE through
    which WP proves it."""
    src = src or SRC
    texts = {}
    for c in core:
        with open(os.path.join(src, c)) as f:
            texts[c] = f.read()
    res = {}
    for h in sorted(glob.glob(os.path.join(src, 'src', '*', '*.h'))):
        rel = os.path.relpath(h, src)
        with open(h) as f:
            t = f.read()
        if not functions(t, mask(t)):
            continue
        users = [c for c in core if os.path.basename(rel) in witness.includes_of(texts[c])]
        if not users:
            continue
        same = [c for c in users if os.path.splitext(c)[0] == os.path.splitext(rel)[0]]
        res[rel] = (same or users)[0]
    return res


def is_header(path):
    return path.endswith('.h')


def object_code(d, path, text, incs):
    """Stripped gcc -O2 object code of TEXT (as file PATH, compiled in the
    folder D, which it leaves empty): (bytes, '') or (None, gcc's errors).
    A header is compiled as C on its own with -fkeep-inline-functions, so
    that the code of each of its static inline functions is in the object
    whether a caller is compiled with it or not."""
    os.makedirs(d, exist_ok=True)
    c = os.path.join(d, os.path.basename(path))
    with open(c, 'w') as f:
        f.write(text)
    o = os.path.join(d, 'x.o')
    lang = ['-x', 'c', '-fkeep-inline-functions'] if is_header(path) else []
    r = subprocess.run(['gcc', '-std=c11', '-O2', '-c', '-Werror=int-conversion',
                        '-Werror=incompatible-pointer-types', '-Werror=return-type',
                        '-Werror=implicit-function-declaration',
                        *incs] + lang + [os.path.basename(path), '-o', 'x.o'], cwd=d,
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr
    subprocess.run(['strip', o], check=True)
    with open(o, 'rb') as f:
        data = f.read()
    shutil.rmtree(d, ignore_errors=True)
    return data, ''


# ---------------------------------------------------------------------------
# Lexing: comments (ACSL included), strings and preprocessor lines are
# masked with spaces, offsets kept.

def mask(text):
    out = list(text)
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == '#':
            j = text.find('\n', i)
            j = n if j < 0 else j
            while j > 0 and text[j - 1] == '\\' and j < n:
                j = text.find('\n', j + 1)
                j = n if j < 0 else j
            for k in range(i, j):
                out[k] = ' '
            i = j
            continue
        if c == '\n':
            line_start = True
            i += 1
            continue
        if c in ' \t':
            i += 1
            continue
        line_start = False
        if text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if out[k] != '\n':
                    out[k] = ' '
            i = j
        elif text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = ' '
            i = j
        elif c in '"\'':
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            for k in range(i + 1, min(j, n)):
                if out[k] != '\n':
                    out[k] = ' '
            i = j + 1
        else:
            i += 1
    return ''.join(out)


TOKEN = re.compile(r"""
    (?P<num>(0[xX][0-9a-fA-F.]+([pP][+-]?\d+)?|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)[fFlLuU]*)
  | (?P<id>[A-Za-z_]\w*)
  | (?P<op>->|\+\+|--|<<=|>>=|<=|>=|==|!=|&&|\|\||\+=|-=|\*=|/=|<<|>>|[-+*/%<>=!&|^~?:;,.()\[\]{}])
""", re.X)


def tokens(masked, start, end):
    out = []
    for m in TOKEN.finditer(masked, start, end):
        kind = m.lastgroup
        out.append((kind, m.group(), m.start(), m.end()))
    return out


KEYWORDS = {"if", "else", "for", "while", "do", "return", "sizeof", "switch",
            "case", "break", "continue", "goto", "default"}
TYPES = {"double", "int", "long", "char", "void", "const", "size_t", "unsigned",
         "static", "float", "short", "signed", "struct", "enum"}


def functions(text, masked):
    """(name, body_start, body_end) of each top-level function definition."""
    res = []
    depth = 0
    i = 0
    toks = tokens(masked, 0, len(masked))
    for idx, (kind, val, s, e) in enumerate(toks):
        if val == '{':
            if depth == 0 and idx > 0 and toks[idx - 1][1] == ')':
                # find the matching '(' and the name before it
                d = 0
                j = idx - 1
                while j >= 0:
                    if toks[j][1] == ')':
                        d += 1
                    elif toks[j][1] == '(':
                        d -= 1
                        if d == 0:
                            break
                    j -= 1
                name = toks[j - 1][1] if j > 0 and toks[j - 1][0] == 'id' else None
                # the matching '}'
                d = 0
                k = idx
                while k < len(toks):
                    if toks[k][1] == '{':
                        d += 1
                    elif toks[k][1] == '}':
                        d -= 1
                        if d == 0:
                            break
                    k += 1
                if name:
                    res.append((name, s, toks[k][3]))
            depth += 1
        elif val == '}':
            depth -= 1
    return res


# ---------------------------------------------------------------------------
# Mutation operators.  Each yields (start, end, replacement, operator).

def is_operand_end(tok):
    kind, val = tok[0], tok[1]
    return kind == 'num' or (kind == 'id' and val not in KEYWORDS) or val in (')', ']')


def prim_end(toks, i):
    """Index after the primary expression starting at toks[i] (with postfix
    calls, indexing, member access), or None."""
    n = len(toks)
    if i >= n:
        return None
    kind, val = toks[i][0], toks[i][1]
    if val in ('-', '!', '~', '+') and i + 1 < n:
        return prim_end(toks, i + 1)
    if val == '(':
        j = match(toks, i)
        if j is None:
            return None
        i = j + 1
    elif kind in ('num', 'id') and val not in KEYWORDS:
        i += 1
    else:
        return None
    while i < n:
        v = toks[i][1]
        if v in ('(', '['):
            j = match(toks, i)
            if j is None:
                return None
            i = j + 1
        elif v in ('.', '->') and i + 1 < n and toks[i + 1][0] == 'id':
            i += 2
        else:
            break
    return i


def term_end(toks, i):
    j = prim_end(toks, i)
    while j is not None and j < len(toks) and toks[j][1] in ('*', '/'):
        j = prim_end(toks, j + 1)
    return j


def match(toks, i):
    opening = toks[i][1]
    closing = {'(': ')', '[': ']', '{': '}'}[opening]
    d = 0
    for j in range(i, len(toks)):
        if toks[j][1] == opening:
            d += 1
        elif toks[j][1] == closing:
            d -= 1
            if d == 0:
                return j
    return None


def expr_bounds(toks, i, stop):
    """From toks[i], the index of the first token at depth 0 in stop."""
    d = 0
    for j in range(i, len(toks)):
        v = toks[j][1]
        if v in ('(', '[', '{'):
            d += 1
        elif v in (')', ']', '}'):
            if d == 0:
                return j
            d -= 1
        elif d == 0 and v in stop:
            return j
    return None


AOR = {'+': ['-'], '-': ['+'], '*': ['/'], '/': ['*'],
       '+=': ['-='], '-=': ['+='], '*=': ['/='], '/=': ['*=']}
ROR = {'<': ['<=', '>'], '<=': ['<', '>='], '>': ['>=', '<'],
       '>=': ['>', '<='], '==': ['!='], '!=': ['==']}
LCR = {'&&': ['||'], '||': ['&&']}


def new_constant(val):
    m = re.match(r'^(.*?)([fFlLuU]*)$', val)
    body, suffix = m.group(1), m.group(2)
    try:
        if re.match(r'^0[xX]', body) and not re.search(r'[.pP]', body):
            v = int(body, 16)
            return hex(v + 1) + suffix
        if re.match(r'^\d+$', body):
            return str(int(body) + 1) + suffix
        v = float.fromhex(body) if body.lower().startswith('0x') else float(body)
    except ValueError:
        return None
    if v == 0.0:
        w = 1.0
    elif abs(v) <= 16 and v == int(v):
        w = v + 1.0
    else:
        w = v * 2.0
    return repr(w) + suffix


def mutate_body(text, masked, s, e):
    toks = tokens(masked, s, e)
    out = []
    n = len(toks)
    for i, (kind, val, ts, te) in enumerate(toks):
        prev = toks[i - 1] if i > 0 else None
        binary = prev is not None and is_operand_end(prev) and \
            not (prev[0] == 'id' and prev[1] in TYPES)
        if val in AOR and (binary or val.endswith('=')):
            for r in AOR[val]:
                out.append((ts, te, r, 'AOR'))
            # term dropped: "a + t" -> "a", "a - t" -> "a"
            if val in ('+', '-'):
                j = term_end(toks, i + 1)
                if j is not None and (j >= n or toks[j][1] in
                                      (';', ')', ',', '+', '-', ']', '?', ':',
                                       '<', '>', '<=', '>=', '==', '!=',
                                       '&&', '||')):
                    out.append((ts, toks[j - 1][3], '', 'TDR'))
        elif val in ROR and binary:
            for r in ROR[val]:
                out.append((ts, te, r, 'ROR'))
        elif val in LCR:
            for r in LCR[val]:
                out.append((ts, te, r, 'LCR'))
        elif kind == 'num':
            # not the size of an array declaration
            if not (prev and prev[1] == '[' and i >= 2 and toks[i - 2][0] == 'id'
                    and i >= 3 and toks[i - 3][0] == 'id' and toks[i - 3][1] in TYPES):
                r = new_constant(val)
                if r and r != val:
                    out.append((ts, te, r, 'CRP'))
        elif val == '(' and prev is not None and prev[0] == 'id' and \
                prev[1] not in KEYWORDS and prev[1] not in TYPES:
            # a call: swap adjacent arguments
            j = match(toks, i)
            if j is None:
                continue
            args = []
            k = i + 1
            while k < j:
                end = expr_bounds(toks, k, (',',))
                if end is None or end > j:
                    end = j
                args.append((toks[k][2], toks[end - 1][3]))
                k = end + 1
            for a in range(len(args) - 1):
                t1 = text[args[a][0]:args[a][1]]
                t2 = text[args[a + 1][0]:args[a + 1][1]]
                if t1 != t2:
                    out.append((args[a][0], args[a + 1][1],
                                t2 + text[args[a][1]:args[a + 1][0]] + t1, 'ARG'))
        elif val == 'if' and i + 1 < n and toks[i + 1][1] == '(':
            j = match(toks, i + 1)
            if j is not None:
                cs, ce = toks[i + 2][2], toks[j - 1][3]
                out.append((cs, ce, '!(' + text[cs:ce] + ')', 'BSW'))
        elif val == '?':
            # c ? a : b -> c ? b : a
            c = expr_bounds(toks, i + 1, (':',))
            if c is None or toks[c][1] != ':':
                continue
            d = expr_bounds(toks, c + 1, (';', ',', ':'))
            if d is None or d == c + 1:
                continue
            a0, a1 = toks[i + 1][2], toks[c - 1][3]
            b0, b1 = toks[c + 1][2], toks[d - 1][3]
            out.append((a0, b1, text[b0:b1] + text[a1:b0] + text[a0:a1], 'BSW'))
        elif val == '[' and prev is not None and is_operand_end(prev) and \
                not (i >= 2 and toks[i - 2][0] == 'id' and toks[i - 2][1] in TYPES):
            j = match(toks, i)
            if j is None or j == i + 1 or (j == i + 2 and toks[i + 1][0] == 'num'):
                continue  # a literal index: CRP changes it
            a0, a1 = toks[i + 1][2], toks[j - 1][3]
            idx = text[a0:a1]
            simple = re.match(r'^\w+$', idx)
            inner = idx if simple else '(' + idx + ')'
            out.append((a0, a1, inner + ' + 1', 'AIS'))
    return out


OPNAMES = {'AOR': 'arithmetic operator swapped',
           'ROR': 'comparison swapped or strictness changed',
           'LCR': 'logical connective swapped',
           'CRP': 'numeric constant changed',
           'ARG': 'call arguments swapped',
           'TDR': 'term dropped',
           'BSW': 'branches swapped (condition negated, or ?: arms)',
           'AIS': 'array index shifted'}


# ---------------------------------------------------------------------------
# The operators of the second round (proofs/mutants/README.md): a variable
# or a field replaced by another of its type, a call by a sibling, a
# statement deleted, a unary operator removed, an index shifted down, a
# loop bound, a #define'd constant or a coefficient of a table changed.

DECL_TYPES = ('double', 'int', 'size_t', 'bw_params', 'bracket', 'dop853_step_data',
              'dop853_control', 'layout')
DECL = re.compile(r'\b(?:const\s+)?(' + '|'.join(DECL_TYPES) +
                  r')\s*(\*?)\s*(?:const\s+)?(\w+)\s*(?=[=;,)\[])')


def declarations(masked, a, b):
    """(name, type, offset) of each parameter and local declared in
    masked[a:b] (the first declarator of each declaration, and the names
    after commas in `double x = ..., y = ...;`)."""
    out = []
    for m in DECL.finditer(masked, a, b):
        out.append((m.group(3), m.group(1) + m.group(2), m.start(3)))
        # further declarators of the same declaration
        end = masked.find(';', m.end(), b)
        if end < 0 or masked[m.start() - 1:m.start()] == '(':
            continue
        depth, k = 0, m.end()
        while k < end:
            c = masked[k]
            depth += c in '([{'
            depth -= c in ')]}'
            if depth < 0 or c == '{':
                break  # a parameter: its list, or the body, begins here
            if c == ',' and depth == 0:
                mm = re.match(r'\s*(\*?)\s*(\w+)\s*(?=[=;,\[])', masked[k + 1:end + 1])
                if mm:
                    out.append((mm.group(2), m.group(1) + mm.group(1), k + 1 + mm.start(2)))
            k += 1
    return out


def struct_fields(texts):
    """field -> the lists of the fields of its type in each struct that has
    it (a mutant that takes a field of another struct does not compile:
    invalid)."""
    res = {}
    for t in texts:
        mt = mask(t)
        for m in re.finditer(r'\bstruct\s*\w*\s*\{', mt):
            d, k = 1, m.end()
            while k < len(mt) and d:
                d += mt[k] == '{'
                d -= mt[k] == '}'
                k += 1
            body = mt[m.end():k - 1]
            bytype = {}
            for decl in body.split(';'):
                parts = [' '.join(x.split()) for x in decl.split(',')]
                first = re.match(r'^(?:const )?([\w ]*?\w)\s*(\**)\s*(\w+)\s*((?:\[[^\]]*\])*)$',
                                 parts[0]) if parts[0] else None
                if not first:
                    continue
                base = first.group(1)
                decls = [(first.group(2), first.group(3), first.group(4))]
                for x in parts[1:]:
                    xm = re.match(r'^(\**)\s*(\w+)\s*((?:\[[^\]]*\])*)$', x)
                    if xm:
                        decls.append(xm.groups())
                for star, nm, arr in decls:
                    ty = base + star + '[]' * arr.count('[')
                    bytype.setdefault(ty, []).append(nm)
            for ty, names in bytype.items():
                for n in names:
                    res.setdefault(n, []).append(names)
    return res


def nearest(cands, cur, k=2):
    """Up to K names of CANDS around CUR (the one before it and the one
    after it in their order), CUR excluded."""
    others = [c for c in cands if c != cur]
    if cur not in cands:
        return others[:k]
    i = cands.index(cur)
    pick = [c for c in (cands[i - 1] if i > 0 else None,
                        cands[i + 1] if i + 1 < len(cands) else None) if c]
    return (pick + [c for c in others if c not in pick])[:k]


def mutate_body_more(text, masked, s, e, fstart, ctx):
    """The second-round operators inside one function (body masked[s:e],
    its definition starting at FSTART)."""
    toks = tokens(masked, s, e)
    out = []
    n = len(toks)
    decls = declarations(masked, fstart, e)
    declared_at = set(off for _, _, off in decls)
    in_for = set()
    body_start = set()  # the first token of an unbraced if/else/for/while arm
    for i, t in enumerate(toks):
        if t[1] in ('if', 'for', 'while') and i + 1 < n and toks[i + 1][1] == '(':
            j = match(toks, i + 1)
            if t[1] == 'for':
                in_for.update(range(i + 1, (j or i + 1) + 1))
            if j is not None and j + 1 < n:
                body_start.add(j + 1)
        elif t[1] == 'else' and i + 1 < n:
            body_start.add(i + 1)
    for i, (kind, val, ts, te) in enumerate(toks):
        prev = toks[i - 1] if i > 0 else None
        nxt = toks[i + 1] if i + 1 < n else None
        binary = prev is not None and is_operand_end(prev) and \
            not (prev[0] == 'id' and prev[1] in TYPES)
        # UOI: a unary minus or a logical negation removed
        if val in ('-', '!') and not binary and nxt is not None:
            out.append((ts, te, '', 'UOI'))
        # VAR and FLD: a variable, or a field, replaced by another of its type
        if kind == 'id' and val not in KEYWORDS and ts not in declared_at and \
                not (nxt is not None and nxt[1] == '('):
            if prev is not None and prev[1] in ('.', '->'):
                for sibs in ctx['fields'].get(val, []):
                    for r in nearest(sibs, val):
                        out.append((ts, te, r, 'FLD'))
            else:
                mine = [d for d in decls if d[0] == val and d[2] < ts]
                if mine:
                    ty = mine[-1][1]
                    cands = []
                    for nm, t2, off in decls:
                        if t2 == ty and off < ts and nm not in cands:
                            cands.append(nm)
                    for r in nearest(cands, val):
                        out.append((ts, te, r, 'VAR'))
        # CAL: a call replaced by a sibling (same signature)
        if kind == 'id' and nxt is not None and nxt[1] == '(' and val in ctx['sigs'] and \
                (prev is None or prev[0] != 'id'):
            sig = ctx['sigs'][val]
            sibs = sorted(f for f, g in ctx['sigs'].items() if g == sig)  # same file too
            for r in nearest(sibs, val):
                out.append((ts, te, r, 'CAL'))
        # AIS: an index shifted down by one
        if val == '[' and prev is not None and is_operand_end(prev) and \
                not (i >= 2 and toks[i - 2][0] == 'id' and toks[i - 2][1] in TYPES):
            j = match(toks, i)
            if j is not None and j > i + 1:
                a0, a1 = toks[i + 1][2], toks[j - 1][3]
                idx = text[a0:a1]
                if j == i + 2 and toks[i + 1][0] == 'num':
                    if re.match(r'^\d+$', idx) and int(idx) > 0:
                        out.append((a0, a1, str(int(idx) - 1), 'AIS'))
                else:
                    inner = idx if re.match(r'^\w+$', idx) else '(' + idx + ')'
                    out.append((a0, a1, inner + ' - 1', 'AIS'))
        # LBC: the bound of a for loop made one less
        if val == 'for' and nxt is not None and nxt[1] == '(':
            j = match(toks, i + 1)
            c1 = expr_bounds(toks, i + 2, (';',))
            c2 = expr_bounds(toks, c1 + 1, (';',)) if c1 is not None else None
            if j is not None and c2 is not None and c2 < j:
                for k in range(c1 + 1, c2):
                    if toks[k][1] in ('<', '<=', '>', '>=', '!='):
                        b0, b1 = toks[k + 1][2], toks[c2 - 1][3]
                        bound = text[b0:b1]
                        inner = bound if re.match(r'^\w+$', bound) else '(' + bound + ')'
                        out.append((b0, b1, inner + ' - 1', 'LBC'))
                        break
        # SDL: an expression statement (or a break, a continue) deleted
        if prev is not None and (prev[1] in (';', '{', '}') or i in body_start) and \
                i not in in_for and \
                (kind == 'id' or val in ('*', '(')) and val not in TYPES and \
                val not in ('if', 'else', 'for', 'while', 'do', 'return', 'switch', 'case',
                            'default', 'goto', 'sizeof') and \
                not (kind == 'id' and nxt is not None and nxt[0] == 'id'):
            end = expr_bounds(toks, i, (';',))
            if end is not None and toks[end][1] == ';':
                stmt = text[ts:toks[end][3]]
                if not re.match(r'^\(void\)', stmt):
                    out.append((ts, toks[end][3], ';', 'SDL'))
    return out


def file_level(text, masked, funcs):
    """DEF and TAB: a #define'd numeric constant, or an entry of a table
    initialized at file scope, changed; the mutant belongs to the functions
    that use the constant (or the table that holds it)."""
    out = []
    bodies = {name: masked[s:e] for name, s, e in funcs}

    def users(name):
        return [f for f, b in bodies.items() if re.search(r'\b' + re.escape(name) + r'\b', b)]
    defines = {}
    for m in re.finditer(r'^#define\s+(\w+)\s+(-?)((?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*$',
                         text, re.M):
        defines[m.group(1)] = m
    # tables: a file-scope initializer `NAME = {` ... `};` outside functions
    tables = []
    for m in re.finditer(r'^(?:static\s+)?const\s+\w+\s+(\w+)(?:\[[^\]]*\])*\s*=\s*\{',
                         masked, re.M):
        d, k = 1, m.end()
        while k < len(masked) and d:
            d += masked[k] == '{'
            d -= masked[k] == '}'
            k += 1
        tables.append((m.group(1), m.end(), k - 1))
    for name, m in defines.items():
        fns = users(name)
        if not fns:
            for tname, a, b in tables:
                if re.search(r'\b' + re.escape(name) + r'\b', masked[a:b]):
                    fns += [f for f in users(tname) if f not in fns]
        r = new_constant(m.group(3))
        if fns and r and r != m.group(3):
            out.append((m.start(3), m.end(3), r, 'DEF', ','.join(sorted(fns))))
    for tname, a, b in tables:
        fns = users(tname)
        if not fns:
            continue
        for t in tokens(masked, a, b):
            kind, val, ts, te = t
            prev = masked[max(a, ts - 40):ts].rstrip()
            if prev.endswith('[') or masked[te:te + 1] == ']':
                continue  # a designator's index
            if kind == 'num':
                r = new_constant(val)
            elif kind == 'id' and val in defines:
                r = '2.0 * ' + val
            else:
                continue
            if r and r != val:
                out.append((ts, te, r, 'TAB', ','.join(sorted(fns))))
    return out


def core_context(core):
    """The signatures of the core's functions (for CAL) and the fields of
    the structs of its headers (for FLD)."""
    import witness
    sigs = {}
    htexts = []
    for path in core:
        with open(os.path.join(SRC, path)) as f:
            t = f.read()
        mk = mask(t)
        for name, s, e in functions(t, mk):
            sig = witness.signature(t, mk, name, s)
            if sig:
                # siblings: the same signature in the same file
                sigs[name] = (path, sig[0], tuple(ty for ty, _ in sig[1]))
        for h in glob.glob(os.path.join(SRC, os.path.dirname(path), '*.h')):
            if h not in htexts:
                htexts.append(h)
    texts = []
    for h in htexts:
        with open(h) as f:
            texts.append(f.read())
    return {'sigs': sigs, 'fields': struct_fields(texts)}


def generate(path, skip, ctx=None):
    with open(os.path.join(SRC, path)) as f:
        text = f.read()
    masked = mask(text)
    muts = []
    seen = set()
    # ids FILESTEM-NNN; a header's FILESTEM_h-NNN (engine_rules.h apart
    # from engine_rules.c)
    stem = os.path.splitext(os.path.basename(path))[0] + ('_h' if is_header(path) else '')
    for name, s, e in functions(text, masked):
        if name in skip:
            continue
        for (a, b, r, op) in sorted(mutate_body(text, masked, s, e)):
            new = text[:a] + r + text[b:]
            h = hashlib.sha1(new.encode()).hexdigest()
            if h in seen or new == text:
                continue
            seen.add(h)
            line = text.count('\n', 0, a) + 1
            orig = text[a:b]
            muts.append({
                'id': '%s-%03d' % (stem, len(muts) + 1),
                'file': path, 'function': name, 'line': line,
                'operator': op, 'named': False,
                'edit': '%s -> %s' % (squash(orig), squash(r) or '(nothing)'),
                'start': a, 'end': b, 'replacement': r})
    # the second round's operators, numbered after the first round's (whose
    # ids stay those of the earlier campaigns)
    if ctx is None:
        return muts
    more = []
    funcs = [f for f in functions(text, masked) if f[0] not in skip]
    for name, s, e in funcs:
        fstart = max(masked.rfind(';', 0, s), masked.rfind('}', 0, s), 0)
        more += [(a, b, r, op, name) for (a, b, r, op) in
                 mutate_body_more(text, masked, s, e, fstart, ctx)]
    more += file_level(text, masked, funcs)
    for (a, b, r, op, name) in sorted(more, key=lambda x: (x[0], x[1], x[2], x[3])):
        new = text[:a] + r + text[b:]
        h = hashlib.sha1(new.encode()).hexdigest()
        if h in seen or new == text:
            continue
        seen.add(h)
        muts.append({
            'id': '%s-%03d' % (stem, len(muts) + 1),
            'file': path, 'function': name, 'line': text.count('\n', 0, a) + 1,
            'operator': op, 'named': False,
            'edit': '%s -> %s' % (squash(text[a:b]), squash(r) or '(nothing)'),
            'start': a, 'end': b, 'replacement': r})
    return muts


def squash(s):
    return ' '.join(s.split())


# ---------------------------------------------------------------------------
# Named mutants (proofs/mutants/*.mut).

def read_named(names=None, mdir=None):
    """The named mutants.  A .mut file holds one or more blocks (`---
    original` ... `+++ replacement` ... `=== end`): alternatives, the
    same edit of the code in the shapes it may have (a function moved to
    another file, a table written another way).  A block may be preceded
    by `where: FILE FUNCTION`, else it is looked for in every file of
    `file:` (one or more) with `function:`.  The first block, in order,
    whose original text occurs exactly once in its file is applied; none:
    the mutant is stale."""
    res = []
    for m in sorted(glob.glob(os.path.join(mdir or os.path.join(ROOT, 'proofs/mutants'),
                                           '*.mut'))):
        name = os.path.splitext(os.path.basename(m))[0]
        if names and name not in names:
            continue
        fields, blocks, where, cur = {}, [], None, None
        with open(m) as f:
            for line in f.read().split('\n'):
                if line == '--- original':
                    cur = {'where': where, 'orig': [], 'repl': []}
                    blocks.append(cur)
                    where, part = None, cur['orig']
                elif line == '+++ replacement' and cur is not None:
                    part = cur['repl']
                elif line == '=== end':
                    cur, part = None, None
                elif cur is not None:
                    part.append(line)
                elif line.startswith('#'):
                    continue
                else:
                    k, _, v = line.partition(':')
                    k = k.strip()
                    if k == 'where':
                        where = v.split()
                    elif k and k not in fields:
                        fields[k] = v.strip()
        paths = fields.get('file', '').split()
        mut = {'id': name, 'file': paths[0] if paths else '',
               'function': fields.get('function', ''),
               'operator': 'NAMED', 'named': True, 'line': 0,
               'reason': fields.get('reason', ''), 'edit': ''}
        tried = []
        for blk in blocks:
            o, r = '\n'.join(blk['orig']), '\n'.join(blk['repl'])
            cands = [(blk['where'][0], blk['where'][1] if len(blk['where']) > 1 else
                      mut['function'])] if blk['where'] else [(p, mut['function']) for p in paths]
            for path, fn in cands:
                try:
                    with open(os.path.join(SRC, path)) as f:
                        text = f.read()
                except OSError:
                    tried.append('no file %s' % path)
                    continue
                k = text.count(o) if o else 0
                tried.append('%s: %d' % (path, k))
                if k != 1:
                    continue
                a = text.index(o)
                mut.update({'file': path, 'function': fn, 'start': a, 'end': a + len(o),
                            'replacement': r, 'line': text.count('\n', 0, a) + 1,
                            'edit': '%s -> %s' % (squash(o), squash(r))})
                break
            if 'start' in mut:
                break
        if 'start' not in mut:
            mut['stale'] = ('no block found exactly once (%s)' % ', '.join(tried) if blocks
                            else 'no block')
        res.append(mut)
    return res


# ---------------------------------------------------------------------------
# Running.

class Runner:
    def __init__(self, build, args):
        self.out = os.path.join(build, 'mutants')
        # the budget that decides: prover steps (cvc5 --rlimit, z3 rlimit),
        # the same on every machine and under any load; the wall-clock
        # limit is only a safety net far beyond it
        self.steps = int(os.environ.get('MUT_STEPS', '3000000'))
        self.timeout = int(os.environ.get('MUT_TIMEOUT', '120'))
        self.jobs = int(os.environ.get('MUT_JOBS', '2'))
        self.provers = os.environ.get('MUT_PROVERS', 'cvc5,z3')
        self.lock = threading.Lock()
        os.makedirs(self.out, exist_ok=True)
        # one snapshot of headers and spec for every run
        self.orig = os.path.join(self.out, 'orig')
        shutil.rmtree(self.orig, ignore_errors=True)
        shutil.copytree(os.path.join(SRC, 'spec'), os.path.join(self.orig, 'spec'))
        shutil.copytree(os.path.join(SRC, 'include'), os.path.join(self.orig, 'include'))
        for layer in LAYERS:
            os.makedirs(os.path.join(self.orig, 'src', layer))
            for h in glob.glob(os.path.join(SRC, 'src', layer, '*.h')):
                shutil.copy(h, os.path.join(self.orig, 'src', layer))
        for c in args.core + args.tested:
            shutil.copy(os.path.join(SRC, c), os.path.join(self.orig, c))
        # the headers of the core and the units they are proved through
        self.headers = dict(args.headers)
        # headers include ../../spec/*.acsl: the copies keep the layout
        self.incs = ['-I' + os.path.join(self.orig, 'include')] + \
            ['-I' + os.path.join(self.orig, 'src', layer) for layer in LAYERS]
        conf = subprocess.run(['sh', os.path.join(ROOT, 'proofs/why3-config.sh'),
                               build, self.out], capture_output=True, text=True)
        if conf.returncode != 0:
            sys.exit('mutate: why3 config detect failed')
        # cvc5 with its own --tlimit-per answers "unknown" when the limit
        # strikes, which WP reports as Unknown: a timeout would look like a
        # kill.  The campaign's copy of the configuration drops that option,
        # so that Why3's own time limit reports the timeout as a Timeout.
        with open(conf.stdout.strip()) as f:
            text = f.read()
        mconf = os.path.join(self.out, 'why3-mutants.conf')
        with open(mconf, 'w') as f:
            f.write(text.replace('cvc5 --tlimit-per=%t000 ', 'cvc5 '))
            f.write(Z3_STEPS)
        os.environ['WHY3CONFIG'] = mconf
        self.objs = {}
        # the campaign's own WP cache: the baselines write it (running every
        # prover again, at the campaign's budget), the mutants only read it
        # (replay), so that a mutant's goals left unchanged by its edit are
        # answered from the baseline at once, and no mutant's result (a
        # timeout under load, say) is ever reused
        self.cache = os.path.join(self.out, 'wp-cache')
        shutil.rmtree(self.cache, ignore_errors=True)
        os.makedirs(self.cache)
        # MUT_CACHE: committed (the default) seeds it with the committed
        # answers of proofs/mutants/wp-cache; record starts it empty and
        # lets the mutants write it too, to be committed (make
        # mutants-cache); update seeds it and lets the mutants write, the
        # new answers then added to the committed ones; none starts it
        # empty
        self.cache_mode = os.environ.get('MUT_CACHE', 'committed')
        if self.cache_mode not in ('committed', 'record', 'update', 'none'):
            sys.exit('mutate: MUT_CACHE=%s: use committed, record, update or none'
                     % self.cache_mode)
        self.seeded = 0
        self.budget = 'steps %d, timeout %d s, provers %s\n' % (
            self.steps, self.timeout, self.provers)
        self.unseeded = ''
        if self.cache_mode in ('committed', 'update') and os.path.isdir(COMMITTED_CACHE):
            try:
                with open(os.path.join(COMMITTED_CACHE, BUDGET_FILE)) as f:
                    budget = f.read()
            except OSError:
                budget = '(none)\n'
            if budget != self.budget:
                # an answer holds at its own budget only
                self.unseeded = ('answers at %s, the campaign runs at %s' % (
                    budget.strip(), self.budget.strip()))
            else:
                for e in os.listdir(COMMITTED_CACHE):
                    if e.endswith('.json'):
                        shutil.copy(os.path.join(COMMITTED_CACHE, e), self.cache)
                        self.seeded += 1

    def obj(self, path, text, where):
        """Stripped gcc -O2 object code of TEXT (as file PATH), or None."""
        return object_code(os.path.join(self.out, 'obj', where), path, text, self.incs)

    def unit(self, path):
        """The file frama-c is given for PATH: PATH, or for a header of the
        core the C file through which it is proved."""
        return self.headers.get(path, path)

    def tree(self, d, path, text=None):
        """The files of a WP run of PATH in the folder D: PATH (with TEXT,
        the mutant, when given) and, for a header, its unit, which
        includes it with quotes and so finds it in D before the -I
        folders of the snapshot."""
        if text is None:
            shutil.copy(os.path.join(self.orig, path), d)
        else:
            with open(os.path.join(d, os.path.basename(path)), 'w') as f:
                f.write(text)
        if is_header(path):
            shutil.copy(os.path.join(self.orig, self.unit(path)), d)

    def wp(self, d, path, fn, log, stop_early=None):
        """WP on D/PATH's function FN: (status, {goal: verdict}, time).
        Every goal goes to the provers of MUT_PROVERS in turn (a portfolio:
        the first that proves it ends it).  A goal's verdict is Valid, or
        Timeout when a prover ran out of time (undecided: the mutant is run
        again at the larger budget), or else the answer of the provers
        (Unknown: they gave up; Failed: they all failed to run).
        With stop_early (the mutants: the set of goals left out of the
        decision), frama-c is stopped at the first other goal that is not
        Valid: one such goal decides the kill, the others only cost time."""
        f = os.path.join(d, os.path.basename(path))
        cmd = ['nice', 'frama-c', f, '-cpp-extra-args=' + ' '.join(self.incs),
               '-warn-special-float', 'none', '-wp', '-wp-rte', '-wp-model', 'Typed',
               '-wp-literals', '-wp-prover', self.provers, '-wp-par', '1',
               '-wp-steps', str(self.steps), '-wp-timeout', str(self.timeout), '-wp-fct', fn,
               '-wp-cache', 'replay' if stop_early is not None and
               self.cache_mode not in ('record', 'update') else 'update',
               '-wp-cache-dir', self.cache]
        t0 = time.time()
        goals = {}
        pending = None  # [goal, header status, [prover statuses]]
        stopped = False

        def verdict(p):
            subs = p[2]
            if not subs:
                return p[1]
            if 'Invalid' in subs:
                return 'Invalid'
            if 'Timeout' in subs:
                return 'Timeout'
            if 'Unknown' in subs or 'Stepout' in subs:
                return 'Unknown'
            return 'Failed'

        def decide(g, st):
            goals[g] = st
            return stop_early is not None and st != 'Valid' and g not in stop_early

        with open(log, 'w') as lf:
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                    text=True, start_new_session=True)
            for line in proc.stdout:
                lf.write(line)
                sub = re.match(r'^  [A-Za-z][^:]*: (\w+)', line)
                if pending is not None and sub:
                    pending[2].append(sub.group(1))
                    continue
                if pending is not None:
                    g, p, pending = pending[0], pending, None
                    if decide(g, verdict(p)):
                        stopped = True
                        break
                m = re.match(r'^\[wp\] \[([^\]]+)\] Goal typed_(\S+)(?: : (\w+))?', line)
                if not m:
                    continue
                st = m.group(3) or m.group(1)
                if st == 'Valid':
                    if decide(m.group(2), st):
                        stopped = True
                        break
                else:
                    pending = [m.group(2), st, []]
            if pending is not None and not stopped:
                stopped = decide(pending[0], verdict(pending))
            if stopped:
                lf.write('[mutate] stopped at the first goal that decides the kill\n')
                try:
                    os.killpg(proc.pid, 15)
                except OSError:
                    pass
            proc.stdout.close()
            rc = proc.wait()
        dt = time.time() - t0
        if stopped:
            rc = 0
        return rc, goals, dt

    def baseline(self, path, fn):
        d = os.path.join(self.out, 'baseline', fn)
        os.makedirs(d, exist_ok=True)
        self.tree(d, path)
        # at the campaign's step budget, the one the mutants get
        rc, goals, dt = self.wp(d, self.unit(path), fn, os.path.join(d, 'wp.log'))
        return {'rc': rc, 'goals': goals, 'time': dt,
                'unproved': sorted(g for g, s in goals.items() if s != 'Valid')}

    def run_mutant(self, m, base):
        d = os.path.join(self.out, 'run', m['id'])
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        self.tree(d, m['file'], m['text'])
        rc, goals, dt = self.wp(d, self.unit(m['file']), m['function'],
                                os.path.join(d, 'wp.log'),
                                stop_early=set(base['unproved']))
        if rc != 0 or not goals:
            return 'invalid', [], dt, 'frama-c status %d, %d goals' % (rc, len(goals))
        bad = {g: s for g, s in goals.items()
               if s != 'Valid' and g not in base['unproved']}
        if not bad:
            return 'proved', [], dt, ''
        if any(s == 'Invalid' for s in bad.values()):
            return 'refuted', sorted(g for g, s in bad.items() if s == 'Invalid'), dt, ''
        # a wall-clock timeout, or provers that all failed to run: the
        # step budget did not decide
        undecided = ('Timeout', 'Failed')
        if all(s in undecided for s in bad.values()):
            return 'timeout', sorted(bad), dt, ''
        return 'failed', sorted(g for g, s in bad.items() if s not in undecided), dt, ''


# ---------------------------------------------------------------------------
# The generator's self-test (`python3 proofs/mutate.py --selftest`, run by
# run-mutants.sh before every campaign): every operator of both rounds on
# a small file, each expected edit made at its place and nothing made
# inside an annotation or a comment.

SELFTEST_H = """typedef struct pair { double lo; double hi; } pair;
/*@ ensures \\result == x * 0.5; */
static inline double half(double x)
{
    return x * 0.5;
}
"""
# a header that includes ST.h, and a C file outside the core that
# includes it: a user of ST.h through another header
SELFTEST_HI = '#include "ST.h"\n'
SELFTEST_CU = '#include "STI.h"\ndouble twice(double x) { return 2.0 * half(x); }\n'

SELFTEST_C = """#include "ST.h"
#define C_5 0.25
static const double TABLE[3] = {1.5, C_5, 0.0};
double powsgn(double x, double p) { return x * p; }
double powabs(double x, double p) { return x / p; }
double stage1(const double *k, int i) { return k[i]; }
double stage2(const double *k, int i) { return k[i]; }
/*@ ensures \\result == a + b; */
double f(double a, double b, const pair *s, double *out, int n)
{
    double c = -a; // c = -a + 1
    int m;
    if (!(a < b) && n > 0)
        c = powsgn(a, b);
    for (m = 0; m < n; m++)
        out[m] = s->lo + TABLE[m] * s->hi + stage1(out, m);
    out[2] = c;
    return c + b;
}
"""
# (operator, function, line, edit): each must be generated
SELFTEST_WANT = [
    ('AOR', 'f', 18, '+ -> -'), ('ROR', 'f', 13, '< -> <='), ('LCR', 'f', 13, '&& -> ||'),
    ('CRP', 'f', 13, '0 -> 1'), ('ARG', 'f', 14, 'a, b -> b, a'),
    ('TDR', 'f', 18, '+ b -> (nothing)'), ('BSW', 'f', 13, '!(a < b) && n > 0 -> !(!(a < b) && n > 0)'),
    ('AIS', 'f', 16, 'm -> m + 1'),
    # the second round
    ('VAR', 'f', 18, 'b -> a'), ('VAR', 'f', 18, 'b -> c'),
    ('FLD', 'f', 16, 'lo -> hi'), ('FLD', 'f', 16, 'hi -> lo'),
    ('CAL', 'f', 14, 'powsgn -> powabs'), ('CAL', 'f', 16, 'stage1 -> stage2'),
    ('SDL', 'f', 17, 'out[2] = c; -> ;'), ('SDL', 'f', 14, 'c = powsgn(a, b); -> ;'),
    ('SDL', 'f', 16, 'out[m] = s->lo + TABLE[m] * s->hi + stage1(out, m); -> ;'),
    ('UOI', 'f', 11, '- -> (nothing)'), ('UOI', 'f', 13, '! -> (nothing)'),
    ('AIS', 'f', 16, 'm -> m - 1'), ('AIS', 'f', 17, '2 -> 1'),
    ('LBC', 'f', 15, 'n -> n - 1'),
    ('DEF', 'f', 2, '0.25 -> 0.5'),
    ('TAB', 'f', 3, '1.5 -> 3.0'), ('TAB', 'f', 3, 'C_5 -> 2.0 * C_5'),
]


def selftest():
    import tempfile
    global SRC
    failed = 0
    checks = 0
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, 'src/model'))
        with open(os.path.join(d, 'src/model/ST.h'), 'w') as f:
            f.write(SELFTEST_H)
        with open(os.path.join(d, 'src/model/ST.c'), 'w') as f:
            f.write(SELFTEST_C)
        # a named mutant with two blocks: the first absent, the second
        # applied in the file and function of its `where`; one absent: stale
        mdir = os.path.join(d, 'named')
        os.makedirs(mdir)
        with open(os.path.join(mdir, 'alt.mut'), 'w') as f:
            f.write('file: src/model/ST.c\nfunction: g\n--- original\n    return k[i + 9];\n'
                    '+++ replacement\n    return k[i];\n=== end\n'
                    'where: src/model/ST.c stage2\n--- original\n    out[2] = c;\n'
                    '+++ replacement\n    out[1] = c;\n=== end\n')
        with open(os.path.join(mdir, 'gone.mut'), 'w') as f:
            f.write('file: src/model/ST.c src/model/NONE.c\nfunction: f\n--- original\n'
                    'x = y;\n+++ replacement\nx = -y;\n=== end\n')
        # a header that defines a function, proved through ST.c, and a
        # named mutant of it
        with open(os.path.join(d, 'src/model/STI.h'), 'w') as f:
            f.write(SELFTEST_HI)
        with open(os.path.join(d, 'src/model/STU.c'), 'w') as f:
            f.write(SELFTEST_CU)
        with open(os.path.join(mdir, 'head.mut'), 'w') as f:
            f.write('file: src/model/ST.h\nfunction: half\n--- original\n    return x * 0.5;\n'
                    '+++ replacement\n    return x * 0.25;\n=== end\n')
        saved, SRC = SRC, d
        try:
            muts = generate('src/model/ST.c', set(), core_context(['src/model/ST.c']))
            named = {m['id']: m for m in read_named(mdir=mdir)}
            heads = proved_headers(['src/model/ST.c'])
            hmuts = generate('src/model/ST.h', set(), core_context(['src/model/ST.c']))
        finally:
            SRC = saved
        hchecks = selftest_header(d, heads, hmuts, named.get('head', {}))
    got = set((m['operator'], m['function'], m['line'], m['edit']) for m in muts)
    for w in SELFTEST_WANT:
        ok = w in got
        checks += 1
        failed += not ok
        print('%s %s: %s line %d: %s' % ('ok  ' if ok else 'FAIL', w[0], w[1], w[2], w[3]))
    # the annotation (line 8) and the comment (line 11, after the code) untouched
    bad = [m for m in muts if m['line'] == 8 or
           (m['line'] == 11 and m['start'] > SELFTEST_C.index('//'))]
    checks += 1
    failed += bool(bad)
    print('%s no mutant inside an annotation or a comment%s' % (
        'ok  ' if not bad else 'FAIL', (': ' + bad[0]['edit']) if bad else ''))
    a, g = named.get('alt', {}), named.get('gone', {})
    ok = a.get('line') == 17 and a.get('function') == 'stage2' and 'stale' not in a and \
        a.get('edit') == 'out[2] = c; -> out[1] = c;' and 'stale' in g
    checks += 1
    failed += not ok
    print('%s named mutants: the first block found exactly once applied, none found: stale'
          % ('ok  ' if ok else 'FAIL'))
    ids = [m['id'] for m in muts]
    ok = len(ids) == len(set(ids)) and len(set(m['start'] for m in muts)) > 1
    checks += 1
    failed += not ok
    print('%s %d mutants, distinct ids' % ('ok  ' if ok else 'FAIL', len(muts)))
    # every file of the proved core fails the campaign on a survivor,
    # dop853.c and derived.c included (the core: src/model, src/kernel)
    core = sorted(glob.glob(os.path.join(ROOT, 'src/model/*.c')) +
                  glob.glob(os.path.join(ROOT, 'src/kernel/*.c')))
    core = [os.path.relpath(c, ROOT) for c in core]
    saved_f = set(FAIL_FAMILIES)
    FAIL_FAMILIES.update(core)
    for path in ('src/kernel/dop853.c', 'src/model/derived.c'):
        ok = path in core and fails_on_survivor(path)
        checks += 1
        failed += not ok
        print('%s a survivor of %s fails the campaign' % ('ok  ' if ok else 'FAIL', path))
    ok = not fails_on_survivor('src/b64/engine.c')
    checks += 1
    failed += not ok
    print('%s a generated survivor of a tested family (src/b64/engine.c) is reported, '
          'does not fail' % ('ok  ' if ok else 'FAIL'))
    FAIL_FAMILIES.clear()
    FAIL_FAMILIES.update(saved_f)
    # the verdicts of a tested family: a witness kills, none survives
    for w, want in ((('study', 'x'), ('killed', KILL_STUDY_ONLY)),
                    (('test', 'x'), ('killed', KILL_TEST_ONLY)), (None, ('survived', None))):
        ok = tested_verdict(w) == want
        checks += 1
        failed += not ok
        print('%s tested family, witness %s: %s' % ('ok  ' if ok else 'FAIL',
                                                     w[0] if w else 'none', want[0]))
    # a mutant of a WP_SKIP function of a file of the core (engine.c's
    # sample_step while skipped) is judged by its witness alone, one of a
    # proved function of the same file by its goals, one of a tested
    # family by its witness alone
    for m, want in (({'file': 'src/b64/engine.c', 'function': 'sample_step'}, True),
                    ({'file': 'src/b64/engine.c', 'function': 'step_end'}, False),
                    ({'file': 'src/b64/impact.c', 'function': 'flow'}, True)):
        ok = outside_proof_of(m, {'src/b64/impact.c'}, {'sample_step', 'rhs'}) == want
        checks += 1
        failed += not ok
        print('%s %s of %s: %s' % ('ok  ' if ok else 'FAIL', m['function'], m['file'],
                                   'witness alone' if want else 'judged by its goals'))
    # witness first (make mutants-whole): a witness kills with no goal
    # run; without one a failed goal is undecided and every goal proved a
    # survivor (possibly equivalent); a prover's refutation still kills
    for w, wp, want in ((('function', 'x'), None, ('killed', KILL_W['function'])),
                        (('study', 'x'), None, ('killed', KILL_W['study'])),
                        (('test', 'x'), None, ('killed', KILL_W['test'])),
                        (None, 'failed', ('undecided', UNDECIDED_NO_WITNESS +
                                          ' (goal not proved within the budget, no witness)')),
                        (None, 'timeout', ('undecided', UNDECIDED_NO_WITNESS +
                                           ' (wall-clock timeout, no witness)')),
                        (None, 'proved', ('survived', SURVIVED_NO_WITNESS)),
                        (None, 'refuted', ('killed', KILL_CEX)),
                        (None, 'invalid', ('invalid', None))):
        ok = (witness_kill(w) if w else whole_verdict(wp, None)) == want
        checks += 1
        failed += not ok
        print('%s witness first, witness %s, WP %s: %s' % (
            'ok  ' if ok else 'FAIL', w[0] if w else 'none', wp or 'not run', want[0]))
    for ok, what in hchecks:
        checks += 1
        failed += not ok
        print('%s %s' % ('ok  ' if ok else 'FAIL', what))
    print('mutate selftest: %d checks, %d failed' % (checks, failed))
    return 1 if failed else 0


def selftest_header(d, heads, hmuts, named):
    """The checks of a header target (ST.h, which defines `half`, proved
    through ST.c), in the self-test's tree D: [(ok, what)]."""
    res = []
    res.append((heads == {'src/model/ST.h': 'src/model/ST.c'},
                'a header that defines a function and that a file of the core includes '
                'is a family of the core, proved through that file (%s)' % heads))
    want = ('AOR', 'half', 5, '* -> /')
    got = [m for m in hmuts if (m['operator'], m['function'], m['line'], m['edit']) == want]
    res.append((bool(got) and got[0]['id'].startswith('ST_h-') and
                all(m['function'] == 'half' for m in hmuts),
                'the header\'s function mutated (AOR half line 5: * -> /, id ST_h-NNN)'))
    res.append((named.get('file') == 'src/model/ST.h' and named.get('line') == 5 and
                'stale' not in named, 'a named mutant of the header applied at its line'))
    # the object code of the header alone shows its static inline function
    with open(os.path.join(d, 'src/model/ST.h')) as f:
        orig = f.read()
    o1, _ = object_code(os.path.join(d, 'o1'), 'src/model/ST.h', orig, [])
    o2, _ = object_code(os.path.join(d, 'o2'), 'src/model/ST.h',
                        orig.replace('x * 0.5', 'x * 0.25'), [])
    res.append((o1 is not None and o2 is not None and o1 != o2,
                'the object code of a mutated header differs (-fkeep-inline-functions)'))
    # WP's tree: the mutated header next to the unit that includes it
    R = Runner.__new__(Runner)
    R.orig, R.headers = d, heads
    t = os.path.join(d, 'wp-tree')
    os.makedirs(t)
    R.tree(t, 'src/model/ST.h', orig.replace('x * 0.5', 'x * 0.25'))
    with open(os.path.join(t, 'ST.h')) as f:
        ok = 'x * 0.25' in f.read()
    res.append((ok and os.path.exists(os.path.join(t, 'ST.c')) and
                R.unit('src/model/ST.h') == 'src/model/ST.c',
                'WP runs on ST.c with the mutated ST.h beside it'))
    # the witnesses rebuild every object that includes the header,
    # through another header too
    W = witness.Witnesses.__new__(witness.Witnesses)
    W.src, W.lock, W.users, W.between = d, threading.RLock(), {}, {}
    u = W.users_of('src/model/ST.h')
    res.append((u == ['src/model/ST.c', 'src/model/STU.c'] and
                W.between['src/model/ST.h'] == ['src/model/STI.h'],
                'the objects rebuilt for a mutant of the header: %s (through %s, copied '
                'beside it)' % (', '.join(u), ', '.join(W.between.get('src/model/ST.h', [])))))
    return res


def outside_proof_of(m, tested, skip):
    """Whether no goal can judge mutant M: its file is a tested family
    (TESTED), or its function is one of the core whose body is not proved
    (in SKIP, WP_SKIP: its contract is assumed); the witness then decides
    alone."""
    return m['file'] in tested or m['function'] in skip


def main():
    if sys.argv[1:] == ['--selftest']:
        return selftest()
    ap = argparse.ArgumentParser()
    ap.add_argument('build')
    ap.add_argument('--core', required=True)
    ap.add_argument('--skip', default='')
    ap.add_argument('--mode', default='sample',
                    choices=['sample', 'families', 'full', 'whole', 'named', 'list'])
    ap.add_argument('--tested', default='')
    ap.add_argument('--files', default='')
    ap.add_argument('--ids', default='')
    ap.add_argument('--lib', default='')
    ap.add_argument('--toolslib', default='')
    args = ap.parse_args()
    args.core = args.core.split()
    FAIL_FAMILIES.update(args.core)
    # the tested families: files outside the proved core (a file that
    # enters WP_CORE is a proved family from then on)
    args.tested = [f for f in args.tested.split() if f not in args.core]
    # the headers that define functions proved through a file of the core
    # (flow_map.h through flow_map.c): families of the core
    args.headers = proved_headers(args.core)
    FAIL_FAMILIES.update(args.headers)
    allowed = args.core + sorted(args.headers) + args.tested
    skip = set(x for x in args.skip.split(',') if x)
    files = args.files.split() if args.files else allowed
    for f in files:
        if f not in allowed:
            sys.exit('mutate: %s is neither in the proved core (WP_CORE), nor a header '
                     'that defines functions included by a file of it, nor a tested '
                     'family (MUT_TESTED)' % f)
    build = os.path.abspath(args.build)

    gen = []
    # the siblings and fields of the core for the core (its set of mutants
    # does not depend on the tested families), of both for the tested ones
    ctx = core_context(args.core + sorted(args.headers))
    ctx_tested = core_context(allowed) if args.tested else ctx
    for f in files:
        gen += generate(f, skip, ctx if f not in args.tested else ctx_tested)
    named = read_named() if not args.files else \
        [m for m in read_named() if m['file'] in files]
    for m in named:
        if 'stale' not in m and m['file'] not in allowed:
            m['stale'] = ('%s is neither in WP_CORE, nor a header of it that defines '
                          'functions, nor in MUT_TESTED' % m['file'])
    if args.mode == 'list':
        for m in named + gen:
            print('%-12s %-20s %-26s %4d %-5s %s' % (m['id'], m['file'], m['function'],
                                                   m['line'], m['operator'], m['edit']))
        print('mutants: %d generated, %d named' % (len(gen), len(named)))
        return 0
    if args.mode == 'named':
        chosen = named
    elif args.mode in ('full', 'whole'):
        chosen = named + gen
    elif args.mode == 'families':
        chosen = named + per_family_sample(gen, int(os.environ.get('MUT_PER_FAMILY', '2')),
                                           int(os.environ.get('MUT_SEED', '13')))
    else:
        # the sample is drawn from the proved core's mutants (the tested
        # families take part through their named mutants)
        core_gen = [m for m in gen if m['file'] in args.core]
        n = int(os.environ.get('MUT_SAMPLE', '24'))
        rng = random.Random(int(os.environ.get('MUT_SEED', '13')))
        pick = sorted(rng.sample(range(len(core_gen)), min(n, len(core_gen))))
        chosen = named + [core_gen[i] for i in pick]
    if args.ids:
        want = set(args.ids.split(','))
        chosen = [m for m in named + gen if m['id'] in want]
        unknown = sorted(want - set(m['id'] for m in chosen))
        if unknown:
            sys.exit('mutate: MUT_IDS: no mutant %s (make mutants-list '
                     'lists them)' % ', '.join(unknown))

    def outside_proof(m):
        return outside_proof_of(m, args.tested, skip)

    R = Runner(build, args)
    start = time.time()
    texts = {}
    origobj = {}
    # 1. apply, compile, compare object code (before any WP run)
    for m in chosen:
        if m.get('stale'):
            m['outcome'] = 'stale'
            m['detail'] = m['stale']
            continue
        p = m['file']
        if p not in texts:
            with open(os.path.join(R.orig, p)) as f:
                texts[p] = f.read()
            origobj[p], err = R.obj(p, texts[p], 'orig')
            if origobj[p] is None:
                sys.exit('mutate: %s does not compile: %s' % (p, err))
        t = texts[p]
        m['text'] = t[:m['start']] + m['replacement'] + t[m['end']:]
        if args.mode != 'whole':
            # (make mutants-whole compares the object code of each mutant
            # as it comes, so that a run stopped part way has reported)
            object_verdict(R, m, origobj[p])
    # equivalent by hand (proofs/mutants/equivalent.txt)
    eqf = os.path.join(ROOT, 'proofs/mutants/equivalent.txt')
    known = {}
    if os.path.exists(eqf):
        with open(eqf) as f:
            for line in f:
                if line.strip() and not line.startswith('#'):
                    parts = [x.strip() for x in line.split(' | ', 3)]
                    if len(parts) == 4:
                        known[(parts[0], parts[1], squash(parts[2]))] = parts[3]
    used = {}
    for m in gen:
        # "function:LINE" names one mutant where the edit occurs more than once
        for k in ((m['file'], '%s:%d' % (m['function'], m['line']), m['edit']),
                  (m['file'], m['function'], m['edit'])):
            if k in known:
                used[k] = used.get(k, 0) + 1
                if 'outcome' not in m:
                    m['outcome'] = 'equivalent'
                    m['detail'] = 'by hand: ' + known[k]
                break
    for k, n in used.items():
        if n > 1:
            sys.exit('mutate: equivalent.txt: %s | %s | %s matches %d mutants: '
                     'name the line (function:LINE)' % (k + (n,)))
    for k in known:
        if k not in used and k[0] in files:
            print('mutate: equivalent.txt: no mutant %s | %s | %s' % k)
    todo = [m for m in chosen if 'outcome' not in m]

    # 2. the witnesses, before any prover: the mutated function against the
    # original on random inputs of its domain, then the studies
    W = witness.Witnesses(R.out, SRC, R.orig, R.incs, args.lib, args.toolslib, ROOT)
    if not W.ok:
        sys.exit('mutate: the differential runs cannot be built: %s' % W.why)
    where = {}
    for p in set(m['file'] for m in todo):
        with open(os.path.join(R.orig, p)) as f:
            t = f.read()
        mk = mask(t)
        starts = {name: s for name, s, e in functions(t, mk)}
        headers = [os.path.join(R.orig, os.path.dirname(p), h)
                   for h in os.listdir(os.path.join(R.orig, os.path.dirname(p)))
                   if h.endswith('.h')]
        htexts = [t] + [open(h).read() for h in sorted(headers)]
        where[p] = (mk, starts, {fn: witness.contract_of(fn, htexts) for fn in starts})
    t_w = time.time()

    def find(m):
        mk, starts, contracts = where[m['file']]
        return m, W.find(m, mk, starts, contracts, outside_proof(m))

    def report(m):
        print('%-12s %-24s %-24s %-5s %-44s %s%s' % (
            m['id'], '%s:%d' % (m['file'], m['line']), m['function'], m['operator'],
            m['edit'][:44],
            m['outcome'].upper() if m['outcome'] == 'survived' else m['outcome'],
            (' (' + m['detail'] + ')') if m.get('detail') else ''), flush=True)

    if args.mode == 'whole':
        # witness first (make mutants-whole): the witness decides alone,
        # WP runs only on the mutants without one
        for m in chosen:
            if 'outcome' in m:
                report(m)
        bases = witness_first(R, W, where, todo, outside_proof, report, origobj)
    else:
        with cf.ThreadPoolExecutor(R.jobs) as ex:
            for fu in cf.as_completed([ex.submit(find, m) for m in todo]):
                m, (w, note) = fu.result()
                m['witness'] = w
                m['witness_note'] = note
        nw = sum(1 for m in todo if m['witness'])
        print('witnesses: %d of %d mutants (%d by the function on random inputs, %d by the '
              'studies, %d by the tests), %.0f s' % (
                  nw, len(todo),
                  sum(1 for m in todo if m['witness'] and m['witness'][0] == 'function'),
                  sum(1 for m in todo if m['witness'] and m['witness'][0] == 'study'),
                  sum(1 for m in todo if m['witness'] and m['witness'][0] == 'test'),
                  time.time() - t_w), flush=True)

        if os.environ.get('MUT_WP', 'yes') == 'no':
            return witnesses_only(chosen, todo)

        # the tested families and the functions of the core whose bodies
        # are not proved (WP_SKIP): no goal, the witness decides alone
        for m in todo:
            if outside_proof(m):
                decide_by_witness(m, tested_verdict)
        todo = [m for m in todo if not outside_proof(m)]

        # 3. one baseline per function
        fns = sorted(set((m['file'], m['function']) for m in todo))
        bases = {}
        with cf.ThreadPoolExecutor(R.jobs) as ex:
            futs = {ex.submit(R.baseline, p, fn): (p, fn) for p, fn in fns}
            for fu in cf.as_completed(futs):
                p, fn = futs[fu]
                bases[(p, fn)] = b = fu.result()
                print('baseline %s %s: %d/%d goals proved, %.0f s%s' % (
                    p, fn, len(b['goals']) - len(b['unproved']), len(b['goals']), b['time'],
                    '' if b['rc'] == 0 and b['goals'] else ' (frama-c status %d)' % b['rc']),
                    flush=True)

        # 4. WP on each mutant at the step budget, and the verdict
        def one(m):
            return m, prove(R, m, bases[(m['file'], m['function'])])

        for m in chosen:
            if 'outcome' in m:
                report(m)
        with cf.ThreadPoolExecutor(R.jobs) as ex:
            for fu in cf.as_completed([ex.submit(one, m) for m in todo]):
                m, (wp, goals, dt, note) = fu.result()
                decide(m, wp, goals, dt, note, verdict)
                report(m)

    end = time.time()
    count = {}
    for m in chosen:
        count[m['outcome']] = count.get(m['outcome'], 0) + 1
    kills = {}
    for m in chosen:
        if m['outcome'] == 'killed':
            kills[m['kill']] = kills.get(m['kill'], 0) + 1
    ngen = sum(1 for m in chosen if not m['named'])
    survivors = [m for m in chosen if m['outcome'] == 'survived']
    failing = [m for m in survivors if m['named'] or fails_on_survivor(m['file'])]
    errors = [m for m in chosen if m['outcome'] in ('error', 'stale', 'baseline not proved')]
    equiv = {}
    for m in chosen:
        if m['outcome'] == 'equivalent':
            k = ('object code' if m['detail'].startswith('identical') else
                 'by hand' if m['detail'].startswith('by hand') else 'no witness')
            equiv[k] = equiv.get(k, 0) + 1

    rep = {'mode': args.mode, 'files': files, 'steps': R.steps, 'timeout': R.timeout,
           'jobs': R.jobs, 'cache': R.cache_mode, 'cache_read': R.seeded,
           'inputs': witness.INPUTS, 'studies': list(witness.STUDIES),
           'provers': R.provers.split(','), 'wall_time_s': round(end - start),
           'generated_total': len(gen), 'named_total': len(named),
           'proved_families': args.core, 'tested_families': args.tested,
           'counts': count, 'kills': kills, 'equivalent': equiv,
           'baselines': {'%s:%s' % k: {'goals': len(v['goals']), 'unproved': v['unproved'],
                                       'time_s': round(v['time'], 1)}
                         for k, v in bases.items()},
           'mutants': [dict({k: m.get(k) for k in ('id', 'file', 'function', 'line', 'operator',
                                                   'edit', 'named', 'outcome', 'kill', 'wp',
                                                   'detail', 'goals', 'time')},
                            witness=({'kind': m['witness'][0], 'text': m['witness'][1]}
                                     if m.get('witness') else None))
                       for m in chosen]}
    with open(os.path.join(R.out, 'report.json'), 'w') as f:
        json.dump(rep, f, indent=1)
    with open(os.path.join(R.out, 'report.txt'), 'w') as f:
        f.write('# mutation campaign (%s), %d prover steps per goal (wall-clock limit %d s), '
                '%d frama-c at once\n' % (args.mode, R.steps, R.timeout, R.jobs))
        f.write('%-28s %-24s %-24s %-5s %-10s %-22s %7s  %s\n' % (
            'id', 'file:line', 'function', 'op', 'outcome', 'kill', 'time_s', 'edit'))
        for m in chosen:
            f.write('%-28s %-24s %-24s %-5s %-10s %-22s %7s  %s\n' % (
                m['id'], '%s:%d' % (m['file'], m['line']), m['function'], m['operator'],
                m['outcome'], m.get('kill') or '', m.get('time', ''), m['edit']))
        f.write('# wall time %d s\n' % (end - start))
    print('mutate: report in %s/report.{json,txt} (wall time %d s)' % (R.out, end - start))
    if R.cache_mode in ('record', 'update') and not R.unseeded:
        whole = (R.cache_mode == 'record' and args.mode == 'sample' and not args.ids
                 and not args.files)
        kept, dropped = publish_cache(R, whole)
        print('mutate: %d prover answers written to proofs/mutants/wp-cache (%s), %d left out '
              '(a wall-clock timeout)'
              % (kept, 'replacing it' if whole else 'added to it', dropped))
    elif R.unseeded:
        print('mutate: proofs/mutants/wp-cache not read: %s' % R.unseeded)
    elif R.cache_mode == 'committed':
        print('mutate: %d committed prover answers read (proofs/mutants/wp-cache)' % R.seeded)
    for m in chosen:
        if m['outcome'] == 'undecided':
            print('undecided %s: %s %s line %d: %s (%s)' % (
                m['id'], m['file'], m['function'], m['line'], m['edit'], m.get('kill') or ''))
    for m in chosen:
        if m['outcome'] == 'equivalent' and not m['detail'].startswith(('identical', 'by hand')):
            print('equivalent (no witness, every goal proved) %s: %s %s line %d: %s' % (
                m['id'], m['file'], m['function'], m['line'], m['edit']))
    for m in survivors:
        print('survivor %s: %s %s line %d: %s%s' % (
            m['id'], m['file'], m['function'], m['line'], m['edit'],
            '' if m['named'] or fails_on_survivor(m['file']) else
            ' (a tested family, outside the proved core: reported, does not fail)'))
    if failing:
        print('mutate: FAILED: %d survivor(s) in the failing families or the named list'
              % len(failing))
    nk = count.get('killed', 0)
    if args.mode == 'whole':
        # kills by a witness and by a goal apart (a goal here never kills
        # alone: failed without a witness is undecided)
        print('witness first: %d killed by a witness with no goal run (%d function, %d study, '
              '%d test), %d by a prover\'s counterexample; without a witness: %d undecided '
              '(proof fails but no witness), %d survived (possibly equivalent: every goal '
              'proved, no witness); %d equivalent (object code or by hand), %d invalid'
              % (sum(kills.get(k, 0) for k in KILL_W.values()), kills.get(KILL_W['function'], 0),
                 kills.get(KILL_W['study'], 0), kills.get(KILL_W['test'], 0),
                 kills.get(KILL_CEX, 0), count.get('undecided', 0), count.get('survived', 0),
                 count.get('equivalent', 0), count.get('invalid', 0)))
    print('mutants: %d generated, %d killed, %d survived, %d equivalent, %d undecided '
          '(killed: %d by a counterexample, %d by a witness with no goal run (witness first), '
          '%d by a failed goal with a function witness, '
          '%d with a study witness, and outside the proved set, without a goal, %d by a '
          'study witness, %d by a test witness; equivalent: %d object code, %d by hand, %d without '
          'witness; %d named and %d of the %d generated mutants taken; %d invalid, %d stale, '
          'in error or with a baseline not proved; %d prover steps)'
          % (len(chosen) - count.get('invalid', 0) - count.get('stale', 0), nk,
             count.get('survived', 0), count.get('equivalent', 0), count.get('undecided', 0),
             kills.get(KILL_CEX, 0), sum(kills.get(k, 0) for k in KILL_W.values()),
             kills.get(KILL_FN, 0), kills.get(KILL_STUDY, 0),
             kills.get(KILL_STUDY_ONLY, 0), kills.get(KILL_TEST_ONLY, 0),
             equiv.get('object code', 0), equiv.get('by hand', 0), equiv.get('no witness', 0),
             len(chosen) - ngen, ngen, len(gen), count.get('invalid', 0), len(errors), R.steps))
    return 1 if failing or errors else 0


def object_verdict(R, m, orig):
    """Invalid when gcc rejects mutant M, equivalent when its stripped
    object code is ORIG's, the original's; else M is left undecided."""
    o, err = R.obj(m['file'], m['text'], m['id'])
    if o is None:
        m['outcome'] = 'invalid'
        m['detail'] = ('gcc: ' + squash(err.split('\n')[0])[:100]) if err else 'gcc failed'
    elif o == orig:
        m['outcome'] = 'equivalent'
        m['detail'] = 'identical object code (gcc -O2 -c, stripped)'


def publish_cache(R, replace):
    """make mutants-cache: the entries of the campaign's cache whose answer
    does not depend on the clock (KEPT_VERDICTS) into COMMITTED_CACHE; with
    REPLACE (the whole sample campaign) the committed entries this
    campaign did not use are removed.  Returns (kept, left out)."""
    keep, drop = {}, 0
    for e in sorted(os.listdir(R.cache)):
        if not e.endswith('.json'):
            continue
        try:
            with open(os.path.join(R.cache, e)) as f:
                text = f.read()
            verdict = json.loads(text).get('verdict')
        except (OSError, ValueError):
            verdict = None
        if verdict in KEPT_VERDICTS:
            keep[e] = text
        else:
            drop += 1
    os.makedirs(COMMITTED_CACHE, exist_ok=True)
    if replace:
        for e in os.listdir(COMMITTED_CACHE):
            if e.endswith('.json') and e not in keep:
                os.remove(os.path.join(COMMITTED_CACHE, e))
    for e, text in keep.items():
        with open(os.path.join(COMMITTED_CACHE, e), 'w') as f:
            f.write(text)
    with open(os.path.join(COMMITTED_CACHE, BUDGET_FILE), 'w') as f:
        f.write(R.budget)
    return len(keep), drop


def prove(R, m, b):
    """WP on mutant M against its function's baseline B: (wp, goals, time,
    note), wp one of proved, refuted, failed, timeout, invalid, or error
    and 'baseline not proved' when the baseline cannot decide."""
    if b['rc'] != 0 or not b['goals']:
        return ('error', [], 0.0, 'baseline failed (frama-c status %d)' % b['rc'])
    if len(b['unproved']) == len(b['goals']):
        # a kill would mean nothing: nothing of the function is proved
        return ('baseline not proved', [], 0.0, 'baseline unproved: ' +
                ', '.join(b['unproved'][:4]) + (' ...' if len(b['unproved']) > 4 else ''))
    return R.run_mutant(m, b)


def decide(m, wp, goals, dt, note, rule):
    """M's outcome, kind of kill and detail from its WP result and its
    witness, by RULE (verdict, or whole_verdict for make mutants-whole)."""
    m['wp'] = wp
    m['outcome'], m['kill'] = rule(wp, m['witness'])
    m['time'] = round(dt, 1)
    m['goals'] = goals
    detail = []
    if m['kill']:
        detail.append(m['kill'])
    if goals:
        pre = m['function'] + '_'
        detail.append(('unproved' if wp != 'refuted' else 'refuted') + ': ' + ', '.join(
            g[len(pre):] if g.startswith(pre) else g for g in goals[:4]) +
            (' ...' if len(goals) > 4 else '') +
            (' (wall-clock timeout)' if wp == 'timeout' else ''))
    elif wp == 'proved':
        detail.append('every goal proved')
    if note:
        detail.append(note)
    if m['witness']:
        detail.append('witness (%s): %s' % (m['witness'][0], m['witness'][1][:160]))
    elif wp not in ('error', 'baseline not proved'):
        detail.append('no witness: ' + m['witness_note'][:160])
    detail.append('%.0f s' % dt)
    m['detail'] = '; '.join(detail)


def decide_by_witness(m, rule):
    """M's outcome from its witness alone, no goal run (a tested family:
    tested_verdict; a mutant with a witness in make mutants-whole)."""
    m['wp'] = 'not in the proved set' if rule is tested_verdict else 'not run (witness first)'
    m['outcome'], m['kill'] = rule(m['witness'])
    w = m['witness']
    m['detail'] = '; '.join(([m['kill']] if m['kill'] else []) + [
        'witness (%s): %s' % (w[0], w[1][:160]) if w else
        'no witness: ' + m['witness_note'][:160]])


def witness_first(R, W, where, todo, outside_proof, report, origobj):
    """make mutants-whole: each mutant of TODO, in the order of the ids,
    is compiled (invalid, or equivalent by its object code, against
    ORIGOBJ), then gets the witness search first (the function on random inputs, the
    studies, the tests); a witness kills it and no goal is run; a mutant
    without one goes to WP (the baseline of its function run once, when
    first needed) and is decided by whole_verdict.  Each mutant is
    reported when decided, so that a run stopped part way says what it
    did.  Returns the baselines run."""
    bases = {}
    locks = {}
    guard = threading.Lock()
    done = [0]
    t0 = time.time()

    def base(m):
        k = (m['file'], m['function'])
        with guard:
            lock = locks.setdefault(k, threading.Lock())
        with lock:
            if k not in bases:
                bases[k] = b = R.baseline(*k)
                print('baseline %s %s: %d/%d goals proved, %.0f s%s' % (
                    k[0], k[1], len(b['goals']) - len(b['unproved']), len(b['goals']),
                    b['time'], '' if b['rc'] == 0 and b['goals'] else
                    ' (frama-c status %d)' % b['rc']), flush=True)
            return bases[k]

    def one(m):
        object_verdict(R, m, origobj[m['file']])
        if 'outcome' in m:
            return m
        mk, starts, contracts = where[m['file']]
        m['witness'], m['witness_note'] = W.find(m, mk, starts, contracts, outside_proof(m))
        if m['witness'] or outside_proof(m):
            decide_by_witness(m, tested_verdict if outside_proof(m) else witness_kill)
        else:
            wp, goals, dt, note = prove(R, m, base(m))
            decide(m, wp, goals, dt, note, whole_verdict)
        return m

    with cf.ThreadPoolExecutor(R.jobs) as ex:
        for fu in cf.as_completed([ex.submit(one, m) for m in todo]):
            m = fu.result()
            done[0] += 1
            m['detail'] += '; %d/%d done, %.0f s' % (done[0], len(todo), time.time() - t0)
            report(m)
    return bases


def witnesses_only(chosen, todo):
    """MUT_WP=no: the witnesses alone, no prover (a cheap look at which
    mutants compute something else); per operator: taken, with a witness."""
    for m in chosen:
        if m in todo:
            w = m['witness']
            print('%-12s %-24s %-24s %-5s %-44s %s' % (
                m['id'], '%s:%d' % (m['file'], m['line']), m['function'], m['operator'],
                m['edit'][:44], ('witness (%s): %s' % (w[0], w[1][:120])) if w else
                'no witness: ' + m['witness_note'][:120]), flush=True)
    ops = {}
    for m in todo:
        t = ops.setdefault(m['operator'], [0, 0])
        t[0] += 1
        t[1] += 1 if m['witness'] else 0
    other = {}
    for m in chosen:
        if m not in todo:
            other[m['outcome']] = other.get(m['outcome'], 0) + 1
    print('witnesses by operator: ' + ', '.join('%s %d/%d' % (op, t[1], t[0])
                                                 for op, t in sorted(ops.items())))
    print('mutants: %d taken, %d with a witness, %d without (no prover run: MUT_WP=no); %s'
          % (len(todo), sum(1 for m in todo if m['witness']),
             sum(1 for m in todo if not m['witness']),
             ', '.join('%d %s' % (n, k) for k, n in sorted(other.items()))))
    return 0


KILL_CEX = 'refuted by a prover'
KILL_FN = 'failed goal, function witness'
KILL_STUDY = 'failed goal, study witness'
# the tested families (outside the proved set): no goal, a witness alone
KILL_STUDY_ONLY = 'no goal (not proved), study witness'
KILL_TEST_ONLY = 'no goal (not proved), test witness'


def tested_verdict(w):
    """(outcome, kind of kill) of a mutant of a tested family: killed by
    its witness (the studies, or a test that fails), else a survivor: the
    studies and the tests cannot tell it from the original."""
    if not w:
        return 'survived', None
    return 'killed', KILL_STUDY_ONLY if w[0] == 'study' else KILL_TEST_ONLY


# make mutants-whole (witness first): a witness kills before any goal runs
KILL_W = {'function': 'witness first, function witness (no goal run)',
          'study': 'witness first, study witness (no goal run)',
          'test': 'witness first, test witness (no goal run)'}
UNDECIDED_NO_WITNESS = 'undecided: proof fails but no witness'
SURVIVED_NO_WITNESS = 'survived (possibly equivalent): every goal proved, no witness'


def witness_kill(w):
    """(outcome, kind of kill) of a mutant with a witness in make
    mutants-whole: killed by that witness, its goals not run."""
    return 'killed', KILL_W[w[0]]


def whole_verdict(wp, w):
    """(outcome, kind of kill) of a mutant without a witness in make
    mutants-whole, from verdict(): a failed goal is undecided, not a kill;
    every goal proved is a survivor (possibly equivalent), which fails the
    campaign until shown equivalent (proofs/mutants/equivalent.txt)."""
    outcome, kill = verdict(wp, w)
    if outcome == 'equivalent':
        return 'survived', SURVIVED_NO_WITNESS
    if outcome == 'undecided':
        return 'undecided', UNDECIDED_NO_WITNESS + ' (%s)' % kill
    return outcome, kill


def per_family_sample(gen, n, seed):
    """N generated mutants of each file (a family), drawn with SEED: the
    same for the same sources, in the order of the ids."""
    out = []
    for path in sorted(set(m['file'] for m in gen)):
        mine = [m for m in gen if m['file'] == path]
        rng = random.Random('%d:%s' % (seed, path))
        out += [mine[i] for i in sorted(rng.sample(range(len(mine)), min(n, len(mine))))]
    return out


def verdict(wp, w):
    """(outcome, kind of kill) of a mutant from its WP result and its
    witness (proofs/mutants/README.md, "Verdicts")."""
    if wp in ('error', 'baseline not proved', 'invalid'):
        return wp, None
    if wp == 'refuted':
        # a prover's counterexample is a witness of its own
        return 'killed', KILL_CEX
    if wp == 'proved':
        return ('survived', None) if w else ('equivalent', None)
    if not w:
        return 'undecided', ('goal not proved within the budget, no witness' if wp == 'failed'
                             else 'wall-clock timeout, no witness')
    return 'killed', KILL_FN if w[0] == 'function' else KILL_STUDY


if __name__ == '__main__':
    sys.exit(main())
