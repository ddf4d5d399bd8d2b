"""The release's bytecode (tools/release/bytecode.py): what CircuitPython's loader takes, and,
where the board VMs are built, every released .mpy imported by CircuitPython's own loader and
compared with CircuitPython's own mpy-cross (docs/BOARD.md, "Bytecode")."""

import os
import subprocess

import pytest

from tools.box import boardvm, mp
from tools.box.run import CHILD_PATH
from tools.release import bundle, bytecode

ROOT = mp.ROOT


@pytest.fixture(scope="module")
def release(tmp_path_factory):
    out = tmp_path_factory.mktemp("release")
    for m in bundle.MAJORS:
        bundle.lay_out(bundle.tree_dir(str(out), m), m)
    return str(out)


def modules(tree):
    """{module name: drive path} of every .mpy of the game in a release tree."""
    out = {}
    top = os.path.join(tree, bundle.FOLDER)
    for d, _, fs in os.walk(top):
        for f in fs:
            if f.endswith(".mpy"):
                rel = os.path.relpath(os.path.join(d, f), top).replace(os.sep, "/")
                out[rel[:-4].replace("/", ".")] = rel
    return out


def test_each_major_has_its_cores_compiler():
    for major, release in bytecode.CORE.items():
        assert "MicroPython v%s " % release in bytecode.version(bytecode.compiler(major))


def test_a_module_is_named_by_its_path_on_the_drive(release):
    from tools.box.pystack import mpy_qstrs

    tree = bundle.tree_dir(release, 10)
    with open(os.path.join(tree, bundle.FOLDER, "engine", "play.mpy"), "rb") as f:
        assert mpy_qstrs(f.read())[0] == bundle.FOLDER + "/engine/play.mpy"
    assert bytecode.source_name("lib/adafruit_thing.py") == "lib/adafruit_thing.mpy"


def test_a_file_not_bytecode_is_refused(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("x = 1\n")
    cross = bytecode.compiler(10)
    assert bytecode.compile_file(cross, str(src), "m.py")[:2] == b"C\x06"
    with pytest.raises(subprocess.CalledProcessError):
        bytecode.compile_file(cross, str(tmp_path / "missing.py"), "m.py")


IMPORT_ALL = r"""
import sys
sys.path.insert(0, "lib/royal_casino")
names = %r
bad = []
for name in names:
    m = __import__(name)
    for part in name.split(".")[1:]:
        m = getattr(m, part)
    if not m.__file__.endswith(".mpy"):
        bad.append(name)
print("imported", len(names), "not from .mpy:", bad)
import screen_error
from engine.state import new_game
from engine.play import play
try:
    play(new_game(2, 1), (51, 9, 0, 0, 0))
except Exception as e:
    print("where:", screen_error.where(e))
"""


def board_vm(vm):
    return pytest.mark.skipif(boardvm.binary(vm) is None, reason="board VM %s not built" % vm)


@pytest.mark.parametrize("vm", [pytest.param(v, marks=board_vm(v)) for v in boardvm.VMS])
def test_the_firmwares_loader_takes_every_released_module(release, vm):
    # CircuitPython's own loader (the board VM of that major) imports every .mpy of the
    # release for it, none from a .py, and a traceback through them names file and function
    major = int(vm[2:])
    tree = bundle.tree_dir(release, major)
    os.symlink(os.path.relpath(os.path.join(ROOT, "tools"), tree), os.path.join(tree, "tools"))
    names = sorted(modules(tree))
    done = mp.execute(
        [boardvm.binary(vm), "-X", "heapsize=1024k", "-c", IMPORT_ALL % names],
        cwd=tree,
        path=CHILD_PATH,
    )
    os.remove(os.path.join(tree, "tools"))
    assert done.returncode == 0, done.stderr
    assert "imported %d not from .mpy: []" % len(names) in done.stdout, done.stdout
    assert len(names) > 40
    assert "where: in play.mpy " in done.stdout, done.stdout


def cp_mpy_cross(vm):
    path = os.path.join(boardvm.vm_dir(), vm, "mpy-cross")
    return path if os.path.isfile(path) else None


@pytest.mark.parametrize(
    "vm",
    [
        pytest.param(
            v,
            marks=pytest.mark.skipif(
                cp_mpy_cross(v) is None, reason="CircuitPython's mpy-cross for %s not built" % v
            ),
        )
        for v in boardvm.VMS
    ],
)
def test_circuitpythons_own_compiler_writes_the_same_bytes(release, vm, tmp_path):
    # docs/BOARD.md, "Bytecode": CircuitPython's own mpy-cross of the same tag, with the same
    # options, writes every module of the release byte for byte
    major = int(vm[2:])
    tree = bundle.tree_dir(release, major)
    differ = []
    for src, dst in bundle.ours():
        if not dst.endswith(".py") or dst == "code.py":
            continue
        out = tmp_path / "m.mpy"
        subprocess.run(
            [cp_mpy_cross(vm), *bytecode.OPTIONS, "-s", bytecode.source_name(dst), "-o", str(out)]
            + [os.path.join(ROOT, src)],
            check=True,
        )
        with open(os.path.join(tree, dst[:-3] + ".mpy"), "rb") as f:
            if out.read_bytes() != f.read():
                differ.append(dst)
    assert differ == []
