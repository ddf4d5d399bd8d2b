"""Time on the board's own CPU for the app: boot, each screen's first show, a key press's and
an idle frame's Python work, and a computer round's waits, counted in Cortex-M4 instructions.

    python3 -m tools.bench.app_time [--players 4] [--level hard] [--board pygamer|pybadge]
                                    [--speed slow|normal|fast|instant] [--tree PATH]
                                    [--source mpy|py] [--seeds N] [--think MS]

Runs the real code.py on the M4 VM (tools/box/m4vm.py: CircuitPython's core built for the
Cortex-M4F under QEMU, every instruction counted), its ROMFS holding the files of the board's
drive as tools/release/bundle.py lays them out for CircuitPython 10.x (the release's bytecode,
loaded into the heap as from the board's drive; --source py: every module as .py, compiled on
import) and the board box's stand-ins for the built-in modules, on the path
(tools/box/standins). tools/bench/app_time_mp.py plays a button script one frame at a time: the
title, its pages, the setup (PLAYERS players, every other seat LEVEL, the computers at SPEED;
without --speed the setup's own), a new game, the person's keys
on their first turn, then the first round, each of the person's turns played at once. With
--seeds N, N games (the platform seeded from 1001 on) each played so: their waits and
decisions are counted together, every other figure is the first game's. With --think MS the
person idles MS on the board's clock before each move after their first, as a person thinks
(the coach looks ahead meanwhile, lib/coach.py); their wait is still from their move on.

A figure is the app's instructions over one frame of the loop (its clock, poll, step, sleep)
or from code.py's first line to the title on screen. The stand-ins are C on the board, so
their Python is measured and taken out: each call into one is timed, and what a call into a
Python stand-in costs beyond a call into C (measured at the start) is taken out per call.
Each figure is given in board ms at 120 MHz x1.15 for the collector, at CPI 1.6 (the working
figure) with 1.0 and 2.5 beside it (tools/bench/board_time.py, docs/BOARD.md). The app's clock in
the VM is the board's at CPI 1.6 plus the time it sleeps, so the waits (a person's, from
their move to their next turn, and the round's) are the board's as the app paces them.
Budgets at CPI 1.6 (docs/BOARD.md): boot to the title at most 0.5 s from the bytecode (1.5 s
from .py), a new game's first table at most 1 s, a page shown or left at most 60 ms, a key
press's Python work at most 30 ms; an idle frame's work x the frames a second is the share of
an idle second spent running.
--tree measures another checkout's app (its code.py, lib/, engine/, sprites/) with this
checkout's driver and stand-ins: the figures before and after a change.
"""

import argparse
import os
import sys
import tempfile
import time

from tools.bench.cpu import CPIS, board_ms, source_option
from tools.box import m4vm
from tools.release import bundle, bytecode

BOOT_MS = {"mpy": 500, "py": 1500}  # from the release's bytecode; every module compiled
TABLE_MS = 1000  # a new game's first table
PAGE_MS = 60  # a page shown, and left
PAGES = (
    "rules: first show",
    "controls: first show",
    "statistics: first show",
    "setup: first show",
    "title: back from a page",
    "rules (in a game): first show",
    "pause: back from a page (the table's drawing built again under it)",
)
KEY_MS = 30
SEED = 1001  # the platform's seed (tools/box/standins/random_board.py) of the first game
FRAME_MS = 20  # lib/app.py's FRAME: the loop's frames at rest, 50 a second
# the rows held to the key press budget
KEYS = (
    "title: cursor move",
    "setup: cursor move",
    "setup: change a row",
    "play: cursor move",
    "play: A on a card (its moves)",
    "play: B back to the hand",
    "pause: cursor move",
    "pause: first show",
    "pause: the step after it (the game saved)",
    "play: back from the pause",
    "pause: the step after the save (the table's drawing let go, a collection)",
    "play: back from the pause menu left idle (the table's drawing built again)",
    "play: A plays the move (shown: its card, what it takes)",
)


