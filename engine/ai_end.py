# Hard's endgame: with two players and the pack used up, every card the
# seat has not seen is in the other hand, so the last cards of the round are
# solved exactly: negamax with alpha-beta on the weight each side takes, the
# leftovers to the last capturer. A work budget (a position costs its moves,
# each a unit, two on a table of ten items or more; a unit is about
# ai_hard.END_UNIT thousand of the board's instructions) and stop() (the
# platform's clock) bound the search: over them, solve() gives the best of the moves searched to the
# end, or -1 if none was, and the caller decides as usual. Exact (hard): most
# cards and most spades scored on the round's final piles, not spread over
# the cards as weights.
from engine import const
from engine.cards import RANK
from engine.movegen import capped_moves
from engine import ai_sim
from engine import ai_know

_CAPTURE = const(0)  # engine.movegen.CAPTURE
_CARD = const(0)  # a move's fields (engine.movegen)
_KIND = const(1)

NODES = 4000  # work units at most
KEEP = 12  # a depth's moves are kept while deeper ones search if at most this many
_work = 0
_best = 0
_stop = None
_exact = 0
_taken = [0, 0]  # cards << 6 | spades each seat has taken (the path's too)


def _last(sim, w):
    # The last card of the round, for the seat to move: it takes the table if
    # it captures anything (a build left is its own), else the table goes to
    # the last capturer. Its takes less the other's; exact, the majorities
    # on the final piles (52 cards, 13 spades: the seat's counts tell).
    # (A take is packed as weight << 12 | cards << 6 | spades: see solve.)
    global _work
    seat = sim.turn
    c = sim.hands[seat][0]
    rank = RANK[c]
    take = w[c]
    sums = 1  # bit v: some loose cards sum to v (the empty set: 0)
    for c in sim.loose:
        take += w[c]
        sums = (sums | sums << RANK[c]) & (1 << 15) - 1  # sums up to 14
    for c in sim.builds:
        take += ai_sim.build_weight(c, w)
    _work += 2
    worth = take >> 12
    # a card of rank r captures loose cards summing to r (an Ace: to 1 or 14)
    if not (
        sim.builds or sums & ((1 << 1 | 1 << 14) if rank == 1 else 1 << rank) or sim.last == seat
    ):
        worth = -worth
        take = 0  # the table is the other's
    if _exact:
        take = _taken[seat] + (take & 4095)
        worth += (300 if take >> 6 > 26 else -300 if take >> 6 < 26 else 0) + (
            100 if take & 63 > 6 else -100
        )
    return worth


def _search(sim, w, sw, left, top):
    # Negamax with alpha-beta on the weight each side takes over the rest of
    # the round (exact inside the window); the best of the top moves (top, in
    # the caller's order) is kept in _best. Depth d has left - d cards still
    # to play and keeps its state in the lists below, not in a recursive
    # call's frame: frames come out of the board's 1.5 KB pystack
    # (tools/box/pystack.py) and the last hand is up to 8 deep.
    global _work, _best
    moves = [None] * left  # the legal moves at each depth
    order = [None] * left  # the captures' indices, richest first
    at = [0] * left  # the next of order + moves to try
    best = [0] * left
    lo = [0] * left  # the alpha-beta window
    hi = [0] * left
    loose = [None] * left  # the table, restored after each move
    builds = [None] * left
    last = [0] * left
    card = [0] * left  # the card played at each depth,
    pos = [0] * left  # its index in the hand,
    got = [0] * left  # what it took,
    idx = [0] * left  # and its index in moves
    lo[0] = -1 << 28
    hi[0] = 1 << 28
    d = 0
    value = None  # what the depth below was worth (None: go down)
    while True:
        seat = sim.turn
        hand = sim.hands[seat]
        done = False
        if value is None:
            # a new position at depth d
            if d and (left - d == 1 or _work > NODES):
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
            _work += 4 + len(ms) * (1 + (t + len(sim.builds)) // 10) + t // 2
            if _stop and _stop():
                _work = NODES + 1
            caps = []
            if d:
                for k in range(len(ms)):
                    if ms[k][_KIND] == _CAPTURE:
                        caps.append(k - (ai_sim.take(sim, ms[k], w, sw) >> 12) * 4096)
                        sim.loose, sim.builds = loose[d], builds[d]
                caps.sort()
            order[d] = caps
            at[d] = 0
            best[d] = -1 << 28
        else:
            # the move under way at depth d: its take less the reply's worth
            hand.insert(pos[d], card[d])
            sim.loose, sim.builds, sim.last = loose[d], builds[d], last[d]
            _taken[seat] -= got[d] & 4095
            if moves[d][0] is None:
                capped_moves(sim, -1, moves[d])  # emptied on the way down: filled again
            done = _work > NODES  # a move not searched to the end: the best so far stands
            g = (got[d] >> 12) - value
            value = None
            if not done and g > best[d]:
                best[d] = g
                if not d:
                    _best = idx[d]
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
            if j >= nc and nc and ms[k][_KIND] == _CAPTURE:
                continue  # a capture, already tried
            m = ms[k]
            i = hand.index(m[_CARD])
            hand.pop(i)
            card[d] = m[_CARD]
            pos[d] = i
            idx[d] = k
            # (the last card: the richest capture takes the table)
            got[d] = g = ai_sim.take(sim, m, w, sw if left - d > 1 else 0)
            _taken[seat] += g & 4095
            g >>= 12
            if left - d > 1:
                lo[d + 1] = g - hi[d]
                hi[d + 1] = g - lo[d]
                # a long list's moves are not kept while deeper levels search (the
                # heap); its block is kept and filled again (no new block)
                if d and len(ms) > KEEP:
                    for i in range(len(ms)):
                        ms[i] = None
                ms = m = None
                sim.turn = 1 - seat
                d += 1  # the other seat replies, one deeper
            else:
                value = 0  # the last card: nothing answers it
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
    """The index of the best of moves for the seat to move, or -1; budget
    (hard's): the work units it may spend, not NODES; exact (hard's): the
    majorities on the final piles."""
    global _work, _stop, _best, _exact
    me = s.turn
    if len(pool) + len(s.hands[me]) > cards:
        return -1
    _exact = exact
    if exact:
        w = ai_know.weights(s, me, True, 0)
    # each card packed as its weight << 12 | one card << 6 | 1 if a spade: a
    # take's sum then carries its cards and spades (at most 52 and 13: no carry)
    w = [w[c] << 12 | 1 << 6 | (c & 3 == 0) for c in range(52)]
    for k in range(2):
        t = 0
        for c in s.captured[k]:
            t += w[c] & 4095
        _taken[k] = t
    sw <<= 12
    hands = [pool[:], pool[:]]
    hands[me] = s.hands[me][:]
    sim = ai_sim.Sim(s, hands)
    if sim.last < 0:
        sim.last = s.dealer  # nobody captured: the leftovers are the dealer's
    _work = 0 if budget is None else NODES - budget
    _best = -1
    _stop = stop
    _search(sim, w, sw, len(pool) + len(hands[me]), moves)
    return _best
