# Stand-in for CircuitPython's built-in displayio (9.x / 10.x), for running the
# whole app under the unix MicroPython (tools/box/run.py). Nothing is drawn:
# what matters here is what each object costs on the heap and what the
# firmware refuses. Each object allocates the buffers the firmware allocates,
# at the firmware's sizes; its own struct's size is written beside its class.
# Sources (adafruit/circuitpython): shared-module/displayio/{Bitmap,Palette,
# TileGrid,Group,area}.h and .c, shared-bindings/displayio/*.c.
from array import array
import _heap

_gen = [0]  # the generation of the current walk (begin())


def _int(v, lo, hi, what):
    # mp_arg_validate_int_range: ValueError naming the argument
    if not isinstance(v, int):
        raise TypeError("%s must be an int" % what)
    if v < lo or v > hi:
        raise ValueError("%s must be %d-%d" % (what, lo, hi))
    return v


def _int16(v):
    # an int stored in a C int16_t field, unchecked: it wraps
    return ((v + 0x8000) & 0xFFFF) - 0x8000


class Bitmap:
    # displayio_bitmap_t: base 4, width/height 2+2, data* 4, stride 2,
    # bits_per_value 1, x_shift 1, x_mask 4, dirty_area 12 (area.h: 4 int16 +
    # next*), bitmask 2, read_only 1, data_alloc 1 = 36 bytes. Data:
    # stride * height 32-bit words, stride = ceil(width * bits / 32)
    # (Bitmap.c: m_malloc_without_collect(stride * height * 4)).
    STRUCT = 36

    def __init__(self, width, height, value_count):
        _int(width, 0, 32767, "width")
        _int(height, 0, 32767, "height")
        _int(value_count, 1, 0x7FFFFFFF, "value_count")
        bits = 1  # shared-bindings/displayio/Bitmap.c
        while (value_count - 1) >> bits:
            bits = bits << 1 if bits < 8 else bits + 8
        if bits > 8 and bits != 16 and bits != 32:
            raise NotImplementedError("Invalid bits per value")
        self.width = width
        self.height = height
        self.bits = bits
        self.stride = (width * bits + 31) // 32
        self.data = bytearray(self.stride * height * 4)
        self._mark = 0

    def _index(self, index):
        if isinstance(index, tuple):
            x, y = index
        else:
            x, y = index % self.width, index // self.width
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel index out of range")
        bit = y * self.stride * 32 + x * self.bits
        return bit >> 3, bit & 7

    def __getitem__(self, index):
        byte, shift = self._index(index)
        b = self.bits
        if b >= 8:
            v = 0
            for k in range(b >> 3):
                v |= self.data[byte + k] << (8 * k)
            return v
        return self.data[byte] >> shift & ((1 << b) - 1)

    def __setitem__(self, index, value):
        # the firmware checks the value against its bits per value
        _int(value, 0, (1 << self.bits) - 1, "value")
        byte, shift = self._index(index)
        b = self.bits
        if b >= 8:
            for k in range(b >> 3):
                self.data[byte + k] = value >> (8 * k) & 255
        else:
            m = ((1 << b) - 1) << shift
            self.data[byte] = self.data[byte] & ~m | value << shift

    def fill(self, value):
        _int(value, 0, (1 << self.bits) - 1, "value")
        for y in range(self.height):
            for x in range(self.width):
                self[x, y] = value

    def _host(self):
        return _heap.host_bytes(len(self.data))

    def _board(self):
        return _heap.board(self.STRUCT) + _heap.board(len(self.data))


