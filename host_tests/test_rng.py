"""engine/rng.py: the textbook 32-bit xorshift, with no value a board's small int cannot hold."""

import sys

from engine.rng import Rng
from engine.state import new_game

SMALL = 1 << 30  # a board's small ints: -2^30 .. 2^30 - 1 (31 bits); past that, a heap object


class Xorshift32:
    """The reference: Marsaglia's xorshift32 on whole 32-bit words, as CPython allows."""

    def __init__(self, seed):
        self.x = (seed ^ 0x2545F491) & 0xFFFFFFFF or 0x9E3779B9
        for _ in range(4):
            self.draw()

    def draw(self):
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.x = x
        return x


SEEDS = list(range(-20, 300)) + [
    0x2545F491,
    0x2545F491 ^ 0xFFFFFFFF,
    2**31,
    2**32 - 1,
    2**32,
    123456789012345,
]


def test_draws_are_the_32_bit_xorshift_sequence():
    for seed in SEEDS:
        rng, ref = Rng(seed), Xorshift32(seed)
        assert rng.hi << 16 | rng.lo == ref.x, seed
        for n in (1, 2, 3, 4, 13, 52, 997, 16384) * 8:
            assert rng.below(n) == ref.draw() % n, (seed, n)


def test_shuffle_is_fisher_yates_over_the_reference_draws():
    for seed in SEEDS:
        rng, ref = Rng(seed), Xorshift32(seed)
        got, want = list(range(52)), list(range(52))
        rng.shuffle(got)
        for i in range(51, 0, -1):
            j = ref.draw() % (i + 1)
            want[i], want[j] = want[j], want[i]
        assert got == want, seed


def test_a_seed_deals_the_reference_pack():
    # new_game: the dealer is the first draw, then the pack is shuffled
    for players in (2, 3, 4):
        for seed in range(40):
            ref = Xorshift32(seed)
            dealer = ref.draw() % players
            pack = list(range(52))
            for i in range(51, 0, -1):
                j = ref.draw() % (i + 1)
                pack[i], pack[j] = pack[j], pack[i]
            s = new_game(players, seed)
            assert s.dealer == dealer
            hands = [[] for _ in range(players)]
            for k in range(players):
                hands[(dealer + 1 + k) % players] = pack[4 * k : 4 * k + 4]
            assert s.hands == hands
            assert s.loose == pack[4 * players : 4 * players + 4]
            assert s.deck == pack[4 * players + 4 :]


def test_state_bytes_round_trip():
    rng = Rng(99)
    rng.below(7)
    copy = Rng(1)
    copy.set_bytes(rng.to_bytes())
    assert copy.to_bytes() == rng.to_bytes()
    assert [copy.below(52) for _ in range(50)] == [rng.below(52) for _ in range(50)]
    assert Rng(0).to_bytes() == (Xorshift32(0).x).to_bytes(4, "big")


def test_no_value_reaches_a_boards_long_int():
    """Every int in the generator's frames (locals, self.hi/lo, return values) is a small int
    on a 31-bit board, so a draw allocates nothing there (the 64-bit hosts cannot show it)."""
    seen = []

    def check(value, where):
        if isinstance(value, int) and not -SMALL <= value < SMALL:
            seen.append((where, value))

    def tracer(frame, event, arg):
        if frame.f_code.co_filename.endswith("rng.py") and frame.f_code.co_name != "seed":
            for name, value in frame.f_locals.items():
                check(value, name)
                if isinstance(value, Rng):
                    check(value.hi, "hi")
                    check(value.lo, "lo")
            if event == "return":
                check(arg, frame.f_code.co_name + " returned")
        return tracer

    rng = Rng(0x7FFFFFFF)  # seeding may take any int; draws must not
    sys.settrace(tracer)
    try:
        for n in (2, 52, 16384):
            for _ in range(2000):
                rng.below(n)
        rng.shuffle(list(range(52)))
        rng.to_bytes()
    finally:
        sys.settrace(None)
    assert not seen, seen[:5]
