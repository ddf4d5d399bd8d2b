# Game over: who won and the final scores; the game is counted in the
# statistics (once) and the save written; A goes back to the title.
from micropython import const
import gfx
from words import side_name

_A = const(5)  # intents.A
_START = const(7)  # intents.START


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.FELT)
        yellow = gfx.palette(gfx.FELT, gfx.YELLOW)
        white = gfx.palette(gfx.FELT, gfx.WHITE)
        gfx.line(g, 6, 26, 2, 24, yellow, "GAME OVER")
        self.who = gfx.line(g, 6, 26, 2, 44, white)
        self.lines = []
        for i in range(3):
            self.lines.append(gfx.line(g, 6, 26, 2, 66 + i * 12, white))
        # the side's names ("P2", "P1+P3") over the winner's line and each side's, each
        # in its seat's colour: two of 2 characters a line, moved over the white text
        self.seats = []
        for s in range(4):
            self.seats.append(gfx.palette(gfx.FELT, gfx.SEAT[s]))
        self.names = []
        for i in range(8):
            self.names.append(gfx.line(g, 6, 2, 0, 44 if i < 2 else 54 + i // 2 * 12, white))
        gfx.line(g, 5, 32, 0, 116, yellow, "A: back to the title")
        self.counted = None

    def enter(self):
        app = self.app
        r = app.result
        st = app.settings
        # "You win!" when the one person at the board won, else the side's name
        won = st.humans() == 1 and r.winner == 0
        self.put(0, self.who, "You win!" if won else side_name(r, r.winner) + " wins", r)
        g = app.game
        if g is not None and g is not self.counted and g.winner >= 0:
            self.counted = g
            import feedback
            import session

            session.profile("record_game", app.save.stats, g, st.seat_levels())
            app.save.game = None  # finished: nothing to continue
            app.persist()
            ours = False  # a person's side won
            for k in range(g.n):
                ours = ours or st.kinds[k] == "human" and k % g.sides == g.winner
            app.fx.play(feedback.WIN if ours else feedback.LOSE)
        for i in range(3):
            t = self.lines[i]
            self.put(
                i + 1, t, "%-14s%3d" % (side_name(r, i), r.scores[i]) if i < r.sides else "", r
            )

    def put(self, row, t, text, r):
        # text centred on line t; the names it starts with ("P1" or "P1+P3", the side
        # side_name(r, row - 1) is, or the winner's on row 0) in their seats' colours
        t.set(text, center=True)
        side = r.winner if row == 0 else row - 1
        x = t.grid.x + (t.width - len(text)) // 2 * 6
        for k in range(2):
            m = self.names[row * 2 + k]
            seat = side + 2 * k
            m.grid.hidden = not text.startswith("P") or (k and r.n < 4)
            m.grid.x = x + 18 * k  # "P1+P3": P3 3 characters on
            m.grid.pixel_shader = self.seats[seat % 4]
            m.set("P%d" % (seat + 1))

    def update(self, intent, now):
        if intent == _A or intent == _START:
            self.app.game = None
            self.app.show("title")
