"""A stand-in for microcontroller.nvm in tests: a bytearray that counts writes,
can cut the power part-way through a write, and can fail its writes."""

SIZE = 8192


class PowerCut(Exception):
    pass


class Nvm:
    """cut=k: the next slice assignment writes only its first k bytes, then
    (erased=True) the rest of the assigned range reads 0xFF, as a flash block
    erased but not fully reprogrammed would; then PowerCut is raised.
    fail=errno: every write raises OSError(errno) and changes nothing."""

    def __init__(self, fill=0xFF, size=SIZE):
        self.data = bytearray([fill]) * size
        self.writes = 0
        self.cut = None
        self.erased = False
        self.fail = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, value):
        if self.fail:
            raise OSError(self.fail)
        assert isinstance(i, slice) and i.stop - i.start == len(value)
        self.writes += 1
        if self.cut is None:
            self.data[i] = value
            return
        k, self.cut = self.cut, None
        if self.erased:
            self.data[i] = b"\xff" * len(value)
        self.data[i.start:i.start + k] = value[:k]
        raise PowerCut()
