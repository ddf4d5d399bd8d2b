# The loop rests between frames: after each frame it asks the platform to sleep until the
# next one (lib/app.py FRAME), or sooner when a note or a flash is due, and the device
# sleeps that long with time.sleep (lib/platform_device.py), never longer than a frame, so
# a key pressed meanwhile is read at the next frame.
import sys
import types

from app_helpers import K
from tools.sim.platform_host import Scripted
from app import App, FRAME
from feedback import CAPTURE, SWEEP
from test_app_clock import device


class Frames(Scripted):
    """A scripted platform that stops after `frames` polls and records each idle(due) with
    the clock of the frame it ended (its poll's)."""

    def __init__(self, frames, step=7):
        Scripted.__init__(self, step=step)
        self.left = frames
        self.rests = []  # (the frame's clock, the due it asked to sleep until)
        self.now = None

    def poll(self, now):
        self.now = now
        self.left -= 1
        return K.STOP if self.left < 0 else 0

    def idle(self, due):
        self.rests.append((self.now, due))

    def tone(self, hz):
        pass


def test_the_loop_asks_to_sleep_until_the_next_frame():
    p = Frames(30)
    App(p, seed=1).run()
    assert len(p.rests) == 30
    for now, due in p.rests:
        assert due == now + FRAME


def test_a_note_due_sooner_than_the_next_frame_wakes_the_loop_for_it():
    p = Frames(12, step=3)
    app = App(p, seed=1)
    app.settings.mute = False
    real_step = app.step

    def step(intent, now):
        real_step(intent, now)
        if now == 3 * 2:  # (the title's second frame) a capture sounds
            app.fx.play(CAPTURE)

    app.step = step
    app.run()
    woke = [(now, due) for now, due in p.rests if due != now + FRAME]
    assert woke  # the note's next change is due before the frame's end
    for now, due in woke:
        assert now <= due < now + FRAME


def test_wake_is_the_soonest_of_the_frame_a_note_and_a_flash():
    app = App(Frames(0), seed=1)
    fx = app.fx
    fx.settings.mute = False
    assert fx.wake(500) == 500  # nothing playing
    fx.tick(100)
    fx.play(SWEEP)
    fx.event(8)  # EV_SWEEP: the tune and the lights' flashes
    fx.tick(100)  # the first note plays, the next due 70 ms on
    assert fx.wake(500) == 100 + SWEEP[1]
    assert fx.wake(120) == 120


def test_the_device_sleeps_until_due_and_never_past_a_frame(monkeypatch):
    d, sup, keys, nvm = device(monkeypatch, 5000)
    slept = []
    monkeypatch.setattr(
        sys.modules["platform_device"], "time", types.SimpleNamespace(sleep=slept.append)
    )
    now = d.ticks()
    d.idle(now + FRAME)
    sup.advance(7)  # a frame whose work took 7 ms
    d.idle(now + FRAME)
    sup.advance(30)  # one that ran past its end: no sleep
    d.idle(now + FRAME)
    d.idle(d.ticks() + 5000)  # never longer than the table's 32 ms
    assert slept == [FRAME / 1000, (FRAME - 7) / 1000, 0.032]


def test_a_key_pressed_while_the_device_sleeps_is_read_on_the_next_frame(monkeypatch):
    d, sup, keys, nvm = device(monkeypatch, 5000)

    def sleep(seconds):  # keypad queues a press meanwhile
        keys.events.queue.append((1, True))
        sup.advance(int(seconds * 1000))

    monkeypatch.setattr(sys.modules["platform_device"], "time", types.SimpleNamespace(sleep=sleep))
    now = d.ticks()
    assert d.poll(now) == 0
    d.idle(now + FRAME)
    assert d.poll(d.ticks()) == K.A
