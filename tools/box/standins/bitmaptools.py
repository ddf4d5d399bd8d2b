# Stand-in for CircuitPython's bitmaptools: the two calls the app makes.
# shared-module/bitmaptools/__init__.c: readinto reads each row into a buffer
# on the C stack (no heap), rows of exactly width * bits_per_pixel bits
# rounded up to whole elements (no BMP row padding); fill_region writes in
# place.
from displayio import Bitmap, _int  # _int: as mp_arg_validate_int_range


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    # As shared-bindings/bitmaptools/__init__.c checks it: the value against
    # the bitmap's bits first, then x1 in 0..width and x2 in x1..width (None:
    # width), y1 and y2 alike (bitmaptools_validate_coord_range).
    if not isinstance(dest_bitmap, Bitmap):
        raise TypeError("dest_bitmap must be of type Bitmap")
    if value < 0 or value >> dest_bitmap.bits:
        raise ValueError("out of range of target")
    x1 = _int(x1, 0, dest_bitmap.width, "x1")
    x2 = dest_bitmap.width if x2 is None else _int(x2, x1, dest_bitmap.width, "x2")
    y1 = _int(y1, 0, dest_bitmap.height, "y1")
    y2 = dest_bitmap.height if y2 is None else _int(y2, y1, dest_bitmap.height, "y2")
    for y in range(y1, y2):
        for x in range(x1, x2):
            dest_bitmap[x, y] = value


def readinto(
    bitmap,
    file,
    bits_per_pixel,
    element_size=1,
    reverse_pixels_in_element=False,
    swap_bytes_in_element=False,
    reverse_rows=False,
):
    # The app's case (4 bits a pixel in bytes, left pixel in the high nibble,
    # rows bottom up as in a BMP) is written straight into the words; others
    # are refused rather than guessed at.
    if not isinstance(bitmap, Bitmap):
        raise TypeError("bitmap must be a Bitmap")
    if bits_per_pixel not in (1, 2, 4, 8, 16, 24, 32):
        raise ValueError("bits_per_pixel must be 1, 2, 4, 8, 16, 24, or 32")
    if element_size not in (1, 2, 4):
        raise ValueError("element_size must be 1, 2, or 4")
    if bits_per_pixel != 4 or element_size != 1 or not reverse_pixels_in_element:
        raise NotImplementedError("stand-in: only 4-bit rows, high nibble first")
    # straight into the bitmap's words (as the firmware's C loop does), not
    # through bitmap[x, y], so the box's boot time is not the stand-in's
    w = bitmap.width
    h = bitmap.height
    bits = bitmap.bits
    mask = (1 << bits) - 1
    row = bytearray((w * 4 + 7) // 8)
    data = bitmap.data
    stride = bitmap.stride * 4
    for y in range(h):
        if file.readinto(row) != len(row):
            raise EOFError()
        o = (h - 1 - y if reverse_rows else y) * stride
        for x in range(w):
            v = (row[x >> 1] >> (0 if x & 1 else 4)) & mask
            if v:
                bit = x * bits
                data[o + (bit >> 3)] |= v << (bit & 7)
