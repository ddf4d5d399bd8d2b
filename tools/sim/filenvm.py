# The desktop stand-in for microcontroller.nvm (host only): a bytearray-like object of a
# fixed size kept in a file; every slice assignment is written through to the
# file at once (as every assignment to nvm is one erase+write on the board).
# Slices as the board's (shared-bindings/nvm/ByteArray.c): clamped to the
# size, step 1 only, read back as a new bytearray.
import os

ERASED = 0xFF  # what fresh flash reads as


class FileNvm:
    def __init__(self, path, size=8192):
        self.path = path
        data = b""
        try:
            with open(path, "rb") as f:
                data = f.read(size)
        except OSError:
            pass
        self.data = bytearray(data + bytes((ERASED,)) * (size - len(data)))
        if len(data) != size:
            with open(path, "wb") as f:
                f.write(self.data)

    def __len__(self):
        return len(self.data)

    def span(self, index):
        start, stop, step = index.indices(len(self.data))
        if step != 1:
            raise NotImplementedError("only slices with step=1 (aka None) are supported")
        return start, max(start, stop)

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop = self.span(index)
            return self.data[start:stop]
        return self.data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop = self.span(index)
            if stop - start != len(value):
                raise ValueError("Slice and value different lengths.")
            self.data[start:stop] = value
        else:
            start = index % len(self.data) if index < 0 else index
            self.data[index] = value
            value = bytes((value,))
        with open(self.path, "r+b") as f:
            f.seek(start)
            f.write(value)
            f.flush()
            try:
                os.fsync(f.fileno())
            except (AttributeError, OSError):
                pass
