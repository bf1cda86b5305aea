#!/usr/bin/env python3
"""export_trajectory.py: a trajectory of a ball bouncing under gravity on a
compliant substrate, simulated without collide (SciPy's solve_ivp with
DOP853 and its event location) and written in the format that
`collide audit` reads. Copy it, replace the simulation with yours, keep
the writer, and audit your own code:

    python3 examples/export_trajectory.py out.csv
    collide audit out.csv --scenario examples/ball_bwmcl.scn

The system is the reduced system H_r of the paper (Eqs. 80-84: body 2, the
substrate, of infinite mass) with the Bouc-Wen-Maxwell collision law
(BWMCL, Eqs. 70-72), read from the scenario file (default
ball_bwmcl.scn beside this file: the ball and substrate of study 1 over
0.2 s).
The state is chi = (x, v, x_c, z_c1, z_c2, q): the gap, the relative
velocity, the indentation, the two internal states of the law and the
mode (q = 0 apart, q = 1 in contact). Every equation below is written
from the paper, one function each, independently of collide's C code.

The output (doc/audit.md): a CSV file with the
header t,j,q,x,v,x_c,z_c1,z_c2,F_e1 and one row a sample, in order of
hybrid time (t, j). Each flow interval [t_j, t_(j+1)] is sampled at
--samples-per-interval equally spaced times, both ends included, so that
at each jump there are two rows at one time: the state before (j) and
the state after (j + 1).

--bug NAME injects one bug on purpose, to test that `collide audit` finds
it (tests/cli/audit_bugs.sh); --list-bugs prints them. Never use it for
anything else: the unbugged export is the correct trajectory."""
import argparse
import os
import sys

import numpy as np
from scipy.integrate import solve_ivp

# The bugs that --bug can inject: name, what the user's code gets wrong.
BUGS = {
    "mass": "the mass in Eq. (81) is m/8 (the weight -m g is right)",
    "gamma-sign": "the gamma term of Psi_1 (Eq. 70) has the wrong sign",
    "exponent-n": "the exponent n of Psi_1 (Eq. 70) is 3 instead of 2",
    "damping": "the dashpot c of Psi_2 (Eq. 71) is 10% too large",
    "no-reset": "z_c1, z_c2 are not reset to 0 at a separation (Eq. 82)",
    "late-separation": "the separation is missed: the contact flow goes on "
                       "past Phi = 0 (Eq. 78), until Phi = +50 N",
    "overlap": "the contact commences 10 um before x reaches 0 (Eq. 78)",
    "energy-jump": "v is raised by 2% at the first separation (Eq. 82)",
    "time-shift": "the time column is shifted by one row (the time of the "
                  "next sample is written)",
}

LATE_PHI = 50.0     # N: where the bug late-separation separates
OVERLAP = 10e-6     # m: the gap at which the bug overlap commences


# ---- the scenario --------------------------------------------------------

