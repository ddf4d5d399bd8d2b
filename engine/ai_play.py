# Hard's look-ahead in one sampled deal: a move played out to the seat's
# next turn, the other seats replying by a one-move look-ahead on their
# sampled hands. Counts the work it does (units of about 12 us on
# MicroPython; a move weighed costs more on a fuller table).
from engine.movegen import capped_moves
from engine import ai_eval as E
from engine import ai_sim as S

BUDGET = 2000   # work units a decision
work = 0
_U = [0] * 8    # the cards the others played, and where they were


def reply(sim, seat, w, sw, final, sides):
    # The move seat plays in the sample (a one-move look-ahead), its take
    # and its score.
    global work
    moves = capped_moves(sim)
    work += 4 + len(moves) // 4
    hands = sim.hands
    nxt = (seat + 1) % sim.n
    foe = (nxt - seat) % sides
    ol, ob, olast = sim.loose, sim.builds, sim.last
    bm = moves[0]
    bv = -100000
    bg = 0
    need = E.vmask(hands[nxt]) | E.vmask(hands[seat])
    for m in moves:
        if work > BUDGET:
            break
        g = S.take(sim, m, w, 0 if final else sw)
        v = g
        work += 2 + len(sim.loose)
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


def playout(sim, me, move, w, sw, left, deck, sides):
    # The sample value of move: the side's takes less the others' to the
    # seat's next turn, plus the value of its best move then.
    n = sim.n
    hands = sim.hands
    ol, ob, olast = sim.loose, sim.builds, sim.last
    hand = hands[me]
    i = hand.index(move[0])
    hand.pop(i)
    sim.turn = me
    left -= 1
    val = S.take(sim, move, w, 0 if not deck and not left else sw)
    j = 0
    seat = (me + 1) % n
    while seat != me and hands[seat]:
        sim.turn = seat
        m, g, _ = reply(sim, seat, w, sw, not deck and left == 1, sides)
        h = hands[seat]
        k = h.index(m[0])
        h.pop(k)
        _U[j] = k
        _U[j + 1] = m[0]
        j += 2
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
        # the seat's own best reply
        sim.turn = me
        val += reply(sim, me, w, sw, not deck and left == 1, sides)[2]
    while j:
        j -= 2
        hands[(me + 1 + j // 2) % n].insert(_U[j], _U[j + 1])
    hand.insert(i, move[0])
    sim.loose, sim.builds, sim.last = ol, ob, olast
    return val
