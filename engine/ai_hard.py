# Hard: determinised search. Medium's best CANDIDATES, or one fewer with 4
# players or 2 while the pack lasts (of at most 40), are played out to the
# seat's second turn after it (its next with 4 players) in up to DEALS deals
# of the unseen cards, every
# seat playing by a one-move look-ahead; the seat's best move then counts in
# full (ai_play). With 2 or 4 players the opponents move as medium would, on
# their dealt hands, and the playouts weigh a card CARD while most cards is open;
# while the pack lasts, the seat's next move is chosen once for each reply
# of the other seat, over every deal that shows it (ai_branches), within
# its own budget (ai_play.BRANCHES). The work is counted in thousands of
# the board's instructions (ai_play), so the budget bounds a decision's time
# on the board; a deal that ends over the budget is not counted, the deals
# end once the choice is clear (MARGIN), and stop() (the platform's clock)
# ends the search. The deals seldom give an
# opponent a card its plays this hand make unlikely (observe) and, with 2 or
# 4 players, fit the opponents' plays this hand (ai_medium.deal).
from engine import const
from engine.movegen import capped_moves
from engine.rng import Rng
from engine import ai_know
from engine import ai_sim
from engine import ai_medium
from engine import ai_play

_CAPTURE = const(0)  # engine.movegen.CAPTURE
_TRAIL = const(4)  # engine.movegen.TRAIL
_NODES = const(4000)  # engine.ai_end.NODES
_CARD = const(0)  # a move's fields (engine.movegen)
_KIND = const(1)
_VALUE = const(2)

DEALS = 16  # sampled deals of the unseen cards a decision, at most; LATE with 2 players
LATE = 8  # when the seat holds 2 cards or fewer, and on a table of CROWDED items or more
CROWDED = 12
CANDIDATES = 4  # medium's best moves played out
END_WORK = 85000  # a 2-player last hand's whole work, solve included (ai_play's units)
END_UNIT = 14  # ai_play's units an ai_end unit costs (the Cortex-M4 VM's counts),
END_UNIT_CROWDED = 24  # on a table of ten items or more
# with 2 or 4 players, a card's weight in the playouts while most cards is open (medium's
# order, its deal check and the opponents' moves keep its 14; with 4, alone -0.04, with the
# opponents moving as medium +0.13 and +0.08 points a round)
CARD = 30
# A decision's deals end before its budget once its choice is clear: from its
# third deal, when the leading move leads every other by more than MARGIN
# tenths (by players; 0: never) of the deals ahead times the widest spread
# between two moves that one deal has shown. (Its names are ones the app
# already has: each new name is a qstr the board keeps, docs/BOARD.md.)
MARGIN = (0, 0, 3, 3, 8)


