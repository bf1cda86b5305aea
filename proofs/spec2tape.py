#!/usr/bin/env python3
"""spec2tape.py SPECDIR OUTDIR - the high-precision engine's tape forms of
the contact laws (src/mp/mp_law_spec.c) and of the other equations both
engines evaluate (src/mp/mp_spec.h, mp_spec.c: FUNCTIONS), written from the ACSL logic
definitions of SPECDIR/*.acsl: the same definitions the binary64 laws of
src/model are proved against and proofs/spec2why3.py reads into Why3.
`spec2tape.py --check SPECDIR FILE` exits 1 when FILE is not what the
script writes (tests/cli/spec2tape.sh).

The reading is spec2why3.py's real one (roundings erased: \\add_double(a, b)
-> a + b, ...), evaluated at the working precision: each operation becomes
one node of the expression tape (src/mp/mp_tape.h), whose Taylor
coefficients are rounded to the working precision.  An operation on the
law's parameters and literals alone is evaluated once in MPFR when the
tape is built and enters as a constant (the value the node would have: a
constant's series is its value); equal terms are one node.

The laws: every spec file law_NAME_equations.acsl that defines NAME_force
(Phi, Eq. 59), NAME_vc (V_c) and NAME_dc (d_c), and for n_z = 1 NAME_zrate
(Psi), for n_z = 2 NAME_z1rate and NAME_z2rate.  Their arguments are the
law's parameters in the order of its par_names, then state components
named xc, z (or z1, z2) and v; the parameter list of NAME_force is the
law's (a test compares it with the binary64 law's par_names).

Conditionals: the tape evaluates on a piece where each switching function
keeps its sign (mp_tape.h), so a conditional on the sign of a state
expression x (lt_double(x, 0), lt_double(0, x)) is read as its value for
x > 0 and its value for x < 0 (the value at x = 0 is that of a piece's
end, which the integrator steps to).  The pair is then one of the tape's
operations on a piece: x and 0 -> max(x, 0); 0 and x -> min(x, 0); x and
-x -> |x|; P and -P with P = |x|^p -> x|x|^(p-1); P + Q and P - Q ->
P + Q sgn x.  Any other pair, an equality test of a state expression, or
a construct the spec convention of spec2why3.py does not know, is an
error: the script prints it and exits with status 1, and writes nothing.

A conditional on the sign of an expression of the time alone (the
argument named time: a breakpoint of the applied forces of
spec/input_forces.acsl, which the integrator steps to as to any
switching function) may have any values pos and neg on its two sides: it
is read as pos (1 + sgn x)/2 + neg (1 - sgn x)/2, each factor exactly 1
or 0 on a piece; a < b is then the sign of b - a.

Named constants that are a real number rounded to binary64 (pi_double
of spec/derived.acsl) are read as that number (MPFR's constant at the
working precision), after checking that the literal is its nearest
double (EXACT).

Saturation (mp_model.c) is a property of the Bouc-Wen rate of Eqs. (68),
(70): when Psi_i is bouc_wen_rate(A, beta, gamma, n, z, u), the node of u
is its drive.
"""
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spec2why3  # noqa: E402
from spec2why3 import SpecError  # noqa: E402
import specgen  # noqa: E402

STATE = {'xc': 'xc', 'v': 'v', 'z': 'z[0]', 'z1': 'z[0]', 'z2': 'z[1]'}
# The abstract functions of spec/derived.acsl, libm's sqrt and pow: in
# MPFR, correctly rounded.
LIBM = {'sqrt_rn': 'sqrt', 'pow_rn': 'pow'}
# libm's sin and cos (spec/input_forces.acsl): the tape's sine and cosine
# of a state expression, MPFR's of a constant.
TRIG = ('sin_rn', 'cos_rn')
# The argument that is the time of the tape (mp_time): a conditional on
# the sign of an expression of the time alone (a breakpoint of the
# applied forces, which the integrator steps to as to any switching
# function) may have any values on its two sides (Evaluator.piece).
TIME = 'time'
# The named constants of spec/ that are a real number rounded to binary64
# (spec/derived.acsl, pi_double): read as the real number, MPFR's constant
# at the working precision (mpfr_const_NAME), not as the literal.  The
# script checks that the literal is that number rounded to the nearest
# double, so that the binary64 side's constant is the rounding the spec
# states.
EXACT = {'pi_double': ('pi', math.pi)}

