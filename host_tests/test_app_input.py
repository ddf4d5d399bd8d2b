# Input: key repeat, the device platform's keypad and joystick handling (with
# stand-ins for board/keypad/supervisor/analogio), and the simulator's window.
import subprocess
import sys
import types

from app_helpers import K
from tools.box import mp


def test_repeat_on_held_direction():
    r = K.Repeat()
    assert r.press(K.RIGHT, 1000) == K.RIGHT
    assert r.poll(1000 + K.FIRST_REPEAT - 1) == 0
    assert r.poll(1000 + K.FIRST_REPEAT) == K.RIGHT
    assert r.poll(1000 + K.FIRST_REPEAT + K.REPEAT) == K.RIGHT
    r.release(K.RIGHT)
    assert r.poll(10**6) == 0
    assert r.press(K.A, 0) == K.A and r.poll(10**6) == 0  # buttons never repeat


def test_select_acts_when_let_go_and_not_at_all_in_the_chord():
    r = K.Repeat()
    assert r.press(K.SELECT, 0) == 0 and r.release(K.SELECT) == K.SELECT  # the hint, let go
    assert r.press(K.SELECT, 0) == 0 and r.press(K.START, 10) == K.DEBUG  # the chord ...
    assert r.release(K.START) == 0 and r.release(K.SELECT) == 0  # ... and nothing else
    assert r.down == 0
    assert r.press(K.SELECT, 0) == 0 and r.press(K.START, 10) == K.DEBUG
    assert r.press(K.START, 20) == K.DEBUG  # START again, SELECT still held: off again
    assert r.release(K.SELECT) == 0 and r.release(K.START) == 0 and r.down == 0
    assert r.press(K.START, 0) == K.START and r.press(K.SELECT, 5) == 0  # START first
    assert r.release(K.SELECT) == K.SELECT  # (no chord: SELECT was not held before it)
    assert r.release(K.START) == 0 and r.down == 0
    assert r.release(K.SELECT) == 0  # let go without a press (the queue lost it): nothing


class FakeEvents:
    def __init__(self):
        self.queue = []
        self.overflowed = False

    def __len__(self):  # as keypad.EventQueue: len() and bool() say what it holds
        return len(self.queue)

    def get_into(self, e):
        if not self.queue:
            return False
        e.key_number, e.pressed = self.queue.pop(0)
        return True

    def clear(self):
        self.queue = []
        self.overflowed = False


def fake_device(monkeypatch, pygamer):
    state = {"ms": 0, "x": 32768, "y": 32768}
    keys = types.SimpleNamespace(events=FakeEvents(), resets=0)
    keys.reset = lambda: setattr(keys, "resets", keys.resets + 1)
    board = types.SimpleNamespace(
        DISPLAY=types.SimpleNamespace(auto_refresh=True, refresh=lambda: None),
        BUTTON_CLOCK=1,
        BUTTON_OUT=2,
        BUTTON_LATCH=3,
    )
    if pygamer:
        board.JOYSTICK_X = "x"
        board.JOYSTICK_Y = "y"
    made = {}

    def srk(**kw):
        made.update(kw)
        return keys

    keypad = types.SimpleNamespace(
        ShiftRegisterKeys=srk, Event=lambda: types.SimpleNamespace(key_number=0, pressed=False)
    )

    class Analog:
        def __init__(self, pin):
            self.pin = pin

        @property
        def value(self):
            return state[self.pin]

    monkeypatch.setitem(sys.modules, "board", board)
    monkeypatch.setitem(sys.modules, "keypad", keypad)
    monkeypatch.setitem(
        sys.modules, "supervisor", types.SimpleNamespace(ticks_ms=lambda: state["ms"])
    )
    monkeypatch.setitem(sys.modules, "analogio", types.SimpleNamespace(AnalogIn=Analog))
    sys.modules.pop("platform_device", None)
    sys.modules.pop("device_fx", None)  # imported afresh, with this board
    import platform_device

    return platform_device.Device(), keys, state, made


def test_pybadge_keys(monkeypatch):
    d, keys, state, made = fake_device(monkeypatch, pygamer=False)
    assert made["key_count"] == 8 and made["value_when_pressed"] is True
    assert d.display.auto_refresh is False
    keys.events.queue = [(1, True), (1, False), (7, True)]
    assert d.poll(0) == K.A
    assert d.poll(10) == 0
    assert d.poll(20) == K.LEFT
    assert d.poll(20 + K.FIRST_REPEAT) == K.LEFT  # held: repeats
    keys.events.queue = [(7, False)]
    d.poll(1000)
    assert d.poll(5000) == 0
    keys.events.overflowed = True  # lost events: start over
    keys.events.queue = [(3, True)]
    d.rep.held = K.UP
    assert d.poll(6000) == 0 and keys.resets == 1 and d.rep.held == 0


