"""tools/release/bundle.py --deploy against fake CIRCUITPY folders: the board check, free space,
only changed files, code.py last; the drive's own files (not in the manifest with the bytes
they have) stop it unless forced, and are then backed up on the drive first."""

import os
import re
import shutil
import subprocess
import sys
from collections import namedtuple
from pathlib import Path

import pytest

from tools.release import bundle
from file_tree import tree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAME = bundle.FOLDER + "/"  # the game's folder on the drive
# boot_out.txt as CircuitPython writes it (main.c): MICROPY_FULL_VERSION_INFO, "Adafruit
# CircuitPython <tag> on <build date>; <MICROPY_HW_BOARD_NAME> with <MICROPY_HW_MCU_NAME>"
# (py/makeversionhdr.py), then "Board ID:<build>", then "UID:" and the chip's 16 bytes in hex
# (the UIDs here are made up). A real PyBadge's first two lines (issue 48):
PYBADGE_9 = (
    "Adafruit CircuitPython 9.2.8 on 2025-05-28; Adafruit Pybadge with samd51j19\n"
    "Board ID:pybadge\n"
)
# The others from the firmware's sources at the tag named: the names of
# ports/atmel-samd/boards/pygamer/ and pybadge/mpconfigboard.h, and for the date the tag's
# commit date (the build writes the day it was built; 9.2.8's tag and the real board agree).
PYGAMER_9 = (
    "Adafruit CircuitPython 9.2.9 on 2025-09-07; Adafruit PyGamer with samd51j19\n"
    "Board ID:pygamer\n"
)
PYGAMER_10 = (
    "Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyGamer with samd51j19\n"
    "Board ID:pygamer\n"
)
PYBADGE_10 = (
    "Adafruit CircuitPython 10.2.1 on 2026-05-12; Adafruit Pybadge with samd51j19\n"
    "Board ID:pybadge\n"
)
UID = "UID:3A1F0D2C53534B4C4A20312EFF0F1C27\n"
PYGAMER = PYGAMER_9 + UID


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    out = tmp_path_factory.mktemp("bundle") / "CIRCUITPY"
    bundle.build(str(out))
    return str(out)


def tree_of(build, major=9):
    # the files of the build's tree for a CircuitPython major
    return tree(bundle.tree_dir(build, major))


def drive(tmp_path, boot=PYGAMER):
    d = tmp_path / "CIRCUITPY"
    d.mkdir(parents=True)
    if boot is not None:
        (d / "boot_out.txt").write_text(boot)
    return d


@pytest.mark.parametrize(
    "boot, held",
    [
        (PYBADGE_9, "PyBadge, PyBadge LC or EdgeBadge"),
        (PYBADGE_10 + UID, "PyBadge, PyBadge LC or EdgeBadge"),
        (PYGAMER_9 + UID, "PyGamer"),
        (PYGAMER_10, "PyGamer"),
    ],
)
def test_each_board_as_its_firmware_names_it(build, tmp_path, capsys, boot, held):
    d = drive(tmp_path, boot)
    assert bundle.deploy(str(d), build) == 0
    assert tree(d)["code.py"] == tree_of(build)["code.py"]
    name, version = boot.split("; ")[1].split(" with ")[0], boot.split()[2]
    assert (
        "found %s (a %s) with CircuitPython %s" % (name, held, version) in capsys.readouterr().out
    )


def test_supported_board_copies_then_nothing(build, tmp_path, capsys):
    d = drive(tmp_path)
    (d / "settings.toml").write_text("mine\n")
    (d / "lib").mkdir()
    (d / "lib" / "neopixel.mpy").write_bytes(b"not ours")
    assert bundle.deploy(str(d), build) == 0
    got = tree(d)
    for rel, data in tree_of(build).items():
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


def changed_build(build, tmp_path, edits, name="build2"):
    # a copy of the build with some files rewritten in each major's tree (None: removed), its
    # manifests made again
    out = tmp_path / name
    shutil.copytree(build, out)
    for m in bundle.MAJORS:
        here = bundle.tree_dir(str(out), m)
        for rel, data in edits.items():
            if data is None:
                os.remove(os.path.join(here, rel))
            else:
                with open(os.path.join(here, rel), "wb") as f:
                    f.write(data)
        bundle.write_manifest(here)
    return str(out)


