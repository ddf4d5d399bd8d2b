#!/usr/bin/env python3
"""Build build/CIRCUITPY/, the folder to copy onto the board, and print its size.

    python3 tools/bundle.py                    # build only
    python3 tools/bundle.py --deploy /media/me/CIRCUITPY
    python3 tools/bundle.py --deploy           # finds the mounted CIRCUITPY drive itself
    python3 tools/bundle.py --zip              # build/royal-casino-VERSION.zip, the release

A deploy first reads the drive's boot_out.txt and refuses a board or a
CircuitPython major version we do not support (BOARDS, MAJORS below), checks that
the changed files fit in the drive's free space, then copies only the files whose
bytes differ, code.py last.  It deletes nothing on the drive (the saved game lives
in the board's nvm, not on the drive).

Contents: code.py, engine/*.py, lib/*.py (not the host platform), sprites/*.bmp,
fonts/LICENSE (the sprites' glyphs come from those fonts; the BDFs themselves are
not read on the board), and any Adafruit library our modules import, copied from
the installed packages in the venv (no network).
"""
import argparse
import os
import re
import shutil
import sys
import sysconfig
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build", "CIRCUITPY")
HOST_ONLY = ("platform_host.py", "filenvm.py")   # desktop stand-ins
# What the game runs on: the board names CircuitPython writes in boot_out.txt, and its major versions.
BOARDS = ("Adafruit PyGamer", "Adafruit PyBadge", "Adafruit EdgeBadge")
MAJORS = (9, 10)


def ours():
    files = ["code.py"]
    files += ["engine/" + f for f in sorted(os.listdir(os.path.join(ROOT, "engine"))) if f.endswith(".py")]
    files += ["lib/" + f for f in sorted(os.listdir(os.path.join(ROOT, "lib")))
              if f.endswith((".py", ".txt")) and f not in HOST_ONLY]
    files += ["sprites/" + f for f in sorted(os.listdir(os.path.join(ROOT, "sprites"))) if f.endswith(".bmp")]
    files.append("fonts/LICENSE")
    files.append("VERSION")            # shown on the controls page, written into the save
    return files


def adafruit_imports(files):
    names = set()
    for f in files:
        if f.endswith(".py"):
            for m in re.finditer(r"^\s*(?:import|from)\s+(adafruit_\w+)", open(os.path.join(ROOT, f)).read(), re.M):
                names.add(m.group(1))
    return sorted(names)


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


def readme_txt():
    # The zip's README.txt: which folder to copy, then docs/BOARD.md as it is.
    with open(os.path.join(ROOT, "docs", "BOARD.md"), encoding="utf-8") as f:
        board = f.read()
    head = ("Royal Casino for handhelds %s\n\n"
            "For an Adafruit PyGamer, PyBadge or EdgeBadge. Look in boot_out.txt on the CIRCUITPY\n"
            "drive for your CircuitPython version, open the folder of that version here\n"
            "(%s) and copy everything in it onto CIRCUITPY, code.py last.\n"
            "Nothing else has to be installed. The rest of this file is docs/BOARD.md.\n\n"
            % (version(), ", ".join("CircuitPython %d.x" % m for m in MAJORS)))
    return head + board


def make_zip(src, path=None):
    # The Adafruit Learn "project bundle" shape: one folder per CircuitPython major version,
    # each the tree to copy to the drive, and README.txt; fixed dates, so the same tree
    # gives the same bytes.  Plain .py and BMPs: today every version's tree is the same.
    path = path or zip_name()
    top = "royal-casino-%s/" % version()
    files = []
    for d, dirs, fs in os.walk(src):
        dirs.sort()
        files += sorted(os.path.relpath(os.path.join(d, f), src) for f in fs)

    def add(z, name, data):
        info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, data)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with zipfile.ZipFile(path, "w") as z:
        add(z, top + "README.txt", readme_txt().encode("utf-8"))
        for m in MAJORS:
            for rel in files:
                with open(os.path.join(src, rel), "rb") as f:
                    add(z, top + "CircuitPython %d.x/" % m + rel.replace(os.sep, "/"), f.read())
    print("%s: %d bytes, folders %s" % (path, os.path.getsize(path),
                                        ", ".join("CircuitPython %d.x" % m for m in MAJORS)))
    return path


def build(out=OUT):
    if os.path.isdir(out):
        shutil.rmtree(out)
    files = ours()
    for f in files:
        dst = os.path.join(out, f)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, f), dst)
    site = sysconfig.get_paths()["purelib"]
    libs = adafruit_imports(files)
    for name in libs:
        src = os.path.join(site, name)
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(out, "lib", name),
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copyfile(src + ".py", os.path.join(out, "lib", name + ".py"))
    for part in ("code.py", "engine", "lib", "sprites", "fonts"):
        p = os.path.join(out, part)
        n = os.path.getsize(p) if os.path.isfile(p) else size_of(p)
        print("  %-8s %7d bytes" % (part, n))
    print("Adafruit libraries: %s" % (", ".join(libs) if libs else "none needed (our own text and sprite code)"))
    name = os.path.relpath(out, ROOT) if os.path.abspath(out).startswith(ROOT + os.sep) else out
    print("%s: %d files, %d bytes" % (name, sum(len(fs) for _, _, fs in os.walk(out)), size_of(out)))


