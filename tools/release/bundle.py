"""Build the folders to copy onto the board, one a supported CircuitPython major version
(build/CIRCUITPY/CircuitPython 9.x/, .../CircuitPython 10.x/), and print their sizes.

    python -m tools.release.bundle                    # build only
    python -m tools.release.bundle --deploy /media/me/CIRCUITPY
    python -m tools.release.bundle --deploy           # finds the mounted CIRCUITPY drive itself
    python -m tools.release.bundle --deploy --force   # also replaces the drive's own files
    python -m tools.release.bundle --zip              # build/royal-casino-VERSION.zip
    python -m tools.release.bundle --undeploy [PATH]  # removes the game's files from the drive

A deploy first reads the drive's boot_out.txt and refuses a board or a
CircuitPython major version we do not support (BOARDS, MAJORS below), picks the
build for its major, then copies only the files whose bytes differ, code.py
last.  It knows its own files by the manifest (MANIFEST, in the build and so on
the drive): a file it would replace that is not listed there with the same
bytes is the drive's own (another project's code.py, one of ours edited on the
drive), and so is a .py beside which the build puts a .mpy (the board would run
it instead); the deploy stops, copying nothing, unless --force, which first
copies those files into a backup folder on the drive.  Files of ours that the
game no longer has are removed; nothing else on the drive is touched (the saved
game lives in the board's nvm, not on the drive).

An undeploy removes the files the drive's manifest lists with the bytes they
have (code.py first), and keeps any changed since.  Where the game's code.py had
replaced CircuitPython's sample (the manifest on the drive says so: SAMPLE_MARK),
it writes the sample back, so the board starts as on a new drive.

Contents (files.py): code.py and the manifest at the drive's root; in the game's folder
(FOLDER), lib/*.py as bytecode (.mpy, tools/release/bytecode.py) and lib/*.txt,
engine/*.py as bytecode, sprites/*.bmp, fonts/LICENSE (the sprites' glyphs come
from those fonts; the BDFs themselves are not read on the board), LICENSE and
VERSION; and any Adafruit library our modules import, compiled into lib/ from
the installed packages in the venv (no network).
"""

import argparse
import hashlib
import os
import re
import shutil
import sys
import sysconfig
import time
import zipfile

from tools.release import bytecode
from tools.release.files import FOLDER, ROOT, adafruit_imports, ours

OUT = os.path.join(ROOT, "build", "CIRCUITPY")
# What the game runs on, as CircuitPython names it in boot_out.txt. main.c writes there
# MICROPY_FULL_VERSION_INFO, then "Board ID:" and the board's build (CIRCUITPY_BOARD_ID);
# py/makeversionhdr.py makes the first line "Adafruit CircuitPython <tag> on <build date>;
# <MICROPY_HW_BOARD_NAME> with <MICROPY_HW_MCU_NAME>", and the names are those of
# ports/atmel-samd/boards/pygamer/ and pybadge/mpconfigboard.h, the same in every tag from
# 9.0.0 to 10.2.1. The PyBadge LC and the EdgeBadge run the pybadge build (circuitpython.org
# offers the EdgeBadge the pybadge build: ALIASES_BY_BOARD in
# adafruit/circuitpython/docs/shared_bindings_matrix.py).
BOARDS = {"Adafruit PyGamer": "PyGamer", "Adafruit Pybadge": "PyBadge, PyBadge LC or EdgeBadge"}
MAJORS = (9, 10)
# Every file of the build with a hash of its bytes: what a deploy (or a copy of the release)
# put on the drive, so the next deploy knows which files it may replace.
MANIFEST = "royal-casino-files.txt"
# The code.py CircuitPython writes on a fresh drive (filesystem_init in
# supervisor/shared/filesystem.c, 9.2.8 to 10.2.1: with an empty lib/ folder, settings.toml,
# and macOS's and Linux's no-index and no-trash files; empty on builds without
# CIRCUITPY_FULL_BUILD, which the PyGamer's and PyBadge's are not): replacing it loses nothing.
SAMPLE_CODE = (b'print("Hello World!")\n', b"")
# The line a deploy adds to the drive's manifest when the game's code.py replaced that sample,
# so that make undeploy puts it back.
SAMPLE_MARK = "# code.py replaced CircuitPython's sample code.py: make undeploy writes it back."
# The files the firmware runs, the first found (supported_filenames in main.c, 9.2.8 to 10.2.1)
CODE_FILES = ("code.txt", "code.py", "main.py", "main.txt")


