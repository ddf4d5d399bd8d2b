"""tools/bench/crowd.py: trail-heavy games crowd the table, and the positions it keeps are
the ones it reports."""

import os
import sys

import pytest

from engine import codec
from engine.movegen import legal_moves, TRAIL
from engine.rng import Rng

from tools.bench import crowd as crowd_bench


def test_trailer_trails_when_it_may():
    rng = Rng(5)
    moves = [(0, 0, 1, 1, 0), (4, TRAIL, 0, 0, 0), (8, TRAIL, 0, 0, 0)]
    picks = [crowd_bench.trailer_move(moves, rng) for _ in range(200)]
    trails = sum(m[1] == TRAIL for m in picks)
    assert 160 <= trails < 200  # 9 in 10, not always
    only = [(0, 0, 1, 1, 0)]
    assert crowd_bench.trailer_move(only, rng) == only[0]


def test_longest_list_is_the_kept_positions():
    sizes = []
    for seed in range(3):
        moves, items, hexpos = crowd_bench.longest(4, 700 + seed)
        s = codec.decode(bytes.fromhex(hexpos))
        assert len(legal_moves(s)) == moves
        assert len(s.loose) + len(s.builds) == items
        sizes.append(moves)
    # a table nobody clears: far more moves than a game's usual handful
    assert max(sizes) > 60, sizes


@pytest.mark.skipif(
    not os.path.exists(os.path.join(os.path.dirname(sys.executable), "micropython")),
    reason="no micropython",
)
def test_heap_need_counts_the_move_list():
    s = codec.decode(bytes.fromhex(crowd_bench.longest(4, 702)[2]))
    kb, base = crowd_bench.heap_need(codec.encode(s).hex(), 0)
    assert kb is not None and kb * 1024 > base
    # the list alone: at least a tuple of five small ints a move
    assert kb * 1024 - base >= len(legal_moves(s)) * 5 * 4


@pytest.mark.skipif(
    not os.path.exists(os.path.join(os.path.dirname(sys.executable), "micropython")),
    reason="no micropython",
)
def test_computers_weigh_a_crowded_table_in_a_small_heap():
    # a table nobody cleared: over a thousand legal moves, whose whole list takes
    # over 100 KB (64-bit MicroPython); each level's decision takes a fraction
    moves, items, hexpos = crowd_bench.longest(4, 40000087)
    assert moves > 1000
    kb, base = crowd_bench.heap_need(hexpos, 0)
    assert kb * 1024 - base > 100 * 1024
    for task in (1, 2, 3):
        kb, base = crowd_bench.heap_need(hexpos, task)
        assert kb is not None and kb * 1024 - base < 64 * 1024, crowd_bench.TASKS[task]
