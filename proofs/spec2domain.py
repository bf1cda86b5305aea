#!/usr/bin/env python3
"""spec2domain.py SPECDIR OUTDIR - the contact laws' proof domains as the
table the run-time check walks (src/system/law_domain_spec.c, read by
domain_check_law of src/system/domain.c), written from SPECDIR/law_domain.acsl:
the predicates the binary64 laws of src/model are proved under.
`spec2domain.py --check SPECDIR OUTDIR` exits 1 when the file in OUTDIR is
not what the script writes (tests/cli/spec2domain.sh).

A law is NAME when SPECDIR/law_NAME_equations.acsl defines NAME_force (as
for proofs/spec2tape.py); its domain is the predicate NAME_domain{L}(double
*par) of law_domain.acsl, a conjunction whose terms are, in order:
  P(par[i])                 P a predicate of one double of law_domain.acsl
                            that is one range of float_range.acsl
  Q(par)                    Q another predicate on par, read in its place
  R(par[i], bounds)         R a range of float_range.acsl written inline
The ranges of float_range.acsl, each a finite double x with
  in_range(x, lo, hi)       lo <= x <= hi
  within(x, b)              -b <= x <= b
  nonneg_within(x, b)       0 <= x <= b
Each term is one row: the law, the parameter's index, its bounds (the
spec's literals) and the text of the message, "in [lo, hi] (spec/
law_domain.acsl, P)", P the named predicate, or NAME_domain for a range
written inline.  The rows keep the conjunction's order, so the check names
the first parameter outside, as the proof's precondition reads.

A law without NAME_domain, or a term of another form, is an error: the
script prints it and exits with status 1, and writes nothing.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spec2why3  # noqa: E402
from spec2why3 import SpecError  # noqa: E402
import specgen  # noqa: E402

SPEC = 'law_domain.acsl'
OUT = 'law_domain_spec.c'
OUT_H = 'law_domain_spec.h'
# float_range.acsl: the range (lo, hi) of each predicate, from its bounds.
RANGES = {
    'in_range': lambda a: (a[0], a[1]),
    'within': lambda a: (('-', a[0][1]), a[0]),
    'nonneg_within': lambda a: (('', '0.0'), a[0]),
}


def law_names(specdir):
    """The laws of specdir, as proofs/spec2tape.py finds them."""
    names = []
    for f in sorted(os.listdir(specdir)):
        m = re.fullmatch(r'law_(\w+)_equations\.acsl', f)
        if m and re.search(r'\blogic\s+double\s+%s_force\s*\(' % m.group(1),
                           open(os.path.join(specdir, f)).read()):
            names.append(m.group(1))
    return names


def read_predicates(specdir):
    """name -> (parameter tokens, body tokens) of each predicate of SPEC."""
    src = open(os.path.join(specdir, SPEC)).read()
    preds = {}
    for ann in spec2why3.annotations(src):
        for _, d in spec2why3.split_decls(ann, SPEC):
            words = [t for _, t in d]
            if words[0] != 'predicate':
                raise SpecError('%s: %s is no predicate' % (SPEC, ' '.join(words[:3])))
            eq = words.index('=')
            preds[words[1]] = (words[2:eq], words[eq + 1:-1])
    return preds


def split_top(words, sep):
    """words split at sep outside parentheses and brackets."""
    parts, cur, depth = [], [], 0
    for w in words:
        if w in ('(', '['):
            depth += 1
        elif w in (')', ']'):
            depth -= 1
        if w == sep and depth == 0:
            parts.append(cur)
            cur = []
        else:
            cur.append(w)
    parts.append(cur)
    return parts


def call(words, where):
    """(name, [argument words]) of name(a, b, ...)."""
    if len(words) < 3 or words[1] != '(' or words[-1] != ')':
        raise SpecError('%s: %s is no call' % (where, ' '.join(words)))
    return words[0], split_top(words[2:-1], ',')


def literal(words, where):
    """('-' or '', literal text) of (double)LIT or LIT."""
    if words[:3] == ['(', 'double', ')']:
        words = words[3:]
    if len(words) != 1 or not re.fullmatch(r'[0-9][0-9A-Za-z.+-]*', words[0]):
        raise SpecError('%s: bound %s is no literal' % (where, ' '.join(words)))
    spec2why3.double_literal(words[0])
    return ('', words[0])


def bounds(name, args, where):
    """(lo, hi) of range predicate name over args (the bounds)."""
    if name not in RANGES:
        raise SpecError('%s: %s is no range of float_range.acsl' % (where, name))
    lits = tuple(literal(a, where) for a in args)
    if len(lits) != (2 if name == 'in_range' else 1):
        raise SpecError('%s: %s with %d bounds' % (where, name, len(lits)))
    return RANGES[name](lits)


def one_double(preds, name, where):
    """(lo, hi) of the predicate name of one double, a range of its argument."""
    params, body = preds[name]
    if len(params) != 4 or params[:2] != ['(', 'double'] or params[3] != ')':
        raise SpecError('%s: %s is no predicate of one double' % (where, name))
    rname, args = call(body, '%s: %s' % (SPEC, name))
    if args[0] != [params[2]]:
        raise SpecError('%s: %s bounds no argument of its own' % (SPEC, name))
    return bounds(rname, args[1:], '%s: %s' % (SPEC, name))


def terms(preds, law_pred, name, where, seen=()):
    """The rows (index, lo, hi, predicate named) of predicate name on par."""
    if name not in preds:
        raise SpecError('%s: no predicate %s' % (where, name))
    if name in seen:
        raise SpecError('%s: %s reads itself' % (where, name))
    params, body = preds[name]
    if params != ['{', 'L', '}', '(', 'double', '*', 'par', ')']:
        raise SpecError('%s: %s is not NAME{L}(double *par)' % (where, name))
    rows = []
    for t in split_top(body, '&&'):
        here = '%s: %s, term %s' % (SPEC, name, ' '.join(t))
        cname, args = call(t, here)
        if args == [['par']]:
            rows += terms(preds, law_pred, cname, here, seen + (name,))
            continue
        a = args[0]
        if len(a) != 4 or a[:2] != ['par', '['] or a[3] != ']' or not a[2].isdigit():
            raise SpecError('%s: the first argument is no par[i]' % here)
        if len(args) == 1 and cname in preds:
            lo, hi = one_double(preds, cname, here)
            rows.append((int(a[2]), lo, hi, cname))
        else:
            lo, hi = bounds(cname, args[1:], here)
            rows.append((int(a[2]), lo, hi, law_pred))
    return rows


def law_domains(specdir):
    """{law: its rows (index, lo, hi, predicate named)}, every law of
    specdir, each with its NAME_domain."""
    preds = read_predicates(specdir)
    laws = law_names(specdir)
    if not laws:
        raise SpecError('no law_NAME_equations.acsl defines NAME_force')
    out = {}
    for law in laws:
        pred = '%s_domain' % law
        if pred not in preds:
            raise SpecError('%s: law %s has no predicate %s' % (SPEC, law, pred))
        out[law] = terms(preds, pred, pred, SPEC)
    return out


def power_text(lit):
    """The message's text of a bound: 0x1pE as 2^E, 64.0 as 64."""
    sign, text = lit
    m = re.fullmatch(r'0[xX]1(?:\.0*)?[pP]([+-]?[0-9]+)', text)
    if m:
        return '%s2^%d' % (sign, int(m.group(1)))
    value = float.fromhex(text) if text.lower().startswith('0x') else float(text)
    if value != int(value):
        raise SpecError('%s: bound %s is neither a power of two nor an integer'
                        % (SPEC, text))
    return '%s%d' % (sign, int(value))