class Palette:
    # displayio_palette_t: base 4, colors* 4, color_count 4, needs_refresh 1,
    # dither 1 = 16 bytes (rounded). Colours: color_count _displayio_color_t
    # {uint32 rgb888, uint16 rgb565, uint8 luma, hue, chroma, bool transparent}
    # = 12 bytes each (Palette.c: m_malloc(color_count * sizeof(...))).
    STRUCT = 16
    COLOR = 12

    def __init__(self, color_count, *, dither=False):
        _int(color_count, 1, 0x7FFFFFFF, "color_count")
        self.colors = bytearray(color_count * self.COLOR)  # rgb888 + transparent flag
        self.n = color_count
        self._mark = 0

    def __len__(self):
        return self.n

    def _i(self, i):
        if not isinstance(i, int):
            raise TypeError("palette index must be an int")
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("Palette index out of range")
        return i * self.COLOR

    def __setitem__(self, i, color):
        o = self._i(i)
        if isinstance(color, (bytes, bytearray)):
            if len(color) not in (3, 4):
                raise ValueError("color buffer must be 3 bytes (RGB) or 4 bytes (RGB + pad byte)")
            color = color[0] << 16 | color[1] << 8 | color[2]
        _int(color, 0, 0xFFFFFF, "color")
        c = self.colors
        c[o] = color & 255
        c[o + 1] = color >> 8 & 255
        c[o + 2] = color >> 16

    def __getitem__(self, i):
        o = self._i(i)
        c = self.colors
        return c[o + 2] << 16 | c[o + 1] << 8 | c[o]

    def make_transparent(self, i):
        _int(i, 0, self.n - 1, "palette_index")
        self.colors[i * self.COLOR + 9] = 1

    def make_opaque(self, i):
        _int(i, 0, self.n - 1, "palette_index")
        self.colors[i * self.COLOR + 9] = 0

    def is_transparent(self, i):
        _int(i, 0, self.n - 1, "palette_index")
        return self.colors[i * self.COLOR + 9] == 1

    def _host(self):
        return _heap.host_bytes(len(self.colors))

    def _board(self):
        return _heap.board(self.STRUCT) + _heap.board(len(self.colors))


class ColorConverter:
    # displayio_colorconverter_t: base, colorspace, input_colorspace, dither,
    # transparent_color... about 24 bytes; the app does not use it.
    STRUCT = 24

    def __init__(self, *, input_colorspace=None, dither=False):
        self._mark = 0

    def _host(self):
        return 0

    def _board(self):
        return _heap.board(self.STRUCT)


