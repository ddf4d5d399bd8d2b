# Why a hand card cannot be played, in words read off the table: the seat
# owns a build (no trail), a loose card of the same rank (no trail). Whether
# a card can be played is only ever legal_moves' answer; this only names the
# reason. Note: the words on a band over the table.
import displayio
import gfx
from words import card_name

NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")


def a(rank):
    # "a 5", "an 8", "an Ace"
    return ("an " if rank in (1, 8) else "a ") + NAMES[rank - 1]


def why(s, seat, card):
    r = (card >> 2) + 1
    own = [b[0] for b in s.builds if b[1] == seat]
    if own:
        return ("You own a build of %d:" % own[0], "you cannot trail.")
    for c in s.loose:
        if c >> 2 == card >> 2:
            return ("A loose %s is on the table:" % NAMES[r - 1], a(r) + " cannot trail.")
    return ("It cannot capture, build or", "trail here.")


class Note:
    def __init__(self, group):
        g = self.group = displayio.Group(y=46)
        g.append(displayio.TileGrid(displayio.Bitmap(16, 16, 1), width=10, height=2,
                                    pixel_shader=gfx.palette(gfx.BLACK), tile_width=16,
                                    tile_height=16))
        self.lines = []
        for i in range(3):
            self.lines.append(gfx.line(g, 5, 32, 0, 2 + i * 9 + (i > 0) * 2,
                                       gfx.palette(gfx.BLACK, gfx.YELLOW if i == 0 else gfx.WHITE)))
        g.hidden = True
        group.append(g)

    def show(self, s, seat, card):
        lines = why(s, seat, card)
        self.lines[0].set(card_name(card) + ": no legal move", center=True)
        self.lines[1].set(lines[0], center=True)
        self.lines[2].set(lines[1], center=True)
        self.group.hidden = False

    def hide(self):
        self.group.hidden = True
