# The end of a round: the engine counts each side's cards, spades and sweeps
# and scores it (and deals the next round unless someone has won); then the
# statistics, the save, the tune, and the round's scores.
import sys
from engine.scoring import finish_round, counts


def over(app, s):
    from feedback import ROUND
    import session

    session.profile("record_round", app.save.stats, s, app.settings.seat_levels())
    r = app.result = finish(s)
    # the coach's tally of the round, when one person plays (P1: nobody else sees it)
    r.tally = app.tally if app.coaching and app.settings.humans() == 1 else None
    app.tally = [0, 0]
    # the next round as dealt, or the finished game (the game-over screen counts it):
    # Continue never plays the round's last move again
    session.write(app)
    app.fx.play(ROUND)
    app.show("summary")
    # the round's end goes, the engine's scoring too, until the next round's end (the
    # summary loads the names it reads again, and lets them go with it): a game's heap
    # holds neither while the computers search
    sys.modules.pop("round_end", None)
    session.let_go("scoring")


class Result:
    pass


def finish(s):
    # the engine's counts and scores (before finish_round deals the next round)
    r = Result()
    r.cards, r.spades, r.swept, _ = counts(s)
    r.start = s.scores  # the scores it started from (finish_round sets a new list)
    r.points, r.scores, r.winner, r.items, r.net = finish_round(s)
    r.sides = s.sides
    r.tally = None  # (over: the coach's)
    r.n = s.n
    return r
