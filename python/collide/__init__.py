"""collide from Python: the shared library libcollide through ctypes.

    import collide
    r = collide.run("study1", precision=128, check=True)
    r.collisions["e"]           # NumPy structured array, one row a collision
    r.text("collisions")        # the decimal text of each cell
    r.digits("collisions")      # the checked significant digits

The library is found from $COLLIDE_LIB, else from the build tree this
package sits in (make shared), else the installed libcollide.so.3.
Errors are CollideError (.status, .message: collide's status and its
one-line message). Units: each array's dtype.metadata["units"] (column
-> unit, from the library's collide_result_column_unit), r.units(table);
doc/python.md is the package's manual.
"""
import ctypes
import math

from . import _lib
from ._lib import LibraryNotFoundError
from ._structs import ENGINE_BINARY64, ENGINE_MPFR, RunOptions
from .tools import Audit, Comparison, Finding, audit, compare  # noqa: E402
from . import results as _results
from .results import ResultSet, read_set  # noqa: E402

__all__ = ["CollideError", "LibraryNotFoundError", "Scenario", "Result",
           "Model", "run", "builtin_names", "version", "flow_set",
           "jump_set", "TABLES", "compare", "audit", "Comparison", "Audit",
           "Finding", "ResultSet", "read_set"]

# collide_table: the tables of a result, by name
TABLES = {"collisions": 0, "events": 1, "ledger": 2, "samples": 3,
          "final_contact": 4}
# collide_stat: the counters of a run, by name
STATS = ("steps", "steps_rejected", "rhs_evaluations", "events",
         "switching_stops", "taylor_order", "pieces", "holds",
         "cpu_seconds", "digits", "end_time", "tail_start",
         "tail_switching_stops", "initial_c_and_d", "undecided_touches")
ERRLEN = 1024
RUN_SETTINGS = ("rtol", "atol", "h_max", "t_tol", "graze_tol",
                "zeno_events", "zeno_window", "samples", "max_steps")


class CollideError(Exception):
    """A call of libcollide failed: status (collide_status) and message
    (its err buffer, or the status's text when it wrote none)."""

    def __init__(self, status, message):
        self.status = status
        self.message = message
        super().__init__("collide: %s (status %d)" % (message, status))


def _check(status, err, what=""):
    """Raises CollideError when status is not COLLIDE_OK."""
    if status != 0:
        msg = err.value.decode() if err is not None else ""
        if not msg:
            msg = _lib.load().collide_status_text(status).decode()
        raise CollideError(status, (what + ": " if what else "") + msg)


def version():
    """The version of the loaded library."""
    return _lib.load().collide_version().decode()


def builtin_names():
    """The names of the built-in scenarios."""
    names, p = [], _lib.load().collide_builtin_names()
    k = 0
    while p[k] is not None:
        names.append(p[k].decode())
        k += 1
    return names


def _is_number(text):
    """text reads as a number (nan and inf included)."""
    try:
        float(text)
        return True
    except ValueError:
        return False


def _value_text(v):
    """The decimal text of a keyword value (float: shortest round trip)."""
    if isinstance(v, float):
        return repr(v)
    return str(v)


