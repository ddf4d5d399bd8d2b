# Rules and controls: pages read from rules.txt or controls.txt (gfx.PAGES) one at
# a time (the text never stays in the heap); left/right (or A) steps, B goes back.
from micropython import const
import gfx
from gfx import CARD_BACK
from intents import step

_A = const(5)  # intents.A
_B = const(6)  # intents.B
_START = const(7)  # intents.START

LINES = 11


def page(name, k):
    # (number of pages, the k-th page's lines: its title first). The file is read a piece
    # at a time to count the pages and find the k-th, then that page alone: line by line
    # the board reads a byte a call, and in one piece the file would need a block of its
    # size, in a game too. A page starts at "= " at a line's start.
    n = 0
    start = end = -1
    with open(gfx.PAGES + name + ".txt", "rb") as f:
        carry = b"\n"  # a window's last two bytes, read again with the next piece
        at = -1  # the file's offset of the window's first byte
        piece = f.read(_PIECE)
        while piece:
            w = carry + piece
            i = w.find(b"\n= ")
            while i >= 0:  # (no "\n= " is found in two windows: it is 3 bytes long)
                n += 1
                if n == k + 1:
                    start = at + i + 3
                elif n == k + 2:
                    end = at + i
                i = w.find(b"\n= ", i + 1)
            at += len(w) - 2
            carry = w[-2:]
            piece = f.read(_PIECE)
        f.seek(start)
        text = (f.read(end - start) if end >= 0 else f.read()).decode()
    for i in range(5):  # ^B ^S ^C ^H ^D: the card back, the suits
        text = text.replace(_MARKS[2 * i : 2 * i + 2], _GLYPHS[i : i + 1])
    out = []
    for line in text.rstrip("\r\n").split("\n"):
        if not line.startswith("#"):  # (startswith: a str's character indexed is a qstr)
            out.append(line.rstrip("\r"))
    return n, out


_PIECE = 128
_MARKS = "^B^S^C^H^D"
_GLYPHS = CARD_BACK + "\x80\x81\x82\x83"  # gfx.SUITS..: spades, clubs, hearts, diamonds


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.BAR)
        self.title = gfx.line(g, 6, 26, 2, 2, gfx.palette(gfx.BAR, gfx.YELLOW))
        pal = gfx.palette(gfx.BAR, gfx.WHITE)
        self.lines = []
        for i in range(LINES):  # 29 characters from x 8: a margin of 7 or 8 pixels each side
            self.lines.append(gfx.line(g, 5, 29, 8, 16 + i * 9, pal))
        self.foot = gfx.line(g, 5, 32, 0, 120, gfx.palette(gfx.BAR, gfx.TINT[0]))
        self.pages = 0

    def enter(self):
        app = self.app
        self.back = app.prev or "title"
        self.name = "controls" if getattr(app, "help", "") == "Controls" else "rules"
        self.page = 0
        self.draw()

    def draw(self):
        n, p = page(self.name, self.page)
        self.pages = n
        self.title.set(p[0], center=True)
        version = self.name == "controls" and self.page == n - 1  # under the last page
        for i in range(LINES):
            self.lines[i].set(p[i + 1] if i + 1 < len(p) else "")
        if version:
            self.lines[LINES - 1].set(
                "version %d.%d.%d" % self.app.save.settings.version, center=True
            )
        self.foot.set(
            "< %d/%d >   B: back" % (self.page + 1, n) if n > 1 else "B: back", center=True
        )

    def update(self, intent, now):
        n = self.pages
        # B, START, or A on the last page
        if intent == _B or intent == _START or (intent == _A and self.page == n - 1):
            self.app.show(self.back)
            return
        d = 1 if intent == _A else step(intent)  # A, right, down: on; left, up: back
        if not d:
            return
        self.page = (self.page + d) % n
        self.draw()
