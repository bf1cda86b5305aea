#!/usr/bin/env python3
"""independent_trajectory.py OUT.csv: a trajectory of the Hertz impact
(SHCCL with c = 0, p = 3/2, k = 1e9, m = 1, x0 = 0.01, v0 = -1, H_r, no
applied force, T = 0.1: the built-in scenario `hertz`) computed without
collide, with SciPy's solve_ivp and its event location, and written in the
format of `collide audit` (README.md, "Auditing a trajectory"): one row a
sample, two rows (before, after) at each jump.

The hybrid system is written here from the paper, independently of the C
code: apart (q = 0) x' = v, v' = 0 (Eq. 81 with q = 0, F_e,r = 0); in
contact (q = 1) additionally x_c' = v and v' = -Phi/m with
Phi = k x_c |x_c|^(1/2) (Eq. 69 with alpha = 1, c = 0); commencement when
x reaches 0 going down, separation when Phi reaches 0 going up; the jump
map sets x_c = 0 and toggles q (Eq. 82)."""
import sys

import numpy as np
from scipy.integrate import solve_ivp

K, M, X0, V0, T = 1e9, 1.0, 0.01, -1.0, 0.1


def flow(q):
    def f(t, y):
        x, v, xc = y
        phi = K * xc * abs(xc) ** 0.5 if q else 0.0
        return [v, -phi / M, v if q else 0.0]
    return f


def guard(q):
    def g(t, y):
        x, v, xc = y
        return x if q == 0 else K * xc * abs(xc) ** 0.5
    g.terminal = True
    g.direction = -1 if q == 0 else 1
    return g


def main(path):
    rows = []
    t, y, q, j = 0.0, [X0, V0, 0.0], 0, 0
    grid = np.linspace(0.0, T, 201)
    while t < T:
        ts = grid[(grid > t) & (grid < T)]
        sol = solve_ivp(flow(q), (t, T), y, method="DOP853", rtol=1e-12,
                        atol=1e-15, events=guard(q), dense_output=True)
        end = sol.t_events[0][0] if sol.t_events[0].size else T
        rows.append((t, j, q, *y))
        for s in ts[ts < end]:
            rows.append((s, j, q, *sol.sol(s)))
        yb = list(sol.sol(end))
        rows.append((end, j, q, *yb))
        if end >= T:
            break
        t, q, j = end, 1 - q, j + 1           # Eq. (82): x_c <- 0, q <- 1 - q
        y = [yb[0], yb[1], 0.0]               # the row after: the next start
    with open(path, "w") as out:
        out.write("t,j,q,x,v,x_c,F_e1,F_e2\n")
        for r in rows:
            out.write("%.17g,%d,%d,%.17g,%.17g,%.17g,0,0\n" % r)


if __name__ == "__main__":
    main(sys.argv[1])
