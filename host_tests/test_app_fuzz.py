# Random button streams through the board's input path (tools/soak/fuzz.py): no crash,
# no illegal move applied, a responsive app afterwards.
import os
import sys

import pytest

from tools.soak import fuzz as fuzz_app
from tools.soak import app_driver as soak_app
from tools.soak.run import SoakFailure
from engine.state import new_game
from engine.movegen import legal_moves, TRAIL

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(autouse=True)
def restore_play():
    # the board check lets a game's modules go and the app loads them again: the tests after
    # this one see the modules (and the engine package's) as they were
    kept = dict(sys.modules)
    engine = dict(vars(sys.modules["engine"]))
    yield
    sys.modules.clear()
    sys.modules.update(kept)
    for k, v in engine.items():
        setattr(sys.modules["engine"], k, v)
    from engine.play import play

    soak_app.install(play)


# Every screen but the error screen (which the fuzz counts as a failure), split by where a run of
# random buttons reaches it: from a fresh board, or from a game a few moves from its end.
FROM_FRESH = {"title", "setup", "rules", "stats", "check", "play", "pause"}
FROM_LATE = {"pass", "summary", "over"}


def test_the_runs_below_cover_every_screen():
    screens = set(
        n[len("screen_") : -3]
        for n in os.listdir(os.path.join(ROOT, "lib"))
        if n.startswith("screen_") and n.endswith(".py")
    )
    screens.add("pause")  # (over the table)
    assert FROM_FRESH | FROM_LATE == screens - {"error"}


@pytest.mark.parametrize("seed", [1, 2])
def test_random_button_events_from_a_fresh_board(seed):
    # make check-long runs 100,000 events; here 15,000, with a power cut every 1,000 steps or so
    f = fuzz_app.fuzz(15000, seed, reboot_every=1000, out=lambda line: None)
    assert f["events"] >= 15000
    assert f["moves"] > 100 and f["games"] > 5  # it got into games and played
    assert f["reboots"] >= 2 and f["torn"] >= 1 and f["failed_writes"] >= 1
    assert FROM_FRESH <= set(f["screens"]), f["screens"]


@pytest.mark.parametrize("seed", [1, 2])
def test_random_button_events_from_a_game_near_its_end(seed):
    start = fuzz_app.late_save(seed)
    assert start.game.scores == [20, 20, 20] and not start.game.deck
    f = fuzz_app.fuzz(8000, seed, out=lambda line: None, start=start)
    assert f["rounds"] >= 1
    assert FROM_LATE <= set(f["screens"]), f["screens"]


@pytest.mark.long
@pytest.mark.parametrize("seed", [1, 2])
def test_100000_random_button_events(seed):
    lines = []
    f = fuzz_app.fuzz(100000, seed, out=lines.append)
    assert f["events"] >= 100000
    assert f["moves"] > 300 and f["games"] > 10  # it got into games and played
    assert f["reboots"] >= 1 and f["failed_writes"] >= 1
    assert "play" in lines[1] and "pause" in lines[1]


def test_queue_overflow_lets_go_of_lost_releases():
    p = fuzz_app.Board(None)
    p.keys.set(3, True)  # SELECT down ...
    for _ in range(fuzz_app.QUEUE):
        p.keys.events.put(1, True)  # ... a flood ...
    p.keys.set(3, False)  # ... and its release is lost
    assert p.keys.events.overflowed
    assert p.poll(0) == 0  # the queue is dropped, nothing is held
    assert not p.rep.down
    p.keys.set(2, True)
    assert p.poll(10) == fuzz_app.K.START  # START, not SELECT + START


def test_an_illegal_move_is_caught():
    s = new_game(2, 1)
    legal = legal_moves(s)
    card = [c for c in range(52) if c not in s.hands[s.turn]][0]
    with pytest.raises(SoakFailure):
        soak_app.Checker()(s, (card, TRAIL, 0, 0, 0))
    assert soak_app.Checker()(s, legal[0]) is not None
