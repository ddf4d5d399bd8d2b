"""Computer player figures on a real MicroPython (the `micropython` unix port).

    python3 -m tools.bench.ai [--seeds 6] [--reps 3] [--levels easy,medium,hard] [--vm mp|cp9|cp10]

Positions (two or more legal moves), made afresh by seed: 2-player games over
two rounds (so their last hands, the endgames), 3- and 4-player rounds, and
crowded tables of 12 and 16 items with 2-4 players. For each level one line
`LEVEL median X ms max Y ms (N positions)`, each decision timed once in each
of `reps` passes over all the positions and its fastest kept (other work on
the machine does not count: a slow spell outlasts a decision, so repetitions
back to back would share it), and hard's slowest by kind of position. Then
a hard decision's peak heap above the position before it (the smallest free
heap it completes in, found by filling the rest, every 5th position, in the
first pass), the AI modules' resident code (mpy-cross sizes) and a 4-player
all-hard game under -X heapsize=88k (it compiles the AI from .py at the first
decision: at memcheck.py's 80k the 64-bit build has no room left for that
compile, 72k none for four hard computers). The engine is
imported from its .py sources, as on the board; the children run from the
repository root with relative paths (tools/box/mp.py). --vm: the interpreter, the
host's 64-bit MicroPython (mp, the default) or the board's own, 32-bit (cp9,
cp10: tools/box/boardvm.py), where the heap figures are the board's word size.
Call figures() for a dict.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

from tools.box import mp

ROOT = mp.ROOT
HERE = os.path.dirname(os.path.abspath(__file__))

TIMING = r"""
import sys, time, gc
from engine.state import new_game
from engine.ai import choose_move
from engine.ai_hard import observe
import positions_mp as B
LEVELS = %(levels)r
SEEDS = %(seeds)d
REPS = %(reps)d
HEAP_EVERY = %(heap_every)d


times = {}          # level: each position's fastest time so far
KINDS = B.KINDS
kind_of = bytearray(SEEDS * 400)    # each position's kind, an index in KINDS
                                    # (about 230 positions a seed; one block: a
                                    # list grown as the heap is measured moves it)
seen = []           # each play's fastest observe so far
heap = []
count = [0, 0]      # positions and plays so far in this pass
PASS = [0]


PADS = [None] * 1024


def fits(s, seed, x):
    # does hard's decision complete with x bytes of the heap free? The rest is
    # filled with blocks, biggest first (up to 1024 of them: a fragmented
    # heap's holes can take hundreds, and a fill cut short leaves the decision
    # room it is not given on the board)
    gc.collect()
    n = 0
    size = 1 << 16
    while size >= 32 and n < 1024:
        try:
            while n < 1024 and gc.mem_free() - size - 32 > x:
                PADS[n] = bytearray(size)
                n += 1
        except MemoryError:
            pass
        size >>= 1
    ok = True
    try:
        choose_move(s, "hard", seed)
    except MemoryError:
        ok = False
    for i in range(n):
        PADS[i] = None
    gc.collect()
    return ok


def need(s, seed):
    # the smallest free heap (to 256 bytes) hard's decision completes in
    lo = 0
    hi = 1 << 18
    while hi - lo > 256:
        x = (lo + hi) // 2
        if fits(s, seed, x):
            hi = x
        else:
            lo = x
    return hi


def fastest(row, i, t):
    # row[i] is the fastest time of passes so far
    if PASS[0] == 0:
        row.append(t)
    elif t < row[i]:
        row[i] = t


def measure(kind, s, seed):
    i = count[0]
    count[0] += 1
    if PASS[0] == 0:
        kind_of[i] = KINDS.index(kind)
    for l in LEVELS:
        gc.collect()
        t0 = time.ticks_us()
        choose_move(s, l, seed)
        fastest(times[l], i, time.ticks_diff(time.ticks_us(), t0))
    if PASS[0] == 0 and HEAP_EVERY and "hard" in LEVELS and count[0] %% HEAP_EVERY == 0:
        heap.append([need(s, seed), kind])


for l in LEVELS:
    times[l] = []
    choose_move(new_game(2, 1), l, 0)   # the level's modules imported first
def timed_observe(s, m):
    t0 = time.ticks_us()
    observe(s, m)           # as the table does with a hard seat
    fastest(seen, count[1], time.ticks_diff(time.ticks_us(), t0))
    count[1] += 1


for p in range(REPS):
    # each pass times every position once (a slow spell of the machine
    # outlasts a decision, so repetitions back to back would share it)
    PASS[0] = p
    count[0] = count[1] = 0
    for players, seed in B.games(SEEDS):
        for kind, s, k in B.game_positions(players, seed, timed_observe):
            measure(kind, s, k)
    for kind, s, k in B.crowded_positions(SEEDS):
        measure(kind, s, k)
kinds = {}
if "hard" in LEVELS:
    for i, t in enumerate(times["hard"]):
        kind = KINDS[kind_of[i]]
        k = kinds.get(kind)
        if k is None:
            k = kinds[kind] = [0, 0]
        k[0] += 1
        if t > k[1]:
            k[1] = t
