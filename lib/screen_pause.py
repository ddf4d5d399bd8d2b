# The pause menu (START during play), over the table's drawing and compiled with
# the table: resume, rules, controls, the computers' speed (left, right or A
# steps it), a new game (the setup), back to the title (the game stays saved, as
# the menu says). B or START resumes.
import gc
from micropython import const
import gfx
from engine.settings import SPEEDS

_A = const(5)  # intents.A
_B = const(6)  # intents.B
_START = const(7)  # intents.START
_UP = const(1)  # intents.UP
_DOWN = const(2)  # intents.DOWN
_LEFT = const(3)  # intents.LEFT
_RIGHT = const(4)  # intents.RIGHT
_ROWS = const(6)
_SPEED = const(3)  # the speed's row
_Y = const(30)  # the first row's y; the rows 12 pixels apart

ITEMS = ("Resume", "Rules", "Controls", "Speed", "New game", "Title")
OPENS = ("play", "rules", "rules", "", "setup", "title")  # the screen each item shows


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.BAR)
        yellow = gfx.palette(gfx.BAR, gfx.YELLOW)
        gfx.line(g, 6, 6, 62, 12, yellow, "PAUSED")
        pal = gfx.palette(gfx.BAR, gfx.WHITE)
        for i in range(_ROWS):  # menu.Menu's layout, not its module: kept with the table
            t = gfx.line(g, 6, 17 if i == _SPEED else 10, 50, _Y + 12 * i, pal)
            t.set(ITEMS[i])
            if i == _SPEED:
                self.speed = t  # "Speed < fast >"
        self.cursor = gfx.line(g, 6, 1, 40, _Y, yellow, ">")
        self.menu = self  # its own menu: screens.switch keeps its row
        self.row = 0
        self.note = gfx.line(g, 5, 32, 0, 104, pal)
        gfx.line(g, 5, 32, 0, 116, gfx.palette(gfx.BAR, gfx.TINT[0]), "A: choose   B/START: resume")

    def enter(self):
        app = self.app
        # opened on the table, the game is saved on the next step, before any key
        # is acted on: the key's own step only draws the menu
        self.due = app.prev == "play"
        # then, on a step of its own, the table's drawing under it goes and the heap is
        # collected: a page the menu opens loads with neither in its key's step (back from
        # the page, the drawing is built again under the menu, low in a clean heap)
        self.drop = self.due
        if not self.due:
            self.note.set("The game is saved." if getattr(app, "kept", 0) else "", center=True)
        self.was = app.settings.speed  # the speed the save holds
        self.place(0 if self.due else app.rows.get("pause", 0))

    def place(self, row):
        # the cursor on a row; the speed as it is set
        self.row = row
        self.cursor.grid.y = _Y + 12 * row
        self.speed.set("Speed < %s >" % SPEEDS[self.app.settings.speed])

    def update(self, intent, now):
        app = self.app
        if self.due:
            self.due = False
            app.kept = app.persist()
            self.note.set("The game is saved." if app.kept else "", center=True)
        elif self.drop:  # (opened on the table: its drawing is there)
            self.drop = False
            app.table.release()
            gc.collect()
        st = app.settings
        row = self.row
        if intent == _UP or intent == _DOWN:
            self.place((row + (1 if intent == _DOWN else -1)) % _ROWS)
        elif row == _SPEED and (intent == _A or intent == _LEFT or intent == _RIGHT):
            st.speed = (st.speed + (-1 if intent == _LEFT else 1)) % len(SPEEDS)
            self.place(row)
        elif intent == _A or intent == _B or intent == _START:
            if st.speed != self.was:  # a speed chosen here is kept: the save again
                self.was = st.speed
                app.persist()
            app.help = ITEMS[row]  # Rules or Controls: the page shown
            app.show(OPENS[row] if intent == _A else "play")
