"""tools/make_sprites.py rebuilds every committed sheet in sprites/ byte for byte
(fonts read through adafruit_bitmap_font)."""
import os

import pytest

import make_sprites

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
    import make_fonts
    for name in make_fonts.FONTS:
        src = os.path.join(ROOT, "fonts", name + ".bdf")
        with open(src) as f:
            text = f.read()
        cut = tmp_path / (name + ".bdf")
        cut.write_text(make_fonts.subset(text))
        assert cut.read_text() == text
        make_fonts.check(src, str(cut))