# The other equations both engines evaluate: (spec function, kind, fixed
# integer arguments, C name[, the arguments of a tape function that are
# values, not nodes: constants of the tape]).  An mpfr function computes a value from
# values (mp_spec_NAME(r, args...)); a tape function writes its
# expression onto the tape from the nodes of its arguments
# (mp_spec_NAME(T, args...)) and returns the node.
FUNCTIONS = [
    ('reduced_mass', 'mpfr', {}, None),
    ('mass_share', 'mpfr', {}, None),
    ('mass_share_c', 'mpfr', {}, None),
    ('effective_modulus', 'mpfr', {}, None),
    ('effective_radius', 'mpfr', {}, None),
    ('hertz_law_k', 'mpfr', {}, None),
    ('sphere_mass', 'mpfr', {}, None),
    ('hertz_coefficient', 'mpfr', {}, None),
    ('position_rate_value', 'tape', {}, None),
    ('centre_position_rate_value', 'tape', {}, None),
    ('centre_acceleration_value', 'tape', {}, None, ('m1', 'm2')),
    ('contact_factor', 'tape', {'q': 0}, 'mp_spec_contact_factor_apart'),
    ('contact_factor', 'tape', {'q': 1}, 'mp_spec_contact_factor_contact'),
    ('relative_acceleration_value', 'tape', {'q': 0},
     'mp_spec_relative_acceleration_apart'),
    ('relative_acceleration_value', 'tape', {'q': 1},
     'mp_spec_relative_acceleration_contact'),
    ('supply_quadrature_rate', 'tape', {}, None),
    ('contact_supply_rate_value', 'tape', {'q': 0},
     'mp_spec_contact_supply_rate_apart'),
    ('contact_supply_rate_value', 'tape', {'q': 1},
     'mp_spec_contact_supply_rate_contact'),
    ('dissipation_rate_value', 'tape', {'q': 0},
     'mp_spec_dissipation_rate_apart'),
    ('dissipation_rate_value', 'tape', {'q': 1},
     'mp_spec_dissipation_rate_contact'),
    ('work_rate_value', 'tape', {'q': 0}, 'mp_spec_work_rate_apart'),
    ('work_rate_value', 'tape', {'q': 1}, 'mp_spec_work_rate_contact'),
    ('contact_impulse_rate_value', 'tape', {'q': 0},
     'mp_spec_contact_impulse_rate_apart'),
    ('contact_impulse_rate_value', 'tape', {'q': 1},
     'mp_spec_contact_impulse_rate_contact'),
    ('external_impulse_rate_value', 'tape', {'q': 0},
     'mp_spec_external_impulse_rate_apart'),
    ('external_impulse_rate_value', 'tape', {'q': 1},
     'mp_spec_external_impulse_rate_contact'),
    ('output_h1', 'tape', {}, None),
    ('output_h2', 'tape', {}, None),
    ('supply_hr_value', 'tape', {}, None),
    ('supply_hf_value', 'tape', {}, None),
    ('storage_hr_value', 'tape', {}, None),
    ('storage_hf_value', 'tape', {}, None),
    ('weight', 'mpfr', {}, None),
    ('reduced_force_value', 'tape', {}, None, ('m1', 'm2')),
    ('study2_draw', 'tape', {}, None, ('Fe0', 'Te')),
    ('study2_deceleration', 'tape', {}, None, ('vm0', 'Ts')),
    ('study2_fe1', 'tape', {}, None, ('m1',)),
    ('study2_fe2', 'tape', {}, None, ('m2',)),
    ('jump_dissipation_value', 'mpfr', {}, None),
    ('delta_d_step', 'mpfr', {}, None),
    ('ledger_residual_value', 'mpfr', {}, None),
    ('contact_duration_value', 'mpfr', {}, None),
    ('flight_duration_value', 'mpfr', {}, None),
    ('restitution_value', 'mpfr', {}, None),
    ('momentum_residual_value', 'mpfr', {}, None),
    ('impulse_ratio_value', 'mpfr', {}, None),
]

# The names of the generated C code (the tape T, the result r, the
# constants c, the nodes t, the loop's i): a spec parameter so named is
# written with an underscore (r_) in C.
GENERATED_NAMES = ('T', 'r', 'c', 't', 'i')

# The Bouc-Wen rate and the argument that drives it (saturation).
DRIVE = ('bouc_wen_rate', 5)


# ---- terms of the spec convention as trees ---------------------------------

