# Budgets for the code the board runs (DESIGN.md): every module of engine/ and lib/ (all but the
# host-only platform files) and code.py compiles from .py in a 28 KB MicroPython heap, and keeps
# to the CircuitPython subset. The files are found by listing the folders, so new modules count.
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
HOST_ONLY = ("lib/platform_host.py", "lib/filenvm.py")
FORBIDDEN = r"\b(itertools|functools|dataclasses|enum|typing|abc|copy)\b\s*(import|$)|" \
            r"^\s*import\s+(itertools|functools|dataclasses|enum|typing|abc|copy)\b|" \
            r"\.(ljust|rjust|zfill|title)\(|__slots__"
# modules being split (issue 9); the mark goes once they compile in 28k
SPLITTING = set()


def board_files():
    """Relative paths of every .py the board runs: engine/, lib/ less the host-only ones,
    code.py."""
    found = []
    for folder in ("engine", "lib"):
        found += [folder + "/" + f for f in sorted(os.listdir(os.path.join(ROOT, folder)))
                  if f.endswith(".py") and folder + "/" + f not in HOST_ONLY]
    return found + ["code.py"]


def _marked(path):
    if path in SPLITTING:
        return pytest.param(path, marks=pytest.mark.xfail(
            strict=False, reason="issue 9: split in progress"))
    return path


def test_board_files_are_found():
    files = board_files()
    assert "engine/state.py" in files and "lib/app.py" in files and "code.py" in files
    assert not set(HOST_ONLY) & set(files)


@pytest.mark.skipif(not os.path.exists(MICROPYTHON), reason="no micropython")
@pytest.mark.parametrize("path", [_marked(p) for p in board_files()])
def test_compiles_in_28k(path):
    # relative file name, run from the root: the name is on the heap too
    code = "compile(open(%r).read(), %r, 'exec')" % (path, path)
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=28k", "-c", code], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("path", board_files())
def test_circuitpython_subset(path):
    text = open(os.path.join(ROOT, path)).read()
    for n, line in enumerate(text.split("\n")):
        assert not re.search(FORBIDDEN, line), "%s:%d %s" % (path, n + 1, line)
