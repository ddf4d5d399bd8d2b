# Round scoring in the rules' order and the near-21 rules (RULES.md section 7).
from engine.cards import BIG_CASINO, LITTLE_CASINO, ACES

# items: index -> what it names; each holds the side that took it, or -1
MOST_CARDS = 0
MOST_SPADES = 1
BIG = 2
LITTLE = 3
FIRST_ACE = 4          # 4..7: AS AC AH AD
ITEM_POINTS = (3, 1, 2, 1, 1, 1, 1, 1)
REQUIREMENTS = ((MOST_CARDS, 18), (BIG, 19), (LITTLE, 20))


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
    items = [_most(cards), _most(spades), owner[BIG_CASINO], owner[LITTLE_CASINO]]
    for a in ACES:
        items.append(owner[a])
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
    scores = [start[k] + points[k] for k in range(sides)]
    if not open_play:
        for item, needed in REQUIREMENTS:
            side = items[item]
            if side >= 0 and start[side] == needed and winner < 0:
                winner = side
        for side in range(sides):
            if 18 <= start[side] <= 20 and not met(items, side, start[side]) \
                    and scores[side] > 20:
                scores[side] = 20
    if winner < 0:
        top = max(scores)
        if top >= 21 and scores.count(top) == 1:
            winner = scores.index(top)
    return points, scores, winner, items, net


def met(items, side, score):
    for item, needed in REQUIREMENTS:
        if needed == score and items[item] == side:
            return True
    return False


def finish_round(s):
    # Score the finished round into the state; the next round is dealt unless
    # a side has won. Returns score_round's answer.
    result = score_round(s)
    s.scores = result[1]
    s.winner = result[2]
    if s.winner < 0:
        s.start_round((s.dealer + 1) % s.n)
    return result
