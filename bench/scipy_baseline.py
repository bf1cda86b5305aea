#!/usr/bin/env python3
"""SciPy baseline for `collide`: the paper's own numerical method (Section VI-A).

An independent re-implementation, sharing no code with the C library, of the
computation the paper describes: each flow interval is integrated with
scipy.integrate.solve_ivp (method DOP853, rtol 1e-11, atol 1e-14, the step
bounded above by --max-step); the jump conditions are terminal events; the
jump map is applied to the state returned at the event (sol.y_events) and the
integration is restarted from it.  Equation numbers are the paper's.

    python3 bench/scipy_baseline.py STUDY [--max-step H] [--rtol R --atol A]
                                    [--csv FILE]

STUDY is `study1` (H_r with the BWMCL, Table I) or `study2` (H_f with the
BWSHCCL, Table II).  Prints

    baseline STUDY: wall_s=<seconds> cpu_s=<seconds> nfev=<int> collisions=<int> events=<int>

where nfev is the sum of sol.nfev over the flow intervals, wall_s is
time.perf_counter() and cpu_s time.process_time() around the whole
computation (integration and observables), and events is the number of
jumps taken.  --rtol and --atol replace the paper's tolerances (for the
work-precision comparison of `make bench`); solve_ivp raises an rtol under
100 machine epsilons (2.2e-14) to that, silently here.  --csv FILE writes one
row per collision (Eqs. 193-204) in round-trip (repr) precision.

How the observables are obtained:
  * the integrals W, J_Fc, J_Fe (Eqs. 201-202) are quadratures carried as three
    extra components of the ODE, integrated with the state under the same
    tolerances and reset to 0 at every jump;
  * the maxima xc_max, Fc_max (Eqs. 198-199) are located by non-terminal
    events on the contact intervals, at the stationary points of the two
    quantities: |x_c| where v = 0 (x_c' = v, Eq. 81) and F_c = -Phi where
    dPhi/dt = 0 (the rate of Phi along the flow, by the chain rule on Eqs.
    68-72); sol.y_events gives the state there, and the maximum is taken over
    those states and the two ends of the contact.  This is exact to the event
    tolerance and, unlike dense_output=True with a grid, adds no right-hand-
    side evaluations to every step (DOP853's dense output costs 3 per step:
    about 7,600 more on study1, most of them in the final, lasting contact),
    only to the few steps in which such an event falls.
"""

import argparse
import math
import sys
import time
import warnings

try:
    import numpy as np
    from scipy.integrate import solve_ivp
except ImportError:
    print("baseline: skipped: SciPy not installed (python3-scipy)")
    sys.exit(0)

# Section VI-A: the integrator settings.
METHOD = "DOP853"
RTOL = 1e-11
ATOL = 1e-14
DEFAULT_MAX_STEP = 1e-4
MAX_EVENTS = 100000          # guard against a runaway (Zeno) event sequence

CSV_HEADER = "i,t_e,t_s,t_d,t_f,v_i,v_s,e,xc_max,Fc_max,xc_r,W,J_Fc,J_Fe,Lambda"


# ---------------------------------------------------------------------------
# Inferred parameters (Section VI-B, VI-C)
# ---------------------------------------------------------------------------

def effective_modulus(E1, nu1, E2, nu2):
    """Eq. (187): E* = ((1 - nu1^2)/E1 + (1 - nu2^2)/E2)^-1."""
    return 1.0 / ((1.0 - nu1 * nu1) / E1 + (1.0 - nu2 * nu2) / E2)


def effective_radius(R1, R2):
    """Eq. (188): R_e = (1/R1 + 1/R2)^-1 (R2 = inf gives R_e = R1)."""
    return 1.0 / (1.0 / R1 + 1.0 / R2)


def sphere_mass(R, rho):
    """Eq. (189): m_i = 4/3 pi R_i^3 rho_i."""
    return 4.0 / 3.0 * math.pi * R ** 3 * rho


def reduced_mass(m1, m2):
    """Eq. (41): m = m1 m2 / (m1 + m2)."""
    return m1 * m2 / (m1 + m2)