class Scenario:
    """A validated scenario: from a built-in name, a file path, the text
    of a scenario file (any str holding a newline or '='), or another
    Scenario (copied), with keyword arguments replacing or adding its
    entries (law parameters, masses, materials, the initial state, forces,
    T and the run settings) all at once through collide_scenario_set_many,
    checked together as a scenario file's lines are:
    collide.Scenario("study1", c=5000, v0=-0.25) runs as the text of study
    1 with those two lines would, with no scenario text written per
    point."""

    def __init__(self, source, **entries):
        lib = _lib.load()
        self._lib = lib
        self._p = ctypes.c_void_p()
        err = ctypes.create_string_buffer(ERRLEN)
        if isinstance(source, Scenario):
            st = lib.collide_scenario_copy(source._p, ctypes.byref(self._p),
                                           err, ERRLEN)
        elif "\n" in source or "=" in source:
            st = lib.collide_scenario_parse(source.encode(), b"(text)",
                                            ctypes.byref(self._p), err, ERRLEN)
        else:
            st = lib.collide_scenario_load(source.encode(),
                                           ctypes.byref(self._p), err, ERRLEN)
        _check(st, err)
        if entries:
            self.set_many(entries)

    def set(self, key, value):
        """Replaces (or adds) the entry key by value (a number, written as
        its shortest decimal text, or a str), checked as a scenario file's
        line is; CollideError (COLLIDE_E_INPUT, naming the key, the value
        and the allowed range) leaves the scenario as it was."""
        err = ctypes.create_string_buffer(ERRLEN)
        _check(self._lib.collide_scenario_set(self._p, key.encode(),
                                              _value_text(value).encode(),
                                              err, ERRLEN), err)

    def set_many(self, entries):
        """Replaces (or adds) every entry of the dict entries at once,
        their values checked together as one text giving them all would be
        (collide_scenario_set_many); CollideError leaves the scenario as it
        was."""
        n = len(entries)
        keys = (ctypes.c_char_p * n)(*[k.encode() for k in entries])
        values = (ctypes.c_char_p * n)(*[_value_text(v).encode()
                                         for v in entries.values()])
        err = ctypes.create_string_buffer(ERRLEN)
        _check(self._lib.collide_scenario_set_many(self._p, n, keys, values,
                                                   err, ERRLEN), err)

    def entries(self):
        """[(key, decimal text, line)] in the order of the text, then the
        defaults (line 0)."""
        key, text, line = ctypes.c_char_p(), ctypes.c_char_p(), ctypes.c_int()
        out, i = [], 0
        while self._lib.collide_scenario_entry(self._p, i, ctypes.byref(key),
                                               ctypes.byref(text),
                                               ctypes.byref(line)):
            out.append((key.value.decode(), text.value.decode(), line.value))
            i += 1
        return out

    def text(self, replace=None):
        """A scenario text of its entries (those of replace in their place
        or added)."""
        replace = dict(replace or {})
        lines = []
        for k, t, _ in self.entries():
            if k in replace:
                t = _value_text(replace.pop(k))
            lines.append("%s = %s" % (k, t))
        lines += ["%s = %s" % (k, _value_text(v)) for k, v in replace.items()]
        return "\n".join(lines) + "\n"

    def __getitem__(self, key):
        """The decimal text of an entry (KeyError when absent)."""
        t = self._lib.collide_scenario_text(self._p, key.encode())
        if t is None:
            raise KeyError(key)
        return t.decode()

    @property
    def source(self):
        """The file path or "builtin:NAME" (or "(text)")."""
        return self._lib.collide_scenario_source(self._p).decode()

    def _free(self):
        if self._p:
            self._lib.collide_scenario_free(self._p)
            self._p = ctypes.c_void_p()

    def __del__(self):
        if getattr(self, "_p", None):
            self._free()


