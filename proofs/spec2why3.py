#!/usr/bin/env python3
"""spec2why3.py SPECDIR OUTFILE - the real and the binary64 reading of the
ACSL logic definitions of SPECDIR/*.acsl as Why3 theories (one module per
file and reading).

The definitions follow the spec convention (README.md of proofs/why3): each
equation is one ACSL `logic` function over doubles, written as its binary64
evaluation with \\add_double, \\sub_double, \\mul_double, \\div_double,
\\neg_double (or unary minus), local names (\\let x = v; t), conditionals
(c ? a : b) on IEEE comparisons
(\\lt_double, \\le_double, \\eq_double, or the boolean lt_double, le_double,
eq_double of float_compare.acsl), (double) literals, integer arithmetic and
comparisons, calls of other spec logic functions, and pow_abs(x, p) of
power.acsl.  Erasing the roundings gives the real reading written here:
\\add_double(a, b) -> a +. b, ..., (double)0.5 -> 0.5, pow_abs(x, p) ->
pw x p (proofs/why3/power.mlw), double -> real, integer -> int.

The binary64 reading keeps the roundings: \\add_double(a, b) ->
rnd (a +. b), ... with rnd of proofs/why3/rounding.mlw (uninterpreted),
(double)0.1 -> the exact value of the double nearest to 0.1; everything
else as in the real reading (pow_abs, sqrt_rn and pow_rn exact).

Modules of spec/NAME.acsl: Spec_NAME (the real reading) and Rounded_NAME
(the binary64 one), in OUTFILE; a module uses the modules of its reading
whose definitions it calls.  Predicates
are not translated (they state binary64 ranges and finiteness, which have
no real reading; they are listed in the output's header).  Anything else
that this script does not know -- another abstract function, an axiom
outside the two known axiomatic blocks, a lemma, a label, a pointer, an
operator or a built-in not listed here -- is an error: the script prints
it and exits with status 1, and writes nothing.
"""
import os
import re
import sys
from fractions import Fraction

# Abstract functions of the axiomatic blocks that the script knows, with
# their Why3 reading; every other declaration in those blocks must be one
# of these or one of the axioms listed.
KNOWN_AXIOMATIC = {
    'PowAbs': {'functions': {'pow_abs'}, 'axioms': set()},
    'DerivedLibm': {'functions': {'sqrt_rn', 'pow_rn'}, 'axioms': set()},
    'InputLibm': {'functions': {'sin_rn', 'cos_rn'}, 'axioms': set()},
    'FloatCompare': {'functions': {'lt_double', 'le_double', 'eq_double'},
                     'axioms': {'lt_double_ieee', 'le_double_ieee',
                                'eq_double_ieee'}},
}
ABSTRACT = {'pow_abs': ('pw', 'power.Power', 2),
            # libm's sqrt and pow (x > 0) as spec/derived.acsl declares them
            'sqrt_rn': ('sqrt', 'real.Square', 1),
            'pow_rn': ('pw', 'power.Power', 2),
            # libm's sin and cos as spec/input_forces.acsl declares them
            'sin_rn': ('sin', 'real.Trigonometry', 1),
            'cos_rn': ('cos', 'real.Trigonometry', 1)}
ARITH = {'\\add_double': '+.', '\\sub_double': '-.', '\\mul_double': '*.',
         '\\div_double': '/.'}
COMPARE = {'\\lt_double': '<.', '\\le_double': '<=.', '\\eq_double': '=',
           'lt_double': '<.', 'le_double': '<=.', 'eq_double': '='}