def test_only_changed_files_and_code_py_last(build, tmp_path, monkeypatch):
    d = drive(tmp_path, PYBADGE_10 + UID)
    assert bundle.deploy(str(d), build) == 0
    new = changed_build(
        build, tmp_path, {GAME + "engine/cards.mpy": b"# new\n", "code.py": b"# new\n"}
    )
    copied = []
    monkeypatch.setattr(
        bundle,
        "copy_file",
        lambda s, t: copied.append(os.path.relpath(t, d)) or bundle.shutil.copyfile(s, t),
    )
    assert bundle.deploy(str(d), new) == 0
    assert copied == [os.path.join(*(GAME + "engine/cards.mpy").split("/")), "code.py"]
    assert tree(d)[bundle.MANIFEST] == tree_of(new)[bundle.MANIFEST]


def test_first_deploy_copies_code_py_last(build, tmp_path, monkeypatch):
    d = drive(tmp_path)
    copied = []
    monkeypatch.setattr(
        bundle,
        "copy_file",
        lambda s, t: copied.append(os.path.relpath(t, d)) or bundle.shutil.copyfile(s, t),
    )
    bundle.deploy(str(d), build)
    # every file of the build but the manifest, which the deploy writes itself
    assert copied[-1] == "code.py" and len(copied) == len(tree_of(build)) - 1
    assert tree(d)[bundle.MANIFEST] == tree_of(build)[bundle.MANIFEST]


def another_project_on(d):
    # another project's modules, under names the game's modules have too, at the drive's root
    # (which the board's sys.path searches before /lib) and in lib/, and its other files
    (d / "lib").mkdir(exist_ok=True)
    (d / "gfx.py").write_text("# another project's gfx\n")
    (d / "lib" / "app.py").write_text("# another project's app\n")
    (d / "lib" / "menu.py").write_text("# another project's menu\n")
    (d / "lib" / "neopixel.mpy").write_bytes(b"not ours, not in our way")
    (d / "settings.toml").write_text("mine\n")


def theirs_on(d):
    # that project, its code.py, and a file where the game puts one of its own
    another_project_on(d)
    (d / "code.py").write_text("print('my weather station')\n")
    (d / GAME).mkdir(parents=True)
    (d / GAME / "menu.mpy").write_text("# a file put in the game's folder by hand\n")


def test_another_projects_modules_stay(build, tmp_path):
    d = drive(tmp_path)
    another_project_on(d)
    before = tree(d)
    assert bundle.deploy(str(d), build) == 0
    got = tree(d)
    for rel in ("gfx.py", "lib/app.py", "lib/menu.py", "lib/neopixel.mpy", "settings.toml"):
        assert got[rel] == before[rel], rel
    for rel, data in tree_of(build).items():
        assert got[rel] == data, rel
    # nothing of the game's but code.py and its list outside its folder
    assert sorted(set(got) - set(before) - set(p for p in got if p.startswith(GAME))) == [
        "code.py",
        bundle.MANIFEST,
    ]


def test_the_drives_own_files_stop_it(build, tmp_path):
    d = drive(tmp_path)
    theirs_on(d)
    before = tree(d)
    with pytest.raises(SystemExit) as e:
        bundle.deploy(str(d), build)
    msg = str(e.value.code)
    assert "nothing copied" in msg and "FORCE=1" in msg and "--force" in msg
    named = [ln.split()[0] for ln in msg.splitlines() if ln.startswith("  ")]
    assert named == [GAME + "menu.mpy", "code.py"]
    assert "2 files" in msg and "no %s" % bundle.MANIFEST in msg
    assert tree(d) == before


