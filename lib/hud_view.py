# Everything around the table: the other seats along the top (name, dealer,
# side score, cards in hand as backs, sweeps), the viewer's box beside the hand
# (score, sweeps, dealer, cards left in the deck, LAST) and the status line.
import displayio
import bitmaptools
import gfx


class Hud:
    def __init__(self, group):
        # under everything in group: 80x64 at scale 2, the felt, the top bar,
        # the status bar, the viewer's box
        bmp = displayio.Bitmap(80, 64, 4)                  # colour 0: the felt
        bitmaptools.fill_region(bmp, 0, 0, 80, 9, 1)       # 1: the bars
        bitmaptools.fill_region(bmp, 0, 44, 80, 49, 2)     # 2: the status bar
        bitmaptools.fill_region(bmp, 61, 49, 80, 64, 1)
        bg = displayio.Group(scale=2)
        bg.append(gfx.grid(bmp, gfx.palette(gfx.FELT, gfx.BAR, gfx.BLACK, gfx.BLACK),
                           1, 1, 80, 64))
        group.insert(0, bg)
        self.group = group
        self.panels = []
        self.white = gfx.palette(gfx.BAR, gfx.WHITE)
        self.mine = []
        for r in range(4):
            self.mine.append(gfx.line(group, 5, 7, 123, 100 + r * 7,
                                      gfx.palette(gfx.BAR, gfx.SEAT[0] if r == 0 else gfx.WHITE)))
        self.status = gfx.line(group, 6, 26, 2, 88, gfx.palette(gfx.BLACK, gfx.WHITE))
        self.n = 0
        self.viewer = -1

    def show(self, s, viewer, names):
        n = s.n
        if n != self.n or viewer != self.viewer:
            self.n = n
            self.viewer = viewer
            w = 160 // (n - 1)
            for a, b in self.panels:          # only when the seating changes
                self.group.remove(a.grid)
                self.group.remove(b.grid)
            self.panels = []
            for i in range(n - 1):
                seat = (viewer + 1 + i) % n
                a = gfx.line(self.group, 5, w // 5 - 1, i * w + 2, 1,
                             gfx.palette(gfx.BAR, gfx.SEAT[seat]))
                a.turn = False
                b = gfx.line(self.group, 5, w // 5 - 1, i * w + 2, 9, self.white)
                self.panels.append((a, b))
            self.mine[0].grid.pixel_shader[1] = gfx.SEAT[viewer]
        for i in range(n - 1):
            seat = (viewer + 1 + i) % n
            a, b = self.panels[i]
            turn = s.turn == seat
            if turn != a.turn:             # the seat to play: its name bar lit
                a.turn = turn
                p = a.grid.pixel_shader
                p[0] = gfx.SEAT[seat] if turn else gfx.BAR
                p[1] = gfx.BLACK if turn else gfx.SEAT[seat]
            score = s.scores[seat % s.sides]
            if n == 4 and seat % 2 == viewer % 2:      # the partner: the same score
                a.set(names[seat] + " ally")
            else:
                a.set("%s %d%s" % (names[seat], score, "pt" if a.width > 9 else ""))
            sw = s.sweeps[seat]
            b.set(gfx.CARD_BACK * len(s.hands[seat]) + (" D" if s.dealer == seat else "") +
                  ((" sw%d" % sw) if sw else ""))
        m = self.mine
        # the name (2 or 3 characters) and the score right-aligned in 7
        m[0].set("%-3s%4d" % (names[viewer], s.scores[viewer % s.sides]))
        sw = s.sweeps[viewer]
        m[1].set(("sw %d" % sw if sw else "") + (" D" if s.dealer == viewer else ""))
        m[2].set("deck" + ("%3d" % len(s.deck)))
        m[3].set("LAST" if not s.deck else "")

    def say(self, text):
        self.status.set(text)