class Parser(spec2why3.TokenCursor):
    """A logic body -> tree: ('lit', text), ('var', name), ('op', o, a, b)
    with o in add sub mul div, ('neg', a), ('cmp', o, a, b) with o in lt le
    eq, ('if', c, a, b), ('call', name, [args]), ('let', name, v, body)."""

    def __init__(self, toks, where):
        self.toks, self.i, self.where = toks, 0, where

    def term(self):
        if self.peek() == '\\let':
            self.take()
            name = self.take()
            self.take('=')
            v = self.term()
            self.take(';')
            return ('let', name, v, self.term())
        c = self.unary()
        if self.peek() in ('==', '!='):
            o = self.take()
            c = ('icmp', o, c, self.unary())
        if self.peek() == '?':
            self.take()
            a = self.term()
            self.take(':')
            b = self.term()
            if c[0] not in ('cmp', 'icmp'):
                self.err('condition of a conditional is not a comparison')
            return ('if', c, a, b)
        return c

    def whole(self):
        t = self.term()
        if self.i != len(self.toks):
            self.err('unexpected tokens')
        return t

    def args(self):
        self.take('(')
        out = [self.term()]
        while self.peek() == ',':
            self.take()
            out.append(self.term())
        self.take(')')
        return out

    def unary(self):
        if self.peek() == '-':
            self.take()
            return ('neg', self.unary())
        return self.atom()

    def atom(self):
        kind, t = self.toks[self.i] if self.i < len(self.toks) else (None, None)
        if t == '(':
            if self.peek(1) == 'double' and self.peek(2) == ')':
                self.i += 3
                neg = self.peek() == '-'
                if neg:
                    self.take()
                k2, lit = self.toks[self.i]
                if k2 != 'num':
                    self.err('(double) cast of a non-literal')
                self.take()
                return ('neg', ('lit', lit)) if neg else ('lit', lit)
            self.take('(')
            a = self.term()
            self.take(')')
            return a
        if kind == 'num' and re.fullmatch(r'[0-9]+', t):
            self.take()
            return ('int', int(t))
        if kind != 'id':
            self.err('unexpected token %r' % t)
        self.take()
        if t in spec2why3.ARITH:
            a, b = self.args()
            return ('op', t[1:4], a, b)
        if t == '\\neg_double':
            (a,) = self.args()
            return ('neg', a)
        if t in spec2why3.COMPARE:
            a, b = self.args()
            return ('cmp', t.lstrip('\\')[:2], a, b)
        if self.peek() == '(':
            return ('call', t, self.args())
        return ('var', t)


# ---- symbolic evaluation: a DAG of constants and tape nodes ----------------

class Dag:
    """Hash-consed values.  A value is an index into self.items; an item is
    (kind, fields...).  Constant kinds: lit, par, cop (o, a, b), cneg.
    Node kinds: state, node_const (a constant), op (o, a, b), neg, powabs,
    powsgn, abs, minz, maxz, sgn."""

    CONST = ('lit', 'par', 'arg', 'cop', 'cneg', 'cfun')

    def __init__(self):
        self.items, self.index = [], {}

    def get(self, item):
        if item not in self.index:
            self.index[item] = len(self.items)
            self.items.append(item)
        return self.index[item]

    def is_const(self, v):
        return self.items[v][0] in self.CONST

    def is_zero(self, v):
        it = self.items[v]
        return it[0] == 'lit' and float(it[1]) == 0.0

    def node(self, v):
        """v as a tape node (a constant enters as a constant node)."""
        return self.get(('node_const', v)) if self.is_const(v) else v

    def op(self, o, a, b):
        if self.is_const(a) and self.is_const(b):
            return self.get(('cop', o, a, b))
        return self.get(('op', o, self.node(a), self.node(b)))

    def neg(self, a):
        return self.get(('cneg', a) if self.is_const(a) else ('neg', a))


class Law:
    def __init__(self, name, spec_file):
        self.name, self.spec_file = name, spec_file
        self.params = None
        self.roots = {}     # field -> value
        self.drive = {}     # z index -> value
        self.cites = {}     # field -> (function, comment)


