# The game screen: whose turn it is, computer turns shown step by step (the
# card and what it takes or builds on, then the result; at fast and instant
# speed only the result), deals, the round's end.
# Pass and play: a hand is shown only to its seat, after the pass screen when
# the person holding the board changes. START pauses: the pause menu shows over
# the table (screen_pause, compiled with it).
import gc
from micropython import const
from engine.play import play
from engine.ai import choose_move
from engine.ai_medium import gaps
from engine.movegen import capped_moves
from words import card_name, move_name, told
from engine.settings import HUMAN
from play_view import View
import session

_EV_SWEEP = const(8)  # engine.play.EV_SWEEP
_EV_DEAL = const(16)  # engine.play.EV_DEAL
_EV_LAST = const(32)  # engine.play.EV_LAST
_EV_ROUND_OVER = const(64)  # engine.play.EV_ROUND_OVER
_CHOOSE = const(0)  # play_view.CHOOSE
_WAIT = const(2)  # play_view.WAIT
_CARD = const(0)  # a move's card (engine.movegen)
_FAST = const(2)  # engine.settings.FAST
_MOVE = const(0)  # play_view.MOVE: a computer's move on show


class Screen(View):
    def enter(self):
        app = self.app
        if app.game is not None:
            session.seat(app)  # the game's seats, whatever the setup says now
        if self.paused and app.prev == "pause" and app.game is self.s:
            self.paused = False  # back from the pause menu as it was
            self.due += app.now
            if self.fresh:
                self.redraw()
            elif self.mode == _CHOOSE and self.pick.moves is None:
                # the person's choice, not drawn under the menu (screens.switch)
                self.pick.moves_of(self.s, self.pick.seat)
                self.pick.paint()
            return
        self.paused = False
        self.thinking = self.early = False
        self.ahead = None
        st = app.settings
        if app.game is None:
            session.new_game(app)  # written at once
        if app.game is not self.s:
            # the coach and the tips (lib/coach.py): whether they speak this game (by the
            # setting and the games played), the person's move still to look at, each
            # seat's lines for its next turn, the round's tally (flagged moves, centipoints)
            app.coaching = session.profile("coaching", app.settings, app.save.stats)
            app.coach_job = app.coach_pre = None
            app.notes = {}
            app.tally = [0, 0]
            self.holder = -1
            self.viewer = 0  # a seat of this game (the last one's may not be)
            self.say("")  # nothing of the last game's status line
            # the recap: the last moves (words.told), n-1 at most, saved with the game
            self.log = app.save.recap
        self.humans = st.humans()
        self.names = ("P1", "P2", "P3", "P4")  # the seats' names, the person's too
        self.s = app.game
        self.due = 0
        if self.s.round_over():
            # written between the round's last move and its scores (the pause
            # menu saves the game as it is): the round ends now, counted once
            self.mode = _WAIT
            self.draw()
            self.round_ends()
            return
        if st.kinds[self.s.turn] == HUMAN:
            self.begin()
            return
        # A computer moves first: the table shows now, with its notice; its
        # search runs on the next step (from the app's loop, not inside the
        # screen switch: fewer frames on the board's pystack, tools/pystack.py).
        self.mode = _WAIT
        self.draw()
        self.wait(0, self.begin)
        self.expect()

    def begin(self):
        # Whose turn: the person chooses, a computer shows its move first.
        s = self.s
        seat = s.turn
        st = self.app.settings
        self.app.fx.turn(seat)
        if st.kinds[seat] == HUMAN:
            if self.humans > 1 and self.holder != seat:
                self.holder = seat  # the board goes to this person first
                self.app.passing = seat
                self.app.show("pass")
                return
            self.viewer = seat
            self.keyed = self.app.now
            self.app.coach_pre = None  # the coach's look ahead at this turn: not yet
            self.mode = _CHOOSE
            self.draw()
            self.pick.start(s, seat)
            return
        move = self.ahead
        if move is None:  # not searched yet: the notice, then the search
            self.wait(0, self.begin)
            self.expect()
            return
        self.ahead = None
        if st.speed >= _FAST:  # one show: the move is played at once, its result shows
            self.pending = move
            self.apply()
            return
        self.show(move)
        self.wait(self.pace(_MOVE), self.apply)
        self.early = True  # played on the next step, while it shows (play_move)

    def commit(self, move):
        # A person's move, on their key: shown as a computer's is, and played on the
        # next step (apply), where hard's observe of it, the play, the autosave and
        # the drawing of its result keep nobody waiting for their key. A pause or a
        # save before that step finds the game as it was before the move.
        self.pick.moves = self.pick.by_card = None  # the person's lists: not kept
        self.pick.extra = []  # (and this turn's coach and tip lines)
        if self.app.coaching:
            # the coach looks at it on the next step, before it is played (lib/coach.py)
            self.app.coach_job = (self.s.turn, move)
        self.show(move)
        self.wait(0, self.apply)

    def show(self, move):
        # A move on show before it is played: its card on the table, what it takes
        # or builds on marked, its words.
        self.pending = move
        self.mode = _WAIT
        card, _, _, loose, builds = move
        self.draw(card)
        self.mark(loose, builds)
        self.say("%s %s %s" % (self.names[self.s.turn], card_name(card), move_name(move)))

    def look(self, pre):
        # The coach's look ahead while the person thinks (lib/coach.py says what for; here,
        # not in its module, so that no module loads beside the search): hard's choice, the
        # coach's seed, a key stopping it (then nothing is kept and a later idle step looks
        # again); on the next such step, how far medium scores each legal move under it
        # (engine.ai_medium.gaps). app.coach_pre: [hard's choice, the gaps (capped_moves'
        # order; None: not yet; 0: the move's own after the key; (): nothing to say)].
        app = self.app
        gc.collect()
        if app.platform.waiting():
            return
        if pre is None:
            try:
                pre = choose_move(self.s, "hard", session.coach_seed(app), app.platform.waiting)
            except MemoryError:
                pre = None
            gc.collect()
            if not app.platform.waiting():
                app.coach_pre = [pre, None if pre else ()]
            return
        moves = capped_moves(self.s)  # (medium's scores for hundreds: the move's own after)
        try:
            pre[1] = gaps(self.s, moves, pre[0]) if len(moves) <= 40 else 0
        except MemoryError:
            pre[1] = 0

    def expect(self):
        # A computer plays next: its search runs on the next step, while what is
        # on show now stays (its wait shortens by the search's time), and the
        # seat's bar says it is thinking, drawn before the search starts.
        if self.app.settings.kinds[self.s.turn] != HUMAN:
            self.thinking = True
            self.notice()

    def think(self):
        # The search expect() asked for: the same state and seed as at the move,
        # in a clean heap (the garbage of the drawing just made goes first).
        self.thinking = False
        s = self.s
        gc.collect()
        self.ahead = choose_move(
            s, self.app.settings.levels[s.turn], self.app.save.next_seed(), self.budget()
        )
        if self.app.settings.speed < _FAST:
            gc.collect()  # the search's garbage goes before the move on show is made
        # (at fast and instant nothing shows before play_move, whose collect comes first)

    def play_move(self):
        # The move on show is played in the game: hard's observe of it, the play, the
        # recap, the autosave; then the next computer's search is asked for. A computer's
        # is played on the step after its move shows, so that work and the next search
        # run while it is on show; its result is drawn when the show is over (apply).
        # A redraw from here shows the result.
        self.early = False
        move = self.pending
        s = self.s
        t = told(s, move)  # for the recap (before play: whose build it uses)
        self.pick.moves = self.pick.by_card = None  # the person's lists: not kept
        if "hard" in self.app.settings.levels:
            # what the play says of the seat's hand, for hard (imported here:
            # a name bound at the top kept a second copy of the AI modules),
            # its lists made in a clean heap
            gc.collect()
            __import__("engine.ai_hard").ai_hard.observe(s, move)
        gc.collect()  # the move's new lists go low in a clean heap: less fragmentation
        self.mover = s.turn
        ev = self.ev = play(s, move)
        self.log = self.app.save.recap = (self.log + [t + (ev & _EV_SWEEP,)])[1 - s.n :]
        session.moved(self.app, ev)  # autosave
        self.pending = None
        self.done = move
        self.played = -1
        self.marks = (0, 0)
        if not ev & _EV_ROUND_OVER:
            self.expect()

    def apply(self):
        # A move's show is over (a person's at once): it is played if it was not yet,
        # and its result shows.
        if self.pending is not None:
            self.play_move()
        move = self.done
        seat = self.mover
        ev = self.ev
        st = self.app.settings
        self.app.fx.event(ev)
        self.mode = _WAIT
        self.draw()
        self.mark(0, 0)
        msg = "%s %s %s" % (self.names[seat], card_name(move[_CARD]), move_name(move))
        if ev & _EV_SWEEP:
            msg += "  SWEEP!"
        self.say(msg)  # a person's move as long as a computer's
        # a computer's result before a person's turn: that turn's table shows it at once
        quiet = st.kinds[seat] != HUMAN and st.kinds[self.s.turn] == HUMAN
        self.wait(0 if quiet and not ev & (_EV_DEAL | _EV_ROUND_OVER) else self.pace(), self.events)

    def events(self):
        ev = self.ev
        self.ev = 0
        if ev & _EV_ROUND_OVER:
            self.round_ends()
        elif ev & _EV_DEAL:
            self.say("LAST hand dealt" if ev & _EV_LAST else "New hand dealt")
            self.draw()
            self.wait(self.pace(_MOVE) or self.pace(), self.begin)
        else:
            self.begin()

    def round_ends(self):
        # "Round over" for a moment, then the round's count and scores
        self.say("Round over")
        self.wait(self.pace(_MOVE) or self.pace(), self.round_over)

    def round_over(self):
        import round_end

        self.holder = -1
        self.log = self.app.save.recap = []  # the next round's recap starts empty
        round_end.over(self.app, self.s)
