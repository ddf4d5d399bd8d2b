# Stand-in for CircuitPython's microcontroller: Pin, and nvm. On the SAMD51
# nvm is one 8 KB block of the chip's flash, outside the heap; here its bytes
# live in a bytearray made before the app starts (the box's own share).
# Reads return new bytes objects as on the board (nvm_bytearray slicing).
# A write is the firmware's sequence (CircuitPython ports/atmel-samd/common-hal/
# nvm/ByteArray.c -> ASF4 hal_flash.c flash_write -> hpl_nvmctrl.c _flash_write):
# the whole 8 KB block read, patched, erased, and programmed back in 512-byte
# pages from address 0 up; cut (a point of that sequence, as in
# host_tests/fake_nvm.py: 16-byte steps after the erase) stops the next write
# there and raises OSError, as if the power went.
class Pin:
    def __init__(self, name):
        self.name = name
        self.in_use = False

    def __repr__(self):
        return "board." + self.name


class ByteArray:
    def __init__(self, size=8192):
        self.data = bytearray(b"\xff" * size)
        self.writes = 0       # each one erase of the block
        self.cut = None

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytes(self.data[index])
        return self.data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start = index.start or 0
            stop = len(self.data) if index.stop is None else index.stop
            if index.step not in (None, 1) or stop - start != len(value):
                raise ValueError("Slice and value different lengths.")
            if start < 0 or stop > len(self.data):
                raise IndexError("index out of range")
        else:
            if not 0 <= value <= 255:
                raise ValueError("Bytes must be between 0 and 255.")
            start, stop, value = index, index + 1, bytes((value,))
        # The firmware keeps the block's image in a C buffer, not on the heap:
        # so the stand-in allocates nothing either. Programmed whole, the block
        # reads as the old bytes patched; cut after n bytes, as that up to n
        # and erased (0xFF) beyond.
        self.writes += 1
        n = len(self.data) if self.cut is None else self.cut * 16
        if start < n:
            k = min(stop, n) - start
            self.data[start:start + k] = value[:k] if k < len(value) else value
        for i in range(n, len(self.data)):
            self.data[i] = 0xFF
        if self.cut is not None:
            self.cut = None
            raise OSError(5)


nvm = ByteArray()
