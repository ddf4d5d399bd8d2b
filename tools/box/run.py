"""The board in a box: the whole app (the real code.py) under MicroPython with
stand-ins for the board's built-in modules (tools/box/standins), a button script
playing whole games through it, and the figures that say whether it fits.

    python -m tools.box.run --games G --players P --heap N --seed S [--board pygamer|pybadge]
                              [--vm mp|cp9|cp10] [--theirs]

The game runs as it is laid out on the drive (tools/release/bundle.py's tree: code.py at
the root, the game's folder first on sys.path), and a module the app imports
from anywhere but that folder fails the run. --theirs puts another project's
modules on the drive as well, each failing if imported: /gfx.py, /lib/app.py and
/lib/menu.py.

--players: 2, 3, 4, or a list ("2,3,4": game g has the g-th, round the list).
Every third game is pass and play (P2 a person); the others have hard
computers in every seat but P1, the person who moves the cursor (the hint,
a grey card's reason, the memory line, the pause menu with its rules and
controls pages, statistics: every screen). With two or more games the power
is cut in the second game and the board restarts into Continue.
--vm: the interpreter. mp (the default, what `make test` runs): the host's
64-bit MicroPython, one heap of --heap bytes; its figures are about 1.35 times
the board's. cp9, cp10: the board's own interpreter (tools/box/boardvm.py), 32-bit
CircuitPython 9.x or 10.x whose heap starts at 8 KB and grows in pieces into a
pool of --heap bytes (the PyGamer's is about 150 KB), with the board's pystack.
The child (run_mp.py) runs in the drive, tools/ a link beside the game, with
MICROPYPATH=tools/box:tools/box/standins:lib: the drive's root, its lib/ and the stand-ins.
--heap: the largest heap (mp) or pool (cp9, cp10) tried (e.g. 256k); the run
there gives the times, the rounds and the pystack, then the smallest heap or
pool in which every part of the run completes is searched for: to 4 KB, and on
cp9 and cp10 the last 4 KB to 256 bytes (the board's budget is in bytes).
Figures (bytes of that VM's heap; what the stand-ins hold is taken out, their
objects' excess measured at that VM's word size):
  standins_bytes   the heap the stand-ins and this driver hold before code.py
  peak_app_bytes   the smallest heap (mp) or pool (cp9, cp10: its pieces and
                   their tables, as the board's pool must hold them) in which
                   every part completes, less the stand-ins' share (their bytes
                   above plus their objects' excess over the firmware's structs
                   where the next smaller one ran out)
  round_heap_max   the app's heap after each round (collected), its largest
  import_peak      the largest heap in use just after the app imported a module
  boot_ms          first import to the title on screen
  step_ms_max      the slowest button step (less computer decisions in it)
  decision_ms_max  the slowest computer decision
  trace            the computers' moves folded into a number: two runs of the
                   same games (from .py and from .mpy, say) made the same moves
                   where it is the same
  pystack_max      the app's deepest Python stack in bytes, recorded by the board
                   VM itself (its frames are printed; the box's own frames, C on
                   the board, are left out), checked against tools/box/pystack.py's
                   sizes; -1 on mp, which has no pystack
The last line is "boardbox ok vm=V source=S games=G peak_app_bytes=N round_heap_max=N
boot_ms=N step_ms_max=N decision_ms_max=N pystack_max=N trace=N", or "boardbox FAILED ..."
(exit status 1).
"""

import argparse
import os
import shutil
import sys
import tempfile

from tools.box import mp
from tools.release import bundle
from tools.release.files import FOLDER

