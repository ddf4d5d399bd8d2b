"""make release: a release in one command, from a clean checkout (PYTHONPATH=lib: it runs the app).

    make release VERSION=1.1.0                         # writes VERSION, then as below
    make release                                       # the number VERSION holds already
    PYTHONPATH=lib python -m tools.release.release [X.Y.Z] [--no-commit]
    PYTHONPATH=lib python -m tools.release.release --check build/royal-casino-X.Y.Z.zip

It refuses, changing nothing, a checkout with changes not committed (the zip is built from the
files as they are), a number not of the form X.Y.Z (each part at most 255: the save keeps a
byte a part) or not greater than the last one CHANGELOG.md has released, and a CHANGELOG.md
whose "## Unreleased" section lists nothing. Then it writes the number into VERSION (the one
place it lives: bundle.version()), moves the Unreleased entries under "## X.Y.Z (YYYY-MM-DD)"
(today's date), leaving Unreleased empty, builds build/royal-casino-X.Y.Z.zip (bundle.py) and
checks that every place a player reads the number says it (check()): the zip's name, its top
folder and README.txt; in each CircuitPython folder the game's VERSION and its files' list;
and the app itself, run on the desktop from that folder's VERSION, sprites and pages, on the
last Controls page and in the save it writes. If any disagrees, VERSION and CHANGELOG.md are
put back as they were and it stops. Else it commits the two ("Release X.Y.Z"), tags the commit
vX.Y.Z, writes the section's entries to build/release-notes-X.Y.Z.md and prints what is left
to do by hand: push, and the GitHub release with the zip attached (docs/BOARD.md, "Releasing").
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import zipfile

from tools.release import bundle
from tools.release.files import FOLDER, ROOT

CHANGELOG = "CHANGELOG.md"
UNRELEASED = "## Unreleased"
RELEASED = re.compile(r"^## (\d+\.\d+\.\d+)\b", re.M)


class Refused(Exception):
    """Why the release cannot go ahead; nothing has been changed."""


def parse(v):
    """(X, Y, Z) from "X.Y.Z"; Refused if it does not read so, or a part is past 255."""
    m = re.match(r"^(\d+)\.(\d+)\.(\d+)$", v or "")
    if not m:
        raise Refused("a release number reads like 1.1.0, not %r" % v)
    parts = tuple(int(x) for x in m.groups())
    if max(parts) > 255:
        raise Refused("%s: the save keeps each part of the number in a byte (at most 255)" % v)
    return parts


def unreleased(text):
    """(the text before "## Unreleased", its entries, the text from the next section on)."""
    lines = text.split("\n")
    try:
        at = [ln.rstrip() for ln in lines].index(UNRELEASED)
    except ValueError:
        raise Refused("%s has no %r section" % (CHANGELOG, UNRELEASED)) from None
    end = at + 1
    while end < len(lines) and not lines[end].startswith("## "):
        end += 1
    return "\n".join(lines[:at]), "\n".join(lines[at + 1 : end]).strip("\n"), "\n".join(lines[end:])


def last_released(text):
    """The newest number the changelog has released (its first "## X.Y.Z"), or None."""
    m = RELEASED.search(text)
    return m.group(1) if m else None


def dated(text, version, date):
    """The changelog with its Unreleased entries under "## version (date)", and an empty
    Unreleased section above it. Refused if there are no entries, or version is not
    greater than the last released."""
    before, entries, after = unreleased(text)
    last = last_released(text)
    if last and parse(version) <= parse(last):
        raise Refused(
            "%s is not greater than %s, the last release in %s (make release VERSION=X.Y.Z"
            " names the new one)" % (version, last, CHANGELOG)
        )
    if not re.search(r"^\s*[-*] \S", entries, re.M):
        raise Refused(
            "%s's %r section lists nothing: write what changed for a player there first"
            % (CHANGELOG, UNRELEASED)
        )
    from tools.docs.marks import unmarked  # a released section keeps its figures as written

    return "%s%s\n\n## %s (%s)\n\n%s\n\n%s" % (
        before + "\n" if before else "",
        UNRELEASED,
        version,
        date,
        unmarked(entries),
        after,
    )


def git(*args):
    r = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
    if r.returncode:
        raise Refused("git %s: %s" % (" ".join(args), (r.stderr or r.stdout).strip()))
    return r.stdout


def clean():
    """Refused unless every file of the checkout is as committed (nothing changed, nothing
    new that git does not ignore)."""
    changed = git("status", "--porcelain").splitlines()
    if changed:
        raise Refused(
            "the checkout has changes not committed, and the zip is built from the files as"
            " they are: commit or remove them first:\n%s" % "\n".join("  " + c for c in changed)
        )


def app_says(folder):
    """(the version on the last Controls page, the version in the save the app writes): the
    app (lib/) run headless with the game's files from folder (a released tree's game folder:
    its VERSION, sprites and pages), as the board runs it from the drive."""
    import gfx
    from engine.saveread import unpack
    from tools.sim.platform_host import Scripted

    import intents as K
    import session
    from app import App

    keep = gfx.ROOT, gfx.PAGES
    gfx.ROOT = gfx.PAGES = folder
    gfx._sheets.clear()  # the sprites from folder too
    try:
        p = Scripted(step=100, nvm=bytearray(8192))
        app = App(p, pace=0, seed=1)
        app.show("title")
        title = app.screen
        for _ in range(title.items.index("Controls")):
            app.step(K.DOWN, p.ticks())
        app.step(K.A, p.ticks())
        page = app.screen
        for _ in range(page.pages - 1):
            app.step(K.RIGHT, p.ticks())
        shown = page.lines[-1].text.strip()
        app.persist()  # the save as the board writes it, read back by its own codec
        payload, _ = session.open_save(p.bytes)[0].load()
        saved = "%d.%d.%d" % unpack(payload).settings.version
    finally:
        gfx.ROOT, gfx.PAGES = keep
        gfx._sheets.clear()
    return shown.replace("version ", "", 1) if shown.startswith("version ") else shown, saved


def check(path, version):
    """([(place, what it says)] of the places that do not say version, the same of every
    place) for the zip at path: its name and top folder, README.txt's first line, and for each
    CircuitPython folder the game's VERSION, its files' list, the last Controls page and the
    save (app_says)."""
    says = []
    top = "royal-casino-%s" % version
    name = os.path.basename(path)
    m = re.match(r"^royal-casino-(.+)\.zip$", name)
    says.append(("the zip's name", m.group(1) if m else name))
    with zipfile.ZipFile(path) as z, tempfile.TemporaryDirectory() as tmp:
        names = z.namelist()
        tops = sorted(set(n.split("/")[0] for n in names))
        says.append(("the zip's folder", " ".join(t.replace("royal-casino-", "") for t in tops)))
        inside = tops[0] if len(tops) == 1 else top
        try:
            first = z.read(inside + "/README.txt").decode("utf-8").split("\n")[0]
        except KeyError:
            first = "(no README.txt)"
        says.append(("README.txt", first.rsplit(" ", 1)[-1]))
        for major in bundle.MAJORS:
            tree = "%s/CircuitPython %d.x/" % (inside, major)
            here = "CircuitPython %d.x" % major
            if not any(n.startswith(tree) for n in names):
                says.append((here, "(no such folder)"))
                continue
            z.extractall(tmp, [n for n in names if n.startswith(tree)])
            game = os.path.join(tmp, tree, FOLDER)
            try:
                with open(os.path.join(game, "VERSION")) as f:
                    says.append((here + "'s " + FOLDER + "/VERSION", f.read().strip()))
                with open(os.path.join(tmp, tree, bundle.MANIFEST)) as f:
                    head = re.match(r"^# Royal Casino (\S+):", f.readline())
                says.append(
                    (here + "'s " + bundle.MANIFEST, head.group(1) if head else "(no number)")
                )
            except OSError as e:
                says.append((here, "(%s)" % e))
                continue
            shown, saved = app_says(game + "/")
            says.append((here + ": the last Controls page", shown))
            says.append((here + ": the save", saved))
    return [(place, said) for place, said in says if said != version], says


def report(path, version):
    """Prints what each place says; True if all say version."""
    wrong, says = check(path, version)
    for place, said in says:
        print("  %-52s %s%s" % (place, said, "" if said == version else "   <- not " + version))
    return not wrong


def release(version=None, commit=True):
    """The release (module docstring); returns the zip's path. Refused: nothing changed."""
    clean()
    vfile, log = os.path.join(ROOT, "VERSION"), os.path.join(ROOT, CHANGELOG)
    with open(vfile) as f:
        old_version = f.read()
    with open(log, encoding="utf-8") as f:
        old_log = f.read()
    version = version or old_version.strip()
    parse(version)
    new_log = dated(old_log, version, time.strftime("%Y-%m-%d"))
    if git("tag", "--list", "v" + version).strip():
        raise Refused("the tag v%s exists already" % version)
    with open(vfile, "w") as f:
        f.write(version + "\n")
    with open(log, "w", encoding="utf-8") as f:
        f.write(new_log)
    ok = False
    try:
        bundle.build()
        path = bundle.make_zip(bundle.OUT)
        print("the release number in each place the zip has it:")
        ok = report(path, version)
    finally:
        if not ok:  # as it was
            with open(vfile, "w") as f:
                f.write(old_version)
            with open(log, "w", encoding="utf-8") as f:
                f.write(old_log)
    if not ok:
        raise Refused(
            "the zip does not say %s everywhere (above): VERSION and %s are as they were"
            % (version, CHANGELOG)
        )
    notes = os.path.join(ROOT, "build", "release-notes-%s.md" % version)
    with open(notes, "w", encoding="utf-8") as f:
        f.write(unreleased(old_log)[1] + "\n")
    if commit:
        try:
            git("commit", "-q", "-m", "Release %s" % version, "--", "VERSION", CHANGELOG)
            git("tag", "-a", "v" + version, "-m", "Royal Casino %s" % version)
        except Refused as e:
            raise Refused(
                "%s\n(the zip is built and checked, VERSION and %s written: commit them as"
                " 'Release %s' and tag the commit v%s by hand)" % (e, CHANGELOG, version, version)
            ) from None
    zip_rel, notes_rel = bundle.shown(path), bundle.shown(notes)
    print(
        "released %s: %s%s\nLeft to do by hand:\n%s"
        % (
            version,
            zip_rel,
            ", committed and tagged v%s" % version
            if commit
            else " (VERSION and %s not"
            " committed: commit them, then tag v%s)" % (CHANGELOG, version),
            "\n".join(
                [
                    "  git push origin HEAD v%s" % version,
                    "  on GitHub, Releases, 'Draft a new release': the tag v%s, the title"
                    " 'Royal Casino %s', the notes from %s, and %s attached"
                    % (
                        version,
                        version,
                        notes_rel,
                        zip_rel,
                    ),
                    "  (or: gh release create v%s %s --title 'Royal Casino %s' --notes-file %s)"
                    % (version, zip_rel, version, notes_rel),
                ]
            ),
        )
    )
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description="make release: " + __doc__.split("\n")[0])
    ap.add_argument("version", nargs="?", help="X.Y.Z (default: the file VERSION's)")
    ap.add_argument(
        "--no-commit", action="store_true", help="leave VERSION and the changelog uncommitted"
    )
    ap.add_argument("--check", metavar="ZIP", help="only check a zip against the file VERSION")
    args = ap.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)
    try:
        if args.check:
            version = args.version or bundle.version()
            print("the release number in each place %s has it:" % bundle.shown(args.check))
            if not report(args.check, version):
                sys.exit("%s does not say %s everywhere (above)" % (args.check, version))
            print("%s says %s everywhere" % (bundle.shown(args.check), version))
            return 0
        release(args.version, commit=not args.no_commit)
    except Refused as e:
        sys.exit("no release: %s" % e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