def drive_files(tree, source="mpy"):
    """{path in the ROMFS: bytes}: the board's drive as tools/release/bundle.py lays it out
    for CircuitPython 10.x (the M4 VM's core), of the checkout at tree: the release's bytecode,
    or the modules as .py (source "py"), each compiled on import."""
    files = {}
    with tempfile.TemporaryDirectory() as tmp:
        bundle.lay_out(tmp, 10 if source == "mpy" else None, root=tree)
        for d, _, names in os.walk(tmp):
            for name in names:
                path = os.path.join(d, name)
                with open(path, "rb") as f:
                    files[os.path.relpath(path, tmp).replace(os.sep, "/")] = f.read()
    return files


def own_bytecode(rel):
    """A module of the box's own (rel: its path in the repository) as CircuitPython bytecode
    named by rel, line numbers kept, for the ROMFS's root: there the VM uses it in place, so it
    takes none of the heap (on the board the stand-ins are C)."""
    cross = bytecode.compiler(10)
    return os.path.basename(rel)[:-3] + ".mpy", bytecode.compile_file(
        cross, os.path.join(m4vm.ROOT, rel), rel, options=()
    )


def guest_files(tree=m4vm.ROOT, source="mpy"):
    """The board's drive, the stand-ins and the driver, for the VM's ROMFS: the stand-ins and
    the driver at its root (/rom, on the VM's sys.path), where the board has nothing of ours
    but code.py, beside the drive's files."""
    files = drive_files(tree, source)
    standins = os.path.join(m4vm.ROOT, "tools", "box", "standins")
    for name in sorted(os.listdir(standins)):
        if name.endswith(".py"):
            name, data = own_bytecode("tools/box/standins/" + name)
            files[name] = data
    name, data = own_bytecode("tools/bench/app_time_mp.py")
    files[name] = data
    return files


def measure(
    players=4,
    level="hard",
    board="pygamer",
    tree=m4vm.ROOT,
    elf=None,
    progress=None,
    until="",
    source="mpy",
    prof=(),
    speed="",
    seed=1001,
    think=0,
    coach="",
):
    """{"T": {name: [instructions]}, "W": {name: [ms]}, "C": {name: value}, "I": [(names
    measured before it, depth, module, instructions with its own imports)], "status": line}"""
    out = {"T": {}, "W": {}, "C": {}, "I": [], "D": [], "P": {}, "status": ""}

    def line(text):
        kind, _, rest = text.partition(" ")
        if kind == "I":  # a first import, its own imports in it, in the frame after
            value, depth, name = rest.split(" ")
            out["I"].append((len(out["T"]), int(depth), name, int(value) * m4vm.PER_US))
        elif kind == "D":  # a decision: instructions, level, cut short (1) or not
            value, level, cut = rest.split(" ")
            out["D"].append((level, int(value) * m4vm.PER_US, cut == "1"))
        elif kind == "P":  # a profiled function's instructions in the frame measured last
            value, calls, key = rest.split(" ")
            row = out["P"].setdefault((out.get("last", ""), key), [0, 0])
            row[0] += int(value) * m4vm.PER_US
            row[1] += int(calls)
        elif kind in ("T", "W", "C"):
            value, _, name = rest.partition(" ")
            v = int(value)
            if kind == "C":
                out["C"][name] = v
            else:
                out["last"] = name
                out[kind].setdefault(name, []).append(v * m4vm.PER_US if kind == "T" else v)
            if progress:
                progress(text)
        elif text.strip():
            out["status"] = text.strip()

    with m4vm.VM(guest_files(tree, source), elf) as vm:
        vm.run(
            "import app_time_mp\napp_time_mp.main(%d, %r, %r, %r, %r, %r, %d, %d, %r)\n"
            % (players, level, board, until, tuple(prof), speed, seed, think, coach),
            line,
        )
    return out


# the counts app_time_mp gives with --think: the person's moves after thinking, and those with
# the coach's look made ahead by then
AHEAD = ("moves made after thinking", "of them with the coach's look made ahead")


