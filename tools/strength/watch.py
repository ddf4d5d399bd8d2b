"""Watch computer players play a whole game in the terminal.

python3 -m tools.strength.watch [--players N] [--seed S] [--level L] [--no-sweeps]
"""

import argparse

from engine.ai import choose_move
from engine.ai_hard import observe
from engine.movegen import ADD, CAPTURE, CREATE, TRAIL
from engine.play import play
from engine.scoring import finish_round
from engine.state import new_game
from tools.ref import card_names as C
from tools.ref.protocol import event_names


def describe(s, move):
    card, kind, value, lm, bm = move
    table = [C.name(s.loose[i]) for i in range(len(s.loose)) if lm >> i & 1]
    table += [
        "[%s]" % " ".join(C.name(c) for g in s.builds[j][2] for c in g)
        for j in range(len(s.builds))
        if bm >> j & 1
    ]
    if kind == TRAIL:
        return "trails %s" % C.name(card)
    verb = (
        "captures"
        if kind == CAPTURE
        else ("builds %d" % value if kind in (CREATE, ADD) else "raises to %d" % value)
    )
    return "plays %s, %s %s" % (C.name(card), verb, " ".join(table))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="medium")
    ap.add_argument("--no-sweeps", action="store_true")
    a = ap.parse_args()
    s = new_game(a.players, a.seed, not a.no_sweeps)
    ticks = 0
    while s.winner < 0:
        print("-- round, dealer seat %d; scores %s" % (s.dealer, s.scores))
        while not s.round_over():
            seat = s.turn
            table = " ".join(C.name(c) for c in s.loose)
            builds = " ".join("%d:%s" % (b[0], b[1]) for b in s.builds)
            move = choose_move(s, a.level, a.seed * 1000 + ticks)
            ticks += 1
            line = "seat %d  table [%s] builds [%s]  %s" % (seat, table, builds, describe(s, move))
            if a.level == "hard":
                observe(s, move)  # hard reads the others' hands from their plays
            events = event_names(play(s, move))
            extra = [e for e in events if e in ("sweep", "deal", "last")]
            print(line + ("  (" + ", ".join(extra) + ")" if extra else ""))
        points, scores, winner, _, _ = finish_round(s)
        print("round points %s -> scores %s" % (points, scores))
    print("side %d wins %s" % (s.winner, s.scores))


if __name__ == "__main__":
    main()
