"""Crowded tables in play: how long the legal-move lists get, and the heap they take.

    python3 -m tools.bench.crowd [--games 200] [--players 2,3,4] [--top 4] [--seed 40000000]

Plays games (three rounds at most) in which every seat trails 9 times in 10 when
it may, as a table of people who seldom capture would: nobody clears the table.
Prints, for each player count, the longest legal-move list of each game (median,
90th percentile, largest) and the share of games whose longest list passes 300
and 1,000 moves. Then, for the `top` positions with the longest lists, the
smallest `micropython -X heapsize` (to 1 KB, 64-bit: about twice the board's
32-bit figure) in which the whole list (legal_moves), each level's
choose_move() and the person's chooser's list (capped_moves) complete, less
the heap in use after the imports (tools/bench/crowd_mp.py).
"""

import argparse

from engine import codec
from engine.movegen import TRAIL, legal_moves
from engine.play import play
from engine.rng import Rng
from engine.scoring import finish_round
from engine.state import new_game
from tools.box import mp

TASKS = ("legal_moves", "easy", "medium", "hard", "chooser")


def trailer_move(moves, rng):
    # a trail 9 times in 10 when one is legal, else any legal move
    trails = [m for m in moves if m[1] == TRAIL]
    if trails and rng.below(10) < 9:
        return trails[rng.below(len(trails))]
    return moves[rng.below(len(moves))]


def longest(n, seed):
    # (moves, table items, position) where the game's move list was longest
    s = new_game(n, seed)
    rng = Rng(seed)
    best = (0, 0, None)
    rounds = 0
    while s.winner < 0 and rounds < 3:
        if s.round_over():
            finish_round(s)
            rounds += 1
            continue
        moves = legal_moves(s)
        if len(moves) > best[0]:
            best = (len(moves), len(s.loose) + len(s.builds), codec.encode(s).hex())
        play(s, trailer_move(moves, rng))
    return best


def completes(hexpos, task, kb):
    done = mp.execute(mp.command("crowd_mp", (hexpos, task), heap="%dk" % kb), path=mp.BENCH)
    return done.stdout.split()[1] if done.stdout.startswith("OK") else None


def heap_need(hexpos, task, most=1024):
    # the smallest heap in KB the task completes in, and the heap in use after
    # the imports; (None, None) past `most`
    base = completes(hexpos, task, most)
    if base is None:
        return None, None
    kb = mp.smallest_heap(lambda k: completes(hexpos, task, k) is not None, 16, most)
    return kb, int(base)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--top", type=int, default=4)
    ap.add_argument("--seed", type=int, default=40000000)
    a = ap.parse_args(argv)
    found = []
    for n in [int(x) for x in a.players.split(",")]:
        rows = sorted(longest(n, a.seed + g) for g in range(a.games))
        sizes = [r[0] for r in rows]
        print(
            "%d players, %d trail-heavy games: longest move list median %d, 90th percentile %d, "
            "largest %d (%d table items); past 300 moves %.0f%% of games, past 1,000 %.0f%%"
            % (
                n,
                len(rows),
                sizes[len(sizes) // 2],
                sizes[len(sizes) * 9 // 10],
                rows[-1][0],
                rows[-1][1],
                100.0 * sum(x > 300 for x in sizes) / len(sizes),
                100.0 * sum(x > 1000 for x in sizes) / len(sizes),
            )
        )
        found += rows
    found.sort(reverse=True)
    print("heap each task needs above the imports (64-bit MicroPython, -X heapsize to 1 KB):")
    for moves, items, hexpos in found[: a.top]:
        parts = []
        for task in range(len(TASKS)):
            kb, base = heap_need(hexpos, task)
            parts.append(
                "%s %s" % (TASKS[task], "over 1 MB" if kb is None else "%d B" % (kb * 1024 - base))
            )
        print("  %d moves, %d table items: %s" % (moves, items, ", ".join(parts)))


if __name__ == "__main__":
    main()
