"""The model calls against values by hand: the Hertz law of the built-in
`hertz` (H_r, k = 1e9, p = 1.5, c = 0, m = 1, no applied force):
Phi = k |x_c|^p sign(x_c)... as the law defines it for an indentation
x_c < 0, V = m v^2 / 2 + k |x_c|^(p+1) / (p+1)."""
import math

import pytest

import collide

K, P, M = 1e9, 1.5, 1.0
XC, V = -1e-5, 0.1


def close(a, b):
    return math.isclose(a, b, rel_tol=4e-16, abs_tol=0.0)


@pytest.fixture(scope="module")
def hertz():
    return collide.Model("hertz")


def test_components_and_parameters(hertz):
    assert hertz.system == "H_r" and hertz.dimension == 3
    assert hertz.components() == ["x", "v", "x_c"]
    assert hertz.parameters() == {"m": 1.0, "k": 1e9, "p": 1.5, "c": 0.0}


def test_phi(hertz):
    assert close(hertz.phi([XC, V, XC]), -K * abs(XC) ** P)


def test_storage(hertz):
    want = M * V * V / 2 + K * abs(XC) ** (P + 1) / (P + 1)
    assert close(hertz.storage([XC, V, XC]), want)


def test_flow_in_contact_and_apart(hertz):
    f = hertz.flow(1, 0.0, [XC, V, XC])
    assert f[0] == V and f[2] == V and close(f[1], K * abs(XC) ** P / M)
    assert hertz.flow(0, 0.0, [0.01, -1.0, 0.0]) == [-1.0, 0.0, 0.0]
    with pytest.raises(collide.CollideError) as e:
        hertz.flow(2, 0.0, [0.01, -1.0, 0.0])
    assert e.value.status == 2


def test_reset_zeroes_indentation(hertz):
    assert hertz.reset(1, [0.0, 0.2, -3e-6]) == (0, [0.0, 0.2, 0.0])
    with pytest.raises(ValueError):
        hertz.reset(5, [0.0, 0.2, 0.0])


def test_sets():
    # apart and closing at the touch: in D; apart, far: in C, not in D
    assert collide.jump_set(0, 0.0, -1.0, 0.0)
    assert collide.flow_set(0, 0.01, -1.0, 0.0)
    assert not collide.jump_set(0, 0.01, -1.0, 0.0)
    with pytest.raises(ValueError):
        collide.flow_set(0, float("nan"), 0.0, 0.0)


def test_initial_state(hertz):
    assert hertz.initial_state() == [0.01, -1.0, 0.0]


def test_shape_checked(hertz):
    with pytest.raises(ValueError):
        hertz.phi([0.0, 0.0])
