"""The engine under a real MicroPython: same seed, same game; fits the board's heap.

The children run from the repository root with relative paths (tools/box/mp.py), so the heap
figures do not depend on the checkout's directory."""

import pytest

from tools.box import mp


def moves_and_peak(output):
    lines = output.splitlines()
    assert lines[-1].startswith("winner "), lines[-1]
    return lines[:-1], lines[-1]


@pytest.mark.parametrize("players,seed,sweeps", [(4, 1, 1), (4, 7, 0), (3, 2, 1), (2, 3, 1)])
def test_same_seed_same_game_on_micropython(players, seed, sweeps):
    on_mp, last = moves_and_peak(mp.run("random_game_mp", (players, seed, sweeps), heap="48k"))
    on_cp, _ = moves_and_peak(mp.run_cpython("tools.bench.random_game_mp", (players, seed, sweeps)))
    assert on_mp == on_cp
    assert sum(1 for line in on_mp if not line.startswith("round")) > 40
    winner = int(last.split()[1])
    assert 0 <= winner < (2 if players == 4 else players)


@pytest.mark.parametrize("seed", [11, 12])
def test_four_player_game_peak_heap_leaves_room(seed):
    # about 23 KB of the 48 KB heap: the limit sits well away from both
    _, last = moves_and_peak(mp.run("random_game_mp", (4, seed), heap="48k"))
    peak = int(last.split()[-1])
    assert 0 < peak < 40 * 1024


# Every module the board runs compiling in a 28 KB heap: host_tests/test_app_budget.py.
