# Sprite sheets (4-bit BMPs in sprites/) loaded once into small in-RAM bitmaps,
# the shared palettes, and Text: one TileGrid of glyph tiles, no allocation on set.
import displayio
import bitmaptools
from micropython import const
from struct import pack_into

# The game's files: sprites/ and VERSION in ROOT, the rules and controls pages in PAGES.
# On the drive both are the game's folder, the one this module is in; the desktop's
# platform (tools/sim/platform_host.py) sets the repository's root and its lib/.
ROOT = PAGES = __file__[: __file__.rfind("/") + 1]
_sheets = {}


def sheet(name, colors):
    b = _sheets.get(name)
    if b is None:
        with open(ROOT + "sprites/" + name + ".bmp", "rb") as f:
            h = f.read(26)
            off = h[10] | h[11] << 8
            w = h[18] | h[19] << 8
            ht = h[22] | h[23] << 8
            b = displayio.Bitmap(w, ht, colors)
            f.seek(off)
            bitmaptools.readinto(b, f, 4, 1, True, False, True)
        _sheets[name] = b
    return b


def palette(*colors):
    # colors: 0xRRGGBB or None for transparent
    p = displayio.Palette(len(colors))
    for i in range(len(colors)):
        c = colors[i]
        p[i] = c or 0
        if c is None:
            p.make_transparent(i)
    return p


FELT = 0x0E5A2C
BAR = 0x0A2E18
WHITE = 0xFFFFFF
BLACK = 0x000000
YELLOW = 0xFFE030
SEAT = (0x3C8CFF, 0xF04848, 0xC070F0, 0xF0A028)  # P1..P4
TINT = (0xC8DCFF, 0xFFD0D0, 0xECD4FF, 0xFFE4B0)
RED_INK = 0xD01818

# how a card is painted (its mode)
NORMAL = const(0)
LIT = const(1)  # highlighted: the cursor's card, the items a move takes
GREY = const(2)  # a hand card with no legal move
PLAYED = const(3)  # the card being played, shown on the table

# card palettes: 0 transparent, 1 border, 2 paper, 3 ink; by mode (NORMAL,
# LIT, GREY, PLAYED), black ink then red
CARD = (
    palette(None, 0x505050, WHITE, BLACK),
    palette(None, 0x505050, WHITE, RED_INK),
    palette(None, 0xFF5000, YELLOW, BLACK),
    palette(None, 0xFF5000, YELLOW, RED_INK),
    palette(None, 0x404040, 0x9A9A9A, 0x404040),
    palette(None, 0x404040, 0x9A9A9A, 0x802020),
    palette(None, 0x00A0FF, 0xA8F0FF, BLACK),
    palette(None, 0x00A0FF, 0xA8F0FF, RED_INK),
)
P_BLACK = CARD[0]
P_BACK = palette(None, 0x202020, 0x2050C0, 0x90B0FF)
# a build: a dark pile in its owner's colour, white figures (a pale one, P4's
# orange above all, read as the yellow of a highlighted item)
P_BUILD = []
for _i in range(4):
    P_BUILD.append(palette(None, SEAT[_i], SEAT[_i] >> 1 & 0x7F7F7F, WHITE))
P_BUILD_HL = CARD[2]  # a build highlighted: as a black card


def card_palette(card, mode):
    # a card's palette in a mode (NORMAL, LIT, GREY, PLAYED); hearts and diamonds red
    return CARD[mode * 2 + (card & 3 >= 2)]


def grid(bitmap, pal, width, height, tile_width, tile_height, default_tile=0, x=0, y=0):
    # A TileGrid of width x height tiles, each tile_width x tile_height of
    # bitmap (its keywords spelled here once, not at every grid made)
    return displayio.TileGrid(
        bitmap,
        pixel_shader=pal,
        width=width,
        height=height,
        tile_width=tile_width,
        tile_height=tile_height,
        default_tile=default_tile,
        x=x,
        y=y,
    )


FONTS = {5: ("font5", 5, 7), 6: ("font6", 6, 10)}
# a font sheet's tiles: characters 32..131, tile 0 the space (sprites/: ASCII,
# then the card back and the suits' glyphs)
_SPACE = const(32)
_TILES = const(100)
_QUESTION = const(31)  # "?": shown for a character the sheet lacks
CARD_BACK = "\x7f"  # the card back's glyph (character 127)
SUITS = const(128)  # the suits' glyphs: characters 128..131, S C H D


class Text:
    # A fixed-width line of glyph tiles; set() rewrites only changed tiles.
    def __init__(self, size, width, x, y, pal):
        name, tw, th = FONTS[size]
        self.width = width
        self.grid = displayio.TileGrid(
            sheet(name, 2),
            pixel_shader=pal,
            width=width,
            height=1,
            tile_width=tw,
            tile_height=th,
            default_tile=0,
            x=x,
            y=y,
        )
        self.text = ""

    def set(self, s, center=False):
        if s == self.text:
            return
        # a blank line (every tile a space) had no text: only the characters' tiles change
        old = self.text
        self.text = s
        w = self.width
        n = len(s)
        pad = (w - n) // 2 if center and n < w else 0
        g = self.grid
        b = _utf8(s)
        k = 0  # b's byte of character j
        for i in range(0 if old else pad, w if old else min(pad + n, w)):
            j = i - pad
            t = 0
            if 0 <= j < n:
                c = b[k]
                k += 1
                if c >= 0xE0:  # three or four bytes: no glyph of ours
                    k += 2 if c < 0xF0 else 3
                    c = 0
                elif c >= 0xC0:  # two bytes: the glyphs past 127
                    c = (c & 0x1F) << 6 | b[k] & 0x3F
                    k += 1
                t = c - _SPACE
                if t < 0 or t >= _TILES:
                    t = _QUESTION
            if t != (g[i] if old else 0):
                g[i] = t


# A line's characters read as UTF-8 bytes, copied into one buffer: indexing or iterating a
# str on the board makes each character a qstr, kept for good and looked up along every
# pool of them (py/objstrunicode.c, str_subscr: mp_obj_new_str_via_qstr), and encode()
# would allocate a copy on every change. struct.pack_into copies a str's bytes into the
# buffer (its "s" takes any buffer, shared-module/struct/__init__.c); CPython's takes bytes
# only, and the desktop encodes.
_BUF = bytearray(2 * 32)  # a line of 32 characters, each at most two bytes
_FMT = "64s"
try:
    pack_into(_FMT, _BUF, 0, "")
    _ENCODE = False
except Exception:  # CPython: struct.error
    _ENCODE = True


def _utf8(s):
    if _ENCODE:
        return s.encode()
    pack_into(_FMT, _BUF, 0, s)
    return _BUF


def line(group, size, width, x, y, pal, s=None):
    # A Text added to group (over what is there), showing s centred if given.
    t = Text(size, width, x, y, pal)
    group.append(t.grid)
    if s:
        t.set(s, True)
    return t


def drop(group):
    # Empty a group that is let go, and every group in it: a stale pointer
    # the GC finds on the stack (it scans it conservatively) then keeps one
    # object alive, not a whole screen's drawing.
    while len(group):
        layer = group.pop()
        if isinstance(layer, displayio.Group):
            drop(layer)


def screen(color):
    # A screen's group over a solid fill of color: a 16x16 one-colour bitmap
    # (32 bytes of pixels) tiled over the screen.
    g = displayio.Group()
    g.append(grid(displayio.Bitmap(16, 16, 1), palette(color), 10, 8, 16, 16))
    return g
