# Statistics kept in the save (engine/profile.py record_game): games against the
# computers played and won, by the hardest computer at the table and by player count;
# games of people against people (a person on every side: played only); best winning
# margin, sweeps, rounds.
from micropython import const
import gfx

_A = const(5)  # intents.A
_B = const(6)  # intents.B
_START = const(7)  # intents.START
_STAT_PLAYED = const(0)  # engine.profile.PLAYED
_STAT_WON = const(4)  # engine.profile.WON
_STAT_BY_N = const(8)  # engine.profile.BY_N
_STAT_WON_N = const(11)  # engine.profile.WON_N
_STAT_MARGIN = const(14)  # engine.profile.MARGIN
_STAT_SWEEPS = const(15)  # engine.profile.SWEEPS
_STAT_ROUNDS = const(16)  # engine.profile.ROUNDS


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.BAR)
        yellow = gfx.palette(gfx.BAR, gfx.YELLOW)
        gfx.line(g, 6, 10, 50, 2, yellow, "STATISTICS")
        head = gfx.palette(gfx.BAR, gfx.TINT[0])
        white = gfx.palette(gfx.BAR, gfx.WHITE)
        self.lines = []
        for i in range(11):  # the levels, the player counts, people vs people, the rest
            y = 14 + i * 9 + (i > 3) * 3 + ((i > 6) + (i > 7)) * 2  # the tables apart
            self.lines.append(gfx.line(g, 5, 31, 2, y, head if i == 0 else white))
        gfx.line(g, 5, 32, 0, 120, yellow, "B: back")

    def enter(self):
        self.back = self.app.prev or "title"
        st = self.app.save.stats
        out = ["vs computers  played  won    %"]
        # the games by the hardest computer at the table, then the same games by players
        for k, label in ((1, "hardest easy"), (2, "hardest medium"), (3, "hardest hard")):
            out.append(row(label, st[_STAT_PLAYED + k], st[_STAT_WON + k]))
        for n in (2, 3, 4):
            out.append(row("%d players" % n, st[_STAT_BY_N + n - 2], st[_STAT_WON_N + n - 2]))
        # a person on every side: a person wins whoever does, so played only
        out.append("people vs people%4d    -    -" % st[_STAT_PLAYED])
        for label, k in (
            ("best winning margin", _STAT_MARGIN),
            ("sweeps made", _STAT_SWEEPS),
            ("rounds played", _STAT_ROUNDS),
        ):
            # the figure ends in column 30; no win yet: no margin, "-"
            v = st[k] if st[k] or k != _STAT_MARGIN else "-"
            out.append("%-19s%11s" % (label, v))
        for i in range(11):
            self.lines[i].set(out[i])

    def update(self, intent, now):
        if intent == _A or intent == _B or intent == _START:
            self.app.show(self.back)


def row(label, played, won):
    # the label in 14, then right-aligned: played in 6, won and the percentage in 5
    return "%-14s%6d%5d%5s" % (label, played, won, won * 100 // played if played else "-")
