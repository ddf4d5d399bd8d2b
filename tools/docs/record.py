"""The measured record, docs/figures.json: every figure the docs' marked tables and the
player-facing claims carry, each set of figures with the command that measured it, the commit
it was measured at and where it ran (the VM: "m4", "cp10", "cp9", "mp" for the host's
MicroPython, "cpython", "build" for the release's tree).

    from tools.docs import record
    record.put("box_mp", {"peak": 154736}, "python -m tools.box.run ...", "mp")

`make bench`, the tournament's `--record NAME` and `make bundle` write it; `make docs`
(tools/docs/render.py) writes the docs' marked places from it. The file is sorted JSON, one
set a key, so a change reads as a diff of the sets it touched.
"""

import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PATH = os.path.join(ROOT, "docs", "figures.json")
VMS = ("m4", "cp10", "cp9", "mp", "cpython", "build")


class RecordError(Exception):
    """The record is missing, unreadable, or a set lacks what it must say."""


def head(root=ROOT):
    """The commit measured: HEAD's short hash, with "+" when the tree has changes not
    committed (the figure is of that tree, not of HEAD)."""
    try:
        sha = subprocess.run(
            ["git", "rev-parse", "--short=7", "HEAD"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(  # the record and the docs it writes are not what is measured
            ["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!docs"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return sha + ("+" if dirty else "")


def load(path=PATH):
    """{set name: {"command", "commit", "vm", "data"}}; each set checked for its four keys."""
    try:
        with open(path, encoding="utf-8") as f:
            sets = json.load(f)
    except OSError as e:
        raise RecordError("no record at %s (%s)" % (path, e.strerror)) from None
    except ValueError as e:
        raise RecordError("%s is not JSON: %s" % (path, e)) from None
    if not isinstance(sets, dict):
        raise RecordError("%s: the record is an object of sets" % path)
    for name, entry in sets.items():
        problem = invalid(entry)
        if problem:
            raise RecordError("%s: set %r %s" % (path, name, problem))
    return sets


def invalid(entry):
    """What a set lacks, or None."""
    if not isinstance(entry, dict):
        return "is not an object"
    for key in ("command", "commit", "vm", "data"):
        if key not in entry:
            return "has no %r" % key
    if entry["vm"] not in VMS:
        return "names vm %r, not one of %s" % (entry["vm"], ", ".join(VMS))
    if not entry["command"].startswith(("python", "make", ".venv/bin/python", "PYTHONPATH=lib")):
        return "names no command that measures it (%r)" % entry["command"]
    return None


def save(sets, path=PATH):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(sets, f, indent=1, sort_keys=True)
        f.write("\n")


def put(name, data, command, vm, path=PATH, commit=None):
    """Sets (replaces) one set of figures in the record, measured now at HEAD (or commit)."""
    sets = load(path) if os.path.exists(path) else {}
    entry = {"command": command, "commit": commit or head(), "vm": vm, "data": data}
    problem = invalid(entry)
    if problem:
        raise RecordError("set %r %s" % (name, problem))
    sets[name] = entry
    save(sets, path)
    return entry