class Evaluator:
    def __init__(self, funcs, where):
        self.funcs, self.where = funcs, where  # name -> (params, tree)
        self.dag = Dag()

    def err(self, msg):
        raise SpecError('%s: %s' % (self.where, msg))

    def ev(self, t, env, signs):
        """The value of tree t; env: name -> value; signs: value -> +1/-1
        (the assumed sign of a switching expression on this branch)."""
        d = self.dag
        k = t[0]
        if k == 'int':
            return ('ival', t[1])
        if k == 'lit':
            return d.get(('lit', t[1]))
        if k == 'var':
            if t[1] in env:
                return env[t[1]]
            if t[1] in EXACT:
                return self.exact(t[1])
            if t[1] in self.funcs and not self.funcs[t[1]][0]:
                return self.ev(self.funcs[t[1]][1], {}, signs)
            self.err('unknown name %s' % t[1])
        if k == 'op':
            return d.op(t[1], self.ev(t[2], env, signs), self.ev(t[3], env, signs))
        if k == 'neg':
            return d.neg(self.ev(t[1], env, signs))
        if k == 'let':
            env2 = dict(env)
            env2[t[1]] = self.ev(t[2], env, signs)
            return self.ev(t[3], env2, signs)
        if k == 'call':
            return self.call(t[1], [self.ev(a, env, signs) for a in t[2]], signs)
        if k == 'if':
            return self.cond(t, env, signs)
        if k == 'cmp':
            self.err('a comparison outside a conditional')
        if k == 'error':
            raise SpecError(t[1])
        self.err('unknown term %r' % (k,))

    def exact(self, name):
        """The real number of which the constant name is the rounding."""
        mpfr_name, nearest = EXACT[name]
        body = self.funcs.get(name, (None, None))[1]
        if not body or body[0] != 'lit' or float(body[1]) != nearest:
            self.err('%s is not the literal of the double nearest %s'
                     % (name, mpfr_name))
        return self.dag.get(('cfun', 'const_' + mpfr_name))

    def call(self, name, args, signs):
        d = self.dag
        if name == 'pow_abs':
            x, p = args
            if not d.is_const(p):
                self.err('pow_abs with an exponent that is not a constant')
            if d.is_const(x):
                self.err('pow_abs of a constant')
            return d.get(('powabs', x, p))
        if name in LIBM:
            if not all(d.is_const(a) for a in args):
                self.err('%s of a state expression' % name)
            return d.get(('cfun', LIBM[name]) + tuple(args))
        if name in TRIG:
            (x,) = args
            if d.is_const(x):
                return d.get(('cfun', name[:3], x))
            # the tape's cosine is read off its sine's pair (mp_tape.h)
            sin = d.get(('sin', d.node(x)))
            return sin if name == 'sin_rn' else d.get(('cos', sin))
        if name not in self.funcs:
            self.err('unknown function %s' % name)
        params, body = self.funcs[name]
        if len(params) != len(args):
            self.err('%s: %d arguments where %d expected' % (name, len(args), len(params)))
        return self.ev(body, dict(zip(params, args)), signs)

    def switching(self, c, env, signs):
        """The switching expression x of the test c and the sign of x for
        which c holds."""
        o, a, b = c[1], self.ev(c[2], env, signs), self.ev(c[3], env, signs)
        if o != 'lt':
            self.err('test %s of a state expression (only < against 0 is '
                     'read on a piece)' % o)
        if self.dag.is_zero(b) and not self.dag.is_const(a):
            return a, -1
        if self.dag.is_zero(a) and not self.dag.is_const(b):
            return b, 1
        if self.time_only(a) or self.time_only(b):
            # a < b: the sign of b - a, exact in binary64 as in the reals
            return self.dag.op('sub', b, a), 1
        self.err('test that is not the sign of a state expression')

    def time_only(self, x):
        """Whether x is an expression of the time alone (TIME), not a
        constant."""
        d, seen, todo, time = self.dag, set(), [x], False
        while todo:
            u = todo.pop()
            if u in seen:
                continue
            seen.add(u)
            it = d.items[u]
            if it[0] == 'state':
                if it[1] != TIME:
                    return False
                time = True
            elif it[0] not in ('lit', 'par', 'arg', 'cfun'):
                todo += [a for a in it[1:] if isinstance(a, int)]
        return time

    def cond(self, t, env, signs):
        if t[1][0] == 'icmp':
            a, b = self.ev(t[1][2], env, signs), self.ev(t[1][3], env, signs)
            if not (isinstance(a, tuple) and isinstance(b, tuple)):
                self.err('an integer test of a value that is not fixed')
            holds = (a[1] == b[1]) == (t[1][1] == '==')
            return self.ev(t[2] if holds else t[3], env, signs)
        x, holds = self.switching(t[1], env, signs)
        if x in signs:
            return self.ev(t[2] if signs[x] == holds else t[3], env, signs)
        val = {}
        for s in (1, -1):
            s2 = dict(signs)
            s2[x] = s
            val[s] = self.ev(t[2] if s == holds else t[3], env, s2)
        return self.piece(x, val[1], val[-1])

    def piece(self, x, pos, neg):
        """The tape operation that is pos where x > 0 and neg where x < 0."""
        d = self.dag
        it = d.items
        if pos == neg:
            return pos
        if pos == x and d.is_zero(neg):
            return d.get(('maxz', x))
        if neg == x and d.is_zero(pos):
            return d.get(('minz', x))
        if pos == x and it[neg] == ('neg', x):
            return d.get(('abs', x))
        if it[pos][0] == 'powabs' and it[pos][1] == x and \
                it[neg] in (('neg', pos), ('cneg', pos)):
            return d.get(('powsgn', x, it[pos][2]))
        ip, ineg = it[pos], it[neg]
        if ip[0] in ('op', 'cop') and ineg[0] in ('op', 'cop') and \
                ip[1] == 'add' and ineg[1] == 'sub' and \
                d.node(ip[2]) == d.node(ineg[2]) and d.node(ip[3]) == d.node(ineg[3]):
            P, Q = ip[2], ip[3]
            return d.op('add', P, d.op('mul', Q, d.get(('sgn', x))))
        if ip[0] in ('op', 'cop') and ineg[0] in ('op', 'cop') and \
                ip[1] == 'sub' and ineg[1] == 'add' and \
                d.node(ip[2]) == d.node(ineg[2]) and d.node(ip[3]) == d.node(ineg[3]):
            P, Q = ip[2], ip[3]
            return d.op('sub', P, d.op('mul', Q, d.get(('sgn', x))))
        if self.time_only(x):
            return self.step(x, pos, neg)
        self.err('a conditional whose two sides are no operation of the tape')

    def step(self, x, pos, neg):
        """pos where x > 0, neg where x < 0, x an expression of the time:
        pos (1 + sgn x)/2 + neg (1 - sgn x)/2, each factor exactly 1 or 0
        on a piece, so the sum is exactly the side's value."""
        d = self.dag
        one, half = d.get(('lit', '1.0')), d.get(('lit', '0.5'))
        sgn = d.get(('sgn', x))
        out = None
        for side, op in ((pos, 'add'), (neg, 'sub')):
            if d.is_zero(side):
                continue
            h = d.op('mul', half, d.op(op, one, sgn))
            term = d.op('mul', side, h)
            out = term if out is None else d.op('add', out, term)
        return out if out is not None else pos

    def drive_of(self, name, args):
        """The drive u of Psi = name(args) (see DRIVE), or None."""
        params, body = self.funcs[name]
        env = dict(zip(params, args))
        while body[0] == 'call' and body[1] in self.funcs:
            vals = [self.ev(a, env, {}) for a in body[2]]
            if body[1] == DRIVE[0]:
                return vals[DRIVE[1]]
            params, body = self.funcs[body[1]]
            env = dict(zip(params, vals))
        return None


