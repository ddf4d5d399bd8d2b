# A light apply of a move for the computer players' look-ahead: only the
# table changes (new lists, the old ones are kept for undo) and the weight
# the move captures is returned. Build groups are kept as one card tuple,
# with an empty second group marking a multiple build.
from engine import const
from engine.cards import RANK

_CAPTURE = const(0)  # engine.movegen.CAPTURE
_CREATE = const(1)  # engine.movegen.CREATE
_RAISE = const(3)  # engine.movegen.RAISE
_TRAIL = const(4)  # engine.movegen.TRAIL
_B_GROUPS = const(2)  # a build's groups (engine.state)


def build_weight(b, w):
    """The weight of a build's cards."""
    t = 0
    for g in b[_B_GROUPS]:
        for c in g:
            t += w[c]
    return t


class Sim:
    # What legal_moves reads (n, turn, hands, loose, builds), plus the last
    # capturer. The loose and builds lists are replaced, never changed.
    def __init__(self, s, hands):
        self.n = s.n
        self.turn = s.turn
        self.hands = hands
        self.loose = s.loose
        self.builds = s.builds
        self.last = s.last


def take(sim, move, w, sweep):
    """Apply move for sim.turn to the table (the hand is the caller's); the
    weight it captures, with sweep if it clears the table."""
    card, kind, value, lm, bm = move
    loose = sim.loose
    builds = sim.builds
    if kind == _CAPTURE:
        g = w[card]
        keep = loose
        if lm:
            keep = []
            for c in loose:
                if lm & 1:
                    g += w[c]
                else:
                    keep.append(c)
                lm >>= 1
        nb = builds
        if bm:
            nb = []
            for j in range(len(builds)):
                if bm >> j & 1:
                    g += build_weight(builds[j], w)
                else:
                    nb.append(builds[j])
        sim.loose = keep
        sim.builds = nb
        sim.last = sim.turn
        if not keep and not nb:
            g += sweep
        return g
    if kind == _TRAIL:
        sim.loose = loose + [card]
        return 0
    keep = loose
    got = ()
    if lm:
        keep = []
        got = []
        for i in range(len(loose)):
            (got if lm >> i & 1 else keep).append(loose[i])
    cards = tuple(got) + (card,)
    nb = builds[:]
    if kind == _CREATE:
        t = 0
        for c in cards:
            t += RANK[c]
        nb.append((value, sim.turn, (cards,) if t == value else (cards, ())))
    else:
        j = 0
        while not bm >> j & 1:
            j += 1
        old = ()
        for g in builds[j][_B_GROUPS]:
            old += g
        nb[j] = (value, sim.turn, (old + cards,) if kind == _RAISE else (old + cards, ()))
    sim.loose = keep
    sim.builds = nb
    return 0
