# Switching screens. Screens live one per module (screen_<name>.py), built
# when shown and let go when left, so the heap holds one screen at a time: the
# table (the play screen) keeps the game's flow while a screen is shown over
# it (IN_GAME), its drawing let go and built again when it comes back; only the
# pause menu shows over the table's drawing (which it lets go once the game is
# saved), its module loaded with the table's. A screen's module, with the
# modules its import brought in, is unloaded when the screen is left (loaded
# again, from its bytecode, when next shown: the board's heap is the limit in a
# game), but between the title and the pages it opens (TITLE_SIDE), with no
# game on: there the heap has room, and a page shown again or the title come
# back load nothing.
import gc
import sys
import gfx
import session

IN_GAME = ("pause", "pass", "rules", "setup", "summary")
TITLE_SIDE = ("title", "rules", "stats", "setup")


def leave(app, name):
    # The one left goes (but the table's flow, over a game). The table's drawing is
    # on the root while play or the pause menu shows (under it), else let go.
    old = app.screen
    table = app.table
    keep = table is None and name in TITLE_SIDE and app.name in TITLE_SIDE
    if old is not None and old is not table:
        app.root.remove(old.group)
        gfx.drop(old.group)  # its drawing goes
        menu = getattr(old, "menu", None)
        if menu is not None:
            app.rows[app.name] = menu.row
        if not keep:
            for m in app.loaded:
                if m[:7] == "engine.":  # (the engine package holds it too)
                    session.let_go(m[7:])
                else:
                    sys.modules.pop(m, None)
    if not keep:
        app.loaded = ()
    if table is not None and table.group is not None and name != "play" and name != "pause":
        table.release()  # its drawing goes (built again when the table comes back)
        if app.name != "pause":
            # and the pause menu's module, loaded again before the table's drawing is; kept
            # under a page the menu opened, which goes back to the menu
            sys.modules.pop("screen_pause", None)
    if name not in IN_GAME and name != "play":
        app.table = None
    app.screen = None


def switch(app, name):
    # The one left goes first, in a call of its own: what that call's frame held of it
    # is past the Python stack's top once it returns, where the collector's scan of the
    # stack does not find it while the next screen is built.
    # a page the pause menu opens once it has let the table's drawing go needs no
    # collection: the menu collected then, and its own garbage is small
    clean = name == "rules" and app.name == "pause" and app.table.group is None
    t = -1
    if name == "play" and app.game is None and app.table is None and app.tabled < 0:
        # the boot's first new game: its table's time, for the board check (check.py), on a
        # real clock (the board's, the desktop's window)
        if hasattr(app.platform, "code_ms"):
            t = app.platform.ticks()
    leave(app, name)
    table = app.table
    levels = None
    if table is None and name == "play":  # a game's table: its seats' levels
        levels = app.save.seats if app.game is not None else app.settings.levels
        if len(levels) != 2:
            # the modules only a 2-player game uses go (hard's branches, the last
            # hand's exact search), loaded again by the next 2-player table
            session.let_go("ai_branches")
            session.let_go("ai_end")
    if not (
        clean or app.name == "play" and name == "pause" or app.name == "pause" and name == "play"
    ):
        # the new screen is built low in a clean heap (but the pause menu opened on the
        # table or closed back to it: nothing was let go, the key's step stays short)
        gc.collect()
    built = False
    scr = table if name == "play" else None
    if table is None and name == "play":
        # Every module a game will want, loaded before the table's drawing
        # exists rather than later in a fuller heap: the computer players' (the
        # seats of the game resumed, or the setup's), the hint's (hard), the
        # exact search of a 2-player last hand. (The round's end loads at the
        # round's end, the heap's low point, and goes after: round_end.py. The overlay's,
        # for a report, loads with the report and goes with it: session.say.)
        for lv in levels + ["hard"]:
            if lv:
                __import__("engine.ai_" + lv)
        if len(levels) == 2:
            __import__("engine.ai_end")
            __import__("engine.ai_branches")
        __import__("screen_pause")  # START compiles nothing
        scr = app.table = table = __import__("screen_play").Screen(app)
    elif name == "pause":
        # over the table: its drawing built again under it first when it was let go
        # (back from a page), so closing the menu is quick
        mod = __import__("screen_pause")
        if table.group is None:
            table.build()
            app.root.insert(0, table.group)
            table.redraw(True)
        scr = mod.Screen(app)
        app.root.insert(1, scr.group)  # over the table, under the overlay
    elif scr is None:
        # the modules its import brings in, let go with it
        mods = sys.modules
        before = list(mods)
        mod = __import__("screen_" + name)
        app.loaded = list(app.loaded)  # (the title side's, kept)
        for m in mods:
            if m not in before:
                app.loaded.append(m)
        before = None  # (not kept on the stack while the screen enters)
        scr = mod.Screen(app)
    elif scr.group is None:
        __import__("screen_pause")  # before the table's drawing
        scr.build()
        built = True
    if name != "pause" and (built or not (name == "play" and app.name in ("play", "pause"))):
        app.root.insert(0, scr.group)  # under the overlay (the table's may be there)
    app.prev = app.name
    app.screen = scr
    app.name = name
    scr.enter()
    if t >= 0:
        app.tabled = app.platform.ticks() - t
