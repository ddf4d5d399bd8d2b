# Sounds and lights: short tunes on the speaker for a capture, a sweep, the
# round's end and the game's end; the NeoPixels in the colour of the seat to
# play, flashing on a sweep. Both go through the platform (tone(hz), pixels(grb)),
# which may lack them (then nothing happens); the timing is kept here.
from micropython import const
from gfx import SEAT  # the seats' colours

_YELLOW = const(0xFFE030)  # gfx.YELLOW: a sweep's flash
_EV_CAPTURE = const(1)  # engine.play.EV_CAPTURE
_EV_SWEEP = const(8)  # engine.play.EV_SWEEP

# a tune: pitch (Hz) then length (ms) of each note, one flat tuple
CAPTURE = (1175, 50)
SWEEP = (988, 70, 1319, 70, 1760, 160)
ROUND = (784, 110, 659, 110, 523, 220)
WIN = (523, 110, 659, 110, 784, 110, 1047, 320)
LOSE = (440, 180, 349, 320)
DIM = const(4)  # the turn light at 1/DIM brightness
_FLASHES = const(6)  # a sweep: the lights go on and off 3 times ...
_FLASH_MS = const(110)  # ... each for this long


class Feedback:
    def __init__(self, platform, settings):
        self.tone = getattr(platform, "tone", None)
        self.leds = getattr(platform, "pixels", None)
        self.settings = settings
        self.tune = ()
        self.k = 0
        self.due = 0
        self.now = 0
        self.grb = bytearray(15)
        self.color = 0
        self.flashes = 0
        self.flash_due = 0

    def play(self, tune):
        if self.tone is None or self.settings.mute:
            return
        self.tune = tune
        self.k = 0
        self.due = self.now

    def event(self, ev):
        # what a played move's events sound like
        if ev & _EV_SWEEP:
            self.play(SWEEP)
            self.flashes = _FLASHES
            self.flash_due = self.now
        elif ev & _EV_CAPTURE:
            self.play(CAPTURE)

    def turn(self, seat):
        # the lights show whose turn it is (-1: off)
        c = 0 if seat < 0 else SEAT[seat]
        if self.flashes == 0 and c != self.color:
            self.light(c, DIM)
        self.color = c

    def light(self, c, dim):
        g = self.grb
        for i in range(0, 15, 3):
            g[i] = (c >> 8 & 255) // dim
            g[i + 1] = (c >> 16) // dim
            g[i + 2] = (c & 255) // dim
        if self.leds is not None:
            self.leds(g)

    def wake(self, t):
        # t, or sooner when the tune's next note or the lights' next flash is due
        if self.tune and self.due - t < 0:
            t = self.due
        if self.flashes and self.flash_due - t < 0:
            t = self.flash_due
        return t

    def tick(self, now):
        self.now = now
        if self.tune and now - self.due >= 0:
            k = self.k
            if k < len(self.tune):
                self.tone(self.tune[k])
                self.due = now + self.tune[k + 1]
                self.k = k + 2
            else:
                self.tone(0)
                self.tune = ()
        if self.flashes and now - self.flash_due >= 0:
            self.flashes -= 1
            self.flash_due = now + _FLASH_MS
            if self.flashes & 1:
                self.light(_YELLOW, 1)  # full brightness
            else:
                self.light(self.color, DIM)
