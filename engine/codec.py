# The whole game state as compact bytes, and back, exactly.
# Layout (version 1): version, players | sweeps_on << 3, dealer, turn,
# last capturer + 1, winner + 1, generator state (4 bytes), scores (2 bytes
# each), sweeps (1 byte each), then card lists as a length byte and the cards:
# hands, loose, deck, captured; then builds: count, and for each value, owner,
# group count and the groups as card lists. decode() checks the position with
# engine/codec_check.py (its own module so each compiles in a small heap);
# `from engine.codec import check` still works.
from engine.state import State
from engine.codec_check import check

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
