"""Units, the trajectory table, the summary and result sets read from disk
(collide/results.py): the units are the library's (collide_result_column_unit)
and equal those of the meta.json the same result writes; the trajectory
equals the command line's trajectory.csv to the last bit; the summary
equals `collide run --json`; a shipped set reads back cell for cell."""
import csv
import decimal
import json
import math
import os
import subprocess

import pytest

import collide

from conftest import ROOT
from test_studies import same_bits


def meta_units(directory, table):
    with open(os.path.join(directory, "meta.json")) as f:
        meta = json.load(f)
    cols = meta["tables"][table + ".csv"]["columns"]
    return ({c["name"]: c["unit"] for c in cols},
            {c["name"]: c["equation"] or "" for c in cols})


@pytest.mark.parametrize("precision", [53, 128])
def test_units_are_those_of_meta_json(precision, tmp_path):
    r = collide.run("study1", precision=precision)
    r.write(str(tmp_path / "set"))
    for table in ("collisions", "events", "ledger", "samples"):
        units, eqs = meta_units(str(tmp_path / "set"), table)
        assert r.units(table) == units, table
        assert r.equations(table) == eqs, table
        meta = r.array(table).dtype.metadata
        assert meta["units"] == units and meta["equations"] == eqs, table
    assert r.units("collisions")["t_e"] == "s"
    assert r.equations("collisions")["t_e"] == "Eq. (193)"
    assert r.units("collisions")["Fc_max"] == "N"
    assert r.units("final_contact") == r.units("collisions")


def test_trajectory_equals_command_line(collide_exe, tmp_path):
    d = tmp_path / "cli"
    subprocess.run([collide_exe, "run", "study1", "--quiet", "--csv", str(d)],
                   check=True)
    with open(d / "trajectory.csv", newline="") as f:
        rows = list(csv.reader(f))
    t = collide.run("study1").trajectory
    assert list(t.dtype.names) == rows[0]
    assert len(t) == len(rows) - 1 > 0
    for i, row in enumerate(rows[1:]):
        for c, cell in enumerate(row):
            assert same_bits(float(t[i][c]), float(cell)), (i, rows[0][c])
    units, _ = meta_units(str(d), "trajectory")
    assert t.dtype.metadata["units"] == units
    assert units["F_e1"] == "N" and units["x"] == "m"


def test_no_trajectory_at_high_precision():
    r = collide.run("hertz", precision=64, samples=11)
    with pytest.raises(collide.CollideError) as e:
        r.trajectory
    assert e.value.status == 2 and "64 bits" in e.value.message


@pytest.mark.parametrize("options", [[], ["--precision", "64", "--digits",
                                          "8", "--check", "--samples", "11"]])
def test_summary_equals_run_json(options, collide_exe):
    out = subprocess.run([collide_exe, "run", "hertz", "--json"] + options,
                         check=True, capture_output=True, text=True).stdout
    cli = json.loads(out, parse_float=decimal.Decimal)
    precision = 64 if options else 53
    r = collide.run("hertz", precision=precision, digits=8 if options else
                    None, check=bool(options), samples=11 if options else 200)
    s = r.summary
    # the source differs: the package passes the scenario's text
    for k in ("collisions", "final_contact", "ledger", "statistics",
              "status", "check", "options", "program"):
        assert s[k] == cli[k], k
    assert isinstance(s["collisions"]["rows"][0]["t_e"], decimal.Decimal)


def test_shipped_set_reads_back():
    d = os.path.join(ROOT, "reference_data", "study1")
    s = collide.read_set(d)
    assert s.tables() == ["collisions", "events", "ledger", "samples"]
    with open(os.path.join(d, "collisions.csv"), newline="") as f:
        rows = list(csv.reader(f))
    text, arr = s.text("collisions"), s.collisions
    assert list(arr.dtype.names) == rows[0] and len(arr) == len(rows) - 1
    for i, row in enumerate(rows[1:]):
        for c, cell in enumerate(row):
            assert text[i][c] == cell
            v = arr[i][c]
            assert (math.isinf(v) and cell.endswith("inf")) or \
                v == float(cell), (i, rows[0][c])
    assert arr.dtype.metadata["units"] == meta_units(d, "collisions")[0]
    assert s.ledger["scope"][-1] == "total"     # a text column: object
    assert s.meta["options"]["digits_asked"] == 25


def test_read_set_errors(tmp_path):
    with pytest.raises(collide.CollideError) as e:
        collide.read_set(str(tmp_path / "none"))
    assert e.value.status == 2 and "meta.json" in e.value.message
    d = os.path.join(ROOT, "reference_data", "hertz")
    with pytest.raises(collide.CollideError) as e:
        collide.read_set(d).array("trajectory")
    assert e.value.status == 2 and "collisions, events" in e.value.message


def test_dataframes_carry_units():
    pandas = pytest.importorskip("pandas")
    r = collide.run("study1")
    df = r.dataframe("collisions")
    assert isinstance(df, pandas.DataFrame)
    assert df.attrs["units"]["W"] == "J"
    assert r.dataframe("trajectory").attrs["units"]["t"] == "s"
    s = collide.read_set(os.path.join(ROOT, "reference_data", "hertz"))
    assert s.dataframe("samples").attrs["units"]["F_c"] == "N"


def test_audit_of_the_own_trajectory_finds_nothing():
    r = collide.run("study1")
    a = collide.audit(r.trajectory, "study1")
    assert a.status == 0 and a.findings == []
    c = collide.compare(r, os.path.join(ROOT, "reference_data", "study1"),
                        digits=8)
    assert c.status == 1 and "--samples 101" in c.report