ROOT = mp.ROOT
STEP = 4096  # the search's step, then FINE on the board VMs
FINE = 256
# the child's sys.path beside "" (the drive's root), as MICROPYPATH: its own folder, the
# stand-ins, as the firmware's built-in modules, and the drive's lib/ (the board's is ['', '/',
# '.frozen', '/lib'])
CHILD_PATH = ("tools/box", "tools/box/standins", "lib")
# the release's bytecode each VM loads: its CircuitPython's; the host MicroPython takes the
# 10.x set, its first byte made MicroPython's
MAJOR = {"cp9": 9, "cp10": 10, "mp": 10}
# (figure, at most) on each VM's last line (docs/BOARD.md): the whole app's peak on the 10.x
# board VM, the app's pystack on the 9.x one; the 64-bit box's regression guard: the app's
# share of the 240 KB heap host_tests/test_boardbox.py runs it in (the stand-ins take about
# 81 KB of it there, their objects' excess included)
BUDGETS = {
    "cp10": ("peak_app_bytes", 98_300),  # 104 KB with 8 KB of it left as room (shared DESIGN)
    "cp9": ("pystack_max", 1400),
    "mp": ("peak_app_bytes", 159 * 1024),
}


def figures(line):
    """The name=value pairs of the last line (ints, floats, else text)."""
    out = {}
    for word in line.split():
        if "=" in word:
            k, v = word.split("=", 1)
            try:
                out[k] = float(v) if "." in v else int(v)
            except ValueError:
                out[k] = v
    return out


def heap_bytes(text):
    t = text.strip().lower()
    if t.endswith("k"):
        return int(t[:-1]) * 1024
    if t.endswith("m"):
        return int(t[:-1]) * 1024 * 1024
    return int(t)


def parse(out):
    # "key value ..." lines of run_mp.py
    r = {"status": "", "imports": [], "rounds": [], "names": []}
    for line in out.splitlines():
        w = line.split()
        if not w:
            continue
        if line.startswith("qstr pool:"):  # after each round (run_mp's round_heap)
            r["names"].append(int(line.rsplit("=", 1)[1]))
        elif w[0] == "import":
            r["imports"].append((w[1], int(w[2]), int(w[3])))
        elif w[0] == "rounds":
            r["rounds"] = [int(x) for x in w[1:]]
        elif w[0] == "screens":
            r["screens"] = w[1:]
        elif w[0] == "pystack_frame":
            r.setdefault("stack_frames", []).append((w[2], w[3], int(w[1])))
        elif w[0] in ("done", "cut") or w[0] == "FAILED":
            r["status"] = line
        elif len(w) >= 2:
            for k in range(0, len(w) - 1, 2):
                try:
                    r[w[k]] = int(w[k + 1])
                except ValueError:
                    r[w[k]] = w[k + 1]
    return r


# Another project's modules on the drive, under names the game's modules have too (--theirs):
# at the root, where the board's sys.path looks before /lib, and in /lib.
THEIRS = ("gfx.py", "lib/app.py", "lib/menu.py")


class Box:
    def __init__(self, a):
        self.a = a
        # A drive as the board's: the game laid out by tools/release/bundle.py under build/ by a
        # relative name of fixed length, the box's programs beside it (tools/, a link to
        # the repository's), and the flash between a power cut and the restart next to it.
        # The child runs in the drive with relative paths only, as the board runs code.py
        # in its drive's root: nothing on the heap depends on where the repository is.
        os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
        self.tmp = os.path.relpath(
            tempfile.mkdtemp(prefix="bx", dir=os.path.join(ROOT, "build")), ROOT
        )
        self.drive = os.path.join(ROOT, self.tmp, "CIRCUITPY")
        self.wrap = None  # a command the child runs under (tools/box/peakmap.py's gdb)
        self.env = None  # and what it adds to the child's environment
        self.lay_out()

    def lay_out(self):
        bundle.lay_out(self.drive, MAJOR.get(self.a.vm) if self.a.source == "mpy" else None)
        if self.a.vm == "mp" and self.a.source == "mpy":
            # the 10.x bytecode as MicroPython's loader takes it: 'M' where CircuitPython's is 'C'
            for d, _, fs in os.walk(self.drive):
                for f in fs:
                    if f.endswith(".mpy"):
                        with open(os.path.join(d, f), "r+b") as g:
                            g.write(b"M")
        os.symlink(
            os.path.relpath(os.path.join(ROOT, "tools"), self.drive),
            os.path.join(self.drive, "tools"),
        )
        for rel in THEIRS if self.a.theirs else ():
            with open(os.path.join(self.drive, rel), "w") as f:
                f.write(
                    "# another project's %s\n"
                    'raise RuntimeError("another project\'s %s was imported")\n' % (rel, rel)
                )

    def part(self, heap, part, cut):
        cmd = mp.command(
            "run_mp",
            (
                self.a.games,
                self.a.players,
                self.a.seed,
                self.a.board,
                part,
                "../nvm.bin",
                FOLDER + "/",
                cut or "",
            ),
            heap=str(heap),
            vm=self.a.vm,
        )
        if self.wrap:
            cmd = self.wrap + ["--args"] + cmd
        done = mp.execute(cmd, timeout=1800, cwd=self.drive, path=CHILD_PATH, env=self.env)
        r = parse(done.stdout)
        r["output"] = done.stdout
        if done.returncode and not r["status"].startswith("FAILED"):
            tail = (done.stderr.strip() or done.stdout.strip())[-400:]
            r["status"] = "FAILED status %d: %s" % (done.returncode, tail)
        return r

    def run(self, heap):
        # Every part of the plan at this heap: [part results], ok
        cut = "1,12" if self.a.games >= 2 else ""
        parts = [self.part(heap, 0, cut)]
        if parts[0]["status"] == "cut":
            parts.append(self.part(heap, 1, cut))
        ok = parts[-1]["status"] == "done"
        return parts, ok