HERTZ_EXPONENT = 1.5         # Eq. (190): p = 3/2


def hertz_coefficient(E_star, R_e):
    """Eq. (192): k_H = 4/3 E* sqrt(R_e)."""
    return 4.0 / 3.0 * E_star * math.sqrt(R_e)


def law_coefficient(k_H, alpha, A, p):
    """Eq. (191): k = k_H / (alpha + (1 - alpha) A^p)."""
    return k_H / (alpha + (1.0 - alpha) * A ** p)


def spow(x, p):
    """x |x|^(p-1), the signed power used throughout Eqs. (68)-(72)."""
    return math.copysign(abs(x) ** p, x)


# ---------------------------------------------------------------------------
# Contact laws (Section IV-B).  A law is the pair (Phi, Psi) of Eq. (59):
# phi(x_c, z, v_c) is the force on the interface (negative in compression,
# F_c = -Phi) and psi(x_c, z, v_c) the rate of the internal state z (a tuple
# of n_z components).  phi_rate(x_c, z, v, v_dot) is dPhi/dt along a contact
# flow (x_c' = v, z' = Psi), used only to locate the greatest contact force.
# ---------------------------------------------------------------------------

class BWSHCCL:
    """Bouc-Wen-Simon-Hunt-Crossley collision law, Example IV.1 (n_z = 1)."""
    nz = 1

    def __init__(self, k, alpha, A, beta, gamma, n, p, c):
        self.k, self.alpha, self.A = k, alpha, A
        self.beta, self.gamma, self.n, self.p, self.c = beta, gamma, n, p, c

    def phi(self, xc, z, v):
        """Eq. (69): alpha k x_c|x_c|^(p-1) + (1-alpha) k z|z|^(p-1) + c|x_c|^p v."""
        (z1,) = z
        return (self.alpha * self.k * spow(xc, self.p)
                + (1.0 - self.alpha) * self.k * spow(z1, self.p)
                + self.c * abs(xc) ** self.p * v)

    def psi(self, xc, z, v):
        """Eq. (68): A v - beta z|z|^(n-1)|v| - gamma |z|^n v."""
        (z1,) = z
        return (self.A * v - self.beta * spow(z1, self.n) * abs(v)
                - self.gamma * abs(z1) ** self.n * v,)

    def phi_rate(self, xc, z, v, v_dot):
        """d/dt of Eq. (69): alpha k p|x_c|^(p-1) v + (1-alpha) k p|z|^(p-1) Psi
        + c (p x_c|x_c|^(p-2) v^2 + |x_c|^p v_dot)."""
        (z1,) = z
        (w,) = self.psi(xc, z, v)
        p = self.p
        return (self.alpha * self.k * p * abs(xc) ** (p - 1.0) * v
                + (1.0 - self.alpha) * self.k * p * abs(z1) ** (p - 1.0) * w
                + self.c * (p * spow(xc, p - 1.0) * v * v + abs(xc) ** p * v_dot))


class BWMCL:
    """Bouc-Wen-Maxwell collision law, Example IV.2 (n_z = 2, z = (z_1, z_2))."""
    nz = 2

    def __init__(self, k, alpha, A, beta, gamma, n, p, c):
        self.k, self.alpha, self.A = k, alpha, A
        self.beta, self.gamma, self.n, self.p, self.c = beta, gamma, n, p, c

    def phi(self, xc, z, v):
        """Eq. (72): alpha k z_2|z_2|^(p-1) + (1-alpha) k z_1|z_1|^(p-1)."""
        z1, z2 = z
        return (self.alpha * self.k * spow(z2, self.p)
                + (1.0 - self.alpha) * self.k * spow(z1, self.p))

    def psi2(self, xc, z, v):
        """Eq. (71): Psi_2 = v_c - Phi / c (the Maxwell dashpot in series)."""
        return v - self.phi(xc, z, v) / self.c

    def psi(self, xc, z, v):
        """Eqs. (70)-(71): (A Psi_2 - beta z_1|z_1|^(n-1)|Psi_2| - gamma|z_1|^n Psi_2, Psi_2)."""
        z1, _ = z
        w = self.psi2(xc, z, v)
        return (self.A * w - self.beta * spow(z1, self.n) * abs(w)
                - self.gamma * abs(z1) ** self.n * w, w)

    def phi_rate(self, xc, z, v, v_dot):
        """d/dt of Eq. (72): alpha k p|z_2|^(p-1) Psi_2 + (1-alpha) k p|z_1|^(p-1) Psi_1."""
        z1, z2 = z
        w1, w2 = self.psi(xc, z, v)
        p = self.p
        return (self.alpha * self.k * p * abs(z2) ** (p - 1.0) * w2
                + (1.0 - self.alpha) * self.k * p * abs(z1) ** (p - 1.0) * w1)


