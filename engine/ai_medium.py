# Medium: one move of look-ahead. Each move is scored as what it captures,
# less what the opponents can expect to take from the table it leaves (odds
# from the unseen cards), plus what the seat can take next with its hand.
from engine import const
from engine.movegen import capped_moves, each_move
from engine.cards import VALUE
from engine import ai_know
from engine import ai_eval
from engine import ai_sim

_TRAIL = const(4)  # engine.movegen.TRAIL
_KEPT_A_CARD = const(32)  # engine.movegen.KEPT_A_CARD
_CARD = const(0)  # a move's fields (engine.movegen)
_KIND = const(1)
_LOOSE = const(3)

SWEEP = 70  # centipoints a sweep counts (less than its point: sweeps cancel)
TRAIL_SHARE = 4  # a trailed card's weight over this counts against the trail
# quarters of the opponents' expected take (each take gaining them SWEEP besides the cards)
# counted against a move; the seat's own next take counts in full
THEIRS = 3


def odds(s, seat, unseen):
    """p[v] permille: some opponent of seat holds value v (before seat's next turn)."""
    return odds_of(s, seat, ai_know.rank_counts(unseen), len(unseen))


def gaps(s, moves, h):
    """How far medium scores each of moves under move h, in centipoints, for the seat to
    play (its weights and odds: the coach's measure of a person's move, lib/coach.py)."""
    seat = s.turn
    w = ai_know.weights(s, seat, True)
    sc = scores(s, moves + [h], w, odds(s, seat, ai_know.unseen(s, seat)))
    x = sc.pop()
    for i in range(len(sc)):
        sc[i] = x - sc[i]
    return sc


def odds_of(s, seat, cnt, total):
    """odds() of total unseen cards counted by value in cnt"""
    p = [0] * 15
    q = [0] * 15
    for k in range(1, s.n):
        o = (seat + k) % s.n
        if s.n == 4 and k == 2:
            continue  # the partner
        ai_know.hold_odds(cnt, total, len(s.hands[o]), ai_know.owned_values(s, o), q)
        for v in range(2, 15):  # the chance any of them holds v (the first: q itself)
            p[v] = 1000 - (1000 - p[v]) * (1000 - q[v]) // 1000
    return p


def scores(s, moves, w, p, over=1 << 29):
    """One score per move, centipoints for the seat's side, up to the first
    over `over` (beaten asks no more). (The functions and
    lists it calls for each move are held in locals: a global or a module's
    name is a dict lookup each time on MicroPython.)"""
    seat = s.turn
    hand = s.hands[seat]
    cards = sum(map(len, s.hands))
    final = not s.deck and cards == 1
    sw = SWEEP if s.sweeps_on else 0
    trail_share = TRAIL_SHARE
    theirs = THEIRS
    sweep = SWEEP
    sw1 = 0 if final else sw
    sw2 = 0 if not s.deck and cards == 2 else sw
    sim = ai_sim.Sim(s, None)
    loose, builds, last = s.loose, s.builds, s.last
    take = ai_sim.take
    find_takes_after = ai_eval.find_takes_after
    expect = ai_eval.expect
    cap = ai_eval.BEST_TAKE
    # each card of the hand: its value
    kept = []
    for c in hand:
        kept.append(VALUE[c])
    out = []
    if not final:
        ai_eval.table(loose, w)
    for m in moves:
        g = take(sim, m, w, sw1)
        if m[_KIND] == _TRAIL:
            g -= w[m[_CARD]] // trail_share
        if final:
            left = 0
            for c in sim.loose:
                left += w[c]
            if sim.last >= 0 and (sim.last - seat) % s.sides == 0:
                g += left
            else:
                g -= left
        else:
            find_takes_after(m[_LOOSE], m[_CARD] if m[_KIND] == _TRAIL else -1, sim.builds, w, sw2)
            g -= expect(p, sweep) * theirs // 4
            mine = 0
            for i in range(len(hand)):
                c = hand[i]
                if c != m[_CARD]:
                    v = kept[i]
                    x = cap[v]
                    if x:
                        # the card it keeps is taken too
                        x = (x + w[c]) * (1000 - p[v]) // 1000
                        if x > mine:
                            mine = x
            g += mine
        out.append(g)
        sim.loose, sim.builds, sim.last = loose, builds, last
        if g > over:
            break
    return out