TYPES = {'double': 'real', 'integer': 'int', 'boolean': 'bool'}
WHY3_KEYWORDS = {
    'abstract', 'absurd', 'alias', 'any', 'as', 'assert', 'assume', 'at',
    'axiom', 'begin', 'break', 'by', 'check', 'clone', 'coinductive',
    'constant', 'continue', 'diverges', 'do', 'done', 'downto', 'else',
    'end', 'ensures', 'epsilon', 'exception', 'exists', 'export', 'false',
    'float', 'for', 'forall', 'fun', 'function', 'ghost', 'goal', 'if',
    'import', 'in', 'inductive', 'invariant', 'label', 'lemma', 'let',
    'match', 'meta', 'module', 'mutable', 'not', 'old', 'partial',
    'predicate', 'private', 'pure', 'raise', 'raises', 'range', 'reads',
    'rec', 'ref', 'requires', 'return', 'returns', 'scope', 'so', 'then',
    'theory', 'to', 'true', 'try', 'type', 'use', 'val', 'variant', 'while',
    'with', 'writes'}


class SpecError(Exception):
    pass


def strip_comments(text):
    text = re.sub(r'//[^\n]*', '', text)
    return re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)


def annotations(src):
    """The bodies of the /*@ ... */ blocks, with the leading @ of lines removed."""
    out = []
    for m in re.finditer(r'/\*@(.*?)\*/', src, flags=re.S):
        body = m.group(1)
        body = re.sub(r'(?m)^\s*@', ' ', body)
        body = re.sub(r'@\s*$', ' ', body)
        out.append(body)
    return out


TOKEN = re.compile(r'''
    (?P<ws>\s+)
  | (?P<num>0[xX][0-9a-fA-F]*\.?[0-9a-fA-F]*[pP][+-]?[0-9]+|[0-9]+\.[0-9]*(?:[eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+|[0-9]+)
  | (?P<id>\\?[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op>==>|<==>|==|!=|<=|>=|&&|\|\||[-+*/%?:<>(),;{}=!\[\].&])
''', re.X)


def tokenize(s):
    toks, pos = [], 0
    while pos < len(s):
        m = TOKEN.match(s, pos)
        if not m:
            raise SpecError('unknown character %r in %r' % (s[pos], s[pos:pos + 40]))
        pos = m.end()
        if m.lastgroup != 'ws':
            toks.append((m.lastgroup, m.group()))
    return toks


def double_literal(text):
    """The binary64 value of a C floating literal (round to nearest), in hex."""
    v = float.fromhex(text) if text.lower().startswith('0x') else float(text)
    return v.hex()


def real_literal(text):
    """The exact real value of a C floating literal, as a Why3 real literal."""
    if text.lower().startswith('0x'):
        v = Fraction(float.fromhex(text))
    else:
        v = Fraction(text)
    if v.denominator == 1:
        return '%d.0' % v.numerator
    # a dyadic or decimal value: print it exactly in decimal
    d = v.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        raise SpecError('literal %s has no finite decimal form' % text)
    k = max(twos, fives)
    scaled = v * 10 ** k
    assert scaled.denominator == 1
    digits = str(abs(scaled.numerator)).rjust(k + 1, '0')
    s = digits[:-k] + '.' + digits[-k:]
    return ('-' if v < 0 else '') + s


class TokenCursor:
    """A position in a definition's tokens (kind, text), for the readers
    of spec2why3.py and spec2tape.py; errors name `where`."""

    def err(self, msg):
        rest = ' '.join(t for _, t in self.toks[self.i:self.i + 8])
        raise SpecError('%s: %s (at: %s)' % (self.where, msg, rest))

    def peek(self, k=0):
        j = self.i + k
        return self.toks[j][1] if j < len(self.toks) else None

    def take(self, want=None):
        if self.i >= len(self.toks):
            self.err('unexpected end')
        t = self.toks[self.i][1]
        if want is not None and t != want:
            self.err('expected %r' % want)
        self.i += 1
        return t