def c_bound(lit):
    sign, text = lit
    return sign + text


def law_rows(domains):
    """[(law, first row, [rows])]: each law's rows and the index in
    domain_law_bounds of its first."""
    out, first = [], 0
    for law in domains:
        out.append((law, first, domains[law]))
        first += len(domains[law])
    return out, first


def header(laws, nrows):
    """law_domain_spec.h: the laws, the table, the predicates that tie a
    law to its NAME_domain and the contracts of the checks."""
    known = ' ||\n      '.join('l == &law_%s' % law for law, _, _ in laws)
    holds = ' &&\n      '.join('(l == &law_%s ==> %s_domain(par))' % (law, law)
                                for law, _, _ in laws)
    out = ['/* GENERATED by proofs/spec2domain.py from spec/law_domain.acsl; do not',
           ' * edit (make tapes writes it again; tests/cli/spec2domain.sh checks',
           ' * it is current).  Each law of spec/ with its proof domain',
           ' * NAME_domain: the registered law (law_NAME of registry.c), the',
           ' * check of its parameters, proved equal to the predicate, and the',
           ' * rows of domain_law_bounds that name a term outside (domain.h). */',
           '#ifndef COLLIDE_LAW_DOMAIN_SPEC_H',
           '#define COLLIDE_LAW_DOMAIN_SPEC_H',
           '',
           '#include "law.h"',
           '',
           '#include "../../spec/law_domain.acsl"',
           '',
           '/* The laws of spec/, as registry.c registers them. */']
    out += ['extern const law law_%s;' % law for law, _, _ in laws]
    out += ['',
            '/* The rows of domain_law_bounds (without its end). */',
            '#define DOMAIN_LAW_ROWS %d' % nrows,
            '',
            '/*@ // l is a law spec/law_domain.acsl gives a proof domain',
            '  predicate domain_law_known(law *l) =',
            '      %s;' % known,
            '',
            '  // par lies in the proof domain NAME_domain of the law l',
            '  predicate domain_law_holds{L}(law *l, double *par) =',
            '      %s;' % holds,
            '*/']
    for law, first, rows in laws:
        top = max(i for i, _, _, _ in rows)
        out += ['',
                '/* spec/law_domain.acsl %s_domain: -1 when par lies in it, else the' % law,
                ' * row of domain_law_bounds of its first term outside. */',
                '/*@ requires par: \\valid_read(par + (0 .. %d));' % top,
                '  @ assigns \\nothing;',
                '  @ ensures domain: \\result == -1 <==> %s_domain(par);' % law,
                '  @ ensures row: \\result == -1 || %d <= \\result < %d;' % (first, first + len(rows)),
                '  @*/',
                'int %s_domain_outside(const double *par);' % law]
    out += ['',
            '/* The proof domain of the law l (one of spec/): -1 when par lies in',
            ' * it, else the row of domain_law_bounds of its first term outside. */',
            '/*@ requires known: domain_law_known(l);',
            '  @ requires par: \\valid_read(par + (0 .. LAW_NPAR_MAX - 1));',
            '  @ assigns \\nothing;',
            '  @ ensures domain: \\result == -1 <==> domain_law_holds(l, par);',
            '  @ ensures row: -1 <= \\result < DOMAIN_LAW_ROWS;',
            '  @*/',
            'int domain_law_outside(const law *l, const double *par);',
            '',
            '#endif']
    return '\n'.join(out).replace('\\\\', '\\') + '\n'


