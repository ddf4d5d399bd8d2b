# The code the board runs keeps to the CircuitPython subset: every module of engine/ and lib/,
# and code.py (that none of it imports a host program of tools/: test_imports.py). The files are
# the bundle's, found by listing the folders, so new modules count. (Its heap, compiles included,
# is the whole app's figure: test_boardbox.py.)
import os
import re

import pytest

from tools.release import files as drive

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORBIDDEN = (
    r"\b(itertools|functools|dataclasses|enum|typing|abc|copy)\b\s*(import|$)|"
    r"^\s*import\s+(itertools|functools|dataclasses|enum|typing|abc|copy)\b|"
    r"\.(ljust|rjust|zfill|title)\(|__slots__"
)


def board_files():
    """Relative paths of every .py the board runs (the bundle's): engine/, lib/, code.py."""
    return sorted(src for paths in drive.by_folder().values() for src, _ in paths)


def test_board_files_are_found():
    files = board_files()
    assert "engine/state.py" in files and "lib/app.py" in files and "code.py" in files


@pytest.mark.parametrize("path", board_files())
def test_circuitpython_subset(path):
    text = open(os.path.join(ROOT, path)).read()
    for n, line in enumerate(text.split("\n")):
        assert not re.search(FORBIDDEN, line), "%s:%d %s" % (path, n + 1, line)
