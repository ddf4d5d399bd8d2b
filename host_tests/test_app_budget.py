# The code the board runs keeps to the CircuitPython subset: every module of engine/ and lib/
# (all but the host-only platform files) and code.py. The files are found by listing the
# folders, so new modules count. (Its heap, compiles included, is the whole app's figure:
# test_boardbox.py.)
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOST_ONLY = ("lib/platform_host.py", "lib/filenvm.py")
FORBIDDEN = r"\b(itertools|functools|dataclasses|enum|typing|abc|copy)\b\s*(import|$)|" \
            r"^\s*import\s+(itertools|functools|dataclasses|enum|typing|abc|copy)\b|" \
            r"\.(ljust|rjust|zfill|title)\(|__slots__"


def board_files():
    """Relative paths of every .py the board runs: engine/, lib/ less the host-only ones,
    code.py."""
    found = []
    for folder in ("engine", "lib"):
        found += [folder + "/" + f for f in sorted(os.listdir(os.path.join(ROOT, folder)))
                  if f.endswith(".py") and folder + "/" + f not in HOST_ONLY]
    return found + ["code.py"]


def test_board_files_are_found():
    files = board_files()
    assert "engine/state.py" in files and "lib/app.py" in files and "code.py" in files
    assert not set(HOST_ONLY) & set(files)


@pytest.mark.parametrize("path", board_files())
def test_circuitpython_subset(path):
    text = open(os.path.join(ROOT, path)).read()
    for n, line in enumerate(text.split("\n")):
        assert not re.search(FORBIDDEN, line), "%s:%d %s" % (path, n + 1, line)