class Result:
    """The result of collide_run: status, diagnosis, precision, the tables
    as NumPy structured arrays (float64 columns named as the CSV files';
    a cell that is not a number, e.g. an event's transition, is NaN there
    and in text()), their decimal text and checked digits."""

    def __init__(self, lib, p):
        self._lib, self._p = lib, p

    status = property(lambda s: s._lib.collide_result_status(s._p))
    precision = property(lambda s: s._lib.collide_result_precision(s._p))

    @property
    def diagnosis(self):
        d = self._lib.collide_result_diagnosis(self._p)
        return d.decode() if d else ""

    @property
    def check_report(self):
        """The report of a checked run (as collide compare prints it)."""
        d = self._lib.collide_result_check_report(self._p)
        return d.decode() if d else ""

    def columns(self, table):
        """The column names of table (a name of TABLES)."""
        t = TABLES[table]
        n = self._lib.collide_result_columns(self._p, t)
        return [self._lib.collide_result_column_name(self._p, t, c).decode()
                for c in range(n)]

    def rows(self, table):
        return self._lib.collide_result_rows(self._p, TABLES[table])

    def _cells(self, table, get):
        t, cols = TABLES[table], self.columns(table)
        return cols, [[get(self._p, t, r, c) for c in range(len(cols))]
                      for r in range(self.rows(table))]

    def array(self, table):
        """The table as a NumPy structured array: a numeric column as
        float64 (binary64: each cell's decimal text correctly rounded), a
        column with a cell that is not a number (an event's transition,
        the ledger's scope "total") as the cells' text (dtype object)."""
        import numpy as np
        cols, values = self._cells(table, self._lib.collide_result_value)
        texts = None
        kinds = []
        for c in range(len(cols)):
            if any(math.isnan(r[c]) for r in values):
                if texts is None:
                    texts = self._cells(table, self._lib.collide_result_text)[1]
                if any(not _is_number(r[c].decode()) for r in texts):
                    kinds.append(object)
                    for r, t in zip(values, texts):
                        r[c] = t[c].decode()
                    continue
            kinds.append(np.float64)
        dt = np.dtype(list(zip(cols, kinds)))
        arr = np.array([tuple(r) for r in values], dtype=dt)
        return _results.with_units(arr, *self._units(table))

    def _units(self, table):
        return _results.column_units(self._p, TABLES[table])

    def units(self, table):
        """{column: unit} of table (SI; "1" a pure number, an index or a
        flag; "" a text column), from the library."""
        return self._units(table)[0]

    def equations(self, table):
        """{column: the paper's equation defining it, "" where none}."""
        return self._units(table)[1]

    @property
    def trajectory(self):
        """The trajectory table of a binary64 run (trajectory.csv of its
        result set), a structured array with units."""
        return _results.trajectory(self)

    @property
    def summary(self):
        """The summary of the run as `collide run --json` prints it, a
        dict (numbers as decimal.Decimal: every digit kept)."""
        return _results.summary(self._p)

    def text(self, table):
        """The decimal text of each cell (all the digits of a high
        precision run), a structured array of Python str (dtype object)."""
        import numpy as np
        cols, cells = self._cells(table, self._lib.collide_result_text)
        dt = np.dtype([(c, object) for c in cols])
        return np.array([tuple(x.decode() for x in r) for r in cells], dtype=dt)

    def digits(self, table):
        """The checked significant correct digits of each cell (NaN where
        the run was not checked)."""
        import numpy as np
        cols, cells = self._cells(table, self._lib.collide_result_digits)
        dt = np.dtype([(c, np.float64) for c in cols])
        return np.array([tuple(r) for r in cells], dtype=dt)

    def dataframe(self, table):
        """The table as a pandas DataFrame (needs pandas), its units in
        df.attrs["units"]."""
        return _results.dataframe(self.array(table) if table != "trajectory"
                                  else self.trajectory)

    collisions = property(lambda s: s.array("collisions"))
    events = property(lambda s: s.array("events"))
    ledger = property(lambda s: s.array("ledger"))
    samples = property(lambda s: s.array("samples"))
    final_contact = property(lambda s: s.array("final_contact"))

    @property
    def stats(self):
        """The counters of the run (NaN where the engine has none)."""
        return {name: self._lib.collide_result_stat(self._p, k)
                for k, name in enumerate(STATS)}

    def write(self, directory):
        """Writes the CSV result set into directory."""
        err = ctypes.create_string_buffer(ERRLEN)
        _check(self._lib.collide_result_write(self._p, directory.encode(),
                                              err, ERRLEN), err)

    def __del__(self):
        if getattr(self, "_p", None):
            self._lib.collide_result_free(self._p)
            self._p = None


def run(scenario, precision=53, digits=None, check=False, sample_at=None,
        partial=False, raise_on_failure=True, **entries):
    """Runs a scenario (a Scenario, or what Scenario() takes, with its
    keyword entries) at precision bits (53: binary64) and returns its
    Result. A run whose status is not COLLIDE_OK raises CollideError
    (the diagnosis as message, the result as .result) unless
    raise_on_failure is False."""
    lib = _lib.load()
    s = scenario if isinstance(scenario, Scenario) and not entries \
        else Scenario(scenario, **entries)
    o = RunOptions()
    if lib.collide_run_options_init(ctypes.byref(o), ctypes.sizeof(o)) != 0:
        raise CollideError(2, "collide_run_options_init: the size of "
                           "RunOptions is not one the library knows")
    o.engine = ENGINE_MPFR if precision > 53 else ENGINE_BINARY64
    o.precision = precision
    o.digits = math.nan if digits is None else digits
    o.check = 1 if check else 0
    o.partial = 1 if partial else 0
    if sample_at is not None:
        at = (ctypes.c_double * len(sample_at))(*sample_at)
        o.sample_at = ctypes.cast(at, ctypes.POINTER(ctypes.c_double))
        o.n_sample_at = len(sample_at)
    out = ctypes.c_void_p()
    err = ctypes.create_string_buffer(ERRLEN)
    st = lib.collide_run(s._p, ctypes.byref(o), ctypes.byref(out), err, ERRLEN)
    if not out:
        _check(st if st else 9, err)
    r = Result(lib, out)
    r.scenario = s   # the Scenario run, kept as long as its result
    if st != 0 and raise_on_failure:
        e = CollideError(st, r.diagnosis or err.value.decode()
                         or lib.collide_status_text(st).decode())
        e.result = r
        raise e
    return r


