# New game setup: players 2/3/4, each other seat a computer (easy, medium,
# hard) or a person passing the board, sweeps, sound; remembered for next time.
import gfx
import intents as K
from menu import Menu
from engine.settings import CHOICES, HUMAN

LABELS = ("Players", "P1", "P2", "P3", "P4", "Sweeps", "Sound", "Start game")
Y = 15
PITCH = 12


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.BAR)
        yellow = gfx.palette(gfx.BAR, gfx.YELLOW)
        gfx.line(g, 6, 8, 56, 2, yellow, "NEW GAME")
        self.menu = m = Menu(g, 8, 2, Y, PITCH, gfx.BAR, 10)
        self.vals = []
        white = gfx.palette(gfx.BAR, gfx.WHITE)
        for i in range(8):
            if 1 <= i <= 4:      # the seats' names in their colours
                m.rows[i].grid.pixel_shader = gfx.palette(gfx.BAR, gfx.SEAT[i - 1])
            self.vals.append(gfx.line(g, 6, 13, 82, Y + i * PITCH, white))
        # the sides: "P1+P3 vs P2+P4" in the partners' colours with 4 players,
        # else how many people pass the board (if more than one)
        self.people = gfx.line(g, 5, 32, 0, 111, white)
        self.sides = []
        for i in range(3):
            self.sides.append(gfx.line(g, 5, 5, (45, 75, 90)[i], 111, gfx.palette(
                gfx.BAR, (gfx.SEAT[0], gfx.WHITE, gfx.SEAT[1])[i]), ("P1+P3", "vs", "P2+P4")[i]))
        gfx.line(g, 5, 32, 0, 120, yellow, "arrows: change  START: play")

    def enter(self):
        self.back = self.app.prev if self.app.prev == "pause" else "title"
        self.menu.row = 0
        self.draw()

    def draw(self):
        st = self.app.settings
        m = self.menu
        for i in range(8):
            shown = not (1 <= i <= 4) or i <= st.players      # absent seats: blank
            m.rows[i].set(LABELS[i] if shown else "")
            if i == 0:
                v = str(st.players)
            elif 2 <= i <= 4 and shown:
                v = st.choice(i - 1)
                v = "person" if v == HUMAN else v
            elif i == 5 or i == 6:      # sweeps, sound
                v = "on" if (st.sweeps if i == 5 else not st.mute) else "off"
            else:                       # P1, always a person; Start game
                v = None
            self.vals[i].set("< " + v + " >" if v else "  person" if i == 1 else "")
        m.place()
        for t in self.sides:
            t.grid.hidden = st.players != 4
        h = st.humans()
        self.people.set("" if st.players == 4 or h < 2 else
                        "%d people pass the board" % h, center=True)

    def update(self, intent, now):
        if not intent:
            return
        app = self.app
        st = app.settings
        m = self.menu
        # START, or A on the last row, "Start game" (intents.py)
        if intent == 7 or (intent == 5 and m.row == 7):
            # the setup is the save's settings (the new game's first write
            # keeps it); the table starts the game (session.new_game)
            app.game = None
            app.show("play")
            return
        if intent == 6:                   # B
            app.show(self.back)
            return
        if intent <= 2:                   # UP, DOWN
            m.move(intent)
            while m.row == 1 or 2 <= m.row <= 4 and m.row > st.players:
                m.move(intent)           # P1 is always a person; absent seats
            return
        d = 1 if intent == 5 else K.step(intent)       # left -1, right or A 1
        if not d:
            return
        r = m.row
        if r == 0:
            st.set_players((st.players - 2 + d) % 3 + 2)
        elif r <= 4:
            st.set_seat(r - 1, CHOICES[(CHOICES.index(st.choice(r - 1)) + d) % 4])
        elif r == 5:
            st.sweeps = not st.sweeps
        elif r == 6:
            st.mute = not st.mute
            if not st.mute:
                app.fx.play((880, 80))
        self.draw()
