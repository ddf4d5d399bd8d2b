# Title: Start, players 2/3/4, computer level, sweeps on/off.
import displayio
import gfx
import intents as K
from settings import LEVELS

ROWS = ("Start game", "Players", "Level", "Sweeps")


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = displayio.Group()
        g.append(gfx.solid(gfx.FELT))
        bg = gfx.palette(gfx.FELT, gfx.WHITE)
        self.lines = []
        t = gfx.Text(6, 13, 41, 14, gfx.palette(gfx.FELT, gfx.YELLOW))
        t.set("ROYAL  CASINO")
        g.append(t.grid)
        t = gfx.Text(5, 32, 0, 28, bg)
        t.set("the Dominican fishing game", center=True)
        g.append(t.grid)
        for i in range(4):
            t = gfx.Text(6, 20, 20, 48 + i * 14, bg)
            g.append(t.grid)
            self.lines.append(t)
        self.cursor = gfx.Text(6, 1, 10, 48, gfx.palette(gfx.FELT, gfx.YELLOW))
        self.cursor.set(">")
        g.append(self.cursor.grid)
        t = gfx.Text(5, 32, 0, 112, bg)
        t.set("A/START: play   arrows: choose", center=True)
        g.append(t.grid)
        self.help = t
        self.row = 0

    def enter(self):
        self.row = 0
        self.draw()

    def draw(self):
        s = self.app.settings
        vals = ("", str(s.players), s.level, "on" if s.sweeps_on else "off")
        for i in range(4):
            self.lines[i].set(ROWS[i] + ("  < " + vals[i] + " >" if i else ""))
        self.cursor.grid.y = 48 + self.row * 14

    def update(self, intent, now):
        if not intent:
            return
        s = self.app.settings
        if intent == K.START or (intent == K.A and self.row == 0):
            # the players' modules compile before the table's bitmaps are allocated
            for lv in set(s.levels + ["medium"]):
                __import__("engine.ai_" + lv)
            self.app.game = None
            self.app.show("play")
            return
        if intent == K.UP:
            self.row = (self.row - 1) % 4
        elif intent == K.DOWN:
            self.row = (self.row + 1) % 4
        elif intent in (K.LEFT, K.RIGHT, K.A):
            d = -1 if intent == K.LEFT else 1
            if self.row == 1:
                s.set_players((s.players - 2 + d) % 3 + 2)
            elif self.row == 2:
                s.set_level(LEVELS[(LEVELS.index(s.level) + d) % 3])
            elif self.row == 3:
                s.sweeps_on = not s.sweeps_on
        self.draw()
