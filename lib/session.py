# Never lose a game, and spare the flash (each write erases the nvm's block):
# the game in play (engine state, seats, the computers' seed and count, the
# recap and the card under the person's cursor) goes
# into the store when a game starts, at each deal, with the statistics at a
# round's end, when the pause menu opens (the only way off the table), before
# the battery is flat, and after a move that leaves a person to play if GAP ms
# have passed since the last save. Continue (App.resume) picks up the last
# record, so the computers then make the very choices they would have made
# (the count saved is the one at the position's last move, even while a
# computer's next choice is on show). A write that fails is reported on screen
# for a moment and the game goes on. The save is read once, at boot (open_save).
import gc
import sys
import engine
from engine import savegame
from micropython import const

_EV_DEAL = const(16)  # engine.play.EV_DEAL
_EV_ROUND_OVER = const(64)  # engine.play.EV_ROUND_OVER

# app.saved: when the last save was written; app.count: the computers' count at the last
# move (both set from new_game/resume)
GAP = const(60000)


def open_save(nvm):
    # The save at boot: the store's newest record read as an engine.savegame.Save
    # -> (store, save, message): save has defaults if nothing is stored; message
    # is None, or says the game could not be read. Never raises for what is stored.
    from store import Store, UNREADABLE

    store = Store(nvm)
    payload, message = store.load()
    save = None
    if payload is not None:
        try:
            save = read(payload)
            if save.lost & (1 << savegame.GAME):
                message = UNREADABLE
        except ValueError:
            message = UNREADABLE
    return store, save or savegame.Save(), message


def read(data):
    # The save in data (engine/saveread.py's unpack: ValueError if its frame is bad). Only
    # boot and Continue read a save: the reader is loaded for it and let go after, so a
    # game's heap never holds its code.
    return engine_call("saveread", "unpack", data)


def profile(name, *args):
    # engine/profile.py's name called: a new game's start, a round's or a game's
    # statistics, each loaded for the call and let go after (a game's heap holds none)
    return engine_call("profile", name, *args)


def engine_call(module, name, *args):
    # engine/<module>.py's name called, the module loaded for it and let go after
    try:
        return getattr(getattr(__import__("engine." + module), module), name)(*args)
    finally:
        let_go(module)


def teach(mod, name, *args):
    # lib/<mod>.py's name called: teach's (the hint's reason, the coach's words) or tips'
    # (a first-game tip), the module loaded for it and let go after (with tips, which
    # teach imports): only a teaching moment needs them
    gc.collect()  # loaded low in a clean heap (a search's garbage gone first)
    try:
        return getattr(__import__(mod), name)(*args)
    finally:
        sys.modules.pop("teach", None)
        sys.modules.pop("tips", None)


def coach_seed(app):
    # the coach's own seed for the position to play (the computers' count is not touched)
    return app.save.ai_seed ^ 0x5EED ^ len(app.game.deck)


def let_go(module):
    # engine/<module>.py let go: neither sys.modules nor the engine package holds it
    sys.modules.pop("engine." + module, None)
    if hasattr(engine, module):
        delattr(engine, module)


def new_game(app):
    # A new game as the settings say, written at once (Continue finds it).
    profile("start_game", app.save, app.seed)
    app.rows.pop("play", None)  # the cursor's card kept for Continue: not this game's
    app.seed += 1
    app.game = app.save.game
    app.count = 0
    return write(app)


def write(app):
    # The whole save as one record; app.last keeps its bytes (what Continue
    # resumes in this session, even if the write failed). True if the store
    # holds it (written now, or the same bytes already there).
    sv = app.save
    g = app.game
    n = sv.ai_count
    if g is not None:
        if g.winner < 0:
            sv.game = g
        sv.ai_count = app.count
        sv.cursor = app.rows.get("play", -1)
    data = app.last = savegame.pack(sv)
    sv.ai_count = n
    app.saved = app.now
    if app.store is None:
        return False
    try:
        app.store.save(data)
        return True
    except (OSError, ValueError, RuntimeError) as e:  # RuntimeError: the board's nvm refused
        code = e.args[0] if e.args else 0
        say(app, "NOT SAVED (error %s)" % code if isinstance(code, int) else "NOT SAVED")
        return False


def moved(app, ev):
    # After every move. A round's end is written by round_end.over instead,
    # with the round's statistics, so nothing is ever counted twice.
    app.count = app.save.ai_count
    g = app.game
    if ev & _EV_ROUND_OVER:
        return
    if ev & _EV_DEAL or (app.save.seats[g.turn] is None and app.now - app.saved >= GAP):
        write(app)


def say(app, text=None):
    # A report over every screen for a moment; no text (debug, SELECT held +
    # START): the memory line on or off. The overlay, and its module, come when
    # needed and go when nothing is on show (App.step): a game's heap holds
    # neither. A report with no room for them is dropped, and the game goes on.
    ov = app.overlay
    if ov is None:
        try:
            ov = app.overlay = __import__("overlay").Overlay(app)
        except MemoryError:
            return
    if text is None:
        ov.memory(app.now)
        if app.name == "play":
            app.screen.redraw()  # the table makes room for it, or takes it back
    else:
        ov.say(text, app.now)


def resume(app):
    # Continue: the game of the last record written (this session's, else
    # the one read at boot), then the table (which seats it as saved).
    sv = app.save
    back = read(app.last or savegame.pack(sv))
    g = back.game
    app.game = None
    app.saved = app.now
    if g is not None:
        sv.game = g
        sv.seats = back.seats
        sv.ai_seed = back.ai_seed
        sv.ai_count = app.count = back.ai_count
        sv.recap = back.recap  # the table as it was: the recap, the cursor's card
        app.rows["play"] = back.cursor
        app.game = g
        if g.winner >= 0:  # cut on the last round's scores: the game-over
            app.result = g  # screen counts it, reading the state's winner,
            seat(app)  # scores, sides and n as a round's result
            app.show("over")
            return
    app.show("play")


def seat(app):
    # The settings seat the game in play as it was dealt: a setup changed and
    # left with B (pause, New game, B) must not reseat it.
    g = app.game
    st = app.settings
    st.seats = list(app.save.seats) + st.seats[g.n :]
    st.sweeps = g.sweeps_on
    st.set_players(g.n)
