"""The release zip (make zip): one folder per supported CircuitPython major version, each
the same bytes as make bundle's tree for it, plus README.txt, the player's guide
(docs/PLAYING.md); VERSION names it.  The docs' size figure is the bundle's."""

import os
import re
import zipfile

import pytest

from tools.docs.render import unmarked
from tools.release import bundle
from file_tree import tree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_version_file():
    v = bundle.version()
    assert re.match(r"^\d+\.\d+\.\d+$", v)
    assert bundle.zip_name().endswith(os.path.join("build", "royal-casino-%s.zip" % v))


def test_zip_folders_equal_the_bundle(tmp_path):
    out, z = tmp_path / "CIRCUITPY", tmp_path / "release.zip"
    assert bundle.main(["--out", str(out), "--zip", str(z)]) == 0
    with zipfile.ZipFile(z) as f:
        assert f.testzip() is None
        f.extractall(tmp_path / "unzipped")
    top = tmp_path / "unzipped" / ("royal-casino-%s" % bundle.version())
    names = sorted(os.listdir(top))
    assert names == sorted(["README.txt"] + ["CircuitPython %d.x" % m for m in bundle.MAJORS])
    assert ["CircuitPython 9.x", "CircuitPython 10.x"] == [
        "CircuitPython %d.x" % m for m in bundle.MAJORS
    ]
    for m in bundle.MAJORS:
        want = tree(bundle.tree_dir(str(out), m))
        assert "code.py" in want and bundle.FOLDER + "/sprites/cards.bmp" in want
        assert tree(top / ("CircuitPython %d.x" % m)) == want, m
    readme = (top / "README.txt").read_text(encoding="utf-8")
    assert readme.endswith(unmarked(read("docs", "PLAYING.md")))
    assert bundle.version() in readme.splitlines()[0]
    # a hand copy carries the manifest of what it holds, so make deploy knows those files later
    want = tree(bundle.tree_dir(str(out), 9))
    listed = bundle.read_manifest(str(top / "CircuitPython 9.x" / bundle.MANIFEST))
    assert sorted(listed) == sorted(p for p in want if p != bundle.MANIFEST)
    for rel, h in listed.items():
        assert h == {bundle.digest(want[rel])}, rel


def read(*path):
    with open(os.path.join(ROOT, *path), encoding="utf-8") as f:
        return f.read()


def test_the_guide_names_what_to_copy(tmp_path):
    guide = " ".join(read("docs", "PLAYING.md").split())
    for m in bundle.MAJORS:
        assert '"CircuitPython %d.x"' % m in guide
    out = tmp_path / "CIRCUITPY"
    bundle.build(str(out))
    out = tmp_path / "CIRCUITPY" / "CircuitPython 9.x"
    copy = guide[guide.index("## 2. Copy the game") : guide.index("## 3.")]
    names = os.listdir(out) + os.listdir(out / "lib")
    assert sorted(names) == sorted(
        ["code.py", bundle.MANIFEST, "lib", os.path.basename(bundle.FOLDER)]
    )
    for name in names:
        assert name in copy, name
    # the player's guide, not the maintainers' pages
    assert "pystack" not in guide and "make bundle" not in guide


@pytest.mark.parametrize(
    "point",
    [
        "Unzip",
        "contents, not the folder itself",
        "Replace",
        "Merge",
        "0.75 s",
        "ARCADE-D5",
        "BADGEBOOT",
        "BADGELCBOOT",
        "safe mode",
        "make undeploy",
        "MakeCode",
        "PyBadge LC",
        "EdgeBadge",
        "battery",
        "last Controls page",
        "Reporting a problem",
        "full",
        "saved game is gone",
    ],
)
def test_the_guide_covers_what_a_newcomer_asks(point):
    assert point in " ".join(read("docs", "PLAYING.md").split()), point


def test_the_docs_give_the_bundles_size(tmp_path):
    # each page says how much room the game takes on the drive as "takes about N KB", N the
    # build's size to the nearest KB (make docs writes it: tools/docs/render.py)
    bundle.build(str(tmp_path / "CIRCUITPY"))
    size = bundle.size_of(bundle.tree_dir(str(tmp_path / "CIRCUITPY"), 10))
    for doc in (("README.md",), ("docs", "BOARD.md"), ("docs", "PLAYING.md")):
        text = " ".join(unmarked(read(*doc)).split())
        figures = [int(k) for k in re.findall(r"takes about (\d+) KB", text)]
        assert figures, doc
        for k in figures:
            assert k == (size + 500) // 1000, (doc, k, size)