class Parser(TokenCursor):
    """Terms of the spec convention; returns (why3 text, type) pairs."""

    def __init__(self, toks, env, funcs, where, rounded=False):
        self.toks, self.i, self.env, self.funcs, self.where = toks, 0, env, funcs, where
        self.rounded = rounded
        self.calls = set()
        self.abstract = set()


    def done(self):
        if self.i != len(self.toks):
            self.err('unexpected tokens')

    # term := '\\let' id '=' term ';' term | disj ('?' term ':' term)?
    def term(self):
        if self.peek() == '\\let':
            return self.let()
        c = self.disj()
        if self.peek() == '?':
            self.take('?')
            a = self.term()
            self.take(':')
            b = self.term()
            if c[1] != 'prop':
                self.err('condition of a conditional is not a comparison')
            if a[1] != b[1]:
                self.err('branches of different types')
            return ('(if %s then %s else %s)' % (c[0], a[0], b[0]), a[1])
        return c

    # \\let x = v; body -> (let x = v in body), x a double or an integer
    def let(self):
        self.take('\\let')
        kind, name = self.toks[self.i] if self.i < len(self.toks) else (None, None)
        if kind != 'id' or name.startswith('\\') or name in self.funcs:
            self.err('\\let of %r, not a fresh name' % name)
        self.take()
        self.take('=')
        v = self.term()
        if v[1] == 'prop':
            self.err('\\let of a comparison')
        self.take(';')
        saved = self.env
        self.env = dict(saved)
        self.env[name] = (name, v[1])
        body = self.term()
        self.env = saved
        return ('(let %s = %s in %s)' % (name, v[0], body[0]), body[1])

    def disj(self):
        a = self.conj()
        while self.peek() == '||':
            self.take()
            b = self.conj()
            self.need_prop(a, b)
            a = ('(%s \\/ %s)' % (a[0], b[0]), 'prop')
        return a

    def conj(self):
        a = self.cmp()
        while self.peek() == '&&':
            self.take()
            b = self.cmp()
            self.need_prop(a, b)
            a = ('(%s /\\ %s)' % (a[0], b[0]), 'prop')
        return a

    def need_prop(self, a, b):
        if a[1] != 'prop' or b[1] != 'prop':
            self.err('&& or || of a non-comparison')

    def cmp(self):
        a = self.add()
        op = self.peek()
        if op in ('==', '!=', '<', '<=', '>', '>='):
            self.take()
            b = self.add()
            if a[1] != 'int' or b[1] != 'int':
                self.err('comparison %s of non-integers (use the IEEE ones)' % op)
            w = {'==': '=', '!=': '<>'}.get(op, op)
            return ('(%s %s %s)' % (a[0], w, b[0]), 'prop')
        return a

    def add(self):
        a = self.mul()
        while self.peek() in ('+', '-'):
            op = self.take()
            b = self.mul()
            if a[1] != 'int' or b[1] != 'int':
                self.err('%s on non-integers (use \\add_double etc.)' % op)
            a = ('(%s %s %s)' % (a[0], op, b[0]), 'int')
        return a

    def mul(self):
        a = self.unary()
        while self.peek() in ('*', '/', '%'):
            op = self.take()
            if op == '%':
                # C's remainder of integers (truncated), ACSL's %
                b = self.unary()
                if a[1] != 'int' or b[1] != 'int':
                    self.err('%% on non-integers')
                a = ('(ComputerDivision.mod %s %s)' % (a[0], b[0]), 'int')
                continue
            self.err('operator %s (use \\mul_double, \\div_double)' % op)
        return a

    def unary(self):
        if self.peek() == '-':
            self.take()
            a = self.unary()
            if a[1] == 'real':
                return ('(-. %s)' % a[0], 'real')
            if a[1] == 'int':
                return ('(- %s)' % a[0], 'int')
            self.err('unary minus of a %s' % a[1])
        if self.peek() == '!':
            self.take()
            a = self.unary()
            if a[1] != 'prop':
                self.err('! of a non-comparison')
            return ('(not %s)' % a[0], 'prop')
        return self.atom()

    def args(self, n=None):
        self.take('(')
        out = []
        if self.peek() != ')':
            out.append(self.term())
            while self.peek() == ',':
                self.take()
                out.append(self.term())
        self.take(')')
        if n is not None and len(out) != n:
            self.err('%d arguments where %d expected' % (len(out), n))
        return out

    def atom(self):
        kind, t = self.toks[self.i] if self.i < len(self.toks) else (None, None)
        if t == '(':
            # cast (double)LIT or parenthesised term
            if self.peek(1) == 'double' and self.peek(2) == ')':
                self.take('(')
                self.take('double')
                self.take(')')
                neg = False
                if self.peek() == '-':
                    self.take()
                    neg = True
                k2, lit = self.toks[self.i] if self.i < len(self.toks) else (None, None)
                if not neg and lit in self.env and self.env[lit][1] == 'int':
                    # (double) of an integer variable: its real value, in
                    # the binary64 reading too (the conversion is exact
                    # for |d| <= 2^53; spec/bernstein.acsl's halving
                    # counts are below 64)
                    self.take()
                    return ('(from_int %s)' % self.env[lit][0], 'real')
                if k2 != 'num':
                    self.err('(double) cast of a non-literal')
                self.take()
                v = real_literal(double_literal(lit) if self.rounded else lit)
                return ('(-. %s)' % v if neg else v, 'real')
            self.take('(')
            a = self.term()
            self.take(')')
            return a
        if kind == 'num':
            self.take()
            if re.fullmatch(r'[0-9]+', t):
                return (t, 'int')
            self.err('floating literal %s without (double) cast' % t)
        if kind != 'id':
            self.err('unexpected token %r' % t)
        self.take()
        if t in ARITH:
            a, b = self.args(2)
            if a[1] != 'real' or b[1] != 'real':
                self.err('%s of non-doubles' % t)
            op = '(%s %s %s)' % (a[0], ARITH[t], b[0])
            return ('(rnd %s)' % op if self.rounded else op, 'real')
        if t == '\\neg_double':
            (a,) = self.args(1)
            if a[1] != 'real':
                self.err('\\neg_double of a non-double')
            return ('(-. %s)' % a[0], 'real')
        if t in COMPARE:
            a, b = self.args(2)
            if a[1] != 'real' or b[1] != 'real':
                self.err('%s of non-doubles' % t)
            return ('(%s %s %s)' % (a[0], COMPARE[t], b[0]), 'prop')
        if t in ABSTRACT:
            why, mod, arity = ABSTRACT[t]
            args = self.args(arity)
            if any(a[1] != 'real' for a in args):
                self.err('%s of non-doubles' % t)
            self.abstract.add(mod)
            return ('(%s %s)' % (why, ' '.join(a[0] for a in args)), 'real')
        if t in self.funcs:
            params, rtype = self.funcs[t]
            if not params:
                # a constant: used without an argument list
                self.calls.add(t)
                return (t, rtype)
            args = self.args(len(params))
            for (pn, pt, _), a in zip(params, args):
                if pt != a[1]:
                    self.err('argument %s of %s: %s where %s expected' % (pn, t, a[1], pt))
            self.calls.add(t)
            return ('(%s %s)' % (t, ' '.join(a[0] for a in args)), rtype)
        if t in self.env:
            if self.peek() in ('(', '[', '.'):
                self.err('%s applied, indexed or a structure' % t)
            return self.env[t]
        self.err('unknown identifier or construct %s' % t)


