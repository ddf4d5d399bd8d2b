# What the menus share: a column of rows (font 6) with a ">" cursor.
from micropython import const
import gfx

_UP = const(1)  # intents.UP
_DOWN = const(2)  # intents.DOWN


class Menu:
    def __init__(self, group, n, x, y, pitch, bg, width):
        pal = gfx.palette(bg, gfx.WHITE)
        self.rows = []
        for i in range(n):
            self.rows.append(gfx.line(group, 6, width, x + 10, y + i * pitch, pal))
        self.cursor = gfx.line(group, 6, 1, x, y, gfx.palette(bg, gfx.YELLOW), ">")
        self.y = y
        self.pitch = pitch
        self.row = 0
        self.n = n  # rows the cursor can reach: 0 .. n-1

    def move(self, intent):
        # UP / DOWN move the cursor (wrapping); True if the intent was one of them
        if intent != _UP and intent != _DOWN:
            return False
        self.row = (self.row + (1 if intent == _DOWN else -1)) % self.n
        self.place()
        return True

    def place(self):
        self.cursor.grid.y = self.y + self.row * self.pitch
