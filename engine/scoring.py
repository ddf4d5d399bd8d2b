# Round scoring in the rules' order and the near-21 rules (docs/RULES.md, "Scoring" and
# "Reaching 21"): a function a rule.
from engine import const
from engine.cards import ACES

_BIG_CASINO = const(39)  # engine.cards.BIG_CASINO
_LITTLE_CASINO = const(4)  # engine.cards.LITTLE_CASINO

# items: index -> what it names; each holds the side that took it, or -1
MOST_CARDS = 0
MOST_SPADES = 1
BIG = 2
LITTLE = 3
FIRST_ACE = 4  # 4..7: AS AC AH AD
ITEM_POINTS = (3, 1, 2, 1, 1, 1, 1, 1)
ITEM_CARDS = (_BIG_CASINO, _LITTLE_CASINO) + ACES  # items BIG .. the last Ace
NEAR = (MOST_CARDS, BIG, LITTLE)  # what a side on 18, 19, 20 must take to reach 21


def most(counts):
    """Most cards, most spades: the side with strictly the most, or -1 on a tie."""
    top = max(counts)
    return counts.index(top) if counts.count(top) == 1 else -1


def counts(s):
    """Each side's captured cards, spades and sweeps, and the side that took each card
    (-1: none)."""
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


def items_taken(cards, spades, owner):
    """The side that took each item, in scoring order (ITEM_POINTS), or -1."""
    items = [most(cards), most(spades)]
    for c in ITEM_CARDS:
        items.append(owner[c])
    return items


def sweeps_left(swept, start, open_play):
    """Sweeps cancel: each side's sweeps less the most any other side made, never below 0;
    a side on 18 or more scores none (its sweeps still cancel), but in open play."""
    net = [0] * len(swept)
    for side in range(len(swept)):
        others = 0
        for o in range(len(swept)):
            if o != side and swept[o] > others:
                others = swept[o]
        if swept[side] > others and (open_play or start[side] < 18):
            net[side] = swept[side] - others
    return net


def near_21_winner(items, start):
    """Reaching 21 from 18, 19, 20: the first side in scoring order to take what its score
    needs (most cards, Big Casino, Little Casino) wins at once; -1 if none does."""
    for k in range(3):  # on 18 first, then 19, then 20
        side = items[NEAR[k]]
        if side >= 0 and start[side] == 18 + k:
            return side
    return -1


def capped_at_20(scores, items, start):
    """A side on 18, 19 or 20 that missed what it needed stops at 20."""
    for side in range(len(scores)):
        if 18 <= start[side] <= 20 and items[NEAR[start[side] - 18]] != side and scores[side] > 20:
            scores[side] = 20


def highest_at_21(scores):
    """Past 21, the one side alone with the highest score wins; -1 if none (or a tie)."""
    top = max(scores)
    return scores.index(top) if top >= 21 and scores.count(top) == 1 else -1


def score_round(s):
    """For a finished round: (points, scores, winner, items, sweeps) per side, where points are
    before the near-21 cap and scores after it (RULES.md, "Scoring" and "Reaching 21")."""
    cards, spades, swept, owner = counts(s)
    items = items_taken(cards, spades, owner)
    start = s.scores
    open_play = max(start) >= 21  # a tie-break round: no near-21 rules
    net = sweeps_left(swept, start, open_play) if s.sweeps_on else [0] * s.sides
    points = net[:]
    for i in range(len(items)):
        if items[i] >= 0:
            points[items[i]] += ITEM_POINTS[i]
    scores = [start[side] + points[side] for side in range(s.sides)]
    winner = -1
    if not open_play:
        winner = near_21_winner(items, start)
        capped_at_20(scores, items, start)
    if winner < 0:
        winner = highest_at_21(scores)
    return points, scores, winner, items, net


def finish_round(s):
    """Score the finished round into the state; the next round is dealt unless a side has
    won. Returns score_round's answer."""
    result = score_round(s)
    s.scores = result[1]
    s.winner = result[2]
    if s.winner < 0:
        s.start_round((s.dealer + 1) % s.n)
    return result