def test_forced_backs_up_the_drives_own_files_first(build, tmp_path, capsys):
    d = drive(tmp_path)
    theirs_on(d)
    before = tree(d)
    assert bundle.deploy(str(d), build, force=True) == 0
    got = tree(d)
    for rel, data in tree_of(build).items():
        assert got[rel] == data, rel
    kept = [p for p in os.listdir(d) if p.startswith("royal-casino-backup-")]
    assert len(kept) == 1
    assert tree(d / kept[0]) == {
        "code.py": before["code.py"],
        GAME + "menu.mpy": before[GAME + "menu.mpy"],
    }
    for rel in ("gfx.py", "lib/app.py", "lib/menu.py", "lib/neopixel.mpy", "settings.toml"):
        assert got[rel] == before[rel], rel
    assert str(d / kept[0]) in capsys.readouterr().out
    # the backup is not the game's: the next deploy leaves it alone and copies nothing
    assert bundle.deploy(str(d), build) == 0
    assert "nothing to copy" in capsys.readouterr().out


def test_a_file_of_ours_edited_on_the_drive_is_the_drives(build, tmp_path):
    d = drive(tmp_path)
    assert bundle.deploy(str(d), build) == 0
    (d / GAME / "menu.mpy").write_text("# my own change\n")
    new = changed_build(
        build, tmp_path, {GAME + "engine/cards.mpy": b"# new\n", GAME + "menu.mpy": b"# new menu\n"}
    )
    with pytest.raises(SystemExit) as e:
        bundle.deploy(str(d), new)
    msg = str(e.value.code)
    assert "  %smenu.mpy (changed on the drive" % GAME in msg and "engine/cards.mpy" not in msg
    assert (d / GAME / "menu.mpy").read_text() == "# my own change\n"


def test_circuitpythons_sample_code_py_is_replaced_without_asking(build, tmp_path):
    for i, sample in enumerate(bundle.SAMPLE_CODE):
        d = drive(tmp_path / str(i))
        (d / "code.py").write_bytes(sample)
        assert bundle.deploy(str(d), build) == 0
        assert tree(d)["code.py"] == tree_of(build)["code.py"]
        assert not [p for p in os.listdir(d) if p.startswith("royal-casino-backup-")]
    assert b'print("Hello World!")\n' in bundle.SAMPLE_CODE


def test_files_the_game_dropped_are_removed_only_if_unchanged(build, tmp_path, capsys):
    d = drive(tmp_path)
    old = changed_build(
        build, tmp_path, {"lib/old_a.py": b"# a\n", "lib/old_b.py": b"# b\n"}, "old"
    )
    assert bundle.deploy(str(d), old) == 0
    (d / "lib" / "old_b.py").write_text("# edited on the drive\n")
    capsys.readouterr()
    assert bundle.deploy(str(d), build) == 0
    assert not (d / "lib" / "old_a.py").exists()
    assert (d / "lib" / "old_b.py").read_text() == "# edited on the drive\n"
    assert "removed lib/old_a.py" in capsys.readouterr().out


def test_a_copy_cut_short_leaves_the_files_ours(build, tmp_path, monkeypatch):
    d = drive(tmp_path)
    assert bundle.deploy(str(d), build) == 0
    new = changed_build(
        build,
        tmp_path,
        {
            GAME + "engine/cards.mpy": b"# new\n",
            GAME + "menu.mpy": b"# new\n",
            "code.py": b"# new\n",
        },
    )
    copied = []

    def cut(s, t):
        if copied:
            raise OSError(5, "the cable came out")
        copied.append(t)
        shutil.copyfile(s, t)

    monkeypatch.setattr(bundle, "copy_file", cut)
    with pytest.raises(OSError):
        bundle.deploy(str(d), new)
    assert copied == [str(d / GAME / "menu.mpy")]
    # the next build changes the file that was copied before the cut: still ours
    newer = changed_build(new, tmp_path, {GAME + "menu.mpy": b"# newer\n"}, "build3")
    monkeypatch.setattr(bundle, "copy_file", shutil.copyfile)
    assert bundle.deploy(str(d), newer) == 0
    got = tree(d)
    assert all(got[rel] == data for rel, data in tree_of(newer).items())