def parse_params(toks, where):
    """'(' type name, ... ')' -> [(name, why3 type)]"""
    params = []
    if toks[0] != '(' or toks[-1] != ')':
        raise SpecError('%s: parameter list expected' % where)
    inner = toks[1:-1]
    if not inner:
        return params
    groups, cur = [], []
    for t in inner:
        if t == ',':
            groups.append(cur)
            cur = []
        else:
            cur.append(t)
    groups.append(cur)
    for g in groups:
        if len(g) != 2 or g[0] not in TYPES or g[0] == 'boolean':
            raise SpecError('%s: parameter %s not of type double or integer'
                            % (where, ' '.join(g)))
        name = g[1]
        if name[0].isupper():
            # Why3 variables start lower case: A -> uA
            name = 'u' + name
        if name in WHY3_KEYWORDS:
            raise SpecError('%s: parameter %s is a Why3 keyword' % (where, name))
        params.append((name, TYPES[g[0]], g[1]))
    if len({p[0] for p in params}) != len(params):
        raise SpecError('%s: parameter names clash after renaming' % where)
    return params


def split_decls(text, where):
    """Split an annotation into declarations, tracking axiomatic blocks."""
    toks = tokenize(strip_comments(text))
    decls, cur, block = [], [], None
    binders = 0     # \forall, \exists whose ';' is still to come
    i = 0
    while i < len(toks):
        k, t = toks[i]
        if not cur and t == 'axiomatic':
            name = toks[i + 1][1]
            if toks[i + 2][1] != '{':
                raise SpecError('%s: axiomatic %s without {' % (where, name))
            if block is not None:
                raise SpecError('%s: nested axiomatic' % where)
            block = name
            i += 3
            continue
        if not cur and t == '}' and block is not None:
            block = None
            i += 1
            continue
        cur.append((k, t))
        if t in ('\\forall', '\\exists', '\\let'):
            binders += 1
        elif t == ';' and binders > 0:
            binders -= 1
        elif t == ';':
            decls.append((block, cur))
            cur = []
        i += 1
    if cur or block is not None:
        raise SpecError('%s: unterminated declaration or block' % where)
    return decls


