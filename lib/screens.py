# Switching screens. Screens live one per module (screen_<name>.py), built
# when shown and let go when left, so the heap holds one screen at a time: the
# table (the play screen) keeps the game's flow while a screen is shown over
# it (IN_GAME), its drawing let go and built again when it comes back. Every
# screen but the table is unloaded when left, with the modules its import
# brought in (compiled again when next shown: the board's heap is the limit).
import gc
import sys
import gfx

IN_GAME = ("pause", "pass", "rules", "setup", "summary")


def switch(app, name):
    # The one left goes (but the table's flow, over a game).
    old = app.screen
    if old is not None:
        app.root.remove(old.group)
        if old is not app.table or name != "play":
            gfx.drop(old.group)  # its drawing goes (the table's is built again)
        menu = getattr(old, "menu", None)
        if menu is not None:
            app.rows[app.name] = menu.row
        if old is not app.table:
            for m in app.loaded:
                sys.modules.pop(m, None)
    app.loaded = ()
    if name != "play":
        if name not in IN_GAME:
            app.table = None
        elif app.table is not None and app.table.group is not None:
            app.table.release()  # its drawing goes while this one shows
    app.screen = old = menu = None
    gc.collect()  # the new screen is built low in a clean heap
    scr = app.table if name == "play" else None
    if scr is None and name == "play":
        # Every module a game will want, compiled before the table's drawing
        # exists rather than later in a fuller heap: the computer players' (the
        # seats of the game resumed, or the setup's), the hint's (hard), the
        # exact search of a 2-player last hand, the round's end, and the overlay
        # (a report mid-game, "NOT SAVED" or "BATTERY LOW", then needs no compile
        # beside the table, where the heap is fullest).
        levels = app.save.seats if app.game is not None else app.settings.levels
        for lv in levels + ["hard"]:
            if lv:
                __import__("engine.ai_" + lv)
        if len(levels) == 2:
            __import__("engine.ai_end")
        __import__("round_end")
        __import__("overlay")
        scr = app.table = __import__("screen_play").Screen(app)
    elif scr is None:
        # the modules its import brings in, let go with it
        mods = sys.modules
        before = list(mods)
        mod = __import__("screen_" + name)
        app.loaded = []
        for m in mods:
            if m not in before:
                app.loaded.append(m)
        before = None  # (not kept on the stack while the screen enters)
        scr = mod.Screen(app)
    elif scr.group is None:
        scr.build()
    app.prev = app.name
    app.screen = scr
    app.name = name
    app.root.insert(0, scr.group)  # under the overlay
    scr.enter()