# ---- reading spec/ ----------------------------------------------------------

def comments(specdir, f):
    """name -> the // comment line above its logic definition."""
    src = open(os.path.join(specdir, f)).read()
    out = {}
    for m in re.finditer(r'//\s*(.*)\n\s*@?\s*logic\s+\w+\s+(\w+)', src):
        out[m.group(2)] = m.group(1).strip()
    return out


def read_trees(specdir):
    """The files of specdir, and each definition as (its parameters' ACSL
    types, its tree) and the file that owns it."""
    files, _, defs, _ = spec2why3.translate(specdir)
    trees, owner = {}, {}
    for f, name, params, _rtype, body in defs:
        # a definition outside the generated equations' reach (integer
        # indexing, ...) is an error only when one of them reaches it
        try:
            tree = Parser(body, '%s: %s' % (f, name)).whole()
        except SpecError as e:
            tree = ('error', str(e))
        trees[name] = ([acsl for _, _, acsl in params], tree)
        owner[name] = f
    return files, trees, owner


def read_laws(specdir):
    files, trees, owner = read_trees(specdir)
    laws = []
    for f in files:
        m = re.fullmatch(r'law_(\w+)_equations\.acsl', f)
        if not m:
            continue
        name = m.group(1)
        if not all('%s_%s' % (name, s) in trees for s in ('force', 'vc', 'dc')):
            continue
        laws.append(build_law(name, f, trees, comments(specdir, f)))
    if not laws:
        raise SpecError('no law_NAME_equations.acsl defines NAME_force, NAME_vc, NAME_dc')
    return laws


