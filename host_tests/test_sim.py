"""The simulator window (under SDL's dummy video driver, in a child process: Blinka allows one
display a process): each board's keys through the board's input path, F12 screenshots and
the note they show, the legend beside the screen, Esc and closing the window stopping the app,
tools/sim/run.py starting; a refresh drawing only what changed, and the desktop's clock resting
between frames as the board's does."""

import subprocess
import sys

from tools.box import mp

SCRIPT = r"""
import os, sys
os.environ["BLINKA_OS_AGNOSTIC"] = "1"
os.environ["SDL_VIDEODRIVER"] = "dummy"
import engine.movegen
import pygame
import intents as K
from tools.sim.window import Window
from app import App
from tools.sim import legend as sim_legend
from tools.sim import window as sim_window
sim_window.NVM = %(shots)r + "sim-nvm.bin"
w = Window(2, %(board)r, sim_legend.draw)
w.shots = %(shots)r
app = App(w, pace=10 ** 9)
app.show("title")
w.refresh()
print("size", w.display._window.get_size())
pg = pygame
drawn, flips = [], []
real_area, real_flip = w.display._refresh_area, pg.display.flip
w.display._refresh_area = lambda a: drawn.append(a.width() * a.height()) or real_area(a)
pg.display.flip = lambda: flips.append(1) or real_flip()
w.refresh()  # (Blinka's first refresh by areas after the full one draws each layer again)
del drawn[:], flips[:]
w.refresh()  # nothing changed: nothing drawn, the window not shown again
print("idle", len(drawn), len(flips))
app.step(K.DOWN, 0)  # the title's cursor one row down
w.refresh()
print("moved", 0 < sum(drawn) < 160 * 128 // 4, len(flips))
pg.event.post(pg.event.Event(pg.WINDOWEXPOSED))  # the window uncovered: shown again
w.poll(0)
print("exposed", len(flips))
from tools.sim.platform_host import frame
for i in (K.START, 0, 0, K.RIGHT, 0, K.LEFT, 0):  # a new game: its table drawn piece by piece
    app.step(i, w.ticks())
    w.refresh()
rows, shot = frame(w.display), pg.image.tobytes(w.display._pygame_screen, "RGB")
def rgb565(i):
    return (shot[3 * i] >> 3) << 11 | (shot[3 * i + 1] >> 2) << 5 | shot[3 * i + 2] >> 3
print("same", app.name, all(rgb565(y * 160 + x) == rows[y][2 * x] << 8 | rows[y][2 * x + 1]
                            for y in range(128) for x in range(160)))

def press(key, down=True):
    pg.event.post(pg.event.Event(pg.KEYDOWN if down else pg.KEYUP, key=key))

NAMES = ("", "up", "down", "left", "right", "a", "b", "start", "select", "debug")


def run(n=6):
    out = []
    for _ in range(n):
        it = w.poll(0)
        if it:
            out.append(NAMES[it] if it > 0 else it)
    return out

print("waiting_idle", w.waiting())  # nothing typed: the coach's look may run
press(pg.K_z)
print("waiting_key", w.waiting())  # a key typed, not yet read: the look stops
press(pg.K_z, False); press(pg.K_x); press(pg.K_x, False)
print("buttons", run())
press(pg.K_RIGHT); print("right", run()); press(pg.K_RIGHT, False); run()
press(pg.K_SPACE); press(pg.K_RETURN); print("debug", run())
press(pg.K_SPACE, False); press(pg.K_RETURN, False); run()
def noted():
    # the note's yellow over the legend's title (the title itself is white)
    win, x0 = w.display._window, 160 * 2
    return any(tuple(win.get_at((x, y)))[:3] == sim_legend.KEY
               for x in range(x0, x0 + 72 * 2) for y in range(0, 22))

print("noted_before", noted())
press(pg.K_F12); run(1); press(pg.K_F12); run(1)
print("shots", sorted(n for n in os.listdir(%(shots)r) if n.endswith(".png")))
print("noted", noted())
w.note_due = 0; run(1)
print("noted_after", noted())
press(pg.K_ESCAPE)
print("quit", run(1))
w.quit = False
pg.event.post(pg.event.Event(pg.QUIT))
print("closed", run(1))
"""


