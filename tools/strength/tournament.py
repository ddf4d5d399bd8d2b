"""Games between two computer players on mirrored deals.

    python3 -m tools.strength.tournament easy random -n 200 --players 2 [--jobs 2]

Each deal (a game seed) is played twice with the players' seats swapped, so
luck of the cards cancels. Players: random (uniform legal move), greedy (the
richest capture, else its cheapest trail), easy, medium, hard, and mc, the
determinized Monte Carlo sparring partner (tools/strength/mc_player.py; mc:N plays N
playouts a decision, about 0.2 s in CPython at its default), and newcomer (greedy, but a
uniform legal move one turn in three: a person new to the game). A level may play with some of
its engine's named constants changed, for tuning (tools/strength/tune.py) or a quick paired
try without an edit: hard@ai_hard.CARD=34,ai_play.THREAT[2]=4 (a module of engine/, a name,
a tuple's index). Prints the
first player's win rate with a 95% (Wilson) interval, the average points per
round of each player and each player's decision time (median / max).

Win rates move slowly: 400 games give about +-4.5 points. With --rounds each
game is only its first round, and the figure to read is the first player's
points per round over the second's, with its interval. --save FILE keeps each
deal's difference;
a run of other code on the same seeds with --against FILE prints the paired
change, deal by deal (the same deals and the same move seeds, so most of the
luck of the play cancels too; hard vs medium over 1,000 deals, the change's
interval is about +-0.15 points per round):

    python3 -m tools.strength.tournament hard medium --rounds -n 1000 --jobs 2 --save /tmp/main.txt
    (in the changed tree) python3 -m tools.strength.tournament hard medium --rounds -n 1000 \
        --jobs 2 --against /tmp/main.txt

--against may be given more than once: the change against each (main, and hard as released in
1.1.0 with its own tree's --save: docs/AI_TRIES.md, "Learned from self-play (issue 65)").

PyPy plays the very same games (the same seeds give the same moves) two to three
times faster: `pypy3 -m tools.strength.tournament ...` (Debian's pypy3; the mc player
gains most). The decision times it prints are then PyPy's.
"""

import argparse
import math
import sys
import time

from engine import ai_know, ai_sim
from engine.ai import LEVELS, choose_move
from engine.movegen import CAPTURE, TRAIL, legal_moves
from engine.play import play
from engine.rng import Rng
from engine.scoring import finish_round
from engine.state import new_game

PLAYERS = ("random", "greedy", "newcomer") + LEVELS + ("mc",)
MAX_ROUNDS = 40  # a game that runs longer is stopped and counted as a draw


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


def newcomer_player(s, seed):
    """A person new to the game: the greedy move, but a uniform legal one a turn in three."""
    r = Rng(seed)
    if r.below(3) == 0:
        moves = legal_moves(s)
        return moves[r.below(len(moves))]
    return greedy_player(s, seed)


_DEFAULTS = {}  # (module, name): its value before any player's constants were set


def constants(spec):
    """[(module, name, index or None, value)] of a player's constants, written
    "ai_hard.CARD=34,ai_play.THREAT[2]=4" (engine's modules; an index sets a tuple's item)."""
    import importlib

    out = []
    for part in spec.split(","):
        key, _, value = part.partition("=")
        mod, _, name = key.strip().partition(".")
        index = None
        if name.endswith("]"):
            name, _, i = name[:-1].partition("[")
            index = int(i)
        module = importlib.import_module("engine." + mod)
        old = getattr(module, name)  # an unknown name fails here
        item = old if index is None else old[index]
        if not isinstance(item, int):
            raise ValueError("%s is not a whole number" % key)
        out.append((module, name, index, int(value)))
    return out


def set_constants(pairs):
    """Every constant a player set back to its value, then pairs (constants()) set."""
    for (module, name), value in _DEFAULTS.items():
        setattr(module, name, value)
    for module, name, index, value in pairs:
        _DEFAULTS.setdefault((module, name), getattr(module, name))
        if index is None:
            setattr(module, name, value)
        else:
            t = list(getattr(module, name))
            t[index] = value
            setattr(module, name, tuple(t))


def level_of(name):
    """The level a player's name plays (hard@... plays hard), or the name."""
    return name.split("@")[0]


