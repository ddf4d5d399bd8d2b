# Round scoring in the rules' order and the near-21 rules (RULES.md section 7).
from engine.cards import BIG_CASINO, LITTLE_CASINO, ACES

# items: index -> what it names; each holds the side that took it, or -1
MOST_CARDS = 0
MOST_SPADES = 1
BIG = 2
LITTLE = 3
FIRST_ACE = 4          # 4..7: AS AC AH AD
ITEM_POINTS = (3, 1, 2, 1, 1, 1, 1, 1)
ITEM_CARDS = (BIG_CASINO, LITTLE_CASINO) + ACES     # items BIG .. the last Ace
NEAR = (MOST_CARDS, BIG, LITTLE)    # what a side on 18, 19, 20 must take to reach 21


def _most(counts):
    top = max(counts)
    return counts.index(top) if counts.count(top) == 1 else -1


def counts(s):
    # Each side's captured cards, spades and sweeps, and the side that took
    # each card (-1: none).
    sides = s.sides
    cards = [0] * sides
    spades = [0] * sides
    owner = [-1] * 52
    swept = [0] * sides
    for seat in range(s.n):
        side = seat % sides
        swept[side] += s.sweeps[seat]
        for c in s.captured[seat]:
            cards[side] += 1
            if c & 3 == 0:
                spades[side] += 1
            owner[c] = side
    return cards, spades, swept, owner


def score_round(s):
    # For a finished round: (points, scores, winner, items, sweeps) per side,
    # where points are before the near-21 cap and scores after it.
    sides = s.sides
    cards, spades, swept, owner = counts(s)
    items = [_most(cards), _most(spades)]
    for c in ITEM_CARDS:
        items.append(owner[c])
    start = s.scores
    open_play = max(start) >= 21          # a tie-break round: no near-21 rules
    net = [0] * sides
    points = [0] * sides
    for side in range(sides):
        if s.sweeps_on:
            others = 0
            for o in range(sides):
                if o != side and swept[o] > others:
                    others = swept[o]
            if swept[side] > others and (open_play or start[side] < 18):
                net[side] = swept[side] - others
        points[side] = net[side]
    for i in range(len(items)):
        if items[i] >= 0:
            points[items[i]] += ITEM_POINTS[i]
    winner = -1
    scores = []
    for side in range(sides):
        scores.append(start[side] + points[side])
    if not open_play:
        for k in range(3):              # on 18 first, then 19, then 20
            side = items[NEAR[k]]
            if side >= 0 and start[side] == 18 + k and winner < 0:
                winner = side
        for side in range(sides):
            if 18 <= start[side] <= 20 and items[NEAR[start[side] - 18]] != side \
                    and scores[side] > 20:
                scores[side] = 20
    if winner < 0:
        top = max(scores)
        if top >= 21 and scores.count(top) == 1:
            winner = scores.index(top)
    return points, scores, winner, items, net


def finish_round(s):
    # Score the finished round into the state; the next round is dealt unless
    # a side has won. Returns score_round's answer.
    result = score_round(s)
    s.scores = result[1]
    s.winner = result[2]
    if s.winner < 0:
        s.start_round((s.dealer + 1) % s.n)
    return result
