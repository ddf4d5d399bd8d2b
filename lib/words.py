# What the screen calls cards and moves ("capture 3", "build 8", "raise to 12", "trail").
from engine.movegen import CAPTURE, RAISE, TRAIL

RANK = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def card_name(c):
    # rank then the suit glyph (chars 128..131 in our fonts: S C H D)
    return RANK[c >> 2] + chr(128 + (c & 3))


def move_name(m):
    kind = m[1]
    if kind == CAPTURE:
        return "capture %d" % m[2]
    if kind == TRAIL:
        return "trail"
    if kind == RAISE:
        return "raise to %d" % m[2]
    return "build %d" % m[2]


def side_name(s, side, viewer):
    # "You" / "P2" with 2 or 3 players; partnerships "You+P3" / "P2+P4";
    # viewer -1 (several people at the board): "P1" / "P1+P3"
    if s.n == 4:
        a = "You" if viewer >= 0 and side == viewer % 2 else "P%d" % (side + 1)
        return a + "+P%d" % (side + 3)
    return "You" if side == viewer else "P%d" % (side + 1)