def size_of(path):
    total = 0
    for d, _, fs in os.walk(path):
        for f in fs:
            total += os.path.getsize(os.path.join(d, f))
    return total


def version():
    # The one place the release number lives: VERSION at the repository root.
    with open(os.path.join(ROOT, "VERSION")) as f:
        v = f.read().strip()
    assert re.match(r"^\d+\.\d+\.\d+$", v), "VERSION should read like 1.0.0, not %r" % v
    return v


def zip_name():
    return os.path.join(ROOT, "build", "royal-casino-%s.zip" % version())


def shown(path):
    # a path as the person who ran the tool would write it: inside the checkout, relative
    return os.path.relpath(path, ROOT) if os.path.abspath(path).startswith(ROOT + os.sep) else path


def plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def readme_txt():
    # The zip's README.txt: the player's guide, docs/PLAYING.md, under the release's name.
    with open(os.path.join(ROOT, "docs", "PLAYING.md"), encoding="utf-8") as f:
        guide = f.read()
    from tools.docs.marks import unmarked  # the figures, without the marks make docs reads

    return "Royal Casino for handhelds %s\n\n%s" % (version(), unmarked(guide))


def make_zip(src, path=None):
    # The Adafruit Learn "project bundle" shape: one folder per CircuitPython major version,
    # each the tree to copy to the drive (build()'s), and README.txt; fixed dates, so the same
    # trees give the same bytes.
    path = path or zip_name()
    top = "royal-casino-%s/" % version()

    def add(z, name, data):
        info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, data)

    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with zipfile.ZipFile(path, "w") as z:
        add(z, top + "README.txt", readme_txt().encode("utf-8"))
        for m in MAJORS:
            here = tree_dir(src, m)
            files = []
            for d, dirs, fs in os.walk(here):
                dirs.sort()
                files += sorted(os.path.relpath(os.path.join(d, f), here) for f in fs)
            for rel in files:
                with open(os.path.join(here, rel), "rb") as f:
                    add(z, top + os.path.basename(here) + "/" + rel.replace(os.sep, "/"), f.read())
    print(
        "wrote %s: %s bytes, the player's guide (README.txt) and a folder for each of %s"
        % (
            shown(path),
            format(os.path.getsize(path), ","),
            " and ".join("CircuitPython %d.x" % m for m in MAJORS),
        )
    )
    return path


def digest(data):
    # what the manifest records of a file: the start of its SHA-256, enough to tell changed bytes
    return hashlib.sha256(data).hexdigest()[:16]


def read_manifest(path):
    # {path: set of digests} from a manifest; {} if there is none (or it cannot be read)
    out = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return out
    for ln in lines:
        parts = ln.split(None, 1)
        if len(parts) == 2 and not ln.startswith("#") and re.match(r"^[0-9a-f]{16}$", parts[0]):
            out.setdefault(parts[1], set()).add(parts[0])
    return out


def manifest_text(entries):
    # entries: {path: set of digests}; sorted, so the same tree gives the same bytes
    lines = [
        "# Royal Casino %s: the game's files on this drive, each after the start of its SHA-256."
        % version(),
        "# make deploy replaces a file only if it is listed here with the bytes it has now.",
    ]
    for rel in sorted(entries):
        for h in sorted(entries[rel]):
            lines.append("%s %s" % (h, rel))
    return ("\n".join(lines) + "\n").encode("utf-8")


