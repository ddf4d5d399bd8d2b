# The coach's look at a person's move: hard's choice for the position it was chosen in,
# then, where the move falls clearly short of it, lib/teach.py's words. The look runs while
# the person thinks (screen_play.look, on the idle steps of their turn, stopped by any
# key), so that once they move only a lookup is left (run); a move made before the look is
# done gets the whole look on the step after the key (run). Loaded for that step and let go
# after, so a game's heap holds none of it.
import gc
import sys
from micropython import const
from engine.movegen import capped_moves
from engine.ai import choose_move
from engine.ai_medium import gaps
import session

_MARGIN = const(100)  # teach.MARGIN


def run(app):
    # The coach's look at the person's move (app.coach_job: their seat, the move), on the
    # step after their key while the move shows, before it is played: the game is the
    # position it was chosen in. What the look ahead made (app.coach_pre: [hard's choice,
    # the gaps], screen_play.look) is read; what it did not is made: hard's choice (its
    # seed of its own: the computers' count is not touched, their moves are the same with
    # the coach off), then judged (judge). (Few locals: the search's frames are the
    # deepest Python stack, tools/box/pystack.py.)
    job = app.coach_job
    pre = app.coach_pre
    app.coach_job = app.coach_pre = None
    sys.modules.pop("coach", None)  # this module goes once the call returns
    if pre is None:
        gc.collect()
        pre = getattr(app.platform, "stopwatch", None)
        pre = pre and pre(2000)
        try:
            pre = [choose_move(app.game, "hard", session.coach_seed(app), pre), None]
        except MemoryError:
            return
        gc.collect()
    judge(app, job, pre)


def judge(app, job, pre):
    # The person's move (job) against hard's choice (pre[0]; None: the look found no
    # memory): its gap on medium's scores (pre[1]: every move's, made ahead, else the
    # move's own now), and, for a gap of _MARGIN or more, the words (the search's garbage
    # gone: the two are never in the heap at once)
    s = app.game
    h = pre[0]
    if h is None or h == job[1]:
        return
    if pre[1]:
        gap = pre[1][capped_moves(s).index(job[1])]
    else:
        gap = gaps(s, [job[1]], h)[0]
    if gap >= _MARGIN:
        try:
            noted(app, job[0], gap, session.teach("teach", "advice", s, h))
        except MemoryError:
            pass


def noted(app, seat, gap, lines):
    # A clear mistake's lines for that seat's next turn (app.notes, shown only there:
    # with several people, behind their pass screen), counted in the round's tally
    # (app.tally: flagged moves and centipoints lost; shown when one person plays)
    app.notes[seat] = said(lines, gap)
    t = app.tally
    t[0] += 1
    t[1] += gap


def said(lines, gap):
    # the coach's lines (lib/teach.py's), the points the move lost added where the first
    # line has room (31 characters a 5x7 line, 7 of them the gain's): "... (+2.3)"
    head = lines[0]
    if len(head) <= 24:
        head += " (+%d.%d)" % (gap // 100, gap // 10 % 10)
    return [head, lines[1]]
