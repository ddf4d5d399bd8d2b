# Everything around the table: the other seats along the top ("P2 6": the name
# and its side's score, "P3 partner" with 4 players, lit for the seat to play;
# under it a card back for each card in hand, "D" for the dealer, "sw1" for its
# sweeps this round), the viewer's box beside the hand ("P1 9", "D sw1",
# "deck 16" or "LAST" for the last hand) and the status line. The controls'
# pages (lib/controls.txt) explain each label.
import displayio
import gfx


class Hud:
    def __init__(self, group):
        # under everything in group: the felt, the top bar, the status bar, the
        # viewer's box, each a grid of one-colour tiles (small bitmaps: the heap
        # needs no large free block when the table is built again)
        i = 0
        for w, h, cols, rows, x, y, c in (
            (16, 16, 10, 8, 0, 0, gfx.FELT),
            (32, 18, 5, 1, 0, 0, gfx.BAR),
            (32, 10, 5, 1, 0, 88, gfx.BLACK),
            (19, 15, 2, 2, 122, 98, gfx.BAR),
        ):
            group.insert(
                i, gfx.grid(displayio.Bitmap(w, h, 1), gfx.palette(c), cols, rows, w, h, 0, x, y)
            )
            i += 1
        self.group = group
        self.panels = []
        self.white = gfx.palette(gfx.BAR, gfx.WHITE)
        self.mine = []  # the viewer's box: 3 lines of 7, 2 pixels apart
        for r in range(3):
            self.mine.append(
                gfx.line(
                    group,
                    5,
                    7,
                    123,
                    100 + r * 9,
                    gfx.palette(gfx.BAR, gfx.SEAT[0] if r == 0 else gfx.WHITE),
                )
            )
        self.status = gfx.line(group, 6, 26, 2, 88, gfx.palette(gfx.BLACK, gfx.WHITE))
        self.n = 0
        self.viewer = -1
        self.last = False
        self.box = None  # the recap, while it shows
        self.over = None  # a said text's first line over the status line (its grid), while shown

    def show(self, s, viewer, names):
        n = s.n
        if n != self.n or viewer != self.viewer:
            self.n = n
            self.viewer = viewer
            w = 160 // (n - 1)  # a panel's pixels; its text one character
            chars = w // 5 - 1  # fewer (9 with 4 players: "P2 thinks")
            for a, b in self.panels:  # only when the seating changes
                self.group.remove(a.grid)
                self.group.remove(b.grid)
            self.panels = []
            for i in range(n - 1):
                seat = (viewer + 1 + i) % n
                # with 4 players the partner's panel, in the middle, one wider
                # ("P3 partner") and room each side of it
                x = (2, 55, 113)[i] if n == 4 else i * w + 2
                k = chars + (n == 4 and i == 1)
                a = gfx.line(self.group, 5, k, x, 1, gfx.palette(gfx.BAR, gfx.SEAT[seat]))
                a.turn = False
                b = gfx.line(self.group, 5, k, x, 9, self.white)
                self.panels.append((a, b))
            self.mine[0].grid.pixel_shader[1] = gfx.SEAT[viewer]
        for i in range(n - 1):
            seat = (viewer + 1 + i) % n
            a, b = self.panels[i]
            turn = s.turn == seat
            if turn != a.turn:  # the seat to play: its name bar lit
                a.turn = turn
                p = a.grid.pixel_shader
                p[0] = gfx.SEAT[seat] if turn else gfx.BAR
                p[1] = gfx.BLACK if turn else gfx.SEAT[seat]
            if n == 4 and seat % 2 == viewer % 2:  # the partner: the viewer's score
                a.set(names[seat] + " partner")
            else:
                a.set("%s %d" % (names[seat], s.scores[seat % s.sides]))
            t = gfx.CARD_BACK * len(s.hands[seat]) + " " + marks(s, seat)
            b.set(t if len(t) <= b.width else t.replace(" sw", "sw"))  # "▮▮▮▮ Dsw2"
        m = self.mine
        # the name (2 or 3 characters) and the score right-aligned in 7
        m[0].set("%-3s%4d" % (names[viewer], s.scores[viewer % s.sides]))
        m[1].set(marks(s, viewer))
        last = not s.deck  # the last hand: "LAST" in yellow
        if last != self.last:
            self.last = last
            m[2].grid.pixel_shader[1] = gfx.YELLOW if last else gfx.WHITE
        m[2].set("LAST" if last else "deck%3d" % len(s.deck))

    def say(self, text):
        # The status line. A text of two lines ("a\nb", a grey card's reason) shows
        # its first on a band just above, over the table's foot, until the next say.
        if self.over is not None:
            self.group.remove(self.over)
            self.over = None
        i = text.find("\n")
        if i >= 0:
            # 28 glyphs from x -4 span the screen: their ground (the status line's black) is
            # the band; a space first puts the words at x 2, over the status line's
            t = gfx.line(self.group, 6, 28, -4, 78, self.status.grid.pixel_shader)
            t.set(" " + text[:i])
            self.over = t.grid
            text = text[i + 1 :]
        self.status.set(text)

    def recap(self, lines):
        # The moves since the viewer's last turn over the table's foot, on the
        # status line (a second row of cards keeps its ranks in sight); made
        # when shown, let go when hidden (no lines).
        g = self.box
        if g is not None:
            self.box = None
            self.group.remove(g)
            gfx.drop(g)
        if lines:
            self.box = box(self.group, lines, 88 - 8 * len(lines))

    def think(self, seat, name):
        # the seat's name bar says it is thinking, until the next show() (the viewer's
        # own seat has none)
        if seat != self.viewer:
            self.panels[(seat - self.viewer - 1) % self.n][0].set(name + " thinks")


def box(group, lines, y):
    # The recap's lines ("P4 ..."), each in its mover's colour, on a black band
    # from y, 8 pixels a line, added to group (the table's, the pass screen's);
    # a line not a move's (the hint's reason, the coach's, a tip) in yellow
    k = len(lines)
    g = displayio.Group(y=y)
    g.append(gfx.grid(displayio.Bitmap(16, 8, 1), gfx.palette(gfx.BLACK), 10, k, 16, 8))
    for i in range(k):
        t = lines[i]
        c = ord(t[1]) - 49 if t[0] == "P" else -1
        ink = gfx.SEAT[c] if 0 <= c < 4 else gfx.YELLOW
        gfx.line(g, 5, 31, 2, 8 * i + 1, gfx.palette(gfx.BLACK, ink)).set(t)
    group.append(g)
    return g


def marks(s, seat):
    # "D" for the dealer and "sw2" for two sweeps this round: "D sw2", "D", "sw2" or ""
    out = "D" if s.dealer == seat else ""
    if s.sweeps[seat]:
        out += (" " if out else "") + "sw%d" % s.sweeps[seat]
    return out