def test_one_changed_file_is_one_file(build, tmp_path, capsys):
    d = drive(tmp_path)
    assert bundle.deploy(str(d), build) == 0
    new = changed_build(build, tmp_path, {GAME + "menu.mpy": b"# new\n"})
    capsys.readouterr()
    assert bundle.deploy(str(d), new) == 0
    out = capsys.readouterr().out
    assert "copied 1 changed file to %s\n" % d in out


def test_the_build_table_adds_up(tmp_path, capsys):
    out = tmp_path / "CIRCUITPY"
    bundle.build(str(out))
    lines = capsys.readouterr().out.splitlines()
    heads = [i for i, ln in enumerate(lines) if ln.startswith("built ")]
    assert len(heads) == len(bundle.MAJORS)
    for m, i, j in zip(bundle.MAJORS, heads, heads[1:] + [len(lines)]):
        here, files, total = re.match(r"built (.*): (\d+) files, ([\d,]+) bytes", lines[i]).groups()
        assert here == bundle.shown(bundle.tree_dir(str(out), m))
        assert int(files) == len(tree_of(str(out), m))
        rows = [ln.split() for ln in lines[i + 1 : j] if ln.endswith(" bytes")]
        assert sum(int(r[-2].replace(",", "")) for r in rows) == int(total.replace(",", ""))
        assert [r[0] for r in rows[:2]] == ["code.py", bundle.MANIFEST]
        names = [r[0] for r in rows]
        assert GAME + "engine/" in names and GAME + "sprites/" in names


def make_n(*args):
    r = subprocess.run(["make", "-n", "-C", ROOT] + list(args), capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return [ln for ln in r.stdout.splitlines() if "tools.release.bundle" in ln]


def test_make_deploy_builds_once_and_forces_only_when_told():
    runs = make_n("deploy", "CIRCUITPY=/mnt/x")
    assert len(runs) == 1 and "--deploy" in runs[0] and "--force" not in runs[0]
    runs = make_n("deploy", "CIRCUITPY=/mnt/x", "FORCE=1")
    assert len(runs) == 1 and runs[0].rstrip().endswith("--force")


@pytest.mark.parametrize(
    "boot, found",
    [
        # the same SAMD51 on another board (ports/atmel-samd/boards/feather_m4_express, 9.2.8)
        (
            "Adafruit CircuitPython 9.2.8 on 2025-05-28; Adafruit Feather M4 Express with "
            "samd51j19\nBoard ID:feather_m4_express\n",
            "Adafruit Feather M4 Express",
        ),
        # a PyBadge on 8.x (8.2.10's pybadge/mpconfigboard.h and makeversionhdr.py: the same form)
        (
            "Adafruit CircuitPython 8.2.10 on 2024-02-13; Adafruit Pybadge with samd51j19\n"
            "Board ID:pybadge\n",
            "CircuitPython 8",
        ),
        # no 11.x exists yet: 10.2.1's line with the major made up
        (PYGAMER_10.replace("10.0.3", "11.0.0"), "CircuitPython 11"),
        ("hello\n", "hello"),
    ],
)
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
    monkeypatch.setattr(
        bundle.shutil, "disk_usage", lambda p: usage(2 << 20, (2 << 20) - 10000, 10000)
    )
    with pytest.raises(SystemExit) as e:
        bundle.deploy(str(d), build)
    assert "not enough room" in str(e.value.code) and "10,000 free" in str(e.value.code)
    assert os.listdir(d) == ["boot_out.txt"]


def test_exit_status_and_message_from_the_command(tmp_path):
    # ports/nordic/boards/clue_nrf52840_express/mpconfigboard.h, 9.2.1
    d = drive(
        tmp_path,
        "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit CLUE nRF52840 Express with nRF52840\n"
        "Board ID:clue_nrf52840_express\n",
    )
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.release.bundle",
            "--out",
            str(tmp_path / "build"),
            "--deploy",
            str(d),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert r.returncode != 0
    assert "Adafruit CLUE nRF52840 Express" in r.stderr and "PyBadge" in r.stderr


def test_finds_the_drive(tmp_path):
    media = tmp_path / "media" / "me"
    (media / "CIRCUITPY").mkdir(parents=True)
    other = tmp_path / "mnt" / "my board" / "CIRCUITPY"
    other.mkdir(parents=True)
    mounts = tmp_path / "mounts"
    mounts.write_text(
        "/dev/sda1 / ext4 rw 0 0\n/dev/sdb1 %s vfat rw 0 0\n" % str(other).replace(" ", "\\040")
    )
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
    monkeypatch.setenv("USER", "someone")
    with pytest.raises(SystemExit) as e:
        bundle.deploy("", build)
    msg = str(e.value.code)
    assert "no CIRCUITPY drive found" in msg and "$" not in msg
    for place in ("/media/someone/CIRCUITPY", "/run/media/someone/CIRCUITPY", "/Volumes/CIRCUITPY"):
        assert place in msg
    monkeypatch.setattr(bundle, "find_drives", lambda: [str(d), str(tmp_path / "x")])
    with pytest.raises(SystemExit) as e:
        bundle.deploy("", build)
    assert "more than one" in str(e.value.code)


def test_an_upgrade_from_the_layout_without_the_folder_removes_the_old_files(build, tmp_path):
    # 1.0.0 put the game's modules in lib/ and engine/, sprites/, fonts/ and VERSION at the
    # root: the paths they have in the repository (there it replaced another project's
    # lib/app.py and lib/menu.py, forced, backed up). Those files go, with the folders they
    # leave empty; lib/ and another project's files there stay.
    old = tmp_path / "old"
    here = Path(bundle.tree_dir(str(old), 9))
    for src, _ in bundle.ours():
        (here / src).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, src), here / src)
    bundle.write_manifest(str(here))
    d = drive(tmp_path)
    another_project_on(d)
    assert bundle.deploy(str(d), str(old), force=True) == 0
    assert (d / "lib" / "screens.py").exists() and (d / "engine" / "movegen.py").exists()
    assert bundle.deploy(str(d), build) == 0
    got = tree(d)
    folders = [p for p in os.listdir(d) if os.path.isdir(d / p)]
    assert sorted(folders)[0] == "lib" and [p[:20] for p in sorted(folders)[1:]] == [
        "royal-casino-backup-"
    ]
    assert sorted(os.listdir(d / "lib")) == ["neopixel.mpy", "royal_casino"]
    assert got["gfx.py"] == b"# another project's gfx\n" and got["settings.toml"] == b"mine\n"
    for rel, data in tree_of(build).items():
        assert got[rel] == data, rel


