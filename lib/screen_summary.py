# Round summary: every scoring item per side, the round's points and the running scores.
import gfx
from words import side_name
from engine.scoring import ITEM_POINTS

LABELS = ("Cards", "Spades", "Big 10\x83", "Little 2\x80",
          "Ace \x80", "Ace \x81", "Ace \x82", "Ace \x83", "Sweeps", "Round", "Score")
TOP = 14


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.BAR)
        bg = gfx.palette(gfx.BAR, gfx.WHITE)
        yellow = gfx.palette(gfx.BAR, gfx.YELLOW)
        gfx.line(g, 6, 26, 2, 1, yellow, "Round scores")
        self.head = gfx.line(g, 5, 31, 2, TOP, gfx.palette(gfx.BAR, gfx.SEAT[0]))
        self.rows = []
        for i in range(len(LABELS)):
            self.rows.append(gfx.line(g, 5, 31, 2, TOP + 9 + i * 9, bg))
        self.foot = gfx.line(g, 5, 32, 0, 121, yellow)

    def enter(self):
        r = self.app.result
        viewer = 0 if self.app.settings.humans() == 1 else -1
        sides = r.sides
        head = "          "
        for side in range(sides):
            head += "%7s" % side_name(r, side, viewer)[:7]     # 7 a column, right-aligned
        self.head.set(head)
        for i in range(len(LABELS)):
            line = "%-10s" % LABELS[i]
            for side in range(sides):
                if i < 8:                     # an item: its points to the side that got it
                    v = ("+%d" % ITEM_POINTS[i]) if r.items[i] == side else "-"
                    if i < 2:                 # the cards or spades counted too
                        v = "%d %s" % ((r.cards, r.spades)[i][side], v)
                elif i == 8:
                    v = "%d %s" % (r.swept[side], ("+%d" % r.net[side]) if r.net[side] else "-")
                elif i == 9:
                    v = "+%d" % r.points[side]
                else:
                    v = str(r.scores[side])
                line += "%7s" % v[:7]
            self.rows[i].set(line)
        self.foot.set("A: see the winner" if r.winner >= 0 else "A: next round", center=True)

    def update(self, intent, now):
        if intent == 5 or intent == 7:    # A, START (intents.py)
            self.app.show("over" if self.app.result.winner >= 0 else "play")
