# What the screen calls cards and moves ("capture 3", "build 8", "raise to 12", "trail").
from engine.movegen import TRAIL, trail_blocker
from gfx import SUITS

RANK = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# by movegen's kind: CAPTURE, CREATE, ADD, RAISE (TRAIL has no value)
KINDS = ("capture %d", "build %d", "build %d", "raise to %d")


def card_name(c):
    # rank then the suit glyph
    return RANK[c >> 2] + chr(SUITS + (c & 3))


def move_name(m):
    return "trail" if m[1] == TRAIL else KINDS[m[1]] % m[2]


def why(s, card):
    # Why a hand card of the seat to play has no legal move, in one status
    # line: it captures and builds nothing, and the engine names what forbids
    # its trail (whether it can be played is only ever legal_moves' answer).
    b = trail_blocker(s, card)
    if b > 0:
        return "your build %d: take or add" % b
    if b:
        return "%s can't trail: %s loose" % (card_name(card), RANK[-b - 1])
    return card_name(card) + ": no legal move here"


def side_name(s, side):
    # "P2" with 2 or 3 players; partnerships "P1+P3" / "P2+P4"
    a = "P%d" % (side + 1)
    return a + "+P%d" % (side + 3) if s.n == 4 else a

