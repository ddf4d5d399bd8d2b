# Teaching words, from the engine's own numbers: why a move is good (the hint's
# reason), and the coach's note after a person's move where hard's choice was clearly
# better (the first-game tips: lib/tips.py). Loaded when a teaching moment needs it and
# let go after (lib/session.py teach), so a game's heap holds none of it.
# Every line fits the 31 characters of a 5x7 line (the recap's box).
from micropython import const
from engine.cards import VALUE
from engine import ai_know, ai_eval, ai_medium, ai_sim
from words import card_name, move_name
from tips import sweeps

_CAPTURE = const(0)  # engine.movegen.CAPTURE
_TRAIL = const(4)  # engine.movegen.TRAIL
_CARD = const(0)  # a move's fields (engine.movegen)
_KIND = const(1)
_VALUE = const(2)
_LOOSE = const(3)
_B_VALUE = const(0)  # a build's fields (engine.state)
_B_GROUPS = const(2)
_BIG = const(39)  # engine.cards.BIG_CASINO
_LITTLE = const(4)  # engine.cards.LITTLE_CASINO
_LINE_CHARS = const(31)  # a 5x7 line's characters
# The coach speaks when medium's scores (centipoints, engine/ai_medium.py) put hard's
# choice this much over the person's move. Where hard and medium themselves disagree
# (two good choices: a close call) 93% of their gaps are under it, and it flags 7% of
# easy's moves, 11% of random ones (tools/bench/coach_margin.py, 8 two-player games)
MARGIN = 100  # (lib/coach.py keeps a copy: _MARGIN)
# a take the next opponent can expect under this (centipoints) is "little"
_SMALL = const(40)


def points(s, m):
    """What capture m of the seat to play takes that scores: [cards, spades, Big Casino,
    Little Casino, the Aces taken (cards), sweep]. (Its names are few: each name of a
    module loaded is a qstr the board keeps.)"""
    card, _, _, lm, bm = m
    cs = [card]  # the cards it takes, its own first
    for i in range(len(s.loose)):
        if lm >> i & 1:
            cs.append(s.loose[i])
    for j in range(len(s.builds)):
        if bm >> j & 1:
            for g in s.builds[j][_B_GROUPS]:
                cs.extend(g)
    spades = 0
    aces = []
    for c in cs:
        if c & 3 == 0:
            spades += 1
        if c < 4:
            aces.append(c)
    return [len(cs), spades, _BIG in cs, _LITTLE in cs, aces, sweeps(s, m)]


def takes_words(s, m):
    """'takes 4 cards, 2 spades, Big 10♦, A♥, SWEEP'"""
    n, spades, big, little, aces, sw = points(s, m)
    parts = ["%d cards" % n]
    if big:
        parts.append("Big 10" + chr(131))
    if little:
        parts.append("Little 2" + chr(128))
    for a in aces:
        parts.append(card_name(a))
    if spades:
        parts.append("%d spade%s" % (spades, "s" if spades > 1 else ""))
    # as many parts as fit the line, ", " between
    out = "SWEEP: takes " if sw else "takes "
    for i in range(len(parts)):
        t = out + (", " if i else "") + parts[i]
        if len(t) > _LINE_CHARS:
            break
        out = t
    return out


def leaves(s, m, w, p):
    """What m leaves the next opponent: (centipoints it can expect, words)"""
    seat = s.turn
    o = (seat + 1) % s.n
    who = "P%d" % (o + 1)
    # BEST_TAKE as m leaves the table for the next seat
    sim = ai_sim.Sim(s, None)
    ai_sim.take(sim, m, w, 0)
    ai_eval.table(s.loose, w)
    ai_eval.find_takes_after(
        m[_LOOSE],
        m[_CARD] if m[_KIND] == _TRAIL else -1,
        sim.builds,
        w,
        ai_know.SWEEP if s.sweeps_on else 0,
    )
    bt = ai_eval.BEST_TAKE
    best = bv = 0
    for v in range(2, 15):
        x = bt[v] * p[v] // 1000
        if x > best:
            best = x
            bv = v
    if best < _SMALL:
        return best, "leaves %s little to take" % who
    # the richest item of that value: a loose card, else a build, else cards summing to it
    top = -1
    for c in sim.loose:
        if VALUE[c] == bv and (top < 0 or w[c] > w[top]):
            top = c
    if top >= 0:
        return best, "leaves %s the %s to take" % (who, card_name(top))
    for b in sim.builds:
        if b[_B_VALUE] == bv:
            return best, "leaves %s the build of %d" % (who, bv)
    return best, "leaves %s cards making %d" % (who, bv)


def view(s):
    # the seat to play's weights and odds (medium's and hard's own numbers)
    seat = s.turn
    w = ai_know.weights(s, seat, True)
    p = ai_medium.odds(s, seat, ai_know.unseen(s, seat))
    return w, p


def reason(s, m, moves=None):
    """Why move m of the seat to play is good, in one or two lines (a list): what it
    takes, builds or keeps, what it leaves the next opponent; for a trail, why
    that card (what the best capture or build would have given away). moves: the
    seat's legal moves (the engine's list), for a trail's alternatives."""
    w, p = view(s)
    kind = m[_KIND]
    if kind == _CAPTURE:
        first = takes_words(s, m)
    elif kind == _TRAIL:
        first = "%s: nothing better to do" % card_name(m[_CARD])
        least = True  # the trail worth least of the hand's trails
        for t in moves or ():
            if t[_KIND] == _TRAIL and w[t[_CARD]] < w[m[_CARD]]:
                least = False
        if least:
            first = "%s is worth least to give" % card_name(m[_CARD])
        if moves:
            # the best capture or build by medium's scores, and what it leaves
            alt = None
            sc = ai_medium.scores(s, moves, w, p)
            top = -(1 << 29)
            for i in range(len(moves)):
                if moves[i][_KIND] != _TRAIL and sc[i] > top:
                    top = sc[i]
                    alt = moves[i]
            if alt is not None:
                x, words = leaves(s, alt, w, p)
                mine, _ = leaves(s, m, w, p)
                if x > mine and x >= _SMALL:
                    return [first, (move_name(alt) + " would leave" + words[6:])[:_LINE_CHARS]]
    else:
        # a build or raise: "build 9 for your 9♣ next turn", the hand card that takes it
        first = move_name(m)
        for c in s.hands[s.turn]:
            if c != m[_CARD] and VALUE[c] == m[_VALUE]:
                t = "%s for your %s next turn" % (first, card_name(c))
                first = t if len(t) <= _LINE_CHARS else t[:-10]
                break
    _, words = leaves(s, m, w, p)
    return [first[:_LINE_CHARS], words[:_LINE_CHARS]]


def coach(s, move, h):
    """After the seat to play in s chose move where hard chose h: None, or (centipoints
    lost, h's lines: coach.said adds what was lost) where h beats move by MARGIN or more on
    medium's scores."""
    if h == move:
        return None
    gap = ai_medium.gaps(s, [move], h)[0]
    if gap < MARGIN:
        return None
    return gap, advice(s, h)


def advice(s, h):
    # the coach's lines for hard's choice h: the move, and why
    return ["better: %s %s" % (card_name(h[_CARD]), move_name(h)), reason(s, h)[0]]