def choose(s, seed, stop=None):
    """Hard's move for the seat to move; stop() true ends the search with its best so far."""
    moves = capped_moves(s)
    if len(moves) == 1:
        return moves[0]
    me = s.turn
    w = ai_know.weights(s, me, True)
    n = len(moves)
    # medium scores at most 40 (a crowded table: hundreds of moves)
    moves = moves[:40]
    pool = ai_know.unseen(s, me)
    sw = ai_know.SWEEP if s.sweeps_on else 0
    sc = ai_medium.scores(s, moves, w, ai_medium.odds(s, me, pool))
    # one fewer candidate with 4 players, and with 2 while the pack lasts
    # (each is played out once for each reply: ai_branches)
    few = s.n == 4 or s.n == 2 and len(s.deck) > 0
    order = sorted(range(len(moves)), key=lambda i: i - sc[i] * 1024)[: CANDIDATES - few]
    if not pool or len(order) == 1:
        return moves[order[0]]
    hands = [[], [], [], []]
    hands[me] = s.hands[me][:]
    sim = ai_sim.Sim(s, hands)
    left = sum(map(len, s.hands))
    rng = Rng(seed)
    total = [0] * len(order)
    part = total[:]
    wp = w
    p = None
    if s.n != 3:
        wp = ai_know.weights(s, me, True, 1, CARD)
        sim.deck = len(s.deck)  # what medium's scores read
        sim.sweeps_on = s.sweeps_on
        sim.sides = 2
    if s.n == 4:
        p = [None] * 4  # each opponent's odds (p[o]), each deal
    d = DEALS
    if s.n == 2 and not s.deck:
        d = 1
    elif len(s.loose) + len(s.builds) >= CROWDED or s.n == 2 and len(s.hands[me]) < 3:
        d = LATE
    # with 2 players and the pack not used up, the seat's next move is chosen
    # once for each reply the other seat may make (ai_branches), within
    # twice the budget
    groups = got = None
    if s.n == 2 and s.deck:
        # (imported here: a game of 3 or 4 players lets the module go, lib/screens.py)
        from engine import ai_branches

        groups = [{} for k in order]
        got = [None] * len(order)
    ai_play.begin(s, moves, groups is not None)
    start = ai_play.work
    count = spread = 0
    last = [0] * len(order)  # the moves' scores after the last deal counted
    while d and not ai_play.over() and not (stop and stop()):
        d -= 1
        checks = ai_medium.deal(s, me, pool, rng, hands, w)
        ai_play.spend(checks * ai_play.CHECK[s.n] + ai_medium.weighed * ai_play.WEIGH[s.n])
        if s.n == 2:
            # the other seat's odds of this seat's cards: what it cannot
            # see is the deck dealt and this seat's hand
            o = 1 - me
            p = ai_medium.odds(sim, o, pool[len(hands[o]) :] + hands[me])
        elif s.n == 4:
            # an opponent cannot see the pool and this seat's hand, less its
            # own dealt hand (a comprehension: no locals here, where hard's
            # frame is the deepest stack's)
            for o in (me + 1) % 4, (me + 3) % 4:
                p[o] = ai_medium.odds(sim, o, [c for c in pool + hands[me] if c not in hands[o]])
        for k in range(len(order)):
            if groups:
                got[k] = ai_branches.branches(sim, me, moves[order[k]], wp, sw, w, p)
                part[k] = total[k] + got[k][0]
            else:
                part[k] = total[k] + ai_play.playout(
                    sim, me, moves[order[k]], wp, sw, left, len(s.deck), s.sides, w, p
                )
        if not ai_play.over():
            total, part = part, total
            if groups:
                ai_branches.tally(groups, got)
            # the moves' scores now, as the choice below reads them, and the
            # widest spread between two moves in what one deal added
            count += 1
            scores = total[:]
            if groups:
                ai_branches.add_best(groups, scores)
            spread = max(spread, width(scores, last))
            last = scores
            cost = (ai_play.work - start) // count + 1  # a deal's work
            if (
                MARGIN[s.n]
                and count >= 3
                and ahead(
                    last,
                    min(d, (ai_play.budget - ai_play.work) // cost) * spread * MARGIN[s.n] // 10,
                )
            ):
                break
    m = moves[order[last.index(max(last))]]  # by its scores after the last deal counted
    if s.n == 2 and not s.deck and n <= 100:
        # the hidden cards are known: the rest of the round solved exactly
        # (ai_end), the playout's choice first, within 1.5 times medium's
        # budget and what is left of END_WORK (an ai_end unit costs END_UNIT
        # of ai_play's); over it,
        # the best move searched to the end (a crowded table's hundreds of
        # replies are past the budget and the heap: the playout's choice
        # stands)
        from engine.ai_end import solve

        sc = order = hands = sim = total = part = rng = wp = p = None  # the search's heap back
        moves.remove(m)
        moves.insert(0, m)
        unit = END_UNIT_CROWDED if len(s.loose) + len(s.builds) >= 10 else END_UNIT
        k = solve(
            s,
            moves,
            w,
            sw,
            pool,
            8,
            stop,
            max(0, min(3 * _NODES // 2, (END_WORK - ai_play.work) // unit)),
            1,
        )
        if k > 0:
            m = moves[k]
    return m


def width(scores, last):
    """The widest spread between two moves in what the last deal added to their scores
    (a function of its own: its locals stay off the search's deepest stack)."""
    lo = hi = scores[0] - last[0]
    for k in range(1, len(scores)):
        x = scores[k] - last[k]
        lo = min(lo, x)
        hi = max(hi, x)
    return hi - lo


def ahead(scores, margin):
    """Whether the best of scores leads every other by more than margin."""
    k = scores.index(max(scores))
    for i in range(len(scores)):
        if i != k and scores[k] - scores[i] <= margin:
            return False
    return True


def observe(s, move):
    """Before move is played: mark in s.unlikely the cards the seat playing it
    is unlikely to hold. A card is unlikely if, holding it beside the played
    card (and a card of each build value the seat must keep), medium would
    score another move better: by any margin with 2 players (medium plays
    its best score), by over 20 centipoints with more. Public knowledge
    only: the table, the capture piles, the hand sizes. Cards of one rank
    and weight answer alike: asked once. (Not on a crowded table, nor in a
    2-player last hand: there all is known.) With 2 or 4 players each play
    this hand is kept in s.was, the last first, with its table (the loose
    cards and builds) if read, for hard's deals (ai_medium.deal); with 3 the
    deals' check measured weaker."""
    seat = s.turn
    if s.n == 2 and not s.deck:
        return
    e = None
    if s.n != 3:
        e = [seat, move, None, None]
        s.was = (e,) + s.was
    if len(s.hands[seat]) < 2 or len(s.loose) > 8:
        return
    un = ai_know.unseen(s, seat) + s.hands[seat]  # every card not yet shown,
    un.remove(move[_CARD])  # whatever the seat holds
    un.sort()
    sim = ai_sim.Sim(s, s.hands[:])
    sim.deck = len(s.deck)
    sim.sweeps_on = s.sweeps_on
    sim.sides = s.sides
    if e:  # (copies: the play changes the lists)
        e[2] = s.loose[:]
        e[3] = s.builds[:]
    w = ai_know.weights(s, seat, True)
    p = ai_medium.odds(sim, seat, un)
    own = ai_know.owned_values(s, seat)
    if move[_KIND] not in (_CAPTURE, _TRAIL):  # a build: its value kept too
        own |= 1 << move[_VALUE]
    h = sim.hands[seat] = [move[_CARD], 0]
    for v in range(2, 15):
        if own >> v & 1:
            h.append((v - 1) % 13 * 4 + 2)  # a heart of that value
    u = s.unlikely
    bit = 1 << seat
    key = -1
    for c in un:
        if c >> 2 << 10 | w[c] != key:
            key = c >> 2 << 10 | w[c]
            h[1] = c
            no = ai_medium.beaten(sim, move, w, p, s.n // 3 * 20)
        if no:
            u[c] |= bit
