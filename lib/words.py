# What the screen calls cards and moves ("capture 3", "build 8", "raise to 12", "trail").
from micropython import const
from engine.movegen import trail_blocker

_TRAIL = const(4)  # engine.movegen.TRAIL
_SUITS = const(128)  # gfx.SUITS
_B_OWNER = const(1)  # a build's owner (engine.state)

RANK = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# by movegen's kind: CAPTURE, CREATE, ADD, RAISE (TRAIL has no value)
KINDS = ("capture %d", "build %d", "build %d", "raise to %d")


def card_name(c):
    # rank then the suit glyph
    return RANK[c >> 2] + chr(_SUITS + (c & 3))


def move_name(m):
    _, kind, value, _, _ = m  # (card, kind, value, loose mask, build mask): engine.movegen
    return "trail" if kind == _TRAIL else KINDS[kind] % value


def why(s, card):
    # Why a hand card of the seat to play has no legal move, in plain words on two
    # status lines of 26 ("a\nb"): it captures and builds nothing, and the engine
    # names what forbids its trail (whether it can be played is only ever
    # legal_moves' answer). A loose card of its rank never greys a card (the card
    # takes it): said all the same.
    b = trail_blocker(s, card)
    if b > 0:
        return "you own a build of %d:\ntake it or add to it first" % b
    if b:
        return "%s matches a loose %s:\nyou must take it or build" % (card_name(card), RANK[-b - 1])
    return card_name(card) + ": no legal move here"


def told(s, m):
    # Move m of the seat to play, before it is played, as the recap keeps it:
    # (seat, card, kind, value, owner of another seat's build it takes or builds on, or -1)
    card, kind, value, _, on_builds = m
    o = -1
    for j in range(len(s.builds)):
        owner = s.builds[j][_B_OWNER]
        if on_builds >> j & 1 and owner != s.turn:
            o = owner
    return (s.turn, card, kind, value, o)


def recap(log, viewer):
    # The recap's moves (told's, with the sweep bit), each in the 31 characters
    # of a 5x7 line: "P4 J♣ capture 11 (P3's build)", "(your build)" for the
    # viewer's, "SWEEP"
    out = []
    for t in log:
        text = "P%d %s %s" % (t[0] + 1, card_name(t[1]), move_name(t[1:]))
        if t[4] >= 0:
            text += " (%s build)" % ("your" if t[4] == viewer else "P%d's" % (t[4] + 1))
        if t[5]:
            text += " SWEEP"
        out.append(text if len(text) <= 31 else text.replace(" build", ""))
    return out


def side_name(s, side):
    # "P2" with 2 or 3 players; partnerships "P1+P3" / "P2+P4"
    a = "P%d" % (side + 1)
    return a + "+P%d" % (side + 3) if s.n == 4 else a