def median(values):
    v = sorted(values)
    return v[len(v) // 2]


def ms_row(instructions):
    return "%.1f (%.1f / %.1f)" % (
        board_ms(instructions),
        board_ms(instructions, CPIS[0]),
        board_ms(instructions, CPIS[-1]),
    )


def table(figures, out=sys.stdout):
    """The measurements: a row a name (the median where there are several)."""
    w = out.write
    w("| what | frames | instructions (median) | largest | board ms at CPI 1.6 (1.0 / 2.5) |\n")
    w("| --- | --- | --- | --- | --- |\n")
    for name, values in figures["T"].items():
        if not name:
            continue
        w(
            "| %s | %d | %.2f M | %.2f M | %s |\n"
            % (name, len(values), median(values) / 1e6, max(values) / 1e6, ms_row(median(values)))
        )


def imports(figures, before=1):
    """[(instructions, module)] of each first import before the before-th name measured,
    its own: the compile and the module's top level, its imports left out; largest first."""
    own = []
    under = {}  # depth: instructions of the imports finished under it
    for at, depth, name, instr in figures["I"]:
        if at >= before:
            break
        own.append((instr - under.pop(depth + 1, 0), name))
        under[depth] = under.get(depth, 0) + instr
    return sorted(own, reverse=True)


def verdicts(figures, source="mpy"):
    """[(what, ms at CPI 1.6, budget, met)]: boot, a new game's first table, each page's and
    each key press's largest."""
    rows = []
    budgets = [("boot to the title", BOOT_MS[source]), ("play: first show (a new game)", TABLE_MS)]
    budgets += [(name, PAGE_MS) for name in PAGES] + [(name, KEY_MS) for name in KEYS]
    for name, budget in budgets:
        v = figures["T"].get(name)
        if v:
            ms = board_ms(max(v))
            rows.append((name + (" (largest)" if len(v) > 1 else ""), ms, budget, ms <= budget))
    return rows


def idle_share(figures):
    """{where: (instructions an idle frame, share of an idle second running at CPI 1.6)},
    at FRAME_MS a frame."""
    out = {}
    for name, values in figures["T"].items():
        if name.startswith("idle frame"):
            instr = median(values)
            out[name] = (instr, min(1.0, board_ms(instr) / FRAME_MS))
    return out


def report(figures, seconds, out=sys.stdout, source="mpy"):
    w = out.write
    w(
        "The app on the board's CPU (M4 VM, %.0f s; the game's modules %s): instructions, and "
        "board ms at 120 MHz x %.2f for the collector\n"
        % (
            seconds,
            "as the release's bytecode" if source == "mpy" else "as .py, compiled on import",
            1.15,
        )
    )
    table(figures, out)
    w(
        "boot's imports, each its compile and top level: %s\n"
        % ", ".join("%s %.1f M" % (name, instr / 1e6) for instr, name in imports(figures)[:10])
    )
    c = figures["C"]
    w(
        "stand-ins taken out: %d calls, each %d instructions beyond a call into C and its own "
        "time\n" % (c.get("stand-in calls", 0), c.get("stand-in call overhead (instructions)", 0))
    )
    for name, (instr, share) in idle_share(figures).items():
        w(
            "%s: %.0f instructions, %.2f ms at CPI 1.6: %.1f%% of an idle second at %d frames a "
            "second (a loop that never sleeps runs 100%%)\n"
            % (name, instr, board_ms(instr), 100 * share, 1000 // FRAME_MS)
        )
    for name, values in figures["W"].items():
        if len(values) > 1:
            w(
                "%s on the board's clock (CPI 1.6): median %.0f ms, longest %.0f ms, %d waits\n"
                % (name, median(values), max(values), len(values))
            )
        else:
            w("%s on the board's clock (CPI 1.6): %.1f s\n" % (name, values[0] / 1000.0))
    if c.get(AHEAD[0]):
        w(
            "the person's moves after thinking: %d, the coach's look made ahead for %d\n"
            % (c[AHEAD[0]], c.get(AHEAD[1], 0))
        )
    for level in sorted(set(d[0] for d in figures["D"])):
        v = [d[1] for d in figures["D"] if d[0] == level]
        w(
            "%s decisions (the hint's among them): %d, median %.0f ms, slowest %.0f ms at CPI 1.6, "
            "%d cut short by the 2 s search clock\n"
            % (
                level,
                len(v),
                board_ms(median(v)),
                board_ms(max(v)),
                sum(1 for d in figures["D"] if d[0] == level and d[2]),
            )
        )
    for (frame, key), (instr, calls) in figures["P"].items():
        w(
            "%s: %s %.2f M instructions (%.1f ms), %d calls\n"
            % (frame, key, instr / 1e6, board_ms(instr), calls)
        )
    for what, ms, budget, ok in verdicts(figures, source):
        w("%s %.1f ms at CPI 1.6 (budget %d): %s\n" % (what, ms, budget, "met" if ok else "OVER"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--level", default="hard", choices=("easy", "medium", "hard"))
    ap.add_argument("--board", default="pygamer", choices=("pygamer", "pybadge"))
    ap.add_argument(
        "--speed", default="", choices=("slow", "normal", "fast", "instant"), help="the computers'"
    )
    ap.add_argument("--tree", default=m4vm.ROOT, help="the checkout whose app is measured")
    ap.add_argument("--vm", help="the M4 VM's firmware.elf (default: tools/box/m4vm.py's)")
    source_option(ap, "the game's modules")
    ap.add_argument(
        "--seeds",
        type=int,
        default=1,
        help="the first round of this many games (the platform's seeds from %d): their waits and "
        "decisions together, every other figure the first game's" % SEED,
    )
    ap.add_argument(
        "--think",
        type=int,
        default=0,
        metavar="MS",
        help="the person thinks this many board ms before each move after their first (the "
        "coach looks ahead meanwhile); 0: every move at once",
    )
    ap.add_argument(
        "--coach",
        default="",
        choices=("auto", "on", "off"),
        help="the setup's Coach (default: as a new profile has it, auto: on)",
    )
    ap.add_argument(
        "--prof",
        action="append",
        default=[],
        metavar="MODULE:FUNCTION",
        help="also the instructions each frame spends in this function (module:Class.method too)",
    )
    ap.add_argument(
        "--record", action="store_true", help="write the budgets' figures into docs/figures.json"
    )
    a = ap.parse_args(argv)
    if m4vm.binary(a.vm) is None:
        print("app time: the M4 VM is not built (tools/box/m4vm.py, docs/BOARD.md)")
        return 0
    t = time.time()
    figures = None
    for seed in range(SEED, SEED + a.seeds):
        got = measure(
            a.players,
            a.level,
            a.board,
            os.path.abspath(a.tree),
            a.vm,
            source=a.source,
            prof=a.prof,
            speed=a.speed,
            seed=seed,
            think=a.think,
            coach=a.coach,
        )
        if figures is None:
            figures = got
        else:  # the next game's round: its waits and decisions beside the first's
            for name, values in got["W"].items():
                figures["W"].setdefault(name, []).extend(values)
            figures["D"] += got["D"]
            for name in AHEAD:  # counted over the games, as the waits are
                figures["C"][name] = figures["C"].get(name, 0) + got["C"].get(name, 0)
            if got["status"] != "END":
                figures["status"] = got["status"]
    report(figures, time.time() - t, source=a.source)
    print(figures["status"])
    if a.record and a.tree == m4vm.ROOT and not a.prof and not a.coach:
        record_figures(figures, a)
    return 0 if figures["status"] == "END" else 1


def record_figures(figures, a):
    """The largest instructions of each row held to a budget, and an idle frame's, into
    docs/figures.json ("app_time", or "app_time_py" from .py)."""
    from tools.docs import record

    rows = {}
    for name in ("boot to the title", "play: first show (a new game)") + PAGES + KEYS:
        if figures["T"].get(name):
            rows[name] = max(figures["T"][name])
    idle = dict((k, v[0]) for k, v in idle_share(figures).items())
    waits = dict((k, [median(v), max(v), len(v)]) for k, v in figures["W"].items() if len(v) > 1)
    command = "python -m tools.bench.app_time --players %d --level %s --board %s%s%s" % (
        a.players,
        a.level,
        a.board,
        " --speed " + a.speed if a.speed else "",
        " --source py" if a.source == "py" else "",
    )
    command += " --seeds %d" % a.seeds if a.seeds != 1 else ""
    command += " --think %d" % a.think if a.think else ""
    name = "app_time" + ("_py" if a.source == "py" else "")
    if a.speed or a.seeds != 1 or a.players != 4 or a.level != "hard" or a.board != "pygamer":
        # a person's waits at a speed (thinking before each move, or moving at once)
        name = "app_waits_%s_%s%s" % (a.level, a.speed or "setup", "_think" if a.think else "")
        record.put(name, {"waits": waits}, command, "m4")
        return
    record.put(name, {"largest": rows, "idle": idle, "waits": waits}, command, "m4")


if __name__ == "__main__":
    sys.exit(main())
