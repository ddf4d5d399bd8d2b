"""The coach's margin (lib/teach.py MARGIN), measured: how far apart, on medium's scores
(centipoints), two good players' choices fall where they disagree, and how often each margin
would flag a newcomer's (easy's) and a random player's moves.

    PYTHONPATH=lib .venv/bin/python -m tools.bench.coach_margin [--games 6] [--players 2]

Games of medium against medium, dealt by seed 1..games; at each position with two moves or
more: hard's choice h (its seed the position's index), medium's choice m, easy's e and a random
legal move r. Where h and m differ, |score(h) - score(m)| is a close call between two good
choices; the margin is set over most of those (the printed percentiles). For e and r the gap
score(h) - score(x) where x differs from h: the share a margin flags. CPython, the host's
figures (medium's scores are integer sums: the same on the board).
"""

import argparse
import random

import engine.movegen  # noqa: F401
from engine.ai import choose_move
from engine.movegen import capped_moves
from engine.play import play
from engine.scoring import finish_round
from engine.state import new_game
from engine import ai_medium

import teach


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * q))] if xs else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=1)
    a = ap.parse_args()
    close, easy, rand = [], [], []
    k = 0
    for g in range(1, a.games + 1):
        s = new_game(a.players, g)
        rng = random.Random(g)
        for _ in range(a.rounds):
            while not s.round_over():
                ms = capped_moves(s)
                if len(ms) > 1:
                    k += 1
                    h = choose_move(s, "hard", k)
                    m = choose_move(s, "medium", k)
                    e = choose_move(s, "easy", k)
                    r = rng.choice(ms)
                    w, p = teach.view(s)
                    sc = ai_medium.scores(s, [h, m, e, r], w, p)
                    if m != h:
                        close.append(abs(sc[0] - sc[1]))
                    if e != h:
                        easy.append(sc[0] - sc[2])
                    if r != h:
                        rand.append(sc[0] - sc[3])
                play(s, choose_move(s, "medium", k))
            finish_round(s)
            if s.winner >= 0:
                break
    print("positions %d; hard and medium disagree at %d" % (k, len(close)))
    for q in (0.5, 0.75, 0.9, 0.95):
        print("  close calls: %d%% under %d centipoints" % (q * 100, pct(close, q)))
    for margin in (60, 80, 100, 120, 150, 200):
        fe = sum(1 for x in easy if x >= margin)
        fr = sum(1 for x in rand if x >= margin)
        fc = sum(1 for x in close if x >= margin)
        print(
            "  margin %3d flags %4.1f%% of easy's moves, %4.1f%% of random ones, %4.1f%% of"
            " the close calls" % (margin, 100 * fe / k, 100 * fr / k, 100 * fc / max(1, len(close)))
        )
    print("teach.MARGIN %d" % teach.MARGIN)


if __name__ == "__main__":
    main()
