"""Where the tests find the program of the build tree (the command line
whose results the package must reproduce) and the header."""
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))   # the package of this tree


@pytest.fixture(scope="session")
def collide_exe():
    """build/collide (or $COLLIDE_EXE)."""
    exe = os.environ.get("COLLIDE_EXE", os.path.join(ROOT, "build", "collide"))
    if not os.access(exe, os.X_OK):
        pytest.fail("%s not built: run make all" % exe)
    return exe


@pytest.fixture(scope="session")
def header():
    """include/collide.h of this tree."""
    return os.path.join(ROOT, "include", "collide.h")
