"""tools/memcheck.py: the engine's heap under MicroPython stays flat from round to round."""
import os
import sys

import pytest

import memcheck  # tools/ is on sys.path (conftest)

MP = os.path.join(os.path.dirname(sys.executable), "micropython")
pytestmark = pytest.mark.skipif(not os.path.exists(MP), reason="no micropython")


def flat(figures, margin):
    k = max(2, len(figures) // 5)
    return sum(figures[-k:]) / k - sum(figures[:k]) / k <= margin


def test_engine_and_computers_heap_is_flat_in_48k():
    lines = []
    status, figures = memcheck.host(["--rounds", "30", "--players", "4"], out=lines.append)
    assert status == 0, "\n".join(lines)
    assert len(figures) == 30
    assert flat(figures, 256) and max(figures) - min(figures) < 2048, figures


def test_heap_is_flat_while_saving_every_move():
    lines = []
    status, figures = memcheck.host(["--rounds", "24", "--players", "3", "--save",
                                     "--levels", "hard,easy,random"], out=lines.append)
    assert status == 0, "\n".join(lines)
    assert len(figures) == 24 and flat(figures, 256), figures
