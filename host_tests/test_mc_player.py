"""The determinized Monte Carlo sparring partner (tools/strength/mc_player.py): its deals keep to
what the seat sees, its scoring counts the round's items, and it plays legal moves blind to the
hidden cards."""

import random

import pytest

from tools.ref import card_names as C
from tools.strength import mc_player as MC
from casino_helpers import hidden_dealt_afresh, state
from engine.ai import choose_move
from engine.movegen import legal_moves, CAPTURE
from engine.play import apply_move
from engine.scoring import score_round
from engine.state import new_game

FEW = 40  # playouts a decision in these tests: quick, and enough to be deterministic


def positions(players, seed, every=3):
    """Positions of one round played by medium, one in every `every` moves."""
    s = new_game(players, seed)
    out = []
    k = 0
    while not s.round_over():
        if k % every == 0:
            out.append(s.copy())
        apply_move(s, choose_move(s, "medium", k))
        k += 1
    return out


def all_cards(t):
    cards = list(t.deck) + list(t.loose)
    for h in t.hands:
        cards += h
    for pile in t.captured:
        cards += pile
    for b in t.builds:
        for g in b[2]:
            cards += g
    return sorted(cards)


@pytest.mark.parametrize("players", (2, 3, 4))
def test_deals_keep_what_the_seat_sees(players):
    with_builds = 0
    for seed in range(1, 9):
        for s in positions(players, seed, every=2):
            seat = s.turn
            hidden = MC.unseen_cards(s, seat)
            need = MC.held_values(s)
            with_builds += any(need[o] for o in range(players) if o != seat)
            for r in range(4):
                t = MC.sample_deal(s, seat, random.Random(r), hidden, need)
                assert all_cards(t) == list(range(52))
                assert t.hands[seat] == s.hands[seat]
                assert t.loose == s.loose and t.builds == s.builds and t.captured == s.captured
                for o in range(players):
                    assert len(t.hands[o]) == len(s.hands[o])
                    have = set(MC.value_of(c) for c in t.hands[o])
                    assert need[o] <= have, (o, t.hands[o], need[o])
                assert len(t.deck) == len(s.deck)
    assert with_builds >= 10


def test_a_deal_that_shuffles_rarely_keep_is_mended():
    # seat 1 owns a build of 14 (two Aces seen, one in seat 0's hand, one
    # hidden among 40 cards): a shuffle seldom gives it the Ace; it always
    # has it, mended where the shuffles failed
    s = state(
        players=2,
        hands=["AS 3C 4D", "KD AH 6C"],
        loose="5H",
        builds=[(["9S 5S"], 1)],
        deck=" ".join(
            "2C 2D 2H 3D 3H 3S 4C 4H 4S 5C 5D 6D 6H 6S 7C 7D 7H 7S 8C 8D "
            "8H 8S 9C 9D 9H JC JD JH JS QC QD QH QS KC KH KS TC TH TS TD".split()
        ),
        turn=0,
    )
    hidden = MC.unseen_cards(s, 0)
    assert 0 < sum(1 for c in hidden if MC.value_of(c) == 14)
    need = MC.held_values(s)
    assert need[1] == {14}
    tries = MC.HOLD_TRIES
    try:
        MC.HOLD_TRIES = 1  # a shuffle that fails is mended, not kept
        for r in range(30):
            t = MC.sample_deal(s, 0, random.Random(r), hidden, need)
            assert any(MC.value_of(c) == 14 for c in t.hands[1])
            assert all_cards(t) == list(range(52))
    finally:
        MC.HOLD_TRIES = tries


def brute_most(have, left):
    """Each side's chance of the strictly largest count, every split of
    `left` cards counted (sides ** left ways)."""
    sides = len(have)
    odds = [0.0] * sides
    ways = sides**left
    for k in range(ways):
        c = list(have)
        for _ in range(left):
            c[k % sides] += 1
            k //= sides
        top = max(c)
        if c.count(top) == 1:
            odds[c.index(top)] += 1.0 / ways
    return odds


@pytest.mark.parametrize(
    "have,left",
    [
        ((3, 5), 6),
        ((10, 10), 7),
        ((20, 5), 3),
        ((0, 0), 0),
        ((2, 3, 4), 5),
        ((6, 1, 1), 4),
        ((0, 0, 0), 6),
    ],
)
def test_most_odds_count_every_split(have, left):
    assert MC.most_odds(have, left) == pytest.approx(brute_most(have, left))


@pytest.mark.parametrize("players", (2, 3, 4))
def test_a_finished_round_scores_as_the_engine_does(players):
    # with nothing left undecided the expected points are the round's points
    for seed in range(1, 6):
        s = new_game(players, seed)
        k = 0
        while not s.round_over():
            apply_move(s, choose_move(s, "easy", k))
            k += 1
        points = score_round(s)[0]
        assert MC.expected_points(s) == pytest.approx(points)


def test_undecided_items_are_shared():
    # a fresh 2-player deal: nothing taken, each side expects half of every
    # item; most cards goes to nobody only on a 26-26 split, most spades
    # always to someone (13 is odd)
    s = new_game(2, 3)
    points = MC.expected_points(s)
    assert points[0] == pytest.approx(points[1])
    tie = MC._binomial(52, 26) / 2.0**52
    assert sum(points) == pytest.approx(3 * (1 - tie) + 1 + 7)
    assert MC.margin(s, 0) == pytest.approx(0.0)


@pytest.mark.parametrize("players", (2, 3, 4))
def test_moves_are_legal_deterministic_and_blind(players):
    for i, s in enumerate(positions(players, 11, every=5)):
        m = MC.choose(s, i, FEW)
        assert m in legal_moves(s)
        assert MC.choose(s, i, FEW) == m
        # the cards it cannot see dealt afresh: the same answer
        for r in range(2):
            t = hidden_dealt_afresh(s, 31 * i + r, keep=s.hands[s.turn])
            assert MC.choose(t, i, FEW) == m


def test_it_takes_a_sweep():
    # the seven takes the table's only card: a sweep, where the two would
    # trail beside it
    s = state(
        players=2,
        hands=["2C 7H", "KD QH"],
        loose="7S",
        turn=0,
        dealer=1,
        deck="3C 3D 4C 4D 5C 5D 6C 6D",
    )
    for seed in range(3):
        m = MC.choose(s, seed, FEW)
        assert m[1] == CAPTURE and m[0] == C.parse("7H")
