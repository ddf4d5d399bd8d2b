# Statistics kept in the save: games played and won by the hardest computer
# level at the table and by player count, best winning margin, sweeps, rounds.
import gfx
from intents import A, B, START
from engine.profile import PLAYED, WON, BY_N, WON_N, MARGIN, SWEEPS, ROUNDS


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.BAR)
        yellow = gfx.palette(gfx.BAR, gfx.YELLOW)
        gfx.line(g, 6, 10, 50, 2, yellow, "STATISTICS")
        head = gfx.palette(gfx.BAR, gfx.TINT[0])
        white = gfx.palette(gfx.BAR, gfx.WHITE)
        self.lines = []
        for i in range(11):
            self.lines.append(
                gfx.line(
                    g, 5, 31, 2, 14 + i * 9 + (i > 4) * 3 + (i > 7) * 3, head if i == 0 else white
                )
            )
        gfx.line(g, 5, 32, 0, 120, yellow, "B: back")

    def enter(self):
        self.back = self.app.prev or "title"
        st = self.app.save.stats
        out = ["games         played  won    %"]
        for k, label in ((1, "vs easy"), (2, "vs medium"), (3, "vs hard"), (0, "people only")):
            out.append(row(label, st[PLAYED + k], st[WON + k]))
        for n in (2, 3, 4):
            out.append(row("%d players" % n, st[BY_N + n - 2], st[WON_N + n - 2]))
        for label, k in (
            ("best winning margin", MARGIN),
            ("sweeps made", SWEEPS),
            ("rounds played", ROUNDS),
        ):
            out.append("%-19s%11d" % (label, st[k]))  # the figure ends in column 30
        for i in range(11):
            self.lines[i].set(out[i])

    def update(self, intent, now):
        if intent == A or intent == B or intent == START:
            self.app.show(self.back)


def row(label, played, won):
    # the label in 14, then right-aligned: played in 6, won and the percentage in 5
    return "%-14s%6d%5d%5s" % (label, played, won, won * 100 // played if played else "-")
