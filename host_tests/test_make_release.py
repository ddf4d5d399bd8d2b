"""make release (tools/release/release.py): the changelog dated under the number, the refusals
that change nothing, the check of every place a zip says its number (each one failing on its
own), and the whole release in a copy of this checkout (a git repository of its own)."""

import os
import re
import shutil
import subprocess
import sys
import time
import zipfile

import pytest

from tools.docs.render import unmarked
from tools.release import bundle, release
from tools.release.release import Refused

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

ENTRIES = "- The computers play faster.\n- A new page:\n  with two lines.\n"
LOG = """# Changelog

What changed for a player.

## Unreleased

- The computers play faster.
- A new page:
  with two lines.

## 1.0.0

- The first release.
"""


def test_dated_moves_the_unreleased_entries_under_the_number():
    new = release.dated(LOG, "1.1.0", "2026-12-07")
    before, entries, after = release.unreleased(new)
    assert before == "# Changelog\n\nWhat changed for a player.\n" and entries == ""
    assert after.startswith("## 1.1.0 (2026-12-07)\n\n- The computers play faster.\n")
    section = after[: after.index("## 1.0.0")]
    assert section.split("\n", 2)[2].strip() == release.unreleased(LOG)[1]
    assert after.endswith("## 1.0.0\n\n- The first release.\n")
    assert release.last_released(new) == "1.1.0"
    # and the next release takes only what is added after it
    again = new.replace("## Unreleased\n", "## Unreleased\n\n- One more thing.\n")
    newer = release.dated(again, "1.1.1", "2026-12-08")
    assert "## 1.1.1 (2026-12-08)\n\n- One more thing.\n\n## 1.1.0 (2026-12-07)" in newer


@pytest.mark.parametrize(
    "text, version, why",
    [
        (LOG, "1.0.0", "not greater than 1.0.0"),
        (LOG, "0.9.9", "not greater than 1.0.0"),
        (LOG.replace(ENTRIES, ""), "1.1.0", "lists nothing"),
        (LOG.replace("## Unreleased", "## Next"), "1.1.0", "no '## Unreleased' section"),
        (LOG, "1.1", "reads like 1.1.0"),
        (LOG, "v1.1.0", "reads like 1.1.0"),
        (LOG, "1.256.0", "at most 255"),
    ],
)  # fmt: skip
def test_refused(text, version, why):
    with pytest.raises(Refused) as e:
        release.parse(version)
        release.dated(text, version, "2026-12-07")
    assert why in str(e.value)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    # the zip as make zip writes it, named by the file VERSION
    out = tmp_path_factory.mktemp("release")
    bundle.build(str(out / "CIRCUITPY"))
    return bundle.make_zip(str(out / "CIRCUITPY"), str(out / os.path.basename(bundle.zip_name())))


def rezip(src, folder, edits):
    # a copy of the zip at src, under its name in folder, with some members' bytes replaced
    # (edits: {name's end: bytes})
    os.makedirs(folder)
    dst = os.path.join(folder, os.path.basename(src))
    with zipfile.ZipFile(src) as z, zipfile.ZipFile(dst, "w") as out:
        for info in z.infolist():
            data = z.read(info)
            for end, new in edits.items():
                if info.filename.endswith(end):
                    data = new
            out.writestr(info, data)
    return dst


def test_the_check_reads_the_number_in_every_place(built):
    v = bundle.version()
    wrong, says = release.check(built, v)
    assert wrong == []
    places = [p for p, _ in says]
    for m in bundle.MAJORS:  # each folder's VERSION, list, and the app's page and save
        assert sum(p.startswith("CircuitPython %d.x" % m) for p in places) == 4
    assert places[:3] == ["the zip's name", "the zip's folder", "README.txt"]


OTHER = "9.8.7"


def wrong_places(built, tmp_path, monkeypatch, case):
    v = bundle.version()
    path = built
    if case == "name":
        path = str(tmp_path / ("royal-casino-%s.zip" % OTHER))
        shutil.copyfile(built, path)
    elif case == "readme":
        readme = "Royal Casino for handhelds %s\n\nthe guide\n" % OTHER
        path = rezip(built, str(tmp_path / "edited"), {"/README.txt": readme.encode()})
    elif case == "one folder's VERSION":
        path = rezip(
            built,
            str(tmp_path / "edited"),
            {"CircuitPython 10.x/%s/VERSION" % bundle.FOLDER: (OTHER + "\n").encode()},
        )
    elif case == "the controls page":
        import screen_rules

        real = screen_rules.Screen.draw

        def stale(self):  # a page that shows a number of its own
            real(self)
            if self.name == "controls" and self.page == self.pages - 1:
                self.lines[-1].set("version " + OTHER)

        monkeypatch.setattr(screen_rules.Screen, "draw", stale)
    elif case == "the save":
        from engine import savegame

        real = savegame.settings_bytes

        def stale(st):  # a save that keeps a number of its own
            b = real(st)
            b[7:10] = bytes(int(x) for x in OTHER.split("."))
            return b

        monkeypatch.setattr(savegame, "settings_bytes", stale)
    wrong, _ = release.check(path, v)
    assert all(said == OTHER for _, said in wrong), wrong
    return [place for place, _ in wrong]


