"""The docs' measured figures, written from the record (docs/figures.json): `make docs`.

    python -m tools.docs.render            # rewrites every marked place in the docs
    python -m tools.docs.render --check    # lists each marked place that differs; exit 1 if any

Two marks, invisible where Markdown is shown:
- a block, each mark on a line of its own: `<!-- figures: NAME -->` ... `<!-- /figures -->`,
  whose lines a renderer of TABLES writes (a table and the line that says where its figures
  come from);
- a figure in a sentence: `<!-- fig: SET.KEY [FORMAT] -->TEXT<!-- /fig -->`, TEXT the record's
  value of KEY in SET's data (a dotted path), printf's FORMAT if given (ints read 94,144, floats
  as they are, "%.0f%%" a percentage), or a name of FIGURES.
Before writing, the drive's figures (set "drive") are measured afresh from the release's tree
(tools/release/bundle.py lays it out), so a claim of the game's size follows the code.
A figure that is not in the record is not written as a number: its place names the command.
"""

import argparse
import os
import re
import sys
import tempfile

from tools.bench.cpu import board_ms
from tools.docs import record
from tools.docs.marks import BLOCK, INLINE, unmarked  # noqa: F401 (unmarked: the tests')

DOCS = ["README.md", "CHANGELOG.md", "tools/README.md"] + sorted(
    "docs/" + f for f in os.listdir(os.path.join(record.ROOT, "docs")) if f.endswith(".md")
)


class RenderError(Exception):
    """A mark names what the record does not hold, or is not closed."""


def measured(entry):
    return "measured at %s on %s: `%s`" % (
        entry["commit"],
        {"m4": "the M4 VM", "cp10": "the 10.x board VM", "cp9": "the 9.x board VM"}.get(
            entry["vm"], entry["vm"]
        ),
        entry["command"],
    )


def entry_of(sets, name):
    if name not in sets:
        raise RenderError("the record has no set %r (docs/figures.json)" % name)
    return sets[name]


def value_of(sets, path):
    name, _, keys = path.partition(".")
    v = entry_of(sets, name)["data"]
    for k in keys.split(".") if keys else ():
        if not isinstance(v, dict) or k not in v:
            raise RenderError("the record's set %r has no %r" % (name, keys))
        v = v[k]
    return v


def formatted(v, fmt=None):
    if v is None:
        raise RenderError("a figure not measured is not written as a number")
    if fmt:
        return fmt % v
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, int):
        return format(v, ",")
    return "%g" % v


# ---- the blocks ----------------------------------------------------------------------------

KIND_WORDS = {
    "2p": "2 players, the pack not used up",
    "2p-endgame": "a 2-player last hand",
    "3p": "3 players",
    "4p": "4 players",
    "crowded12": "a crowded table of 12 items",
    "crowded16": "a crowded table of 16 items",
}


def board_time_table(sets):
    """BOARD.md's board-time table: a row a level and kind, from tools/bench/board_time.py."""
    from tools.bench import board_time

    e = entry_of(sets, "board_time")
    lines = board_time.table_lines(e["data"]["rows"])
    o = e["data"]["observe"]
    lines.append("")
    lines.append(
        "`observe` before each play at a hard seat's table: median %.2f M instructions (%.0f ms), "
        "90th percentile %.2f M, slowest %.2f M (%.0f ms), over %s plays. The moves chosen, "
        "digested: %s; %s."
        % (
            o[1] / 1e6,
            board_ms(o[1]),
            o[2] / 1e6,
            o[3] / 1e6,
            board_ms(o[3]),
            format(o[0], ","),
            e["data"]["digest"],
            measured(e),
        )
    )
    return lines


