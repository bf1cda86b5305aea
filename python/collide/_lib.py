"""Finds libcollide and declares the prototypes of the calls the package
makes (ctypes)."""
import ctypes
import ctypes.util
import glob
import os

from ._structs import CompareOptions, RunOptions

SONAME = "libcollide.so.3"
_lib = None


class LibraryNotFoundError(ImportError):
    """libcollide could not be loaded; the message says where it was
    looked for and how to build or install it."""


def _build_tree_candidates():
    """The shared libraries of the build tree this package sits in
    (python/collide -> ../../build/libcollide.so.VERSION), newest first."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    found = glob.glob(os.path.join(root, "build", "libcollide.so.*.*.*"))
    return sorted(found, key=os.path.getmtime, reverse=True)


def candidates():
    """The paths tried, in order: $COLLIDE_LIB alone when set; else the
    build tree's library, then the installed one."""
    env = os.environ.get("COLLIDE_LIB")
    if env:
        return [env]
    return _build_tree_candidates() + [ctypes.util.find_library("collide")
                                       or SONAME]


def load():
    """The loaded library (once), or LibraryNotFoundError."""
    global _lib
    if _lib is None:
        tried = []
        for path in candidates():
            try:
                lib = ctypes.CDLL(path)
            except OSError as e:
                tried.append("%s (%s)" % (path, e))
                continue
            _declare(lib)
            _lib = lib
            break
        else:
            raise LibraryNotFoundError(
                "libcollide not found; tried: " + "; ".join(tried) +
                ". Build it with `make shared` in the collide source tree "
                "(build/libcollide.so.VERSION, found from there when this "
                "package runs from the tree), install it with `make "
                "install`, or set COLLIDE_LIB to the library's path.")
    return _lib


def _proto(lib, name, restype, *argtypes):
    """Declares one function of lib."""
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)


def _declare(lib):
    """The prototypes of include/collide.h the package calls."""
    vp, cp, i, d = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                    ctypes.c_double)
    sz, dp, pvp = ctypes.c_size_t, ctypes.POINTER(d), ctypes.POINTER(vp)
    P = lambda *a: _proto(lib, *a)  # noqa: E731
    P("collide_version", cp)
    P("collide_status_text", cp, i)
    P("collide_builtin_names", ctypes.POINTER(cp))
    P("collide_builtin_text", cp, cp)
    P("collide_scenario_load", i, cp, pvp, cp, sz)
    P("collide_scenario_parse", i, cp, cp, pvp, cp, sz)
    P("collide_scenario_set", i, vp, cp, cp, cp, sz)
    P("collide_scenario_set_value", i, vp, cp, d, cp, sz)
    P("collide_scenario_set_many", i, vp, i, ctypes.POINTER(cp),
      ctypes.POINTER(cp), cp, sz)
    P("collide_scenario_copy", i, vp, pvp, cp, sz)
    P("collide_scenario_text", cp, vp, cp)
    P("collide_scenario_value", d, vp, cp)
    P("collide_scenario_entry", i, vp, i, ctypes.POINTER(cp),
      ctypes.POINTER(cp), ctypes.POINTER(i))
    P("collide_scenario_source", cp, vp)
    P("collide_scenario_free", None, vp)
    P("collide_run_options_init", i, ctypes.POINTER(RunOptions), sz)
    P("collide_run", i, vp, ctypes.POINTER(RunOptions), pvp, cp, sz)
    P("collide_result_status", i, vp)
    P("collide_result_diagnosis", cp, vp)
    P("collide_result_precision", ctypes.c_long, vp)
    P("collide_result_rows", i, vp, i)
    P("collide_result_columns", i, vp, i)
    P("collide_result_column_name", cp, vp, i, i)
    P("collide_result_text", cp, vp, i, i, i)
    P("collide_result_value", d, vp, i, i, i)
    P("collide_result_digits", d, vp, i, i, i)
    P("collide_result_check_report", cp, vp)
    P("collide_result_stat", d, vp, i)
    P("collide_result_write", i, vp, cp, cp, sz)
    P("collide_result_free", None, vp)
    P("collide_compare_options_init", i, ctypes.POINTER(CompareOptions), sz)
    P("collide_model_make", i, vp, pvp)
    P("collide_model_free", None, vp)
    P("collide_model_system", i, vp)
    P("collide_model_dimension", i, vp)
    P("collide_model_component_name", cp, vp, i)
    P("collide_model_parameters", i, vp)
    P("collide_model_parameter_name", cp, vp, i)
    P("collide_model_parameter", d, vp, i)
    P("collide_model_set_parameter", i, vp, i, d, cp, sz)
    P("collide_model_initial_state", None, vp, dp)
    P("collide_model_flow", i, vp, i, d, dp, dp)
    P("collide_model_phi", d, vp, dp)
    P("collide_model_storage", d, vp, dp)
    P("collide_model_in_flow_set", i, i, d, d, d)
    P("collide_model_in_jump_set", i, i, d, d, d)
    P("collide_model_reset", i, vp, i, dp, dp)
