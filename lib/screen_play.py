# The game screen: whose turn it is, computer turns shown step by step (the
# card and what it takes or builds on, then the result), deals, the round's end.
import displayio
from engine.play import play, EV_SWEEP, EV_DEAL, EV_LAST, EV_ROUND_OVER
from engine.state import new_game
from engine.ai import choose_move
from table_view import Table
from hand_view import Hand
from hud_view import Hud, background
from words import card_name, move_name
from settings import HUMAN
from chooser import Chooser

CHOOSE = 0    # the person is choosing (self.pick)
WAIT = 2      # something is on show until self.due, then self.then()
NAMES = ("You", "P2", "P3", "P4")


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = displayio.Group()
        g.append(background())
        tg = displayio.Group()
        g.append(tg)
        self.table = Table(tg)
        self.hand = Hand(g)
        self.hud = Hud(g)
        self.pick = Chooser(self)
        self.mode = WAIT
        self.s = None
        self.viewer = 0
        self.moves_played = 0

    def enter(self):
        app = self.app
        if app.game is None:
            st = app.settings
            app.game = new_game(st.players, app.seed, st.sweeps_on)
            app.seed += 1
            self.moves_played = 0
        self.s = app.game
        self.due = 0
        self.begin()

    def name(self, seat):
        return "You" if seat == self.viewer else self.app.settings.name(seat)

    def draw(self, played=-1):
        s = self.s
        self.table.show(s, played)
        self.hud.show(s, self.viewer, NAMES)
        if self.mode != CHOOSE:
            self.hand.show(s.hands[self.viewer], (0, 0, 0, 0))

    def wait(self, ms, then):
        self.mode = WAIT
        self.due = self.app.now + ms
        self.then = then

    def begin(self):
        # Whose turn: the person chooses, a computer shows its move first.
        s = self.s
        seat = s.turn
        st = self.app.settings
        if st.kinds[seat] == HUMAN:
            self.viewer = seat
            self.mode = CHOOSE
            self.draw()
            self.pick.start(s, seat)
            return
        move = choose_move(s, st.levels[seat], self.app.seed * 7919 + self.moves_played)
        self.pending = move
        self.mode = WAIT
        self.draw(move[0])
        self.table.mark(s, move[3], move[4])
        self.hud.say("%s %s %s" % (self.name(seat), card_name(move[0]), move_name(move)))
        self.wait(self.app.pace, self.cpu_apply)

    def cpu_apply(self):
        self.commit(self.pending)

    def commit(self, move):
        s = self.s
        seat = s.turn
        ev = play(s, move)
        self.moves_played += 1
        self.last_move = move
        self.ev = ev
        self.mode = WAIT
        self.draw()
        self.table.mark(s, 0, 0)
        msg = self.name(seat) + " " + move_name(move)
        if ev & EV_SWEEP:
            msg += "  SWEEP!"
        self.hud.say(msg)
        quick = self.app.settings.kinds[seat] == HUMAN and not ev & EV_SWEEP
        self.wait(self.app.pace // 2 if quick else self.app.pace, self.events)

    def events(self):
        ev = self.ev
        self.ev = 0
        if ev & EV_ROUND_OVER:
            self.hud.say("Round over")
            self.wait(self.app.pace, self.round_over)
        elif ev & EV_DEAL:
            self.hud.say("LAST hand dealt" if ev & EV_LAST else "New hand dealt")
            self.draw()
            self.wait(self.app.pace, self.begin)
        else:
            self.begin()

    def round_over(self):
        import round_end
        self.app.result = round_end.finish(self.s)
        self.app.show("summary")

    def update(self, intent, now):
        if self.mode == WAIT:
            if now - self.due >= 0 or intent == 5:     # A skips the wait
                self.then()
            return
        move = self.pick.update(intent)
        if move is not None:
            self.commit(move)
