# The coach's look at a person's move: hard's choice for the position before it, then,
# where that differs, lib/teach.py's words. Loaded for the look and let go after (run pops
# it), so a game's heap holds none of it.
import gc
import sys
import session


def run(app):
    # The coach's look at the person's move (app.coach_job: their seat, the move), on the
    # step after their key while the move shows, before it is played: the game is the
    # position it was chosen in. Hard's choice with a seed of its own (the computers'
    # count is not touched: their moves are the same with the coach off), then (only
    # where it differs) the words, the search's garbage gone: the two are never in the
    # heap at once. (Few locals: the search's frames are the deepest Python stack,
    # tools/box/pystack.py.)
    job = app.coach_job
    app.coach_job = None
    sys.modules.pop("coach", None)  # this module goes once the call returns
    gc.collect()
    try:
        watch = getattr(app.platform, "stopwatch", None)
        watch = watch and watch(2000)
        watch = __import__("engine.ai").ai.choose_move(
            app.game, "hard", app.save.ai_seed ^ 0x5EED ^ len(app.game.deck), watch
        )
    except MemoryError:
        return
    noted(app, job, watch)


def noted(app, job, h):
    # A clear mistake's lines for that seat's next turn (app.notes, shown only there:
    # with several people, behind their pass screen), counted in the round's tally
    # (app.tally: flagged moves and centipoints lost; shown when one person plays)
    seat, move = job
    s = app.game
    r = None
    if h != move:
        try:
            r = session.teach("teach", "coach", s, move, h)
        except MemoryError:
            pass
    gc.collect()
    if r is not None:
        app.notes[seat] = r[1]
        t = app.tally
        t[0] += 1
        t[1] += r[0]
