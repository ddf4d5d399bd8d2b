# New game setup: players 2/3/4, each other seat a computer (easy, medium,
# hard) or a person passing the board, sweeps, sound, the computers' speed, the
# coach and first-game tips (auto: on for a profile's first games); remembered for
# next time. Starting over a saved game asks first.
from micropython import const
import gfx
from intents import step
from menu import Menu
from engine.settings import CHOICES, HUMAN, SPEEDS, COACHES

_UP = const(1)  # intents.UP
_DOWN = const(2)  # intents.DOWN
_A = const(5)  # intents.A
_B = const(6)  # intents.B
_START = const(7)  # intents.START

LABELS = ("Players", "P1", "P2", "P3", "P4", "Sweeps", "Sound", "Speed", "Coach", "Start game")
# the rows: the player count, the seats P1..P4 (row 1 + seat), sweeps, sound,
# the computers' speed, the coach (and tips), "Start game"
_PLAYERS = const(0)
_P1 = const(1)
_P4 = const(4)
_SWEEPS = const(5)
_SOUND = const(6)
_SPEED = const(7)
_COACH = const(8)
_GO = const(9)
_ROWS = const(10)
Y = 12
PITCH = 10
_SIDES_Y = const(112)  # the line under the rows: the sides, or who passes the board
# with 4 players "P1+P3  vs  P2+P4" (centred: from x 40), each name in its
# seat's colour over the white "+" and "vs": the names' x, by seat
_SIDES = "  +    vs    +  "
_NAME_X = (40, 95, 55, 110)


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.BAR)
        yellow = gfx.palette(gfx.BAR, gfx.YELLOW)
        gfx.line(g, 6, 8, 56, 2, yellow, "NEW GAME")
        self.menu = m = Menu(g, _ROWS, 2, Y, PITCH, gfx.BAR, 10)
        self.vals = []
        white = gfx.palette(gfx.BAR, gfx.WHITE)
        for i in range(_ROWS):
            if _P1 <= i <= _P4:  # the seats' names in their colours
                m.rows[i].grid.pixel_shader = gfx.palette(gfx.BAR, gfx.SEAT[i - _P1])
            self.vals.append(gfx.line(g, 6, 13, 82, Y + i * PITCH, white))
        self.people = gfx.line(g, 5, 32, 0, _SIDES_Y, white)
        self.names = []
        for seat in range(4):
            self.names.append(
                gfx.line(
                    g,
                    5,
                    2,
                    _NAME_X[seat],
                    _SIDES_Y,
                    gfx.palette(gfx.BAR, gfx.SEAT[seat]),
                    "P%d" % (seat + 1),
                )
            )
        self.help = gfx.line(g, 5, 32, 0, 120, yellow)

    def enter(self):
        self.back = self.app.prev if self.app.prev == "pause" else "title"
        self.menu.row = _PLAYERS
        self.asking = False  # "Replace the saved game?" on show
        self.draw()

    def draw(self):
        st = self.app.settings
        m = self.menu
        for i in range(_ROWS):
            shown = not (_P1 <= i <= _P4) or i - _P1 < st.players  # absent seats: blank
            m.rows[i].set(LABELS[i] if shown else "")
            if i == _PLAYERS:
                v = str(st.players)
            elif _P1 < i <= _P4 and shown:
                v = st.choice(i - _P1)
                v = "person" if v == HUMAN else v
            elif i == _SWEEPS or i == _SOUND:
                v = "on" if (st.sweeps if i == _SWEEPS else not st.mute) else "off"
            elif i == _SPEED:
                v = SPEEDS[st.speed]
            elif i == _COACH:
                v = COACHES[st.coach]
            else:  # P1, always a person; Start game
                v = None
            self.vals[i].set("< " + v + " >" if v else "  person" if i == _P1 else "")
        m.place()
        # with 4 players the partnerships, else how many people pass the board
        four = st.players == 4 and not self.asking
        for t in self.names:
            t.grid.hidden = not four
        h = st.humans()
        if self.asking:
            text = "Replace the saved game?"
        else:
            text = _SIDES if four else "%d people pass the board" % h if h > 1 else ""
        self.people.set(text, center=True)
        self.help.set(
            "A: yes, start   B: no" if self.asking else "arrows: change  START: play", center=True
        )

    def update(self, intent, now):
        if not intent:
            return
        app = self.app
        st = app.settings
        m = self.menu
        go = intent == _START or (intent == _A and m.row == _GO)
        if self.asking:  # the question: A starts (the saved game goes), B keeps it
            if intent == _B:
                self.asking = False
                self.draw()
            go = intent == _A
            if not go:
                return
        elif go and app.save.game is not None:
            # over a saved game (the one in play, or Continue's): the question first
            self.asking = True
            self.draw()
            return
        if go:
            # the setup is the save's settings (the new game's first write
            # keeps it); the table starts the game (session.new_game)
            app.game = None
            app.show("play")
            return
        if intent == _B:
            app.show(self.back)
            return
        if intent == _UP or intent == _DOWN:
            m.move(intent)
            while m.row == _P1 or _P1 < m.row <= _P4 and m.row - _P1 >= st.players:
                m.move(intent)  # P1 is always a person; absent seats
            return
        d = 1 if intent == _A else step(intent)  # left -1, right or A 1
        if not d:
            return
        r = m.row
        if r == _PLAYERS:
            st.set_players((st.players - 2 + d) % 3 + 2)
        elif r <= _P4:
            seat = r - _P1
            st.set_seat(seat, CHOICES[(CHOICES.index(st.choice(seat)) + d) % len(CHOICES)])
        elif r == _SWEEPS:
            st.sweeps = not st.sweeps
        elif r == _SOUND:
            st.mute = not st.mute
            if not st.mute:
                app.fx.play((880, 80))  # a short beep: the sound is on
        elif r == _SPEED:
            st.speed = (st.speed + d) % len(SPEEDS)
        elif r == _COACH:
            st.coach = (st.coach + d) % len(COACHES)
        self.draw()