def cost_table(sets):
    """AI.md's cost table: each level's median and slowest decision, the slowest's table."""
    e = entry_of(sets, "board_time")
    rows = e["data"]["rows"]
    budgets = {
        "easy": "every decision at most 1.5 s",
        "medium": "every decision at most 1.5 s",
        "hard": "every decision at most 1.5 s; the median at most 600 ms (on the games' set)",
    }
    lines = [
        "| level | median | slowest | budget on the board |",
        "| --- | --- | --- | --- |",
    ]
    for level in ("easy", "medium", "hard"):
        mine = [r for r in rows if r[0] == level]
        every = [r for r in mine if r[1] == "all"]
        if not every:
            continue
        _, _, _, med, _, top = every[0]
        where = [r[1] for r in mine if r[1] != "all" and r[5] == top]
        lines.append(
            "| %s | %.2f M instructions, %.0f ms | %.2f M, %s ms%s | %s |"
            % (
                level,
                med / 1e6,
                board_ms(med),
                top / 1e6,
                format(round(board_ms(top)), ","),
                " (%s)" % KIND_WORDS[where[0]] if where and where[0] in KIND_WORDS else "",
                budgets[level],
            )
        )
    o = e["data"]["observe"]
    lines.append(
        "| `observe`, a play | %.2f M, %.0f ms | %.2f M, %.0f ms | |"
        % (o[1] / 1e6, board_ms(o[1]), o[3] / 1e6, board_ms(o[3]))
    )
    lines.append("")
    lines.append("The board-time figures are %s." % measured(e))
    return lines


def games_table(sets):
    """BOARD.md's games' set table (board_time --games --levels hard)."""
    e = entry_of(sets, "board_time_games")
    lines = ["| hard on | decisions | median | slowest |", "| --- | --- | --- | --- |"]
    for label, n, med, top in e["data"]["rows"]:
        cells = [
            "%s ms" % format(round(board_ms(x)), ",") if x is not None else "-" for x in (med, top)
        ]
        lines.append("| %s | %s | %s | %s |" % (label, format(n, ","), cells[0], cells[1]))
    lines.append("")
    lines.append(
        'At CPI 1.6, 120 MHz, x1.15; %s (a figure the record does not hold reads "-").'
        % measured(e)
    )
    return lines


MATCHES = (
    ("easy", "random", 2),
    ("medium", "easy", 2),
    ("hard", "medium", 2),
    ("hard", "medium", 4),
    ("hard", "greedy", 2),
    ("hard", "mc", 2),
)


def strength_table(sets):
    """AI.md's strength table: the final seeds' tournaments (tournament.py --record)."""
    lines = ["| match | win rate (95% interval) | measured |", "| --- | --- | --- |"]
    for a, b, players in MATCHES:
        e = entry_of(sets, "strength:%s-%s-%dp" % (a, b, players))
        d = e["data"]
        points = ", %+.2f points a round" % d["points"] if d.get("points") is not None else ""
        lines.append(
            "| %s vs %s, %d players | %.1f%% (%.1f .. %.1f)%s | at %s: `%s` |"
            % (a, b, players, d["win"], d["lo"], d["hi"], points, e["commit"], e["command"])
        )
    return lines


def ms_of(instructions):
    return "%s ms" % format(round(board_ms(instructions), 1), ",")


def largest_of(figures, names):
    """(ms text, name) of the largest of the named rows the record holds, or None."""
    held = [(figures[n], n) for n in names if figures.get(n) is not None]
    if not held:
        return None
    v, n = max(held)
    return ms_of(v), n


def over(late):
    """ " (OVER)" past a budget, " (met)" within it, nothing where no figure was measured."""
    if late is None:
        return ""
    return " (OVER)" if late else " (met)"


