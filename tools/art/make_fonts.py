"""Extract the small bitmap fonts the game uses into fonts/ (run on a Debian host).

Source: Debian's xfonts-base, the public-domain X11 "misc-fixed" fonts, converted
with pcf2bdf and cut down to printable ASCII (32..126).  Needs:
    apt-get install -y xfonts-base pcf2bdf
The runtime never reads these files: tools/art/make_sprites.py turns them into the
glyph sheets in sprites/.  They are committed so the sprites can be rebuilt
without the Debian packages.  subset() cuts the BDF text (records kept verbatim);
the glyphs are read, to check the cut, only through adafruit_bitmap_font.
"""

import gzip
import os
import subprocess
import sys
import tempfile

SRC = "/usr/share/fonts/X11/misc"
FONTS = ("5x7", "6x10", "7x13B")  # small text, status lines, hand-card ranks
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "fonts")

LICENCE = """The fonts in this folder are the X11 "misc-fixed" bitmap fonts
(-Misc-Fixed-Medium-R-Normal--7-70 5x7, 6x10, and -Misc-Fixed-Bold 7x13B),
taken from Debian's xfonts-base package (font-misc-misc), converted from PCF
to BDF with pcf2bdf and cut down to printable ASCII by tools/art/make_fonts.py.

Their licence, as stated in each font's COPYRIGHT property and in
/usr/share/doc/xfonts-base/copyright (font-misc-misc/COPYING):

    Public domain font.  Share and enjoy.
"""


def subset(bdf_text):
    # Keep the header and the glyphs 32..126; fix the CHARS count.
    head, _, body = bdf_text.partition("\nCHARS ")
    chars = body.split("STARTCHAR ")[1:]
    keep = []
    for ch in chars:
        enc = int(ch.split("ENCODING ", 1)[1].split("\n", 1)[0])
        if 32 <= enc <= 126:
            keep.append("STARTCHAR " + ch.replace("ENDFONT\n", "").rstrip("\n") + "\n")
    return head + "\nCHARS %d\n" % len(keep) + "".join(keep) + "ENDFONT\n"


def glyphs(path):
    # Printable ASCII of a BDF font as adafruit_bitmap_font reads it:
    # (bounding box, {code: (width, height, dx, dy, shift_x, pixels)}).
    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    from adafruit_bitmap_font import bitmap_font

    font = bitmap_font.load_font(path)
    font.load_glyphs(range(32, 127))
    out = {}
    for code in range(32, 127):
        g = font.get_glyph(code)
        if g is not None:
            px = bytes(g.bitmap[x, y] for y in range(g.height) for x in range(g.width))
            out[code] = (g.width, g.height, g.dx, g.dy, g.shift_x, px)
    return font.get_bounding_box(), out


def check(full, cut):
    # The cut font has every printable glyph of the full one, unchanged, and nothing missing.
    box, want = glyphs(full)
    cbox, got = glyphs(cut)
    assert cbox == box, (cut, cbox, box)
    assert got == want and len(got) == 95, "%s: %d glyphs of 95" % (cut, len(got))


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in FONTS:
        with tempfile.TemporaryDirectory() as tmp:
            pcf = os.path.join(tmp, name + ".pcf")
            with gzip.open(os.path.join(SRC, name + ".pcf.gz")) as f, open(pcf, "wb") as g:
                g.write(f.read())
            bdf = os.path.join(tmp, name + ".bdf")
            subprocess.run(["pcf2bdf", "-o", bdf, pcf], check=True)
            with open(bdf) as f:
                text = subset(f.read())
            with open(os.path.join(OUT, name + ".bdf"), "w") as f:
                f.write(text)
            check(bdf, os.path.join(OUT, name + ".bdf"))
        print("fonts/%s.bdf %d bytes" % (name, len(text)))
    with open(os.path.join(OUT, "LICENSE"), "w") as f:
        f.write(LICENCE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
