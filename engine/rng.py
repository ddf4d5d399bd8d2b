# Our own generator: xorshift32, so a seed deals the same game on CircuitPython,
# MicroPython and CPython (their built-in random modules differ).
MASK = 0xFFFFFFFF


class Rng:
    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        s = (seed ^ 0x2545F491) & MASK
        self.state = s or 0x9E3779B9
        for _ in range(4):
            self.next()

    def next(self):
        x = self.state
        x ^= (x << 13) & MASK
        x ^= x >> 17
        x ^= (x << 5) & MASK
        self.state = x
        return x

    def below(self, n):
        # Uniform enough int in 0..n-1 (n is small: cards, seats, moves).
        return self.next() % n

    def shuffle(self, items):
        # Fisher-Yates in place.
        i = len(items) - 1
        while i > 0:
            j = self.next() % (i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