def budgets_table(sets):
    """BOARD.md's budgets: a row a budget, its figure now from the record, and the command."""
    from tools.bench import app_time
    from tools.box.run import BUDGETS

    def at(name):
        e = sets.get(name)
        return " (at %s)" % e["commit"] if e else ""

    def data(name):
        return sets[name]["data"] if name in sets else {}

    rows = []
    box = data("box_runs_cp10")
    heap = "-"
    if box:
        heap = (
            "%s-%s bytes over %d runs, %s within, %d failed; the tightest `%s`; "
            "at most %s after a round"
            % (
                format(box["peak_min"], ","),
                format(box["peak_max"], ","),
                box["runs"],
                box["within"],
                box["failed"],
                box["tightest"],
                format(box["round_max"], ",") if box.get("round_max") else "-",
            )
        )
    rows.append(
        (
            "the whole app's peak heap, any seats, 2-4 players, from the drive as released",
            "at most 104 KB of the PyGamer's ~150 KB with 8 KB of it left as room: %s bytes on "
            "each of the 20 runs, on the 10.x board VM; flat after each round"
            % format(BUDGETS["cp10"][1], ","),
            heap
            + over(box["peak_max"] > BUDGETS["cp10"][1] if box else None)
            + at("box_runs_cp10"),
            "`make box-runs VM=cp10`",
        )
    )
    stack = data("box_runs_cp9").get("pystack_max")
    rows.append(
        (
            "the app's deepest Python stack",
            "at most 1,400 of the 9.x board's 1,536 bytes, on the 9.x board VM",
            ("%s bytes" % format(stack, ",") if stack else "-")
            + over(stack and stack > 1400)
            + at("box_runs_cp9"),
            "`make box-runs VM=cp9`",
        )
    )
    t = data("app_time").get("largest", {})
    boot = t.get("boot to the title")
    rows.append(
        (
            "boot, code.py's first line to the title",
            "at most 0.5 s of Python work on the board from the release's bytecode",
            (ms_of(boot) if boot else "-")
            + over(boot and board_ms(boot) > app_time.BOOT_MS["mpy"])
            + at("app_time"),
            "`python -m tools.bench.app_time`",
        )
    )
    first = t.get("play: first show (a new game)")
    rows.append(
        (
            "a new game's first table",
            "at most 1 s",
            (ms_of(first) if first else "-")
            + over(first and board_ms(first) > app_time.TABLE_MS)
            + at("app_time"),
            "`python -m tools.bench.app_time`",
        )
    )
    for what, budget, names, limit in (
        ("a page shown, and left", "at most 60 ms each way", app_time.PAGES, app_time.PAGE_MS),
        ("a key press's Python work", "at most 30 ms on the board", app_time.KEYS, app_time.KEY_MS),
    ):
        got = largest_of(t, names)
        late = [n for n in names if t.get(n) is not None and board_ms(t[n]) > limit]
        rows.append(
            (
                what,
                budget,
                ("the largest %s (%s)" % got if got else "-")
                + (" (OVER: %s)" % "; ".join(late) if late else over(False if got else None))
                + at("app_time"),
                "`python -m tools.bench.app_time`",
            )
        )
    decided = []
    for r in data("board_time").get("rows", []):
        if r[1] == "all":
            decided.append("%s's slowest %s" % (r[0], ms_of(r[5])))
    games = [r for r in data("board_time_games").get("rows", []) if "**" in r[0]]
    if games:
        decided.append("hard's median on the games' set %s" % ms_of(games[0][2]))
    rows.append(
        (
            "a decision of any level, on the board",
            "at most 1.5 s on every bench position; hard's median at most 600 ms "
            "(on the games' set)",
            ("; ".join(decided) or "-") + at("board_time"),
            "`python -m tools.bench.board_time` (`--games --levels hard`)",
        )
    )
    host = data("ai_host_mp").get("levels", {}).get("hard")
    rows.append(
        (
            "a hard decision on the host",
            "median at most 20 ms, slowest at most 60 ms on the host's MicroPython",
            ("median %.2f ms, slowest %.2f ms" % (host[1] / 1000, host[2] / 1000) if host else "-")
            + at("ai_host_mp"),
            "`python -m tools.bench.ai --heap-every 0 --levels hard`",
        )
    )
    mp = data("box_mp").get("peak_app_bytes")
    rows.append(
        (
            "the 64-bit box's regression guard",
            "the app within %s bytes in `make test` (`host_tests/test_boardbox.py`)"
            % format(BUDGETS["mp"][1], ","),
            ("%s bytes" % format(mp, ",") if mp else "-") + at("box_mp"),
            "`python -m tools.box.run --games 3 --players 2,3,4 --heap 256k --seed 1`",
        )
    )
    saves = [data("saves_%dp" % n).get("writes_per_game") for n in (2, 4)]
    rows.append(
        (
            "saves",
            "at most 40 nvm writes in an average 2-player game, 60 in a 4-player one",
            " and ".join("-" if x is None else "%.1f" % x for x in saves) + at("saves_2p"),
            "`PYTHONPATH=lib python -m tools.soak.app_driver --games 12 --players 2 "
            "--resume-every 0` (and `--players 4`)",
        )
    )
    idle = data("app_time").get("idle", {})
    rows.append(
        (
            "idle",
            "the loop sleeps until the next thing is due (a frame, a note, a key)",
            (
                "an idle frame's work at most %s, %.1f%% of an idle second"
                % (ms_of(max(idle.values())), 100 * board_ms(max(idle.values())) / 20)
                if idle
                else "-"
            )
            + at("app_time"),
            "`python -m tools.bench.app_time`",
        )
    )
    lines = ["| what | budget | now | measured with |", "| --- | --- | --- | --- |"]
    lines += ["| %s | %s | %s | %s |" % r for r in rows]
    lines.append("")
    lines.append(
        'Board ms at CPI 1.6, 120 MHz, x1.15. A figure the record does not hold reads "-": '
        "run the command."
    )
    return lines