# ---------------------------------------------------------------------------
# Hybrid systems (Section IV-C).  The ODE state is the continuous part of chi
# followed by three quadratures (W, J_Fc, J_Fe); q is kept outside, being
# constant on each flow interval (f_q = 0).
# ---------------------------------------------------------------------------

class ReducedSystem:
    """H_r, Eqs. (80)-(84): chi = (x, v, x_c, z_c, q); body 2 of infinite mass."""

    def __init__(self, law, m, F_er, x0, v0):
        self.law, self.m, self.F_er = law, m, F_er
        self.ix, self.iv, self.ixc = 0, 1, 2
        self.iz = slice(3, 3 + law.nz)
        self.iquad = 3 + law.nz
        self.y0 = [x0, v0, 0.0] + [0.0] * law.nz + [0.0, 0.0, 0.0]  # Eq. (84)

    def flow(self, t, y, q):
        """Eq. (81) plus the quadratures of Eqs. (201)-(202)."""
        law, nz = self.law, self.law.nz
        s = y.tolist()
        v, xc, z = s[1], s[2], s[3:3 + nz]
        F_er = self.F_er(t)
        if q:
            Phi = law.phi(xc, z, v)
            return ([v, (-Phi + F_er) / self.m, v] + list(law.psi(xc, z, v))
                    + [Phi * v, -Phi, F_er])
        return [v, F_er / self.m, 0.0] + [0.0] * nz + [0.0, 0.0, 0.0]


class FullSystem:
    """H_f, Eqs. (73)-(79): chi = (x, v, x_m, v_m, x_c, z_c, q)."""

    def __init__(self, law, m1, m2, F_e1, F_e2, x0, v0, xm0, vm0):
        self.law, self.m1, self.m2 = law, m1, m2
        self.m = reduced_mass(m1, m2)                   # Eq. (41)
        self.F_e1, self.F_e2 = F_e1, F_e2
        self.ix, self.iv, self.ixc = 0, 1, 4
        self.iz = slice(5, 5 + law.nz)
        self.iquad = 5 + law.nz
        self.y0 = ([x0, v0, xm0, vm0, 0.0] + [0.0] * law.nz
                   + [0.0, 0.0, 0.0])                    # Eq. (79)

    def F_er(self, t):
        """Eq. (46): F_e,r = (m2 F_e,1 - m1 F_e,2) / (m1 + m2)."""
        return ((self.m2 * self.F_e1(t) - self.m1 * self.F_e2(t))
                / (self.m1 + self.m2))

    def flow(self, t, y, q):
        """Eq. (74) plus the quadratures of Eqs. (201)-(202)."""
        law, nz = self.law, self.law.nz
        s = y.tolist()
        v, vm, xc, z = s[1], s[3], s[4], s[5:5 + nz]
        F_e1, F_e2 = self.F_e1(t), self.F_e2(t)
        F_er = (self.m2 * F_e1 - self.m1 * F_e2) / (self.m1 + self.m2)
        a_m = (F_e1 + F_e2) / (self.m1 + self.m2)
        if q:
            Phi = law.phi(xc, z, v)
            return ([v, (-Phi + F_er) / self.m, vm, a_m, v]
                    + list(law.psi(xc, z, v)) + [Phi * v, -Phi, F_er])
        return [v, F_er / self.m, vm, a_m, 0.0] + [0.0] * nz + [0.0, 0.0, 0.0]


