"""collide.compare (the library's collide_compare_with) and collide.audit
(the program's `collide audit`: the library has no call for it, so it
runs the program and reads its findings)."""
import ctypes
import os
import re
import shutil
import subprocess
import tempfile

from . import _lib
from ._structs import CompareOptions

COMPARE_OK, COMPARE_BELOW = 0, 1
VERDICT_MET = 100   # COLLIDE_VERDICT_MET of collide_compare_verdict


class Comparison:
    """The outcome of compare: status (0 every column met digits, 1 a row
    of one side only or a column below digits), ok, and report (the text
    collide compare prints)."""

    def __init__(self, status, report):
        self.status, self.report = status, report
        self.ok = status == COMPARE_OK

    def __repr__(self):
        return "Comparison(status=%d)" % self.status


def _libc():
    """The C library, for the FILE streams collide_compare_with writes."""
    libc = ctypes.CDLL(None)
    libc.tmpfile.restype = ctypes.c_void_p
    libc.fflush.argtypes = [ctypes.c_void_p]
    libc.rewind.argtypes = [ctypes.c_void_p]
    libc.fclose.argtypes = [ctypes.c_void_p]
    libc.fread.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t,
                           ctypes.c_void_p]
    libc.fread.restype = ctypes.c_size_t
    return libc


def _read_stream(libc, f):
    """All that was written to the tmpfile f, as text; closes f."""
    libc.fflush(f)
    libc.rewind(f)
    chunks, buf = [], ctypes.create_string_buffer(65536)
    while True:
        n = libc.fread(buf, 1, len(buf), f)
        if n == 0:
            break
        chunks.append(buf.raw[:n])
    libc.fclose(f)
    return b"".join(chunks).decode()


def _as_path(x, tmp, name):
    """A result set's path: x itself, or a Result written into tmp."""
    if hasattr(x, "write") and hasattr(x, "columns"):
        d = os.path.join(tmp, name)
        x.write(d)
        return d
    return os.fspath(x)


def compare(a, b, digits=None):
    """Compares the result set (directory or CSV file, or a Result) a with
    the reference b cell by cell in significant correct digits, as
    `collide compare` does; digits: the least asked of every numeric
    column (None: no threshold). Returns a Comparison; CollideError for
    missing or malformed input (status 3, COLLIDE_E_INPUT), a bad digits
    (2), or out of memory (9)."""
    from . import CollideError
    lib, libc = _lib.load(), _libc()
    o = CompareOptions()
    if lib.collide_compare_options_init(ctypes.byref(o), ctypes.sizeof(o)) != 0:
        raise CollideError(2, "collide_compare_options_init: the size of "
                           "CompareOptions is not one the library knows")
    if digits is not None:
        o.digits = digits
    with tempfile.TemporaryDirectory() as tmp:
        pa, pb = _as_path(a, tmp, "a"), _as_path(b, tmp, "b")
        out = libc.tmpfile()
        if not out:
            raise OSError("tmpfile failed")
        verdict, problems = ctypes.c_int(0), ctypes.create_string_buffer(4096)
        lib.collide_compare_with.restype = ctypes.c_int
        lib.collide_compare_with.argtypes = [
            ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(CompareOptions),
            ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.c_char_p,
            ctypes.c_size_t]
        st = lib.collide_compare_with(pa.encode(), pb.encode(),
                                      ctypes.byref(o), out,
                                      ctypes.byref(verdict), problems,
                                      ctypes.sizeof(problems))
        report = _read_stream(libc, out)
    if st != 0:
        raise CollideError(st, problems.value.decode().strip() or
                           lib.collide_status_text(st).decode())
    return Comparison(COMPARE_OK if verdict.value == VERDICT_MET
                      else COMPARE_BELOW, report)


class Finding:
    """One finding of collide audit: kind (flow, flow set, jump set, reset,
    ledger, time domain, structure, against, ...), row, t, j, component
    (None when the finding names none) and message."""

    def __init__(self, kind, row, t, j, component, message):
        self.kind, self.row, self.t, self.j = kind, row, t, j
        self.component, self.message = component, message

    def __repr__(self):
        return "Finding(%r, row=%d, t=%r, j=%d, component=%r)" % (
            self.kind, self.row, self.t, self.j, self.component)


class Audit:
    """The outcome of audit: status (collide audit's exit status: 0
    nothing violated, 1 findings, 4 undecided), findings (Finding),
    inconclusive (the lines of the checks that could not decide) and
    report (all it printed)."""

    def __init__(self, status, report):
        self.status, self.report = status, report
        self.findings, self.inconclusive = [], []
        for line in report.splitlines():
            f = FINDING.match(line)
            if f:
                self.findings.append(Finding(
                    f.group(1), int(f.group(2)), float(f.group(3)),
                    int(f.group(4)), f.group(5), f.group(6)))
            elif line.startswith("audit: inconclusive"):
                self.inconclusive.append(line)


FINDING = re.compile(r"^audit: finding ([^:]+): row (\d+) t=(\S+) j=(\d+)"
                     r"(?: component (\S+))?: (.*)$")


def program():
    """The collide program: $COLLIDE_EXE, else the build tree's
    build/collide, else collide on PATH."""
    env = os.environ.get("COLLIDE_EXE")
    if env:
        return env
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    exe = os.path.join(root, "build", "collide")
    if os.access(exe, os.X_OK):
        return exe
    exe = shutil.which("collide")
    if exe is None:
        raise FileNotFoundError(
            "the collide program was not found (collide.audit runs it): "
            "build it with `make` (build/collide), put it on PATH, or set "
            "COLLIDE_EXE")
    return exe


def _write_trajectory(traj, path):
    """A NumPy structured array or a pandas DataFrame as a CSV file of
    its columns, each value in the shortest text that reads back to the
    same binary64."""
    names = list(traj.dtype.names) if hasattr(traj, "dtype") and \
        traj.dtype.names else list(traj.columns)
    cols = [traj[n] for n in names]
    with open(path, "w") as f:
        f.write(",".join(names) + "\n")
        for row in zip(*cols):
            f.write(",".join(repr(float(v)) for v in row) + "\n")


def audit(trajectory, scenario, tol=None, set_tol=None, segment=False):
    """Audits a trajectory (a CSV file's path, a NumPy structured array
    or a pandas DataFrame with the columns of collide audit: t, j, q, the
    state, F_e1[, F_e2]) against scenario (a built-in name, a file path
    or a Scenario) with `collide audit`. Returns an Audit; CollideError
    for a usage or input error (statuses 2, 3) or out of memory (9)."""
    from . import CollideError, Scenario
    with tempfile.TemporaryDirectory() as tmp:
        if isinstance(trajectory, (str, os.PathLike)):
            tpath = os.fspath(trajectory)
        else:
            tpath = os.path.join(tmp, "trajectory.csv")
            _write_trajectory(trajectory, tpath)
        if isinstance(scenario, Scenario):
            spath = os.path.join(tmp, "scenario.scn")
            with open(spath, "w") as f:
                f.write(scenario.text())
        else:
            spath = os.fspath(scenario)
        cmd = [program(), "audit", tpath, "--scenario", spath]
        if tol is not None:
            cmd += ["--tol", repr(float(tol))]
        if set_tol is not None:
            cmd += ["--set-tol", repr(float(set_tol))]
        if segment:
            cmd.append("--segment")
        p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode not in (0, 1, 4):
        raise CollideError(p.returncode, p.stderr.strip() or p.stdout.strip())
    return Audit(p.returncode, p.stdout)
