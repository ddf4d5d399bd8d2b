"""Invariants over thousands of seeded random games, and a brute-force move oracle."""

from functools import lru_cache

from hypothesis import given, settings, strategies as st
import pytest

from casino_helpers import key
from tools.ref import card_names as C
from engine.codec import encode
from engine.movegen import legal_moves, capped_moves, each_move, CAPTURE, CREATE, ADD
from engine.play import play, IllegalMove, EV_SWEEP, EV_ROUND_OVER, EV_DEAL, EV_CAPTURE
from engine.rng import Rng
from engine.scoring import score_round, finish_round
from engine.state import new_game


# ---------------------------------------------------------------- reference moves


def _group_ok(group, w):
    return len(group) > 0 and C.group_value(group) == w


@lru_cache(maxsize=None)
def _partitions(cards, w):
    return partitions(list(cards), w)


def could_be(cards, w):
    """Cheap necessary test: rank sum plus 13 per lone Ace is a multiple of w."""
    total = sum(C.rank(c) for c in cards)
    aces = sum(1 for c in cards if C.rank(c) == 1)
    return any((total + 13 * a) % w == 0 for a in range(aces + 1))


def partitions(cards, w):
    """True if cards split into disjoint groups each worth w (RULES 2)."""
    if not cards:
        return True
    x, rest = cards[0], cards[1:]
    if C.worth(x) == w and _partitions(tuple(rest), w):
        return True
    # x with one or more of the rest, Aces as 1
    n = len(rest)
    for m in range(1, 1 << n):
        pick = [rest[i] for i in range(n) if m >> i & 1]
        if C.rank(x) + sum(C.rank(c) for c in pick) == w:
            if _partitions(tuple(rest[i] for i in range(n) if not m >> i & 1), w):
                return True
    return False


def holds(hand, value):
    return any(C.worth(c) == value or C.rank(c) == value for c in hand)


def reference_moves(s):
    """Every legal move key, straight from RULES.md 4, by brute force."""
    seat = s.turn
    hand = s.hands[seat]
    loose = s.loose
    builds = s.builds
    four = s.n == 4
    partner = (seat + 2) % 4 if four else None
    out = set()
    nl = len(loose)
    subsets = [[loose[i] for i in range(nl) if m >> i & 1] for m in range(1 << nl)]

    def nm(cards):
        return frozenset(C.name(c) for c in cards)

    def hold_ok(after, owned_values):
        return all(holds(after, v) for v in owned_values)

    for c in hand:
        after = [x for x in hand if x != c]
        v, r = C.worth(c), C.rank(c)
        # capture
        same = [j for j in range(len(builds)) if builds[j][0] == v]
        for L in subsets:
            if any(C.rank(x) == r for x in loose if x not in L):
                continue  # forced pairs
            if not (could_be(L, v) and _partitions(tuple(sorted(L)), v)):
                continue
            for bm in range(1 << len(same)):
                taken = [same[i] for i in range(len(same)) if bm >> i & 1]
                if not L and not taken:
                    continue
                left = [
                    builds[j][0]
                    for j in range(len(builds))
                    if j not in taken and builds[j][1] == seat
                ]
                if hold_ok(after, left):
                    bc = [x for j in taken for g in builds[j][2] for x in g]
                    out.add((C.name(c), "capture", None, nm(L + bc)))
        own = [b[0] for b in builds if b[1] == seat]
        # create and add
        for L in subsets:
            group = [c] + L
            total = sum(C.rank(x) for x in group)
            aces = sum(1 for x in group if C.rank(x) == 1)
            for w in range(2, 15):
                if not any((total + 13 * a) % w == 0 for a in range(aces + 1)):
                    continue
                if not _partitions(tuple(sorted(group)), w):
                    continue
                if L and hold_ok(after, own + [w]):
                    out.add((C.name(c), "build", w, nm(L)))
                for j, b in enumerate(builds):
                    if b[0] != w or b[1] == partner:
                        continue
                    others = [bb[0] for k, bb in enumerate(builds) if k != j and bb[1] == seat]
                    if hold_ok(after, others + [w]):
                        bc = [x for g in b[2] for x in g]
                        out.add((C.name(c), "build", w, nm(L + bc)))
        # raise
        for j, b in enumerate(builds):
            opponent = (b[1] - seat) % 2 == 1 if four else b[1] != seat
            w = b[0] + r
            if opponent and len(b[2]) == 1 and w <= 14:
                others = [bb[0] for k, bb in enumerate(builds) if k != j and bb[1] == seat]
                if hold_ok(after, others + [w]):
                    bc = [x for g in b[2] for x in g]
                    out.add((C.name(c), "build", w, nm(bc)))
        # trail
        if not own and not any(C.rank(x) == r for x in loose):
            out.add((C.name(c), "trail", None, frozenset()))
    return out