seen.sort()
out = {"levels": {}, "kinds": kinds, "heap": heap,
       "observe": [len(seen), seen[len(seen) // 2], seen[-1]]}
for l in LEVELS:
    t = sorted(times[l])
    out["levels"][l] = [len(t), t[len(t) // 2], t[-1]]
print("RESULT", out)
"""

HEAP = r"""
import sys, gc
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
    from engine.ai_hard import observe      # (compiled by the first decision)
    observe(s, m)
    a = gc.mem_alloc()
    if a > peak:
        peak = a
    apply_move(s, m)
    gc.collect()
    moves += 1
print("RESULT", {"base": base, "loaded": loaded, "peak": peak, "moves": moves,
                 "rounds": rounds, "winner": s.winner, "free": gc.mem_free()})
"""


VM = "mp"  # the interpreter the children run on (main's --vm)


def micropython():
    return mp.interpreter(VM)


def _run(script, heap, timeout=1800):
    # the script as a child beside the bench's others (tools/bench/_ai_*.py while it runs)
    with tempfile.NamedTemporaryFile("w", suffix=".py", dir=HERE, prefix="_ai_", delete=False) as f:
        f.write(script)
        path = f.name
    try:
        name = os.path.basename(path)[:-3]
        p = mp.execute(
            [micropython(), "-X", "heapsize=" + heap, "-m", name], timeout, path=mp.BENCH
        )
    finally:
        os.unlink(path)
    for line in p.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:].replace("'", '"'))
    raise RuntimeError("micropython failed (heap %s): %s" % (heap, (p.stderr or p.stdout)[-500:]))


def timing(seeds=6, reps=3, levels=("easy", "medium", "hard"), heap_every=5, heap="2m"):
    """{"levels": {level: [positions, median us, max us]}, "kinds": {kind:
    [positions, hard's max us]}, "heap": [[hard's peak bytes, kind], ...]}."""
    return _run(
        TIMING % {"levels": tuple(levels), "seeds": seeds, "reps": reps, "heap_every": heap_every},
        heap,
    )


def heap_game(seed=1, heap="88k"):
    """A whole 4-player all-hard game under a heap of `heap`: bytes in use
    (base, after imports, peak seen between moves) and the game's length."""
    return _run(HEAP % {"seed": seed}, heap)


def code_sizes():
    """{path: mpy-cross bytes} for engine/ai*.py."""
    cross = os.path.join(
        os.path.dirname(mp.micropython()), "mpy-cross"
    )  # the board VMs come without one
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(glob.glob(os.path.join(ROOT, "engine", "ai*.py"))):
            rel = os.path.relpath(path, ROOT)
            dst = os.path.join(tmp, "x.mpy")
            subprocess.run([cross, "-o", dst, rel], cwd=ROOT, check=True)
            out[rel] = os.path.getsize(dst)
    return out


def figures(seeds=6, reps=3):
    return {"timing": timing(seeds, reps), "heap88k": heap_game(), "code": code_sizes()}


def report(t, out=sys.stdout):
    for level, (n, med, mx) in sorted(
        t["levels"].items(), key=lambda kv: ("easy", "medium", "hard").index(kv[0])
    ):
        out.write(
            "%s median %.2f ms max %.2f ms (%d positions)\n" % (level, med / 1000, mx / 1000, n)
        )
    if t["kinds"]:
        out.write(
            "  hard's slowest by kind: %s\n"
            % ", ".join(
                "%s %.2f ms (%d)" % (k, v[1] / 1000, v[0]) for k, v in sorted(t["kinds"].items())
            )
        )
    if "observe" in t:
        n, med, mx = t["observe"]
        out.write(
            "observe (what a play says of a hand, before each play at a hard seat's "
            "table) median %.2f ms max %.2f ms (%d plays)\n" % (med / 1000, mx / 1000, n)
        )
    h = t["heap"]
    if h:
        game = sorted(b for b, kind in h if not kind.startswith("crowded"))
        crowd = sorted(b for b, kind in h if kind.startswith("crowded"))
        out.write(
            "hard decision peak heap above the position (%s): game positions "
            "median %d B max %d B (%d); crowded tables median %d B max %d B (%d)\n"
            % (
                "64-bit MicroPython" if VM == "mp" else VM + ", 32-bit",
                game[len(game) // 2] if game else 0,
                game[-1] if game else 0,
                len(game),
                crowd[len(crowd) // 2] if crowd else 0,
                crowd[-1] if crowd else 0,
                len(crowd),
            )
        )


def main(argv=()):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=6)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--levels", default="easy,medium,hard")
    ap.add_argument("--heap-every", type=int, default=5)
    ap.add_argument("--vm", default="mp", choices=("mp", "cp9", "cp10"))
    ap.add_argument(
        "--record", action="store_true", help="write the levels' times into docs/figures.json"
    )
    args = ap.parse_args(argv)
    global VM
    VM = args.vm
    print("AI decision time on MicroPython (%s), positions with 2+ legal moves:" % micropython())
    t = timing(args.seeds, args.reps, args.levels.split(","), args.heap_every)
    report(t)
    if args.record:
        from tools.docs import record

        record.put(
            "ai_host_%s" % VM,
            {"levels": {k: list(v) for k, v in t["levels"].items()}},
            "python -m tools.bench.ai --seeds %d --reps %d --levels %s --heap-every %d --vm %s"
            % (args.seeds, args.reps, args.levels, args.heap_every, VM),
            VM,
        )
    sizes = code_sizes()
    print(
        "AI modules resident code (mpy-cross): %d bytes (%s)"
        % (
            sum(sizes.values()),
            ", ".join("%s %d" % (os.path.basename(k)[:-3], v) for k, v in sizes.items()),
        )
    )
    h = heap_game()
    print(
        "4-player all-hard game under -X heapsize=88k: ok, %d moves, %d rounds; heap in use "
        "%d B after the engine import (the AI compiles at its first decision), peak %d B "
        "seen between moves, garbage included (free at end %d B)"
        % (h["moves"], h["rounds"], h["loaded"], h["peak"], h["free"])
    )


if __name__ == "__main__":
    main(sys.argv[1:])
