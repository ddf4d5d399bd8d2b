#!/usr/bin/env python3
"""Build build/CIRCUITPY/, the folder to copy onto the board, and print its size.

    python3 tools/bundle.py                    # build only
    python3 tools/bundle.py --deploy /media/me/CIRCUITPY

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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build", "CIRCUITPY")
HOST_ONLY = ("platform_host.py", "filenvm.py")   # desktop stand-ins


def ours():
    files = ["code.py"]
    files += ["engine/" + f for f in sorted(os.listdir(os.path.join(ROOT, "engine"))) if f.endswith(".py")]
    files += ["lib/" + f for f in sorted(os.listdir(os.path.join(ROOT, "lib")))
              if f.endswith(".py") and f not in HOST_ONLY]
    files += ["sprites/" + f for f in sorted(os.listdir(os.path.join(ROOT, "sprites"))) if f.endswith(".bmp")]
    files.append("fonts/LICENSE")
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


def build():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    files = ours()
    for f in files:
        dst = os.path.join(OUT, f)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, f), dst)
    site = sysconfig.get_paths()["purelib"]
    libs = adafruit_imports(files)
    for name in libs:
        src = os.path.join(site, name)
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(OUT, "lib", name),
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copyfile(src + ".py", os.path.join(OUT, "lib", name + ".py"))
    for part in ("code.py", "engine", "lib", "sprites", "fonts"):
        p = os.path.join(OUT, part)
        n = os.path.getsize(p) if os.path.isfile(p) else size_of(p)
        print("  %-8s %7d bytes" % (part, n))
    print("Adafruit libraries: %s" % (", ".join(libs) if libs else "none needed (our own text and sprite code)"))
    print("build/CIRCUITPY: %d files, %d bytes" % (sum(len(fs) for _, _, fs in os.walk(OUT)), size_of(OUT)))


def deploy(target):
    if not os.path.isdir(target):
        sys.exit("no CIRCUITPY drive at %s (make deploy CIRCUITPY=/path/to/CIRCUITPY)" % target)
    # everything but code.py first, so the board restarts once, into a complete tree
    for d, _, fs in os.walk(OUT):
        for f in fs:
            rel = os.path.relpath(os.path.join(d, f), OUT)
            if rel == "code.py":
                continue
            os.makedirs(os.path.join(target, os.path.dirname(rel)), exist_ok=True)
            shutil.copyfile(os.path.join(d, f), os.path.join(target, rel))
    shutil.copyfile(os.path.join(OUT, "code.py"), os.path.join(target, "code.py"))
    print("copied build/CIRCUITPY to %s" % target)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deploy", metavar="CIRCUITPY")
    args = ap.parse_args()
    build()
    if args.deploy:
        deploy(args.deploy)
    return 0


if __name__ == "__main__":
    sys.exit(main())
