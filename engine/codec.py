# The whole game state as compact bytes, and back, exactly.
# Layout (version 1): version, players | sweeps_on << 3, dealer, turn,
# last capturer + 1, winner + 1, generator state (4 bytes), scores (2 bytes
# each), sweeps (1 byte each), then card lists as a length byte and the cards:
# hands, loose, deck, captured; then builds: count, and for each value, owner,
# group count and the groups as card lists; version 2 ends with what the
# plays said of the hands (state.unlikely), two cards a byte, the lower card
# in the low 4 bits. All numbers big-endian.
from engine import const
from engine.state import State
from engine.cards import group_value, worth

_B_GROUPS = const(2)  # a build's groups (engine.state)

VERSION = 2


def encode(s):
    """The state as bytes (decode reads them back)."""
    out = bytearray(
        (VERSION, s.n | (8 if s.sweeps_on else 0), s.dealer, s.turn, s.last + 1, s.winner + 1)
    )
    out += s.rng.to_bytes()
    for v in s.scores:
        out += (v & 0xFFFF).to_bytes(2, "big")
    out += bytes(s.sweeps)
    for cards in s.hands + [s.loose, s.deck] + s.captured:
        out.append(len(cards))
        out += bytes(cards)
    out.append(len(s.builds))
    for value, owner, groups in s.builds:
        out += bytes((value, owner, len(groups)))
        for g in groups:
            out.append(len(g))
            out += bytes(g)
    u = s.unlikely
    for c in range(0, 52, 2):
        out.append(u[c] | u[c + 1] << 4)
    return bytes(out)


def decode(data):
    """Bytes -> State; ValueError for anything malformed. Every byte is read
    with next(): running out is StopIteration, reported as ValueError (no
    generator expressions: on MicroPython one would just end)."""
    it = iter(data)
    try:
        version = next(it)
        b = next(it)  # players | sweeps_on << 3
        if version not in (1, 2) or b & 7 not in (2, 3, 4) or b >> 4:
            raise ValueError("bad state record")
        s = State(b & 7, bool(b & 8))
        n = s.n
        s.dealer = next(it)
        s.turn = next(it)
        s.last = next(it) - 1
        s.winner = next(it) - 1
        s.rng.set_bytes((next(it), next(it), next(it), next(it)))
        for k in range(s.sides):  # State made the lists: scores, sweeps
            s.scores[k] = next(it) << 8 | next(it)
        for k in range(n):
            s.sweeps[k] = next(it)
        lists = []  # hands, loose, deck, captured
        for _ in range(2 * n + 2):
            lists.append(_cards(it))
        s.hands = lists[:n]
        s.loose = lists[n]
        s.deck = lists[n + 1]
        s.captured = lists[n + 2 :]
        s.builds = []
        for _ in range(next(it)):
            value = next(it)
            owner = next(it)
            groups = []
            for _ in range(next(it)):
                groups.append(tuple(_cards(it)))
            s.builds.append((value, owner, tuple(groups)))
        if version > 1:  # (version 1 has none: nothing said)
            for c in range(0, 52, 2):
                b = next(it)
                if (b & 15) >> n or b >> 4 + n:  # a seat out of range
                    raise ValueError("bad state record")
                s.unlikely[c] = b & 15
                s.unlikely[c + 1] = b >> 4
    except StopIteration:
        # (no "from None": a CircuitPython built without exception chaining warns on it)
        raise ValueError("bad state record")  # noqa: B904
    for _ in it:
        raise ValueError("bad state record")
    check(s)
    return s


def _cards(it):
    # a card list: its length, then the cards
    out = []
    for _ in range(next(it)):
        out.append(next(it))
    return out


def check(s):
    """What a decoded record must satisfy to be a position the engine can play
    (one message for all: each test says what it is for)."""
    n = s.n
    # seats in range, whole hands in the deck, hands of at most 4
    if (
        not (s.dealer < n and s.turn < n and -1 <= s.last < n and -1 <= s.winner < s.sides)
        or len(s.deck) % (4 * n)
        or max(map(len, s.hands)) > 4
    ):
        raise ValueError("not a playable position")
    lists = s.hands + s.captured + [s.loose, s.deck]
    for b in s.builds:
        lists.extend(b[_B_GROUPS])
    seen = bytearray(52)  # every card once (first: the rules read cards by index)
    for cards in lists:
        for c in cards:
            if c >= 52 or seen[c]:
                raise ValueError("not a playable position")
            seen[c] = 1
    for value, owner, groups in s.builds:
        # its groups agree on a value from 2 to 14 (an empty group's is 0),
        # two cards at least, and its owner holds a card of that value
        size = 0
        for g in groups:
            if group_value(g) != value:
                raise ValueError("not a playable position")
            size += len(g)
        held = False
        if owner < n:
            for c in s.hands[owner]:
                held = held or worth(c) == value
        if not held or not 2 <= value <= 14 or size < 2:
            raise ValueError("not a playable position")
    # ... and all 52 of them; the seat to move holds a card unless the round is over
    if sum(seen) != 52 or not s.hands[s.turn] and not s.round_over():
        raise ValueError("not a playable position")
