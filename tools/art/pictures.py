"""Regenerate the pictures the README shows (docs/pictures/*.png, 3x zoom) from tools/art/shots.py.

    PYTHONPATH=lib python3 -m tools.art.pictures [--zoom 3]
The same screens as `make shots`, rendered headless; only the chosen ones are kept,
under plain names. The PNGs are committed so they show on GitHub; rendering is
deterministic, so running it again changes no file unless a screen changed. Prints one
line: where the pictures went and which of them changed.
"""

import argparse
import contextlib
import io
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "docs", "pictures")
# picture name: the shot it comes from (tools/art/shots.py), in the README's order
PICTURES = (
    ("game", "midgame"),  # a 4-player game in progress: the README opens with it
    ("title", "title"),
    ("setup", "setup"),
    ("choice", "choice"),  # a card's move, its table cards highlighted
    ("summary", "summary4"),  # a round's scores
    ("pause", "pause"),
    ("rules", "rules1"),
)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--zoom", type=int, default=3)
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args(argv)
    from tools.art import shots

    os.makedirs(args.out, exist_ok=True)
    changed = []
    with tempfile.TemporaryDirectory() as tmp:
        with contextlib.redirect_stdout(io.StringIO()):  # shots' own line: not ours
            shots.main(["--out", tmp, "--zoom", str(args.zoom)])
        for name, shot in PICTURES:
            src = os.path.join(tmp, "%s@%dx.png" % (shot, args.zoom))
            dst = os.path.join(args.out, name + ".png")
            if not os.path.exists(dst) or read(dst) != read(src):
                changed.append(name)
                shutil.copyfile(src, dst)
    out = os.path.relpath(args.out)
    print(
        "%d pictures at %dx in %s/: %s"
        % (
            len(PICTURES),
            args.zoom,
            args.out if out.startswith("..") else out,
            "%s changed" % ", ".join(changed) if changed else "none changed",
        )
    )
    return 0


def read(path):
    with open(path, "rb") as f:
        return f.read()


if __name__ == "__main__":
    sys.exit(main())
