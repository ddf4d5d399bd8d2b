# Rules and controls: pages read from rules.txt or controls.txt (gfx.PAGES) one at
# a time (the text never stays in the heap); left/right (or A) steps, B goes back.
import gfx
from gfx import CARD_BACK
from intents import A, B, START, step

LINES = 11


def page(name, k):
    # (number of pages, the k-th page's lines: its title first)
    n = 0
    out = []
    with open(gfx.PAGES + name + ".txt") as f:
        for line in f:
            if line[0] == "#":
                continue
            if line[0] == "=":
                n += 1
                line = line[2:]
            if n == k + 1:
                line = line.rstrip("\r\n")
                for i in range(5):  # ^B ^S ^C ^H ^D: the card back, the suits
                    line = line.replace("^" + "BSCHD"[i], chr(ord(CARD_BACK) + i))
                out.append(line)
    return n, out


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.BAR)
        self.title = gfx.line(g, 6, 26, 2, 2, gfx.palette(gfx.BAR, gfx.YELLOW))
        pal = gfx.palette(gfx.BAR, gfx.WHITE)
        self.lines = []
        for i in range(LINES):
            self.lines.append(gfx.line(g, 5, 31, 2, 16 + i * 9, pal))
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
        if intent == B or intent == START or (intent == A and self.page == n - 1):
            self.app.show(self.back)
            return
        d = 1 if intent == A else step(intent)  # A, right, down: on; left, up: back
        if not d:
            return
        self.page = (self.page + d) % n
        self.draw()
