#!/usr/bin/env python3
"""Games between two computer players on mirrored deals.

    python3 tools/tournament.py easy random -n 200 --players 2 [--jobs 2]

Each deal (a game seed) is played twice with the players' seats swapped, so
luck of the cards cancels. Players: random (uniform legal move), greedy (the
richest capture, else its cheapest trail), easy, medium, hard. Prints the
first player's win rate with a 95% (Wilson) interval, the average points per
round of each player and each player's decision time (median / max).
"""
import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.ai import choose_move, LEVELS  # noqa: E402
from engine.movegen import legal_moves, CAPTURE, TRAIL  # noqa: E402
from engine.play import play  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.scoring import finish_round  # noqa: E402
from engine.state import new_game  # noqa: E402
from engine import ai_know, ai_sim  # noqa: E402

PLAYERS = ("random", "greedy") + LEVELS
MAX_ROUNDS = 40   # a game that runs longer is stopped and counted as a draw


def random_player(s, seed):
    moves = legal_moves(s)
    return moves[Rng(seed).below(len(moves))]


def greedy_player(s, seed):
    moves = legal_moves(s)
    w = ai_know.weights(s, s.turn)
    sim = ai_sim.Sim(s, None)
    best, score = moves[0], None
    for m in moves:
        if m[1] == CAPTURE:
            g = ai_sim.take(sim, m, w, 100)
            sim.loose, sim.builds = s.loose, s.builds
        else:
            g = -w[m[0]] - (0 if m[1] == TRAIL else 1000)
        if score is None or g > score:
            best, score = m, g
    return best


def player(name):
    if name == "random":
        return random_player
    if name == "greedy":
        return greedy_player
    if name in LEVELS:
        return lambda s, seed: choose_move(s, name, seed)
    raise ValueError("unknown player %r (one of %s)" % (name, ", ".join(PLAYERS)))


def seating(n, swapped):
    """Player index (0 = first, 1 = second) for each seat; swapped mirrors it."""
    if n == 3:
        seats = [0, 1, 1]
    else:
        seats = [k % 2 for k in range(n)]
    return [1 - p for p in seats] if swapped else seats


def play_game(names, n, seed, swapped, sweeps_on=True):
    """One game; returns a dict: winner (0, 1 or None for a draw), points and
    rounds per player, decision times (seconds) per player."""
    fns = [player(x) for x in names]
    # hard reads the others' hands from their plays: every play is shown to it
    observe = __import__("engine.ai_hard").ai_hard.observe if "hard" in names else None
    who = seating(n, swapped)
    s = new_game(n, seed, sweeps_on)
    side_player = [who[side] for side in range(s.sides)]
    points = [0, 0]
    side_rounds = [0, 0]
    times = [[], []]
    rounds = 0
    move_no = 0
    while s.winner < 0 and rounds < MAX_ROUNDS:
        if s.round_over():
            result = finish_round(s)
            rounds += 1
            for side in range(s.sides):
                points[side_player[side]] += result[0][side]
                side_rounds[side_player[side]] += 1
            continue
        p = who[s.turn]
        move_seed = (seed * 7919 + move_no * 104729 + p) & 0x7FFFFFFF
        t0 = time.perf_counter()
        move = fns[p](s, move_seed)
        times[p].append(time.perf_counter() - t0)
        if observe:
            observe(s, move)
        play(s, move)
        move_no += 1
    winner = side_player[s.winner] if s.winner >= 0 else None
    return {"winner": winner, "points": points, "side_rounds": side_rounds,
            "rounds": rounds, "times": times}


def _job(args):
    names, n, seed, swapped, sweeps_on = args
    return play_game(names, n, seed, swapped, sweeps_on)


def wilson(wins, games, z=1.96):
    """95% interval for a win rate (draws count half)."""
    if games == 0:
        return 0.0, 0.0, 1.0
    p = wins / games
    d = 1 + z * z / games
    c = (p + z * z / (2 * games)) / d
    h = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return p, max(0.0, c - h), min(1.0, c + h)


def tally(results):
    """Sum game results: wins (draw = half) and games for the first player,
    points per round per player, all decision times per player."""
    wins = 0.0
    points = [0, 0]
    side_rounds = [0, 0]
    times = [[], []]
    for r in results:
        if r["winner"] is None:
            wins += 0.5
        elif r["winner"] == 0:
            wins += 1
        for p in (0, 1):
            points[p] += r["points"][p]
            side_rounds[p] += r["side_rounds"][p]
            times[p].extend(r["times"][p])
    ppr = [points[p] / side_rounds[p] if side_rounds[p] else 0.0 for p in (0, 1)]
    return {"wins": wins, "games": len(results), "ppr": ppr, "times": times}


def run(a, b, deals, n=2, first_seed=1, sweeps_on=True, jobs=1):
    """Play `deals` mirrored pairs of games; returns the list of game results."""
    work = []
    for d in range(deals):
        for swapped in (False, True):
            work.append(((a, b), n, first_seed + d, swapped, sweeps_on))
    if jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            return pool.map(_job, work, chunksize=4)
    return [_job(w) for w in work]


def median(xs):
    if not xs:
        return 0.0
    xs = sorted(xs)
    k = len(xs) // 2
    return xs[k] if len(xs) % 2 else (xs[k - 1] + xs[k]) / 2


def report(a, b, t, out=None):
    out = out or sys.stdout
    p, lo, hi = wilson(t["wins"], t["games"])
    out.write("%s vs %s: %d games, %s wins %.1f%% (95%% interval %.1f%% .. %.1f%%)\n"
              % (a, b, t["games"], a, 100 * p, 100 * lo, 100 * hi))
    for k, name in ((0, a), (1, b)):
        ts = t["times"][k]
        out.write("  %-7s points/round %.2f  decision ms median %.2f max %.2f (%d moves)\n"
                  % (name, t["ppr"][k], 1000 * median(ts), 1000 * max(ts or [0]), len(ts)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a", choices=PLAYERS)
    ap.add_argument("b", choices=PLAYERS)
    ap.add_argument("-n", "--deals", type=int, default=100,
                    help="deals; each is played twice with seats swapped")
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--seed", type=int, default=1, help="first deal's seed")
    ap.add_argument("--no-sweeps", action="store_true")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    results = run(args.a, args.b, args.deals, args.players, args.seed,
                  not args.no_sweeps, args.jobs)
    report(args.a, args.b, tally(results))


if __name__ == "__main__":
    main()
