# Title: Continue (a saved game), New game (the setup), Rules, Controls,
# Statistics, Board check (screen_check.py). START plays at once: the saved game, or a
# new one as last set up.
import gc
from micropython import const
import gfx
from menu import Menu
import screen_rules  # noqa: F401  (loaded with the title: the rules page opens within 60 ms)

_A = const(5)  # intents.A
_START = const(7)  # intents.START

ITEMS = ("Continue", "New game", "Rules", "Controls", "Statistics", "Board check")
OPENS = ("", "setup", "rules", "rules", "stats", "check")  # the screen each item shows


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.FELT)
        yellow = gfx.palette(gfx.FELT, gfx.YELLOW)
        gfx.line(g, 6, 13, 41, 10, yellow, "ROYAL  CASINO")
        gfx.line(g, 5, 32, 0, 24, gfx.palette(gfx.FELT, gfx.WHITE), "the Dominican fishing game")
        self.menu = Menu(g, 6, 34, 39, 11, gfx.FELT, 12)  # 6 rows from y 39
        self.setup = gfx.line(g, 5, 32, 0, 110, gfx.palette(gfx.FELT, gfx.TINT[0]))
        self.help = gfx.line(g, 5, 32, 0, 119, yellow)

    def enter(self):
        app = self.app
        app.fx.turn(-1)
        items = ITEMS if app.save.game is not None else ITEMS[1:]  # Continue: a saved game
        self.items = items
        m = self.menu
        m.n = len(items)
        row = app.rows.get("title", 0)  # back from a page: where it was
        m.row = row if app.prev in ("rules", "stats", "setup", "check") and row < m.n else 0
        for i in range(6):
            m.rows[i].set(items[i] if i < len(items) else "")
        m.place()
        st = app.settings
        cpu = st.players - st.humans()
        text = "%d players" % st.players
        if cpu:
            text += ", %d computer%s" % (cpu, "s" if cpu > 1 else "")
        note = (app.note or "").split("; ")  # two lines: "...; ..."
        self.setup.set(note[0] or text, center=True)
        self.help.set(note[1] if len(note) > 1 else "A: choose   START: play", center=True)

    def update(self, intent, now):
        if not intent or self.menu.move(intent):
            return
        app = self.app
        if intent == _START:
            if app.save.game is not None:
                app.resume()
            else:  # a new game as last set up
                app.game = None
                app.show("play")
            return
        if intent != _A:
            return
        item = self.items[self.menu.row]
        app.note = None
        if item == "Board check":  # the heap at the title, before the check loads
            gc.collect()
            f = getattr(gc, "mem_free", None)  # (not on the desktop's CPython)
            app.at_title = (f(), gc.mem_alloc()) if f else None
        if item == "Continue":
            app.resume()
        else:
            app.help = item  # Rules or Controls: the page shown
            app.show(OPENS[ITEMS.index(item)])
