# CRC-32 (the zlib / binascii.crc32 one) in pure Python, kept in two 16-bit
# halves so every value stays a small int on CircuitPython (no allocation).
# Four bits a step through two 16-entry tables built at import.
_HI = []
_LO = []
for _i in range(16):
    _h = 0
    _l = _i
    for _k in range(4):
        if _l & 1:
            _l = ((_l >> 1) | ((_h & 1) << 15)) ^ 0x8320
            _h = (_h >> 1) ^ 0xEDB8
        else:
            _l = (_l >> 1) | ((_h & 1) << 15)
            _h >>= 1
    _HI.append(_h)
    _LO.append(_l)


def crc32(data, crc=0):
    # Same answer as binascii.crc32(data, crc) for bytes-like data.
    hi = ((crc >> 16) & 0xFFFF) ^ 0xFFFF
    lo = (crc & 0xFFFF) ^ 0xFFFF
    th = _HI
    tl = _LO
    for b in data:
        i = (lo ^ b) & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tl[i]
        hi = (hi >> 4) ^ th[i]
        i = (lo ^ (b >> 4)) & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tl[i]
        hi = (hi >> 4) ^ th[i]
    return ((hi ^ 0xFFFF) << 16) | (lo ^ 0xFFFF)
