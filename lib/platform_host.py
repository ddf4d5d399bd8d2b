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

# The board's key numbers, as lib/platform_device.py reads them from keypad:
# 0 B, 1 A, 2 START, 3 SELECT, 4 RIGHT, 5 DOWN, 6 UP, 7 LEFT (PyGamer: 0..3 only,
# its directions come from the analog joystick).
KEYMAP = (K.B, K.A, K.START, K.SELECT, K.RIGHT, K.DOWN, K.UP, K.LEFT)
PUSH = 15000       # joystick thresholds of platform_device.py
LET_GO = 9000
BOARDS = {
    # name: (title, what moves, its drawing, key labels)
    "pygamer": ("PyGamer", "joystick"),
    "pybadge": ("PyBadge", "D-pad"),
}


class KeyQueue:
    # keypad.Keys as far as intents.read uses it: the window's keys as the
    # board's key numbers, through the same read as on the board.
    def __init__(self, size=64):
        self.q = []
        self.size = size
        self.overflowed = False
        self.events = self

    def put(self, number, pressed):
        if len(self.q) >= self.size:
            self.overflowed = True
        else:
            self.q.append((number, pressed))

    def get_into(self, event):
        if not self.q:
            return False
        event.key_number, event.pressed = self.q.pop(0)
        return True

    def clear(self):
        self.q = []
        self.overflowed = False

    def reset(self):
        pass


class Event:
    key_number = 0
    pressed = False


def joystick(x, y, held):
    # platform_device.Device.joystick on a stick position (centre 0): the direction pushed, or 0
    ax = x if x > 0 else -x
    ay = y if y > 0 else -y
    limit = LET_GO if held else PUSH
    if ax < limit and ay < limit:
        return 0
    if ax > ay:
        return K.RIGHT if x > 0 else K.LEFT
    return K.DOWN if y > 0 else K.UP


