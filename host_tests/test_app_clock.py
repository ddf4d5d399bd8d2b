# The app on the board's clock: supervisor.ticks_ms() starts at 0x1FFF0000 at power-on and
# wraps at 2**29, about 65 s later (CircuitPython shared-bindings/supervisor/__init__.c). The
# device platform (lib/platform_device.py) runs here on the box's supervisor stand-in, whose
# clock starts and wraps as the board's: a session is the same wherever the wrap falls in it.
import importlib.util
import os
import sys
import types

from app_helpers import ROOT, K
from tools.sim.platform_host import headless
from engine import codec
from tools.soak.fake_nvm import Nvm
from test_app_input import FakeEvents

FRAME = 20  # ms of the clock per step of the app
B, A, START, SELECT, RIGHT = 0, 1, 2, 3, 4  # the PyBadge's key numbers


def supervisor():
    """A fresh copy of the box's supervisor stand-in (its clock at power-on)."""
    spec = importlib.util.spec_from_file_location(
        "supervisor", os.path.join(ROOT, "tools", "box", "standins", "supervisor.py")
    )
    sup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sup)
    return sup


WRAP = supervisor().WRAP_MS  # ms after power-on of ticks_ms()'s first wrap


def device(monkeypatch, uptime):
    """The PyBadge's Device over fakes of its modules and the box's supervisor stand-in,
    code.py starting `uptime` ms after power-on: (device, supervisor, keys, nvm)."""
    sup = supervisor()
    sup.set_uptime(uptime)
    keys = types.SimpleNamespace(events=FakeEvents(), reset=lambda: None)
    board = types.SimpleNamespace(
        DISPLAY=headless(), BUTTON_CLOCK=1, BUTTON_OUT=2, BUTTON_LATCH=3, A6="A6"
    )
    keypad = types.SimpleNamespace(
        ShiftRegisterKeys=lambda **kw: keys,
        Event=lambda: types.SimpleNamespace(key_number=0, pressed=False),
    )
    nvm = Nvm()
    monkeypatch.setitem(sys.modules, "board", board)
    monkeypatch.setitem(sys.modules, "keypad", keypad)
    monkeypatch.setitem(sys.modules, "supervisor", sup)
    monkeypatch.setitem(sys.modules, "microcontroller", types.SimpleNamespace(nvm=nvm))
    for name in ("platform_device", "device_fx"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import platform_device

    return platform_device.Device(), sup, keys, nvm


def test_the_clock_starts_and_wraps_as_the_boards():
    sup = supervisor()
    assert sup.ticks_ms() == 0x1FFF0000
    sup.advance(65535)
    assert sup.ticks_ms() == (1 << 29) - 1
    sup.advance(1)
    assert sup.ticks_ms() == 0 and sup.reads == [2, 1]


def test_the_stopwatch_runs_across_the_wrap(monkeypatch):
    d, sup, keys, nvm = device(monkeypatch, WRAP - 1000)
    stop = d.stopwatch(2000)  # a search's budget, 1 s before the wrap
    sup.advance(1500)
    assert not stop()
    sup.advance(600)
    assert stop()
    assert sup.reads[0] and sup.reads[1]


class Session:
    """A person's session through the app on the Device, one step of FRAME ms at a time, its
    script reacting to the screen: what the app did, at the app's own clock, in `log`."""

    def __init__(self, monkeypatch, uptime):
        self.d, self.sup, self.keys, self.nvm = device(monkeypatch, uptime)
        from app import App

        app = self.app = App(self.d, seed=11)
        app.settings.set_players(2)
        app.settings.seats = [None, "medium", "medium", "medium"]
        app.show("title")
        self.t = 0  # ms since the Device was made
        self.marks = {}  # when the script began each part, in self.t
        self.log = []
        self.last = None

    def run(self):
        for key in self.script():
            if key is not None:
                self.keys.events.queue.append(key)
            now = self.d.ticks()
            it = self.d.poll(now)
            self.app.step(it, now)
            self.note(now, it)
            self.sup.advance(FRAME)
            self.t += FRAME
        return self

    def note(self, now, it):
        app = self.app
        ov = app.overlay
        g = app.game
        sig = (
            app.name,
            getattr(app.screen, "mode", None),
            g and g.turn,
            g and sum(len(h) for h in g.hands),
            self.nvm.writes,
            ov and ov.due,
        )
        if it:
            self.log.append((now, "intent", it))
        if sig != self.last:
            self.log.append((now, sig))
            self.last = sig
        if g is not None and g.turn == 1 and app.screen.mode != 0 and "cpu" not in self.marks:
            self.marks["cpu"] = self.t

    def idle(self, ms):
        for _ in range(ms // FRAME):
            yield None

    def tap(self, key):
        yield (key, True)
        yield (key, False)

    def my_turn(self):
        app = self.app
        for _ in range(3000):
            if app.name == "play" and app.screen.mode == 0 and app.game.turn == 0:
                return
            yield None
        raise AssertionError("no turn for the person")

    def move(self):
        yield from self.my_turn()
        yield from self.tap(SELECT)  # the hint ...
        yield from self.tap(A)  # ... played

    def script(self):
        yield from self.idle(300)
        yield from self.tap(START)  # the title: a new game
        yield from self.my_turn()
        self.marks["hold"] = self.t  # a held direction repeats
        yield (RIGHT, True)
        yield from self.idle(1000)
        yield (RIGHT, False)
        yield from self.move()  # then the computer's 0.9 s pause
        yield from self.my_turn()
        self.marks["memory"] = self.t  # SELECT held, START: the memory line
        yield (SELECT, True)
        yield from self.tap(START)
        yield (SELECT, False)
        yield from self.idle(3500)
        yield from self.move()
        yield from self.my_turn()
        self.marks["gap"] = self.t  # a minute without a move, then one:
        yield from self.idle(61000)  # saved once a person is to play again
        yield from self.move()
        yield from self.my_turn()


def test_a_session_is_the_same_wherever_the_wrap_falls(monkeypatch):
    # The reference: code.py starts after the first wrap (the next is 2**29 ms away).
    ref = Session(monkeypatch, WRAP + 1000).run()
    assert ref.sup.reads[0] == 0
    m = ref.marks
    log = ref.log
    held = [now for now, *e in log if e == ["intent", K.RIGHT] and now <= m["hold"] + 1000]
    assert len(held) >= 5 and held[1] - held[0] == K.FIRST_REPEAT  # it repeats
    assert "cpu" in m  # a computer's move on show
    due = set(e[1][5] for e in log if len(e) == 2 and m["memory"] < e[0] < m["memory"] + 3500)
    assert len(due) >= 3  # the line each second
    writes = [e[0] for e in log if len(e) == 2 and e[0] >= m["gap"] + 60000]
    assert (
        writes and ref.nvm.writes > [e[1][4] for e in log if len(e) == 2 and e[0] <= m["gap"]][-1]
    )  # saved after the minute
    # The same session with the wrap inside each of those, and just after code.py starts
    for at in (20, m["hold"] + 200, m["cpu"] + 450, m["memory"] + 1500, m["gap"] + 30000):
        s = Session(monkeypatch, WRAP - at).run()
        assert s.sup.reads[0] and s.sup.reads[1], at  # the app read both sides
        assert s.log == log, at
        assert codec.encode(s.app.game) == codec.encode(ref.app.game)
        assert bytes(s.nvm.data) == bytes(ref.nvm.data)


def test_the_first_seed_is_not_the_ticks_at_boot(monkeypatch):
    # Every power-on reaches code.py a similar few seconds in, where ticks_ms()'s low 16 bits
    # are those seconds: the firmware's random (seeded from the SAMD51's TRNG) gives the seed.
    import random

    keep = random.getstate()
    seeds = set()
    for k in range(8):
        d, sup, keys, nvm = device(monkeypatch, 1500)
        random.seed(k)
        seeds.add(d.seed())
    random.setstate(keep)
    assert len(seeds) == 8