def sim(board, tmp_path):
    shots = str(tmp_path) + "/"
    r = subprocess.run(
        [sys.executable, "-c", SCRIPT % {"board": board, "shots": shots}],
        capture_output=True,
        text=True,
        timeout=120,
        env=mp.cpython_env(),
    )
    assert r.returncode == 0, r.stderr
    return dict(
        (ln.split(" ", 1)[0], ln.split(" ", 1)[1]) for ln in r.stdout.splitlines() if " " in ln
    )


def test_pygamer_window(tmp_path):
    out = sim("pygamer", tmp_path)
    assert out["size"] == "(464, 256)"  # 2x screen + the legend
    # a refresh draws only what changed, as the board's displayio does, and nothing at rest
    assert out["idle"] == "0 0"
    assert out["moved"] == "True 1" and out["exposed"] == "2"
    assert out["same"] == "play True"  # the window shows every pixel the display holds
    assert out["buttons"] == "['a', 'b']"
    assert out["waiting_idle"] == "False" and out["waiting_key"] == "True"
    assert out["right"] == "['right']"  # the stick pushed right
    assert out["debug"] == "['debug']"  # SELECT held + START: the memory line alone
    assert out["shots"] == "['screenshot-1.png', 'screenshot-2.png']"
    assert (tmp_path / "sim-nvm.bin").stat().st_size == 8192  # its flash: this test's own
    assert out["noted_before"] == "False" and out["noted"] == "True"  # F12: "saved ..."
    assert out["noted_after"] == "False"  # the note goes after a moment
    assert out["quit"] == "[-1]" and out["closed"] == "[-1]"  # K.STOP: the app saves, stops
    import struct

    data = (tmp_path / "screenshot-1.png").read_bytes()
    assert struct.unpack(">II", data[16:24]) == (640, 512)  # 4x


def test_pybadge_window(tmp_path):
    out = sim("pybadge", tmp_path)
    assert out["buttons"] == "['a', 'b']" and out["right"] == "['right']"
    assert out["debug"] == "['debug']"


def test_sim_starts(tmp_path):
    # tools/sim/run.py --board pybadge opens its window and runs until Esc (a patched poll's)
    code = (
        "import os,sys,runpy;os.environ['SDL_VIDEODRIVER']='dummy';"
        "sys.argv=['run.py','--board','pybadge','--zoom','1'];"
        "from tools.sim import window as sim_window;sim_window.Window.poll=lambda self,now:-1;"
        "sim_window.NVM=%r;runpy.run_module('tools.sim.run',run_name='__main__')"
        % str(tmp_path / "sim-nvm.bin")
    )
    env = dict(mp.cpython_env(), HOME=str(tmp_path))
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env
    )
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "sim-nvm.bin").stat().st_size == 8192


def test_gif_records_a_game(tmp_path):
    # make gif, cut short: the title, then the 4-player table, the person's moves by buttons
    from tools.art import gif

    frames = gif.record(limit=20000)
    assert len(frames) > 5 and frames[-1][0] >= 19000
    n, ms = gif.write_gif(frames, str(tmp_path / "g.gif"), zoom=1)
    data = (tmp_path / "g.gif").read_bytes()
    assert data[:6] == b"GIF89a" and n == len(frames) - 1 and ms >= 19000


class FakeTime:
    # a clock that moves only when the loop works (work) or sleeps
    def __init__(self):
        self.t = 5.0
        self.slept = []

    def monotonic(self):
        return self.t

    def sleep(self, s):
        self.slept.append(s)
        self.t += s


def rested(frames, work_ms):
    from tools.sim.platform_host import RealTime, Scripted
    from app import App

    class Desk(RealTime, Scripted):
        # the simulator's clock and rest (RealTime), a frame's work of work_ms in its poll
        def poll(self, now):
            self.left -= 1
            clock.t += work_ms / 1000.0
            return -1 if self.left < 0 else 0  # K.STOP after frames

        def tone(self, hz):
            pass

    clock = FakeTime()
    desk = Desk()
    desk.monotonic, desk.sleep, desk.t0, desk.left = clock.monotonic, clock.sleep, clock.t, frames
    App(desk, seed=1).run()
    return clock.slept


def test_the_desktop_sleeps_out_each_frame():
    from app import FRAME

    slept = rested(40, 3)
    assert len(slept) == 40  # every frame ends in a rest
    # the rest is the frame less its work (the clock counts whole ms)
    assert all(abs(s * 1000 - (FRAME - 3)) <= 1 for s in slept)
    slept = rested(10, 25)  # a frame's work past the frame: no rest, the next at once
    assert slept == []