def player(name):
    if name == "random":
        return random_player
    if name == "greedy":
        return greedy_player
    if name == "newcomer":
        return newcomer_player
    if level_of(name) in LEVELS:
        level = level_of(name)
        pairs = constants(name.split("@", 1)[1]) if "@" in name else []

        def decide(s, seed):
            set_constants(pairs)
            return choose_move(s, level, seed)

        return decide
    if name == "mc" or name.startswith("mc:"):
        from tools.strength import mc_player

        playouts = int(name[3:]) if name[3:] else mc_player.PLAYOUTS
        return lambda s, seed: mc_player.choose(s, seed, playouts)
    raise ValueError("unknown player %r (one of %s, or mc:N)" % (name, ", ".join(PLAYERS)))


def player_name(name):
    """argparse's check of a player's name: a known player, mc:N, or a level@constants."""
    try:
        player(name)
    except (ValueError, AttributeError, ImportError, IndexError) as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return name


def seating(n, swapped):
    """Player index (0 = first, 1 = second) for each seat; swapped mirrors it."""
    if n == 3:
        seats = [0, 1, 1]
    else:
        seats = [k % 2 for k in range(n)]
    return [1 - p for p in seats] if swapped else seats


def move_seed(seed, move_no, p):
    """The seed of player p's decision at a game's move_no-th move."""
    return (seed * 7919 + move_no * 104729 + p) & 0x7FFFFFFF


def play_game(names, n, seed, swapped, sweeps_on=True, max_rounds=MAX_ROUNDS):
    """One game, stopped after max_rounds (a draw); returns a dict: winner
    (0, 1 or None for a draw), points and rounds per player, decision times
    (seconds) per player."""
    fns = [player(x) for x in names]
    # hard reads the others' hands from their plays: every play is shown to it
    hard = any(level_of(x) == "hard" for x in names)
    observe = __import__("engine.ai_hard").ai_hard.observe if hard else None
    who = seating(n, swapped)
    s = new_game(n, seed, sweeps_on)
    side_player = [who[side] for side in range(s.sides)]
    points = [0, 0]
    side_rounds = [0, 0]
    times = [[], []]
    rounds = 0
    move_no = 0
    while s.winner < 0 and rounds < max_rounds:
        if s.round_over():
            result = finish_round(s)
            rounds += 1
            for side in range(s.sides):
                points[side_player[side]] += result[0][side]
                side_rounds[side_player[side]] += 1
            continue
        p = who[s.turn]
        t0 = time.perf_counter()
        move = fns[p](s, move_seed(seed, move_no, p))
        times[p].append(time.perf_counter() - t0)
        if observe:
            set_constants(())  # what the plays say is read with the engine's own constants
            observe(s, move)
        play(s, move)
        move_no += 1
    winner = side_player[s.winner] if s.winner >= 0 else None
    return {
        "winner": winner,
        "points": points,
        "side_rounds": side_rounds,
        "rounds": rounds,
        "times": times,
    }


def _job(args):
    try:
        return play_game(*args)
    except StopIteration as e:  # in a pool's worker it would end the map
        raise RuntimeError("StopIteration in a game: %r" % (args,)) from e


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


def run(a, b, deals, n=2, first_seed=1, sweeps_on=True, jobs=1, max_rounds=MAX_ROUNDS):
    """Play `deals` mirrored pairs of games; returns the list of game results,
    each deal's two games side by side."""
    work = []
    for d in range(deals):
        for swapped in (False, True):
            work.append(((a, b), n, first_seed + d, swapped, sweeps_on, max_rounds))
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_job, work, chunksize=4)
        assert len(results) == len(work)
        return results
    return [_job(w) for w in work]


def deal_differences(results):
    """Per mirrored deal: the first player's points per round less the
    second's, over the deal's two games."""
    out = []
    for k in range(0, len(results) - 1, 2):
        pair = results[k : k + 2]
        rounds = sum(r["rounds"] for r in pair)
        diff = sum(r["points"][0] - r["points"][1] for r in pair)
        out.append(diff / rounds if rounds else 0.0)
    return out


def mean_interval(xs, z=1.96):
    """The mean and the half-width of its 95% interval."""
    n = len(xs)
    if n < 2:
        return (xs[0] if xs else 0.0), 0.0
    mu = sum(xs) / n
    var = sum((x - mu) ** 2 for x in xs) / (n - 1)
    return mu, z * math.sqrt(var / n)