def marked(manifest, sample):
    # the manifest as the drive keeps it: with SAMPLE_MARK where code.py replaced the sample
    return manifest + (SAMPLE_MARK + "\n").encode("utf-8") if sample else manifest


def has_mark(path):
    # does the manifest at path say that the game's code.py replaced the sample?
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return SAMPLE_MARK in f.read().splitlines()
    except OSError:
        return False


def write_manifest(out):
    # The build's manifest: every file in out, with its digest.
    entries = {}
    for d, _, fs in os.walk(out):
        for f in fs:
            p = os.path.join(d, f)
            rel = os.path.relpath(p, out).replace(os.sep, "/")
            if rel != MANIFEST:
                with open(p, "rb") as g:
                    entries[rel] = {digest(g.read())}
    with open(os.path.join(out, MANIFEST), "wb") as f:
        f.write(manifest_text(entries))


def tree_dir(out, major):
    """The folder of the build (or of the zip) for CircuitPython major."""
    return os.path.join(out, "CircuitPython %d.x" % major)


def lay_out(out, major=None, root=ROOT):
    """The drive's tree of the game in out (made afresh): its files, any Adafruit library
    they import, the manifest; each module but code.py as bytecode for CircuitPython major
    (tools/release/bytecode.py), or as .py where major is None (the host MicroPython's box).
    root: the checkout whose game it is. The names of those libraries."""
    if os.path.isdir(out):
        shutil.rmtree(out)
    files = ours(root)
    site = sysconfig.get_paths()["purelib"]
    libs = adafruit_imports([os.path.join(root, src) for src, _ in files])
    for name in libs:
        src = os.path.join(site, name)
        if os.path.isdir(src):
            for d, dirs, fs in os.walk(src):
                dirs[:] = sorted(x for x in dirs if x != "__pycache__")
                for f in sorted(fs):
                    if not f.endswith(".pyc"):
                        full = os.path.join(d, f)
                        files.append((full, "lib/%s/%s" % (name, os.path.relpath(full, src))))
        else:
            files.append((src + ".py", "lib/%s.py" % name))
    sources = [(src, dst) for src, dst in files if dst.endswith(".py") and dst != "code.py"]
    made = {}  # {drive path: bytes} of the bytecode
    if major is not None:
        made = bytecode.compiled(major, [(os.path.join(root, s), d) for s, d in sources])
        files = [t for t in files if t not in sources]
    for src, dst in files:
        path = os.path.join(out, dst)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        shutil.copyfile(os.path.join(root, src), path)
    for dst, data in made.items():
        path = os.path.join(out, dst)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    write_manifest(out)
    return libs


def size_rows(out):
    """[(name, bytes)] that add up to the tree: each entry at the top and in lib/, FOLDER's
    folders each and its files together."""
    rows = []
    for top in ("", "lib/", FOLDER + "/"):
        here = os.path.join(out, top)
        if not os.path.isdir(here):
            continue
        loose = 0
        for name in sorted(os.listdir(here)):
            p = os.path.join(here, name)
            if top + name in ("lib", FOLDER):
                continue  # broken down in the rows after it
            if os.path.isdir(p):
                rows.append((top + name + "/", size_of(p)))
            elif top == FOLDER + "/":
                loose += os.path.getsize(p)
            else:
                rows.append((top + name, os.path.getsize(p)))
        if top == FOLDER + "/":
            rows.append((top + "*", loose))
    return rows


def build(out=OUT):
    """The release's trees in out, one a supported CircuitPython major (tree_dir), each as the
    drive holds the game; their sizes printed."""
    if os.path.isdir(out):
        shutil.rmtree(out)
    for major in MAJORS:
        here = tree_dir(out, major)
        libs = lay_out(here, major)
        print(
            "built %s: %s, %s bytes"
            % (
                shown(here),
                plural(sum(len(fs) for _, _, fs in os.walk(here)), "file"),
                format(size_of(here), ","),
            )
        )
        for name, n in size_rows(here):
            print("  %-28s %9s bytes" % (name, format(n, ",")))
    if libs:
        print("  lib/ holds the Adafruit libraries %s, copied from the venv" % ", ".join(libs))