def read_scenario(path):
    """The keys of a collide scenario file (key = value, # comments) as a
    dict of text; this exporter simulates only system = Hr, law = bwmcl,
    input = gravity with m, k, p given (not derived from materials)."""
    keys = {}
    try:
        with open(path) as f:
            lines = f.readlines()
    except OSError as e:
        sys.exit("%s: cannot open: %s" % (path, e.strerror))
    for number, line in enumerate(lines, 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if "=" not in line:
            sys.exit("%s:%d: not key = value" % (path, number))
        key, value = (s.strip() for s in line.split("=", 1))
        keys[key] = value
    need = {"system": "Hr", "law": "bwmcl", "input": "gravity"}
    for key, value in need.items():
        if keys.get(key) != value:
            sys.exit("%s: this exporter simulates %s = %s, not %r"
                     % (path, key, value, keys.get(key)))
    par = {}
    for key in ("m", "k", "p", "alpha", "A", "beta", "gamma", "n", "c",
                "x0", "v0", "g", "T"):
        if key not in keys:
            sys.exit("%s: %s is required by this exporter" % (path, key))
        try:
            par[key] = float(keys[key])
        except ValueError:
            sys.exit("%s: %s = %s is not a number" % (path, key, keys[key]))
    return par


# ---- the law: BWMCL (Example IV.2) ---------------------------------------

def spow(z, e):
    """z |z|^(e - 1): the odd power of the law's terms."""
    return z * abs(z) ** (e - 1.0)


def phi(z1, z2, P):
    """The contact force Phi, Eq. (72)."""
    return P["alpha"] * P["k"] * spow(z2, P["p"]) \
        + (1.0 - P["alpha"]) * P["k"] * spow(z1, P["p"])


def psi2(v, z1, z2, P):
    """The rate of z_c2 (deflection of the branches), Eq. (71)."""
    return v - phi(z1, z2, P) / P["c"]


def psi1(z1, rate2, P):
    """The rate of z_c1 (hysteretic state of Bouc and Wen), Eq. (70)."""
    return P["A"] * rate2 \
        - P["beta"] * spow(z1, P["n"]) * abs(rate2) \
        - P["gamma"] * abs(z1) ** P["n"] * rate2


# ---- the hybrid system H_r ----------------------------------------------

def applied_force(P):
    """F_e,r = F_e,1 = -m g, gravity on body 1 (Eq. 46 with m_2 = inf)."""
    return -P["m_weight"] * P["g"]


def flow_map(q, P):
    """The flow map f of Eq. (81) in mode q, as the right-hand side of
    solve_ivp; the state y = (x, v, x_c, z_c1, z_c2)."""
    def f(t, y):
        x, v, xc, z1, z2 = y
        rate2 = psi2(v, z1, z2, P)
        return [v,                                         # f_1
                (-q * phi(z1, z2, P) + applied_force(P)) / P["m"],  # f_2
                q * v,                                     # f_3
                q * psi1(z1, rate2, P),                    # f_4: Psi_1
                q * rate2]                                 # f_4: Psi_2
    return f


def jump_map(y):
    """The jump map g of Eq. (82): x, v kept, x_c and z_c reset to 0 (q is
    toggled by the caller)."""
    x, v, xc, z1, z2 = y
    return [x, v, 0.0, 0.0, 0.0]


def commencement(P):
    """Entry into the jump set D of Eq. (78) for q = 0, x <= 0 and v <= 0:
    max(x, v) reaches 0 going down (x reaches 0 while v < 0, or v reaches
    0 while x < 0). Only the sign matters, so the units may differ."""
    def event(t, y):
        return max(y[0] - P["commence_at"], y[1])
    event.terminal, event.direction = True, -1
    return event


def separation(P):
    """Entry into the jump set D of Eq. (78) for q = 1, Phi >= 0 and
    v >= 0: min(Phi, v) reaches 0 going up."""
    def event(t, y):
        return min(phi(y[3], y[4], P) - P["separate_at"], y[1])
    event.terminal, event.direction = True, 1
    return event


# ---- the simulation --------------------------------------------------------

def user_parameters(par, bug):
    """The parameters the simulation uses: the scenario's, or the
    scenario's with the bug's error."""
    P = dict(par, m_weight=par["m"], commence_at=0.0, separate_at=0.0)
    if bug == "mass":
        P["m"] = par["m"] / 8
    elif bug == "gamma-sign":
        P["gamma"] = -par["gamma"]
    elif bug == "exponent-n":
        P["n"] = 3.0
    elif bug == "damping":
        P["c"] = 1.1 * par["c"]
    elif bug == "late-separation":
        P["separate_at"] = LATE_PHI
    elif bug == "overlap":
        P["commence_at"] = OVERLAP
    return P


def simulate(P, bug):
    """The flow intervals of the solution of H_r from Eq. (84) on [0, T]:
    a list of (t_start, t_end, j, q, dense solution, state at t_start,
    state at t_end)."""
    t, q, j = 0.0, 0, 0
    y = [P["x0"], P["v0"], 0.0, 0.0, 0.0]                  # Eq. (84)
    intervals = []
    while True:
        event = commencement(P) if q == 0 else separation(P)
        sol = solve_ivp(flow_map(q, P), (t, P["T"]), y, method="DOP853",
                        rtol=1e-12, atol=1e-15, events=event,
                        dense_output=True)
        if not sol.success:
            sys.exit("solve_ivp failed at t = %g: %s" % (t, sol.message))
        if sol.t_events[0].size:
            end, before = sol.t_events[0][0], list(sol.y_events[0][0])
        else:
            end, before = P["T"], list(sol.y[:, -1])
        intervals.append((t, end, j, q, sol.sol, y, before))
        if end >= P["T"]:
            return intervals
        y = jump_map(before)                               # Eq. (82)
        if bug == "no-reset" and q == 1:
            y[3], y[4] = before[3], before[4]
        if bug == "energy-jump" and q == 1 and j == 1:
            y[1] = 1.02 * before[1]
        t, q, j = end, 1 - q, j + 1


def rows_of(intervals, n, P):
    """The rows (t, j, q, x, v, x_c, z_c1, z_c2, F_e1): n equally spaced
    samples of each flow interval, its ends included, so that a jump is
    the last row of one interval and the first of the next."""
    rows = []
    for t0, t1, j, q, sol, start, end in intervals:
        times = np.linspace(t0, t1, n)
        states = [start] + list(sol(times[1:-1]).T) + [end]
        for t, state in zip(times, states):
            rows.append([float(t), j, q] + list(state) + [applied_force(P)])
    return rows


def write_csv(rows, path, bug):
    """The format of `collide audit`: header, then one row a sample."""
    times = [r[0] for r in rows]
    if bug == "time-shift":       # each row gets the time of the next one
        times = times[1:] + [2 * times[-1] - times[-2]]
    with open(path, "w") as out:
        out.write("t,j,q,x,v,x_c,z_c1,z_c2,F_e1\n")
        for t, r in zip(times, rows):
            out.write("%.17g,%d,%d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n"
                      % (t, *r[1:]))


def main():
    ap = argparse.ArgumentParser(
        description="Export a trajectory of a ball bouncing on a compliant "
                    "substrate (H_r, BWMCL) in the format of collide audit.")
    ap.add_argument("out", nargs="?", help="the CSV file to write")
    ap.add_argument("--scenario", default=os.path.join(
                        os.path.dirname(os.path.abspath(__file__)),
                        "ball_bwmcl.scn"),
                    help="the collide scenario file simulated (default "
                         "ball_bwmcl.scn beside this file)")
    ap.add_argument("--samples-per-interval", type=int, default=100,
                    metavar="N", help="rows per flow interval, both ends "
                    "included, N >= 2 (default %(default)s)")
    ap.add_argument("--bug", choices=sorted(BUGS), help="inject one bug on "
                    "purpose, to test the audit (see --list-bugs)")
    ap.add_argument("--list-bugs", action="store_true",
                    help="print the bugs of --bug and exit")
    a = ap.parse_args()
    if a.list_bugs:
        for name in sorted(BUGS):
            print("%-16s %s" % (name, BUGS[name]))
        return
    if a.out is None:
        ap.error("the output file is required")
    if a.samples_per_interval < 2:
        ap.error("--samples-per-interval = %d is outside the allowed range: "
                 "N >= 2" % a.samples_per_interval)
    P = user_parameters(read_scenario(a.scenario), a.bug)
    intervals = simulate(P, a.bug)
    write_csv(rows_of(intervals, a.samples_per_interval, P), a.out, a.bug)


if __name__ == "__main__":
    main()
