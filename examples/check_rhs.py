#!/usr/bin/env python3
"""check_rhs.py: checks the right-hand side of another implementation
against collide's, state by state, through the shared library:
the flow map of export_trajectory.py (written from the paper with NumPy,
not with collide) against collide_model_flow (Eq. 81 of the same
scenario, the function collide's binary64 engine integrates), through
the Python package of python/ (`import collide`; from the source tree,
or installed with pip). Copy it and put your own right-hand side in
place of flow_map:

    python3 examples/check_rhs.py [--lib PATH] [--bug NAME]

It evaluates both at states apart (q = 0) and in contact (q = 1), with
every sign of v, z_c1, z_c2 and of the indentation, and prints each
component's largest difference relative to that component's largest
|value| over the states. Exit 0 when every component agrees to 1e-12
(rounding differences of two correct programs are near 1e-16), else 1
with the component named. --bug NAME checks export_trajectory.py's
right-hand side with one of its injected bugs (those of the parameters:
mass, gamma-sign, exponent-n, damping), which must then be found."""
import argparse
import itertools
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import export_trajectory as user  # noqa: E402  (the other implementation)
# the package of the source tree when run from it, else an installed one
sys.path.insert(1, os.path.join(os.path.dirname(HERE), "python"))
try:
    import collide  # noqa: E402
except ImportError:
    sys.exit("check_rhs: the Python package collide is needed: "
             "pip install --no-build-isolation --no-deps ./python "
             "in the collide source tree")

TOL = 1e-12   # relative to each component's largest |value| over the states


def states():
    """(q, chi): apart and in contact, with every sign of v, z_c1, z_c2;
    x = x_c in contact (both bodies indent together from the touch)."""
    for v, z1, z2 in itertools.product((-0.4, 0.0, 0.3), (-2e-5, 0.0, 3e-5),
                                       (-1e-5, 0.0, 4e-5)):
        yield 1, [-3e-5, v, -3e-5, z1, z2]
    for x, v in ((0.02, 0.0), (0.01, -0.6), (1e-6, 0.5)):
        yield 0, [x, v, 0.0, 0.0, 0.0]


def main():
    ap = argparse.ArgumentParser(description="Checks a right-hand side "
                                 "against collide_model_flow.")
    ap.add_argument("--lib", help="libcollide.so (default: the system's)")
    ap.add_argument("--scenario", default=os.path.join(HERE, "ball_bwmcl.scn"))
    ap.add_argument("--bug", choices=["mass", "gamma-sign", "exponent-n",
                                      "damping"])
    a = ap.parse_args()
    if a.lib:
        os.environ["COLLIDE_LIB"] = a.lib
    try:
        m = collide.Model(a.scenario)
    except (collide.CollideError, collide.LibraryNotFoundError) as e:
        sys.exit("check_rhs: %s" % e)
    names = m.components()
    n = m.dimension
    P = user.user_parameters(user.read_scenario(a.scenario), a.bug)
    ref, mine = [], []
    for q, chi in states():
        ref.append((q, m.flow(q, 0.0, chi)))
        mine.append(user.flow_map(q, P)(0.0, chi))
    worst = 0.0
    print("component  largest |f|     largest difference (relative)")
    for c in range(n):
        scale = max(abs(r[1][c]) for r in ref) or 1.0
        d = max(abs(f[c] - r[1][c]) for f, r in zip(mine, ref)) / scale
        worst = max(worst, d)
        print("%-10s %-15.6g %.3g%s" % (names[c], scale, d,
                                       "   <- differs" if d > TOL else ""))
    ok = worst <= TOL
    print("check_rhs: %s (largest relative difference %.3g, tolerance %g)"
          % ("agrees" if ok else "DIFFERS", worst, TOL))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
