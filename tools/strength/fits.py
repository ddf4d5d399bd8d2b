"""How often hard's deal check finds a deal that fits the opponents' plays, by opponent (host
only; docs/AI_TRIES.md, "The deal check's price (issues 56 and 57)").

    python3 -m tools.strength.fits [--players 4] [-n 15] [--seed 9900001] [medium hard newcomer]

Hard plays each opponent on mirrored deals, first rounds only, as tools/strength/tournament.py
plays them. For each deal hard draws (ai_medium.deal) after a play this hand it checks, it counts
whether a draw fitted every play checked or the draws ran out (ai_medium.CHECKED moves weighed,
or 40 draws): the last draw then stands, fitted to none. Medium's plays can be fitted (the
check asks whether medium would have made them); a person's, or another level's, often cannot.
Prints, by opponent: the deals checked, the share that fitted, and the moves weighed a deal.
"""

import argparse

from engine import ai_medium
from tools.strength import tournament

_deal = ai_medium.deal
_beaten = ai_medium.beaten
tally = {}  # "checked", "fitted", "weighed": this opponent's
last = [None]  # the last check's answer in the deal under way


def beaten(*args):
    last[0] = _beaten(*args)
    return last[0]


def deal(s, me, pool, rng, hands, w):
    last[0] = None
    work = _deal(s, me, pool, rng, hands, w)
    if s.was and last[0] is not None:  # a play was checked
        tally["checked"] += 1
        tally["fitted"] += not last[0]
        tally["weighed"] += ai_medium.weighed
    return work


def fits(opponent, players, deals, first_seed):
    """{"checked", "fitted", "weighed"} of hard's deals against opponent."""
    tally.update(checked=0, fitted=0, weighed=0)
    ai_medium.deal, ai_medium.beaten = deal, beaten
    try:
        tournament.run("hard", opponent, deals, n=players, first_seed=first_seed, max_rounds=1)
    finally:
        ai_medium.deal, ai_medium.beaten = _deal, _beaten
    return dict(tally)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("opponents", nargs="*", default=["medium", "hard", "newcomer"])
    ap.add_argument("--players", type=int, default=4, choices=(2, 4))
    ap.add_argument("-n", type=int, default=15, help="deals, each played both ways")
    ap.add_argument("--seed", type=int, default=9900001, help="first deal's seed")
    a = ap.parse_args(argv)
    for name in a.opponents:
        t = fits(tournament.player_name(name), a.players, a.n, a.seed)
        n = max(1, t["checked"])
        print(
            "hard against %s, %d players: %d deals checked, %.0f%% fitted, %.1f moves weighed a "
            "deal" % (name, a.players, t["checked"], 100.0 * t["fitted"] / n, t["weighed"] / n)
        )
    return 0


if __name__ == "__main__":
    main()
