# Round summary: every scoring item per side, the round's points and the running scores;
# over them, when the near-21 rule held a side at 20, which and why, and with the coach
# on (one person playing) the person's flagged moves and the points they cost.
from micropython import const
import gfx
from words import side_name
from engine.scoring import ITEM_POINTS, NEAR

_A = const(5)  # intents.A
_START = const(7)  # intents.START

LABELS = (
    "Cards",
    "Spades",
    "Big 10\x83",
    "Little 2\x80",
    "Ace \x80",
    "Ace \x81",
    "Ace \x82",
    "Ace \x83",
    "Sweeps",
    "Round",
    "Score",
)
# what a side on 18, 19, 20 needed to reach 21 (engine.scoring NEAR's order)
NEEDS = ("most cards", "Big 10\x83", "Little 2\x80")
# the rows: the scoring items (engine.scoring's order; the first two also
# counted), then the sweeps, the round's points and the score
_COUNTED = const(2)
_ITEMS = const(8)
_SWEEPS = const(8)
_ROUND = const(9)
TOP = 14
_LABEL = const(10)  # characters of a row's label, then 7 a side
_COLUMN = const(7)


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.BAR)
        bg = gfx.palette(gfx.BAR, gfx.WHITE)
        yellow = gfx.palette(gfx.BAR, gfx.YELLOW)
        self.title = gfx.line(g, 6, 26, 2, 1, yellow, "Round scores")
        self.note = gfx.line(g, 5, 32, 0, 3, yellow)  # the near-21 hold, or the coach's tally
        self.note.grid.hidden = True  # (over the title, shown in its place)
        self.heads = []  # each side's name, in its first seat's colour
        for side in range(3):
            self.heads.append(
                gfx.line(
                    g,
                    5,
                    _COLUMN,
                    2 + (_LABEL + side * _COLUMN) * 5,
                    TOP,
                    gfx.palette(gfx.BAR, gfx.SEAT[side]),
                )
            )
        self.rows = []
        for i in range(len(LABELS)):
            self.rows.append(gfx.line(g, 5, 31, 2, TOP + 9 + i * 9, bg))
        self.foot = gfx.line(g, 5, 32, 0, 121, yellow)

    def enter(self):
        r = self.app.result
        sides = r.sides
        for side in range(3):  # right-aligned over its column
            self.heads[side].set("%7s" % side_name(r, side)[:_COLUMN] if side < sides else "")
        for i in range(len(LABELS)):
            line = "%-10s" % LABELS[i]
            for side in range(sides):
                if i < _ITEMS:  # an item: its points to the side that got it
                    v = ("+%d" % ITEM_POINTS[i]) if r.items[i] == side else "-"
                    if i < _COUNTED:  # the cards or spades counted too
                        v = "%d %s" % ((r.cards, r.spades)[i][side], v)
                elif i == _SWEEPS:
                    v = "%d %s" % (r.swept[side], ("+%d" % r.net[side]) if r.net[side] else "-")
                elif i == _ROUND:
                    v = "+%d" % r.points[side]
                else:
                    v = str(r.scores[side])
                line += "%7s" % v[:_COLUMN]
            self.rows[i].set(line)
        foot = "A: see the winner" if r.winner >= 0 else "A: next round"
        lines = notes(r)
        if lines:
            self.title.set("")
            self.note.grid.hidden = False
            self.note.set(lines[0], center=True)
            if len(lines) > 1:  # both: the tally on the foot
                foot = lines[1][7:].replace(" points", "") + "   A: next"
        self.foot.set(foot, center=True)

    def update(self, intent, now):
        if intent == _A or intent == _START:
            self.app.show("over" if self.app.result.winner >= 0 else "play")


def held(r):
    # The near-21 rule's hold: for each side it stopped at 20 (its points took it past) the
    # item its score needed (engine.scoring NEAR's index), else -1. (Worked out here, where
    # the summary shows, not kept in a game's heap.)
    out = [-1] * r.sides
    start = r.start
    if max(start) < 21:  # (a tie-break round has no near-21 rules)
        for side in range(r.sides):
            k = start[side] - 18
            if 0 <= k <= 2 and r.scores[side] == 20 and start[side] + r.points[side] > 20:
                if r.items[NEAR[k]] != side:
                    out[side] = k
    return out


def notes(r):
    # The summary's teaching lines: "P1 held at 20: needed most cards" for each side the
    # near-21 rule held, then "coach: 2 moves cost 1.5 points"
    out = []
    hold = held(r)
    for side in range(r.sides):
        k = hold[side]
        if k >= 0:
            name = side_name(r, side)
            t = "%s held at 20: needed %s" % (name, NEEDS[k])
            out.append(t if len(t) <= 32 else "%s at 20: needed %s" % (name, NEEDS[k]))
    t = r.tally
    if t is not None:
        if t[0]:
            x = (t[1] + 5) // 10
            s = "s" if t[0] > 1 else ""
            out.append("coach: %d move%s cost %d.%d points" % (t[0], s, x // 10, x % 10))
        else:
            out.append("coach: no costly move this round")
    return out[:2]
