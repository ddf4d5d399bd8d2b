# Hard's 2-player search while the pack lasts: in each sampled deal a move
# is played, then the other seat's reply as medium would make it; then each
# of the seat's own moves there is played out: the other's answer as a
# greedy player would make it (ai_play.richest), then the seat's best move
# at its next turn (ai_play.reply). The
# seat will see the reply, not the hand behind it: for each move and each
# reply, its next move is the one with the best sum over every deal that
# shows that reply (tally, add_best), not each deal's own best.
from engine import const
from engine.movegen import capped_moves
from engine import ai_sim
from engine import ai_play

_CARD = const(0)  # a move's card (engine.movegen)


def branches(sim, me, move, weights, sweep, medium_weights, odds):
    """With 2 players, the pack not used up: move, then the other seat's
    reply as medium would (medium_weights, odds); then each of the seat's own
    moves there (capped_moves' order: the same wherever the reply is), its
    value written in out: its take, the other's answer as a greedy player
    would (richest), and the seat's best move at its next turn (reply), as
    playout counts them. Returns the value up to the reply, the reply (None
    when the other seat has no card left) and out (empty when no turn
    follows).
    Past the work budget it stops: the deal will not be counted. (Not a
    call of playout for each move: its frame would take the board's pystack
    past its budget.)"""
    hands = sim.hands
    ol, ob, olast = sim.loose, sim.builds, sim.last
    hand = hands[me]
    i = hand.index(move[_CARD])
    hand.pop(i)
    sim.turn = me
    val = ai_sim.take(sim, move, weights, sweep)
    ai_play.spend(ai_play.MOVE)
    out = []
    o = 1 - me
    h = hands[o]
    seen = None
    if h:
        sim.turn = o
        seen = ai_play.medium(sim, o, medium_weights, odds)
        k = h.index(seen[_CARD])
        h.pop(k)
        val -= ai_sim.take(sim, seen, weights, sweep)
        ai_play.spend(ai_play.MOVE)
        if hand:
            tl, tb, tlast = sim.loose, sim.builds, sim.last
            sim.turn = me
            ms = capped_moves(sim)
            ai_play.spend(ai_play.gen(ms, sim.loose))
            for m in ms:
                if ai_play.work > ai_play.budget:
                    break  # (the deal is not counted: a crowded table)
                j = hand.index(m[_CARD])
                hand.pop(j)
                sim.turn = me
                v = ai_sim.take(sim, m, weights, sweep)
                ai_play.spend(ai_play.MOVE)
                if h:
                    sim.turn = o
                    a = ai_play.richest(sim, o, weights)
                    x = h.index(a[_CARD])
                    h.pop(x)
                    v -= ai_sim.take(sim, a, weights, sweep)
                    ai_play.spend(ai_play.MOVE)
                    if hand:
                        sim.turn = me
                        v += ai_play.reply(sim, me, weights, sweep, False, 2)[1]
                    h.insert(x, a[_CARD])
                hand.insert(j, m[_CARD])
                out.append(v)
                sim.loose, sim.builds, sim.last = tl, tb, tlast
        h.insert(k, seen[_CARD])
    hand.insert(i, move[_CARD])
    sim.loose, sim.builds, sim.last = ol, ob, olast
    return val, seen, out


def tally(groups, got):
    """Adds a deal's branches (got[k]: each candidate's) to groups[k]: by the
    reply seen, the sums of the values of the seat's moves after it."""
    for k in range(len(got)):
        val, seen, out = got[k]
        if out:
            g = groups[k].get(seen)
            if g is None:
                groups[k][seen] = out
            else:
                for i in range(len(out)):
                    g[i] += out[i]


def add_best(groups, total):
    """To each candidate's total, the best of the seat's moves after each
    reply seen: one move for every deal that shows that reply (the seat
    cannot tell those deals apart), not each deal's own best."""
    for k in range(len(total)):
        for g in groups[k].values():
            total[k] += max(g)
