"""tools/strength/ai_gap.py: hard against itself seeing the other hand, and reply against medium."""

from tools.strength import ai_gap
from engine import ai_medium, ai_play


def test_seeing_never_scores_below_hard_and_counts_add_up():
    gap, agree, turns = ai_gap.run(2, 5000001)
    decisions = sum(g[0] for g in gap.values())
    assert decisions > 20 and turns > 20
    for (cards, _leads), (n, differ, short) in gap.items():
        assert 1 <= cards <= 4
        assert 0 <= differ <= n
        # the seeing search picks the best candidate by these very playouts
        assert short >= 0
        assert differ or short == 0
    assert 0 < agree <= turns


def test_the_watch_ends_with_the_run():
    ai_gap.run(1, 5000003)
    assert ai_medium.deal is ai_gap._deal
    assert ai_play.playout is ai_gap._playout
