# A crash-safe byte store over an nvm-like object (microcontroller.nvm on the
# board, tools/sim/filenvm.py on the desktop): two slots, each holding one record
#   0 "Rc"  2 format  3 sequence (4, big-endian)  7 length (2)  9 CRC-32 (4)
#   13 payload
# the CRC covering bytes 0..8 and the payload. A save writes the whole record
# to the slot that does not hold the newest good record, in ONE slice
# assignment. On the SAMD51 that is one erase of the whole 8 KB block, which
# is then programmed back from address 0 up, so both slots share the block's
# first page (256 bytes each at 0 and 256): a cut leaves nothing readable only
# until the record at 0 is programmed again (tools/soak/fake_nvm.py). Load
# takes the good record with the newest sequence.
from micropython import const

MAGIC = b"Rc"
FORMAT = const(1)
HEADER = const(13)
_POLY_HI = const(0xEDB8)  # CRC-32's reversed polynomial 0xEDB88320, in halves
_POLY_LO = const(0x8320)
UNREADABLE = "the saved game could not be read; starting a new one"


def crc32(data, crc=0):
    # Same answer as binascii.crc32(data, crc), a bit at a time (no tables to
    # keep in the heap), in two 16-bit halves so every value stays a small int
    # on CircuitPython.
    hi = crc >> 16 ^ 0xFFFF
    lo = crc & 0xFFFF ^ 0xFFFF
    for b in data:
        lo ^= b
        for _ in range(8):
            odd = lo & 1
            lo = lo >> 1 | (hi & 1) << 15
            hi >>= 1
            if odd:
                lo ^= _POLY_LO
                hi ^= _POLY_HI
    return (hi ^ 0xFFFF) << 16 | lo ^ 0xFFFF


class Store:
    def __init__(self, nvm, start=0, size=512):
        self.nvm = nvm
        self.half = size // 2
        self.start = start
        self.slot = None  # slot of the newest good record, -1: none, None: not loaded
        self.seq = 0
        self.length = -1

    def load(self):
        # -> (payload bytes or None, message or None). The message is set when
        # something was stored but no record is readable. Never raises for
        # any content of the nvm.
        nvm = self.nvm
        bad = False
        self.slot = -1
        self.seq = 0
        for slot in (0, 1):
            o = self.start + slot * self.half
            h = nvm[o : o + HEADER]
            if h == b"\xff" * HEADER or h == bytes(HEADER):
                continue  # blank
            n = int.from_bytes(h[7:9], "big")
            if (
                h[0:2] != MAGIC
                or h[2] != FORMAT
                or n > self.half - HEADER
                or crc32(nvm[o + HEADER : o + HEADER + n], crc32(h[0:9]))
                != int.from_bytes(h[9:13], "big")
            ):
                bad = True
                continue
            seq = int.from_bytes(h[3:7], "big")
            if self.slot < 0 or seq > self.seq:  # on a tie, slot 0
                self.slot = slot
                self.seq = seq
                self.length = n
        if self.slot < 0:
            return None, (UNREADABLE if bad else None)
        o = self.start + self.slot * self.half + HEADER
        return bytes(nvm[o : o + self.length]), None

    def save(self, payload):
        # Write payload as the newest record; False if it equals the newest
        # record already stored (no flash cycle spent). ValueError if too big.
        n = len(payload)
        if n > self.half - HEADER:
            raise ValueError("save is too big")
        if self.slot is None:
            self.load()
        slot = self.slot
        if slot >= 0 and n == self.length:
            o = self.start + slot * self.half + HEADER
            if self.nvm[o : o + n] == payload:
                return False
        slot = 1 - slot if slot >= 0 else 0
        h = bytearray(MAGIC)
        h.append(FORMAT)
        h += (self.seq + 1 & 0xFFFFFFFF).to_bytes(4, "big")
        h += n.to_bytes(2, "big")
        h += crc32(payload, crc32(h)).to_bytes(4, "big")
        h += payload
        o = self.start + slot * self.half
        self.nvm[o : o + len(h)] = h
        self.slot = slot
        self.seq += 1
        self.length = n
        return True
