# The code the board runs keeps to the CircuitPython subset: every module of engine/ and lib/,
# and code.py; none of it imports a host program of tools/. The files are the bundle's, found by
# listing the folders, so new modules count. (Its heap, compiles included, is the whole app's figure:
# test_boardbox.py.)
import os
import re

import pytest

import bench  # tools/ is on sys.path (conftest)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORBIDDEN = r"\b(itertools|functools|dataclasses|enum|typing|abc|copy)\b\s*(import|$)|" \
            r"^\s*import\s+(itertools|functools|dataclasses|enum|typing|abc|copy)\b|" \
            r"\.(ljust|rjust|zfill|title)\(|__slots__"


def board_files():
    """Relative paths of every .py the board runs (the bundle's): engine/, lib/, code.py."""
    return sorted(src for paths in bench.board_files().values() for src, _ in paths)


def test_board_files_are_found():
    files = board_files()
    assert "engine/state.py" in files and "lib/app.py" in files and "code.py" in files


def tools_modules():
    return sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "tools")) if f.endswith(".py"))


def imported(text):
    # the top-level module names a source imports
    names = set(re.findall(r"^\s*from\s+(\w+)", text, re.M))
    for listed in re.findall(r"^\s*import\s+([\w., ]+)", text, re.M):
        names.update(part.split()[0].split(".")[0] for part in listed.split(",") if part.strip())
    return names | set(re.findall(r"__import__\(\"(\w+)", text))


def test_the_board_imports_no_host_program():
    host = set(tools_modules())
    assert {"platform_host", "filenvm", "bundle"} <= host
    assert imported("import gfx\nfrom platform_host import Scripted\n") & host == {"platform_host"}
    assert imported("import engine.play, filenvm as f\n__import__(\"bundle\")") == {"engine", "filenvm", "bundle"}
    for path in board_files():
        with open(os.path.join(ROOT, path)) as f:
            assert not imported(f.read()) & host, path


@pytest.mark.parametrize("path", board_files())
def test_circuitpython_subset(path):
    text = open(os.path.join(ROOT, path)).read()
    for n, line in enumerate(text.split("\n")):
        assert not re.search(FORBIDDEN, line), "%s:%d %s" % (path, n + 1, line)
