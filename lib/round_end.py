# The end of a round: count each side's cards, spades and sweeps, then let the
# engine score it (and deal the next round unless someone has won); the
# statistics, the save, the tune, then the round's scores.
from engine.scoring import finish_round


def over(app, s):
    from engine.profile import record_round
    from feedback import ROUND
    import session
    record_round(app.save.stats, s, app.settings.seat_levels())
    app.result = finish(s)
    session.round_end(app)
    app.fx.play(ROUND)
    app.show("summary")


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