class TileGrid:
    # displayio_tilegrid_t: base 4, bitmap* 4, pixel_shader* 4, x/y 2+2, ten
    # uint16 (pixel and tile sizes, tiles in bitmap, top left) 20, tiles* 4,
    # inverts* 4, absolute_transform* 4, three displayio_area_t 36, flags 2
    # = 88 bytes. Tile indices: one byte each (two past 255 tiles in the
    # bitmap), inlined in the tiles pointer when they fit in it (4 bytes)
    # (TileGrid.c: common_hal_displayio_tilegrid_construct). Here the numbers
    # live in one small array, as the firmware's struct holds them, so a
    # stand-in is a few blocks rather than an attribute table of fifteen.
    STRUCT = 88
    X, Y, W, H, TW, TH, COUNT, FLAGS, MARK = range(9)
    HIDDEN, FLIP_X, FLIP_Y, TRANSPOSE, IN_GROUP = 1, 2, 4, 8, 16

    # As shared-bindings/displayio/TileGrid.c takes them: tile_width and
    # tile_height 0 (the default) are the bitmap's, and must divide it;
    # default_tile is not checked (TileGrid.c's construct stores it as a
    # uint16_t, a byte when the bitmap has 255 tiles or fewer; a tile past
    # the bitmap draws as colour 0); x and y are int16_t.
    def __init__(
        self,
        bitmap,
        *,
        pixel_shader,
        width=1,
        height=1,
        tile_width=0,
        tile_height=0,
        default_tile=0,
        x=0,
        y=0,
    ):
        if not isinstance(bitmap, Bitmap):
            raise TypeError("unsupported bitmap type")
        _check_shader(pixel_shader)
        bw = bitmap.width
        bh = bitmap.height
        tw = _int(tile_width, 0, 0xFFFF, "tile_width") or bw
        th = _int(tile_height, 0, 0xFFFF, "tile_height") or bh
        if bw % tw:
            raise ValueError("Tile width must exactly divide bitmap width")
        if bh % th:
            raise ValueError("Tile height must exactly divide bitmap height")
        _int(width, 1, 0x7FFF, "width")
        _int(height, 1, 0x7FFF, "height")
        count = (bw // tw) * (bh // th)  # tiles in the bitmap
        default_tile &= 0xFFFF if count > 255 else 0xFF
        self.f = array("i", (_int16(x), _int16(y), width, height, tw, th, count, 0, 0))
        self.tiles = bytearray((2 if count > 255 else 1) * width * height)
        if default_tile:
            for i in range(width * height):
                self._put(i, default_tile)
        self.bitmap = bitmap
        self.shader = pixel_shader

    def _num(k):
        def get(self):
            return self.f[k]

        return get

    width = property(_num(2))
    height = property(_num(3))
    tile_width = property(_num(4))
    tile_height = property(_num(5))
    count = property(_num(6))

    @property
    def x(self):
        return self.f[0]

    @x.setter
    def x(self, v):
        self.f[0] = _int16(v)

    @property
    def y(self):
        return self.f[1]

    @y.setter
    def y(self, v):
        self.f[1] = _int16(v)

    def _flag(bit):
        def get(self):
            return self.f[7] & bit != 0

        def put(self, on):
            self.f[7] = self.f[7] | bit if on else self.f[7] & ~bit

        return property(get, put)

    hidden = _flag(HIDDEN)
    flip_x = _flag(FLIP_X)
    flip_y = _flag(FLIP_Y)
    transpose_xy = _flag(TRANSPOSE)
    in_group = _flag(IN_GROUP)

    @property
    def _mark(self):
        return self.f[8]

    @_mark.setter
    def _mark(self, v):
        self.f[8] = v

    @property
    def pixel_shader(self):
        return self.shader

    @pixel_shader.setter
    def pixel_shader(self, s):
        _check_shader(s)
        self.shader = s

    def _put(self, i, t):
        if self.f[6] > 255:
            self.tiles[2 * i] = t & 255
            self.tiles[2 * i + 1] = t >> 8
        else:
            self.tiles[i] = t

    def _index(self, index):
        f = self.f
        if isinstance(index, tuple):
            x, y = index
            i = y * f[2] + x
            ok = 0 <= x < f[2] and 0 <= y < f[3]
        else:
            i = index
            ok = 0 <= i < f[2] * f[3]
        if not ok:
            raise IndexError("Tile index out of bounds")
        return i

    def __getitem__(self, index):
        i = self._index(index)
        if self.f[6] > 255:
            return self.tiles[2 * i] | self.tiles[2 * i + 1] << 8
        return self.tiles[i]

    def __setitem__(self, index, tile):
        i = self._index(index)
        _int(tile, 0, 0xFFFF, "tile")
        if tile >= self.f[6]:
            raise ValueError("Tile index out of bounds")
        self._put(i, tile)

    def contains(self, touch):
        f = self.f
        x, y = touch[0], touch[1]
        return f[0] <= x < f[0] + f[2] * f[4] and f[1] <= y < f[1] + f[3] * f[5]

    def _host(self):
        return _heap.host_bytes(len(self.tiles)) + _heap.host_bytes(36)

    def _board(self):
        n = len(self.tiles)
        return _heap.board(self.STRUCT) + (0 if n <= 4 else _heap.board(n))  # 4: inline


def _check_shader(s):
    if not isinstance(s, (Palette, ColorConverter)):
        raise TypeError("pixel_shader must be displayio.Palette or displayio.ColorConverter")


class Group:
    # displayio_group_t: base 4, members* 4, displayio_buffer_transform_t 18,
    # dirty_area 12 (aligned), x/y/scale 2+2+2, flags 1 = 48 bytes; members is
    # an mp_obj_list_t (Group.c: displayio_group_construct).
    # shared-bindings/displayio/Group.c: scale 1-32767 when made, at least 1
    # when set (kept in a uint16_t, so it wraps past 65535).
    STRUCT = 48

    def __init__(self, *, scale=1, x=0, y=0):
        _int(scale, 1, 32767, "scale")
        self.members = []
        self._scale = scale
        self.x = x
        self.y = y
        self.hidden = False
        self.in_group = False
        self._mark = 0

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, v):
        if v < 1:
            raise ValueError("scale must be >= 1")
        self._scale = v & 0xFFFF

    def _layer(self, layer):
        if not isinstance(layer, (Group, TileGrid)):
            raise ValueError("Layer must be a Group or TileGrid subclass")
        if layer.in_group:
            raise ValueError("Layer already in a group")

    def append(self, layer):
        self._layer(layer)
        self.members.append(layer)
        layer.in_group = True

    def insert(self, index, layer):
        self._layer(layer)
        self.members.insert(index, layer)
        layer.in_group = True

    def index(self, layer):
        m = self.members
        for i in range(len(m)):
            if m[i] is layer:
                return i
        raise ValueError("object not in sequence")

    def remove(self, layer):
        self.pop(self.index(layer))

    def pop(self, i=-1):
        layer = self.members.pop(i)
        layer.in_group = False
        return layer

    def __len__(self):
        return len(self.members)

    def __getitem__(self, i):
        return self.members[i]

    def __setitem__(self, i, layer):
        self._layer(layer)
        self.members[i].in_group = False
        self.members[i] = layer
        layer.in_group = True

    def __delitem__(self, i):
        self.pop(i)

    def _host(self):
        return _heap.host_list(len(self.members))

    def _board(self):
        return _heap.board(self.STRUCT) + _heap.board_list(len(self.members))


