"""Build the palette sprite sheets in sprites/ from fonts/*.bdf and the pixel art here.

Every sheet is a 4-bit indexed BMP (viewable anywhere, loadable with
displayio.OnDiskBitmap) whose width is a multiple of 8 pixels, so the game can
load it into a small in-RAM displayio.Bitmap with one bitmaptools.readinto call
(rows need no padding: readinto ignores it; a sheet that would need it is refused).
Pixel values are palette *indices*; the game picks the colours (normal, highlighted, red or
black ink) by swapping palettes.

  font5.bmp   5x7 tiles: ASCII 32..126, then 127 = card back, 128..131 = suits S C H D
  font6.bmp   6x10 tiles, same layout
  cards.bmp   18x11 tiles, two to an 18x22 table card (top over bottom): 0..12 the top
              halves of ranks A..K, 13..16 the bottom halves of suits S C H D, 17..29
              the top halves of builds of value 2..14 over 30, every build's bottom
              half (the owner's "P1".."P4" is drawn over it from font5 by the game).
              1 border, 2 paper, 3 ink, 0 transparent
  hand.bmp    14x14 tiles for the 28x28 hand cards: 0..3 card base quadrants,
              4 blank, 5..17 ranks A..K, 18..21 suits S C H D

Run: python3 -m tools.art.make_sprites [--out DIR]     (default DIR: sprites/)
The fonts are read with adafruit_bitmap_font (requirements-host.txt), which runs
over Blinka's displayio on the host.
"""

import argparse
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# colours only for people looking at the BMPs; the game uses its own palettes
VIEW = [(16, 96, 48), (60, 60, 60), (255, 255, 255), (0, 0, 0)] + [(255, 0, 255)] * 12

SMALL_SUITS = {  # 5 wide, for the text fonts and the table cards' corner
    0: ("..#..", ".###.", "#####", "#####", "..#..", ".###."),
    1: (".###.", ".###.", "#####", "#####", "..#..", ".###."),
    2: ("##.##", "#####", "#####", ".###.", "..#..", "....."),
    3: ("..#..", ".###.", "#####", ".###.", "..#..", "....."),
}
CLUB5 = (".###.", ".###.", "#####", "##.##", "..#..", ".###.")
# the 5x7 font's "+" drawn 3 wide, so that "+6" keeps the font's gap before the digit
# (the X11 glyph fills all 5 columns)
PLUS5 = (".....", ".....", "..#..", ".###.", "..#..", ".....", ".....")
# the 5x7 font's "g" and "m" redrawn to read as themselves (the X11 "g" is an "8" of three
# rows, its "m" an "n" with a notch): a "g" whose tail hooks left under its bowl, an "m" of
# two arches across all 5 columns
G5 = (".....", ".....", ".###.", "#..#.", ".###.", "...#.", ".##..")
M5 = (".....", ".....", "##.#.", "#.#.#", "#.#.#", "#.#.#", ".....")
HAND_SUITS = {  # 11x11, for the hand cards' bottom-right corner: a pixel clear of the border
    0: (
        ".....#.....",
        "....###....",
        "...#####...",
        "..#######..",
        ".#########.",
        "###########",
        "###########",
        "###########",
        ".###.#.###.",
        ".....#.....",
        "...#####...",
    ),
    1: (
        "....###....",
        "...#####...",
        "...#####...",
        ".##.###.##.",
        "###########",
        "###########",
        ".##..#..##.",
        ".....#.....",
        "....###....",
        "..#######..",
        "...........",
    ),
    2: (
        ".###...###.",
        "#####.#####",
        "###########",
        "###########",
        "###########",
        ".#########.",
        "..#######..",
        "...#####...",
        "....###....",
        ".....#.....",
        "...........",
    ),
    3: (
        ".....#.....",
        "....###....",
        "...#####...",
        "..#######..",
        ".#########.",
        "###########",
        ".#########.",
        "..#######..",
        "...#####...",
        "....###....",
        ".....#.....",
    ),
}


def load_font(path):
    # A BDF font through adafruit_bitmap_font (over Blinka's displayio on the host):
    # (bounding box, {code: glyph}) for printable ASCII.  A glyph has bitmap
    # (a displayio.Bitmap of 0/1), width, height, dx, dy and shift_x.
    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    from adafruit_bitmap_font import bitmap_font

    font = bitmap_font.load_font(path)
    font.load_glyphs(range(32, 127))
    glyphs = {code: font.get_glyph(code) for code in range(32, 127)}
    return font.get_bounding_box(), glyphs


