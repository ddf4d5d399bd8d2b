# The viewer's hand: up to four 28x28 cards, each a base grid (palette shows
# normal / highlighted / dimmed) under a glyph grid (rank top-left, suit bottom-right).
import gfx

Y = 99
PITCH = 30
X0 = 2


class Hand:
    def __init__(self, group):
        sheet = gfx.sheet("hand", 4)
        self.bases = []
        self.glyphs = []
        for i in range(4):
            x = X0 + i * PITCH
            # 2x2 tiles of 14x14: the card's base, then its glyphs (tile 4: blank)
            b = gfx.grid(sheet, gfx.P_BLACK, 2, 2, 14, 14, 0, x, Y)
            for k in range(4):
                b[k] = k
            g = gfx.grid(sheet, gfx.P_BLACK, 2, 2, 14, 14, 4, x, Y)
            b.hidden = True
            g.hidden = True
            group.append(b)
            group.append(g)
            self.bases.append(b)
            self.glyphs.append(g)
        self.cards = [-1] * 4
        self.modes = [-1] * 4

    def show(self, cards, modes):
        # cards: the hand; modes: per card 0 normal, 1 highlighted, 2 dimmed
        for i in range(4):
            c = cards[i] if i < len(cards) else -1
            m = modes[i] if c >= 0 else -1
            b = self.bases[i]
            g = self.glyphs[i]
            if c != self.cards[i]:
                self.cards[i] = c
                self.modes[i] = -1          # (always -1 with no card)
                b.hidden = g.hidden = c < 0
                if c >= 0:
                    g[0] = 5 + (c >> 2)
                    g[3] = 18 + (c & 3)
                    g.pixel_shader = gfx.card_palette(c, 0)
            if m != self.modes[i]:          # (m is -1 with no card)
                self.modes[i] = m
                b.pixel_shader = gfx.card_palette(c, m)
                ink = gfx.card_palette(c, 2 if m == 2 else 0)
                if g.pixel_shader is not ink:      # a palette swap repaints the card
                    g.pixel_shader = ink

    def backs(self, n):
        # n cards face down: a hand hidden between two people's turns
        for i in range(4):
            b = self.bases[i]
            self.cards[i] = -2 if i < n else -1
            self.modes[i] = -1
            self.glyphs[i].hidden = True
            b.hidden = i >= n
            if i < n and b.pixel_shader is not gfx.P_BACK:
                b.pixel_shader = gfx.P_BACK
