"""The studies' tables through the package equal the command line's CSV
files to the last bit: binary64 values (float() of each cell), and in
high precision the decimal text of each cell as well."""
import csv
import math
import subprocess

import pytest

import collide

STUDIES = ["study1", "study2", "study3-shccl", "study3-bwshccl",
           "study3-bwmcl"]


def cli_table(exe, tmp_path, name, table, *options):
    """(header, rows of text) of DIR/table.csv of `collide run name
    --csv DIR options`."""
    d = tmp_path / ("%s-%s" % (name, "-".join(options) or "b64"))
    if not d.exists():
        subprocess.run([exe, "run", name, "--quiet", "--csv", str(d)]
                       + list(options), check=True)
    with open(d / (table + ".csv"), newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def same_bits(a, b):
    """a and b the same binary64 (NaN equal to NaN)."""
    return (math.isnan(a) and math.isnan(b)) or \
        (a == b and math.copysign(1, a) == math.copysign(1, b))


def assert_table_equal(r, table, header, rows, text=False):
    assert r.columns(table) == header
    arr = r.array(table)
    assert len(arr) == len(rows) > 0
    txt = r.text(table) if text else None
    for i, row in enumerate(rows):
        for c, cell in enumerate(row):
            if isinstance(arr[i][c], str):
                assert arr[i][c] == cell, (table, i, header[c])
            else:
                assert same_bits(float(arr[i][c]), float(cell)), \
                    (table, i, header[c], arr[i][c], cell)
            if text:
                assert txt[i][c] == cell, (table, i, header[c])


@pytest.mark.parametrize("name", STUDIES)
def test_binary64_collisions_equal_command_line(name, collide_exe, tmp_path):
    r = collide.run(name)
    assert r.precision == 53
    for table in ("collisions", "ledger"):
        header, rows = cli_table(collide_exe, tmp_path, name, table)
        assert_table_equal(r, table, header, rows)


@pytest.mark.parametrize("name", STUDIES)
def test_128_bits_collisions_equal_command_line(name, collide_exe, tmp_path):
    r = collide.run(name, precision=128)
    assert r.precision == 128
    header, rows = cli_table(collide_exe, tmp_path, name, "collisions",
                             "--precision", "128")
    assert_table_equal(r, "collisions", header, rows, text=True)


def test_checked_run_has_digits(collide_exe, tmp_path):
    r = collide.run("study1", precision=128, check=True)
    d = r.digits("collisions")
    assert len(d) == len(r.collisions) > 0
    assert min(d["e"]) >= r.stats["digits"]
    assert "e" in r.check_report


def test_dataframe_when_pandas():
    pandas = pytest.importorskip("pandas")
    df = collide.run("study1").dataframe("collisions")
    assert isinstance(df, pandas.DataFrame) and list(df.columns)[:2] == \
        ["i", "t_e"]


def test_sample_at_and_keyword_entries():
    r = collide.run("study1", sample_at=[0.125], samples=0)
    assert 0.125 in list(r.samples["t"])
    assert 0.125 not in list(collide.run("study1", samples=0).samples["t"])
    s = collide.Scenario("study1", R1=0.03)
    assert s["R1"] == "0.03" and collide.Scenario(s.text())["R1"] == "0.03"


def test_keyword_entries_checked_together():
    """The keywords are set at once (collide_scenario_set_many): t_tol =
    8e-16 s needs T >= 0.8 s (t_tol <= 1e-15 T), refused alone under
    study 1's T = 0.5 s, accepted with T = 1 s whatever their order; a
    refused pair leaves the scenario as it was."""
    with pytest.raises(collide.CollideError):
        collide.Scenario("study1", t_tol=8e-16)
    s = collide.Scenario("study1", t_tol=8e-16, T=1)
    assert s["T"] == "1" and s["t_tol"] == "8e-16"
    with pytest.raises(collide.CollideError):
        s.set_many({"c": 6000, "v0": -5000})
    assert s["c"] == "4.400e3"


def test_keyword_entries_set_through_the_library():
    """A law parameter and the initial state given as keywords are set on
    the scenario (collide_scenario_set): the run equals, to the text of
    every cell, the run of the scenario text that holds them."""
    text = collide.Scenario("study1").text({"c": 5000, "v0": -0.25})
    a = collide.run("study1", c=5000, v0=-0.25)
    b = collide.run(text)
    for table in ("collisions", "events", "ledger"):
        assert a.text(table).tolist() == b.text(table).tolist()
    assert len(a.collisions) > 0
    assert list(a.collisions["e"]) != \
        list(collide.run("study1").collisions["e"])
    s = collide.Scenario("study1", c=5000)
    c = collide.Scenario(s, v0=-0.25)
    assert s["v0"] == "0" and c["v0"] == "-0.25" and c["c"] == "5000"