class Display:
    # board.DISPLAY: built by the firmware at boot outside the heap, so it
    # costs nothing here (it exists before the app's first import).
    def __init__(self, width=160, height=128):
        self.width = width
        self.height = height
        self.auto_refresh = True
        self.brightness = 1.0
        self.rotation = 0
        self._root = None
        self.refreshes = 0
        self.hook = None  # the board box's (run_mp.py): called after every refresh

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        if group is not None:
            if not isinstance(group, Group):
                raise ValueError("root_group must be a Group or None")
            if group.in_group:
                raise ValueError("Group already used")
        if self._root is not None:
            self._root.in_group = False
        self._root = group
        if group is not None:
            group.in_group = True

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        if self.hook is not None:
            self.hook()
        return True


def release_displays():
    pass


# The excess of stand-in objects over the firmware's: per class, what an
# instance costs here without its buffers (measured once), then per object
# (instance + buffers here) - (struct + buffers on the board).
_inst = {}


def _instance_cost(obj):
    c = _inst.get(type(obj))
    return _first_cost(type(obj)) if c is None else c


def _first_cost(cls):
    # apart from _instance_cost: a function's closure cells are allocated at each call of it
    # (py/bc.c, mp_setup_code_state), and the walk calls that one for every object
    if cls is Bitmap:

        def make():
            return Bitmap(1, 1, 2)
    elif cls is Palette:

        def make():
            return Palette(1)
    elif cls is TileGrid:
        b = Bitmap(1, 1, 2)
        p = Palette(1)

        def make():
            return TileGrid(b, pixel_shader=p)
    elif cls is Group:
        make = Group
    else:
        make = ColorConverter
    sample = make()
    c = _heap.measure(make) - sample._host()
    _inst[cls] = c
    return c


# The excess of the stand-in objects in a tree, each object once: begin(), then walked(root)
# and held(value) for each root and each value an app module keeps, added up. Nothing here
# allocates (the box measures it inside the app's heap, nearly full at its peak): no tuple,
# no list, no iterator off the stack.
def begin():
    _gen[0] += 1


def walked(root):
    # Bytes the stand-in objects reachable from this group (the display's root, a screen
    # kept off it) cost here beyond what the firmware's objects would cost on the board.
    return 0 if root is None else _walk(root, _gen[0])


def held(v):
    # The same for a value a module keeps: a palette, a bitmap, a tile grid, a group, or a
    # list, tuple or dict of them.
    gen = _gen[0]
    total = 0
    if isinstance(v, dict):
        for k in v:
            total += _held(v[k], gen)
    elif isinstance(v, list) or isinstance(v, tuple):  # (a tuple of types is built each time)
        for x in v:
            total += _held(x, gen)
    else:
        total = _held(v, gen)
    return total


def _held(v, gen):
    if isinstance(v, Group):
        return _walk(v, gen)
    if isinstance(v, TileGrid):
        return _one(v, gen) + _one(v.bitmap, gen) + _one(v.pixel_shader, gen)
    if isinstance(v, Bitmap) or isinstance(v, Palette):
        return _one(v, gen)
    return 0


def _one(obj, gen):
    if obj._mark == gen:
        return 0
    obj._mark = gen
    return _instance_cost(obj) + obj._host() - obj._board()


def _walk(g, gen):
    total = _one(g, gen)
    for layer in g.members:
        if isinstance(layer, Group):
            total += _walk(layer, gen)
        else:
            total += _one(layer, gen) + _one(layer.bitmap, gen) + _one(layer.pixel_shader, gen)
    return total
