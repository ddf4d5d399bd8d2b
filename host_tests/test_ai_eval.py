"""The table's threats (engine/ai_eval.py): expect, the expected best take of a seat whose
values are held with given odds, against every combination of held values counted out."""
from fractions import Fraction
import random

import pytest

from engine import ai_eval as E


def counted_out(caps, p, x):
    """The expected best take (each take plus x) over every set of held values, each value v
    held with odds p[v] permille, independently."""
    live = [v for v in range(2, 15) if caps[v] > 0]
    total = Fraction(0)
    for held in range(1 << len(live)):
        chance = Fraction(1)
        best = 0
        for i, v in enumerate(live):
            q = Fraction(p[v], 1000)
            if held >> i & 1:
                chance *= q
                best = max(best, caps[v] + x)
            else:
                chance *= 1 - q
        total += chance * best
    return total, len(live)


def set_caps(caps):
    E.CAP[:] = caps
    E.takes_of_caps()


@pytest.mark.parametrize("case", range(100))
def test_expect_is_the_expected_best_take(case):
    rng = random.Random(case)
    caps = [0] * 15
    for v in rng.sample(range(2, 15), rng.randint(0, 8)):
        caps[v] = rng.choice((rng.randint(1, 1500), rng.randint(1, 60)))
    if rng.random() < 0.3:
        caps[rng.randrange(2, 15)] = max(caps)           # equal takes
    p = [rng.choice((0, 1000, rng.randint(0, 1000))) for _ in range(15)]
    x = rng.choice((0, 70))
    set_caps(caps)
    exact, k = counted_out(caps, p, x)
    # integer permille: each term is floored twice, and the chance that no richer value is
    # held (floored once a term) falls short by less than one permille a term before it
    bound = 2 * k + Fraction((max(caps) + x) * k * (k - 1), 2000)
    assert abs(E.expect(p, x) - exact) <= bound


def test_a_value_held_for_sure_ends_the_expectation():
    caps = [0] * 15
    caps[5], caps[9], caps[12] = 300, 800, 100
    p = [0] * 15
    p[5], p[9], p[12] = 1000, 500, 1000
    set_caps(caps)
    # the 9's 800 half the time, else the 5's 300 for sure; the 12's 100 never counts
    assert E.expect(p, 70) == 870 // 2 + 370 // 2


def test_nothing_to_take_expects_nothing():
    set_caps([0] * 15)
    assert E.expect([1000] * 15, 70) == 0
