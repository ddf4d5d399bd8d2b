# The end of a round: the engine counts each side's cards, spades and sweeps
# and scores it (and deals the next round unless someone has won); then the
# statistics, the save, the tune, and the round's scores.
from engine.scoring import finish_round, counts


def over(app, s):
    from feedback import ROUND
    import session

    session.profile("record_round", app.save.stats, s, app.settings.seat_levels())
    app.result = finish(s)
    # the next round as dealt, or the finished game (the game-over screen counts it):
    # Continue never plays the round's last move again
    session.write(app)
    app.fx.play(ROUND)
    app.show("summary")


class Result:
    pass


def finish(s):
    # the engine's counts and scores (before finish_round deals the next round)
    r = Result()
    r.cards, r.spades, r.swept, _ = counts(s)
    r.points, r.scores, r.winner, r.items, r.net = finish_round(s)
    r.sides = s.sides
    r.n = s.n
    return r