# ---------------------------------------------------------------- invariants


def all_cards(s):
    cards = [c for h in s.hands for c in h] + s.loose + s.deck
    cards += [c for p in s.captured for c in p]
    cards += [c for b in s.builds for g in b[2] for c in g]
    return sorted(cards)


def check_position(s):
    assert all_cards(s) == list(range(52))
    for value, owner, groups in s.builds:
        assert 2 <= value <= 14 and 0 <= owner < s.n
        assert sum(len(g) for g in groups) >= 2
        for g in groups:
            assert C.group_value(g) == value
        assert holds(s.hands[owner], value), "owner keeps a card of the value"


def mutations(s, move):
    """Moves near a legal one that may be illegal."""
    card, kind, value, lm, bm = move
    yield (card, kind, value + 1, lm, bm)
    yield (card, kind, value, lm ^ 1, bm)
    yield (card, kind, value, lm, bm ^ 1)
    yield (card, (kind + 1) % 5, value, lm, bm)
    other = [c for c in range(52) if c not in s.hands[s.turn]][0]
    yield (other, kind, value, lm, bm)


def play_game(players, seed, sweeps_on, oracle_every=0, deep_every=0, max_rounds=40):
    """Play a whole seeded game checking invariants; returns the rounds played."""
    s = new_game(players, seed, sweeps_on)
    rng = Rng(seed * 7 + 3)
    rounds = 0
    step = 0
    while True:
        check_position(s)
        after_sweep = False
        while not s.round_over():
            moves = legal_moves(s)
            assert moves, "no legal move while the round is on"
            ks = [key(s, m) for m in moves]
            assert len(set(ks)) == len(ks), "duplicate legal moves"
            if after_sweep:
                assert all(k[1] == "trail" for k in ks)
            step += 1
            if oracle_every and step % oracle_every == 0:
                assert set(ks) == reference_moves(s)
            if deep_every and step % deep_every == 0:
                for m in moves:  # every move applies cleanly
                    t = s.copy()
                    play(t, m)
                    check_position(t)
                legal = set(moves)
                before = encode(s)
                for m in moves[:3]:
                    for bad in mutations(s, m):
                        if bad in legal:
                            continue
                        with pytest.raises(IllegalMove):
                            play(s, bad)
                        assert encode(s) == before
            move = moves[rng.below(len(moves))]
            seat = s.turn
            pile = len(s.captured[seat])
            sweeps = s.sweeps[:]
            ev = play(s, move)
            check_position(s)
            if ev & EV_CAPTURE:
                assert s.last == seat and len(s.captured[seat]) > pile
            if ev & EV_SWEEP:
                assert sweeps_on and not s.loose and not s.builds and not s.round_over()
                assert s.sweeps[seat] == sweeps[seat] + 1
            else:
                assert s.sweeps == sweeps
            after_sweep = bool(ev & EV_SWEEP)
            if not ev & (EV_DEAL | EV_ROUND_OVER):
                assert s.turn == (seat + 1) % players
            elif ev & EV_DEAL:
                assert s.turn == (s.dealer + 1) % players
            if ev & EV_ROUND_OVER:
                assert s.round_over()
        assert not s.builds and not s.loose, "nothing left on the table"
        start = s.scores[:]
        points, scores, winner, items, net = score_round(s)
        expect = 11 + sum(net) - (3 if items[0] < 0 else 0) - (1 if items[1] < 0 else 0)
        assert sum(points) == expect
        assert all(x >= 0 for x in net)
        if not sweeps_on:
            assert net == [0] * s.sides
        assert all(scores[k] >= start[k] for k in range(s.sides)), "scores never decrease"
        assert all(scores[k] <= start[k] + points[k] for k in range(s.sides))
        if winner >= 0 and max(start) >= 21:
            assert scores.count(max(scores)) == 1 and scores[winner] == max(scores)
        elif winner < 0:
            top = max(scores)
            assert top < 21 or scores.count(top) > 1
        dealer = s.dealer
        finish_round(s)
        rounds += 1
        if s.winner >= 0:
            assert s.winner == winner
            return rounds
        assert s.dealer == (dealer + 1) % players
        assert rounds < max_rounds, "the game does not end"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("sweeps_on", [True, False])
