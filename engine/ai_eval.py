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
_VM = [0] * 15      # by value (Ace 14): the mask of the loose cards of that value
_VW = [0] * 15      # and their weight
_BW = [0] * 15      # by value: the weight of the builds of that value
_BN = [0] * 15      # and how many
_ZERO = [0] * 15
_NONE = [-1] * 15
TAKES = []          # caps' takes over 0, as take << 4 | 15 - value: expect's
                    # order, the richest first (of equal ones the lower value)
_VALS = []          # caps' loose cards: their ranks (Ace 1) for the sums,
_WS = []            # their weights
_PATH = []          # the cards caps' sets take, in order


def vmask(hand):
    # bit v set: the hand holds a card of value v (Ace 14)
    m = 0
    for c in hand:
        r = (c >> 2) + 1
        m |= 1 << (14 if r == 1 else r)
    return m


def caps(loose, builds, w, sweep, need=0x7FFC):
    # Fill CAP for this table (values in need only, the rest 0); a take that
    # clears the table adds sweep.
    cap = CAP
    cap[:] = _ZERO
    takes = TAKES
    del takes[:]
    n = len(loose)
    nb = len(builds)
    if not n and not nb:
        return
    vm = _VM
    vw = _VW
    vm[:] = _ZERO
    vw[:] = _ZERO
    vals = _VALS
    ws = _WS
    while len(vals) < n:
        vals.append(0)
        ws.append(0)
        _PATH.append(0)
    live = 0                # the values that take something here
    for i in range(n):
        c = loose[i]
        r = (c >> 2) + 1
        x = w[c]
        vals[i] = r
        ws[i] = x
        if r == 1:
            r = 14
        vm[r] |= 1 << i
        vw[r] += x
        live |= 1 << r
    hd = _HD
    hd[:] = _NONE
    setmask = _M
    setweight = _W
    setnext = _NX
    if n > 1:
        # the sets of two or more loose cards summing to at most 14 (the
        # first _N found), depth first, then linked by sum (each sum's in the
        # order found). No recursion, and no call (the frames would come out
        # of the board's pystack, tools/pystack.py): the cards taken are a
        # mask m and a stack of indices.
        setsum = _S
        path = _PATH
        k = 0
        depth = 0
        m = 0
        t = 0
        x = 0
        j = 0
        while k < _N:
            if j < n:
                u = t + vals[j]
                if u <= 14:
                    if m:               # a set of two or more
                        setmask[k] = m | 1 << j
                        setsum[k] = u
                        setweight[k] = x + ws[j]
                        k += 1
                    m |= 1 << j         # down: the later cards next
                    t = u
                    x += ws[j]
                    path[depth] = j
                    depth += 1
                j += 1
                continue
            if not depth:
                break
            depth -= 1                  # up: the last card taken out, the next one tried
            j = path[depth]
            m ^= 1 << j
            t -= vals[j]
            x -= ws[j]
            j += 1
        while k:
            k -= 1
            v = setsum[k]
            setnext[k] = hd[v]
            hd[v] = k
            live |= 1 << v
    if nb:
        bw = _BW
        bn = _BN
        bw[:] = _ZERO
        bn[:] = _ZERO
        for b in builds:
            v = b[0]
            live |= 1 << v
            bn[v] += 1
            t = 0
            for g in b[2]:
                for c in g:
                    t += w[c]
            bw[v] += t
    full = (1 << n) - 1
    live = (live & need) >> 2
    v = 2
    while live:
        if live & 1:
            used = vm[v]
            tot = vw[v]
            while hd[v] >= 0:
                bk = -1
                best = 0
                k = hd[v]
                while k >= 0:
                    if setweight[k] > best and not setmask[k] & used:
                        bk = k
                        best = setweight[k]
                    k = setnext[k]
                if bk < 0:
                    break
                used |= setmask[bk]
                tot += best
            hit = 0
            if nb:
                hit = bn[v]
                tot += bw[v]
            if used == full and hit == nb:
                tot += sweep
            cap[v] = tot
            if tot > 0:
                takes.append(tot << 4 | 15 - v)
        live >>= 1
        v += 1


def takes_of_caps():
    # TAKES again from CAP, where CAP was set by hand
    del TAKES[:]
    for v in range(2, 15):
        if CAP[v] > 0:
            TAKES.append(CAP[v] << 4 | 15 - v)


def expect(p, x=0):
    # The expected best take of a seat holding value v with odds p[v] permille
    # (x added to each take: its taking card), from the takes caps found: the
    # richest first (of equal ones the lower value first), each counted where
    # no richer one is held.
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