class Window(Scripted):
    # The simulator: PyGameDisplay in a window zoomed by an integer factor, the
    # chosen board's buttons on the keyboard and its button legend beside the screen.
    def __init__(self, zoom=4, board="pygamer", legend=True):
        import pygame
        from blinka_displayio_pygamedisplay import PyGameDisplay
        if board not in BOARDS:
            raise ValueError("board: one of %s, not %r" % (", ".join(sorted(BOARDS)), board))
        panel = 72 * zoom if legend else 0
        win = self

        class Zoomed(PyGameDisplay):
            def _initialize(self, init_sequence):
                pygame.display.init()          # no audio: nothing to open
                pygame.display.set_caption("Royal Casino (%s)" % BOARDS[board][0])
                self._window = pygame.display.set_mode((160 * zoom + panel, 128 * zoom))
                self._pygame_screen = pygame.Surface((160, 128))
                if panel:
                    win.draw_legend(self._window, 160 * zoom, zoom, board)

            def _refresh_display(self):
                busdisplay.BusDisplay._refresh_display(self)
                pygame.transform.scale(self._pygame_screen, (160 * zoom, 128 * zoom),
                                       self._window.subsurface((0, 0, 160 * zoom, 128 * zoom)))
                pygame.display.flip()
                self._refresh_pending = False

        from filenvm import FileNvm
        os.makedirs(ROOT + "build", exist_ok=True)
        self.pg = pygame
        self.board = board
        Scripted.__init__(self, Zoomed(width=160, height=128, auto_refresh=False),
                          nvm=FileNvm(ROOT + "build/sim-nvm.bin"))
        # keyboard -> the board's key numbers
        self.buttons = {pygame.K_x: 0, pygame.K_z: 1, pygame.K_RETURN: 2, pygame.K_SPACE: 3}
        self.arrows = {pygame.K_RIGHT: 4, pygame.K_DOWN: 5, pygame.K_UP: 6, pygame.K_LEFT: 7}
        self.pygamer = board == "pygamer"
        self.keys = KeyQueue()
        self.event = Event()
        self.rep = K.Repeat()
        self.stick = 0              # PyGamer: the direction the stick is pushed
        self.held = set()           # PyGamer: arrow keys down (the stick's position)
        self.moves = []             # key events (key, down) not yet applied, one a poll
        self.quit = False
        self.shots = ROOT + "build/"     # where F12 writes screenshot-N.png
        self.t0 = time.monotonic()

    def draw_legend(self, surf, x0, u, board):
        # The board's buttons beside the screen: a sketch of the controls with the
        # keyboard keys that press them, then the list.
        pg = self.pg
        pg.font.init()
        title, mover = BOARDS[board]
        bg, ink, dim, key = (24, 24, 28), (235, 235, 235), (150, 150, 160), (255, 214, 90)
        surf.fill(bg, (x0, 0, 72 * u, 128 * u))
        big = pg.font.Font(None, 9 * u)
        small = pg.font.Font(None, 6 * u)
        tiny = pg.font.Font(None, 5 * u)

        def text(s, x, y, f=small, c=ink, centre=False):
            img = f.render(s, True, c)
            r = img.get_rect()
            if centre:
                r.center = (x, y)
            else:
                r.topleft = (x, y)
            surf.blit(img, r)
        text(title, x0 + 4 * u, 3 * u, big)
        # the sketch: the mover on the left, B and A on the right, SELECT and START below
        pg.draw.rect(surf, (50, 50, 58), (x0 + 3 * u, 12 * u, 66 * u, 43 * u), border_radius=4 * u)
        cx, cy = x0 + 15 * u, 26 * u
        if board == "pygamer":
            pg.draw.circle(surf, (90, 90, 100), (cx, cy), 8 * u)
            pg.draw.circle(surf, (20, 20, 20), (cx, cy), 5 * u)
        else:
            for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0), (0, 0)):
                pg.draw.rect(surf, (20, 20, 20), (cx - 2 * u + dx * 4 * u, cy - 2 * u + dy * 4 * u, 4 * u, 4 * u))
        text("arrows", cx, cy + 12 * u, tiny, key, True)
        for name, kk, bx, by in (("B", "X", 48, 28), ("A", "Z", 60, 23)):
            pg.draw.circle(surf, (20, 20, 20), (x0 + bx * u, by * u), 4 * u)
            text(name, x0 + bx * u, by * u, small, ink, True)
            text(kk, x0 + bx * u, (by + 8) * u, tiny, key, True)
        for name, kk, bx in (("SELECT", "Space", 30), ("START", "Enter", 48)):
            text(name, x0 + bx * u, 43 * u, tiny, dim, True)
            pg.draw.rect(surf, (20, 20, 20), (x0 + (bx - 4) * u, 46 * u, 8 * u, 2 * u), border_radius=u)
            text(kk, x0 + bx * u, 51 * u, tiny, key, True)
        lines = (("arrows", "%s: move" % mover), ("Z", "A: choose"), ("X", "B: step back"),
                 ("Enter", "START: pause"), ("Space", "SELECT: hint"),
                 ("Space+Enter", "memory line"), ("F12", "screenshot"), ("Esc", "quit"))
        y = 59 * u
        for k, what in lines:
            text(k, x0 + 4 * u, y, small, key)
            text(what, x0 + 32 * u, y, small, ink)
            y += 8 * u

    def screenshot(self, zoom=4):
        # F12: the screen as build/screenshot-N.png at 4x; returns its path
        n = 1
        while os.path.exists(self.shots + "screenshot-%d.png" % n):
            n += 1
        path = self.shots + "screenshot-%d.png" % n
        surf = self.pg.transform.scale(self.display._pygame_screen, (160 * zoom, 128 * zoom))
        self.pg.image.save(surf, path)
        print(path)
        return path

    def seed(self):
        return int(time.time()) & 0xFFFF

    def ticks(self):
        return int((time.monotonic() - self.t0) * 1000)

    def poll(self, now):
        pg = self.pg
        for e in pg.event.get():          # every event queued, none dropped
            if e.type == pg.QUIT or (e.type == pg.KEYDOWN and e.key == pg.K_ESCAPE):
                self.quit = True
            elif e.type == pg.KEYDOWN and e.key == pg.K_F12:
                self.screenshot()
            elif e.type in (pg.KEYDOWN, pg.KEYUP) and (e.key in self.buttons or e.key in self.arrows):
                self.moves.append((e.key, e.type == pg.KEYDOWN))
        if self.quit:
            return -1
        if self.moves:                    # one key event a poll, in the order typed
            k, down = self.moves.pop(0)
            if k in self.buttons:
                self.keys.put(self.buttons[k], down)
            elif not self.pygamer:
                self.keys.put(self.arrows[k], down)
            elif down:
                self.held.add(k)
            else:
                self.held.discard(k)
        it = K.read(self.keys, self.event, self.rep, KEYMAP, now)
        if it:
            return it
        if self.pygamer:
            h = self.held
            x = ((pg.K_RIGHT in h) - (pg.K_LEFT in h)) * 32767
            y = ((pg.K_DOWN in h) - (pg.K_UP in h)) * 32767
            d = joystick(x, y, self.stick)
            if d != self.stick:           # as platform_device.Device.poll
                old = self.stick
                self.stick = d
                if old:
                    self.rep.release(old)
                if d:
                    return self.rep.press(d, now)
        return self.rep.poll(now)

    def idle(self):
        time.sleep(0.015)