def test_undeploy_removes_exactly_the_games_files(build, tmp_path, capsys):
    d = drive(tmp_path)
    another_project_on(d)
    before = tree(d)
    assert bundle.deploy(str(d), build) == 0
    capsys.readouterr()
    assert bundle.main(["--undeploy", str(d)]) == 0
    assert tree(d) == before
    assert sorted(os.listdir(d / "lib")) == ["app.py", "menu.py", "neopixel.mpy"]
    out = capsys.readouterr().out
    assert "removed the game from %s: %d files" % (d, len(tree_of(build)) - 1) in out
    assert "no code.py now" in out and "sample code.py" not in out  # none before the game


def test_undeploy_keeps_a_file_changed_on_the_drive(build, tmp_path, capsys, monkeypatch):
    d = drive(tmp_path)
    assert bundle.deploy(str(d), build) == 0
    (d / GAME / "rules.txt").write_text("my own rules\n")
    removed = []
    monkeypatch.setattr(
        bundle,
        "remove",
        lambda t, rel: removed.append(rel) or bundle.os.remove(os.path.join(t, rel)),
    )
    assert bundle.undeploy(str(d)) == 0
    assert removed[0] == "code.py" and GAME + "rules.txt" not in removed
    assert (d / GAME / "rules.txt").read_text() == "my own rules\n"
    assert sorted(bundle.read_manifest(str(d / bundle.MANIFEST))) == [GAME + "rules.txt"]
    assert "kept 1 file changed on the drive" in capsys.readouterr().out