def build_law(name, f, trees, notes):
    law = Law(name, f)
    ev = Evaluator(trees, 'spec/%s' % f)
    ev.where = 'spec/%s' % f
    force_params = trees['%s_force' % name][0]
    split = [i for i, p in enumerate(force_params) if p in STATE]
    if not split:
        raise SpecError('%s: %s_force has no state argument' % (f, name))
    law.params = force_params[:split[0]]
    nz = 2 if '%s_z1rate' % name in trees else 1 if '%s_zrate' % name in trees else 0
    fields = [('phi', 'force'), ('storage', 'vc'), ('dissipation', 'dc')]
    fields += {0: [], 1: [('psi[0]', 'zrate')],
               2: [('psi[0]', 'z1rate'), ('psi[1]', 'z2rate')]}[nz]
    for field, suffix in fields:
        fn = '%s_%s' % (name, suffix)
        params = trees[fn][0]
        lead = [p for p in params if p not in STATE]
        if lead != law.params[:len(lead)] or params[:len(lead)] != lead:
            raise SpecError('%s: %s: the parameters are not a prefix of %s_force\'s, '
                            'before the state' % (f, fn, name))
        state = params[len(lead):]
        allowed = {'xc', 'v'} | ({'z'} if nz == 1 else {'z1', 'z2'} if nz == 2 else set())
        for s in state:
            if s not in allowed:
                raise SpecError('%s: %s: argument %s is not a state component '
                                'of a law with n_z = %d' % (f, fn, s, nz))
        dag = ev.dag
        args = [dag.get(('par', i)) for i in range(len(lead))] + \
               [dag.get(('state', STATE[s])) for s in state]
        ev.where = 'spec/%s: %s' % (f, fn)
        law.roots[field] = dag.node(ev.call(fn, args, {}))
        law.cites[field] = (fn, notes.get(fn, ''))
        if field.startswith('psi'):
            u = ev.drive_of(fn, args)
            if u is not None:
                law.drive[field[4]] = dag.node(u)
    law.dag = ev.dag
    law.nz = nz
    return law


# ---- C ----------------------------------------------------------------------

def c_string(s):
    return '"%s"' % s.replace('\\', '\\\\').replace('"', '\\"')


def emit_body(d, roots, prec):
    """The C statements that compute the values roots (a list of (lhs,
    value)) of DAG d: (declarations, statements, clears).  Constants are
    mpfr_t c[i] at precision prec, nodes int t[i]."""
    need = set()

    def mark(v):
        if v in need:
            return
        need.add(v)
        it = d.items[v]
        for a in it[1:]:
            if isinstance(a, int) and it[0] != 'par':
                mark(a)
    for _, v in roots:
        mark(v)
    name, lines = {}, []
    nconst = nnode = 0
    for v, it in enumerate(d.items):
        if v not in need:
            continue
        k = it[0]
        if k == 'par':
            name[v] = 'b->par[%d]' % it[1]
        elif k in ('arg', 'state'):
            name[v] = it[1]
        elif k in ('lit', 'cop', 'cneg', 'cfun'):
            c = 'c[%d]' % nconst
            nconst += 1
            if k == 'lit':
                lines.append('mpfr_set_str(%s, %s, 10, MPFR_RNDN);' % (c, c_string(it[1])))
            elif k == 'cop':
                lines.append('mpfr_%s(%s, %s, %s, MPFR_RNDN);'
                             % (it[1], c, name[it[2]], name[it[3]]))
            elif k == 'cneg':
                lines.append('mpfr_neg(%s, %s, MPFR_RNDN);' % (c, name[it[1]]))
            else:
                lines.append('mpfr_%s(%s, MPFR_RNDN);'
                             % (it[1], ', '.join([c] + [name[a] for a in it[2:]])))
            name[v] = c
        else:
            if k == 'node_const':
                rhs = 'mp_const(T, %s)' % name[it[1]]
            elif k == 'op':
                rhs = 'mp_%s(T, %s, %s)' % (it[1], name[it[2]], name[it[3]])
            elif k in ('powabs', 'powsgn'):
                rhs = 'mp_%s(T, %s, %s)' % (k, name[it[1]], name[it[2]])
            elif k in ('neg', 'abs', 'minz', 'maxz', 'sgn', 'sin', 'cos'):
                rhs = 'mp_%s(T, %s)' % (k, name[it[1]])
            else:
                raise SpecError('internal: unknown item %r' % (it,))
            name[v] = 't[%d]' % nnode
            lines.append('t[%d] = %s;' % (nnode, rhs))
            nnode += 1
    decl, clear = [], []
    if nconst:
        decl.append('mpfr_t c[%d];' % nconst)
    if nnode:
        decl.append('int t[%d];' % nnode)
    if nconst:
        decl.append('int i;')
        lines[:0] = ['for (i = 0; i < %d; i++)' % nconst,
                     '    mpfr_init2(c[i], %s);' % prec]
        clear = ['for (i = 0; i < %d; i++)' % nconst, '    mpfr_clear(c[i]);']
    for lhs, v in roots:
        if lhs is None:
            continue
        if lhs.startswith('mpfr:'):
            lines.append('mpfr_set(%s, %s, MPFR_RNDN);' % (lhs[5:], name[v]))
        else:
            lines.append('%s = %s;' % (lhs, name[v]))
    return decl, lines, clear, name, need


