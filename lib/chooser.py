# The person's move: left/right picks a hand card, A steps into that card's legal
# moves (the engine's list; each highlighted on the table and named), A confirms,
# B steps back, SELECT shows the hard player's choice as a hint, and its worth.
# Only the cursor card's moves are kept (a crowded table has hundreds).
import intents as K
from engine.movegen import legal_moves
from engine.ai import choose_move
from words import card_name, move_name, worth, why

HAND = 0      # choosing a card
MOVES = 1     # stepping through that card's moves


class Chooser:
    def __init__(self, play):
        self.play = play
        self.cur = 0
        self.k = 0
        self.mode = HAND

    def start(self, s, seat):
        self.mode = HAND
        self.moves_of(s, seat)
        n = self.counts
        if self.cur >= len(n) or not n[self.cur]:
            self.cur = 0            # the first card with a move
            while not n[self.cur]:
                self.cur += 1
        self.paint()

    def moves_of(self, s, seat):
        # each hand card's count of legal moves (and the cursor card's moves)
        self.s = s
        self.seat = seat
        self.counts = []
        for c in s.hands[seat]:
            self.counts.append(len(legal_moves(s, c)))
        self.moves = None
        if self.mode == MOVES:
            self.step_in()

    def step_in(self):
        # the cursor card's moves, in stepping order
        self.mode = MOVES
        self.moves = order(legal_moves(self.s, self.s.hands[self.seat][self.cur]))

    def paint(self):
        # Repaint the choice: the hand cursor, the move's table items, the status.
        s = self.s
        play = self.play
        hand = s.hands[self.seat]
        modes = []              # the cursor's card lit, those without a move grey
        for i in range(len(hand)):
            modes.append(1 if i == self.cur else (0 if self.counts[i] else 2))
        play.hand.show(hand, modes)
        if self.mode == MOVES:
            m = self.moves[self.k]
            play.table.mark(s, m[3], m[4])
            text = move_name(m)
            if len(self.moves) > 1:
                text += "  (%d/%d)" % (self.k + 1, len(self.moves))
        else:
            play.table.mark(s, 0, 0)
            n = self.counts[self.cur]
            text = card_name(hand[self.cur]) + (
                ": no legal move  A=why" if not n else ": %d move%s  A=pick" % (n, "s" if n > 1 else ""))
        play.hud.say(text)

    def hint(self):
        # the hard player's move, and what it is worth (within the board's clock
        # budget); its seed comes with the saved game, so a restart hints alike
        s = self.s
        try:
            hint = choose_move(s, "hard", self.play.app.save.ai_seed ^ len(s.deck),
                               self.play.budget())
            self.cur = s.hands[self.seat].index(hint[0])
            self.step_in()
            self.k = self.moves.index(hint)
        except Exception:       # no hint, or not a legal move
            self.cur = self.counts.index(max(self.counts))
            self.step_in()
            self.k = 0
            hint = self.moves[0]
        self.paint()
        self.play.hud.say(worth(s, hint))

    def update(self, intent):
        # Returns the move to play once the person confirms one, else None.
        if not intent:
            return None
        if intent == K.SELECT:
            self.hint()
            return None
        step = 0                          # left or up one back, right or down one on
        if intent == K.LEFT or intent == K.UP:
            step = -1
        elif intent == K.RIGHT or intent == K.DOWN:
            step = 1
        if self.mode == HAND:
            if step:
                self.cur = (self.cur + step) % len(self.counts)
            elif intent == K.A and self.counts[self.cur]:
                self.step_in()
                self.k = 0
            elif intent == K.A:           # a grey card: say why it cannot be played
                self.play.hud.say(why(self.s, self.seat, self.s.hands[self.seat][self.cur]))
                return None
            else:
                return None
        else:
            if step:
                self.k = (self.k + step) % len(self.moves)
            elif intent == K.B:
                self.mode = HAND
                self.moves = None
            elif intent == K.A:
                return self.moves[self.k]
            else:
                return None
        self.paint()
        return None


def order(moves):
    # One card's moves as the person steps through them: captures first, the
    # biggest first, then builds, raises, trail (the engine's list, reordered).
    # (a key of kind, items and index: MicroPython's sort is not stable)
    ks = []
    for k in range(len(moves)):
        m = moves[k]
        taken = 0                       # the table items it takes or builds on
        x = m[3] | m[4] << 16
        while x:
            taken += x & 1
            x >>= 1
        ks.append((m[1] * 64 + 63 - taken) << 16 | k)
    ks.sort()
    for i in range(len(ks)):
        ks[i] = moves[ks[i] & 0xFFFF]
    return ks