def app_time_table(sets):
    """LAB.md's app table: each frame held to a budget, its largest on the M4 VM."""
    from tools.bench import app_time

    e = entry_of(sets, "app_time")
    t = e["data"]["largest"]
    limits = [("boot to the title", app_time.BOOT_MS["mpy"])]
    limits += [("play: first show (a new game)", app_time.TABLE_MS)]
    limits += [(n, app_time.PAGE_MS) for n in app_time.PAGES]
    limits += [(n, app_time.KEY_MS) for n in app_time.KEYS]
    lines = [
        "| what | instructions (largest) | board ms at CPI 1.6 (1.0 / 2.5) | budget |",
        "| --- | --- | --- | --- |",
    ]
    for name, limit in limits:
        v = t.get(name)
        if v is None:
            lines.append("| %s | - | - | %s ms |" % (name, format(limit, ",")))
            continue
        lines.append(
            "| %s | %.2f M | %.1f (%.1f / %.1f) | %s ms%s |"
            % (
                name,
                v / 1e6,
                board_ms(v),
                board_ms(v, 1.0),
                board_ms(v, 2.5),
                format(limit, ","),
                " OVER" if board_ms(v) > limit else "",
            )
        )
    for name, v in sorted(e["data"].get("idle", {}).items()):
        lines.append(
            "| %s | %s | %.2f (%.1f%% of an idle second) | sleeps between frames |"
            % (name, format(v, ","), board_ms(v), 100 * board_ms(v) / app_time.FRAME_MS)
        )
    lines.append("")
    lines.append('A row the record does not hold reads "-"; %s.' % measured(e))
    return lines


SPEEDS = ("slow", "normal", "fast", "instant")


