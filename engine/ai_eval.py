# Table evaluation for the computer players, in centipoints of the card
# weights: what a card of each value captures (BEST_TAKE), the odds-weighted best
# take of a seat, the best take of a known hand.

from engine import const
from engine.cards import RANK, VALUE

_B_VALUE = const(0)  # a build's fields (engine.state)
_B_GROUPS = const(2)

BEST_TAKE = [0] * 15  # BEST_TAKE[v]: best weight a card of value v captures (v 2..14)
# the takes over 0, as take << 4 | 15 - value: expect's order, the richest first (of equal
# ones the lower value)
TAKES = []

# The table a seat moves from (table()), for what each of its moves leaves
# (find_takes_after()): every group of its loose cards summing to at most 14, lone
# cards included, in the order of their masks (the first _GROUPS), each linked to
# the next of its sum.
_GROUPS = 96  # (tables of 10 loose cards of distinct ranks have at most 98)
_NO_GROUP = 255  # no next group
_GROUP_MASK = [0] * _GROUPS  # a group's mask,
_GROUP_SUM = bytearray(_GROUPS)  # its sum (Aces 1),
_GROUP_WEIGHT = [0] * _GROUPS  # its weight
_NEXT_SAME_SUM = bytearray(_GROUPS)  # the next group of the same sum
_FIRST_OF_SUM = bytearray(15)  # the first group of each sum
_LOOSE_OF_VALUE = [0] * 15  # by value (Ace 14): the mask of the loose cards of that value
_WEIGHT_OF_VALUE = [0] * 15  # and their weight
_LOOSE_WEIGHT = []  # each loose card's weight
# the last table(): its loose cards' count, the sums found (bit s), the values taking
# something; the weights and a copy of the cards
_TABLE = [0, 0, 0, None, None]
_ZERO = [0] * 15
_NO_GROUPS = bytes([_NO_GROUP]) * 15
_BUILD_WEIGHT = [0] * 15  # find_takes_after's builds by value: their weight
_BUILDS_OF_VALUE = [0] * 15  # and how many


def vmask(hand):
    """bit v set: the hand holds a card of value v (Ace 14)"""
    m = 0
    value = VALUE
    for c in hand:
        m |= 1 << value[c]
    return m


def table(loose, w):
    """The table a seat moves from: its groups for find_takes_after. (The module's
    lists are read through locals: a global is a dict lookup each time on
    MicroPython.)"""
    base = _TABLE
    if w is base[3] and loose == base[4]:
        return  # the table of the last call (a copy: lists change)
    n = len(loose)
    vm = _LOOSE_OF_VALUE
    vw = _WEIGHT_OF_VALUE
    vm[:] = _ZERO
    vw[:] = _ZERO
    hd = _FIRST_OF_SUM
    hd[:] = _NO_GROUPS
    gm = _GROUP_MASK
    gs = _GROUP_SUM
    gw = _GROUP_WEIGHT
    cw = _LOOSE_WEIGHT
    while len(cw) < n:
        cw.append(0)
    k = 0
    live = 0
    for j in range(n):
        c = loose[j]
        r = RANK[c]
        x = w[c]
        cw[j] = x
        v = VALUE[c]
        vm[v] |= 1 << j
        vw[v] += x
        live |= 1 << v
        # the groups holding card j: it alone, then it beside each group
        # before it (their masks all below 1 << j + 1, so the order holds)
        top = k
        if k < _GROUPS:
            gm[k] = 1 << j
            gs[k] = r
            gw[k] = x
            k += 1
        for e in range(top):
            u = gs[e] + r
            if u <= 14 and k < _GROUPS:
                gm[k] = gm[e] | 1 << j
                gs[k] = u
                gw[k] = gw[e] + x
                k += 1
    nx = _NEXT_SAME_SUM
    sums = 0
    e = k
    while e:
        e -= 1
        v = gs[e]
        nx[e] = hd[v]
        hd[v] = e
        sums |= 1 << v
        m = gm[e]
        if m & (m - 1):  # a group of two or more takes for its sum
            live |= 1 << v
    base[0] = n
    base[1] = sums
    base[2] = live
    base[3] = w
    base[4] = loose[:]


