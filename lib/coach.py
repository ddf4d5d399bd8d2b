# The coach's look at a person's move: hard's choice for the position before it, then,
# where that differs, lib/teach.py's words. Loaded for the look and let go after (run pops
# it), so a game's heap holds none of it.
import gc
import sys
import session


def run(app):
    # The coach's look at the person's last move (app.coach_job: their seat, the state
    # before it, the move), run where that person waits anyway: during the computers'
    # turns, or behind the pass screen. Hard's choice with a seed of its own (the
    # computers' count is not touched: their moves are the same with the coach off),
    # then (only where it differs) the words, the search's garbage gone: the two are
    # never in the heap at once. (Few locals: the search's frames are the deepest
    # Python stack, tools/box/pystack.py.)
    job = app.coach_job
    app.coach_job = None
    sys.modules.pop("coach", None)  # this module goes once the call returns
    gc.collect()
    try:
        watch = getattr(app.platform, "stopwatch", None)
        watch = watch and watch(2000)
        watch = __import__("engine.ai").ai.choose_move(
            job[1], "hard", app.save.ai_seed ^ 0x5EED ^ len(job[1].deck), watch
        )
    except MemoryError:
        return
    noted(app, job, watch)


def noted(app, job, h):
    # A clear mistake's lines for that seat's next turn (app.notes), counted in the
    # round's tally (app.tally: flagged moves and centipoints lost, by seat)
    seat, s, move = job
    r = None
    if h != move:
        try:
            r = session.teach("coach", s, move, h)
        except MemoryError:
            pass
    gc.collect()
    if r is not None:
        app.notes[seat] = r[1]
        t = app.tally
        t[2 * seat] += 1
        t[2 * seat + 1] += r[0]
