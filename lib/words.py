# What the screen calls cards and moves ("capture 3", "build 8", "raise to 12", "trail").
from engine.movegen import CAPTURE, TRAIL, trail_blocker
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


def side_name(s, side, viewer):
    # "You" / "P2" with 2 or 3 players; partnerships "You+P3" / "P2+P4";
    # viewer -1 (several people at the board): "P1" / "P1+P3"
    a = "You" if viewer >= 0 and side == viewer % s.sides else "P%d" % (side + 1)
    return a + "+P%d" % (side + 3) if s.n == 4 else a


def worth(s, m):
    # What move m is worth, in one status line, from the engine's own play and
    # scoring: the cards it takes (points, a sweep), or those its build gathers.
    from engine.play import apply_move, EV_SWEEP
    from engine.scoring import ITEM_POINTS, ITEM_CARDS, BIG
    t = s.copy()
    pile = t.captured[s.turn]
    n = len(pile)
    ev = apply_move(t, m)
    got = pile[n:]
    if m[1] == TRAIL:
        return "trail: gives least away"
    if not got:                    # a build: the one that holds the card
        for b in t.builds:
            for g in b[2]:
                if m[0] in g:
                    got = []
                    for g2 in b[2]:
                        got.extend(g2)
    pts = 0
    for c in got:
        if c in ITEM_CARDS:
            pts += ITEM_POINTS[BIG + ITEM_CARDS.index(c)]
    text = ("take %d cards" if m[1] == CAPTURE else
            move_name(m).replace(" to", "") + " for %d cards") % (len(got) + (m[1] != CAPTURE))
    if pts:
        text += ", %dpt" % pts
    if ev & EV_SWEEP:
        text += ", sweep"
    return text[:26]
