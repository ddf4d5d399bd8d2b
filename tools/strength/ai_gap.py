"""Where 2-player hard falls short of seeing the other hand, and how true its model of the
other seat is (host only; docs/AI_TRIES.md, "Where hard's remaining strength is").

    python3 -m tools.strength.ai_gap [-n 150] [--seed 5000001]

Hard plays medium on mirrored deals, first rounds only, as tools/strength/tournament.py plays them.

- gap: at each of hard's decisions before the pack is used up, hard also decides seeing the
  other hand (every sampled deal the true one). Both answers are scored by the same playouts
  on the true deal (ai_play.playout over hard's candidates), and the seeing answer's excess,
  in centipoints, is summed by the cards in hand when deciding and whether the seat leads the
  hand (the player after the dealer plays first in every hand).
- fidelity: at each of medium's turns with two cards or more and the pack not used up, the
  move hard's playouts would give medium there (ai_play.reply on the true hands) against the
  move medium plays.
"""

import argparse

from engine import ai_branches, ai_hard, ai_know, ai_medium, ai_play, ai_sim
from engine.ai import choose_move
from engine.play import play
from engine.state import new_game
from tools.strength.tournament import move_seed, seating

_deal = ai_medium.deal
_playout = ai_play.playout
_branches = ai_branches.branches
seeing = None  # the state whose hands the deals copy, while hard decides seeing
last = []  # each playout's arguments in the last decision


def deal(s, me, pool, rng, hands, w):
    work = _deal(s, me, pool, rng, hands, w)
    if seeing is not None:
        for o in range(s.n):
            if o != me:
                hands[o][:] = seeing.hands[o]
    return work


def playout(sim, me, move, *rest):
    last.append((sim, me, move) + rest)
    return _playout(sim, me, move, *rest)


def branches(sim, me, move, w, sw, wm, p):
    # recorded as the playout of the same move (2 players, the pack not used up)
    last.append((sim, me, move, w, sw, sum(map(len, sim.hands)), sim.deck, 2, wm, p))
    return _branches(sim, me, move, w, sw, wm, p)


def shortfall(s, mine, theirs):
    """The seeing answer's excess over hard's, both played out on the true deal."""
    if not last:
        return 0
    sim, me = last[0][:2]
    rest = last[0][3:]
    for o in range(s.n):
        sim.hands[o][:] = s.hands[o]
    ai_play.work = -(1 << 30)  # no budget: every reply weighed
    a = _playout(sim, me, mine, *rest)
    b = _playout(sim, me, theirs, *rest)
    return b - a


def run(deals, first_seed):
    """({(cards in hand, leads): [decisions, answers that differ, centipoints short]},
    medium's moves reply picks, medium's turns asked); ai_medium.deal, ai_play.playout and
    ai_branches.branches are watched only while it runs."""
    ai_medium.deal, ai_play.playout, ai_branches.branches = deal, playout, branches
    try:
        return _run(deals, first_seed)
    finally:
        ai_medium.deal, ai_play.playout, ai_branches.branches = _deal, _playout, _branches


def _run(deals, first_seed):
    global seeing
    gap = {}
    agree = turns = 0
    for seed in range(first_seed, first_seed + deals):
        for swapped in (False, True):
            who = seating(2, swapped)
            s = new_game(2, seed, True)
            move_no = 0
            while not s.round_over():
                p = who[s.turn]
                ms = move_seed(seed, move_no, p)
                if p == 0:
                    del last[:]
                    move = choose_move(s, "hard", ms)
                    if s.deck and last:
                        seeing = s
                        del last[:]
                        sees = choose_move(s, "hard", ms)
                        seeing = None
                        key = (len(s.hands[s.turn]), s.turn != s.dealer)
                        g = gap.setdefault(key, [0, 0, 0])
                        g[0] += 1
                        g[1] += sees != move
                        g[2] += shortfall(s, move, sees)
                else:
                    move = choose_move(s, "medium", ms)
                    if s.deck and len(s.hands[s.turn]) > 1:
                        me = 1 - s.turn
                        sim = ai_sim.Sim(s, [h[:] for h in s.hands])
                        ai_play.work = -(1 << 30)
                        w = ai_know.weights(s, me, True)
                        sw = ai_know.SWEEP if s.sweeps_on else 0
                        turns += 1
                        agree += ai_play.reply(sim, s.turn, w, sw, False, s.sides)[0] == move
                ai_hard.observe(s, move)
                play(s, move)
                move_no += 1
    return gap, agree, turns


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--deals", type=int, default=150)
    ap.add_argument("--seed", type=int, default=5000001)
    args = ap.parse_args()
    gap, agree, turns = run(args.deals, args.seed)
    total = sum(g[2] for g in gap.values())
    n = sum(g[0] for g in gap.values())
    print("hard vs medium, 2 players, %d first rounds from seed %d" % (2 * args.deals, args.seed))
    print("gap: %d decisions, seeing answers %d centipoints more" % (n, total))
    for k in sorted(gap, reverse=True):
        g = gap[k]
        share = round(100 * g[2] / max(total, 1))
        print(
            "  %d cards in hand, %-6s %5d decisions, %4d differ, %6d centipoints (%d%%)"
            % (k[0], "leads" if k[1] else "second", g[0], g[1], g[2], share)
        )
    print(
        "fidelity: reply picks medium's move on %d of %d turns (%.0f%%)"
        % (agree, turns, 100 * agree / max(turns, 1))
    )


if __name__ == "__main__":
    main()
