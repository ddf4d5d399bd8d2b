# tools/bench/app_time.py's child on the M4 VM (tools/box/m4vm.py): the whole app, the real code.py,
# over the board box's stand-ins (tools/box/standins, at the ROMFS's root), its modules compiled
# from .py as on the board, a button script played through it one frame at a time.
# time.ticks_us() counts 1,000 instructions a microsecond. The stand-ins are C on the board:
# every call into one is timed and taken out (its body, and what a Python call costs beyond
# a call into C, measured at the start), and so is this driver's own work. The nvm is a
# plain buffer of the store's 512 bytes (outside the heap on the board).
# The app's clock is the board's: supervisor.ticks_ms() runs at the app's instructions at
# CPI 1.6, x1.15 for the collector, 120 MHz, plus the time the app sleeps (time.sleep).
# Prints a line a figure: "T instructions/1000 name" a frame measured, "W ms name" a wait on
# the board's clock, "D instructions/1000 level cut" a computer's decision, "I
# instructions/1000 depth module" a first import, "P ..." a profiled function (main's prof),
# "C value name" a count; the last line is "END" or "FAILED ...".
import sys
import gc
import time
import builtins

import random_board
import _heap
import displayio
import bitmaptools
import keypad
import supervisor
import analogio
import digitalio
import audiocore
import audioio
import neopixel_write
import microcontroller
import board
import time_board
from _buttons import Buttons, UP, DOWN, LEFT, RIGHT, A, B, START, SELECT

_ticks = time.ticks_us
_diff = time.ticks_diff

STANDINS = (
    random_board,
    _heap,
    displayio,
    bitmaptools,
    keypad,
    supervisor,
    analogio,
    digitalio,
    audiocore,
    audioio,
    neopixel_write,
    microcontroller,
    board,
    time_board,
)
FRAMES_MAX = 2000000  # a loop that never sleeps runs hundreds of frames a wait
# The driver collects between frames when less than this is free (its timed calls make
# garbage the board's C does not): a frame's figure then holds a collection mostly where the
# app calls gc.collect() or allocates more than that in it
ROOM = 24 * 1024


class Stop(BaseException):
    # the script's end, or its failure (not an Exception: the app catches those)
    pass


# T: [us taken out (stand-ins, the driver), calls into the stand-ins, depth of a stand-in
# call under way, ms slept]
T = [0, 0, 0, 0]
OVERHEAD = [0.0]  # us a call into a stand-in costs beyond a call into C, outside its timing


def timed(f):
    # f, its time taken out of the app's (the outermost call only: stand-ins call each other)
    def call(*a, **k):
        if T[2]:
            return f(*a, **k)
        T[2] = 1
        t = _ticks()
        try:
            return f(*a, **k)
        finally:
            T[0] += _diff(_ticks(), t)
            T[1] += 1
            T[2] = 0

    return call


def _getter(hidden):
    return lambda self: getattr(self, hidden)


def _setter(hidden):
    return lambda self, v: setattr(self, hidden, v)


def time_class(cls):
    # every method and property of a stand-in class, timed; a property keeps working under
    # another name (CircuitPython's property has no fget to call)
    for name in list(cls.__dict__):
        v = cls.__dict__[name]
        if type(v).__name__ in ("function", "closure"):
            setattr(cls, name, timed(v))
        elif isinstance(v, property):
            hidden = "_timed_" + name
            setattr(cls, hidden, v)
            setattr(cls, name, property(timed(_getter(hidden)), timed(_setter(hidden))))


def time_standins():
    for mod in STANDINS:
        for name in list(mod.__dict__):
            v = mod.__dict__[name]
            if type(v).__name__ in ("function", "closure"):
                setattr(mod, name, timed(v))
            elif type(v) is type and name[0] != "_":
                try:
                    time_class(v)
                except (AttributeError, TypeError):  # a built-in type imported there
                    pass


class _Probe:
    def m(self):
        pass