def emit_law(law):
    d = law.dag
    roots = [('n->%s' % f, law.roots[f])
             for f in ('phi', 'psi[0]', 'psi[1]', 'storage', 'dissipation')
             if f in law.roots]
    roots += [('n->drive[%s]' % i, u) for i, u in sorted(law.drive.items())]
    decl, lines, clear, _, need = emit_body(d, roots, 'T->prec')
    out = []
    out.append('/* %s (spec/%s), n_z = %d:' % (law.name, law.spec_file, law.nz))
    for field in ('phi', 'psi[0]', 'psi[1]', 'storage', 'dissipation'):
        if field in law.roots:
            fn, note = law.cites[field]
            out.append(' *   %s = %s: %s' % (field, fn, note))
    out[-1] += ' */'
    out.append('static void mp_law_%s(const mp_builder *b, int xc, const int *z, int v,'
               % law.name)
    out.append('%smp_law_nodes *n)' % (' ' * (len('static void mp_law_%s(' % law.name))))
    out.append('{')
    out.append('    mp_tape *T = b->T;')
    out += ['    ' + ln for ln in decl]
    used = set()
    for v in need:
        if d.items[v][0] == 'state':
            used.add(d.items[v][1].split('[')[0])
    for st in ('xc', 'z', 'v'):
        if st not in used:
            out.append('    (void)%s;' % st)
    out += ['    ' + ln for ln in lines + clear]
    out.append('}')
    return out, 0


def build_function(trees, notes, owner, entry):
    """One entry of FUNCTIONS: (prototype, comment, body lines)."""
    fn, kind, fixed, cname = entry[:4]
    consts = entry[4] if len(entry) > 4 else ()
    if fn not in trees:
        raise SpecError('%s: no such definition in spec/' % fn)
    params, tree = trees[fn]
    cname = cname or 'mp_spec_%s' % fn
    ev = Evaluator(trees, 'spec/%s: %s' % (owner[fn], fn))
    d = ev.dag
    args, cargs = [], []
    cnames = []
    for p in params:
        # a parameter named as a name of the generated code (T, r, c, t,
        # i) is that name with an underscore in C
        cp = p + '_' if p in GENERATED_NAMES else p
        cnames.append(cp)
        if p in fixed:
            args.append(('ival', fixed[p]))
        elif kind == 'tape' and p not in consts:
            args.append(d.get(('state', cp)))
            cargs.append('int %s' % cp)
        else:
            args.append(d.get(('arg', cp)))
            cargs.append('mpfr_srcptr %s' % cp)
    v = ev.call(fn, args, {})
    unused = [cp for p, cp, a in zip(params, cnames, args)
              if p not in fixed and not reaches(d, v, a)]
    if kind == 'tape':
        v = d.node(v)
        proto = 'int %s(mp_tape *T, %s)' % (cname, ', '.join(cargs))
        decl, lines, clear, name, _ = emit_body(d, [(None, v)], 'T->prec')
        if clear:
            decl = decl + ['int r;']
            body = decl + lines + ['r = %s;' % name[v]] + clear + ['return r;']
        else:
            # a value that is one of the arguments writes no node
            body = decl + lines + ['return %s;' % name[v]]
            if not lines:
                decl = decl + ['(void)T;']
                body = decl + body
    else:
        if not d.is_const(v):
            raise SpecError('%s: not a value of its arguments' % fn)
        proto = 'void %s(mpfr_ptr r, %s)' % (cname, ', '.join(cargs))
        decl, lines, clear, _, _ = emit_body(d, [('mpfr:r', v)], 'mpfr_get_prec(r)')
        body = decl + lines + clear
    body[len(decl):len(decl)] = ['(void)%s;' % p for p in unused]
    fixed_txt = ''.join(', %s = %d' % kv for kv in sorted(fixed.items()))
    note = '%s (spec/%s%s): %s' % (fn, owner[fn], fixed_txt, notes.get(fn, ''))
    return proto, note, body