def translate(specdir):
    files = sorted(f for f in os.listdir(specdir) if f.endswith('.acsl'))
    funcs = {}      # name -> (params, rtype)
    defs = []       # (file, name, params, rtype, body tokens)
    skipped = []    # (file, what)
    for f in files:
        src = open(os.path.join(specdir, f)).read()
        for ann in annotations(src):
            for block, d in split_decls(ann, f):
                words = [t for _, t in d]
                where = '%s: %s' % (f, ' '.join(words[:4]))
                if block is not None:
                    known = KNOWN_AXIOMATIC.get(block)
                    if known is None:
                        raise SpecError('%s: unknown axiomatic block %s' % (f, block))
                    if words[0] == 'logic':
                        name = words[2]
                        if name not in known['functions'] or '=' in words:
                            raise SpecError('%s: unknown declaration in axiomatic %s'
                                            % (where, block))
                    elif words[0] == 'axiom':
                        if words[1] not in known['axioms']:
                            raise SpecError('%s: unknown axiom %s' % (where, words[1]))
                    else:
                        raise SpecError('%s: unknown construct in axiomatic %s'
                                        % (where, block))
                    skipped.append((f, '%s %s (axiomatic %s, known)' % (words[0],
                                                                       words[1] if words[0] == 'axiom' else words[2], block)))
                    continue
                if words[0] == 'predicate':
                    skipped.append((f, 'predicate %s' % words[1]))
                    continue
                if words[0] != 'logic':
                    raise SpecError('%s: unknown construct %s' % (where, words[0]))
                if len(words) > 3 and words[3] == '{':
                    # a memory label: the definition reads the heap
                    # (C arrays), which the real reading of values has not
                    skipped.append((f, 'logic %s (reads memory)' % words[2]))
                    continue
                if words[1] not in TYPES:
                    raise SpecError('%s: logic of type %s' % (where, words[1]))
                name = words[2]
                if name in WHY3_KEYWORDS or name in ('pw', 'store', 'dstore', 'sgn'):
                    raise SpecError('%s: name %s clashes with Why3' % (where, name))
                if name in funcs or name in ABSTRACT:
                    raise SpecError('%s: %s defined twice' % (where, name))
                if '=' not in words:
                    raise SpecError('%s: abstract logic function %s is not known'
                                    % (where, name))
                eq = words.index('=')
                # a constant (no parameter list) is a function of no argument
                params = parse_params(words[3:eq], where) if eq > 3 else []
                body = d[eq + 1:-1]
                # a boolean function defined by a proposition (ACSL has no
                # predicate in a term's condition, so spec/ writes it as
                # logic boolean) is a Why3 predicate
                rtype = 'prop' if words[1] == 'boolean' else TYPES[words[1]]
                funcs[name] = (params, rtype)
                defs.append((f, name, params, rtype, body))
    return files, funcs, defs, skipped


def module_name(f, rounded=False):
    stem = f[:-len('.acsl')]
    return ('Rounded_' if rounded else 'Spec_') + stem


