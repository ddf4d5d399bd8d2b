"""engine/codec.py: exact round trips over random game states; corrupt records raise ValueError."""

import pytest

from engine.codec import encode, decode
from engine.movegen import legal_moves
from engine.play import play
from engine.rng import Rng
from engine.scoring import finish_round
from engine.state import new_game, State

FIELDS = (
    "n",
    "sides",
    "sweeps_on",
    "dealer",
    "turn",
    "hands",
    "loose",
    "builds",
    "deck",
    "captured",
    "sweeps",
    "last",
    "scores",
    "winner",
    "unlikely",
)


def same_state(a, b):
    for f in FIELDS:
        assert getattr(a, f) == getattr(b, f), f
    assert a.rng.to_bytes() == b.rng.to_bytes()


def game_states(players, seed, sweeps_on=True, every=1):
    """Every state of a seeded random game (whole game, several rounds)."""
    s = new_game(players, seed, sweeps_on)
    rng = Rng(seed + 99)
    step = 0
    while s.winner < 0:
        while not s.round_over():
            if step % every == 0:
                yield s.copy()
            step += 1
            moves = legal_moves(s)
            play(s, moves[rng.below(len(moves))])
        yield s.copy()
        finish_round(s)
    yield s.copy()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("sweeps_on", [True, False])
def test_round_trip_every_state_of_random_games(players, sweeps_on):
    count = 0
    for seed in range(12):
        for s in game_states(players, seed, sweeps_on):
            data = encode(s)
            t = decode(data)
            same_state(s, t)
            assert encode(t) == data
            # builds come back as tuples, so they still compare and apply the same
            assert [tuple(b) for b in t.builds] == s.builds
            if not s.round_over():
                assert legal_moves(t) == legal_moves(s)
            count += 1
    assert count > 1000


def test_decoded_state_plays_on_identically():
    s = new_game(3, 5)
    rng = Rng(1)
    for _ in range(20):
        play(s, legal_moves(s)[rng.below(len(legal_moves(s)))])
    t = decode(encode(s))
    a, b = Rng(2), Rng(2)
    while not s.round_over():
        ms, mt = legal_moves(s), legal_moves(t)
        assert ms == mt
        play(s, ms[a.below(len(ms))])
        play(t, mt[b.below(len(mt))])
        assert encode(s) == encode(t)


def test_round_trip_keeps_big_scores_and_winner_and_generator():
    s = new_game(4, 77)
    s.scores = [300, 21]
    s.winner = 1
    s.sweeps = [0, 9, 255, 1]
    s.last = 3
    s.rng.set_bytes(b"\xde\xad\xbe\xef")
    t = decode(encode(s))
    same_state(s, t)


def test_every_truncation_raises_value_error():
    for players in (2, 3, 4):
        for s in list(game_states(players, 3, every=17))[:40]:
            data = encode(s)
            for cut in range(len(data)):
                with pytest.raises(ValueError):
                    decode(data[:cut])
            with pytest.raises(ValueError):
                decode(data + b"\x00")


def test_fuzzed_records_raise_only_value_error():
    rng = Rng(12345)
    records = []
    for players in (2, 3, 4):
        records += [encode(s) for s in game_states(players, 11, every=23)]
    tried = 0
    for i in range(6000):
        data = bytearray(records[i % len(records)])
        for _ in range(1 + rng.below(3)):
            how = rng.below(4)
            pos = rng.below(len(data))
            if how == 0:
                data[pos] = rng.below(256)  # a byte changed
            elif how == 1:
                del data[pos]  # a byte dropped
            elif how == 2:
                data.insert(pos, rng.below(256))  # a byte added
            else:
                data[pos] ^= 1 << rng.below(8)  # a bit flipped
        try:
            t = decode(bytes(data))
        except ValueError:
            tried += 1
            continue
        # whatever decodes is a state with every card exactly once and seats in range
        cards = [c for h in t.hands for c in h] + t.loose + t.deck
        cards += [c for p in t.captured for c in p]
        cards += [c for b in t.builds for g in b[2] for c in g]
        assert sorted(cards) == list(range(52))
        assert 0 <= t.dealer < t.n and 0 <= t.turn < t.n
        assert -1 <= t.last < t.n and -1 <= t.winner < t.sides
    assert tried > 3000


@pytest.mark.parametrize(
    "data", [b"", b"\x00", b"\x02", b"\x01", b"\x01\x05", b"\x01\x12", bytes(200), b"\xff" * 60]
)
def test_garbage_raises_value_error(data):
    with pytest.raises(ValueError):
        decode(data)


def test_state_with_a_card_twice_or_missing_is_rejected():
    s = new_game(2, 1)
    t = s.copy()
    t.loose = t.loose + [t.hands[0][0]]
    with pytest.raises(ValueError):
        decode(encode(t))
    t = s.copy()
    t.deck = t.deck[1:]
    with pytest.raises(ValueError):
        decode(encode(t))


def test_decode_accepts_only_its_own_fields():
    # a fresh State encodes too (empty piles would fail the 52-card check)
    with pytest.raises(ValueError):
        decode(encode(State(2)))


def _take(s, name):
    # Remove a card from wherever it is in the state, for hand-made records.
    from tools.ref.card_names import parse

    card = parse(name)
    for cards in s.hands + s.captured + [s.loose, s.deck]:
        if card in cards:
            cards.remove(card)
            return card
    raise AssertionError(name)


def _record(change):
    from engine.codec import encode
    from engine.state import State

    s = State(2)
    s.dealer, s.turn = 0, 1
    s.captured[0] = list(range(52))
    s.hands[0] = [_take(s, n) for n in ("8S", "9S", "KS", "QS")]
    s.hands[1] = [_take(s, n) for n in ("8H", "9H", "KH", "QH")]
    change(s)
    return encode(s)


def test_decode_takes_the_plain_record():
    from engine.codec import decode

    decode(_record(lambda s: None))


def test_decode_rejects_states_the_engine_cannot_play():
    import pytest
    from engine.codec import decode

    def five_cards(s):
        s.hands[0].append(_take(s, "2C"))

    def groups_disagree(s):  # 5+3 is 8 but a lone 7 is 7
        s.builds.append((8, 0, ((_take(s, "5C"), _take(s, "3C")), (_take(s, "7C"),))))

    def one_card_build(s):
        s.builds.append((8, 0, ((_take(s, "8C"),),)))

    def owner_holds_nothing(s):  # seat 0 holds no 7
        s.builds.append((7, 0, ((_take(s, "4C"), _take(s, "3C")),)))

    def broken_deck(s):
        s.deck = [_take(s, n) for n in ("2D", "3D", "4D")]

    def mover_holds_nothing(s):
        s.deck = [_take(s, c) for c in ("2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D")]
        s.captured[1].extend(s.hands[1])
        s.hands[1] = []

    for change in (
        five_cards,
        groups_disagree,
        one_card_build,
        owner_holds_nothing,
        broken_deck,
        mover_holds_nothing,
    ):
        with pytest.raises(ValueError):
            decode(_record(change))
