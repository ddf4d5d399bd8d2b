"""The engine under a real MicroPython: same seed, same game; fits the board's heap."""
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
import mp  # noqa: E402


def moves_and_peak(output):
    lines = output.splitlines()
    assert lines[-1].startswith("winner "), lines[-1]
    return lines[:-1], lines[-1]


@pytest.mark.parametrize("players,seed,sweeps", [(4, 1, 1), (4, 7, 0), (3, 2, 1), (2, 3, 1)])
def test_same_seed_same_game_on_micropython(players, seed, sweeps):
    on_mp, last = moves_and_peak(mp.run("random_game.py", (players, seed, sweeps), heap="48k"))
    on_cp, _ = moves_and_peak(mp.run_cpython("random_game.py", (players, seed, sweeps)))
    assert on_mp == on_cp
    assert sum(1 for line in on_mp if not line.startswith("round")) > 40
    winner = int(last.split()[1])
    assert 0 <= winner < (2 if players == 4 else players)


def test_four_player_game_peak_heap_leaves_room():
    _, last = moves_and_peak(mp.run("random_game.py", (4, 11), heap="48k"))
    peak = int(last.split()[-1])
    assert 0 < peak < 40 * 1024


def our_modules():
    root = mp.ROOT
    found = []
    for folder in ("engine", "lib"):
        path = os.path.join(root, folder)
        if os.path.isdir(path):
            found += [os.path.join(path, f) for f in sorted(os.listdir(path)) if f.endswith(".py")]
    if os.path.exists(os.path.join(root, "code.py")):
        found.append(os.path.join(root, "code.py"))
    return found


@pytest.mark.parametrize("path", our_modules(), ids=lambda p: os.path.relpath(p, mp.ROOT))
def test_module_compiles_in_32k_heap(path):
    # DESIGN.md budget: any one module compiles from .py in a 32 KB heap.
    code = "f=%r\ncompile(open(f).read(), f, 'exec')" % path
    done = subprocess.run([mp.micropython(), "-X", "heapsize=32k", "-c", code],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
