"""Soak through the headless app: complete games played with the app's buttons.

    PYTHONPATH=lib .venv/bin/python -m tools.soak.app_driver --games 300 --seed 1
    PYTHONPATH=lib .venv/bin/python -m tools.soak.run --driver tools.soak.app_driver:driver \
        --games 300                                                     # the same driver

The driver for tools/soak/run.py: each game is set up on the setup's settings (seat 0 a person; a
seat whose soak level is "random" another person passing the board, the others computers of
their level, the sweeps option), started with START on the title and played to the game-over
screen with button presses only: a person picks the hint (SELECT, A), the first legal move or a
random one, stepping the cursor to it, with an even number of cards in hand after thinking (the
coach looks ahead meanwhile). Every move the app applies goes through run.check_move
(cards, codec, the legal list) and must be one of them; every round's end through
check_round_end; after every move the store's newest record must decode to the game on the
screen, with the computers' seed counter. Every resume'th game (spec.resume) is played twice:
straight, and with the power cut half way (a new App on the same nvm, Continue): the two must
make the very same moves and end with the same statistics.
"""

import gc
import os
import sys
import time

from engine import codec, profile, saveread  # the engine before the display
from engine.play import EV_ROUND_OVER
from engine.play import play as engine_play
from engine.rng import Rng
from tools.soak import run as soak
from tools.soak.run import fail
from tools.sim.platform_host import Scripted  # (Blinka set up first: tools/sim)
from tools.soak.fake_nvm import PAGE, POINTS, UNIT, Nvm, PowerCut

import intents as K
import screen_play
from app import App
from store import Store

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window: pygame, if loaded, stays headless

# The app calls gc.collect() at every screen switch and move (the board needs it); on the host
# each call would walk all of pygame and Blinka again: what is loaded by now is set aside.
gc.collect()
gc.freeze()

MAX_STEPS = 400000  # button presses and clock steps in one game
THINK_MS = (2000, 6000)  # a person's time to choose a move: 2000 + below(6000) ms


class Checker:
    """Stands in for engine.play.play inside screen_play: every applied move checked."""

    def __init__(self):
        self.moves = []
        self.rounds = 0

    def __call__(self, s, m):
        moves = soak.check_move(s)
        fail(m in moves, "the app applied a move not legal: %r" % (m,))
        ev = engine_play(s, m)
        self.moves.append(m)
        fail(bool(ev & EV_ROUND_OVER) == s.round_over(), "round over event")
        if ev & EV_ROUND_OVER:
            soak.check_round_end(s)
            self.rounds += 1
        return ev


def install(checker):
    # on this module's screen_play, the one the app imports: the board check lets a game's
    # modules go (lib/check.py unload_game), and a test that ran it may have left another, or
    # none, in sys.modules
    sys.modules["screen_play"] = screen_play
    screen_play.play = checker


def boot(nvm, seed, pace=0):
    p = Scripted(step=50, nvm=nvm)
    app = App(p, pace=pace, seed=seed)
    app.show("title")
    return app, p


def step(app, p, intent=0):
    app.step(intent, p.ticks())


def setup(app, spec):
    st = app.settings
    seats = [None] + [None if lv == "random" else lv for lv in spec.levels[1:]]
    st.seats = seats + st.seats[len(seats) :]
    st.sweeps = spec.sweeps_on
    st.set_players(spec.players)


def chosen(pick):
    """The move a Chooser's cursor shows (None while it chooses a card)."""
    if pick.mode != 1:
        return None
    return pick.moves[pick.by_card[pick.cur][pick.k]]


def think(app, p):
    """The person thinks before choosing, with an even number of cards in hand: idle steps
    while the coach looks ahead (lib/coach.py; it lets the person's lists go and the next
    step makes them again)."""
    s = app.screen.s
    if len(s.hands[s.turn]) % 2 == 0:
        for _ in range(40):
            pre = getattr(app, "coach_pre", None)
            if pre is not None and pre[1] is not None or not app.coaching:
                break
            step(app, p)
    while app.screen.pick.moves is None:
        step(app, p)


