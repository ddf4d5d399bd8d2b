# A crash-safe byte store over an nvm-like object (microcontroller.nvm on the
# board, filenvm.FileNvm on the desktop): two slots, each holding one record
#   0 "Rc"  2 format  3 sequence (4, big-endian)  7 length (2)  9 CRC-32 (4)
#   13 payload
# the CRC covering bytes 0..8 and the payload. A save writes the whole record
# to the slot that does not hold the newest good record, in ONE slice
# assignment. On the SAMD51 that is one erase of the whole 8 KB block, which
# is then programmed back from address 0 up, so both slots share the block's
# first page (256 bytes each at 0 and 256): a cut leaves nothing readable only
# until the record at 0 is programmed again (host_tests/fake_nvm.py). Load
# takes the good record with the newest sequence.
try:
    from crc import crc32
except ImportError:
    from lib.crc import crc32

MAGIC = b"Rc"
FORMAT = 1
HEADER = 13
UNREADABLE = "the saved game could not be read; starting a new one"


def _u(b, i, n):
    x = 0
    for k in range(i, i + n):
        x = x << 8 | b[k]
    return x


class Store:
    def __init__(self, nvm, start=0, size=512):
        self.nvm = nvm
        self.half = size // 2
        self.starts = (start, start + self.half)
        self.slot = -1      # slot of the newest good record, -1: none
        self.seq = 0
        self.length = -1
        self.known = False

    def capacity(self):
        return self.half - HEADER

    def _read(self, slot):
        # (seq, length) of a good record, 0 if blank, None if unreadable.
        o = self.starts[slot]
        h = self.nvm[o:o + HEADER]
        if h == b"\xff" * HEADER or h == bytes(HEADER):
            return 0
        if h[0:2] != MAGIC or h[2] != FORMAT:
            return None
        n = _u(h, 7, 2)
        if n > self.half - HEADER:
            return None
        c = crc32(self.nvm[o + HEADER:o + HEADER + n], crc32(h[0:9]))
        if c != _u(h, 9, 4):
            return None
        return (_u(h, 3, 4), n)

    def load(self):
        # -> (payload bytes or None, message or None). The message is set when
        # something was stored but no record is readable. Never raises for
        # any content of the nvm.
        best = None
        bad = False
        self.slot = -1
        for slot in (0, 1):
            r = self._read(slot)
            if r is None:
                bad = True
            elif r and (best is None or r[0] > best[0]):
                best = r
                self.slot = slot
        self.known = True
        if best is None:
            self.seq = 0
            return None, (UNREADABLE if bad else None)
        self.seq, self.length = best[0], best[1]
        o = self.starts[self.slot] + HEADER
        return bytes(self.nvm[o:o + self.length]), None

    def save(self, payload):
        # Write payload as the newest record; False if it equals the newest
        # record already stored (no flash cycle spent). ValueError if too big.
        n = len(payload)
        if n > self.half - HEADER:
            raise ValueError("save is too big")
        if not self.known:
            self.load()
        seq = self.seq + 1
        h = bytearray(MAGIC)
        h.append(FORMAT)
        for v, k in ((seq, 4), (n, 2)):
            for s in range(8 * k - 8, -8, -8):
                h.append(v >> s & 255)
        c = crc32(payload, crc32(h))
        if self.slot >= 0 and n == self.length:
            o = self.starts[self.slot] + HEADER
            if self.nvm[o:o + n] == payload:
                return False
        for s in (24, 16, 8, 0):
            h.append(c >> s & 255)
        h.extend(payload)
        slot = 1 - self.slot if self.slot >= 0 else 0
        o = self.starts[slot]
        self.nvm[o:o + len(h)] = h
        self.slot = slot
        self.seq = seq
        self.length = n
        return True
