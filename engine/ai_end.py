# Hard's endgame: with two players and the pack used up, every card the
# seat has not seen is in the other hand, so the last cards of the round are
# solved exactly: negamax with alpha-beta on the weight each side takes, the
# leftovers to the last capturer. A work budget (a position costs its moves,
# about 12 us each on MicroPython) and stop() (the platform's clock) bound
# the search: over them, solve() returns -1 and the caller decides as usual.
from engine.movegen import legal_moves, CAPTURE
from engine import ai_sim as S
from engine import ai_know as K

CARDS = 8       # at most this many cards left in the two hands
NODES = 4000    # work units at most (about 6 us each on MicroPython)
INF = 1 << 28
_n = 0
_top = 0
_stop = None


def _value(sim, w, sw, left, dealer, a, b, top=None):
    # The rest of the round for the seat to move, its takes less the other's
    # (exact when inside a..b); at the top, the best move's index is kept.
    global _n, _top
    seat = sim.turn
    hand = sim.hands[seat]
    ol, ob, olast = sim.loose, sim.builds, sim.last
    best = -INF
    moves = top or legal_moves(sim)
    _n += 4 + len(moves) + len(ol) // 2
    if _stop and _stop():
        _n = NODES + 1
    n = len(moves)
    for k in range(2 * n):
        # captures first: alpha-beta cuts sooner
        m = moves[k % n]
        if (k < n) != (m[1] == CAPTURE):
            continue
        if _n > NODES:
            return 0
        i = hand.index(m[0])
        hand.pop(i)
        g = S.take(sim, m, w, sw if left > 1 else 0)
        if left == 1:
            t = 0
            for c in sim.loose:
                t += w[c]
            last = sim.last if sim.last >= 0 else dealer
            g += t if last == seat else -t
        else:
            sim.turn = 1 - seat
            g -= _value(sim, w, sw, left - 1, dealer, g - b, g - a)
            sim.turn = seat
        hand.insert(i, m[0])
        sim.loose, sim.builds, sim.last = ol, ob, olast
        if g > best:
            best = g
            if top:
                _top = k % n
            if g > a:
                a = g
                if a >= b:
                    break
    return best


def solve(s, moves, w, sw, pool, cards=CARDS, stop=None):
    # The index of the best of moves for the seat to move, or -1.
    global _n, _stop
    me = s.turn
    if len(pool) + len(s.hands[me]) > cards:
        return -1
    hands = [None, None]
    hands[me] = s.hands[me][:]
    hands[1 - me] = pool[:]
    sim = S.Sim(s, hands)
    sim.turn = me
    _n = 0
    _stop = stop
    _value(sim, w, sw, len(pool) + len(hands[me]), s.dealer, -INF, INF, moves)
    return -1 if _n > NODES else _top


def endgame(s, cards=CARDS, stop=None):
    # Two players, pack used up: every unseen card is the opponent's, so play
    # out the last `cards` cards exactly. The move, or None past the budget.
    moves = legal_moves(s)
    me = s.turn
    b = solve(s, moves, K.weights(s, me, True), K.SWEEP if s.sweeps_on else 0,
              K.unseen(s, me), cards, stop)
    return moves[b] if b >= 0 else None