@pytest.mark.parametrize(
    "case, places",
    [
        ("name", ["the zip's name"]),
        ("readme", ["README.txt"]),
        ("the controls page", ["CircuitPython %d.x: the last Controls page" % m for m in (9, 10)]),
        ("the save", ["CircuitPython %d.x: the save" % m for m in (9, 10)]),
        # the app reads the folder's own VERSION: its page and its save say that folder's number
        (
            "one folder's VERSION",
            [
                "CircuitPython 10.x's %s/VERSION" % bundle.FOLDER,
                "CircuitPython 10.x: the last Controls page",
                "CircuitPython 10.x: the save",
            ],
        ),
    ],
)
def test_the_check_fails_where_a_place_says_another_number(
    built, tmp_path, monkeypatch, case, places
):
    assert wrong_places(built, tmp_path, monkeypatch, case) == places


def test_make_release_passes_the_number():
    r = subprocess.run(
        ["make", "-n", "-C", ROOT, "release", "VERSION=1.1.0"], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stderr
    runs = [ln for ln in r.stdout.splitlines() if "tools.release.release" in ln]
    assert runs == ["PYTHONPATH=lib .venv/bin/python -m tools.release.release 1.1.0"]


def checkout_copy(tmp_path):
    # this checkout's files as they are (those git does not ignore), in a repository of their
    # own (one commit)
    files = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if files.returncode:
        pytest.skip("not a git checkout")
    repo = tmp_path / "repo"
    for rel in files.stdout.splitlines():
        src = os.path.join(ROOT, rel)
        if os.path.isfile(src):
            os.makedirs(os.path.dirname(repo / rel), exist_ok=True)
            shutil.copyfile(src, repo / rel)
    for args in (
        ["init", "-q"],
        ["config", "user.name", "Release Test"],
        ["config", "user.email", "release@test.invalid"],
        ["add", "."],
        ["commit", "-q", "-m", "the checkout"],
    ):
        git(repo, *args)
    return repo


def git(repo, *args):
    r = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout


def make_release(repo, *args):
    env = dict(os.environ, PYTHONPATH="lib")  # the copy's own lib/, from its root
    return subprocess.run(
        [sys.executable, "-m", "tools.release.release", *args],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def read(repo, name):
    return (repo / name).read_text(encoding="utf-8")


def test_a_whole_release_in_a_copy_of_the_checkout(tmp_path):
    repo = checkout_copy(tmp_path)
    log = read(repo, "CHANGELOG.md")
    if not release.unreleased(log)[1]:  # just released: the copy gets an entry of its own
        log = log.replace("## Unreleased\n", "## Unreleased\n\n- An entry to release.\n", 1)
        (repo / "CHANGELOG.md").write_text(log, encoding="utf-8")
        git(repo, "commit", "-q", "-am", "an entry")
    last = release.last_released(log)
    new = "%d.%d.%d" % (release.parse(last)[0], release.parse(last)[1] + 1, 0)
    entries = release.unreleased(log)[1]
    assert entries

    # a changed file: refused, nothing written
    (repo / "lib" / "stray.py").write_text("x = 1\n")
    r = make_release(repo, new)
    assert r.returncode != 0 and "lib/stray.py" in r.stderr and "not committed" in r.stderr
    assert read(repo, "VERSION") == last + "\n" and read(repo, "CHANGELOG.md") == log
    os.remove(repo / "lib" / "stray.py")

    # a controls page that says another number: the check stops it, and puts both files back
    rules = read(repo, "lib/screen_rules.py")
    shown = '"version %d.%d.%d" % self.app.save.settings.version'
    assert shown in rules, "the fault this test puts in: the page's version line, changed"
    (repo / "lib" / "screen_rules.py").write_text(rules.replace(shown, '"version %s"' % last))
    git(repo, "commit", "-q", "-am", "a page with a fixed number")
    r = make_release(repo, new)
    assert r.returncode != 0 and "does not say %s everywhere" % new in r.stderr
    assert "the last Controls page" in r.stdout and "<- not %s" % new in r.stdout
    assert read(repo, "CHANGELOG.md") == log and read(repo, "VERSION") == last + "\n"
    assert git(repo, "status", "--porcelain") == "" and git(repo, "tag") == ""
    git(repo, "revert", "--no-edit", "HEAD")

    r = make_release(repo, new)
    assert r.returncode == 0, r.stdout + r.stderr
    assert read(repo, "VERSION") == new + "\n"
    today = time.strftime("%Y-%m-%d")
    dated = read(repo, "CHANGELOG.md")
    assert (
        "## Unreleased\n\n## %s (%s)\n\n%s\n\n## %s" % (new, today, unmarked(entries), last)
        in dated
    )
    assert zipfile.ZipFile(repo / "build" / ("royal-casino-%s.zip" % new)).testzip() is None
    assert read(repo, "build/release-notes-%s.md" % new) == entries + "\n"
    assert git(repo, "log", "-1", "--format=%s") == "Release %s\n" % new
    assert git(repo, "tag") == "v%s\n" % new and git(repo, "status", "--porcelain") == ""
    assert git(repo, "show", "--name-only", "--format=", "HEAD").split() == [
        "CHANGELOG.md",
        "VERSION",
    ]
    assert re.search(r"gh release create v%s build/royal-casino-%s\.zip" % (new, new), r.stdout)

    # again: nothing left to release, and the number is taken
    r = make_release(repo)
    assert r.returncode != 0 and "not greater than %s" % new in r.stderr
    r = make_release(repo, new[:-1] + "1")
    assert r.returncode != 0 and "lists nothing" in r.stderr
