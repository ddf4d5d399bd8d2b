# Legal moves for the seat to move. A move is a tuple
#   (card, kind, value, loose_mask, build_mask)
# where the masks pick table items by index (bit i = loose[i] / builds[i]):
# the cards a capture takes, or the loose cards and the build a build move uses.
from engine import const
from engine.cards import RANK, VALUE
from engine.sums import sums_to, unions, marks

CAPTURE = 0
CREATE = 1  # a new build
ADD = 2  # groups added to an existing build of the same value
RAISE = 3  # the played card alone raises an opponent's single build
TRAIL = 4
KEPT_A_CARD = 32  # capped_moves: captures and builds kept a card
# the last table each_move read: a copy of its loose cards, their values in
# order with their mask bits, the masks by rank and the unions found so far
# (a search reads one table for many hands: beaten, a deal's checks)
_TABLE = [None, None, None, None, None]
# a build's fields (engine.state)
_B_VALUE = const(0)
_B_OWNER = const(1)
_B_GROUPS = const(2)


def legal_moves(s, only=-1):
    """Every legal move of the seat to move, as (card, kind, value, loose_mask, build_mask)
    (RULES.md, "Captures", "Builds", "Trails"); only: one card's moves."""
    return list(each_move(s, only))


def capped_moves(s, only=-1, out=None):
    """legal_moves for the computers and the person's chooser: each card's
    first KEPT_A_CARD captures and builds, its raises and trail always (on an
    ordinary table, all; a table nobody clears has thousands:
    tools/bench/crowd.py). out: a list they are written into, from its
    start (ai_end refills its own: no new block on a crowded heap)."""
    if out is None:
        return list(each_move(s, only, KEPT_A_CARD))
    i = 0
    for m in each_move(s, only, KEPT_A_CARD):
        if i < len(out):
            out[i] = m
        else:
            out.append(m)
        i += 1
    return out


def each_move(s, only=-1, cap=0):
    """The legal moves one at a time, in legal_moves' order (captures, builds,
    raises, trail, card by card); with cap, only each card's first cap
    captures and builds."""
    seat = s.turn
    hand = s.hands[seat]
    loose = s.loose
    builds = s.builds
    nb = len(builds)
    # the loose values in ascending order, with each one's mask bit (ties by
    # index, in the key's low 6 bits: MicroPython's sort is not stable, and
    # the order must not differ)
    n = len(loose)
    last = _TABLE
    if loose == last[0]:  # the table of the last call, read again
        vals, bits, ranks, cache = last[1], last[2], last[3], last[4]
    else:
        vals = [0] * n
        bits = [0] * n
        ranks = [0] * 15  # by rank (Ace 1): the mask of its loose cards
        for i in range(n):
            r = RANK[loose[i]]
            vals[i] = r << 6 | i
            ranks[r] |= 1 << i
        if n > 1:
            vals.sort()
        for k in range(n):
            bits[k] = 1 << (vals[k] & 63)
            vals[k] >>= 6
        cache = {}  # by value: unions(), the table's groups worth it
        last[0] = loose[:]
        last[1] = vals
        last[2] = bits
        last[3] = ranks
        last[4] = cache
    four = s.n == 4
    partner = (seat + 2) % 4 if four else -1
    # count of each rank held, and the values held, ascending
    held = [0] * 15
    values = []
    for c in hand:
        held[RANK[c]] += 1
        x = VALUE[c]
        if x not in values:
            values.append(x)
    held[14] = held[1]
    if len(values) > 1:
        values.sort()
    # the values of builds this seat owns
    owned = 0
    for b in builds:
        if b[_B_OWNER] == seat:
            owned |= 1 << b[_B_VALUE]
    for card in hand if only == -1 else (only,) if only in hand else ():
        r = RANK[card]
        v = VALUE[card]
        left = cap or -1  # captures and builds still to give for card
        # Hold rule (RULES.md, "Builds"): build values this seat would fail to
        # hold after playing card
        bad = 0
        o = owned
        x = 0
        while o:
            if o & 1 and held[x] - (x == v) <= 0:
                bad |= 1 << x
            o >>= 1
            x += 1
        # Captures (RULES.md, "Captures"): every item worth v, all loose cards of
        # rank r forced, and the seat's own builds the hold rule makes it take
        if not bad & ~(1 << v):
            forced = ranks[r]
            same = 0  # builds worth v
            must = 0  # own builds worth v that must go (hold rule)
            for j in range(nb):
                if builds[j][_B_VALUE] == v:
                    same |= 1 << j
                    if bad and builds[j][_B_OWNER] == seat:
                        must |= 1 << j
            us = cache.get(v)
            if us is None:
                us = cache[v] = unions(forced, vals, bits, v, n)
            # (forced is a union of groups worth v: u | forced for each u in
            # us is, once each, the unions that hold all of forced, in order)
            for u in us:
                if not left:
                    break
                if u & forced != forced:
                    continue
                bm = same
                while True:  # every subset bm of same that contains must
                    if bm & must == must and (u or bm):
                        if not left:
                            break
                        left -= 1
                        yield (card, CAPTURE, v, u, bm)
                    if bm == 0:
                        break
                    bm = (bm - 1) & same
        if bad:
            continue
        # Builds (RULES.md, "Builds"), made or added to: only of a value still held
        # after playing card
        for w in values:
            if held[w] - (w == v) <= 0:
                continue
            starts = sums_to(vals, bits, w - r, []) if w > r else []
            if v == w:
                starts.append(0)
            if not starts:
                continue
            us = cache.get(w)
            if us is None:
                us = cache[w] = unions(ranks[1 if w == 14 else w], vals, bits, w, n)
            # (from one start its unions' builds differ: no marks needed)
            seen = marks(n) if len(starts) > 1 else None
            for st in starts:
                for u in us:
                    if not u & st:
                        u |= st
                        if seen is None or not seen[u >> 3] >> (u & 7) & 1:
                            if seen is not None:
                                seen[u >> 3] |= 1 << (u & 7)
                            if u and left:
                                left -= 1
                                yield (card, CREATE, w, u, 0)
                            for j in range(nb):  # adds: to a build of w not the partner's
                                b = builds[j]
                                if b[_B_VALUE] == w and b[_B_OWNER] != partner and left:
                                    left -= 1
                                    yield (card, ADD, w, u, 1 << j)
        # Raises (RULES.md, "Builds"): an opponent's single build, value + card
        # (Ace 1), at most 14
        for j in range(nb):
            b = builds[j]
            w = b[_B_VALUE] + r
            if w > 14 or len(b[_B_GROUPS]) != 1 or held[w] - (w == v) <= 0:
                continue
            if (b[_B_OWNER] - seat) % 2 if four else b[_B_OWNER] != seat:
                yield (card, RAISE, w, 0, 1 << j)
        # Trails (RULES.md, "Trails"): not while owning a build, nor beside a loose
        # card of its rank
        if not owned and not ranks[r]:
            yield (card, TRAIL, 0, 0, 0)


def trail_blocker(s, card):
    """What forbids the seat to play's trail of card (docs/RULES.md "Trails"); 0: nothing.

    The value of a build the seat owns, else -rank of a loose card of card's rank.
    """
    seat = s.turn
    for b in s.builds:
        if b[_B_OWNER] == seat:
            return b[_B_VALUE]
    r = RANK[card]
    for c in s.loose:
        if RANK[c] == r:
            return -r
    return 0