def test_random_games_keep_every_invariant(players, sweeps_on):
    total = 0
    for seed in range(200):
        total += play_game(players, seed + 1000 * players, sweeps_on, deep_every=31)
    assert total >= 200


@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_moves_match_the_brute_force_reading_of_the_rules(players):
    for seed in range(12):
        play_game(players, seed, True, oracle_every=2, max_rounds=60)


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31), sweeps_on=st.booleans())
def test_hypothesis_games(players, seed, sweeps_on):
    play_game(players, seed, sweeps_on, oracle_every=3, deep_every=17)


def random_table(rng, players):
    """A random mid-round table with no builds: hands and loose cards drawn from a shuffled pack."""
    from casino_helpers import position
    from tools.ref.protocol import position_to_state

    pack = list(range(52))
    rng.shuffle(pack)
    names = [C.name(c) for c in pack]
    hands = [" ".join(names[4 * i : 4 * i + 1 + rng.below(4)]) for i in range(players)]
    k = 4 * players
    loose = " ".join(names[k : k + rng.below(9)])
    turn = rng.below(players)
    if not hands[turn]:
        hands[turn] = names[4 * turn]
    return position_to_state(position(players=players, hands=hands, loose=loose, turn=turn))


@settings(max_examples=200, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31))
def test_hypothesis_random_tables_match_the_oracle(players, seed):
    s = random_table(Rng(seed), players)
    assert set(key(s, m) for m in legal_moves(s)) == reference_moves(s)


def random_table_with_builds(rng, players):
    """A random table with up to 3 builds, each of a value its owner holds."""
    from casino_helpers import position
    from tools.ref.protocol import position_to_state

    pack = list(range(52))
    rng.shuffle(pack)
    hands = [pack[4 * i : 4 * i + 1 + rng.below(4)] for i in range(players)]
    rest = pack[4 * players :]
    builds = []

    def take_group(value, lone_ok):
        if lone_ok and rng.below(2):
            for c in rest:
                if C.worth(c) == value:
                    rest.remove(c)
                    return [c]
        for a in rest:
            for b in rest:
                if a != b and C.rank(a) + C.rank(b) == value:
                    rest.remove(a)
                    rest.remove(b)
                    return [a, b]
        return None

    for _ in range(1 + rng.below(3)):
        owner = rng.below(players)
        if not hands[owner]:
            continue
        value = C.worth(hands[owner][rng.below(len(hands[owner]))])
        if value < 3:
            continue
        groups = [take_group(value, False)]
        if groups[0] is None:
            continue
        if rng.below(3) == 0:
            groups.append(take_group(value, True))
        groups = [g for g in groups if g]
        if groups:
            builds.append(([" ".join(C.name(c) for c in g) for g in groups], owner))
    loose = rest[: rng.below(7)]
    turn = rng.below(players)
    if not hands[turn]:
        return None
    return position_to_state(
        position(
            players=players,
            turn=turn,
            hands=[" ".join(C.name(c) for c in h) for h in hands],
            loose=" ".join(C.name(c) for c in loose),
            builds=builds,
        )
    )


@settings(max_examples=400, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31))
def test_hypothesis_tables_with_builds_match_the_oracle(players, seed):
    s = random_table_with_builds(Rng(seed), players)
    if s is not None:
        assert set(key(s, m) for m in legal_moves(s)) == reference_moves(s)
        for m in legal_moves(s):
            t = s.copy()
            play(t, m)
            check_position(t)


