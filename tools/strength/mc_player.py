"""A determinized Monte Carlo player: an outside opponent for the engine's computer players.

    from tools.strength.mc_player import choose   # choose(state, seed, playouts) -> a move
    python3 -m tools.strength.tournament hard mc -n 100

Host only, never shipped. For each decision it deals the cards its seat cannot
see (the other hands and the deck) at random, consistently with what the seat
sees: the hand sizes and the hold rule (a build's owner holds a card of the
build's value). In each deal every legal move is played, then the hand is played
out to its end by a fast greedy policy for every seat, and the position reached is
scored: the round's items already taken count whole, the undecided ones as the
share each side can expect if the cards still in play were split at random (most
cards and most spades exactly by the binomial; the casinos and Aces 1/sides each),
the sweeps as made. A move's worth is its side's expected points less the others'
mean, averaged over the deals; the best move is played.

It shares no code with the engine's computer players (engine/ai_*.py), only the
rules (legal_moves, apply_move), so it is an opponent they were not written
against. PLAYOUTS playouts a decision: about 0.2 s in CPython (1,600: 0.1 s).
"""

import random

from engine.cards import ACES, BIG_CASINO, LITTLE_CASINO
from engine.movegen import CAPTURE, TRAIL, legal_moves
from engine.play import EV_DEAL, EV_ROUND_OVER, apply_move

PLAYOUTS = 3200  # playouts a decision, spread over the moves
HOLD_TRIES = 50  # shuffles tried for a deal that keeps the hold rule

# What the greedy policy weighs a card at, in hundredths of a point: most
# cards (3 points) spread over the 27 cards that win it, most spades (1 point)
# over 7 spades, the casinos and Aces their points.
CARD = 11
SPADE = 14
SWEEP = 100
WEIGHT = [CARD + (SPADE if c & 3 == 0 else 0) for c in range(52)]
WEIGHT[BIG_CASINO] += 200
WEIGHT[LITTLE_CASINO] += 100
for _ace in ACES:
    WEIGHT[_ace] += 100
HAND_ENDS = EV_DEAL | EV_ROUND_OVER


def value_of(card):
    """What a card captures and is built to: Ace 14."""
    r = (card >> 2) + 1
    return 14 if r == 1 else r


# ---- the deal: the hidden cards, consistent with what the seat sees ----


def unseen_cards(s, seat):
    seen = set(s.hands[seat]) | set(s.loose)
    for b in s.builds:
        for g in b[2]:
            seen.update(g)
    for pile in s.captured:
        seen.update(pile)
    return [c for c in range(52) if c not in seen]


def held_values(s):
    """For each seat, the set of build values it owns (so must hold)."""
    need = [set() for _ in range(s.n)]
    for b in s.builds:
        need[b[1]].add(b[0])
    return need


def keeps_hold_rule(hand, values):
    have = set(value_of(c) for c in hand)
    return values <= have


def sample_deal(s, seat, rng, hidden, need):
    """A copy of s with the other hands and the deck dealt from hidden at
    random: a shuffle that keeps the hold rule if one is found in
    HOLD_TRIES, else the last one mended."""
    t = s.copy()
    spans = []  # (seat, first, past) of each other hand in hidden
    pos = 0
    for o in range(s.n):
        if o != seat:
            spans.append((o, pos, pos + len(s.hands[o])))
            pos += len(s.hands[o])
    for _ in range(HOLD_TRIES):
        rng.shuffle(hidden)
        if all(keeps_hold_rule(hidden[a:b], need[o]) for o, a, b in spans):
            break
    else:
        mend(hidden, spans, need)
    for o, a, b in spans:
        t.hands[o] = hidden[a:b]
    t.deck = hidden[pos:]
    return t


def mend(hidden, spans, need):
    """Deal each hand a card of each value its seat must hold first (the
    first of that value in the shuffled cards), then the rest in order."""
    rest = hidden[:]
    dealt = [None] * len(hidden)
    for o, a, _b in spans:
        for i, v in enumerate(sorted(need[o])):
            j = next(j for j in range(len(rest)) if value_of(rest[j]) == v)
            dealt[a + i] = rest.pop(j)
    for i in range(len(dealt)):
        if dealt[i] is None:
            dealt[i] = rest.pop(0)
    hidden[:] = dealt


# ---- the playout: greedy to the end of the hand ----


def greedy_score(t, move):
    """The fast policy's worth of a move: a capture its cards (and a sweep)
    first; then a build, for half what it gathers; a trail loses the card."""
    card, kind, value, lm, bm = move
    if kind == TRAIL:
        return -WEIGHT[card]
    loose = t.loose
    got = WEIGHT[card]
    taken = 0
    for i in range(len(loose)):
        if lm >> i & 1:
            got += WEIGHT[loose[i]]
            taken += 1
    for j in range(len(t.builds)):
        if bm >> j & 1:
            for g in t.builds[j][2]:
                for c in g:
                    got += WEIGHT[c]
    if kind == CAPTURE:
        if t.sweeps_on and taken == len(loose) and bm == (1 << len(t.builds)) - 1:
            got += SWEEP
        return 1000 + got
    return got // 2