def reaches(d, v, a):
    """Whether value v of DAG d depends on value a."""
    seen, todo = set(), [v]
    while todo:
        u = todo.pop()
        if u == a:
            return True
        if u in seen:
            continue
        seen.add(u)
        it = d.items[u]
        todo += [x for x in it[1:] if isinstance(x, int) and it[0] != 'par']
    return False


def wrap_comment(text, indent=''):
    words, lines, cur = text.split(), [], indent + '/*'
    for w in words:
        if len(cur) + 1 + len(w) > 76:
            lines.append(cur)
            cur = indent + ' *'
        cur += ' ' + w
    lines.append(cur + ' */')
    return lines


def wrap_proto(proto, end):
    head, rest = proto.split('(', 1)
    return wrap_items(head + '(', rest[:-1].split(', '), ')' + end)


def wrap_items(head, parts, end):
    """head, then parts separated by ', ', then end, in lines of at most 79
    characters aligned after head."""
    lines, cur = [], head
    pad = ' ' * len(cur)
    for i, p in enumerate(parts):
        piece = p + (', ' if i < len(parts) - 1 else end)
        if len(cur) + len(piece.rstrip()) > 79 and cur.strip():
            lines.append(cur.rstrip())
            cur = pad
        cur += piece
    lines.append(cur)
    return lines


def generate_functions(specdir):
    """mp_spec.h and mp_spec.c: the FUNCTIONS."""
    _, trees, owner = read_trees(specdir)
    notes = {}
    for f in set(owner.values()):
        notes.update(comments(specdir, f))
    head = ['/* GENERATED by proofs/spec2tape.py from spec/NAME.acsl; do not edit',
            ' * (make tapes writes it again; tests/cli/spec2tape.sh checks it is',
            ' * current).']
    h = head + [' * The equations besides the laws that both engines evaluate, read',
                ' * from the spec/ definitions the binary64 code is proved against,',
                ' * roundings erased, at the working precision: an mpfr function',
                ' * rounds each operation to the precision of r; a tape function',
                ' * writes one node per operation on the nodes of its arguments',
                ' * and returns the last. */',
                '#ifndef COLLIDE_MP_SPEC_H', '#define COLLIDE_MP_SPEC_H', '',
                '#include "mp_tape.h"', '']
    c = head + [' * See mp_spec.h. */', '#include "mp_spec.h"', '']
    for entry in FUNCTIONS:
        proto, note, body = build_function(trees, notes, owner, entry)
        h += wrap_comment(note)
        h += wrap_proto(proto, ';')
        h.append('')
        c += wrap_proto(proto, '')
        c.append('{')
        c += ['    ' + ln for ln in body]
        c.append('}')
        c.append('')
    h.append('#endif')
    return '\n'.join(h) + '\n', '\n'.join(c[:-1]) + '\n'


def generate_laws(specdir):
    laws = read_laws(specdir)
    out = ['/* GENERATED by proofs/spec2tape.py from spec/NAME.acsl; do not edit',
           ' * (make tapes writes it again; tests/cli/spec2tape.sh checks it is',
           ' * current).  Each law\'s Phi, Psi, V_c and d_c (Definition V.1) as',
           ' * tape nodes: the real reading of the spec/ definitions that the',
           ' * binary64 laws of src/model are proved against, evaluated at the',
           ' * working precision (mp_law.h). */',
           '#include "mp_law.h"',
           '']
    for law in laws:
        body, _ = emit_law(law)
        out += body
        out.append('')
    for law in laws:
        out += wrap_items('static const char *const %s_par_names[%d] = {'
                          % (law.name, len(law.params)),
                          [c_string(p) for p in law.params], '};')
    out.append('')
    out.append('const mp_law_form mp_law_forms[] = {')
    for law in laws:
        out.append('    {%s, %d, %d, %s_par_names, mp_law_%s},'
                   % (c_string(law.name), law.nz, len(law.params), law.name, law.name))
    out.append('    {NULL, 0, 0, NULL, NULL},')
    out.append('};')
    return '\n'.join(out) + '\n', laws


def generate(specdir):
    """{file name: text} of the generated files."""
    laws_c, laws = generate_laws(specdir)
    spec_h, spec_c = generate_functions(specdir)
    return {'mp_law_spec.c': laws_c, 'mp_spec.h': spec_h, 'mp_spec.c': spec_c}, laws


def main():
    return specgen.run('spec2tape', generate, SpecError, 'spec/',
                       lambda laws: '%d laws (%s), %d functions' % (
                           len(laws), ' '.join(l.name for l in laws),
                           len(FUNCTIONS)))


if __name__ == '__main__':
    sys.exit(main())
