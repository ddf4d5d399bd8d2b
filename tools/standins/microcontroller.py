# Stand-in for CircuitPython's microcontroller: Pin, and nvm. On the SAMD51
# nvm is one 8 KB block of the chip's flash, outside the heap; here its bytes
# live in a bytearray made before the app starts (the box's own share).
# Reads return new bytes objects as on the board (nvm_bytearray slicing).
class Pin:
    def __init__(self, name):
        self.name = name
        self.in_use = False

    def __repr__(self):
        return "board." + self.name


class ByteArray:
    def __init__(self, size=8192):
        self.data = bytearray(b"\xff" * size)
        self.writes = 0

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
            self.data[start:stop] = value
        else:
            if not 0 <= value <= 255:
                raise ValueError("Bytes must be between 0 and 255.")
            self.data[index] = value
        self.writes += 1


nvm = ByteArray()
