# Table evaluation for the computer players, in centipoints of the card
# weights: what a card of each value captures (CAP), the odds-weighted best
# take of a seat, the best take of a known hand.

CAP = [0] * 15      # CAP[v]: best weight a card of value v captures (v 2..14)
_N = 40             # found sets of two or more loose cards summing to at most 14
_M = [0] * _N
_S = [0] * _N
_W = [0] * _N
_NX = [0] * _N      # the next found set of the same sum
_HD = [-1] * 15     # the first found set of each sum
_RM = [0] * 15      # by rank (Ace 1): the mask of the loose cards of that rank
_RW = [0] * 15      # and their weight
_BW = [0] * 15      # by value: the weight of the builds of that value
_BN = [0] * 15      # and how many
_ZERO = [0] * 15
_NONE = [-1] * 15
_K = [0] * 13        # expect's takes in order


def _sets(vals, ws):
    # Record the sets of two or more loose cards summing to at most 14 (the
    # first _N found), depth first; returns how many. No recursion (its
    # frames would come out of the board's 1.5 KB pystack, tools/pystack.py):
    # the path is the mask of cards taken, the last one taken its highest bit.
    # (The module's lists are read through locals: a global is a dict lookup
    # each time on MicroPython.)
    setmask = _M
    setsum = _S
    setweight = _W
    top = _N
    cnt = 0
    n = len(vals)
    m = 0
    t = 0
    wt = 0
    j = 0
    while cnt < top:
        if j < n:
            u = t + vals[j]
            if u <= 14:
                if m:               # a set of two or more
                    setmask[cnt] = m | 1 << j
                    setsum[cnt] = u
                    setweight[cnt] = wt + ws[j]
                    cnt += 1
                m |= 1 << j         # down: the later cards next
                t = u
                wt += ws[j]
            j += 1
            continue
        if not m:
            return cnt
        j = n - 1                   # up: the last card taken out, the next one tried
        while not m >> j & 1:
            j -= 1
        m ^= 1 << j
        t -= vals[j]
        wt -= ws[j]
        j += 1
    return cnt


def vmask(hand):
    # bit v set: the hand holds a card of value v (Ace 14)
    m = 0
    for c in hand:
        r = (c >> 2) + 1
        m |= 1 << (14 if r == 1 else r)
    return m


def caps(loose, builds, w, sweep, need=0x7FFC):
    # Fill CAP for this table (values in need only); a take that clears the
    # table adds sweep.
    n = len(loose)
    vals = []
    ws = []
    live = 0                # the values that take something here
    _RM[:] = _ZERO
    _RW[:] = _ZERO
    for i in range(n):
        c = loose[i]
        r = (c >> 2) + 1
        x = w[c]
        vals.append(r)
        ws.append(x)
        _RM[r] |= 1 << i
        _RW[r] += x
        live |= 1 << (14 if r == 1 else r)
    _HD[:] = _NONE
    if n > 1:
        k = _sets(vals, ws)
        while k:
            k -= 1
            v = _S[k]
            _NX[k] = _HD[v]
            _HD[v] = k
            live |= 1 << v
    nb = len(builds)
    if nb:
        _BW[:] = _ZERO
        _BN[:] = _ZERO
        for b in builds:
            v = b[0]
            live |= 1 << v
            _BN[v] += 1
            for g in b[2]:
                for c in g:
                    _BW[v] += w[c]
    full = (1 << n) - 1
    live &= need
    setmask = _M            # the sets' lists through locals (as in _sets)
    setweight = _W
    setnext = _NX
    for v in range(2, 15):
        if not live >> v & 1:
            CAP[v] = 0
            continue
        used = _RM[1 if v == 14 else v]
        tot = _RW[1 if v == 14 else v]
        while _HD[v] >= 0:
            bk = -1
            bw = 0
            k = _HD[v]
            while k >= 0:
                if setweight[k] > bw and not setmask[k] & used:
                    bk = k
                    bw = setweight[k]
                k = setnext[k]
            if bk < 0:
                break
            used |= setmask[bk]
            tot += bw
        hit = 0
        if nb:
            hit = _BN[v]
            tot += _BW[v]
        if used == full and hit == nb and (used or hit):
            tot += sweep
        CAP[v] = tot


def expect(p, x=0):
    # The expected best take of a seat holding value v with odds p[v] permille
    # (x added to each take: its taking card): the takes richest first (of
    # equal ones the lower value first), each counted where no richer one is
    # held. They are sorted once in _K as take << 4 | 15 - value.
    order = _K
    k = 0
    for v in range(2, 15):
        c = CAP[v]
        if c > 0:
            key = c << 4 | 15 - v
            j = k
            while j and order[j - 1] < key:
                order[j] = order[j - 1]
                j -= 1
            order[j] = key
            k += 1
    rem = 1000
    e = 0
    for i in range(k):
        key = order[i]
        q = p[15 - (key & 15)]
        e += ((key >> 4) + x) * q // 1000 * rem // 1000
        rem = rem * (1000 - q) // 1000
        if rem <= 0:
            break
    return e


def best(hand, skip=-1, w=None):
    # The best take of a known hand (not counting the card skip); with w,
    # the taking card's weight is counted too.
    m = 0
    for c in hand:
        if c != skip:
            r = (c >> 2) + 1
            x = CAP[14 if r == 1 else r]
            if x and w:
                x += w[c]
            if x > m:
                m = x
    return m
