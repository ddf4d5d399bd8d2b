"""Fuzz the headless app with random button events through the board's own input path.

    PYTHONPATH=lib .venv/bin/python -m tools.soak.fuzz --events 100000 --seed 1
    PYTHONPATH=lib .venv/bin/python -m tools.soak.fuzz --events 5000 --seed 1 --late
                                                         # --late: from late_save(seed)

A stand-in for keypad.ShiftRegisterKeys (a PyBadge's 8 keys; a 64-event queue that overflows
like keypad's) feeds intents.read(), the function the board's platform polls, so presses,
releases, held keys (repeat), bursts that overflow the queue, and SELECT + START all reach the
app as they would on the board; the clock jumps by random amounts. The nvm is the SAMD51's
page-and-erase model (tools/soak/fake_nvm.py). Now and then the power is cut (a new App on the
same nvm): between steps, sometimes with bytes of the nvm flipped first, or inside the next
write at a random point of its erase-and-program sequence; and some writes to the nvm fail as
the board's do (RuntimeError). Every move the app applies is checked against legal_moves of the
position before it (tools/soak/app_driver.py's Checker); any exception is a failure. At the
end every key is let go and a scripted sequence must still reach a person's decision on the play
screen. Prints events, steps, moves, games, reboots, failed writes and time.
"""

import sys
import time

from engine import profile, savegame  # the engine before the display
from engine.movegen import legal_moves
from engine.play import play as engine_play
from engine.rng import Rng
from tools.soak import app_driver as soak_app
from tools.soak.app_driver import fail
from tools.sim.platform_host import Scripted
from tools.soak.fake_nvm import POINTS, Nvm, PowerCut

import intents as K
from app import App
from store import Store

# keypad key numbers on a PyBadge: 0 B, 1 A, 2 START, 3 SELECT, 4 RIGHT, 5 DOWN, 6 UP, 7 LEFT
KEYMAP = (K.B, K.A, K.START, K.SELECT, K.RIGHT, K.DOWN, K.UP, K.LEFT)
KEY = {K.B: 0, K.A: 1, K.START: 2, K.SELECT: 3, K.RIGHT: 4, K.DOWN: 5, K.UP: 6, K.LEFT: 7}
QUEUE = 64  # keypad's default max_events


class Event:
    key_number = 0
    pressed = False


class Queue:
    def __init__(self):
        self.q = []
        self.overflowed = False

    def put(self, key, pressed):
        if len(self.q) >= QUEUE:
            self.overflowed = True
        else:
            self.q.append((key, pressed))

    def get_into(self, e):
        if not self.q:
            return False
        e.key_number, e.pressed = self.q.pop(0)
        return True

    def clear(self):
        self.q = []
        self.overflowed = False


class Keys:
    """keypad.Keys-like: events, reset(); plus the buttons' physical state."""

    def __init__(self):
        self.events = Queue()
        self.down = [False] * 8

    def set(self, key, pressed):
        if self.down[key] != pressed:
            self.down[key] = pressed
            self.events.put(key, pressed)
            return 1
        return 0

    def reset(self):
        # keypad: every key assumed released, so a key still down reports a press again
        for k in range(8):
            if self.down[k]:
                self.events.put(k, True)


class Board(Scripted):
    """The board's poll (platform_device.Device.poll, without a joystick) over Keys."""

    def __init__(self, nvm):
        Scripted.__init__(self, step=16, nvm=nvm)
        self.keys = Keys()
        self.event = Event()
        self.rep = K.Repeat()

    def poll(self, now):
        it = K.read(self.keys, self.event, self.rep, KEYMAP, now)
        return it or self.rep.poll(now)


class Flaky(Nvm):
    """The page-and-erase nvm whose writes fail as the board's do (RuntimeError, nothing
    changed), each with a chance of 1 in FAIL_ONE_IN while flaky is set (never the write a
    power cut is waiting for), counted. Its own generator, so the failures do not move the
    button events."""

    def __init__(self, seed):
        Nvm.__init__(self)
        self.rnd = Rng(seed * 7919 + 1)
        self.flaky = True
        self.failed = 0

    def __setitem__(self, i, v):
        self.fail = self.flaky and self.cut is None and self.rnd.below(FAIL_ONE_IN) == 0
        if self.fail:
            self.failed += 1
        Nvm.__setitem__(self, i, v)


FAIL_ONE_IN = 8

# key numbers weighted: A and the directions most, START and B least
WEIGHTED = (1, 1, 1, 1, 1, 1, 4, 4, 5, 5, 6, 6, 7, 7, 0, 3, 3, 2)


def key(rnd):
    return WEIGHTED[rnd.below(len(WEIGHTED))]


def boot(nvm, seed):
    p = Board(nvm)
    app = App(p, seed=seed)
    app.show("title")
    return app, p


def tick(app, p, ms):
    p.t += ms
    app.step(p.poll(p.t), p.t)


def late_save(seed):
    """A saved 3-player game (P1 and P2 persons passing the board, P3 a hard computer) in its
    last hand, three cards from the end, every side at 20 points: the round's end, the game's
    end and the pass screen are a few moves away."""
    sv = savegame.Save()
    st = sv.settings
    st.seats = [None, None, "hard", "medium"]
    st.set_players(3)
    profile.start_game(sv, seed)
    s = sv.game
    rnd = Rng(seed)
    while s.deck or sum(len(h) for h in s.hands) > 3:
        moves = legal_moves(s)
        engine_play(s, moves[rnd.below(len(moves))])
    s.scores = [20] * s.sides
    return sv


