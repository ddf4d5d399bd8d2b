# The end of a round: count each side's cards, spades and sweeps, then let the
# engine score it (and deal the next round unless someone has won).
from engine.scoring import finish_round


class Result:
    pass


def finish(s):
    r = Result()
    sides = s.sides
    r.cards = [0] * sides
    r.spades = [0] * sides
    r.swept = [0] * sides
    for seat in range(s.n):
        side = seat % sides
        r.swept[side] += s.sweeps[seat]
        for c in s.captured[seat]:
            r.cards[side] += 1
            if c & 3 == 0:
                r.spades[side] += 1
    r.before = s.scores[:]
    r.points, r.scores, r.winner, r.items, r.net = finish_round(s)
    r.sides = sides
    r.n = s.n
    return r