def generate(specdir):
    domains = law_domains(specdir)
    laws, nrows = law_rows(domains)
    out = ['/* GENERATED by proofs/spec2domain.py from spec/law_domain.acsl; do not',
           ' * edit (make tapes writes it again; tests/cli/spec2domain.sh checks',
           ' * it is current).  Each law\'s proof domain NAME_domain, one row a',
           ' * term of the conjunction, in its order (domain.h), and its check',
           ' * (law_domain_spec.h). */',
           '#include "domain.h"',
           '',
           'const domain_bound domain_law_bounds[] = {']
    for law, _, rows in laws:
        for i, lo, hi, named in rows:
            text = 'in [%s, %s] (spec/law_domain.acsl, %s)' % (
                power_text(lo), power_text(hi), named)
            out.append('    {"%s", %d, %s, %s,' % (law, i, c_bound(lo), c_bound(hi)))
            out.append('     "%s"},' % text)
    out.append('    {NULL, 0, 0.0, 0.0, NULL},')
    out.append('};')
    for law, first, rows in laws:
        out += ['', 'int %s_domain_outside(const double *par)' % law, '{']
        for k, (i, lo, hi, _) in enumerate(rows):
            out.append('    if (!domain_in_range(par[%d], %s, %s))' % (i, c_bound(lo), c_bound(hi)))
            out.append('        return %d;' % (first + k))
        out += ['    return -1;', '}']
    out += ['', 'int domain_law_outside(const law *l, const double *par)', '{']
    for law, _, _ in laws:
        out.append('    if (l == &law_%s)' % law)
        out.append('        return %s_domain_outside(par);' % law)
    out += ['    return -1; /* no other law: domain_law_known */', '}']
    return {OUT: '\n'.join(out) + '\n', OUT_H: header(laws, nrows)}, list(domains)


def main():
    def files(specdir):
        return generate(specdir)
    return specgen.run('spec2domain', files, SpecError, 'spec/' + SPEC,
                       lambda laws: '%d laws (%s)' % (len(laws), ' '.join(laws)))


if __name__ == '__main__':
    sys.exit(main())
