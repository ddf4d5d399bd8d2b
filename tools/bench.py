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
    ai()
