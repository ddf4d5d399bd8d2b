"""Fits a level's named constants by paired play on the host (SPSA).

    python3 -m tools.strength.tune hard [--players 2] [--steps 12] [--deals 200] [--jobs 2]
        [--param ai_hard.CARD:4:10:60 ...] [--opponent medium] [--seed 8000001] [--out FILE]

Simultaneous perturbation (SPSA): each step moves every constant at once by its step, up or down
by a coin (seeded), and plays the level with the constants so moved up (plus) and so moved down
(minus) against --opponent on the same mirrored deals and move seeds (tools/strength/tournament.py,
first rounds only), so the luck of the cards and of the play cancels deal by deal; with
--opponent self, plus plays minus. A step prints the paired difference, plus's points a round
less minus's, with its 95% interval, and moves the constants toward plus by the difference (a
gain that shrinks with the steps), within each one's bounds. Each step plays fresh deals from
--seed (tuning seeds, not the final ones from 40,000,001). At the end it prints the constants
(as they end and averaged over the second half of the steps) and writes them to --out as the
lines a person edits into engine/ (and as a tournament player's name, for the paired check
against main: tournament.py LEVEL@CONSTANTS medium --rounds -n 1000 --against FILE).

A constant is MODULE.NAME[:STEP:LOW:HIGH] (engine's module, a tuple's item as NAME[i]); without
--param, the level's figures below. medium's opponent is easy by default: a change to medium is
measured against easy and against newcomer, too (it stays a level a newcomer can beat).
"""

import argparse
import random
import sys
import time

from tools.strength import tournament

# (constant, step, low, high): the figures each level's search is built on
FIGURES = {
    "hard": (
        ("ai_hard.CARD", 4, 10, 60),  # a card's weight in the playouts (centipoints)
        ("ai_know.SWEEP", 15, 40, 200),  # a sweep's, in the search
        ("ai_play.THREAT[2]", 1, 0, 8),  # quarters of the next seat's take against a reply
        ("ai_medium.SWEEP", 10, 20, 150),  # medium's order, deal check and modelled opponents
        ("ai_medium.THEIRS", 1, 0, 8),
    ),
    "medium": (
        ("ai_medium.SWEEP", 10, 20, 150),
        ("ai_medium.THEIRS", 1, 0, 8),
        ("ai_medium.TRAIL_SHARE", 1, 1, 12),
    ),
}
OPPONENT = {"hard": "medium", "medium": "easy", "easy": "random"}


def parse_param(text):
    """(constant, step, low, high) of MODULE.NAME[:STEP:LOW:HIGH]."""
    parts = text.split(":")
    if len(parts) == 4:
        return parts[0], int(parts[1]), int(parts[2]), int(parts[3])
    for row in FIGURES["hard"] + FIGURES["medium"]:
        if row[0] == parts[0]:
            return row
    raise argparse.ArgumentTypeError("%s: give MODULE.NAME:STEP:LOW:HIGH" % text)


def current(name):
    """The engine's value of a constant now."""
    ((module, attr, index, _),) = tournament.constants(name + "=0")
    value = getattr(module, attr)
    return value if index is None else value[index]


def spec(level, names, values):
    """A tournament player's name: level with these constants."""
    return level + "@" + ",".join("%s=%d" % (n, v) for n, v in zip(names, values))


def paired(level, opponent, plus, minus, deals, players, seed, jobs):
    """Each deal's difference, plus's points a round less minus's (first rounds); the engine's
    constants as they were after it (the games may run in this process)."""
    try:
        if opponent == "self":
            results = tournament.run(plus, minus, deals, players, seed, True, jobs, 1)
            return tournament.deal_differences(results)
        a = tournament.deal_differences(
            tournament.run(plus, opponent, deals, players, seed, True, jobs, 1)
        )
        b = tournament.deal_differences(
            tournament.run(minus, opponent, deals, players, seed, True, jobs, 1)
        )
        return [x - y for x, y in zip(a, b)]
    finally:
        tournament.set_constants(())


def tune(level, params, steps, deals, players, opponent, seed, jobs, gain, out=sys.stdout):
    """SPSA over params [(constant, step, low, high)]: (the constants as they end, their
    average over the second half of the steps), rounded."""
    names = [p[0] for p in params]
    theta = [float(current(n)) for n in names]
    coin = random.Random(seed)
    seen = []
    out.write(
        "%s, %d players, against %s; from %s\n"
        % (level, players, opponent, spec(level, names, [round(x) for x in theta]))
    )
    for k in range(steps):
        t0 = time.time()
        sign = [coin.choice((-1, 1)) for _ in params]
        plus, minus = [], []
        for x, d, (_, c, lo, hi) in zip(theta, sign, params):
            up = min(hi, max(lo, round(x + c * d)))
            down = min(hi, max(lo, round(x - c * d)))
            plus.append(up)
            minus.append(down)
        diffs = paired(
            level,
            opponent,
            spec(level, names, plus),
            spec(level, names, minus),
            deals,
            players,
            seed + k * deals,
            jobs,
        )
        mu, half = tournament.mean_interval(diffs)
        a = gain / (k + 1) ** 0.602
        for i, (_, c, lo, hi) in enumerate(params):
            # toward plus by the difference, in the constant's steps
            theta[i] = min(hi, max(lo, theta[i] + a * mu * sign[i] * c))
        if k >= steps // 2:
            seen.append(theta[:])
        out.write(
            "step %d: plus %s, minus %s: %+.3f points/round (95%% interval +-%.3f, %d deals "
            "from %d, %.0f s); now %s\n"
            % (
                k + 1,
                plus,
                minus,
                mu,
                half,
                deals,
                seed + k * deals,
                time.time() - t0,
                ", ".join("%s %.1f" % (n, x) for n, x in zip(names, theta)),
            )
        )
        out.flush()
    final = [round(x) for x in theta]
    mean = (
        [round(sum(s[i] for s in seen) / len(seen)) for i in range(len(names))] if seen else final
    )
    return names, final, mean


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("level", choices=tuple(FIGURES))
    ap.add_argument(
        "--param", action="append", type=parse_param, metavar="MODULE.NAME[:STEP:LOW:HIGH]"
    )
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--steps", type=int, default=12)
    ap.add_argument("--deals", type=int, default=200, help="mirrored deals a step")
    ap.add_argument("--opponent", help="a tournament player, or self (default: the level below)")
    ap.add_argument("--seed", type=int, default=8000001, help="the first step's first deal")
    ap.add_argument("--gain", type=float, default=2.0, help="steps moved a point a round, at first")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", metavar="FILE", help="write the constants found")
    a = ap.parse_args(argv)
    params = a.param or list(FIGURES[a.level])
    opponent = a.opponent or OPPONENT[a.level]
    names, final, mean = tune(
        a.level, params, a.steps, a.deals, a.players, opponent, a.seed, a.jobs, a.gain
    )
    start = [current(n) for n in names]
    lines = [
        "# %s, %d players, %d steps of %d deals against %s from %d"
        % (a.level, a.players, a.steps, a.deals, opponent, a.seed)
    ]
    for n, s, f, m in zip(names, start, final, mean):
        lines.append("%s: %d -> %d (the second half's average %d)" % (n, s, f, m))
    lines.append("the last: " + spec(a.level, names, final))
    lines.append("the average: " + spec(a.level, names, mean))
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