ROOTS = ("/media/{user}", "/run/media/{user}", "/Volumes")  # where Linux and macOS mount drives


def drive_places(user=None, roots=ROOTS):
    # the usual paths of a mounted CIRCUITPY drive for this user
    user = user or os.environ.get("USER") or os.environ.get("LOGNAME") or ""
    return [os.path.join(r.format(user=user), "CIRCUITPY") for r in roots]


def find_drives(user=None, mounts="/proc/mounts", roots=ROOTS):
    # Mounted CIRCUITPY drives: the usual Linux and macOS places, then /proc/mounts.
    found = [p for p in drive_places(user, roots) if os.path.isdir(p)]
    try:
        with open(mounts) as f:
            lines = f.read().splitlines()
    except OSError:
        lines = []
    for ln in lines:
        parts = ln.split()
        if len(parts) > 1:
            # /proc/mounts writes a space as \040 (and tab, newline, backslash likewise)
            mp = re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), parts[1])
            if os.path.basename(mp.rstrip("/")) == "CIRCUITPY" and os.path.isdir(mp):
                found.append(mp)
    out = []
    for p in found:
        if not any(os.path.realpath(p) == os.path.realpath(q) for q in out):
            out.append(p)
    return out


def board_info(target):
    # (board name, major version, full version) from the drive's boot_out.txt; exits if unsupported.
    path = os.path.join(target, "boot_out.txt")
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            first = f.readline().strip()
    except OSError:
        sys.exit(
            "%s has no boot_out.txt, so the board cannot be checked: is this a CIRCUITPY drive?"
            " (CircuitPython writes that file at every start; reset the board and try again)"
            % target
        )
    supported = "we support %s on CircuitPython %s" % (
        " and ".join("the %s (%s)" % (held, name) for name, held in BOARDS.items()),
        " and ".join("%d.x" % m for m in MAJORS),
    )
    m = re.match(r"Adafruit CircuitPython ((\d+)\.\S*) on \S+; (.+?) with (\S+)", first)
    if not m:
        sys.exit("could not read the board from %s (first line: %r); %s" % (path, first, supported))
    major, board = int(m.group(2)), m.group(3).strip()
    if board not in BOARDS:
        sys.exit(
            "this drive's board is %r (%s); %s, so nothing was copied" % (board, first, supported)
        )
    if major not in MAJORS:
        sys.exit(
            "this %s runs CircuitPython %d (%s); %s, so nothing was copied: update the firmware"
            " (https://circuitpython.org/downloads)" % (board, major, first, supported)
        )
    return board, major, m.group(1)


def changed_files(src, target):
    # [(path, its size in the build, the drive's bytes or None)] for the build's files whose
    # bytes differ from the drive's (or are missing there), code.py last; not the manifest.
    out = []
    for d, dirs, fs in os.walk(src):
        dirs.sort()
        for f in sorted(fs):
            rel = os.path.relpath(os.path.join(d, f), src).replace(os.sep, "/")
            if rel == MANIFEST:
                continue
            with open(os.path.join(d, f), "rb") as g:
                new = g.read()
            old = None
            try:
                with open(os.path.join(target, rel), "rb") as g:
                    old = g.read()
            except OSError:
                pass
            if new != old:
                out.append((rel, len(new), old))
    out.sort(key=lambda t: t[0] == "code.py")
    return out


def foreign(todo, mine):
    # [(path, why)]: the files a deploy would replace that it did not put there
    out = []
    for rel, _, old in todo:
        if (
            old is None
            or digest(old) in mine.get(rel, ())
            or (rel == "code.py" and old in SAMPLE_CODE)
        ):
            continue
        out.append(
            (
                rel,
                "changed on the drive since the game put it there"
                if rel in mine
                else "not in the game's list, " + MANIFEST,
            )
        )
    return out


