"""engine/sums.py: one walk of a table's groups (groups) finds, for every sum, the groups
sums_to finds for it, in its order: the move generator's order rests on it."""

from engine.rng import Rng
from engine.sums import groups, sums_to


def table(rng, n):
    """n loose values in ascending order, each with its card's mask bit (the cards in
    any order on the table)."""
    vals = sorted(rng.below(13) + 1 for _ in range(n))
    where = list(range(n))
    rng.shuffle(where)
    return vals, [1 << i for i in where]


def test_groups_lists_each_sums_groups_in_sums_tos_order():
    rng = Rng(7)
    for trial in range(300):
        vals, bits = table(rng, trial % 13)
        found = groups(vals, bits)
        for target in range(1, 15):
            assert (found[target] or []) == sums_to(vals, bits, target, []), (vals, target)


def test_groups_stops_at_its_top():
    found = groups([1, 2, 3, 9], [1, 2, 4, 8], 5)
    assert len(found) == 6 and found[5] == [2 | 4] and found[4] == [1 | 4]