def greedy_move(t):
    best = None
    score = 0
    for m in legal_moves(t):
        g = greedy_score(t, m)
        if best is None or g > score:
            best, score = m, g
    return best


def play_out(t):
    """Greedy moves to the end of the hand (or the round)."""
    while True:
        if apply_move(t, greedy_move(t)) & HAND_ENDS:
            return


# ---- the score: the round's items, taken or expected ----

_MOST = {}


def most_odds(have, left):
    """Each side's chance of the strictly largest count when the `left`
    cards still in play go to the sides at random (tuple have: each side's
    count now). Cached: the same counts recur."""
    key = (have, left)
    odds = _MOST.get(key)
    if odds is None:
        odds = _MOST[key] = _most_odds(have, left)
    return odds


def _most_odds(have, left):
    sides = len(have)
    odds = [0.0] * sides
    if sides == 2:
        for x in range(left + 1):
            p = _binomial(left, x) / 2.0**left
            a, b = have[0] + x, have[1] + left - x
            if a != b:
                odds[0 if a > b else 1] += p
        return odds
    for x in range(left + 1):
        for y in range(left - x + 1):
            z = left - x - y
            p = _trinomial(left, x, y) / 3.0**left
            c = (have[0] + x, have[1] + y, have[2] + z)
            top = max(c)
            if c.count(top) == 1:
                odds[c.index(top)] += p
    return odds


def _binomial(n, k):
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


def _trinomial(n, x, y):
    return _binomial(n, x) * _binomial(n - x, y)


def expected_points(t):
    """Each side's expected points for the round from the position t."""
    sides = t.sides
    cards = [0] * sides
    spades = [0] * sides
    points = [0.0] * sides
    share = 1.0 / sides
    taken = set()
    for seat in range(t.n):
        side = seat % sides
        for c in t.captured[seat]:
            cards[side] += 1
            spades[side] += c & 3 == 0
            taken.add(c)
    for side, p in enumerate(most_odds(tuple(cards), 52 - sum(cards))):
        points[side] += 3 * p
    for side, p in enumerate(most_odds(tuple(spades), 13 - sum(spades))):
        points[side] += p
    for c, worth in ((BIG_CASINO, 2), (LITTLE_CASINO, 1)) + tuple((a, 1) for a in ACES):
        if c not in taken:
            for side in range(sides):
                points[side] += worth * share
    for seat in range(t.n):
        for c in t.captured[seat]:
            if c == BIG_CASINO:
                points[seat % sides] += 2
            elif c == LITTLE_CASINO or c in ACES:
                points[seat % sides] += 1
    if t.sweeps_on:
        swept = [0] * sides
        for seat in range(t.n):
            swept[seat % sides] += t.sweeps[seat]
        for side in range(sides):
            others = max(swept[o] for o in range(sides) if o != side)
            points[side] += max(0, swept[side] - others)
    return points


def margin(t, side):
    """side's expected points less the others' mean."""
    points = expected_points(t)
    others = (sum(points) - points[side]) / (len(points) - 1)
    return points[side] - others


# ---- the decision ----


def choose(s, seed, playouts=PLAYOUTS):
    """The move with the best mean margin over sampled deals. The playouts
    are spent by sequential halving: every move is played out on the same
    few deals, the worse half dropped, the rest played out on new deals, and
    so on, so the close contenders get most of the playouts."""
    moves = legal_moves(s)
    if len(moves) == 1:
        return moves[0]
    seat = s.turn
    side = seat % s.sides
    rng = random.Random(seed)
    hidden = unseen_cards(s, seat)
    need = held_values(s)
    total = [0.0] * len(moves)
    alive = list(range(len(moves)))
    if not s.deck and s.n == 2:
        # every hidden card is in the other hand: one deal says all
        score(s, sample_deal(s, seat, rng, hidden, need), moves, alive, side, total)
        return moves[total.index(max(total))]
    halvings = max(1, (len(moves) - 1).bit_length())
    while True:
        deals = max(1, playouts // (halvings * len(alive)))
        for _ in range(deals):
            score(s, sample_deal(s, seat, rng, hidden, need), moves, alive, side, total)
        alive.sort(key=lambda k: -total[k])  # stable: ties keep the move order
        if len(alive) <= 2:
            return moves[alive[0]]
        del alive[(len(alive) + 1) // 2 :]


def score(s, deal, moves, alive, side, total):
    """Add to total[k] the margin of moves[k] played out on deal, for k in alive."""
    for k in alive:
        t = deal.copy()
        if not apply_move(t, moves[k]) & HAND_ENDS:
            play_out(t)
        total[k] += margin(t, side)
