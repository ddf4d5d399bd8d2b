"""Seeded soak: many complete games through the engine, every invariant checked at every move.

    .venv/bin/python -m tools.soak.run --games 2000 --seed 1
    .venv/bin/python -m tools.soak.run --seed 1 --start 417 --games 1     # replay one game

Game i of a run plays config(i): the six groups (2, 3, 4 players x sweeps on, off) in turn, each
walking through every mix of easy / medium / hard / random per seat (16, 64, 256 mixes), so any
run is balanced across player counts and sweeps and FULL = 1536 games cover every mix; the deal
and the computers' seeds come from --seed and i.
Every --resume-every'th game is also played a second time, stopped half way, saved through
engine.savegame, restored and finished: the two must make the very same moves.

Prints games, rounds, moves and time, and each failure with the command that replays it; the
exit status is 1 when anything failed.

The hook for other game drivers (the headless app, when it exists): soak(driver, games, seed)
calls driver(spec) for each game, where spec is a Spec (index, seed, players, sweeps_on, levels:
one of LEVELS per seat, resume); the driver plays the whole game, raises on any failure and
returns (rounds, moves). check_move / check_round_end below are there for it to call.
`--driver module:function` runs the soak with such a driver.
"""

import argparse
import importlib
import os
import sys
import time
import traceback

from engine import codec, profile, savegame
from engine import saveread
from engine.ai import choose_move
from engine.movegen import legal_moves
from engine.play import EV_ROUND_OVER, play
from engine.rng import Rng
from engine.scoring import MOST_CARDS, MOST_SPADES, finish_round, score_round

LEVELS = ("easy", "medium", "hard", "random")
MAX_ROUNDS = 200
MASK = 0xFFFFFFFF


def _mixes(players):
    out = []
    for k in range(len(LEVELS) ** players):
        mix = []
        for _ in range(players):
            mix.append(LEVELS[k % len(LEVELS)])
            k //= len(LEVELS)
        out.append(tuple(mix))
    return out


GROUPS = [(p, sw) for p in (2, 3, 4) for sw in (True, False)]
MIXES = {p: _mixes(p) for p in (2, 3, 4)}
FULL = len(GROUPS) * len(MIXES[4])  # games that cover every mix of every group


