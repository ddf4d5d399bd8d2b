# Never lose a game: the game in play goes into the store after every move
# (engine state, seats, the computers' seed and count) and with its
# statistics at a round's end; Continue (App.resume) picks up the last record,
# so the computers then make the very choices they would have made. A write
# that fails is reported on screen for a moment and the game goes on.
from engine import savegame
from engine.profile import start_game
from engine.play import EV_ROUND_OVER


def new_game(app):
    # A new game as the settings say, written at once (Continue finds it).
    app.settings.store(app.save.settings)
    start_game(app.save, app.seed)
    app.seed += 1
    app.game = app.save.game
    return write(app)


def write(app):
    # The whole save as one record; app.last keeps its bytes (what Continue
    # resumes in this session, even if the write failed). True if written.
    sv = app.save
    if app.game is not None and app.game.winner < 0:
        sv.game = app.game
    data = savegame.pack(sv)
    app.last = data
    if app.store is None:
        return False
    try:
        return app.store.save(data)
    except (OSError, ValueError) as e:
        report(app, e)
        return False


def moved(app, ev):
    # After every move; a round's end is written by round_end() instead,
    # with the round's statistics, so nothing is ever counted twice.
    if not ev & EV_ROUND_OVER:
        write(app)


def round_end(app):
    # After record_round and finish_round. The last round of a game is left
    # to the game-over screen (end_game, then the save without the game).
    if app.game.winner < 0:
        write(app)


def report(app, e):
    code = e.args[0] if e.args else 0
    say(app, "NOT SAVED (error %s)" % code if isinstance(code, int) else "NOT SAVED")


def say(app, text):
    ov = overlay(app)
    ov.say(text, app.now)


def overlay(app):
    if app.overlay is None:
        from overlay import Overlay
        app.overlay = Overlay(app.root)
    return app.overlay


def debug(app):
    overlay(app).memory(app.now)


def resume(app):
    # Continue: the game of the last record written (this session's, else
    # the one read at boot), then the table (which seats it as saved).
    data = app.last
    if data is None:
        data = savegame.pack(app.save)
    sv = app.save
    back = savegame.unpack(data)
    g = back.game
    app.game = None
    if g is not None and g.winner < 0:
        sv.game = g
        sv.seats = back.seats
        sv.ai_seed = back.ai_seed
        sv.ai_count = back.ai_count
        app.game = g
        for lv in back.seats + ["medium"]:      # the computers' modules compile
            if lv:                              # before the table's bitmaps exist
                __import__("engine.ai_" + lv)
    app.show("play")


def seat(app):
    # The settings seat the game in play as it was dealt: a setup changed and
    # left with B (pause, New game, B) must not reseat it.
    g = app.game
    st = app.settings
    st.seats = list(app.save.seats) + st.seats[g.n:]
    st.sweeps_on = g.sweeps_on
    st.set_players(g.n)
