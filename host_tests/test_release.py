"""The release zip (make zip): one folder per supported CircuitPython major version, each
the same bytes as make bundle's build/CIRCUITPY, plus README.txt; VERSION names it."""
import os
import re
import zipfile

import bundle
from file_tree import tree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_version_file():
    v = bundle.version()
    assert re.match(r"^\d+\.\d+\.\d+$", v)
    assert bundle.zip_name().endswith(os.path.join("build", "royal-casino-%s.zip" % v))


def test_zip_folders_equal_the_bundle(tmp_path):
    out, z = tmp_path / "CIRCUITPY", tmp_path / "release.zip"
    assert bundle.main(["--out", str(out), "--zip", str(z)]) == 0
    want = tree(out)
    assert "code.py" in want and "sprites/cards.bmp" in want
    with zipfile.ZipFile(z) as f:
        assert f.testzip() is None
        f.extractall(tmp_path / "unzipped")
    top = tmp_path / "unzipped" / ("royal-casino-%s" % bundle.version())
    names = sorted(os.listdir(top))
    assert names == sorted(["README.txt"] + ["CircuitPython %d.x" % m for m in bundle.MAJORS])
    assert ["CircuitPython 9.x", "CircuitPython 10.x"] == ["CircuitPython %d.x" % m for m in bundle.MAJORS]
    for m in bundle.MAJORS:
        assert tree(top / ("CircuitPython %d.x" % m)) == want, m
    readme = (top / "README.txt").read_text()
    with open(os.path.join(ROOT, "docs", "BOARD.md")) as f:
        assert readme.endswith(f.read())
    assert bundle.version() in readme.splitlines()[0]


def test_zip_is_reproducible(tmp_path):
    out = tmp_path / "CIRCUITPY"
    bundle.build(str(out))
    a = bundle.make_zip(str(out), str(tmp_path / "a.zip"))
    b = bundle.make_zip(str(out), str(tmp_path / "b.zip"))
    assert open(a, "rb").read() == open(b, "rb").read()