def fuzz(events=100000, seed=1, reboot_every=7000, out=print, start=None):
    """events random button events from a fresh board, or from the Save start (late_save) in its
    flash; returns the figures it prints (and the screens seen)."""
    rnd = Rng(seed)
    checker = soak_app.Checker()
    soak_app.install(checker)
    nvm = Flaky(seed)
    if start is not None:
        nvm.flaky = False
        Store(nvm).save(savegame.pack(start))
        nvm.flaky = True
    app, p = boot(nvm, seed)
    n = steps = reboots = corrupt = torn = 0
    games = set()
    seen = {}
    t0 = time.time()
    while n < events:
        r = rnd.below(1000)
        try:
            n, steps = drive(app, p, rnd, r, n, steps)
        except PowerCut:  # a write cut inside its sequence
            app, p = boot(nvm, seed + reboots + 1)
            reboots += 1
            torn += 1
        if app.name == "error":  # the app caught an exception: a failure
            raise app.error
        table = sys.modules.get("screen_play")
        if table is not None and table.play is not checker:
            # the board check lets a game's modules go (lib/check.py unload_game): the next
            # table imported screen_play again, without the checker
            table.play = checker
        steps += 1
        seen[app.name] = seen.get(app.name, 0) + 1
        if app.game is not None:
            games.add(id(app.game))
        if reboot_every and rnd.below(reboot_every) == 0:
            if rnd.below(2) == 0:  # inside the next write, anywhere
                nvm.cut = rnd.below(POINTS)
                continue
            if rnd.below(3) == 0:  # and the flash lost some bits
                for _ in range(1 + rnd.below(4)):
                    at = rnd.below(230) + rnd.below(2) * 256  # in a record
                    nvm.data[at] ^= 1 << rnd.below(8)
                corrupt += 1
            app, p = boot(nvm, seed + reboots + 1)
            reboots += 1
    fuzz_s = time.time() - t0
    nvm.flaky = False
    nvm.fail = False
    nvm.cut = None
    responsive(app, p)
    figures = {
        "events": n,
        "steps": steps,
        "moves": len(checker.moves),
        "rounds": checker.rounds,
        "games": len(games),
        "reboots": reboots,
        "corrupted": corrupt,
        "torn": torn,
        "failed_writes": nvm.failed,
        "seconds": fuzz_s,
        "screens": seen,
    }
    out(
        "fuzz: %(events)d button events in %(steps)d steps, %(moves)d moves checked, "
        "%(rounds)d rounds, %(games)d games, %(reboots)d power cuts (%(corrupted)d with "
        "flipped bits, %(torn)d inside a write), %(failed_writes)d failed writes, "
        "%(seconds).1f s" % figures
    )
    out("steps by screen: " + ", ".join("%s %d" % (k, seen[k]) for k in sorted(seen)))
    return figures


def drive(app, p, rnd, r, n, steps):
    """One random input step; returns the counts of events and steps."""
    if r < 420:  # a press or a release of any key
        n += p.keys.set(key(rnd), rnd.below(2) == 0)
        tick(app, p, rnd.below(120))
    elif r < 500:  # SELECT held, then START
        n += p.keys.set(3, True) + p.keys.set(2, True)
        tick(app, p, 10)
        tick(app, p, 10)
    elif r < 560:  # a burst: more events than the queue holds
        for _ in range(40 + rnd.below(100)):
            n += p.keys.set(rnd.below(8), rnd.below(2) == 0)
        tick(app, p, 5)
    elif r < 620:  # keys held: repeats while the clock runs
        for _ in range(1 + rnd.below(12)):
            tick(app, p, 50 + rnd.below(200))
            steps += 1
    elif r < 640:  # the clock jumps (a slow frame, a long wait)
        tick(app, p, 1000 + rnd.below(5000))
    else:  # frames with nothing new
        tick(app, p, 16 + rnd.below(40))
    return n, steps


def click(app, p, intent):
    key = KEY[intent]
    p.keys.set(key, True)
    tick(app, p, 30)
    p.keys.set(key, False)
    tick(app, p, 30)


def responsive(app, p):
    """Let go of every key; buttons must then reach a person's decision on the play screen."""
    for k in range(8):
        p.keys.set(k, False)
    for _ in range(200):
        tick(app, p, 20)
    fail(not p.rep.down and not p.rep.held, "a key is still held after every key was let go")
    for _ in range(20000):
        name = app.name
        if name == "play":
            if app.screen.mode == 0:
                before = len(app.screen.pick.moves)
                fail(before > 0, "a person's decision without a legal move")
                return
            tick(app, p, 1000)
        elif name in ("title", "setup"):
            click(app, p, K.START)
        elif name in ("pass", "summary", "over"):
            click(app, p, K.A)
        else:  # pause, rules, controls, statistics
            click(app, p, K.B)
    fail(False, "no person's decision reached after the fuzz (stuck on %s)" % app.name)


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--events", type=int, default=100000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--reboot-every",
        type=int,
        default=7000,
        help="a power cut about once in N steps (0: never)",
    )
    ap.add_argument(
        "--late",
        action="store_true",
        help="start from a saved game near its end (late_save) instead of a fresh board",
    )
    a = ap.parse_args(argv)
    t0 = time.time()
    fuzz(a.events, a.seed, a.reboot_every, start=late_save(a.seed) if a.late else None)
    print("responsive afterwards; total %.1f s" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