def on_drive(target, mine):
    """The files the manifest names that are on the drive: ([those with bytes it lists],
    [those changed since])."""
    same, changed = [], []
    for rel in sorted(mine):
        parts = rel.split("/")
        if rel == MANIFEST or rel.startswith("/") or ".." in parts:
            continue
        try:
            with open(os.path.join(target, rel), "rb") as f:
                (same if digest(f.read()) in mine[rel] else changed).append(rel)
        except OSError:
            pass
    return same, changed


def leftovers(src, target, mine):
    # Files the manifest names that the build no longer has, still as the game put them.
    return [rel for rel in on_drive(target, mine)[0] if not os.path.exists(os.path.join(src, rel))]


def shadows(src, target, gone):
    """[(path, why)]: the .py files on the drive beside which the build puts a .mpy, the game's
    own that go anyway (gone) aside. The board imports name.py before name.mpy
    (stat_file_py_or_mpy, py/builtinimport.c), so each would run instead of the game's."""
    out = []
    for d, dirs, fs in os.walk(src):
        dirs.sort()
        for f in sorted(fs):
            rel = os.path.relpath(os.path.join(d, f[:-4] + ".py"), src).replace(os.sep, "/")
            if f.endswith(".mpy") and rel not in gone and os.path.isfile(os.path.join(target, rel)):
                out.append((rel, "a .py the board would run instead of the game's %s" % f))
    return out


def remove(target, rel):
    # A file of the game's, then each folder above it this leaves empty, but lib/ (the
    # firmware's: supervisor/shared/filesystem.c makes it on a fresh drive).
    os.remove(os.path.join(target, rel))
    parts = rel.split("/")[:-1]
    while parts and parts != ["lib"] and not os.listdir(os.path.join(target, *parts)):
        os.rmdir(os.path.join(target, *parts))
        parts.pop()


def blocks(n, size=4096):
    return (n + size - 1) // size * size


def copy_file(src, dst):
    shutil.copyfile(src, dst)


def copy_into(src, target, rel):
    dst = os.path.join(target, rel)
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    copy_file(os.path.join(src, rel), dst)
    print("  copied %s" % rel)


def backup_folder(target):
    # a new folder on the drive for the files a forced deploy replaces (a name Python cannot import)
    base = os.path.join(target, "royal-casino-backup-" + time.strftime("%Y%m%d-%H%M%S"))
    path, k = base, 1
    while os.path.exists(path):
        k += 1
        path = "%s-%d" % (base, k)
    return path


def the_drive():
    # the one mounted CIRCUITPY drive, or exit saying where it looked
    drives = find_drives()
    if not drives:
        sys.exit(
            "no CIRCUITPY drive found: looked for %s, and for a drive named CIRCUITPY among the"
            " mounted ones (/proc/mounts). Plug the board in, or name the drive:"
            " make deploy CIRCUITPY=/path/to/CIRCUITPY" % ", ".join(drive_places())
        )
    if len(drives) > 1:
        sys.exit(
            "more than one CIRCUITPY drive is mounted (%s); name one: make deploy CIRCUITPY=PATH"
            % ", ".join(drives)
        )
    return drives[0]


