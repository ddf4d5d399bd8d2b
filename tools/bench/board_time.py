"""Time on the board's own CPU: the computers' decisions counted in Cortex-M4 instructions.

    python3 -m tools.bench.board_time [--seeds 6] [--levels easy,medium,hard] [--jobs 2]
    python3 -m tools.bench.board_time --app      # the app's part: tools/bench/app_time.py
    python3 -m tools.bench.board_time --games [--seeds 6] [--every 4] [--levels hard]

Runs tools/bench/board_time_mp.py on the M4 VM (tools/box/m4vm.py: CircuitPython's core built
for the Cortex-M4F under QEMU, every instruction counted) over the bench positions
(tools/bench/positions_mp.py, as tools/bench/ai.py times them on the host), the engine loaded
as the release ships it for 10.x (its bytecode, tools/release/bundle.py; --source py: from
.py). For each level and kind of table: the median, the 90th percentile and the slowest
decision in millions of instructions, and as board milliseconds at 120 MHz with the
collector's 1.15x, at CPI 1.6 (the working figure) with 1.0 and 2.5 beside it
(docs/LAB.md, "Board time", says where each comes from). Then observe's figures and the
budgets: no decision past 1.5 s, hard's median at most 600 ms, at CPI 1.6; and a digest of the
moves chosen, the same from the bytecode as from .py.
With --games the positions are the games' set instead (positions_mp.whole_game_positions:
whole games between the levels, 2, 3 and 4 players, every --every-th position) beside the
crowded tables: hard's median budget is judged on the games' set, the slowest decision on both.
A run counts the same on every machine; --jobs VMs share the positions.
"""

import argparse
import hashlib
import os
import sys
import threading
import time

from tools.bench.cpu import COLLECTOR, board_ms, instructions_for, source_option
from tools.box import m4vm
from tools.release.files import FOLDER

DECISION_MS = 1500  # no decision of any level past it: the 2 s search clock never fires
HARD_MEDIAN_MS = 600
KINDS = ("2p", "2p-endgame", "3p", "4p", "crowded12", "crowded16")
GAME_KINDS = ("game2p", "game2p-endgame", "game3p", "game4p")  # the games' set (--games)
CROWDED_KINDS = ("crowded12", "crowded16")
LEVELS = ("easy", "medium", "hard")


def guest_files(source="mpy"):
    """The M4 VM's drive: the engine as on the board (the release's bytecode for 10.x, or .py:
    source), and the bench's own modules at its root (/rom, on the VM's sys.path)."""
    from tools.bench.app_time import drive_files

    files = {}
    for path, data in drive_files(m4vm.ROOT, source).items():
        if path.startswith(FOLDER + "/engine/"):
            files[path[len(FOLDER) + 1 :]] = data
    for name in ("positions_mp.py", "movegen_mp.py", "board_time_mp.py"):
        with open(os.path.join(m4vm.ROOT, "tools", "bench", name), "rb") as f:
            files[name] = f.read()
    return files