def test_undeploy_without_the_list_removes_nothing(tmp_path):
    d = drive(tmp_path)
    (d / "code.py").write_text("print('mine')\n")
    with pytest.raises(SystemExit) as e:
        bundle.undeploy(str(d))
    assert "no %s" % bundle.MANIFEST in str(e.value.code) and "nothing was removed" in str(
        e.value.code
    )
    assert sorted(os.listdir(d)) == ["boot_out.txt", "code.py"]


def fresh_drive(tmp_path, boot=PYGAMER):
    # a drive as the firmware makes it (filesystem_init, supervisor/shared/filesystem.c):
    # the sample code.py, an empty lib/, an empty settings.toml, then boot_out.txt
    d = drive(tmp_path, boot)
    (d / "code.py").write_bytes(bundle.SAMPLE_CODE[0])
    (d / "lib").mkdir()
    (d / "settings.toml").write_bytes(b"")
    return d


def test_undeploy_puts_circuitpythons_sample_back(build, tmp_path, capsys):
    d = fresh_drive(tmp_path)
    before = tree(d)
    assert bundle.deploy(str(d), build) == 0
    assert bundle.SAMPLE_MARK in (d / bundle.MANIFEST).read_text().splitlines()
    # deployed again, changed or not, the drive remembers what code.py replaced
    assert bundle.deploy(str(d), build) == 0
    new = changed_build(build, tmp_path, {"code.py": b"# a newer code.py\n"})
    assert bundle.deploy(str(d), new) == 0
    assert (d / "code.py").read_bytes() == b"# a newer code.py\n"
    capsys.readouterr()
    assert bundle.undeploy(str(d)) == 0
    assert tree(d) == before and os.path.isdir(d / "lib")  # as the firmware left it
    out = capsys.readouterr().out
    assert "put back CircuitPython's own sample code.py" in out and 'print("Hello World!")' in out


def test_an_empty_sample_comes_back_as_the_boards_sample(build, tmp_path):
    # an empty code.py (the sample of builds without room for text) is replaced without asking;
    # the PyGamer's and PyBadge's firmware writes the line, so undeploy writes that
    d = fresh_drive(tmp_path)
    (d / "code.py").write_bytes(b"")
    assert bundle.deploy(str(d), build) == 0
    assert bundle.undeploy(str(d)) == 0
    assert (d / "code.py").read_bytes() == b'print("Hello World!")\n'


def test_undeploy_writes_no_sample_over_another_program(build, tmp_path, capsys):
    # the sample was replaced, but the drive has since been given a main.py: it runs again
    d = fresh_drive(tmp_path)
    assert bundle.deploy(str(d), build) == 0
    (d / "main.py").write_text("print('mine')\n")
    capsys.readouterr()
    assert bundle.undeploy(str(d)) == 0
    assert not (d / "code.py").exists() and (d / "main.py").exists()
    assert "sample code.py" not in capsys.readouterr().out


def test_undeploy_after_a_forced_deploy_names_the_code_py_it_kept(build, tmp_path, capsys):
    # another project's code.py, backed up by a forced deploy: undeploy leaves no sample in its
    # place, and says where that code.py is
    d = drive(tmp_path)
    theirs_on(d)
    assert bundle.deploy(str(d), build, force=True) == 0
    assert bundle.SAMPLE_MARK not in (d / bundle.MANIFEST).read_text()
    kept = [p for p in os.listdir(d) if p.startswith("royal-casino-backup-")][0]
    capsys.readouterr()
    assert bundle.undeploy(str(d)) == 0
    assert not (d / "code.py").exists()
    out = capsys.readouterr().out
    assert "no code.py now" in out and kept + "/code.py" in out and "sample code.py" not in out
    assert (d / kept / "code.py").read_text() == "print('my weather station')\n"


def test_make_undeploy_builds_nothing():
    runs = make_n("undeploy", "CIRCUITPY=/mnt/x")
    assert runs == ['.venv/bin/python -m tools.release.bundle --undeploy "/mnt/x"']


