# Pass and play: between two people's turns every hand is hidden until the
# person whose turn it is has the board and presses A. The moves since that
# person's last turn are listed here (the table lists them again).
from micropython import const
import gfx
from words import recap
from hud_view import box

_A = const(5)  # intents.A


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.BAR)
        white = gfx.palette(gfx.BAR, gfx.WHITE)
        gfx.line(g, 6, 14, 38, 4, white, "Pass the board")
        self.who = gfx.line(g, 6, 10, 50, 18, gfx.palette(gfx.BAR, gfx.SEAT[0]))
        self.info = gfx.line(g, 5, 32, 0, 32, white)
        self.head = gfx.line(g, 5, 32, 0, 46, gfx.palette(gfx.BAR, gfx.TINT[0]))
        gfx.line(g, 5, 32, 0, 92, white, "Everyone else: look away.")
        self.foot = gfx.line(g, 5, 32, 0, 112, gfx.palette(gfx.BAR, gfx.YELLOW))

    def enter(self):
        app = self.app
        seat = app.passing
        s = app.game
        name = "P%d" % (seat + 1)
        self.who.grid.pixel_shader[1] = gfx.SEAT[seat]
        self.who.set("to " + name, center=True)
        self.info.set(
            ("partner P%d  " % ((seat + 2) % 4 + 1) if s.n == 4 else "")
            + "score %d  deck %d" % (s.scores[seat % s.sides], len(s.deck)),
            center=True,
        )
        log = app.table.log
        if log:
            self.head.set("since your last turn:", center=True)
            box(self.group, recap(log, seat), 55)
        self.foot.set(name + ": press A to see your hand", center=True)
        app.fx.turn(seat)

    def update(self, intent, now):
        if intent == _A:
            self.app.show("play")
