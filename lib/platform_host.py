# Host platform: a pygame window (zoomed) or a headless display, keyboard or
# scripted intents, and a real or fake millisecond clock.
import os
import time
import displayio
import busdisplay
from displayio._area import Area
import gfx
import intents as K

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + "/"
gfx.ROOT = ROOT


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
        self.bytes = nvm        # the save's nvm stand-in, or None
        self.tones = []         # speaker notes (Hz; 0 silence), pixels: 15 GRB bytes
        self.lights = None

    def nvm(self):
        return self.bytes

    def tone(self, hz):
        self.tones = self.tones[-32:] + [hz]

    def pixels(self, grb):
        self.lights = bytes(grb)

    def seed(self):
        return 1

    def ticks(self):
        self.t += self.step
        return self.t

    def poll(self, now):
        if self.source is not None:
            return self.source()
        return self.script.pop(0) if self.script else 0

    def refresh(self):
        self.display.refresh()

    def idle(self):
        pass


KEYS = None


class Window(Scripted):
    # The simulator: PyGameDisplay in a window zoomed by an integer factor.
    def __init__(self, zoom=4):
        import pygame
        from blinka_displayio_pygamedisplay import PyGameDisplay

        class Zoomed(PyGameDisplay):
            def _initialize(self, init_sequence):
                pygame.display.init()          # no audio: nothing to open
                pygame.display.set_caption("Royal Casino")
                self._window = pygame.display.set_mode((160 * zoom, 128 * zoom))
                self._pygame_screen = pygame.Surface((160, 128))

            def _refresh_display(self):
                busdisplay.BusDisplay._refresh_display(self)
                pygame.transform.scale(self._pygame_screen, self._window.get_size(), self._window)
                pygame.display.flip()
                self._refresh_pending = False

        from filenvm import FileNvm
        os.makedirs(ROOT + "build", exist_ok=True)
        Scripted.__init__(self, Zoomed(width=160, height=128, auto_refresh=False),
                          nvm=FileNvm(ROOT + "build/sim-nvm.bin"))
        self.pg = pygame
        self.keys = {pygame.K_UP: K.UP, pygame.K_DOWN: K.DOWN, pygame.K_LEFT: K.LEFT,
                     pygame.K_RIGHT: K.RIGHT, pygame.K_z: K.A, pygame.K_x: K.B,
                     pygame.K_RETURN: K.START, pygame.K_SPACE: K.SELECT}
        self.rep = K.Repeat()
        self.queue = []
        self.t0 = time.monotonic()

    def seed(self):
        return int(time.time()) & 0xFFFF

    def ticks(self):
        return int((time.monotonic() - self.t0) * 1000)

    def poll(self, now):
        pg = self.pg
        for e in pg.event.get():          # every event queued, none dropped
            if e.type == pg.QUIT or (e.type == pg.KEYDOWN and e.key == pg.K_ESCAPE):
                self.queue.append(-1)
            elif e.type == pg.KEYDOWN and e.key in self.keys:
                self.queue.append(self.rep.press(self.keys[e.key], now))
            elif e.type == pg.KEYUP and e.key in self.keys:
                self.rep.release(self.keys[e.key])
        if self.queue:
            return self.queue.pop(0)
        return self.rep.poll(now)

    def idle(self):
        time.sleep(0.015)
