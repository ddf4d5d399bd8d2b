"""tools/art/make_sprites.py rebuilds every committed sheet in sprites/ byte for byte
(fonts read through adafruit_bitmap_font)."""

import os

import pytest

from tools.art import make_sprites

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPRITES = os.path.join(ROOT, "sprites")


def test_sheets_rebuild_byte_for_byte(tmp_path):
    assert make_sprites.main(["--out", str(tmp_path)]) == 0
    committed = sorted(f for f in os.listdir(SPRITES) if f.endswith(".bmp"))
    assert committed and sorted(os.listdir(tmp_path)) == committed
    for name in committed:
        with open(os.path.join(SPRITES, name), "rb") as f:
            want = f.read()
        assert (tmp_path / name).read_bytes() == want, name


@pytest.mark.parametrize("tile, cols", [((5, 7), 3), ((6, 10), 2)])
def test_a_sheet_whose_rows_are_not_whole_words_is_refused(tmp_path, tile, cols):
    # 15 px: rows of 7.5 bytes; 12 px: 6 bytes, padded to 8 in the BMP. bitmaptools.readinto
    # reads rows without the padding, so such a sheet would load shifted on the board.
    sheet = make_sprites.Sheet(tile[0], tile[1], cols, 6)
    with pytest.raises(ValueError, match="not whole 32-bit words") as e:
        sheet.save("bad.bmp", str(tmp_path))
    assert "bad.bmp" in str(e.value) and "multiple of 8 pixels" in str(e.value)
    assert not os.listdir(tmp_path)


def test_fonts_come_from_adafruit_bitmap_font():
    bbox, glyphs = make_sprites.load_font(os.path.join(ROOT, "fonts", "5x7.bdf"))
    assert bbox == (5, 7, 0, -1)
    g = glyphs[ord("A")]
    assert type(g).__name__ == "Glyph" and (g.width, g.height, g.shift_x) == (5, 7, 5)


def test_make_fonts_cut_keeps_every_glyph(tmp_path):
    # Cutting an already cut font changes nothing, and the library reads the same glyphs.
    from tools.art import make_fonts

    for name in make_fonts.FONTS:
        src = os.path.join(ROOT, "fonts", name + ".bdf")
        with open(src) as f:
            text = f.read()
        cut = tmp_path / (name + ".bdf")
        cut.write_text(make_fonts.subset(text))
        assert cut.read_text() == text
        make_fonts.check(src, str(cut))


def tile(name, tw, th, index, raw=False):
    # tile index of a committed sheet as rows of 0 (clear) / 1 (ink, any palette index but 0);
    # raw: the palette indices (0 clear, 1 border, 2 paper, 3 ink)
    import struct

    with open(os.path.join(SPRITES, name), "rb") as f:
        data = f.read()
    off = struct.unpack("<I", data[10:14])[0]
    w, h = struct.unpack("<ii", data[18:26])
    cols = w // tw
    x0, y0 = index % cols * tw, index // cols * th
    rows = []
    for y in range(y0, y0 + th):
        base = off + (h - 1 - y) * (w // 2)  # rows run bottom-up, 2 pixels a byte
        v = [(data[base + x // 2] >> (0 if x & 1 else 4)) & 15 for x in range(x0, x0 + tw)]
        rows.append(v if raw else [x and 1 for x in v])
    return rows


def test_small_font_keeps_a_gap_after_plus_minus_and_digits():
    # "+6" on the round scores: the plus does not run into the digit
    for ch in "+-0123456789":
        rows = tile("font5.bmp", 5, 7, ord(ch) - 32)
        assert not any(r[4] for r in rows), ch
    assert sum(map(sum, tile("font5.bmp", 5, 7, ord("+") - 32))) >= 5  # still a plus


def test_hand_suits_keep_clear_of_the_card_border_and_the_spade_its_stem():
    # the bottom-right 14x14 quarter of a hand card: its border is the last row and column
    for suit in range(4):
        rows = tile("hand.bmp", 14, 14, 18 + suit)
        assert not any(rows[12]) and not any(rows[13]), suit
        assert not any(r[12] or r[13] for r in rows), suit
        assert sum(map(sum, rows)) > 40, suit
    spade = [sum(r) for r in tile("hand.bmp", 14, 14, 18)]
    widest = spade.index(max(spade))
    below = spade[widest:]
    stem = below.index(1)  # a row of one pixel under the widest,
    assert max(below[stem:]) > 1  # then the foot


def test_every_rank_sits_inside_its_card():
    # A hand card's rank (hand.bmp tiles 5..17, over the card's top-left quarter, whose left
    # column and top row are the border) keeps off the border and a column of paper beside
    # it; "10" too, whose "1" drew over the border. A table card's rank (cards.bmp tiles
    # 0..12) and a build's value (17..29, the front card's border its column 0 from row 2)
    # leave the border as it is and a column of paper inside it.
    for r in range(13):
        rows = tile("hand.bmp", 14, 14, 5 + r)
        assert not any(row[0] or row[1] for row in rows), r
        assert not any(rows[0]) and sum(map(sum, rows)) > 15, r
        rows = tile("cards.bmp", 18, 11, r, raw=True)
        assert [row[0] for row in rows[1:]] == [1] * 10, r
        assert [row[1] for row in rows[1:]] == [2] * 10, r
        assert 3 in sum(rows, []), r
    for value in range(2, 15):
        rows = tile("cards.bmp", 18, 11, 17 + value - 2, raw=True)
        assert [row[0] for row in rows[3:]] == [1] * 8, value
        assert [row[1] for row in rows[3:]] == [2] * 8, value
        assert [row[13] for row in rows[3:]] == [2] * 8, value  # and before its right border