weighed = 0  # moves beaten() counted: deal's work


def beaten(s, move, w, p, by=0):
    """Whether medium, holding s.hands[s.turn], scores another move more than
    by centipoints better than move (by 0: move is not its best). The
    played card's moves first, then one card's moves at a time (short
    lists, on a crowded table too) from one pass of the move generator;
    once one is better the rest are only counted in weighed, as if scored
    (the deal's work does not depend on the order)."""
    global weighed
    card = move[_CARD]
    ms = capped_moves(s, card)
    sc = scores(s, ms, w, p)
    weighed += len(ms)
    mine = sc[ms.index(move)] + by if move in ms else -100000
    found = False
    for g in sc:
        found = found or g > mine
    ms = []
    n = 0
    for m in each_move(s, -1, _KEPT_A_CARD):
        if m[_CARD] == card:
            continue
        n += 1
        if found:
            continue
        if ms and m[_CARD] != ms[0][_CARD]:  # the last card's moves, scored
            for g in scores(s, ms, w, p, mine):
                found = found or g > mine
            del ms[:]
            if found:
                continue
        ms.append(m)
    if ms and not found:
        for g in scores(s, ms, w, p, mine):
            found = found or g > mine
    weighed += n
    return found


def choose(s, seed, stop=None):
    """Medium's move for the seat to move."""
    moves = capped_moves(s)
    if len(moves) == 1:
        return moves[0]
    seat = s.turn
    w = ai_know.weights(s, seat, True)
    u = ai_know.unseen(s, seat)
    if s.n == 2 and not s.deck:
        # two players, pack used up: the last five cards played out exactly
        from engine.ai_end import solve

        b = solve(s, moves, w, ai_know.SWEEP if s.sweeps_on else 0, u, 5, stop)
        if b >= 0:
            return moves[b]
    sc = scores(s, moves, w, odds(s, seat, u))
    return moves[sc.index(max(sc))]


# a deal's checks weigh at most this many moves, by players (ai_hard's deals)
CHECKED = (0, 0, 30, 50, 30)


def deal(s, me, pool, rng, hands, w):
    """For hard: a deal of the hidden cards (ai_know.deal), dealt again (39
    times at most, while the checks have weighed under CHECKED moves) unless
    medium, holding an opponent's hand dealt (and the cards it has played
    since), would have played each of its plays this hand that observe
    read (s.was, the last first) so on that play's table: its best score,
    as its first best is by its hand's order, which no other seat knows.
    A partner is not asked. The opponent's view of the hidden cards then:
    the deck (the pool past the hands dealt: ai_know.deal deals from its
    front) and the other seats' hands (with the cards played since).
    Returns how many plays it checked, with 4 players each draw counted
    as one more (a draw's own work; weighed: the moves the checks
    weighed). With nothing kept (3 players, or before the hand's first
    play): one draw, and no Sim or slice made for a check."""
    global weighed
    weighed = 0
    if not s.was:
        return ai_know.deal(s, me, pool, rng, hands)
    t = 40
    n = s.n
    q = ai_sim.Sim(s, 0)
    q.deck = s.deck
    q.sweeps_on = s.sweeps_on
    q.sides = s.sides
    # what the seat asked could not see at its play: every card hidden now
    # (the pool, this seat's hand) and every card played since, less its own
    hidden = ai_know.rank_counts(pool)
    for c in s.hands[me]:
        hidden[VALUE[c]] += 1
    cnt = [0] * 15
    checks = 0
    while t and weighed < CHECKED[n]:
        ai_know.deal(s, me, pool, rng, hands)
        t -= 1
        # each seat's hand at the play asked (its lists made anew: hands stays as dealt)
        then = hands[:n]
        since = hidden[:]
        u = len(pool) + len(s.hands[me])  # the cards since counts
        for seat, move, q.loose, q.builds in s.was:
            then[seat] = then[seat] + [move[_CARD]]
            since[VALUE[move[_CARD]]] += 1
            u += 1
            if (seat - me) % s.sides == 0 or q.builds is None:
                continue
            q.turn = seat
            q.hands = then
            cnt[:] = since
            for c in then[seat]:
                cnt[VALUE[c]] -= 1
            checks += 1
            if beaten(q, move, w, odds_of(q, seat, cnt, u - len(then[seat]))):
                break
        else:
            break
    return checks + (40 - t if n == 4 else 0)
