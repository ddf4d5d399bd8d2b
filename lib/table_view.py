# The table's middle: builds then loose cards as 18x22 cards, in up to three
# rows of eight (centred, a shorter last row too); past 24 items the columns overlap
# so every corner stays legible.
# A build's top tile shows its value; its owner ("P2") is two 5x7 glyphs over it,
# white on the build's dark paper, black when it is lit.
from micropython import const
import gfx

_NORMAL = const(0)  # gfx.NORMAL
_LIT = const(1)  # gfx.LIT
_PLAYED = const(3)  # gfx.PLAYED
_B_OWNER = const(1)  # a build's owner (engine.state)

ROW = 23
W = 18
# An item is two 18x11 tiles of the cards sheet, top over bottom: a card is
# its rank's top (0..12) over its suit's bottom (_SUIT_LOW + suit); a build of
# value v is tile _BUILD_TOP + v over _BUILD_LOW.
_SUIT_LOW = const(13)
_BUILD_TOP = const(15)  # (value 2 is tile 17)
_BUILD_LOW = const(30)
_EMPTY = const(-99)  # self.items: a slot that shows nothing
# the owner's label: two 5x7 glyphs of font5, "P" then the seat's digit
_GLYPH_P = const(48)  # "P" (font tiles start at the space, 32)
_GLYPH_1 = const(17)  # "1"; seat k is _GLYPH_1 + k


class Table:
    def __init__(self, group):
        self.sheet = gfx.sheet("cards", 4)
        self.group = group
        self.pool = []
        self.shown = 0
        self.items = []  # per slot: card (0..51), or -1 - (build index | owner << 5)
        self.modes = []
        self.labels = []  # per slot: the owner's glyphs (made when it first shows a build)
        self.most = 3  # rows at most: 2 under the memory line (overlay.py)
        self.ink = (gfx.palette(None, gfx.WHITE), gfx.palette(None, gfx.BLACK))  # by LIT

    def _label(self, i, owner, x, y):
        # The owner of the build in slot i over its tile (-1: none), made on first use.
        lab = self.labels[i]
        if lab is None:
            if owner < 0:
                return
            lab = gfx.grid(
                gfx.sheet("font5", 2), self.ink[self.modes[i] == _LIT], 2, 1, 5, 7, _GLYPH_P
            )
            self.group.insert(self.group.index(self.pool[i]) + 1, lab)
            self.labels[i] = lab
        if owner >= 0 and (lab[1] != _GLYPH_1 + owner or lab.x != x + 2 or lab.y != y + 14):
            lab[1] = _GLYPH_1 + owner
            lab.x = x + 2
            lab.y = y + 14
        if lab.hidden != (owner < 0):
            lab.hidden = owner < 0

    def show(self, state, played=-1):
        # Lay out the table; played: a card shown after the items (a move being made).
        items = self.items
        n_b = len(state.builds)
        n = n_b + len(state.loose) + (played >= 0)
        most = self.most
        rows = 1 + (n > 8) + (n > 16 and most > 2)  # of up to eight items (or overlapping)
        cols = (n + rows - 1) // rows
        if cols <= 8:
            pitch = W + 2
            x0 = (160 - cols * pitch + 2) // 2
        else:
            pitch = (158 - W) // (cols - 1)
            x0 = 1
        # three rows from y 19, fewer centred there; two from y 28 under the memory line
        y0 = 19 + (3 - most) * 9 + (most - rows) * ROW // 2
        for i in range(n):
            if i == len(self.pool):  # one more slot than ever before
                t = gfx.grid(self.sheet, gfx.P_BLACK, 1, 2, W, 11)  # top over bottom
                t.hidden = True
                self.group.append(t)
                self.pool.append(t)
                items.append(_EMPTY)
                self.modes.append(0)
                self.labels.append(None)
            t = self.pool[i]
            if i < n_b:
                value, owner, _ = state.builds[i]
                top = _BUILD_TOP + value
                low = _BUILD_LOW
                key = -1 - (i | owner << 5)  # a new owner (a raise) repaints
            else:
                key = state.loose[i - n_b] if i - n_b < len(state.loose) else played
                top = key >> 2
                low = _SUIT_LOW + (key & 3)
            # a last row shorter than the others centred under them
            k = i // cols
            x = x0 + (i % cols) * pitch + (cols - min(cols, n - k * cols)) * pitch // 2
            y = y0 + k * ROW
            if t.x != x or t.y != y:
                t.x = x
                t.y = y
            if t[0] != top:
                t[0] = top
            if t[1] != low:
                t[1] = low
            if items[i] != key:
                items[i] = key
                self.modes[i] = -1
            self._paint(i, _PLAYED if i == n - 1 and played >= 0 else _NORMAL)
            t.hidden = False
            self._label(i, state.builds[i][_B_OWNER] if i < n_b else -1, x, y)
        for i in range(n, self.shown):
            self.pool[i].hidden = True
            self._label(i, -1, 0, 0)
            items[i] = _EMPTY
        self.shown = n
        self.n_b = n_b

    def _paint(self, i, mode):
        if self.modes[i] == mode:
            return
        self.modes[i] = mode
        key = self.items[i]
        if key >= 0:
            pal = gfx.card_palette(key, mode)
        else:
            pal = gfx.P_BUILD_HL if mode == _LIT else gfx.P_BUILD[-1 - key >> 5]
            lab = self.labels[i]
            if lab is not None:
                lab.pixel_shader = self.ink[mode == _LIT]
        self.pool[i].pixel_shader = pal

    def mark(self, loose_mask, build_mask):
        # Highlight the items a move takes or builds on; unmark the rest.
        n_b = self.n_b
        for i in range(self.shown):
            if self.modes[i] == _PLAYED:
                continue
            if i < n_b:
                on = build_mask >> i & 1
            else:
                on = loose_mask >> (i - n_b) & 1
            self._paint(i, _LIT if on else _NORMAL)