def main(argv=None, out=print):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--heap", default="256k", help="the largest heap tried")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--board", default="pygamer", choices=("pygamer", "pybadge"))
    ap.add_argument("--vm", default="mp", choices=("mp", "cp9", "cp10"))
    ap.add_argument(
        "--source",
        choices=("mpy", "py"),
        help="the game's modules as the release ships them, bytecode (the default on cp9 and"
        " cp10), or as .py, compiled on import (the default on mp)",
    )
    ap.add_argument(
        "--no-search", action="store_true", help="only the run at --heap (no smallest-heap search)"
    )
    ap.add_argument(
        "--theirs",
        action="store_true",
        help="another project's modules on the drive too: /%s" % ", /".join(THEIRS),
    )
    a = ap.parse_args(argv)
    a.source = a.source or ("py" if a.vm == "mp" else "mpy")
    if a.vm != "mp":
        from tools.box import boardvm

        if boardvm.binary(a.vm) is None:
            out("boardbox FAILED vm=%s not built (tools/box/boardvm.py)" % a.vm)
            return 1
    box = Box(a)
    try:
        return measure(a, box, out)
    finally:
        shutil.rmtree(os.path.join(ROOT, box.tmp), ignore_errors=True)


def measure(a, box, out):
    top = heap_bytes(a.heap)
    line = "vm=%s games=%d players=%s seed=%d board=%s source=%s" % (
        a.vm,
        a.games,
        a.players,
        a.seed,
        a.board,
        a.source,
    )
    parts, ok = box.run(top)
    if not ok:
        out("boardbox FAILED %s heap=%d: %s" % (line, top, parts[-1]["status"]))
        return 1
    first = parts[0]
    rounds = []
    names = []
    imports = []
    for p in parts:
        rounds += p["rounds"]
        names += p["names"]
        imports += p["imports"]
    boot_ms = first["boot_us"] / 1000
    step = max(p["step_us_max"] for p in parts) / 1000
    decision = max(p["decision_us_max"] for p in parts) / 1000
    decisions = sum(p["decisions"] for p in parts)
    mean = sum(p["decision_us_sum"] for p in parts) / max(1, decisions) / 1000
    out("run at heap %d: %s" % (top, " / ".join(p["status"] for p in parts)))
    out(
        "standins_bytes %d (the stand-ins' modules and objects, this driver, the interpreter)"
        % first["standins_bytes"]
    )
    set_by_app = [p["gc_threshold"] for p in parts if p.get("gc_threshold", -1) != -1]
    out(
        "gc.threshold: %s"
        % ("%d set by the app" % set_by_app[0] if set_by_app else "none set (as on the boards)")
    )
    out(
        "screens visited: %s"
        % " ".join(sorted(set(s for p in parts for s in p.get("screens", ()))))
    )
    out("heap after each round (app's bytes): %s" % " ".join(str(r) for r in rounds))
    out("the qstr pools in it, each round (bytes): %s" % " ".join(str(n) for n in names))
    if len(rounds) >= 4:
        k = max(2, len(rounds) // 4)
        out(
            "rounds %d: first %d mean %d, last %d mean %d, growth %d bytes"
            % (
                len(rounds),
                k,
                sum(rounds[:k]) // k,
                k,
                sum(rounds[-k:]) // k,
                sum(rounds[-k:]) // k - sum(rounds[:k]) // k,
            )
        )
    big = max(imports, key=lambda t: t[2]) if imports else ("-", 0, 0)
    out("import_peak %d bytes (just after importing %s)" % (big[2], big[0]))
    out(
        "idle frames %d allocated %d bytes"
        % (sum(p["idle_frames"] for p in parts), sum(p["idle_alloc"] for p in parts))
    )
    out(
        "boot_ms %.1f  step_ms_max %.1f  decisions %d mean %.1f ms max %.1f ms"
        % (boot_ms, step, decisions, mean, decision)
    )
    stack = pystack_peak(parts, out)
    peak = -1
    if not a.no_search:
        hi, lo, fail = smallest(box, a, first, out)
        share = fail.get("standins_bytes", first["standins_bytes"]) + fail.get("excess", 0)
        peak = hi - share
        out(
            "smallest heap that completes %d; stand-ins' share where %d ran out: %d + %d excess"
            % (hi, lo, fail.get("standins_bytes", 0), fail.get("excess", 0))
        )
    out(
        "boardbox ok vm=%s source=%s games=%d peak_app_bytes=%d round_heap_max=%d boot_ms=%d "
        "step_ms_max=%d decision_ms_max=%d pystack_max=%d trace=%s"
        % (
            a.vm,
            a.source,
            a.games,
            peak,
            max(rounds) if rounds else 0,
            round(boot_ms),
            round(step),
            round(decision),
            stack,
            "-".join(str(p["trace"]) for p in parts),
        )
    )
    return 0


def smallest(box, a, first, out):
    """(the smallest heap or pool in which every part of the run completes, the largest in
    which it did not, that run's last part): searched from the run at --heap (first, its first
    part) in STEPs, and on the board VMs the last STEP in FINE ones."""
    lo = first["standins_bytes"] // STEP * STEP  # fails: nothing of the app fits
    ran_out = []  # (heap, the part that ran out), rising

    def completes(heap):
        p, ok = box.run(heap)
        out("  heap %7d: %s" % (heap, "completes" if ok else p[-1]["status"]))
        if not ok:
            ran_out.append((heap, p[-1]))
        return ok

    hi = mp.smallest_heap(completes, lo, heap_bytes(a.heap), STEP)  # --heap completes
    if a.vm != "mp":
        lo = ran_out[-1][0] if ran_out else lo  # (failures come rising)
        hi = mp.smallest_heap(completes, lo, hi, FINE)
    lo, fail = ran_out[-1] if ran_out else (lo, box.run(lo)[0][-1])
    return hi, lo, fail


def pystack_peak(parts, out):
    """The app's deepest pystack the board VM recorded over the parts (its frames
    printed, each checked against tools/box/pystack.py's size for it), or -1 (mp)."""
    best = max(parts, key=lambda p: p.get("pystack_max", -1))
    top = best.get("pystack_max", -1)
    if top < 0:
        return -1
    out(
        "pystack_max %d of %d bytes (recorded by the VM), outermost first:"
        % (top, best["pystack_limit"])
    )
    from tools.box import pystack

    sizes = pystack.board_sizes()
    for path, name, size in best.get("stack_frames", ()):
        if path == "-":  # a block a call took that is not a code state
            out("  %4d  (a call's arguments)" % size)
        else:
            # a module's name in its bytecode is the path of its .mpy on the drive
            drive = path[:-4] + ".py" if path.endswith(".mpy") else path
            out("  %4d  %s %s%s" % (size, path, name, pystack.disagrees(sizes, drive, name, size)))
    return top


if __name__ == "__main__":
    sys.exit(main())