def deploy(target, src=OUT, force=False):
    target = target or the_drive()
    if not os.path.isdir(target):
        sys.exit("no CIRCUITPY drive at %s (make deploy CIRCUITPY=/path/to/CIRCUITPY)" % target)
    board, major, v = board_info(target)
    print("found %s (a %s) with CircuitPython %s at %s" % (board, BOARDS[board], v, target))
    src = tree_dir(src, major)
    mine = read_manifest(os.path.join(target, MANIFEST))
    todo = changed_files(src, target)
    gone = leftovers(src, target, mine)
    hiding = shadows(src, target, gone)
    # the sample, once replaced, stays replaced until undeploy: the mark goes on with the game
    sample = has_mark(os.path.join(target, MANIFEST)) or any(
        rel == "code.py" and old in SAMPLE_CODE for rel, _, old in todo
    )
    with open(os.path.join(src, MANIFEST), "rb") as f:
        manifest = marked(f.read(), sample)
    try:
        with open(os.path.join(target, MANIFEST), "rb") as f:
            listed = f.read() == manifest
    except OSError:
        listed = False
    if not todo and not gone and not hiding:
        if listed:
            print("nothing to copy: the drive already holds this build")
        else:
            with open(os.path.join(target, MANIFEST), "wb") as f:
                f.write(manifest)
            print(
                "nothing to copy: the drive already holds this build; wrote its list of the game's"
                " files, %s" % MANIFEST
            )
        return 0
    theirs = foreign(todo, mine) + hiding
    if theirs and not force:
        sys.exit(
            "stopped, nothing copied: %s on %s %s the drive's own, where the game puts its "
            "files:\n%s\n%s"
            "To replace (or remove) them, each copied first into a backup folder on the drive:"
            " make deploy FORCE=1 (or python -m tools.release.bundle --deploy PATH --force)"
            % (
                plural(len(theirs), "file"),
                target,
                "is" if len(theirs) == 1 else "are",
                "\n".join("  %s (%s)" % t for t in theirs),
                ""
                if mine
                else "This drive has no %s: the game was never deployed here, or by a"
                " version that kept no such list.\n" % MANIFEST,
            )
        )
    # Rewriting a file frees its old blocks; count whole 4 KB blocks to leave margin.
    need = sum(blocks(n) - blocks(len(old or b"")) for _, n, old in todo)
    need += sum(blocks(len(old)) for rel, _, old in todo if rel in dict(theirs)) + 2 * blocks(
        len(manifest)
    )
    need += sum(blocks(os.path.getsize(os.path.join(target, rel))) for rel, _ in hiding)
    free = shutil.disk_usage(target).free
    if need > free:
        sys.exit(
            "not enough room on %s: the copy needs %s bytes more, the drive has %s free;"
            " nothing was copied (make room, e.g. delete files you no longer need)"
            % (target, format(need, ","), format(free, ","))
        )
    if theirs:
        keep = backup_folder(target)
        for rel, _ in theirs:
            os.makedirs(os.path.dirname(os.path.join(keep, rel)), exist_ok=True)
            shutil.copyfile(os.path.join(target, rel), os.path.join(keep, rel))
        print(
            "backed up the drive's own %s to %s: %s"
            % ("file" if len(theirs) == 1 else "files", keep, ", ".join(rel for rel, _ in theirs))
        )
    # While files are copied the manifest lists both their old and new bytes, so a copy
    # cut short leaves no file of ours that the next deploy takes for the drive's own.
    both = {rel: set(h) for rel, h in mine.items()}
    for rel, h in read_manifest(os.path.join(src, MANIFEST)).items():
        both.setdefault(rel, set()).update(h)
    with open(os.path.join(target, MANIFEST), "wb") as f:
        f.write(marked(manifest_text(both), sample))
    # code.py last, so the board restarts into a complete tree, the files that go gone before it
    for rel, _, _ in todo:
        if rel != "code.py":
            copy_into(src, target, rel)
    for rel in gone:
        remove(target, rel)
        print("  removed %s (the game's, no longer part of it)" % rel)
    for rel, _ in hiding:
        remove(target, rel)
        print("  removed %s (it would run instead of the game's bytecode)" % rel)
    if todo and todo[-1][0] == "code.py":
        copy_into(src, target, "code.py")
    with open(os.path.join(target, MANIFEST), "wb") as f:
        f.write(manifest)
    if hasattr(os, "sync"):
        os.sync()
    print(
        "copied %s to %s%s"
        % (
            plural(len(todo), "changed file"),
            target,
            ", removed %d" % (len(gone) + len(hiding)) if gone or hiding else "",
        )
    )
    return 0


