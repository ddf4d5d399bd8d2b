# The battery, read by the platform every EVERY ms as mV (0: on USB, or no
# way to tell): a small mark in the table's top-right corner while on
# battery, red and one warning when it runs LOW, the game saved once it is
# nearly FLAT (the board browns out a little below).
import displayio
from micropython import const
import gfx

EVERY = const(5000)
LOW = const(3550)
FLAT = const(3450)
_EMPTY = const(3400)  # mV: the mark shows no charge ...
_BAR = const(90)  # ... and one more of its 8 bars each 90 mV above
_GREEN = const(0x40D040)  # the charge, red once LOW
_RED = const(0xF04040)


class Battery:
    def __init__(self, app):
        self.app = app
        self.due = 0
        self.mv = 0
        self.warned = self.saved = False
        self.mark = self.bits = None

    def tick(self, now):
        app = self.app
        m = self.mark
        if m is not None:
            h = app.name != "play" or not self.mv
            if m.hidden != h:
                m.hidden = h
        if now - self.due < 0:
            return
        self.due = now + EVERY
        mv = self.mv = app.platform.battery()
        if not mv:
            return
        if m is None:
            # 11 x 5: the outline, a nub, 8 columns of charge
            b = self.bits = displayio.Bitmap(11, 5, 3)
            for i in range(55):
                x = i % 11
                y = i // 11
                if (0 < y < 4) if x == 10 else (x == 0 or x == 9 or y == 0 or y == 4):
                    b[i] = 1
            m = self.mark = gfx.grid(
                b, gfx.palette(None, gfx.WHITE, _GREEN), 1, 1, 11, 5, 0, 148, 1
            )
            m.hidden = app.name != "play"
            app.root.append(m)
        k = (mv - _EMPTY) // _BAR
        for i in range(12, 42):
            x = i % 11
            if 0 < x < 9:
                self.bits[i] = 2 if x <= k else 0
        if mv < LOW:
            m.pixel_shader[2] = _RED
            if not self.warned:
                self.warned = True
                import session

                session.say(app, "BATTERY LOW: plug in USB")
        if mv < FLAT and not self.saved and app.game is not None:
            self.saved = True
            app.persist()
