# The pause menu (START during play), over the table's drawing and compiled with
# the table: resume, rules, controls, a new game (the setup), back to the title
# (the game stays saved, as the menu says). B or START resumes.
from micropython import const
import gfx

_A = const(5)  # intents.A
_B = const(6)  # intents.B
_START = const(7)  # intents.START
_UP = const(1)  # intents.UP
_DOWN = const(2)  # intents.DOWN

ITEMS = ("Resume", "Rules", "Controls", "New game", "Title")
OPENS = ("play", "rules", "rules", "setup", "title")  # the screen each item shows


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.BAR)
        yellow = gfx.palette(gfx.BAR, gfx.YELLOW)
        gfx.line(g, 6, 6, 62, 12, yellow, "PAUSED")
        pal = gfx.palette(gfx.BAR, gfx.WHITE)
        for i in range(5):  # menu.Menu's layout, not its module: kept with the table
            gfx.line(g, 6, 10, 50, 34 + 14 * i, pal).set(ITEMS[i])
        self.cursor = gfx.line(g, 6, 1, 40, 34, yellow, ">")
        self.menu = self  # its own menu: screens.switch keeps its row
        self.row = 0
        self.note = gfx.line(g, 5, 32, 0, 104, pal)
        gfx.line(g, 5, 32, 0, 116, gfx.palette(gfx.BAR, gfx.TINT[0]), "A: choose   B/START: resume")

    def enter(self):
        app = self.app
        # opened on the table, the game is saved on the next step, before any key
        # is acted on: the key's own step only draws the menu
        self.due = app.prev == "play"
        if not self.due:
            self.note.set("The game is saved." if getattr(app, "kept", 0) else "", center=True)
        self.place(0 if self.due else app.rows.get("pause", 0))

    def place(self, row):
        self.row = row
        self.cursor.grid.y = 34 + 14 * row

    def update(self, intent, now):
        app = self.app
        if self.due:
            self.due = False
            app.kept = app.persist()
            self.note.set("The game is saved." if app.kept else "", center=True)
        if intent == _UP or intent == _DOWN:
            self.place((self.row + (1 if intent == _DOWN else -1)) % 5)
        elif intent == _B or intent == _START:
            app.show("play")
        elif intent == _A:
            app.help = ITEMS[self.row]  # Rules or Controls: the page shown
            app.show(OPENS[self.row])