def undeploy(target):
    """Removes the game from a drive: every file its manifest lists with the bytes it has, code.py
    first (the board restarts into no game, not half of one), then the manifest; a file changed
    since the game put it there stays, and the manifest then lists only those."""
    target = target or the_drive()
    if not os.path.isdir(target):
        sys.exit("no CIRCUITPY drive at %s (make undeploy CIRCUITPY=/path/to/CIRCUITPY)" % target)
    path = os.path.join(target, MANIFEST)
    mine = read_manifest(path)
    if not mine:
        sys.exit(
            "%s has no %s, the list of the game's files, so nothing was removed (the game was"
            " never copied there, or by a version that kept no such list)" % (target, MANIFEST)
        )
    sample = has_mark(path)
    same, changed = on_drive(target, mine)
    same.sort(key=lambda rel: rel != "code.py")
    for rel in same:
        remove(target, rel)
    # code.py gone and no other file the firmware runs: the sample back where it was replaced
    bare = "code.py" in same and not any(
        os.path.isfile(os.path.join(target, f)) for f in CODE_FILES
    )
    if bare and sample:
        with open(os.path.join(target, "code.py"), "wb") as f:
            f.write(SAMPLE_CODE[0])
    if changed:
        with open(path, "wb") as f:
            f.write(manifest_text(dict((rel, mine[rel]) for rel in changed)))
    else:
        os.remove(path)
    if hasattr(os, "sync"):
        os.sync()
    print("removed the game from %s: %s" % (target, plural(len(same), "file")))
    if changed:
        print(
            "kept %s changed on the drive since the game put %s there (still listed in %s):\n%s"
            % (
                plural(len(changed), "file"),
                "it" if len(changed) == 1 else "them",
                MANIFEST,
                "\n".join("  " + rel for rel in changed),
            )
        )
    backups = sorted(p for p in os.listdir(target) if p.startswith("royal-casino-backup-"))
    theirs = [b + "/code.py" for b in backups if os.path.isfile(os.path.join(target, b, "code.py"))]
    if bare and sample:
        print(
            "put back CircuitPython's own sample code.py (%s), which the game had replaced: the"
            " board starts as on a new drive" % SAMPLE_CODE[0].decode().strip()
        )
    elif bare:
        print(
            "the drive has no code.py now: the board runs no program until one is copied there%s"
            % (" (the code.py a forced deploy replaced: %s)" % ", ".join(theirs) if theirs else "")
        )
    if backups:
        print(
            "the files a forced deploy replaced are in %s: copy back what you want"
            % ", ".join(backups)
        )
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--out", default=OUT, metavar="DIR", help="where to build (default build/CIRCUITPY)"
    )
    ap.add_argument(
        "--deploy",
        nargs="?",
        const="",
        metavar="CIRCUITPY",
        help="copy the build onto this drive (no path, or an empty one: find it)",
    )
    ap.add_argument(
        "--force",
        action="store_true",
        help="with --deploy: replace the drive's own files too, each backed up on the drive first",
    )
    ap.add_argument(
        "--zip",
        nargs="?",
        const="",
        metavar="ZIP",
        help="also write the release zip (default build/royal-casino-VERSION.zip)",
    )
    ap.add_argument(
        "--undeploy",
        nargs="?",
        const="",
        metavar="CIRCUITPY",
        help="only remove the game from this drive (no path, or an empty one: find it)",
    )
    args = ap.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)  # each line out before a stop's message
    if args.undeploy is not None:
        return undeploy(args.undeploy)
    build(args.out)
    if args.zip is not None:
        make_zip(args.out, args.zip or None)
    if args.deploy is not None:
        return deploy(args.deploy, args.out, args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main())