def decisions(levels=LEVELS, seeds=6, jobs=2, elf=None, progress=None, source="mpy", every=0):
    """{"D": {(level, kind): [instructions, ...]}, "O": [instructions, ...], "M": [each
    decision's kind, level and move]} over the bench positions (every: the games' set's
    every every-th position and the crowded tables instead), counted on the M4 VM, jobs VMs
    sharing them."""
    out = {"D": {}, "O": [], "W": [], "M": [], "U": {}}
    lock = threading.Lock()
    errors = []

    def line(text):
        parts = text.split()
        if not parts:
            return
        with lock:
            if parts[0] == "D":
                out["D"].setdefault((parts[2], parts[1]), []).append(int(parts[3]) * m4vm.PER_US)
                out["M"].append(" ".join(parts[1:3] + parts[8:]))
                if parts[2] == "hard" and not parts[1].endswith("endgame") and int(parts[4]):
                    out["W"].append(int(parts[3]) / int(parts[4]))
                    # the work by part, by players: [checks' us, their units, the rest's]
                    us, work, checks_us, checks = map(int, (parts[3], parts[4], parts[6], parts[7]))
                    by = parts[1][-2] if parts[1].endswith("p") else "crowded"
                    row = out["U"].setdefault(by, [0, 0, 0, 0])
                    for i, x in enumerate((checks_us, checks, us - checks_us, work - checks)):
                        row[i] += x
                if progress:
                    progress(sum(map(len, out["D"].values())))
            elif parts[0] == "O":
                out["O"].append(int(parts[1]) * m4vm.PER_US)

    def job(part):
        try:
            with m4vm.VM(guest_files(source), elf) as vm:
                if every:
                    call = "run_games(%r, %d, %d, %d, %d)" % (
                        tuple(levels),
                        seeds,
                        every,
                        part,
                        jobs,
                    )
                else:
                    call = "run(%r, %d, %d, %d)" % (tuple(levels), seeds, part, jobs)
                vm.run("import board_time_mp\nboard_time_mp.%s\n" % call, line)
        except Exception as e:  # reported after the others end
            errors.append(e)

    threads = [threading.Thread(target=job, args=(p,)) for p in range(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return out


SEARCH_MS = 2000  # the table's search clock (lib/play_view.py _SEARCH_MS)


def clock_fired(seeds=1, elf=None, ms=SEARCH_MS, part=0, parts=1):
    """Hard's decisions on the bench positions of `seeds` (of every parts-th game and table,
    from part) on the M4 VM, each with a stop() that says stop once ms of board time (board_ms
    at CPI 1.6) have passed: [(kind, instructions, fired)]."""
    limit_us = int(instructions_for(ms) / m4vm.PER_US)
    rows = []
    with m4vm.VM(guest_files(), elf) as vm:
        vm.run(
            "import board_time_mp\nboard_time_mp.clock(%d, %d, %d, %d)\n"
            % (seeds, limit_us, part, parts),
            lambda line: rows.append(line.split()) if line.startswith("C ") else None,
        )
    return [(r[1], int(r[2]) * m4vm.PER_US, r[3] == "1") for r in rows]


def moves_digest(counts):
    """The decisions' moves as one short digest, the same for the same moves in any order."""
    return hashlib.sha256("\n".join(sorted(counts["M"])).encode()).hexdigest()[:12]


def spread(values):
    """(count, median, 90th percentile, slowest) of a list of counts."""
    v = sorted(values)
    n = len(v)
    return n, v[n // 2], v[min(n - 1, (n * 9) // 10)], v[-1]


def rows(counts, levels=LEVELS):
    """[[level, kind, count, median, 90th percentile, slowest]]: a row a level and kind of
    table, and one ("all") for all of a level's; what the record keeps (tools/docs/record.py)."""
    out = []
    for level in levels:
        kinds = [(k, counts["D"].get((level, k))) for k in KINDS + GAME_KINDS]
        every = [x for _, v in kinds if v for x in v]
        for kind, v in kinds + [("all", every)]:
            if v:
                out.append([level, kind] + list(spread(v)))
    return out


def table_lines(rows):
    """The board-time table's Markdown lines from rows() (docs/LAB.md, "Board time")."""
    lines = [
        "| level | table | decisions | median | 90th pct | slowest | ms at CPI 1.6: median / "
        "90th / slowest | slowest at CPI 1.0 / 2.5 |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for level, kind, n, med, p90, top in rows:
        lines.append(
            "| %s | %s | %d | %.2f M | %.2f M | %.2f M | %.0f / %.0f / %.0f | %.0f / %.0f |"
            % (
                level,
                kind if kind != "all" else "**all**",
                n,
                med / 1e6,
                p90 / 1e6,
                top / 1e6,
                board_ms(med),
                board_ms(p90),
                board_ms(top),
                board_ms(top, 1.0),
                board_ms(top, 2.5),
            )
        )
    return lines


def table(counts, levels=LEVELS, out=sys.stdout):
    """The board-time table: a row a level and kind of table, and one for all of a level's."""
    out.write("\n".join(table_lines(rows(counts, levels))) + "\n")


def games_rows(counts, level="hard"):
    """[[label, count, median, slowest]] of a level on the games' set, by players, and on the
    crowded tables: the games' table the record keeps (docs/LAB.md, "Board time")."""
    out = []
    for label, kinds in (
        ("the games' set, 2 players, before the last hand", ("game2p",)),
        ("the games' set, 2-player last hands", ("game2p-endgame",)),
        ("the games' set, 3 players", ("game3p",)),
        ("the games' set, 4 players", ("game4p",)),
        ("**the games' set**", GAME_KINDS),
        ("the crowded tables (12 and 16 items)", CROWDED_KINDS),
    ):
        v = [x for k in kinds for x in counts["D"].get((level, k), ())]
        if v:
            n, med, _, top = spread(v)
            out.append([label, n, med, top])
    return out


def sets(counts, level="hard"):
    """[(name, count, median, slowest)] of a level's decisions on the games' positions (the
    bench's games, or the games' set) and on the crowded tables, each as it has them."""
    rows = []
    for name, kinds in (
        ("the bench's games", KINDS[:4]),
        ("the games' set", GAME_KINDS),
        ("the crowded tables", CROWDED_KINDS),
    ):
        v = [x for k in kinds for x in counts["D"].get((level, k), ())]
        if v:
            n, med, _, top = spread(v)
            rows.append((name, n, med, top))
    return rows


def verdicts(counts, levels=LEVELS):
    """[(what, figure, budget, met)] for the decisions' budgets at CPI 1.6 (with the games'
    set, hard's median on it)."""
    rows = []
    for level in levels:
        every = [x for (lv, _), v in counts["D"].items() if lv == level for x in v]
        if every:
            n, med, p90, top = spread(every)
            rows.append(
                (
                    "%s's slowest decision" % level,
                    board_ms(top),
                    DECISION_MS,
                    board_ms(top) <= DECISION_MS,
                )
            )
            if level == "hard":
                game = [x for k in GAME_KINDS for x in counts["D"].get((level, k), ())]
                if game:
                    med = spread(game)[1]
                rows.append(
                    (
                        "hard's median decision" + (" on the games' set" if game else ""),
                        board_ms(med),
                        HARD_MEDIAN_MS,
                        board_ms(med) <= HARD_MEDIAN_MS,
                    )
                )
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=6)
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument(
        "--games",
        action="store_true",
        help="the games' set (whole games between the levels) and the crowded tables instead",
    )
    ap.add_argument("--every", type=int, default=4, help="--games: every this many positions")
    ap.add_argument("--vm", help="the M4 VM's firmware.elf (default: tools/box/m4vm.py's)")
    source_option(ap, "the engine")
    ap.add_argument(
        "--record",
        action="store_true",
        help="write the figures into the measured record, docs/figures.json (make bench does)",
    )
    ap.add_argument(
        "--app",
        action="store_true",
        help="the app's board time instead (tools/bench/app_time.py: boot, screens, keys)",
    )
    a = ap.parse_args(argv)
    if a.app:
        from tools.bench import app_time

        return app_time.main(["--vm", a.vm] if a.vm else [])
    if m4vm.binary(a.vm) is None:
        print("board time: the M4 VM is not built (tools/box/m4vm.py, docs/BOARD.md)")
        return 0
    levels = tuple(a.levels.split(","))
    t = time.time()
    counts = decisions(
        levels, a.seeds, a.jobs, a.vm, source=a.source, every=a.every if a.games else 0
    )
    print(
        "Decisions on the board's CPU (M4 VM, %d positions, %.0f s): instructions, and board "
        "ms at 120 MHz x %.2f for the collector"
        % (
            sum(len(v) for (lv, _), v in counts["D"].items() if lv == levels[0]),
            time.time() - t,
            COLLECTOR,
        )
    )
    table(counts, levels)
    n, med, p90, top = spread(counts["O"])
    print(
        "observe before each play at a hard seat's table: median %.2f M (%.0f ms), 90th %.2f M, "
        "slowest %.2f M (%.0f ms), %d plays"
        % (med / 1e6, board_ms(med), p90 / 1e6, top / 1e6, board_ms(top), n)
    )
    if counts["W"]:
        w = sorted(counts["W"])
        print(
            "hard's work units (engine/ai_play.py, a fit to these counts): thousands of "
            "instructions a unit, median %.2f, 95th percentile %.2f, most %.2f (%d decisions "
            "outside the endgame)" % (w[len(w) // 2], w[len(w) * 19 // 20], w[-1], len(w))
        )
    for players, (checks_us, checks, rest_us, rest) in sorted(counts["U"].items()):
        print(
            "hard's work units by part, %s: the deals' checks (ai_medium.deal, ai_play.CHECK and "
            "WEIGH) %s, the rest %s thousand instructions a unit"
            % (
                "%s players" % players if players.isdigit() else "crowded tables",
                "%.2f" % (checks_us * m4vm.PER_US / 1000 / checks) if checks else "-",
                "%.2f" % (rest_us * m4vm.PER_US / 1000 / rest) if rest else "-",
            )
        )
    if "hard" in levels:
        for name, n, med, top in sets(counts):
            print(
                "hard on %s: median %.2f M (%.0f ms), slowest %.2f M (%.0f ms), %d decisions"
                % (name, med / 1e6, board_ms(med), top / 1e6, board_ms(top), n)
            )
    for what, ms, budget, ok in verdicts(counts, levels):
        print("%s %.0f ms at CPI 1.6 (budget %d): %s" % (what, ms, budget, "met" if ok else "OVER"))
    print(
        "the moves chosen, digested: %s (the engine %s)"
        % (moves_digest(counts), "as the release's bytecode" if a.source == "mpy" else "as .py")
    )
    if a.record:
        record_figures(counts, a, levels)
    return 0


def record_figures(counts, a, levels):
    """The run's figures into docs/figures.json: the bench positions' table ("board_time") or
    the games' set ("board_time_games"), with the command that measured them."""
    from tools.docs import record

    command = "python -m tools.bench.board_time --seeds %d --levels %s%s%s" % (
        a.seeds,
        ",".join(levels),
        " --games" if a.games else "",
        " --source py" if a.source == "py" else "",
    )
    if a.games:
        record.put("board_time_games", {"rows": games_rows(counts)}, command, "m4")
    else:
        data = {
            "rows": rows(counts, levels),
            "observe": list(spread(counts["O"])),
            "digest": moves_digest(counts),
        }
        record.put("board_time", data, command, "m4")
    print("recorded in docs/figures.json (make docs writes the docs' tables from it)")


if __name__ == "__main__":
    sys.exit(main())