def config(index, players=None):
    """(players, sweeps_on, levels) of game index: the six player-count/sweep groups in
    turn (only the two of `players`, if given), each walking through its level mixes; FULL
    games cover every mix."""
    groups = [g for g in GROUPS if g[0] == players] if players else GROUPS
    players, sweeps_on = groups[index % len(groups)]
    mixes = MIXES[players]
    return players, sweeps_on, mixes[(index // len(groups)) % len(mixes)]


class Spec:
    def __init__(self, index, seed, players, sweeps_on, levels, resume):
        self.index = index
        self.seed = seed
        self.players = players
        self.sweeps_on = sweeps_on
        self.levels = levels
        self.resume = resume

    def __repr__(self):
        return "game %d: %d players, sweeps %s, %s, seed %d" % (
            self.index,
            self.players,
            "on" if self.sweeps_on else "off",
            "/".join(self.levels),
            self.seed,
        )


def make_spec(index, seed, resume_every=10, players=None):
    players, sweeps_on, levels = config(index, players)
    r = Rng((seed * 1000003 + index) & MASK)
    r.next()
    game_seed = r.hi << 16 | r.lo  # the generator's 32-bit state after one draw
    return Spec(
        index,
        game_seed,
        players,
        sweeps_on,
        levels,
        bool(resume_every) and index % resume_every == 0,
    )


class SoakFailure(Exception):
    pass


def fail(cond, what):
    if not cond:
        raise SoakFailure(what)


def _piles(s):
    lists = s.hands + s.captured + [s.loose, s.deck]
    for b in s.builds:
        lists = lists + list(b[2])
    return lists


def check_state(s):
    """Cards, seats and builds of any position between moves."""
    cards = [c for cards in _piles(s) for c in cards]
    fail(
        len(cards) == 52 and sorted(cards) == list(range(52)),
        "52 cards not accounted for: %d cards, %d distinct" % (len(cards), len(set(cards))),
    )
    codec.check(s)
    for value, owner, _groups in s.builds:
        fail(
            any(c >> 2 == (0 if value == 14 else value - 1) for c in s.hands[owner]),
            "seat %d owns a build of %d without holding one" % (owner, value),
        )
    data = codec.encode(s)
    back = codec.decode(data)
    fail(codec.encode(back) == data, "codec round trip changed the state")
    for name in (
        "n",
        "sweeps_on",
        "dealer",
        "turn",
        "hands",
        "loose",
        "builds",
        "deck",
        "captured",
        "sweeps",
        "last",
        "scores",
        "winner",
    ):
        fail(getattr(back, name) == getattr(s, name), "codec round trip changed " + name)
    fail(back.rng.to_bytes() == s.rng.to_bytes(), "codec round trip changed the generator")


def check_move(s):
    """Before a move: the position, and the legal moves (non-empty, no repeats). Returns them."""
    check_state(s)
    fail(not s.round_over() and s.winner < 0, "a move asked for when none is due")
    moves = legal_moves(s)
    fail(len(moves) > 0, "no legal move")
    fail(len(set(moves)) == len(moves), "a legal move is listed twice")
    return moves


def check_round_end(s):
    """A finished round: nothing on the table, every card captured, the points add up."""
    fail(s.round_over(), "round_over() is false after EV_ROUND_OVER")
    fail(not s.builds, "a build is left at the round's end")
    fail(not s.loose, "loose cards are left at the round's end")
    fail(sum(len(c) for c in s.captured) == 52, "not every card captured at the round's end")
    points, scores, winner, items, net = score_round(s)
    want = (
        11 + sum(net) - (3 if items[MOST_CARDS] < 0 else 0) - (1 if items[MOST_SPADES] < 0 else 0)
    )
    fail(sum(points) == want, "round points %s, not %d" % (points, want))
    fail(winner < s.sides and all(x >= 0 for x in net), "bad winner or sweeps")
    if not s.sweeps_on:
        fail(sum(s.sweeps) == 0 and sum(net) == 0, "a sweep counted with sweeps off")


def _choose(s, level, seed, moves):
    if level == "random":
        return moves[Rng(seed).below(len(moves))]
    return choose_move(s, level, seed)


def _play(sv, levels, stop=None, roundtrip=False):
    """Play sv.game on; returns (rounds, moves made, the moves) once won or after stop moves."""
    s = sv.game
    rounds = 0
    made = []
    while s.winner < 0:
        fail(rounds < MAX_ROUNDS, "the game did not end in %d rounds" % MAX_ROUNDS)
        moves = check_move(s)
        level = levels[s.turn]
        m = _choose(s, level, sv.next_seed(), moves)
        fail(m in moves, "%s chose a move not legal: %r" % (level, m))
        where = "round %d move %d, seat %d (%s), move %r" % (
            rounds + 1,
            len(made) + 1,
            s.turn,
            level,
            m,
        )
        try:
            events = play(s, m)
        except Exception as e:
            raise SoakFailure("%s: %s: %s" % (where, type(e).__name__, e)) from e
        made.append(m)
        fail(bool(events & EV_ROUND_OVER) == s.round_over(), where + ": round over event")
        if s.round_over():
            check_round_end(s)
            profile.record_round(sv.stats, s, sv.seats)
            finish_round(s)
            rounds += 1
            fail(s.winner >= 0 or not s.round_over(), "no new round dealt")
        if roundtrip:
            back = saveread.unpack(savegame.pack(sv))
            fail(
                codec.encode(back.game) == codec.encode(s) and back.ai_count == sv.ai_count,
                where + ": save round trip changed the game",
            )
        if stop is not None and len(made) >= stop:
            break
    return rounds, made


def _new_save(spec):
    sv = savegame.Save()
    st = sv.settings
    st.players = spec.players
    st.sweeps = spec.sweeps_on
    st.seats = [None if lv == "random" else lv for lv in spec.levels] + [None] * (4 - spec.players)
    profile.start_game(sv, spec.seed)
    return sv


def engine_driver(spec):
    """Plays one game straight through the engine (and again via a save, if spec.resume)."""
    sv = _new_save(spec)
    rounds, made = _play(sv, spec.levels)
    fail(0 <= sv.game.winner < sv.game.sides, "the game ended without a winner")
    if spec.resume:
        sv2 = _new_save(spec)
        first = _play(sv2, spec.levels, stop=max(1, len(made) // 2), roundtrip=True)[1]
        sv2 = saveread.unpack(savegame.pack(sv2))
        rest = _play(sv2, spec.levels)[1]
        fail(first + rest == made, "a game resumed from its save took other moves")
        fail(codec.encode(sv2.game) == codec.encode(sv.game), "a resumed game ended otherwise")
        profile.record_game(sv2.stats, sv2.game, sv2.seats)  # as the game-over screen does
        sv2.game = None
        fail(sum(sv2.stats[profile.PLAYED : profile.PLAYED + 4]) <= 1, "stats count twice")
    return rounds, len(made)


def command(seed, index, extra=""):
    return "PYTHONPATH=lib .venv/bin/python -m tools.soak.run --seed %d --start %d --games 1%s" % (
        seed,
        index,
        extra,
    )


def soak(
    driver,
    games,
    seed,
    start=0,
    resume_every=10,
    max_failures=5,
    out=print,
    extra="",
    progress=0,
    players=None,
):
    """Run games start .. start+games-1 through driver; returns (totals dict, failures)."""
    totals = {"games": 0, "rounds": 0, "moves": 0, "by_players": {2: 0, 3: 0, 4: 0}}
    failures = []
    t0 = time.time()
    for index in range(start, start + games):
        spec = make_spec(index, seed, resume_every, players)
        try:
            rounds, moves = driver(spec)
        except Exception as e:
            tb = traceback.extract_tb(sys.exc_info()[2])[-1]
            msg = "%s: %s (%s:%d)" % (type(e).__name__, e, os.path.basename(tb.filename), tb.lineno)
            failures.append((spec, msg))
            out("FAIL %r\n  %s\n  replay: %s" % (spec, msg, command(seed, index, extra)))
            if len(failures) >= max_failures:
                out("stopping after %d failures" % len(failures))
                break
            continue
        totals["games"] += 1
        totals["rounds"] += rounds
        totals["moves"] += moves
        totals["by_players"][spec.players] += 1
        if progress and totals["games"] % progress == 0:
            out(
                "  %d games, %d rounds, %d moves, %.0f s"
                % (totals["games"], totals["rounds"], totals["moves"], time.time() - t0)
            )
    totals["seconds"] = time.time() - t0
    return totals, failures


def _load_driver(name):
    mod, _, fn = name.partition(":")
    return getattr(importlib.import_module(mod), fn)


def main(argv=None, out=print):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=FULL)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0, help="index of the first game")
    ap.add_argument(
        "--resume-every",
        type=int,
        default=10,
        help="replay every Nth game through a save half way (0: never)",
    )
    ap.add_argument("--max-failures", type=int, default=5)
    ap.add_argument("--driver", default=None, help="module:function instead of the engine")
    ap.add_argument("--progress", type=int, default=100, help="a line every N games (0: none)")
    ap.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=None, help="only games of N players"
    )
    a = ap.parse_args(argv)
    driver = _load_driver(a.driver) if a.driver else engine_driver
    extra = ""
    if a.resume_every != 10:
        extra += " --resume-every %d" % a.resume_every
    if a.driver:
        extra += " --driver %s" % a.driver
    if a.players:
        extra += " --players %d" % a.players
    out(
        "soak: games %d..%d (%d cover every level mix), seed %d, driver %s"
        % (a.start, a.start + a.games - 1, FULL, a.seed, a.driver or "engine")
    )
    totals, failures = soak(
        driver,
        a.games,
        a.seed,
        a.start,
        a.resume_every,
        a.max_failures,
        out,
        extra,
        a.progress,
        a.players,
    )
    t = totals["seconds"]
    out(
        "played %d games (2p %d, 3p %d, 4p %d), %d rounds, %d moves in %.1f s "
        "(%.0f moves/s)"
        % (
            totals["games"],
            totals["by_players"][2],
            totals["by_players"][3],
            totals["by_players"][4],
            totals["rounds"],
            totals["moves"],
            t,
            totals["moves"] / t if t else 0,
        )
    )
    out("failures: %d" % len(failures))
    return 1 if failures else 0


def _flushing(line):
    print(line, flush=True)


if __name__ == "__main__":
    sys.exit(main(out=_flushing))