def find_takes_after(lm, card, builds, w, sweep, need=0x7FFC):
    """Fill BEST_TAKE (values in need only, the rest 0) for the table() less the
    loose cards in mask lm, with card laid at its end (a trail; -1: none)
    and builds its builds, as a move leaves it; a take that clears the
    table adds sweep. Each value takes its loose cards of that value, then
    the richest of its groups of two or more clear of those taken (of
    equal ones the lowest mask: the trailed card's groups, it beside a
    group of the table's, come last), while one is left, then its builds."""
    BEST_TAKE[:] = _ZERO
    del TAKES[:]
    n = _TABLE[0]
    live = _TABLE[2]
    full = (1 << n) - 1 & ~lm
    gm = _GROUP_MASK
    gw = _GROUP_WEIGHT
    nx = _NEXT_SAME_SUM
    hd = _FIRST_OF_SUM
    vm = _LOOSE_OF_VALUE
    vw = _WEIGHT_OF_VALUE
    bit = vc = wc = 0
    r = 15  # the trailed card's rank (15: no card)
    if card >= 0:
        bit = 1 << n
        full |= bit
        r = RANK[card]
        vc = VALUE[card]
        wc = w[card]
        live |= 1 << vc | _TABLE[1] << r & 0x7FFF
    nb = len(builds)
    if nb:
        bw = _BUILD_WEIGHT
        bn = _BUILDS_OF_VALUE
        bw[:] = _ZERO
        bn[:] = _ZERO
        for b in builds:
            v = b[_B_VALUE]
            live |= 1 << v
            bn[v] += 1
            for g in b[_B_GROUPS]:
                for c in g:
                    bw[v] += w[c]
    live = (live & need) >> 2
    v = 2
    while live:
        if live & 1:
            used = vm[v]
            tot = vw[v]
            gone = used & lm
            if gone:  # its loose cards the move took
                used ^= gone
                j = 0
                while gone:
                    if gone & 1:
                        tot -= _LOOSE_WEIGHT[j]
                    gone >>= 1
                    j += 1
            if v == vc:
                used |= bit
                tot += wc
            while True:
                taken = used | lm
                best = 0
                bk = -1
                e = hd[v]
                while e != 255:  # (_NO_GROUP)
                    m = gm[e]
                    if gw[e] > best and m & (m - 1) and not m & taken:
                        bk = e
                        best = gw[e]
                    e = nx[e]
                add = 0
                if v > r and not used & bit:
                    e = hd[v - r]
                    while e != 255:
                        if gw[e] + wc > best and not gm[e] & taken:
                            bk = e
                            best = gw[e] + wc
                            add = bit
                        e = nx[e]
                if bk < 0:
                    break
                used |= gm[bk] | add
                tot += best
            hit = 0
            if nb:
                hit = bn[v]
                tot += bw[v]
            if used == full and hit == nb and (used or hit):
                tot += sweep
            BEST_TAKE[v] = tot
            if tot > 0:
                TAKES.append(tot << 4 | 15 - v)
        live >>= 1
        v += 1


def find_takes(loose, builds, w, sweep, need=0x7FFC):
    """Fill BEST_TAKE for this table (values in need only, the rest 0); a take that
    clears the table adds sweep."""
    table(loose, w)
    find_takes_after(0, -1, builds, w, sweep, need)


def takes_from_best():
    """TAKES again from BEST_TAKE, where BEST_TAKE was set by hand"""
    del TAKES[:]
    for v in range(2, 15):
        if BEST_TAKE[v] > 0:
            TAKES.append(BEST_TAKE[v] << 4 | 15 - v)


def expect(p, x=0):
    """The expected best take of a seat holding value v with odds p[v] permille
    (x added to each take: its taking card), from the takes find_takes found: the
    richest first (of equal ones the lower value first), each counted where
    no richer one is held."""
    order = TAKES
    order.sort(reverse=True)
    rem = 1000
    e = 0
    for key in order:
        q = p[15 - (key & 15)]
        e += ((key >> 4) + x) * q // 1000 * rem // 1000
        rem = rem * (1000 - q) // 1000
        if rem <= 0:
            break
    return e


def best(hand, skip=-1, w=None):
    """The best take of a known hand (not counting the card skip); with w,
    the taking card's weight is counted too."""
    m = 0
    for c in hand:
        if c != skip:
            x = BEST_TAKE[VALUE[c]]
            if x and w:
                x += w[c]
            if x > m:
                m = x
    return m