def phi_of(system, y):
    """Phi evaluated at the state y (Eqs. 69, 72)."""
    return system.law.phi(y[system.ixc], tuple(y[system.iz]), y[system.iv])


def phi_rate_of(system, t, y):
    """dPhi/dt along the contact flow at (t, y), with v' from Eq. (74)/(81)."""
    xc, z, v = y[system.ixc], tuple(y[system.iz]), y[system.iv]
    v_dot = (-system.law.phi(xc, z, v) + system.F_er(t)) / system.m
    return system.law.phi_rate(xc, z, v, v_dot)


def jump(system, y):
    """Eqs. (75), (82): x_c <- 0, z_c <- 0 (q <- 1 - q is done by the caller);
    the auxiliary quadratures are reset as well."""
    y = np.array(y, dtype=float)
    y[system.ixc] = 0.0
    y[system.iz] = 0.0
    y[system.iquad:] = 0.0
    return y


# ---------------------------------------------------------------------------
# Jump conditions as terminal events.  doc/design.md's guards:
#   mode 0  commence-at-touch     guard x    decreasing (-1)  enabled v <= 0
#   mode 0  commence-overlapping  guard v    decreasing (-1)  enabled x <= 0
#   mode 1  separate              guard Phi  increasing (+1)  enabled v >= 0
#   mode 1  separate-adhesive     guard v    increasing (+1)  enabled Phi >= 0
# solve_ivp cannot make a terminal event conditional on an enabling set, so
# the enabling condition is folded into the guard: a decreasing guard g with
# enabling set {h <= 0} becomes max(g, h), an increasing one with {h >= 0}
# becomes min(g, h).  Both mode-0 guards then become max(x, v) decreasing
# through 0 and both mode-1 guards min(Phi, v) increasing through 0: the
# state entering D of Eq. (78), one indicator per mode.  A crossing of a guard
# outside its enabling set (the apex of a flight, x > 0; the greatest
# compression, Phi < 0) changes no indicator's sign, so the evolution flows on
# through it (rule R2), as Section VI-A describes.
# ---------------------------------------------------------------------------

def make_indicator(system, q):
    ix, iv = system.ix, system.iv
    if q == 0:
        def indicator(t, y):
            return max(y[ix], y[iv])               # {q=0} n {x<=0} n {v<=0}
        indicator.direction = -1
    else:
        def indicator(t, y):
            return min(phi_of(system, y), y[iv])   # {q=1} n {Phi>=0} n {v>=0}
        indicator.direction = +1
    indicator.terminal = True
    return indicator


# ---------------------------------------------------------------------------
# Stationary points for the maxima of Eqs. (198)-(199): non-terminal events on
# the contact intervals, any direction (every stationary point is a candidate).
# ---------------------------------------------------------------------------

def make_extremum_events(system):
    iv = system.iv

    def xc_stationary(t, y):                       # d|x_c|/dt = 0  <=>  v = 0
        return y[iv]

    def Fc_stationary(t, y):                       # dF_c/dt = -dPhi/dt = 0
        return phi_rate_of(system, t, y)

    for ev in (xc_stationary, Fc_stationary):
        ev.terminal, ev.direction = False, 0
    return [xc_stationary, Fc_stationary]


def contact_maxima(system, y_e, y_s, xc_candidates, Fc_candidates):
    """xc_max = max |x_c| (Eq. 198), Fc_max = max F_c = max(-Phi) (Eq. 199),
    over the ends of the contact and the located stationary states."""
    ixc = system.ixc
    xc_max = max(abs(float(y[ixc])) for y in [y_e, y_s] + list(xc_candidates))
    Fc_max = max(-phi_of(system, y) for y in [y_e, y_s] + list(Fc_candidates))
    return xc_max, Fc_max


# ---------------------------------------------------------------------------
# The hybrid loop (Section VI-A) and the per-collision observables.
# ---------------------------------------------------------------------------

