"""tools/bundle.py --deploy against fake CIRCUITPY folders: the board check, free space,
only changed files, code.py last, nothing of the player's touched."""
import os
import subprocess
import sys
from collections import namedtuple

import pytest

import bundle
from file_tree import tree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYGAMER = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyGamer with samd51j19\nBoard ID:pygamer\n"
PYBADGE10 = "Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyBadge with samd51j19\nBoard ID:pybadge\n"


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    out = tmp_path_factory.mktemp("bundle") / "CIRCUITPY"
    bundle.build(str(out))
    return str(out)


def drive(tmp_path, boot=PYGAMER):
    d = tmp_path / "CIRCUITPY"
    d.mkdir()
    if boot is not None:
        (d / "boot_out.txt").write_text(boot)
    return d


def test_supported_board_copies_then_nothing(build, tmp_path, capsys):
    d = drive(tmp_path)
    (d / "settings.toml").write_text("mine\n")
    (d / "lib").mkdir()
    (d / "lib" / "neopixel.mpy").write_bytes(b"not ours")
    assert bundle.deploy(str(d), build) == 0
    got = tree(d)
    for rel, data in tree(build).items():
        assert got[rel] == data, rel
    assert got["settings.toml"] == b"mine\n" and got["lib/neopixel.mpy"] == b"not ours"
    assert "Adafruit PyGamer" in capsys.readouterr().out
    # the second deploy copies nothing
    copied = []
    orig = bundle.copy_file
    bundle.copy_file = lambda s, t: copied.append(t) or orig(s, t)
    try:
        assert bundle.deploy(str(d), build) == 0
    finally:
        bundle.copy_file = orig
    assert copied == []
    assert "nothing to copy" in capsys.readouterr().out


def test_only_changed_files_and_code_py_last(build, tmp_path, monkeypatch):
    d = drive(tmp_path, PYBADGE10)
    assert bundle.deploy(str(d), build) == 0
    (d / "engine" / "cards.py").write_text("# stale\n")
    (d / "code.py").write_text("# stale\n")
    copied = []
    monkeypatch.setattr(bundle, "copy_file", lambda s, t: copied.append(os.path.relpath(t, d)) or
                        bundle.shutil.copyfile(s, t))
    assert bundle.deploy(str(d), build) == 0
    assert copied == [os.path.join("engine", "cards.py"), "code.py"]


def test_first_deploy_copies_code_py_last(build, tmp_path, monkeypatch):
    d = drive(tmp_path)
    copied = []
    monkeypatch.setattr(bundle, "copy_file", lambda s, t: copied.append(os.path.relpath(t, d)) or
                        bundle.shutil.copyfile(s, t))
    bundle.deploy(str(d), build)
    assert copied[-1] == "code.py" and len(copied) == len(tree(build))


@pytest.mark.parametrize("boot, found", [
    ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit Feather M4 Express with samd51j19\n",
     "Adafruit Feather M4 Express"),
    ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyGamer Advance M4 with samd51j20\n",
     "Adafruit PyGamer Advance M4"),
    ("Adafruit CircuitPython 8.2.10 on 2024-02-14; Adafruit PyBadge with samd51j19\n", "CircuitPython 8"),
    ("Adafruit CircuitPython 11.0.0 on 2027-01-01; Adafruit EdgeBadge with samd51j19\n", "CircuitPython 11"),
    ("hello\n", "hello"),
])
def test_unsupported_refused(build, tmp_path, boot, found):
    d = drive(tmp_path, boot)
    with pytest.raises(SystemExit) as e:
        bundle.deploy(str(d), build)
    msg = str(e.value.code)
    assert found in msg and "PyGamer" in msg and "9.x and 10.x" in msg
    assert sorted(os.listdir(d)) == ["boot_out.txt"]


def test_missing_boot_out_refused(build, tmp_path):
    d = drive(tmp_path, None)
    with pytest.raises(SystemExit) as e:
        bundle.deploy(str(d), build)
    assert "boot_out.txt" in str(e.value.code)
    assert os.listdir(d) == []


def test_no_space_refused(build, tmp_path, monkeypatch):
    d = drive(tmp_path)
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(bundle.shutil, "disk_usage", lambda p: usage(2 << 20, (2 << 20) - 10000, 10000))
    with pytest.raises(SystemExit) as e:
        bundle.deploy(str(d), build)
    assert "not enough room" in str(e.value.code) and "10000 free" in str(e.value.code)
    assert os.listdir(d) == ["boot_out.txt"]


def test_exit_status_and_message_from_the_command(tmp_path):
    d = drive(tmp_path, "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit CLUE nRF52840 Express with nRF52840\n")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bundle.py"), "--out",
                        str(tmp_path / "build"), "--deploy", str(d)], capture_output=True, text=True)
    assert r.returncode != 0
    assert "Adafruit CLUE nRF52840 Express" in r.stderr and "PyBadge" in r.stderr


def test_finds_the_drive(tmp_path):
    media = tmp_path / "media" / "me"
    (media / "CIRCUITPY").mkdir(parents=True)
    other = tmp_path / "mnt" / "my board" / "CIRCUITPY"
    other.mkdir(parents=True)
    mounts = tmp_path / "mounts"
    mounts.write_text("/dev/sda1 / ext4 rw 0 0\n/dev/sdb1 %s vfat rw 0 0\n"
                      % str(other).replace(" ", "\\040"))
    roots = (str(tmp_path / "media" / "{user}"), str(tmp_path / "nowhere"))
    assert bundle.find_drives("me", str(mounts), roots) == [str(media / "CIRCUITPY"), str(other)]
    assert bundle.find_drives("you", str(tmp_path / "none"), roots) == []
    # one mounted drive found by itself is used
    mounts.write_text("/dev/sdb1 %s vfat rw 0 0\n" % str(media / "CIRCUITPY"))
    assert bundle.find_drives("me", str(mounts), roots) == [str(media / "CIRCUITPY")]


def test_deploy_without_a_path_uses_the_one_drive_found(build, tmp_path, monkeypatch):
    d = drive(tmp_path)
    monkeypatch.setattr(bundle, "find_drives", lambda: [str(d)])
    assert bundle.deploy("", build) == 0
    assert (d / "code.py").exists()
    monkeypatch.setattr(bundle, "find_drives", lambda: [])
    with pytest.raises(SystemExit) as e:
        bundle.deploy("", build)
    assert "no mounted CIRCUITPY drive" in str(e.value.code)
    monkeypatch.setattr(bundle, "find_drives", lambda: [str(d), str(tmp_path / "x")])
    with pytest.raises(SystemExit) as e:
        bundle.deploy("", build)
    assert "more than one" in str(e.value.code)
