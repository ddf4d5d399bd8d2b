"""Which files go on the board, and where on its drive: the one list that the release
(bundle.py), the benches (tools/bench/run.py's code size), the pystack model
(tools/box/pystack.py), the board box and the app's board time all read.

On the drive the game's own files live in one folder that no other project uses, and code.py
puts it first on sys.path (the board's is ['', '/', '.frozen', '/lib']): no module of another
project, at the drive's root or in /lib, hides one of ours, and none of ours replaces one of
theirs. code.py is the one name the game shares.
"""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDER = "lib/royal_casino"


def ours(root=ROOT):
    """[(path in the repository, path on the drive)] of every file of the game: code.py at
    the drive's root; lib/'s modules and pages, engine/, sprites/, fonts/LICENSE, LICENSE and
    VERSION in FOLDER (lib/'s files directly in it, the others under their own paths). root: the
    checkout whose files they are."""

    def listed(folder, ends):
        names = sorted(os.listdir(os.path.join(root, folder)))
        return [folder + "/" + f for f in names if f.endswith(ends)]

    files = [("code.py", "code.py")]
    files += [(f, FOLDER + f[3:]) for f in listed("lib", (".py", ".txt"))]
    rest = listed("engine", ".py") + listed("sprites", ".bmp")
    for f in rest + ["fonts/LICENSE", "LICENSE", "VERSION"]:
        files.append((f, FOLDER + "/" + f))  # VERSION: shown on the controls page, saved
    return files


def drive_names():
    """{repository path: drive path} of the game's Python files."""
    return dict((src, dst) for src, dst in ours() if src.endswith(".py"))


def by_folder():
    """{folder on the drive: [(repository path, drive path)]} of every .py the board runs."""
    found = {}
    for src, dst in sorted(drive_names().items(), key=lambda t: t[1]):
        found.setdefault(os.path.dirname(dst) or ".", []).append((src, dst))
    return found


def adafruit_imports(files):
    """The Adafruit libraries (adafruit_*) the files import (paths in the repository, or
    absolute), sorted."""
    names = set()
    for f in files:
        if f.endswith(".py"):
            with open(os.path.join(ROOT, f)) as src:
                text = src.read()
            for m in re.finditer(r"^\s*(?:import|from)\s+(adafruit_\w+)", text, re.M):
                names.add(m.group(1))
    return sorted(names)
