# What is saved: one payload of sections, each its own length, so settings and
# statistics survive a game section that is absent or can no longer be read.
#   version 1, then sections: tag (1), length (2, big-endian), body
#   tag 1 settings: players, sweeps, mute, 4 seat bytes, then the release
#         that wrote it (major, minor, patch; without them it reads as 0.0.0),
#         the computers' speed (without it: normal), the coach (without it: auto),
#         the first-game tips shown (2 bytes, a bit each; without them: none; more ignored)
#   tag 2 stats: 16-bit counters, in STAT order (missing ones read as 0)
#   tag 3 game: seat count n, n seat bytes, AI seed (4), AI count (4), then
#         the engine codec's bytes of the state (sweeps option included)
#   tag 4 table (with a game): the card the person's cursor was on (255: none),
#         then the recap, the moves since the person's last turn, 6 bytes each:
#         seat, card, kind, value, 1 + the seat whose build it used (0: none), sweep
# A seat byte is 0 for a person, 1 + index in LEVELS for a computer.
# Writing it is here, with the game (the autosave); reading it is engine/saveread.py's,
# loaded only when a save is read (at boot, and by Continue).
from engine import const
from engine.codec import encode
from engine.settings import Settings, LEVELS

VERSION = 1
SETTINGS = 1
STATS = 2
GAME = 3
TABLE = 4
MASK = 0xFFFFFFFF
_NSTATS = const(17)  # engine.profile.NSTATS


def seat_byte(level):
    """A seat's byte in the saved settings: 0 a person, else its level's index + 1."""
    return 0 if level is None else LEVELS.index(level) + 1


def settings_bytes(st):
    """The settings as saved bytes."""
    out = bytearray((st.players, int(bool(st.sweeps)), int(bool(st.mute))))
    for lv in st.seats[:4]:
        out.append(seat_byte(lv))
    for v in st.version:
        out.append(v & 255)
    out.append(st.speed)
    out.append(st.coach)
    out += (st.tips & 0xFFFF).to_bytes(2, "big")
    return out


class Save:
    def __init__(self):
        self.settings = Settings()
        self.stats = [0] * _NSTATS
        self.game = None  # engine State, or None
        self.seats = []  # per seat: None (a person) or a level
        self.ai_seed = 0
        self.ai_count = 0
        self.cursor = -1  # the hand card the person's cursor was on, or -1
        # the recap: (seat, card, kind, value, owner or -1, sweep) per move, the
        # last moves (lib/words.py told, recap)
        self.recap = []
        self.lost = 0  # bits 1 << tag of sections present but unreadable

    def next_seed(self):
        """The seed for the computer's next decision; resumes identically."""
        self.ai_count += 1
        return (self.ai_seed ^ (self.ai_count * 0x9E3779B1)) & MASK


def _section(out, tag, body):
    out.append(tag)
    out += len(body).to_bytes(2, "big")
    out += body


def pack(save):
    """The whole save as one record of sections."""
    out = bytearray((VERSION,))
    _section(out, SETTINGS, settings_bytes(save.settings))
    body = bytearray()
    for v in save.stats:
        body += min(max(v, 0), 65535).to_bytes(2, "big")
    _section(out, STATS, body)
    g = save.game
    if g is not None:
        if len(save.seats) != g.n:
            raise ValueError("one seat per player")
        body = bytearray((g.n,))
        for lv in save.seats:
            body.append(seat_byte(lv))
        body += (save.ai_seed & MASK).to_bytes(4, "big")
        body += (save.ai_count & MASK).to_bytes(4, "big")
        body += encode(g)
        _section(out, GAME, body)
        body = bytearray((save.cursor & 255,))
        for t in save.recap:
            body += bytes((t[0], t[1], t[2], t[3], t[4] + 1, 1 if t[5] else 0))
        _section(out, TABLE, body)
    return bytes(out)
