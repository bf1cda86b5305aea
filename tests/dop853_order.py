#!/usr/bin/env python3
"""The order conditions of DOP853 in exact rational arithmetic.

Reads the published decimals of the coefficients as src/kernel/dop853.c
writes them (#define C_i, A_i_j, B_j, BHH_j, ER_j, 1-based as Hairer's),
takes each as the exact rational it denotes (fractions.Fraction), and
checks, for every rooted tree t of order <= 8 (200 trees), the condition
sum_i b_i Phi_i(t) = 1/gamma(t) of order 8 (Butcher; Hairer-Norsett-
Wanner II.2, Theorem 2.13), with Phi_i the elementary weights over a_ij;
the embedded 3rd-order weights bhh for the trees of order <= 3; and the
row sums c_i = sum_j a_ij.  Some nodes are irrational (c_4, c_5 involve
sqrt(6)) and the table has 30 significant digits, so the residuals are
not 0 but the truncation of the decimals: each must be below TOL = 1e-27
(a coefficient changed by 1e-24 makes some residual exceed it; the
script checks that too, so that the check cannot pass vacuously).
Usage: dop853_order.py SRC/kernel/dop853.c; exit status 0 when all hold.
"""
import re
import sys
from fractions import Fraction

TOL = Fraction(1, 10**27)


def read_table(path):
    text = open(path).read()
    vals = {}
    for name, dec in re.findall(r'^#define ((?:C|A|B|BHH|ER)_[0-9_]+) (\S+)$',
                                text, re.M):
        vals[name] = Fraction(dec)
    return vals


def tableau(vals, stages=12):
    a = [[Fraction(0)] * stages for _ in range(stages)]
    for i in range(1, stages + 1):
        for j in range(1, i):
            a[i - 1][j - 1] = vals.get('A_%d_%d' % (i, j), Fraction(0))
    b = [vals.get('B_%d' % j, Fraction(0)) for j in range(1, stages + 1)]
    c = [vals['C_%d' % i] for i in range(1, stages + 1)]
    bhh = [vals.get('BHH_%d' % k, Fraction(0)) for k in (1, 2, 3)]
    # bhh_1, bhh_2, bhh_3 weigh stages 1, 9 and 12 (dop853.h)
    bh = [Fraction(0)] * stages
    bh[0], bh[8], bh[11] = bhh
    return a, b, c, bh


def trees(order):
    """Rooted trees with `order` vertices, as sorted tuples of subtrees."""
    if order == 1:
        return [()]
    out = set()
    # a tree is a root and a multiset of subtrees whose orders add to order-1
    def parts(n, maxt):
        if n == 0:
            yield ()
            return
        for k in range(n, 0, -1):
            for t in trees(k):
                if maxt is not None and (k, t) > maxt:
                    continue
                for rest in parts(n - k, (k, t)):
                    yield ((k, t),) + rest
    for p in parts(order - 1, None):
        out.add(tuple(sorted(t for _, t in p)))
    return sorted(out)


def size(t):
    return 1 + sum(size(u) for u in t)


def gamma(t):
    g = size(t)
    for u in t:
        g *= gamma(u)
    return g


def phi(t, a, memo):
    """Elementary weights Phi_i(t), i = 1..s."""
    if t in memo:
        return memo[t]
    s = len(a)
    w = [Fraction(1)] * s
    for u in t:
        pu = phi(u, a, memo)
        for i in range(s):
            w[i] *= sum(a[i][j] * pu[j] for j in range(i))
    memo[t] = w
    return w


def residuals(a, b, c, bh, max_order=8):
    memo = {}
    res = []
    for i in range(len(a)):
        res.append(('row sum c_%d' % (i + 1), sum(a[i]) - c[i] if i else c[0]))
    for q in range(1, max_order + 1):
        for t in trees(q):
            w = phi(t, a, memo)
            res.append(('order %d tree %s' % (q, t),
                        sum(b[i] * w[i] for i in range(len(a))) -
                        Fraction(1, gamma(t))))
            if q <= 3:
                res.append(('bhh order %d tree %s' % (q, t),
                            sum(bh[i] * w[i] for i in range(len(a))) -
                            Fraction(1, gamma(t))))
    return res


def main():
    vals = read_table(sys.argv[1])
    a, b, c, bh = tableau(vals)
    ntrees = sum(len(trees(q)) for q in range(1, 9))
    res = residuals(a, b, c, bh)
    worst = max(res, key=lambda r: abs(r[1]))
    bad = [r for r in res if abs(r[1]) > TOL]
    print('dop853 order conditions: %d trees of order <= 8, %d conditions, '
          'largest residual %.3g (%s)' % (ntrees, len(res), float(abs(worst[1])),
                                         worst[0]))
    for name, r in bad:
        print('  FAILED: %s: residual %.3g' % (name, float(r)))
    ok = ntrees == 200 and not bad
    # the check is sensitive: b_8 changed by 1e-24 breaks some condition
    b2 = list(b)
    b2[7] += Fraction(1, 10**24)
    if all(abs(r[1]) <= TOL for r in residuals(a, b2, c, bh)):
        print('  FAILED: a change of b_8 by 1e-24 goes unnoticed')
        ok = False
    print('ok' if ok else 'FAILED')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