def find_drives(user=None, mounts="/proc/mounts", roots=("/media/{user}", "/run/media/{user}", "/Volumes")):
    # Mounted CIRCUITPY drives: the usual Linux and macOS places, then /proc/mounts.
    user = user or os.environ.get("USER") or os.environ.get("LOGNAME") or ""
    found = []
    for r in roots:
        p = os.path.join(r.format(user=user), "CIRCUITPY")
        if os.path.isdir(p):
            found.append(p)
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
    # (board name, major version, first line) from the drive's boot_out.txt; exits if unsupported.
    path = os.path.join(target, "boot_out.txt")
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            first = f.readline().strip()
    except OSError:
        sys.exit("%s has no boot_out.txt, so the board cannot be checked: is this a CIRCUITPY drive?"
                 " (CircuitPython writes that file at every start; reset the board and try again)" % target)
    supported = "we support %s on CircuitPython %s" % (
        ", ".join(BOARDS), " and ".join("%d.x" % m for m in MAJORS))
    m = re.match(r"Adafruit CircuitPython (\d+)\.\S* on \S+; (.+?) with (\S+)", first)
    if not m:
        sys.exit("could not read the board from %s (first line: %r); %s" % (path, first, supported))
    major, board = int(m.group(1)), m.group(2).strip()
    if board not in BOARDS:
        sys.exit("this drive's board is %r (%s); %s, so nothing was copied" % (board, first, supported))
    if major not in MAJORS:
        sys.exit("this %s runs CircuitPython %d (%s); %s, so nothing was copied: update the firmware"
                 " (https://circuitpython.org/downloads)" % (board, major, first, supported))
    return board, major, first


def changed_files(src, target):
    # Files of the build whose bytes differ from the drive's (or are missing), code.py last.
    out = []
    for d, dirs, fs in os.walk(src):
        dirs.sort()
        for f in sorted(fs):
            rel = os.path.relpath(os.path.join(d, f), src)
            with open(os.path.join(d, f), "rb") as g:
                new = g.read()
            old = None
            try:
                with open(os.path.join(target, rel), "rb") as g:
                    old = g.read()
            except OSError:
                pass
            if new != old:
                out.append((rel, len(new), len(old) if old is not None else 0))
    out.sort(key=lambda t: t[0] == "code.py")
    return out


def blocks(n, size=4096):
    return (n + size - 1) // size * size


def copy_file(src, dst):
    shutil.copyfile(src, dst)


def deploy(target, src=OUT):
    if not target:
        drives = find_drives()
        if not drives:
            sys.exit("no mounted CIRCUITPY drive found (looked in /media/$USER, /run/media/$USER, /Volumes"
                     " and /proc/mounts); plug the board in, or name it: make deploy CIRCUITPY=/path/to/CIRCUITPY")
        if len(drives) > 1:
            sys.exit("more than one CIRCUITPY drive is mounted (%s); name one: make deploy CIRCUITPY=PATH"
                     % ", ".join(drives))
        target = drives[0]
    if not os.path.isdir(target):
        sys.exit("no CIRCUITPY drive at %s (make deploy CIRCUITPY=/path/to/CIRCUITPY)" % target)
    board, major, _ = board_info(target)
    print("%s: %s, CircuitPython %d.x" % (target, board, major))
    todo = changed_files(src, target)
    if not todo:
        print("nothing to copy: the drive already holds this build")
        return 0
    # Rewriting a file frees its old blocks; count whole 4 KB blocks to leave margin.
    need = sum(blocks(n) - blocks(old) for _, n, old in todo)
    free = shutil.disk_usage(target).free
    if need > free:
        sys.exit("not enough room on %s: the %d changed files need %d bytes more, the drive has %d free;"
                 " nothing was copied (make room, e.g. delete files you no longer need)"
                 % (target, len(todo), need, free))
    # code.py last, so the board restarts into a complete tree
    for rel, _, _ in todo:
        dst = os.path.join(target, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        copy_file(os.path.join(src, rel), dst)
        print("  copied %s" % rel)
    if hasattr(os, "sync"):
        os.sync()
    print("copied %d changed files to %s" % (len(todo), target))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=OUT, metavar="DIR", help="where to build (default build/CIRCUITPY)")
    ap.add_argument("--deploy", nargs="?", const="", metavar="CIRCUITPY",
                    help="copy the build onto this drive (no path, or an empty one: find it)")
    ap.add_argument("--zip", nargs="?", const="", metavar="ZIP",
                    help="also write the release zip (default build/royal-casino-VERSION.zip)")
    args = ap.parse_args(argv)
    build(args.out)
    if args.zip is not None:
        make_zip(args.out, args.zip or None)
    if args.deploy is not None:
        return deploy(args.deploy, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
