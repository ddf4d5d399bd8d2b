"""The model's figures the board check carries (lib/check_model.py), made on the M4 VM.

    BOARD_VM_DIR=... python -m tools.check.model            # prints them
    BOARD_VM_DIR=... python -m tools.check.model --write    # and writes lib/check_model.py
    BOARD_VM_DIR=... python -m tools.check.model --check    # the board check itself on the VM

On the M4 VM (tools/box/m4vm.py: CircuitPython's core for the Cortex-M4F under QEMU, every
instruction counted), with the engine as the release ships it for 10.x (its bytecode,
tools/bench/board_time.py's guest files): each level's decision on each of the check's bench
positions (lib/check.py BENCH: the first position of those bench games of
tools/bench/positions_mp.py, seed * 1000 as positions_mp gives it), and the app's boot to the
title and a new game's first table (tools/bench/app_time.py's "boot to the title" and "play:
first show (a new game)", a 4-player game with hard computers). The file says the commit and
the VM it came from; tools/check/report.py sets a board's report beside it. Without the M4 VM
it says so and writes nothing (the file keeps what it holds, and says where that came from).
"""

import argparse
import ast
import os
import subprocess
import sys

from tools.box import m4vm

ROOT = m4vm.ROOT
TARGET = os.path.join(ROOT, "lib", "check_model.py")
LEVELS = ("easy", "medium", "hard")


def bench_positions(path=None):
    """lib/check.py's BENCH, read from its source (the module is the board's)."""
    with open(path or os.path.join(ROOT, "lib", "check.py")) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "BENCH":
            return ast.literal_eval(node.value)
    raise SystemExit("no BENCH in %s" % path)


def counts(bench, elf=None, source="mpy"):
    """{(players, seed): [easy, medium, hard] in thousands of instructions} on the M4 VM."""
    from tools.bench.board_time import guest_files

    files = guest_files(source)
    with open(os.path.join(ROOT, "tools", "check", "model_mp.py"), "rb") as f:
        files["model_mp.py"] = f.read()
    out = {}
    status = []

    def line(text):
        w = text.split()
        if w and w[0] == "K":
            row = out.setdefault((int(w[1]), int(w[2])), [0, 0, 0])
            row[LEVELS.index(w[3])] = int(w[4]) * m4vm.PER_US // 1000
        elif w and w[0] == "END":
            status.append("END")

    with m4vm.VM(files, elf) as vm:
        vm.run("import model_mp\nmodel_mp.run(%r)\n" % (tuple(bench),), line)
    if not status:
        raise SystemExit("the M4 VM's bench did not end")
    return out


def app_counts(elf=None):
    """(boot to the title, a new game's first table) in thousands of instructions."""
    from tools.bench import app_time

    fig = app_time.measure(elf=elf)
    boot = app_time.median(fig["T"]["boot to the title"])
    table = app_time.median(fig["T"]["play: first show (a new game)"])
    return boot // 1000, table // 1000


# The board check itself on the M4 VM, end to end (--check): the drive's lib/royal_casino on the
# path as code.py puts it, the stand-ins' microcontroller.nvm for the flash, console() as
# SELECT + START at boot runs it. The VM's clock is MicroPython's ticks_us: 1,000 instructions
# a microsecond, so its report's times are the model's counts.
CHECK = """import sys
sys.path.insert(0, "/rom/lib/royal_casino")
import microcontroller


class P:
    def nvm(self):
        return microcontroller.nvm


import check
check.console(P())
"""


def run_check(elf=None):
    """The board check's report, run on the M4 VM: its lines."""
    from tools.bench import app_time

    lines = []
    with m4vm.VM(app_time.guest_files(), elf) as vm:
        vm.run(CHECK, lines.append)
    return lines


def commit():
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
    except OSError:
        return "?"


def text(model, boot_k, table_k, rows, note):
    """lib/check_model.py's text."""
    out = [
        "# The model's figures for the board check (check.py), carried with the release: what",
        "# the M4 VM (the board's CPU on the desk, docs/BOARD.md) counts for the check's work, in",
        "# thousands of Cortex-M4 instructions. Written by `python -m tools.check.model --write`;",
        "# tools/check/report.py reads a board's report beside them.",
    ]
    out += ["# " + ln for ln in note]
    out += [
        'MODEL = "%s"' % model,
        "BOOT_K = %d  # code.py's first line to the title, from the release's bytecode" % boot_k,
        "TABLE_K = %d  # a new 4-player game's first table (hard computers)" % table_k,
        "# (players, seed, easy, medium, hard): check.BENCH's positions",
        "COUNTS = (",
    ]
    for (players, seed), k in rows:
        out.append("    (%d, %d, %d, %d, %d)," % ((players, seed) + tuple(k)))
    out.append(")")
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--vm", default=None, help="the M4 VM's firmware.elf")
    ap.add_argument("--write", action="store_true", help="write lib/check_model.py")
    ap.add_argument(
        "--check", action="store_true", help="run the board check itself on the M4 VM instead"
    )
    a = ap.parse_args(argv)
    elf = m4vm.binary(a.vm)
    if elf is None:
        print(
            "the M4 VM is not built (%s) or qemu-system-arm is missing: lib/check_model.py "
            "keeps its figures" % os.path.join(m4vm.vm_dir(), "m4", "firmware.elf")
        )
        return 1
    if a.check:
        for line in run_check(elf):
            print(line)
        return 0
    bench = bench_positions()
    found = counts(bench, elf)
    boot_k, table_k = app_counts(elf)
    rows = [((p, s), found[(p, s)]) for p, s in bench]
    model = "M4 VM at %s" % commit()
    note = [
        "%s (%s):"
        % (
            model,
            os.path.relpath(elf, ROOT) if elf.startswith(ROOT) else "$BOARD_VM_DIR/m4/firmware.elf",
        ),
        "the check's own positions counted, the engine as the release's bytecode.",
    ]
    body = text(model, boot_k, table_k, rows, note)
    sys.stdout.write(body)
    if a.write:
        with open(TARGET, "w") as f:
            f.write(body)
        print("wrote %s" % os.path.relpath(TARGET, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
