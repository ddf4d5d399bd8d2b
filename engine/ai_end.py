# Hard's endgame: with two players and the pack used up, every card the
# seat has not seen is in the other hand, so the last cards of the round are
# solved exactly: negamax with alpha-beta on the weight each side takes, the
# leftovers to the last capturer. A work budget (a position costs its moves,
# about 5 us each on MicroPython) and stop() (the platform's clock) bound
# the search: over them, solve() gives the best of the moves searched to the
# end, or -1 if none was, and the caller decides as usual.
from engine.movegen import legal_moves
from engine import ai_sim as S

NODES = 4000    # work units at most
_n = 0
_top = 0
_stop = None


def _value(sim, w, sw, left, a, b, top=None):
    # The rest of the round for the seat to move, its takes less the other's
    # (exact when inside a..b); at the top (moves in the caller's order),
    # the best move's index is kept.
    global _n, _top
    seat = sim.turn
    hand = sim.hands[seat]
    ol, ob, olast = sim.loose, sim.builds, sim.last
    if left == 1 and not top:
        # the last card takes the table if it captures anything (a build
        # left is its own), else the table goes to the last capturer
        c = hand[0]
        r = (c >> 2) + 1
        t = w[c]
        x = 1   # bit v: some loose cards sum to v
        for c in ol:
            t += w[c]
            x = (x | x << (c >> 2) + 1) & 0x7FFF
        for c in ob:
            t += S.build_weight(c, w)
        _n += 2
        return t if ob or x & (0x4002 if r == 1 else 1 << r) or olast == seat else -t
    best = -1 << 28
    moves = top or legal_moves(sim)
    _n += 4 + len(moves) + len(ol) // 2
    if _stop and _stop():
        _n = NODES + 1
    # the richest captures first (alpha-beta cuts sooner), then the rest in
    # the list's order; only the captures are sorted (a crowded table's
    # hundreds of builds need no second list)
    caps = []
    if not top:
        for k in range(len(moves)):
            if not moves[k][1]:    # a capture (movegen.CAPTURE)
                caps.append(k - S.take(sim, moves[k], w, sw) * 4096)
                sim.loose, sim.builds = ol, ob
        caps.sort()
    nc = len(caps)
    for j in range(nc + len(moves)):
        if j < nc:
            k = caps[j] % 4096
        else:
            k = j - nc
            if nc and not moves[k][1]:
                continue           # a capture, already tried
        m = moves[k]
        i = hand.index(m[0])
        hand.pop(i)
        g = S.take(sim, m, w, sw if left > 1 else 0)
        if left > 1:
            # (the last card: the richest capture takes the table)
            sim.turn = 1 - seat
            g -= _value(sim, w, sw, left - 1, g - b, g - a)
            sim.turn = seat
        hand.insert(i, m[0])
        sim.loose, sim.builds, sim.last = ol, ob, olast
        if _n > NODES:
            # a move not searched to the end: the best so far stands
            break
        if g > best:
            best = g
            if top:
                _top = k
            if g > a:
                a = g
                if a >= b:
                    break
    return best


def solve(s, moves, w, sw, pool, cards, stop=None):
    # The index of the best of moves for the seat to move, or -1.
    global _n, _stop, _top
    me = s.turn
    if len(pool) + len(s.hands[me]) > cards:
        return -1
    hands = [pool[:], pool[:]]
    hands[me] = s.hands[me][:]
    sim = S.Sim(s, hands)
    if sim.last < 0:
        sim.last = s.dealer    # nobody captured: the leftovers are the dealer's
    _n = 0
    _top = -1
    _stop = stop
    _value(sim, w, sw, len(pool) + len(hands[me]), -1 << 28, 1 << 28, moves)
    return _top