def human(app, p, rnd):
    """Choose a move with the buttons: the hint, the first legal move or a random one."""
    think(app, p)
    pick = app.screen.pick
    moves = pick.moves
    how = rnd.below(3)
    if how == 0:
        step(app, p, K.SELECT)
        fail(pick.mode == 1 and chosen(pick) in moves, "the hint is no legal move")
        step(app, p, K.A)
        return
    target = moves[0] if how == 1 else moves[rnd.below(len(moves))]
    want = app.screen.s.hands[pick.seat].index(target[0])
    for _ in range(20):
        if pick.cur == want:
            break
        step(app, p, K.RIGHT)
    step(app, p, K.A)
    ks = [moves[i] for i in pick.by_card[want]]
    k = ks.index(target)
    for _ in range(len(ks)):
        if pick.k == k:
            break
        step(app, p, K.RIGHT)
    fail(chosen(pick) == target, "the cursor does not reach the move")
    step(app, p, K.A)


def play_until(app, p, done, seed=2, limit=20000):
    """Play on (a person's moves by human() from Rng(seed), A on the pass screen) until
    done() is true; AssertionError if it never is."""
    rnd = Rng(seed)
    for _ in range(limit):
        if done():
            return
        if app.name == "play" and app.screen.mode == 0:
            human(app, p, rnd)
        else:
            step(app, p, K.A if app.name == "pass" else 0)
    raise AssertionError("not reached in %d steps" % limit)


def check_record(app, nvm, counter=True):
    """The store's newest record is the game on the screen, with the computers' counter as of
    its last move (a computer's choice shown but not yet played is not counted)."""
    payload, msg = Store(nvm).load()
    fail(payload is not None and msg is None, "no readable record after a write")
    sv = saveread.unpack(payload)
    fail(sv.lost == 0 and sv.game is not None, "the record holds no game")
    fail(codec.encode(sv.game) == codec.encode(app.game), "the record is not the game in play")
    fail(sv.ai_count == app.count or not counter, "the record's computer counter")
    fail(sv.seats == app.save.seats, "the record's seats differ")
    return sv


def play_game(spec, cut_at=None, pace=None):
    """One game through the app; the power is cut in the first save after cut_at moves (None:
    never). Returns (checker, final stats, the nvm)."""
    checker = Checker()
    install(checker)
    nvm = Nvm()
    app, p = boot(nvm, spec.seed, pace)
    fail(app.note is None, "a fresh store gave a message")
    setup(app, spec)
    step(app, p, K.START)
    fail(
        app.name in ("play", "pass") and app.game is not None and app.game.n == spec.players,
        "START did not start the game",
    )
    check_record(app, nvm)  # a new game is written at once
    think = Rng(spec.seed ^ 0x5EED)
    writes = nvm.writes
    mark = (0, 0)  # (moves, rounds) at the last write
    cut = cut_at
    for _ in range(MAX_STEPS):
        if nvm.writes != writes:
            writes = nvm.writes
            mark = (len(checker.moves), checker.rounds)
            if app.game is not None and app.save.game is not None:
                check_record(app, nvm)
        name = app.name
        try:
            if cut is not None and len(checker.moves) >= cut:
                cut = None
                if spec.seed & 1:  # inside the next write, after its first page
                    nvm.cut = PAGE // UNIT + think.below(POINTS - PAGE // UNIT)
                else:  # now: back to the last save
                    raise PowerCut()
            if name == "play":
                play = app.screen
                if play.mode == 0:
                    p.t += THINK_MS[0] + think.below(THINK_MS[1])
                    human(
                        app, p, Rng((spec.seed * 7919 + len(checker.moves) * 31 + 1) & 0xFFFFFFFF)
                    )
                else:
                    step(app, p)
            elif name in ("pass", "summary"):
                if name == "summary" and app.game.winner < 0:
                    sv = check_record(app, nvm)
                    fail(sv.stats == app.save.stats, "the round's statistics are not saved")
                step(app, p, K.A)
            elif name == "over":
                break
            elif name == "error":  # the app caught it: the soak reports it
                raise app.error
            else:
                fail(False, "the game went to the %s screen" % name)
        except PowerCut:
            # the power comes back at the last save (a write cut after its first page: that one)
            if nvm.writes != writes:
                mark = (len(checker.moves), checker.rounds)
            del checker.moves[mark[0] :]
            checker.rounds = mark[1]
            app, p = boot(nvm, app.seed, pace)
            fail(app.note is None, "a message after a power cut")
            fail(app.save.game is not None, "the game was lost in a power cut")
            step(app, p, K.START)  # START on the title: Continue
            fail(app.name in ("play", "pass", "over"), "Continue did not resume")
            writes = nvm.writes
    fail(app.name == "over", "the game did not end in %d steps" % MAX_STEPS)
    g = app.game
    fail(0 <= g.winner < g.sides, "the game ended without a winner")
    step(app, p, K.A)
    fail(app.name == "title", "A on game over does not go to the title")
    payload, _ = Store(nvm).load()
    sv = saveread.unpack(payload)
    fail(sv.game is None, "a finished game is still saved")
    fail(sum(sv.stats[profile.PLAYED : profile.PLAYED + 4]) == 1, "the game is not counted once")
    fail(
        sv.stats[profile.ROUNDS] == checker.rounds,
        "rounds counted %d, played %d" % (sv.stats[profile.ROUNDS], checker.rounds),
    )
    fail(
        "Continue" not in [r.text.strip() for r in app.screen.menu.rows],
        "Continue offered after the game ended",
    )
    return checker, sv.stats, nvm


