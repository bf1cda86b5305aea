"""The units of the tables, the summary of a run, result sets read from
disk and the trajectory table (doc/python.md).

Every unit comes from the library: collide_result_column_unit for the
tables of a Result, meta.json (written by the library into every result
set) for a set read from disk. A structured array carries them in its
dtype's metadata, ``arr.dtype.metadata["units"]`` (column name -> unit:
SI, "1" for a pure number, an index or a flag, "" for a text column) and
``["equations"]`` (column name -> the paper's equation, "" where none);
a DataFrame in ``df.attrs["units"]`` and ``df.attrs["equations"]``.
"""
import ctypes
import json
import math
import os
import tempfile

from . import _lib

E_USAGE = 2   # COLLIDE_E_USAGE
ERRLEN = 1024
NON_FINITE = {"inf": math.inf, "-inf": -math.inf, "nan": math.nan}
SET_TABLES = ("collisions", "events", "ledger", "samples", "trajectory")


def _lib_with_results():
    """The library with the prototypes of the calls of this module."""
    lib = _lib.load()
    if not getattr(lib, "_results_declared", False):
        vp, cp, i, sz = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                         ctypes.c_size_t)
        protos = {
            "collide_result_column_unit": (cp, [vp, i, i,
                                                ctypes.POINTER(cp)]),
            "collide_result_json": (i, [vp, vp, cp, sz]),
            "collide_csv_load": (i, [cp, ctypes.POINTER(vp), cp, sz]),
            "collide_csv_rows": (i, [vp]),
            "collide_csv_columns": (i, [vp]),
            "collide_csv_column_name": (cp, [vp, i]),
            "collide_csv_cell": (cp, [vp, i, i]),
            "collide_csv_number": (i, [vp, i, i, ctypes.POINTER(
                ctypes.c_double), cp, sz]),
            "collide_csv_free": (None, [vp]),
        }
        for name, (res, args) in protos.items():
            f = getattr(lib, name)
            f.restype, f.argtypes = res, args
        lib._results_declared = True
    return lib


def _error(status, message):
    from . import CollideError
    return CollideError(status, message)


def column_units(result, table_index):
    """({column: unit}, {column: equation}) of table table_index of the
    collide_result pointer result, from collide_result_column_unit."""
    lib = _lib_with_results()
    units, eqs = {}, {}
    for c in range(lib.collide_result_columns(result, table_index)):
        name = lib.collide_result_column_name(result, table_index, c).decode()
        eq = ctypes.c_char_p()
        unit = lib.collide_result_column_unit(result, table_index, c,
                                              ctypes.byref(eq))
        units[name] = unit.decode()
        eqs[name] = eq.value.decode()
    return units, eqs


def with_units(arr, units, equations):
    """arr with units and equations in its dtype's metadata."""
    import numpy as np
    dt = np.dtype(arr.dtype, metadata={"units": dict(units),
                                       "equations": dict(equations)})
    return arr.view(dt)


def dataframe(arr):
    """The structured array arr as a pandas DataFrame (needs pandas), its
    dtype's units and equations in df.attrs."""
    import pandas
    df = pandas.DataFrame(arr)
    meta = arr.dtype.metadata or {}
    df.attrs["units"] = dict(meta.get("units", {}))
    df.attrs["equations"] = dict(meta.get("equations", {}))
    return df


def summary(result):
    """The summary of the run (collide_result_json, what `collide run
    --json` prints) as a dict; the numbers as decimal.Decimal, so that
    every digit of a high-precision run is kept."""
    import decimal
    from .tools import _libc, _read_stream
    lib, libc = _lib_with_results(), _libc()
    f = libc.tmpfile()
    if not f:
        raise OSError("tmpfile failed")
    err = ctypes.create_string_buffer(ERRLEN)
    st = lib.collide_result_json(result, f, err, ERRLEN)
    text = _read_stream(libc, f)
    if st != 0:
        raise _error(st, err.value.decode())
    return json.loads(text, parse_float=decimal.Decimal)