def simulate(system, T, max_step, rtol=RTOL, atol=ATOL):
    """Flow / jump until T.  Returns (nfev, number of jumps, collisions)."""
    y = np.array(system.y0, dtype=float)
    t, q = 0.0, 0                                  # q_c(0, 0) = 0
    nfev, njumps = 0, 0
    contacts = []                                  # one dict per contact
    while t < T:
        in_contact = (q == 1)
        events = [make_indicator(system, q)]
        if in_contact:
            events += make_extremum_events(system)
        sol = solve_ivp(lambda tt, yy, q=q: system.flow(tt, yy, q), (t, T), y,
                        method=METHOD, rtol=rtol, atol=atol, max_step=max_step,
                        events=events)
        nfev += sol.nfev
        if sol.status < 0:
            raise RuntimeError("solve_ivp failed at t = %r: %s" % (t, sol.message))
        if in_contact:
            contacts[-1]["xc_candidates"] = sol.y_events[1]
            contacts[-1]["Fc_candidates"] = sol.y_events[2]
        if sol.status != 1:                        # reached T without a jump
            break
        t = float(sol.t_events[0][0])
        y_event = sol.y_events[0][0]               # the state at the event
        if in_contact:                             # separation: end of a collision
            contacts[-1]["t_s"], contacts[-1]["y_s"] = t, y_event
        else:                                      # commencement of a contact
            contacts.append({"t_e": t, "y_e": y_event})
        y = jump(system, y_event)                  # Eqs. (75), (82)
        q = 1 - q
        njumps += 1
        if njumps > MAX_EVENTS:
            raise RuntimeError("more than %d events: Zeno?" % MAX_EVENTS)
    return nfev, njumps, collision_observables(system, contacts)


def collision_observables(system, contacts):
    """Eqs. (193)-(204) for every contact that ends with a separation."""
    rows = []
    iv, ixc, iq = system.iv, system.ixc, system.iquad
    for i, c in enumerate(contacts):
        if "t_s" not in c:                         # still in contact at T
            break
        t_e, t_s, y_s = c["t_e"], c["t_s"], c["y_s"]
        nxt = contacts[i + 1]["t_e"] if i + 1 < len(contacts) else math.nan
        v_i = float(c["y_e"][iv])                  # Eq. (196)
        v_s = float(y_s[iv])
        W, J_Fc, J_Fe = (float(u) for u in y_s[iq:iq + 3])   # Eqs. (201)-(202)
        xc_max, Fc_max = contact_maxima(system, c["y_e"], y_s,
                                        c["xc_candidates"], c["Fc_candidates"])
        rows.append({
            "i": i,
            "t_e": t_e, "t_s": t_s,
            "t_d": t_s - t_e,                      # Eq. (194)
            "t_f": nxt - t_s,                      # Eq. (195)
            "v_i": v_i, "v_s": v_s,
            "e": -v_s / v_i,                       # Eq. (197)
            "xc_max": float(xc_max),               # Eq. (198)
            "Fc_max": float(Fc_max),               # Eq. (199)
            "xc_r": abs(float(y_s[ixc])),          # Eq. (200)
            "W": W, "J_Fc": J_Fc, "J_Fe": J_Fe,
            "Lambda": J_Fe / J_Fc,                 # Eq. (204)
        })
    return rows


# ---------------------------------------------------------------------------
# The studies
# ---------------------------------------------------------------------------

def study1():
    """Section VI-B, Table I: steel ball on bitumen under gravity, H_r + BWMCL."""
    E1, nu1, rho1, R1 = 200e9, 0.30, 7800.0, 0.020
    E2, nu2, R2 = 1.0e9, 0.35, math.inf
    g = 9.81
    A, alpha, beta, gamma, n, c = 1.0, 0.35, 5e7, 5e7, 2.0, 4400.0
    p = HERTZ_EXPONENT
    m = sphere_mass(R1, rho1)                      # m = m_1 (m_2 = inf)
    k_H = hertz_coefficient(effective_modulus(E1, nu1, E2, nu2),
                            effective_radius(R1, R2))
    k = law_coefficient(k_H, alpha, A, p)
    law = BWMCL(k, alpha, A, beta, gamma, n, p, c)
    weight = -m * g                                # u = F_e,r = -m g

    def F_er(t):
        return weight

    return ReducedSystem(law, m, F_er, x0=0.020, v0=0.0), 0.5