def test_code_py_puts_the_games_folder_first():
    # before any import of the game's: the folder bundle.py lays the game out in
    with open(os.path.join(ROOT, "code.py")) as f:
        lines = [ln.strip() for ln in f if ln.strip() and not ln.lstrip().startswith("#")]
    first = lines.index('sys.path.insert(0, "%s")' % bundle.FOLDER)
    assert first < min(i for i, ln in enumerate(lines) if ln.startswith(("import engine", "from ")))


def py_build(tmp_path):
    # a build as the releases before the bytecode laid it out: the game's modules as .py
    out = tmp_path / "py-build"
    for m in bundle.MAJORS:
        bundle.lay_out(bundle.tree_dir(str(out), m), None)
    return str(out)


def test_each_major_gets_its_own_tree(build, tmp_path):
    marked = changed_build(build, tmp_path, {})
    for m in bundle.MAJORS:
        here = bundle.tree_dir(marked, m)
        with open(os.path.join(here, GAME + "which.txt"), "w") as f:
            f.write("%d.x\n" % m)
        bundle.write_manifest(here)
    for boot, m in ((PYGAMER_9, 9), (PYBADGE_10, 10)):
        d = drive(tmp_path / str(m), boot)
        assert bundle.deploy(str(d), marked) == 0
        assert (d / GAME / "which.txt").read_text() == "%d.x\n" % m


def test_the_release_ships_bytecode(build):
    # every module of the game as .mpy that CircuitPython's loader takes, code.py the one .py
    for m in bundle.MAJORS:
        got = tree_of(build, m)
        assert [p for p in got if p.endswith(".py")] == ["code.py"]
        modules = [dst for src, dst in bundle.ours() if dst.endswith(".py") and dst != "code.py"]
        assert sorted(p for p in got if p.endswith(".mpy")) == sorted(
            p[:-3] + ".mpy" for p in modules
        )
        for p in modules:
            head = got[p[:-3] + ".mpy"][:4]
            assert head[:3] == b"C\x06\x00" and head[3] <= 31, (p, head)


def test_the_games_old_py_files_go(build, tmp_path, capsys):
    # a drive with the game as .py (deployed before the release shipped bytecode): none of
    # them is left to run instead of its .mpy
    d = drive(tmp_path)
    assert bundle.deploy(str(d), py_build(tmp_path)) == 0
    assert (d / GAME / "app.py").exists()
    assert bundle.deploy(str(d), build) == 0
    got = tree(d)
    assert [p for p in got if p.endswith(".py")] == ["code.py"]
    for rel, data in tree_of(build).items():
        assert got[rel] == data, rel
    assert "removed %sapp.py" % GAME in capsys.readouterr().out


def test_a_py_beside_the_games_mpy_stops_it(build, tmp_path, capsys):
    # a module of the game copied by hand as .py (from the repository, say): the board would
    # run it instead of the release's bytecode
    d = drive(tmp_path)
    assert bundle.deploy(str(d), build) == 0
    (d / GAME / "gfx.py").write_text("# copied from the repository\n")
    (d / GAME / "engine" / "play.py").write_text("# copied from the repository\n")
    before = tree(d)
    with pytest.raises(SystemExit) as e:
        bundle.deploy(str(d), build)
    msg = str(e.value.code)
    named = [ln.split()[0] for ln in msg.splitlines() if ln.startswith("  ")]
    assert named == [GAME + "gfx.py", GAME + "engine/play.py"]
    assert "instead of the game's gfx.mpy" in msg and "FORCE=1" in msg
    assert tree(d) == before
    capsys.readouterr()
    assert bundle.deploy(str(d), build, force=True) == 0
    got = tree(d)
    assert [p for p in got if p.endswith(".py") and not p.startswith("royal-casino-backup-")] == [
        "code.py"
    ]
    kept = [p for p in os.listdir(d) if p.startswith("royal-casino-backup-")]
    assert tree(d / kept[0]) == {
        GAME + "gfx.py": before[GAME + "gfx.py"],
        GAME + "engine/play.py": before[GAME + "engine/play.py"],
    }
    assert "removed %sgfx.py" % GAME in capsys.readouterr().out