@settings(max_examples=200, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31))
def test_one_cards_moves_and_the_capped_list_are_the_full_lists(players, seed):
    # play() walks its card's moves only; the computers and the chooser take
    # capped_moves: each card's first 32 captures and builds, every raise and trail
    s = random_table_with_builds(Rng(seed), players)
    if s is None:
        return
    every = legal_moves(s)
    assert list(each_move(s)) == every
    want = []
    for card in range(52):
        mine = [m for m in every if m[0] == card]
        assert legal_moves(s, card) == mine
        if card not in s.hands[s.turn]:
            assert mine == []
        taking = [m for m in mine if m[1] in (CAPTURE, CREATE, ADD)]
        want += [m for m in mine if m[1] not in (CAPTURE, CREATE, ADD) or m in taking[:32]]
    capped = capped_moves(s)
    assert sorted(capped) == sorted(want)
    assert capped == [m for m in every if m in want]


def test_capped_moves_cut_a_crowded_table():
    # two Aces in hand and a loose card of each rank 2 to 13: hundreds of ways to
    # take or build 14 with each Ace
    s = new_game(2, 1)
    s.turn = 0
    s.hands = [[0, 1], [48, 49]]
    s.loose = list(range(4, 52, 4))[:12]
    s.builds, s.deck = [], []
    every = legal_moves(s)
    capped = capped_moves(s)
    assert len(every) > 4 * 32
    assert set(capped) <= set(every)
    for card in s.hands[0]:
        mine = [m for m in capped if m[0] == card]
        assert len([m for m in mine if m[1] in (CAPTURE, CREATE, ADD)]) == 32
        assert [m for m in mine if m[1] not in (CAPTURE, CREATE, ADD)] == [
            m for m in every if m[0] == card and m[1] not in (CAPTURE, CREATE, ADD)
        ]


def test_a_table_past_16_loose_cards_has_the_moves_a_whole_bitmap_finds(monkeypatch):
    # No game has more than 16 loose cards (a trail never joins a loose card of
    # its rank), but a referee's position may: there the repeats are marked in a
    # sparse map, not a bitmap of 2^n bits. The same moves, in the same order,
    # as the whole bitmap finds.
    from engine import movegen, sums

    tables = []
    for seed in range(100, 112):
        rng = Rng(seed)
        pack = list(range(52))
        rng.shuffle(pack)
        s = new_game(2, 1)
        s.turn = 0
        s.hands = [pack[:4], pack[4:8]]
        s.loose = pack[8 : 25 + seed % 4]
        s.builds = []
        tables.append((s, legal_moves(s)))

    def whole(n):
        return bytearray((1 << n >> 3) + 1)

    monkeypatch.setattr(sums, "marks", whole)
    monkeypatch.setattr(movegen, "marks", whole)
    for s, sparse in tables:
        assert len(s.loose) > 16
        assert len(sparse) > 100
        assert legal_moves(s) == sparse


def test_order_inside_hands_loose_builds_and_groups_carries_no_meaning():
    # docs/REFEREE.md: only the deck is ordered; shuffling the rest changes no legal move
    import random
    from tools.ref.protocol import position_to_state, state_to_position

    shuffle = random.Random(3).shuffle
    checked = 0
    for players in (2, 3, 4):
        for seed in range(8):
            s = new_game(players, seed)
            rng = Rng(seed)
            while not s.round_over():
                moves = legal_moves(s)
                if s.builds or len(s.loose) > 3:
                    p = state_to_position(s)
                    for h in p["hands"]:
                        shuffle(h)
                    shuffle(p["loose"])
                    shuffle(p["builds"])
                    for b in p["builds"]:
                        for g in b["groups"]:
                            shuffle(g)
                        shuffle(b["groups"])
                    t = position_to_state(p)
                    assert set(key(t, m) for m in legal_moves(t)) == set(key(s, m) for m in moves)
                    checked += 1
                play(s, moves[rng.below(len(moves))])
    assert checked > 200
