# Table evaluation for the computer players, in centipoints of the card
# weights: what a card of each value captures (CAP), the odds-weighted best
# take of a seat, and a light apply of a move to a Sim (table and hands only).
from engine.movegen import CAPTURE, CREATE, RAISE, TRAIL

CAP = [0] * 15      # CAP[v]: best weight a card of value v captures (v 2..14)
_N = 40             # found sets of two or more loose cards summing to at most 14
_M = [0] * _N
_S = [0] * _N
_W = [0] * _N
_cnt = 0


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


def _sets(vals, ws, start, t, m, wt, two):
    global _cnt
    for j in range(start, len(vals)):
        u = t + vals[j]
        if u > 14:
            continue
        mm = m | 1 << j
        ww = wt + ws[j]
        if two and _cnt < _N:
            _M[_cnt] = mm
            _S[_cnt] = u
            _W[_cnt] = ww
            _cnt += 1
        _sets(vals, ws, j + 1, u, mm, ww, True)


def build_weight(b, w):
    t = 0
    for g in b[2]:
        for c in g:
            t += w[c]
    return t


def caps(loose, builds, w, sweep):
    # Fill CAP for this table; a take that clears the table adds sweep.
    global _cnt
    _cnt = 0
    n = len(loose)
    vals = [(c >> 2) + 1 for c in loose]
    ws = [w[c] for c in loose]
    _sets(vals, ws, 0, 0, 0, 0, False)
    full = (1 << n) - 1
    nb = len(builds)
    for v in range(2, 15):
        r = 1 if v == 14 else v
        used = 0
        tot = 0
        for i in range(n):
            if vals[i] == r:
                used |= 1 << i
                tot += ws[i]
        while True:
            bk = -1
            bw = 0
            for k in range(_cnt):
                if _S[k] == v and _W[k] > bw and not _M[k] & used:
                    bk = k
                    bw = _W[k]
            if bk < 0:
                break
            used |= _M[bk]
            tot += bw
        hit = 0
        for b in builds:
            if b[0] == v:
                hit += 1
                tot += build_weight(b, w)
        if used == full and hit == nb and (used or hit):
            tot += sweep
        CAP[v] = tot


def expect(p):
    # The expected best take of a seat holding value v with odds p[v] permille.
    rem = 1000
    e = 0
    done = 0
    while rem > 0:
        best = 0
        bv = 0
        for v in range(2, 15):
            if CAP[v] > best and not done >> v & 1:
                best = CAP[v]
                bv = v
        if not bv:
            break
        done |= 1 << bv
        q = p[bv]
        e += best * q // 1000 * rem // 1000
        rem = rem * (1000 - q) // 1000
    return e


def best(hand, skip=-1):
    # The best take of a known hand (not counting the card skip).
    m = 0
    for c in hand:
        if c != skip:
            r = (c >> 2) + 1
            x = CAP[14 if r == 1 else r]
            if x > m:
                m = x
    return m


def take(sim, move, w, sweep):
    # Apply move for sim.turn to the table (the hand is the caller's); the
    # weight it captures, with sweep if it clears the table.
    card, kind, value, lm, bm = move
    loose = sim.loose
    builds = sim.builds
    keep = loose
    got = ()
    if lm:
        keep = []
        got = []
        for i in range(len(loose)):
            (got if lm >> i & 1 else keep).append(loose[i])
    if kind == CAPTURE:
        g = w[card]
        for c in got:
            g += w[c]
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
    if kind == TRAIL:
        sim.loose = loose + [card]
        return 0
    cards = tuple(got) + (card,)
    nb = builds[:]
    if kind == CREATE:
        t = 0
        for c in cards:
            t += (c >> 2) + 1
        nb.append((value, sim.turn, (cards,) if t == value else (cards, ())))
    else:
        j = 0
        while not bm >> j & 1:
            j += 1
        old = ()
        for g in builds[j][2]:
            old += g
        nb[j] = (value, sim.turn, (old + cards,) if kind == RAISE else (old + cards, ()))
    sim.loose = keep
    sim.builds = nb
    return 0