def waits_table(sets):
    """LAB.md's waits: a person's wait for three computers at each speed (app_time --speed),
    hard's with the person thinking 2 s before each move (--think 2000: the coach looks
    ahead meanwhile) and moving at once (the coach's look after the key), medium's at once."""
    lines = [
        "| speed | hard: median | longest | hard, moving at once: median | longest "
        "| medium: median | longest |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    commits = set()
    for speed in SPEEDS:
        cells = []
        for name in ("hard_%s_think", "hard_%s", "medium_%s"):
            e = sets.get("app_waits_" + name % speed)
            w = e and e["data"]["waits"].get("a person's wait for their turn")
            if w:
                commits.add(e["commit"])
                cells += ["%.2f s" % (w[0] / 1000.0), "%.2f s" % (w[1] / 1000.0)]
            else:
                cells += ["-", "-"]
        lines.append("| %s | %s |" % (speed, " | ".join(cells)))
    lines.append("")
    lines.append(
        "Measured at %s on the M4 VM: `python -m tools.bench.app_time --speed SPEED --seeds 5 "
        '[--think 2000 | --level medium] --record` (a wait the record does not hold reads "-").'
        % (", ".join(sorted(commits)) or "-")
    )
    return lines


def wear_table(sets):
    """LAB.md's wear: the nvm writes a game (tools/soak/app_driver.py) and the games one flash
    block lasts at 10,000 and 25,000 erase cycles."""
    lines = [
        "| players | nvm writes a game | games at 10,000 erases | at 25,000 | measured |",
        "| --- | --- | --- | --- | --- |",
    ]
    for n in (2, 4):
        e = entry_of(sets, "saves_%dp" % n)
        w = e["data"]["writes_per_game"]
        lines.append(
            "| %d | %.1f | %s | %s | at %s: `%s` |"
            % (
                n,
                w,
                format(int(10000 / w), ","),
                format(int(25000 / w), ","),
                e["commit"],
                e["command"],
            )
        )
    return lines


TABLES = {
    "wear": wear_table,
    "app_time": app_time_table,
    "waits": waits_table,
    "budgets": budgets_table,
    "board_time": board_time_table,
    "cost": cost_table,
    "games": games_table,
    "strength": strength_table,
}


# ---- the drive -----------------------------------------------------------------------------


def drive_figures():
    """{"bytes", "files", "kb"} of the 10.x folder of the release's tree, laid out afresh."""
    from tools.release import bundle

    with tempfile.TemporaryDirectory() as out:
        here = bundle.tree_dir(out, 10)
        bundle.lay_out(here, 10)
        size = bundle.size_of(here)
        files = sum(len(fs) for _, _, fs in os.walk(here))
    return {"bytes": size, "files": files, "kb": (size + 500) // 1000}


DRIVE_COMMAND = "python -m tools.release.bundle"


def measure_drive(path=record.PATH):
    """The record's "drive" set measured now; unchanged (commit and all) if the tree is."""
    now = drive_figures()
    sets = record.load(path)
    old = sets.get("drive")
    if old is None or old["data"] != now:
        record.put("drive", now, DRIVE_COMMAND, "build", path=path)
    return now


# ---- writing and checking ------------------------------------------------------------------


def rendered(text, sets):
    """The text with every marked place written from the record."""

    def block(m):
        name = m.group(1)
        if name not in TABLES:
            raise RenderError("no table %r (tools/docs/render.py TABLES)" % name)
        body = "\n".join(TABLES[name](sets))
        return "<!-- figures: %s -->\n%s\n<!-- /figures -->" % (name, body)

    def inline(m):
        return "<!-- fig: %s%s -->%s<!-- /fig -->" % (
            m.group(1),
            " " + m.group(2) if m.group(2) else "",
            formatted(value_of(sets, m.group(1)), m.group(2)),
        )

    text = BLOCK.sub(block, text)
    opened = text.count("<!-- figures:") + text.count("<!-- fig:")
    closed = text.count("<!-- /figures -->") + text.count("<!-- /fig -->")
    if opened != closed:
        raise RenderError("%d marks opened, %d closed" % (opened, closed))
    return INLINE.sub(inline, text)


def changelog_split(text):
    """(the changelog's Unreleased part, its released sections): only the first is written from
    the record."""
    m = re.search(r"^## \d", text, re.M)
    return (text[: m.start()], text[m.start() :]) if m else (text, "")


def differences(text, sets):
    """[(line, what the doc says, what the record gives)] of the marked places that differ."""
    want = rendered(text, sets)
    if want == text:
        return []
    have_lines, want_lines = text.splitlines(), want.splitlines()
    out = []
    for i, (h, w) in enumerate(zip(have_lines, want_lines)):
        if h != w:
            out.append((i + 1, h, w))
    if len(have_lines) != len(want_lines):
        out.append((min(len(have_lines), len(want_lines)) + 1, "(length)", "(length)"))
    return out


def read(doc, root=record.ROOT):
    with open(os.path.join(root, doc), encoding="utf-8") as f:
        return f.read()


def written(doc, text, sets):
    """The doc's text with its marked places written from the record (the changelog's released
    sections as they are)."""
    if doc == "CHANGELOG.md":
        head, released = changelog_split(text)
        return rendered(head, sets) + released
    return rendered(text, sets)


def check(docs=DOCS, root=record.ROOT, path=record.PATH):
    """[(doc, line, the doc's, the record's)] for every marked place that is not as written from
    the record, the drive's figures measured afresh too."""
    sets = record.load(path)
    problems = []
    now = drive_figures()
    if sets.get("drive", {}).get("data") != now:
        problems.append(("docs/figures.json", 0, str(sets.get("drive")), str(now)))
        sets = dict(sets, drive={"data": now, "command": DRIVE_COMMAND, "commit": "-"})
    for doc in docs:
        text = read(doc, root)
        if doc == "CHANGELOG.md":
            text = changelog_split(text)[0]
        for line, have, want in differences(text, sets):
            problems.append((doc, line, have, want))
    return problems


def write(docs=DOCS, root=record.ROOT, path=record.PATH):
    measure_drive(path)
    sets = record.load(path)
    changed = []
    for doc in docs:
        text = read(doc, root)
        new = written(doc, text, sets)
        if new != text:
            with open(os.path.join(root, doc), "w", encoding="utf-8") as f:
                f.write(new)
            changed.append(doc)
    return changed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="list the places that differ; write none")
    a = ap.parse_args(argv)
    try:
        if a.check:
            problems = check()
            for doc, line, have, want in problems:
                print("%s:%d: says %s\n  the record gives %s" % (doc, line, have, want))
            print("%d marked places differ from the record (make docs)" % len(problems))
            return 1 if problems else 0
        for doc in write():
            print("wrote %s" % doc)
    except (record.RecordError, RenderError) as e:
        print("docs: %s" % e)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
