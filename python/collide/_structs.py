"""The C structures of include/collide.h that Python fills, as ctypes
structures. Their field lists follow the header's declarations in
order; python/tests/test_layout.py checks the names against the header
and compiles a program with it that prints the size and offset of each
field, and fails when these differ, so that a change of the header
cannot go unnoticed."""
import ctypes

WATCH = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_long,
                         ctypes.POINTER(ctypes.c_int))
CANCEL = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)
ENGINE_BINARY64, ENGINE_MPFR = 0, 1   # collide_engine


class RunOptions(ctypes.Structure):
    """collide_run_options (collide_run_options_init gives the defaults)."""
    _fields_ = [
        ("struct_size", ctypes.c_size_t),
        ("engine", ctypes.c_int),
        ("precision", ctypes.c_long),
        ("digits", ctypes.c_double),
        ("check", ctypes.c_int),
        ("sample_at", ctypes.POINTER(ctypes.c_double)),
        ("n_sample_at", ctypes.c_int),
        ("progress", ctypes.c_int),
        ("watch", WATCH),
        ("watch_ctx", ctypes.c_void_p),
        ("partial", ctypes.c_int),
        ("tables", ctypes.c_uint),
        ("cancel", CANCEL),
        ("cancel_ctx", ctypes.c_void_p),
    ]


class CompareOptions(ctypes.Structure):
    """collide_compare_options (collide_compare_options_init: defaults)."""
    _fields_ = [
        ("struct_size", ctypes.c_size_t),
        ("digits", ctypes.c_double),
        ("scd_csv", ctypes.c_char_p),
    ]


# the C name of each structure above, for the layout test
C_NAMES = {RunOptions: "collide_run_options",
           CompareOptions: "collide_compare_options"}
