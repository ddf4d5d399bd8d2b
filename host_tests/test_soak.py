"""tools/soak/run.py: a short soak, its coverage of configurations, and its failure report."""

import subprocess
import os

from tools.box import mp
from tools.soak import run as soak

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_configurations_cover_every_level_mix():
    seen = set(soak.config(i) for i in range(soak.FULL))
    assert len(seen) == 2 * (4**2 + 4**3 + 4**4)
    first = [soak.config(i)[:2] for i in range(6)]
    assert sorted(first) == [(p, sw) for p in (2, 3, 4) for sw in (False, True)]
    for p in (2, 3, 4):
        for mix in soak.MIXES[p]:
            assert len(mix) == p and set(mix) <= set(soak.LEVELS)


def test_short_soak_passes():
    lines = []
    totals, failures = soak.soak(soak.engine_driver, 30, 7, resume_every=4, out=lines.append)
    assert failures == [], lines
    assert totals["games"] == 30 and all(totals["by_players"][p] == 10 for p in (2, 3, 4))
    assert totals["rounds"] >= 30 and totals["moves"] > 30 * 20


def test_specs_are_reproducible():
    a = soak.make_spec(417, 3)
    b = soak.make_spec(417, 3)
    assert (a.seed, a.players, a.sweeps_on, a.levels) == (b.seed, b.players, b.sweeps_on, b.levels)
    assert soak.make_spec(418, 3).seed != a.seed


def broken_driver(spec):
    """A driver whose game 2 goes wrong, standing in for a future app bug."""
    if spec.index == 2:
        soak.fail(False, "52 cards not accounted for")
    return 1, 10


def test_failure_is_reported_with_a_replay_command():
    lines = []
    status = soak.main(
        ["--games", "4", "--seed", "9", "--driver", "test_soak:broken_driver"], out=lines.append
    )
    text = "\n".join(lines)
    assert status == 1
    assert "FAIL game 2" in text and "52 cards not accounted for" in text
    assert "-m tools.soak.run --seed 9 --start 2 --games 1 --driver test_soak:broken_driver" in text
    assert "played 3 games" in text and "failures: 1" in text


def test_command_line_runs_and_exits_zero():
    done = subprocess.run(
        mp.cpython("tools.soak.run", ("--games", 3, "--seed", 5)),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=mp.cpython_env(),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "played 3 games" in done.stdout and "failures: 0" in done.stdout


def test_checks_catch_broken_positions():
    import pytest
    from engine.state import new_game

    s = new_game(3, 4)
    soak.check_move(s)
    bad = s.copy()
    bad.loose.append(bad.deck.pop())
    bad.loose.append(bad.loose[0])  # a card twice
    with pytest.raises(soak.SoakFailure):
        soak.check_state(bad)
    bad = s.copy()
    bad.builds = [(9, 0, ((bad.loose.pop(),),))]  # a build its owner cannot take
    bad.hands[0] = [c for c in bad.hands[0] if c >> 2 != 8]
    with pytest.raises((soak.SoakFailure, ValueError)):  # the soak's check or the codec's
        soak.check_state(bad)
    with pytest.raises(soak.SoakFailure):
        soak.check_round_end(s)  # not over yet