WRITES = []  # nvm writes of each game played straight, in order


def driver(spec):
    """tools/soak/run.py driver: plays spec's game through the app; raises on any failure."""
    checker, stats, nvm = play_game(spec)
    WRITES.append(nvm.writes)
    if spec.resume:
        again, stats2, _ = play_game(spec, cut_at=max(1, len(checker.moves) // 2))
        fail(again.moves == checker.moves, "the game resumed after a power cut took other moves")
        fail(stats2 == stats, "the resumed game's statistics differ")
    return checker.rounds, len(checker.moves)


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--resume-every", type=int, default=10)
    ap.add_argument("--progress", type=int, default=50)
    ap.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=None,
        help="only games of N players (default: 2, 3 and 4 in turn)",
    )
    ap.add_argument(
        "--record",
        action="store_true",
        help="with --players: the nvm writes a game into docs/figures.json (saves_Np)",
    )
    a = ap.parse_args(argv)
    print(
        "soak_app: %d games through the headless app, seed %d%s"
        % (a.games, a.seed, ", %d players" % a.players if a.players else ""),
        flush=True,
    )
    t0 = time.time()
    del WRITES[:]
    extra = " --driver tools.soak.app_driver:driver" + (
        " --players %d" % a.players if a.players else ""
    )
    totals, failures = soak.soak(
        driver,
        a.games,
        a.seed,
        a.start,
        a.resume_every,
        out=lambda line: print(line, flush=True),
        extra=extra,
        progress=a.progress,
        players=a.players,
    )
    t = time.time() - t0
    resumed = len(
        [i for i in range(a.start, a.start + a.games) if a.resume_every and i % a.resume_every == 0]
    )
    print(
        "played %d games (2p %d, 3p %d, 4p %d), %d rounds, %d moves in %.1f s; "
        "%d of them again with a power cut half way"
        % (
            totals["games"],
            totals["by_players"][2],
            totals["by_players"][3],
            totals["by_players"][4],
            totals["rounds"],
            totals["moves"],
            t,
            resumed,
        )
    )
    print("failures: %d" % len(failures))
    if WRITES:
        print("nvm writes per game: min %d, max %d" % (min(WRITES), max(WRITES)))
    print("writes_per_game=%.1f" % (sum(WRITES) / len(WRITES) if WRITES else 0.0))
    if a.record and a.players and WRITES and not failures:
        from tools.docs import record

        record.put(
            "saves_%dp" % a.players,
            {"writes_per_game": round(sum(WRITES) / len(WRITES), 1), "games": len(WRITES)},
            "PYTHONPATH=lib python -m tools.soak.app_driver --games %d --players %d "
            "--resume-every %d --seed %d" % (a.games, a.players, a.resume_every, a.seed),
            "cpython",
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
