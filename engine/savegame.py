# What is saved: one payload of sections, each its own length, so settings and
# statistics survive a game section that is absent or can no longer be read.
#   version 1, then sections: tag (1), length (2, big-endian), body
#   tag 1 settings: players, sweeps, mute, 4 seat bytes, then the release
#         that wrote it (major, minor, patch; absent in older saves; more ignored)
#   tag 2 stats: 16-bit counters, in STAT order (missing ones read as 0)
#   tag 3 game: seat count n, n seat bytes, AI seed (4), AI count (4), then
#         the engine codec's bytes of the state (sweeps option included)
# A seat byte is 0 for a person, 1 + index in LEVELS for a computer.
from engine.codec import encode, decode
from engine.movegen import legal_moves
from engine.profile import Settings, NSTATS, seat_byte, level_of, read_settings, \
    settings_bytes

VERSION = 1
SETTINGS = 1
STATS = 2
GAME = 3
MASK = 0xFFFFFFFF


class Save:
    def __init__(self):
        self.settings = Settings()
        self.stats = [0] * NSTATS
        self.game = None      # engine State, or None
        self.seats = []       # per seat: None (a person) or a level
        self.ai_seed = 0
        self.ai_count = 0
        self.lost = 0         # bits 1 << tag of sections present but unreadable

    def next_seed(self):
        # The seed for the computer's next decision; resumes identically.
        self.ai_count += 1
        return (self.ai_seed ^ (self.ai_count * 0x9E3779B1)) & MASK


def _u32(out, x):
    for s in (24, 16, 8, 0):
        out.append(x >> s & 255)


def _int(b, i, n):
    x = 0
    for k in range(i, i + n):
        x = x << 8 | b[k]
    return x


def _section(out, tag, body):
    out.append(tag)
    out.append(len(body) >> 8)
    out.append(len(body) & 255)
    out.extend(body)


def pack(save):
    out = bytearray((VERSION,))
    _section(out, SETTINGS, settings_bytes(save.settings))
    body = bytearray()
    for v in save.stats:
        v = min(max(v, 0), 65535)
        body.append(v >> 8)
        body.append(v & 255)
    _section(out, STATS, body)
    g = save.game
    if g is not None:
        if len(save.seats) != g.n:
            raise ValueError("one seat per player")
        body = bytearray((g.n,))
        for lv in save.seats:
            body.append(seat_byte(lv))
        _u32(body, save.ai_seed)
        _u32(body, save.ai_count)
        body.extend(encode(g))
        _section(out, GAME, body)
    return bytes(out)


def _game(save, b):
    n = b[0] if b else 0
    if len(b) < n + 9 or n not in (2, 3, 4):
        raise ValueError("bad game")
    seats = [level_of(b[1 + k]) for k in range(n)]
    g = decode(bytes(b[n + 9:]))
    if g.n != n:
        raise ValueError("seats do not match the game")
    if g.winner < 0 and not g.round_over() and not legal_moves(g):
        raise ValueError("no move in the saved game")
    save.seats = seats
    save.ai_seed = _int(b, n + 1, 4)
    save.ai_count = _int(b, n + 5, 4)
    save.game = g


def unpack(data):
    # bytes -> Save. ValueError if the payload's frame is malformed (version,
    # section lengths, a repeated section); a section whose body cannot be
    # read is left at its default and its bit set in save.lost.
    if not data or data[0] != VERSION:
        raise ValueError("unknown save version")
    save = Save()
    seen = 0
    i = 1
    while i < len(data):
        if i + 3 > len(data):
            raise ValueError("save is truncated")
        tag = data[i]
        n = _int(data, i + 1, 2)
        i += 3
        if i + n > len(data) or (seen >> tag & 1):
            raise ValueError("bad section")
        seen |= 1 << tag
        body = data[i:i + n]
        i += n
        try:
            if tag == SETTINGS:
                save.settings = read_settings(body)
            elif tag == STATS:
                if n & 1:
                    raise ValueError("odd stats")
                for k in range(min(n // 2, NSTATS)):
                    save.stats[k] = _int(body, 2 * k, 2)
            elif tag == GAME:
                _game(save, body)
        except (ValueError, IndexError, KeyError, TypeError):
            save.lost |= 1 << tag
    return save
