# Our own generator: xorshift32 (shifts 13, 17, 5), so a seed deals the same
# game on CircuitPython, MicroPython and CPython (their random modules differ).
# The 32-bit state is kept as two 16-bit halves, hi and lo: on the boards a
# small int has 31 bits, and a value of 2^30 or more is a heap object, so
# whole 32-bit words would make garbage on every draw. No value here reaches
# 2^30; the halves give exactly the sequence of the 32-bit textbook form.


class Rng:
    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        """The state is the seed's low 32 bits xor 0x2545F491 (never zero)."""
        hi = (seed >> 16 ^ 0x2545) & 0xFFFF
        lo = (seed ^ 0xF491) & 0xFFFF
        if not hi | lo:
            hi, lo = 0x9E37, 0x79B9
        self.hi = hi
        self.lo = lo
        for _ in range(4):
            self.next()

    def next(self):
        """The next 32-bit draw (xorshift on two 16-bit halves: small ints on the board)."""
        hi = self.hi
        lo = self.lo
        hi ^= (hi << 13 | lo >> 3) & 0xFFFF  # x ^= x << 13
        lo ^= lo << 13 & 0xFFFF
        lo ^= hi >> 1  # x ^= x >> 17
        hi ^= (hi << 5 | lo >> 11) & 0xFFFF  # x ^= x << 5
        lo ^= lo << 5 & 0xFFFF
        self.hi = hi
        self.lo = lo

    def below(self, n):
        """The next draw's 32-bit value modulo n: an int in 0..n-1, uniform
        enough for small n (cards, seats, moves). (hi % n) << 16 stays a
        small int for n up to 16,384."""
        self.next()
        return (self.hi % n << 16 | self.lo) % n

    def shuffle(self, items):
        """Fisher-Yates in place."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def to_bytes(self):
        """The generator's state as 4 bytes (set_bytes reads them back)."""
        return bytes((self.hi >> 8, self.hi & 0xFF, self.lo >> 8, self.lo & 0xFF))

    def set_bytes(self, data):
        """The 4 bytes of to_bytes: the 32-bit state, big-endian."""
        self.hi = data[0] << 8 | data[1]
        self.lo = data[2] << 8 | data[3]
