"""collide.compare over the library, collide.audit over the program."""
import os
import subprocess
import sys

import numpy as np
import pytest

import collide

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "examples")
SCN = os.path.join(EXAMPLES, "ball_bwmcl.scn")


def test_compare_a_run_with_itself_and_a_looser_one():
    r = collide.run("study1")
    same = collide.compare(r, r, digits=15)
    assert same.ok and same.status == 0 and "compare:" in same.report
    loose = collide.compare(collide.run("study1", rtol=1e-6), r, digits=10)
    assert loose.status == 1 and not loose.ok
    assert "below --digits 10" in loose.report


def test_compare_missing_input_raises():
    with pytest.raises(collide.CollideError) as e:
        collide.compare("no-such-dir", "no-such-dir-either")
    assert e.value.status == 3 and "no-such-dir" in e.value.message


def exported(tmp_path, bug=None):
    """examples/export_trajectory.py's trajectory (SciPy) as a file."""
    pytest.importorskip("scipy")
    out = tmp_path / ("traj-%s.csv" % (bug or "ok"))
    subprocess.run([sys.executable, os.path.join(EXAMPLES,
                                                 "export_trajectory.py"),
                    str(out)] + (["--bug", bug] if bug else []),
                   check=True, capture_output=True)
    return out


def test_audit_clean_trajectory_as_array(tmp_path):
    traj = np.genfromtxt(exported(tmp_path), delimiter=",", names=True)
    a = collide.audit(traj, SCN)
    assert a.status == 0 and a.findings == []
    assert "audit: 0 findings" in a.report


def test_audit_finds_missing_reset(tmp_path):
    a = collide.audit(exported(tmp_path, "no-reset"), collide.Scenario(SCN))
    assert a.status == 1 and a.findings
    assert {f.kind for f in a.findings} == {"reset"}
    f = a.findings[0]
    assert f.component in ("z_c1", "z_c2") and f.j > 0 and f.row > 0


def test_audit_bad_input_raises(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("t,j\n0,0\n")
    with pytest.raises(collide.CollideError) as e:
        collide.audit(bad, SCN)
    assert e.value.status == 3
