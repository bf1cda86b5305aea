"""collide's failures as Python exceptions."""
import os
import subprocess
import sys

import pytest

import collide


def test_bad_value_names_key_and_range():
    with pytest.raises(collide.CollideError) as e:
        collide.Scenario("study1", rtol=2)
    assert e.value.status == 3
    assert e.value.message == \
        "rtol = 2 is outside the allowed range: rtol in [1e-15, 1)"


def test_bad_text_names_line():
    with pytest.raises(collide.CollideError) as e:
        collide.Scenario("system = Hr\nlaw = nosuchlaw\n")
    assert e.value.status == 3
    assert "nosuchlaw" in e.value.message


def test_unknown_scenario():
    with pytest.raises(collide.CollideError) as e:
        collide.run("no-such-study")
    assert e.value.status == 3 and "no-such-study" in e.value.message


def test_bad_precision_is_usage():
    with pytest.raises(collide.CollideError) as e:
        collide.run("study1", precision=20)
    assert e.value.status == 2 and "precision" in e.value.message


def test_library_not_found_says_how_to_build():
    env = dict(os.environ, COLLIDE_LIB="/nonexistent/libcollide.so.0")
    code = ("import collide\n"
            "try:\n    collide.version()\n"
            "except collide.LibraryNotFoundError as e:\n"
            "    print('LNF', e)\n")
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                         capture_output=True, text=True,
                         cwd=os.path.dirname(os.path.dirname(
                             os.path.abspath(__file__)))).stdout
    assert out.startswith("LNF libcollide not found")
    assert "make shared" in out and "COLLIDE_LIB" in out


def test_failed_run_carries_result():
    with pytest.raises(collide.CollideError) as e:
        collide.run("study1", max_steps=10)
    assert e.value.status not in (0, 2, 3)
    assert e.value.result.status == e.value.status
    assert e.value.message == e.value.result.diagnosis


def test_check_rhs_without_library_says_how_to_build():
    """examples/check_rhs.py once died with a raw OSError here."""
    pytest.importorskip("scipy")
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    p = subprocess.run([sys.executable,
                        os.path.join(root, "examples", "check_rhs.py"),
                        "--lib", "/nonexistent/libcollide.so.0"],
                       capture_output=True, text=True)
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert p.stderr.startswith("check_rhs: libcollide not found")
    assert "make shared" in p.stderr


def test_bad_law_parameter_names_key_value_and_range():
    s = collide.Scenario("study1")
    with pytest.raises(collide.CollideError) as e:
        s.set("c", -1)
    assert e.value.status == 3
    assert "c = -1 is outside the allowed range" in e.value.message
    assert s["c"] == "4.400e3"
    with pytest.raises(collide.CollideError) as e:
        collide.Scenario("study1", v0=-5000)
    assert "v0 = -5000" in e.value.message and "proof domain" in e.value.message
