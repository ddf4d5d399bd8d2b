"""The table's threats (engine/ai_eval.py): expect, the expected best take of a seat whose
values are held with given odds, against every combination of held values counted out."""

from fractions import Fraction
import random

import pytest

from engine import ai_eval as E


def counted_out(caps, p, x):
    """The expected best take (each take plus x) over every set of held values, each value v
    held with odds p[v] permille, independently."""
    live = [v for v in range(2, 15) if caps[v] > 0]
    total = Fraction(0)
    for held in range(1 << len(live)):
        chance = Fraction(1)
        best = 0
        for i, v in enumerate(live):
            q = Fraction(p[v], 1000)
            if held >> i & 1:
                chance *= q
                best = max(best, caps[v] + x)
            else:
                chance *= 1 - q
        total += chance * best
    return total, len(live)


def set_caps(caps):
    E.BEST_TAKE[:] = caps
    E.takes_from_best()


@pytest.mark.parametrize("case", range(100))
def test_expect_is_the_expected_best_take(case):
    rng = random.Random(case)
    caps = [0] * 15
    for v in rng.sample(range(2, 15), rng.randint(0, 8)):
        caps[v] = rng.choice((rng.randint(1, 1500), rng.randint(1, 60)))
    if rng.random() < 0.3:
        caps[rng.randrange(2, 15)] = max(caps)  # equal takes
    p = [rng.choice((0, 1000, rng.randint(0, 1000))) for _ in range(15)]
    x = rng.choice((0, 70))
    set_caps(caps)
    exact, k = counted_out(caps, p, x)
    # integer permille: each term is floored twice, and the chance that no richer value is
    # held (floored once a term) falls short by less than one permille a term before it
    bound = 2 * k + Fraction((max(caps) + x) * k * (k - 1), 2000)
    assert abs(E.expect(p, x) - exact) <= bound


def test_a_value_held_for_sure_ends_the_expectation():
    caps = [0] * 15
    caps[5], caps[9], caps[12] = 300, 800, 100
    p = [0] * 15
    p[5], p[9], p[12] = 1000, 500, 1000
    set_caps(caps)
    # the 9's 800 half the time, else the 5's 300 for sure; the 12's 100 never counts
    assert E.expect(p, 70) == 870 // 2 + 370 // 2


def test_nothing_to_take_expects_nothing():
    set_caps([0] * 15)
    assert E.expect([1000] * 15, 70) == 0


def reference_caps(loose, builds, w, sweep):
    """CAP written out from its definition: for each value, its loose cards of that value, then
    while one is left the richest group of two or more cards summing to it (Aces 1) clear of
    those taken, of equal ones the lowest mask; then its builds; the sweep if all is taken."""
    from itertools import combinations

    n = len(loose)
    rank = [(c >> 2) + 1 for c in loose]
    groups = []
    for size in range(2, n + 1):
        for idx in combinations(range(n), size):
            if sum(rank[i] for i in idx) <= 14:
                groups.append(
                    (
                        sum(1 << i for i in idx),
                        sum(rank[i] for i in idx),
                        sum(w[loose[i]] for i in idx),
                    )
                )
    groups.sort()
    cap = [0] * 15
    for v in range(2, 15):
        used = sum(1 << i for i in range(n) if (14 if rank[i] == 1 else rank[i]) == v)
        tot = sum(w[loose[i]] for i in range(n) if used >> i & 1)
        while True:
            fit = [g for g in groups if g[1] == v and g[2] > 0 and not g[0] & used]
            if not fit:
                break
            best = max(g[2] for g in fit)
            mask = min(g[0] for g in fit if g[2] == best)
            used |= mask
            tot += best
        mine = [b for b in builds if b[0] == v]
        tot += sum(w[c] for b in mine for g in b[2] for c in g)
        if (used or mine) and used == (1 << n) - 1 and len(mine) == len(builds):
            tot += sweep
        cap[v] = tot
    return cap


def game_table(rng):
    """Loose cards of distinct ranks (as play leaves them), a build or two, card weights."""
    deck = list(range(52))
    rng.shuffle(deck)
    loose, ranks = [], set()
    for c in deck:
        if len(loose) < rng.randint(0, 8) and c >> 2 not in ranks:
            ranks.add(c >> 2)
            loose.append(c)
    rest = [c for c in deck if c not in loose]
    builds = [
        (rng.randint(2, 14), rng.randint(0, 1), (tuple(rest[2 * i : 2 * i + 2]),))
        for i in range(rng.choice((0, 0, 1, 2)))
    ]
    w = [rng.choice((3, 14, 30, 214)) for _ in range(52)]
    return loose, builds, w


@pytest.mark.parametrize("case", range(60))
def test_caps_is_each_values_best_take_written_out(case):
    rng = random.Random(1000 + case)
    loose, builds, w = game_table(rng)
    sweep = rng.choice((0, 70, 100))
    E.find_takes(loose, builds, w, sweep)
    assert E.BEST_TAKE == reference_caps(loose, builds, w, sweep)
    assert sorted(E.TAKES, reverse=True) == sorted(
        (E.BEST_TAKE[v] << 4 | 15 - v for v in range(2, 15) if E.BEST_TAKE[v] > 0), reverse=True
    )


@pytest.mark.parametrize("case", range(60))
def test_what_a_move_leaves_reads_as_the_table_it_leaves(case):
    from engine.ai_sim import Sim, take
    from engine.movegen import legal_moves, TRAIL
    from engine.state import State

    rng = random.Random(2000 + case)
    loose, builds, w = game_table(rng)
    s = State(2)
    s.turn = 0
    s.loose, s.builds = loose, [b[:1] + (0,) + b[2:] for b in builds]
    s.hands[0] = [c for c in range(52) if c not in loose][rng.randint(0, 30) :][:4]
    sim = Sim(s, s.hands)
    need = rng.choice((0x7FFC, rng.getrandbits(15) & 0x7FFC))
    for m in legal_moves(s):
        E.table(s.loose, w)
        take(sim, m, w, 100)
        E.find_takes_after(m[3], m[0] if m[1] == TRAIL else -1, sim.builds, w, 100, need)
        after = E.BEST_TAKE[:], sorted(E.TAKES)
        E.find_takes(sim.loose, sim.builds, w, 100, need)
        assert after == (E.BEST_TAKE[:], sorted(E.TAKES)), m
        sim.loose, sim.builds, sim.last = s.loose, s.builds, s.last
