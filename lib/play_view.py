# What the play screen draws: the felt, the table, the hand, the HUD, and the
# timed wait between steps.
import displayio
from micropython import const
import gfx
from table_view import Table
from hand_view import Hand
from hud_view import Hud
from chooser import Chooser

_A = const(5)  # intents.A
_START = const(7)  # intents.START
_FAST = const(2)  # engine.settings.FAST
_NORMAL = const(0)  # gfx.NORMAL

CHOOSE = const(0)  # the person is choosing (self.pick; a chosen move goes to commit())
WAIT = const(2)  # something is on show until self.due, then self.then()
_QUIET = const(400)  # ms of no key in a person's turn before the coach looks ahead
_SEARCH_MS = const(2000)  # how long a search (a computer's or the hint's) may take
# ms a show lasts, by the computers' speed (engine.settings.SPEEDS): a computer's
# move on show (its card, what it takes), then a result (of anyone's move) or a
# message. At fast and instant a computer's move does not show (it is played at
# once: its result is its one show), and there any key ends a show (A at every
# speed). A computer's result before a person's turn does not wait: that turn's
# table shows it, with the recap. A show lasts longer when the work under it
# does: a computer's move is played, and the next computer's search runs, while
# its move shows (screen_play.play_move); the first search after a person's move
# runs while that move's result shows.
SHOWS = (1200, 1200, 500, 200, 0, 600, 0, 0)  # (move, result) by speed
MOVE = const(0)
RESULT = const(1)


class View:
    def __init__(self, app):
        self.app = app
        self.pick = Chooser(self)
        self.holder = -1  # the seat of the person holding the board, -1: nobody yet
        self.paused = False
        self.mode = WAIT
        self.s = None
        self.viewer = 0
        self.humans = 1
        self.names = ()
        self.played = -1  # what is on show, to draw it again after a rebuild:
        self.marks = (0, 0)  # the card being played, the items marked,
        self.said = ""  # the status line
        self.early = False  # a computer's move on show is due to be played (play_move())
        self.thinking = False  # a computer's search is due on the next step (think())
        self.ahead = None  # the move it chose, until begin() shows it
        self.keyed = 0  # when the person's turn began or they last pressed a key
        self.build()

    def build(self):
        # The drawing: built with the screen, let go while another screen shows
        # over the game (release), built again when it comes back (fresh).
        g = self.group = displayio.Group()
        tg = displayio.Group()
        g.append(tg)
        self.table = Table(tg)
        self.hand = Hand(g)
        self.hud = Hud(g)  # (the felt and bars under it all)
        self.fresh = True

    def release(self):
        # The drawing goes from the screen and the heap (built again when the table
        # comes back); the game's flow stays.
        g = self.group
        self.app.root.remove(g)
        gfx.drop(g)
        self.group = self.table = self.hand = self.hud = None
        self.pick.moves = self.pick.by_card = None  # made again by redraw

    def redraw(self, under=False):
        # Everything on show again, on a fresh build (under: under the pause menu, whose
        # screen hides it all: the person's choice is drawn when the menu closes,
        # screen_play.enter)
        self.fresh = False
        self.draw(self.played)
        self.table.mark(self.marks[0], self.marks[1])
        self.hud.say(self.said)
        if self.mode == CHOOSE and not under:
            self.pick.moves_of(self.s, self.pick.seat)
            self.pick.paint()

    def draw(self, played=-1):
        s = self.s
        self.fresh = False
        self.played = played
        ov = self.app.overlay  # the memory line: a row of the table's kept free
        self.table.most = 3 - (ov is not None and ov.mem)
        self.table.show(s, played)
        self.hud.show(s, self.viewer, self.names)
        if self.thinking or self.ahead is not None:
            self.notice()  # (a computer's search, or its move, is due)
        if self.mode == CHOOSE:
            return
        hand = s.hands[self.viewer]
        if played in hand:  # a person's move on show: its card is on the table
            hand = [c for c in hand if c != played]
        if self.humans == 1:
            self.hand.show(hand, (_NORMAL, _NORMAL, _NORMAL, _NORMAL))
        else:  # several people: face down between turns
            self.hand.backs(len(hand))

    def mark(self, loose_mask, build_mask):
        self.marks = (loose_mask, build_mask)
        self.table.mark(loose_mask, build_mask)

    def say(self, text):
        self.said = text
        self.hud.say(text)

    def notice(self):
        # "P3 thinks" on the name bar of the computer to play, until its move shows
        seat = self.s.turn
        self.hud.think(seat, self.names[seat])

    def budget(self):
        # The board's clock budget for a search: a search that runs long answers
        # with its best move so far (None on the host: games stay deterministic).
        watch = getattr(self.app.platform, "stopwatch", None)
        return watch and watch(_SEARCH_MS)

    def pace(self, show=RESULT):
        # a show's ms (MOVE or RESULT): the speed's, or the app's own where it sets one
        app = self.app
        return SHOWS[app.settings.speed * 2 + show] if app.pace is None else app.pace

    def wait(self, ms, then):
        self.mode = WAIT
        self.due = self.app.now + ms
        self.then = then

    def update(self, intent, now):
        # START pauses; a computer's move on show is played (play_move()), a search
        # asked for runs (think()), each on a step of its own; A skips a wait
        # (any key at fast and instant); else the chooser
        if intent == _START:  # the pause menu
            self.paused = True
            self.due -= now
            self.app.show("pause")
            return
        if self.mode == WAIT:
            if self.early:  # as with a search: its wait goes on
                self.play_move()
                return
            if self.thinking:  # the wait goes on from the next step, on the clock after it
                self.think()
                return
            if self.app.coach_job is not None:
                # the coach's look at the person's move, on the step after their key, while
                # it shows and before it is played (on the game itself: no copy of it in
                # the heap beside a search), as with a search
                __import__("coach").run(self.app)
                return
            if now - self.due >= 0 or intent == _A or intent and self.app.settings.speed >= _FAST:
                self.then()
            return
        pick = self.pick
        if not intent and now - self.keyed >= _QUIET and self.app.coaching and not pick.tipping:
            pre = self.app.coach_pre
            if (pre is None or pre[1] is None) and not self.app.fx.tune:
                # the person thinks: the coach's look at this position, ahead of their
                # move (screen_play.look); the person's lists let go for it (a search's
                # is the heap's peak), made again on the next step
                pick.moves = pick.by_card = None
                self.look(pre)
                return
        if pick.moves is None:
            pick.moves_of(pick.s, pick.seat)
        move = pick.update(intent)
        if move is not None:
            self.commit(move)
        elif intent:
            self.keyed = now
        elif pick.tipping:
            pick.tip()
