# Hard: determinised search. Medium's best few moves are played out to the
# seat's next turn in many deals of the unseen cards (a build owner holds its
# value), the others replying by a one-move look-ahead on the sampled hands;
# the side's scores, a fixed work budget. Two players, pack used up: ai_end.
from engine.movegen import legal_moves
from engine.rng import Rng
from engine import ai_know as K
from engine import ai_eval as E
from engine import ai_sim as S
from engine import ai_medium as M

TOP = 6         # candidates kept from medium's scores
BUDGET = 500    # work units (moves and replies weighed) per decision
DEALS = 16      # at most this many sampled deals
LEAF = 3        # quarters of the seat's next turn counted
_work = 0


def _reply(sim, seat, w, sw, final, sides):
    # The move seat plays in the sample, and what it captures.
    global _work
    moves = legal_moves(sim)
    _work += 1
    hands = sim.hands
    nxt = (seat + 1) % sim.n
    foe = (nxt - seat) % sides
    ol, ob, olast = sim.loose, sim.builds, sim.last
    bm = moves[0]
    bv = -100000
    bg = 0
    need = E.vmask(hands[nxt]) | E.vmask(hands[seat])
    for m in moves:
        _work += 1
        g = S.take(sim, m, w, 0 if final else sw)
        v = g
        if not final:
            E.caps(sim.loose, sim.builds, w, sw, need)
            x = E.best(hands[nxt], m[0] if nxt == seat else -1, w) * 3 // 4
            v += -x if foe else x
            v += E.best(hands[seat], m[0], w) // 4
        if v > bv:
            bv = v
            bm = m
            bg = g
        sim.loose, sim.builds, sim.last = ol, ob, olast
    return bm, bg, bv


def _playout(sim, me, move, w, sw, left, deck, sides):
    # The sample value of move: the side's takes less the others' to the
    # seat's next turn, plus most of what it takes then.
    n = sim.n
    hands = sim.hands
    ol, ob, olast = sim.loose, sim.builds, sim.last
    hand = hands[me]
    i = hand.index(move[0])
    hand.pop(i)
    sim.turn = me
    left -= 1
    val = S.take(sim, move, w, 0 if not deck and not left else sw)
    undo = []
    seat = (me + 1) % n
    while seat != me and hands[seat]:
        sim.turn = seat
        m, g, _ = _reply(sim, seat, w, sw, not deck and left == 1, sides)
        h = hands[seat]
        k = h.index(m[0])
        h.pop(k)
        undo.append((seat, k, m[0]))
        left -= 1
        S.take(sim, m, w, 0 if not deck and not left else sw)
        val += -g if (seat - me) % sides else g
        seat = (seat + 1) % n
    if not deck and not left:
        t = 0
        for c in sim.loose:
            t += w[c]
        val += -t if (sim.last - me) % sides else t
    elif seat == me and hand:
        # the seat's own best reply, most of it counted
        sim.turn = me
        val += _reply(sim, me, w, sw, not deck and left == 1, sides)[2] * LEAF // 4
    for seat, k, c in undo:
        hands[seat].insert(k, c)
    hand.insert(i, move[0])
    sim.loose, sim.builds, sim.last = ol, ob, olast
    return val


def choose(s, seed):
    global _work
    moves = legal_moves(s)
    if len(moves) == 1:
        return moves[0]
    me = s.turn
    w = K.weights(s, me, True)
    pool = K.unseen(s, me)
    sw = K.SWEEP if s.sweeps_on else 0
    sc = M.scores(s, moves, w, M.odds(s, me, pool))
    order = sorted(range(len(moves)), key=lambda i: i - sc[i] * 1024)[:TOP]
    if len(pool) == 0 or len(order) == 1:
        return moves[order[0]]
    hands = [[] for _ in range(s.n)]
    hands[me] = s.hands[me][:]
    sim = S.Sim(s, hands)
    left = 0
    for h in s.hands:
        left += len(h)
    rng = Rng(seed)
    total = [0] * len(order)
    _work = len(moves)
    d = 0
    while d < DEALS and _work < BUDGET:
        K.deal(s, me, pool, rng, hands)
        for k in range(len(order)):
            total[k] += _playout(sim, me, moves[order[k]], w, sw, left, len(s.deck), s.sides)
        d += 1
    b = 0
    for k in range(1, len(order)):
        if total[k] > total[b]:
            b = k
    return moves[order[b]]
