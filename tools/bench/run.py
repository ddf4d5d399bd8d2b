"""Speed and memory figures: `make bench`.

Prints legal-move generation time per position over a fixed, seeded set of
positions (game positions and crowded tables of 12 and 16 items) on CPython and
on MicroPython; the peak heap of 4-player random games under
`micropython -X heapsize=48k` (run from the repository root with relative paths,
tools/box/mp.py, so the figure does not depend on the checkout's directory); the
bytecode the board loads (the release's .mpy sizes for 10.x, tools/release/bytecode.py, of
engine/ and lib/ as on the drive) and its largest module; the
deepest call stack in the board's pystack as tools/box/pystack.py models it; the
computer players' figures (tools/bench/ai.py); their decisions counted in the board's
instructions on the M4 VM (tools/bench/board_time.py, or "not built"); and the whole app in a
board-sized heap (tools/box/run.py --games 3 --players 2,3,4 --heap 256k --seed 1) on the
host's 64-bit MicroPython and on the board VMs (cp10, cp9: tools/box/boardvm.py), or
"not built" where one is missing; and the app's board time on the M4 VM
(tools/bench/app_time.py: boot, a new game's first table, the pages and the keys against
their budgets at CPI 1.6). The budgets are the board VMs' figures (docs/BOARD.md's budgets,
tools/box/run.py's BUDGETS): peak_app_bytes on cp10, pystack_max at most 1,400 bytes on cp9.
"""

import os
import subprocess

from tools.box import mp
from tools.release import files


def movegen():
    print("== legal-move generation, microseconds per position (fastest of 5) ==")
    for name, out in (
        ("CPython", mp.run_cpython("tools.bench.movegen_mp")),
        ("MicroPython", mp.run("movegen_mp", heap="8m")),
    ):
        for line in out.splitlines():
            print("%-12s %s" % (name, line))


def peak_heap(seeds=(1, 2, 3, 4, 5)):
    print(
        "== 4-player game with random players, micropython -X heapsize=48k -m random_game_mp "
        "(from the repository root, relative paths) =="
    )
    worst = 0
    for seed in seeds:
        last = mp.run("random_game_mp", (4, seed)).splitlines()[-1]
        peak = int(last.split()[-1])
        worst = max(worst, peak)
        print(
            "seed %d: %s bytes peak heap in use (after collection, engine modules included)"
            % (seed, peak)
        )
    print("largest peak %d bytes of 49152" % worst)


def code_size():
    """The bytecode the board loads: the release's .mpy for 10.x, each module under its name on
    the drive (resident in the heap: inside the whole app's figure of the board VM)."""
    from tools.release import bytecode

    print("== bytecode the board loads: the release's .mpy per folder on the drive ==")
    total = 0
    largest = (0, "")
    longest = (0, "")
    for folder, paths in files.by_folder().items():
        mods = [(src, dst) for src, dst in paths if dst != "code.py"]
        made = bytecode.compiled(10, [(os.path.join(mp.ROOT, s), d) for s, d in mods])
        size = 0
        for src, dst in mods:
            n = len(made[dst[:-3] + ".mpy"])
            size += n
            largest = max(largest, (n, dst[:-3] + ".mpy"))
            longest = max(longest, (os.path.getsize(os.path.join(mp.ROOT, src)), dst))
        total += size
        if mods:
            print("%-24s %3d modules %6d bytes" % (folder, len(mods), size))
    print(
        "largest module %s %d bytes; largest source %s %d bytes"
        % (largest[1], largest[0], longest[1], longest[0])
    )
    print("total %d bytes" % total)


def ai():
    """The computer players on MicroPython (tools/bench/ai.py)."""
    from tools.bench import ai as tool

    tool.main(["--record"])


def board_time():
    """The computers' decisions in the board's instructions on the M4 VM (board_time.py)."""
    from tools.bench import board_time as bt

    print("== time on the board's CPU: tools/bench/board_time.py (the M4 VM, tools/box/m4vm.py) ==")
    bt.main(["--record"])
    bt.main(["--games", "--levels", "hard", "--record"])


def boardbox(
    args=("--games", "3", "--players", "2,3,4", "--heap", "256k", "--seed", "1"),
    vms=("mp", "cp10", "cp9"),
):
    """The whole app under each VM with the board's stand-ins (tools/box/run.py)."""
    from tools.box import boardvm

    for vm in vms:
        print(
            "== the whole app in a board-sized heap: tools/box/run.py --vm %s %s =="
            % (vm, " ".join(args))
        )
        if vm != "mp" and boardvm.binary(vm) is None:
            print("boardbox: board VM %s not built (tools/box/boardvm.py)" % vm)
            continue
        if vm != "mp":
            boardvm.check(vm)
        try:
            done = subprocess.run(
                mp.cpython("tools.box.run", ["--vm", vm] + list(args)),
                cwd=mp.ROOT,
                env=mp.cpython_env(),
                capture_output=True,
                text=True,
                timeout=3600,
            )
        except subprocess.TimeoutExpired:
            print("boardbox: no answer within an hour")
            continue
        print(done.stdout.rstrip())
        if done.returncode:
            print(
                "boardbox failed (status %d): %s" % (done.returncode, done.stderr.strip()[-2000:])
            )
        else:
            last = done.stdout.strip().splitlines()[-1]
            budget(vm, last)
            from tools.box.run import figures
            from tools.docs import record

            record.put(
                "box_%s" % vm,
                figures(last),
                "python -m tools.box.run --vm %s %s" % (vm, " ".join(args)),
                vm,
            )


def budget(vm, last):
    from tools.box.run import BUDGETS, figures

    name, limit = BUDGETS[vm]
    value = figures(last)[name]
    print(
        "budget %s on %s: %d of %d bytes, %s"
        % (name, vm, value, limit, "met" if value <= limit else "OVER")
    )


def app_time():
    """The app's board time on the M4 VM (tools/bench/app_time.py): boot, screens, keys, idle, a
    4-player round's waits, against the boot and key press budgets."""
    from tools.bench import app_time as tool

    print("== the app on the board's CPU: tools/bench/app_time.py (M4 VM) ==")
    tool.main([])


def pystack():
    """The deepest call stack, in the board's pystack bytes (tools/box/pystack.py)."""
    done = subprocess.run(
        mp.cpython("tools.box.pystack"),
        cwd=mp.ROOT,
        env=mp.cpython_env(),
        capture_output=True,
        text=True,
    )
    print(done.stdout.rstrip())
    if done.returncode:
        print("pystack failed (status %d): %s" % (done.returncode, done.stderr.strip()[-2000:]))


if __name__ == "__main__":
    movegen()
    peak_heap()
    code_size()
    pystack()
    ai()
    app_time()
    board_time()
    boardbox()