def calibrate(times=5):
    # What a timed call to a Python method costs outside its own timing, beyond a call to
    # a C method (d.get): taken out of the app's figures at every call into a stand-in.
    # The median of a few measures: now and then one counts about 1 ms more than it ran.
    _Probe.m = timed(_Probe.__dict__["m"])
    got = sorted(overhead() for _ in range(times))
    OVERHEAD[0] = got[times // 2]


def overhead(n=400):
    # one measure of calibrate's (the collector kept out: the timed call makes its
    # arguments' tuple and dict)
    o = _Probe()
    d = {}
    r = range(n)
    gc.collect()
    gc.disable()
    t = _ticks()
    for _ in r:
        pass
    empty = _diff(_ticks(), t)
    t = _ticks()
    for _ in r:
        d.get(0)
    c_call = _diff(_ticks(), t) - empty
    out = T[0]
    t = _ticks()
    for _ in r:
        o.m()
    wrapped = _diff(_ticks(), t) - empty
    gc.enable()
    inside = T[0] - out
    T[0] = out
    T[1] -= n
    return (wrapped - inside - c_call) / n


class Nvm:
    # The nvm as a fresh board's, its first n bytes (the store's two slots): on the board it
    # is outside the heap and C. (The stand-in's reads slices' attributes, which this VM's
    # build lacks; an index range sliced the same way gives the bytes a slice covers.)
    def __init__(self, n):
        self.data = bytearray(b"\xff" * n)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        d = self.data
        k = 0
        for i in range(len(d))[index]:
            d[i] = value[k]
            k += 1


class Clock:
    # the app's instructions so far (us), and the board's clock they make
    def __init__(self):
        self.t0 = _ticks()
        self.hook_us = 0  # this driver's own time in its frame hook
        self.uptime = supervisor.WRAP_MS - 9000  # code.py starts 9 s before the wrap

    def app_us(self):
        return _diff(_ticks(), self.t0) - T[0] - self.hook_us - int(T[1] * OVERHEAD[0])

    def board_ms(self):
        # instructions at CPI 1.6, x1.15, 120 MHz: 1,000 instructions (1 us here) take
        # 1.6 * 1.15 / 120 = 0.01533 ms, 23/1500
        us = self.app_us()
        return us // 1500 * 23 + us % 1500 * 23 // 1500 + T[3]

    def ticks_ms(self):
        return (self.uptime + self.board_ms() + supervisor.START) & 0x1FFFFFFF


CLOCK = None
APP = [None, None]  # the app, App.__init__
DEPTH = [0]  # imports under way
_open = builtins.open
_import = builtins.__import__


def rom_open(path, *a, **k):
    # the board's drive is the VM's /rom: a path relative to the drive's root goes there
    return _open(path if path[:1] == "/" else "/rom/" + path, *a, **k)


def import_hook(name, *a):
    # sys.path entries relative to the drive's root (code.py may add one) moved under /rom;
    # App.__init__ watched once the app's module is in (the script needs the app); a first
    # import's instructions, its own imports in them, said ("I"). Its own time is taken out.
    t = _ticks()
    p = sys.path
    for i in range(len(p)):
        if p[i][:1] not in ("", "/"):
            p[i] = "/rom/" + p[i]
    fresh = name not in sys.modules
    T[0] += _diff(_ticks(), t)
    T[1] += 1
    start = CLOCK.app_us()
    DEPTH[0] += 1
    try:
        m = _import(name, *a)
    finally:
        DEPTH[0] -= 1
    t = _ticks()
    if fresh and name in sys.modules:
        print("I", CLOCK.app_us() - start, DEPTH[0], name)
    if fresh and name in PROFILE:
        profile(sys.modules[name], PROFILE[name])
    if fresh and name == "engine.ai":
        ai = sys.modules[name]
        ai.choose_move = decisions(ai.choose_move)
    if name == "app" and APP[1] is None:
        init = APP[1] = m.App.__init__

        def watched(self, *a, **k):
            APP[0] = self
            init(self, *a, **k)

        m.App.__init__ = watched
    T[0] += _diff(_ticks(), t)
    return m


PROFILE = {}  # module: [function or Class.method] whose instructions a frame says ("P")
SPENT = {}  # "module.function": [app us, calls] this frame


def profile(mod, names):
    for path in names:
        owner = mod
        parts = path.split(".")
        for p in parts[:-1]:
            owner = getattr(owner, p)
        f = getattr(owner, parts[-1])
        key = mod.__name__ + "." + path
        SPENT[key] = [0, 0]
        setattr(owner, parts[-1], counted(f, SPENT[key]))


def counted(f, spent):
    def call(*a, **k):
        t = CLOCK.app_us()
        try:
            return f(*a, **k)
        finally:
            spent[0] += CLOCK.app_us() - t
            spent[1] += 1

    return call


def decisions(choose):
    # each computer decision's (and hint's) instructions said ("D"), and whether the search
    # clock cut it short ("cut": it asked stop() and was told yes)
    def choose_move(state, level, seed, stop=None):
        cut = [0]

        def watched():
            if stop():
                cut[0] = 1
                return True
            return False

        t = CLOCK.app_us()
        move = choose(state, level, seed, stop and watched)
        say("D", "%s %d" % (level, cut[0]), CLOCK.app_us() - t)
        return move

    return choose_move


PLAYS = "play: A plays the move (shown: its card, what it takes)"
AFTER = "play: the step after a person's move (observe, play, autosave, draw)"


class Script:
    """The button script: one frame at a time, from the display's refresh (the frame hook).
    A measurement is the app's instructions over one frame: from the refresh before to the
    refresh after (the loop's clock, poll, step and sleep)."""

    def __init__(self, players, level, until, speed="", think=0, coach=""):
        self.until = until
        self.coach = coach  # the setup's Coach: "" as it is (auto: on for a new profile)
        self.think = think  # board ms the person thinks before each move after their first
        self.speed = speed
        self.players = players
        self.level = level
        self.frames = 0
        self.buttons = Buttons()
        self.mark = 0  # the app's us at the last frame's end
        self.name = None  # what the next frame measures
        self.then = None  # what the frame after it measures
        self.played = 0  # the board's clock at the end of the person's last move's frame
        self.gen = None
        self.boot = True

    def frame(self):
        t = _ticks()
        out, calls = T[0], T[1]
        clock = CLOCK
        now = clock.app_us()
        work = now - self.mark
        if self.boot:
            self.boot = False
            say("T", "boot to the title", work)
            if self.until == "boot":
                raise Stop("END")
        elif self.name:
            say("T", self.name, work)
            if self.name == PLAYS:
                self.played = clock.board_ms()
        for key in SPENT:
            v = SPENT[key]
            if v[1] and self.name:
                print("P", v[0], v[1], key)
            v[0] = v[1] = 0
        self.name = self.then
        self.then = None
        self.frames += 1
        if gc.mem_free() < ROOM:
            gc.collect()
        try:
            self.next_input()
        finally:
            T[0], T[1] = out, calls  # the script's own calls into the stand-ins
            clock.hook_us += _diff(_ticks(), t)
            self.mark = clock.app_us()

    def next_input(self):
        if self.frames > FRAMES_MAX:
            raise Stop("FAILED stuck on %s" % APP[0].name)
        app = APP[0]
        if app is not None and app.name == "error":
            raise Stop("FAILED the app's error screen: %r" % (app.error,))
        if self.buttons.busy():
            return
        if self.gen is None:
            self.gen = self.run()
        try:
            item = next(self.gen)
        except StopIteration:
            raise Stop("END")  # noqa: B904  (the script's end, not an error in it)
        if item:  # (key or 0, the name of what the next frame measures[, the frame after's])
            key, self.name = item[:2]
            self.then = item[2] if len(item) > 2 else None
            if key:
                self.buttons.press(key)

    # ---- the script --------------------------------------------------------
    def idle(self, n, name):
        for _ in range(n):
            yield 0, name

    def wait_screen(self, name):
        while APP[0].name != name:
            yield 0

    def run(self):
        app = APP[0]
        yield from self.idle(20, "idle frame: the title")
        yield DOWN, "title: cursor move"
        for item, screen in (("Rules", "rules"), ("Controls", "rules"), ("Statistics", "stats")):
            yield from self.title_to(item)
            yield A, "%s: first show" % item.lower()
            yield from self.wait_screen(screen)
            yield B, "title: back from a page"
            yield from self.wait_screen("title")
        yield from self.title_to("New game")
        yield A, "setup: first show"
        yield from self.wait_screen("setup")
        st = app.settings
        while st.players != self.players:
            yield RIGHT, "setup: change a row"
        for seat in range(1, self.players):
            while st.choice(seat) != self.level:
                while app.screen.menu.row != seat + 1:
                    yield DOWN, "setup: cursor move"
                yield RIGHT, "setup: change a row"
        if self.speed:
            from engine.settings import SPEEDS

            while SPEEDS[st.speed] != self.speed:
                while app.screen.menu.row != 7:  # Speed
                    yield DOWN, "setup: cursor move"
                yield RIGHT, "setup: change a row"
        if self.coach:
            from engine.settings import COACHES

            while COACHES[st.coach] != self.coach:
                while app.screen.menu.row != 8:  # Coach
                    yield DOWN, "setup: cursor move"
                yield RIGHT, "setup: change a row"
        t0 = CLOCK.board_ms()
        yield START, "play: first show (a new game)"
        yield from self.round(t0)

    def title_to(self, item):
        app = APP[0]
        while app.screen.menu.row != list(app.screen.items).index(item):
            yield DOWN, "title: cursor move"

    def my_turn(self):
        app = APP[0]
        while not (app.name == "play" and app.screen.mode == 0):
            if app.name not in ("play", "pass"):
                return False
            yield 0, "play: a person's wait (the computers' steps)"
        return True

    def round(self, t0):
        # The first round: the person's keys measured on their first turn, then every turn
        # played at once (the card a move takes first); a person's wait from the end of their
        # move's frame to their next turn on the board's clock, and the round's
        app = APP[0]
        first = True
        waits = []
        moved = None
        ahead = [0, 0]  # the person's moves after thinking, and the coach's looks made by then
        while True:
            mine = yield from self.my_turn()
            if not mine:
                break
            now = CLOCK.board_ms()
            if moved is not None:
                waits.append(now - moved)
                say("W", "a person's wait for their turn", now - moved)
            if first:
                first = False
                yield from self.keys_on_the_table()
                if self.until == "screens":
                    return
                moved = self.played
                continue
            if self.think:  # the person thinks: the coach looks ahead meanwhile
                t = CLOCK.board_ms()
                while CLOCK.board_ms() - t < self.think:
                    yield 0, "play: the person thinks (the coach looks ahead)"
                pre = getattr(app, "coach_pre", None)
                ahead[0] += 1
                ahead[1] += pre is not None and pre[1] is not None
                while app.screen.pick.moves is None:  # let go for the look: made again
                    yield 0, "play: the person thinks (the coach looks ahead)"
            pick = app.screen.pick
            i = 0
            while not pick.by_card[i]:
                i += 1
            while pick.cur != i:
                yield RIGHT, "play: cursor move"
            yield A, "play: A on a card (its moves)"
            yield A, PLAYS, AFTER
            moved = self.played
        say("W", "the round, from START on the setup to its scores", CLOCK.board_ms() - t0)
        say("C", "waits", len(waits))
        if ahead[0]:
            say("C", "moves made after thinking", ahead[0])
            say("C", "of them with the coach's look made ahead", ahead[1])
        yield from self.wait_screen("summary")
        yield from self.idle(2, "")
        yield A, "summary: next round"
        while app.name == "summary":
            yield 0

    def keys_on_the_table(self):
        yield from self.idle(20, "idle frame: a person's turn")
        yield RIGHT, "play: cursor move"
        yield LEFT, "play: cursor move"
        yield A, "play: A on a card (its moves)"
        yield B, "play: B back to the hand"
        yield START, "pause: first show", "pause: the step after it (the game saved)"
        yield from self.wait_screen("pause")
        yield DOWN, "pause: cursor move"
        yield UP, "pause: cursor move"
        app = APP[0]
        while app.screen.row != 1:  # Rules
            yield DOWN, "pause: cursor move"
        yield A, "rules (in a game): first show"
        yield from self.wait_screen("rules")
        yield B, "pause: back from a page (the table's drawing built again under it)"
        yield from self.wait_screen("pause")
        yield B, "play: back from the pause"
        yield from self.wait_screen("play")
        # the menu left idle lets the table's drawing go on the step after its save; back
        # to the table builds it again
        yield START, "pause: first show", "pause: the step after it (the game saved)"
        yield from self.wait_screen("pause")
        yield 0, "pause: the step after the save (the table's drawing let go, a collection)"
        yield from self.idle(3, "idle frame: the pause menu")
        yield START, "play: back from the pause menu left idle (the table's drawing built again)"
        yield from self.wait_screen("play")
        # SELECT acts when let go (its release the frame after): the hint on that frame
        yield SELECT, "play: SELECT down (it acts when let go)", "play: the hint (a hard search)"
        yield A, PLAYS, AFTER


def say(kind, name, value):
    print(kind, value, name)


def main(
    players=4,
    level="hard",
    board_name="pygamer",
    until="",
    prof=(),
    speed="",
    seed=1001,
    think=0,
    coach="",
):
    # until: "boot" (the title), "screens" (the person's keys on their first turn), or ""
    # (the first round)
    global CLOCK
    if board_name == "pybadge":
        board.use("pybadge")
    sys.modules["random"] = random_board
    sys.modules["time"] = time_board
    microcontroller.nvm = Nvm(512)
    random_board.seed(seed)  # the platform's seed: the game's deals and the computers' seeds
    calibrate()
    time_class(Nvm)
    refresh = displayio.Display.__dict__["refresh"]
    time_standins()
    displayio.Display.refresh = refresh  # timed below, around the frame hook
    builtins.open = timed(rom_open)
    CLOCK = Clock()
    for target in prof:  # "module:function" or "module:Class.method"
        m, f = target.split(":")
        PROFILE.setdefault(m, []).append(f)
    supervisor.ticks_ms = timed(CLOCK.ticks_ms)
    time_board.on_sleep = timed(slept)
    script = Script(players, level, until, speed, think, coach)

    def refreshed(self, *a, **k):
        # the stand-in's refresh, timed, then the frame hook (the driver's, not the app's)
        t = _ticks()
        refresh(self, *a, **k)
        T[0] += _diff(_ticks(), t)
        T[1] += 1
        script.frame()

    displayio.Display.refresh = refreshed
    with _open("/rom/code.py") as f:
        code = f.read()  # compiled by exec, in the boot's time, as on the board
    say("C", "stand-in call overhead (instructions)", int(OVERHEAD[0] * 1000))
    gc.collect()
    say("C", "heap free before code.py", gc.mem_free())
    builtins.__import__ = import_hook
    CLOCK.t0 = _ticks()
    script.mark = 0
    status = "FAILED the app returned"
    try:
        exec(code, {"__name__": "__main__"})
    except Stop as e:
        status = e.args[0]
    builtins.__import__ = _import
    say("C", "stand-in calls", T[1])
    say("C", "frames", script.frames)
    print(status)


def slept(seconds):
    T[3] += int(seconds * 1000 + 0.5)
