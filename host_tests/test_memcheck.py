"""tools/bench/memcheck.py: the engine's heap under MicroPython stays flat from round to round.

The children run from the repository root with relative paths (tools/box/mp.py), so the figures do
not depend on the checkout's directory. The heaps here leave margin above what the runs need
(four hard computers hold about 46 KB after a round, and their modules' compile at the first
decision needs about 78 KB, 84-88 KB with saving, on the host's 64-bit build): these tests check
that nothing leaks, on several seeds; the tight figures are `make bench`'s.
"""

import os
import sys

import pytest

from tools.bench import memcheck

MP = os.path.join(os.path.dirname(sys.executable), "micropython")
pytestmark = pytest.mark.skipif(not os.path.exists(MP), reason="no micropython")


def spread_ok(figures):
    # every round ends with about the same heap: no step of 2 KB anywhere
    return max(figures) - min(figures) < 2048


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_engine_and_computers_heap_is_flat(seed):
    lines = []
    status, figures = memcheck.host(
        ["--rounds", "12", "--players", "4", "--seed", str(seed), "--heap", "96k"], out=lines.append
    )
    assert status == 0, "\n".join(lines)  # status 0: flat within memcheck's 512-byte margin
    assert len(figures) == 12
    assert spread_ok(figures), figures


@pytest.mark.parametrize("seed", [1, 2])
def test_heap_is_flat_while_saving_every_move(seed):
    lines = []
    status, figures = memcheck.host(
        [
            "--rounds",
            "12",
            "--players",
            "3",
            "--save",
            "--seed",
            str(seed),
            "--levels",
            "hard,easy,random",
            "--heap",
            "96k",
        ],
        out=lines.append,
    )
    assert status == 0, "\n".join(lines)
    assert len(figures) == 12
    assert spread_ok(figures), figures
