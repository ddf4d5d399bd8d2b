# Hard's endgame: with two players and the pack used up, every card the
# seat has not seen is in the other hand, so the last cards of the round are
# solved exactly: negamax with alpha-beta on the weight each side takes, the
# leftovers to the last capturer. A work budget (a position costs its moves,
# about 4 us each on MicroPython, twice that on a table of ten items or
# more) and stop() (the platform's clock) bound
# the search: over them, solve() gives the best of the moves searched to the
# end, or -1 if none was, and the caller decides as usual. Exact (hard): most
# cards and most spades scored on the round's final piles, not spread over
# the cards as weights.
from engine.movegen import capped_moves
from engine import ai_sim as S
from engine import ai_know as K

NODES = 4000    # work units at most
KEEP = 12       # a depth's moves are kept while deeper ones search if at most this many
_n = 0
_top = 0
_stop = None
_ex = 0
_got = [0, 0]   # cards << 6 | spades each seat has taken (the path's too)


def _last(sim, w):
    # The last card of the round, for the seat to move: it takes the table if
    # it captures anything (a build left is its own), else the table goes to
    # the last capturer. Its takes less the other's; exact, the majorities
    # on the final piles (52 cards, 13 spades: the seat's counts tell).
    global _n
    seat = sim.turn
    c = sim.hands[seat][0]
    r = (c >> 2) + 1
    t = w[c]
    x = 1   # bit v: some loose cards sum to v
    for c in sim.loose:
        t += w[c]
        x = (x | x << (c >> 2) + 1) & 0x7FFF
    for c in sim.builds:
        t += S.build_weight(c, w)
    _n += 2
    v = t >> 12
    if not (sim.builds or x & (0x4002 if r == 1 else 1 << r) or sim.last == seat):
        v = -v
        t = 0               # the table is the other's
    if _ex:
        t = _got[seat] + (t & 4095)
        v += (300 if t >> 6 > 26 else -300 if t >> 6 < 26 else 0) + (100 if t & 63 > 6 else -100)
    return v


def _search(sim, w, sw, left, top):
    # Negamax with alpha-beta on the weight each side takes over the rest of
    # the round (exact inside the window); the best of the top moves (top, in
    # the caller's order) is kept in _top. Depth d has left - d cards still
    # to play and keeps its state in the lists below, not in a recursive
    # call's frame: frames come out of the board's 1.5 KB pystack
    # (tools/pystack.py) and the last hand is up to 8 deep.
    global _n, _top
    moves = [None] * left    # the legal moves at each depth
    order = [None] * left    # the captures' indices, richest first
    at = [0] * left          # the next of order + moves to try
    best = [0] * left
    lo = [0] * left          # the alpha-beta window
    hi = [0] * left
    loose = [None] * left    # the table, restored after each move
    builds = [None] * left
    last = [0] * left
    card = [0] * left        # the card played at each depth,
    pos = [0] * left         # its index in the hand,
    got = [0] * left         # what it took,
    idx = [0] * left         # and its index in moves
    lo[0] = -1 << 28
    hi[0] = 1 << 28
    d = 0
    value = None             # what the depth below was worth (None: go down)
    while True:
        seat = sim.turn
        hand = sim.hands[seat]
        done = False
        if value is None:
            # a new position at depth d
            if d and (left - d == 1 or _n > NODES):
                # the last card, or over the budget (then the answer is not
                # used: the moves above stop without it, and no list is made)
                value = _last(sim, w) if left - d == 1 else 0
                sim.turn = 1 - seat
                d -= 1
                continue
            loose[d], builds[d], last[d] = sim.loose, sim.builds, sim.last
            ms = moves[d] = top if not d else capped_moves(sim)
            # (a move costs twice as much on a table of ten items or more:
            # its sums and its take grow with the table)
            t = len(sim.loose)
            _n += 4 + len(ms) * (1 + (t + len(sim.builds)) // 10) + t // 2
            if _stop and _stop():
                _n = NODES + 1
            caps = []
            if d:
                for k in range(len(ms)):
                    if not ms[k][1]:    # a capture (movegen.CAPTURE)
                        caps.append(k - (S.take(sim, ms[k], w, sw) >> 12) * 4096)
                        sim.loose, sim.builds = loose[d], builds[d]
                caps.sort()
            order[d] = caps
            at[d] = 0
            best[d] = -1 << 28
        else:
            # the move under way at depth d: its take less the reply's worth
            hand.insert(pos[d], card[d])
            sim.loose, sim.builds, sim.last = loose[d], builds[d], last[d]
            _got[seat] -= got[d] & 4095
            if moves[d][0] is None:
                capped_moves(sim, -1, moves[d])    # emptied on the way down: filled again
            done = _n > NODES     # a move not searched to the end: the best so far stands
            g = (got[d] >> 12) - value
            value = None
            if not done and g > best[d]:
                best[d] = g
                if not d:
                    _top = idx[d]
                if g > lo[d]:
                    lo[d] = g
                    done = g >= hi[d]
        # the next move at depth d: the captures first, then the rest
        ms = moves[d]
        caps = order[d]
        nc = len(caps)
        while not done and at[d] < nc + len(ms):
            j = at[d]
            at[d] = j + 1
            k = caps[j] % 4096 if j < nc else j - nc
            if j >= nc and nc and not ms[k][1]:
                continue           # a capture, already tried
            m = ms[k]
            i = hand.index(m[0])
            hand.pop(i)
            card[d] = m[0]
            pos[d] = i
            idx[d] = k
            # (the last card: the richest capture takes the table)
            got[d] = g = S.take(sim, m, w, sw if left - d > 1 else 0)
            _got[seat] += g & 4095
            g >>= 12
            if left - d > 1:
                lo[d + 1] = g - hi[d]
                hi[d + 1] = g - lo[d]
                if d and len(ms) > KEEP:
                    for i in range(len(ms)):
                        ms[i] = None   # a long list's moves are not kept while
                ms = m = None          # deeper levels search (the heap); its block is
                                       # kept and filled again (no new block)
                sim.turn = 1 - seat
                d += 1             # the other seat replies, one deeper
            else:
                value = 0          # the last card: nothing answers it
            break
        else:
            # depth d is done: its worth goes up
            moves[d] = order[d] = None
            if not d:
                return
            value = best[d]
            sim.turn = 1 - seat
            d -= 1


def solve(s, moves, w, sw, pool, cards, stop=None, budget=None, exact=0):
    # The index of the best of moves for the seat to move, or -1; budget
    # (hard's): the work units it may spend, not NODES; exact (hard's): the
    # majorities on the final piles.
    global _n, _stop, _top, _ex
    me = s.turn
    if len(pool) + len(s.hands[me]) > cards:
        return -1
    _ex = exact
    if exact:
        w = K.weights(s, me, True, 0)
    # each card's weight << 12 | 1 << 6 | 1 if a spade: a take's sum then
    # carries its cards and spades (at most 52 and 13: no carry)
    w = [w[c] << 12 | 64 | (c & 3 == 0) for c in range(52)]
    for k in range(2):
        t = 0
        for c in s.captured[k]:
            t += w[c] & 4095
        _got[k] = t
    sw <<= 12
    hands = [pool[:], pool[:]]
    hands[me] = s.hands[me][:]
    sim = S.Sim(s, hands)
    if sim.last < 0:
        sim.last = s.dealer    # nobody captured: the leftovers are the dealer's
    _n = 0 if budget is None else NODES - budget
    _top = -1
    _stop = stop
    _search(sim, w, sw, len(pool) + len(hands[me]), moves)
    return _top