def median(xs):
    if not xs:
        return 0.0
    xs = sorted(xs)
    k = len(xs) // 2
    return xs[k] if len(xs) % 2 else (xs[k - 1] + xs[k]) / 2


def report(a, b, t, out=None, rounds=False):
    out = out or sys.stdout
    if rounds:  # games stopped after one round: no wins to count
        out.write("%s vs %s: %d first rounds\n" % (a, b, t["games"]))
    else:
        p, lo, hi = wilson(t["wins"], t["games"])
        out.write(
            "%s vs %s: %d games, %s wins %.1f%% (95%% interval %.1f%% .. %.1f%%)\n"
            % (a, b, t["games"], a, 100 * p, 100 * lo, 100 * hi)
        )
    for k, name in ((0, a), (1, b)):
        ts = t["times"][k]
        out.write(
            "  %-7s points/round %.2f  decision ms median %.2f max %.2f (%d moves)\n"
            % (name, t["ppr"][k], 1000 * median(ts), 1000 * max(ts or [0]), len(ts))
        )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a", type=player_name, help="one of %s" % ", ".join(PLAYERS))
    ap.add_argument("b", type=player_name, help="the same; mc:N plays N playouts a decision")
    ap.add_argument(
        "-n",
        "--deals",
        type=int,
        default=100,
        help="deals; each is played twice with seats swapped",
    )
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--seed", type=int, default=1, help="first deal's seed")
    ap.add_argument("--no-sweeps", action="store_true")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--rounds", action="store_true", help="play only each game's first round")
    ap.add_argument("--save", metavar="FILE", help="write each deal's difference")
    ap.add_argument(
        "--against",
        metavar="FILE",
        action="append",
        default=[],
        help="a --save file of other code on the same seeds: the paired change (again: each)",
    )
    ap.add_argument(
        "--record",
        metavar="NAME",
        help="write the result into docs/figures.json as set NAME (the final seeds' runs)",
    )
    args = ap.parse_args(argv)
    befores = []
    for name in args.against:  # read before the games: a wrong file fails at once
        with open(name) as f:
            before = [float(x) for x in f.read().split()]
        if len(before) != args.deals:
            sys.exit(
                "%s holds %d deals, this run %d: not the same seeds"
                % (name, len(before), args.deals)
            )
        befores.append((name, before))
    results = run(
        args.a,
        args.b,
        args.deals,
        args.players,
        args.seed,
        not args.no_sweeps,
        args.jobs,
        1 if args.rounds else MAX_ROUNDS,
    )
    report(args.a, args.b, tally(results), rounds=args.rounds)
    diffs = deal_differences(results)
    mu, half = mean_interval(diffs)
    print(
        "  %s's points/round less %s's: %+.3f (95%% interval +-%.3f, %d deals)"
        % (args.a, args.b, mu, half, len(diffs))
    )
    if args.record:
        record_result(args, argv, tally(results), mu)
    if args.save:
        with open(args.save, "w") as f:
            f.write("".join("%r\n" % d for d in diffs))
    for name, before in befores:
        mu, half = mean_interval([x - y for x, y in zip(diffs, before)])
        print("  change against %s: %+.3f points/round (95%% interval +-%.3f)" % (name, mu, half))


def record_result(args, argv, t, points):
    """The match into the measured record (tools/docs/record.py): the first player's win rate
    with its 95% interval and its points a round over the other's, under the command run."""
    from tools.docs import record

    p, lo, hi = wilson(t["wins"], t["games"])
    data = {
        "games": t["games"],
        "win": round(100 * p, 1),
        "lo": round(100 * lo, 1),
        "hi": round(100 * hi, 1),
        "points": round(points, 3),
    }
    record.put(
        args.record,
        data,
        "python -m tools.strength.tournament " + " ".join(measuring(argv)),
        "cpython",
    )


def measuring(argv):
    """The words of the command that measure its result: without the files it writes or reads
    beside it (--record, --save, --against)."""
    words = list(argv if argv is not None else sys.argv[1:])
    out = []
    skip = False
    for w in words:
        if skip:
            skip = False
        elif w in ("--record", "--save", "--against"):
            skip = True
        elif not w.startswith(("--record=", "--save=", "--against=")):
            out.append(w)
    return out


if __name__ == "__main__":
    main()
