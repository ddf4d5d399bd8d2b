# The whole game state as compact bytes, and back, exactly.
# Layout (version 1): version, players | sweeps_on << 3, dealer, turn,
# last capturer + 1, winner + 1, generator state (4 bytes), scores (2 bytes
# each), sweeps (1 byte each), then card lists as a length byte and the cards:
# hands, loose, deck, captured; then builds: count, and for each value, owner,
# group count and the groups as card lists.
from engine.cards import group_value, worth
from engine.state import State

VERSION = 1


def _put_list(out, cards):
    out.append(len(cards))
    out.extend(cards)


def encode(s):
    out = bytearray()
    out.append(VERSION)
    out.append(s.n | (8 if s.sweeps_on else 0))
    out.append(s.dealer)
    out.append(s.turn)
    out.append(s.last + 1)
    out.append(s.winner + 1)
    x = s.rng.state
    out.extend(bytes(((x >> 24) & 255, (x >> 16) & 255, (x >> 8) & 255, x & 255)))
    for v in s.scores:
        out.append(v >> 8 & 255)
        out.append(v & 255)
    out.extend(bytes(s.sweeps))
    for h in s.hands:
        _put_list(out, h)
    _put_list(out, s.loose)
    _put_list(out, s.deck)
    for c in s.captured:
        _put_list(out, c)
    out.append(len(s.builds))
    for value, owner, groups in s.builds:
        out.append(value)
        out.append(owner)
        out.append(len(groups))
        for g in groups:
            _put_list(out, g)
    return bytes(out)


class _Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def byte(self):
        if self.pos >= len(self.data):
            raise ValueError("state record is truncated")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def cards(self):
        n = self.byte()
        if self.pos + n > len(self.data):
            raise ValueError("state record is truncated")
        out = list(self.data[self.pos:self.pos + n])
        self.pos += n
        return out


def decode(data):
    # Bytes -> State; raises ValueError on anything malformed.
    r = _Reader(data)
    if r.byte() != VERSION:
        raise ValueError("unknown state version")
    b = r.byte()
    if b & 7 not in (2, 3, 4) or b >> 4:
        raise ValueError("bad player count")
    s = State(b & 7, bool(b & 8))
    n = s.n
    s.dealer = r.byte()
    s.turn = r.byte()
    s.last = r.byte() - 1
    s.winner = r.byte() - 1
    x = 0
    for _ in range(4):
        x = x << 8 | r.byte()
    s.rng.state = x
    s.scores = [r.byte() << 8 | r.byte() for _ in range(s.sides)]
    s.sweeps = [r.byte() for _ in range(n)]
    s.hands = [r.cards() for _ in range(n)]
    s.loose = r.cards()
    s.deck = r.cards()
    s.captured = [r.cards() for _ in range(n)]
    builds = []
    for _ in range(r.byte()):
        value = r.byte()
        owner = r.byte()
        groups = tuple(tuple(r.cards()) for _ in range(r.byte()))
        builds.append((value, owner, groups))
    s.builds = builds
    if r.pos != len(data):
        raise ValueError("state record has trailing bytes")
    check(s)
    return s


def check(s):
    # What a decoded record must satisfy to be a position the engine can play:
    # seats in range, hands of at most 4, whole hands in the deck, builds whose
    # groups agree and whose owner holds their value, every card once.
    n = s.n
    if not (s.dealer < n and s.turn < n and -1 <= s.last < n and -1 <= s.winner < s.sides):
        raise ValueError("seat out of range")
    if len(s.deck) % (4 * n):
        raise ValueError("deck is not whole hands")
    for h in s.hands:
        if len(h) > 4:
            raise ValueError("hand of more than 4 cards")
    seen = bytearray(52)
    lists = s.hands + s.captured + [s.loose, s.deck]
    for value, owner, groups in s.builds:
        if owner >= n or not 2 <= value <= 14 or not groups:
            raise ValueError("bad build")
        size = 0
        for g in groups:
            if not g or group_value(g) != value:
                raise ValueError("bad build")
            size += len(g)
        if size < 2 or not _holds(s.hands[owner], value):
            raise ValueError("bad build")
        lists.extend(groups)
    for cards in lists:
        for c in cards:
            if c >= 52 or seen[c]:
                raise ValueError("card missing or twice")
            seen[c] = 1
    if sum(seen) != 52:
        raise ValueError("card missing or twice")
    if s.hands[s.turn] == [] and not s.round_over():
        raise ValueError("seat to move holds no card")


def _holds(hand, value):
    for c in hand:
        if worth(c) == value:
            return True
    return False