def smooth_step(w):
    """Eq. (205): S(w)."""
    if w < 0.0:
        return 0.0
    if w > 1.0:
        return 1.0
    return 0.5 * (1.0 - math.cos(math.pi * w))


def smooth_step_rate(w):
    """Eq. (206): S'(w)."""
    if w < 0.0 or w > 1.0:
        return 0.0
    return 0.5 * math.pi * math.sin(math.pi * w)


def study2():
    """Section VI-C, Table II: PTFE ball and POM ball on one axis, H_f + BWSHCCL."""
    E1, nu1, rho1, R1 = 0.50e9, 0.46, 2200.0, 0.020
    E2, nu2, rho2, R2 = 2.90e9, 0.35, 1410.0, 0.020
    A, alpha, beta, gamma, n, c = 1.0, 0.35, 2.409e8, 2.409e8, 2.0, 2.5e7
    p = HERTZ_EXPONENT
    F_e0, T_e, T_s = 0.5759, 0.20, 0.10
    x0, v0, xm0, vm0 = 1.5e-3, 0.0, 0.0, 0.120
    m1, m2 = sphere_mass(R1, rho1), sphere_mass(R2, rho2)   # Eq. (189)
    k_H = hertz_coefficient(effective_modulus(E1, nu1, E2, nu2),
                            effective_radius(R1, R2))
    k = law_coefficient(k_H, alpha, A, p)
    law = BWSHCCL(k, alpha, A, beta, gamma, n, p, c)

    def a(t):
        """Eq. (207): a(t) = v_m,0 / T_s S'(t / T_s)."""
        return vm0 / T_s * smooth_step_rate(t / T_s)

    def F_e1(t):
        """Eq. (208)."""
        return -F_e0 * (1.0 + smooth_step(t / T_e)) - m1 * a(t)

    def F_e2(t):
        """Eq. (209)."""
        return F_e0 * (1.0 + smooth_step(t / T_e)) - m2 * a(t)

    return FullSystem(law, m1, m2, F_e1, F_e2, x0, v0, xm0, vm0), 0.5


STUDIES = {"study1": study1, "study2": study2}


# ---------------------------------------------------------------------------

def write_csv(path, rows):
    with open(path, "w") as f:
        f.write(CSV_HEADER + "\n")
        for r in rows:
            f.write(",".join([str(r["i"])] + [repr(float(r[k]))
                                              for k in CSV_HEADER.split(",")[1:]])
                    + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("study", choices=sorted(STUDIES))
    ap.add_argument("--max-step", type=float, default=DEFAULT_MAX_STEP,
                    help="upper bound of the step size (default %(default)g)")
    ap.add_argument("--rtol", type=float, default=RTOL,
                    help="relative tolerance (default %(default)g)")
    ap.add_argument("--atol", type=float, default=ATOL,
                    help="absolute tolerance (default %(default)g)")
    ap.add_argument("--csv", metavar="FILE", help="write the collisions to FILE")
    args = ap.parse_args(argv)
    if not args.max_step > 0.0:
        ap.error("--max-step = %r is outside the allowed range: (0, inf]"
                 % args.max_step)
    if not 1e-15 <= args.rtol < 1.0:
        ap.error("--rtol = %r is outside the allowed range: [1e-15, 1)"
                 % args.rtol)
    if not (args.atol > 0.0 and math.isfinite(args.atol)):
        ap.error("--atol = %r is outside the allowed range: (0, inf)"
                 % args.atol)

    warnings.filterwarnings("ignore", message="At least one element of `rtol`")
    start, cpu0 = time.perf_counter(), time.process_time()
    system, T = STUDIES[args.study]()
    nfev, njumps, rows = simulate(system, T, args.max_step, args.rtol,
                                  args.atol)
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu0

    print("baseline %s: wall_s=%.6f cpu_s=%.6f nfev=%d collisions=%d events=%d"
          % (args.study, wall, cpu, nfev, len(rows), njumps))
    if args.csv:
        write_csv(args.csv, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
