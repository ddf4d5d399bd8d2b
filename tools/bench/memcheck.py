"""Heap after every round of many engine games under MicroPython: it must stay flat.

    .venv/bin/python -m tools.bench.memcheck [--rounds 40] [--players 4] [--seed 1]
                                       [--levels hard,hard,hard,hard] [--save] [--heap 80k]

Runs tools/bench/memcheck_mp.py (memcheck_save_mp.py with --save) under
`micropython -X heapsize=80k` (the engine imported from its .py sources), from the repository
root with relative paths only (tools/box/mp.py: `MICROPYPATH=tools/bench micropython -m
memcheck_mp`), so the figures do not depend on the checkout's directory: games one after
another, a computer in every seat (levels per seat, "random" = a seeded random legal move),
printing gc.mem_alloc() after gc.collect() at the end of each round. With --save it also packs
the save (engine.savegame) and writes it to a lib/store.py Store after every move, as the app
does; those modules take about 17 KB more, so --save runs in 96k unless --heap says otherwise.
Then it compares the mean of the last fifth of the rounds with the first fifth and fits a line:
a leak per hand shows as growth. Exit status 1 if the heap grew by more than --margin bytes or
the child failed (e.g. MemoryError).

The default heap is 80k: the engine plus four hard computers holds about 45 KB after a round
and peaks higher inside a search, and the AI modules' compile at the first decision needs
about 76k; the whole app's budget is the board box's (tools/box/run.py), on the board's own
interpreter (docs/BOARD.md).
"""

import argparse
import sys

from tools.box import mp


def host(argv=None, out=print):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument(
        "--levels",
        default=None,
        help="comma-separated per seat: easy, medium, hard, random (default: hard,hard,hard,hard)",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--heap", default=None, help="default 80k; 96k with --save (its modules take ~17 KB more)"
    )
    ap.add_argument(
        "--save",
        action="store_true",
        help="also pack the save and write it to a Store after every move",
    )
    ap.add_argument("--margin", type=int, default=512, help="bytes of growth allowed")
    a = ap.parse_args(argv)
    levels = (a.levels or "hard,hard,hard,hard").split(",")
    levels = (levels * 4)[: a.players]
    heap = a.heap or ("96k" if a.save else "80k")
    # the tiny script has computers only; random seats and saving need the larger one
    save = a.save or "random" in levels
    script = "memcheck_save_mp" if save else "memcheck_mp"
    path = mp.BENCH + (("lib",) if save else ())
    cmd = mp.command(
        script, (a.rounds, a.players, ",".join(levels), a.seed, 1 if a.save else 0), heap
    )
    out("$ " + mp.shown(cmd, path))
    done = mp.execute(cmd, timeout=1800, path=path)
    figures = []
    for line in done.stdout.splitlines():
        out(line)
        w = line.split()
        if w and w[0] == "round":
            figures.append(int(w[3]))
    if done.returncode or len(figures) < 4:
        out("child failed (status %d): %s" % (done.returncode, done.stderr.strip()))
        return 1, figures
    k = max(2, len(figures) // 5)
    first = sum(figures[:k]) / k
    last = sum(figures[-k:]) / k
    n = len(figures)
    mx = (n - 1) / 2
    slope = sum((i - mx) * (figures[i] - first) for i in range(n)) / sum(
        (i - mx) ** 2 for i in range(n)
    )
    out(
        "rounds %d: heap after collect %d..%d bytes, first %d rounds mean %.0f, last %d mean "
        "%.0f, growth %.0f bytes, trend %.1f bytes/round"
        % (n, min(figures), max(figures), k, first, k, last, last - first, slope)
    )
    flat = last - first <= a.margin and slope * n <= a.margin
    out("flat" if flat else "GROWING: more than %d bytes" % a.margin)
    return (0 if flat else 1), figures


if __name__ == "__main__":
    sys.exit(host()[0])