def reading(defs, funcs, rounded):
    """The modules of one reading, each used module first: a list of lines."""
    owner = {name: f for f, name, _, _, _ in defs}
    mods = {}   # file -> {'defs': [text], 'uses': {file}, 'abstract': {module}}
    order = []
    for f, name, params, rtype, body in defs:
        env = {acsl: (why, ty) for why, ty, acsl in params}
        p = Parser(body, env, funcs, '%s: %s' % (f, name), rounded)
        text, ty = p.term()
        p.done()
        if ty != rtype:
            raise SpecError('%s: %s: body of type %s, declared %s' % (f, name, ty, rtype))
        m = mods.setdefault(f, {'defs': [], 'uses': set(), 'abstract': set()})
        if f not in order:
            order.append(f)
        m['uses'] |= {owner[c] for c in p.calls if owner[c] != f}
        m['abstract'] |= p.abstract
        # a parameter the body does not use is written _name (Why3's unused)
        args = ' '.join('(%s%s: %s)' % ('' if re.search(r'\b%s\b' % n, text) else '_', n, t)
                        for n, t, _ in params)
        if rtype == 'prop':
            m['defs'].append('  predicate %s %s =\n    %s' % (name, args, text))
        else:
            m['defs'].append('  function %s %s : %s =\n    %s' % (name, args, rtype, text))
    done, out_order = set(), []

    def visit(f, stack=()):
        if f in done:
            return
        if f in stack:
            raise SpecError('cyclic uses between spec files: %s' % ' '.join(stack))
        for g in sorted(mods[f]['uses']):
            visit(g, stack + (f,))
        done.add(f)
        out_order.append(f)
    for f in order:
        visit(f)
    lines = []
    for f in out_order:
        m = mods[f]
        lines.append('')
        lines.append('(* spec/%s%s *)' % (f, ', binary64 reading' if rounded else ''))
        lines.append('module %s' % module_name(f, rounded))
        lines.append('  use real.RealInfix')
        lines.append('  use int.Int')
        lines.append('  use int.ComputerDivision')
        lines.append('  use real.FromInt')
        if rounded:
            lines.append('  use rounding.Rounding')
        for mod in sorted(m['abstract']):
            lines.append('  use %s' % mod)
        for g in sorted(m['uses'], key=out_order.index):
            lines.append('  use %s' % module_name(g, rounded))
        for d in m['defs']:
            lines.append('')
            lines.append(d)
        lines.append('end')
    return lines


def generate(specdir):
    files, funcs, defs, skipped = translate(specdir)
    lines = ['(* GENERATED by proofs/spec2why3.py from spec/*.acsl.  Do not edit.',
             '   Two readings of every logic definition:',
             '   - Spec_NAME, the real reading (roundings erased: \\add_double(a, b) ->',
             '     a +. b, ..., pow_abs(x, p) -> pw x p of power.mlw);',
             '   - Rounded_NAME, the binary64 reading (\\add_double(a, b) -> rnd (a +. b),',
             '     ..., with rnd of rounding.mlw; (double) literals their binary64',
             '     values; pow_abs, sqrt_rn and pow_rn exact, as in Spec_NAME).',
             '   Not translated (binary64 ranges, or the known abstract blocks):']
    for f, what in skipped:
        lines.append('     %s: %s' % (f, what))
    lines.append('*)')
    lines += reading(defs, funcs, False)
    lines += reading(defs, funcs, True)
    return '\n'.join(lines) + '\n', len(defs)


def main():
    if len(sys.argv) != 3:
        sys.stderr.write('usage: spec2why3.py SPECDIR OUTFILE\n')
        return 2
    try:
        text, n = generate(sys.argv[1])
    except SpecError as e:
        sys.stderr.write('spec2why3: %s\n' % e)
        return 1
    with open(sys.argv[2], 'w') as out:
        out.write(text)
    sys.stderr.write('spec2why3: %d definitions -> %s\n' % (n, sys.argv[2]))
    return 0


if __name__ == '__main__':
    sys.exit(main())