def _read_csv(path):
    """(columns, rows of text, rows of values) of the CSV file at path, read
    by the library (collide_csv_load, collide_csv_number): a value is the
    cell read as a number, inf and nan as they are written, None for a
    cell that is not a number."""
    lib = _lib_with_results()
    c, err = ctypes.c_void_p(), ctypes.create_string_buffer(ERRLEN)
    st = lib.collide_csv_load(os.fsencode(path), ctypes.byref(c), err, ERRLEN)
    if st != 0:
        raise _error(st, err.value.decode())
    try:
        ncols, nrows = lib.collide_csv_columns(c), lib.collide_csv_rows(c)
        cols = [lib.collide_csv_column_name(c, k).decode()
                for k in range(ncols)]
        texts, values, v = [], [], ctypes.c_double()
        for r in range(nrows):
            trow, vrow = [], []
            for k in range(ncols):
                t = lib.collide_csv_cell(c, r, k).decode()
                trow.append(t)
                if t in NON_FINITE:
                    vrow.append(NON_FINITE[t])
                elif lib.collide_csv_number(c, r, k, ctypes.byref(v),
                                            None, 0) == 0:
                    vrow.append(v.value)
                else:
                    vrow.append(None)
            texts.append(trow)
            values.append(vrow)
        return cols, texts, values
    finally:
        lib.collide_csv_free(c)


def _structured(cols, texts, values):
    """A structured array: float64 columns, and a column with a cell that
    is not a number as text (dtype object)."""
    import numpy as np
    kinds = []
    for k in range(len(cols)):
        numeric = all(r[k] is not None for r in values)
        kinds.append(np.float64 if numeric else object)
    rows = [tuple(v[k] if kinds[k] is np.float64 else t[k]
                  for k in range(len(cols)))
            for t, v in zip(texts, values)]
    return np.array(rows, dtype=np.dtype(list(zip(cols, kinds))))


class ResultSet:
    """A result set on disk (a directory that `collide run --csv` or
    collide.Result.write wrote): meta (its meta.json as a dict), its tables
    as structured arrays with units (collisions, events, ledger, samples,
    trajectory when the set has it), text(table) (each cell's decimal
    text, every digit of a high-precision set), units(table),
    equations(table) and dataframe(table)."""

    def __init__(self, directory):
        self.directory = os.fspath(directory)
        path = os.path.join(self.directory, "meta.json")
        try:
            with open(path) as f:
                self.meta = json.load(f)
        except OSError as e:
            raise _error(E_USAGE, "%s: %s (not a result set of collide "
                         "0.1 or later)" % (path, e.strerror)) from None
        self._read = {}

    def tables(self):
        """The names of the set's tables ("collisions", ...)."""
        return [t[:-4] for t in self.meta["tables"]]

    def _columns_of(self, table):
        try:
            return self.meta["tables"][table + ".csv"]["columns"]
        except KeyError:
            raise _error(E_USAGE, "%s has no table %s; it has %s" % (
                self.directory, table, ", ".join(self.tables()))) from None

    def units(self, table):
        """{column: unit} of table, from meta.json."""
        return {c["name"]: c["unit"] for c in self._columns_of(table)}

    def equations(self, table):
        """{column: the paper's equation, "" where none} of table."""
        return {c["name"]: c["equation"] or "" for c in self._columns_of(table)}

    def _csv(self, table):
        if table not in self._read:
            self._columns_of(table)
            self._read[table] = _read_csv(
                os.path.join(self.directory, table + ".csv"))
        return self._read[table]

    def array(self, table):
        """Table as a structured array, units in its dtype's metadata."""
        arr = _structured(*self._csv(table))
        return with_units(arr, self.units(table), self.equations(table))

    def text(self, table):
        """Each cell's decimal text, a structured array of str (object)."""
        import numpy as np
        cols, texts, _ = self._csv(table)
        dt = np.dtype([(c, object) for c in cols])
        return np.array([tuple(r) for r in texts], dtype=dt)

    def dataframe(self, table):
        """Table as a pandas DataFrame (needs pandas), units in
        df.attrs["units"]."""
        return dataframe(self.array(table))

    collisions = property(lambda s: s.array("collisions"))
    events = property(lambda s: s.array("events"))
    ledger = property(lambda s: s.array("ledger"))
    samples = property(lambda s: s.array("samples"))
    trajectory = property(lambda s: s.array("trajectory"))


def read_set(directory):
    """The result set in directory (a ResultSet)."""
    return ResultSet(directory)


def trajectory(result):
    """The trajectory table of a binary64 Result (trajectory.csv of its
    result set: the state, F_e1 and F_e2 at the samples), a structured
    array with units. The set is written into a temporary directory and
    read back; a high-precision set has no trajectory table (CollideError,
    status 2)."""
    with tempfile.TemporaryDirectory() as tmp:
        d = os.path.join(tmp, "set")
        result.write(d)
        s = ResultSet(d)
        if "trajectory" not in s.tables():
            raise _error(E_USAGE, "a run at %d bits has no trajectory table "
                         "(binary64 runs have one)" % result.precision)
        return s.array("trajectory")
