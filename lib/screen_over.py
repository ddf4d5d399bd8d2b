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
        gfx.line(g, 5, 32, 0, 116, yellow, "A: back to the title")
        self.counted = None

    def enter(self):
        app = self.app
        r = app.result
        st = app.settings
        # "You win!" when the one person at the board won, else the side's name
        won = st.humans() == 1 and r.winner == 0
        self.who.set("You win!" if won else side_name(r, r.winner) + " wins", center=True)
        g = app.game
        if g is not None and g is not self.counted and g.winner >= 0:
            self.counted = g
            from engine.profile import record_game
            import feedback

            record_game(app.save.stats, g, st.seat_levels())
            app.save.game = None  # finished: nothing to continue
            app.persist()
            ours = False  # a person's side won
            for k in range(g.n):
                ours = ours or st.kinds[k] == "human" and k % g.sides == g.winner
            app.fx.play(feedback.WIN if ours else feedback.LOSE)
        for i in range(3):
            if i < r.sides:
                self.lines[i].set("%-14s%3d" % (side_name(r, i), r.scores[i]), center=True)
            else:
                self.lines[i].set("")

    def update(self, intent, now):
        if intent == _A or intent == _START:
            self.app.game = None
            self.app.show("title")
