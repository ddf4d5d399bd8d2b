# The game: the person picks a hand card, then one of that card's legal moves
# (the engine's list, highlighted on the table); computer turns are shown step by step.
import displayio
import intents as K
from engine.movegen import legal_moves
from engine.play import play, EV_SWEEP, EV_DEAL, EV_LAST, EV_ROUND_OVER
from engine.state import new_game
from engine.ai import choose_move
from table_view import Table
from hand_view import Hand
from hud_view import Hud, background
from words import card_name, move_name
from settings import HUMAN

HAND = 0      # choosing a card
MOVES = 1     # stepping through that card's moves
WAIT = 2      # something is on show until self.due


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
        self.mode = WAIT
        self.s = None
        self.cur = 0
        self.k = 0

    def enter(self):
        app = self.app
        if app.game is None:
            st = app.settings
            app.game = new_game(st.players, app.seed, st.sweeps_on)
            app.seed += 1
            self.moves_played = 0
        self.s = app.game
        self.viewer = 0
        self.due = 0
        self.begin()

    def names(self, seat):
        return "You" if seat == self.viewer else self.app.settings.name(seat)

    def draw(self, played=-1):
        s = self.s
        self.table.show(s, played)
        self.hud.show(s, self.viewer, ("You", "P2", "P3", "P4") if self.viewer == 0
                      else [self.names(i) for i in range(4)])
        if self.mode != HAND and self.mode != MOVES:
            self.hand.show(s.hands[self.viewer], (0, 0, 0, 0))

    def wait(self, ms, then):
        self.mode = WAIT
        self.due = self.app.now + ms
        self.then = then

    def begin(self):
        # Whose turn: the person chooses, a computer shows its move.
        s = self.s
        seat = s.turn
        st = self.app.settings
        if st.kinds[seat] == HUMAN:
            self.viewer = seat
            self.moves = moves = legal_moves(s)
            hand = s.hands[seat]
            self.by_card = [order(moves, c) for c in hand]
            if self.cur >= len(hand) or not self.by_card[self.cur]:
                self.cur = 0
                while not self.by_card[self.cur]:
                    self.cur += 1
            self.mode = HAND
            self.draw()
            self.choice()
            return
        move = choose_move(s, st.levels[seat], self.app.seed * 7919 + self.moves_played)
        self.pending = move
        self.mode = WAIT
        self.draw(move[0])
        self.table.mark(s, move[3], move[4])
        self.hud.say("%s %s %s" % (self.names(seat), card_name(move[0]), move_name(move)))
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
        msg = self.names(seat) + " " + move_name(move)
        if ev & EV_SWEEP:
            msg += "  SWEEP!"
        self.hud.say(msg)
        human = self.app.settings.kinds[seat] == HUMAN
        self.wait(self.app.pace // 2 if human and not ev & EV_SWEEP else self.app.pace, self.events)

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

    def choice(self):
        # Repaint the person's choice: the hand cursor, the move's table items, the status.
        s = self.s
        hand = s.hands[self.viewer]
        ks = self.by_card[self.cur]
        modes = [1 if i == self.cur else (0 if self.by_card[i] else 2) for i in range(len(hand))]
        self.hand.show(hand, modes)
        if self.mode == MOVES:
            m = self.moves[ks[self.k]]
            self.table.mark(s, m[3], m[4])
            text = move_name(m)
            if len(ks) > 1:
                text += "  (%d/%d)" % (self.k + 1, len(ks))
            self.hud.say(text)
        else:
            self.table.mark(s, 0, 0)
            c = card_name(hand[self.cur])
            n = len(ks)
            self.hud.say(c + (": no legal move" if not n else ": %d move%s  A=pick" % (n, "s" if n > 1 else "")))

    def chosen(self):
        # The move the cursor shows (None while choosing a card).
        if self.mode != MOVES:
            return None
        return self.moves[self.by_card[self.cur][self.k]]

    def update(self, intent, now):
        mode = self.mode
        if mode == WAIT:
            if now - self.due >= 0 or intent == K.A:
                self.then()
            return
        if not intent:
            return
        n = len(self.s.hands[self.viewer])
        if intent == K.SELECT:
            try:
                hint = choose_move(self.s, "medium", self.app.seed * 31 + self.moves_played)
            except Exception:
                hint = None
            if hint not in self.moves:
                hint = self.moves[0]
            self.cur = self.s.hands[self.viewer].index(hint[0])
            self.k = self.by_card[self.cur].index(self.moves.index(hint))
            self.mode = MOVES
        elif mode == HAND:
            if intent == K.LEFT or intent == K.UP:
                self.cur = (self.cur - 1) % n
            elif intent == K.RIGHT or intent == K.DOWN:
                self.cur = (self.cur + 1) % n
            elif intent == K.A and self.by_card[self.cur]:
                self.mode = MOVES
                self.k = 0
            elif intent == K.START:
                return
        else:
            ks = self.by_card[self.cur]
            if intent == K.B:
                self.mode = HAND
            elif intent == K.A:
                self.commit(self.moves[ks[self.k]])
                return
            elif intent in (K.LEFT, K.UP):
                self.k = (self.k - 1) % len(ks)
            elif intent in (K.RIGHT, K.DOWN):
                self.k = (self.k + 1) % len(ks)
        self.choice()


def taken(m):
    # how many table items a move takes or builds on
    n = 0
    x = m[3] | m[4] << 16
    while x:
        n += x & 1
        x >>= 1
    return n


def order(moves, card):
    # The card's moves as the person steps through them: captures first, the
    # biggest first, then builds, raises, trail (the engine's list, reordered).
    ks = [k for k in range(len(moves)) if moves[k][0] == card]
    ks.sort(key=lambda k: moves[k][1] * 64 - taken(moves[k]))
    return ks
