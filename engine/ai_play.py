# Hard's look-ahead in one sampled deal: a move played out to the seat's
# TURNS[n]-th turn after it, n players (its own moves between by the same
# one-move look-ahead as the other seats' replies on their sampled hands;
# with odds given, 2 or 4 players, the opponents move as medium would). Counts
# the work it does in thousands of the board's instructions (MOVE below).
# With 2 players while the pack lasts, hard plays its moves out through
# ai_branches, which counts in the same work.
from engine import const
from engine.movegen import capped_moves
from engine import ai_eval
from engine import ai_sim
from engine import ai_medium

_CAPTURE = const(0)  # engine.movegen.CAPTURE
_TRAIL = const(4)  # engine.movegen.TRAIL
_CARD = const(0)  # a move's fields (engine.movegen)
_KIND = const(1)
_LOOSE = const(3)

# The work a search does, counted in thousands of the board's instructions
# (a fit to hard's decisions on the bench positions as the Cortex-M4 VM
# counts them, tools/bench/board_time.py): a move taken in a sample costs MOVE,
# with PER_LOOSE more for each loose card of its table where the table it
# leaves is weighed; a decision's own work (the weights, the odds) START;
# a deal's check (ai_medium.deal) CHECK (with 4 players a draw of the deal CHECK
# too) and WEIGH for each move it weighs (with 4 players fitted on the games'
# set, where plays medium would not make are checked again and again);
# finding the moves costs more on a crowded table: gen() for each.
MOVE = 40
PER_LOOSE = 8  # (medium's scores: twice that)
START = (0, 0, 1200, 3700, 8300)  # by players
CHECK = (0, 0, 95, 95, 110)
WEIGH = (0, 0, 50, 50, 81)
# the work a decision may do, by players (2 players: BRANCHES while the pack lasts,
# ai_branches; ai_hard.END_WORK for the last hand)
BUDGET = (0, 0, 60000, 60000, 53000)
BRANCHES = 58000
budget = 0  # this decision's (begin)
work = 0  # and its work so far
# the seat's turns a playout reaches, by players (1: its next turn); with 4,
# one round of the table measured better than two, and costs less
TURNS = (0, 0, 2, 2, 1)
# quarters of the next seat's best take a reply counts against it, by
# players: in full when more than one opponent plays before the seat's turn
THREAT = (0, 0, 3, 4, 4)
_U = [0] * 64  # each move played out: seat, index in its hand, card


def begin(s, moves, branching):
    """A hard decision's work count starts: its own work (START, medium's scores of moves)
    and its budget (BRANCHES while ai_branches searches, else BUDGET by players)."""
    global work, budget
    work = START[s.n] + len(moves) * (MOVE + 2 * PER_LOOSE * len(s.loose))
    budget = BRANCHES if branching else BUDGET[s.n]


def spend(units):
    """Counts work done outside this module's playouts (a deal, ai_branches' moves)."""
    global work
    work += units


def over():
    """Whether the decision's work has reached its budget."""
    return work >= budget


def gen(moves, loose):
    """the work of finding moves on a table of these loose cards"""
    return len(moves) * (len(loose) * len(loose) >> 3)


