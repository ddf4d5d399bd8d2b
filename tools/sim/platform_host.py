# Host platform: a pygame window (zoomed) or a headless display, keyboard or
# scripted intents, and a real or fake millisecond clock. Desktop only (the board's
# is lib/platform_device.py); the repository's lib/ is on the path (PYTHONPATH=lib, pytest's
# pythonpath): the app's modules import each other by their own names, as on the board.
# The window is tools/sim/window.py.
import os
import time

import busdisplay
from displayio._area import Area

import gfx

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))) + "/"
gfx.ROOT = ROOT  # sprites/, VERSION
gfx.PAGES = ROOT + "lib/"  # rules.txt, controls.txt


class Headless(busdisplay.BusDisplay):
    # No bus: refresh() only records the areas it would send (for the tests).
    def _refresh_area(self, area):
        c = Area()
        if self._core.clip_area(area, c):
            self.painted.append((c.x1, c.y1, c.x2, c.y2))
        return True


_headless = []


def headless():
    # One per process (Blinka allows one display): later apps reuse it.
    if not _headless:
        d = Headless(None, b"", width=160, height=128, auto_refresh=False)
        d.painted = []
        _headless.append(d)
    return _headless[0]


def frame(display):
    # The whole screen as 128 rows of big-endian RGB565 bytes.
    buf = bytearray(320)
    return [bytes(display.fill_row(y, buf))[:320] for y in range(128)]


class Scripted:
    # Intents from a list (or a callback), on a clock that jumps step ms a poll.
    def __init__(self, display=None, step=50, nvm=None):
        self.display = display or headless()
        self.script = []
        self.step = step
        self.t = 0
        self.source = None
        self.bytes = nvm  # the save's nvm stand-in, or None
        self.tones = []  # speaker notes (Hz; 0 silence), pixels: 15 GRB bytes
        self.lights = None
        self.mv = 0  # a battery of mV at t=0 (0: on USB) ...
        self.drain = 0  # ... losing this many mV a minute of the clock
        self.wake = None  # when the app last asked to sleep until (idle)

    def nvm(self):
        return self.bytes

    def timer(self):
        # the board check's clock (lib/check.py): a function giving the host's microseconds
        # since it was made (perf_counter_ns: the host's own clock, whatever the app's is)
        t0 = time.perf_counter_ns()
        return lambda: (time.perf_counter_ns() - t0) // 1000

    def tone(self, hz):
        self.tones = self.tones[-32:] + [hz]

    def pixels(self, grb):
        self.lights = bytes(grb)

    def seed(self):
        return 1

    def battery(self):
        return max(self.mv - self.t * self.drain // 60000, 3000) if self.mv else 0

    def ticks(self):
        self.t += self.step
        return self.t

    def poll(self, now):
        if self.source is not None:
            return self.source()
        return self.script.pop(0) if self.script else 0

    def waiting(self):
        # a key still to come in the script (a test's idle steps let the coach look ahead)
        return any(self.script)

    def refresh(self):
        self.display.refresh()

    def idle(self, due):
        # the app would sleep until due; a scripted clock only notes it
        self.wake = due


class RealTime:
    """A real millisecond clock, and the board's rest between frames: idle(due) sleeps until
    due as the board's time.sleep does (lib/platform_device.py), so the desktop's loop runs a
    frame's work and then waits, not spins. monotonic and sleep are the clock's and the rest's
    (time's; a test's fakes)."""

    monotonic = staticmethod(time.monotonic)
    sleep = staticmethod(time.sleep)
    t0 = 0.0  # the monotonic time of tick 0
    code_ms = 0  # ms from the "code.py start" to tick 0 (the board check's boot time)

    def ticks(self):
        return int((self.monotonic() - self.t0) * 1000)

    def idle(self, due):
        ms = due - self.ticks()
        if ms > 0:
            self.sleep(ms / 1000.0)