def test_the_memory_chord_fires_nothing_else_on_the_board(monkeypatch):
    # the board's keypad: SELECT held, START pressed and let go, SELECT let go: the memory
    # line's intent alone; SELECT pressed and let go: the hint's, when let go
    d, keys, state, made = fake_device(monkeypatch, pygamer=True)
    keys.events.queue = [(3, True), (2, True), (2, False), (3, False), (3, True), (3, False)]
    assert [d.poll(t * 10) for t in range(7)] == [0, K.DEBUG, 0, 0, 0, K.SELECT, 0]
    assert d.rep.down == 0


def test_pygamer_joystick(monkeypatch):
    d, keys, state, made = fake_device(monkeypatch, pygamer=True)
    assert made["key_count"] == 4
    assert d.poll(0) == 0
    state["x"] = 32768 + 20000
    assert d.poll(10) == K.RIGHT
    assert d.poll(20) == 0
    assert d.poll(10 + K.FIRST_REPEAT) == K.RIGHT
    state["x"] = 32768 + 12000  # hysteresis: still pushed
    assert d.poll(11 + K.FIRST_REPEAT) == 0 and d.rep.stick == K.RIGHT
    state["x"] = 32768
    assert d.poll(2000) == 0 and d.rep.stick == 0
    state["y"] = 1000
    assert d.poll(2100) == K.UP
    keys.events.queue = [(0, True)]
    assert d.poll(2200) == K.B


def test_ticks_do_not_wrap(monkeypatch):
    d, keys, state, made = fake_device(monkeypatch, pygamer=False)
    state["ms"] = (1 << 29) - 5
    a = d.ticks()
    state["ms"] = 5  # ticks_ms wrapped
    assert d.ticks() - a == 10


def own_flash(tmp_path):
    # the simulator's flash in the test's own folder (not build/sim-nvm.bin, the developer's)
    return "from tools.sim import window as sim_window;sim_window.NVM=%r;" % str(
        tmp_path / "nvm.bin"
    )


def child_env():
    # a CPython child with the repository and its lib/ on the path (tools/box/mp.py)
    return dict(mp.cpython_env(), BLINKA_OS_AGNOSTIC="1", PYGAME_HIDE_SUPPORT_PROMPT="1")


def test_simulator_window_runs_headless(tmp_path):
    code = (
        "import os,sys;os.environ['SDL_VIDEODRIVER']='dummy';import engine.movegen;"
        + own_flash(tmp_path)
        + "from tools.sim.window import Window;from app import App;import intents as K;"
        "w=Window(2);a=App(w,pace=0);a.show('title');w.refresh();"
        "[a.step(i,w.ticks()) or w.refresh() for i in (K.START,0,0,0)];"
        "print(a.name, w._Window__dict__ if 0 else w.display._window.get_size())"
    )
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=child_env()
    )
    assert r.returncode == 0, r.stderr
    assert "play (320, 256)" in r.stdout
    assert (tmp_path / "nvm.bin").read_bytes()[:4] != b"\xff" * 4  # the new game saved there


def test_simulator_keys_are_queued_not_dropped(tmp_path):
    code = (
        "import os,sys;os.environ['SDL_VIDEODRIVER']='dummy';"
        + own_flash(tmp_path)
        + "import pygame;"
        "from tools.sim.window import Window;import intents as K;"
        "w=Window(1);"
        "[pygame.event.post(pygame.event.Event(pygame.KEYDOWN,key=k)) for k in "
        "(pygame.K_RIGHT,pygame.K_z,pygame.K_x,pygame.K_RETURN,pygame.K_SPACE)];"
        "pygame.event.post(pygame.event.Event(pygame.KEYUP,key=pygame.K_SPACE));"
        "print([w.poll(0) for _ in range(7)])"
    )
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=child_env()
    )
    assert r.returncode == 0, r.stderr
    # SELECT (Space) acts when let go
    assert r.stdout.strip() == str([K.RIGHT, K.A, K.B, K.START, 0, K.SELECT, 0])
    assert (tmp_path / "nvm.bin").exists()


def test_the_device_says_when_the_person_is_at_the_keys(monkeypatch):
    # what stops the coach's look ahead: a key event not yet read, a key held, the joystick
    # pushed (keypad's EventQueue is true while it holds an event)
    d, keys, state, made = fake_device(monkeypatch, pygamer=True)
    assert not d.waiting()
    keys.events.queue = [(1, True)]
    assert d.waiting()
    assert d.poll(0) == K.A
    assert d.waiting()  # A held
    keys.events.queue = [(1, False)]
    d.poll(10)
    assert not d.waiting()
    state["x"] = 32768 - 20000
    assert d.waiting()
    assert d.poll(20) == K.LEFT
    state["x"] = 32768
    assert d.poll(30) == 0 and not d.waiting()
