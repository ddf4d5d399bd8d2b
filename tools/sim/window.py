"""The simulator's window (Window, a platform_host.Scripted): PyGameDisplay zoomed by an
integer factor, the chosen board's buttons read from the keyboard through the board's
own input path (intents.read over a keypad-like queue; the PyGamer's joystick from the
arrow keys with platform_device.py's thresholds), F12 screenshots, and room for the
button legend (tools/sim/legend.py) beside the screen."""

import os
import time

import busdisplay

import intents as K
from tools.sim.platform_host import ROOT, RealTime, Scripted

NOTE_S = 2.0  # how long a note ("saved screenshot-1.png") stays on the window

# The board's key numbers, as lib/platform_device.py reads them from keypad:
# 0 B, 1 A, 2 START, 3 SELECT, 4 RIGHT, 5 DOWN, 6 UP, 7 LEFT (PyGamer: 0..3 only,
# its directions come from the analog joystick).
KEYMAP = (K.B, K.A, K.START, K.SELECT, K.RIGHT, K.DOWN, K.UP, K.LEFT)
BOARDS = ("pygamer", "pybadge")
# the simulator's flash (its saved game); the tests point it at a folder of their own
NVM = ROOT + "build/sim-nvm.bin"


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


class Window(RealTime, Scripted):
    # The simulator: PyGameDisplay in a window zoomed by an integer factor, the
    # chosen board's buttons on the keyboard; legend(surface, x, zoom, board) draws
    # a panel 72 * zoom wide beside the screen (tools/sim/legend.py), if given. Its
    # clock is real and it sleeps between frames (RealTime).
    def __init__(self, zoom=4, board="pygamer", legend=None):
        import numpy
        import pygame
        from blinka_displayio_pygamedisplay import PyGameDisplay
        from displayio._area import Area

        if board not in BOARDS:
            raise ValueError("board: one of %s, not %r" % (", ".join(BOARDS), board))
        panel = 72 * zoom if legend else 0

        class Zoomed(PyGameDisplay):
            def _initialize(self, init_sequence):
                pygame.display.init()  # no audio: nothing to open
                pygame.display.set_caption("Royal Casino (%s)" % board)
                self._window = pygame.display.set_mode((160 * zoom + panel, 128 * zoom))
                self._pygame_screen = pygame.Surface((160, 128))
                if legend:
                    legend(self._window, 160 * zoom, zoom, board)

            # Only what changed is drawn, as by the board's displayio (PyGameDisplay draws
            # the whole screen on every refresh: about 29 ms of Python a frame), and the
            # window is scaled and shown only after something was.
            def _get_refresh_areas(self):
                return busdisplay.BusDisplay._get_refresh_areas(self)

            def _refresh_area(self, area):
                # the area's pixels (big-endian RGB565, in whole 32-bit words: PyGameDisplay's
                # own buffer drops the last pixel of an area of an odd size) onto the screen
                clip = Area()
                if not self._core.clip_area(area, clip):
                    return True
                w, h = clip.width(), clip.height()
                n = w * h
                buf = memoryview(bytearray((n + 1) // 2 * 4))
                self._core.fill_area(clip, memoryview(bytearray((n // 32 + 1) * 4)).cast("I"), buf)
                c = numpy.frombuffer(buf, dtype=">u2", count=n).astype(numpy.uint32)
                rgb = numpy.empty((n, 3), numpy.uint8)
                rgb[:, 0] = (c >> 11) * 255 // 31
                rgb[:, 1] = (c >> 5 & 63) * 255 // 63
                rgb[:, 2] = (c & 31) * 255 // 31
                self._pygame_screen.blit(
                    pygame.image.frombuffer(rgb.tobytes(), (w, h), "RGB"), (clip.x1, clip.y1)
                )
                self.drawn = True
                return True

            def _refresh_display(self):
                self.drawn = False
                busdisplay.BusDisplay._refresh_display(self)
                if self.drawn:
                    self.show()
                self._refresh_pending = False

            def show(self):
                pygame.transform.scale(
                    self._pygame_screen,
                    (160 * zoom, 128 * zoom),
                    self._window.subsurface((0, 0, 160 * zoom, 128 * zoom)),
                )
                pygame.display.flip()

        from tools.sim.filenvm import FileNvm

        os.makedirs(os.path.dirname(NVM), exist_ok=True)
        self.pg = pygame
        self.board = board
        self.zoom = zoom
        self.legend = legend
        self.caption = "Royal Casino (%s)" % board
        self.note_due = None  # when the note on show goes (time.monotonic()), or None
        Scripted.__init__(self, Zoomed(width=160, height=128, auto_refresh=False), nvm=FileNvm(NVM))
        # keyboard -> the board's key numbers
        self.buttons = {pygame.K_x: 0, pygame.K_z: 1, pygame.K_RETURN: 2, pygame.K_SPACE: 3}
        self.arrows = {pygame.K_RIGHT: 4, pygame.K_DOWN: 5, pygame.K_UP: 6, pygame.K_LEFT: 7}
        self.pygamer = board == "pygamer"
        self.keys = KeyQueue()
        self.event = Event()
        self.rep = K.Repeat()
        self.held = set()  # PyGamer: arrow keys down (the stick's position)
        self.moves = []  # key events (key, down) not yet applied, one a poll
        self.quit = False
        self.shots = ROOT + "build/"  # where F12 writes screenshot-N.png
        self.t0 = time.monotonic()

    def screenshot(self, zoom=4):
        # F12: the screen as build/screenshot-N.png at 4x; returns its path
        n = 1
        while os.path.exists(self.shots + "screenshot-%d.png" % n):
            n += 1
        path = self.shots + "screenshot-%d.png" % n
        surf = self.pg.transform.scale(self.display._pygame_screen, (160 * zoom, 128 * zoom))
        self.pg.image.save(surf, path)
        print("screenshot saved: " + os.path.relpath(path))
        self.note("saved " + os.path.basename(path))
        return path

    def note(self, text):
        # A short note on the window for NOTE_S seconds: over the legend's title, or
        # in the window's title bar when there is no legend.
        if self.legend:
            from tools.sim import legend as sim_legend

            sim_legend.note(self.display._window, 160 * self.zoom, self.zoom, text)
        else:
            self.pg.display.set_caption(self.caption + ": " + text)
        self.pg.display.flip()
        self.note_due = time.monotonic() + NOTE_S

    def end_note(self):
        if self.legend:
            self.legend(self.display._window, 160 * self.zoom, self.zoom, self.board)
        else:
            self.pg.display.set_caption(self.caption)
        self.pg.display.flip()
        self.note_due = None

    def seed(self):
        return int(time.time()) & 0xFFFF

    def waiting(self):
        # the person at the keys, as the board's Device.waiting: a key event not yet read
        # (the window's queue is read only here: peek pumps it), a key held
        pg = self.pg
        return bool(
            self.moves or self.keys.q or self.rep.down or self.held or pg.event.peek(pg.KEYDOWN)
        )

    def poll(self, now):
        pg = self.pg
        for e in pg.event.get():  # every event queued, none dropped
            if e.type == pg.QUIT or (e.type == pg.KEYDOWN and e.key == pg.K_ESCAPE):
                self.quit = True
            elif e.type == pg.KEYDOWN and e.key == pg.K_F12:
                self.screenshot()
            elif e.type in (pg.WINDOWEXPOSED, pg.WINDOWRESTORED, pg.WINDOWSIZECHANGED):
                self.display.show()  # the window shown again: its picture, unchanged
            elif e.type in (pg.KEYDOWN, pg.KEYUP) and (
                e.key in self.buttons or e.key in self.arrows
            ):
                self.moves.append((e.key, e.type == pg.KEYDOWN))
        if self.quit:
            return K.STOP
        if self.note_due is not None and time.monotonic() >= self.note_due:
            self.end_note()
        if self.moves:  # one key event a poll, in the order typed
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
            it = self.rep.push(K.direction(x, y, self.rep.stick), now)  # as the board's
            if it:
                return it
        return self.rep.poll(now)
