"""A board's report beside the model's figures: how far each model is from that board.

    python -m tools.check.report FILE        # a board check's report, pasted into FILE (- : stdin)

The board check (lib/check.py, the title's "Board check" or SELECT + START held at boot) prints
one block of plain text to the serial console, from "=== Royal Casino board check ===" to
"=== end of the board check ===". This reads that block, anything around it ignored (a
terminal's other lines, a prefix the console put before each line), and prints a table: each
figure the board measured beside the model's for it. Time: the M4 VM's instructions at the
release's code (lib/check_model.py, written by `python -m tools.check.model`) as board ms at
CPI 1.6 with the collector's 1.15x at 120 MHz (tools/bench/cpu.py), and the cycles an
instruction the board's own time gives; the heap: the box's figures on the 10.x board VM
(docs/BOARD.md). docs/BOARD.md, "A board's report", says how a report changes the budgets.
A paste that is cut short or garbled gets a message saying what is wrong, and exit status 2.
"""

import argparse
import importlib.util
import os
import sys

from tools.bench.cpu import COLLECTOR, CPI, MHZ, board_ms

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BEGIN = "=== Royal Casino board check ==="
END = "=== end of the board check ==="
FORMATS = (1,)  # the report's formats this reads (lib/check.py FORMAT)
LEVELS = ("easy", "medium", "hard")
# The box's heap on the 10.x board VM, from the measured record (docs/figures.json's 20 runs,
# tools/docs/record.py): the app's peak and its budget. A board's report gives the app's most
# used over its own game (the check's, hard against hard) and at the title.


def box_heap():
    """(the 20 runs' largest peak or None, the budget) on the 10.x board VM."""
    from tools.box.run import BUDGETS
    from tools.docs import record

    try:
        peak = record.load().get("box_runs_cp10", {}).get("data", {}).get("peak_max")
    except record.RecordError:
        peak = None
    return peak, BUDGETS["cp10"][1]


BOARD_HEAP = 150 * 1024  # what the PyGamer's port gives Python, about (docs/BOARD.md)
# "key value" lines and what each holds; the others are text
INTS = (
    "format",
    "word_bytes",
    "battery_mv",
    "boot_ms",
    "table_ms",
    "title_free",
    "title_alloc",
    "check_free",
    "game_hands",
    "game_moves",
    "game_low_free",
    "game_high_alloc",
    "save_bytes",
    "settings_bytes",
    "flash_write_us",
)
TEXTS = (
    "error",
    "flash_error",
    "game",
    "board",
    "machine",
    "firmware",
    "model",
    "bench_ratio",
    "bench_cpi",
)


class Unreadable(ValueError):
    """The paste is not a whole report: the message says what is wrong, for a person."""


def read(text):
    """The report in text: {"fields": {name: int or str}, "bench": [(players, seed, level,
    us)], "largest": the largest free block in bytes from mem_info's "max free sz" (or None)}.
    Unreadable when there is no report, it is cut short, or a line of it cannot be read."""
    lines = text.replace("\r", "").split("\n")
    start = prefix = None
    for i, line in enumerate(lines):
        at = line.find(BEGIN)
        if at >= 0:
            start, prefix = i, line[:at]  # (the last report in the paste, if several)
    if start is None:
        raise Unreadable(
            "no board check report here: copy the serial console's lines from %r to %r"
            % (BEGIN, END)
        )
    fields = {}
    bench = []
    largest = None
    for line in lines[max(0, start - 8) : start]:  # mem_info's lines, printed just before
        at = line.find("max free sz:")
        if at >= 0:
            try:
                largest = int(line[at + 12 :].split()[0].strip(","))
            except (ValueError, IndexError):
                largest = None
    end = None
    for n in range(start + 1, len(lines)):
        if END in lines[n]:
            end = n
            break
    if end is None:
        raise Unreadable(
            "the report is cut short: no %r after line %d (copy it to its last line)"
            % (END, start + 1)
        )
    for n in range(start + 1, end):
        line = lines[n]
        if prefix and line.startswith(prefix):
            line = line[len(prefix) :]
        line = line.strip()
        if not line:
            continue
        if line.startswith("==="):
            raise Unreadable("line %d: a new report starts before this one's end line" % (n + 1))
        name, _, value = line.partition(" ")
        value = value.strip()
        try:
            if name == "bench":
                where, level, us = value.split()
                players, seed = where.split("p")
                if level not in LEVELS:
                    raise ValueError(level)
                bench.append((int(players), int(seed), level, int(us)))
            elif name in INTS:
                fields[name] = int(value)
            elif name in TEXTS:
                fields[name] = value
            else:
                raise ValueError(name)
        except ValueError:
            raise Unreadable(
                "line %d cannot be read: %r (copy the report as printed)" % (n + 1, line)
            ) from None
    if fields.get("format") not in FORMATS:
        raise Unreadable(
            "the report's format %s is not one this tool reads (%s): use the tool of the report's "
            "release" % (fields.get("format", "(none)"), ", ".join(map(str, FORMATS)))
        )
    if largest is not None:
        largest *= 4 * fields.get("word_bytes", 4)  # the collector's blocks: 4 words each
    return {"fields": fields, "bench": bench, "largest": largest}


