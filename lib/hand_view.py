# The viewer's hand: up to four 28x28 cards, each a base grid (palette shows
# normal / highlighted / dimmed) under a glyph grid (rank top-left, suit bottom-right).
from micropython import const
import gfx

_NORMAL = const(0)  # gfx.NORMAL
_GREY = const(2)  # gfx.GREY

Y = 99
PITCH = 30
X0 = 2
# hand.bmp's 14x14 tiles: 0..3 the card's base, a quarter each, then
_BLANK = const(4)
_RANK = const(5)  # 5..17 the ranks A..K (top-left)
_SUIT = const(18)  # 18..21 the suits S C H D (bottom-right)
_NONE = const(-1)  # what a slot shows (self.cards): no card,
_BACK = const(-2)  # a card face down, else the card (0..51)


class Hand:
    def __init__(self, group):
        sheet = gfx.sheet("hand", 4)
        self.bases = []
        self.glyphs = []
        for i in range(4):
            x = X0 + i * PITCH
            # 2x2 tiles of 14x14: the card's base, then its glyphs
            b = gfx.grid(sheet, gfx.P_BLACK, 2, 2, 14, 14, 0, x, Y)
            for k in range(4):
                b[k] = k
            g = gfx.grid(sheet, gfx.P_BLACK, 2, 2, 14, 14, _BLANK, x, Y)
            b.hidden = True
            g.hidden = True
            group.append(b)
            group.append(g)
            self.bases.append(b)
            self.glyphs.append(g)
        self.cards = [_NONE] * 4
        self.modes = [-1] * 4  # the mode painted, -1: none yet

    def show(self, cards, modes):
        # cards: the hand; modes: per card NORMAL, LIT or GREY (gfx)
        for i in range(4):
            c = cards[i] if i < len(cards) else _NONE
            m = modes[i] if c >= 0 else -1
            b = self.bases[i]
            g = self.glyphs[i]
            if c != self.cards[i]:
                self.cards[i] = c
                self.modes[i] = -1  # (always -1 with no card)
                b.hidden = g.hidden = c < 0
                if c >= 0:
                    g[0] = _RANK + (c >> 2)
                    g[3] = _SUIT + (c & 3)
                    g.pixel_shader = gfx.card_palette(c, _NORMAL)
            if m != self.modes[i]:  # (m is -1 with no card)
                self.modes[i] = m
                b.pixel_shader = gfx.card_palette(c, m)
                ink = gfx.card_palette(c, _GREY if m == _GREY else _NORMAL)
                if g.pixel_shader is not ink:  # a palette swap repaints the card
                    g.pixel_shader = ink

    def backs(self, n):
        # n cards face down: a hand hidden between two people's turns
        for i in range(4):
            b = self.bases[i]
            self.cards[i] = _BACK if i < n else _NONE
            self.modes[i] = -1
            self.glyphs[i].hidden = True
            b.hidden = i >= n
            if i < n and b.pixel_shader is not gfx.P_BACK:
                b.pixel_shader = gfx.P_BACK
