# The person's move: left/right picks a hand card, A steps into that card's legal
# moves (the engine's list; each highlighted on the table and named), A confirms,
# B steps back, SELECT shows the hard player's choice as a hint.
# The moves since the person's last turn show until the first key; B on the
# hand shows them again.
from micropython import const
from intents import step
from engine.movegen import capped_moves
from engine.ai import choose_move
from words import card_name, move_name, why, recap
import session

_A = const(5)  # intents.A
_B = const(6)  # intents.B
_SELECT = const(8)  # intents.SELECT
_NORMAL = const(0)  # gfx.NORMAL
_LIT = const(1)  # gfx.LIT
_GREY = const(2)  # gfx.GREY
_CARD = const(0)  # a move's card (engine.movegen)
_ALL_TIPS = const(127)  # tips._ALL_TIPS (every tip seen)

HAND = const(0)  # choosing a card
MOVES = const(1)  # stepping through that card's moves


class Chooser:
    def __init__(self, play):
        self.play = play
        self.cur = 0
        self.card = play.app.rows.get("play", -1)  # the card the cursor was on (start())
        self.k = 0
        self.mode = HAND
        self.extra = []  # the coach's and a tip's lines under the recap, this turn
        self.tipping = False  # a first-game tip is still to come this turn (tip())

    def start(self, s, seat):
        self.moves_of(s, seat)
        hand = s.hands[seat]
        if self.card in hand:  # a table made again (Continue): where it was
            self.cur = hand.index(self.card)
        self.card = -1
        if self.cur >= len(hand) or not self.by_card[self.cur]:
            self.cur = 0
            while not self.by_card[self.cur]:
                self.cur += 1
        self.mode = HAND
        # what the coach said of this seat's last move; a first-game tip on the turn's
        # first step without a key (tip())
        app = self.play.app
        self.extra = app.notes.pop(seat, [])
        self.tipping = app.coaching and app.settings.tips != _ALL_TIPS
        self.paint()
        self.recap(True)

    def tip(self):
        # a first-game tip under the recap, on the turn's first step without a key: its
        # code loads after the turn shows, not in the person's wait for it (no tip this
        # turn once a key came first)
        self.tipping = False
        t = session.teach("tips", "shown", self.s, self.moves, self.play.app.settings)
        if t:
            self.extra = self.extra + t
            self.recap(True)

    def recap(self, on):
        # the moves since this seat's last turn over the table's foot (with the
        # coach's lines and a tip, on this turn's first showing), or not
        self.play.hud.recap(recap(self.play.log, self.seat) + self.extra if on else ())

    def moves_of(self, s, seat):
        # the seat's legal moves, and each hand card's (in stepping order)
        self.s = s
        self.seat = seat
        self.moves = moves = capped_moves(s)
        self.by_card = []
        for c in s.hands[seat]:
            # the card's moves as the person steps through them: captures
            # first, the biggest first, then builds, raises, trail (the
            # engine's list, reordered; a key of kind, items and index:
            # MicroPython's sort is not stable)
            ks = []
            for k in range(len(moves)):
                card, kind, _, loose, builds = moves[k]
                if card == c:
                    taken = 0  # the table items it takes or builds on
                    x = loose | builds << 16
                    while x:
                        taken += x & 1
                        x >>= 1
                    ks.append((kind * 64 + 63 - taken) << 16 | k)
            ks.sort()
            for i in range(len(ks)):
                ks[i] &= 0xFFFF
            self.by_card.append(ks)

    def paint(self):
        # Repaint the choice: the hand cursor, the move's table items, the status.
        s = self.s
        play = self.play
        hand = s.hands[self.seat]
        ks = self.by_card[self.cur]
        modes = []  # the cursor's card lit, those without a move grey
        for i in range(len(hand)):
            modes.append(_LIT if i == self.cur else (_NORMAL if self.by_card[i] else _GREY))
        play.hand.show(hand, modes)
        play.app.rows["play"] = hand[self.cur]  # kept for a table made again
        if self.mode == MOVES:
            m = self.moves[ks[self.k]]
            _, _, _, loose, builds = m
            play.table.mark(loose, builds)
            text = move_name(m)
            if len(ks) > 1:
                text += " (%d/%d)" % (self.k + 1, len(ks))
            text += " A=play"
        else:
            play.table.mark(0, 0)
            n = len(ks)
            text = card_name(hand[self.cur]) + (
                ": no legal move  A=why"
                if not n
                else ": %d move%s  A=pick" % (n, "s" if n > 1 else "")
            )
        play.hud.say(text)

    def reason(self, hint):
        # the hint's reason over the table's foot (a method of its own: update's frame
        # is on the hint's search's stack, the deepest, tools/box/pystack.py)
        try:
            self.play.hud.recap(session.teach("teach", "reason", self.s, hint, self.moves))
        except MemoryError:
            pass

    def update(self, intent):
        # Returns the move to play once the person confirms one, else None.
        if not intent:
            return None
        self.tipping = False
        shown = self.play.hud.box is not None
        if shown:  # the recap goes at the first key
            self.recap(False)
        if intent == _SELECT:
            # the hard player's move (within the board's clock budget); its seed
            # comes with the saved game, so a restart hints alike
            try:
                hint = choose_move(
                    self.s,
                    "hard",
                    self.play.app.save.ai_seed ^ len(self.s.deck),
                    self.play.budget(),
                )
            except Exception:
                hint = None
            if hint not in self.moves:
                hint = self.moves[0]
            self.cur = self.s.hands[self.seat].index(hint[_CARD])
            self.k = self.by_card[self.cur].index(self.moves.index(hint))
            self.mode = MOVES
            self.paint()
            # "hint: K♦ trail" (the table shows what it takes), and why, in words
            # from the engine's numbers over the table's foot until the next key
            self.play.hud.say("hint: %s %s" % (card_name(hint[_CARD]), move_name(hint)))
            self.reason(hint)
            return None
        d = step(intent)  # left or up one back, right or down one on
        if self.mode == HAND:
            if d:
                self.cur = (self.cur + d) % len(self.by_card)
            elif intent == _A and self.by_card[self.cur]:
                self.mode = MOVES
                self.k = 0
            elif intent == _A:  # a grey card: say why it cannot be played
                self.play.hud.say(why(self.s, self.s.hands[self.seat][self.cur]))
                return None
            elif intent == _B and not shown:  # the recap again, over the card's own line
                self.paint()
                self.recap(True)
                return None
            else:
                return None
        else:
            ks = self.by_card[self.cur]
            if d:
                self.k = (self.k + d) % len(ks)
            elif intent == _B:
                self.mode = HAND
            elif intent == _A:
                return self.moves[ks[self.k]]
            else:
                return None
        self.paint()
        return None