def model(path=None):
    """lib/check_model.py (or path) as a module: MODEL, BOOT_K, TABLE_K, COUNTS."""
    path = path or os.path.join(ROOT, "lib", "check_model.py")
    spec = importlib.util.spec_from_file_location("check_model_host", path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def cpi_of(ms, k):
    """The cycles an instruction that ms of board time for k thousand instructions give (at
    120 MHz, the collector's share in it)."""
    return ms * MHZ / k if k else 0.0


def fmt_ms(ms):
    return "-" if ms is None or ms < 0 else "%.1f" % ms


def table(rep, m):
    """The report beside the model m: a list of lines."""
    f = rep["fields"]
    out = [
        "board check: game %s on %s (%s), %s"
        % (f.get("game", "?"), f.get("board", "?"), f.get("machine", "?"), f.get("firmware", "?")),
        "model: %s (lib/check_model.py)%s"
        % (
            m.MODEL,
            ""
            if f.get("model", m.MODEL) == m.MODEL
            else "; the report's was %r: read it with the report's release" % f.get("model"),
        ),
        "time: board ms against the M4 VM's instructions x CPI %.1f x %.2f / %d MHz; the board's"
        % (CPI, COLLECTOR, MHZ),
        "cycles an instruction (its collections in them) against the model's %.1f x %.2f = %.2f"
        % (CPI, COLLECTOR, CPI * COLLECTOR),
        "",
        "%-34s %12s %12s %8s  %s"
        % ("what", "board", "model", "ratio", "cycles an instruction on the board"),
    ]

    if "error" in f:
        out.insert(2, "the check stopped at an error: %s" % f["error"])

    def timed(what, ms, k):
        model_ms = board_ms(k * 1000.0)
        if ms is None or ms < 0:
            out.append("%-34s %12s %12s %8s  %s" % (what, "-", fmt_ms(model_ms), "-", "-"))
            return
        out.append(
            "%-34s %12s %12s %8.2f  %.2f"
            % (what, fmt_ms(ms), fmt_ms(model_ms), ms / model_ms, cpi_of(ms, k))
        )

    timed("boot to the title, ms", f.get("boot_ms"), m.BOOT_K)
    timed("a new game's first table, ms", f.get("table_ms"), m.TABLE_K)
    counts = {(c[0], c[1]): c[2:] for c in m.COUNTS}
    total_us = {lv: 0 for lv in LEVELS}
    total_k = {lv: 0 for lv in LEVELS}
    missing = []
    for players, seed, level, us in rep["bench"]:
        c = counts.get((players, seed))
        if c is None:
            missing.append("%dp%d" % (players, seed))
            continue
        k = c[LEVELS.index(level)]
        timed("bench %dp%d %s, ms" % (players, seed, level), us / 1000.0, k)
        total_us[level] += us
        total_k[level] += k
    for level in LEVELS:
        if total_k[level]:
            timed("bench, %s in all, ms" % level, total_us[level] / 1000.0, total_k[level])
    all_k = sum(total_k.values())
    if all_k:
        timed("bench, every decision, ms", sum(total_us.values()) / 1000.0, all_k)
    if missing:
        out.append("  (no model for the bench positions %s)" % ", ".join(sorted(set(missing))))
    word = f.get("word_bytes", 4)
    out += [
        "",
        "heap, bytes (the board's %d-byte words%s)"
        % (word, "" if word == 4 else ": not the board's 4, the box's figures are 32-bit"),
    ]
    used, free = f.get("title_alloc", -1), f.get("title_free", -1)
    out.append("%-34s %12s %12s" % ("at the title: used / free", "%s / %s" % (used, free), "-"))
    if used >= 0 and free >= 0:
        out.append(
            "%-34s %12d %12d  (the board's heap so far: it grows in pieces)"
            % ("  used + free", used + free, BOARD_HEAP)
        )
    if rep["largest"] is not None:
        out.append("%-34s %12d %12s" % ("largest free block (mem_info)", rep["largest"], "-"))
    else:  # CircuitPython: no call gives it (docs/BOARD.md, "A board's report")
        out.append("%-34s %12s %12s" % ("largest free block", "not given", "-"))
    high = f.get("game_high_alloc", -1)
    peak, budget = box_heap()
    out.append(
        "%-34s %12s %12s  the box's peak in play (budget %d); board / box %s"
        % (
            "its game: most used",
            high,
            peak if peak else "-",
            budget,
            "%.2f" % (high / peak) if high > 0 and peak else "-",
        )
    )
    out.append("%-34s %12s %12s" % ("its game: least free", f.get("game_low_free", -1), "-"))
    out.append("%-34s %12s" % ("  over", "%s hands" % f.get("game_hands", "-")))
    write = f.get("flash_write_us", -1)
    write = write / 1000.0 if write >= 0 else None
    out += [
        "",
        "flash",
        "%-34s %12s %12s" % ("a write (one erase of the block), ms", fmt_ms(write), "-"),
        "%-34s %12s %12s" % ("the save, bytes", f.get("save_bytes", -1), "at most 256"),
        "%-34s %12s" % ("its settings, bytes", f.get("settings_bytes", -1)),
        "%-34s %12s" % ("battery, mV", f.get("battery_mv", -1)),
    ]
    if "flash_error" in f:
        out.append("the flash's write failed: %s" % f["flash_error"])
    return out


def main(argv=None, out=sys.stdout, err=sys.stderr):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", help="the pasted report (- : read it from stdin)")
    ap.add_argument("--model", default=None, help="another lib/check_model.py")
    a = ap.parse_args(argv)
    try:
        if a.file == "-":
            text = sys.stdin.read()
        else:
            with open(a.file, encoding="utf-8", errors="replace") as f:
                text = f.read()
    except OSError as e:
        err.write("cannot read %s: %s\n" % (a.file, e.strerror or e))
        return 2
    try:
        rep = read(text)
    except Unreadable as e:
        err.write("%s: %s\n" % (a.file, e))
        return 2
    for line in table(rep, model(a.model)):
        out.write(line.rstrip() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
