"""Put the repository root, tools/ and host_tests/ on sys.path for every host test."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for _p in (HERE, os.path.join(ROOT, "tools"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import pytest  # noqa: E402


@pytest.fixture
def checked_moves():
    """Every move the app applies is checked (legal, cards, codec): soak_app's Checker
    stands in for screen_play's play() during the test."""
    from soak_app import Checker, install
    install(Checker())
    yield
    from engine.play import play
    install(play)