class Sheet:
    def __init__(self, tw, th, cols, count):
        self.tw, self.th, self.cols = tw, th, cols
        self.rows = (count + cols - 1) // cols
        self.w, self.h = tw * cols, th * self.rows
        self.px = bytearray(self.w * self.h)

    def put(self, tile, x, y, v):
        if 0 <= x < self.tw and 0 <= y < self.th:
            tx = (tile % self.cols) * self.tw
            ty = (tile // self.cols) * self.th
            self.px[(ty + y) * self.w + tx + x] = v

    def get(self, tile, x, y):
        tx = (tile % self.cols) * self.tw
        ty = (tile // self.cols) * self.th
        return self.px[(ty + y) * self.w + tx + x]

    def text(self, tile, x, y, s, font, v=3, advance=None):
        bbox, glyphs = font
        ascent = bbox[1] + bbox[3]
        for ch in s:
            g = glyphs[ord(ch)]
            for r in range(g.height):
                for c in range(g.width):
                    if g.bitmap[c, r]:
                        self.put(tile, x + g.dx + c, y + ascent - g.dy - g.height + r, v)
            x += advance if advance else g.shift_x

    def art(self, tile, x, y, rows, v=3):
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                if ch == "#":
                    self.put(tile, x + c, y + r, v)

    def rect(self, tile, x0, y0, x1, y1, border, paper, cut=True):
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                edge = x in (x0, x1) or y in (y0, y1)
                corner = x in (x0, x1) and y in (y0, y1)
                if corner and cut:
                    continue
                self.put(tile, x, y, border if edge else paper)

    def save(self, name, out):
        # A BMP pads each row to whole 32-bit words; bitmaptools.readinto on the board reads
        # rows of width * 4 bits with no padding (shared-module/bitmaptools/__init__.c), so
        # only a sheet whose rows are whole words with no padding loads right.
        if self.w * 4 % 32:
            raise ValueError(
                "%s: a sheet %d pixels wide has 4-bit rows of %g bytes, not whole 32-bit words; "
                "bitmaptools.readinto on the board ignores the BMP's row padding, so every row "
                "after the first would load shifted: make the width (tile width x columns) a "
                "multiple of 8 pixels" % (name, self.w, self.w / 2)
            )
        path = os.path.join(out, name)
        row = self.w // 2
        data = bytearray()
        for y in range(self.h - 1, -1, -1):  # BMP rows run bottom-up
            base = y * self.w
            for x in range(0, self.w, 2):
                data.append(self.px[base + x] << 4 | self.px[base + x + 1])
        pal = b"".join(struct.pack("<BBBB", b, g, r, 0) for r, g, b in VIEW)
        off = 14 + 40 + len(pal)
        head = struct.pack("<2sIHHI", b"BM", off + len(data), 0, 0, off)
        info = struct.pack(
            "<IiiHHIIiiII", 40, self.w, self.h, 1, 4, 0, len(data), 2835, 2835, 16, 16
        )
        with open(path, "wb") as f:
            f.write(head + info + pal + bytes(data))
        print(
            "%s %dx%d, tiles %dx%d, %d bytes"
            % (path, self.w, self.h, self.tw, self.th, len(head + info + pal + data))
        )
        assert row * self.h == len(data)


def shape(kind, u, v):
    # Is point (u, v) in [-1, 1]^2 (v down) inside the suit's shape?
    def disc(cx, cy, r):
        return (u - cx) ** 2 + (v - cy) ** 2 <= r * r

    if kind == 3:  # diamond
        return abs(u) * 1.25 + abs(v) <= 1.0
    if kind == 2:  # heart
        return (
            disc(-0.47, -0.38, 0.52)
            or disc(0.47, -0.38, 0.52)
            or (-0.45 <= v <= 1 and abs(u) <= 0.98 * (1 - (v + 0.45) / 1.45))
        )
    if kind == 0:  # spade: heart upside down, plus a stem
        w = -v * 1.25 + 0.25
        body = (
            (u + 0.47) ** 2 + (w + 0.38) ** 2 <= 0.27
            or (u - 0.47) ** 2 + (w + 0.38) ** 2 <= 0.27
            or (-0.45 <= w <= 1 and abs(u) <= 0.98 * (1 - (w + 0.45) / 1.45))
        )
        stem = 0.3 <= v <= 1 and abs(u) <= 0.1 + 0.45 * (v - 0.3)
        return body or stem
    # club: three discs and a stem
    return (
        disc(0, -0.5, 0.42)
        or disc(-0.5, 0.1, 0.42)
        or disc(0.5, 0.1, 0.42)
        or (abs(u) <= 0.18 and -0.5 <= v <= 0.2)
        or (0.2 <= v <= 1 and abs(u) <= 0.08 + 0.5 * (v - 0.2))
    )


def suit_art(kind, n):
    rows = []
    for y in range(n):
        line = ""
        for x in range(n):
            hits = 0
            for sy in range(4):
                for sx in range(4):
                    u = (x + (sx + 0.5) / 4) / n * 2 - 1
                    v = (y + (sy + 0.5) / 4) / n * 2 - 1
                    hits += shape(kind, u, v)
            line += "#" if hits >= 8 else "."
        rows.append(line)
    return rows


def halves(face, sheet, top, bottom):
    # face's top 11 rows into tile top of sheet, its bottom 11 into tile bottom
    # (None: not wanted; a tile drawn twice must come out the same)
    for y in range(22):
        t = top if y < 11 else bottom
        if t is None:
            continue
        for x in range(18):
            v = face.get(0, x, y)
            if sheet.get(t, x, y % 11) not in (0, v):
                raise AssertionError("tile %d drawn two ways" % t)
            sheet.put(t, x, y % 11, v)


def font_sheet(font, name, cols, out, redrawn=None):
    # redrawn: {character: rows of art} drawn instead of the font's glyph
    bbox = font[0]
    sh = Sheet(bbox[0], bbox[1], cols, 100)
    for code in range(32, 127):
        if redrawn and chr(code) in redrawn:
            sh.art(code - 32, 0, 0, redrawn[chr(code)], v=1)
        else:
            sh.text(code - 32, 0, 0, chr(code), font, v=1)
    back = ["#" * (bbox[0] - 1)] * (bbox[1] - 1)
    sh.art(95, 0, 0, back, v=1)
    for s in range(4):
        art = CLUB5 if s == 1 else SMALL_SUITS[s]
        sh.art(96 + s, 0, max(0, bbox[1] - 8), art, v=1)
    sh.save(name, out)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Build the sprite sheets from fonts/*.bdf and the pixel art."
    )
    ap.add_argument(
        "--out",
        default=os.path.join(ROOT, "sprites"),
        metavar="DIR",
        help="folder to write the sheets into (default: sprites/)",
    )
    out = ap.parse_args(argv).out
    os.makedirs(out, exist_ok=True)
    f5 = load_font(os.path.join(ROOT, "fonts", "5x7.bdf"))
    f6 = load_font(os.path.join(ROOT, "fonts", "6x10.bdf"))
    f7 = load_font(os.path.join(ROOT, "fonts", "7x13B.bdf"))
    font_sheet(
        f5, "font5.bmp", 24, out, {"+": PLUS5, "g": G5, "m": M5}
    )  # 120 px: 4 words a row in RAM (1 bit a pixel)
    font_sheet(f6, "font6.bmp", 16, out)  # 96 px: 3 words a row

    # a table card is two 18x11 tiles, its top over its bottom: the rank's top
    # half (ink: the card's palette) over the suit's bottom half
    cards = Sheet(18, 11, 8, 31)
    big9 = [suit_art(s, 9) for s in range(4)]
    face = Sheet(18, 22, 4, 1)  # tile 0: one whole card, cut in two
    for r in range(13):
        face.px[:] = bytes(len(face.px))
        face.rect(0, 0, 0, 17, 21, 1, 2)
        if r == 9:
            face.text(0, 1, 2, "1", f5)
            face.text(0, 5, 2, "0", f5)
        else:
            face.text(0, 2, 2, RANKS[r], f5)
        halves(face, cards, r, None)
    for s in range(4):
        face.px[:] = bytes(len(face.px))
        face.rect(0, 0, 0, 17, 21, 1, 2)
        face.art(0, 2, 12, CLUB5 if s == 1 else SMALL_SUITS[s])
        face.art(0, 8, 11, big9[s])
        halves(face, cards, None, 13 + s)
    for value in range(2, 15):
        face.px[:] = bytes(len(face.px))
        face.rect(0, 3, 0, 17, 17, 1, 2)  # the card behind
        face.rect(0, 0, 2, 14, 21, 1, 2)  # the front card
        vs = str(value)
        face.text(0, 2 if len(vs) == 2 else 5, 3, vs, f6)
        halves(face, cards, 17 + value - 2, 30)
    cards.save("cards.bmp", out)

    hand = Sheet(14, 14, 8, 22)  # 112 px: 7 words a row (2 bits a pixel)
    for y in range(28):  # base card, cut in four quadrants
        for x in range(28):
            edge = x in (0, 27) or y in (0, 27)
            corner = (x in (0, 27) and y in (0, 1, 26, 27)) or (
                y in (0, 27) and x in (0, 1, 26, 27)
            )
            if corner:
                continue
            hand.put((y // 14) * 2 + x // 14, x % 14, y % 14, 1 if edge else 2)
    for r in range(13):
        t = 5 + r
        if r == 9:  # "10" in the tile's 14 columns, clear of the card's left border
            hand.text(t, 2, 1, "1", f7)
            hand.text(t, 8, 1, "0", f7)
        else:
            hand.text(t, 3, 1, RANKS[r], f7)
    for s in range(4):
        hand.art(18 + s, 1, 1, HAND_SUITS[s])
    hand.save("hand.bmp", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
