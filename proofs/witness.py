"""witness.py - differential witnesses of the mutation campaign
(proofs/mutants/README.md, "Verdicts").

A witness shows that a mutant computes something else than the original
on an input inside the proved domain.  Two kinds, both run before any
prover, both cheap (a second or two per mutant):

- function: the mutated function and the original, compiled side by side
  into one harness (each copy of the file keeps only a wrapper of the
  function global, `objcopy -G`, then renamed), called on the same random
  inputs drawn from the function's domain: the law parameters admissible
  and inside spec/law_domain.acsl, each double argument inside the
  domain predicates its contract applies to it (domain_state,
  domain_speed, ...) or else inside `bounded` (spec/bounded.acsl), each
  int argument inside the range its `requires` states (a bound that is
  another int argument, 0 <= k <= n, drawn after that argument).  An input on which
  the original's result is not finite is skipped.  A witness is an input
  on which a result (the return value, an output array, a text buffer)
  differs in value (-0 against +0 is not counted).  A function whose
  parameters are not all of those kinds (a struct pointer, a callback)
  has no harness: its mutants rely on the studies.
- study: the built-in scenarios run (`collide run NAME --csv DIR
  --samples 200`) with the mutated file linked into the program instead
  of the original; the printout (without its CPU time line), the exit
  status and the CSV tables are compared with those of the original,
  built the same way.  The scenarios are the project's own inputs,
  inside the proved domain.
- test: for a file outside the proved set (the engine and the driver,
  src/b64: no goal can kill its mutants yet), and for a function of the
  proved set that has no harness and no study witness (the Zeno ring),
  the test programs of TESTS
  linked with the mutated file in the library, against the same programs
  linked with the original compiled the same way: a test that passes on
  the original and fails on the mutant (a "FAIL" line, an exit status, no
  end within TEST_TIMEOUT) is the witness, with its first failed check.
  Tried after the studies, which come first.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spec2domain  # noqa: E402
import spec2why3  # noqa: E402

STUDIES = ("study1", "study2", "study3-shccl", "study3-bwshccl", "study3-bwmcl",
           "hertz", "example-v2")
# The runs of a study witness: each study with the binary64 engine, then
# with the high-precision engine at 64 bits (about 2 s for all seven),
# which runs code of the shared rules (src/rules) that the binary64
# engine does not call, as impact_reset_zeroes.
RUNS = tuple((s, s, []) for s in STUDIES) + \
    tuple((s + ' --precision 64', s, ['--precision', '64']) for s in STUDIES)
CFLAGS = ['-std=c11', '-O2', '-g0', '-pthread']
LDLIBS = ['-lmpfr', '-lgmp', '-lm', '-pthread']
# random inputs per mutant of a harnessed function
INPUTS = int(os.environ.get('MUT_INPUTS', '3000'))
STUDY_TIMEOUT = 60
# The test programs of tests/ that run the binary64 engine and driver
# (src/b64), each under a second but test_differential and test_maxima
# (2 to 3 s): the test witness of a mutant of a file outside the proved
# set; and test_dop853 (DOP853's steps on inputs the studies never reach:
# a step that is not finite).  They are run from the top of the tree
# (test_work reads tests/work_figures.txt).
TESTS = ("test_engine", "test_engine_edges", "test_engine_restart", "test_near_touch",
         "test_ledger", "test_studies", "test_observables", "test_closed_forms",
         "test_systems", "test_samples", "test_work", "test_maxima", "test_differential",
         "test_dop853", "test_engine_rules", "test_domain_breach")
TEST_TIMEOUT = 60

# The parameter vectors of the laws, by file stem law_NAME: for each
# parameter its kind, a generator of the harness (below), read from the
# spec: the admissible set of spec/law_params.acsl (NAME_param_ok, the
# predicate applied to par[i]) intersected with the proof domain of
# spec/law_domain.acsl (NAME_domain, the term on par[i], by
# spec2domain.py; None: no term).  A pair not in KINDS is an error that
# names it: a law whose parameter is of a new kind needs its generator.
KINDS = {('positive', 'domain_gain'): 'gain_pos',
         ('open_unit', None): 'open_unit',
         ('positive', 'domain_ratio'): 'ratio',
         ('nonnegative', 'domain_gain'): 'gain',
         ('symmetric_bound', 'domain_signed_gain'): 'gamma',
         ('exponent', 'domain_exponent'): 'exponent',
         ('positive', 'bwmcl_domain'): 'bwmcl_c'}
SPECDIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'spec')


def admissible(specdir, law):
    """{index: the predicate NAME_param_ok applies to par[index]} of
    spec/law_params.acsl: terms (i == K ==> P(par[K], ...)) and
    (A <= i <= B ==> Q(par, i)), Q another such predicate."""
    src = open(os.path.join(specdir, 'law_params.acsl')).read()
    preds = {}
    for ann in spec2why3.annotations(src):
        for _, d in spec2why3.split_decls(ann, 'law_params.acsl'):
            words = [t for _, t in d]
            if words[0] == 'predicate':
                preds[words[1]] = words[words.index('=') + 1:-1]

    def read(name, lo, hi):
        out = {}
        for t in spec2domain.split_top(preds[name], '&&'):
            while t[0] == '(' and t[-1] == ')':
                t = t[1:-1]
            guard, concl = spec2domain.split_top(t, '==>')
            if len(guard) == 3 and guard[:2] == ['i', '==']:
                cname, _ = spec2domain.call(concl, name)
                k = int(guard[2])
                if lo <= k <= hi:
                    out[k] = cname
            elif len(guard) == 5 and guard[1:4] == ['<=', 'i', '<=']:
                cname, _ = spec2domain.call(concl, name)
                out.update(read(cname, max(lo, int(guard[0])), min(hi, int(guard[4]))))
            else:
                raise spec2why3.SpecError('law_params.acsl: %s, guard %s'
                                          % (name, ' '.join(guard)))
        return out
    return read('%s_param_ok' % law, 0, 1 << 30)


def law_par(specdir):
    """{law_NAME: [kind of each parameter]} of every law of specdir."""
    out = {}
    for law, rows in spec2domain.law_domains(specdir).items():
        adm = admissible(specdir, law)
        dom = {i: named for i, _, _, named in rows}
        kinds = []
        for i in range(len(adm)):
            pair = (adm.get(i), dom.get(i))
            if pair not in KINDS:
                raise spec2why3.SpecError('%s parameter %d: no harness kind for '
                                          '%s (proofs/witness.py KINDS)' % (law, i, pair))
            kinds.append(KINDS[pair])
        out['law_' + law] = kinds
    return out


LAW_PAR = law_par(SPECDIR)
# src/model/law_boucwen.c: the Bouc-Wen part both BW laws share, its
# par the BWMCL vector (c of bwmcl_domain, the narrower).
LAW_PAR['law_boucwen'] = LAW_PAR['law_bwmcl']

# domain predicates of the contracts, applied to one argument
PRED_KIND = [('domain_exponent', 'exponent'), ('exponent', 'exponent'),
             ('domain_ratio', 'ratio'), ('domain_signed_gain', 'signed_gain'),
             ('domain_gain', 'gain'), ('domain_speed', 'speed'),
             ('domain_rate', 'rate'), ('domain_state', 'state'),
             ('positive', 'positive'), ('nonnegative', 'nonnegative'),
             ('open_unit', 'open_unit')]

HARNESS_HEAD = r'''
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

/* xorshift64*: the same inputs on every run */
static uint64_t rng(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717u;
}

/* uniform in [0, 1) */
static double u01(void) { return (double)(rng() >> 11) * 0x1p-53; }

/* 2^e with e uniform in [lo, hi]: every scale of the interval is drawn */
static double logu(double lo, double hi) { return exp2(lo + (hi - lo) * u01()); }

static double sgn(void) { return (rng() & 1) ? 1.0 : -1.0; }

/* a value of magnitude at most 2^hi (hi >= 1 or hi == 0): zero one time in
   16, +-1 or +-2^hi one time in 16 (the ends where a comparison changes) */
static double signed_upto(double hi)
{
    uint64_t c = rng() & 15;
    if (c == 0)
        return 0.0;
    if (c == 1)
        return sgn() * ((rng() & 1) ? 1.0 : exp2(hi));
    return sgn() * logu(hi - 60.0, hi);
}

static double gen(const char *kind)
{
    if (!strcmp(kind, "exponent")) {
        uint64_t c = rng() & 7;
        return c == 0 ? 1.0 : c == 1 ? 2.0 : (c & 1) ? 1.0 + 3.0 * u01() : 1.0 + 63.0 * u01();
    }
    if (!strcmp(kind, "ratio"))
        return logu(-20.0, 20.0);
    if (!strcmp(kind, "gain"))
        return (rng() & 15) == 0 ? 0.0 : logu(-20.0, 40.0);
    if (!strcmp(kind, "gain_pos"))
        return logu(-20.0, 40.0);
    if (!strcmp(kind, "bwmcl_c"))
        return logu(-20.0, 40.0);
    if (!strcmp(kind, "signed_gain"))
        return signed_upto(40.0);
    if (!strcmp(kind, "open_unit"))
        return u01() == 0.0 ? 0.5 : (rng() & 1) ? u01() : 1.0 - logu(-40.0, -1.0);
    if (!strcmp(kind, "speed"))
        return signed_upto(10.0);
    if (!strcmp(kind, "rate"))
        return signed_upto(40.0);
    if (!strcmp(kind, "state"))
        return signed_upto(0.0);
    if (!strcmp(kind, "positive"))
        return (rng() & 15) == 0 ? 1.0 : logu(-40.0, 40.0);
    if (!strcmp(kind, "nonnegative"))
        return (rng() & 15) == 0 ? 0.0 : logu(-40.0, 40.0);
    return signed_upto(40.0); /* bounded */
}

/* the law parameters: admissible and in the domain; gamma in [-beta, beta] */
static void gen_par(double *par, int n, const char *const *kinds, int loose)
{
    for (int i = 0; i < n; i++) {
        if (!strcmp(kinds[i], "gamma"))
            par[i] = (2.0 * u01() - 1.0) * par[i - 1];
        else
            par[i] = gen(kinds[i]);
    }
    for (int i = n; i < 8; i++)
        par[i] = 0.0;
    if (loose && (rng() & 3) == 0) /* a parameter out of its admissible set */
        par[rng() % (uint64_t)n] = (rng() & 1) ? -gen("positive") : 0.0;
}

static int same(double a, double b)
{
    return a == b || (isnan(a) && isnan(b));
}

static void show(const char *what, double x) { printf(" %s=%.17g", what, x); }

#ifdef COLLIDE_DOP853_H
/* one step's data: finite values of every scale, h > 0, n components */
static void gen_step(dop853_step_data *s)
{
    double *rows[] = {s->y0, s->y1, s->f0, s->f1};
    memset(s, 0, sizeof *s);
    s->n = 1 + (int)(rng() % COLLIDE_NY_MAX);
    s->t0 = (rng() & 3) == 0 ? 0.0 : logu(-20.0, 4.0);
    s->h = logu(-30.0, 0.0);
    for (int m = 0; m < COLLIDE_NY_MAX; m++) {
        for (int r = 0; r < 4; r++)
            rows[r][m] = signed_upto(10.0);
        for (int i = 0; i < 16; i++)
            s->k[i][m] = signed_upto(10.0);
        for (int i = 0; i < 8; i++)
            s->cont[i][m] = signed_upto(10.0);
    }
    s->dense_ready = 1;
}

/* t0, t0 + h exactly (or theta 0, 1), or a point inside the step */
static double step_time(const dop853_step_data *s, int theta)
{
    uint64_t c = rng() & 3;
    double th = c == 0 ? 0.0 : c == 1 ? 1.0 : u01();
    if (theta)
        return th;
    return c == 0 ? s->t0 : c == 1 ? s->t0 + s->h : s->t0 + th * s->h;
}

/* the same values (-0 and +0 alike, NaN like NaN) in every field */
static int same_step(const dop853_step_data *a, const dop853_step_data *b)
{
    if (a->n != b->n || a->dense_ready != b->dense_ready ||
        !same(a->t0, b->t0) || !same(a->h, b->h))
        return 0;
    for (int m = 0; m < COLLIDE_NY_MAX; m++) {
        int d = !same(a->y0[m], b->y0[m]) || !same(a->y1[m], b->y1[m]) ||
                !same(a->f0[m], b->f0[m]) || !same(a->f1[m], b->f1[m]);
        for (int i = 0; i < 16; i++)
            d |= !same(a->k[i][m], b->k[i][m]);
        for (int i = 0; i < 8; i++)
            d |= !same(a->cont[i][m], b->cont[i][m]);
        if (d)
            return 0;
    }
    return 1;
}
#endif
'''


def split_params(s):
    out, depth, cur = [], 0, ''
    for c in s:
        if c == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
            continue
        depth += c in '([' and 1 or 0
        depth -= c in ')]' and 1 or 0
        cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


def signature(text, masked, name, body_start):
    """(return type, [(type, name)], params text) of the definition of NAME
    whose body starts at BODY_START, or None."""
    head = masked[:body_start]
    m = None
    for m in re.finditer(r'\b' + re.escape(name) + r'\s*\(', head):
        pass
    if m is None:
        return None
    close = head.rfind(')')
    params = text[m.end():close]
    start = max(head.rfind(';', 0, m.start()), head.rfind('}', 0, m.start()))
    ret = ' '.join(head[start + 1:m.start()].split())
    ret = ret.replace('static ', '').replace('inline ', '').strip()
    out = []
    for p in split_params(params):
        p = ' '.join(p.split())
        if p == 'void':
            continue
        pm = re.match(r'^(.*?)(\w+)$', p)
        if not pm:
            return None
        out.append((pm.group(1).strip(), pm.group(2)))
    return ret, out, ' '.join(params.split())


def contract_of(name, texts):
    """The ACSL of NAME: each /*@ ... */ that ends just before a line that
    declares or defines NAME, in TEXTS (the file and its headers)."""
    res = []
    for t in texts:
        for m in re.finditer(r'/\*@((?:(?!\*/).)*)\*/\s*(?:static\s+)?[\w\s\*]*?\b' +
                             re.escape(name) + r'\s*\(', t, re.S):
            res.append(m.group(1))
    return '\n'.join(res)


def domain_text(contract):
    """The parts of a contract that restrict its inputs: the requires
    clauses and the hypotheses (before ==>) of the ensures clauses; an
    ensures with <==> (the meaning of a check) restricts nothing."""
    out = []
    for clause in re.split(r';', contract):
        c = clause.strip()
        if re.search(r'\brequires\b', c):
            out.append(c)
        elif re.search(r'\bensures\b', c) and '<==>' not in c and '==>' in c:
            out.append(c.split('==>')[0])
    return '\n'.join(out)


def arg_kind(name, contract):
    contract = domain_text(contract)
    for pred, kind in PRED_KIND:
        if re.search(r'\b' + pred + r'\s*\(\s*' + re.escape(name) + r'\s*\)', contract):
            return kind
    m = re.search(r'\\l([et])_double\(\(double\)\s*(0\.0|1\.0e-100)\s*,\s*' +
                  re.escape(name) + r'\s*\)', contract)
    if m:
        return 'nonnegative' if m.group(1) == 'e' and m.group(2) == '0.0' else 'positive'
    return 'bounded'


def enum_constants(text):
    """The constants NAME = number of the enums of a C text: the harness,
    a file of its own, does not see an enum private to the file of the
    function, so a bound named by one is written as its number."""
    out = {}
    for body in re.findall(r'\benum\b[^{;]*\{([^}]*)\}', text):
        for name, value in re.findall(r'\b([A-Za-z_]\w*)\s*=\s*(-?\d+)\b', body):
            out[name] = value
    return out


def int_range(name, contract, consts=None):
    n = re.escape(name)
    m = re.search(r'(-?\d+)\s*<=\s*' + n + r'\s*<=\s*(-?\d+)', contract)
    if m:
        return list(range(int(m.group(1)), int(m.group(2)) + 1))
    m = re.search(r'(-?\d+)\s*<=\s*' + n + r'\s*<\s*([A-Z_][A-Z_0-9]*)\b', contract)
    if m:
        bound = (consts or {}).get(m.group(2), m.group(2))
        return ('%s + (int)(rng() %% (uint64_t)(%s - (%s)))' % (m.group(1), bound, m.group(1)),)
    m = re.search(r'(-?\d+)\s*<=\s*' + n + r'\s*<\s*(\d+)\s*(?:;|&&)', contract)
    if m:
        return list(range(int(m.group(1)), int(m.group(2))))
    m = re.search(r'(-?\d+)\s*<=\s*' + n + r'\s*<=\s*([a-z_]\w*)\s*(?:;|&&)', contract)
    if m:  # an upper bound that is another int argument: drawn after it
        return ('dep', int(m.group(1)), m.group(2))
    m = re.search(r'(-?\d+)\s*(<=?)\s*' + n + r'\s*(?:;|&&|<\s*INT_MAX\b)', contract)
    if m:  # a lower bound alone: up to the 8 elements of the harness's arrays
        return list(range(int(m.group(1)) + (m.group(2) == '<'), 9))
    m = re.search(r'(?<![<=]\s)(?<![\w.])' + n + r'\s*<\s*INT_MAX\s*(?:;|&&)', contract)
    if m and not re.search(r'\d\s*<=?\s*' + n + r'\b', contract):
        return [-1, 0, 1, 2]  # an upper bound alone (room for an increment)
    m = re.search(r'\b' + n + r'\s*==\s*(-?\d+)\s*\|\|\s*' + n + r'\s*==\s*(-?\d+)', contract)
    if m:
        return sorted({int(m.group(1)), int(m.group(2))})
    requires = '\n'.join(c for c in contract.split(';') if re.search(r'\brequires\b', c))
    if re.search(r'\b' + n + r'\b', requires):
        return None  # a precondition the generator does not read: no harness
    return [-1, 0, 1, 2]  # no requires restricts it


class Harness:
    """The C text of the harness of one function (None when its signature
    is not one the generator knows), and the wrapper appended to the file."""

    def __init__(self, path, name, sig, contract):
        self.name = name
        self.ok = False
        ret, params, ptext = sig
        stem = os.path.splitext(os.path.basename(path))[0]
        if ret not in ('double', 'int', 'void', 'bw_params'):
            self.why = 'returns %s' % ret
            return
        if re.search(r'\brequires[^;]*(\\separated|\\valid)[^;]*\bL\b', contract):
            self.why = 'layout argument'
            return
        with open(path) as f:
            consts = enum_constants(f.read())
        decls, args_o, args_m, checks, shows, late = [], [], [], [], [], []
        step = None
        text_buffers = []
        for i, (ty, nm) in enumerate(params):
            v = 'a%d' % i
            if ty == 'double' and nm in ('t', 'th') and step is not None:
                # a time of the step: its ends exactly, or inside it
                decls.append('double %s = step_time(&%s_o, %d);' % (v, step, nm == 'th'))
                args_o.append(v)
                args_m.append(v)
                shows.append('show("%s", %s);' % (nm, v))
            elif ty == 'double':
                decls.append('double %s = gen("%s");' % (v, arg_kind(nm, contract)))
                args_o.append(v)
                args_m.append(v)
                shows.append('show("%s", %s);' % (nm, v))
            elif ty == 'int':
                r = int_range(nm, contract, consts)
                if r is None:
                    self.why = 'int %s: a condition the harness does not read' % nm
                    return
                if isinstance(r, tuple) and r[0] == 'dep':
                    other = [j for j, (_, pn) in enumerate(params) if pn == r[2]]
                    if not other or params[other[0]][0] != 'int':
                        self.why = 'int %s: bounded by %s, not an int argument' % (nm, r[2])
                        return
                    # drawn after the loop, once the bound is drawn
                    late.append('int %s = %d + (int)(rng() %% (uint64_t)(a%d - (%d) + 1));'
                                % (v, r[1], other[0], r[1]))
                elif isinstance(r, tuple):
                    decls.append('int %s = %s;' % (v, r[0]))
                else:
                    decls.append('static const int %s_set[] = {%s}; int %s = %s_set[rng() %% %du];'
                                 % (v, ', '.join(map(str, r)), v, v, len(r)))
                args_o.append(v)
                args_m.append(v)
                shows.append('printf(" %s=%%d", %s);' % (nm, v))
            elif ty == 'bw_params':
                decls.append('double %s_p[8]; gen_par(%s_p, 8, bw_kinds, 0);'
                             ' bw_params %s = bw_unpack(%s_p);' % (v, v, v, v))
                args_o.append(v)
                args_m.append(v)
                shows.append('for (int k = 0; k < 8; k++) show("%s", %s_p[k]);' % (nm, v))
            elif ty == 'const double *' and nm == 'par' and stem in LAW_PAR:
                n = len(LAW_PAR[stem])
                loose = 0 if re.search(r'admissible|bw_ok', domain_text(contract)) else 1
                decls.append('double %s[8]; gen_par(%s, %d, par_kinds, %d);' % (v, v, n, loose))
                args_o.append(v)
                args_m.append(v)
                shows.append('for (int k = 0; k < %d; k++) show("par", %s[k]);' % (n, v))
            elif ty == 'const dop853_control *':
                decls.append('dop853_control %s = dop853_control_default(logu(-50.0, -7.0), '
                             'logu(-60.0, -10.0), (rng() & 3) == 0 ? INFINITY : logu(-20.0, 0.0));'
                             % v)
                args_o.append('&' + v)
                args_m.append('&' + v)
                shows.append('show("rtol", %s.rtol); show("atol", %s.atol); show("h_max", %s.h_max);'
                             % (v, v, v))
            elif ty in ('const dop853_step_data *', 'dop853_step_data *'):
                decls.append('static dop853_step_data %s_o, %s_m; gen_step(&%s_o); %s_m = %s_o;'
                             % (v, v, v, v, v))
                args_o.append('&%s_o' % v)
                args_m.append('&%s_m' % v)
                shows.append('printf(" %s={n=%%d t0=%%.17g h=%%.17g}", %s_o.n, %s_o.t0, %s_o.h);'
                             % (nm, v, v, v))
                step = v
                if not ty.startswith('const'):
                    checks.append((v, 'step'))
            elif ty == 'const double *' and nm in ('z', 'dz'):
                kind = 'state' if nm == 'z' else 'rate'
                decls.append('double %s[2] = {gen("%s"), gen("%s")};' % (v, kind, kind))
                args_o.append(v)
                args_m.append(v)
                shows.append('show("%s0", %s[0]); show("%s1", %s[1]);' % (nm, v, nm, v))
            elif ty == 'const double *':
                # a list of values (times, say): ties among them drawn often
                decls.append('double %s[16]; for (int k = 0; k < 16; k++) %s[k] = '
                             '(rng() & 1) ? (double)(rng() %% 3u) * 0.5 : gen("bounded");' % (v, v))
                args_o.append(v)
                args_m.append(v)
                shows.append('for (int k = 0; k < 8; k++) show("%s", %s[k]);' % (nm, v))
            elif ty == 'const int *':
                decls.append('int %s[16]; for (int k = 0; k < 16; k++) %s[k] = (int)(rng() & 1);'
                             % (v, v))
                args_o.append(v)
                args_m.append(v)
                shows.append('for (int k = 0; k < 8; k++) printf(" %s=%%d", %s[k]);' % (nm, v))
            elif ty == 'double *':
                decls.append('double %s_o[16], %s_m[16];' % (v, v))
                decls.append('for (int k = 0; k < 16; k++) %s_o[k] = %s_m[k] = -1234.5;' % (v, v))
                args_o.append(v + '_o')
                args_m.append(v + '_m')
                checks.append((v, 'array'))
            elif ty == 'char *' and i + 1 < len(params) and params[i + 1][0] == 'size_t':
                decls.append('char %s_o[96], %s_m[96];' % (v, v))
                decls.append('memset(%s_o, 7, 96); memset(%s_m, 7, 96);' % (v, v))
                decls.append('size_t %s_n = (rng() & 7) == 0 ? (size_t)(rng() %% 8u) : 96;' % v)
                args_o.append(v + '_o')
                args_m.append(v + '_m')
                text_buffers.append(v)
                checks.append((v, 'text'))
            elif ty == 'size_t' and i > 0 and params[i - 1][0] == 'char *':
                args_o.append('a%d_n' % (i - 1))
                args_m.append('a%d_n' % (i - 1))
            else:
                self.why = 'parameter %s %s' % (ty, nm)
                return
        decls += late
        self.ok = True
        self.why = ''
        kinds = LAW_PAR.get(stem, ['bounded'])
        self.wrapper = '\n%s __mw_%s(%s)\n{\n    %s%s(%s);\n}\n' % (
            ret, name, ptext, '' if ret == 'void' else 'return ', name,
            ', '.join(nm for _, nm in params))
        call = lambda pre, args: '__m%s_%s(%s)' % (pre, name, ', '.join(args))
        body = []
        body.append('for (int it = 0; it < %d; it++) {' % INPUTS)
        body += ['    ' + d for d in decls]
        if ret == 'void':
            body.append('    %s;' % call('o', args_o))
        else:
            body.append('    %s r_o = %s;' % (ret, call('o', args_o)))
        # the original's results must be finite: else the input is skipped
        fin = []
        if ret == 'double':
            fin.append('isfinite(r_o)')
        if ret == 'bw_params':
            fin.append('isfinite(r_o.k) && isfinite(r_o.c)')
        for v, kind in checks:
            if kind == 'array':
                fin.append('({int f = 1; for (int k = 0; k < 16; k++) f &= %s_o[k] == -1234.5 || isfinite(%s_o[k]); f;})' % (v, v))
        if fin:
            body.append('    if (!(%s)) { skipped++; continue; }' % ' && '.join(fin))
        body.append('    printf("call %d\\n", it); fflush(stdout);')
        if ret == 'void':
            body.append('    %s;' % call('m', args_m))
        else:
            body.append('    %s r_m = %s;' % (ret, call('m', args_m)))
        diffs = []
        if ret == 'double':
            diffs.append(('!same(r_o, r_m)', 'printf(" result %.17g, mutant %.17g", r_o, r_m)'))
        elif ret == 'int':
            diffs.append(('r_o != r_m', 'printf(" result %d, mutant %d", r_o, r_m)'))
        elif ret == 'bw_params':
            diffs.append(('memcmp(&r_o, &r_m, sizeof r_o)', 'printf(" results differ (bw_params)")'))
        for v, kind in checks:
            if kind == 'array':
                diffs.append(('({int d = 0; for (int k = 0; k < 16; k++) d |= !same(%s_o[k], %s_m[k]); d;})' % (v, v),
                              '{for (int k = 0; k < 16; k++) if (!same(%s_o[k], %s_m[k])) '
                              'printf(" out[%%d] %%.17g, mutant %%.17g", k, %s_o[k], %s_m[k]);}' % (v, v, v, v)))
            elif kind == 'step':
                diffs.append(('!same_step(&%s_o, &%s_m)' % (v, v),
                              'printf(" the step data differ")'))
            else:
                diffs.append(('memcmp(%s_o, %s_m, 96)' % (v, v),
                              'printf(" text \\"%%.40s\\", mutant \\"%%.40s\\"", %s_o, %s_m)' % (v, v)))
        for cond, pr in diffs:
            body.append('    if (%s) {' % cond)
            body.append('        printf("WITNESS %s(");' % name)
            body += ['        ' + s for s in shows]
            body.append('        printf(" ):");')
            body.append('        %s;' % pr)
            body.append('        printf("\\n");')
            body.append('        return 1;')
            body.append('    }')
        body.append('}')
        self.main = '\n'.join(
            ['static const char *const par_kinds[] = {%s};' % ', '.join('"%s"' % k for k in kinds),
             'static const char *const bw_kinds[] = {%s};' % ', '.join('"%s"' % k for k in LAW_PAR['law_bwmcl']),
             '%s __mo_%s(%s);' % (ret, name, ptext),
             '%s __mm_%s(%s);' % (ret, name, ptext),
             'int main(void)', '{', '    int skipped = 0;'] +
            ['    ' + b for b in body] +
            ['    printf("NONE %%d inputs, %%d skipped (original not finite)\\n", %d, skipped);' % INPUTS,
             '    return 0;', '}'])


def includes_of(text):
    """The files TEXT includes with quotes, as written (basenames here)."""
    return re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M)


def ref_dir(out, path):
    """The folder of the original's runs of PATH (flow_map.c and flow_map.h
    apart)."""
    b = os.path.basename(path)
    return os.path.join(out, 'ref', b[:-2] + ('_h' if b.endswith('.h') else ''))


class Witnesses:
    """Builds the reference objects and programs once, then looks for a
    witness of each mutant (thread-safe: each mutant has its own folder)."""

    def __init__(self, out, src, orig, incs, lib, toolslib, root=None):
        self.root = root or src  # the tree whose tests/ are run (test witness)
        # a mutant of a header that defines functions (flow_map.h) is
        # linked by rebuilding every object of the library that includes
        # it, directly or through another header
        self.users = {}          # header -> [C files of the library]
        self.between = {}        # header -> [headers that include it]
        self.tests = None        # test -> object, built at the first use
        self.ref_tests = {}      # file -> {test: (status, failed checks)}
        self.out = os.path.join(out, 'diff')
        shutil.rmtree(self.out, ignore_errors=True)
        os.makedirs(self.out)
        self.src, self.orig, self.incs = src, orig, incs
        self.lib, self.toolslib = lib, toolslib
        self.lock = threading.RLock()
        self.ref = {}       # file -> (archive, {study: outputs})
        self.harness = {}   # (file, function) -> Harness
        self.main_o = os.path.join(self.out, 'main.o')
        r = subprocess.run(['gcc'] + CFLAGS + ['-I' + os.path.join(src, 'include'),
                                               '-I' + os.path.join(src, 'tools'), '-c',
                                               os.path.join(src, 'tools/main.c'), '-o', self.main_o],
                           capture_output=True, text=True)
        self.ok = r.returncode == 0 and os.path.exists(lib) and os.path.exists(toolslib)
        self.why = '' if self.ok else ('no %s' % lib if not os.path.exists(lib) else r.stderr[:200])

    def compile(self, d, path, text, extra='', incs=()):
        """TEXT (+ EXTRA) compiled as the file PATH in D: its object, or
        None.  A header (a function harness of one of its functions) is
        compiled as C, into D/STEM_h.o.  INCS: -I folders searched after
        the snapshot's."""
        c = os.path.join(d, os.path.basename(path))
        with open(c, 'w') as f:
            f.write(text + extra)
        head = path.endswith('.h')
        o = c[:-2] + ('_h.o' if head else '.o')
        r = subprocess.run(['gcc'] + CFLAGS + self.incs + list(incs) +
                           (['-x', 'c'] if head else []) +
                           ['-c', c, '-o', o], capture_output=True, text=True)
        return o if r.returncode == 0 else None

    def users_of(self, header):
        """The C files of the library (src/LAYER/*.c) that include HEADER,
        directly or through other headers of src/."""
        with self.lock:
            if header in self.users:
                return self.users[header]
            texts = {}
            for f in glob.glob(os.path.join(self.src, 'src', '*', '*.[ch]')):
                with open(f, errors='replace') as fh:
                    texts[os.path.relpath(f, self.src)] = set(includes_of(fh.read()))
            names = {os.path.basename(header)}
            grown = True
            while grown:
                more = {os.path.basename(h) for h, inc in texts.items()
                        if h.endswith('.h') and inc & names}
                grown = not more <= names
                names |= more
            self.users[header] = sorted(c for c, inc in texts.items()
                                        if c.endswith('.c') and inc & names)
            # the headers between (engine.h between engine_rules.h and
            # engine.c): copied beside the mutated header, so that their
            # own quoted includes of it find the mutant first
            self.between[header] = sorted(h for h in texts if h.endswith('.h') and
                                          h != header and os.path.basename(h) in names)
            return self.users[header]

    def objects(self, d, path, text):
        """The objects of the library that TEXT (as the file PATH) changes,
        compiled in D: PATH's, or for a header every object that includes
        it, each compiled from its source next to the header's TEXT (a
        quoted include finds the header in D first), so that the header's
        static inline functions are those of TEXT where they are used.
        None when one does not compile."""
        if not path.endswith('.h'):
            o = self.compile(d, path, text)
            return [o] if o else None
        with open(os.path.join(d, os.path.basename(path)), 'w') as f:
            f.write(text)
        users = self.users_of(path)
        for h in self.between[path]:
            shutil.copy(os.path.join(self.src, h), d)
        objs = []
        for c in users:
            with open(os.path.join(self.src, c)) as f:
                # the C file's own folder last (src/api is no layer of the
                # snapshot): D, where it is compiled, comes first
                o = self.compile(d, c, f.read(),
                                 incs=['-I' + os.path.join(self.src, os.path.dirname(c))])
            if o is None:
                return None
            objs.append(o)
        return objs

    def program(self, d, path, objs):
        """collide linked with OBJS in place of their members of the library."""
        lib = os.path.join(d, 'libcollide.a')
        shutil.copy(self.lib, lib)
        for obj in objs:
            member = os.path.join(d, os.path.basename(obj))
            if obj != member:
                shutil.copy(obj, member)
            subprocess.run(['ar', 'r', lib, member], check=True, capture_output=True)
        exe = os.path.join(d, 'collide')
        r = subprocess.run(['gcc', '-o', exe, self.main_o, self.toolslib, lib] + LDLIBS,
                           capture_output=True, text=True)
        return exe if r.returncode == 0 else None

    def studies(self, d, exe, ref=None):
        """{run of RUNS: (status, printout lines, {table: lines})}; with REF (the
        original's), it stops after the first study that differs from it
        (a mutant that does not end costs one STUDY_TIMEOUT, not seven)."""
        res = {}
        for s, study, extra in RUNS:
            csv = os.path.join(d, 'csv-' + study)
            shutil.rmtree(csv, ignore_errors=True)
            try:
                r = subprocess.run([exe, 'run', study, '--csv', 'csv-' + study, '--samples', '200']
                                   + extra,
                                   cwd=d, capture_output=True, text=True, timeout=STUDY_TIMEOUT,
                                   errors='replace')
                status, outp = r.returncode, r.stdout + r.stderr
            except subprocess.TimeoutExpired:
                status, outp = 'no end within %d s' % STUDY_TIMEOUT, ''
            lines = [l for l in outp.split('\n') if 'CPU time' not in l]
            tables = {}
            if os.path.isdir(csv):
                for t in sorted(os.listdir(csv)):
                    if t.endswith('.csv'):
                        with open(os.path.join(csv, t), errors='replace') as f:
                            tables[t] = f.read().split('\n')
            shutil.rmtree(csv, ignore_errors=True)
            res[s] = (status, lines, tables)
            if ref is not None and res[s] != ref[s]:
                break
        return res

    def reference(self, path):
        with self.lock:
            if path in self.ref:
                return self.ref[path]
            d = ref_dir(self.out, path)
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(self.orig, path)) as f:
                text = f.read()
            objs = self.objects(d, path, text)
            exe = objs and self.program(d, path, objs)
            self.ref[path] = self.studies(d, exe) if exe else None
            return self.ref[path]

    def test_objects(self):
        """The objects of TESTS and of their common files (check.c,
        sim_fixture.c), compiled once; {} when one does not compile."""
        with self.lock:
            if self.tests is not None:
                return self.tests
            d = os.path.join(self.out, 'tests')
            os.makedirs(d, exist_ok=True)
            objs, why = self.compile_tests(d, [])
            self.tests = objs or {}
            self.tests_why = why
            return self.tests

    def compile_tests(self, d, first):
        """TESTS and their common files compiled into D, the folders FIRST
        before the include path: ({name: object}, '') or (None, why)."""
        tdir = os.path.join(self.root, 'tests')
        incs = first + self.incs + ['-I' + os.path.join(self.src, 'tools'), '-I' + tdir]
        objs = {}
        for name in ('check', 'sim_fixture') + TESTS:
            o = os.path.join(d, name + '.o')
            r = subprocess.run(['gcc'] + CFLAGS + incs +
                               ['-c', os.path.join(tdir, name + '.c'), '-o', o],
                               capture_output=True, text=True)
            if r.returncode != 0:
                return None, '%s.c does not compile: %s' % (name, ' '.join(r.stderr.split())[:160])
            objs[name] = o
        return objs, ''

    def header_test_objects(self, d, m):
        """For M, a mutant of a header: the objects of TESTS and of their
        common files compiled with the mutated header found first (a test
        that includes it compiles its static inline functions itself), in
        D/header; None when one does not compile."""
        hd = os.path.join(d, 'header')
        os.makedirs(hd, exist_ok=True)
        with open(os.path.join(hd, os.path.basename(m['file'])), 'w') as f:
            f.write(m['text'])
        return self.compile_tests(hd, ['-I' + hd])[0]

    def run_tests(self, d, lib, ref=None, objs=None):
        """{test: (status, [failed checks])} of TESTS linked with LIB (and
        OBJS, default the tests compiled once); with REF (the original's),
        it stops after the first test that passes there and not here."""
        objs = objs or self.test_objects()
        res = {}
        for t in TESTS:
            exe = os.path.join(d, t)
            r = subprocess.run(['gcc', '-o', exe, objs[t], objs['check'], objs['sim_fixture'],
                                self.toolslib, lib] + LDLIBS, capture_output=True, text=True)
            if r.returncode != 0:
                res[t] = ('does not link', [])
                continue
            try:
                r = subprocess.run([exe], cwd=self.root, capture_output=True, text=True,
                                   timeout=TEST_TIMEOUT, errors='replace')
                res[t] = (r.returncode, [l for l in r.stdout.split('\n')
                                         if l.startswith('FAIL ')])
            except subprocess.TimeoutExpired:
                res[t] = ('no end within %d s' % TEST_TIMEOUT, [])
            os.remove(exe)
            if ref is not None and ref[t] == (0, []) and res[t] != (0, []):
                break
        return res

    def test_witness(self, d, m):
        """A test of TESTS that passes with the original file and fails
        with the mutant; the library of the mutant is D/libcollide.a
        (left there by study_witness)."""
        if not self.test_objects():
            return None, 'tests: ' + self.tests_why
        with self.lock:  # the reference runs once per file
            ref = self.ref_tests.get(m['file'])
            if ref is None:
                rd = ref_dir(self.out, m['file'])
                ref = self.ref_tests[m['file']] = self.run_tests(
                    rd, os.path.join(rd, 'libcollide.a'))
        lib = os.path.join(d, 'libcollide.a')
        if not os.path.exists(lib):
            return None, 'tests: the mutant does not link'
        objs = None
        if m['file'].endswith('.h'):
            objs = self.header_test_objects(d, m)
            if objs is None:
                return None, 'tests: a test does not compile with the mutated header'
        got = self.run_tests(d, lib, ref, objs)
        broken = [t for t in TESTS if ref[t] != (0, [])]
        for t in TESTS:
            if t in broken or t not in got:
                continue
            if got[t] != (0, []):
                st, fails = got[t]
                return ('test', '%s: %s' % (t, fails[0][5:160] if fails else
                                             'status %s, no FAIL line' % st)), ''
        return None, 'tests: %d programs pass%s' % (
            len(TESTS) - len(broken),
            ' (%s fail on the original too: not used)' % ', '.join(broken) if broken else '')

    def harness_of(self, path, fn, text, masked, body_start, contract):
        key = (path, fn)
        with self.lock:
            if key not in self.harness:
                sig = signature(text, masked, fn, body_start)
                self.harness[key] = Harness(path, fn, sig, contract) if sig else None
            return self.harness[key]

    def function_witness(self, d, m, h):
        """Random inputs to the original and the mutant side by side."""
        objs = []
        with open(os.path.join(self.orig, m['file'])) as f:
            orig_text = f.read()
        for tag, text in (('o', orig_text), ('m', m['text'])):
            sub = os.path.join(d, tag)
            os.makedirs(sub, exist_ok=True)
            o = self.compile(sub, m['file'], text, h.wrapper)
            if o is None:
                return None, 'harness: the file with the wrapper does not compile'
            subprocess.run(['objcopy', '--redefine-sym',
                            '__mw_%s=__m%s_%s' % (h.name, tag, h.name), o], check=True)
            subprocess.run(['objcopy', '-G', '__m%s_%s' % (tag, h.name), o], check=True)
            objs.append(o)
        includes = ''.join(l + '\n' for l in orig_text.split('\n') if l.startswith('#include'))
        hc = os.path.join(d, 'harness.c')
        with open(hc, 'w') as f:
            f.write(includes + HARNESS_HEAD + h.main + '\n')
        exe = os.path.join(d, 'harness')
        r = subprocess.run(['gcc', '-std=gnu11', '-O1', '-w'] + self.incs +
                           [hc] + objs + [self.lib] + LDLIBS + ['-o', exe],
                           capture_output=True, text=True)
        if r.returncode != 0:
            return None, 'harness: does not build: ' + ' '.join(r.stderr.split())[:160]
        try:
            r = subprocess.run([exe], capture_output=True, text=True, timeout=30, errors='replace')
        except subprocess.TimeoutExpired as e:
            out = (e.stdout or b'').decode(errors='replace') if isinstance(e.stdout, bytes) else (e.stdout or '')
            last = [l for l in out.split('\n') if l.startswith('call ')]
            if last:
                return ('function', '%s: the mutant does not return within 30 s on input %s '
                        '(the original returned)' % (h.name, last[-1][5:])), ''
            return None, 'harness: no end within 30 s'
        lines = r.stdout.split('\n')
        w = [l for l in lines if l.startswith('WITNESS ')]
        if w:
            return ('function', w[0][8:]), ''
        if r.returncode < 0:
            last = [l for l in lines if l.startswith('call ')]
            return ('function', '%s: the mutant dies (signal %d) on input %s, where the '
                    'original returns' % (h.name, -r.returncode, last[-1][5:] if last else '?')), ''
        none = [l for l in lines if l.startswith('NONE ')]
        return None, 'harness: ' + (none[0][5:] if none else 'status %d' % r.returncode)

    def study_witness(self, d, m):
        ref = self.reference(m['file'])
        if ref is None:
            return None, 'studies: the original does not build'
        objs = self.objects(d, m['file'], m['text'])
        exe = objs and self.program(d, m['file'], objs)
        if not exe:
            return None, 'studies: the mutant does not link'
        got = self.studies(d, exe, ref)
        for s, _, _ in RUNS:
            if s not in got:
                break
            (st0, l0, t0), (st1, l1, t1) = ref[s], got[s]
            if st0 != st1:
                return ('study', '%s: exit status %s, mutant %s' % (s, st0, st1)), ''
            for name, a, b in [('printout', l0, l1)] + [(t, t0.get(t, []), t1.get(t, []))
                                                         for t in sorted(set(t0) | set(t1))]:
                if a != b:
                    k = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]),
                             min(len(a), len(b)))
                    la = a[k] if k < len(a) else '(end)'
                    lb = b[k] if k < len(b) else '(end)'
                    return ('study', '%s %s line %d: "%s", mutant "%s"' % (
                        s, name, k + 1, ' '.join(la.split())[:70], ' '.join(lb.split())[:70])), ''
        return None, 'studies: %d built-in scenarios identical, in binary64 and at 64 bits' % len(STUDIES)

    def find(self, m, masked_text, body_start, contract, tested=False):
        """(kind, text) of a witness of mutant M, or (None, notes).  A
        mutant of a TESTED file (outside the proved set) is run through
        the studies and then the tests, not through a function harness:
        such a function has no contract, so no domain to draw inputs from."""
        d = os.path.join(self.out, 'run', m['id'])
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        notes = []
        if tested:
            self.reference(m['file'])
            w, note = self.study_witness(d, m)
            if not w:
                notes.append(note)
                w, note = self.test_witness(d, m)
                notes.append(note)
            shutil.rmtree(d, ignore_errors=True)
            return (w, '') if w else (None, '; '.join(notes))
        with open(os.path.join(self.orig, m['file'])) as f:
            orig_text = f.read()
        harnessed = False
        for fn in m['function'].split(','):
            h = None
            if fn in body_start:
                h = self.harness_of(m['file'], fn, orig_text, masked_text, body_start[fn],
                                    contract.get(fn, ''))
            if h is not None and h.ok:
                harnessed = True
                w, note = self.function_witness(os.path.join(d, 'fn-' + fn), m, h)
                if w:
                    shutil.rmtree(d, ignore_errors=True)
                    return w, ''
                notes.append(note)
            else:
                notes.append('%s: no harness (%s)' % (fn, h.why if h else 'signature not read'))
        w, note = self.study_witness(d, m)
        if not w and not harnessed:
            # no function harness (a struct argument, e.g. the Zeno ring):
            # the tests, as for a tested family
            notes.append(note)
            w, note = self.test_witness(d, m)
        shutil.rmtree(d, ignore_errors=True)
        if w:
            return w, ''
        notes.append(note)
        return None, '; '.join(notes)