def _doubles(values, n):
    """A C array of n doubles from values (length checked)."""
    values = [float(v) for v in values]
    if len(values) != n:
        raise ValueError("chi has %d components, the model %d"
                         % (len(values), n))
    return (ctypes.c_double * n)(*values)


class Model:
    """The hybrid system of a scenario evaluated in binary64 by the
    engine's own functions (collide_model_*): for checking another
    code's right-hand side, sets, reset and energy. The state chi is a
    sequence of dimension floats (components()), the mode q 0 apart, 1 in
    contact."""

    def __init__(self, scenario, **entries):
        lib = _lib.load()
        self._lib = lib
        s = scenario if isinstance(scenario, Scenario) and not entries \
            else Scenario(scenario, **entries)
        self._p = ctypes.c_void_p()
        _check(lib.collide_model_make(s._p, ctypes.byref(self._p)), None)
        self.dimension = lib.collide_model_dimension(self._p)
        self.system = "H_f" if lib.collide_model_system(self._p) == 1 \
            else "H_r"

    def components(self):
        """The names of the components of chi (x, v, x_c, z_c, ...)."""
        return [self._lib.collide_model_component_name(self._p, c).decode()
                for c in range(self.dimension)]

    def parameters(self):
        """{name: value} of the parameters a fit may vary."""
        lib = self._lib
        return {lib.collide_model_parameter_name(self._p, i).decode():
                lib.collide_model_parameter(self._p, i)
                for i in range(lib.collide_model_parameters(self._p))}

    def set_parameter(self, i, value):
        """Sets parameter i (CollideError outside the law's domain)."""
        err = ctypes.create_string_buffer(ERRLEN)
        _check(self._lib.collide_model_set_parameter(self._p, i, value, err,
                                                     ERRLEN), err)

    def initial_state(self):
        chi = (ctypes.c_double * self.dimension)()
        self._lib.collide_model_initial_state(self._p, chi)
        return list(chi)

    def flow(self, q, t, chi):
        """dchi/dt of mode q at (t, chi): Eqs. (74), (81)."""
        n = self.dimension
        dchi = (ctypes.c_double * n)()
        _check(self._lib.collide_model_flow(self._p, q, t, _doubles(chi, n),
                                            dchi), None, "flow (q = %d)" % q)
        return list(dchi)

    def phi(self, chi):
        """The contact force Phi of the law at chi."""
        return self._lib.collide_model_phi(self._p,
                                           _doubles(chi, self.dimension))

    def storage(self, chi):
        """The storage function V at chi (Eqs. 91, 94)."""
        return self._lib.collide_model_storage(self._p,
                                               _doubles(chi, self.dimension))

    def reset(self, q, chi):
        """The jump map from mode q (Eqs. 75, 82): (the new mode 1 - q,
        chi+ with x_c and z_c set to 0). ValueError for q not 0 or 1."""
        n = self.dimension
        plus = (ctypes.c_double * n)()
        q_plus = self._lib.collide_model_reset(self._p, q, _doubles(chi, n),
                                               plus)
        if q_plus < 0:
            raise ValueError("reset: q = %r is not a mode (0 or 1)" % (q,))
        return q_plus, list(plus)

    def flow_set(self, q, x, v, phi):
        return flow_set(q, x, v, phi)

    def jump_set(self, q, x, v, phi):
        return jump_set(q, x, v, phi)

    def __del__(self):
        if getattr(self, "_p", None):
            self._lib.collide_model_free(self._p)
            self._p = None


def _set_member(name, answer, q, x, v, phi):
    """The answer 1 / 0 of collide_model_in_flow_set or
    collide_model_in_jump_set as a bool; ValueError for -1 (q not 0 or
    1: False; x, v or Phi not finite: not a state)."""
    if answer < 0:
        raise ValueError("%s: (q, x, v, phi) = (%r, %r, %r, %r) is not a "
                         "state: x, v and phi must be finite"
                         % (name, q, x, v, phi))
    return bool(answer)


def flow_set(q, x, v, phi):
    """True when (q, x, v, Phi) is in the flow set C (Eq. 77)."""
    return _set_member("flow_set",
                       _lib.load().collide_model_in_flow_set(q, x, v, phi),
                       q, x, v, phi)


def jump_set(q, x, v, phi):
    """True when (q, x, v, Phi) is in the jump set D (Eq. 78)."""
    return _set_member("jump_set",
                       _lib.load().collide_model_in_jump_set(q, x, v, phi),
                       q, x, v, phi)
