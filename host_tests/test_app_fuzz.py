# Random button streams through the board's input path (tools/fuzz_app.py): no crash,
# no illegal move applied, a responsive app afterwards.
import pytest

import fuzz_app
import soak_app
from soak import SoakFailure
from engine.state import new_game
from engine.movegen import legal_moves, TRAIL


@pytest.fixture(autouse=True)
def restore_play():
    yield
    from engine.play import play
    soak_app.install(play)


@pytest.mark.parametrize("seed", [1, 2])
def test_100000_random_button_events(seed):
    lines = []
    f = fuzz_app.fuzz(100000, seed, out=lines.append)
    assert f["events"] >= 100000
    assert f["moves"] > 300 and f["games"] > 10         # it got into games and played
    assert f["reboots"] >= 1 and f["failed_writes"] >= 1
    assert "play" in lines[1] and "pause" in lines[1]


def test_queue_overflow_lets_go_of_lost_releases():
    p = fuzz_app.Board(None)
    p.keys.set(3, True)                       # SELECT down ...
    for _ in range(fuzz_app.QUEUE):
        p.keys.events.put(1, True)            # ... a flood ...
    p.keys.set(3, False)                      # ... and its release is lost
    assert p.keys.events.overflowed
    assert p.poll(0) == 0                     # the queue is dropped, nothing is held
    assert not p.rep.down
    p.keys.set(2, True)
    assert p.poll(10) == fuzz_app.K.START     # START, not SELECT + START


def test_an_illegal_move_is_caught():
    s = new_game(2, 1)
    legal = legal_moves(s)
    card = [c for c in range(52) if c not in s.hands[s.turn]][0]
    with pytest.raises(SoakFailure):
        soak_app.Checker()(s, (card, TRAIL, 0, 0, 0))
    assert soak_app.Checker()(s, legal[0]) is not None
