# Stand-in for CircuitPython's microcontroller: Pin, and nvm. On the SAMD51
# nvm is one 8 KB block of the chip's flash, outside the heap; here its bytes
# live in a bytearray made before the app starts (the box's own share).
# Indexing as shared-bindings/nvm/ByteArray.c does: a slice is clamped to the
# block as Python clamps slices (mp_seq_get_fast_slice_indexes), a step other
# than 1 is NotImplementedError, a read is a new bytearray; an assignment
# takes bytes, bytearray, array or memoryview of single bytes, exactly as long
# as the clamped slice; one index may be negative, 0-255 is stored.
# A write is the firmware's sequence (ports/atmel-samd/common-hal/nvm/
# ByteArray.c -> ASF4 hal_flash.c flash_write -> hpl_nvmctrl.c _flash_write):
# the whole 8 KB block read, patched, erased, and programmed back in 512-byte
# pages from address 0 up; cut (a point of that sequence, as in
# tools/soak/fake_nvm.py: 16-byte steps after the erase) stops the next write
# there and raises OSError, as if the power went. fail makes every write
# raise RuntimeError("Unable to write to nvm.") and change nothing, as when
# flash_write refuses (a bad address or a locked region, before any erase).
from array import array


class Pin:
    def __init__(self, name):
        self.name = name
        self.in_use = False

    def __repr__(self):
        return "board." + self.name


class ByteArray:
    def __init__(self, size=8192):
        self.data = bytearray(b"\xff" * size)
        self.writes = 0  # each one erase of the block
        self.cut = None
        self.fail = False
        self.span = [0, 0]  # the last slice, clamped (kept: no tuple made a write)

    def __len__(self):
        return len(self.data)

    def _slice(self, s):
        # slice s clamped to the block, into self.span
        if s.step is not None and s.step != 1:
            raise NotImplementedError("only slices with step=1 (aka None) are supported")
        n = len(self.data)
        a = _clamp(0 if s.start is None else s.start, n)
        b = _clamp(n if s.stop is None else s.stop, n)
        self.span[0] = a
        self.span[1] = b if b > a else a

    def _index(self, i):
        n = len(self.data)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("ByteArray index out of range")
        return i

    def __getitem__(self, index):
        if isinstance(index, slice):
            self._slice(index)
            return self.data[self.span[0] : self.span[1]]  # a new bytearray
        return self.data[self._index(index)]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            self._slice(index)
            start = self.span[0]
            stop = self.span[1]
            if not isinstance(value, (bytes, bytearray, memoryview, array)):
                raise NotImplementedError("array/bytes required on right side")
            if len(value) != stop - start:
                raise ValueError("Slice and value different lengths.")
            if isinstance(value, array) and len(bytes(value)) != len(value):
                raise ValueError("Array values should be single bytes.")
        else:
            start = self._index(index)
            if not 0 <= value <= 255:
                raise ValueError("bytes must be 0-255")
            stop, value = start + 1, bytes((value,))
        if self.fail:
            raise RuntimeError("Unable to write to nvm.")
        # The firmware keeps the block's image in a C buffer, not on the heap:
        # so the stand-in allocates nothing either. Programmed whole, the block
        # reads as the old bytes patched; cut after n bytes, as that up to n
        # and erased (0xFF) beyond.
        self.writes += 1
        n = len(self.data) if self.cut is None else self.cut * 16
        if start < n:
            k = min(stop, n) - start
            self.data[start : start + k] = value[:k] if k < len(value) else value
        for i in range(n, len(self.data)):
            self.data[i] = 0xFF
        if self.cut is not None:
            self.cut = None
            raise OSError(5)


def _clamp(i, n):
    if i < 0:
        i += n
    return 0 if i < 0 else n if i > n else i


nvm = ByteArray()