def reply(sim, seat, w, sw, final, sides):
    """The move seat plays in the sample (a one-move look-ahead) and its
    score. (The work count and the functions called for each move
    are held in locals: a global is a dict lookup each time on MicroPython.)"""
    global work
    moves = capped_moves(sim)
    done = work + gen(moves, sim.loose)
    hands = sim.hands
    nxt = (seat + 1) % sim.n
    foe = (nxt - seat) % sides
    ol, ob, olast = sim.loose, sim.builds, sim.last
    bm = moves[0]
    bv = -100000
    need = ai_eval.vmask(hands[nxt]) | ai_eval.vmask(hands[seat])
    q = THREAT[sim.n]
    take = ai_sim.take
    find_takes_after = ai_eval.find_takes_after
    best = ai_eval.best
    if not final:
        ai_eval.table(ol, w)
    cost = MOVE + PER_LOOSE * len(ol)
    for m in moves:
        if done > budget:
            break
        v = take(sim, m, w, 0 if final else sw)
        done += cost
        if not final:
            find_takes_after(
                m[_LOOSE], m[_CARD] if m[_KIND] == _TRAIL else -1, sim.builds, w, sw, need
            )
            x = best(hands[nxt], m[_CARD] if nxt == seat else -1, w) * q // 4
            v += -x if foe else x
            v += best(hands[seat], m[_CARD], w) // 4
        if v > bv:
            bv = v
            bm = m
        sim.loose, sim.builds, sim.last = ol, ob, olast
    work = done
    return bm, bv


def richest(sim, seat, w):
    """The move a greedy player makes for seat in the sample: the richest
    capture, else a build or trail losing the least (its card's weight, a
    build 5 centipoints more)."""
    global work
    moves = capped_moves(sim)
    work += len(moves) * MOVE + gen(moves, sim.loose)
    ol, ob, olast = sim.loose, sim.builds, sim.last
    take = ai_sim.take
    bm = moves[0]
    bv = -100000
    for m in moves:
        v = take(sim, m, w, 0)
        if m[_KIND] == _TRAIL:
            v = -w[m[_CARD]]
        elif m[_KIND] != _CAPTURE:
            v = -w[m[_CARD]] - 5
        sim.loose, sim.builds, sim.last = ol, ob, olast
        if v > bv:
            bv = v
            bm = m
    return bm


def medium(sim, seat, w, p):
    """The move medium makes for seat in the sample: its best score on the
    seat's dealt hand (weights w; p, the seat's odds of the cards it cannot
    see)."""
    global work
    moves = capped_moves(sim)
    work += len(moves) * (MOVE + 2 * PER_LOOSE * len(sim.loose)) + gen(moves, sim.loose)
    sc = ai_medium.scores(sim, moves, w, p)
    return moves[sc.index(max(sc))]


def playout(sim, me, move, w, sw, left, deck, sides, wm=None, p=None):
    """The sample value of move: the side's takes less the others' to the
    seat's TURNS[n]-th turn after it, plus the value of its best move then.
    With p (2 or 4 players; sim carries the deck's size, sweeps_on and sides
    for medium's scores), the opponents move as medium would (weights wm,
    odds p, with 4 players p[seat]); a partner by reply."""
    n = sim.n
    hands = sim.hands
    ol, ob, olast = sim.loose, sim.builds, sim.last
    hand = hands[me]
    i = hand.index(move[_CARD])
    hand.pop(i)
    sim.turn = me
    left -= 1
    val = ai_sim.take(sim, move, w, 0 if not deck and not left else sw)
    global work
    work += MOVE
    j = 0
    turns = TURNS[n]
    seat = (me + 1) % n
    while hands[seat]:
        if seat == me:
            turns -= 1
            if not turns:
                break
        sim.turn = seat
        if p and (seat - me) % sides:
            m = medium(sim, seat, wm, p[seat] if n == 4 else p)
        else:
            m = reply(sim, seat, w, sw, not deck and left == 1, sides)[0]
        h = hands[seat]
        k = h.index(m[_CARD])
        h.pop(k)
        _U[j] = seat
        _U[j + 1] = k
        _U[j + 2] = m[_CARD]
        j += 3
        left -= 1
        g = ai_sim.take(sim, m, w, 0 if not deck and not left else sw)
        work += MOVE
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
        val += reply(sim, me, w, sw, not deck and left == 1, sides)[1]
    while j:
        j -= 3
        hands[_U[j]].insert(_U[j + 1], _U[j + 2])
    hand.insert(i, move[_CARD])
    sim.loose, sim.builds, sim.last = ol, ob, olast
    return val
