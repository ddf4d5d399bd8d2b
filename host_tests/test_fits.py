"""tools/strength/fits.py: how often hard's deal check fits the opponents' plays."""

from engine import ai_medium
from tools.strength import fits


def test_medium_is_fitted_more_often_than_a_newcomer_and_counts_add_up():
    medium = fits.fits("medium", 4, 2, 9900001)
    newcomer = fits.fits("newcomer", 4, 2, 9900001)
    for t in (medium, newcomer):
        assert t["checked"] > 20
        assert 0 <= t["fitted"] <= t["checked"]
        # a checked deal weighs at least one move, and stops soon after CHECKED
        assert t["checked"] <= t["weighed"] <= t["checked"] * 3 * ai_medium.CHECKED[4]
    # the check asks whether medium would have made the play: medium's plays fit best
    assert medium["fitted"] / medium["checked"] > newcomer["fitted"] / newcomer["checked"]


def test_the_watch_ends_with_the_run():
    fits.fits("medium", 4, 1, 9900001)
    assert ai_medium.deal is fits._deal
    assert ai_medium.beaten is fits._beaten
